"""Run the real ``bergen`` program and type into it: under a pseudo-terminal, or through pipes."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

import pexpect

from .capabilities import patience, pty_spawn
from .folders import data_env

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
            **data_env(home),
            "PYTHONPATH": str(ROOT),
            "LANG": "C.UTF-8",
            "PYTHONIOENCODING": "utf-8",
        }
    )
    env.update(extra)
    return env


def piped(args: Sequence[str], home: Path, lines: Sequence[str]) -> subprocess.CompletedProcess[str]:
    """``bergen ARGS`` through pipes, every line typed at once (TERM=dumb, ``home``'s folders)."""
    return subprocess.run(
        [sys.executable, "-m", "bergen_access", *args],
        cwd=str(ROOT),
        env=environment(home, TERM="dumb"),
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )


def run_piped(command: str, home: Path, language: str, lines: Sequence[str], *flags: str) -> tuple[str, int]:
    """``bergen COMMAND`` in plain mode through pipes: its output (prompts and echoed lines included) and
    exit status."""
    done = piped([command, "--plain", "--speech", "off", "--lang", language, *flags], home, lines)
    return done.stdout, done.returncode


def transcript_main(description: str, path: Path, make: Callable[[], str]) -> int:
    """A transcript script's command line: ``--write`` writes ``path`` (under docs/), else it is printed."""
    import argparse  # noqa: PLC0415  (only the scripts' command line needs it)

    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {path.relative_to(ROOT)}")
    args = parser.parse_args()
    text = make()
    if args.write:
        path.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def clean(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def run_pty(
    args: list[str], home: Path, answer: Answer, *, limit: int = 4000, env: dict[str, str] | None = None
) -> tuple[str, int]:
    """The program under a pty, TERM=xterm (prompt_toolkit on): clean transcript, exit status."""
    child = pty_spawn(
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


class Output:
    """What a started program writes to one pipe, read by a thread as it comes (``select`` takes no pipe
    on Windows), kept whole; ``wait`` lets a test wait for what it expects."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.data = b""
        self.ended = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._pump, args=(stream,), daemon=True)
        self._thread.start()

    def _pump(self, stream: IO[bytes]) -> None:
        read = getattr(stream, "read1", stream.read)
        try:
            while chunk := read(65536):
                with self._changed:
                    self.data += chunk
                    self._changed.notify_all()
        except (OSError, ValueError):  # the pipe was closed under the reader
            pass
        with self._changed:
            self.ended = True
            self._changed.notify_all()

    def wait(self, done: Callable[[bytes], bool], timeout: float) -> bool:
        """Wait until ``done(data)`` or the end of the output; whether ``done`` came true."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not done(self.data):
                left = deadline - time.monotonic()
                if self.ended or left <= 0:
                    return done(self.data)
                self._changed.wait(left)
            return True

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)


class PipeSession:
    """The program with stdin and stdout as pipes (plain mode), typed into line by line. Its output is
    read by threads, so the same session runs on every system."""

    def __init__(
        self,
        args: list[str],
        home: Path,
        env: dict[str, str] | None = None,
        *,
        command: Sequence[str | bytes] | None = None,
        cwd: Path = ROOT,
        **popen: Any,
    ) -> None:
        self.process = subprocess.Popen(
            command if command is not None else [sys.executable, "-m", "bergen_access", *args],
            cwd=str(cwd),
            env=env or environment(home, TERM="dumb"),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            **popen,
        )
        assert self.process.stdout is not None and self.process.stderr is not None
        self.output = Output(self.process.stdout)
        self.errors = Output(self.process.stderr)
        self.seen = 0

    @property
    def raw(self) -> bytes:
        return self.output.data

    def unread(self) -> str:
        return self.raw[self.seen :].decode("utf-8", "replace").replace("\r\n", "\n")

    def read_to_prompt(self, timeout: float = 30.0) -> tuple[str, str] | None:
        """Text up to the next prompt and the prompt; None when the program ended."""

        def at_prompt(data: bytes) -> bool:
            text = data[self.seen :].decode("utf-8", "replace")
            return PROMPT_END.search(text) is not None and not text.endswith("\n")

        if not self.output.wait(at_prompt, patience(timeout)):
            if self.output.ended:
                self.seen = len(self.raw)
                return None
            raise AssertionError(f"no prompt within {timeout} s; last output: {self.unread()[-500:]!r}")
        text = self.unread()
        self.seen = len(self.raw)
        start = text.rfind("\n") + 1  # the prompt is the whole last line
        return text[:start], text[start:]

    def read_until(self, text: str, timeout: float = 30.0) -> None:
        """Wait until ``text`` is in what has not been read to a prompt yet."""
        found = self.output.wait(
            lambda data: text in data[self.seen :].decode("utf-8", "replace"), patience(timeout)
        )
        assert found, f"{text!r} not said within {timeout} s: {self.transcript[-500:]!r}"

    def quiet_for(self, seconds: float) -> bool:
        """True if the program says nothing more and stays running for ``seconds`` (it is waiting)."""
        before = len(self.raw)
        said = self.output.wait(lambda data: len(data) > before, seconds)
        return not said and self.process.poll() is None

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
        """Close the input, wait for the program to end and its output to be read; its exit status."""
        if self.process.stdin is not None:  # (a caller may have ended the input already)
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        status = self.process.wait(timeout=patience(timeout))
        self.output.join(timeout)
        self.errors.join(timeout)
        return status

    @property
    def stderr(self) -> str:
        return self.errors.data.decode("utf-8", "replace")

    @property
    def transcript(self) -> str:
        """Everything written so far, with Windows's line ends as "\\n"."""
        return self.raw.decode("utf-8", "replace").replace("\r\n", "\n")

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()
