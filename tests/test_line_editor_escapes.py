"""Escapes the line editor cannot read, typed at the line-editing prompt (``--reader standard``), issue 31.

prompt_toolkit takes ``ESC [ 2 M`` for a mouse report (mouse reports are never asked for here) and its
own handler fails on it: a traceback on the screen, then "Press ENTER to continue" took the player's
next line, and a terminal closed after it once left a crash log. The sequence is a bad line like any
other: the input boundary refuses it in the player's language, nothing changes, the next line is
answered, and a hang-up after it is a quiet exit. A cursor position report typed by hand
(``ESC [ 12 ; 5 R``) is refused the same way: the line editor never asks where the cursor is, so one
it was not waiting for was typed (it used to be taken as an answer and swallowed, unseen).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from .capabilities import needs_pty, patience, pty_spawn
from .drivers import ROOT, clean, environment
from .folders import data_folder

PROGRAMS = {
    # the arguments, and what the next line (h: the hand, or a hint in the practice) is answered with
    "game": (["--new", "--seed", "7"], "Your 6 tiles: "),
    "learn": (["learn"], "Your task: "),
}
#: a urxvt-style report with one number (the handler wants three) and an SGR one with one; a cursor
#: position report typed by hand (nothing asked where the cursor is: it was taken as an answer, unseen)
ESCAPES = {"urxvt": "\x1b[2M", "sgr": "\x1b[<2M", "cursor-report": "\x1b[12;5R"}


@needs_pty
@pytest.mark.parametrize("escape", ESCAPES.values(), ids=list(ESCAPES))
@pytest.mark.parametrize("program", list(PROGRAMS))
def test_an_escape_the_editor_cannot_read_is_a_refused_line(
    tmp_path: Path, program: str, escape: str
) -> None:
    args, answer = PROGRAMS[program]
    child = pty_spawn(
        sys.executable,
        ["-m", "bergen_access", *args, "--lang", "en", "--speech", "off", "--reader", "standard"],
        cwd=str(ROOT),
        env=environment(tmp_path, TERM="xterm"),
        encoding="utf-8",
        timeout=patience(30),
        dimensions=(24, 200),
    )
    seen = io.StringIO()
    child.logfile_read = seen
    try:
        child.expect("tiles>")
        child.send(escape + "h\r")
        child.expect("That line was not used: it holds control characters")
        child.expect("tiles>")
        child.send("h\r")  # answered: not taken by a "Press ENTER to continue"
        child.expect(answer)
        child.expect("tiles>")
    finally:
        child.close(force=True)  # the terminal closed at the prompt: a hang-up
    said = clean(seen.getvalue())
    assert "Traceback" not in said and "Unhandled exception" not in said, said
    assert "Press ENTER" not in said, said
    assert said.count("That line was not used") == 1, said
    assert not (data_folder(tmp_path) / "crash.log").exists(), said
