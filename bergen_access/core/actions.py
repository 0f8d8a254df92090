"""What a seat can do, and the codes that explain a refusal.

Actions are small immutable values (dataclasses, so a ``Draw`` never equals a
``Pass`` of the same seat). The engine keeps one instance of every
possible action (``ALL_PLAYS``, ``ALL_DRAWS``, ``ALL_PASSES``, ``play_action``) so
that listing legal actions allocates nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from .refused import Refused
from .tiles import TILES, Tile

MAX_SEATS = 4


class End(IntEnum):
    """The two open ends of the line."""

    LEFT = 0
    RIGHT = 1

    @property
    def word(self) -> str:
        """Stable name used in saves and JSON."""
        return "left" if self is End.LEFT else "right"


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``tile`` from the hand at ``end`` of the line.

    On double-six ``end`` is an ``End`` (left or right); with more arms (double-nine,
    double-twelve) it is the arm's index, 0 for arm 1, in the order the arms were started.
    """

    seat: int
    tile: Tile
    end: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one tile from the stock."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn: nothing fits and nothing may be drawn."""

    seat: int


Action = Play | Draw | Pass


class Refusal(StrEnum):
    """Why an action is not legal now. The interface puts it into words."""

    NOT_STARTED = "not-started"
    HAND_OVER = "hand-over"
    HAND_UNDER_WAY = "hand-under-way"
    MATCH_OVER = "match-over"
    NOT_YOUR_TURN = "not-your-turn"
    NO_SUCH_SEAT = "no-such-seat"
    NOT_IN_HAND = "not-in-hand"
    DOES_NOT_FIT = "does-not-fit"
    OTHER_END_ONLY = "other-end-only"
    ARMS_FIRST = "arms-first"
    MUST_PLAY = "must-play"
    NOTHING_TO_DRAW = "nothing-to-draw"
    MUST_DRAW = "must-draw"
    # Refusals of the scorekeeper's table, where hands are not known:
    WRONG_PHASE = "wrong-phase"  # e.g. a play while the opening double is awaited
    NOT_A_DOUBLE = "not-a-double"  # the opening must be a double
    ALREADY_PLAYED = "already-played"  # that tile lies on the table already
    NO_TILES_LEFT = "no-tiles-left"  # the seat holds no tile
    TOO_MANY_DRAWS = "too-many-draws"  # more than the stock allows
    ALREADY_REVEALED = "already-revealed"  # that side's tiles were entered already
    BAD_HOLDING = "bad-holding"  # no set of the side's tiles can have these doubles and pips
    WRONG_COUNT = "wrong-count"  # more or fewer tiles than the side holds
    CLAIMED = "claimed"  # another side's holding has that tile already
    WOULD_FIT = "would-fit"  # that tile fits an open end: the hand was not blocked for its holder
    OPENING_FIRST = "opening-first"  # the tally: who opened (and with which double) comes first


class IllegalActionError(Refused):
    """Raised by ``Match.apply`` (and the scorekeeper's table and tally) for what is not legal now."""

    def __init__(self, reason: Refusal, action: object) -> None:
        super().__init__(reason, action=action)
        self.reason = reason
        self.action = action


ALL_PLAYS: tuple[tuple[tuple[Play, Play], ...], ...] = tuple(
    tuple((Play(seat, t, End.LEFT), Play(seat, t, End.RIGHT)) for t in TILES) for seat in range(MAX_SEATS)
)
ALL_DRAWS = tuple(Draw(seat) for seat in range(MAX_SEATS))
ALL_PASSES = tuple(Pass(seat) for seat in range(MAX_SEATS))


def play_action(seat: int, tile: Tile, end: End) -> Play:
    """The shared ``Play`` value for a seat, tile and end."""
    return ALL_PLAYS[seat][tile][end]
