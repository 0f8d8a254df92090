"""Scoring as pure functions of the rules: header values, awards, blocked hands."""

from __future__ import annotations

from collections.abc import Sequence

from .events import Decider, HeaderKind, Holding
from .rules import BlockedRule, Reduction, Rules, Tally
from .tiles import EVERY_DOUBLE_MASK, EVERY_TILE

# Module names for the enum members compared below: reading a member off its enum class is ten times
# slower than reading a global, and the engine scores through these functions on every header.
_DOUBLE = HeaderKind.DOUBLE
_TRIPLE = HeaderKind.TRIPLE
_STANDARD = Reduction.STANDARD
_COUNTERS = Reduction.COUNTERS
_COUNTER_TALLY = Tally.COUNTERS
_NO_AWARD_RULE = BlockedRule.NONE
_PIPS_RULE = BlockedRule.PIPS
_GERMAN = BlockedRule.GERMAN
_NO_AWARD = Decider.NO_AWARD
_FEWER_PIPS = Decider.FEWER_PIPS
_TIE = Decider.TIE
_FEWEST_DOUBLES = Decider.FEWEST_DOUBLES
_NO_DOUBLE = Decider.NO_DOUBLE
_SINGLE_PIPS_DECIDED = Decider.SINGLE_PIPS


def header_base(rules: Rules, kind: HeaderKind) -> int:
    """A header's full value: the options' for a double and a triple header, its size beyond (larger sets)."""
    if kind is _TRIPLE:
        return rules.triple_header
    if kind is _DOUBLE:
        return rules.double_header
    return kind.size


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
    if need > 3 and need > base + 1:  # far from the target neither a reduction nor the cap applies
        return base
    return capped(rules, reduced_value(rules, kind, need), need)


def reduced_value(rules: Rules, kind: HeaderKind, need: int) -> int:
    """A header's value after the reduction near the target, before the counters' cap (``capped``)."""
    base = header_base(rules, kind)
    reduction = rules.reduction
    if rules.arms > 2:  # rules.md §6: the same reductions, any value
        if reduction is _STANDARD:
            base = max(1, min(base, need - 1))
        elif reduction is _COUNTERS and need <= base:
            base -= 1
        return base
    if reduction is _STANDARD:
        if need <= 2:
            base = min(base, 1)
        elif need == 3:
            base = min(base, 2)
    elif reduction is _COUNTERS:
        threshold = 3 if kind is _TRIPLE else 2
        if need <= threshold:
            base = min(base, 2 if kind is _TRIPLE else 1)
    return base


def capped(rules: Rules, value: int, need: int) -> int:
    """With counters nobody discards more than they hold; points are never capped."""
    if rules.tally is _COUNTER_TALLY:
        return min(value, need)
    return value


#: per tile of any set: its pips, and its pips when it is no double (the pips outside the doubles)
_PIPS_OF_TILE = tuple(t.pips for t in EVERY_TILE)
_PIPS_OUTSIDE_DOUBLES = tuple(0 if t.is_double else t.pips for t in EVERY_TILE)


def holding_of(masks: Sequence[int]) -> Holding:
    """Doubles, pips and single-tile pips of the tiles in the given hand masks."""
    doubles = pips = single = 0
    for mask in masks:
        doubles += (mask & EVERY_DOUBLE_MASK).bit_count()
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            index = bit.bit_length() - 1
            pips += _PIPS_OF_TILE[index]
            single += _PIPS_OUTSIDE_DOUBLES[index]
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
    if rule is _NO_AWARD_RULE:
        return None, _NO_AWARD
    if rule is _PIPS_RULE:
        winner = _unique_lowest(sides, pips)
        return winner, _FEWER_PIPS if winner is not None else _TIE
    if rule is _GERMAN:
        doubles = [h.doubles for h in holdings]
        fewest = min(doubles)
        tied = [s for s in sides if doubles[s] == fewest]
        if len(tied) == 1:
            return tied[0], _FEWEST_DOUBLES
        winner = _unique_lowest(tied, pips)
        return winner, _FEWER_PIPS if winner is not None else _TIE
    # American: sides without a double beat the others; then pips.
    free = [s for s in sides if holdings[s].doubles == 0]
    if len(free) == 1:
        return free[0], _NO_DOUBLE
    if free:
        winner = _unique_lowest(free, pips)
        return winner, _FEWER_PIPS if winner is not None else _TIE
    winner = _unique_lowest(list(sides), [h.single_pips for h in holdings])
    return winner, _SINGLE_PIPS_DECIDED if winner is not None else _TIE
