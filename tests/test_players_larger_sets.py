"""The computer players on the double-nine and double-twelve sets (rules.md §6).

The fast simulator is held to the engine move for move on four and eight
arms, its header counting and the normal level's header table to
``Layout.header_base`` tile by tile, and every level plays whole matches of
legal actions in every preset and table.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.actions import Draw, Pass, Play
from bergen_access.core.rules import PRESET_NAMES
from bergen_access.core.tiles import EVERY_TILE
from bergen_access.core.view import SeatView
from bergen_access.players import LEVELS, fastsim
from bergen_access.players.base import Player
from bergen_access.players.fastsim import DRAW, PASS, ArmsPosition, SimRules, deal_position
from bergen_access.players.headers import header_values, reach_mask
from bergen_access.players.rollout import choose_on_arms
from bergen_access.players.strong import StrongPlayer, move_code

SETS = [9, 12]
TABLES = [(2, False), (3, False), (4, False), (4, True)]
CONFIGS = [(name, players, partners) for name in PRESET_NAMES for players, partners in TABLES]


def _ids(config: tuple[str, int, bool]) -> str:
    return f"{config[0]}-{config[1]}{'p' if config[2] else ''}"


def _same_state(pos: ArmsPosition, match: Match) -> None:
    layout = match.layout
    assert pos.hands == [sum(1 << t for t in match.hand(s)) for s in range(match.players)]
    assert pos.stock == [int(t) for t in match._stock]
    assert pos.started == layout.started
    assert pos.ends[: pos.started] == list(layout.ends)
    assert pos.end_tiles[: pos.started] == [int(t) for t in layout.end_tiles]
    assert pos.line_mask == sum(1 << placed[0] for placed in match.line)
    assert pos.reach == reach_mask(layout)
    for number in range(13):
        assert pos.counts[number] == layout.ends.count(number)


@pytest.mark.parametrize("tile_set", SETS)
@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_fast_simulator_agrees_with_the_engine_on_arms(config: tuple[str, int, bool], tile_set: int) -> None:
    """Same deals, same moves: same legal moves, hands, stock, arms, scores, hand ends and winner.

    Moves alternate between uniform random ones and the playout policy's.
    """
    name, players, partners = config
    rules = preset(name, players=players, partnerships=partners, tile_set=tile_set)
    sim = SimRules(rules)
    steps = headers = 0
    for seed in range(6):
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        dealer = SeededDealer(seed)
        pos = deal_position(sim, dealer.deal, [0] * rules.sides)
        rng = random.Random(seed)
        while True:
            assert pos.scores == match.scores
            if match.is_over:
                assert pos.phase == fastsim.OVER and pos.winner == match.winner
                break
            if match.phase is Phase.HAND_OVER:
                assert pos.phase == fastsim.HAND_OVER
                match.start_hand()
                pos = deal_position(sim, dealer.deal, list(pos.scores))
                continue
            assert isinstance(pos, ArmsPosition)
            assert pos.phase == fastsim.PLAYING and pos.turn == match.turn
            _same_state(pos, match)
            legal = match.legal_actions()
            moves = pos.legal_moves(sim)
            assert moves == [move_code(a, rules.arms) for a in legal]
            if steps % 2 and all(m < DRAW for m in moves):
                move = choose_on_arms(sim, pos, pos.hands[pos.turn] & pos.reach, rng.random)
                assert move in moves
            else:
                move = moves[int(rng.random() * len(moves))]
            before = sum(pos.scores)
            match.apply(legal[moves.index(move)])
            pos.apply(sim, move)
            headers += move < DRAW and sum(pos.scores) > before
            steps += 1
    assert steps > 150 and headers > 3


@pytest.mark.parametrize("tile_set", SETS)
def test_simulator_headers_and_the_header_table_match_the_layout_tile_by_tile(tile_set: int) -> None:
    """``ArmsPosition.lay`` and ``headers.header_values`` say what ``Layout.header_base`` says."""
    rules = preset("standard", players=4, tile_set=tile_set)
    sim = SimRules(rules)
    rng = random.Random(tile_set)
    compared = scoring = 0
    for seed in range(40):
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        pos = deal_position(sim, SeededDealer(seed).deal, [0] * rules.sides)
        while match.phase is Phase.PLAYING:
            assert isinstance(pos, ArmsPosition)
            layout = match.layout
            table = header_values(layout)
            for each in rules.tiles.tiles:
                if pos.line_mask >> int(each) & 1:
                    continue
                bases = [layout.header_base(each, arm) for arm in layout.places_for(each)]
                best = max(bases, default=0)
                assert table.get(int(each), 0) == best, (each, layout)
                for arm in layout.places_for(each):
                    twin = pos.copy()
                    assert twin.lay(sim, int(each), arm) == layout.header_base(each, arm)
                    compared += 1
                scoring += best > 0
            legal = match.legal_actions()
            action = rng.choice(legal)
            match.apply(action)
            pos.apply(sim, move_code(action, rules.arms))
    assert compared > 5000 and scoring > 100


def _strong(seed: int) -> Player:
    return StrongPlayer(seed, simulations=40, time_budget=None)


FACTORIES: dict[str, Callable[[int], Player]] = {
    "random": LEVELS["random"],
    "easy": LEVELS["easy"],
    "normal": LEVELS["normal"],
    "strong": _strong,
}


@pytest.mark.parametrize("tile_set", SETS)
@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_every_level_plays_legal_actions_through_whole_matches_on_arms(
    config: tuple[str, int, bool], tile_set: int
) -> None:
    name, players, partners = config
    rules = preset(name, players=players, partnerships=partners, tile_set=tile_set)
    levels = list(FACTORIES)
    kinds: set[type] = set()
    arms_used: set[int] = set()
    seating = [levels[seat % len(levels)] for seat in range(players)]
    if players == 2:
        seating = ["normal", "strong"] if tile_set == 9 else ["easy", "strong"]
    seats = [FACTORIES[level](tile_set * 10 + seat) for seat, level in enumerate(seating)]
    match = Match(rules, SeededDealer(tile_set + players))
    match.start_hand()
    while not match.is_over:
        if match.phase is Phase.HAND_OVER:
            match.start_hand()
            continue
        view = SeatView(match, match.turn)
        action = seats[match.turn].choose(view)
        assert action in view.legal_actions
        kinds.add(type(action))
        if isinstance(action, Play):
            arms_used.add(action.end)
        match.apply(action)
    assert Play in kinds and kinds & {Draw, Pass}
    assert arms_used == set(range(rules.arms))


@pytest.mark.parametrize("tile_set", SETS)
def test_normal_beats_random_play_on_arms(tile_set: int) -> None:
    """Sensible, not only legal: the normal level wins most matches against random moves.

    Seats alternate, so neither level always opens; measured 35 of 40 on
    double-nine and 39 of 40 on double-twelve.
    """
    rules = preset("standard", players=2, tile_set=tile_set)
    wins = 0
    for seed in range(40):
        normal_seat = seed % 2
        seats = [LEVELS["random"](seed + 100), LEVELS["random"](seed + 200)]
        seats[normal_seat] = LEVELS["normal"](seed)
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        while not match.is_over:
            if match.phase is Phase.HAND_OVER:
                match.start_hand()
                continue
            match.apply(seats[match.turn].choose(SeatView(match, match.turn)))
        wins += match.winner == normal_seat
    assert wins >= 30, wins


def test_arm_codes_cover_every_tile_and_arm_of_the_largest_set() -> None:
    """Play codes stay below DRAW and PASS and decode to their tile and arm."""
    codes = {t << fastsim.ARM_BITS | arm for t in range(len(EVERY_TILE)) for arm in range(8)}
    assert max(codes) < DRAW < PASS
    assert len(codes) == len(EVERY_TILE) * 8
