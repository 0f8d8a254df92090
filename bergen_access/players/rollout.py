"""Playouts for the search: the rest of a hand with a quick Bergen-minded policy.

The policy scores each fitting play with the terms of the normal level, in
points: the header it makes, the header it hands the next seat, keeping the
tile that would score on the new ends, starving the next seat, shedding
doubles, keeping tiles that fit. Inside a determinization every hand is
known; the next seat's header chance is still judged as the mover would
judge it (its own tiles and the line, never the next hand), so playouts
give away headers about as often as real players do. It never draws by
choice. The rules are those of ``fastsim`` (``apply_move``); only the choice
is inlined here, since playouts are where the search spends its time.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core.tiles import ALL_TILES_MASK, SUIT_MASK
from .fastsim import DRAW, IS_DOUBLE, OTHER, PAIR, PASS, PLAYING, Position, SimRules, apply_move

#: Weights of the playout policy, in points (see ``normal`` for their meaning).
GAIN_WEIGHT = 0.95
THREAT_WEIGHT = 1.44
EQUAL_ENDS = -0.6
BLOCKER_BONUS = 0.75
DOUBLE_BONUS = 0.5
OPTION_BONUS = 0.145
SUPPLY_WEIGHT = -0.11
STARVE_BONUS = 0.7
NOISE = 0.5
#: Whether the mover sees the next hand when judging threats (faster, but too careful).
SEES_NEXT_HAND = False


def choose_play(
    sim: SimRules, pos: Position, left_fit: int, right_fit: int, draw: Callable[[], float]
) -> int:
    """The policy's play among the fitting tiles (at least one mask non-empty)."""
    seat = pos.turn
    side = sim.side_of[seat]
    need = sim.target - pos.scores[side]
    hand = pos.hands[seat]
    nxt = sim.next_seat[seat]
    nxt_side = sim.side_of[nxt]
    opponent_next = nxt_side != side
    nxt_hand = pos.hands[nxt]
    nxt_need = sim.target - pos.scores[nxt_side]
    line_mask = pos.line_mask
    unseen = ALL_TILES_MASK & ~line_mask & ~hand
    # The mover's estimate that the next seat holds a given unseen tile.
    unseen_count = unseen.bit_count()
    holds = nxt_hand.bit_count() / unseen_count if unseen_count else 0.0
    double_value = sim.double_value
    triple_value = sim.triple_value
    left, right = pos.left, pos.right
    left_double = IS_DOUBLE[pos.left_tile]
    right_double = IS_DOUBLE[pos.right_tile]
    best_move = -1
    best_score = -1e9
    for end in (0, 1):
        fit = right_fit if end else left_fit
        while fit:
            bit = fit & -fit
            fit ^= bit
            tile = bit.bit_length() - 1
            is_double = IS_DOUBLE[tile]
            if end:
                new_left, new_right = left, OTHER[tile][right]
                triple = left_double or is_double
            else:
                new_left, new_right = OTHER[tile][left], right
                triple = is_double or right_double
            after = hand ^ bit
            score = draw() * NOISE
            if new_left == new_right:
                gain = (triple_value if triple else double_value)[need]
                if gain >= need:
                    return tile * 2 + end
                score += GAIN_WEIGHT * gain + EQUAL_ENDS
            if not after:
                score += 50.0  # going out ends the hand: nothing else counts as much
            if is_double:
                score += DOUBLE_BONUS
            pair = PAIR[new_left][new_right]
            ends_mask = SUIT_MASK[new_left] | SUIT_MASK[new_right]
            if after >> pair & 1:
                score += BLOCKER_BONUS
            elif opponent_next:
                if SEES_NEXT_HAND:
                    chance = float(nxt_hand >> pair & 1)
                else:
                    chance = holds if unseen >> pair & 1 else 0.0
                if chance:
                    value = (triple_value if triple or new_left == new_right else double_value)[nxt_need]
                    score -= THREAT_WEIGHT * chance * value
            if opponent_next and not nxt_hand & ends_mask:
                score += STARVE_BONUS
            mine = (after & ends_mask).bit_count()
            score += OPTION_BONUS * (mine if mine < 3 else 3)
            score += SUPPLY_WEIGHT * (unseen & ~bit & ends_mask).bit_count()
            if score > best_score:
                best_score = score
                best_move = tile * 2 + end
    return best_move


def playout(sim: SimRules, pos: Position, rng: random.Random) -> None:
    """Play ``pos`` on until its hand ends or the match does."""
    draw = rng.random
    reserved = sim.reserved
    arms_rule = sim.arms_rule
    while pos.phase == PLAYING:
        hand = pos.hands[pos.turn]
        if arms_rule and pos.line_length == 2:
            if pos.left_tile == pos.opening:
                left_fit, right_fit = hand & SUIT_MASK[pos.left], 0
            else:
                left_fit, right_fit = 0, hand & SUIT_MASK[pos.right]
        else:
            left_fit, right_fit = hand & SUIT_MASK[pos.left], hand & SUIT_MASK[pos.right]
        if not (left_fit | right_fit):
            apply_move(sim, pos, DRAW if len(pos.stock) > reserved else PASS)
            continue
        apply_move(sim, pos, choose_play(sim, pos, left_fit, right_fit, draw))
