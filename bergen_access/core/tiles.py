"""Tiles of the double-six set.

A tile is an ``int`` from 0 to 27 so that hands can be bit masks and tables can
be indexed directly; it still prints and parses as ``3-5``. The 28 tile objects
are created once, in ``TILES``; every other part of the program uses them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

HIGHEST_NUMBER = 6
NUMBERS = tuple(range(HIGHEST_NUMBER + 1))


class Tile(int):
    """One of the 28 tiles, ordered 0-0, 0-1, …, 0-6, 1-1, …, 6-6."""

    __slots__ = ()

    @property
    def low(self) -> int:
        """The smaller number."""
        return _LOW[self]

    @property
    def high(self) -> int:
        """The larger number."""
        return _HIGH[self]

    @property
    def is_double(self) -> bool:
        """Both halves show the same number."""
        return _LOW[self] == _HIGH[self]

    @property
    def pips(self) -> int:
        """Sum of both halves."""
        return _LOW[self] + _HIGH[self]

    def has(self, number: int) -> bool:
        """Whether one half shows ``number``."""
        return _LOW[self] == number or _HIGH[self] == number

    def other(self, number: int) -> int:
        """The half opposite the half showing ``number``."""
        return _OTHER[self][number]

    @property
    def notation(self) -> str:
        """Compact notation, the same in every language: ``3-5``."""
        return f"{_LOW[self]}-{_HIGH[self]}"

    def __bool__(self) -> bool:
        """Every tile is something, 0-0 included (it is the int 0 underneath)."""
        return True

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"tile({_LOW[self]}, {_HIGH[self]})"


def _build() -> tuple[tuple[Tile, ...], tuple[int, ...], tuple[int, ...]]:
    lows: list[int] = []
    highs: list[int] = []
    for low in NUMBERS:
        for high in range(low, HIGHEST_NUMBER + 1):
            lows.append(low)
            highs.append(high)
    return tuple(Tile(i) for i in range(len(lows))), tuple(lows), tuple(highs)


TILES, _LOW, _HIGH = _build()
TILE_COUNT = len(TILES)
ALL_TILES_MASK = (1 << TILE_COUNT) - 1
DOUBLES = tuple(t for t in TILES if t.is_double)

_BY_PAIR: dict[tuple[int, int], Tile] = {}
for _t in TILES:
    _BY_PAIR[(_LOW[_t], _HIGH[_t])] = _t
    _BY_PAIR[(_HIGH[_t], _LOW[_t])] = _t

# _OTHER[t][n]: the other half of t when one half shows n; -1 if t has no n.
_OTHER: tuple[tuple[int, ...], ...] = tuple(
    tuple((_HIGH[t] if _LOW[t] == n else _LOW[t]) if n in (_LOW[t], _HIGH[t]) else -1 for n in NUMBERS)
    for t in TILES
)

#: SUIT_MASK[n]: bit mask of every tile with a half showing ``n``.
SUIT_MASK: tuple[int, ...] = tuple(sum(1 << t for t in TILES if t.has(n)) for n in NUMBERS)
DOUBLES_MASK = sum(1 << t for t in DOUBLES)


def tile(a: int, b: int) -> Tile:
    """The tile with halves ``a`` and ``b`` in either order.

    >>> tile(5, 3)
    tile(3, 5)
    """
    try:
        return _BY_PAIR[(a, b)]
    except KeyError:
        raise ValueError(f"no tile {a}-{b} in a double-six set") from None


_NOTATION = re.compile(r"^\s*([0-6])\s*[-|/:., ]?\s*([0-6])\s*$")


def parse_tile(text: str) -> Tile:
    """Parse ``3-5``, ``35``, ``5 3`` or ``3|5`` (order free).

    >>> parse_tile("5 3")
    tile(3, 5)
    """
    match = _NOTATION.match(text)
    if match is None:
        raise ValueError(f"not a tile: {text!r}")
    return tile(int(match.group(1)), int(match.group(2)))


def mask_of(tiles: Iterable[int]) -> int:
    """Bit mask holding the given tiles."""
    mask = 0
    for t in tiles:
        mask |= 1 << t
    return mask


def tiles_in(mask: int) -> Iterator[Tile]:
    """The tiles of a bit mask, in ascending order."""
    while mask:
        low_bit = mask & -mask
        yield TILES[low_bit.bit_length() - 1]
        mask ^= low_bit


def count_of(mask: int) -> int:
    """Number of tiles in a bit mask."""
    return mask.bit_count()
