"""The program under measurement, and what it printed when nobody read it aloud.

The harness measures whichever ``bergen`` it is given (this checkout, or another worktree such as the
program before a change), so every run names the program's folder; it is run as
``python -m bergen_access`` from that folder. The player's moves come from the save file (the program
saves before it speaks, see tests/blind_play_bot.py), so they need none of the program's words, and the
program's messages come from a run through a plain pipe with the same seed and lines: both are
independent of the screen reader that is measured later.
"""

from __future__ import annotations

import os
import select
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

try:  # the plain setting is played at a pseudo-terminal: POSIX only, as the grid's tests are (needs_linux)
    import fcntl
    import pty
    import termios
except ImportError:  # Windows: the module still imports; nothing here is run there
    fcntl = pty = termios = None  # type: ignore[assignment]

from bergen_access.core.actions import Action
from bergen_access.core.engine import Match, Phase
from bergen_access.core.view import SeatView

from ..blind_play_bot import move
from ..folders import data_env
from ..saves import data_folder, saved_match

ROOT = Path(__file__).resolve().parent.parent.parent
QUESTIONS = ("h", "i", "e")  # asked at the start of each of the player's turns: hand, hint, ends
#: the answer to the first-run question for each way the lines are read (console.Setup.ask_speech):
#: 1 = the screen reader reads the text, each line written once; 4 = no speech, line editing. The
#: plain setting (``--plain``) is chosen on the command line and asks nothing.
FIRST_ANSWER = {"screenreader": "1", "standard": "4", "terse": "1", "verbose": "1"}
PLAIN = "plain"
#: the settings a player may choose: the ways of reading lines, and the screen-reader setting at the
#: two other amounts of speech (``--verbosity``). Only the first two are in the tests' grid; the rest
#: are measured by ``python -m tests.screen_readers --table --mode ...`` (README gives their figures).
MODES = ("screenreader", PLAIN, "standard", "terse", "verbose")
#: how each setting reads its lines (``--reader``), and its verbosity when not the default
READING = {
    "screenreader": "screenreader",
    PLAIN: PLAIN,
    "standard": "standard",
    "terse": "screenreader",
    "verbose": "screenreader",
}
VERBOSITY = {"terse": "terse", "verbose": "verbose"}
WIDE = 500  # columns of the terminal the plain reference is played at: nothing is wrapped
QUIET = 0.06  # seconds without output after a line left open: the program waits at a prompt
NO_PROMPT = 0.25  # seconds without output after a whole line, once it is the player's turn: no prompt


@dataclass(frozen=True)
class Program:
    """A ``bergen`` to run: its source folder and the Python that runs it."""

    root: Path = ROOT
    python: str = sys.executable

    def command(self, args: list[str]) -> list[str]:
        return [self.python, "-m", "bergen_access", *args]

    def environment(self, home: Path, term: str) -> dict[str, str]:
        """A private HOME and data folders, so nothing of this machine's settings or saves leaks in."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "XDG_", "BERGEN_"))}
        env.update(
            {
                "HOME": str(home),
                **data_env(home),
                "XDG_RUNTIME_DIR": str(home / "run"),
                "PYTHONPATH": str(self.root),
                "LANG": "C.UTF-8",
                "PYTHONIOENCODING": "utf-8",
                "TERM": term,
            }
        )
        (home / "run").mkdir(parents=True, exist_ok=True, mode=0o700)
        return env


def match_args(lang: str, seed: int, mode: str = "screenreader") -> list[str]:
    """The match every run plays: a new one, seeded, in the language; the plain setting from the
    command line (speech off: the screen reader reads), the others from the first-run answer."""
    plain = ["--plain", "--speech", "off"] if mode == PLAIN else []
    verbosity = ["--verbosity", VERBOSITY[mode]] if mode in VERBOSITY else []
    return ["--new", "--lang", lang, "--seed", str(seed), *plain, *verbosity]


def saved(home: Path) -> Match | None:
    """The match in the program's journal, while it goes on."""
    return saved_match(data_folder(home))


@dataclass
class Step:
    """One line typed and what the program printed for it: its messages, then the next prompt."""

    typed: str  # "" for the start, before anything is typed
    messages: list[str] = field(default_factory=list)
    prompt: str = ""
    turn: int = 0  # the player's turn this line belongs to (0: before the first)


@dataclass
class Reference:
    """The program's own lines for a whole session, step by step, and the actions it ended with."""

    steps: list[Step]
    actions: list[Action]
    turns: int

    @property
    def script(self) -> list[str]:
        return [step.typed for step in self.steps[1:]]


class PlainGame:
    """The program through pipes (plain mode), waiting for each prompt by the program's silence; or, with
    ``terminal``, at a wide terminal that echoes nothing (what ``--plain`` writes at a terminal)."""

    def __init__(self, program: Program, args: list[str], home: Path, terminal: bool = False) -> None:
        self.terminal = terminal
        if terminal:
            self.master, slave = pty.openpty()
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, WIDE, 0, 0))
            attributes = termios.tcgetattr(slave)
            attributes[3] &= ~termios.ECHO  # the player's line is not shown twice
            termios.tcsetattr(slave, termios.TCSANOW, attributes)
            stdin: int = slave
            stdout: int = slave
        else:
            stdin = stdout = subprocess.PIPE
        own_session: dict[str, bool] = {}
        if sys.platform != "win32":  # the terminal's own session, so its reader is the program alone
            own_session["start_new_session"] = terminal
        self.process = subprocess.Popen(
            program.command(args),
            cwd=str(program.root),
            env=program.environment(home, "xterm" if terminal else "dumb"),
            stdin=stdin,
            stdout=stdout,
            stderr=subprocess.PIPE,
            **own_session,
        )
        if terminal:
            os.close(slave)
        self.pending = b""

    def _fd(self) -> int:
        if self.terminal:
            return self.master
        assert self.process.stdout is not None
        return self.process.stdout.fileno()

    def read_to_prompt(
        self, ready: Callable[[], bool] = lambda: True, timeout: float = 60.0
    ) -> tuple[list[str], str] | None:
        """The whole lines printed, and the open line left waiting (the prompt, perhaps none); None at
        the end. ``ready`` says whether the program can be waiting for the player (the computers have
        moved): its silence means nothing before."""
        fd = self._fd()
        deadline = time.monotonic() + timeout
        while True:
            text = self.pending.decode("utf-8", "replace")
            wait = QUIET if text and not text.endswith("\n") else NO_PROMPT
            readable, _, _ = select.select([fd], [], [], wait)
            if readable:
                try:
                    chunk = os.read(fd, 65536).replace(b"\r\n", b"\n")
                except OSError:  # the terminal's other side is gone: the program ended
                    chunk = b""
                if not chunk:
                    return None
                self.pending += chunk
                continue
            if text and ready():  # a line left open, or whole lines and then silence: no prompt
                self.pending = b""
                lines = text.split("\n")
                return lines[:-1], lines[-1]
            if time.monotonic() > deadline:
                raise AssertionError(f"the program said nothing for {timeout} s")

    def type(self, line: str) -> None:
        if self.terminal:
            os.write(self.master, (line + "\r").encode("utf-8"))
            return
        assert self.process.stdin is not None
        self.process.stdin.write((line + "\n").encode("utf-8"))
        self.process.stdin.flush()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate()
        if self.terminal:
            os.close(self.master)


def players_turn(state: Match | None) -> bool:
    """Whether the match waits for the player (or for nobody: before it starts, after it ends)."""
    if state is None or state.is_over or state.phase is Phase.HAND_OVER:
        return True
    return state.phase is not Phase.PLAYING or state.turn == 0


def next_line(state: Match | None, asked: int, questions: tuple[str, ...]) -> tuple[str, bool]:
    """What the player types at this prompt, and whether it is a move (else a question)."""
    if state is None or state.is_over:
        return "quit", True
    if state.phase is Phase.HAND_OVER:
        return "", True
    if state.phase is Phase.PLAYING and state.turn == 0:
        if asked < len(questions):
            return questions[asked], False
        return move(SeatView(state, 0)), True
    return "turn", False


def reference(
    program: Program, home: Path, lang: str, seed: int, mode: str, turns: int, questions: tuple[str, ...]
) -> Reference:
    """Play ``turns`` of the player's turns through a pipe, asking ``questions`` at the start of each:
    the script of typed lines and the program's lines for each. The flags are the ones the first-run
    answer of ``mode`` gives, so the game says the same as under the screen reader; the plain setting
    is played at a terminal, as under the reader (at a pipe it writes for programs, not people)."""
    if mode == PLAIN:
        game = PlainGame(program, match_args(lang, seed, mode), home, terminal=True)
    else:
        speech_off = ["--speech", "off", "--reader", READING[mode], "--plain"]
        game = PlainGame(program, [*match_args(lang, seed, mode), *speech_off], home)
    try:
        got = game.read_to_prompt()
        if got is None:
            raise AssertionError("the program ended before its first prompt")
        steps = [Step("", got[0], got[1])]
        turn, asked = 0, 0
        while True:
            state = saved(home)
            playing = state is not None and state.phase is Phase.PLAYING and state.turn == 0
            if playing and asked == 0:
                turn += 1  # a turn starts: the questions first
                if turn > turns:
                    break
            line, is_move = next_line(state, asked, questions)
            # after a draw the same turn goes on with the move, the questions were asked
            asked = len(questions) if line == "draw" else 0 if is_move else asked + 1
            game.type(line)
            got = game.read_to_prompt(lambda: players_turn(saved(home)))
            if got is None:
                raise AssertionError(f"the program ended after {line!r}")
            lines = got[0][1:] if got[0][:1] == [line] else got[0]  # a pipe's input is echoed first
            steps.append(Step(line, lines, got[1], turn))
        final = saved(home)
        actions = [] if final is None else list(final.actions)
        return Reference(steps, actions, turn - 1)
    finally:
        game.close()
