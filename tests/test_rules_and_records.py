"""Rules as data (presets, options, refusals) and the save record."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bergen_access.core import End, Match, Pass, Play, RulesError, SeededDealer, parse_tile, preset, tile
from bergen_access.core.record import RecordError, action_from_json, action_to_json, from_record, to_record
from bergen_access.core.rules import (
    BlockedRule,
    Opener,
    Rules,
    RulesProblem,
    Tally,
    preset_of,
)
from bergen_access.session.savefile import load_match, match_text
from bergen_access.session.storage import Storage
from bergen_access.session.untrusted import DamagedFile

from .helpers import play_out


def test_presets_are_option_values() -> None:
    assert preset("standard") == Rules()
    counters = preset("counters", players=3)
    assert (counters.tally, counters.blocked_rule, counters.blocked_award, counters.target_score) == (
        Tally.COUNTERS,
        BlockedRule.PIPS,
        1,
        10,
    )
    plaza = preset("dominoplaza", players=4)
    assert (plaza.opener, plaza.reserved_tiles, plaza.tiles_per_player, plaza.target_score) == (
        Opener.HIGHEST,
        0,
        4,
        15,
    )
    assert preset_of(plaza) == "dominoplaza"
    assert preset_of(preset("standard", going_out=5)) is None


def test_any_option_can_change_on_top_of_a_preset_from_text() -> None:
    rules = preset("standard", opener="highest", going_out="5", target="21", first_arms_first="yes")
    assert (rules.opener, rules.going_out, rules.target_score, rules.first_arms_first) == (
        Opener.HIGHEST,
        5,
        21,
        True,
    )
    assert rules.with_options(target="auto").target_score == 15


@pytest.mark.parametrize(
    ("changes", "code", "option"),
    [
        ({"players": 3, "partnerships": True}, RulesProblem.PARTNERSHIPS_NEED_FOUR, "partnerships"),
        ({"players": 5}, RulesProblem.PLAYERS_OUT_OF_RANGE, "players"),
        ({"opener": "middle"}, "bad-value", "opener"),
        ({"going_out": "lots"}, "bad-value", "going_out"),
        ({"target": 0}, "bad-value", "target"),
        ({"colour": "red"}, "unknown-option", "colour"),
        ({"players": 4, "hand_size": "standard", "reserved_tiles": 9}, "deal-too-large", "reserved_tiles"),
    ],
)
def test_impossible_rules_are_refused_with_a_reason(
    changes: dict[str, object], code: str, option: str
) -> None:
    with pytest.raises(RulesError) as error:
        preset("standard", **changes)
    assert (error.value.code, error.value.option) == (code, option)


def test_unknown_preset() -> None:
    with pytest.raises(RulesError) as error:
        preset("fives")
    assert error.value.code == "unknown-preset"


def test_tile_notation_round_trips() -> None:
    for text in ("3-5", "35", "5 3", "5-3", " 3|5 "):
        assert parse_tile(text) == tile(3, 5)
    assert str(tile(5, 3)) == "3-5" and repr(tile(6, 6)) == "tile(6, 6)"
    for bad in ("7-1", "3", "", "3-5-6", "a-b"):
        with pytest.raises(ValueError):
            parse_tile(bad)


def test_actions_round_trip_through_json() -> None:
    for action in (Play(2, tile(1, 4), End.RIGHT), Pass(3)):
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
    assert action_from_json({"type": "play", "seat": 1, "tile": "10-12", "arm": 3}) == Play(
        1, tile(10, 12), 2
    )
    assert action_to_json(Play(1, tile(10, 12), 2)) == {"type": "play", "seat": 1, "tile": "10-12", "arm": 3}
    for bad in (
        {"type": "play", "seat": 0, "tile": "13-9", "end": "left"},
        {"type": "play", "seat": 0, "tile": "3-9", "arm": 0},
        {"type": "play", "seat": 0, "tile": "3-9"},
        {"type": "fly", "seat": 0},
        {},
    ):
        with pytest.raises(RecordError):
            action_from_json(bad)


def _played_match() -> Match:
    match = Match(preset("standard", players=3), SeededDealer(11))
    match.start_hand()
    rng = random.Random(3)
    for _ in range(40):
        match.apply(rng.choice(match.legal_actions())) if match.legal_actions() else match.start_hand()
    return match


def test_save_file_is_written_atomically_and_replays(tmp_path: Path) -> None:
    match = _played_match()
    path = tmp_path / "saves" / "match.json"
    storage = Storage.open(path.parent)
    seats = [{"name": "Anna"}, {"name": "Ben"}, {"name": "Cem"}]
    assert storage.write("match.json", match_text(match, seats))
    assert [p.name for p in path.parent.iterdir()] == ["match.json"]  # no temporary left behind
    record = json.loads(path.read_text(encoding="utf-8"))
    assert (record["format"], record["version"], record["dealer"]) == (
        "bergen-access-match",
        2,
        {"kind": "seeded", "seed": 11},
    )
    loaded, seats = load_match(path)
    assert loaded.state_key() == match.state_key()
    assert seats[0] == {"name": "Anna"}


def test_damaged_records_are_refused(tmp_path: Path) -> None:
    match = _played_match()
    record = to_record(match)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record)[:-40], encoding="utf-8")
    with pytest.raises(DamagedFile) as damaged:
        load_match(path)
    assert damaged.value.code == "not-json"
    tampered = dict(record, actions=[*record["actions"], {"type": "pass", "seat": 0}])
    with pytest.raises(RecordError):
        from_record(tampered)
    with pytest.raises(RecordError) as error:
        from_record(dict(record, version=99))
    assert error.value.code == "unknown-version"
    with pytest.raises(RecordError):
        from_record(dict(record, rules={"players": "many"}))
    with pytest.raises(RecordError):
        from_record([1, 2])


def test_a_finished_match_replays_from_its_record() -> None:
    match = Match(preset("counters", players=4, partnerships=True), SeededDealer(5))
    match.start_hand()
    play_out(match, random.Random(1).choice)
    assert from_record(to_record(match))[0].state_key() == match.state_key()


def _bergen(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bergen_access", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )


def test_simulate_prints_events_and_one_result_per_match() -> None:
    result = _bergen("simulate", "--preset", "counters", "--players", "4", "--partners", "--matches", "3")
    assert result.returncode == 0, result.stderr
    results = [line for line in result.stdout.splitlines() if line.startswith("match ")]
    assert len(results) == 3
    assert "opened seat=" in result.stdout and "counters-discarded" in result.stdout


def test_simulate_json_lines_replay_the_same_match() -> None:
    first = _bergen("simulate", "--json", "--seed", "9", "--players", "3")
    second = _bergen("simulate", "--json", "--seed", "9", "--players", "3")
    lines = [json.loads(line) for line in first.stdout.splitlines()]
    assert (
        lines[:-1] == [json.loads(line) for line in second.stdout.splitlines()][:-1]
    )  # the summary has times
    assert lines[0]["type"] == "rules" and lines[1]["type"] == "hand-dealt"
    assert [line["type"] for line in lines[-4:]] == ["match-won", "revealed", "match-result", "summary"]
    assert lines[-2]["winner"] == lines[-4]["side"]


def test_simulate_refuses_an_impossible_table() -> None:
    result = _bergen("simulate", "--players", "3", "--partners")
    assert result.returncode == 2
    assert "Partnerships need four players (--players 4)." in result.stderr
