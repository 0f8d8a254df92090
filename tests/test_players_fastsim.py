"""The search's fast simulator agrees with the public engine, move for move."""

from __future__ import annotations

import random

import pytest

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.actions import Action, Draw, Play
from bergen_access.core.rules import PRESET_NAMES
from bergen_access.players import fastsim
from bergen_access.players.fastsim import (
    DRAW,
    PASS,
    Position,
    SimRules,
    apply_move,
    deal_position,
    legal_moves,
)
from bergen_access.players.race import RaceTable
from bergen_access.players.rollout import choose_play
from bergen_access.players.strong import move_code

TABLES = [(2, False), (3, False), (4, False), (4, True)]
CONFIGS = [(name, players, partners) for name in PRESET_NAMES for players, partners in TABLES]


def code(action: Action) -> int:
    if isinstance(action, Play):
        return action.tile * 2 + action.end
    return DRAW if isinstance(action, Draw) else fastsim.PASS


def _same_state(pos: Position, match: Match) -> bool:
    ends = match.ends
    end_tiles = match.end_tiles
    assert ends is not None and end_tiles is not None
    return (
        pos.hands == [sum(1 << t for t in match.hand(s)) for s in range(match.players)]
        and pos.stock == [int(t) for t in match._stock]
        and (pos.left, pos.right) == ends
        and (pos.left_tile, pos.right_tile) == end_tiles
        and pos.line_length == len(match.line)
        and pos.line_mask == sum(1 << placed[0] for placed in match.line)
        and pos.scores == match.scores
    )


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}{'p' if c[2] else ''}")
def test_fast_simulator_agrees_with_the_engine_on_seeded_matches(config: tuple[str, int, bool]) -> None:
    """Same deals, same moves: same legal moves, hands, stock, ends, scores, hand ends and winner.

    Moves alternate between uniform random ones and the playout policy's, so
    both the rules and the policy's paths are covered.
    """
    name, players, partners = config
    rules = preset(name, players=players, partnerships=partners)
    sim = SimRules(rules)
    steps = 0
    for seed in range(12):
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
            assert pos.phase == fastsim.PLAYING and pos.turn == match.turn
            assert _same_state(pos, match)
            legal = match.legal_actions()
            moves = legal_moves(sim, pos)
            assert moves == [code(a) for a in legal] == [move_code(a) for a in legal]
            if steps % 2 and all(m < DRAW for m in moves):
                left_fit = sum(1 << (m >> 1) for m in moves if not m & 1)
                right_fit = sum(1 << (m >> 1) for m in moves if m & 1)
                move = choose_play(sim, pos, left_fit, right_fit, rng.random)
                assert move in moves
            else:
                move = moves[int(rng.random() * len(moves))]
            match.apply(legal[moves.index(move)])
            apply_move(sim, pos, move)
            steps += 1
    assert steps > 300


def test_passing_until_blocked_settles_like_the_engine() -> None:
    """A blocked hand in the simulator scores what the engine's blocked rule says."""
    blocked = 0
    for seed in range(400):
        rules = preset("standard", players=4, partnerships=seed % 2 == 1)
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        sim = SimRules(rules)
        pos = deal_position(sim, SeededDealer(seed).deal, [0] * rules.sides)
        rng = random.Random(seed)
        saw_pass = False
        while match.phase is Phase.PLAYING:
            moves = legal_moves(sim, pos)
            move = moves[int(rng.random() * len(moves))]
            saw_pass |= move == PASS
            match.apply(match.legal_actions()[moves.index(move)])
            apply_move(sim, pos, move)
        assert pos.scores == match.scores
        blocked += saw_pass and pos.phase != fastsim.OVER and all(h for h in pos.hands)
    assert blocked > 5


def test_race_chances_are_a_distribution_that_favours_the_leader() -> None:
    for rules in (preset("standard"), preset("counters", players=3), preset("dominoplaza", players=4)):
        table = RaceTable(rules)
        even = table.chances((0,) * rules.sides)
        assert sum(even) == pytest.approx(1.0)
        assert max(even) - min(even) < 1e-9
        ahead = table.chances((rules.target_score - 3,) + (0,) * (rules.sides - 1))
        assert ahead[0] > 0.6 and sum(ahead) == pytest.approx(1.0)
        assert table.chances((rules.target_score,) + (0,) * (rules.sides - 1))[0] == 1.0
