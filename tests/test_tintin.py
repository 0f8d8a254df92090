"""A complete match at a ``bergen serve`` table played by TinTin++, a MUD client nobody here wrote.

TinTin++ (Debian's ``tintin++``, binary ``tt++``) runs under a pty in its screen-reader mode with a
script of its own ``#action`` triggers and nothing typed by the test: it connects, names itself,
opens a table against an easy computer and answers every turn line (the first playable tile, else
draw, else pass), every "fits both ends" question (left) and every hand's end (Enter) until
"Match over", then quits. Each trigger writes what it did to a file; the test reads TinTin++'s own
log of the server's output (raw, before triggers) and checks that every line asking for an answer
and every prompt was caught, in order, that the wire was clean (no telnet bytes, no control
characters, valid UTF-8) and that the server met no fault. Without ``tt++`` the test skips, unless
BERGEN_REQUIRE_TINTIN=1 (CI sets it): then it fails.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from .capabilities import pty_spawn
from .folders import data_env

REQUIRED = os.environ.get("BERGEN_REQUIRE_TINTIN") == "1"  # CI sets it: a missing tt++ fails
MATCH_SECONDS = 45.0  # the whole match, triggers' think time included (about 12 s here)
LISTENING = re.compile(r"listening on [\d.]+:(\d+)")
THINK = 0.2  # seconds each trigger waits before it answers: 5 lines a second, under the server's 10
CREATE = "create standard 2 computers easy"  # one person against one easy computer

#: TinTin++'s script (``script_for`` fills its @PLACES@: the port, the think time, the table, the files).
#: Each ``#line log`` line names one trigger's answer, in the words ``expected_answers`` gives. The
#: file's first character must be ``#``: TinTin++ takes it as the script's command character.
SCRIPT = r"""#config {SCREEN READER} ON
#config {LOG MODE} {RAW}
#config {LOG LEVEL} {LOW}
#action {^Welcome to Bergen Access} {#line log {@FIRED@} {name}; #delay {@THINK@} {#send {name Tintin}}}
#action {^You are Tintin.} {#line log {@FIRED@} {create}; #delay {@THINK@} {#send {@CREATE@}}}
#action {^Your turn.%*Playable: %d-%d} {#line log {@FIRED@} {play %2-%3}; #delay {@THINK@} {#send {%2-%3}}}
#action {Nothing fits: draw.} {#line log {@FIRED@} {draw}; #delay {@THINK@} {#send {draw}}}
#action {nothing can be drawn: pass.} {#line log {@FIRED@} {pass}; #delay {@THINK@} {#send {pass}}}
#action {^You draw %*. %d-%d fits} {#line log {@FIRED@} {drawn %2-%3}; #delay {@THINK@} {#send {%2-%3}}}
#action {fits both ends: left or right?} {#line log {@FIRED@} {end}; #delay {@THINK@} {#send {left}}}
#action {^Hand %d over.} {#line log {@FIRED@} {next}; #delay {@THINK@} {#cr}}
#action {^%*>$} {#line log {@FIRED@} {prompt %1>}}
#action {^Match over} {#line log {@FIRED@} {over}; #delay {@THINK@} {#send {quit}}}
#event {SESSION DISCONNECTED} {#line log {@FIRED@} {gone}; #end}
#session bergen 127.0.0.1 @PORT@
#log overwrite {@LOG@}
"""

#: What each line that asks for an answer should make the triggers do (the same rules, read here).
ANSWERS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^Welcome to Bergen Access"), "name"),
    (re.compile(r"^You are Tintin\."), "create"),
    (re.compile(r"^Your turn\..*?Playable: (\d+-\d+)"), "play {}"),
    (re.compile(r"Nothing fits: draw\."), "draw"),
    (re.compile(r"nothing can be drawn: pass\."), "pass"),
    (re.compile(r"^You draw .*?\. (\d+-\d+) fits"), "drawn {}"),
    (re.compile(r"fits both ends: left or right\?"), "end"),
    (re.compile(r"^Hand \d+ over\."), "next"),
    (re.compile(r"^.*>$"), "prompt {}"),
    (re.compile(r"^Match over"), "over"),
]
#: replies meaning a trigger's line was refused or the server failed: none may come
REFUSED = re.compile(
    r"Too fast|I did not understand|Something went wrong|Not your turn|You do not hold|"
    r"does not fit|You cannot pass|A tile fits, so you must|Wrong password"
)
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\ufffd]")  # anything but text and the line feed


def script_for(port: int, fired: Path, log: Path) -> str:
    """The script for a server on ``port``: triggers write to ``fired``, what the server says to ``log``."""
    places = {"PORT": str(port), "THINK": str(THINK), "CREATE": CREATE, "FIRED": str(fired), "LOG": str(log)}
    return re.sub(r"@([A-Z]+)@", lambda found: places[found.group(1)], SCRIPT)


def expected_answers(lines: list[str]) -> list[str]:
    """The answers the triggers owe for ``lines`` (the server's output), in order, one per match."""
    owed = []
    for line in lines:
        for pattern, answer in ANSWERS:
            found = pattern.search(line)
            if found:
                owed.append(answer.format(found.group(1) if found.groups() else found.group(0)))
    return owed


def test_expected_answers_reads_every_kind_of_question() -> None:
    """The check's own reading: each line that asks something owes its answer, a plain line owes none."""
    lines = [
        "Welcome to Bergen Access. Type name and your name.",
        "You are Tintin. Type tables, create or join.",
        "Anna plays 1-3 on the left.",
        "Your turn. Ends 3 and double 1. Playable: 0-1 (right), 1-5 (right). Also in hand: 0-6.",
        "3|1-1, 5 tiles>",
        "Your turn. Ends 2 and 2. Nothing fits: draw.",
        "You draw 3-4. Nothing fits: draw.",
        "You draw 1-6. 1-6 fits: left or right.",
        "1-6 fits both ends: left or right?",
        "left or right>",
        "Your turn. Ends 5 and 5. Nothing fits and nothing can be drawn: pass.",
        "Hand 1 over. Score: You 4, Anna 0; target 15.",
        "Match over: you win! Score: You 16, Anna 14; target 15.",
    ]
    assert expected_answers(lines) == [
        "name",
        "create",
        "play 0-1",
        "prompt 3|1-1, 5 tiles>",
        "draw",
        "draw",
        "drawn 1-6",
        "end",
        "prompt left or right>",
        "pass",
        "next",
        "over",
    ]


def tintin() -> str:
    """The ``tt++`` binary (Debian puts it in /usr/games, often not on PATH), or skip or fail."""
    found = shutil.which("tt++") or shutil.which("tt++", path="/usr/games")
    if found is None:
        reason = "TinTin++ (tt++) is not installed: apt-get install tintin++"
        if REQUIRED:
            pytest.fail(f"{reason}; BERGEN_REQUIRE_TINTIN is set")
        pytest.skip(reason)
    return found


def start_server(home: Path) -> tuple[subprocess.Popen[str], int]:
    """``bergen serve`` as its host starts it, on a free port, with folders of its own."""
    env = {
        **os.environ,
        "HOME": str(home),
        **data_env(home),
        "LANG": "C.UTF-8",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "bergen_access", "serve", "--port", "0"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    found = LISTENING.search(line)
    if found is None:
        process.kill()
        raise AssertionError(f"the server did not start: {line!r} {process.communicate()}")
    return process, int(found.group(1))


def test_tintin_triggers_play_a_whole_match(tmp_path: Path) -> None:
    binary = tintin()
    fired, log = tmp_path / "fired.txt", tmp_path / "server-output.log"
    server, port = start_server(tmp_path / "server")
    try:
        script = tmp_path / "bergen.tin"
        script.write_text(script_for(port, fired, log))
        (tmp_path / "client").mkdir()
        client_env = {**os.environ, "HOME": str(tmp_path / "client"), "TERM": "xterm", "LANG": "C.UTF-8"}
        started = time.monotonic()
        client = pty_spawn(
            binary, ["-G", str(script)], cwd=str(tmp_path), env=client_env, dimensions=(24, 80), timeout=5
        )
        try:
            client.expect(pexpect.EOF, timeout=MATCH_SECONDS)
        except pexpect.TIMEOUT:
            seen = fired.read_text() if fired.exists() else ""
            shown = (client.before or b"").decode("utf-8", "replace")
            raise AssertionError(
                f"no match over in {MATCH_SECONDS} s; fired: {seen[-600:]}; screen: {shown[-600:]}"
            ) from None
        finally:
            screen = (client.before or b"").decode("utf-8", "replace")
            client.close(force=True)
        took = time.monotonic() - started
    finally:
        server.send_signal(signal.SIGTERM)
        host_out, host_err = server.communicate(timeout=15)

    # TinTin++ ended by its own #end, after the server's goodbye, with no error of its own
    assert client.exitstatus == 0, (client.exitstatus, client.signalstatus, screen[-800:])
    assert "ERROR" not in screen, screen[-800:]
    data = log.read_bytes()
    output = data.decode("utf-8")  # strictly: invalid UTF-8 fails here
    lines = output.splitlines()
    # the wire: no telnet bytes, no escapes, no control characters; only text and line ends
    assert b"\xff" not in data
    assert data.endswith(b"\r\n") and data.count(b"\n") == data.count(b"\r\n"), "a line not ended by CR LF"
    stray = sorted({f"U+{ord(c):04X}" for c in CONTROL.findall(output.replace("\r\n", "\n"))})
    assert not stray, f"control characters in the client's log: {stray}"
    # a whole match, every line the table said to the player understood
    assert any(line.startswith("Match over") for line in lines), lines[-10:]
    assert lines[-1] == "Goodbye.", lines[-5:]
    refused = [line for line in lines if REFUSED.search(line)]
    assert not refused, refused
    # every line asking for an answer, and every prompt, caught by its trigger once, in order
    did = fired.read_text().splitlines()
    assert did[-1] == "gone", did[-5:]
    owed = expected_answers(lines)
    differ = [(n, a, b) for n, (a, b) in enumerate(zip(did, owed, strict=False)) if a != b]
    assert did[:-1] == owed, (len(did) - 1, len(owed), differ[:5])
    kinds = {answer.split()[0] for answer in owed}
    assert {"play", "prompt", "next", "over"} <= kinds, kinds  # more than one hand, moves and prompts
    # the server met no fault and stopped as its host stops it
    assert server.returncode == 0, host_err
    assert host_err == "", host_err
    assert "Traceback" not in host_out
    assert took < MATCH_SECONDS
