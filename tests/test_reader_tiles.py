"""Tiles printed for a screen reader: ``3 5``, never ``3-5``, where a person's reader reads the lines.

At its default punctuation Fenrir says every hyphen: each tile "3-5" was "3 dash 5", about 100 times a
game, in German too (eSpeak NG alone says "three dash five", "drei Strich fünf"). In the screen-reader
setting, and in the plain setting at a terminal, tiles are printed ``3 5`` (tiles in a row with commas
between); through a pipe the plain lines keep ``3-5`` (a client's triggers read them), and braille
keeps it everywhere. What Fenrir, yasr and tdsr then say is measured in tests/test_screen_readers.py.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

import pexpect
import pytest

from bergen_access.console import open_console, short_prompts
from bergen_access.output.announcer import Announcer
from bergen_access.present.message import Message
from bergen_access.present.words import reader_form

from .capabilities import needs_pty, pty_spawn
from .drivers import ROOT, PipeSession, clean, environment

ARGS = {
    "lang": "en", "speech": "off", "verbosity": None, "braille_width": None, "sounds": "off",
    "braille": "off", "reader": None, "plain": False,
}  # fmt: skip
TILE = re.compile(r"(?<![\d-])\d-\d(?![\d-])")


@pytest.mark.parametrize(
    ("printed", "read"),
    [
        ("Hand 1. Your tiles: 0-3 0-6 1-2.", "Hand 1. Your tiles: 0 3, 0 6, 1 2."),
        ("Anna opens with 5-5.", "Anna opens with 5 5."),
        ("Du hast 5 Steine: 0-3, 0-6, 1-2 (links), 3-6.", "Du hast 5 Steine: 0 3, 0 6, 1 2 (links), 3 6."),
        ("Enden Doppel-5 und 4.", "Enden Doppel 5 und 4."),
        ("Satz Doppel-12, çift-9", "Satz Doppel 12, çift 9"),
        ("10-12 fits", "10 12 fits"),
        # not tiles: a path, a date in a file name, a flag, a negative number
        ("Saved in /home/a-1/bergen-2026-12-06.txt", "Saved in /home/a-1/bergen-2026-12-06.txt"),
        ("--braille-width 40; -3 points", "--braille-width 40; -3 points"),
    ],
)
def test_the_reader_form_of_tiles(printed: str, read: str) -> None:
    assert reader_form(printed) == read


def test_one_rule_says_where_the_reader_form_is_printed() -> None:
    """The rule of the short prompt: the lines a screen reader reads (console.short_prompts)."""
    assert short_prompts("screenreader", plain=False, terminal=True)
    assert short_prompts("screenreader", plain=True, terminal=False)  # the setting chosen, even piped
    assert short_prompts(None, plain=True, terminal=True)  # --plain (or TERM=dumb) at a terminal
    assert not short_prompts(None, plain=True, terminal=False)  # a pipe: a client's triggers read 3-5
    assert not short_prompts("standard", plain=False, terminal=True)  # line editing keeps 3-5
    assert not short_prompts("standard", plain=True, terminal=True)  # asked for the facts


def test_the_console_sets_the_printed_form_by_that_rule() -> None:
    console = open_console(
        argparse.ArgumentParser(), argparse.Namespace(**ARGS), io.StringIO(), io.StringIO()
    )
    assert not console.announcer.reader_tiles  # not a terminal: a pipe's form
    console.terminal = True
    console.use_reader("screenreader")
    assert console.announcer.reader_tiles
    console.use_reader("standard")
    assert not console.announcer.reader_tiles


def test_the_printed_line_changes_and_braille_keeps_the_tile() -> None:
    out = io.StringIO()
    announcer = Announcer(out, language="en")
    brailled: list[list[str]] = []
    announcer.recorders.append(lambda message, lines: brailled.append(lines))
    line = Message("You play 3-5. Also in hand: 0-1 2-2.", "You play 3 5.", "3-5 L; 0-1 2-2")
    announcer.reader_tiles = True
    announcer.announce(line)
    announcer.reader_tiles = False
    announcer.announce(line)
    assert out.getvalue().splitlines() == [
        "You play 3 5. Also in hand: 0 1, 2 2.",
        "You play 3-5. Also in hand: 0-1 2-2.",
    ]
    assert brailled == [["3-5 L; 0-1 2-2"], ["3-5 L; 0-1 2-2"]]


GAME = ["--new", "--seed", "7", "--lang", "de", "--speech", "off"]


#: the prompts (the plain setting's may carry the ends, "5-5|5-5, 6 Steine> ": its own form)
PROMPTS = re.compile(r"[^\n]*?(?:> |Zug: )")


@needs_pty
@pytest.mark.parametrize("flags", [["--plain"], ["--reader", "screenreader"]], ids=["plain", "screenreader"])
def test_at_a_terminal_no_line_prints_a_dashed_tile(tmp_path: Path, flags: list[str]) -> None:
    """The plain and the screen-reader setting at a terminal: the start of a match, its first turn and
    the answers to hand and ends."""
    child = pty_spawn(
        sys.executable,
        ["-m", "bergen_access", *GAME, *flags],
        cwd=str(ROOT),
        env=environment(tmp_path, TERM="xterm"),
        encoding="utf-8",
        timeout=30,
        dimensions=(24, 200),
    )
    seen = io.StringIO()
    child.logfile_read = seen
    try:
        child.expect(["Zug: ", "> "])
        for command, answer in (("h", "Augen."), ("e", "Enden [^\r\n]*\\.")):
            child.sendline(command)  # the screen-reader setting writes no prompt again after an answer
            child.expect(answer)
    finally:
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
    lines = PROMPTS.sub("", clean(seen.getvalue()))
    assert "Anna eröffnet mit 5 5." in lines and "Enden Doppel 5 und Doppel 5." in lines
    assert "Du hast 6 Steine: 0 3, 0 6, 1 2, 1 4, 1 5" in lines, lines
    assert not TILE.findall(lines), lines


def test_a_pipe_keeps_the_tiles_for_a_clients_triggers(tmp_path: Path) -> None:
    session = PipeSession([*GAME, "--plain"], tmp_path, environment(tmp_path, TERM="dumb"))
    try:
        got = session.read_to_prompt()
        assert got is not None
        assert "Anna eröffnet mit 5-5." in got[0] and "0-3 0-6 1-2" in got[0]
    finally:
        session.process.kill()
        session.process.communicate()
