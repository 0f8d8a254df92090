"""Kills (issue 10): the real program killed with -9, TERM and HUP, then resumed; nothing answered is lost.

Two moments of killing, both reached by reading the program's own output, never by waiting a while:

* the hook moment: with ``BERGEN_TEST_PAUSE_AFTER_SAVE`` the program writes ``bergen-test: saved <file>``
  to stderr right after each save and then sleeps, so the kill lands where an action is saved but not yet
  announced;
* right after the answer: the test reads until the answer's line has appeared and kills at once.

After each kill the program is started again and resumed. The test then checks the save file (the action
is there), the state the program goes on from (tiles in hand, the scorekeeper's prompt), ``history``
against what was printed before the kill (in order; what was saved but never printed follows), stray
temporary files (removed at the start), and the way TERM and HUP end the program (status 128+signal, no
traceback, no crash log, the terminal's settings given back under a pty).

The game runs with a fixed seed and random opponents, under a pty (TERM=xterm, prompt_toolkit) and
through pipes (--plain); the scorekeeper is typed a fixed score sheet.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

import pexpect
import pytest
from pexpect.popen_spawn import PopenSpawn

from .capabilities import HANG_UP, HARD_KILL, needs_pty, pty_spawn
from .drivers import ROOT, clean, environment
from .saves import cut_journal, journal_path, save_record, saved_sheet

try:  # the terminal's settings, read to see that the program gives them back: POSIX only
    import pty
    import termios
except ImportError:  # Windows: no pseudo-terminal, no terminal settings
    pty = termios = None  # type: ignore[assignment]

HOOK = "BERGEN_TEST_PAUSE_AFTER_SAVE"
HOOK_SECONDS = "600"  # far longer than any test: the kill always comes first
HANG_SECONDS = 8  # a program that has not ended this long after TERM or HUP is counted as hung (a busy
# machine: once 4 s passed under a load of 6 on 2 CPUs before a SIGHUP at the save hook was taken)
GAME = ["--seed", "7", "--speech", "off", "--opponents", "random"]
#: a match in which Anna (random) soon draws twice in a row
DRAWS_GAME = ["--seed", "8", "--speech", "off", "--opponents", "random"]
KEEP = ["keep", "--names", "Anna,Cem"]
#: the ways to end a program from outside: POSIX's three; on Windows only TerminateProcess, which ends
#: a program as SIGKILL does, whatever number it is given (os.kill), so one kind
HARD = HARD_KILL if HARD_KILL is not None else signal.SIGTERM
SIGNALS = [HARD, signal.SIGTERM, HANG_UP] if HARD_KILL is not None and HANG_UP is not None else [HARD]
GAME_PROMPT = re.compile(r"(tiles?|next hand|left or right|or no)>")
KEEP_PROMPT = re.compile(r"(who opens|Anna|Cem|left or right|or no)>")
PROMPT_LINE = re.compile(r"(tiles?|next hand|left or right|or no|who opens|Anna|Cem)> ?")
CRASH_TEXT = (
    "Traceback",
    "Unhandled exception",
    "Exception ignored",
    "Press ENTER",
    "Something went wrong",
    "Error:",
)
HOOK_MODE, ANSWER_MODE = "hook", "answer"


def pty_defaults() -> list[Any] | None:
    """The settings of a fresh pseudo-terminal: what the program finds, and must leave, under pexpect."""
    if pty is None or termios is None:
        return None
    master, slave = pty.openpty()
    try:
        return termios.tcgetattr(slave)
    finally:
        os.close(master)
        os.close(slave)


BASE_TTY = pty_defaults()


def kill_name(number: int) -> str:
    """SIGKILL, SIGTERM, SIGHUP; on Windows what every kill is there."""
    return signal.Signals(number).name if HARD_KILL is not None else "TerminateProcess"


@dataclass
class Ending:
    """How a killed program ended."""

    status: int | None  # exit status; None when a signal ended it
    signalled: int | None
    rest: str  # what it printed after the kill (cleaned)
    hung: bool  # it did not end after TERM or HUP and was killed with -9
    tty_during: list[Any] | None  # the terminal's settings just before the kill
    tty_after: list[Any] | None  # ... and after the program ended


class Program:
    """One run of the real program: under a pty (TERM=xterm) or through pipes with --plain."""

    def __init__(
        self,
        home: Path,
        args: list[str],
        *,
        tty: bool,
        pause: bool,
        prompt: re.Pattern[str],
        hooks: dict[str, str] | None = None,
    ) -> None:
        env = environment(home, TERM="xterm" if tty else "dumb")
        env.pop(HOOK, None)
        if pause:
            env[HOOK] = HOOK_SECONDS
        env.update(hooks or {})  # other test hooks (tests/kill_sweep.py's journal pause)
        self.tty = tty
        self.prompt_pattern = prompt
        self.child: Any
        if tty:
            self.child = pty_spawn(
                sys.executable,
                ["-m", "bergen_access", *args],
                cwd=str(ROOT),
                env=env,
                encoding="utf-8",
                timeout=20,
                dimensions=(50, 400),
            )
        else:
            self.child = PopenSpawn(
                [sys.executable, "-m", "bergen_access", *args, "--plain"],
                cwd=str(ROOT),
                env=env,
                encoding="utf-8",
                timeout=20,
            )
        self.child.delaybeforesend = None
        self.text = ""  # everything read so far, cleaned
        self.prompt = ""  # the kind of the last prompt (``tiles``, ``next hand``, ``Anna``...)
        self.prompt_line = ""  # the last prompt as shown
        self.turn_text = ""  # the last "Your turn." line (the game)
        self.said: list[str] = []  # the last reply to ``history`` (the announcements so far)
        self.ended = False

    def read_until(self, pattern: str | re.Pattern[str]) -> str:
        try:
            self.child.expect(pattern)
        except pexpect.EOF:  # say what the program printed and how it ended, not only that it ended
            printed = clean(self.child.before or "")
            status, signalled = self.finish()
            raise AssertionError(
                f"the program ended (status {status}, signal {signalled}) before {pattern!r}; it printed:\n"
                f"{printed[-2000:]}"
            ) from None
        chunk = clean(self.child.before + self.child.after)
        self.text += chunk
        return chunk

    def to_prompt(self) -> str:
        """Read to the next prompt; what was printed before it (the prompt's own line last, unfinished)."""
        chunk = self.read_until(self.prompt_pattern)
        self.prompt = self.child.match.group(1)
        self.prompt_line = chunk.rsplit("\n", 1)[-1].strip()
        turns = [line for line in chunk.split("\n") if line.startswith("Your turn.")]
        if turns:
            self.turn_text = turns[-1]
        return chunk

    def type(self, line: str) -> None:
        """Type a line; what follows is the answer (the typed line itself, echoed, is read here)."""
        self.child.send(line + ("\r" if self.tty else "\n"))
        self.read_until("\n")

    def ask(self, line: str) -> str:
        self.type(line)
        return self.to_prompt()

    def terminal(self) -> list[Any] | None:
        if not self.tty:
            return None
        try:
            return termios.tcgetattr(self.child.child_fd)
        except (termios.error, OSError):
            return None

    def kill(self, number: int) -> Ending:
        """Send the signal now; read what is left; how the program ended."""
        during = self.terminal()
        self.child.kill(number)
        hung = self.child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=HANG_SECONDS) == 1
        rest = self.child.before or ""
        if hung:
            self.child.kill(HARD)
            self.child.expect(pexpect.EOF)
            rest += self.child.before or ""
        rest = clean(rest)
        self.text += rest
        after = self.terminal()
        status, signalled = self.finish()
        return Ending(status, signalled, rest, hung, during, after)

    def finish(self) -> tuple[int | None, int | None]:
        if self.tty:
            self.child.close()
        else:
            self.child.wait()
        self.ended = True
        return self.child.exitstatus, self.child.signalstatus

    def quit(self, word: str = "quit") -> str:
        self.type(word)
        self.child.expect(pexpect.EOF)
        rest = clean(self.child.before or "")
        self.text += rest
        status, _signalled = self.finish()
        assert status == 0, rest
        return rest

    def stop(self) -> None:
        if not self.ended:
            self.child.kill(HARD)
            self.finish()


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Any]:
    """Start programs in one home; any left running (a test that failed half-way) is killed at the end."""
    running: list[Program] = []

    def starting(args: list[str], *, tty: bool, pause: bool, prompt: re.Pattern[str]) -> Program:
        program = Program(tmp_path, args, tty=tty, pause=pause, prompt=prompt)
        running.append(program)
        return program

    yield starting
    for program in running:
        program.stop()


def told(text: str) -> list[str]:
    """The announcements in printed text: finished lines, without prompts, turn prompts and test marks;
    nothing from the first sign of a crash on (that is reported by itself)."""
    crash = min((text.find(mark) for mark in CRASH_TEXT if mark in text), default=len(text))
    lines = text[:crash].split("\n")[:-1]  # the last piece is not a finished line
    return [
        as_history(line.strip())
        for line in lines
        if line.strip()
        and not line.strip().startswith(("Your turn.", "bergen-test:"))
        and not PROMPT_LINE.search(line)
    ]


def as_history(line: str) -> str:
    """History keeps what happened, not the advice around it: "You draw 3-4. 3-4 fits: left." is kept
    as "You draw 3-4."."""
    if line.startswith("You draw "):
        return line[: line.index(".") + 1]
    return line


def data_folder(home: Path) -> Path:
    return home / "data" / "bergen-access"


def read_save(home: Path, name: str) -> dict[str, Any]:
    """The save as data: the score sheet's file, or the match's journal (``tests/saves.py``)."""
    if name == "match.json":
        return save_record(data_folder(home))
    if name == "keep.json":  # the score sheet, kept as a journal (``keep.jsonl``)
        sheet = saved_sheet(data_folder(home))
        if sheet is None:
            raise FileNotFoundError(name)
        return sheet
    return json.loads((data_folder(home) / name).read_text(encoding="utf-8"))


def plant_stray(home: Path, name: str) -> Path:
    """What a writer killed in the middle of an atomic write leaves: a half-written temporary file."""
    stray = data_folder(home) / f"{name}.k1ll3d.tmp"
    stray.write_text('{"format": "bergen-acc', encoding="utf-8")
    return stray


@dataclass
class Tally:
    """Kills tried and answered actions lost, per program, moment and signal."""

    tries: Counter[str] = field(default_factory=Counter)
    losses: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def count(self, what: str, number: int, mode: str, lost: bool) -> None:
        key = f"{what} {mode} {kill_name(number)}"
        self.tries[key] += 1
        if lost:
            self.losses[key] += 1

    def report(self) -> str:
        rows = [f"{key}: {self.tries[key]} kills, {self.losses[key]} lost" for key in sorted(self.tries)]
        return "\n".join(rows)

    def done(self) -> None:
        print("\n" + self.report())
        assert not self.problems, self.report() + "\n\n" + "\n\n".join(self.problems)
        assert sum(self.losses.values()) == 0, self.report()


def check_ending(ending: Ending, number: int, home: Path, tally: Tally, where: str) -> None:
    """TERM and HUP: 128+signal, no traceback, the terminal given back; never a crash log."""
    name = kill_name(number)
    if (data_folder(home) / "crash.log").exists():
        tally.problems.append(
            f"{where}: {name} left a crash log: {(data_folder(home) / 'crash.log').read_text()}"
        )
    if ending.hung:
        tally.problems.append(
            f"{where}: the program did not end after {name}; it printed:\n{ending.rest[-1500:]}"
        )
        return
    if number == HARD:
        if HARD_KILL is None:  # Windows: TerminateProcess's exit code is the number given
            assert ending.status == number, (where, ending)
        else:
            assert ending.signalled == HARD, (where, ending)
        return
    if ending.status != 128 + number:
        tally.problems.append(
            f"{where}: {name} ended with {ending.status}/{ending.signalled}, not {128 + number}"
        )
    for text in CRASH_TEXT:
        if text in ending.rest:
            tally.problems.append(f"{where}: {name} printed {text!r}:\n{ending.rest[-1500:]}")
    if ending.tty_during is not None:
        assert ending.tty_during != BASE_TTY, "the program did not change the terminal: nothing to check"
        if ending.tty_after != BASE_TTY:
            tally.problems.append(f"{where}: {name} left the terminal changed: {ending.tty_after}")


# ---------------------------------------------------------------------------------------------- the game


@dataclass
class Move:
    """What the test types for the player's turn, and what it does."""

    lines: list[str]  # the last line is the one that is saved and answered
    kind: str  # play, draw, pass, next
    answer: str  # the first line of the answer (a pattern)
    tile: str | None = None
    end: str | None = None


def choose(prompt: str, turn_text: str) -> Move:
    """A legal move from the game's own words: the first playable tile, else draw or pass; Enter."""
    if prompt == "next hand":
        return Move([""], "next", r"Hand \d+\. Your tiles[^\n]*\n")
    playable = re.search(r"Playable: (\d-\d)(?: \((left or right|left|right)\))?", turn_text)
    if playable:  # (the lone opening double's plays carry no end: the game lays them left)
        tile, where = playable.group(1), playable.group(2) or "left"
        lines = [tile.replace("-", ""), "l"] if where == "left or right" else [tile]
        end = "left" if where == "left or right" else where
        return Move(lines, "play", rf"You play {tile} on the {end}\.[^\n]*\n", tile, end)
    if "Nothing fits: draw." in turn_text:
        return Move(["draw"], "draw", r"You draw [^\n]*\n")
    assert ": pass." in turn_text, turn_text
    return Move(["pass"], "pass", r"You pass\.[^\n]*\n")


@dataclass
class Left:
    """What the test knows when a run of the game ended: to be found again after the resume."""

    history: list[str]  # ``history 999`` before the move
    printed: list[str] = field(default_factory=list)  # announcements printed after the move, before the kill
    save: dict[str, Any] = field(default_factory=dict)  # the save file just after the kill
    move: Move | None = None
    mode: str = "quit"  # quit (a clean end), hook or answer
    tiles: int | None = None  # tiles in hand before the move
    actions_before: int = 0  # actions saved before the move


def history(program: Program, word: str = "history 999") -> list[str]:
    """The announcements so far, as ``history`` lists them (none: an empty list)."""
    lines = told(program.ask(word))
    return [] if lines == ["Nothing has happened yet."] else lines


def game_play(program: Program) -> None:
    """Play the player's turn without killing; back at the next prompt."""
    for line in choose(program.prompt, program.turn_text).lines:
        program.ask(line)


def game_move(program: Program, home: Path, mode: str, number: int, tally: Tally, before: list[str]) -> Left:
    """At the player's prompt: play a move, kill at the hook moment or right after the answer."""
    save = read_save(home, "match.json")
    count = re.search(r"(\d+) tiles?>$", program.prompt_line)
    move = choose(program.prompt, program.turn_text)
    for line in move.lines[:-1]:
        program.ask(line)
    program.type(move.lines[-1])
    shown = program.read_until("bergen-test: saved journal" if mode == HOOK_MODE else move.answer)
    ending = program.kill(number)
    where = f"game {mode} {kill_name(number)} after {move.lines}"
    check_ending(ending, number, home, tally, where)
    printed = told(shown + ending.rest)
    if mode == HOOK_MODE and printed:  # write-ahead: saved first, told after
        tally.problems.append(f"{where}: printed before its save was done: {printed}")
    after = read_save(home, "match.json")
    tally.count("game", number, mode, lost=not saved_move(save, after, move, exact=mode == HOOK_MODE))
    tiles = int(count.group(1)) if count else None
    return Left(before, printed, after, move, mode, tiles, len(save["actions"]))


def saved_move(before: dict[str, Any], after: dict[str, Any], move: Move, *, exact: bool) -> bool:
    """Is the move in the save, right after what was saved before it (and, at the hook, nothing more)?"""
    old, new = before["actions"], after["actions"]
    if new[: len(old)] != old:
        return False
    added = new[len(old) :]
    if move.kind == "next":
        return after["hands"] == before["hands"] + 1 and (not exact or not added)
    if move.kind == "play":
        wanted = [{"type": "play", "seat": 0, "tile": move.tile, "end": move.end}]
    else:
        wanted = [{"type": move.kind, "seat": 0}]
    if added[:1] != wanted:
        return False
    if exact:
        return all(action == wanted[0] for action in added) and (move.kind == "draw" or len(added) == 1)
    return True


def game_resume(start: Any, home: Path, tty: bool, pause: bool, left: Left, tally: Tally) -> Program:
    """Start the game again, continue the saved match, check it against what was left; at a prompt."""
    stray = plant_stray(home, "match.json")
    program = start(GAME, tty=tty, pause=pause, prompt=GAME_PROMPT)
    asked = program.to_prompt()
    assert f"A saved match is waiting, in hand {left.save['hands']}:" in asked, asked
    assert program.prompt == "or no"
    shown = program.ask("y")
    where = f"resume after game {left.mode} {left.move.lines if left.move else ''}"
    leftovers = sorted(p.name for p in data_folder(home).glob("*.tmp"))
    if leftovers or stray.exists():
        tally.problems.append(f"{where}: temporary files remain after the start: {leftovers}")
    now = read_save(home, "match.json")
    assert now["actions"][: len(left.save["actions"])] == left.save["actions"], "the resumed match is another"
    resumed = told(shown)
    assert resumed and resumed[0].startswith("The saved match continues."), shown
    later = resumed[1:]  # what the computers did after the resume, printed
    said = program.said = history(program)
    problem = history_problem(left, said, later, resumed[0])
    if problem:
        tally.problems.append(f"{where}: {problem}")
    check_tiles(program, left, now, tally, where)
    return program


def check_tiles(program: Program, left: Left, now: dict[str, Any], tally: Tally, where: str) -> None:
    """The game goes on from after the move: the player's tile count is what the move made it."""
    move = left.move
    count = re.search(r"(\d+) tiles?>$", program.prompt_line)
    if move is None or left.tiles is None or count is None or move.kind == "next":
        return
    if now["hands"] != left.save["hands"]:
        return  # the hand ended while the computers moved
    own = [a for a in now["actions"][left.actions_before :] if a["seat"] == 0]  # the move's own actions
    expected = left.tiles - 1 if move.kind == "play" else left.tiles
    if move.kind == "draw":
        expected += sum(1 for a in own if a["type"] == "draw")
    if int(count.group(1)) != expected:
        tally.problems.append(f"{where}: {count.group(1)} tiles in hand after the resume, not {expected}")
    if move.kind == "play":
        reply = next(line for line in told(program.ask("hand")) if line.startswith("Your "))
        if move.tile is not None and re.search(rf"\b{move.tile}\b", reply):
            tally.problems.append(f"{where}: {move.tile} is still in hand after the resume: {reply}")


def difference(printed: list[str], said: list[str]) -> str:
    """Where two lists of announcements part, with a little around it."""
    n = next((i for i, (a, b) in enumerate(zip(printed, said, strict=False)) if a != b), len(printed))
    return (
        f"from line {n}:\n  printed {printed[max(0, n - 2) : n + 3]}\n  history {said[max(0, n - 2) : n + 3]}"
    )


def history_problem(left: Left, said: list[str], later: list[str], resumed: str) -> str | None:
    """``history`` after the resume: what was told before the kill, then what was saved but not told,
    then what the resumed game printed; the resume message names the last of the first two."""
    known = left.history + left.printed
    if said[: len(known)] != known:
        return f"history differs from what was printed, {difference(known, said)}"
    if later and said[len(said) - len(later) :] != later:
        return f"history does not end with what the resumed game printed: {later}\nhistory: {said}"
    unprinted = said[len(known) : len(said) - len(later)]
    if len(known) > len(said) - len(later):
        return f"history lost lines: printed {known + later}, history {said}"
    if left.mode == "quit" and unprinted:
        return f"after a clean end history holds lines never printed: {unprinted}"
    if left.mode == HOOK_MODE:
        assert left.move is not None
        if not unprinted or not re.match(left.move.answer.replace(r"[^\n]*\n", ""), unprinted[0]):
            return f"the saved move is not in history: {unprinted} (history {said})"
    last = (known + unprinted)[-1:] or [None]
    expected = "The saved match continues." + (f" Last: {last[0]}" if last[0] else "")
    if resumed != expected:
        return f"the resume says {resumed!r}, not {expected!r}"
    return None


def game_quit(program: Program, home: Path) -> Left:
    """Leave the game cleanly at its prompt; what the next start must find."""
    said = program.said or history(program)
    assert "Match saved." in program.quit()
    return Left(said, save=read_save(home, "match.json"))


@pytest.mark.parametrize("tty", [pytest.param(True, marks=needs_pty), False], ids=["pty", "pipes"])
def test_game_killed_at_the_hook_moment(start: Any, tmp_path: Path, tty: bool) -> None:
    """Each signal at the moment a move is saved and not yet told; each time resumed and checked."""
    tally = Tally()
    first = start(GAME, tty=tty, pause=False, prompt=GAME_PROMPT)
    first.to_prompt()
    game_play(first)  # a match with a move saved (one without is test_resume_before_the_first_move)
    left = game_quit(first, tmp_path)
    for number in SIGNALS:
        paused = game_resume(start, tmp_path, tty, True, left, tally)
        left = game_move(paused, tmp_path, HOOK_MODE, number, tally, paused.said)
        again = game_resume(start, tmp_path, tty, False, left, tally)
        left = game_quit(again, tmp_path)
    tally.done()
    assert sum(tally.tries.values()) == len(SIGNALS)


@pytest.mark.parametrize(
    ("tty", "kills"), [pytest.param(True, 15, marks=needs_pty), (False, 6)], ids=["pty", "pipes"]
)
def test_game_killed_right_after_answers(start: Any, tmp_path: Path, tty: bool, kills: int) -> None:
    """One match, killed right after each of many answers (the signals in turn), resumed each time."""
    tally = Tally()
    program = start(GAME, tty=tty, pause=False, prompt=GAME_PROMPT)
    program.to_prompt()
    said = history(program)
    kinds: Counter[str] = Counter()
    for turn in range(kills):
        left = game_move(program, tmp_path, ANSWER_MODE, SIGNALS[turn % len(SIGNALS)], tally, said)
        assert left.move is not None
        kinds[left.move.kind] += 1
        program = game_resume(start, tmp_path, tty, False, left, tally)
        said = program.said
    game_quit(program, tmp_path)
    print(f"\nmoves killed after: {dict(kinds)}")
    tally.done()
    assert sum(tally.tries.values()) == kills


# --------------------------------------------------------------------------------------- the scorekeeper


@dataclass
class Step:
    """An entry typed into the scorekeeper: its lines, its effect on the record, answer and next prompt."""

    lines: list[str]
    entry: dict[str, Any] | None  # None: undo
    answer: str
    prompt: str


def _play(seat: int, tile: str, end: str) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "tile": tile, "end": end}


KEEP_STEPS = [
    Step(
        ["Anna 1-1", "y"],
        {"type": "open", "seat": 0, "tile": "1-1"},
        r"Anna opens with 1-1\.",
        "1-1|1-1 Cem>",
    ),
    Step(["3-1", "l"], _play(1, "1-3", "left"), r"Cem plays 1-3 on the left\.", "3|1-1 Anna>"),
    Step(["draw 2"], {"type": "draw", "seat": 0, "count": 2}, r"Anna draws 2 tiles\.", "3|1-1 Anna>"),
    Step(["3-4"], _play(0, "3-4", "left"), r"Anna plays 3-4 on the left\.", "4|1-1 Cem>"),
    Step(["draw 3"], {"type": "draw", "seat": 1, "count": 3}, r"Cem draws 3 tiles\.", "4|1-1 Cem>"),
    Step(["4-6"], _play(1, "4-6", "left"), r"Cem plays 4-6 on the left\.", "6|1-1 Anna>"),
    Step(["1-5"], _play(0, "1-5", "right"), r"Anna plays 1-5 on the right\.", "6|5 Cem>"),
    Step(["6-6"], _play(1, "6-6", "left"), r"Cem plays 6-6 on the left\.", "6-6|5 Anna>"),
    Step(["5-5"], _play(0, "5-5", "right"), r"Anna plays 5-5 on the right\.", "6-6|5-5 Cem>"),
    Step(["undo"], None, r"Undone: Anna plays 5-5 on the right\.", "6-6|5 Anna>"),
    Step(["5-5"], _play(0, "5-5", "right"), r"Anna plays 5-5 on the right\.", "6-6|5-5 Cem>"),
    Step(["6-2"], _play(1, "2-6", "left"), r"Cem plays 2-6 on the left\.", "2|5-5 Anna>"),
]


@dataclass
class KeepLeft:
    """What the test knows when a run of the scorekeeper was killed."""

    step: Step
    mode: str
    printed: list[str]  # announcements printed after the entry, before the kill
    where: str


def keep_resume(start: Any, home: Path, tty: bool, pause: bool, tally: Tally) -> Program:
    """Start the scorekeeper again and continue the saved sheet; at its prompt."""
    stray = plant_stray(home, "keep.json")
    program = start(KEEP, tty=tty, pause=pause, prompt=KEEP_PROMPT)
    asked = program.to_prompt()
    assert "A saved score sheet is waiting, in hand 1." in asked, asked
    assert program.prompt == "or no"
    program.ask("y")
    leftovers = sorted(p.name for p in data_folder(home).glob("*.tmp"))
    if leftovers or stray.exists():
        tally.problems.append(f"keep resume: temporary files remain after the start: {leftovers}")
    return program


def keep_check(program: Program, left: KeepLeft, told_by_entry: list[list[str]], tally: Tally) -> None:
    """After the resume: the prompt is the one after the entry, and ``history all`` is what was told
    (an undone entry gone; an entry saved at the hook moment there although never printed)."""
    step, where = left.step, left.where
    if program.prompt_line != step.prompt:
        tally.problems.append(f"{where}: resumed at {program.prompt_line!r}, not {step.prompt!r}")
    said = history(program, "history all")
    if step.entry is None:
        told_by_entry.pop()
        known = [line for lines in told_by_entry for line in lines]
        if said != known:
            tally.problems.append(f"{where}: history after an undo {said}, not {known}")
        return
    known = [line for lines in told_by_entry for line in lines] + left.printed
    unprinted = said[len(known) :]
    if said[: len(known)] != known:
        tally.problems.append(f"{where}: history differs from what was printed, {difference(known, said)}")
    elif left.mode == HOOK_MODE and not (unprinted and re.match(step.answer, unprinted[0])):
        tally.problems.append(f"{where}: the saved entry is not in history: {said}")
    told_by_entry.append(said[len(known) - len(left.printed) :])


@pytest.mark.parametrize("tty", [pytest.param(True, marks=needs_pty), False], ids=["pty", "pipes"])
def test_scorekeeper_killed_at_the_hook_and_after_answers(start: Any, tmp_path: Path, tty: bool) -> None:
    """A score sheet typed entry by entry, each in a run of its own that is killed (at the hook moment and
    right after the answer in turn, the signals in turn); the next run resumes and checks the entries, the
    prompt and ``history all``."""
    tally = Tally()
    first = start(KEEP, tty=tty, pause=False, prompt=KEEP_PROMPT)
    first.to_prompt()
    told_by_entry = [history(first, "history all")]  # what each entry announced, as history shows it
    assert told_by_entry[0] == ["Hand 1."], told_by_entry  # the record notes the hand; "Who opens?" guides
    first.quit()
    entries: list[dict[str, Any]] = [{"type": "new-hand"}]
    left: KeepLeft | None = None
    for turn, step in enumerate([*KEEP_STEPS, None]):
        mode = HOOK_MODE if turn % 2 == 0 else ANSWER_MODE
        number = SIGNALS[turn % len(SIGNALS)]
        program = keep_resume(start, tmp_path, tty, step is not None and mode == HOOK_MODE, tally)
        if left is not None:
            keep_check(program, left, told_by_entry, tally)
        else:
            assert program.prompt == "who opens" and history(program, "history all") == told_by_entry[0]
        if step is None:
            program.quit()
            break
        where = f"keep {mode} {kill_name(number)} after {step.lines}"
        for line in step.lines[:-1]:
            program.ask(line)
        program.type(step.lines[-1])
        shown = program.read_until("bergen-test: saved keep.json" if mode == HOOK_MODE else step.answer)
        ending = program.kill(number)
        check_ending(ending, number, tmp_path, tally, where)
        printed = told(shown + ending.rest)
        if mode == HOOK_MODE and printed:
            tally.problems.append(f"{where}: printed before its save was done: {printed}")
        if step.entry is None:
            entries.pop()
        else:
            entries.append(step.entry)
        saved = read_save(tmp_path, "keep.json")["entries"]
        tally.count("keep", number, mode, lost=saved != entries)
        if saved != entries:
            tally.problems.append(f"{where}: the sheet holds {saved}, not {entries}")
        left = KeepLeft(step, mode, printed, where)
    tally.done()
    assert len(KEEP_STEPS) == sum(tally.tries.values())


# ------------------------------------------------------------------------ a signal inside prompt_toolkit


@needs_pty
@pytest.mark.parametrize("number", [signal.SIGTERM, HANG_UP], ids=["TERM", "HUP"])
def test_term_and_hup_while_the_prompt_is_busy(start: Any, tmp_path: Path, number: int) -> None:
    """TERM or HUP while prompt_toolkit runs a key's action (F2 repeats; its output is not read, so the
    program is certainly inside that action, writing): the same clean end as anywhere else."""
    program = start(GAME, tty=True, pause=False, prompt=GAME_PROMPT)
    program.to_prompt()
    program.ask("rules")  # a long last announcement
    program.child.send("\x1bOQ" * 300)  # F2, many times: far more output than the terminal holds
    syscall = Path(f"/proc/{program.child.pid}/syscall")
    try:
        syscall.read_text()
    except OSError:
        pytest.skip("cannot see which system call the program is in")
    deadline = time.monotonic() + 20
    while syscall.read_text().split()[0] not in ("1", "64"):  # blocked writing (write: x86-64 1, arm64 64)
        assert time.monotonic() < deadline, "the program never wrote the repeated announcements"
    tally = Tally()
    ending = program.kill(number)
    check_ending(ending, number, tmp_path, tally, f"{kill_name(number)} inside a key's action")
    assert not tally.problems, "\n".join(tally.problems)


def test_resume_before_the_first_move_keeps_the_history(start: Any, tmp_path: Path) -> None:
    """Left at the very first prompt (the deal and the opening saved, no action yet), then resumed:
    ``history`` still tells the deal and the opening, and the resume names the last of them."""
    first = start(GAME, tty=False, pause=False, prompt=GAME_PROMPT)
    first.to_prompt()
    left = game_quit(first, tmp_path)
    assert left.history and not left.save["actions"]
    tally = Tally()
    game_resume(start, tmp_path, False, False, left, tally).quit()
    assert not tally.problems, "\n".join(tally.problems)


def test_history_after_a_kill_between_a_computers_draws(start: Any, tmp_path: Path) -> None:
    """A kill between two draws of a computer leaves a save that ends in its first draw (every action is
    saved before it is told). Resumed, the game tells the draws that follow; resumed once more, ``history``
    must still read as it was told then."""
    program = start(DRAWS_GAME, tty=False, pause=False, prompt=GAME_PROMPT)
    program.to_prompt()
    draw = {"type": "draw", "seat": 1}
    for _ in range(80):
        actions = read_save(tmp_path, "match.json")["actions"]
        pairs = [n for n in range(len(actions) - 1) if actions[n] == draw == actions[n + 1]]
        if pairs:
            break
        game_play(program)
    else:
        pytest.fail("Anna never drew twice in a row")
    program.quit()
    journal = journal_path(data_folder(tmp_path))
    assert journal is not None
    cut_journal(journal, pairs[0] + 1)  # what the kill after her first draw leaves
    heard = []
    for _ in range(2):
        again = start(DRAWS_GAME, tty=False, pause=False, prompt=GAME_PROMPT)
        again.to_prompt()
        again.ask("y")
        heard.append(history(again))
        again.quit()
    first, second = heard
    # the draw saved before the kill and those after it are one run of her draws, told as one
    # announcement the first time, and read the same way after the next resume
    assert any(line.startswith("Anna draws") for line in first)
    assert not any(a.startswith("Anna draws") and b.startswith("Anna draws") for a, b in pairwise(first))
    assert second == first
