"""Tiles of the double-six, double-nine and double-twelve sets.

A tile is an ``int`` so that hands can be bit masks and tables can be indexed
directly; it still prints and parses as ``3-5``. The 91 tiles of the largest
set are numbered so that each smaller set is a prefix: the double-six tiles
are 0 to 27 (0-0, 0-1, …, 0-6, 1-1, …, 6-6, as they always were), then come
the tiles whose higher half is 7 (0-7 … 7-7), 8, and so on; the double-nine
set is the first 55, the double-twelve set all 91. ``TileSet`` is one set: its
tiles, doubles and mask. ``TILES`` and ``DOUBLES`` stay the double-six set's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

HIGHEST_NUMBER = 6  # of the double-six set (the default)
LARGEST = 12  # the highest number of any set
NUMBERS = tuple(range(HIGHEST_NUMBER + 1))
ALL_NUMBERS = tuple(range(LARGEST + 1))


class Tile(int):
    """One tile; the double-six tiles are 0-27, larger sets' tiles follow."""

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
    def key(self) -> tuple[int, int]:
        """How tiles are put in order for people: by the lower half, then the higher (0-7 before 1-1)."""
        return (_LOW[self], _HIGH[self])

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
    pairs = [(low, high) for low in NUMBERS for high in range(low, HIGHEST_NUMBER + 1)]
    pairs += [(low, high) for high in range(HIGHEST_NUMBER + 1, LARGEST + 1) for low in range(high + 1)]
    return (
        tuple(Tile(i) for i in range(len(pairs))),
        tuple(low for low, _ in pairs),
        tuple(high for _, high in pairs),
    )


EVERY_TILE, _LOW, _HIGH = _build()

_BY_PAIR: dict[tuple[int, int], Tile] = {}
for _t in EVERY_TILE:
    _BY_PAIR[(_LOW[_t], _HIGH[_t])] = _t
    _BY_PAIR[(_HIGH[_t], _LOW[_t])] = _t

# _OTHER[t][n]: the other half of t when one half shows n; -1 if t has no n.
_OTHER: tuple[tuple[int, ...], ...] = tuple(
    tuple((_HIGH[t] if _LOW[t] == n else _LOW[t]) if n in (_LOW[t], _HIGH[t]) else -1 for n in ALL_NUMBERS)
    for t in EVERY_TILE
)

#: SUIT_MASK[n]: bit mask of every tile (of any set) with a half showing ``n``.
SUIT_MASK: tuple[int, ...] = tuple(sum(1 << t for t in EVERY_TILE if t.has(n)) for n in ALL_NUMBERS)


class TileSet:
    """A set of tiles: double-six, double-nine or double-twelve (its highest number)."""

    def __init__(self, highest: int) -> None:
        if highest not in SET_SIZES:
            raise ValueError(f"no double-{highest} set")
        self.highest: int = highest
        self.count: int = (highest + 1) * (highest + 2) // 2
        self.tiles: tuple[Tile, ...] = EVERY_TILE[: self.count]
        self.numbers = tuple(range(highest + 1))
        self.doubles: tuple[Tile, ...] = tuple(t for t in self.tiles if t.is_double)
        self.mask: int = (1 << self.count) - 1
        self.doubles_mask: int = sum(1 << t for t in self.doubles)

    def __contains__(self, item: object) -> bool:
        return isinstance(item, int) and 0 <= item < self.count

    def __repr__(self) -> str:
        return f"TileSet({self.highest})"


SET_SIZES = (6, 9, 12)
_SETS: dict[int, TileSet] = {}


def tile_set(highest: int) -> TileSet:
    """The set whose highest double is ``highest``-``highest`` (made once)."""
    if highest not in _SETS:
        _SETS[highest] = TileSet(highest)
    return _SETS[highest]


#: every double of every set: a hand's doubles, whichever set it is of
EVERY_DOUBLE_MASK: int = tile_set(12).doubles_mask
DOUBLE_SIX = tile_set(6)
TILES = DOUBLE_SIX.tiles
ALL_TILES_MASK = DOUBLE_SIX.mask
DOUBLES = DOUBLE_SIX.doubles

#: SIX_SUIT_MASK[n]: the double-six tiles with a half showing ``n`` (n from 0 to 6). The double-six hot
#: paths mask with these: a 28-bit mask is one machine digit of a Python int, while ``SUIT_MASK`` holds the
#: larger sets' tiles too (91 bits), which makes every ``hand & mask`` a slower many-digit operation.
SIX_SUIT_MASK: tuple[int, ...] = tuple(SUIT_MASK[n] & ALL_TILES_MASK for n in NUMBERS)


def tile(a: int, b: int) -> Tile:
    """The tile with halves ``a`` and ``b`` in either order.

    >>> tile(5, 3)
    tile(3, 5)
    """
    try:
        return _BY_PAIR[(a, b)]
    except KeyError:
        raise ValueError(f"no tile {a}-{b}") from None


#: the marks a tile may be written with between its numbers: 3-5, 3|5, 3/5, 3.5, 3,5, 3:5
MARKS = "-|/.,:"
_MARKED = re.compile(r"(\d{1,2})[" + re.escape(MARKS) + r"](\d{1,2})", re.ASCII)
_TWO_DIGITS = re.compile(r"(\d)(\d)", re.ASCII)
_SPACED_MARK = re.compile(r"\s*([" + re.escape(MARKS) + r"])\s*")


def tile_numbers(word: str, *, marked: bool = False) -> tuple[int, int] | None:
    """The two numbers one typed word writes a tile with, the one notation of every parser: two numbers
    with a mark between (``3-5``, ``10-12``), or two digits alone (``35``) unless ``marked`` asks for the
    mark; None for anything else. Whether they are a tile of the set is ``read_tile``'s question.

    >>> tile_numbers("3|5"), tile_numbers("35"), tile_numbers("35", marked=True), tile_numbers("1-12")
    ((3, 5), (3, 5), None, (1, 12))
    """
    found = _MARKED.fullmatch(word) or (None if marked else _TWO_DIGITS.fullmatch(word))
    if found is None or any(len(n) > 1 and n.startswith("0") for n in found.groups()):
        return None
    return int(found[1]), int(found[2])


def tile_and_rest(word: str) -> tuple[tuple[int, int], str] | None:
    """A word that starts with a tile written with its mark and goes on with something else: where the
    terse lines say it goes (``1-4L``, ``2-4sa``, ``3-5:1,3``). The tile's numbers and the rest; None
    for a word that is a tile alone or does not start with one.

    >>> tile_and_rest("1-4L"), tile_and_rest("10-12:3"), tile_and_rest("1-4"), tile_and_rest("1-45")
    (((1, 4), 'L'), ((10, 12), ':3'), None, None)
    """
    found = _MARKED.match(word)
    if found is None or found.end() == len(word) or word[found.end()].isdigit():
        return None
    if any(len(n) > 1 and n.startswith("0") for n in found.groups()):
        return None
    return (int(found[1]), int(found[2])), word[found.end() :]


def read_tile(word: str, highest: int = HIGHEST_NUMBER, *, marked: bool = False) -> Tile | None:
    """One typed word as a tile of the set whose highest number is ``highest`` (None if it is none)."""
    numbers = tile_numbers(word, marked=marked)
    if numbers is None or max(numbers) > highest:
        return None
    return tile(*numbers)


def closed_marks(text: str) -> str:
    """``3 - 5`` as ``3-5``: the spaces around a mark taken out, so a tile is one word."""
    return _SPACED_MARK.sub(r"\1", text)


def parse_tile(text: str, highest: int = HIGHEST_NUMBER) -> Tile:
    """Parse ``3-5``, ``35``, ``5 3`` or ``3|5`` (order free); numbers above 9 need the mark (``10-12``).

    >>> parse_tile("5 3")
    tile(3, 5)
    >>> parse_tile("10-12", 12)
    tile(10, 12)
    """
    words = closed_marks(text).split()
    spaced = len(words) == 2 and all(w.isascii() and w.isdigit() for w in words)  # "5 3": a space as mark
    numbers = tile_numbers("-".join(words) if spaced else " ".join(words))
    if numbers is None:
        raise ValueError(f"not a tile: {text!r}")
    if max(numbers) > highest:
        raise ValueError(f"not a tile of the double-{highest} set: {text!r}")
    return tile(*numbers)


def mask_of(tiles: Iterable[int]) -> int:
    """Bit mask holding the given tiles."""
    mask = 0
    for t in tiles:
        mask |= 1 << t
    return mask


def tiles_in(mask: int) -> Iterator[Tile]:
    """The tiles of a bit mask, in ascending index order (for double-six also the people's order)."""
    while mask:
        low_bit = mask & -mask
        yield EVERY_TILE[low_bit.bit_length() - 1]
        mask ^= low_bit


def in_order(tiles: Iterable[Tile]) -> list[Tile]:
    """Tiles as people order them: by the lower half, then the higher (in every set)."""
    return sorted(tiles, key=lambda t: (_LOW[t], _HIGH[t]))
