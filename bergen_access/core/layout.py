"""The line as arms around the opening double: where a tile may go, and what a play scores.

Double-six is played on two ends (left and right). With the double-nine set
the opening double is played on all four sides, with the double-twelve set on
its four sides and four corners (rules.md §6): four or eight arms, numbered in
the order they are started, each with the number at its open end. Until every
arm holds a tile only the opening number may be laid, each tile starting the
next arm; an arm not yet started is no end. A play made when every arm was
already started scores when the end it made shows the same number as another
open end: as many points as there are such ends, one more if one of their end
tiles is a double (with two ends, exactly the double and triple header).

``Arms`` is that state as a value; the functions below are the rules of it,
asked by the engine, the scorekeeper's table, the computer players and the
presenters alike. (The engine keeps a faster, written-out copy of the
double-six case, held to these by the tests.)
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import Refusal
from .events import HeaderKind
from .tiles import Tile

#: the header of each value on larger sets (a pair is a double header, a pair with a double a triple)
KIND_OF_VALUE: dict[int, HeaderKind] = {}


class Arms(NamedTuple):
    """The open ends of a line with more than two arms (double-nine, double-twelve)."""

    ends: tuple[int, ...]  # the number at each arm's end, in the order started (started arms only)
    end_tiles: tuple[Tile, ...]  # the tile at each started arm's end
    size: int  # arms in all: 4 or 8
    opening: Tile  # the opening double

    @classmethod
    def opened(cls, opening: Tile, count: int) -> Arms:
        return cls((), (), count, opening)

    @property
    def all_started(self) -> bool:
        return len(self.ends) == self.size

    def places_for(self, tile: Tile) -> tuple[int, ...]:
        """The arms ``tile`` may go to (a new arm is the next number)."""
        if not self.all_started:
            return (len(self.ends),) if tile.has(self.opening.low) else ()
        return tuple(arm for arm, number in enumerate(self.ends) if tile.has(number))

    def refusal(self, tile: Tile, arm: int) -> Refusal | None:
        """Why ``tile`` may not go to ``arm`` (None if it may)."""
        places = self.places_for(tile)
        if arm in places:
            return None
        if not self.all_started:
            if any(tile.has(number) for number in self.ends):
                return Refusal.ARMS_FIRST  # matches a started arm, but every arm comes first
            return Refusal.DOES_NOT_FIT if not places else Refusal.OTHER_END_ONLY
        return Refusal.OTHER_END_ONLY if places else Refusal.DOES_NOT_FIT

    def played(self, tile: Tile, arm: int) -> Arms:
        """The arms after ``tile`` is laid at ``arm`` (which must be a place for it)."""
        if arm == len(self.ends):  # a new arm
            number = tile.other(self.opening.low)
            return self._replace(ends=(*self.ends, number), end_tiles=(*self.end_tiles, tile))
        number = tile.other(self.ends[arm])
        ends = self.ends[:arm] + (number,) + self.ends[arm + 1 :]
        end_tiles = self.end_tiles[:arm] + (tile,) + self.end_tiles[arm + 1 :]
        return self._replace(ends=ends, end_tiles=end_tiles)

    def header_base(self, tile: Tile, arm: int) -> int:
        """What laying ``tile`` at ``arm`` scores before any reduction (0: nothing)."""
        if not self.all_started:
            return 0  # starting an arm never scores, the last one neither
        after = self.played(tile, arm)
        number = after.ends[arm]
        matching = [a for a, n in enumerate(after.ends) if n == number]
        if len(matching) < 2:
            return 0
        return len(matching) + (1 if any(after.end_tiles[a].is_double for a in matching) else 0)


def header_kind(base: int) -> HeaderKind:
    """The header of a value on larger sets: 2 a double header, 3 a triple, more by their number."""
    return KIND_OF_VALUE[base]


def _kinds() -> None:
    names = {2: "DOUBLE", 3: "TRIPLE", 4: "QUADRUPLE", 5: "QUINTUPLE", 6: "SEXTUPLE", 7: "SEPTUPLE"}
    names |= {8: "OCTUPLE", 9: "NONUPLE"}
    for value, name in names.items():
        KIND_OF_VALUE[value] = HeaderKind[name]


_kinds()
