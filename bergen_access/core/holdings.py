"""Whether a holding typed after a block can be true, given what the table knows.

After a blocked hand the scorekeeper enters what each side still holds: its
tiles, or its doubles and pips (and, for the American rule, the pips outside
the doubles). A holding is possible only if some set of the side's tile
count, drawn from the tiles nobody has played or claimed and that fit no open
end (else the hand was not blocked for that player), has those numbers.
Doubles and other tiles are chosen separately, so the search is small.
"""

from __future__ import annotations

from collections.abc import Iterable

from .events import Holding
from .tiles import Tile


def _sums(tiles: Iterable[Tile], most: int) -> set[tuple[int, int]]:
    """Every (count, pip total) a choice of at most ``most`` of ``tiles`` reaches."""
    reached = {(0, 0)}
    for tile in tiles:
        reached |= {(count + 1, pips + tile.pips) for count, pips in reached if count < most}
    return reached


def holding_possible(candidates: Iterable[Tile], held: int, holding: Holding, *, singles: bool) -> bool:
    """True if ``held`` of ``candidates`` can make ``holding`` (its single pips too when ``singles``)."""
    pool = list(candidates)
    doubles = [t for t in pool if t.is_double]
    others = [t for t in pool if not t.is_double]
    need_doubles, need_others = holding.doubles, held - holding.doubles
    if not 0 <= need_doubles <= len(doubles) or not 0 <= need_others <= len(others):
        return False
    double_sums = {pips for count, pips in _sums(doubles, need_doubles) if count == need_doubles}
    other_sums = {pips for count, pips in _sums(others, need_others) if count == need_others}
    if singles:
        return holding.single_pips in other_sums and holding.pips - holding.single_pips in double_sums
    return any(holding.pips - pips in other_sums for pips in double_sums)
