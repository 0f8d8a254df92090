"""The scorekeeper's core: a tracked table of hidden hands and a tally of calls, on worked scenarios."""

from __future__ import annotations

import pytest

from bergen_access.core import Pass, Play, Refusal, parse_tile, preset
from bergen_access.core.actions import End
from bergen_access.core.events import (
    CountersDiscarded,
    Decider,
    HandBlocked,
    HandEnded,
    HeaderKind,
    HeaderScored,
    MatchWon,
    WentOut,
)
from bergen_access.core.table import DrawTiles, NewHand, Open, Table, TablePhase
from bergen_access.core.tally import CallBlocked, CallHeader, CallOpen, CallOut, Tally

from .helpers import of_type

L, R = End.LEFT, End.RIGHT


def t(text: str) -> object:
    return parse_tile(text)


def tracked(preset_name: str = "standard", scores: list[int] | None = None, **options: object) -> Table:
    table = Table(preset(preset_name, **options), scores)
    table.apply(NewHand())
    return table


def test_scenario_4_tracked_without_seeing_a_hand() -> None:
    table = tracked()
    assert table.phase is TablePhase.OPENING and table.counts == [6, 6] and table.stock == 16
    assert of_type(table.apply(Open(1, t("5-5"))), HeaderScored)[0].value == 2  # type: ignore[arg-type]
    table.apply(Play(0, t("2-5"), L))  # type: ignore[arg-type]
    table.apply(Play(1, t("0-5"), R))  # type: ignore[arg-type]
    events = table.apply(Play(0, t("0-2"), R))  # type: ignore[arg-type]
    assert [(h.kind, h.value, h.total) for h in of_type(events, HeaderScored)] == [(HeaderKind.DOUBLE, 2, 2)]
    table.apply(DrawTiles(1, 1))
    events = table.apply(Play(1, t("2-2"), L))  # type: ignore[arg-type]
    assert [(h.kind, h.value, h.total) for h in of_type(events, HeaderScored)] == [(HeaderKind.TRIPLE, 3, 5)]
    assert table.counts == [4, 4] and table.stock == 15


def test_the_table_refuses_what_cannot_be() -> None:
    table = tracked()
    assert table.check(Play(0, t("1-2"), L)) is Refusal.WRONG_PHASE  # type: ignore[arg-type]
    assert table.check(Open(0, t("1-2"))) is Refusal.NOT_A_DOUBLE  # type: ignore[arg-type]
    table.apply(Open(0, t("3-3")))  # type: ignore[arg-type]
    assert table.check(Play(0, t("3-4"), L)) is Refusal.NOT_YOUR_TURN  # type: ignore[arg-type]
    assert table.check(Play(1, t("3-3"), L)) is Refusal.ALREADY_PLAYED  # type: ignore[arg-type]
    assert table.check(Play(1, t("1-2"), L)) is Refusal.DOES_NOT_FIT  # type: ignore[arg-type]
    assert table.check(Pass(1)) is Refusal.MUST_DRAW
    assert table.check(DrawTiles(1, 15)) is Refusal.TOO_MANY_DRAWS
    assert table.check(DrawTiles(1, 14)) is None
    before = (list(table.counts), table.stock, list(table.line))
    with pytest.raises(ValueError):
        table.apply(Play(1, t("1-2"), L))  # type: ignore[arg-type]
    assert (list(table.counts), table.stock, list(table.line)) == before
    table.apply(DrawTiles(1, 14))
    assert table.drawable == 0 and table.check(Pass(1)) is None


def test_going_out_and_a_new_hand() -> None:
    table = tracked(scores=[3, 0])
    plays = [
        Open(0, t("0-0")),
        Play(1, t("0-4"), L),
        Play(0, t("0-1"), R),
        Play(1, t("4-6"), L),
        Play(0, t("1-3"), R),
        Play(1, t("2-6"), L),
        Play(0, t("3-5"), R),
        Play(1, t("2-2"), L),
        Play(0, t("5-6"), R),
        Play(1, t("2-3"), L),
    ]
    for entry in plays:
        table.apply(entry)  # type: ignore[arg-type]
    events = table.apply(Play(0, t("6-6"), R))  # type: ignore[arg-type]
    assert [(w.value, w.total) for w in of_type(events, WentOut)] == [(2, 7)]
    assert of_type(events, HandEnded) == [HandEnded(1, (7, 0))]
    assert table.phase is TablePhase.HAND_OVER
    table.apply(NewHand())
    assert table.hand_number == 2 and table.counts == [6, 6] and not table.played


def _block(table: Table, players: int) -> None:
    table.apply(Open(0, t("0-0")))  # type: ignore[arg-type]
    table.apply(DrawTiles(1, table.drawable))
    for seat in [1, *range(2, players), 0]:
        table.apply(Pass(seat))


# Blocked hands settled by every rule from what the sides reveal: tests/test_keep_table_vs_engine.py
# (real blocked hands of seeded matches, the table held to the engine).


def test_dominoplaza_block_needs_no_reveal() -> None:
    table = tracked("dominoplaza")
    table.apply(Open(0, t("6-6")))  # type: ignore[arg-type]
    table.apply(DrawTiles(1, table.drawable))
    table.apply(Pass(1))
    events = table.apply(Pass(0))
    assert of_type(events, HandBlocked)[0].decided_by is Decider.NO_AWARD


def test_undo_is_replaying_one_entry_fewer() -> None:
    table = tracked()
    for entry in (Open(1, t("5-5")), Play(0, t("2-5"), L), DrawTiles(1, 3)):
        table.apply(entry)  # type: ignore[arg-type]
    again = Table.replay(table.rules, None, table.entries[:-1])
    assert again.counts == [5, 5] and again.stock == 16 and again.turn == 1


def test_tally_scores_calls_with_the_reduction() -> None:
    tally = Tally(preset("standard"), [11, 12], openings=False)
    events = tally.apply(CallHeader(0, HeaderKind.TRIPLE))
    assert of_type(events, HeaderScored)[0].value == 3  # 11 -> 14
    events = tally.apply(CallHeader(1, HeaderKind.TRIPLE))
    assert of_type(events, HeaderScored)[0].value == 2  # need 3 -> at most 2
    events = tally.apply(CallOut(1))
    assert of_type(events, MatchWon) == [MatchWon(1, (14, 16))]
    assert tally.check(CallOut(0)) is Refusal.MATCH_OVER


def test_tally_counters_reach_zero_and_blocked_calls() -> None:
    tally = Tally(preset("counters", players=3), openings=False)
    assert tally.target == 10
    events = tally.apply(CallBlocked(2))
    assert of_type(events, CountersDiscarded) == [CountersDiscarded(None, 2, 1, 9)]
    assert of_type(events, HandBlocked)[0].decided_by is Decider.CALLED
    assert tally.hand_number == 2
    for _ in range(4):
        tally.apply(CallHeader(0, HeaderKind.DOUBLE))  # 10 -> 8 -> 6 -> 4 -> 2 counters
    events = tally.apply(CallHeader(0, HeaderKind.TRIPLE))  # holding 2: discards 2 and wins
    assert of_type(events, CountersDiscarded)[-1] == CountersDiscarded(0, 0, 2, 0)
    assert tally.is_over and tally.winner == 0


def test_tally_partnerships_add_up() -> None:
    tally = Tally(preset("standard", players=4, partnerships=True), [7, 0], openings=False)
    tally.apply(CallHeader(0, HeaderKind.DOUBLE))
    events = tally.apply(CallHeader(2, HeaderKind.TRIPLE))
    assert of_type(events, HeaderScored)[0].total == 12


def test_tally_hands_start_with_their_opening() -> None:
    """Nothing is called before the opening; the opening double scores as the rules say; after a hand
    ends, the next opening is awaited again."""
    tally = Tally(preset("standard"))
    assert tally.check(CallOut(0)) is Refusal.OPENING_FIRST
    assert tally.check(CallHeader(0, HeaderKind.DOUBLE)) is Refusal.OPENING_FIRST
    assert tally.check(CallOpen(0, t("1-2"))) is Refusal.NOT_A_DOUBLE  # type: ignore[arg-type]
    events = tally.apply(CallOpen(1, t("1-1")))  # type: ignore[arg-type]
    assert [(h.seat, h.value, h.total) for h in of_type(events, HeaderScored)] == [(1, 2, 2)]
    assert tally.check(CallOpen(0, t("2-2"))) is Refusal.HAND_UNDER_WAY  # type: ignore[arg-type]
    tally.apply(CallOut(0))
    assert tally.hand_number == 2 and tally.check(CallOut(0)) is Refusal.OPENING_FIRST
    plaza = Tally(preset("dominoplaza"))
    plaza.apply(CallOpen(0, t("6-6")))  # type: ignore[arg-type]
    assert plaza.scores == [2, 0]  # DominoPlaza's opening double scores too (rules.md: 2 points)
