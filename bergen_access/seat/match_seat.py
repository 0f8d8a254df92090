"""One player's seat at a match: every line answered once, every event told as the seat may see it.

The seat reads no console and moves no computer: it answers the lines it is
given (``handle``), tells the events it is given (``tell_events``), and makes
its player's moves through ``Moves``: ``LocalMoves`` applies them to the match,
saves (write-ahead) and tells this seat; a network table applies them once for
everyone. Its history is kept as things to say again, so ``history`` speaks
today's language and verbosity.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol, cast

from ..boundary import Screened, ascii_number
from ..commands.lexicon import CommandKind, Lexicon
from ..commands.parser import Command, ParseError, parse
from ..core.actions import Action, Draw, End, Pass, Play, Refusal
from ..core.engine import Match, Phase
from ..core.events import (
    EVENT_TYPES,
    Drew,
    Event,
    HandBlocked,
    HandEnded,
    HeaderScored,
    MatchWon,
    Opened,
    Passed,
    TilePlayed,
    WentOut,
)
from ..core.takeback import TakeBack, take_back
from ..core.tiles import Tile
from ..core.view import SeatView
from ..core.why import SCORING, facts_at
from ..i18n import I18n
from ..output.announcer import Announcer
from ..players.coach import Coach
from ..present import notices, prompts
from ..present.coaching import CoachWords
from ..present.explain import Explainer
from ..present.feedback import Feedback
from ..present.help_text import HELP_ORDER, describe, overview, terse_legend
from ..present.message import Message, Prompt, Verbosity
from ..present.narrator import Narrator, with_counters
from ..present.options import choices
from ..present.record_talk import (
    listing,
    more_recorded,
    not_recorded_here,
    record_usage,
    statistics_message,
)
from ..present.refusals import Move, Refusals, input_refused
from ..present.replies import Replies
from ..present.rules_text import rules_sentences
from ..present.table_talk import TableTalk
from ..present.take_back import TakeBackWords
from ..present.words import Words
from ..session.journal import JOURNAL
from ..session.match_log import read_records
from ..session.savefile import checked_seat
from .session import Session, pause_after_save
from .talking import Talking

HISTORY_DEFAULT = 5
MOST_LISTED = 10  # the record command's newest matches (bergen record lists them all)
Told = Callable[[Narrator], "Message | None"]  # something that happened, as how to say it


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


def _event_of(item: Told) -> Event | None:
    """The event a history line tells (a run of draws: its last draw; the tiles shown: none)."""
    keywords = item.keywords if isinstance(item, partial) else {}
    event = keywords.get("event")
    if event is None and keywords.get("draws"):
        event = keywords["draws"][-1]
    return cast("Event", event) if isinstance(event, EVENT_TYPES) else None


def _is_move_or_score(item: Told) -> bool:
    return isinstance(_event_of(item), TilePlayed | Drew | Passed | HeaderScored | WentOut | HandBlocked)


class Moves(Protocol):
    """How a seat's moves reach the match, and its news reaches everyone: each change saved before it
    is told (write-ahead)."""

    def apply(self, action: Action) -> None:
        """Apply ``action``, save, and tell everyone who hears the match (this seat too)."""

    def start_hand(self) -> None:
        """Deal the next hand, save, tell."""

    def save(self) -> None:
        """Save the match as it is now."""

    def drew(self, events: list[Event]) -> None:
        """This seat drew (already applied and saved, and told to itself): the others hear it."""


class LocalMoves:
    """A match of one seat (the console): moves applied here, saved in the seat's storage, told to it."""

    def __init__(self, seat: MatchSeat) -> None:
        self.seat = seat

    def apply(self, action: Action) -> None:
        events = self.seat.match.apply(action)
        self.save()
        self.seat.tell_events(events)

    def start_hand(self) -> None:
        events = self.seat.match.start_hand()
        self.save()
        self.seat.tell_events(events)

    def save(self) -> None:
        """Add what the match did to its journal; a failure is told once, play goes on."""
        seat = self.seat
        session = seat.session
        if session.storage is None or session.journal is None:
            return
        session.journal = session.journal.for_match(seat.match)  # a new match: a journal of its own
        if session.journal.sync(seat.match, seat.seating.to_json()):
            pause_after_save(JOURNAL)
        for told in session.storage.take_notices():
            seat.say(notices.storage_notice(seat.i18n, told))

    def drew(self, events: list[Event]) -> None:
        return None


class MatchSeat(Talking):
    """One player's seat at a match (see the module docstring)."""

    session: Session

    def __init__(
        self,
        match: Match,
        seating: Seating,
        *,
        language: str,
        verbosity: Verbosity,
        announcer: Announcer,
        session: Session,
        moves: Moves | None = None,
        coach_factory: Callable[[], Coach] | None = None,
    ) -> None:
        self.match = match
        self.seating = seating
        self.announcer = announcer
        self.session = session
        self.verbosity = verbosity
        self.moves: Moves = moves if moves is not None else LocalMoves(self)
        self._pending_draws: list[Drew] = []
        self._told: list[Told] = []  # what happened, as how to say it (said again in today's words)
        self._turn_told = False
        self._asking: Play | None = None
        self._asking_ends: tuple[int, ...] = ()  # the ends (arms) offered in the question
        self._ends_told: object = None  # the ends (and which are doubles) an announcement last said
        self._enter_plays: Play | None = None  # after a draw: the drawn tile, the only legal play
        self._coach_factory = coach_factory or (lambda: Coach(seed=len(match.actions) + 1))
        self.coach: Coach | None = None  # on: thinks while the player does, speaks after the player's move
        if session.coaching and session.settings.coach == "on":
            self.coach = self._coach_factory()
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
        self.take_back_words = TakeBackWords(self.narrator)
        self.explainer = Explainer(self.narrator)
        self.coach_words = CoachWords(self.narrator)
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
        for event, counters in with_counters(list(events)):
            if isinstance(event, Drew) and event.seat != self.seating.human:
                if self._pending_draws and self._pending_draws[0].seat != event.seat:
                    self.flush_draws()
                self._pending_draws.append(event)
                continue
            self.flush_draws()
            if counters is not None:
                self._tell(partial(Narrator.narrate_with_counters, event=event, counters=counters))
                continue
            if isinstance(event, HandEnded | MatchWon):
                self._reveal_hands()
            self._tell(partial(Narrator.narrate, event=event))
            if isinstance(event, Opened) or (isinstance(event, TilePlayed) and self.narrator.play_says_ends):
                self._ends_told = self._ends_now()  # the ends were just said

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

    def flush_draws(self) -> None:
        if self._pending_draws:
            draws = tuple(self._pending_draws)
            self._pending_draws = []
            self._tell(partial(Narrator.narrate_draws, draws=draws))

    def keep_history_of(self, other: MatchSeat) -> None:
        """Take the history another seat told (the silent replay of a resumed match)."""
        self._told = other._told
        self._pending_draws = other._pending_draws  # a computer's draws go on being counted as one

    def history_messages(self, count: int) -> list[Message]:
        """The last ``count`` things that happened, said now: today's verbosity and language."""
        said = [item(self.narrator) for item in self._told[-count:]]
        return [message for message in said if message is not None]

    def save(self) -> None:
        self.moves.save()

    def _apply(self, action: Action) -> None:
        """One of the player's moves: through the moves (applied, saved, then told), then the coach's
        word on it if it has one (before any computer moves)."""
        self._enter_plays = None
        advice = self._advice(action)
        self.moves.apply(action)
        self._say_advice(advice)

    def _advice(self, action: Action) -> Message | None:
        """The coach's line on the player's ``action``, about to be made (None: silent, or no coach)."""
        if self.coach is None:
            return None
        advice = self.coach.advise(action)
        if advice is None:
            return None
        nxt = (self.seating.human + 1) % self.match.players
        return self.coach_words.advice(advice, self.words.name(nxt))

    def _say_advice(self, advice: Message | None) -> None:
        if advice is not None:
            self.flush_draws()
            self.announcer.announce(advice)

    def coach_turn(self) -> None:
        """The player's turn has come (or goes on after a draw): the coach starts thinking about it."""
        match = self.match
        if self.coach is not None and match.phase is Phase.PLAYING and match.turn == self.seating.human:
            self.coach.start(self.view, (match.hand_number, len(match.actions)))

    def on_coach(self, command: Command) -> None:
        """``coach on``, ``coach off``; bare, whether it is on. Remembered."""
        if not self.session.coaching:
            self.say(self.coach_words.unavailable())
            return
        argument = command.argument
        choice = self.command_words.speech_mode(argument) if argument else None
        if choice == "on" and self.coach is None:
            self.coach = self._coach_factory()
        elif choice == "off" and self.coach is not None:
            self.coach.cancel()
            self.coach = None
        if choice in ("on", "off"):
            self.remember(coach=choice)
        self.say(self.coach_words.state(self.coach is not None))

    def start_hand(self) -> None:
        self.moves.start_hand()

    def begin(self, match: Match) -> None:
        """A new match at this seat (another with the same options): nothing of the last one is kept."""
        self.match = match
        self._told, self._pending_draws = [], []
        self._turn_told, self._asking, self._enter_plays, self._ends_told = False, None, None, None
        if self.coach is not None:
            self.coach.cancel()

    def _ends_now(self) -> object:
        view = self.view
        return (view.ends, view.end_is_double)

    def announce_turn(self) -> None:
        """Say it is the player's turn, once a turn (the ends only if they were not just said)."""
        self.coach_turn()
        if not self._turn_told:
            self._turn_told = True
            told = self._ends_told == self._ends_now()  # each fact once a turn: no ends said again
            message = self.replies.your_turn(self.view, urgent=False, ends_told=told)
            self.announcer.announce(message)

    def state_now(self, last_told: Sequence[str] = ()) -> None:
        """Where the match stands, for a player who was away (a rejoin): whose turn, and at the
        player's own turn what can be done, said now as the turn is (not again before the prompt).
        Not said when ``last_told``, the last lines the player was told again, end with it already."""
        if self.match.phase is Phase.NOT_STARTED:
            return
        view = self.view
        state = self.replies.turn(view)
        shown = (state.braille if self.announcer.terse else state.text).splitlines()
        if not shown or list(last_told[-len(shown) :]) != shown:
            self.say(state)
        if view.phase is Phase.PLAYING and view.is_my_turn:
            self._turn_told = True

    def prompt(self) -> Prompt:
        """The prompt: the state at a glance (the ends and the tile count, or what is asked), and the
        short form a screen reader says before every line."""
        i = self.i18n
        if self._asking is not None:
            arms = [end + 1 for end in self._asking_ends] if self.words.many_arms else None
            return prompts.which_end(i, arms)
        if self.match.phase is Phase.HAND_OVER:
            return prompts.next_hand(i)
        view = self.view
        ends = self.words.ends_braille(view.ends, view.end_is_double) if view.ends is not None else "-"
        count = len(view.hand)
        offer = ""
        if self._enter_plays is not None:
            # Translators: start of the prompt after a draw when the drawn tile is the only legal play:
            # Enter plays it. {tile} e.g. "3-6"; the usual prompt follows.
            offer = i.gettext("Enter plays {tile}; ").format(tile=self._enter_plays.tile.notation)
        if self.verbosity is Verbosity.TERSE:
            return prompts.move(i, f"{offer}{ends} {count}> ")
        # Translators: the prompt: the open ends (e.g. "5|3") and the player's tile count. Ends with "> ".
        facts = i.ngettext("{ends}, {count} tile> ", "{ends}, {count} tiles> ", count)
        return prompts.move(i, offer + facts.format(ends=ends, count=count))

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

    # ------------------------------------------------------------ commands

    def handle(self, line: str) -> None:
        """Answer one typed line, exactly once."""
        if self._enter_plays is not None and self._takes_the_offer(line):
            self.play(self._enter_plays)
            return
        if self._asking is not None:
            asked, self._asking = self._asking, None
            end = self._answered_end(line)
            if end is not None:
                self.play(Play(asked.seat, asked.tile, end))
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
        return Refusals(self.narrator).line(error)

    def refuse_input(self, screened: Screened) -> None:
        """A line the input boundary stopped: say so; nothing else happens."""
        self.say(input_refused(self.i18n, screened, self.lexicon.main_word(CommandKind.HELP)))

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
        self.draw(command)

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
        self.start_hand()

    def _not_now(self) -> bool:
        """Refuse a move when it is not the player's turn; True if refused."""
        if self.match.phase is Phase.HAND_OVER:
            self.say(Refusals(self.narrator).move(Refusal.HAND_OVER, Move(self.view)))
            return True
        if self.match.turn != self.seating.human:
            self.say(Refusals(self.narrator).move(Refusal.NOT_YOUR_TURN, Move(self.view)))
            return True
        return False

    def on_play(self, command: Command) -> None:
        if self._not_now():
            return
        assert command.tile is not None
        seat = self.seating.human
        view = self.view
        if command.tile not in view.hand:
            refused = Move(view, Play(seat, command.tile, End.LEFT))
            self.say(Refusals(self.narrator).move(Refusal.NOT_IN_HAND, refused))
            return
        legal_ends = [a.end for a in view.legal_actions if isinstance(a, Play) and a.tile == command.tile]
        if command.end is None and command.ends:  # "2-9:1,4": asked among the ends the line showed
            named = [end for end in legal_ends if end in command.ends]
            if not named:
                self._refuse(Play(seat, command.tile, command.ends[0]))
                return
            legal_ends = named
        if command.end is None:
            layout = view.layout
            if len(legal_ends) == 2 and layout is not None and layout.lone_double:  # both sides alike
                self.play(Play(seat, command.tile, End.LEFT))
            elif len(legal_ends) == 1:
                self.play(Play(seat, command.tile, legal_ends[0]))
            elif len(legal_ends) > 1:
                self._asking = Play(seat, command.tile, legal_ends[0])
                self._asking_ends = tuple(legal_ends)
                self._ask_end(command.tile)
            else:
                self._refuse(Play(seat, command.tile, End.LEFT))
            return
        self.play(Play(seat, command.tile, command.end))

    def _refuse(self, action: Action) -> None:
        """Say why an action is not legal, and what is."""
        self.say(Refusals(self.narrator).move(self.match.check(action), Move(self.view, action)))

    def play(self, action: Play) -> None:
        if self.match.check(action) is not None:
            self._refuse(action)
            return
        self._turn_told = False
        self._apply(action)

    def draw(self, command: Command | None = None, most: int | None = None) -> None:
        """Draw: until a tile fits when nothing fits, else one tile; saved as a whole, then told."""
        if self._not_now():
            return
        seat = self.seating.human
        if self.match.check(Draw(seat)) is not None:
            self._refuse(Draw(seat))
            return
        self._enter_plays = None
        forced = not self.match.playable(seat)
        advice = None if forced else self._advice(Draw(seat))
        drawn: list[Event] = []
        count = 0
        while self.match.check(Draw(seat)) is None and (most is None or count < most):
            drawn += self.match.apply(Draw(seat))
            count += 1
            if not forced or self.match.playable(seat):
                break
        self.moves.save()
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
        self.moves.drew(drawn)
        self._say_advice(advice)

    def on_pass(self, command: Command) -> None:
        if self._not_now():
            return
        action = Pass(self.seating.human)
        if self.match.check(action) is not None:
            self._refuse(action)
            return
        self._turn_told = False
        self._apply(action)

    def on_undo(self, command: Command) -> None:
        """Take back the player's last move of this hand and the computers' after it: the match is
        replayed from its seed without them (core/takeback.py), saved, and its history told again."""
        setting = self.session.take_back
        if setting is not TakeBack.ON:
            self.say(self.take_back_words.refused(setting))
            return
        result = take_back(self.match, self.seating.human)
        if result is None:
            self.say(self.take_back_words.refused(None))
            return
        self.match, taken = result
        self._turn_told, self._asking, self._enter_plays, self._ends_told = False, None, None, None
        self._pending_draws = []
        from .replay import restore_history  # noqa: PLC0415 - replay builds seats of this module

        restore_history(self)
        self.moves.save()
        self.say(self.take_back_words.taken_back(taken, self.match))

    def on_why(self, command: Command) -> None:
        """Why a score was worth what it was: the last one (``why``), or history's N-th last line."""
        told = self._told
        if command.number is not None:
            index = len(told) - command.number
            if index < 0:
                self.say(self.feedback.history(self.history_messages(command.number)))
                return
        else:  # the last move or score; the hand's end, the tiles shown and deals are passed over
            index = next((n for n in range(len(told) - 1, -1, -1) if _is_move_or_score(told[n])), -1)
        event = _event_of(told[index]) if index >= 0 else None
        history = self.match.history
        where = next((n for n in range(len(history) - 1, -1, -1) if history[n] == event), None)
        if where is not None and type(event) in (TilePlayed, Opened) and where + 1 < len(history):
            where += 1  # a play, or the opening, that scored: its score is explained
        if where is not None and type(history[where]) in SCORING:
            self.say(self.explainer.explain(facts_at(self.match.rules, history, where)))
            return
        scored = next((n for n in range(index - 1, -1, -1) if type(_event_of(told[n])) in SCORING), None)
        pointer = len(told) - scored if scored is not None else None
        self.say(self.explainer.nothing(event, pointer, self.lexicon.main_word(CommandKind.WHY)))

    def on_record(self, command: Command) -> None:
        """``record``: the newest matches recorded here, this one too; ``record stats``: the statistics.
        Read from the data folder as ``bergen record`` reads it, said by the same presenter."""
        i, storage, argument = self.i18n, self.session.records, command.argument
        if argument and not self.lexicon.is_stats_word(argument):
            word, stats = self.lexicon.main_word(CommandKind.RECORD), self.lexicon.stats_words()[0]
            self.say(self.feedback.plain(record_usage(i, word, stats)))
            return
        if storage is None:
            self.say(self.feedback.plain(not_recorded_here(i)))
            return
        entries, problems = read_records(storage, checked_seat)
        for problem in problems:  # set aside, each said in one sentence, as bergen record says it
            self.say(notices.file_problem(i, "record", problem))
        if argument:
            self.say(statistics_message(i, entries, self.verbosity))
            return
        shown = listing(i, entries, MOST_LISTED)
        lines = [message.text for message in shown]
        braille = [message.braille for message in shown]
        if len(entries) > MOST_LISTED:
            more = more_recorded(i, len(entries) - MOST_LISTED)
            lines.append(more)
            braille.append(more)
        self.say(self.feedback.plain("\n".join(lines), "\n".join(braille)))

    def on_history(self, command: Command) -> None:
        count = command.number or HISTORY_DEFAULT
        self.say(self.feedback.history(self.history_messages(count)))

    def on_help(self, command: Command) -> None:
        if command.argument and self.lexicon.verbosity(command.argument) == Verbosity.TERSE.value:
            self.say(self.feedback.lines(terse_legend(self.words)))  # "help terse": what the codes mean
            return
        kind = self.lexicon.command(command.argument) if command.argument else None
        arms = self.match.rules.arms
        if kind is not None and describe(self.i18n, kind, arms):
            self.say(self.feedback.plain(describe(self.i18n, kind, arms)))
        else:
            self.say(self.feedback.commands(overview(self.i18n, self.lexicon, arms)))
