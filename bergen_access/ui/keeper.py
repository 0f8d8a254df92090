"""The scorekeeper at the console: one line in, one answer out, every entry undoable.

The state is never edited in place: it is the replay of the entries so far
(``Table.replay`` or ``Tally.replay``), so undo drops the last entry and redo
puts it back, and a saved session is just its entries.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..boundary import Screened
from ..commands.keep_parser import (
    MOST_DRAWN,
    KeepCommand,
    KeepKind,
    KeepLexicon,
    KeepParseError,
    parse_keep,
)
from ..commands.lexicon import MOST_HISTORY, CommandKind, Lexicon, fold
from ..core.actions import End, Pass, Play, Refusal
from ..core.events import (
    Drew,
    Event,
    HandBlocked,
    HandDealt,
    HandEnded,
    HeaderKind,
    HeaderScored,
    Holding,
    MatchWon,
    WentOut,
)
from ..core.keep_record import keep_record
from ..core.rules import BlockedRule
from ..core.scoring import holding_of
from ..core.table import DrawTiles, Entry, NewHand, Open, Reveal, Table, TablePhase
from ..core.tally import Call, CallBlocked, CallHeader, CallOut, Tally
from ..core.tiles import Tile, mask_of
from ..i18n import I18n
from ..output.announcer import Announcer
from ..output.speech import Speaker
from ..present import notices
from ..present.feedback import Feedback
from ..present.keep_text import KeepText
from ..present.message import Message, Verbosity
from ..present.narrator import Narrator
from ..present.replies import Replies
from ..present.rules_text import rules_sentences
from ..present.words import Words
from ..session.settings import Settings
from ..session.storage import Storage, write_new
from .game import QuitGame, pause_after_save
from .preferences import Talking
from .reader import LineReader

KEEP_FILE = "keep.json"


@dataclass
class KeepSession:
    """Where to save and export, the remembered settings, how to speak."""

    storage: Storage | None
    export_dir: Path | None
    settings: Settings
    save_settings: Callable[[], None]
    speech_mode: str
    open_speaker: Callable[[str], Speaker | None]


@dataclass
class Done:
    """An entry with what it announced (for undo, redo and the history)."""

    entry: Entry | Call
    messages: list[Message] = field(default_factory=list)
    hand: int = 1


class Keeper(Talking):
    """Keeps the score of one physical table."""

    session: KeepSession

    def __init__(
        self,
        core: Table | Tally,
        names: list[str],
        *,
        language: str,
        verbosity: Verbosity,
        announcer: Announcer,
        reader: LineReader,
        session: KeepSession,
    ) -> None:
        self.core = core
        self.names = names
        self.announcer = announcer
        self.reader = reader
        self.session = session
        self.verbosity = verbosity
        self.done: list[Done] = []
        self.undone: list[Done] = []
        self._asking: Play | None = None
        self._confirm: Open | None = None
        self.set_language(language)
        self._rebuild_done()

    # --------------------------------------------------------------- language

    def set_language(self, language: str) -> None:
        self.i18n = I18n(language)
        self.words = Words(self.i18n, self.core.rules, self.names, None)
        self.narrator = Narrator(self.words, self.verbosity)
        self.text = KeepText(self.narrator)
        self.replies = Replies(self.narrator)
        self.feedback = Feedback(self.narrator)
        self.lexicon = KeepLexicon(self.i18n, self.names)
        self.announcer.language = language
        self.announcer.terse = self.verbosity is Verbosity.TERSE
        self.announcer.speech_failure_notice = self.feedback.speech_failed

    @property
    def command_words(self) -> Lexicon:
        return self.lexicon.game

    @property
    def tracking(self) -> bool:
        return isinstance(self.core, Table)

    def _rebuild_done(self) -> None:
        """After loading a saved session: what each entry announced, for history and undo."""
        replay = self._replay([])
        self.done = []
        for entry in self.core.entries:
            events = replay.apply(entry)  # type: ignore[arg-type]
            self.done.append(Done(entry, self._narrate(events, entry), replay.hand_number))

    # -------------------------------------------------------------- the loop

    def say(self, message: Message) -> None:
        self.announcer.announce(message)

    def repeat(self) -> None:
        """The last announcement again (the F2 key)."""
        last = self.announcer.last
        if last is not None:
            self.say(Message(last.text, last.speech, last.braille, urgent=True))

    def candidates(self) -> list[str]:
        """Tab completion: the players' names and the command words."""
        words = list(self.names)
        for kind in CommandKind:
            if kind is not CommandKind.EMPTY:
                words.extend(self.lexicon.game.words_for(kind)[:1])
        return words

    def run(self) -> int:
        try:
            if isinstance(self.core, Table) and self.core.phase is TablePhase.NOT_STARTED:
                self._enter(NewHand())
            while True:
                try:
                    line = self.reader.read(self.prompt())
                except (EOFError, KeyboardInterrupt):
                    raise QuitGame from None
                self.handle(line)
        except (QuitGame, KeyboardInterrupt):
            if self.is_over and self.session.storage is not None:
                self.session.storage.remove(KEEP_FILE)
            storage = self.session.storage
            saved = storage is not None and storage.saves
            self.say(self.text.closed() if self.is_over else self.text.goodbye(saved))
            return 0

    @property
    def is_over(self) -> bool:
        return self.core.is_over

    def prompt(self) -> str:
        if self._asking is not None:
            return self.i18n.gettext("left or right> ")
        if self._confirm is not None:
            return self.i18n.gettext("yes or no> ")
        if isinstance(self.core, Table):
            return self.text.prompt_track(self.core)
        return self.text.prompt_tally(self.core.scores, self.core.target, self.core.is_over)

    def save(self) -> None:
        """Write the sheet (before the entry's answer is told: write-ahead); a failure is told once."""
        storage = self.session.storage
        if storage is None:
            return
        if storage.write(KEEP_FILE, json.dumps(keep_record(self.core, self.names), indent=1) + "\n"):
            pause_after_save(KEEP_FILE)
        for told in storage.take_notices():
            self.say(notices.storage_notice(self.i18n, told))

    # ------------------------------------------------------------- entering

    def _narrate(self, events: list[Event], entry: Entry | Call | None = None) -> list[Message]:
        """What an entry announces; a holding that does not yet settle the block is confirmed."""
        if not events and isinstance(entry, Reveal):
            return [self.text.holding_noted(entry.side, entry.holding.doubles, entry.holding.pips)]
        messages: list[Message] = []
        draws: list[Drew] = []
        for event in events:
            if isinstance(event, Drew):
                draws.append(event)
                continue
            if draws:
                messages.append(self.narrator.narrate_draws(draws))
                draws = []
            message = self.narrator.narrate(event)
            if message is not None and not isinstance(event, HandDealt):
                messages.append(message)
            elif isinstance(event, HandDealt):
                messages.append(self.text.hand_started())
            if isinstance(event, HandEnded):
                messages.append(self.text.next_opener())
        if draws:
            messages.append(self.narrator.narrate_draws(draws))
        if messages:
            first = messages[0]
            messages[0] = Message(first.text, first.speech, first.braille, urgent=True)
        return messages

    def _enter(self, entry: Entry | Call) -> bool:
        """Apply an entry; announce its events or why it cannot be. True if applied."""
        reason = self.core.check(entry)  # type: ignore[arg-type]
        if reason is not None:
            tile = getattr(entry, "tile", None)
            seat = getattr(entry, "seat", None)
            if isinstance(self.core, Table):
                self.say(self.text.refused(reason, self.core, tile, seat))
            else:
                self.say(self.text.refused(reason, Table(self.core.rules), tile, seat))
            return False
        events = self.core.apply(entry)  # type: ignore[arg-type]
        messages = self._narrate(events, entry)
        self.done.append(Done(entry, messages, self.core.hand_number))
        self.undone.clear()
        self.save()
        for message in messages:
            self.say(message)
        if (
            isinstance(self.core, Table)
            and self.core.phase is TablePhase.REVEAL
            and self.core.sides_to_reveal()
        ) and isinstance(entry, Pass):
            self.say(self.text.reveal_needed(self.core))
        return True

    def handle(self, line: str) -> None:
        """Answer one line, exactly once."""
        if self._asking is not None:
            asked, self._asking = self._asking, None
            end = self.lexicon.game.end(line.strip()) if line.strip() else None
            if end is not None:
                self._enter(Play(asked.seat, asked.tile, end))
                return
        if self._confirm is not None:
            opening, self._confirm = self._confirm, None
            answer = fold(line, self.i18n.language)
            yes = set(fold(self.i18n.pgettext("answer", "yes y"), self.i18n.language).split()) | {"yes", "y"}
            no = set(fold(self.i18n.pgettext("answer", "no n"), self.i18n.language).split()) | {"no", "n"}
            if answer in yes:
                self._enter(opening)
                return
            if answer in no:
                self.say(self.text.opener_declined())
                return
            # anything else is a new entry: the question is dropped, the line handled as typed
        try:
            command = parse_keep(line, self.lexicon)
        except KeepParseError as error:
            self.say(self.refusal(error))
            return
        handlers: dict[KeepKind, Callable[[KeepCommand], None]] = {
            KeepKind.TILE: self._tile,
            KeepKind.DRAW: self._draw,
            KeepKind.PASS: self._pass,
            KeepKind.HOLDING: self._holding,
            KeepKind.HEADER: self._call,
            KeepKind.OUT: self._call,
            KeepKind.BLOCKED: self._call,
            KeepKind.UNDO: self._undo,
            KeepKind.REDO: self._redo,
            KeepKind.EXPORT: self._export,
            KeepKind.COMMAND: self._command,
        }
        handlers[command.kind](command)

    def refusal(self, error: KeepParseError) -> Message:
        """Why a line is not an entry, and what is possible."""
        text = error.text.strip()
        if error.code == "unknown-name":
            return self.text.unknown_name(text)
        if error.code == "bad-end":
            return self.feedback.bad_end(text)
        if error.code == "extra-words":
            return notices.extra_words(self.i18n, text, error.word)
        if error.code == "one-name":
            nobody = self.lexicon.word("nobody", self.i18n)
            return notices.one_name(self.i18n, text, error.word, nobody)
        if error.code == "bad-count":
            return notices.bad_number(self.i18n, text, error.word, MOST_DRAWN)
        if error.code == "bad-history":
            return notices.bad_number(self.i18n, text, error.word, MOST_HISTORY)
        return self.text.unknown(text)

    def refuse_input(self, screened: Screened) -> None:
        """A line the input boundary stopped: say so; nothing else happens."""
        help_word = self.lexicon.game.main_word(CommandKind.HELP)
        self.say(notices.input_refused(self.i18n, screened, help_word))

    def _seat_or_turn(self, command: KeepCommand) -> int:
        assert isinstance(self.core, Table)
        return command.seat if command.seat is not None else self.core.turn

    def _tile(self, command: KeepCommand) -> None:
        if not isinstance(self.core, Table):
            self.say(self.text.tally_only())
            return
        table = self.core
        assert command.tile is not None
        if table.phase is TablePhase.REVEAL and command.seat is not None and command.end is None:
            if command.numbers:  # "Anna 1 5": one double, five pips, not the tile 1-5
                self._holding(KeepCommand(KeepKind.HOLDING, seat=command.seat, numbers=command.numbers))
            else:
                self._holding(KeepCommand(KeepKind.HOLDING, seat=command.seat, tiles=(command.tile,)))
            return
        if table.phase is TablePhase.OPENING:
            if command.seat is None:
                self.say(self.text.who_opens())
                return
            opening = Open(command.seat, command.tile)
            reason = table.check(opening)
            if reason is None and command.tile != table.expected_opener():
                self._confirm = opening
                self.say(self.text.confirm_opener(command.tile))
                return
            self._enter(opening)
            return
        seat = self._seat_or_turn(command)
        if command.end is None and table.phase is TablePhase.PLAYING and seat == table.turn:
            fits = table.ends_for(command.tile)
            if len(fits) == 2 and command.tile not in table.played and table.counts[seat]:
                self._asking = Play(seat, command.tile, End.LEFT)
                self.say(self.text.ask_end(command.tile))
                return
            self._enter(Play(seat, command.tile, fits[0] if fits else End.LEFT))
            return
        self._enter(Play(seat, command.tile, command.end or End.LEFT))

    def _draw(self, command: KeepCommand) -> None:
        if not isinstance(self.core, Table):
            self.say(self.text.tally_only())
            return
        self._enter(DrawTiles(self._seat_or_turn(command), command.count))

    def _pass(self, command: KeepCommand) -> None:
        if not isinstance(self.core, Table):
            self.say(self.text.tally_only())
            return
        self._enter(Pass(self._seat_or_turn(command)))

    def _holding(self, command: KeepCommand) -> None:
        if not isinstance(self.core, Table):
            self.say(self.text.tally_only())
            return
        table = self.core
        if table.phase is not TablePhase.REVEAL:
            self.say(self.text.refused(Refusal.WRONG_PHASE, table, None, None))
            return
        if command.seat is None:
            self.say(self.text.reveal_needed(table))
            return
        side = table.side_of(command.seat)
        held = sum(table.counts[s] for s in table.rules.seats_of(side))
        if command.tiles:
            tiles = set(command.tiles)
            if len(tiles) != len(command.tiles) or len(tiles) != held:
                self.say(self.text.wrong_count(side, held))
                return
            if tiles & table.played:
                self.say(self.text.refused(Refusal.ALREADY_PLAYED, table, min(tiles & table.played), None))
                return
            holding = holding_of([mask_of(tiles)])
        else:
            numbers = command.numbers
            if table.rules.blocked_rule is BlockedRule.AMERICAN and len(numbers) < 3:
                self.say(self.text.need_single_pips())
                return
            doubles, pips = numbers[0], numbers[1]
            holding = Holding(doubles, pips, numbers[2] if len(numbers) > 2 else pips)
        self._enter(Reveal(side, holding))

    def _call(self, command: KeepCommand) -> None:
        if not isinstance(self.core, Tally):
            self.say(self.text.track_only())
            return
        call: Call
        if command.kind is KeepKind.HEADER:
            assert command.seat is not None and command.header is not None
            call = CallHeader(command.seat, command.header)
        elif command.kind is KeepKind.OUT:
            assert command.seat is not None
            call = CallOut(command.seat)
        else:
            winner = None if command.seat is None else self.core.rules.side_of(command.seat)
            call = CallBlocked(winner)
        self._enter(call)

    # ------------------------------------------------------------ corrections

    def _undo(self, command: KeepCommand) -> None:
        first_deal = len(self.done) == 1 and isinstance(self.done[0].entry, NewHand)
        if not self.done or first_deal:  # the first deal is where the record starts
            self.say(self.text.nothing_to_undo())
            return
        last = self.done.pop()
        self.undone.append(last)
        self.core = self._replay([d.entry for d in self.done])
        self._asking = None
        self._confirm = None
        self.save()
        self.say(self.text.undone(last.messages[0] if last.messages else None))

    def _replay(self, entries: list[Entry | Call]) -> Table | Tally:
        if isinstance(self.core, Table):
            return Table.replay(self.core.rules, self.core.starting_scores, entries)  # type: ignore[arg-type]
        return Tally.replay(self.core.rules, self.core.starting_scores, entries)  # type: ignore[arg-type]

    def _redo(self, command: KeepCommand) -> None:
        if not self.undone:
            self.say(self.text.nothing_to_redo())
            return
        again = self.undone.pop()
        events = self.core.apply(again.entry)  # type: ignore[arg-type]
        messages = self._narrate(events, again.entry)
        self.done.append(Done(again.entry, messages, self.core.hand_number))
        self.save()
        self.say(self.text.redone(messages[0] if messages else None))
        for message in messages[1:]:
            self.say(message)

    # ----------------------------------------------------------------- export

    def _export(self, command: KeepCommand) -> None:
        """The record as text and CSV, only inside the export folder, never over an earlier file."""
        folder = self.session.export_dir
        if folder is None:
            self.say(self.text.export_failed(notices.no_folder(self.i18n)))
            return
        name = command.argument.strip() or f"bergen-{time.strftime('%Y%m%d-%H%M%S')}"
        if not export_name_ok(name):
            word = self.lexicon.word(KeepKind.EXPORT, self.i18n)
            self.say(notices.export_refused(self.i18n, name, str(folder), word))
            return
        base = name.removesuffix(".txt").removesuffix(".csv")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for number in range(1, 1000):
                stem = base if number == 1 else f"{base}-{number}"
                text_path, csv_path = folder / f"{stem}.txt", folder / f"{stem}.csv"
                if text_path.exists() or csv_path.exists():
                    continue
                try:
                    write_new(text_path, self._record_text())
                except FileExistsError:
                    continue
                try:
                    write_new(csv_path, self._record_csv())
                except FileExistsError:
                    text_path.unlink()
                    continue
                break
            else:
                raise FileExistsError(base)
        except OSError as error:
            self.say(self.text.export_failed(error.strerror or str(error)))
            return
        self.say(self.text.exported(str(text_path), str(csv_path), renamed=stem != base))

    def _record_text(self) -> str:
        lines: list[str] = []
        for done in self.done:
            lines.extend(m.text for m in done.messages)
        lines.append(self.words.scores(self.core.scores, self.core.target) + ".")
        return "\n".join(lines) + "\n"

    def _record_csv(self) -> str:
        i, w = self.i18n, self.words
        stream = io.StringIO()
        writer = csv.writer(stream)
        counters = w.counters
        if counters:
            # Translators: CSV export column, counter game: counters discarded.
            scored = i.gettext("counters discarded")
            # Translators: CSV export column, counter game: counters the side has left.
            left = i.gettext("counters left")
        else:
            # Translators: CSV export column: points actually scored.
            scored = i.gettext("points")
            # Translators: CSV export column: the side's total after the score.
            left = i.gettext("total")
        writer.writerow(
            [
                # Translators: CSV export column: the hand number.
                i.gettext("hand"),
                # Translators: CSV export column: the player who scored.
                i.gettext("player"),
                # Translators: CSV export column: the side that scored.
                i.gettext("side"),
                # Translators: CSV export column: what scored.
                i.gettext("event"),
                # Translators: CSV export column: the full value before any reduction.
                i.gettext("full value"),
                scored,
                left,
            ]
        )
        hand = 1
        for event in (e for events in self._replayed_events() for e in events):
            row: list[object] | None = None
            if isinstance(event, HeaderScored):
                what = self.narrator.header_phrase(event.kind, False)
                row = [
                    hand,
                    w.name(event.seat),
                    w.side(event.side),
                    what,
                    event.base,
                    event.value,
                    event.total,
                ]
            elif isinstance(event, WentOut):
                row = [
                    hand,
                    w.name(event.seat),
                    w.side(event.side),
                    # Translators: CSV export: the event of going out.
                    i.gettext("went out"),
                    event.base,
                    event.value,
                    event.total,
                ]
            elif isinstance(event, HandBlocked) and event.winner is not None:
                row = [
                    hand,
                    "",
                    w.side(event.winner),
                    # Translators: CSV export: the event of winning a blocked hand.
                    i.gettext("blocked hand"),
                    w.rules.blocked_award,
                    event.value,
                    event.total,
                ]
            if row is not None:
                if counters:
                    row[-1] = self.core.target - int(row[-1])  # type: ignore[call-overload]
                writer.writerow(row)
            if isinstance(event, HandEnded | MatchWon):
                hand += 1
        return stream.getvalue()

    def _replayed_events(self) -> list[list[Event]]:
        """The events of every entry (the record keeps entries, not events)."""
        scratch = self._replay([])
        return [scratch.apply(d.entry) for d in self.done]  # type: ignore[arg-type]

    # --------------------------------------------------------------- commands

    def _command(self, command: KeepCommand) -> None:
        kind = command.command
        core = self.core
        if kind is CommandKind.EMPTY or kind is CommandKind.NEXT:
            if isinstance(core, Table) and core.phase in (TablePhase.HAND_OVER, TablePhase.NOT_STARTED):
                self._enter(NewHand())
            elif isinstance(core, Table):
                self.say(self.text.turn(core))
            else:
                self.say(self.feedback.plain(self.words.scores(core.scores, core.target) + "."))
            return
        if kind is CommandKind.SCORE:
            self.say(
                self.feedback.plain(
                    self.words.scores(core.scores, core.target) + ".",
                    self.words.scores_braille(core.scores, core.target),
                )
            )
        elif kind is CommandKind.ENDS and isinstance(core, Table):
            self.say(self.replies.ends(core))
        elif kind is CommandKind.LINE and isinstance(core, Table):
            self.say(self.replies.line(core))
        elif kind is CommandKind.COUNT and isinstance(core, Table):
            self.say(self.replies.counts(core))
        elif kind is CommandKind.TURN and isinstance(core, Table):
            self.say(self.text.turn(core))
        elif kind is CommandKind.HISTORY:
            whole = command.argument and self.lexicon.meaning(command.argument) == "all"
            hand = core.hand_number
            messages = [m for d in self.done if whole or d.hand == hand for m in d.messages]
            self.say(self.text.history(messages))
        elif kind is CommandKind.REPEAT:
            last = self.announcer.last
            if last is not None:
                self.say(Message(last.text, last.speech, last.braille, urgent=True))
            else:
                self.say(self.text.history([]))
        elif kind is CommandKind.RULES:
            self.say(self.feedback.lines(rules_sentences(self.i18n, core.rules)))
        elif kind is CommandKind.HELP:
            self.say(self.feedback.lines(self._help_lines()))
        elif kind is CommandKind.VERBOSITY:
            self.change_verbosity(command.argument)
        elif kind is CommandKind.SPEECH:
            self.change_speech(command.argument)
        elif kind is CommandKind.LANGUAGE:
            self.change_language(command.argument)
        elif kind is CommandKind.SAVE:
            refusal = notices.why_not_saved(self.i18n, self.session.storage)
            if refusal is not None:
                self.say(refusal)
                return
            self.save()
            self.say(self.feedback.saved())
        elif kind is CommandKind.QUIT:
            raise QuitGame
        else:  # ends, line, count or turn in the tally, hand, hint: nothing to show
            self.say(self.text.tally_only() if not isinstance(core, Table) else self.text.turn(core))

    def _help_lines(self) -> list[str]:
        i = self.i18n
        lines: list[str]
        if isinstance(self.core, Table):
            lines = [
                # Translators: scorekeeper help, tracking mode. Keep the examples.
                i.gettext("At the start of a hand: the opener's name and double, e.g. Anna 1-1."),
                # Translators: scorekeeper help, tracking mode.
                i.gettext(
                    "Each play: the tile and, if it fits both ends, the end: 3-5, 3-5 left, Cem 3-5 r."
                ),
                # Translators: scorekeeper help, tracking mode.
                i.gettext("Draws and passes: draw 3, Cem draw, pass."),
                # Translators: scorekeeper help, tracking mode: after a blocked hand.
                i.gettext("After a block: each side's tiles (Anna 6-6 1-2) or doubles and pips (Anna 1 15)."),
            ]
        else:
            lines = [
                # Translators: scorekeeper help, tally mode. Keep the examples.
                i.gettext(
                    "Call what scores: Anna double, Cem triple, Mia out, blocked Anna, blocked nobody."
                ),
            ]
        lines += [
            # Translators: scorekeeper help: corrections and records.
            i.gettext("undo and redo correct the record; export writes it as text and CSV."),
            # Translators: scorekeeper help: reviews.
            i.gettext("score, ends, line, count, turn, history (history all for the match), repeat, rules."),
            # Translators: scorekeeper help: settings and leaving.
            i.gettext("verbosity, speech, language, save, quit. Enter deals the next hand."),
        ]
        return lines


def hand_of(tiles: list[Tile]) -> Holding:
    """What a list of tiles amounts to in a blocked hand."""
    return holding_of([mask_of(tiles)])


def export_name_ok(name: str) -> bool:
    """A plain file name: no folder, no way up, not hidden, not too long."""
    return (
        len(name) <= 100
        and not any(mark in name for mark in ("/", "\\", ":", "\0"))
        and not name.startswith((".", "~", "-"))
    )


__all__ = ["KEEP_FILE", "HeaderKind", "KeepSession", "Keeper"]
