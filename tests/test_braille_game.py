"""The game's own braille display through a real BRLTTY (virtual driver), driven as a reader would.

The real program runs under a pseudo-terminal with ``BRLAPI_HOST`` pointing at
a private BRLTTY; the test reads the cells BRLTTY shows and presses its keys. In the
screen-reader setting the short prompt is written only when the turn comes (not after
an answer that changed nothing), so the tests wait for what is said, or for the cells.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pexpect
import pytest

from bergen_access.output.braille_display import open_display
from bergen_access.output.brlapi import BrlapiError

from .brltty_fixture import Brltty, VirtualDisplay, running_brltty

PYTHON = str(Path(__file__).resolve().parent.parent / ".venv" / "bin" / "python")
COUNT = re.compile(r"\s\+(\d+)$")
MOVE = "Move: "  # the short prompt of the screen-reader setting, written when the player's turn comes
#: a tile on a line, with where it fits written after it ("1-4LR"): the tile, the letters
TILE = re.compile(r"(?<![|\d-])(\d{1,2}-\d{1,2})([^\W\d_]*)(?![|\d])")


def python() -> str:
    return PYTHON if os.path.exists(PYTHON) else "python3"


def bergen(brl: Brltty, home: Path, arguments: list[str]) -> pexpect.spawn:
    """The real program (``python -m bergen_access`` + ``arguments``) with its own home, at this BRLTTY."""
    env = brl.env(
        {
            "HOME": str(home),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"),
            "LANG": "C.UTF-8",
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "TERM": "xterm",
        }
    )
    command = ["-m", "bergen_access", *arguments]
    return pexpect.spawn(python(), command, env=env, encoding="utf-8", timeout=15, dimensions=(50, 200))


def game(brl: Brltty, home: Path, *args: str, language: str = "en") -> pexpect.spawn:
    arguments = ["--new", "--speech", "off", "--sounds", "off", "--reader", "screenreader"]
    return bergen(brl, home, [*arguments, "--lang", language, *args])


def waiting(text: str) -> int:
    found = COUNT.search(text)
    return int(found.group(1)) if found else 0


def read_all(display: VirtualDisplay, limit: int = 40) -> list[str]:
    """Pan right until nothing is waiting: each line shown, without its count."""
    shown = [display.settle()]
    for _ in range(limit):
        if not waiting(shown[-1]):
            break
        display.press("FWinRt")
        shown.append(display.settle())
    return shown


def text_of(shown: str) -> str:
    """The line on the display without the waiting count and the blank cells."""
    return COUNT.sub("", shown).strip()


def pan_to(display: VirtualDisplay, wanted: Callable[[str], bool], limit: int = 40) -> str:
    """Pan right until the display shows what is ``wanted`` (bounded)."""
    shown = display.settle()
    for _ in range(limit):
        if wanted(shown):
            return shown
        display.press("FWinRt")
        shown = display.settle()
    raise AssertionError(f"never shown by panning right; last {shown!r}")


def said(words: str) -> str:
    """A pattern for ``words`` as printed, whatever the line breaks (terse lines are wrapped)."""
    return r"\s+".join(re.escape(word) for word in words.split())


def changed(display: VirtualDisplay, before: str, timeout: float = 8.0) -> str:
    """The display once it shows something else than ``before`` (then settled)."""
    display.wait_for_text(lambda text: text != before, timeout=timeout)
    return display.settle()


def route_first_tile(display: VirtualDisplay, turn: str) -> str:
    """Press the routing key over the first tile of a turn line after its ends field; the tile."""
    ends, _, body = turn.rpartition(": ")
    match = re.search(r"(?<![|\d-])\d{1,2}-\d{1,2}(?![|\d])", body)
    assert match is not None, turn
    offset = len(ends) + 2 if ends else 0
    display.press(f"Route {offset + match.start() + 1}")  # inside the tile (cell 0 cannot be pressed)
    return match.group(0)


@contextlib.contextmanager
def quitting(child: pexpect.spawn) -> Iterator[pexpect.spawn]:
    """The game is left with quit, whatever the test found."""
    try:
        yield child
    finally:
        child.sendline("quit")
        child.expect(pexpect.EOF)


@pytest.fixture
def brltty40() -> Iterator[tuple[Brltty, VirtualDisplay]]:
    with running_brltty(40) as running:
        yield running


@pytest.mark.parametrize("cells", [40, 20])
def test_the_first_announcement_is_shown_and_nothing_is_lost(tmp_path: Path, cells: int) -> None:
    with running_brltty(cells) as (brl, display):
        child = game(brl, tmp_path, "--seed", "5", "--verbosity", "terse", "--players", "3")
        with quitting(child):
            child.expect(MOVE)
            first = display.settle()
            assert len(first) <= cells
            assert first.startswith("You Anna Cem")  # the orientation line, key fact first
            counts = [waiting(first)]
            for _ in range(12):
                if not counts[-1]:
                    break
                display.press("FWinRt")
                counts.append(waiting(display.settle()))
            assert counts[0] >= 3 and counts[-1] == 0
            assert counts == sorted(counts, reverse=True)


def test_three_computer_moves_queue_and_are_read_one_by_one(
    tmp_path: Path, brltty40: tuple[Brltty, VirtualDisplay]
) -> None:
    brl, display = brltty40
    child = game(brl, tmp_path, "--seed", "5", "--verbosity", "terse", "--players", "4")
    with quitting(child):
        child.expect(MOVE)
        read_all(display)  # the opening lines, read
        child.sendline("hand")  # any reply: read at once when nothing waits
        child.expect(r"0-6 1-5")
        # play the first playable tile: a routing key over the turn line's first tile
        child.sendline("turn")
        child.expect(r"\|\S*: ")
        tile = route_first_tile(display, read_all(display)[-1])
        child.expect(MOVE)
        lines = read_all(display)
        counts = [waiting(line) for line in lines]
        assert counts[0] >= 3, lines  # three computers moved while the first line was shown
        assert counts == sorted(counts, reverse=True) and counts[-1] == 0
        texts = [COUNT.sub("", line).strip() for line in lines]
        yours = [t for t in texts if t.startswith("You ")]
        assert yours and yours[0].startswith(f"You {tile}"), texts  # the routed tile was played
        movers = [t.split()[0] for t in texts if re.match(r"(Anna|Cem|Mia) \d", t)]
        assert movers[:3] == ["Anna", "Cem", "Mia"], texts  # each computer's move, in order, none lost


@pytest.mark.parametrize(("language", "letters"), [("de", "äöüß"), ("tr", "ıışğçöü")])
def test_german_and_turkish_letters_arrive(tmp_path: Path, language: str, letters: str) -> None:
    with running_brltty(40, text_table=language) as (brl, display):
        child = game(brl, tmp_path, "--seed", "5", "--players", "2", language=language)
        with quitting(child):
            child.expect(MOVE.split(":")[0] if language == "en" else ": ")
            before = read_all(display)[-1]
            child.sendline("rules" if language == "en" else {"de": "regeln", "tr": "kurallar"}[language])
            changed(display, before)
            seen = " ".join(read_all(display, limit=80))
            assert any(letter in seen for letter in letters), seen
            assert not any(letter in seen for letter in "?\ufffd"), seen  # nothing replaced


def test_the_display_is_given_back_at_exit_and_after_kill(
    tmp_path: Path, brltty40: tuple[Brltty, VirtualDisplay]
) -> None:
    brl, display = brltty40
    child = game(brl, tmp_path, "--seed", "5")
    child.expect(MOVE)
    assert not display.settle().startswith("BRLTTY")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    display.wait_for_release()
    child = game(brl, tmp_path / "again", "--seed", "6")
    child.expect(MOVE)
    assert not display.settle().startswith("BRLTTY")
    os.kill(child.pid, signal.SIGKILL)
    child.expect(pexpect.EOF)
    display.wait_for_release()


def test_without_brltty_nothing_is_said_and_nothing_waits(tmp_path: Path) -> None:
    started = time.monotonic()
    with pytest.raises(BrlapiError):
        open_display(":97", None, typed=lambda line: None, is_command=lambda word: False)
    assert time.monotonic() - started < 0.1
    env = {
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "d"),
        "XDG_CONFIG_HOME": str(tmp_path / "c"),
        "LANG": "C.UTF-8",
        "PATH": os.environ.get("PATH", ""),
        "BRLAPI_HOST": ":97",
    }
    child = pexpect.spawn(
        python(),
        ["-m", "bergen_access", "--new", "--plain", "--speech", "off", "--seed", "5"],
        env=env,
        encoding="utf-8",
        timeout=15,
    )
    child.expect("> ")
    assert "braille" not in child.before.lower()
    child.sendline("braille on")
    child.expect("> ")
    assert "No braille display" in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_braille_off_gives_the_display_back_and_on_takes_it_again(
    tmp_path: Path, brltty40: tuple[Brltty, VirtualDisplay]
) -> None:
    brl, display = brltty40
    child = game(brl, tmp_path, "--seed", "5", "--verbosity", "terse")
    with quitting(child):
        child.expect(MOVE)
        read_all(display)
        child.sendline("braille off")
        child.expect(said("Kept for your next games too."))
        display.wait_for_release()
        child.sendline("braille on")
        child.expect(said("Braille display on:") + r"\s+(\d+)\s+cells")
        assert child.match.group(1) == "40"
        shown = display.wait_for_text(lambda text: "40" in text)
        assert not shown.startswith("BRLTTY")


def test_braille_off_and_on_are_kept_for_the_next_game(
    tmp_path: Path, brltty40: tuple[Brltty, VirtualDisplay]
) -> None:
    brl, display = brltty40
    settings = tmp_path / "config" / "bergen-access" / "settings.json"

    def one_run(typed: list[str], *flags: str) -> list[str]:
        """A game with ``flags``: each typed line's answer; then quit; the kept braille choice."""
        child = game(brl, tmp_path, "--seed", "5", *flags)
        child.expect(MOVE)
        answers = []
        for line in typed:
            child.sendline(line)
            child.expect(r"Braille display [^\n]*\n(?:[^\n]*Kept[^\n]*\n)?")
            answers.append(" ".join(child.after.split()))
        child.sendline("quit")
        child.expect(pexpect.EOF)
        return [*answers, json.loads(settings.read_text())["braille"]]

    said_off, kept = one_run(["braille off"])
    assert "Kept for your next games too." in said_off and kept == "off"
    display.wait_for_release()
    bare, said_on, kept = one_run(["braille", "braille on"])  # no --braille: the kept "off" holds
    assert "Braille display off." in bare
    assert "Kept for your next games too." in said_on and kept == "auto"
    bare, kept = one_run(["braille"], "--braille", "off")  # the flag wins for this run, and is not kept
    assert "Braille display off." in bare and kept == "auto"


def test_a_routing_key_plays_with_the_line_editing_reader_too(
    tmp_path: Path, brltty40: tuple[Brltty, VirtualDisplay]
) -> None:
    """prompt_toolkit's reader (``--reader standard``) is ended from its own loop, as a signal would."""
    brl, display = brltty40
    child = game(brl, tmp_path, "--seed", "5", "--verbosity", "terse", "--reader", "standard")
    with quitting(child):
        child.expect(">")
        turn = [line for line in read_all(display) if " / " in line or ":" in line][-1]
        child.expect(f"You {route_first_tile(display, turn)}")


def test_a_display_that_stops_is_told_once_and_the_game_goes_on(tmp_path: Path) -> None:
    transcript = io.StringIO()
    with running_brltty(40) as (brl, _display):
        child = game(brl, tmp_path, "--seed", "5")
        child.logfile_read = transcript
        child.expect(MOVE)
        brl.stop()
        try:
            for command, answer in (("hand", r"Your \d+ tiles"), ("score", "Score"), ("count", "Stock")):
                child.sendline(command)
                child.expect(answer)
            child.sendline("quit")
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
    said = transcript.getvalue()
    assert said.count("The braille display stopped") == 1, said
    assert "Traceback" not in said


def test_the_scorekeepers_answers_and_score_wait_until_read(
    tmp_path: Path, brltty40: tuple[Brltty, VirtualDisplay]
) -> None:
    brl, display = brltty40
    arguments = ["keep", "--names", "Ada,Bo", "--mode", "tally", "--speech", "off"]
    arguments += ["--sounds", "off", "--reader", "screenreader", "--verbosity", "terse"]
    child = bergen(brl, tmp_path, arguments)
    with quitting(child):
        child.expect(": ")
        read_all(display)
        for entry, answer in (
            ("Ada 1-1", "1-1?"),
            ("yes", "Ada"),
            ("Ada double", "Ada DH"),
            ("Bo triple", "Bo TH"),
        ):
            before = display.settle()
            child.sendline(entry)
            child.expect(re.escape(answer))
            assert text_of(changed(display, before)).startswith(answer)  # each answer shown at once
        assert text_of(display.text).startswith("Bo TH")  # each answer shown as it came: the newest last
        display.press("LnUp")
        assert text_of(display.settle()).startswith("Ada DH")  # none lost: the one before, line up
        display.press("LnDn")
        display.settle()
        pan_to(display, lambda text: "Ada 4 Bo 3" in text)  # past the newest line: the score
