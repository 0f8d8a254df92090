"""The scorekeeper's plain tally: the table calls out only what scores.

"Anna opens with 1-1", "Anna double header", "Cem triple", "Mia out",
"blocked, Anna wins": each call is scored by the preset's values and
reduction through the same ``Scoreboard`` as a played match. A hand starts
with its opening (which scores when the rules say the opening double does)
and ends with going out or a block; nothing else is taken before the opening.
Sheets kept before openings were called (``openings=False``) still replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .actions import IllegalActionError, Refusal
from .events import Decider, Event, HandEnded, HeaderKind, Opened
from .rules import Rules
from .scoreboard import Scoreboard
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class CallOpen:
    """``seat`` opened the hand with the double ``tile``."""

    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class CallHeader:
    """``seat`` made a header of ``kind``."""

    seat: int
    kind: HeaderKind


@dataclass(frozen=True, slots=True)
class CallOut:
    """``seat`` laid the last tile."""

    seat: int


@dataclass(frozen=True, slots=True)
class CallBlocked:
    """The hand was blocked and ``winner`` (a side, or None for nobody) won it."""

    winner: int | None


Call = CallOpen | CallHeader | CallOut | CallBlocked


class Tally:
    """Scores from calls alone."""

    def __init__(self, rules: Rules, scores: Sequence[int] | None = None, *, openings: bool = True) -> None:
        self.rules = rules
        self.board = Scoreboard(rules, scores)
        self.starting_scores = tuple(self.board.scores)
        self.openings = openings
        self.hand_number = 1
        self.opened = not openings  # whether this hand's opening was called
        self.entries: list[Call] = []
        self.history: list[Event] = []
        self.is_over = False

    @classmethod
    def replay(
        cls, rules: Rules, scores: Sequence[int] | None, entries: Sequence[Call], *, openings: bool = True
    ) -> Tally:
        tally = cls(rules, scores, openings=openings)
        for entry in entries:
            tally.apply(entry)
        return tally

    @property
    def scores(self) -> list[int]:
        return self.board.scores

    @property
    def target(self) -> int:
        return self.board.target

    @property
    def winner(self) -> int | None:
        return self.board.winner

    def check(self, call: Call) -> Refusal | None:
        if self.is_over:
            return Refusal.MATCH_OVER
        if isinstance(call, CallBlocked):
            ok = call.winner is None or 0 <= call.winner < self.rules.sides
        else:
            ok = 0 <= call.seat < self.rules.players
        if not ok:
            return Refusal.NO_SUCH_SEAT
        if isinstance(call, CallOpen):
            if self.opened:
                return Refusal.HAND_UNDER_WAY
            return None if call.tile.is_double else Refusal.NOT_A_DOUBLE
        return None if self.opened else Refusal.OPENING_FIRST

    def apply(self, call: Call) -> list[Event]:
        reason = self.check(call)
        if reason is not None:
            raise IllegalActionError(reason, call)
        events: list[Event] = []
        board = self.board
        if isinstance(call, CallOpen):
            self.opened = True
            events.append(Opened(call.seat, call.tile))
            scores = self.rules.opening_double_scores
            won = scores and board.header(call.seat, self.rules.side_of(call.seat), HeaderKind.DOUBLE, events)
        elif isinstance(call, CallHeader):
            won = board.header(call.seat, self.rules.side_of(call.seat), call.kind, events)
        elif isinstance(call, CallOut):
            won = board.went_out(call.seat, self.rules.side_of(call.seat), events)
        else:
            won = board.blocked((), (), events, called=(call.winner, Decider.CALLED))
        if won:
            self.is_over = True
        elif isinstance(call, CallOut | CallBlocked):
            events.append(HandEnded(self.hand_number, tuple(board.scores)))
            self.hand_number += 1
            self.opened = not self.openings
        self.entries.append(call)
        self.history.extend(events)
        return events
