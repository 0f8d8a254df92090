"""Playouts for the search: the rest of a hand with a quick Bergen-minded policy.

The policy scores each fitting play with the terms of the normal level, in
points: the header it makes, the header it hands the next seat, keeping the
tile that would score on the new ends, starving the next seat, shedding
doubles, keeping tiles that fit. Inside a determinization every hand is
known; the next seat's header chance is still judged as the mover would
judge it (its own tiles and the line, never the next hand), so playouts
give away headers about as often as real players do. It never draws by
choice. The rules are those of ``fastsim`` (the positions' ``apply``); only the choice
is inlined here, since playouts are where the search spends its time.

On four or eight arms (double-nine, double-twelve) the same terms are read
off the ends' numbers: the header a play makes is worth as many points as
ends then show its number (one more with that number's double among them),
and the next seat's threat is every unseen tile with both halves on the
ends (a header wherever it goes), each worth two, more where its number
already shows on several ends.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from ..core.layout import fit_masks
from ..core.tiles import ALL_TILES_MASK, EVERY_TILE, LARGEST, SUIT_MASK
from .fastsim import (
    ARM_BITS,
    DRAW,
    IS_DOUBLE,
    OTHER,
    PAIR,
    PASS,
    PLAYING,
    AnyPosition,
    ArmsPosition,
    Position,
    SimRules,
    reach_table,
)

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
LOW = tuple(t.low for t in EVERY_TILE)
HIGH = tuple(t.high for t in EVERY_TILE)


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


def playout(sim: SimRules, pos: AnyPosition, rng: random.Random) -> None:
    """Play ``pos`` on until its hand ends or the match does."""
    if type(pos) is ArmsPosition:
        _playout_on_arms(sim, pos, rng)
        return
    draw = rng.random
    reserved = sim.reserved
    arms_rule = sim.arms_rule
    apply = pos.apply
    while pos.phase == PLAYING:
        hand = pos.hands[pos.turn]
        left_fit, right_fit = fit_masks(
            hand, pos.left, pos.right, pos.left_tile == pos.opening, arms_rule, pos.line_length
        )
        if not (left_fit | right_fit):
            apply(sim, DRAW if len(pos.stock) > reserved else PASS)
            continue
        apply(sim, choose_play(sim, pos, left_fit, right_fit, draw))


@cache
def both_table(highest: int = LARGEST) -> tuple[int, ...]:
    """BOTH[numbers]: every tile with both halves among ``numbers`` (a bit mask of numbers)."""
    reach = reach_table(highest)
    table = [0] * len(reach)
    for numbers in range(1, len(table)):
        low = numbers & -numbers
        table[numbers] = table[numbers ^ low] | (SUIT_MASK[low.bit_length() - 1] & reach[numbers])
    return tuple(table)


@cache
def doubles_table(highest: int = LARGEST) -> tuple[int, ...]:
    """DOUBLES[numbers]: the doubles of ``numbers`` (a bit mask of numbers)."""
    table = [0] * (1 << (highest + 1))
    for numbers in range(1, len(table)):
        low = numbers & -numbers
        number = low.bit_length() - 1
        table[numbers] = table[numbers ^ low] | 1 << PAIR[number][number]
    return tuple(table)


def choose_on_arms(sim: SimRules, pos: ArmsPosition, fit: int, draw: Callable[[], float]) -> int:
    """The policy's play on four or eight arms among the fitting tiles ``fit`` (not empty)."""
    ends = pos.ends
    size = pos.size
    started = pos.started
    starting = started < size
    if not fit & (fit - 1):  # one tile: nothing to choose unless it fits several arms
        tile = fit.bit_length() - 1
        only = pos.arms_for(tile)
        if len(only) == 1:
            return tile << ARM_BITS | only[0]
    seat = pos.turn
    side = sim.side_of[seat]
    need = sim.target - pos.scores[side]
    hand = pos.hands[seat]
    nxt = sim.next_seat[seat]
    nxt_side = sim.side_of[nxt]
    opponent_next = nxt_side != side
    nxt_hand = pos.hands[nxt]
    nxt_need = sim.target - pos.scores[nxt_side]
    unseen = sim.tiles.mask & ~pos.line_mask & ~hand
    unseen_count = unseen.bit_count()
    holds = nxt_hand.bit_count() / unseen_count if unseen_count else 0.0
    threat_unit = THREAT_WEIGHT * holds * sim.double_value[nxt_need] / 2
    values = sim.header_values
    reach = sim.reach
    both = both_table()
    doubles_of = doubles_table()
    end_tiles = pos.end_tiles
    counts = pos.counts
    numbers = pos.numbers
    opening_number = pos.opening_number
    shown_twice = 0
    first_arm = [-1] * len(counts)  # the first arm showing each number
    for arm in range(started - 1, -1, -1):
        number = ends[arm]
        first_arm[number] = arm
        if counts[number] > 1:
            shown_twice |= 1 << number
    best_move = -1
    best_score = -1e9
    while fit:
        bit = fit & -fit
        fit ^= bit
        tile = bit.bit_length() - 1
        is_double = IS_DOUBLE[tile]
        after = hand ^ bit
        other = OTHER[tile]
        code = tile << ARM_BITS
        if starting:
            places: tuple[int, ...] = (started, opening_number)
        else:  # one arm per number it matches: arms showing the same number are alike to the policy
            low, high = LOW[tile], HIGH[tile]
            places = ()
            if first_arm[low] >= 0:
                places = (first_arm[low], low)
            if high != low and first_arm[high] >= 0:
                places = (*places, first_arm[high], high)
        for index in range(0, len(places), 2):
            arm = places[index]
            old = places[index + 1]
            new = other[old]
            score = draw() * NOISE
            if starting:
                after_numbers = numbers | 1 << new
                twice = shown_twice | (1 << new if counts[new] else 0)
                showing = 0
                complete = started + 1 == size
            else:
                after_numbers = numbers
                twice = shown_twice
                if new != old:
                    if counts[old] == 1:
                        after_numbers ^= 1 << old
                    elif counts[old] == 2:
                        twice ^= 1 << old
                    after_numbers |= 1 << new
                    if counts[new] == 1:
                        twice |= 1 << new
                showing = counts[new] + (new != old)
                complete = True
            if showing > 1:
                value = showing + 1 if is_double or PAIR[new][new] in end_tiles else showing
                gain = values[value][need]
                if gain >= need:
                    return code | arm
                score += GAIN_WEIGHT * gain + EQUAL_ENDS
            if not after:
                score += 50.0  # going out ends the hand: nothing else counts as much
            if is_double:
                score += DOUBLE_BONUS
            if complete:
                open_tiles = reach[after_numbers]
                headers = both[after_numbers] & ~doubles_of[after_numbers & ~twice]
                if after & headers:
                    score += BLOCKER_BONUS
                elif opponent_next:
                    threats = unseen & headers
                    if threats:
                        # each a header of 2; those landing on the new end's number are worth more
                        larger = (showing - 1 if showing > 1 else 0) * (threats & SUIT_MASK[new]).bit_count()
                        score -= threat_unit * (2 * threats.bit_count() + larger)
            else:
                open_tiles = SUIT_MASK[opening_number]
            if opponent_next and not nxt_hand & open_tiles:
                score += STARVE_BONUS
            mine = (after & open_tiles).bit_count()
            score += OPTION_BONUS * (mine if mine < 3 else 3)
            score += SUPPLY_WEIGHT * (unseen & open_tiles).bit_count()
            if score > best_score:
                best_score = score
                best_move = code | arm
    return best_move


def _playout_on_arms(sim: SimRules, pos: ArmsPosition, rng: random.Random) -> None:
    draw = rng.random
    reserved = sim.reserved
    apply = pos.apply
    while pos.phase == PLAYING:
        fit = pos.hands[pos.turn] & pos.reach
        if not fit:
            apply(sim, DRAW if len(pos.stock) > reserved else PASS)
            continue
        apply(sim, choose_on_arms(sim, pos, fit, draw))
