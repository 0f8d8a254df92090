"""Run the real ``bergen`` program and type into it: under a pseudo-terminal, or through pipes."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[>=]")
PROMPT = re.compile(r"(\d+ tiles?|\d+ tile|next hand|left or right|1-4|\d)> ")
PROMPT_END = re.compile(r"(tiles?|next hand|left or right|1-4|or no|[0-9]|)> $")
#: the short prompts of the screen-reader setting (English), said before every typed line
SHORT_PROMPT = r"(?:Number|Move|Side|Arm|Next hand|Yes or no|learn or Enter): "

Answer = Callable[[str, str], str | None]  # (prompt, text since the last prompt) -> line, or None to stop


def environment(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(
        {
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"),
            "PYTHONPATH": str(ROOT),
            "LANG": "C.UTF-8",
            "PYTHONIOENCODING": "utf-8",
        }
    )
    env.update(extra)
    return env


def clean(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def run_pty(
    args: list[str], home: Path, answer: Answer, *, limit: int = 4000, env: dict[str, str] | None = None
) -> tuple[str, int]:
    """The program under a pty, TERM=xterm (prompt_toolkit on): clean transcript, exit status."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bergen_access", *args],
        cwd=str(ROOT),
        env=env or environment(home, TERM="xterm"),
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 200),
    )
    transcript: list[str] = []
    pattern = re.compile(r"(tiles?|next hand|left or right|1-4|or no|or Enter)>|" + SHORT_PROMPT)
    for _ in range(limit):
        index = child.expect([pattern, pexpect.EOF])
        recent = clean(child.before or "")
        transcript.append(recent)
        if index == 1:
            break
        prompt = child.after
        line = answer(prompt, recent)
        if line is None:
            child.sendcontrol("d")
            continue
        transcript.append(f"{prompt} {line}\n")
        child.send(line + "\r")
        child.expect("\n")  # the line was taken; what follows is new output, then the next prompt
    else:
        child.terminate(force=True)
        raise AssertionError("the match did not end")
    child.close()
    return "".join(transcript), child.exitstatus if child.exitstatus is not None else -1


class PipeSession:
    """The program with stdin and stdout as pipes (plain mode), typed into line by line."""

    def __init__(self, args: list[str], home: Path, env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bergen_access", *args],
            cwd=str(ROOT),
            env=env or environment(home, TERM="dumb"),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.raw = b""
        self.seen = 0

    def read_to_prompt(self, timeout: float = 30.0) -> tuple[str, str] | None:
        """Text up to the next prompt and the prompt; None when the program ended."""
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while True:
            text = self.raw[self.seen :].decode("utf-8", "replace")
            match = PROMPT_END.search(text)
            if match is not None and not text.endswith("\n"):
                self.seen = len(self.raw)
                start = text.rfind("\n") + 1  # the prompt is the whole last line
                return text[:start], text[start:]
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise AssertionError(f"no prompt within {timeout} s; last output: {text[-500:]!r}")
            chunk = os.read(fd, 65536)
            if not chunk:
                self.seen = len(self.raw)
                return None
            self.raw += chunk

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((line + "\n").encode("utf-8"))
        self.process.stdin.flush()

    def play(self, answer: Answer, limit: int = 4000) -> int:
        for _ in range(limit):
            got = self.read_to_prompt()
            if got is None:
                break
            recent, prompt = got
            line = answer(prompt, recent)
            if line is None:
                assert self.process.stdin is not None
                self.process.stdin.close()
                continue
            self.type(line)
        else:
            raise AssertionError("the match did not end")
        return self.finish()

    def finish(self, timeout: float = 30.0) -> int:
        """Read what is left of the output and wait for the program to end; its exit status."""
        assert self.process.stdout is not None
        rest, _ = self.process.communicate(timeout=timeout)
        self.raw += rest
        return self.process.returncode

    @property
    def transcript(self) -> str:
        return self.raw.decode("utf-8", "replace")

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()
