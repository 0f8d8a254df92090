"""The real game killed (SIGKILL) at every point of a journal write: the journal and what was told agree.

One kill at each point of ``tests/kill_sweep.py`` (before the write, after its first byte, half-way,
all but its last byte, written but not synced, synced but not told, after the answer), each followed
by a run that continues the match and holds ``history`` to what the killed run printed. The whole
sweep, many kills over several writes, is ``bench/kill_sweep.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from .capabilities import HARD_KILL
from .kill_sweep import POINTS, sweep


@pytest.mark.skipif(HARD_KILL is None, reason="no hard kill (SIGKILL) on this system")
def test_a_kill_at_every_point_of_a_write_leaves_the_journal_and_what_was_told_agreeing(
    tmp_path: Path,
) -> None:
    run = sweep(tmp_path, kills=len(POINTS), writes=(1,))
    assert len(run.kills) == len(POINTS)
    assert not run.problems(), "\n".join([*run.problems(), run.table()])
    assert {kill.point for kill in run.kills} == set(POINTS)
    # the points after the bytes were handed over leave the move saved, told at the resume
    assert any(kill.untold for kill in run.kills if kill.point.hook in ("written", "synced"))
