"""Blocked hands played through the engine (deals found by seeded random play, then fixed here)."""

from __future__ import annotations

from bergen_access.core import Draw, Match, Pass, Play, ToldDealer, parse_tile, preset, told_deal
from bergen_access.core.actions import Action, End
from bergen_access.core.events import (
    CountersDiscarded,
    Decider,
    HandBlocked,
    HandEnded,
    Holding,
    MatchWon,
)
from bergen_access.core.rules import BlockedRule
from bergen_access.core.scoring import settle_blocked

from .helpers import of_type


def _actions(script: str) -> list[Action]:
    """``"1d 1p0-1L 0p0-4R 0x"``: seat, then d(raw), x (pass) or p(lay) tile and end."""
    actions: list[Action] = []
    for word in script.split():
        seat, kind = int(word[0]), word[1]
        if kind == "d":
            actions.append(Draw(seat))
        elif kind == "x":
            actions.append(Pass(seat))
        else:
            actions.append(Play(seat, parse_tile(word[2:5]), End.LEFT if word[5] == "L" else End.RIGHT))
    return actions


def _replay(match: Match, script: str) -> list[object]:
    events: list[object] = []
    for action in _actions(script):
        events.extend(match.apply(action))
    return events


GERMAN_WIN = told_deal(
    [["0-2", "0-4", "2-4", "4-6", "0-0", "2-6"], ["2-2", "2-3", "1-4", "3-3", "4-5", "3-6"]],
    ["0-1", "3-4", "0-5", "1-1", "6-6", "5-6", "1-6", "3-5", "5-5", "1-5", "4-4", "2-5", "1-3", "1-2"],
)
GERMAN_WIN_SCRIPT = (
    "1d 1p0-1L 0p0-4R 1p4-5R 0d 0d 0p0-5R 1p1-4L 0p2-4L 1p2-2L 0p0-2L 1d 1d 1d 1d 1d 1d 1d 1d 1d 1d 1d 1x"
)


def test_side_at_14_wins_a_blocked_hand_and_the_match_with_16() -> None:
    match = Match(preset("standard"), ToldDealer([GERMAN_WIN]), scores=[10, 0])
    match.start_hand()
    _replay(match, GERMAN_WIN_SCRIPT)
    assert match.scores == [14, 0] and match.drawable == 0
    events = match.apply(Pass(0))
    blocked = of_type(events, HandBlocked)[0]
    assert blocked.rule is BlockedRule.GERMAN
    assert blocked.holdings == (Holding(0, 25, 25), Holding(5, 98, 60))
    assert blocked.hands[0] == tuple(parse_tile(t) for t in ("2-6", "3-4", "4-6"))
    assert (blocked.decided_by, blocked.winner, blocked.value, blocked.total) == (
        Decider.FEWEST_DOUBLES,
        0,
        2,
        16,
    )
    assert events[-1] == MatchWon(0, (16, 0))


def test_complete_tie_in_a_blocked_hand_scores_nothing() -> None:
    deal = told_deal(
        [["4-6", "3-6", "1-4", "0-6", "3-5", "5-6"], ["0-0", "2-5", "2-2", "1-5", "1-6", "3-4"]],
        ["4-5", "5-5", "0-3", "0-5", "4-4", "6-6", "1-2", "3-3", "2-4", "0-4", "2-6", "1-3", "0-2", "1-1"],
    )
    match = Match(preset("standard"), ToldDealer([deal]))
    match.start_hand()
    _replay(
        match,
        "0p0-6L 1p1-6L 0p1-4L 1p3-4L 0p3-5L 1p2-5L 0d 0d 0d 0p0-3R 1p2-2L 0p3-6R 1d 1d 1d 1p6-6R "
        "0p5-6R 1p1-5R 0d 0p1-2L 1d 1d 1d 1d 1d 1p1-3L 0d 0d 0p1-1R 1p3-3L 0x",
    )
    before = tuple(match.scores)
    events = match.apply(Pass(1))
    blocked = of_type(events, HandBlocked)[0]
    assert blocked.holdings == (Holding(1, 31, 21), Holding(1, 31, 23))
    assert (blocked.decided_by, blocked.winner, blocked.value, blocked.total) == (Decider.TIE, None, 0, None)
    assert of_type(events, HandEnded) == [HandEnded(1, before)]


def test_american_rule_on_the_same_tie_compares_single_tile_pips() -> None:
    holdings = (Holding(1, 31, 21), Holding(1, 31, 23))
    assert settle_blocked(BlockedRule.AMERICAN, holdings) == (0, Decider.SINGLE_PIPS)


def test_counters_blocked_hand_lowest_pips_discards_one() -> None:
    deal = told_deal(
        [
            ["0-1", "0-5", "4-5", "0-2", "1-5", "1-4"],
            ["1-2", "1-1", "5-5", "2-6", "0-3", "2-3"],
            ["1-6", "6-6", "1-3", "3-5", "4-6", "3-3"],
        ],
        ["0-0", "0-4", "4-4", "2-5", "2-4", "5-6", "0-6", "2-2"],
    )
    match = Match(preset("counters", players=3), ToldDealer([deal]))
    match.start_hand()
    _replay(match, "2p1-3R 0p1-5L 1p2-3R 2p3-5L 0p0-2R 1p0-3R 2p3-3R 0d 0d 0d 0d 0d 0d 0d 0d 0x 1x")
    counters_before = [match.target - s for s in match.scores]
    events = match.apply(Pass(2))
    blocked = of_type(events, HandBlocked)[0]
    assert [h.pips for h in blocked.holdings] == [66, 21, 29]
    assert (blocked.decided_by, blocked.winner, blocked.value) == (Decider.FEWER_PIPS, 1, 1)
    assert of_type(events, CountersDiscarded) == [CountersDiscarded(None, 1, 1, counters_before[1] - 1)]
