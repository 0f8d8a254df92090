"""The normal level: a one-move heuristic that knows Bergen.

It scores each legal play in points: what the play earns at once (headers
reduced by the rules near the target, going out, winning the match), minus
what it hands the next seat, which makes a header exactly when it holds the
tile showing both new end numbers; the chance of that is taken from what the
seat has inferred (draws and passes, counts, tiles seen). Small terms keep
options open, shed doubles, and, as the stock runs out, shed what the
blocked-hand rule of the preset counts against a side. Where drawing is
allowed at any time, it draws rather than make a play that gives too much.

On four or eight arms (rules.md §6) the same terms count the headers of
every value: a play that makes the k-th end showing a number earns k (one
more with that number's double at an end), and the threat is what the next
seat can be expected to take with the best header tile it may hold for the
new ends, each tile's chance taken from the seat's inferences.
"""

from __future__ import annotations

from ..core.actions import Action, Draw
from ..core.events import HeaderKind
from ..core.layout import Arms, header_kind
from ..core.rules import BlockedRule
from ..core.scoring import header_value
from ..core.tiles import EVERY_TILE, SUIT_MASK, tile
from ..core.view import SeatView
from .chance import decision_rng
from .headers import header_values, reach_mask
from .knowledge import Knowledge, infer
from .outcomes import Outcome, play_outcomes

#: A loss of the match, in points, when the next seat's header would reach its target.
LOSING_HEADER = 8.0
WINNING = 1000.0
GAIN_WEIGHT = 0.95
THREAT_WEIGHT = 1.44
PAIR_CHANCE_WEIGHT = 0.62
EQUAL_ENDS = -0.64
BLOCKER_BONUS = 0.75
DOUBLE_BONUS = 0.5
OPTION_BONUS = 0.145
SUPPLY_WEIGHT = -0.114
PIP_WEIGHT = 0.0
STARVE_BONUS = 0.7
DRAW_BELOW = -0.8

#: Per blocked rule, near the end of the stock: (weight of a double shed, weight of a pip shed).
BLOCKED_WEIGHTS: dict[BlockedRule, tuple[float, float]] = {
    BlockedRule.GERMAN: (1.0, 0.05),
    BlockedRule.AMERICAN: (0.8, 0.05),
    BlockedRule.PIPS: (0.0, 0.08),
    BlockedRule.NONE: (0.0, 0.0),
}


class NormalPlayer:
    """Heuristic play from the seat's view and its inferences."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError("not this seat's turn")
        if len(actions) == 1:
            return actions[0]
        outcomes = play_outcomes(view)
        knowledge = infer(view)
        best: Action = actions[0]
        best_score = -1e9
        tie = decision_rng(self.seed, view).random
        for outcome in outcomes:
            score = score_play(view, knowledge, outcome) + tie() * 1e-3
            if score > best_score:
                best, best_score = outcome.play, score
        draw = next((a for a in actions if isinstance(a, Draw)), None)
        if draw is not None and best_score < DRAW_BELOW:
            return draw
        return best


def threat_of(view: SeatView, knowledge: Knowledge, outcome: Outcome) -> float:
    """Points the next seat is expected to take from the ends this play leaves."""
    rules = view.rules
    nxt = (view.seat + 1) % rules.players
    side = rules.side_of(nxt)
    if side == view.side:
        return 0.0
    header_tile = tile(outcome.left, outcome.right)
    chance = knowledge.holds_probability(nxt, header_tile)
    if not chance:
        return 0.0
    triple = header_tile.is_double or outcome.left_double or outcome.right_double
    need = view.needs[side]
    value = float(header_value(rules, HeaderKind.TRIPLE if triple else HeaderKind.DOUBLE, need))
    if value >= need:
        value = max(value, LOSING_HEADER)
    return chance * value


def score_play(view: SeatView, knowledge: Knowledge, outcome: Outcome) -> float:
    """The heuristic worth of one play, in points."""
    if outcome.wins:
        return WINNING
    if outcome.spread is not None:
        return _score_on_arms(view, knowledge, outcome, outcome.spread)
    rules = view.rules
    left, right = outcome.left, outcome.right
    score = GAIN_WEIGHT * outcome.gain - THREAT_WEIGHT * threat_of(view, knowledge, outcome)
    if not outcome.hand_after:
        return score
    hand = outcome.hand_after
    nxt = (view.seat + 1) % rules.players
    header_tile = tile(left, right)
    if left == right:
        score += EQUAL_ENDS
    if hand >> header_tile & 1:
        score += BLOCKER_BONUS  # the tile that would score on these ends is ours
    # Keep tiles that fit the new ends, so the next turns have choices.
    fits = hand & (SUIT_MASK[left] | SUIT_MASK[right])
    score += OPTION_BONUS * min(fits.bit_count(), 3)
    score += SUPPLY_WEIGHT * (knowledge.unknown & (SUIT_MASK[left] | SUIT_MASK[right])).bit_count()
    # The next seat must draw or pass when nothing of it can fit the new ends.
    if rules.side_of(nxt) != view.side:
        score += STARVE_BONUS * void_chance(knowledge, nxt, left, right)
        score += PAIR_CHANCE_WEIGHT * knowledge.holds_probability(nxt, header_tile)
    return _shedding(view, outcome.play.tile, hand, score)


def _shedding(view: SeatView, played_tile: int, hand: int, score: float) -> float:
    """``score`` plus laying doubles down, and near the stock's end what the blocked rule counts."""
    rules = view.rules
    played = EVERY_TILE[played_tile]
    if played.is_double:
        score += DOUBLE_BONUS
    score += PIP_WEIGHT * played.pips
    if view.drawable <= rules.players:
        double_weight, pip_weight = BLOCKED_WEIGHTS[rules.blocked_rule]
        if played.is_double:
            score += double_weight
            if rules.blocked_rule is BlockedRule.AMERICAN and not hand & rules.tiles.doubles_mask:
                score += double_weight  # holding no double at all wins the American comparison
        score += pip_weight * played.pips
    return score


def threat_on_arms(view: SeatView, knowledge: Knowledge, headers: dict[int, int]) -> float:
    """Points the next seat is expected to take on four or eight arms: its best header tile's worth.

    ``headers`` are the tiles that would score on the new ends with their values; the
    next seat plays one tile, so each counts only where no better one is held.
    """
    rules = view.rules
    nxt = (view.seat + 1) % rules.players
    side = rules.side_of(nxt)
    if side == view.side or not headers:
        return 0.0
    need = view.needs[side]
    mask = 0
    for header_tile in headers:
        mask |= 1 << header_tile
    chances = knowledge.holding_chances(nxt, mask & knowledge.unknown)
    worth: list[tuple[float, float]] = []
    for header_tile, base in headers.items():
        chance = chances.get(header_tile, 0.0)
        if chance:
            value = float(header_value(rules, header_kind(base), need))
            worth.append((max(value, LOSING_HEADER) if value >= need else value, chance))
    worth.sort(reverse=True)
    expected = 0.0
    none_better = 1.0
    for value, chance in worth:
        expected += none_better * chance * value
        none_better *= 1.0 - chance
    return expected


def _score_on_arms(view: SeatView, knowledge: Knowledge, outcome: Outcome, spread: Arms) -> float:
    """The heuristic worth of one play on four or eight arms, in points (the terms of ``score_play``)."""
    headers = header_values(spread)
    score = GAIN_WEIGHT * outcome.gain - THREAT_WEIGHT * threat_on_arms(view, knowledge, headers)
    hand = outcome.hand_after
    if not hand:
        return score
    if outcome.gain:  # a header: its ends stand matched, ready for the next one
        score += EQUAL_ENDS
    if any(hand >> header_tile & 1 for header_tile in headers):
        score += BLOCKER_BONUS  # a tile that would score on these ends is ours
    open_tiles = reach_mask(spread)
    score += OPTION_BONUS * min((hand & open_tiles).bit_count(), 3)
    score += SUPPLY_WEIGHT * (knowledge.unknown & open_tiles).bit_count()
    nxt = (view.seat + 1) % view.rules.players
    if view.rules.side_of(nxt) != view.side:
        score += STARVE_BONUS * void_chance_of(knowledge, nxt, open_tiles)
    return _shedding(view, outcome.play.tile, hand, score)


def void_chance(knowledge: Knowledge, seat: int, left: int, right: int) -> float:
    """Roughly, the chance that ``seat`` holds no tile for ends ``left`` and ``right``."""
    return void_chance_of(knowledge, seat, SUIT_MASK[left] | SUIT_MASK[right])


def void_chance_of(knowledge: Knowledge, seat: int, fits: int) -> float:
    """Roughly, the chance that ``seat`` holds none of the tiles ``fits``."""
    chance = 1.0
    for forbidden in knowledge.slots[seat]:
        allowed = knowledge.unknown & ~forbidden
        count = allowed.bit_count()
        if count:
            chance *= 1.0 - (allowed & fits).bit_count() / count
    return chance
