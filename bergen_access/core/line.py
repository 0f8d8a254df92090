"""Where a tile may go: the two open ends, and the opening double's arms rule.

The engine (hands known) and the scorekeeper's table (hands hidden) ask the
same questions of the line; the answers live here once.
"""

from __future__ import annotations

from .actions import End, Refusal
from .tiles import Tile


def arms_end(
    first_arms_first: bool, line_length: int, end_tiles: tuple[Tile, Tile], opening: Tile | None
) -> End | None:
    """Under first-arms-first, the only end open while one side of the opening double is free."""
    if first_arms_first and line_length == 2:
        return End.LEFT if end_tiles[0] == opening else End.RIGHT
    return None


def fitting_ends(ends: tuple[int, int], arms: End | None, tile: Tile) -> tuple[End, ...]:
    """The ends ``tile`` may be laid at."""
    return tuple(end for end in End if (arms is None or end is arms) and tile.has(ends[end]))


def fit_refusal(ends: tuple[int, int], arms: End | None, tile: Tile, end: int) -> Refusal | None:
    """Why ``tile`` may not go at ``end`` (None if it may)."""
    fits = (tile.has(ends[0]), tile.has(ends[1]))
    if arms is None or end is arms:
        if fits[end]:
            return None
        if fits[1 - end]:
            return Refusal.OTHER_END_ONLY if arms is None else Refusal.ARMS_FIRST
        return Refusal.DOES_NOT_FIT
    # The chosen end is closed until the opening double's other side is covered.
    if fits[end]:
        return Refusal.ARMS_FIRST
    return Refusal.OTHER_END_ONLY if fits[arms] else Refusal.DOES_NOT_FIT
