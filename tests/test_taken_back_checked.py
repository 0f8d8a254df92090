"""Take-backs read from a save or a journal are checked in full before anything is replayed (issue 31).

A take-back holds tiles of the match's set played from its seats, takes back at least one action, starts
from at least as many actions as the one before it left, and a match holds at most ``MOST_TAKE_BACKS``;
anything else is refused as malformed (the session sets the file aside in one sentence), and the engine
never replays a single move of it. Real take-backs, undo after undo, still load.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen_access.core import journal, keep_record
from bergen_access.core.dealers import SeededDealer
from bergen_access.core.engine import Match, Phase
from bergen_access.core.record import MOST_TAKE_BACKS, RecordError, from_record, to_record
from bergen_access.core.refused import RecordProblem
from bergen_access.core.rules import preset
from bergen_access.core.table import Table
from bergen_access.core.takeback import take_back

DRAW = {"type": "draw", "seat": 0}


def _undone_twice(seed: int) -> Match | None:
    """A seeded two-player match where seat 0 took back its last two moves of a hand, one after the other."""
    match = Match(preset("standard", tile_set=6, players=2), SeededDealer(seed))
    match.start_hand()
    chance = random.Random(seed)
    for _ in range(40):
        if match.phase is not Phase.PLAYING:
            return None
        match.apply(chance.choice(match.legal_actions()))
        if sum(1 for a in match.actions if a.seat == 0) >= 4:
            break
    for _ in range(2):
        result = take_back(match, 0)
        if result is None:
            return None
        match = result[0]
    return match


def test_undo_after_undo_still_loads() -> None:
    """The second take-back cuts before the first did (its ``at`` is lower): that is no nonsense."""
    loaded = 0
    for seed in range(30):
        match = _undone_twice(seed)
        if match is None or len(match.taken_back) != 2:
            continue
        first, second = match.taken_back
        assert second[0] < first[0]
        again = from_record(to_record(match))[0]
        assert again.taken_back == match.taken_back and again.state_key() == match.state_key()
        loaded += 1
    assert loaded >= 10


def _good_record() -> dict[str, Any]:
    for seed in range(30):
        match = _undone_twice(seed)
        if match is not None and len(match.taken_back) == 2:
            return to_record(match)
    raise AssertionError("no match with two take-backs")


def _nonsense(record: dict[str, Any], kind: str, number: int) -> tuple[dict[str, Any], str]:
    """``record`` with one kind of nonsense in its take-back ``number``, and where it is refused."""
    bad = copy.deepcopy(record)
    entries = bad["taken_back"]
    where = f"match.taken_back[{number}]"
    if kind == "tile-7-9":
        entries[number]["actions"][0] = {"type": "play", "seat": 0, "tile": "7-9", "end": "left"}
        return bad, f"{where}.actions[0].tile"
    if kind == "seat-of-no-one":
        entries[number]["actions"][0] = {"type": "draw", "seat": 2}
        return bad, f"{where}.actions[0].seat"
    if kind == "empty":
        entries[number]["actions"] = []
        return bad, f"{where}.actions"
    if kind == "backwards":  # the next take-back starts from fewer actions than this one left
        entries.insert(number + 1, {"at": 0, "actions": [DRAW]})
        entries[number]["at"] = max(entries[number]["at"], 2)
        return bad, f"match.taken_back[{number + 1}].at"
    if kind == "beyond-the-actions":
        entries[-1]["at"] = len(bad["actions"]) + 1
        return bad, f"match.taken_back[{len(entries) - 1}].at"
    assert kind == "too-many"
    bad["taken_back"] = [entries[0]] * (MOST_TAKE_BACKS + 1)
    return bad, "match.taken_back"


KINDS = ("tile-7-9", "seat-of-no-one", "empty", "backwards", "beyond-the-actions", "too-many")


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(KINDS), number=st.integers(0, 1))
def test_each_kind_of_nonsense_is_refused_before_any_move_is_replayed(kind: str, number: int) -> None:
    bad, where = _nonsense(_good_record(), kind, number)
    replayed: list[object] = []
    original = Match.apply
    Match.apply = lambda self, action: replayed.append(action)  # type: ignore[method-assign]
    try:
        with pytest.raises(RecordError) as refused:
            from_record(bad)
    finally:
        Match.apply = original  # type: ignore[method-assign]
    assert refused.value.code is RecordProblem.MALFORMED
    assert refused.value.detail == where
    assert replayed == []


def _journal_of(record: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A journal holding ``record``'s moves, then its take-backs as undo entries (header without)."""
    match = from_record(record)[0]
    head = journal.header(match, [], "2026-12-06T21:00:00")
    return head, [{"moves": record["actions"]}]


@pytest.mark.parametrize(
    ("undo", "where"),
    [
        (
            {"at": 0, "actions": [{"type": "play", "seat": 0, "tile": "7-9", "end": "left"}]},
            ".actions[0].tile",
        ),
        ({"at": 0, "actions": []}, ".undo.actions"),
        ({"at": 0, "actions": [{"type": "pass", "seat": 3}]}, ".actions[0].seat"),
    ],
)
def test_a_journal_undo_of_nonsense_is_refused(undo: dict[str, Any], where: str) -> None:
    head, entries = _journal_of(_good_record())
    with pytest.raises(RecordError) as refused:
        journal.replay(head, [*entries, {"undo": undo}])
    assert refused.value.code is RecordProblem.MALFORMED and str(refused.value.detail).endswith(where)


def test_a_journal_with_more_take_backs_than_a_match_holds_is_refused() -> None:
    record = _good_record()
    head, entries = _journal_of(record)
    undo = {"undo": {"at": len(record["actions"]), "actions": [DRAW]}}
    with pytest.raises(RecordError) as refused:
        journal.replay(head, [*entries, *[undo] * (MOST_TAKE_BACKS + 1)])
    assert refused.value.detail == f"journal[{MOST_TAKE_BACKS + 2}].undo"  # entry 1 holds the moves


def test_a_journal_header_going_backwards_is_refused() -> None:
    record = _good_record()
    head, entries = _journal_of(record)
    head["taken_back"] = [{"at": 2, "actions": [DRAW]}, {"at": 0, "actions": [DRAW]}]
    with pytest.raises(RecordError) as refused:
        journal.replay(head, entries)
    assert refused.value.detail == "match.taken_back[1].at"


# ------------------------------------------------------------- the scorekeeper's sheet (keep.jsonl)


def _sheet_head() -> dict[str, Any]:
    return keep_record.sheet_header(Table(preset("standard", tile_set=6, players=2)), ["Ann", "Bo"])


@pytest.mark.parametrize(
    ("lines", "where"),
    [
        ([{"type": "new-hand"}, {"type": "open", "seat": 0, "tile": "7-9"}], "sheet.entries[1]"),
        ([{"type": "new-hand"}, {"type": "open", "seat": 3, "tile": "6-6"}], "sheet.entries[1]"),
        ([{"type": "new-hand"}, {"undo": {"at": 1, "entries": []}}], "sheet[2].undo.entries"),
    ],
    ids=["tile-7-9", "seat-3-of-2", "empty-take-back"],
)
def test_a_sheet_of_nonsense_is_refused_before_it_is_replayed(
    lines: list[dict[str, Any]], where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("replayed")

    monkeypatch.setattr(Table, "replay", replay)
    with pytest.raises(RecordError) as refused:
        keep_record.load_sheet(_sheet_head(), lines)
    assert refused.value.code is RecordProblem.MALFORMED and refused.value.detail == where
