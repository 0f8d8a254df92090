"""Scoring as pure functions of the rules: header values, awards, blocked hands."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import End
from .events import Decider, HeaderKind, Holding
from .rules import BlockedRule, Reduction, Rules, Tally
from .tiles import EVERY_DOUBLE_MASK, Tile, tiles_in


def header_base(rules: Rules, kind: HeaderKind) -> int:
    """A header's full value: the options' for a double and a triple header, its size beyond (larger sets)."""
    if kind.size > 3:
        return kind.size
    return rules.triple_header if kind is HeaderKind.TRIPLE else rules.double_header


def header_value(rules: Rules, kind: HeaderKind, need: int) -> int:
    """What a header is worth to a side that needs ``need`` points (or holds ``need`` counters).

    >>> from bergen_access.core.rules import Rules
    >>> [header_value(Rules(), HeaderKind.TRIPLE, need) for need in (1, 2, 3, 4)]
    [1, 1, 2, 3]
    >>> larger = Rules(tile_set=9, first_arms_first=True)
    >>> [header_value(larger, HeaderKind.QUADRUPLE, n) for n in (2, 3, 4, 5)]
    [1, 2, 3, 4]
    """
    base = header_base(rules, kind)
    if rules.arms > 2:  # rules.md §6: the same reductions, for any value
        if rules.reduction is Reduction.STANDARD:
            base = max(1, min(base, need - 1))
        elif rules.reduction is Reduction.COUNTERS and need <= base:
            base -= 1
        return capped(rules, base, need)
    if rules.reduction is Reduction.STANDARD:
        if need <= 2:
            base = min(base, 1)
        elif need == 3:
            base = min(base, 2)
    elif rules.reduction is Reduction.COUNTERS:
        threshold = 3 if kind is HeaderKind.TRIPLE else 2
        if need <= threshold:
            base = min(base, 2 if kind is HeaderKind.TRIPLE else 1)
    return capped(rules, base, need)


def capped(rules: Rules, value: int, need: int) -> int:
    """With counters nobody discards more than they hold; points are never capped."""
    if rules.tally is Tally.COUNTERS:
        return min(value, need)
    return value


def holding_of(masks: Sequence[int]) -> Holding:
    """Doubles, pips and single-tile pips of the tiles in the given hand masks."""
    doubles = pips = single = 0
    for mask in masks:
        doubles += (mask & EVERY_DOUBLE_MASK).bit_count()
        for t in tiles_in(mask):
            pips += t.pips
            if not t.is_double:
                single += t.pips
    return Holding(doubles, pips, single)


def _unique_lowest(candidates: Sequence[int], key: Sequence[int]) -> int | None:
    lowest = min(key[c] for c in candidates)
    winners = [c for c in candidates if key[c] == lowest]
    return winners[0] if len(winners) == 1 else None


def settle_blocked(rule: BlockedRule, holdings: Sequence[Holding]) -> tuple[int | None, Decider]:
    """The side that wins a blocked hand (None for nobody) and what decided it.

    >>> settle_blocked(BlockedRule.GERMAN, [Holding(1, 15, 3), Holding(0, 19, 19)])
    (1, <Decider.FEWEST_DOUBLES: 'fewest-doubles'>)
    """
    sides = range(len(holdings))
    pips = [h.pips for h in holdings]
    if rule is BlockedRule.NONE:
        return None, Decider.NO_AWARD
    if rule is BlockedRule.PIPS:
        winner = _unique_lowest(sides, pips)
        return winner, Decider.FEWER_PIPS if winner is not None else Decider.TIE
    if rule is BlockedRule.GERMAN:
        doubles = [h.doubles for h in holdings]
        fewest = min(doubles)
        tied = [s for s in sides if doubles[s] == fewest]
        if len(tied) == 1:
            return tied[0], Decider.FEWEST_DOUBLES
        winner = _unique_lowest(tied, pips)
        return winner, Decider.FEWER_PIPS if winner is not None else Decider.TIE
    # American: sides without a double beat the others; then pips.
    free = [s for s in sides if holdings[s].doubles == 0]
    if len(free) == 1:
        return free[0], Decider.NO_DOUBLE
    if free:
        winner = _unique_lowest(free, pips)
        return winner, Decider.FEWER_PIPS if winner is not None else Decider.TIE
    winner = _unique_lowest(list(sides), [h.single_pips for h in holdings])
    return winner, Decider.SINGLE_PIPS if winner is not None else Decider.TIE


def header_after(
    ends: tuple[int, int], end_tiles: tuple[Tile, Tile], tile: Tile, end: End
) -> HeaderKind | None:
    """The header that laying ``tile`` at ``end`` would make, from public facts only.

    >>> from bergen_access.core.tiles import tile as t
    >>> header_after((3, 5), (t(3, 3), t(3, 5)), t(5, 6), End.RIGHT) is None
    True
    >>> header_after((3, 6), (t(3, 3), t(5, 6)), t(3, 6), End.RIGHT)
    <HeaderKind.TRIPLE: 'triple'>
    """
    left, right = ends
    left_tile, right_tile = end_tiles
    if end is End.LEFT:
        left, left_tile = tile.other(left), tile
    else:
        right, right_tile = tile.other(right), tile
    if left != right:
        return None
    return HeaderKind.TRIPLE if left_tile.is_double or right_tile.is_double else HeaderKind.DOUBLE
