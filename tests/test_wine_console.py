"""The real program in the Windows console, under the official Windows Python in Wine, played from Linux
as a person at that console would (tests/wine.py): a whole match in German and in Turkish with
``--braille auto`` and the Windows key reader (Tab, F2, F3, up, Escape), then ``bergen record``;
``bergen keep`` reading a UTF-8 score sheet through cmd's ``<``; ``bergen serve`` stopped with Ctrl-C
while ``bergen join`` notices by itself; ``bergen learn`` typed through; and the single file
``bergen.exe`` (built by the Windows tier, tests/test_single_file.py) started and played.

What Wine cannot show (a SAPI voice, NVDA and JAWS themselves, conhost's own drawing) is on the
checklist in docs/platform-checklist.md.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from bergen_access.commands.definitions import CommandKind
from bergen_access.commands.lexicon import Lexicon
from bergen_access.core.engine import Phase
from bergen_access.core.view import SeatView
from bergen_access.i18n import I18n
from bergen_access.present.words import reader_form

from .blind_play_bot import move, saved_state
from .learn_script import explanations, typed
from .wine import REQUIRED, WindowsPython, WineConsole, windows_path, windows_python

pytestmark = pytest.mark.slow
TRACEBACK = ("Traceback", "Something went wrong", "Fatal Python error")
F2, F3, UP, ESCAPE = "\x1bOQ", "\x1bOR", "\x1b[A", "\x1b"
#: where the Windows tier leaves the single file it built (tools/windows_tests.sh)
SINGLE_FILE = "single-file"


@pytest.fixture(scope="module")
def wine() -> WindowsPython:
    return windows_python()


def words(language: str) -> I18n:
    return I18n(language)


def play_to_the_end(console: WineConsole, home: Path, limit: int = 600) -> str:
    """At a settled turn: play the seat's moves from the save (written before each announcement) until
    the program ends; Enter after a hand, ``no`` to another match."""
    for _ in range(limit):
        if console.ended:
            return console.text
        match = saved_state(home)
        if match is None or match.is_over:
            console.type("no")  # another match with the same options? (English words work everywhere)
        elif match.phase is Phase.HAND_OVER:
            console.type("")
        elif SeatView(match, 0).is_my_turn:
            console.type(move(SeatView(match, 0)))
        console.settle()
    raise AssertionError("the match did not end: " + console.text[-1500:])


def keys_at_the_first_turn(console: WineConsole, home: Path, language: str) -> None:
    """Tab completes the hand command, Enter answers, F2 repeats, F3 says there is no speech to stop,
    up brings the line back, Escape empties it, Enter on an empty line repeats the turn."""
    i = words(language)
    console.settle()
    match = saved_state(home)
    assert match is not None and SeatView(match, 0).is_my_turn, console.text[-800:]
    hand = [reader_form(tile.notation) for tile in SeatView(match, 0).hand]  # printed for the reader: 3 5
    word = Lexicon(i).main_word(CommandKind.HAND)
    console.send(word[:-1] + "\t")
    console.wait_for(re.escape(word) + " ")  # completed, with the space after it
    console.send("\r")
    reply = console.wait_for(".*".join(re.escape(tile) for tile in hand) + r"[^\n]*").group(0)
    console.send(F2)
    console.wait_for(re.escape(reply))  # the last announcement again
    console.send(F3)
    console.wait_for(re.escape(i.gettext("Speech is off; there is nothing to stop.")))
    console.send(UP)
    console.wait_for(re.escape(word))  # the line typed before
    console.send(ESCAPE)
    console.settle()
    console.send("\r")  # an empty line: the turn again, not the hand
    turn = console.settle()
    assert reply not in turn and word not in turn.split("\n")[0], turn
    assert reader_form(SeatView(match, 0).playable[0].notation) in turn, turn


@pytest.mark.parametrize("language", ["de", "tr"])
def test_a_whole_match_in_the_windows_console_then_the_record(
    wine: WindowsPython, tmp_path: Path, language: str
) -> None:
    quiet = ["--speech", "off", "--sounds", "off", "--reader", "screenreader", "--braille", "auto"]
    game = WineConsole(
        wine, tmp_path, ["--new", "--seed", "5", "--lang", language, "--opponents", "random", *quiet]
    )
    try:
        keys_at_the_first_turn(game, tmp_path, language)
        text = play_to_the_end(game, tmp_path)
        assert game.finish() == 0, text[-1500:]
    finally:
        game.stop()
    i = words(language)
    over = i.gettext("Match over: {side} wins. {scores}.").split(":")[0]
    assert over in text, text[-1500:]
    assert not any(mark in text for mark in TRACEBACK), text[-3000:]
    assert "BrlAPI" not in text and "BRLTTY" not in text  # braille auto: no display, nothing said
    record = WineConsole(wine, tmp_path, ["record", "--lang", language])
    assert record.finish() == 0, record.text[-1500:]
    listed = [line for line in record.text.splitlines() if re.match(r"1\. \d{4}-\d\d-\d\d \d\d:\d\d", line)]
    assert len(listed) == 1, record.text[-1500:]
    assert "Anna (" in listed[0] and re.search(r"\d+, Anna \d+\.$", listed[0]), listed


def test_keep_reads_a_utf8_sheet_through_cmds_redirection(wine: WindowsPython, tmp_path: Path) -> None:
    """``bergen keep --names Jürgen,Ayşe < abend.txt`` typed in cmd, the sheet saved by Notepad (UTF-8
    with a byte order mark)."""
    sheet = tmp_path / "abend.txt"
    sheet.write_bytes("\ufeffAyşe 5-5\r\nyes\r\n2-5 left\r\nscore\r\nquit\r\n".encode())
    command = f"{windows_path(wine.python_exe)} -m bergen_access keep --lang de --names Jürgen,Ayşe"
    console = WineConsole(wine, tmp_path, ["/c", f"{command} < {windows_path(sheet)}"], program=Path("cmd"))
    status = console.finish()
    text = console.text
    assert status == 0, text[-1500:]
    assert "Ayşe eröffnet mit 5-5." in text, text[-1500:]
    assert re.search(r"Jürgen \d+, Ayşe \d+|Ayşe \d+, Jürgen \d+", text), text[-1500:]  # the score
    assert "JÃ¼rgen" not in text and "Ay?e" not in text
    assert not any(mark in text for mark in TRACEBACK), text


def test_serve_stops_on_ctrl_c_and_join_notices_by_itself(wine: WindowsPython, tmp_path: Path) -> None:
    server = WineConsole(wine, tmp_path / "host", ["serve", "--port", "0", "--lang", "en"])
    try:
        port = server.wait_for(r"listening on [\d.]+:(\d+)").group(1)
        join = WineConsole(
            wine,
            tmp_path / "ada",
            [
                "join",
                f"127.0.0.1:{port}",
                "--name",
                "Ada",
                "--lang",
                "en",
                "--speech",
                "off",
                "--sounds",
                "off",
            ],
            BERGEN_TEST_RETRY_SCALE="0.01",
        )
        try:
            join.wait_for("You are Ada")
            join.settle()
            server.send("\x03")  # Ctrl-C at the host's console
            server.wait_for(r"bergen serve stopped")
            assert server.finish() == 0, server.text[-800:]
            join.wait_for(r"The connection to 127\.0\.0\.1:\d+ is lost; trying again")  # no key pressed
            join.wait_for("Could not reach")
            assert join.finish() == 1
        finally:
            join.stop()
    finally:
        server.stop()
    for text in (server.text, join.text):
        assert not any(mark in text for mark in TRACEBACK), text[-1500:]


def test_learn_typed_through_in_the_windows_console(wine: WindowsPython, tmp_path: Path) -> None:
    quiet = ["--speech", "off", "--sounds", "off", "--reader", "screenreader"]
    learn = WineConsole(wine, tmp_path, ["learn", "--lang", "tr", *quiet])
    try:
        for line in typed("tr"):
            learn.settle()
            learn.type(line)
        assert learn.finish() == 0, learn.text[-1500:]
    finally:
        learn.stop()
    text = learn.text.replace("\n", " ")
    for explanation in explanations("tr"):  # the screen-reader setting prints tiles 3 5
        assert text.count(reader_form(explanation)) == 1, explanation
    assert not any(mark in text for mark in TRACEBACK), text[-1500:]


def test_the_single_file_starts_and_plays_a_hand(wine: WindowsPython, tmp_path: Path) -> None:
    """bergen.exe, as the Windows tier built it: its size, how long until it speaks, a hand played."""
    program = wine.folder / SINGLE_FILE / "dist" / "bergen.exe"
    if not program.is_file():
        message = f"no {program}: the Windows tier (tools/windows_tests.sh) builds it"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    quiet = ["--speech", "off", "--sounds", "off", "--reader", "screenreader", "--lang", "en"]
    started = time.monotonic()
    game = WineConsole(
        wine, tmp_path, ["--new", "--seed", "3", "--opponents", "random", *quiet], program=program
    )
    try:
        game.wait_for(r"Hand 1\. Your tiles: ", timeout=120)
        start_seconds = time.monotonic() - started
        game.settle()
        for _ in range(200):
            match = saved_state(tmp_path)
            assert match is not None, game.text[-1500:]
            if match.phase is Phase.HAND_OVER or match.hand_number > 1:
                break
            if SeatView(match, 0).is_my_turn:
                game.type(move(SeatView(match, 0)))
            game.settle()
        else:
            raise AssertionError("the hand did not end: " + game.text[-1500:])
        game.type("quit")
        assert game.finish() == 0, game.text[-1500:]
    finally:
        game.stop()
    assert re.search(r"Hand 1 over\.", game.text), game.text[-1500:]
    assert not any(mark in game.text for mark in TRACEBACK), game.text[-1500:]
    size = program.stat().st_size
    report = f"bergen.exe under Wine: {size / 1_000_000:.1f} MB, first words after {start_seconds:.1f} s"
    (wine.folder / SINGLE_FILE / "started.txt").write_text(report + "\n", encoding="utf-8")
    print(report)
