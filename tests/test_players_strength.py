"""A small, seeded version of the strength runs, and the summary of ``bergen simulate``.

The real measurements (2000 matches) are ``bench/strength.py``; these
margins are far below the measured ones, and the seeds are fixed.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys

from bergen_access.core import preset
from bergen_access.players import make_player
from bergen_access.players.base import Player
from bergen_access.players.strong import StrongPlayer
from bergen_access.simulate import seat_levels, simulate, wilson

BERGEN = [sys.executable, "-m", "bergen_access"]


def _factory(level: str, seed: int) -> Player:
    if level == "strong":
        return StrongPlayer(seed, simulations=200, time_budget=None)
    return make_player(level, seed)


def _share(levels: tuple[str, str], matches: int, seed: int) -> float:
    tally = simulate(
        preset("standard"),
        seed,
        matches,
        as_json=False,
        quiet=True,
        out=io.StringIO(),
        levels=levels,
        alternate=True,
        factory=_factory,
    )
    return tally.level_wins.get(levels[0], 0) / matches


def test_normal_beats_easy_clearly() -> None:
    assert _share(("normal", "easy"), 300, seed=1000) >= 0.68  # measured: about 0.81


def test_strong_beats_random_even_with_little_search() -> None:
    assert _share(("strong", "random"), 24, seed=3000) >= 0.6


def test_seats_alternate_and_one_level_serves_all() -> None:
    assert seat_levels(["strong", "normal"], 2, 1, alternate=True) == ["strong", "normal"]
    assert seat_levels(["strong", "normal"], 2, 2, alternate=True) == ["normal", "strong"]
    assert seat_levels(["a", "b", "c"], 3, 2, alternate=True) == ["c", "a", "b"]
    assert seat_levels(["easy"], 4, 3, alternate=True) == ["easy"] * 4
    assert seat_levels(["a", "b", "a", "b"], 4, 2, alternate=False) == ["a", "b", "a", "b"]


def test_wilson_interval() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.27 < high < 0.29
    low, high = wilson(580, 1000)
    assert 0.548 < low < 0.55 and 0.61 < high < 0.611


def test_simulate_summary_per_level_and_side() -> None:
    result = subprocess.run(
        [*BERGEN, "simulate", "--opponents", "normal,easy", "--alternate", "--matches", "6", "--quiet"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert sum(line.startswith("match ") for line in lines) == 6
    level_lines = [line for line in lines if line.startswith("level ")]
    assert [line.split(":")[0] for line in level_lines] == ["level easy"] * 2 + ["level normal"] * 2
    assert all("95% CI" in line for line in level_lines[::2])
    assert all("median" in line and "ms" in line for line in level_lines[1::2])
    assert sum(line.startswith("side ") for line in lines) == 2


def test_simulate_json_summary_and_refusals() -> None:
    result = subprocess.run(
        [*BERGEN, "simulate", "--json", "--quiet", "--matches", "2", "--players", "3", "--opponents", "easy"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    summary = json.loads(result.stdout.splitlines()[-1])
    assert summary["type"] == "summary" and summary["levels"]["easy"]["matches"] == 2
    assert summary["levels"]["easy"]["won"] == 2  # every seat is easy
    bad = subprocess.run(
        [*BERGEN, "simulate", "--opponents", "easy,normal,strong"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert bad.returncode == 2 and "one-level-per-seat" in bad.stderr
