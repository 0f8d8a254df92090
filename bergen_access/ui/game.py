"""The console match: computer players move, the player types, every event is announced.

The loop reads one line, answers it exactly once, applies what it asks for
and announces the events (computer moves included). Every action is saved
before its announcement is printed or spoken (write-ahead), so what the
player heard is never lost to Ctrl-C, a closed terminal, a kill or a crash;
a resumed match replays its actions silently through the same loop, so
``history`` and ``repeat`` work as before.
"""

from __future__ import annotations

import io
import os
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..boundary import Screened, ascii_number
from ..commands.lexicon import MOST_HISTORY, CommandKind, Lexicon, yes_or_no
from ..commands.parser import Command, ParseError, ParseProblem, parse
from ..core.actions import Action, Draw, End, Pass, Play, Refusal
from ..core.dealers import dealer_from_spec
from ..core.engine import Match, Phase
from ..core.events import (
    CountersDiscarded,
    Drew,
    Event,
    HandBlocked,
    HandEnded,
    HeaderScored,
    MatchWon,
    Opened,
    TilePlayed,
    WentOut,
)
from ..core.tiles import Tile
from ..core.view import SeatView
from ..i18n import I18n
from ..output.announcer import Announcer
from ..output.braille_display import BrailleDisplay
from ..output.sounds import SoundPlayer
from ..output.speech import Speaker
from ..players.base import Player
from ..present import notices
from ..present.feedback import Feedback
from ..present.help_text import HELP_ORDER, describe, overview, terse_legend
from ..present.message import Message, Verbosity
from ..present.narrator import Narrator
from ..present.options import choices, held_back_number
from ..present.replies import Replies
from ..present.rules_text import rules_sentences
from ..present.table_talk import TableTalk
from ..present.words import Words
from ..session.savefile import MATCH_FILE, match_text
from ..session.settings import Settings
from ..session.storage import Storage
from .preferences import Talking
from .reader import LineReader

HISTORY_DEFAULT = 5
SCORES = (HeaderScored, WentOut, HandBlocked)  # events a counters' discard may follow
Told = Callable[[Narrator], "Message | None"]  # something that happened, as how to say it


class QuitGame(Exception):  # noqa: N818 - a signal to leave the loop, not an error
    """The player asked to leave (or input ended)."""


@dataclass
class Seating:
    """Who sits where: names per seat, the player's seat, computer levels."""

    names: list[str]
    human: int
    levels: dict[int, str] = field(default_factory=dict)

    def to_json(self) -> list[dict[str, Any]]:
        return [
            {
                "name": name,
                "kind": "human" if seat == self.human else "computer",
                "level": self.levels.get(seat),
            }
            for seat, name in enumerate(self.names)
        ]


@dataclass
class Session:
    """What the loop needs from outside: where to save, remembered settings, how to speak."""

    storage: Storage | None
    settings: Settings
    save_settings: Callable[[], None]
    speech_mode: str
    open_speaker: Callable[[str], Speaker | None]
    #: a fresh match with the same options and its computer players (None: the loop ends with the match)
    new_match: Callable[[], tuple[Match, dict[int, Player]]] | None = None
    #: the sound player, or why there is none
    open_sounds: Callable[[], tuple[SoundPlayer | None, str | None]] = lambda: (None, "off")
    #: the game's own braille display, or why there is none
    open_braille: Callable[[], tuple[BrailleDisplay | None, str | None]] = lambda: (None, "off")
    #: changed settings are kept for the next games (False at a network seat: nothing is kept there)
    remembers: bool = True


def pause_after_save(name: str) -> None:
    """Test hook (``BERGEN_TEST_PAUSE_AFTER_SAVE=seconds``): mark the moment between save and answer.

    The kill tests stop the program exactly here, where a move is saved but not yet announced.
    """
    seconds = os.environ.get("BERGEN_TEST_PAUSE_AFTER_SAVE")
    if seconds:
        sys.stderr.write(f"bergen-test: saved {name}\n")
        sys.stderr.flush()
        time.sleep(float(seconds))


class Scripted:
    """A seat that plays back what the record says it did (rebuilding a resumed match's history)."""

    def __init__(self, next_action: Callable[[], Action]) -> None:
        self.next_action = next_action

    def choose(self, view: SeatView) -> Action:
        return self.next_action()


class Game(Talking):
    """One match at the console."""

    session: Session

    def __init__(
        self,
        match: Match,
        seating: Seating,
        players: dict[int, Player],
        *,
        language: str,
        verbosity: Verbosity,
        announcer: Announcer,
        reader: LineReader,
        session: Session,
    ) -> None:
        self.match = match
        self.seating = seating
        self.players = players
        self.announcer = announcer
        self.reader = reader
        self.session = session
        self.verbosity = verbosity
        self._pending_draws: list[Drew] = []
        self._told: list[Told] = []  # what happened, as how to say it (said again in today's words)
        self._turn_told = False
        self._asking: Play | None = None
        self._asking_ends: tuple[int, ...] = ()  # the ends (arms) offered in the question
        self._ends_told: object = None  # the ends (and which are doubles) an announcement last said
        self._enter_plays: Play | None = None  # after a draw: the drawn tile, the only legal play
        self.set_language(language)

    # ------------------------------------------------------------- language

    def set_language(self, language: str) -> None:
        """Rebuild every piece that has words."""
        self.i18n = I18n(language)
        self.words = Words(self.i18n, self.match.rules, self.seating.names, self.seating.human)
        self.narrator = Narrator(self.words, self.verbosity)
        self.replies = Replies(self.narrator)
        self.feedback = Feedback(self.narrator, remembers=self.session.remembers)
        self.table_talk = TableTalk(self.narrator, self.seating.levels)
        self.lexicon = Lexicon(self.i18n)
        self.announcer.language = language
        self.announcer.terse = self.verbosity is Verbosity.TERSE

    @property
    def command_words(self) -> Lexicon:
        return self.lexicon

    @property
    def view(self) -> SeatView:
        return SeatView(self.match, self.seating.human)

    # ------------------------------------------------------------- announcing

    def say(self, message: Message) -> None:
        """Announce a reply or notice (not kept in the event history)."""
        self.announcer.announce(message)

    def tell_events(self, events: Iterable[Event]) -> None:
        """Announce events: another player's consecutive draws become one announcement, a score and
        the counters it discards are one, and a hand's end first shows what the others still held."""
        queue = list(events)
        for index, event in enumerate(queue):
            if isinstance(event, Drew) and event.seat != self.seating.human:
                if self._pending_draws and self._pending_draws[0].seat != event.seat:
                    self._flush_draws()
                self._pending_draws.append(event)
                continue
            self._flush_draws()
            if isinstance(event, CountersDiscarded) and index and isinstance(queue[index - 1], SCORES):
                continue  # told with its score
            following = queue[index + 1] if index + 1 < len(queue) else None
            if isinstance(event, SCORES) and isinstance(following, CountersDiscarded):
                self._tell(partial(Narrator.narrate_with_counters, event=event, counters=following))
                continue
            if isinstance(event, HandEnded | MatchWon):
                self._reveal_hands()
            self._tell(partial(Narrator.narrate, event=event))
            if isinstance(event, TilePlayed | Opened):  # the ends were just said
                self._ends_told = self._ends_now()

    def _tell(self, item: Told) -> None:
        """Announce one thing that happened, and keep it (as how to say it) for ``history``."""
        message = item(self.narrator)
        if message is not None:
            self._told.append(item)
            self.announcer.announce(message)

    def _reveal_hands(self) -> None:
        """The hand is over: the tiles the other players still held are shown, as at a real table."""
        held = [
            (seat, self.match.hand(seat))
            for seat in range(self.match.players)
            if seat != self.seating.human and self.match.hand(seat)
        ]
        if held:
            self._tell(partial(Narrator.narrate_held, held=tuple(held)))

    def _flush_draws(self) -> None:
        if self._pending_draws:
            draws = tuple(self._pending_draws)
            self._pending_draws = []
            self._tell(partial(Narrator.narrate_draws, draws=draws))

    def history_messages(self, count: int) -> list[Message]:
        """The last ``count`` things that happened, said now: today's verbosity and language."""
        said = [item(self.narrator) for item in self._told[-count:]]
        return [message for message in said if message is not None]

    def save(self) -> None:
        """Write the match (before its news is told: write-ahead); a failure is told once, play goes on."""
        storage = self.session.storage
        if storage is None:
            return
        if storage.write(MATCH_FILE, match_text(self.match, self.seating.to_json())):
            pause_after_save(MATCH_FILE)
        for told in storage.take_notices():
            self.say(notices.storage_notice(self.i18n, told))

    def _apply(self, action: Action) -> None:
        """One action: apply, save, then tell (never the other way round)."""
        self._enter_plays = None
        events = self.match.apply(action)
        self.save()
        self.tell_events(events)

    def _start_hand(self) -> None:
        events = self.match.start_hand()
        self.save()
        self.tell_events(events)

    # ------------------------------------------------------------- the loop

    def run(self, resumed: bool = False) -> int:
        """Play until the match ends or the player leaves; the exit status."""
        try:
            if self.match.phase is Phase.NOT_STARTED:
                help_word = self.lexicon.main_word(CommandKind.HELP)
                self.say(self.table_talk.orientation(self.match.rules, help_word))
                self._start_hand()
            elif resumed:
                self.restore_history()
                last = self.history_messages(1)
                self.say(self.feedback.resumed(last[0] if last else None))
            while True:
                while not self.match.is_over:
                    if self.match.phase is Phase.HAND_OVER:
                        self._read_and_answer()
                    elif self.match.turn == self.seating.human:
                        self._human_turn()
                    else:
                        self._computer_turn()
                self._flush_draws()
                if self.session.storage is not None:
                    self.session.storage.remove(MATCH_FILE)
                if not self._another_match():
                    self.say(self.feedback.goodbye_after_match())
                    return 0
        except (QuitGame, KeyboardInterrupt):  # Ctrl-C while the computers move leaves the same way
            self._flush_draws()
            storage = self.session.storage
            self.say(self.feedback.goodbye(saved=storage is not None and storage.saves))
            return 0

    def _another_match(self) -> bool:
        """After a match: another with the same options? (asked until answered; the end of input is no)."""
        new_match = self.session.new_match
        if new_match is None:
            return False
        self.say(self.feedback.another_match())
        while True:
            try:
                # Translators: the prompt of a yes-or-no question. Ends with "> ".
                line = self.reader.read(self.i18n.gettext("yes or no> "))
            except EOFError:
                return False
            answer = yes_or_no(line, self.i18n)
            if answer is not None:
                break
            self.say(self.feedback.plain(self.i18n.gettext("Please answer yes or no.")))
        if not answer:
            return False
        self.match, self.players = new_match()
        self._told, self._pending_draws = [], []
        self._turn_told, self._asking, self._enter_plays, self._ends_told = False, None, None, None
        help_word = self.lexicon.main_word(CommandKind.HELP)
        self.say(self.table_talk.orientation(self.match.rules, help_word))
        self._start_hand()
        return True

    def restore_history(self) -> None:
        """Replay the saved actions silently through this same loop, so the history reads as it was said."""
        recorded = list(self.match.actions)
        match = Match(
            self.match.rules, dealer_from_spec(self.match.dealer.spec()), self.match.starting_scores
        )

        def next_action() -> Action:
            return recorded[len(match.actions)]

        quiet = Announcer(io.StringIO(), language=self.i18n.language)
        scratch = Game(
            match,
            self.seating,
            {seat: Scripted(next_action) for seat in self.players},
            language=self.i18n.language,
            verbosity=self.verbosity,
            announcer=quiet,
            reader=self.reader,
            session=Session(None, self.session.settings, lambda: None, "off", lambda mode: None),
        )
        try:
            scratch.replay(recorded)
            while match.hand_number < self.match.hand_number and match.phase in (
                Phase.NOT_STARTED,
                Phase.HAND_OVER,
            ):
                scratch._start_hand()
        except (IndexError, ValueError, AssertionError):  # a record the loop would not have written
            return
        self._told = scratch._told
        self._pending_draws = scratch._pending_draws  # a computer's draws go on being counted as one

    def replay(self, recorded: list[Action]) -> None:
        """Play ``recorded`` as the loop would have: the player's commands, the computers' turns."""
        human = self.seating.human
        while len(self.match.actions) < len(recorded):
            done = len(self.match.actions)
            if self.match.phase in (Phase.NOT_STARTED, Phase.HAND_OVER):
                self._start_hand()
                continue
            action = recorded[done]
            if self.match.turn != human:
                self._computer_turn()
            elif isinstance(action, Draw):
                run = 0
                while done + run < len(recorded) and recorded[done + run] == Draw(human):
                    run += 1
                self._draw(most=run)
            elif isinstance(action, Play):
                self._play(action)
            else:
                self.on_pass(Command(CommandKind.PASS))
            now = len(self.match.actions)
            if now == done or self.match.actions != recorded[:now]:
                raise ValueError("the record does not follow the loop")

    def _computer_turn(self) -> None:
        seat = self.match.turn
        view = SeatView(self.match, seat)
        if len(view.legal_actions) > 1:
            self._flush_draws()  # it thinks now: its draws are told first, not after its play
        action = self.players[seat].choose(view)
        self._apply(action)

    def _ends_now(self) -> object:
        view = self.view
        return (view.ends, view.end_is_double)

    def _human_turn(self) -> None:
        self._flush_draws()
        self.announce_turn()
        self._read_and_answer()

    def announce_turn(self) -> None:
        """Say it is the player's turn, once a turn (the ends only if they were not just said)."""
        if not self._turn_told:
            self._turn_told = True
            told = self._ends_told == self._ends_now()  # each fact once a turn: no ends said again
            message = self.replies.your_turn(self.view, urgent=False, ends_told=told)
            self.announcer.announce(message)

    def prompt(self) -> str:
        """The prompt carries the state: the ends and the tile count (or what is asked)."""
        i = self.i18n
        if self._asking is not None:
            if self.words.many_arms:
                # Translators: prompt asking which arm (larger sets); {arms} e.g. "1 / 3". Ends with "> ".
                return i.gettext("arm {arms}> ").format(
                    arms=" / ".join(str(e + 1) for e in self._asking_ends)
                )
            # Translators: prompt while asking which end; keep it very short. Ends with "> ".
            return i.gettext("left or right> ")
        if self.match.phase is Phase.HAND_OVER:
            # Translators: prompt between hands. Ends with "> ".
            return i.gettext("Enter: next hand> ")
        view = self.view
        ends = self.words.ends_braille(view.ends, view.end_is_double) if view.ends is not None else "-"
        count = len(view.hand)
        offer = ""
        if self._enter_plays is not None:
            # Translators: start of the prompt after a draw when the drawn tile is the only legal play:
            # Enter plays it. {tile} e.g. "3-6"; the usual prompt follows.
            offer = i.gettext("Enter plays {tile}; ").format(tile=self._enter_plays.tile.notation)
        if self.verbosity is Verbosity.TERSE:
            return f"{offer}{ends} {count}> "
        # Translators: the prompt: the open ends (e.g. "5|3") and the player's tile count. Ends with "> ".
        return offer + i.ngettext("{ends}, {count} tile> ", "{ends}, {count} tiles> ", count).format(
            ends=ends, count=count
        )

    def candidates(self) -> list[str]:
        """Tab completion: the legal plays, then only the commands that can be used now."""
        legal = self.view.legal_actions if self.match.phase is Phase.PLAYING else ()
        words = list(dict.fromkeys(a.tile.notation for a in legal if isinstance(a, Play)))
        usable = {
            CommandKind.DRAW: any(isinstance(a, Draw) for a in legal),
            CommandKind.PASS: any(isinstance(a, Pass) for a in legal),
            CommandKind.NEXT: self.match.phase is Phase.HAND_OVER,
        }
        for kind in (*HELP_ORDER, CommandKind.NEXT):
            if kind is not CommandKind.PLAY and usable.get(kind, True):
                words.extend(self.lexicon.words_for(kind)[:1])
        return words

    def _read_and_answer(self) -> None:
        try:
            line = self.reader.read(self.prompt())
        except (EOFError, KeyboardInterrupt):
            raise QuitGame from None
        self.handle(line)

    # ------------------------------------------------------------ commands

    def handle(self, line: str) -> None:
        """Answer one typed line, exactly once."""
        if self._enter_plays is not None and self._takes_the_offer(line):
            self._play(self._enter_plays)
            return
        if self._asking is not None:
            asked, self._asking = self._asking, None
            end = self._answered_end(line)
            if end is not None:
                self._play(Play(asked.seat, asked.tile, end))
                return
            if self.words.many_arms and self._arm_number(line) is not None:  # an arm not offered: ask again
                self._asking = asked
                self._ask_end(asked.tile)
                return
        try:
            command = parse(line, self.lexicon, self.match.rules.tiles.highest, self.match.rules.arms)
        except ParseError as error:
            self.say(self.refusal(error))
            return
        self.run_command(command.kind, command)

    def _answered_end(self, line: str) -> int | None:
        """The answer to "which end?": ``left``/``right``; with arms the number (``2``, ``arm 2``)."""
        words = line.split()
        if not self.words.many_arms:
            return self.lexicon.end(words[0]) if len(words) == 1 else None
        number = self._arm_number(line)
        return number - 1 if number is not None and number - 1 in self._asking_ends else None

    def _ask_end(self, tile: Tile) -> None:
        view = self.view
        self.say(self.feedback.ask_end(tile, self._asking_ends, view.ends or (), view.end_is_double))

    def _arm_number(self, line: str) -> int | None:
        """``2`` or ``arm 2``: an arm's number as typed (None if the line is something else)."""
        words = line.split()
        if words and self.lexicon.is_arm_word(words[0]):
            words = words[1:]
        return ascii_number(words[0]) if len(words) == 1 else None

    def refusal(self, error: ParseError) -> Message:
        """Why a line is not a command, and what is possible."""
        text = error.text.strip()
        word = text.split()[0] if text else ""
        if error.problem is ParseProblem.BAD_END:
            return self.feedback.bad_end(text)
        if error.problem is ParseProblem.AMBIGUOUS_TILE:
            return self.feedback.ambiguous_tile(text, error.readings)
        if error.problem is ParseProblem.NOT_IN_SET:
            return self.feedback.not_in_set(text)
        if error.problem is ParseProblem.EXTRA_WORDS:
            return notices.extra_words(self.i18n, text, word)
        if error.problem is ParseProblem.BAD_NUMBER:
            return notices.bad_number(self.i18n, text, word, MOST_HISTORY)
        return self.feedback.unknown(text, self.lexicon.main_word(CommandKind.HELP))

    def refuse_input(self, screened: Screened) -> None:
        """A line the input boundary stopped: say so; nothing else happens."""
        self.say(notices.input_refused(self.i18n, screened, self.lexicon.main_word(CommandKind.HELP)))

    # the command table's commands, each by its handler's name (``on_`` and the command)

    def on_hand(self, command: Command) -> None:
        self.say(self.replies.hand(self.view))

    def on_ends(self, command: Command) -> None:
        self.say(self.replies.ends(self.view))

    def on_line(self, command: Command) -> None:
        self.say(self.replies.line(self.view))

    def on_score(self, command: Command) -> None:
        self.say(self.replies.score(self.view))

    def on_count(self, command: Command) -> None:
        self.say(self.replies.counts(self.view))

    def on_turn(self, command: Command) -> None:
        self.say(self.replies.turn(self.view))

    def on_hint(self, command: Command) -> None:
        self.say(self.replies.hint(self.view))

    def on_seats(self, command: Command) -> None:
        self.say(self.table_talk.seats(self.view))

    def on_unseen(self, command: Command) -> None:
        self.say(self.table_talk.unseen(self.view))

    def on_rules(self, command: Command) -> None:
        self.say(self.feedback.lines(rules_sentences(self.i18n, self.match.rules)))

    def on_draw(self, command: Command) -> None:
        self._draw(command)

    def repeat(self) -> None:
        last = self.announcer.last
        if last is None:
            self.say(self.feedback.history([]))
            return
        self.announcer.announce(Message(last.text, last.speech, last.braille, urgent=True))

    def _takes_the_offer(self, line: str) -> bool:
        """Enter, or ``play`` alone, after a draw whose tile is the only legal play."""
        words = line.split()
        return not words or (len(words) == 1 and self.lexicon.command(words[0]) is CommandKind.PLAY)

    def on_empty(self, command: Command) -> None:
        if self.match.phase is Phase.HAND_OVER:
            self.on_next(command)
        else:
            self.say(self.replies.turn(self.view))

    def on_next(self, command: Command) -> None:
        if self.match.phase is not Phase.HAND_OVER:
            self.say(self.feedback.hand_not_over())
            return
        self._turn_told = False
        self._start_hand()

    def _not_now(self) -> bool:
        """Refuse a move when it is not the player's turn; True if refused."""
        if self.match.phase is Phase.HAND_OVER:
            self.say(self.feedback.hand_over())
            return True
        if self.match.turn != self.seating.human:
            self.say(self.feedback.not_your_turn(self.words.name(self.match.turn)))
            return True
        return False

    def on_play(self, command: Command) -> None:
        if self._not_now():
            return
        assert command.tile is not None
        seat = self.seating.human
        view = self.view
        if command.tile not in view.hand:
            self.say(self.feedback.not_in_hand(command.tile, view.hand))
            return
        legal_ends = [a.end for a in view.legal_actions if isinstance(a, Play) and a.tile == command.tile]
        if command.end is None:
            layout = view.layout
            if len(legal_ends) == 2 and layout is not None and layout.lone_double:  # both sides alike
                self._play(Play(seat, command.tile, End.LEFT))
            elif len(legal_ends) == 1:
                self._play(Play(seat, command.tile, legal_ends[0]))
            elif len(legal_ends) > 1:
                self._asking = Play(seat, command.tile, legal_ends[0])
                self._asking_ends = tuple(legal_ends)
                self._ask_end(command.tile)
            else:
                self._refuse(Play(seat, command.tile, End.LEFT))
            return
        self._play(Play(seat, command.tile, command.end))

    def _refuse(self, action: Action) -> None:
        """Say why an action is not legal, and what is."""
        reason = self.match.check(action)
        view = self.view
        must = self.replies.must(view)
        if reason is Refusal.MUST_PLAY:
            self.say(self.feedback.must_play(must))
        elif reason is Refusal.NOTHING_TO_DRAW:
            self.say(self.feedback.nothing_to_draw(view))
        elif reason is Refusal.MUST_DRAW:
            self.say(self.feedback.must_draw())
        elif reason in (Refusal.OTHER_END_ONLY, Refusal.ARMS_FIRST) and isinstance(action, Play):
            legal = [a.end for a in view.legal_actions if isinstance(a, Play) and a.tile == action.tile]
            held_back = held_back_number(view)
            if legal:
                self.say(self.feedback.only_end(action.tile, legal, reason is Refusal.ARMS_FIRST))
            elif reason is Refusal.ARMS_FIRST and held_back is not None:
                self.say(self.feedback.held_back(action.tile, held_back, must))
            else:
                self._does_not_fit(action.tile, must)
        elif isinstance(action, Play):
            self._does_not_fit(action.tile, must)
        else:
            self.say(self.replies.turn(view))

    def _does_not_fit(self, tile: Any, must: str) -> None:
        view = self.view
        assert view.ends is not None
        ends = self.words.ends(view.ends, view.end_is_double)
        self.say(
            self.feedback.does_not_fit(
                tile, ends, self.words.ends_braille(view.ends, view.end_is_double), must
            )
        )

    def _play(self, action: Play) -> None:
        if self.match.check(action) is not None:
            self._refuse(action)
            return
        self._turn_told = False
        self._apply(action)

    def _draw(self, command: Command | None = None, most: int | None = None) -> None:
        """Draw: until a tile fits when nothing fits, else one tile; saved as a whole, then told."""
        if self._not_now():
            return
        seat = self.seating.human
        if self.match.check(Draw(seat)) is not None:
            self._refuse(Draw(seat))
            return
        self._enter_plays = None
        forced = not self.match.playable(seat)
        drawn: list[Event] = []
        count = 0
        while self.match.check(Draw(seat)) is None and (most is None or count < most):
            drawn += self.match.apply(Draw(seat))
            count += 1
            if not forced or self.match.playable(seat):
                break
        self.save()
        tiles = [e.tile for e in drawn if isinstance(e, Drew) and e.tile is not None]
        view = self.view
        message = self.feedback.drew(tiles, view)
        only = choices(view).only_play
        if only is not None and only.tile in tiles:
            self._enter_plays = Play(seat, only.tile, only.end)
        own = tuple(e for e in drawn if isinstance(e, Drew))
        self._told.append(partial(Narrator.narrate_draws, draws=own))  # the event, not the advice
        self.say(message)
        self.tell_events([e for e in drawn if not isinstance(e, Drew)])

    def on_pass(self, command: Command) -> None:
        if self._not_now():
            return
        action = Pass(self.seating.human)
        if self.match.check(action) is not None:
            self._refuse(action)
            return
        self._turn_told = False
        self._apply(action)

    def on_history(self, command: Command) -> None:
        count = command.number or HISTORY_DEFAULT
        self.say(self.feedback.history(self.history_messages(count)))

    def on_help(self, command: Command) -> None:
        if command.argument and self.lexicon.verbosity(command.argument) == Verbosity.TERSE.value:
            self.say(
                self.feedback.lines(terse_legend(self.i18n, self.match.rules.arms))
            )  # "help terse": what the codes mean
            return
        kind = self.lexicon.command(command.argument) if command.argument else None
        arms = self.match.rules.arms
        if kind is not None and describe(self.i18n, kind, arms):
            self.say(self.feedback.plain(describe(self.i18n, kind, arms)))
        else:
            self.say(self.feedback.lines(overview(self.i18n, self.lexicon, arms)))

    def on_save(self, command: Command) -> None:
        refusal = notices.why_not_saved(self.i18n, self.session.storage)
        if refusal is not None:
            self.say(refusal)
            return
        self.save()
        self.say(self.feedback.saved())

    def on_quit(self, command: Command) -> None:
        raise QuitGame
