"""The scorekeeper at the console: one line in, one answer out, every entry undoable.

The state is never edited in place: it is the replay of the entries so far,
so undo drops the last entry and redo puts it back, and a saved sheet is just
its entries. What is specific to tracking or to the tally lives in its mode
(``keeping/modes.py``); the questions an entry may need first in
``keeping/steps.py``; the files in ``keeping/export.py``. Every entry, undo
and redo is saved before its answer is said (write-ahead).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from ..boundary import Screened
from ..commands.definitions import Place, definitions
from ..commands.keep_parser import (
    KeepCommand,
    KeepKind,
    KeepLexicon,
    KeepParseError,
    parse_keep,
)
from ..commands.lexicon import CommandKind, Lexicon
from ..core.actions import Pass
from ..core.events import CountersDiscarded, Drew, Event, HandDealt, HandEnded, MatchWon
from ..core.table import Entry, NewHand, Reveal, Table
from ..core.tally import Call, Tally
from ..core.told import with_counters
from ..i18n import I18n
from ..keeping.export import record_csv, record_text, write_export
from ..keeping.modes import Mode, mode_of
from ..keeping.sheet import SHEET, SHEET_FILE, SheetFile
from ..keeping.steps import Ask, Enter, Question, Step
from ..output.announcer import Announcer
from ..present import notices
from ..present.feedback import Feedback
from ..present.keep_text import KeepText
from ..present.legend import KeepLegend
from ..present.message import Message, Prompt, Verbosity
from ..present.narrator import Narrator
from ..present.refusals import Refusals, input_refused
from ..present.replies import Replies
from ..present.rules_text import rules_sentences
from ..present.words import Words
from ..session.paths import said_folder
from .session import Session, pause_after_save
from .talking import Talking

KEEP_FILE = SHEET_FILE


#: something an entry told, as how to say it: said again in the words of the moment
Told = Callable[[], "Message | None"]


@dataclass
class Done:
    """An entry with its events, what it announced, and which of that is the record (not guidance).

    What it announced is kept as how to say it, so ``history``, ``undo`` and the exports speak the
    language and verbosity of the moment, as the game's history does."""

    entry: Entry | Call
    events: list[Event] = field(default_factory=list)
    said: list[Told] = field(default_factory=list)
    record: list[Told] = field(default_factory=list)
    hand: int = 1

    def messages(self, told: list[Told]) -> list[Message]:
        return [message for message in (say() for say in told) if message is not None]


class Keeper(Talking):
    """Keeps the score of one physical table."""

    session: Session

    def __init__(
        self,
        core: Table | Tally,
        names: list[str],
        *,
        language: str,
        verbosity: Verbosity,
        announcer: Announcer,
        session: Session,
        sheet: SheetFile | None = None,
    ) -> None:
        self.mode: Mode = mode_of(core)
        self.names = names
        self.announcer = announcer
        self.session = session
        storage = session.storage
        #: the journal the sheet is kept in (a new one unless a saved sheet goes on; None: nothing kept)
        self.sheet = sheet if sheet is not None or storage is None else SheetFile(storage, names)
        self.verbosity = verbosity
        self.done: list[Done] = []
        self.undone: list[Done] = []
        self.question: Question | None = None
        self.set_language(language)
        self.done = self._told(list(core.entries))

    # --------------------------------------------------------------- language

    def set_language(self, language: str) -> None:
        self.i18n = I18n(language)
        self.words = Words(self.i18n, self.core.rules, self.names, None)
        self.narrator = Narrator(self.words, self.verbosity)
        self.text = KeepText(self.narrator)
        self.replies = Replies(self.narrator)
        self.feedback = Feedback(self.narrator)
        self.lexicon = KeepLexicon(self.i18n, self.names, self.core.rules.tiles.highest, self.core.rules.arms)
        self.announcer.language = language
        self.announcer.terse = self.verbosity is Verbosity.TERSE

    @property
    def command_words(self) -> Lexicon:
        return self.lexicon.game

    @property
    def core(self) -> Table | Tally:
        return self.mode.core

    @property
    def tracking(self) -> bool:
        return isinstance(self.core, Table)

    @property
    def is_over(self) -> bool:
        return self.core.is_over

    def _told(self, entries: list[Entry | Call]) -> list[Done]:
        """What each entry announced, rebuilt by replaying them (a resumed sheet's history and undo)."""
        scratch = self.mode.replayed()
        done = []
        for entry in entries:
            hand = scratch.core.hand_number
            events = scratch.apply(entry)
            done.append(self._done(entry, events, self._hand_of(entry, hand)))
        return done

    def _hand_of(self, entry: Entry | Call, before: int) -> int:
        """The hand an entry belongs to: a deal begins the next one; anything else, even a hand's last
        call, belongs to the hand it was made in."""
        return before + 1 if isinstance(entry, NewHand) else before

    # -------------------------------------------------------------- the loop

    def say(self, message: Message) -> None:
        self.announcer.announce(message)

    def repeat(self) -> None:
        """The last announcement again (the F2 key)."""
        last = self.announcer.last
        if last is None:
            self.say(self.text.history([]))
            return
        self.say(Message(last.text, last.speech, last.braille, urgent=True))

    def candidates(self) -> list[str]:
        """Tab completion: the players' names and the command words."""
        words = list(self.names)
        for definition in definitions(Place.KEEP):  # the command table's, in its order
            words.extend(self.lexicon.game.words_for(definition.kind)[:1])
        return words

    def start(self, resumed: bool = False) -> None:
        """The first words: who opens (a new sheet), where the sheet stands (a resumed one)."""
        if not self.done and isinstance(self.core, Table):
            self._take(self.mode.next_hand(self.text))
        elif not self.done:
            self.say(self.text.hand_started())
        elif resumed:
            self.say(self.mode.status(self.text))

    def leave(self) -> None:
        """The keeper leaves: a finished sheet is closed, an open one kept; said so."""
        if self.sheet is not None:
            self.sheet.close()  # the file is free (Windows moves or removes no file held open)
        if self.is_over and self.session.storage is not None:
            self.session.storage.remove(SHEET_FILE)
        storage = self.session.storage
        saved = storage is not None and storage.saves
        self.say(self.text.closed() if self.is_over else self.text.goodbye(saved))

    def prompt(self) -> Prompt:
        if self.question is not None:
            return self.question.prompt(self.text)
        return self.mode.prompt(self.text)

    def save(self) -> None:
        """Write the sheet (before the entry's answer is told: write-ahead); a failure is told once."""
        if self.sheet is None:
            return
        if self.sheet.sync(self.core):
            pause_after_save(SHEET)
        for told in self.sheet.storage.take_notices():
            self.say(notices.storage_notice(self.i18n, told))

    # ------------------------------------------------------------- entering

    def _done(self, entry: Entry | Call, events: list[Event], hand: int) -> Done:
        """An entry's announcements: the record (events) and the guidance around it."""
        done = Done(entry, events, hand=hand)
        draws: list[Drew] = []

        def tell(message: Told, record: bool = True) -> None:
            done.said.append(message)
            if record:
                done.record.append(message)

        for event, counters in with_counters(events):
            if isinstance(event, Drew):
                draws.append(event)
                continue
            if draws:
                tell(partial(self._narrate_draws, tuple(draws)))
                draws = []
            if isinstance(event, HandDealt):  # the record notes the hand; the keeper hears who opens
                done.record.append(partial(self._text_of, "hand_begins", event.hand))
                tell(partial(self._text_of, "hand_started"), record=False)
                continue
            tell(partial(self._narrate, event, counters))
            if isinstance(event, HandEnded):
                tell(partial(self._text_of, "next_opener"), record=False)
        if draws:
            tell(partial(self._narrate_draws, tuple(draws)))
        if not events and isinstance(entry, Reveal):  # one side's holding: confirmed, the block not settled
            holding = entry.holding
            tell(partial(self._text_of, "holding_noted", entry.side, holding.doubles, holding.pips))
        return done

    # what an entry told, said in the words of the moment (``self.narrator`` follows ``language``)

    def _narrate(self, event: Event, counters: CountersDiscarded | None = None) -> Message | None:
        if counters is not None:
            return self.narrator.narrate_with_counters(event, counters)
        return self.narrator.narrate(event)

    def _narrate_draws(self, draws: tuple[Drew, ...]) -> Message | None:
        return self.narrator.narrate_draws(list(draws))

    def _text_of(self, name: str, *values: object) -> Message | None:
        said: Message | None = getattr(self.text, name)(*values)
        return said

    def _take(self, step: Step) -> None:
        if isinstance(step, Enter):
            self._enter(step.entry)
        elif isinstance(step, Ask):
            self.question = step.question
            self.say(step.question.message(self.text))
        else:
            self.say(step.message)

    def _enter(self, entry: Entry | Call) -> bool:
        """Apply an entry; save; then announce its events (or why it cannot be). True if applied."""
        reason = self.mode.check(entry)
        if reason is not None:
            self.say(self.mode.refused(reason, entry, self.text))
            return False
        hand = self.core.hand_number
        events = self.mode.apply(entry)
        done = self._done(entry, events, self._hand_of(entry, hand))
        self.done.append(done)
        self.undone.clear()
        self.save()
        for number, message in enumerate(done.messages(done.said)):
            self.say(message.as_urgent() if number == 0 else message)  # the answer to the entry
        if isinstance(entry, Pass) and isinstance(self.core, Table) and self.mode.revealing:
            self.say(self.text.reveal_needed(self.core))  # the last pass blocked the hand
        return True

    def handle(self, line: str) -> None:
        """Answer one line, exactly once."""
        if self.question is not None:
            self._answer(self.question, line)
            return
        try:
            command = parse_keep(line, self.lexicon, reveal=self.mode.revealing)
        except KeepParseError as error:
            self.say(self.refusal(error))
            return
        self._do(command)

    def _do(self, command: KeepCommand) -> None:
        if command.kind is KeepKind.COMMAND and command.command is not None:
            self.run_command(command.command, command)
        else:
            self._take(self.mode.step(command, self.text))

    def _answer(self, question: Question, line: str) -> None:
        """A line while a question is open: its answer, a review, undo, the next entry — or asked again."""
        step = question.answer(line, self.lexicon, self.text)
        if step is not None:
            self.question = None
            self._take(step)
            return
        try:
            command: KeepCommand | None = parse_keep(line, self.lexicon, reveal=self.mode.revealing)
        except KeepParseError:
            command = None
        asked = command.command if command is not None and command.kind is KeepKind.COMMAND else None
        if asked is CommandKind.UNDO:
            self.question = None
            self.say(question.dropped(self.text))
            return
        if command is not None and asked is not None and asked is not CommandKind.EMPTY:
            self.run_command(asked, command)  # answered; the question stays
            return
        confirmed = question.taken_as_yes(command) if command is not None else None
        if confirmed is not None and command is not None:
            self.question = None
            if self._enter(confirmed):
                self._do(command)
            return
        self.say(question.reminder(self.text))

    def refusal(self, error: KeepParseError) -> Message:
        """Why a line is not an entry, and what is possible."""
        return Refusals(self.narrator).entry(error)

    def refuse_input(self, screened: Screened) -> None:
        """A line the input boundary stopped: say so; nothing else happens."""
        help_word = self.lexicon.game.main_word(CommandKind.HELP)
        self.say(input_refused(self.i18n, screened, help_word))

    # ------------------------------------------------------------ corrections

    def on_undo(self, command: KeepCommand) -> None:
        first_deal = len(self.done) == 1 and isinstance(self.done[0].entry, NewHand)
        if not self.done or first_deal:  # the first deal is where the record starts
            self.say(self.text.nothing_to_undo())
            return
        last = self.done.pop()
        self.undone.append(last)
        self.mode.replay([d.entry for d in self.done])
        self.save()
        change = self.text.taken_back(last.events, self.core)
        table = self.core if isinstance(self.core, Table) else None
        moved = self.text.undone_move(last.events, table, change) if table is not None else None
        if moved is not None:
            self.say(moved)
            return
        said = last.messages(last.said)
        if change and table is None:  # a tally call: what was taken back names it, with the score now
            said = []
        self.say(self.text.undone(said[0] if said else None, change))

    def on_redo(self, command: KeepCommand) -> None:
        if not self.undone:
            self.say(self.text.nothing_to_redo())
            return
        again = self.undone.pop()
        hand = self.core.hand_number
        events = self.mode.apply(again.entry)
        done = self._done(again.entry, events, self._hand_of(again.entry, hand))
        self.done.append(done)
        self.save()
        told_score = any(isinstance(event, HandEnded | MatchWon) for event in events)  # said it already
        # the score after it when it changed the score, as undo says it (and not when it did not)
        with_score = bool(self.text.awards(events)) and not told_score
        self.say(self.text.redone(done.messages(done.record), self.core, with_score=with_score))

    # ----------------------------------------------------------------- export

    def on_export(self, command: KeepCommand) -> None:
        """The record as text and CSV, only inside the export folder, never over an earlier file."""
        folder = self.session.export_dir
        if folder is None:
            self.say(self.text.export_failed(notices.no_folder(self.i18n)))
            return
        name = command.argument.strip() or f"bergen-{time.strftime('%Y%m%d-%H%M%S')}"
        if not export_name_ok(name):
            word = self.lexicon.game.main_word(CommandKind.EXPORT)
            self.say(notices.export_refused(self.i18n, name, said_folder(folder), word))
            return
        base = name.removesuffix(".txt").removesuffix(".csv")
        core = self.core
        records = [m for d in self.done for m in d.messages(d.record)]
        text = record_text(self.narrator, records, core.scores, core.starting_scores, core.target)
        table = record_csv(self.narrator, [e for d in self.done for e in d.events], core.target)
        try:
            text_path, _csv_path = write_export(folder, base, text, table)
        except OSError as error:
            self.say(self.text.export_failed(error.strerror or str(error)))
            return
        said = said_folder(text_path.parent)
        self.say(self.text.exported(text_path.stem, said, renamed=text_path.stem != base))

    # --------------------------------------------------------------- commands

    def on_history(self, command: KeepCommand) -> None:
        """This hand's record; ``history N`` the last N announcements; ``history all`` the match."""
        records = [(d.hand, m) for d in self.done for m in d.messages(d.record)]
        if command.argument == "all":
            chosen = [m for _, m in records]
        elif command.number is not None:
            chosen = [m for _, m in records[-command.number :]]
        else:
            hand = self.core.hand_number
            chosen = [m for h, m in records if h == hand]
        self.say(self.text.history(chosen))

    # the command table's commands, each by its handler's name (``on_`` and the command)

    def on_empty(self, command: KeepCommand) -> None:
        self._take(self.mode.next_hand(self.text))

    on_next = on_empty

    def on_score(self, command: KeepCommand) -> None:
        self.say(self.text.score(self.core))

    def on_ends(self, command: KeepCommand) -> None:
        core = self.core
        self.say(self.replies.ends(core) if isinstance(core, Table) else self.text.tally_only())

    def on_line(self, command: KeepCommand) -> None:
        core = self.core
        self.say(self.replies.line(core) if isinstance(core, Table) else self.text.tally_only())

    def on_count(self, command: KeepCommand) -> None:
        core = self.core
        self.say(self.replies.counts(core) if isinstance(core, Table) else self.text.tally_only())

    def on_turn(self, command: KeepCommand) -> None:
        core = self.core
        self.say(self.text.turn(core) if isinstance(core, Table) else self.text.tally_now(core))

    def on_hand(self, command: KeepCommand) -> None:
        """The game's reviews of a hand nobody here holds (hand, hint, seats, unseen): the turn, or in
        the tally that only scores are kept."""
        core = self.core
        self.say(self.text.turn(core) if isinstance(core, Table) else self.text.tally_only())

    on_hint = on_seats = on_unseen = on_hand

    def on_rules(self, command: KeepCommand) -> None:
        self.say(self.feedback.lines(rules_sentences(self.i18n, self.core.rules)))

    def on_help(self, command: KeepCommand) -> None:
        if command.argument and self.lexicon.game.verbosity(command.argument) == Verbosity.TERSE.value:
            self.say(self.feedback.lines(KeepLegend(self.words).lines()))  # "help terse": the codes
            return
        self.say(self.feedback.commands(self.text.help_lines(self.tracking)))


def export_name_ok(name: str) -> bool:
    """A plain file name: no folder, no way up, not hidden, not too long."""
    return (
        len(name) <= 100
        and not any(mark in name for mark in ("/", "\\", ":", "\0"))
        and not name.startswith((".", "~", "-"))
    )


__all__ = ["KEEP_FILE", "Keeper"]
