"""The headers open ends offer on four or eight arms, and the tiles they let in (rules.md §6).

``core.layout.Arms`` says where one tile may go and what one play scores. A
player judging ends asks the converse: which tiles would score here, and how
much. With every arm started a tile ``x-y`` (x and y different) scores
wherever it goes when both numbers show on ends: laid on an arm showing
``x`` it makes a ``y`` end beside the others, worth one more than the ends
showing ``y``, and one more again when ``y``'s double is one of them. The
double ``y-y`` scores when two ends or more show ``y``: one more than they.
The tests hold these to ``Arms.header_base`` tile by tile.
"""

from __future__ import annotations

from ..core.layout import Arms
from ..core.tiles import SUIT_MASK, tile


def reach_mask(spread: Arms) -> int:
    """Every tile that may be laid on ``spread`` now (``Arms.places_for`` not empty), as a bit mask."""
    if not spread.all_started:
        return SUIT_MASK[spread.opening.low]
    mask = 0
    for number in set(spread.ends):
        mask |= SUIT_MASK[number]
    return mask


def header_values(spread: Arms) -> dict[int, int]:
    """Each tile that would make a header on ``spread`` now, with its best value before reduction."""
    if not spread.all_started:
        return {}
    showing: dict[int, int] = {}
    for number in spread.ends:
        showing[number] = showing.get(number, 0) + 1
    doubled = {number for number, end in zip(spread.ends, spread.end_tiles, strict=True) if end.is_double}

    def landing(number: int) -> int:
        """A tile's value when its new end shows ``number`` beside the ends already showing it."""
        return showing[number] + 1 + (number in doubled)

    values: dict[int, int] = {}
    numbers = sorted(showing)
    for index, x in enumerate(numbers):
        if showing[x] > 1:
            values[tile(x, x)] = showing[x] + 1
        for y in numbers[index + 1 :]:
            values[tile(x, y)] = max(landing(x), landing(y))
    return values


def header_mask(spread: Arms) -> int:
    """The tiles that would make a header on ``spread`` now, as a bit mask."""
    mask = 0
    for header_tile in header_values(spread):
        mask |= 1 << header_tile
    return mask
