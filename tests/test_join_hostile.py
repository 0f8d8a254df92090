"""``bergen join`` against a hostile server (issue 31): a fake server over a real socket, telnet with
GMCP (``tests/hostile_server.py``), says escape codes, C1 controls, direction overrides and GMCP
fields of every wrong type and range, in lines and in every GMCP message.

What reaches the player's terminal and speech passes one boundary (``net/from_server.py``): nothing
raw (C0 but newline and tab, ESC, C1, direction controls), a bad GMCP field is ignored and counted,
nothing ends the client; and when the client itself fails, its sentence is true for ``join`` (it
saves no match: the seat waits at the server).
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bergen_access import join as join_module
from bergen_access.i18n import I18n
from bergen_access.join import Connection, join
from bergen_access.net import gmcp
from bergen_access.net.from_server import FromServer

from .folders import data_env, data_folder
from .hostile_server import PAUSE, HostileServer, line, message, raw_message

ATTACK = "\x1b]0;PWNED\x07\x1b[2J\u009b2J\u202eevil"  # retitle, clear, a C1 CSI, a right-to-left override
ATTACK_SHOWN = "<ESC>]0;PWNED<BEL><ESC>[2J<U+009B>2J<U+202E>evil"
#: what never reaches the terminal raw: C0 but newline and tab, DEL, C1, the direction controls
RAW = frozenset(
    [chr(c) for c in range(0x20) if chr(c) not in "\n\t"]
    + [chr(0x7F)]
    + [chr(c) for c in range(0x80, 0xA0)]
    + list("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
)


def raw_in(text: str) -> list[str]:
    return sorted({f"U+{ord(char):04X}" for char in text if char in RAW})


def run_join(port: int, home: Path, timeout: float = 30) -> subprocess.CompletedProcess[bytes]:
    """The real ``bergen join`` through pipes (plain lines, nothing typed: its input ends at once)."""
    env = {
        **os.environ,
        "HOME": str(home),
        **data_env(home),
        "LANG": "C.UTF-8",
        "BRLAPI_HOST": ":98",
        "BERGEN_TEST_RETRY_SCALE": "0.01",
    }
    arguments = ["join", f"127.0.0.1:{port}", "--lang", "en", "--plain", "--speech", "off", "--sounds", "off"]
    return subprocess.run(
        [sys.executable, "-m", "bergen_access", *arguments],
        env=env,
        input=b"",
        capture_output=True,
        timeout=timeout,
        check=False,
    )


def test_a_servers_escape_codes_in_the_gmcp_prompt_are_shown_never_done(tmp_path: Path) -> None:
    script = [
        line("Welcome " + ATTACK),
        message(gmcp.LINE, {"kind": "notice"}),
        line(ATTACK),
        message(gmcp.PROMPT, {"text": ATTACK + "> ", "short": ATTACK, "answered": 0, "pending": False}),
    ]
    with HostileServer(script) as server:
        done = run_join(server.port, tmp_path)
    out = done.stdout.decode("utf-8")
    assert raw_in(out) == [], repr(out)
    assert out.count(ATTACK_SHOWN) == 3, out  # two lines and the prompt, each shown as it is
    assert ATTACK_SHOWN + "> " in out  # the prompt from GMCP, made visible like the lines
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    assert server.heard[-1:] == ["quit"]


@pytest.mark.parametrize(
    "answered",
    [b'"x"', b"[1]", b"1e400", b"NaN", b"Infinity", b"1.5", b"true", b"-3", b"{}", b"null", b"99" * 40],
)
def test_an_answered_that_is_no_whole_number_is_ignored_never_a_crash(
    tmp_path: Path, answered: bytes
) -> None:
    script = [
        line("Welcome."),
        raw_message(b'Bergen.Prompt {"text":"bad> ","answered":' + answered + b"}"),
        PAUSE,  # the client has taken the bad one before the good one comes
        message(gmcp.PROMPT, {"text": "good> ", "short": "Good: ", "answered": 0}),
    ]
    with HostileServer(script) as server:
        done = run_join(server.port, tmp_path)
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, (done.returncode, out)
    assert not (data_folder(tmp_path) / "crash.log").exists(), out
    assert "Something went wrong" not in out and b"Traceback" not in done.stderr, out
    assert "good> " in out and server.heard[-1:] == ["quit"], out


@pytest.mark.parametrize(
    ("data", "fields"),
    [
        ({"text": "a> ", "answered": "x", "pending": "no", "short": 5}, 3),
        ({"text": ["a"], "answered": math.nan}, 2),
        ({"text": "x" * 5000, "answered": 2**70}, 2),
        ({"answered": True, "pending": None}, 1),
        ([1, 2], 1),
        ("text", 1),
    ],
)
def test_each_bad_gmcp_field_is_ignored_and_counted(data: Any, fields: int) -> None:
    peer = FromServer()
    state = peer.prompt(data)
    assert peer.ignored == fields
    assert state.answered == -1 and state.pending is False
    assert state.text in (None, "a> ")


def test_a_seat_code_a_kind_and_a_close_are_checked_by_type() -> None:
    peer = FromServer()
    assert peer.code({"code": "0123abcd"}) == "0123abcd"
    assert peer.code({"code": "\x1b[2J"}) is None and peer.code({"code": 7}) is None
    assert peer.code({"code": "a" * 65}) is None and peer.ignored == 3
    assert peer.kind({"kind": "play"}) is gmcp.LineKind.PLAY
    assert peer.kind({"kind": ["play"]}) is None and peer.kind("play") is None
    closing = peer.closing({"reason": ATTACK, "again": "yes", "code": "c0de"})
    assert closing.reason == ATTACK_SHOWN and closing.again is False and closing.code == "c0de"


# --- in this process: the crash sentence, and the fuzzed server ---------------------------------------


@contextlib.contextmanager
def folders(home: Path) -> Iterator[None]:
    """This process's settings and data in ``home`` for a while (Hypothesis runs many in one test)."""
    saved = {name: os.environ.get(name) for name in [*data_env(home), "BERGEN_TEST_RETRY_SCALE"]}
    os.environ.update({**data_env(home), "BERGEN_TEST_RETRY_SCALE": "0.01"})
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def join_here(port: int, home: Path) -> tuple[int, str]:
    """``bergen join`` in this process (its own folders, plain lines, input at its end); status, output."""
    from bergen_access.cli import build_parser  # noqa: PLC0415

    parser, commands = build_parser(I18n("en"), "join")
    arguments = ["join", f"127.0.0.1:{port}", "--lang", "en", "--plain", "--speech", "off", "--sounds", "off"]
    out = io.StringIO()
    with folders(home):
        status = join(commands["join"], parser.parse_args(arguments), io.StringIO(""), out)
    return status, out.getvalue()


def test_when_join_itself_fails_it_says_so_truthfully_and_how_to_come_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(connection: Connection, reader: object, lexicon: object) -> bool:
        connection.wait_answer(5)  # the seat's code has come
        raise RuntimeError("a fault of the client's own")

    monkeypatch.setattr(join_module, "_play_lines", broken)
    script = [message(gmcp.SEAT, {"table": 1, "seat": 2, "code": "0123abcd"})]
    script += [message(gmcp.PROMPT, {"text": "> ", "answered": 0})]
    with HostileServer(script, hold=2) as server:
        status, out = join_here(server.port, tmp_path)
    log = data_folder(tmp_path) / "crash.log"
    assert status == 1 and "a fault of the client's own" in log.read_text(encoding="utf-8")
    assert "saved" not in out  # join keeps no match
    assert out.rstrip().endswith(
        f"Something went wrong; details are in {log}. "
        "Your seat waits at the server for a while: join again and type rejoin 0123abcd."
    ), out


def test_a_fault_while_taking_the_servers_lines_is_said_as_a_fault_never_retried_as_a_lost_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: FromServer, text: str, too_long: bool = False) -> str:
        raise RuntimeError("a fault in the server-lines thread")

    monkeypatch.setattr(FromServer, "line", broken)
    failed: list[str] = []
    hook = threading.excepthook
    threading.excepthook = lambda args: failed.append(repr(args.exc_value))
    try:
        with HostileServer([line("Welcome.")], hold=2) as server:
            status, out = join_here(server.port, tmp_path)
    finally:
        threading.excepthook = hook
    log = data_folder(tmp_path) / "crash.log"
    assert status == 1 and "a fault in the server-lines thread" in log.read_text(encoding="utf-8")
    assert out.rstrip().endswith(f"Something went wrong; details are in {log}."), out
    assert "trying again" not in out and server.connections == 1 and not failed, out


hostile_text = st.one_of(
    st.text(max_size=40),
    st.text(
        st.sampled_from(list("\x1b\x07\x9b\x85\u202e\u2066\u200f\x00\x7f\r\u2028[]0;2JaZ ü>")), max_size=40
    ),
    st.sampled_from([ATTACK, "\x1b[31mred", "\x1bP+q\x1b\\", "\u009d0;x\u009c", "\u202etxt.exe"]),
).filter(lambda text: "\n" not in text)
FIELDS = ["text", "short", "answered", "pending", "kind", "code", "reason", "again", "table", "seat"]
json_value = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | hostile_text,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=4), inner)
    ),
    max_leaves=8,
)
NAMES = [
    gmcp.PROMPT,
    gmcp.LINE,
    gmcp.SEAT,
    gmcp.SEAT_LEFT,
    gmcp.SEAT_GONE,
    gmcp.CLOSE,
    "Core.Hello",
    "Bergen.X",
]
part = st.one_of(
    hostile_text.map(line),
    st.builds(message, st.sampled_from(NAMES), json_value),
    st.builds(
        message,
        st.sampled_from(NAMES),
        st.dictionaries(st.sampled_from(FIELDS), json_value, max_size=5),
    ),
    st.builds(
        lambda name, body: raw_message(name.encode() + b" " + body),
        st.sampled_from(NAMES),
        st.binary(max_size=20),
    ),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(part, max_size=12), hostile_text)
def test_a_fuzzed_server_neither_ends_join_nor_reaches_the_terminal_raw(
    tmp_path: Path, parts: list[bytes], prompt: str
) -> None:
    failed: list[str] = []
    hook = threading.excepthook
    threading.excepthook = lambda args: failed.append(repr(args.exc_value))  # the server-lines thread too
    home = tmp_path / str(len(os.listdir(tmp_path)))
    try:
        script = [*parts, message(gmcp.PROMPT, {"text": prompt + "> ", "answered": 0})]
        with HostileServer(script, hold=5) as server:
            status, out = join_here(server.port, home)
    finally:
        threading.excepthook = hook
    assert not (data_folder(home) / "crash.log").exists() and not failed, (failed, out)
    assert status in (0, 1) and "Something went wrong" not in out, out
    assert raw_in(out) == [], repr(out)
    assert server.connections == 1 and server.heard[-1:] == ["quit"], (server.heard, out)
