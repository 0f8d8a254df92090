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


def spawn(args: list[str], home: Path, *, columns: int = 80, term: str = "xterm") -> pexpect.spawn:
    return pty_spawn(
        sys.executable,
        ["-m", "bergen_access", *args],
        cwd=str(ROOT),
        env=environment(home, TERM=term),
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
        except (pexpect.TIMEOUT, pexpect.EOF):
            return got


def shown(text: str) -> list[str]:
    return ESCAPES.sub("", text).replace("\r", "").split("\n")


def piped(args: list[str], home: Path, lines: list[str]) -> str:
    """What the program prints for ``lines`` through a pipe (no terminal: nothing is wrapped)."""
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
    return result.stdout


def plain_words(args: list[str], home: Path, lines: list[str]) -> list[str]:
    """The words the program prints for ``lines`` through a pipe."""
    return piped(args, home, lines).split()


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
        child.expect(r"\w+>" if reader == "standard" else r"\w+: ")  # the next question's prompt
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


LONG = {"en": "tiles>", "de": "Steine>", "tr": "taş>"}


@pytest.mark.parametrize("language", ["en", "de", "tr"])
@pytest.mark.parametrize("way", [["--plain"], []])  # --plain at a terminal, and TERM=dumb alone
def test_plain_lines_at_a_terminal_write_the_short_prompt_when_the_state_changed(
    tmp_path: Path, language: str, way: list[str]
) -> None:
    """What a console screen reader gets from --plain or TERM=dumb: no ends, bars or ">" read before
    every line, the short word only when the state changed; a pipe keeps the facts for its triggers."""
    args = ["--new", "--seed", "7", "--lang", language, "--speech", "off", *way]
    child = spawn(args, tmp_path / "pty", term="dumb" if not way else "xterm")
    child.expect_exact(SHORT[language])
    said = child.before
    child.send("h\r")  # a review: the state does not change, so no prompt follows its answer
    said += drain(child)
    child.send("quit\r")
    child.expect(pexpect.EOF)
    assert LONG[language] not in said and "|" not in said
    assert "\x1b" not in said  # plain lines: no terminal control
    assert said.count(SHORT[language]) == 0  # the one prompt was the one waited for
    through_a_pipe = piped(args, tmp_path / "pipe", ["h"])
    assert through_a_pipe.count(LONG[language]) >= 2 and SHORT[language] not in through_a_pipe


@pytest.mark.parametrize("language", ["en", "de", "tr"])
def test_terse_at_a_terminal_prints_whole_braille_entries_wrapped_to_the_terminal(
    tmp_path: Path, language: str
) -> None:
    """Terse prints its braille text, but wrapped at spaces to the terminal, not cut at the display's
    width mid-sentence; no word or tile is cut."""
    columns = 100
    args = ["--new", "--seed", "7", "--lang", language, "--speech", "off", "--reader", "screenreader"]
    args += ["--verbosity", "terse", "--braille-width", "20"]
    child = spawn(args, tmp_path / "pty", columns=columns)
    child.expect_exact(SHORT[language])
    said = child.before
    commands = [HELP[language], "h"]
    for command in commands:
        child.send(command + "\r")
        said += drain(child)
    child.send("quit\r")
    child.expect(pexpect.EOF)
    lines = shown(said)
    assert max(len(line) for line in lines) < columns
    assert sum(len(line) > 20 for line in lines) >= 3  # entries longer than the display, kept whole
    typed = {*commands, SHORT[language].strip()}
    words = [word for word in " ".join(lines).split() if word not in typed]
    expected = [word for word in plain_words(args, tmp_path / "pipe", commands) if word not in typed]
    assert words == expected[: len(words)] and len(words) > 50


def test_plain_lines_at_a_narrow_terminal_are_wrapped_at_spaces(tmp_path: Path) -> None:
    """TERM=dumb at a terminal 41 wide: the lines are wrapped there too, never inside a word or tile."""
    args = ["--new", "--seed", "7", "--lang", "de", "--speech", "off"]
    child = spawn(args, tmp_path / "pty", columns=41, term="dumb")
    child.expect_exact(SHORT["de"])
    said = child.before
    child.send(HELP["de"] + "\r")
    said += drain(child)
    child.send("quit\r")
    child.expect(pexpect.EOF)
    lines = shown(said)
    assert max(len(line) for line in lines) < 41
    typed = {HELP["de"], SHORT["de"].strip()}
    words = [word for word in " ".join(lines).split() if word not in typed]
    # through a pipe the prompt is the facts; with the screen-reader setting there it is the same word
    pipe_args = [*args, "--reader", "screenreader"]
    expected = [word for word in plain_words(pipe_args, tmp_path / "pipe", [HELP["de"]]) if word not in typed]
    assert words == expected[: len(words)] and len(words) > 100


def test_a_terminal_that_tells_no_width_is_wrapped_at_columns_or_80(monkeypatch: pytest.MonkeyPatch) -> None:
    import io  # noqa: PLC0415

    from bergen_access.output.announcer import terminal_columns, wrap_printed  # noqa: PLC0415

    monkeypatch.setenv("COLUMNS", "52")
    assert terminal_columns(io.StringIO()) == 52
    monkeypatch.delenv("COLUMNS")
    assert terminal_columns(io.StringIO()) == 80
    # never cut inside a word or a tile: one wider than the terminal stays whole on a line of its own
    wrapped = wrap_printed("Hand: 0-0 Donaudampfschifffahrt 5-6", 12)
    assert wrapped == ["Hand: 0-0", "Donaudampfschifffahrt", "5-6"]
    assert wrap_printed("  fits   as it is", 40) == ["  fits   as it is"]


@pytest.mark.parametrize("language", ["en", "de", "tr"])
def test_line_editing_writes_each_prompt_once_and_leaves_the_typed_line_as_it_stands(
    tmp_path: Path, language: str
) -> None:
    """--reader standard (prompt_toolkit): on Enter the line is not drawn again (a screen reader read
    the old prompt and the typed line a second time before every answer), keys typed faster than the
    screen is drawn included; the first question's prompt is written once too."""
    child = spawn(["--new", "--seed", "7", "--lang", language, "--reader", "standard"], tmp_path)
    child.expect_exact("1-4>")  # the first question's prompt
    said = child.before + child.after
    child.send("4\r")  # no speech, text with line editing
    child.expect_exact(">")  # the offer of bergen learn
    said += child.before + child.after
    child.send("\r")
    child.expect_exact(LONG[language])
    said += child.before + child.after
    commands = ["h", "i", HELP[language], "quit"]
    for command in commands:
        child.send(command + "\r")  # the line and its Enter at once, as a quick typist or a paste
        said += drain(child)
    child.expect(pexpect.EOF)
    text = ESCAPES.sub("", said).replace("\r", "")
    assert text.count(LONG[language]) == len(commands)  # one prompt before each line read, no more
    for command in ["h", "i", HELP[language]]:
        assert text.count(f"{LONG[language]}{command}\n") + text.count(f"{LONG[language]} {command}\n") == 1
    assert text.count("1-4>") == 1 and text.count("1-4>4\n") + text.count("1-4> 4\n") == 1
