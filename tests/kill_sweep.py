"""A sweep of kills (issue 29): the real game killed with SIGKILL at every point of a journal write.

Each kill is two runs of ``python -m bergen_access`` (through pipes, --plain) on one data folder:

* the kill run continues the saved match with the journal's test hook set
  (``BERGEN_TEST_JOURNAL_PAUSE``, session/journal.py): the chosen write of the run (the player's move,
  or a computer's answer after it) stops at the chosen point (before its bytes, after part of them,
  written but not fsynced, fsynced but not told) and says so on stderr; the sweep reads that mark and
  kills at once. At the point ``answer`` there is no hook: the kill comes right after the player's
  move's answer has been read.
* the check run starts the game again on the same folder, continues, asks ``history``, and quits.

A kill agrees when (a) the journal, read back by the program's own reader (tests/saves.py), replays,
and the game offers to continue it; (b) everything printed before the kill (and before it) is in
``history``, in order, and the journal still holds every entry it held before the kill run; (c)
nothing is in the journal beyond what was told, except whole lines of the write that was killed,
and only once they were handed to the system (``written``, ``synced``, ``answer``, or the whole lines
of a write cut in its last line): those must be the first lines of ``history`` never printed, and
the resume must name the last of them ("The saved match continues. Last: ..."). A kill of the process
(not of the machine) cannot take back bytes already written, fsync or not: so ``written`` is, for
the journal, the same as ``synced``; fsync matters for a power cut, which no test here makes.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pexpect

from bergen_access.session.appendfile import PAUSE_HOOK, JournalText
from bergen_access.session.journal import read_text

from .drivers import clean
from .saves import data_folder, journal_path, replayed
from .test_kills import (
    GAME,
    GAME_PROMPT,
    HARD,
    Move,
    Program,
    choose,
    difference,
    history,
    kill_name,
    told,
)

MARK = re.compile(r"bergen-test: journal (\w+) (\d+) of (\d+)\n")
RESUMED = "The saved match continues."
QUESTION = re.compile(r"fits both ends: left or right\?|fits arms? .*\?$")
TORN = "last save was cut short"


@dataclass(frozen=True)
class Point:
    """Where a kill lands: a hook value (None: right after the player's answer) and a name."""

    name: str
    hook: str | None  # ``before``, ``part:<bytes>``, ``written``, ``synced``

    def value(self, write: int) -> str:
        return "" if self.hook is None else f"{self.hook}@{write}"


POINTS = [
    Point("before the write", "before"),
    Point("after its first byte", "part:1"),
    Point("half-way through", "part"),
    Point("all but the last byte", "part:-1"),
    Point("written, before the fsync", "written"),
    Point("fsynced, before the answer", "synced"),
    Point("after the answer", None),
]
#: whole lines of the killed write may be in the journal (and untold) only from these points on
HANDED_OVER = {"written", "synced", None}


@dataclass
class Kill:
    """One kill and its verdict."""

    point: Point
    write: int  # which write of the run (1: the player's move's, 2 and on: what follows it)
    problems: list[str] = field(default_factory=list)
    untold: int = 0  # lines in ``history`` that were saved but never printed before the kill

    @property
    def agrees(self) -> bool:
        return not self.problems


@dataclass
class Sweep:
    """A match played on through kills: what was told so far, and the verdicts."""

    home: Path
    told_so_far: list[str] = field(default_factory=list)  # ``history`` at the last clean quit
    kills: list[Kill] = field(default_factory=list)
    running: list[Program] = field(default_factory=list)

    def start(self, hook: str = "") -> Program:
        program = Program(
            self.home, GAME, tty=False, pause=False, prompt=GAME_PROMPT, hooks={PAUSE_HOOK: hook}
        )
        self.running.append(program)
        return program

    def stop_all(self) -> None:
        for program in self.running:
            program.stop()

    # ----------------------------------------------------------------- a run

    def begin(self) -> None:
        """A new match, played to the player's first prompt and left: the journal exists."""
        program = self.start()
        program.to_prompt()
        if program.prompt == "or no":  # a match that ended while killed: the next one
            program.ask("n")
        self.told_so_far = history(program)
        self.quit(program)

    def quit(self, program: Program) -> None:
        assert "Match saved." in program.quit()

    def kill(self, point: Point, write: int) -> Kill:
        """One kill run and the check run after it."""
        verdict = Kill(point, write)
        path = journal_path(data_folder(self.home))
        assert path is not None
        before = read_text(path)
        program = self.start(point.value(write))
        offer = program.to_prompt()
        assert "A saved match is waiting" in offer and program.prompt == "or no", offer
        program.type("y")
        shown, move, mark = self.to_kill(program, point)
        program.child.kill(HARD)
        program.child.expect(pexpect.EOF)
        shown += program.child.before or ""
        status, signalled = program.finish()
        if (status, signalled) not in ((None, HARD), (HARD, None)):
            verdict.problems.append(f"ended {status}/{signalled}, not by {kill_name(HARD)}")
        # a question (which end?) is a reply, never part of ``history``: only the news is compared
        printed = [line for line in told(shown) if not line.startswith(RESUMED) and not QUESTION.search(line)]
        after = self.journal_check(verdict, path, before, mark)
        self.check_run(verdict, printed, before, after, move)
        self.kills.append(verdict)
        return verdict

    def to_kill(self, program: Program, point: Point) -> tuple[str, Move | None, re.Match[str] | None]:
        """Play on until the hook's mark (or the player's answer); what was printed, the move typed."""
        shown, move = "", None
        while True:
            patterns = [program.prompt_pattern] + ([MARK] if point.hook else [])
            index = program.child.expect(patterns)
            shown += clean(program.child.before + program.child.after)
            if index == 1:
                return shown, move, program.child.match
            prompt = program.child.match.group(1)
            turn = [line for line in shown.split("\n") if line.startswith("Your turn.")]
            move = choose(prompt, turn[-1] if turn else "")
            for line in move.lines[:-1]:
                program.child.send(line + "\n")
                program.child.expect(program.prompt_pattern)
                shown += clean(program.child.before + program.child.after)
            program.child.send(move.lines[-1] + "\n")
            if point.hook is None:
                program.child.expect(move.answer)
                return shown + clean(program.child.before + program.child.after), move, None

    # ----------------------------------------------------------------- checks

    def journal_check(
        self, verdict: Kill, path: Path, before: JournalText, mark: re.Match[str] | None
    ) -> JournalText | None:
        """(a) and the file itself: it replays; it holds all it held; at a hook point exactly the
        bytes the mark says were written."""
        try:
            replayed(data_folder(self.home))
            after = read_text(path)
        except Exception as error:
            verdict.problems.append(f"(a) the journal does not replay: {error!r}")
            return None
        if after.entries[: len(before.entries)] != before.entries:
            verdict.problems.append("(b) the journal lost entries it held before the kill run")
        if mark is not None:
            point, done, total = mark.group(1), int(mark.group(2)), int(mark.group(3))
            size = path.stat().st_size
            if size != before.good_size + done:
                verdict.problems.append(f"{point}: {size} bytes, not {before.good_size} + {done}")
            whole = after.good_size - before.good_size  # bytes of whole lines the write left
            if point in ("written", "synced") and (whole != total or after.torn):
                verdict.problems.append(f"{point}: {whole} of {total} bytes kept whole")
            if point in ("before", "part") and done < total and not after.torn and done and whole != done:
                verdict.problems.append(f"{point}: a cut write is not seen as cut")
        return after

    def check_run(
        self,
        verdict: Kill,
        printed: list[str],
        before: JournalText,
        after: JournalText | None,
        move: Move | None,
    ) -> None:
        """(b) and (c), through the program: start again, continue, compare ``history``; then quit."""
        program = self.start()
        offer = program.to_prompt()
        if after is not None and after.torn != (TORN in offer):
            verdict.problems.append(f"the cut write was {'not ' if after.torn else ''}said: {offer!r}")
        if "A saved match is waiting" not in offer:
            ended = any("ended" in entry for entry in (after.entries if after else []))
            if not ended:
                verdict.problems.append(f"(a) the saved match is not offered: {offer!r}")
            program.child.kill(HARD)
            program.finish()
            self.begin()
            return
        shown = told(program.ask("y"))
        assert shown and shown[0].startswith(RESUMED), shown
        resumed, later = shown[0], shown[1:]
        said = history(program)
        known = self.told_so_far + printed
        new = after.entries[len(before.entries) :] if after is not None else []
        if said[: len(known)] != known:
            verdict.problems.append(f"(b) a told line is not in the journal, {difference(known, said)}")
        elif later and said[len(said) - len(later) :] != later:
            verdict.problems.append(f"history does not end with what the resume printed: {later}, {said}")
        else:
            untold = said[len(known) : len(said) - len(later)]
            verdict.untold = len(untold)
            self.untold_check(verdict, untold, new, move)
            last = (known + untold)[-1:]
            expected = RESUMED + (f" Last: {last[0]}" if last else "")
            if resumed != expected:
                verdict.problems.append(f"(c) the resume says {resumed!r}, not {expected!r}")
        self.told_so_far = history(program)
        self.quit(program)

    @staticmethod
    def untold_check(verdict: Kill, untold: list[str], new: list[Any], move: Move | None) -> None:
        """(c): saved and never told only from the killed write's whole lines, handed to the system."""
        moves = [entry for entry in new if "moves" in entry or "deal" in entry]
        point = verdict.point
        cut = point.hook is not None and point.hook.startswith(("before", "part"))
        if untold and not moves:
            verdict.problems.append(f"(c) history holds lines never saved by the kill run: {untold}")
        # after the answer the player's move was told; a computer's draws after it may be saved and
        # still held, to be told with the rest of its run (one announcement), when the match goes on
        if moves and not untold and point.hook is not None:
            verdict.problems.append(f"(c) saved moves never told: {moves}")
        if cut and moves and point.hook != "part:-1":
            verdict.problems.append(f"(c) a write killed {point.name} left moves: {moves}")
        if point.hook in ("written", "synced") and not moves:
            verdict.problems.append(f"(c) a write killed {point.name} left no moves")
        if (
            point.hook in ("written", "synced")
            and verdict.write == 1
            and move is not None
            and untold
            and not re.match(move.answer.replace(r"[^\n]*\n", ""), untold[0])
        ):
            verdict.problems.append(f"(c) the move typed is not the first untold line: {untold}")

    # ----------------------------------------------------------------- the tally

    def table(self) -> str:
        rows = []
        for point in POINTS:
            mine = [kill for kill in self.kills if kill.point == point]
            if mine:
                agree = sum(kill.agrees for kill in mine)
                untold = sum(kill.untold > 0 for kill in mine)
                writes = Counter(kill.write for kill in mine)
                rows.append(
                    f"{point.name:28} {len(mine):3} kills {agree:3} agree  "
                    f"(saved, told at resume: {untold}; writes {dict(sorted(writes.items()))})"
                )
        total = len(self.kills)
        agree = sum(kill.agrees for kill in self.kills)
        rows.append(f"{'all':28} {total:3} kills {agree:3} agree = {100 * agree / max(total, 1):.1f} %")
        return "\n".join(rows)

    def problems(self) -> list[str]:
        return [
            f"kill {n} ({kill.point.name}, write {kill.write}): {problem}"
            for n, kill in enumerate(self.kills, start=1)
            for problem in kill.problems
        ]


def sweep(home: Path, kills: int, writes: tuple[int, ...] = (1, 2, 3)) -> Sweep:
    """``kills`` kills, the points in turn and, each round of points, the next write of the run."""
    run = Sweep(home)
    try:
        run.begin()
        for number in range(kills):
            point = POINTS[number % len(POINTS)]
            write = writes[(number // len(POINTS)) % len(writes)]
            run.kill(point, write)
    finally:
        run.stop_all()
    return run
