"""Worked scenarios 1-16 of rules.md section 5 (standard rules; counters where they agree)."""

from __future__ import annotations

import pytest

from bergen_access.core import Draw, End, Match, Pass, Phase, Play, Refusal, SeededDealer, parse_tile, preset
from bergen_access.core.events import (
    Decider,
    HandDealt,
    HandEnded,
    HeaderKind,
    HeaderScored,
    MatchWon,
    Opened,
    TilePlayed,
    WentOut,
)
from bergen_access.core.rules import BlockedRule
from bergen_access.core.scoring import holding_of, settle_blocked
from bergen_access.core.tiles import mask_of

from .helpers import LEFT, RIGHT, of_type, play, table

# ---------------------------------------------------------------- 1. the deal


@pytest.mark.parametrize("preset_name", ["standard", "counters"])
@pytest.mark.parametrize(
    ("players", "partners", "each", "stock", "drawable"),
    [(2, False, 6, 16, 14), (3, False, 6, 10, 8), (4, False, 5, 8, 6), (4, True, 5, 8, 6)],
)
def test_1_deal_sizes(
    preset_name: str, players: int, partners: bool, each: int, stock: int, drawable: int
) -> None:
    match = Match(preset(preset_name, players=players, partnerships=partners), SeededDealer(7))
    dealt = of_type(match.start_hand(), HandDealt)[-1]
    assert dealt.tiles_each == each
    assert [len(h) for h in dealt.hands] == [each] * players
    assert (dealt.stock, dealt.drawable) == (stock, drawable)
    assert (match.stock_size, match.drawable) == (stock, drawable)


# ------------------------------------------------------- 2. lowest double opens


@pytest.mark.parametrize("preset_name", ["standard", "counters"])
def test_2_holder_of_lowest_double_opens_with_it(preset_name: str) -> None:
    _, events = table(
        preset_name,
        [["2-2", "5-5", "0-1", "0-2", "0-3", "0-4"], ["1-1", "6-6", "1-2", "1-3", "1-4", "1-5"]],
    )
    assert of_type(events, Opened) == [Opened(1, parse_tile("1-1"))]


# ------------------------------------------ 3. the opening double is a header

OPENING_HANDS = [["3-3", "0-1", "0-2", "1-2", "4-5", "4-6"], ["4-4", "5-5", "6-6", "0-4", "1-5", "2-6"]]


@pytest.mark.parametrize(("before", "after", "value"), [(0, 2, 2), (13, 14, 1), (12, 14, 2), (14, 15, 1)])
def test_3_opening_double_scores_a_reduced_double_header(before: int, after: int, value: int) -> None:
    match, events = table("standard", OPENING_HANDS, scores=[before, 0])
    header = of_type(events, HeaderScored)[0]
    assert (header.seat, header.kind, header.base, header.value, header.total) == (
        0,
        HeaderKind.DOUBLE,
        2,
        value,
        after,
    )
    assert match.scores[0] == after
    if after == 15:
        assert match.is_over and events[-1] == MatchWon(0, (15, 0))
        assert match.line == ((parse_tile("3-3"), 3, 3),)  # nothing else was laid
        assert match.check(Draw(1)) is Refusal.MATCH_OVER
    else:
        assert not match.is_over and match.turn == 1


# --------------------------------------------- 4. double and triple headers

#: Seat 1 opens 5-5 (nobody holds a lower double); 2-2 waits in the stock.
HEADER_HANDS = [["2-5", "0-2", "1-3", "1-4", "3-6", "4-6"], ["5-5", "0-5", "1-6", "3-4", "6-6", "1-5"]]


@pytest.mark.parametrize("last_end", [LEFT, RIGHT])
def test_4_double_header_then_triple_by_laying_the_double(last_end: int) -> None:
    match, events = table("standard", HEADER_HANDS, draws=["2-2"])
    assert of_type(events, Opened) == [Opened(1, parse_tile("5-5"))]
    assert match.scores == [0, 2]
    assert not of_type(play(match, 0, "2-5", LEFT), HeaderScored)
    assert match.ends == (2, 5)
    assert not of_type(play(match, 1, "0-5", RIGHT), HeaderScored)
    assert match.ends == (2, 0)
    header = of_type(play(match, 0, "0-2", RIGHT), HeaderScored)
    assert [(h.kind, h.value) for h in header] == [(HeaderKind.DOUBLE, 2)]
    assert match.scores == [2, 2]
    assert match.legal_actions() == [Draw(1)]  # no 2 in seat 1's hand
    match.apply(Draw(1))
    header = of_type(play(match, 1, "2-2", RIGHT if last_end else LEFT), HeaderScored)
    assert [(h.seat, h.kind, h.value, h.total) for h in header] == [(1, HeaderKind.TRIPLE, 3, 5)]


def test_4_in_counters_the_same_plays_discard_counters() -> None:
    match, _ = table("counters", HEADER_HANDS, draws=["2-2"])
    assert match.target - match.scores[1] == 13  # opening double end: 2 counters
    play(match, 0, "2-5", LEFT)
    play(match, 1, "0-5", RIGHT)
    play(match, 0, "0-2", RIGHT)
    match.apply(Draw(1))
    play(match, 1, "2-2", LEFT)
    assert [match.target - s for s in match.scores] == [13, 10]


# ------------------------------------ 5. the opening double stays an end tile

#: Seat 0 opens 3-3; 5-6 and 3-6 make the triple at the end.
TRIPLE_HANDS = [["3-3", "5-6", "0-1", "0-2", "1-2", "4-5"], ["3-5", "3-6", "4-4", "0-4", "1-4", "2-4"]]


def test_5_opening_double_makes_a_triple_later() -> None:
    match, _ = table("standard", TRIPLE_HANDS)
    play(match, 1, "3-5", RIGHT)
    assert match.ends == (3, 5) and match.end_tiles is not None and match.end_tiles[0].is_double
    play(match, 0, "5-6", RIGHT)
    events = play(match, 1, "3-6", RIGHT)
    assert events[0] == TilePlayed(1, parse_tile("3-6"), RIGHT, 3, 3, left_double=True, right_double=False)
    assert of_type(events, HeaderScored) == [HeaderScored(1, 1, HeaderKind.TRIPLE, 3, 3, 3)]


# ------------------------------------------ 6. a double inside does not count


def test_6_double_inside_the_line_does_not_make_a_triple() -> None:
    hands = [["0-0", "0-2", "1-3", "1-4", "3-6", "4-6"], ["0-5", "2-5", "3-4", "1-5", "5-6", "4-5"]]
    match, _ = table("standard", hands)
    play(match, 1, "0-5", LEFT)
    play(match, 0, "0-2", RIGHT)
    assert [t for t, _, _ in match.line] == [parse_tile(t) for t in ("0-5", "0-0", "0-2")]
    events = play(match, 1, "2-5", RIGHT)
    assert of_type(events, HeaderScored) == [HeaderScored(1, 1, HeaderKind.DOUBLE, 2, 2, 2)]


# ------------------------------------------ 7. two doubles of different numbers


def test_7_ends_on_two_different_doubles_score_nothing() -> None:
    hands = [["2-2", "4-4", "0-1", "0-3", "1-3", "5-6"], ["2-4", "5-5", "6-6", "0-5", "1-5", "3-5"]]
    match, _ = table("standard", hands)
    play(match, 1, "2-4", RIGHT)
    events = play(match, 0, "4-4", RIGHT)
    assert match.ends == (2, 4)
    assert not of_type(events, HeaderScored)


# -------------------------------------------------- 8. reduction near 15


@pytest.mark.parametrize(
    ("kind", "before", "after"),
    [
        ("triple", 11, 14),
        ("double", 11, 13),
        ("triple", 12, 14),
        ("double", 12, 14),
        ("triple", 13, 14),
        ("double", 13, 14),
        ("triple", 14, 15),
        ("double", 14, 15),
    ],
)
def test_8_reduction(kind: str, before: int, after: int) -> None:
    if kind == "triple":  # scenario 5's line; seat 1 makes the triple
        match, _ = table("standard", TRIPLE_HANDS, scores=[0, before])
        play(match, 1, "3-5", RIGHT)
        play(match, 0, "5-6", RIGHT)
        events = play(match, 1, "3-6", RIGHT)
    else:  # scenario 4's line; seat 0 makes the double header
        match, _ = table("standard", HEADER_HANDS, draws=["2-2"], scores=[before, 0])
        play(match, 0, "2-5", LEFT)
        play(match, 1, "0-5", RIGHT)
        events = play(match, 0, "0-2", RIGHT)
    header = of_type(events, HeaderScored)[0]
    assert header.value == after - before
    assert header.total == after
    assert (header.value < header.base) == (after - before < (3 if kind == "triple" else 2))
    assert match.is_over == (after == 15)


# ---------------------------------------------- 9. three players, target 10

#: Seat 1 opens 3-3; seat 2 makes a triple (3 / 3 on the opening double) on its second play.
THREE_TRIPLE = [
    ["5-6", "0-1", "0-2", "0-4", "4-5", "2-6"],
    ["3-3", "1-6", "4-4", "1-4", "2-4", "0-5"],
    ["3-5", "1-3", "5-5", "6-6", "1-5", "2-5"],
]
THREE_TRIPLE_PLAYS = [(2, "3-5", RIGHT), (0, "5-6", RIGHT), (1, "1-6", RIGHT), (2, "1-3", RIGHT)]

#: Seat 1 opens 3-3; seat 2 makes a double header (5 / 5, no double at an end).
THREE_DOUBLE = [
    ["3-6", "0-1", "0-2", "0-4", "4-5", "2-6"],
    ["3-3", "1-6", "4-4", "1-4", "2-4", "0-5"],
    ["3-5", "1-5", "5-5", "6-6", "2-5", "1-3"],
]
THREE_DOUBLE_PLAYS = [(2, "3-5", LEFT), (0, "3-6", RIGHT), (1, "1-6", RIGHT), (2, "1-5", RIGHT)]


@pytest.mark.parametrize(
    ("hands", "plays", "kind", "before", "after"),
    [
        (THREE_TRIPLE, THREE_TRIPLE_PLAYS, HeaderKind.TRIPLE, 7, 9),
        (THREE_TRIPLE, THREE_TRIPLE_PLAYS, HeaderKind.TRIPLE, 8, 9),
        (THREE_DOUBLE, THREE_DOUBLE_PLAYS, HeaderKind.DOUBLE, 9, 10),
    ],
)
def test_9_three_players_target_ten(
    hands: list[list[str]], plays: list[tuple[int, str, End]], kind: HeaderKind, before: int, after: int
) -> None:
    match, _ = table("standard", hands, scores=[0, 0, before])
    assert match.target == 10
    events = []
    for seat, tile, end in plays:
        events = play(match, seat, tile, end)
    header = of_type(events, HeaderScored)
    assert [(h.seat, h.kind, h.total) for h in header] == [(2, kind, after)]
    assert match.is_over == (after == 10)
    if match.is_over:
        assert events[-1] == MatchWon(2, (0, 2, 10))


# ------------------------------------------------- 10. partnerships add up


def _rotate(hands: list[list[str]], by: int) -> list[list[str]]:
    return [hands[(seat - by) % len(hands)] for seat in range(len(hands))]


#: Seat 1 opens 3-3 and seat 2 makes a triple with its second tile.
PARTNER_HANDS = [
    ["1-6", "0-1", "0-2", "0-4", "2-6"],
    ["3-3", "1-4", "4-4", "2-4", "0-5"],
    ["3-5", "3-4", "5-5", "1-5", "2-5"],
    ["5-6", "6-6", "0-6", "4-6", "4-5"],
]


@pytest.mark.parametrize("scorer", [2, 0])
def test_10_either_partner_adds_to_the_side(scorer: int) -> None:
    shift = (scorer - 2) % 4
    match, _ = table("standard", _rotate(PARTNER_HANDS, shift), scores=[13, 0], partnerships=True)
    assert match.target == 15
    opener = (1 + shift) % 4
    order = [(opener + k) % 4 for k in range(1, 6)]
    tiles = ["3-5", "5-6", "1-6", "1-4", "3-4"]
    events = []
    for seat, tile in zip(order, tiles, strict=True):
        events = play(match, seat, tile, RIGHT)
    assert of_type(events, HeaderScored) == [HeaderScored(scorer, 0, HeaderKind.TRIPLE, 3, 1, 14)]
    assert match.scores[0] == 14 and not match.is_over


# ---------------------------------------------------------- 11. going out

#: Seat 0 opens 0-0 and lays its last tile as the eleventh tile of the hand.
OUT_COMMON_0 = ["0-0", "0-1", "1-3", "3-5", "5-6"]
OUT_COMMON_1 = ["0-4", "4-6", "2-6", "2-2", "4-5"]
OUT_PLAYS = [
    (1, "0-4", LEFT),
    (0, "0-1", RIGHT),
    (1, "4-6", LEFT),
    (0, "1-3", RIGHT),
    (1, "2-6", LEFT),
    (0, "3-5", RIGHT),
    (1, "2-2", LEFT),
    (0, "5-6", RIGHT),
]
OUT_ENDINGS = {
    "none": ("6-6", "2-3", LEFT),
    "double": ("3-6", "2-3", LEFT),
    "triple": ("1-2", "1-6", RIGHT),
}


def _go_out(ending: str, start: int) -> tuple[Match, list[object]]:
    last, fifth, fifth_end = OUT_ENDINGS[ending]
    hands = [[*OUT_COMMON_0, last], [*OUT_COMMON_1, fifth]]
    match, _ = table("standard", hands, scores=[start, 0])
    for seat, tile, end in [*OUT_PLAYS, (1, fifth, fifth_end)]:
        play(match, seat, tile, end)
    assert match.tile_count(0) == 1
    return match, play(match, 0, last, RIGHT)


@pytest.mark.parametrize(
    ("ending", "start", "before_last", "final", "header"),
    [
        ("none", 3, 5, 7, None),
        ("none", 11, 13, 15, None),
        ("double", 3, 5, 9, 2),
        ("triple", 10, 12, 16, 2),
        ("double", 12, 14, 15, 1),
    ],
)
def test_11_going_out(ending: str, start: int, before_last: int, final: int, header: int | None) -> None:
    match, events = _go_out(ending, start)
    headers = of_type(events, HeaderScored)  # type: ignore[arg-type]
    assert [h.value for h in headers] == ([header] if header else [])
    if headers:
        assert headers[0].total - headers[0].value == before_last
    out = of_type(events, WentOut)  # type: ignore[arg-type]
    if final == 15 and header == 1:  # the header reached the target: no bonus
        assert out == []
    else:
        assert [(w.seat, w.value, w.total) for w in out] == [(0, 2, final)]
    assert match.is_over == (final >= 15)
    if match.is_over:
        assert events[-1] == MatchWon(0, (final, 0))
        assert match.scores[0] == final
    else:
        assert of_type(events, HandEnded) == [HandEnded(1, (final, 0))]  # type: ignore[arg-type]
        assert match.phase is Phase.HAND_OVER and match.scores[0] == final
        assert match.legal_actions() == [] and match.check(Pass(1)) is Refusal.HAND_OVER
        next_hand = match.start_hand()
        assert isinstance(next_hand[0], HandDealt) and next_hand[0].hand == 2


# ----------------------------------------------- 12-13. must play, draw until

#: Three players: seat 1 opens 4-4, seat 2 lays 4-6: seat 0 faces ends 4 and 6, stock 10.
MUST_PLAY = [
    ["1-4", "2-3", "0-1", "0-2", "1-5", "0-3"],
    ["4-4", "5-5", "6-6", "2-5", "3-5", "0-5"],
    ["4-6", "0-6", "1-6", "2-6", "3-6", "5-6"],
]
MUST_DRAW = [
    ["2-3", "0-1", "0-2", "1-5", "0-3", "1-3"],
    ["4-4", "5-5", "6-6", "2-5", "3-5", "0-5"],
    ["4-6", "0-6", "2-6", "3-6", "5-6", "4-5"],
]


def test_12_a_player_who_can_play_must_play() -> None:
    match, _ = table("standard", MUST_PLAY)
    play(match, 2, "4-6", RIGHT)
    assert (match.turn, match.ends, match.stock_size) == (0, (4, 6), 10)
    assert match.legal_actions() == [Play(0, parse_tile("1-4"), LEFT)]
    assert match.check(Draw(0)) is Refusal.MUST_PLAY
    assert match.check(Pass(0)) is Refusal.MUST_PLAY
    assert match.check(Play(0, parse_tile("2-3"), LEFT)) is Refusal.DOES_NOT_FIT


def test_13_draw_one_at_a_time_until_a_tile_fits_then_play_it() -> None:
    match, _ = table("standard", MUST_DRAW, draws=["1-2", "3-3", "1-6"])
    play(match, 2, "4-6", RIGHT)
    assert match.legal_actions() == [Draw(0)]
    for expected in ("1-2", "3-3", "1-6"):
        assert match.apply(Draw(0))[0].tile == parse_tile(expected)  # type: ignore[union-attr]
        assert match.turn == 0
    assert match.stock_size == 7
    assert match.legal_actions() == [Play(0, parse_tile("1-6"), RIGHT)]
    assert match.check(Draw(0)) is Refusal.MUST_PLAY


# --------------------------------------------- 14. the last two are never drawn


def test_14_with_two_tiles_left_a_player_passes() -> None:
    hands = [["6-6", "0-6", "1-6", "2-6", "3-6", "4-6"], ["0-1", "0-2", "0-3", "0-4", "0-5", "1-2"]]
    match, _ = table("standard", hands)
    for _ in range(13):
        match.apply(Draw(1))
    assert (match.stock_size, match.drawable) == (3, 1)
    match.apply(Draw(1))
    assert (match.stock_size, match.drawable) == (2, 0)
    assert match.legal_actions() == [Pass(1)]
    assert match.check(Draw(1)) is Refusal.NOTHING_TO_DRAW
    match.apply(Pass(1))
    assert match.turn == 0
    assert parse_tile("5-6") not in match.hand(1)  # the reserved tiles stay put


# --------------------------------------------------- 15-16. blocked hands


def _holdings(*hands: list[str]) -> list[object]:
    return [holding_of([mask_of(parse_tile(t) for t in hand)]) for hand in hands]


@pytest.mark.parametrize(
    ("hands", "winner", "decider"),
    [
        ([["6-6", "1-2"], ["3-4", "5-6", "0-1"]], 1, Decider.FEWEST_DOUBLES),
        ([["2-2", "0-1"], ["1-1", "6-5"]], 0, Decider.FEWER_PIPS),
        ([["0-1", "2-3"], ["1-2", "0-3"]], None, Decider.TIE),
        # three players: A and B tie on no doubles and 9 pips; C (a double) is out of it
        ([["0-4", "2-3"], ["1-2", "0-6"], ["1-1"]], None, Decider.TIE),
    ],
)
def test_15_german_blocked_rule(hands: list[list[str]], winner: int | None, decider: Decider) -> None:
    assert settle_blocked(BlockedRule.GERMAN, _holdings(*hands)) == (winner, decider)  # type: ignore[arg-type]


def test_15_partnerships_compare_side_totals() -> None:
    north_south = holding_of([mask_of([parse_tile("1-1")]), mask_of(parse_tile(t) for t in ("2-3", "4-5"))])
    east_west = holding_of([mask_of([parse_tile("3-3")]), mask_of([parse_tile("6-6")])])
    assert north_south.doubles == 1 and north_south.pips == 16
    assert settle_blocked(BlockedRule.GERMAN, [north_south, east_west]) == (0, Decider.FEWEST_DOUBLES)


def test_16_american_rule_no_double_beats_any_double() -> None:
    holdings = _holdings(["2-3", "4-6"], ["1-1", "0-2"], ["0-0", "1-2"])
    assert settle_blocked(BlockedRule.AMERICAN, holdings) == (0, Decider.NO_DOUBLE)  # type: ignore[arg-type]
    # every side holds a double: pips of the other tiles decide
    holdings = _holdings(["6-6", "1-3"], ["0-0", "4-5"])
    assert settle_blocked(BlockedRule.AMERICAN, holdings) == (0, Decider.SINGLE_PIPS)  # type: ignore[arg-type]
    # several without a double: fewest pips among them
    holdings = _holdings(["0-1"], ["2-3"], ["1-1"])
    assert settle_blocked(BlockedRule.AMERICAN, holdings) == (0, Decider.FEWER_PIPS)  # type: ignore[arg-type]


def test_blocked_rule_pips_and_none() -> None:
    holdings = _holdings(["2-3"], ["1-1"], ["6-6"])
    assert settle_blocked(BlockedRule.PIPS, holdings) == (1, Decider.FEWER_PIPS)  # type: ignore[arg-type]
    assert settle_blocked(BlockedRule.NONE, holdings) == (None, Decider.NO_AWARD)  # type: ignore[arg-type]
