"""A person at an 80x24 terminal with a screen reader: start ``bergen`` inside it, type, listen.

Each line is typed key by key, then Enter; the next line waits until the program has shown its next
prompt (known from the reference run) and nothing more is printed or sent to the synthesizer for a
moment. What the synthesizer got between two lines belongs to the first of them, so every utterance
is measured against the step that caused it.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import time
from dataclasses import dataclass
from pathlib import Path

import pexpect

from bergen_access.i18n import I18n

from ..capabilities import kill_group_now, kill_now, pty_spawn
from .program import FIRST_ANSWER, PLAIN, READING, Program, Reference, Step, match_args, saved
from .readers import READERS, Started
from .synths import Said
from .voicing import Voicing

ROWS, COLUMNS = 24, 80
KEY_GAP = 0.04  # seconds between two typed keys
SETTLE = 0.3  # seconds of silence (no output, nothing sent to speak) after which a step is over
#: (each reader says how long it may stay silent before it speaks: ``settle``)
STEP_LIMIT = 20.0  # seconds a step may take before the run is given up
LATE = 3.0  # seconds of silence that end a step even if its last line was not recognized on the screen
CONTROL = re.compile(
    r"\x1b\[[0-9;?<>=!]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()*+][@-~]|\x1b[ -~]"
)


@dataclass
class Heard:
    """One step of a run under a reader: what the program was expected to print, and what was sent."""

    expected: Step
    said: list[Said]
    previous_prompt: str  # the prompt the line was typed at (spoken already, in the step before)


@dataclass
class Recording:
    reader: str
    steps: list[Heard]
    greeting: tuple[str, ...]
    screen: str  # all the terminal showed, control sequences removed
    same_match: bool  # the run played the same match as the reference (the saved actions agree)
    unseen: int = 0  # steps whose last line and prompt were not found on the screen (ended by silence)
    chosen: bool = True  # the first-run answer chose speech off and the mode measured
    asked: bool = True  # the first step is the first-run question (the plain setting asks none)


def visible(raw: bytes) -> str:
    return CONTROL.sub("", raw.decode("utf-8", "replace")).replace("\r", "")


def shown(expected: Step, raw: bytes) -> bool:
    """Whether the terminal shows the step's last message and then its prompt (a line editor
    redraws the old prompt first, so the prompt alone does not say the answer has come)."""
    screen = normal(visible(raw))
    last = normal(expected.messages[-1])[-24:] if expected.messages else ""
    place = screen.find(last)
    return place >= 0 and normal(expected.prompt) in screen[place + len(last) :]


def normal(text: str) -> str:
    return " ".join(text.split())


def program_script(home: Path, program: Program, lang: str, seed: int, mode: str = "screenreader") -> Path:
    """The script the reader runs: the program with its own environment, nothing of the reader's."""
    env = program.environment(home, "xterm")
    assignments = " ".join(shlex.quote(f"{key}={value}") for key, value in sorted(env.items()))
    command = " ".join(shlex.quote(part) for part in program.command(match_args(lang, seed, mode)))
    script = home / "run-bergen.sh"
    pid = shlex.quote(str(home / "bergen.pid"))  # the reader's child lives on if only the reader ends
    script.write_text(
        f"#!/bin/sh\necho $$ > {pid}\ncd {shlex.quote(str(program.root))}\n"
        f"exec env -i {assignments} {command}\n"
    )
    script.chmod(0o755)
    return script


class Run:
    """The reader running the program; ``step`` types one line and returns what followed."""

    def __init__(
        self, started: Started, home: Path, settle: float = SETTLE, voicing: Voicing | None = None
    ) -> None:
        self.started = started
        self.settle = settle
        self.voicing = voicing or Voicing()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "XDG_"))}
        env.update(started.env, LANG="C.UTF-8")
        self.child = pty_spawn(
            started.argv[0], started.argv[1:], env=env, cwd=str(home), dimensions=(ROWS, COLUMNS)
        )
        self.raw = b""
        self.shown = time.monotonic()  # when the terminal last showed something
        self.unseen = 0  # steps ended by silence alone, their last line not found on the screen

    def _pump(self, wait: float) -> bool:
        """Read what the terminal shows for up to ``wait`` seconds; whether anything came."""
        try:
            self.raw += self.child.read_nonblocking(65536, timeout=wait)
            self.shown = time.monotonic()
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            time.sleep(wait)
            return False
        return True

    def step(self, line: str | None, expected: Step) -> list[Said]:
        """Type ``line`` (None: only listen), then wait until the step's last message and the prompt
        after it are on the screen, and for silence (only listening: for something of the program's
        said first, as a reader that is still starting says the screen late). The reader has caught up
        when it has said the end of the step's last message or of its prompt: on a busy machine it may
        speak well after the screen changed."""
        first = len(self.started.synth.said())
        greeting = {" ".join(g.split()) for g in self.started.greeting}
        for key in line or "":
            self.child.send(key.encode("utf-8"))
            pause = time.monotonic() + KEY_GAP
            while time.monotonic() < pause:  # each key on its own, as a person types
                self._pump(max(0.0, pause - time.monotonic()))
        start = len(self.raw)
        if line is not None:
            self.child.send(b"\r")
        deadline = time.monotonic() + STEP_LIMIT
        while time.monotonic() < deadline:
            if self._pump(0.05):
                continue
            said = self.started.synth.said()
            last = max([self.shown, *(s.time for s in said[first:])])
            quiet = time.monotonic() - last
            heard = line is not None or any(
                s.kind == "speak" and " ".join(s.text.split()) not in greeting for s in said[first:]
            )
            done = shown(expected, self.raw[start:]) and self.caught_up(expected, said[first:])
            if quiet >= self.settle and heard and done:
                return said[first:]
            if quiet >= max(LATE, 2 * self.settle) and heard:  # a reader starting under load: wait
                self.unseen += 1
                return said[first:]
        tail = visible(self.raw[start:])[-600:]
        raise AssertionError(f"{self.started.argv[0]}: no end after {line!r}; screen: {tail!r}")

    def caught_up(self, expected: Step, said: list[Said]) -> bool:
        """Whether the reader said the end of the step's last message or of its prompt."""
        spoken = normal(" ".join(p for s in said if s.kind == "speak" for p in self.voicing.pieces(s.text)))
        ends = [text for text in (*expected.messages[-1:], expected.prompt) if text.strip()]
        tails = [self.voicing.voiced(normal(text))[0][-10:] for text in ends]
        return not tails or any(tail in spoken for tail in tails if tail)

    def close(self, home: Path) -> None:
        """End the program (it would outlive its reader, which SIGHUP does not stop), then the reader and
        whatever it forked (Fenrir's helpers would outlive a reader that is killed before it ends them)."""
        try:
            pid = int((home / "bergen.pid").read_text())
            kill_now(pid)
        except (OSError, ValueError):
            pass  # never started, or already gone
        kill_group_now(self.child.pid)  # before the leader is reaped: its number stays the group's
        self.child.close(force=True)
        self.started.synth.close()


def record(
    reader_name: str, program: Program, home: Path, lang: str, seed: int, mode: str, reference: Reference
) -> Recording:
    """One session under the reader: the first-run question, answered for ``mode``, then the script (the
    plain setting asks nothing: the match begins at once)."""
    reader = READERS[reader_name]
    home.mkdir(parents=True, exist_ok=True)
    asked = mode != PLAIN
    question = first_question(program, home / "question", lang, seed, mode) if asked else None
    started = reader.start(home, program_script(home, program, lang, seed, mode))
    run = Run(started, home, reader.settle, reader.voicing())
    heard: list[Heard] = []
    try:
        previous = ""
        if question is not None:
            heard.append(Heard(question, run.step(None, question), ""))
            previous = question.prompt
            offer = offer_step(lang, mode)  # after the question, the one-line offer of bergen learn
            heard.append(Heard(offer, run.step(FIRST_ANSWER[mode], offer), previous))
            previous = offer.prompt
        for number, expected in enumerate(reference.steps):
            typed: str | None = expected.typed
            if number == 0:  # Enter at the offer: the match begins (plain: it has begun, listen)
                typed = "" if asked else None
            step = Step(typed or "", expected.messages, expected.prompt, expected.turn)
            heard.append(Heard(step, run.step(typed, expected), previous))
            previous = expected.prompt
        final = saved(home)
        same = final is not None and list(final.actions) == reference.actions
        chosen = chosen_mode(home) == ("off", READING[mode]) if asked else True
    finally:
        run.close(home)
    return Recording(reader_name, heard, started.greeting, visible(run.raw), same, run.unseen, chosen, asked)


def chosen_mode(home: Path) -> tuple[object, object]:
    """What the first-run answer chose, as the program saved it: speech and the way lines are read."""
    try:
        settings = json.loads((home / "config" / "bergen-access" / "settings.json").read_text())
    except (OSError, ValueError):
        return None, None
    return settings.get("speech"), settings.get("reader")


def offer_step(lang: str, mode: str) -> Step:
    """The first start's offer of the practice, as the program writes it after the first answer."""
    i = I18n(lang)
    learn = i.pgettext("first start", "learn")
    text = i.gettext("New to Bergen? Type {learn} for a guided practice hand, or Enter to play.")
    short = i.gettext("{learn} or Enter: ").format(learn=learn)
    prompt = short if READING[mode] == "screenreader" else short.rstrip(": ") + ">"
    return Step(FIRST_ANSWER[mode], [text.format(learn=learn)], prompt)


def first_question(program: Program, home: Path, lang: str, seed: int, mode: str = "screenreader") -> Step:
    """The first-run question as the program writes it to a terminal with nobody reading it: its lines
    and its prompt (a plain pipe never asks it)."""
    home.mkdir(parents=True, exist_ok=True)
    child = pty_spawn(
        program.command(match_args(lang, seed, mode))[0],
        program.command(match_args(lang, seed, mode))[1:],
        cwd=str(program.root),
        env=program.environment(home, "xterm"),
        dimensions=(ROWS, COLUMNS),
    )
    raw = b""
    try:
        while True:
            try:  # a line left open is the prompt; after whole lines the program may still be starting
                raw += child.read_nonblocking(65536, timeout=0.3 if raw and not raw.endswith(b"\n") else 5.0)
            except (pexpect.TIMEOUT, pexpect.EOF):
                break
    finally:
        child.close(force=True)
    lines = visible(raw).split("\n")
    return Step("", [line for line in lines[:-1] if line.strip()], lines[-1])
