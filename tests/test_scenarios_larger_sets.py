"""Worked scenarios L1–L8 of rules.md §6 (double-nine, double-twelve) through the engine."""

from __future__ import annotations

import random

import pytest

from bergen_access.core import Match, Play, Refusal, SeededDealer, parse_tile, preset
from bergen_access.core.events import HandDealt, HeaderKind, HeaderScored, Opened, TilePlayed
from bergen_access.core.rules import RulesError
from bergen_access.core.scoring import header_value
from bergen_access.core.tiles import LARGEST

from .helpers import of_type, play, play_out, table

ARM_1, ARM_2, ARM_3, ARM_4 = range(4)

#: Seat 0 opens with 9-9 (highest opener) and lays 9-5, 9-1, 5-5 and 7-2; seat 1 lays 9-3, 9-7, 3-5, 1-5.
L_HANDS = [
    ["9-9", "5-9", "1-9", "5-5", "2-7", "0-3", "0-0", "0-2", "0-4", "0-6"],
    ["3-9", "7-9", "3-5", "1-5", "1-1", "2-6", "4-6", "6-8", "2-2", "4-4"],
]


def tile(text: str) -> object:
    return parse_tile(text, LARGEST)


def l_table(preset_name: str = "standard", scores: list[int] | None = None) -> tuple[Match, list[object]]:
    """The table of L1: double-nine, two players, the highest double opens."""
    match, events = table(preset_name, L_HANDS, scores=scores, tile_set=9, opener="highest")
    return match, list(events)


def start_four_arms(match: Match) -> list[object]:
    events: list[object] = []
    events += play(match, 1, "3-9", ARM_1)
    events += play(match, 0, "5-9", ARM_2)
    events += play(match, 1, "7-9", ARM_3)
    events += play(match, 0, "1-9", ARM_4)
    return events


@pytest.mark.parametrize(("players", "each"), [(2, 10), (3, 8), (4, 7)])
def test_double_nine_deals_10_8_7(players: int, each: int) -> None:
    match = Match(preset("standard", players=players, tile_set=9), SeededDealer(3))
    dealt = of_type(match.start_hand(), HandDealt)[0]
    assert dealt.tiles_each == each and dealt.stock == 55 - players * each


@pytest.mark.parametrize(("players", "each"), [(2, 12), (3, 11), (4, 10)])
def test_double_twelve_deals_12_11_10(players: int, each: int) -> None:
    match = Match(preset("standard", players=players, tile_set=12), SeededDealer(3))
    dealt = of_type(match.start_hand(), HandDealt)[0]
    assert dealt.tiles_each == each and dealt.stock == 91 - players * each


@pytest.mark.parametrize("tile_set", [9, 12])
def test_dominoplaza_deals_eight_minus_players_on_larger_sets(tile_set: int) -> None:
    match = Match(preset("dominoplaza", players=3, tile_set=tile_set), SeededDealer(3))
    assert of_type(match.start_hand(), HandDealt)[0].tiles_each == 5


def test_l1_opening_scores_two_and_starting_arms_never_scores() -> None:
    match, events = l_table()
    assert of_type(events, Opened) == [Opened(0, tile("9-9"))]
    assert [(h.seat, h.value) for h in of_type(events, HeaderScored)] == [(0, 2)]
    later = start_four_arms(match)
    assert of_type(later, HeaderScored) == []
    assert match.ends == (3, 5, 7, 1)
    last = of_type(later, TilePlayed)[-1]
    assert (last.end, last.ends, last.end_doubles) == (ARM_4, (3, 5, 7, 1), (False,) * 4)


def test_l2_a_pair_of_ends_scores_two() -> None:
    match, _ = l_table()
    start_four_arms(match)
    events = play(match, 1, "3-5", ARM_1)
    assert match.ends == (5, 5, 7, 1)
    assert [(h.seat, h.kind, h.value) for h in of_type(events, HeaderScored)] == [(1, HeaderKind.DOUBLE, 2)]


def test_l3_a_pair_with_a_double_scores_three() -> None:
    match, _ = l_table()
    start_four_arms(match)
    play(match, 1, "3-5", ARM_1)
    events = play(match, 0, "5-5", ARM_2)
    assert match.ends == (5, 5, 7, 1) and of_type(events, TilePlayed)[0].end_doubles == (
        False,
        True,
        False,
        False,
    )
    assert [(h.kind, h.value) for h in of_type(events, HeaderScored)] == [(HeaderKind.TRIPLE, 3)]


def test_l4_three_ends_with_a_double_score_four() -> None:
    match, _ = l_table()
    start_four_arms(match)
    play(match, 1, "3-5", ARM_1)
    play(match, 0, "5-5", ARM_2)
    events = play(match, 1, "1-5", ARM_4)
    assert match.ends == (5, 5, 7, 5)
    assert [(h.kind, h.base, h.value) for h in of_type(events, HeaderScored)] == [
        (HeaderKind.QUADRUPLE, 4, 4)
    ]


@pytest.mark.parametrize(("need", "value"), [(5, 4), (4, 3), (3, 2), (2, 1), (1, 1)])
def test_l4_standard_reduction(need: int, value: int) -> None:
    rules = preset("standard", tile_set=9)
    assert header_value(rules, HeaderKind.QUADRUPLE, need) == value
    # and through the engine: seat 1 needs ``need`` before laying 1-5
    match, _ = l_table(scores=[0, 15 - need - 2])  # L2 scores 2 for seat 1 first
    start_four_arms(match)
    play(match, 1, "3-5", ARM_1)
    play(match, 0, "5-5", ARM_2)
    events = play(match, 1, "1-5", ARM_4)
    assert of_type(events, HeaderScored)[0].value == value


def test_l6_a_standing_pair_never_scores_again() -> None:
    match, _ = l_table()
    start_four_arms(match)
    play(match, 1, "3-5", ARM_1)
    events = play(match, 0, "2-7", ARM_3)
    assert match.ends == (5, 5, 2, 1)
    assert of_type(events, HeaderScored) == []


@pytest.mark.parametrize(("held", "discarded", "wins"), [(3, 3, True), (5, 4, False)])
def test_l7_counters_a_four_value_header(held: int, discarded: int, wins: bool) -> None:
    rules = preset("counters", tile_set=9)
    assert header_value(rules, HeaderKind.QUADRUPLE, held) == discarded
    target = rules.target_score
    # seat 1 holds ``held`` counters when it lays 1-5 (it discards 2 with 3-5 first)
    match, _ = l_table("counters", scores=[0, target - held - 2])
    start_four_arms(match)
    play(match, 1, "3-5", ARM_1)
    play(match, 0, "5-5", ARM_2)
    events = play(match, 1, "1-5", ARM_4)
    assert of_type(events, HeaderScored)[0].value == discarded
    assert match.is_over is wins


def test_l8_all_arms_first() -> None:
    match, _ = l_table()
    play(match, 1, "3-9", ARM_1)
    # seat 0 holds 0-3, which matches arm 1's end, but only the opening number may be laid until arm 4
    assert match.check(Play(0, tile("0-3"), ARM_1)) is Refusal.ARMS_FIRST
    assert {a.tile for a in match.legal_actions() if isinstance(a, Play)} == {tile("5-9"), tile("1-9")}
    assert all(a.end == ARM_2 for a in match.legal_actions() if isinstance(a, Play))
    # a new arm is always the next one: 5-9 cannot go to arm 3, only to arm 2
    assert match.check(Play(0, tile("5-9"), ARM_3)) is Refusal.OTHER_END_ONLY
    assert match.fitting_ends(0, tile("5-9")) == (ARM_2,)


def test_first_arms_first_no_is_refused_with_larger_sets() -> None:
    with pytest.raises(RulesError):
        preset("standard", tile_set=9, first_arms_first=False)


@pytest.mark.parametrize(("tile_set", "arms"), [(9, 4), (12, 8)])
def test_l5_no_header_before_every_arm_is_started(tile_set: int, arms: int) -> None:
    """L5 (and L1 for d9): in random matches the first header after the opening comes at the earliest
    with the (arms + 1)-th tile laid; and only plays made with every arm started ever score."""
    rng = random.Random(tile_set)
    earliest = []
    for seed in range(60):
        match = Match(preset("standard", players=2 + seed % 3, tile_set=tile_set), SeededDealer(seed))
        events = match.start_hand()
        laid = 0
        while match.phase.value == "playing":
            spread = match.spread
            assert spread is not None
            started_before = spread.all_started
            new = match.apply(rng.choice(match.legal_actions()))
            if of_type(new, TilePlayed):
                laid += 1
                if of_type(new, HeaderScored):
                    assert started_before
                    earliest.append(laid)
            events += new
    assert earliest and min(earliest) >= arms + 1


@pytest.mark.parametrize("tile_set", [9, 12])
@pytest.mark.parametrize("name", ["standard", "counters", "dominoplaza"])
def test_larger_set_matches_finish_in_every_preset(tile_set: int, name: str) -> None:
    rng = random.Random(7)
    for players, partners in [(2, False), (3, False), (4, True)]:
        match = Match(
            preset(name, players=players, partnerships=partners, tile_set=tile_set), SeededDealer(players)
        )
        match.start_hand()
        play_out(match, rng.choice)
        assert match.winner is not None and match.scores[match.winner] >= match.target
