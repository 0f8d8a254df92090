"""Worked scenario 17 of rules.md (counter-stone preset) and the counters' own rules."""

from __future__ import annotations

import random

import pytest

from bergen_access.core import Match, SeededDealer, parse_tile, preset
from bergen_access.core.events import (
    CountersDiscarded,
    Decider,
    HandDealt,
    HeaderKind,
    HeaderScored,
    Holding,
    MatchWon,
    WentOut,
)
from bergen_access.core.rules import BlockedRule
from bergen_access.core.scoring import holding_of, settle_blocked
from bergen_access.core.tiles import mask_of

from .helpers import LEFT, RIGHT, counters_left, of_type, play, play_out, table
from .test_scenarios_standard import HEADER_HANDS, OUT_COMMON_0, OUT_COMMON_1, OUT_PLAYS, TRIPLE_HANDS


@pytest.mark.parametrize(
    ("players", "partners", "each"), [(2, False, 15), (3, False, 10), (4, False, 10), (4, True, 15)]
)
def test_counters_at_the_start(players: int, partners: bool, each: int) -> None:
    match = Match(preset("counters", players=players, partnerships=partners), SeededDealer(3))
    assert match.target == each
    dealt = of_type(match.start_hand(), HandDealt)[0]
    assert dealt.tiles_each == (5 if players == 4 else 6)
    assert dealt.drawable == dealt.stock - 2


@pytest.mark.parametrize(("held", "discarded"), [(5, 2), (2, 1), (1, 1)])
def test_17_double_end(held: int, discarded: int) -> None:
    match, _ = table("counters", HEADER_HANDS, draws=["2-2"], scores=[15 - held, 0])
    play(match, 0, "2-5", LEFT)
    play(match, 1, "0-5", RIGHT)
    events = play(match, 0, "0-2", RIGHT)
    header = of_type(events, HeaderScored)[0]
    assert (header.kind, header.value) == (HeaderKind.DOUBLE, discarded)
    assert of_type(events, CountersDiscarded) == [CountersDiscarded(0, 0, discarded, held - discarded)]
    assert counters_left(match, 0) == held - discarded
    assert match.is_over == (held == discarded)
    if match.is_over:
        assert events[-1] == MatchWon(0, (15, 2))


@pytest.mark.parametrize(("held", "left"), [(4, 1), (3, 1), (2, 0), (1, 0)])
def test_17_triple(held: int, left: int) -> None:
    match, _ = table("counters", TRIPLE_HANDS, scores=[0, 15 - held])
    play(match, 1, "3-5", RIGHT)
    play(match, 0, "5-6", RIGHT)
    events = play(match, 1, "3-6", RIGHT)
    assert of_type(events, CountersDiscarded) == [CountersDiscarded(1, 1, held - left, left)]
    assert match.is_over == (left == 0)


def test_17_triple_with_two_counters_wins_where_points_would_not() -> None:
    points, _ = table("standard", TRIPLE_HANDS, scores=[0, 13])
    for seat, tile in ((1, "3-5"), (0, "5-6"), (1, "3-6")):
        play(points, seat, tile, RIGHT)
    assert points.scores[1] == 14 and not points.is_over


@pytest.mark.parametrize(("start", "held", "left"), [(5, 3, 1), (2, 1, 0)])
def test_17_going_out(start: int, held: int, left: int) -> None:
    match, _ = table("counters", [[*OUT_COMMON_0, "6-6"], [*OUT_COMMON_1, "2-3"]], scores=[15 - start, 0])
    for seat, tile, end in [*OUT_PLAYS, (1, "2-3", LEFT)]:
        play(match, seat, tile, end)
    assert counters_left(match, 0) == held  # the opening double cost 2 (or 1 when holding 2)
    events = play(match, 0, "6-6", RIGHT)
    assert of_type(events, WentOut)[0].value == held - left
    assert of_type(events, CountersDiscarded) == [CountersDiscarded(0, 0, held - left, left)]
    assert bool(of_type(events, MatchWon)) == (left == 0)


@pytest.mark.parametrize(("pips", "winner"), [((5, 12, 9), 0), ((7, 12, 7), None)])
def test_17_blocked_lowest_pips_discards_one(pips: tuple[int, int, int], winner: int | None) -> None:
    rules = preset("counters", players=3)
    assert rules.blocked_rule is BlockedRule.PIPS and rules.blocked_award == 1
    holdings = [Holding(0, p, p) for p in pips]
    assert settle_blocked(rules.blocked_rule, holdings)[0] == winner


def test_counters_are_never_below_zero_in_random_matches() -> None:
    for seed in range(60):
        rules = preset("counters", players=2 + seed % 3)
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        rng = random.Random(seed)
        play_out(match, rng.choice)
        assert all(match.target - s >= 0 for s in match.scores)
        assert match.target - match.scores[match.winner or 0] == 0
        discards = of_type(match.history, CountersDiscarded)
        assert all(d.discarded >= 1 and d.left >= 0 for d in discards)


def test_holding_counts_doubles_and_pips() -> None:
    holding = holding_of([mask_of(parse_tile(t) for t in ("6-6", "1-2"))])
    assert holding == Holding(1, 15, 3)
    assert settle_blocked(BlockedRule.PIPS, [holding, Holding(0, 15, 15)]) == (None, Decider.TIE)
