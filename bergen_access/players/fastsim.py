"""A lean simulator of the rules for search: positions of ints, moves as small codes.

The public engine checks, records and reports every step; a search plays
hundreds of thousands of steps per move and needs none of that. This module
plays the same rules, read from the same ``Rules`` value and scored by the
same ``core.scoring`` functions, on a mutable ``Position`` with no history.
A test holds it to the engine move for move on seeded matches.

Moves: ``tile * 2 + end`` for a play (end 0 left, 1 right), ``DRAW``, ``PASS``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core.dealers import Deal
from ..core.events import HeaderKind
from ..core.rules import Opener, Rules
from ..core.scoring import capped, header_value, holding_of, settle_blocked
from ..core.tiles import DOUBLES, SUIT_MASK, TILES, mask_of

DRAW = 56
PASS = 57
PLAYING, HAND_OVER, OVER = 0, 1, 2

IS_DOUBLE = tuple(t.is_double for t in TILES)
#: OTHER[tile][number]: the opposite half, -1 when the tile has no such half.
OTHER = tuple(tuple(t.other(n) if t.has(n) else -1 for n in range(7)) for t in TILES)
#: PAIR[a][b]: the tile a-b; the only tile that can make a header on ends (a, b).
PAIR = tuple(
    tuple(next(int(t) for t in TILES if {t.low, t.high} == {a, b}) for b in range(7)) for a in range(7)
)
PIPS = tuple(t.pips for t in TILES)


class SimRules:
    """The numbers of a ``Rules`` value the simulator needs, looked up once."""

    __slots__ = (
        "arms_rule",
        "blocked_rule",
        "blocked_value",
        "double_value",
        "draw_while_able",
        "going_out_value",
        "next_seat",
        "opener_order",
        "opening_scores",
        "players",
        "reserved",
        "rules",
        "seats_of",
        "side_of",
        "sides",
        "target",
        "tiles_each",
        "triple_value",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players
        self.sides = rules.sides
        self.side_of = tuple(rules.side_of(s) for s in range(rules.players))
        self.seats_of = tuple(rules.seats_of(side) for side in range(rules.sides))
        self.next_seat = tuple((s + 1) % rules.players for s in range(rules.players))
        self.target = target = rules.target_score
        self.reserved = rules.reserved_tiles
        self.draw_while_able = rules.draw_while_able
        self.arms_rule = rules.first_arms_first
        self.tiles_each = rules.tiles_per_player
        self.opening_scores = rules.opening_double_scores
        self.opener_order = tuple(
            int(d) for d in (DOUBLES if rules.opener is Opener.LOWEST else DOUBLES[::-1])
        )
        needs = range(target + 1)
        self.double_value = tuple(header_value(rules, HeaderKind.DOUBLE, n) for n in needs)
        self.triple_value = tuple(header_value(rules, HeaderKind.TRIPLE, n) for n in needs)
        self.going_out_value = tuple(capped(rules, rules.going_out, n) for n in needs)
        self.blocked_value = tuple(capped(rules, rules.blocked_award, n) for n in needs)
        self.blocked_rule = rules.blocked_rule


class Position:
    """A hand under way: everything the rules need to go on, nothing more."""

    __slots__ = (
        "hands",
        "left",
        "left_tile",
        "line_length",
        "line_mask",
        "opening",
        "passes",
        "phase",
        "right",
        "right_tile",
        "scores",
        "stock",
        "turn",
        "winner",
    )

    def __init__(
        self,
        *,
        hands: list[int],
        stock: list[int],
        ends: tuple[int, int],
        end_tiles: tuple[int, int],
        line_length: int,
        line_mask: int,
        opening: int,
        turn: int,
        passes: int,
        scores: list[int],
    ) -> None:
        self.hands = hands
        self.stock = stock  # next draw last; the reserved tiles are the first ones
        self.left, self.right = ends
        self.left_tile, self.right_tile = end_tiles
        self.line_length = line_length
        self.line_mask = line_mask
        self.opening = opening
        self.turn = turn
        self.passes = passes
        self.scores = scores
        self.phase = PLAYING
        self.winner = -1

    def copy(self) -> Position:
        twin = Position.__new__(Position)
        twin.hands = self.hands[:]
        twin.stock = self.stock[:]
        twin.left = self.left
        twin.right = self.right
        twin.left_tile = self.left_tile
        twin.right_tile = self.right_tile
        twin.line_length = self.line_length
        twin.line_mask = self.line_mask
        twin.opening = self.opening
        twin.turn = self.turn
        twin.passes = self.passes
        twin.scores = self.scores[:]
        twin.phase = self.phase
        twin.winner = self.winner
        return twin


def fit_masks(sim: SimRules, pos: Position, hand: int) -> tuple[int, int]:
    """The tiles of ``hand`` that may go on the left and on the right end now."""
    if sim.arms_rule and pos.line_length == 2:
        if pos.left_tile == pos.opening:
            return hand & SUIT_MASK[pos.left], 0
        return 0, hand & SUIT_MASK[pos.right]
    return hand & SUIT_MASK[pos.left], hand & SUIT_MASK[pos.right]


def legal_moves(sim: SimRules, pos: Position) -> list[int]:
    """The legal moves of the seat to move, in the engine's order (tile, then end; draw last)."""
    if pos.phase != PLAYING:
        return []
    left_fit, right_fit = fit_masks(sim, pos, pos.hands[pos.turn])
    drawable = len(pos.stock) > sim.reserved
    fit = left_fit | right_fit
    if not fit:
        return [DRAW if drawable else PASS]
    moves = []
    while fit:
        bit = fit & -fit
        fit ^= bit
        tile = bit.bit_length() - 1
        if left_fit & bit:
            moves.append(tile * 2)
        if right_fit & bit:
            moves.append(tile * 2 + 1)
    if drawable and sim.draw_while_able:
        moves.append(DRAW)
    return moves


def _award(sim: SimRules, pos: Position, side: int, value: int) -> bool:
    """Add an award; True when it reached the target (the match is over)."""
    pos.scores[side] += value
    if pos.scores[side] >= sim.target:
        pos.phase = OVER
        pos.winner = side
        return True
    return False


def apply_move(sim: SimRules, pos: Position, move: int) -> None:
    """Perform a legal move (not checked)."""
    seat = pos.turn
    if move == DRAW:
        pos.hands[seat] |= 1 << pos.stock.pop()
        return
    if move == PASS:
        pos.passes += 1
        if pos.passes < sim.players:
            pos.turn = sim.next_seat[seat]
        else:
            _settle_blocked(sim, pos)
        return
    tile = move >> 1
    if move & 1:
        pos.right = OTHER[tile][pos.right]
        pos.right_tile = tile
    else:
        pos.left = OTHER[tile][pos.left]
        pos.left_tile = tile
    pos.line_length += 1
    pos.line_mask |= 1 << tile
    pos.passes = 0
    hand = pos.hands[seat] ^ (1 << tile)
    pos.hands[seat] = hand
    side = sim.side_of[seat]
    if pos.left == pos.right:
        values = (
            sim.triple_value if IS_DOUBLE[pos.left_tile] or IS_DOUBLE[pos.right_tile] else sim.double_value
        )
        if _award(sim, pos, side, values[sim.target - pos.scores[side]]):
            return
    if hand:
        pos.turn = sim.next_seat[seat]
        return
    if not _award(sim, pos, side, sim.going_out_value[sim.target - pos.scores[side]]):
        pos.phase = HAND_OVER


def _settle_blocked(sim: SimRules, pos: Position) -> None:
    holdings = [holding_of([pos.hands[s] for s in seats]) for seats in sim.seats_of]
    winner, _ = settle_blocked(sim.blocked_rule, holdings)
    if winner is not None and _award(sim, pos, winner, sim.blocked_value[sim.target - pos.scores[winner]]):
        return
    pos.phase = HAND_OVER


def deal_position(sim: SimRules, deal: Callable[[int, int], Deal], scores: list[int]) -> Position:
    """Deal a hand as the engine does (redealing while nobody holds a double) and open it."""
    while True:
        dealt = deal(sim.players, sim.tiles_each)
        hands = [mask_of(h) for h in dealt.hands]
        for double in sim.opener_order:
            holder = next((s for s, h in enumerate(hands) if h >> double & 1), None)
            if holder is not None:
                break
        else:
            continue
        stock = [int(t) for t in reversed(dealt.stock)]
        hands[holder] ^= 1 << double
        number = TILES[double].low
        pos = Position(
            hands=hands,
            stock=stock,
            ends=(number, number),
            end_tiles=(double, double),
            line_length=1,
            line_mask=1 << double,
            opening=double,
            turn=holder,
            passes=0,
            scores=scores,
        )
        side = sim.side_of[holder]
        if sim.opening_scores and _award(sim, pos, side, sim.double_value[sim.target - scores[side]]):
            return pos
        pos.turn = sim.next_seat[holder]
        return pos


def shuffled_deal(rng: random.Random, players: int, tiles_each: int) -> Deal:
    """A uniformly random deal from the search's own generator."""
    order = list(TILES)
    rng.shuffle(order)
    hands = tuple(tuple(order[s * tiles_each : (s + 1) * tiles_each]) for s in range(players))
    return Deal(hands, tuple(order[players * tiles_each :]))
