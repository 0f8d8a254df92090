"""What happened, as data: the engine's output, the presenters' input.

Events hold seats, sides, tiles and numbers, never words. They are named
tuples for speed, with equality that also compares the type, so two kinds of
event with equal fields are never equal. ``seen_by`` gives the form a given
seat may know (other players' tiles hidden).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple, TypeVar

from .rules import BlockedRule
from .tiles import Tile

Hand = tuple[Tile, ...]


class HeaderKind(StrEnum):
    """Both open ends show the same number; triple when one end tile is a double.

    With more arms (rules.md §6) a header is worth as many points as ends show the number, one more
    with a double among them: 4 to 9 are the larger headers. The tally calls only double and triple.
    """

    DOUBLE = "double"
    TRIPLE = "triple"
    QUADRUPLE = "quadruple"
    QUINTUPLE = "quintuple"
    SEXTUPLE = "sextuple"
    SEPTUPLE = "septuple"
    OCTUPLE = "octuple"
    NONUPLE = "nonuple"

    @property
    def size(self) -> int:
        """Its value on the larger sets: 2 for a double header, 3 for a triple, and so on."""
        return _HEADER_SIZES[self]


_HEADER_SIZES = {
    HeaderKind.DOUBLE: 2,
    HeaderKind.TRIPLE: 3,
    HeaderKind.QUADRUPLE: 4,
    HeaderKind.QUINTUPLE: 5,
    HeaderKind.SEXTUPLE: 6,
    HeaderKind.SEPTUPLE: 7,
    HeaderKind.OCTUPLE: 8,
    HeaderKind.NONUPLE: 9,
}


class Decider(StrEnum):
    """What settled a blocked hand."""

    FEWEST_DOUBLES = "fewest-doubles"  # german: one side had fewer doubles
    FEWER_PIPS = "fewer-pips"  # pips among the tied (or all) sides
    NO_DOUBLE = "no-double"  # american: the only side without a double
    SINGLE_PIPS = "single-pips"  # american: all held doubles; pips of the other tiles
    TIE = "tie"  # complete tie, nobody scores
    NO_AWARD = "no-award"  # the blocked rule awards nothing
    CALLED = "called"  # the table said who won (scorekeeper's tally)


def _strict_eq(self: tuple[Any, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _strict_ne(self: tuple[Any, ...], other: object) -> bool:
    return not _strict_eq(self, other)


def _typed_hash(self: tuple[Any, ...]) -> int:
    return hash((type(self).__name__, tuple.__hash__(self)))


_T = TypeVar("_T", bound=type)


def typed_equality(cls: _T) -> _T:
    """An event type whose equality also compares the type: a named tuple alone would find two kinds of
    event with equal fields equal (``setattr``: mypy refuses assigning to a NamedTuple's methods)."""
    setattr(cls, "__eq__", _strict_eq)  # noqa: B010
    setattr(cls, "__ne__", _strict_ne)  # noqa: B010
    setattr(cls, "__hash__", _typed_hash)  # noqa: B010
    return cls


class Holding(NamedTuple):
    """What a side still held when its hand was blocked."""

    doubles: int
    pips: int
    single_pips: int  # pips of the tiles that are not doubles


@typed_equality
class HandDealt(NamedTuple):
    """A new hand (or a redeal) was dealt; ``hands`` has None where unknown."""

    hand: int
    hands: tuple[Hand | None, ...]
    tiles_each: int
    stock: int
    drawable: int

    def seen_by(self, seat: int) -> HandDealt:
        return self._replace(hands=tuple(h if i == seat else None for i, h in enumerate(self.hands)))


@typed_equality
class Redeal(NamedTuple):
    """Nobody held a double: the tiles are shuffled and dealt again."""

    hand: int


@typed_equality
class Opened(NamedTuple):
    """The opener laid the opening double."""

    seat: int
    tile: Tile


@typed_equality
class TilePlayed(NamedTuple):
    """A tile was laid; ``left`` and ``right`` are the open ends after it.

    ``left_double`` and ``right_double``: whether the tile at that end is a
    double (a listener need not follow the line to say "double 3"). With more
    arms (double-nine, double-twelve) ``end`` is the arm (0 for arm 1) and
    ``ends``/``end_doubles`` give every started arm's end; ``left`` and
    ``right`` are then -1, and ``new_arm`` says the tile started that arm.
    """

    seat: int
    tile: Tile
    end: int  # an End on double-six, the arm's index with more arms
    left: int
    right: int
    left_double: bool = False
    right_double: bool = False
    ends: tuple[int, ...] = ()
    end_doubles: tuple[bool, ...] = ()
    new_arm: bool = False  # the tile started an arm of the opening double (larger sets)


@typed_equality
class Drew(NamedTuple):
    """A seat drew one tile; ``tile`` is None for those who may not see it."""

    seat: int
    tile: Tile | None
    stock: int
    drawable: int

    def seen_by(self, seat: int) -> Drew:
        return self if seat == self.seat else self._replace(tile=None)


@typed_equality
class Passed(NamedTuple):
    """A seat passed."""

    seat: int


@typed_equality
class HeaderScored(NamedTuple):
    """A header: ``base`` before reduction, ``value`` awarded, side's new ``total``."""

    seat: int
    side: int
    kind: HeaderKind
    base: int
    value: int
    total: int


@typed_equality
class WentOut(NamedTuple):
    """A seat laid its last tile; ``value`` is the award (may be 0)."""

    seat: int
    side: int
    base: int
    value: int
    total: int


@typed_equality
class HandBlocked(NamedTuple):
    """Nobody could play or draw; the blocked rule compared the sides.

    ``holdings`` is per side, ``hands`` per seat (revealed); ``winner`` is the
    winning side or None, ``total`` its new total.
    """

    rule: BlockedRule
    holdings: tuple[Holding, ...]
    hands: tuple[Hand, ...]
    decided_by: Decider
    winner: int | None
    value: int
    total: int | None


@typed_equality
class CountersDiscarded(NamedTuple):
    """Counter tally: a side discarded ``discarded`` counters and holds ``left``."""

    seat: int | None
    side: int
    discarded: int
    left: int


@typed_equality
class HandEnded(NamedTuple):
    """The hand is over; ``totals`` per side."""

    hand: int
    totals: tuple[int, ...]


@typed_equality
class MatchWon(NamedTuple):
    """A side reached the target; the match is over."""

    side: int
    totals: tuple[int, ...]


Event = (
    HandDealt
    | Redeal
    | Opened
    | TilePlayed
    | Drew
    | Passed
    | HeaderScored
    | WentOut
    | HandBlocked
    | CountersDiscarded
    | HandEnded
    | MatchWon
)

EVENT_TYPES: tuple[type[Any], ...] = (
    HandDealt,
    Redeal,
    Opened,
    TilePlayed,
    Drew,
    Passed,
    HeaderScored,
    WentOut,
    HandBlocked,
    CountersDiscarded,
    HandEnded,
    MatchWon,
)


def seen_by(event: Event, seat: int) -> Event:
    """The event as ``seat`` may know it (others' tiles hidden)."""
    if isinstance(event, HandDealt | Drew):
        return event.seen_by(seat)
    return event
