"""What a terminal shows a screen reader: lines wrapped at spaces, the first question written once
line by line, short prompts in the screen-reader setting, and a quiet end when the terminal closes.

Each test runs the real program under a pseudo-terminal (pexpect), as a person's terminal would.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pexpect
import pytest

from .capabilities import pty_spawn
from .drivers import ROOT, environment
from .saves import saved_match, sheet_path

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[>=]")
SHORT = {"en": "Move: ", "de": "Zug: ", "tr": "Hamle: "}
HELP = {"en": "help", "de": "hilfe", "tr": "yardım"}
RULES = {"en": "rules", "de": "regeln", "tr": "kurallar"}


def spawn(args: list[str], home: Path, *, columns: int = 80) -> pexpect.spawn:
    return pty_spawn(
        sys.executable,
        ["-m", "bergen_access", *args],
        cwd=str(ROOT),
        env=environment(home, TERM="xterm"),
        encoding="utf-8",
        timeout=20,
        dimensions=(24, columns),
    )


def drain(child: pexpect.spawn, quiet: float = 1.0) -> str:
    """What the program writes until it has been quiet for ``quiet`` seconds."""
    got = ""
    while True:
        try:
            got += child.read_nonblocking(100_000, timeout=quiet)
        except pexpect.TIMEOUT:
            return got


def shown(text: str) -> list[str]:
    return ESCAPES.sub("", text).replace("\r", "").split("\n")


def plain_words(args: list[str], home: Path, lines: list[str]) -> list[str]:
    """The words the program prints for ``lines`` through a pipe (no terminal: nothing is wrapped)."""
    import subprocess  # noqa: PLC0415

    result = subprocess.run(
        [sys.executable, "-m", "bergen_access", "--plain", *args],
        input="".join(line + "\n" for line in [*lines, "quit"]),
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=str(ROOT),
        env=environment(home),
        timeout=60,
        check=False,
    )
    return result.stdout.split()


@pytest.mark.parametrize("language", ["en", "de", "tr"])
@pytest.mark.parametrize("columns", [80, 41])
def test_printed_lines_are_wrapped_at_spaces_to_the_terminal_width(
    tmp_path: Path, language: str, columns: int
) -> None:
    """A screen reader that reads screen lines (tdsr) never gets half a word or half a tile."""
    args = ["--new", "--seed", "7", "--lang", language, "--speech", "off", "--reader", "screenreader"]
    child = spawn(args, tmp_path / "pty", columns=columns)
    child.expect_exact(SHORT[language])
    said = child.before
    commands = [HELP[language], RULES[language], "h"]
    for command in commands:  # the state does not change: no prompt follows the answer, so wait it out
        child.send(command + "\r")
        said += drain(child)
    child.send("quit\r")
    child.expect(pexpect.EOF)
    lines = shown(said)
    assert max(len(line) for line in lines) < columns
    typed = {*commands, SHORT[language].strip()}
    words = [word for word in " ".join(lines).split() if word not in typed]
    expected = [word for word in plain_words(args, tmp_path / "pipe", commands) if word not in typed]
    # the same words in the same order: no word (and no tile) was cut in two by the wrapping
    assert words == expected[: len(words)]
    assert len(words) > 300


def test_the_first_question_is_written_once_one_line_per_choice(tmp_path: Path) -> None:
    child = spawn(["--new", "--seed", "7", "--lang", "en"], tmp_path)
    child.expect_exact("Number: ")
    raw = child.before
    assert "\x1b" not in raw  # no redraw, no cursor movement, no colour before anything is chosen
    lines = [line for line in shown(raw) if line]
    assert lines[0] == "How should the game speak to you?"
    assert [line[:2] for line in lines[1:5]] == ["1:", "2:", "3:", "4:"]
    assert lines[-1] == "Type 1, 2, 3 or 4."
    assert all(len(line) <= 60 for line in lines)
    child.send("1\r")
    child.expect_exact("learn or Enter: ")  # the one-line offer of bergen learn, written once too
    assert "\x1b" not in child.before
    assert "1\r\n" in child.before  # what was typed is echoed once, after the prompt
    child.send("\r")
    child.expect_exact("Move: ")
    assert "\x1b" not in child.before
    child.send("quit\r")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize(("reader", "prompt"), [("standard", "tiles>"), ("screenreader", "Move: ")])
@pytest.mark.parametrize("mode", ["game", "keep"])
def test_closing_the_terminal_ends_quietly_and_keeps_the_match(
    tmp_path: Path, reader: str, prompt: str, mode: str
) -> None:
    """The window is closed under the prompt: no crash report, the saved match or sheet stays."""
    args = ["--new", "--seed", "7", "--lang", "en", "--speech", "off", "--reader", reader]
    if mode == "keep":
        args = ["keep", "--names", "Anna,Cem", "--lang", "en", "--reader", reader, "--speech", "off"]
        prompt = "who opens>" if reader == "standard" else "Who opens: "
    child = spawn(args, tmp_path)
    child.expect_exact(prompt)
    if mode == "keep":
        child.send("Anna 6-6\r")
        child.expect(re.escape(prompt) if reader == "standard" else r"\w+: ")
    time.sleep(0.3)
    os.close(child.child_fd)  # the terminal goes away
    status = None
    for _ in range(100):
        pid, raw = os.waitpid(child.pid, os.WNOHANG)
        if pid:
            status = os.waitstatus_to_exitcode(raw)
            break
        time.sleep(0.05)
    child.closed = True
    assert status in (0, 129), status  # quiet: the end of input, or the hang-up's own status
    data = tmp_path / "data" / "bergen-access"
    assert not list(data.glob("crash*"))
    assert saved_match(data) is not None if mode == "game" else sheet_path(data).exists()
