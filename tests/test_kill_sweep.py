"""The real game killed (SIGKILL) at every point of a journal write: the journal and what was told agree.

One kill at each point of ``tests/kill_sweep.py`` (before the write, after its first byte, half-way,
all but its last byte, written but not synced, synced but not told, after the answer), each followed
by a run that continues the match and holds ``history`` to what the killed run printed: of the
player's move's write (write 1), and of the writes after it (2 and 3: the computer's moves, its draws
one write each). A computer's draws at a kill, held or told just before it thinks, are told once.
The whole sweep, many kills over several writes, is ``bench/kill_sweep.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bergen_access.session.journal import read_text

from .capabilities import HARD_KILL
from .kill_sweep import DRAWS, POINTS, RESUMED, actions, computer_drawing, is_draw, killed_and_resumed, sweep
from .saves import data_folder, journal_path

needs_hard_kill = pytest.mark.skipif(HARD_KILL is None, reason="no hard kill (SIGKILL) on this system")


@needs_hard_kill
def test_a_kill_at_every_point_of_a_write_leaves_the_journal_and_what_was_told_agreeing(
    tmp_path: Path,
) -> None:
    run = sweep(tmp_path, kills=len(POINTS), writes=(1,))
    assert len(run.kills) == len(POINTS)
    assert not run.problems(), "\n".join([*run.problems(), run.table()])
    assert {kill.point for kill in run.kills} == set(POINTS)
    # the points after the bytes were handed over leave the move saved, told at the resume
    assert any(kill.untold for kill in run.kills if kill.point.hook in ("written", "synced"))


@needs_hard_kill
@pytest.mark.parametrize("write", [2, 3])
def test_a_kill_at_every_point_of_a_computers_write_after_the_move_agrees(tmp_path: Path, write: int) -> None:
    run = sweep(tmp_path, kills=len(POINTS), writes=(write,))
    assert len(run.kills) == len(POINTS)
    assert not run.problems(), "\n".join([*run.problems(), run.table()])
    assert {kill.write for kill in run.kills} == {write}
    assert any(kill.killed for kill in run.kills if kill.point.hook in ("written", "synced"))


@needs_hard_kill
def test_a_computers_held_draws_are_told_once_in_their_run_after_a_kill(tmp_path: Path) -> None:
    computer_drawing(tmp_path, choice=False)
    path = journal_path(data_folder(tmp_path))
    assert path is not None
    start = len(saved := actions(read_text(path).entries))
    while is_draw(saved[start - 1], 1, 0):  # the held draws: the computer's (seat 1) last moves
        start -= 1
    assert start < len(saved)
    before_kill, after_resume, said = killed_and_resumed(tmp_path)
    assert not [line for line in before_kill if DRAWS.match(line)], before_kill  # held: nothing said
    done = actions(read_text(path).entries)
    run = next(n for n in range(start, len(done)) if not is_draw(done[n], 1, 0)) - start
    told = [line for line in after_resume if DRAWS.match(line)]
    assert told == [f"Anna draws {run} tile{'s' if run > 1 else ''}."], (told, run, after_resume)
    assert said.count(told[0]) == 1 and said[-len(after_resume) + 1 :] == after_resume[1:]


@needs_hard_kill
def test_a_computers_draws_told_before_it_thinks_are_not_told_again_after_a_kill(tmp_path: Path) -> None:
    # a match whose draws sentence at the kill is said nowhere else in it (the count below looks for it)
    computer_drawing(tmp_path, choice=True, seed=10)
    before_kill, after_resume, said = killed_and_resumed(tmp_path)
    draws = [line for line in said if DRAWS.match(line)][-1]
    # told once, before the kill (the resume may name it as the last thing told, as it does any)
    assert before_kill[0] == f"{RESUMED} Last: {draws}" or draws in before_kill, before_kill
    assert after_resume[0] == f"{RESUMED} Last: {draws}", after_resume
    assert draws not in after_resume[1:], after_resume
    assert said.count(draws) == 1
