"""The player's move commands at a seat: play, draw, pass, undo, next and Enter, and their refusals.

Each move is checked here (not the player's turn, not in hand, not legal: said
why, nothing changes), then made through the seat's one ``Moves.apply``
(``seat/moves.py``: saved before told), with the coach's word on it after. The
which-end question (``commands/which_end.py``) and the play offered after a
draw are kept here until the next line answers them. A practice's seat
(``seat/lesson_seat.py``) narrows these moves in a subclass.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Protocol

from ..commands.lexicon import CommandKind, Lexicon
from ..commands.parser import Command
from ..commands.which_end import EndQuestion, keeps_the_question, must_ask, placed_without_asking
from ..core.actions import Action, Draw, End, Pass, Play, Refusal
from ..core.engine import Match, Phase
from ..core.events import Drew, Event
from ..core.takeback import TakeBack, take_back
from ..core.tiles import Tile
from ..core.told import draw_run_goes_on
from ..core.view import SeatView
from ..present.coaching import CoachWords
from ..present.feedback import Feedback
from ..present.message import Message
from ..present.options import choices
from ..present.refusals import Move, Refusals
from ..present.replies import Replies
from ..present.take_back import TakeBackWords
from ..present.words import Words
from .moves import Moves, Seating
from .news import SeatNews
from .seat_coach import SeatCoach
from .session import Session


class MovingSeat(Protocol):
    """What the move commands need of their seat (its words are rebuilt with its language: read anew)."""

    match: Match
    seating: Seating
    session: Session
    moves: Moves
    news: SeatNews
    coaching: SeatCoach
    words: Words
    feedback: Feedback
    replies: Replies
    refusals: Refusals
    take_back_words: TakeBackWords
    coach_words: CoachWords
    lexicon: Lexicon

    @property
    def view(self) -> SeatView: ...

    def say(self, message: Message) -> None: ...

    def flush_draws(self) -> None: ...

    def tell_events(self, events: Iterable[Event]) -> None: ...

    def restore_history(self) -> None: ...

    def start_hand(self) -> None: ...


class MoveCommands:
    """One seat's move commands, and the question or offer a move left open."""

    def __init__(self, seat: MovingSeat) -> None:
        self.seat = seat
        self.asking: Play | None = None  # a tile that fits several ends, waiting for the player's choice
        self.question = EndQuestion((), False)  # the ends (arms) offered in the question
        self.enter_plays: Play | None = None  # after a draw: the drawn tile, the only legal play

    def forget(self) -> None:
        """A new or rebuilt match: no question or offer is open."""
        self.asking, self.enter_plays = None, None

    # ------------------------------------------------------------- the open question

    def answered(self, line: str) -> bool:
        """The line answers the question asked (which end) or takes the play offered (Enter after a
        draw): the answer is made here (True); else nothing happened and the line is a command."""
        seat = self.seat
        if self.enter_plays is not None and self._takes_the_offer(line):
            self.play(self.enter_plays)
            return True
        if self.asking is not None:
            asked = self.asking
            end = self.question.answer(line, seat.lexicon)
            if end is not None:
                self.asking = None
                self.play(Play(asked.seat, asked.tile, end))
                return True
            if self.question.names_another_arm(line, seat.lexicon):  # an arm not offered: ask again
                self._ask_end(asked.tile)
                return True
        return False  # still open: the command the line is keeps it or drops it (``aside``)

    def aside(self, kind: CommandKind | None) -> bool:
        """A line that answered no question was read as ``kind`` (None: as no command): while the
        which-end question is open, a review or a setting keeps it, and so does a line not understood
        (a typo, or a word a network table's lobby knows): True, ask it again after the answer. Any
        other command drops it, the tile back in hand."""
        if self.asking is None:
            return False
        if kind is None or keeps_the_question(kind):
            return True
        self.asking = None
        return False

    def ask_again(self) -> None:
        """The which-end question, again (after a review answered while it was open)."""
        if self.asking is not None:
            self._ask_end(self.asking.tile)

    def _takes_the_offer(self, line: str) -> bool:
        """Enter, or ``play`` alone, after a draw whose tile is the only legal play."""
        words = line.split()
        return not words or (len(words) == 1 and self.seat.lexicon.command(words[0]) is CommandKind.PLAY)

    def _ask_end(self, tile: Tile) -> None:
        seat, view = self.seat, self.seat.view
        seat.say(seat.feedback.ask_end(tile, self.question.ends, view.ends or (), view.end_is_double))

    # ------------------------------------------------------------- refusals

    def not_now(self) -> bool:
        """Refuse a move when it is not the player's turn; True if refused."""
        seat = self.seat
        if seat.match.phase is Phase.HAND_OVER:
            seat.say(seat.refusals.move(Refusal.HAND_OVER, Move(seat.view)))
            return True
        if seat.match.turn != seat.seating.human:
            seat.say(seat.refusals.move(Refusal.NOT_YOUR_TURN, Move(seat.view)))
            return True
        return False

    def refuse(self, action: Action) -> None:
        """Say why an action is not legal, and what is."""
        seat = self.seat
        seat.say(seat.refusals.move(seat.match.check(action), Move(seat.view, action)))

    # ------------------------------------------------------------- the moves

    def on_play(self, command: Command) -> None:
        if self.not_now():
            return
        assert command.tile is not None
        seat, human = self.seat, self.seat.seating.human
        view = seat.view
        if command.tile not in view.hand:
            refused = Move(view, Play(human, command.tile, End.LEFT))
            seat.say(seat.refusals.move(Refusal.NOT_IN_HAND, refused))
            return
        legal_ends = [a.end for a in view.legal_actions if isinstance(a, Play) and a.tile == command.tile]
        if command.end is None and command.ends:  # "2-9:1,4": asked among the ends the line showed
            named = [end for end in legal_ends if end in command.ends]
            if not named:
                self.refuse(Play(human, command.tile, command.ends[0]))
                return
            legal_ends = named
        if command.end is None:
            placed = placed_without_asking(legal_ends, view.layout)
            if placed is not None:
                self.play(Play(human, command.tile, placed))
            elif must_ask(legal_ends, view.layout):  # the player chooses, never the program
                self.asking = Play(human, command.tile, legal_ends[0])
                self.question = EndQuestion(tuple(legal_ends), seat.words.many_arms)
                self._ask_end(command.tile)
            else:
                self.refuse(Play(human, command.tile, End.LEFT))
            return
        self.play(Play(human, command.tile, command.end))

    def play(self, action: Play) -> None:
        if self.seat.match.check(action) is not None:
            self.refuse(action)
            return
        self.seat.news.turn_told = False
        self._apply(action)

    def on_draw(self, command: Command) -> None:
        self.draw(command)

    def draw(self, command: Command | None = None) -> None:
        """Draw: until a tile fits when nothing fits, else one tile; saved as a whole, then told."""
        if self.not_now():
            return
        match, human = self.seat.match, self.seat.seating.human
        if match.check(Draw(human)) is not None:
            self.refuse(Draw(human))
            return
        self.enter_plays = None
        forced = not match.playable(human)
        advice = None if forced else self._advice(Draw(human))
        goes_on = partial(draw_run_goes_on, seat=human, forced=forced)
        self.seat.moves.apply(Draw(human), again=goes_on, mover=self._drew)
        self._say_advice(advice)

    def _drew(self, drawn: list[Event]) -> None:
        """The player's own run of draws, told: the reply names the tiles (and offers the only play);
        the history keeps the draws themselves."""
        seat = self.seat
        tiles = [e.tile for e in drawn if isinstance(e, Drew) and e.tile is not None]
        view = seat.view
        message = seat.feedback.drew(tiles, view)
        offered = choices(view).offered(tiles)  # the play the reply offers (Feedback.drew, the same rule)
        if offered is not None:
            self.enter_plays = Play(seat.seating.human, offered.tile, offered.end)
        seat.news.telling.own_draws(tuple(e for e in drawn if isinstance(e, Drew)))  # the events, not advice
        seat.say(message)
        seat.tell_events([e for e in drawn if not isinstance(e, Drew)])

    def on_pass(self, command: Command) -> None:
        if self.not_now():
            return
        action = Pass(self.seat.seating.human)
        if self.seat.match.check(action) is not None:
            self.refuse(action)
            return
        self.seat.news.turn_told = False
        self._apply(action)

    def _apply(self, action: Action) -> None:
        """One of the player's moves: through the moves (applied, saved, then told), then the coach's
        word on it if it has one (before any computer moves)."""
        self.enter_plays = None
        advice = self._advice(action)
        self.seat.moves.apply(action)
        self._say_advice(advice)

    def _advice(self, action: Action) -> Message | None:
        """The coach's line on the player's ``action``, about to be made (None: silent, or no coach)."""
        seat = self.seat
        nxt = (seat.seating.human + 1) % seat.match.players
        return seat.coaching.advice(action, seat.coach_words, seat.words.name(nxt))

    def _say_advice(self, advice: Message | None) -> None:
        if advice is not None:
            self.seat.flush_draws()
            self.seat.say(advice)

    # ------------------------------------------------------------- undo, next hand, Enter

    def on_undo(self, command: Command) -> None:
        """Take back the player's last move of this hand and the computers' after it: the match is
        replayed from its seed without them (core/takeback.py), saved, and its history told again."""
        seat = self.seat
        setting = seat.session.take_back
        if setting is not TakeBack.ON:
            seat.say(seat.take_back_words.refused(setting))
            return
        result = take_back(seat.match, seat.seating.human)
        if result is None:
            seat.say(seat.take_back_words.refused(None))
            return
        seat.match, taken = result
        seat.news.forget()
        self.forget()
        seat.restore_history()
        seat.moves.save()
        seat.say(seat.take_back_words.taken_back(taken, seat.match))

    def on_next(self, command: Command) -> None:
        seat = self.seat
        if seat.match.phase is not Phase.HAND_OVER:
            seat.say(seat.feedback.hand_not_over())
            return
        seat.news.turn_told = False
        seat.start_hand()

    def on_empty(self, command: Command) -> None:
        if self.seat.match.phase is Phase.HAND_OVER:
            self.on_next(command)
        else:
            self.seat.say(self.seat.replies.turn(self.seat.view))


__all__ = ["MoveCommands", "MovingSeat"]
