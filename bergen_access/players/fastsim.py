"""A lean simulator of the rules for search: positions of ints, moves as small codes.

The public engine checks, records and reports every step; a search plays
hundreds of thousands of steps per move and needs none of that. This module
plays the same rules, read from the same ``Rules`` value and scored by the
same ``core.scoring`` functions, on a mutable position with no history.
A test holds it to the engine move for move on seeded matches.

Double-six is played on a two-ended ``Position``, moves ``tile * 2 + end``
(end 0 left, 1 right). The larger sets (rules.md §6) are played on an
``ArmsPosition``: four or eight arms with their ends, the arms-first state
and how many ends show each number, moves ``tile * 8 + arm``. ``DRAW`` and
``PASS`` are the same on both, and both have the same methods
(``legal_moves``, ``apply``, ``copy``), so a search never asks which it has.
The header rule of ``core.layout.Arms`` is written out on the counts for
speed (``ArmsPosition.lay``); a test holds it to ``Arms.header_base``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import final

from ..core.dealers import Deal
from ..core.events import HeaderKind
from ..core.layout import KIND_OF_VALUE, fit_masks
from ..core.rules import Opener, Rules
from ..core.scoring import capped, header_value, holding_of, settle_blocked
from ..core.tiles import ALL_NUMBERS, EVERY_TILE, LARGEST, SUIT_MASK, Tile, mask_of

#: Above every play code of every set (the largest is 90 * 8 + 7).
DRAW = 1024
PASS = 1025
PLAYING, HAND_OVER, OVER = 0, 1, 2
#: A play on arms is ``tile << ARM_BITS | arm``.
ARM_BITS = 3
ARM_MASK = (1 << ARM_BITS) - 1

IS_DOUBLE = tuple(t.is_double for t in EVERY_TILE)
#: OTHER[tile][number]: the opposite half, -1 when the tile has no such half (every set's tiles).
OTHER = tuple(tuple(t.other(n) if t.has(n) else -1 for n in ALL_NUMBERS) for t in EVERY_TILE)
#: PAIR[a][b]: the tile a-b; on double-six the only tile that can make a header on ends (a, b).
PAIR = tuple(
    tuple(next(int(t) for t in EVERY_TILE if {t.low, t.high} == {a, b}) for b in ALL_NUMBERS)
    for a in ALL_NUMBERS
)
PIPS = tuple(t.pips for t in EVERY_TILE)
#: The most arms a line has (double-twelve), and so the most ends showing one number.
MOST_ARMS = 8


@cache
def reach_table(highest: int = LARGEST) -> tuple[int, ...]:
    """REACH[numbers]: every tile with a half among ``numbers`` (a bit mask of numbers up to ``highest``)."""
    table = [0] * (1 << (highest + 1))
    for numbers in range(1, len(table)):
        low = numbers & -numbers
        table[numbers] = table[numbers ^ low] | SUIT_MASK[low.bit_length() - 1]
    return tuple(table)


class SimRules:
    """The numbers of a ``Rules`` value the simulator needs, looked up once."""

    __slots__ = (
        "arms",
        "arms_rule",
        "blocked_rule",
        "blocked_value",
        "double_value",
        "draw_while_able",
        "going_out_value",
        "header_values",
        "many",
        "next_seat",
        "opener_order",
        "opening_scores",
        "players",
        "reach",
        "reserved",
        "rules",
        "seats_of",
        "side_of",
        "sides",
        "target",
        "tiles",
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
        self.tiles = rules.tiles
        self.arms = rules.arms
        self.many = rules.arms > 2  # four or eight arms: ArmsPosition
        doubles = rules.tiles.doubles
        self.opener_order = tuple(
            int(d) for d in (doubles if rules.opener is Opener.LOWEST else doubles[::-1])
        )
        needs = range(target + 1)
        self.double_value = tuple(header_value(rules, HeaderKind.DOUBLE, n) for n in needs)
        self.triple_value = tuple(header_value(rules, HeaderKind.TRIPLE, n) for n in needs)
        self.going_out_value = tuple(capped(rules, rules.going_out, n) for n in needs)
        self.blocked_value = tuple(capped(rules, rules.blocked_award, n) for n in needs)
        self.blocked_rule = rules.blocked_rule
        #: header_values[value][need] on arms: what a header of that value (2 to 9) is worth; 0 below 2.
        self.header_values = tuple(
            tuple(header_value(rules, KIND_OF_VALUE[v], n) for n in needs)
            if v in KIND_OF_VALUE
            else (0,) * len(needs)
            for v in range(MOST_ARMS + 2)
        )
        #: reach[numbers]: the tiles fitting ends that show these numbers (a bit mask of numbers).
        self.reach = reach_table() if self.many else ()


@final
class Position:
    """A double-six hand under way: everything the rules need to go on, nothing more."""

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

    def legal_moves(self, sim: SimRules) -> list[int]:
        """The legal moves of the seat to move, in the engine's order (tile, then end; draw last)."""
        if self.phase != PLAYING:
            return []
        left_fit, right_fit = fit_masks(
            self.hands[self.turn],
            self.left,
            self.right,
            self.left_tile == self.opening,
            sim.arms_rule,
            self.line_length,
        )
        drawable = len(self.stock) > sim.reserved
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

    def apply(self, sim: SimRules, move: int) -> None:
        """Perform a legal move (not checked)."""
        if move >= DRAW:
            _draw_or_pass(sim, self, move)
            return
        seat = self.turn
        tile = move >> 1
        if move & 1:
            self.right = OTHER[tile][self.right]
            self.right_tile = tile
        else:
            self.left = OTHER[tile][self.left]
            self.left_tile = tile
        self.line_length += 1
        self.line_mask |= 1 << tile
        self.passes = 0
        hand = self.hands[seat] ^ (1 << tile)
        self.hands[seat] = hand
        side = sim.side_of[seat]
        if self.left == self.right:
            values = (
                sim.triple_value
                if IS_DOUBLE[self.left_tile] or IS_DOUBLE[self.right_tile]
                else sim.double_value
            )
            if _award(sim, self, side, values[sim.target - self.scores[side]]):
                return
        if hand:
            self.turn = sim.next_seat[seat]
            return
        if not _award(sim, self, side, sim.going_out_value[sim.target - self.scores[side]]):
            self.phase = HAND_OVER


@final
class ArmsPosition:
    """A hand under way on four or eight arms (double-nine, double-twelve).

    ``ends[arm]`` and ``end_tiles[arm]`` for the ``started`` arms (-1 beyond);
    ``counts[number]``: how many ends show a number, ``numbers`` the same as
    a bit mask; ``reach``: the tiles that may be laid now (the opening
    number's while arms are being started, then any showing an end's number).
    """

    __slots__ = (
        "counts",
        "end_tiles",
        "ends",
        "hands",
        "line_mask",
        "numbers",
        "opening",
        "opening_number",
        "passes",
        "phase",
        "reach",
        "scores",
        "size",
        "started",
        "stock",
        "turn",
        "winner",
    )

    def __init__(
        self,
        *,
        hands: list[int],
        stock: list[int],
        ends: tuple[int, ...],
        end_tiles: tuple[int, ...],
        size: int,
        line_mask: int,
        opening: int,
        turn: int,
        passes: int,
        scores: list[int],
    ) -> None:
        self.hands = hands
        self.stock = stock  # next draw last; the reserved tiles are the first ones
        self.size = size
        self.started = len(ends)
        self.ends = [*ends, *[-1] * (size - len(ends))]
        self.end_tiles = [*end_tiles, *[-1] * (size - len(ends))]
        self.counts = [0] * len(ALL_NUMBERS)
        self.numbers = 0
        for number in ends:
            self.counts[number] += 1
            self.numbers |= 1 << number
        self.opening = opening
        self.opening_number = EVERY_TILE[opening].low
        self.reach = reach_table()[self.numbers] if self.started == size else SUIT_MASK[self.opening_number]
        self.line_mask = line_mask
        self.turn = turn
        self.passes = passes
        self.scores = scores
        self.phase = PLAYING
        self.winner = -1

    def copy(self) -> ArmsPosition:
        twin = ArmsPosition.__new__(ArmsPosition)
        twin.hands = self.hands[:]
        twin.stock = self.stock[:]
        twin.size = self.size
        twin.started = self.started
        twin.ends = self.ends[:]
        twin.end_tiles = self.end_tiles[:]
        twin.counts = self.counts[:]
        twin.numbers = self.numbers
        twin.opening = self.opening
        twin.opening_number = self.opening_number
        twin.reach = self.reach
        twin.line_mask = self.line_mask
        twin.turn = self.turn
        twin.passes = self.passes
        twin.scores = self.scores[:]
        twin.phase = self.phase
        twin.winner = self.winner
        return twin

    def arms_for(self, tile: int) -> list[int]:
        """The arms ``tile`` may go to now (as ``Arms.places_for``): the next new arm, or matching ends."""
        if self.started < self.size:
            return [self.started] if OTHER[tile][self.opening_number] >= 0 else []
        other = OTHER[tile]
        return [arm for arm, number in enumerate(self.ends) if other[number] >= 0]

    def legal_moves(self, sim: SimRules) -> list[int]:
        """The legal moves of the seat to move, in the engine's order (tile, then arm; draw last)."""
        if self.phase != PLAYING:
            return []
        fit = self.hands[self.turn] & self.reach
        drawable = len(self.stock) > sim.reserved
        if not fit:
            return [DRAW if drawable else PASS]
        moves = []
        starting = self.started < self.size
        ends = self.ends
        while fit:
            bit = fit & -fit
            fit ^= bit
            tile = bit.bit_length() - 1
            code = tile << ARM_BITS
            if starting:
                moves.append(code | self.started)
                continue
            other = OTHER[tile]
            for arm, number in enumerate(ends):
                if other[number] >= 0:
                    moves.append(code | arm)
        if drawable and sim.draw_while_able:
            moves.append(DRAW)
        return moves

    def apply(self, sim: SimRules, move: int) -> None:
        """Perform a legal move (not checked)."""
        if move >= DRAW:
            _draw_or_pass(sim, self, move)
            return
        seat = self.turn
        tile = move >> ARM_BITS
        value = self.lay(sim, tile, move & ARM_MASK)
        self.passes = 0
        hand = self.hands[seat] ^ (1 << tile)
        self.hands[seat] = hand
        side = sim.side_of[seat]
        if value and _award(sim, self, side, sim.header_values[value][sim.target - self.scores[side]]):
            return
        if hand:
            self.turn = sim.next_seat[seat]
            return
        if not _award(sim, self, side, sim.going_out_value[sim.target - self.scores[side]]):
            self.phase = HAND_OVER

    def lay(self, sim: SimRules, tile: int, arm: int) -> int:
        """Lay ``tile`` at ``arm`` (a new arm when it is the next one); the header's value before reduction.

        ``Arms.header_base`` written out on the counts: a play made when every
        arm was already started scores when two ends or more then show the
        new end's number, that many points, one more if that number's double
        is one of those end tiles (it can be at no other end).
        """
        self.line_mask |= 1 << tile
        ends = self.ends
        counts = self.counts
        if arm == self.started:  # a new arm shows the other half of an opening-suit tile
            number = OTHER[tile][self.opening_number]
            ends[arm] = number
            self.end_tiles[arm] = tile
            if not counts[number]:
                self.numbers |= 1 << number
            counts[number] += 1
            self.started = arm + 1
            if arm + 1 == self.size:
                self.reach = sim.reach[self.numbers]
            return 0
        old = ends[arm]
        new = OTHER[tile][old]
        ends[arm] = new
        end_tiles = self.end_tiles
        end_tiles[arm] = tile
        counts[old] -= 1
        if not counts[old]:
            self.numbers ^= 1 << old
        showing = counts[new]
        if not showing:
            self.numbers |= 1 << new
        counts[new] = showing = showing + 1
        self.reach = sim.reach[self.numbers]
        if showing < 2:
            return 0
        return showing + 1 if PAIR[new][new] in end_tiles else showing


AnyPosition = Position | ArmsPosition


def legal_moves(sim: SimRules, pos: AnyPosition) -> list[int]:
    """The legal moves of the seat to move (``pos.legal_moves``; hot loops call the method)."""
    return pos.legal_moves(sim)


def apply_move(sim: SimRules, pos: AnyPosition, move: int) -> None:
    """Perform a legal move, not checked (``pos.apply``; hot loops call the method)."""
    pos.apply(sim, move)


def _draw_or_pass(sim: SimRules, pos: AnyPosition, move: int) -> None:
    """A draw or a pass: the same on two ends and on arms."""
    seat = pos.turn
    if move == DRAW:
        pos.hands[seat] |= 1 << pos.stock.pop()
        return
    pos.passes += 1
    if pos.passes < sim.players:
        pos.turn = sim.next_seat[seat]
    else:
        _settle_blocked(sim, pos)


def _award(sim: SimRules, pos: AnyPosition, side: int, value: int) -> bool:
    """Add an award; True when it reached the target (the match is over)."""
    pos.scores[side] += value
    if pos.scores[side] >= sim.target:
        pos.phase = OVER
        pos.winner = side
        return True
    return False


def _settle_blocked(sim: SimRules, pos: AnyPosition) -> None:
    holdings = [holding_of([pos.hands[s] for s in seats]) for seats in sim.seats_of]
    winner, _ = settle_blocked(sim.blocked_rule, holdings)
    if winner is not None and _award(sim, pos, winner, sim.blocked_value[sim.target - pos.scores[winner]]):
        return
    pos.phase = HAND_OVER


def deal_position(
    sim: SimRules, deal: Callable[[int, int, tuple[Tile, ...]], Deal], scores: list[int]
) -> AnyPosition:
    """Deal a hand as the engine does (redealing while nobody holds a double) and open it."""
    while True:
        dealt = deal(sim.players, sim.tiles_each, sim.tiles.tiles)
        hands = [mask_of(h) for h in dealt.hands]
        for double in sim.opener_order:
            holder = next((s for s, h in enumerate(hands) if h >> double & 1), None)
            if holder is not None:
                break
        else:
            continue
        stock = [int(t) for t in reversed(dealt.stock)]
        hands[holder] ^= 1 << double
        pos = _opened(sim, hands, stock, double=double, holder=holder, scores=scores)
        side = sim.side_of[holder]
        if sim.opening_scores and _award(sim, pos, side, sim.double_value[sim.target - scores[side]]):
            return pos
        pos.turn = sim.next_seat[holder]
        return pos


def _opened(
    sim: SimRules, hands: list[int], stock: list[int], *, double: int, holder: int, scores: list[int]
) -> AnyPosition:
    """The position right after ``double`` was laid by ``holder``."""
    if sim.many:
        return ArmsPosition(
            hands=hands,
            stock=stock,
            ends=(),
            end_tiles=(),
            size=sim.arms,
            line_mask=1 << double,
            opening=double,
            turn=holder,
            passes=0,
            scores=scores,
        )
    number = EVERY_TILE[double].low
    return Position(
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
