"""Worked scenario 18 of rules.md and the rest of the DominoPlaza preset."""

from __future__ import annotations

import random

import pytest

from bergen_access.core import Draw, Match, Play, Refusal, SeededDealer, parse_tile, preset
from bergen_access.core.events import (
    Decider,
    HandBlocked,
    HandDealt,
    HeaderScored,
    Opened,
    TilePlayed,
    WentOut,
)

from .helpers import LEFT, RIGHT, of_type, play, play_out, table
from .test_scenarios_standard import TRIPLE_HANDS


@pytest.mark.parametrize(("players", "each", "stock"), [(2, 6, 16), (3, 5, 13), (4, 4, 12)])
def test_18_deal_eight_minus_players_all_drawable(players: int, each: int, stock: int) -> None:
    match = Match(preset("dominoplaza", players=players), SeededDealer(5))
    dealt = of_type(match.start_hand(), HandDealt)[0]
    assert (dealt.tiles_each, dealt.stock, dealt.drawable) == (each, stock, stock)
    assert match.target == 15


def test_18_highest_double_opens() -> None:
    _, events = table(
        "dominoplaza",
        [
            ["6-6", "0-1", "0-2", "0-3", "0-4"],
            ["0-0", "1-2", "1-3", "1-4", "1-5"],
            ["2-3", "2-4", "2-5", "2-6", "3-4"],
        ],
    )
    assert of_type(events, Opened) == [Opened(0, parse_tile("6-6"))]


ARMS = [
    ["4-4", "0-1", "0-2", "0-3", "2-3"],
    ["1-4", "2-4", "0-6", "1-2", "1-6"],
    ["1-3", "0-5", "1-5", "2-5", "0-0"],
]


def test_18_both_sides_of_the_opening_double_first() -> None:
    match, events = table("dominoplaza", ARMS, draws=["5-6", "3-4"])
    assert of_type(events, Opened) == [Opened(0, parse_tile("4-4"))]
    # seat 1 may lay 1-4 on either side of the double, or draw although it can play
    assert Draw(1) in match.legal_actions()
    play(match, 1, "1-4", LEFT)
    assert match.ends == (1, 4)
    # seat 2 holds 1-3 but no 4: the 1 end is closed until the double's other side is covered
    assert match.check(Play(2, parse_tile("1-3"), LEFT)) is Refusal.ARMS_FIRST
    assert match.legal_actions() == [Draw(2)]
    match.apply(Draw(2))  # 5-6 does not fit
    assert match.legal_actions() == [Draw(2)]
    match.apply(Draw(2))  # 3-4 fits the open side of the double
    assert match.legal_actions() == [Play(2, parse_tile("3-4"), RIGHT), Draw(2)]
    events = play(match, 2, "3-4", RIGHT)
    assert events[0] == TilePlayed(2, parse_tile("3-4"), RIGHT, 1, 3)
    assert not of_type(events, HeaderScored)
    # both sides covered: now any end
    assert Play(0, parse_tile("0-1"), LEFT) in match.legal_actions()
    assert Play(0, parse_tile("0-3"), RIGHT) in match.legal_actions()


def test_arms_first_is_an_option_on_top_of_any_preset() -> None:
    for first_arms_first, refusal in ((False, None), (True, Refusal.ARMS_FIRST)):
        match, _ = table("standard", TRIPLE_HANDS, first_arms_first=first_arms_first)
        play(match, 1, "3-5", RIGHT)  # the opening 3-3 still has its left side free
        assert match.check(Play(0, parse_tile("5-6"), RIGHT)) is refusal


def _random_matches(preset_name: str, count: int) -> list[Match]:
    matches = []
    for seed in range(count):
        match = Match(preset(preset_name, players=2 + seed % 3), SeededDealer(seed))
        match.start_hand()
        rng = random.Random(seed)
        play_out(match, rng.choice)
        matches.append(match)
    return matches


def test_18_no_award_for_going_out_or_blocking_and_no_reduction() -> None:
    matches = _random_matches("dominoplaza", 80)
    events = [e for m in matches for e in m.history]
    outs = of_type(events, WentOut)
    blocked = of_type(events, HandBlocked)
    headers = of_type(events, HeaderScored)
    assert outs and blocked and headers
    assert all(w.value == 0 for w in outs)
    assert all(b.decided_by is Decider.NO_AWARD and b.value == 0 for b in blocked)
    assert all(h.value == h.base for h in headers)
    assert all(max(m.scores) >= 15 for m in matches)


def test_18_no_header_on_the_two_tiles_after_the_opening_double() -> None:
    for match in _random_matches("dominoplaza", 40):
        history = match.history
        for index, event in enumerate(history):
            if not isinstance(event, Opened):
                continue
            plays = [e for e in history[index + 1 :] if isinstance(e, TilePlayed)][:2]
            for tile_played in plays:
                assert tile_played.left != tile_played.right
