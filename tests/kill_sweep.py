"""A sweep of kills (issue 29): the real game killed with SIGKILL at every point of a journal write.

Each kill is two runs of ``python -m bergen_access`` (through pipes, --plain) on one data folder:

* the kill run continues the saved match with the journal's test hook set
  (``BERGEN_TEST_JOURNAL_PAUSE``, session/appendfile.py): the chosen write of the run (1: the player's
  move; 2 and on: what follows it, a computer's moves, one write each, its draws one by one) stops at
  the chosen point (before its bytes, after part of them, written but not fsynced, fsynced but not
  told) and says so on stderr, with where the write starts in the file; the sweep reads that mark and
  kills at once. At the point ``after`` the hook only marks the synced write: the kill comes right
  after the next line printed (its answer) has been read.
* the check run starts the game again on the same folder, continues, asks ``history``, and quits.

A kill agrees when (a) the journal, read back by the program's own reader (tests/saves.py), replays,
and the game offers to continue it; (b) everything printed before the kill (and before it) is in
``history``, in order, and the journal still holds every entry it held before the kill run; (c)
nothing is in the journal beyond what was told, except whole lines of the write that was killed,
and only once they were handed to the system (``written``, ``synced``, ``after``, or the whole lines
of a write cut in its last line): those must be the first lines of ``history`` never printed, and
the resume must name the last of them ("The saved match continues. Last: ..."). A computer's draws are
told as one line when its run of draws ends ("Anna draws 2 tiles."): draws saved and still held at the
kill are told by the resumed game in that one line, once, counting every draw of the run (d); nothing
told before the kill is said again after the resume's "Last: ..." line. A kill of the process
(not of the machine) cannot take back bytes already written, fsync or not: so ``written`` is, for
the journal, the same as ``synced``; fsync matters for a power cut, which no test here makes.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pexpect

from bergen_access.commands.lexicon import CommandKind
from bergen_access.commands.parser import Command
from bergen_access.core.actions import Draw, Play
from bergen_access.core.engine import Phase
from bergen_access.core.rules import preset
from bergen_access.core.view import SeatView
from bergen_access.players.levels import make_player
from bergen_access.session.appendfile import PAUSE_HOOK, JournalText
from bergen_access.session.journal import read_text

from .drivers import clean
from .record_play import seat_for
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

MARK = re.compile(r"bergen-test: journal (\w+) (\d+) of (\d+) at (\d+)\n")
LINE = re.compile(r"[^\n]*\S[^\n]*\n")  # a printed line (an answer)
#: the player's own draw answered: the tile that fits is the one to play (no new turn line is said)
DRAWN = re.compile(r"(\d-\d) fits: (left or right|left|right)")
DRAWS = re.compile(r"^(.+) draws (\d+) tiles?\.")  # another player's run of draws, told as one
MOST_PROMPTS = 12  # prompts a kill run answers before its write must have come (else: the sweep is wrong)
RESUMED = "The saved match continues."
QUESTION = re.compile(r"fits both ends: left or right\?|fits arms? .*\?$")
TORN = "last save was cut short"


@dataclass(frozen=True)
class Point:
    """Where a kill lands: the hook's point (``after``: right after the write's answer) and a name."""

    name: str
    hook: str  # ``before``, ``part:<bytes>``, ``written``, ``synced``, ``after``

    def value(self, write: int) -> str:
        return f"{self.hook}@{write}"


POINTS = [
    Point("before the write", "before"),
    Point("after its first byte", "part:1"),
    Point("half-way through", "part"),
    Point("all but the last byte", "part:-1"),
    Point("written, before the fsync", "written"),
    Point("fsynced, before the answer", "synced"),
    Point("after the answer", "after"),
]


@dataclass
class Kill:
    """One kill and its verdict."""

    point: Point
    write: int  # which write of the run (1: the player's move's, 2 and on: what follows it)
    problems: list[str] = field(default_factory=list)
    untold: int = 0  # lines in ``history`` that were saved but never printed before the kill
    killed: list[Any] = field(default_factory=list)  # the entries the killed write (and, ``after``, the
    # writes after it) left whole in the journal
    held: int = 0  # a computer's draws saved, not yet told at the kill: told by the resumed game

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
        """One kill run and the check run after it (in the next match if this one ends first)."""
        verdict = self.try_kill(point, write)
        if verdict is None:  # the match ended before the write came: a new match, and again
            self.begin()
            verdict = self.try_kill(point, write)
        assert verdict is not None, f"the match ended twice before {point.value(write)}"
        self.kills.append(verdict)
        return verdict

    def try_kill(self, point: Point, write: int) -> Kill | None:
        """One kill run and the check run after it; None: the match ended before the write came."""
        verdict = Kill(point, write)
        path = journal_path(data_folder(self.home))
        assert path is not None
        before = read_text(path)
        program = self.start(point.value(write))
        offer = program.to_prompt()
        assert "A saved match is waiting" in offer and program.prompt == "or no", offer
        program.type("y")
        shown, move, mark = self.to_kill(program, point)
        if mark is None:
            program.child.send("n\n")  # no other match: the program ends
            program.child.expect(pexpect.EOF)
            program.finish()
            return None
        program.child.kill(HARD)
        program.child.expect(pexpect.EOF)
        shown += clean(program.child.before or "")
        status, signalled = program.finish()
        if (status, signalled) not in ((None, HARD), (HARD, None)):
            verdict.problems.append(f"ended {status}/{signalled}, not by {kill_name(HARD)}")
        # a question (which end?) is a reply, never part of ``history``: only the news is compared
        printed = [line for line in told(shown) if not line.startswith(RESUMED) and not QUESTION.search(line)]
        after = self.journal_check(verdict, path, before, mark)
        self.check_run(verdict, printed, path, after, move)
        return verdict

    def to_kill(self, program: Program, point: Point) -> tuple[str, Move | None, re.Match[str] | None]:
        """Play on until the hook's mark (at ``after``: and the line printed after it); what was
        printed, the player's last move typed, the mark (None: the match ended first)."""
        shown, move = "", None
        for _ in range(MOST_PROMPTS):
            index = program.child.expect([program.prompt_pattern, MARK])
            shown += clean(program.child.before + program.child.after)
            if index == 1:
                mark = program.child.match
                if point.hook == "after":  # the write's answer (or the next prompt), then the kill
                    program.child.expect([LINE, program.prompt_pattern])
                    shown += clean(program.child.before + program.child.after)
                return shown, move, mark
            if program.child.match.group(1) == "or no":  # another match?
                return shown, move, None
            move = next_move(program.child.match.group(1), clean(program.child.before), shown)
            for line in move.lines[:-1]:
                program.child.send(line + "\n")
                program.child.expect(program.prompt_pattern)
                shown += clean(program.child.before + program.child.after)
            program.child.send(move.lines[-1] + "\n")
        raise AssertionError(f"write {point.value(0)} never came in {MOST_PROMPTS} prompts: {shown[-2000:]}")

    # ----------------------------------------------------------------- checks

    def journal_check(
        self, verdict: Kill, path: Path, before: JournalText, mark: re.Match[str]
    ) -> JournalText | None:
        """(a) and the file itself: it replays; it holds all it held; at a hook point exactly the
        bytes the mark says were written, from where the mark says the write starts."""
        try:
            replayed(data_folder(self.home))
            after = read_text(path)
        except Exception as error:
            verdict.problems.append(f"(a) the journal does not replay: {error!r}")
            return None
        if after.entries[: len(before.entries)] != before.entries:
            verdict.problems.append("(b) the journal lost entries it held before the kill run")
        point, done, total, start = mark.group(1), *(int(mark.group(n)) for n in (2, 3, 4))
        size = path.stat().st_size
        if start < before.good_size:
            verdict.problems.append(
                f"{point}: the write starts at {start}, inside the {before.good_size} kept"
            )
        if point != "after" and size != start + done:  # ``after`` went on: later writes may follow
            verdict.problems.append(f"{point}: {size} bytes, not {start} + {done}")
        whole = after.good_size - start  # bytes of whole lines the killed write (and any after it) left
        verdict.killed = [
            json.loads(text) for text in path.read_bytes()[start : after.good_size].splitlines()
        ]
        if point in ("written", "synced") and (whole != total or after.torn):
            verdict.problems.append(f"{point}: {whole} of {total} bytes kept whole")
        if point == "after" and whole < total:
            verdict.problems.append(f"{point}: {whole} of {total} bytes kept whole")
        if point in ("before", "part") and done < total and not after.torn and done and whole != done:
            verdict.problems.append(f"{point}: a cut write is not seen as cut")
        return after

    def check_run(
        self, verdict: Kill, printed: list[str], path: Path, after: JournalText | None, move: Move | None
    ) -> None:
        """(b), (c) and (d), through the program: start again, continue, compare ``history``; quit."""
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
        self.quit(program)
        known, self.told_so_far = self.told_so_far + printed, said
        if said[: len(known)] != known:
            verdict.problems.append(f"(b) a told line is not in the journal, {difference(known, said)}")
        elif len(said) < len(known) + len(later):  # the resume said again what was told before the kill
            again = later[: len(known) + len(later) - len(said)]
            verdict.problems.append(f"(c) told before the kill and again after the resume: {again}")
        elif later and said[len(said) - len(later) :] != later:
            verdict.problems.append(f"history does not end with what the resume printed: {later}, {said}")
        else:
            untold = said[len(known) : len(said) - len(later)]
            verdict.untold = len(untold)
            if after is not None:
                self.held_check(verdict, after, read_text(path), printed, untold + later)
            self.untold_check(verdict, untold, move)
            last = (known + untold)[-1:]
            expected = RESUMED + (f" Last: {last[0]}" if last else "")
            if resumed != expected:
                verdict.problems.append(f"(c) the resume says {resumed!r}, not {expected!r}")

    @staticmethod
    def held_check(
        verdict: Kill, after: JournalText, final: JournalText, printed: list[str], news: list[str]
    ) -> None:
        """(d): a computer's draws saved at the kill and still held (its run of draws had not ended, so
        nothing was said of them): the resumed game tells them in the run's one line, which counts
        every draw of the run as the journal has it at the end (none lost, none twice)."""
        seats = after.head["seats"]
        human = next(n for n, seat in enumerate(seats) if seat["kind"] == "human")
        done = actions(after.entries)
        seat = done[-1].get("seat", human) if done else human
        held = 0
        while held < len(done) and is_draw(done[-1 - held], seat, human):
            held += 1
        name = seats[seat]["name"]
        told_already = DRAWS.match(printed[-1]) if printed else None  # the run ended: told before the kill
        if not held or (
            told_already and told_already.group(1) == name and int(told_already.group(2)) == held
        ):
            return
        run = actions(final.entries)[len(done) - held :]
        count = next((n for n, action in enumerate(run) if not is_draw(action, seat, human)), len(run))
        lines = [found for found in map(DRAWS.match, news) if found and found.group(1) == name]
        verdict.held = held
        if not lines:
            verdict.problems.append(f"(d) {held} draws of {name} saved, never told after the resume")
        elif int(lines[0].group(2)) != count:
            verdict.problems.append(f"(d) {lines[0].group(0)!r} told of a run of {count} draws ({held} held)")

    @staticmethod
    def untold_check(verdict: Kill, untold: list[str], move: Move | None) -> None:
        """(c): saved and never told only from the killed write's whole lines, handed to the system; a
        computer's held draws (d) are told by the resumed game, not named by "Last: ..."."""
        moves = [entry for entry in verdict.killed if "moves" in entry or "deal" in entry]
        hook = verdict.point.hook
        cut = hook.startswith(("before", "part"))
        if untold and not moves:
            verdict.problems.append(f"(c) history holds lines never saved by the killed write: {untold}")
        # after the answer the killed write's moves were told (those after it may be saved and untold)
        if moves and not untold and not verdict.held and hook != "after":
            verdict.problems.append(f"(c) saved moves never told: {moves}")
        if cut and moves and hook != "part:-1":
            verdict.problems.append(f"(c) a write killed {verdict.point.name} left moves: {moves}")
        if hook in ("written", "synced") and not moves:
            verdict.problems.append(f"(c) a write killed {verdict.point.name} left no moves")
        if (
            hook in ("written", "synced")
            and verdict.write == 1
            and move is not None
            and untold
            and not re.match(move.answer.replace(r"[^\n]*\n", ""), untold[0])
        ):
            verdict.problems.append(f"(c) the move typed is not the first untold line: {untold}")

    # ----------------------------------------------------------------- the tally

    def table(self) -> str:
        """Kills and agreements per point, per write, and in all."""
        rows = []
        for point in POINTS:
            mine = [kill for kill in self.kills if kill.point == point]
            if mine:
                agree = sum(kill.agrees for kill in mine)
                untold = sum(kill.untold > 0 for kill in mine)
                held = sum(kill.held > 0 for kill in mine)
                writes = Counter(kill.write for kill in mine)
                rows.append(
                    f"{point.name:28} {len(mine):3} kills {agree:3} agree  (saved, told at resume: "
                    f"{untold}; draws held: {held}; writes {dict(sorted(writes.items()))})"
                )
        for write in sorted({kill.write for kill in self.kills}):
            mine = [kill for kill in self.kills if kill.write == write]
            agree = sum(kill.agrees for kill in mine)
            rows.append(f"{f'write {write}':28} {len(mine):3} kills {agree:3} agree")
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


def next_move(prompt: str, recent: str, shown: str) -> Move:
    """The player's move at ``prompt``, from the game's own words since the last prompt (``recent``) or
    the last turn line of the run (``shown``). After the player's draw no turn line is said again: the
    reply names the tile that fits, and only that tile may be played (a draw again is refused, and a
    sweep that answered the old turn line's "draw" again would wait forever for its write)."""
    turns = [line for line in recent.split("\n") if line.startswith("Your turn.")]
    drawn = DRAWN.search(recent)
    if not turns and drawn:
        return choose(prompt, f"Playable: {drawn.group(1)} ({drawn.group(2)})")
    turns = turns or [line for line in shown.split("\n") if line.startswith("Your turn.")]
    return choose(prompt, turns[-1] if turns else "")


def actions(entries: list[Any]) -> list[dict[str, Any]]:
    """The moves of journal entries in order, a deal as ``{"type": "deal"}`` (it ends any run)."""
    out: list[dict[str, Any]] = []
    for entry in entries:
        out += [{"type": "deal"}] if "deal" in entry else entry.get("moves", [])
    return out


def is_draw(action: dict[str, Any], seat: int, human: int) -> bool:
    """A computer's draw at ``seat`` (the player's own draws are answered at once, never held)."""
    return action.get("type") == "draw" and action.get("seat") == seat != human


# ------------------------------------------------------------- a computer's draws at a kill


def computer_drawing(home: Path, *, choice: bool, seed: int = 7) -> int:
    """A saved match in ``home`` stopped just after a computer's draw, the way the console saves it:
    with ``choice`` the tile drawn fits more than one way (the loop tells the draws before the
    computer thinks), else its run goes on with one move (the draws are held). The actions saved."""
    seat = seat_for(data_folder(home), preset("standard", players=2), seed, {1: "random"})
    match, computer = seat.match, make_player("random", seed * 10 + 1)  # as the game seeds Anna
    seat.start_hand()
    while not match.is_over:
        if match.phase is Phase.HAND_OVER:
            seat.start_hand()
        elif match.turn == 0:
            seat.flush_draws()
            action = match.legal_actions()[0]
            if isinstance(action, Draw):  # the player's run of draws, as the command makes it
                seat.move_commands.draw()
            elif isinstance(action, Play):
                seat.move_commands.play(action)
            else:
                seat.on_pass(Command(CommandKind.PASS))
        elif match.actions and match.actions[-1] == Draw(1) and (len(match.legal_actions()) > 1) == choice:
            return len(match.actions)
        else:
            seat.before_move()
            seat.moves.apply(computer.choose(SeatView(match, 1)))
    raise AssertionError("no such draw in the match")


def killed_and_resumed(home: Path) -> tuple[list[str], list[str], list[str]]:
    """The saved match continued and killed (SIGKILL) before its next write's bytes, then continued
    again: what each run printed (the resume's line first), and ``history`` after the second."""
    first = Program(home, GAME, tty=False, pause=False, prompt=GAME_PROMPT, hooks={PAUSE_HOOK: "before@1"})
    first.to_prompt()
    first.type("y")
    first.child.expect(MARK)
    shown = clean(first.child.before)
    first.child.kill(HARD)
    first.child.expect(pexpect.EOF)
    first.finish()
    second = Program(home, GAME, tty=False, pause=False, prompt=GAME_PROMPT)
    try:
        second.to_prompt()
        later = told(second.ask("y"))
        said = history(second)
        assert "Match saved." in second.quit()
    finally:
        second.stop()
    return told(shown), later, said


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
