"""Hostile text never reaches the screen, the speech server or the file system raw (issue 10).

The real program, through real pipes, pseudo-terminals, sockets and files:

- escape sequences, C1 controls and stray bytes typed in plain mode or under
  prompt_toolkit are refused and shown as ``<ESC>``-style tokens, never
  written raw; names on the command line and names in save files cannot forge
  a line or a terminal sequence;
- an output that goes away (``| head -1``, a pipe without reader, a full
  device) ends the program quietly with status 0;
- bytes that are not UTF-8 are refused line by line, in every locale, and
  never cost the speech;
- a stale Speech Dispatcher socket is replaced by a fresh daemon;
- ``export`` writes only inside the export folder and never overwrites;
- Ctrl-D typed while the game is busy is kept for the next prompt.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest

from bergen_access.session.paths import said_folder
from bergen_access.session.savefile import match_text

from .capabilities import kill_now, needs_linux, needs_posix, pty_spawn
from .drivers import ROOT, PipeSession, environment
from .saves import journal_path, replayed, saved_actions, saved_sheet, sheet_path, sheet_text
from .speech_fixtures import SpeechServer, need, start_speech_server

REFUSED = "That line was not used"
NOT_TEXT = "holds bytes that are not text"
CONTROL = "holds control characters"
FORGED = "Match over: Cem wins."


# ----------------------------------------------------------------------------- helpers


def bergen(*args: str | bytes) -> list[str | bytes]:
    return [sys.executable, "-m", "bergen_access", *args]


def unsafe_characters(raw: bytes, *, allow_cr: bool = False) -> list[str]:
    """Every character of ``raw`` (program output) that a terminal or a screen reader would act on.

    The output must be UTF-8; only the newline (and, under a pty, the carriage return) may be a
    control character. C1 controls (U+0080-U+009F), format characters (bidi overrides, zero-width)
    and line or paragraph separators are all unsafe.
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return [f"not UTF-8 at byte {error.start}: {raw[error.start : error.start + 8]!r}"]
    allowed = "\n\r" if allow_cr else "\n"
    return [
        repr(char)
        for char in text
        if char not in allowed and unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs")
    ]


class Session(PipeSession):
    """``PipeSession`` with a working folder of our choosing, and lines typed as raw bytes."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path = ROOT) -> None:
        super().__init__([], cwd, env, command=bergen(*args), cwd=cwd)

    def start(self) -> str:
        got = self.read_to_prompt()
        assert got is not None, self.transcript
        return got[0]

    def send(self, line: bytes | str) -> str:
        """Type one line; what the program printed in answer (the echo of the line first)."""
        assert self.process.stdin is not None
        data = line.encode("utf-8") if isinstance(line, str) else line
        self.process.stdin.write(data + b"\n")
        self.process.stdin.flush()
        got = self.read_to_prompt()
        assert got is not None, self.transcript[-1500:]
        return got[0]

    def end(self, line: str = "quit") -> int:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()
        return self.finish()  # closes the input too


def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Poll a condition that another process makes true (a file or a log growing)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def game_args(*extra: str) -> list[str]:
    return ["--plain", "--seed", "3", "--speech", "off", "--new", *extra]


KEEP_ARGS = ["keep", "--names", "Anna,Cem", "--speech", "off", "--new"]


# ======================================================================= 1. typed escapes
# (line typed, the token the answer must show, the refusal's words)
HOSTILE_LINES: list[tuple[bytes, str, str]] = [
    (b"\x1b]0;owned\x07", "<ESC>]0;owned<BEL>", CONTROL),  # OSC: retitle the terminal
    (b"\x1b[2J", "<ESC>[2J", CONTROL),  # ED: erase the screen
    (b"\x07", "<BEL>", CONTROL),
    (b"\xc2\x9b2J", "<U+009B>2J", CONTROL),  # C1 CSI, as UTF-8
    (b"\x9b2J", "<0x9B>2J", NOT_TEXT),  # C1 CSI, as a raw 8-bit byte
    (b"\xc2\x85", "<U+0085>", CONTROL),  # NEL, as UTF-8
    (b"\x85", "<0x85>", NOT_TEXT),  # NEL, as a raw byte
    (b"hand\x1b[2J", "hand<ESC>[2J", CONTROL),  # a command with a sequence after it is not the command
    (b"\x1b[31mhand\x1b[0m", "<ESC>[31mhand<ESC>[0m", CONTROL),
    (b"\x1b]8;;http://x.example/\x1b\\hand\x1b]8;;\x1b\\", "<ESC>]8;;http://x.example/<ESC>", CONTROL),
    (b"\x1bP+q544e\x1b\\", "<ESC>P+q544e<ESC>", CONTROL),  # DCS: ask the terminal to answer
    (b"owned\rhand", "owned<CR>hand", CONTROL),  # CR: overwrite the echoed line
    (b"ha\x00nd", "ha<NUL>nd", CONTROL),
    (b"\x7f\x08\x08", "<DEL><BS><BS>", CONTROL),
    (b"\xe2\x80\xa8" + FORGED.encode(), "<U+2028>" + FORGED, CONTROL),  # line separator
    (b"\xff\x1b]0;owned\x07", "<0xFF><ESC>]0;owned<BEL>", NOT_TEXT),
]


@pytest.mark.parametrize("program", ["game", "keep"])
def test_typed_escape_sequences_never_reach_stdout_raw(tmp_path: Path, program: str) -> None:
    args = game_args() if program == "game" else KEEP_ARGS
    session = Session(args, environment(tmp_path, TERM="dumb"))
    opening = session.start()
    check, expected = ("hand", "Your 6 tiles") if program == "game" else ("score", "Score:")
    before = session.send(check)
    assert expected in before
    for line, token, problem in HOSTILE_LINES:
        answer = session.send(line)
        assert f"{REFUSED}: it {problem} ({token}" in answer, (line, answer)
        assert answer.startswith(token), (line, answer)  # the echo of the line, made visible too
    assert session.send(check) == before  # nothing changed
    if program == "keep":
        assert "Is 5-5 the lowest double" in session.send("Anna 5-5")
    assert session.end() == 0
    assert unsafe_characters(session.raw) == [], session.transcript
    assert not any(line.startswith(FORGED) for line in session.transcript.splitlines())
    assert opening in session.transcript


def test_a_format_character_is_dropped_and_never_echoed_raw(tmp_path: Path) -> None:
    session = Session(game_args(), environment(tmp_path, TERM="dumb"))
    session.start()
    plain = session.send("hand")
    # a bidi override and a zero-width space inside a command: removed, the command works
    answer = session.send("\u202eha\u200bnd".encode())
    assert answer.startswith("<U+202E>ha<U+200B>nd\n"), answer  # the echo shows what was typed
    assert answer.split("\n", 1)[1] == plain.split("\n", 1)[1]
    assert session.end() == 0
    assert unsafe_characters(session.raw) == []


# ----------------------------------------------------------------- under prompt_toolkit

PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"
PROMPT_READY = re.compile(rb"tiles>[^\r\n]*\x1b\[\?25h")  # the prompt drawn, the cursor shown
# (bytes sent, how they are sent, what the answer must show)
PTY_LINES: list[tuple[bytes, bool, bytes | None]] = [
    (b"\x1b]0;owned\x07", False, None),  # typed: prompt_toolkit reads the keys itself
    (b"\x1b[2J", False, None),
    (b"\xc2\x9b2J\xc2\x85\x07", False, None),
    (b"\x1b]0;owned\x07", True, b"<ESC>]0;owned<BEL>"),  # pasted: the characters reach the line
    (b"\x1b[2J", True, b"<ESC>[2J"),
    (b"\xc2\x9b2J", True, b"<U+009B>2J"),
    (b"\xc2\x85\x07", True, b"<U+0085><BEL>"),
    (b"hand\n" + FORGED.encode(), True, b"hand<LF>" + FORGED.encode()),
    (b"\xff\x1b]0;owned\x07", True, b"<0xFF><ESC>]0;owned<BEL>"),
]


def test_escape_sequences_typed_or_pasted_under_prompt_toolkit(tmp_path: Path) -> None:
    output = io.BytesIO()
    child = pty_spawn(
        sys.executable,
        ["-m", "bergen_access", "--seed", "3", "--speech", "off", "--new"],
        cwd=str(ROOT),
        env=environment(tmp_path, TERM="xterm"),
        timeout=20,
        dimensions=(40, 200),
    )
    child.logfile_read = output
    try:
        child.expect(PROMPT_READY)
        answers: list[bytes] = []
        for data, pasted, shown in [*PTY_LINES, (b"hand", False, b"Your 6 tiles")]:
            child.send(PASTE_START + data + PASTE_END if pasted else data)
            child.send(b"\r")
            child.expect(b"\r\n")  # the line was taken
            child.expect(PROMPT_READY)  # the answer, then the next prompt
            answer = child.before
            answers.append(answer)
            if shown is not None:
                assert shown in answer, (data, answer)
            else:
                assert REFUSED.encode() in answer or b"I did not understand" in answer, (data, answer)
        child.send(b"quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    raw = output.getvalue()
    # prompt_toolkit's own cursor and mode sequences (CSI ... with ? or letters) are fine; none of ours
    assert re.search(rb"\x1b\][^\x07\x1b]*owned", raw) is None  # no title set to "owned"
    assert b"\x1b]" not in raw  # no OSC at all (prompt_toolkit writes none here)
    assert b"\x1b[2J" not in raw and b"\x1bP" not in raw
    assert b"\x07" not in raw  # no bell
    assert unsafe_characters(re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", raw), allow_cr=True) == []
    assert not any(line.strip().startswith(FORGED.encode()) for line in raw.split(b"\n"))


# ----------------------------------------------------------------- names on the command line

# (name, what the error must show in its place)
BAD_NAMES: list[tuple[str | bytes, str, str]] = [
    ("C\x1b]0;owned\x07m", "C<ESC>]0;owned<BEL>m", "must be one word"),
    ("Cem\n" + FORGED, "Cem<LF>" + FORGED, "must be one word"),
    ("\u202eCem", "<U+202E>Cem", "must be one word"),
    ("Ce\u0085m", "Ce<U+0085>m", "must be one word"),
    (b"C\xffm", "C<0xFF>m", "must be one word"),  # argv bytes that are not UTF-8
    ("a" * 500, "a" * 59 + "…", "longer than 20 characters"),
    ("a" * 21, "a" * 21, "longer than 20 characters"),
    ("Jean Luc", "Jean Luc", "must be one word"),
    ("123", "123", "must be one word"),
    ("draw", "draw", "is a command word"),
    ("undo", "undo", "is a command word"),
]


NAME_IDS = ["esc", "newline", "bidi", "c1", "not-utf8", "500", "21", "space", "digits", "draw", "undo"]


@pytest.mark.parametrize(("name", "shown", "why"), BAD_NAMES, ids=NAME_IDS)
def test_a_bad_name_on_the_command_line_is_refused_visibly(
    tmp_path: Path, name: str | bytes, shown: str, why: str
) -> None:
    if isinstance(name, bytes) and sys.platform == "win32":
        pytest.skip("Windows hands a program its arguments as UTF-16: no bytes that are not UTF-8 arrive")
    names = b"Anna," + name if isinstance(name, bytes) else "Anna," + name
    result = subprocess.run(
        bergen("keep", "--names", names, "--speech", "off"),
        cwd=ROOT,
        env=environment(tmp_path, TERM="dumb"),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=30,
        check=False,
    )
    assert result.returncode == 2, result.stderr
    assert result.stdout == b""
    assert unsafe_characters(result.stderr) == [], result.stderr
    lines = result.stderr.decode("utf-8").splitlines()
    assert lines[-1].startswith("bergen keep: error: --names: ")
    assert f"“{shown}”" in lines[-1], lines[-1]
    assert why in lines[-1], lines[-1]
    assert "Traceback" not in result.stderr.decode()
    assert not any(line.startswith(FORGED) for line in lines)
    assert not sheet_path(tmp_path / "data" / "bergen-access").exists()


# ----------------------------------------------------------------- names in save files


@pytest.fixture(scope="module")
def real_saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A match (as a save of version 2 and as its journal) and a keep.json, as the program writes them
    (one move, one entry made)."""
    home = tmp_path_factory.mktemp("saves")
    env = environment(home, TERM="dumb")
    for args, typed in (
        (game_args(), "0-5 left\nquit\n"),
        (KEEP_ARGS, "Anna 5-5\nyes\nCem 5-2 left\nquit\n"),
    ):
        done = subprocess.run(
            bergen(*args),
            cwd=ROOT,
            env=env,
            input=typed.encode(),
            capture_output=True,
            timeout=30,
            check=False,
        )
        assert done.returncode == 0, done.stderr
    folder = home / "data" / "bergen-access"
    found = replayed(folder)
    assert found is not None
    journal = journal_path(folder)
    assert journal is not None
    return {
        "match": match_text(found.match, found.seats),  # a save of version 2, still read
        "journal": journal.read_text(encoding="utf-8"),
        "keep": sheet_text(folder),  # a sheet of version 1, still read
        "sheet": sheet_path(folder).read_text(encoding="utf-8"),
    }


def _rules_key(record: dict[str, Any], key: str) -> None:
    del record["rules"]["tally"]  # as many options as the file may hold, one of them named by the attacker
    record["rules"][key] = "points"


def _set(path: tuple[str | int, ...], value: str) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        target: Any = record
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return change


NEWLINE_NAME = "Anna\n" + FORGED
FORGERIES: list[tuple[str, str, Callable[[dict[str, Any]], None]]] = [
    ("match", "seat-newline", _set(("seats", 1, "name"), NEWLINE_NAME)),
    ("match", "seat-esc", _set(("seats", 1, "name"), "\x1b]0;owned\x07Anna")),
    ("match", "human-newline", _set(("seats", 0, "name"), "You\n" + FORGED)),
    ("match", "seat-bidi", _set(("seats", 1, "name"), "\u202eAnna")),
    ("match", "seat-c1", _set(("seats", 2 - 1, "name"), "An\u009b2Jna")),
    ("match", "rules-key", lambda record: _rules_key(record, "x\n" + FORGED + "\x1b]0;owned\x07")),
    ("journal", "seat-newline", _set(("seats", 1, "name"), NEWLINE_NAME)),
    ("journal", "human-esc", _set(("seats", 0, "name"), "\x1b]0;owned\x07You")),
    ("journal", "rules-key", lambda record: _rules_key(record, "x\n" + FORGED + "\x1b]0;owned\x07")),
    ("keep", "name-newline", _set(("names", 1), "Cem\n" + FORGED)),
    ("keep", "name-esc", _set(("names", 0), "\x1b]0;owned\x07Anna")),
    ("keep", "rules-key", lambda record: _rules_key(record, "x\n" + FORGED + "\x1b]0;owned\x07")),
    ("sheet", "name-newline", _set(("names", 1), "Cem\n" + FORGED)),
    ("sheet", "name-esc", _set(("names", 0), "\x1b]0;owned\x07Anna")),
    ("sheet", "rules-key", lambda record: _rules_key(record, "x\n" + FORGED + "\x1b]0;owned\x07")),
]


@pytest.mark.parametrize(("kind", "case", "forge"), FORGERIES, ids=[f"{k}-{c}" for k, c, _ in FORGERIES])
def test_a_save_file_with_a_hostile_name_is_set_aside_and_forges_nothing(
    tmp_path: Path, real_saves: dict[str, str], kind: str, case: str, forge: Callable[[dict[str, Any]], None]
) -> None:
    folder = tmp_path / "data" / "bergen-access"
    folder.mkdir(parents=True)
    if kind in ("journal", "sheet"):  # the header is forged; the lines after it are the real ones
        head, rest = real_saves[kind].split("\n", 1)
        record = json.loads(head)
        forge(record)
        forged = json.dumps(record) + "\n" + rest
        save = folder / "records" / "20200101-000000.jsonl" if kind == "journal" else sheet_path(folder)
        save.parent.mkdir(exist_ok=True)
    else:
        record = json.loads(real_saves[kind])
        forge(record)
        forged = json.dumps(record, indent=1)
        save = folder / f"{kind}.json"
    save.write_text(forged, encoding="utf-8")
    keeping = kind in ("keep", "sheet")
    args = KEEP_ARGS[:-1] if keeping else game_args()[:-1]  # without --new: the file is read
    result = subprocess.run(
        bergen(*args),
        cwd=ROOT,
        env=environment(tmp_path, TERM="dumb"),
        input=b"quit\n",
        capture_output=True,
        timeout=30,
        check=False,
    )
    out = result.stdout.decode("utf-8", "replace")
    assert result.returncode == 0, result.stderr
    assert "could not be used" in out.splitlines()[0], out
    assert "is waiting" not in out  # never offered as a saved match or sheet
    kept = list(save.parent.glob(f"{save.stem}.damaged-*{save.suffix}"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == forged
    assert not any(line.strip().startswith(FORGED) for line in out.splitlines()), out
    assert unsafe_characters(result.stdout) == [], out
    assert "owned" not in out or "<ESC>" in out
    if keeping:
        assert sheet_path(folder).read_text(encoding="utf-8") != forged  # a fresh one was saved
    else:
        fresh = journal_path(folder)  # a fresh match, in a journal of its own
        assert fresh is not None and fresh != save and fresh.read_text(encoding="utf-8") != forged


# ======================================================================= 2. output closed early


@pytest.mark.parametrize("args", [game_args(), KEEP_ARGS], ids=["game", "keep"])
def test_output_closed_after_one_line_ends_quietly(tmp_path: Path, args: list[str]) -> None:
    """``bergen … | head -1``, with more to write after head has gone."""
    program = subprocess.Popen(
        bergen(*args),
        cwd=ROOT,
        env=environment(tmp_path, TERM="dumb"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert program.stdout is not None
    first_line = (
        "import sys; sys.stdout.buffer.write(sys.stdin.buffer.readline())"  # head -1, on every system
    )
    head = subprocess.Popen([sys.executable, "-c", first_line], stdin=program.stdout, stdout=subprocess.PIPE)
    program.stdout.close()  # only head reads the program's output
    first, _ = head.communicate(timeout=30)  # head has read one line and left: nobody reads any more
    assert first.endswith(b"\n") and len(first.splitlines()) == 1
    _, errors = program.communicate(b"hand\n" * 2000, timeout=30)  # every line answered into the void
    assert program.returncode == 0, errors
    for word in (b"Traceback", b"BrokenPipeError", b"Exception ignored", b"Error"):
        assert word not in errors, errors


@pytest.mark.parametrize(
    "args",
    [game_args(), KEEP_ARGS, ["--help"], ["keep", "--help"]],
    ids=["game", "keep", "help", "keep-help"],
)
def test_output_without_any_reader_from_the_start(tmp_path: Path, args: list[str]) -> None:
    reading, writing = os.pipe()
    os.close(reading)  # the pipe has no reader before the program writes anything
    try:
        program = subprocess.Popen(
            bergen(*args),
            cwd=ROOT,
            env=environment(tmp_path, TERM="dumb"),
            stdin=subprocess.PIPE,
            stdout=writing,
            stderr=subprocess.PIPE,
        )
    finally:
        os.close(writing)
    _, errors = program.communicate(b"hand\n" * 100, timeout=30)
    assert program.returncode == 0, errors
    for word in (b"Traceback", b"BrokenPipeError", b"Exception ignored"):
        assert word not in errors, errors


@pytest.mark.parametrize("args", [game_args(), KEEP_ARGS], ids=["game", "keep"])
def test_output_to_a_full_device_ends_quietly(tmp_path: Path, args: list[str]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            bergen(*args),
            cwd=ROOT,
            env=environment(tmp_path, TERM="dumb"),
            input=b"hand\n" * 100,
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=30,
            check=False,
        )
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr and b"Exception ignored" not in result.stderr


# ======================================================================= 3. bytes that are not UTF-8


def locale_environment(home: Path, **settings: str) -> dict[str, str]:
    """The test environment with a locale of our choosing and no PYTHONIOENCODING (the program's own)."""
    env = environment(home, TERM="dumb")
    for name in ("PYTHONIOENCODING", "PYTHONUTF8", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE"):
        env.pop(name, None)
    env.update(settings)
    return env


LOCALES = {
    "C.UTF-8": {"LANG": "C.UTF-8"},
    "LC_ALL=C": {"LC_ALL": "C"},  # Python's UTF-8 mode for the C locale
    "LC_ALL=C-ascii": {"LC_ALL": "C", "PYTHONUTF8": "0"},  # ascii with surrogateescape
}


def _answered_in_order(out: str, bad_token: str) -> None:
    first = out.find("Your 6 tiles")
    refused = out.find(f"{NOT_TEXT} ({bad_token})")
    second = out.find("Your 6 tiles", first + 1)
    assert -1 < first < refused < second, out


@pytest.mark.parametrize("locale", list(LOCALES))
def test_a_line_that_is_not_utf8_is_refused_in_every_locale(tmp_path: Path, locale: str) -> None:
    result = subprocess.run(
        bergen(*game_args()),
        cwd=ROOT,
        env=locale_environment(tmp_path, **LOCALES[locale]),
        input=b"hand\n\xff\nhand\n",
        capture_output=True,
        timeout=30,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == b"", result.stderr
    out = result.stdout.decode("utf-8")
    _answered_in_order(out, "<0xFF>")
    assert "Match saved" in out  # the end of input was reached and answered
    assert unsafe_characters(result.stdout) == []
    if locale.endswith("ascii"):
        assert result.stdout.isascii()  # what ASCII cannot show is replaced, never a crash


BAD_SEQUENCES = [
    (b"\xff", "<0xFF>"),
    (b"\xc0\xaf", "<0xC0><0xAF>"),  # an overlong "/"
    (b"\xed\xa0\x80", "<0xED><0xA0><0x80>"),  # a UTF-16 surrogate written as UTF-8
    (b"\xe2\x82", "<0xE2><0x82>"),  # cut short
    (b"\x80hand", "<0x80>hand"),  # a lone continuation byte
    (b"h\xe4nd", "h<0xE4>nd"),  # Latin-1
]


def test_every_kind_of_broken_utf8_is_refused_and_nothing_else(tmp_path: Path) -> None:
    session = Session(game_args(), locale_environment(tmp_path, LANG="C.UTF-8"))
    session.start()
    plain = session.send("hand")
    for raw, token in BAD_SEQUENCES:
        answer = session.send(raw)
        assert f"{REFUSED}: it {NOT_TEXT} ({token})" in answer, (raw, answer)
        assert session.send("hand") == plain
    assert session.end() == 0
    assert unsafe_characters(session.raw) == []


def test_a_latin1_input_file_with_windows_line_ends(tmp_path: Path) -> None:
    record = tmp_path / "moves.txt"
    record.write_bytes("hand\r\nGrüße\r\nhand\r\nmünchen".encode("latin-1"))  # no newline at the end
    with record.open("rb") as stdin:
        result = subprocess.run(
            bergen(*game_args()),
            cwd=ROOT,
            env=locale_environment(tmp_path, LANG="C.UTF-8"),
            stdin=stdin,
            capture_output=True,
            timeout=30,
            check=False,
        )
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode("utf-8")
    _answered_in_order(out, "Gr<0xFC><0xDF>e")
    assert f"{NOT_TEXT} (m<0xFC>nchen)" in out  # the last line, without its newline, too
    assert out.count("Your 6 tiles") == 2
    assert unsafe_characters(result.stdout) == []


# ======================================================================= 4. speech


@pytest.fixture
def server(tmp_path: Path) -> Iterator[SpeechServer]:
    running = start_speech_server(tmp_path / "spd")
    yield running
    running.stop()


def data_lines(log: Path) -> list[str]:
    """What the client sent as text to speak (the server log's DATA lines), split at LF only."""
    lines = []
    for part in sorted(log.glob("*.log")):
        for raw in part.read_bytes().split(b"\n"):
            if b"DATA:|" in raw:
                lines.append(raw.split(b"DATA:|", 1)[1].decode("utf-8", "surrogateescape").removesuffix("\r"))
    return lines


SPEECH_LINES = [
    b"\xff\x1b]0;owned\x07",
    b"caf\xe9",
    b"\x1b[2J",
    b"\xc2\x85\xc2\x9b2J",
    b"\xe2\x80\xa8" + FORGED.encode(),
    b"\xe2\x80\xaehand",  # a bidi override: dropped, the command is answered
]


def test_bad_input_while_speaking_keeps_speech_and_sends_no_control_character(
    tmp_path: Path, server: SpeechServer
) -> None:
    env = environment(tmp_path, TERM="dumb", SPEECHD_ADDRESS=server.address)
    session = Session(["--seed", "4", "--sounds", "off", "--speech", "screenreader", "--new"], env)
    session.start()
    for line in SPEECH_LINES:
        seen = len(data_lines(server.log))
        answer = session.send(line)
        said = answer.split("\n", 1)[1].split(":", 1)[0]  # how the answer begins
        assert said.startswith((REFUSED, "Your 6 tiles")), answer

        def arrived(start: str, seen: int = seen) -> Callable[[], bool]:
            return lambda: any(text.startswith(start) for text in data_lines(server.log)[seen:])

        # the answer itself reaches the server (a reply typed at once would rightly cancel it) ...
        assert wait_for(arrived(said)), (said, data_lines(server.log)[seen:])
        # ... and so does the next one: speech is still on
        session.send("score")
        assert wait_for(arrived("Score:")), data_lines(server.log)[seen:]
    assert session.end() == 0
    assert "Speech is not available" not in session.transcript
    sent = data_lines(server.log)
    assert any(text.startswith(REFUSED) and "<0xFF>" in text for text in sent), sent
    for text in sent:
        bad = [c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs")]
        assert not bad, (text, bad)
    assert not any(text.startswith(FORGED) for text in sent)


def _speechd_user_config(config_home: Path, capture: Path) -> None:
    """The user's own Speech Dispatcher configuration, with an output module that writes down what it
    says (this machine has no sound and no synthesis module, so the system's would not start)."""
    conf = config_home / "speech-dispatcher"
    shutil.copytree("/etc/speech-dispatcher", conf)
    with (conf / "speechd.conf").open("a") as stream:
        stream.write(
            'AudioOutputMethod "alsa"\nAudioALSADevice "null"\n'
            'AddModule "capture" "sd_generic" "capture.conf"\nDefaultModule capture\n'
        )
    command = rf"""GenericExecuteSynth "printf '%s\\n' \'$DATA\' >> {capture}"
"""
    (conf / "modules" / "capture.conf").write_text(
        command + 'GenericLanguage "en" "en" "utf-8"\nAddVoice "en" "MALE1" "en"\n'
    )


def _kill_processes_mentioning(marker: str) -> None:
    """End what this test caused: every process whose command line names our private folder."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if marker.encode() in (entry / "cmdline").read_bytes():
                kill_now(int(entry.name))
        except (OSError, ProcessLookupError):
            continue


@needs_linux
def test_a_stale_speech_dispatcher_socket_is_replaced_by_a_fresh_daemon(tmp_path: Path) -> None:
    need("speech-dispatcher")
    # a short private runtime folder: a socket path may not be longer than 107 bytes
    runtime = Path(tempfile.mkdtemp(prefix="bergen-run-"))
    try:
        (runtime / "speech-dispatcher").mkdir(parents=True)
        runtime.chmod(0o700)
        path = runtime / "speech-dispatcher" / "speechd.sock"
        stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        stale.bind(str(path))  # the file a killed daemon leaves behind: nobody listens
        stale.close()
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        with pytest.raises(ConnectionRefusedError):
            probe.connect(str(path))
        probe.close()
        capture = tmp_path / "spoken.txt"
        _speechd_user_config(tmp_path / "config", capture)
        (tmp_path / "home").mkdir()
        env = environment(
            tmp_path,
            TERM="dumb",
            XDG_RUNTIME_DIR=str(runtime),
            XDG_CONFIG_HOME=str(tmp_path / "config"),  # where the daemon finds its capture module's settings
            HOME=str(tmp_path / "home"),
        )
        env.pop("SPEECHD_ADDRESS", None)
        session = Session(["--seed", "4", "--sounds", "off", "--speech", "screenreader", "--new"], env)
        opening = session.start()
        assert "not available" not in opening, opening
        answer = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        answer.settimeout(5)
        answer.connect(str(path))  # the socket answers now
        answer.sendall(b"SET self CLIENT_NAME test:stale:probe\r\n")
        assert answer.recv(100).startswith(b"208"), "the fresh daemon does not speak SSIP"
        answer.sendall(b"QUIT\r\n")
        answer.close()
        session.send("hand")
        assert wait_for(lambda: capture.exists() and "tiles" in capture.read_text(errors="replace"))
        assert session.end() == 0
        assert "not available" not in session.transcript
    finally:
        _kill_processes_mentioning(str(runtime))  # the daemon (named by its socket path)
        _kill_processes_mentioning(str(tmp_path))  # its output module (named by our configuration)
        shutil.rmtree(runtime, ignore_errors=True)


# ======================================================================= 5. export


BAD_EXPORTS = ["../../x", "/tmp/{probe}", "~/notes", ".hidden", "a/b", "..", "a\\b", "-rf"]


def _files(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if path.is_file() or path.is_symlink()}


@needs_posix  # symbolic links laid as traps: Windows lets no ordinary user make them
def test_export_stays_in_its_folder_and_never_overwrites(tmp_path: Path) -> None:
    home, work, outside = tmp_path / "home", tmp_path / "work", tmp_path / "outside"
    for folder in (home, work, outside):
        folder.mkdir()
    exports = tmp_path / "data" / "bergen-access" / "exports"
    exports.mkdir(parents=True)
    precious = outside / "precious.csv"
    precious.write_text("keep me\n")
    (exports / "trapa.txt").symlink_to(outside / "victim.txt")  # dangling: would create a file outside
    (exports / "trapb.csv").symlink_to(precious)  # would overwrite a file outside
    probe = f"bergen-export-probe-{os.getpid()}-{tmp_path.name}"
    env = environment(tmp_path, TERM="dumb", HOME=str(home))
    session = Session(KEEP_ARGS, env, cwd=work)
    session.start()
    session.send("Anna 5-5")
    session.send("yes")
    session.send("Cem 5-2 left")
    before = _files(tmp_path)  # the sheet is saved by now
    for name in BAD_EXPORTS:
        line = "export " + name.format(probe=probe)
        answer = session.send(line)
        assert "was not used: export takes a file name only" in answer, (line, answer)
        assert _files(tmp_path) == before, line
    answer = session.send("export round1")
    folder = said_folder(exports, work, home)
    assert f"Exported round1.txt and .csv to {folder}." in answer, answer
    first_text, first_csv = (exports / "round1.txt").read_bytes(), (exports / "round1.csv").read_bytes()
    assert b"Anna opens with 5-5" in first_text and b"2-5" in first_text and first_csv.strip()
    session.send("Anna 2-3 left")  # the record grows
    answer = session.send("export round1")
    assert f"went to round1-2.txt and .csv in {folder}." in answer, answer
    assert "Exported" not in answer  # it says the name was taken
    assert (exports / "round1.txt").read_bytes() == first_text
    assert (exports / "round1.csv").read_bytes() == first_csv
    assert b"2-3" in (exports / "round1-2.txt").read_bytes()
    assert "trapa-2.txt and .csv" in session.send("export trapa")
    assert "trapb-2.txt and .csv" in session.send("export trapb")
    assert session.end() == 0
    assert not (outside / "victim.txt").exists()
    assert precious.read_text() == "keep me\n"
    made = _files(tmp_path) - before
    names = {path.name for path in made if path.parent == exports}
    assert names == {
        f"{stem}.{ext}" for stem in ("round1", "round1-2", "trapa-2", "trapb-2") for ext in ("txt", "csv")
    }
    stray = {path for path in made if path.parent != exports and not path.name.startswith("keep.")}
    assert stray == set(), stray
    for base in (exports, work, home):
        for name in ("../../x", "notes", "a"):
            for suffix in ("", ".txt", ".csv"):
                assert not Path(os.path.normpath(base / (name + suffix))).exists(), (base, name, suffix)
    assert not any(Path("/tmp").glob(probe + "*"))


# ======================================================================= 6. Ctrl-D typed ahead


def _spawn_paused(tmp_path: Path, args: list[str], pause: str = "1.5") -> pexpect.spawn:
    return pty_spawn(
        sys.executable,
        ["-m", "bergen_access", *args],
        cwd=str(ROOT),
        env=environment(tmp_path, TERM="xterm", BERGEN_TEST_PAUSE_AFTER_SAVE=pause),
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 200),
    )


def test_ctrl_d_typed_before_the_first_prompt_is_drawn_leaves(tmp_path: Path) -> None:
    child = _spawn_paused(tmp_path, ["--seed", "3", "--speech", "off", "--new"])
    try:
        child.expect("bergen-test: saved journal")  # saved, not yet announced, no prompt yet
        child.sendcontrol("d")
        child.expect("Match saved. Run bergen again", timeout=10)  # the Ctrl-D was kept, not lost
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert replayed(tmp_path / "data" / "bergen-access") is not None


def test_ctrl_d_typed_while_a_move_is_being_announced_leaves_with_the_move_saved(tmp_path: Path) -> None:
    child = _spawn_paused(tmp_path, ["--seed", "3", "--speech", "off", "--new"], pause="0.5")
    try:
        child.expect("tiles>")
        child.send("0-5 left\r")
        child.expect("bergen-test: saved journal")  # the move is saved; its news comes next
        child.sendcontrol("d")
        child.expect("You play 0-5")  # the answer still comes, then the program leaves
        child.expect("Match saved. Run bergen again")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    saved = saved_actions(tmp_path / "data" / "bergen-access")
    assert any(action.get("seat") == 0 and action.get("tile") == "0-5" for action in saved)


def test_ctrl_d_typed_ahead_in_the_scorekeeper_leaves(tmp_path: Path) -> None:
    child = _spawn_paused(tmp_path, ["keep", "--names", "Anna,Cem", "--speech", "off", "--new"])
    try:
        child.expect("who opens>")
        child.send("Anna 5-5\r")
        child.expect("yes or no>")
        child.send("yes\r")
        child.expect("bergen-test: saved keep.json")
        child.sendcontrol("d")
        child.expect("Score sheet saved")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    saved = saved_sheet(tmp_path / "data" / "bergen-access") or {}
    assert saved["names"] == ["Anna", "Cem"] and saved["entries"]
