"""The line's geometry, in one place: its open ends, where a tile may go, what a play scores.

Double-six is played on two ends, left and right (index 0 and 1): both sides
of the opening double are open ends from the start, and under the arms-first
option (DominoPlaza) the second tile must start the side still free. With the
double-nine set the opening double is played on all four sides, with the
double-twelve set on its four sides and four corners (rules.md §6): four or
eight arms, numbered in the order they are started; an arm not yet started is
no end, and until every arm holds a tile only the opening number may be laid,
each such tile starting the next arm.

A play scores when the end it made shows the same number as another open end:
as many points as ends show it, one more if one of their end tiles is a double
(with two ends exactly the double and triple header of §1); on larger sets only
a play made when every arm was already started scores.

``Layout`` is that state as a value. The engine, the scorekeeper's table, the
computer players and the presenters all ask it; the engine's and the fast
simulator's hot loops keep a written-out copy of the double-six case, held to
this one by the tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .actions import End, Refusal
from .events import HeaderKind
from .tiles import SIX_SUIT_MASK, Tile


class Layout(NamedTuple):
    """The open ends of the line and the rules of laying on them."""

    ends: tuple[int, ...]  # the number at each open end: left, right; or each started arm's, in order
    end_tiles: tuple[Tile, ...]  # the tile at each of those ends
    size: int  # ends in all: 2, 4 or 8
    opening: Tile  # the opening double
    two_ends: bool = False  # double-six: both sides of the opening double are ends from the start
    arms_first: bool = True  # the opening double's sides (arms) are filled first

    @classmethod
    def opened(cls, opening: Tile, count: int) -> Layout:
        """The layout right after the opening double, for ``count`` arms (4 or 8)."""
        return cls((), (), count, opening)

    @classmethod
    def two(
        cls, ends: tuple[int, int], end_tiles: tuple[Tile, Tile], opening: Tile, arms_first: bool
    ) -> Layout:
        """A double-six line with these ends (left, right)."""
        return cls(ends, end_tiles, 2, opening, two_ends=True, arms_first=arms_first)

    # ------------------------------------------------------------- reading

    @property
    def all_started(self) -> bool:
        """Every arm holds a tile (on double-six: the arms-first wait is over, or there is none)."""
        if self.two_ends:
            return self.waiting is None
        return len(self.ends) == self.size

    @property
    def started(self) -> int:
        """Arms that hold a tile (larger sets)."""
        return len(self.ends)

    @property
    def waiting(self) -> int | None:
        """Under arms-first, the one end that must be played to next (None when any fitting end may).

        On larger sets this is the next arm to start; on double-six the free side of the opening
        double once the other side holds a tile.
        """
        if not self.arms_first:
            return None
        if not self.two_ends:
            return None if len(self.ends) == self.size else len(self.ends)
        opening = self.opening
        left_free, right_free = self.end_tiles[0] == opening, self.end_tiles[1] == opening
        if left_free != right_free:
            return 0 if left_free else 1
        return None

    @property
    def lone_double(self) -> bool:
        """Only the opening double lies, and its sides are alike: no end needs to be named."""
        return self.two_ends and self.end_tiles[0] == self.opening == self.end_tiles[1]

    @property
    def opening_number(self) -> int:
        return self.opening.low

    def ends_for(self, tile: Tile) -> tuple[int, ...]:
        """The ends (arms) ``tile`` may be laid at; a new arm is the next number."""
        if self.two_ends:
            return fitting_ends(self.ends, self._waiting_end(), tile)
        if len(self.ends) < self.size and self.arms_first:
            return (len(self.ends),) if tile.has(self.opening.low) else ()
        return tuple(arm for arm, number in enumerate(self.ends) if tile.has(number))

    def places_for(self, tile: Tile) -> tuple[int, ...]:
        """The same as ``ends_for`` (the arms a tile may go to)."""
        return self.ends_for(tile)

    def held_back(self, tile: Tile) -> bool:
        """The tile matches an open end that arms-first keeps closed for now."""
        waiting = self.waiting
        if waiting is None or self.ends_for(tile):
            return False
        return any(tile.has(n) for e, n in enumerate(self.ends) if e != waiting)

    def refusal(self, tile: Tile, end: int) -> Refusal | None:
        """Why ``tile`` may not go at ``end`` (None if it may)."""
        if self.two_ends:
            return fit_refusal(self.ends, self._waiting_end(), tile, end)
        places = self.ends_for(tile)
        if end in places:
            return None
        if places:
            return Refusal.OTHER_END_ONLY
        return Refusal.ARMS_FIRST if self.held_back(tile) else Refusal.DOES_NOT_FIT

    def _waiting_end(self) -> End | None:
        waiting = self.waiting
        return None if waiting is None else End(waiting)

    def played(self, tile: Tile, end: int) -> Layout:
        """The layout after ``tile`` is laid at ``end`` (which must be a place for it)."""
        if end == len(self.ends):  # a new arm
            number = tile.other(self.opening.low)
            return self._replace(ends=(*self.ends, number), end_tiles=(*self.end_tiles, tile))
        number = tile.other(self.ends[end])
        ends = (*self.ends[:end], number, *self.ends[end + 1 :])
        end_tiles = (*self.end_tiles[:end], tile, *self.end_tiles[end + 1 :])
        return self._replace(ends=ends, end_tiles=end_tiles)

    def header_base(self, tile: Tile, end: int) -> int:
        """What laying ``tile`` at ``end`` scores before any reduction (0: nothing)."""
        if not self.two_ends and len(self.ends) < self.size:
            return 0  # starting an arm never scores, the last one neither
        after = self.played(tile, end)
        return after.header_at(end)

    def header_at(self, end: int) -> int:
        """The header's value the end ``end`` makes with the other open ends (0: none)."""
        number = self.ends[end]
        matching = [e for e, n in enumerate(self.ends) if n == number]
        if len(matching) < 2:
            return 0
        return len(matching) + (1 if any(self.end_tiles[e].is_double for e in matching) else 0)

    def header_kind(self, tile: Tile, end: int) -> HeaderKind | None:
        """The header laying ``tile`` at ``end`` would make, if any."""
        base = self.header_base(tile, end)
        return header_kind(base) if base else None

    def groups(self) -> list[tuple[int, tuple[int, ...], int]]:
        """The ends grouped by number, in the order first seen: (number, its ends, doubles among them)."""
        seen: dict[int, list[int]] = {}
        for end, number in enumerate(self.ends):
            seen.setdefault(number, []).append(end)
        return [
            (number, tuple(ends), sum(1 for e in ends if self.end_tiles[e].is_double))
            for number, ends in seen.items()
        ]


#: A larger set's line (kept as a name: "the arms").
Arms = Layout

#: the header of each value (2 a double header, 3 a triple, then by their number)
KIND_OF_VALUE: dict[int, HeaderKind] = {
    2: HeaderKind.DOUBLE,
    3: HeaderKind.TRIPLE,
    4: HeaderKind.QUADRUPLE,
    5: HeaderKind.QUINTUPLE,
    6: HeaderKind.SEXTUPLE,
    7: HeaderKind.SEPTUPLE,
    8: HeaderKind.OCTUPLE,
    9: HeaderKind.NONUPLE,
}


def header_kind(base: int) -> HeaderKind:
    """The header of a value: 2 a double header, 3 a triple, more by their number."""
    return KIND_OF_VALUE[base]


# ----------------------------------------------------------- double-six, fast
# The engine's hot path and the scorekeeper ask these with plain tuples.


def arm_lines(
    line: Sequence[tuple[Tile, int, int]], arm_of: Sequence[int], arms: int
) -> tuple[tuple[tuple[Tile, int, int], ...], ...]:
    """Larger sets: each of ``arms`` started arms from the centre outwards, from the line in the order the
    tiles were laid and the arm each went to (-1: the opening double); the engine's and the table's."""
    lines: list[list[tuple[Tile, int, int]]] = [[] for _ in range(arms)]
    for placed, arm in zip(line, arm_of, strict=True):
        if arm >= 0:
            lines[arm].append(placed)
    return tuple(tuple(arm) for arm in lines)


def arms_restricted(first_arms_first: bool, line_length: int) -> bool:
    """The opening-arms rule on double-six, the one place it is written: under first-arms-first, while
    the line is the opening double and one tile, only the double's free side takes a tile (the engine,
    the scorekeeper's table, the fast simulator and the players all ask here)."""
    return first_arms_first and line_length == 2


def fit_masks(  # noqa: PLR0917 - the playouts' hot loop calls it with plain positions
    hand: int, left: int, right: int, left_is_free: bool, first_arms_first: bool, line_length: int
) -> tuple[int, int]:
    """The tiles of ``hand`` (a bit mask) that may go at the left and at the right end now (double-six);
    ``left_is_free``: the left end tile is the opening double itself. The masks are the double-six set's
    alone (``SIX_SUIT_MASK``), so ``hand`` holds double-six tiles only."""
    if first_arms_first and line_length == 2:  # arms_restricted, inline: the playouts' hottest line
        return (hand & SIX_SUIT_MASK[left], 0) if left_is_free else (0, hand & SIX_SUIT_MASK[right])
    return hand & SIX_SUIT_MASK[left], hand & SIX_SUIT_MASK[right]


def arms_end(
    first_arms_first: bool, line_length: int, end_tiles: tuple[Tile, ...], opening: Tile | None
) -> End | None:
    """Under first-arms-first, the only end open while one side of the opening double is free."""
    if arms_restricted(first_arms_first, line_length):
        return End.LEFT if end_tiles[0] == opening else End.RIGHT
    return None


def fitting_ends(ends: tuple[int, ...], arms: End | None, tile: Tile) -> tuple[End, ...]:
    """The ends ``tile`` may be laid at (double-six)."""
    return tuple(end for end in End if (arms is None or end is arms) and tile.has(ends[end]))


def fit_refusal(ends: tuple[int, ...], arms: End | None, tile: Tile, end: int) -> Refusal | None:
    """Why ``tile`` may not go at ``end`` (None if it may) — double-six."""
    if end not in (0, 1):
        return Refusal.DOES_NOT_FIT
    fits = (tile.has(ends[0]), tile.has(ends[1]))
    if arms is None or end == arms:
        if fits[end]:
            return None
        if fits[1 - end]:
            return Refusal.OTHER_END_ONLY if arms is None else Refusal.ARMS_FIRST
        return Refusal.DOES_NOT_FIT
    # The chosen end is closed until the opening double's other side is covered.
    if fits[end]:
        return Refusal.ARMS_FIRST
    return Refusal.OTHER_END_ONLY if fits[arms] else Refusal.DOES_NOT_FIT
