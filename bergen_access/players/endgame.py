"""The end of a hand searched exactly, once at most a few tiles can still be drawn.

Near the end of the stock, chance has little left to say: who holds which tile,
and which of the last drawable tiles a draw brings. For each determinization the
rest of the hand is then small enough to search whole: both sides play their
best, a draw is worth the mean over every tile of the stock it may bring (the
order of the stock is not part of the deal: a seat cannot know it), a hand that
ends is worth the race chance of ``race``, a match that ends 1 or 0. Playouts
judge those last moves by a quick policy; this judges them by their outcome,
which is where the going-out, block and last-header decisions are won.

Only two sides (two players, or two partnerships): every seat of the searching
side maximizes its chance, every other seat minimizes it. The search counts its
nodes and gives up beyond a budget (or a deadline), so the caller can fall back to playouts.
"""

from __future__ import annotations

import time

from .fastsim import DRAW, OVER, PLAYING, AnyPosition, Position, SimRules
from .race import RaceTable

#: At most this many tiles in all hands together when the exact search is tried.
MOST_TILES = 12
#: At most this many tiles still to be drawn (beyond the reserved ones).
MOST_DRAWS = 2


class NodesSpentError(Exception):
    """The search went past its node budget."""


class EndgameSearch:
    """Exact values of the end of a hand for one side, with a shared node budget."""

    def __init__(
        self, sim: SimRules, race: RaceTable, side: int, budget: int, deadline: float | None = None
    ) -> None:
        self.sim = sim
        self.race = race
        self.side = side
        self.nodes_left = budget
        self.deadline = deadline
        self._memo: dict[tuple[object, ...], float] = {}

    def value(self, pos: AnyPosition) -> float:
        """The side's chance to win the match from ``pos`` with best play by all (raises NodesSpentError)."""
        if pos.phase != PLAYING:
            if pos.phase == OVER:
                return 1.0 if pos.winner == self.side else 0.0
            return self.race.chances(tuple(pos.scores))[self.side]
        key = _key(pos)
        if key is not None:
            known = self._memo.get(key)
            if known is not None:
                return known
        self.nodes_left -= 1
        if self.nodes_left < 0:
            raise NodesSpentError
        if not self.nodes_left & 1023 and self.deadline is not None and time.perf_counter() > self.deadline:
            raise NodesSpentError
        sim = self.sim
        mine = sim.side_of[pos.turn] == self.side
        best = -1.0 if mine else 2.0
        for move in pos.legal_moves(sim):
            worth = self._drawn(pos) if move == DRAW else self._played(pos, move)
            if mine:
                if worth > best:
                    best = worth
                    if best >= 1.0:
                        break
            elif worth < best:
                best = worth
                if best <= 0.0:
                    break
        if key is not None:
            self._memo[key] = best
        return best

    def _played(self, pos: AnyPosition, move: int) -> float:
        child = pos.copy()
        child.apply(self.sim, move)
        return self.value(child)

    def _drawn(self, pos: AnyPosition) -> float:
        """The mean over every tile the draw may bring (each stock tile equally likely)."""
        stock = pos.stock
        total = 0.0
        for index in range(len(stock)):
            child = pos.copy()
            child.stock[index], child.stock[-1] = child.stock[-1], child.stock[index]
            child.apply(self.sim, DRAW)
            total += self.value(child)
        return total / len(stock)

    def forget(self) -> None:
        """Drop the remembered positions (between deals, which share none)."""
        self._memo.clear()


def _key(pos: AnyPosition) -> tuple[object, ...] | None:
    """What decides the rest of a two-ended hand (None on arms: those positions are not remembered)."""
    if type(pos) is not Position:
        return None
    return (
        tuple(pos.hands),
        pos.left,
        pos.right,
        pos.left_tile,
        pos.right_tile,
        pos.line_length,
        pos.turn,
        pos.passes,
        tuple(pos.scores),
        sum(1 << tile for tile in pos.stock),
    )


def searchable(sim: SimRules, stock_size: int, tiles_in_hands: int) -> bool:
    """Whether the rest of the hand is left to the exact search: two sides, little to draw, few tiles."""
    return sim.sides == 2 and stock_size - sim.reserved <= MOST_DRAWS and tiles_in_hands <= MOST_TILES
