"""A headless BRLTTY for tests: the virtual braille driver played through a socket, no screen driver.

``running_brltty()`` starts ``brltty -b vr -d server:<folder>/vr.sock -x no`` with
its own folders and a BrlAPI socket ``:N`` of its own (N unusual and unused on
this machine), connects a :class:`VirtualDisplay` as the braille display, waits
until BrlAPI listens, and always stops BRLTTY by pid (TERM, then KILL) at the end.
Give the program under test ``brltty.env()`` (BRLAPI_HOST=":N").
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bergen_access.output.brlapi import local_socket_dirs

from .capabilities import kill_now, needs_linux, patience

pytestmark = needs_linux  # a helper of Linux-only tests: BRLTTY and its virtual display

REQUIRED = os.environ.get("BERGEN_REQUIRE_BRLTTY") == "1"  # CI may set it: a missing brltty fails
START_TIMEOUT = 10.0
OWN_LINE = "BRLTTY itself"  # what BRLTTY shows when no client holds the display (-x no's message)
KEY_SPACING = 0.04  # BRLTTY reads one command line per wake-up: lines sent together would wait
KEY_TIMEOUT = 5.0  # seconds a press waits for BRLTTY to take the key (a loaded machine is slow)
TAKEN = "ommand received: "  # BRLTTY's debug log line for each command line the driver read


def brltty_binary() -> str:
    """The brltty program (often in /usr/sbin, outside a user's PATH), or skip the test."""
    found = shutil.which("brltty")
    for candidate in (found, "/usr/sbin/brltty", "/sbin/brltty"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    if REQUIRED:
        pytest.fail("brltty is not installed")
    pytest.skip("brltty is not installed")


def _taken(number: int) -> bool:
    return any((d / str(number)).exists() or (d / f".{number}").exists() for d in local_socket_dirs())


def free_api_number() -> int:
    """An unusual BrlAPI socket number no BRLTTY uses now (derived from our pid, lock files checked)."""
    start = os.getpid() % 20000
    for step in range(20000):
        number = 20000 + (start + step) % 20000
        if not _taken(number):
            return number
    raise RuntimeError("no free BrlAPI socket number")


def _unescape(quoted: str) -> str:
    """The text of a vr ``"…"`` string (the driver escapes a quote and a backslash with a backslash)."""
    body = quoted.strip().removeprefix('"').removesuffix('"')
    out: list[str] = []
    escaped = False
    for char in body:
        if char == "\\" and not escaped:
            escaped = True
            continue
        out.append(char)
        escaped = False
    return "".join(out)


class VirtualDisplay:
    """The braille display as BRLTTY's virtual driver shows it: text, dots, and keys to press."""

    def __init__(self, path: Path, columns: int = 40, rows: int = 1) -> None:
        self.columns = columns
        self.rows = rows
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.connect(str(path))
        self._buffer = b""
        self._last_press = 0.0
        self.log: Path | None = None  # BRLTTY's log (debug level): a press waits until the key was taken
        self._log_at = 0  # how far the log was read
        self._commands: list[str] = []  # the command lines BRLTTY logged as read so far
        self.text = ""
        self.dots: list[str] = []
        self.texts: list[str] = []
        self._send(f"cells {columns} {rows}" if rows != 1 else f"cells {columns}")

    def _send(self, line: str) -> None:
        self._sock.sendall(line.encode("utf-8") + b"\n")

    def poll(self, timeout: float = 0.0) -> bool:
        """Read what the driver sent (waiting up to ``timeout`` for the first bytes); True if anything."""
        readable, _, _ = select.select([self._sock], [], [], timeout)
        if not readable:
            return False
        chunk = self._sock.recv(65536)
        if not chunk:
            raise ConnectionError("BRLTTY closed the virtual display")
        self._buffer += chunk
        *lines, self._buffer = self._buffer.split(b"\n")
        for raw in lines:
            self._parse(raw.decode("utf-8", "replace").rstrip("\r"))
        return True

    def _parse(self, line: str) -> None:
        word, _, rest = line.partition(" ")
        if word == "Visual":
            self.text = _unescape(rest)
            self.texts.append(self.text)
        elif word == "Braille":
            self.dots = [cell.strip() for cell in _unescape(rest).split("|")]

    def wait_for_text(self, predicate: Callable[[str], bool], timeout: float = 3.0) -> str:
        """The shown text once ``predicate`` holds for it (else AssertionError with the last text)."""
        deadline = time.monotonic() + patience(timeout)
        while not predicate(self.text):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"the display shows {self.text!r} after {timeout} s")
            self.poll(min(remaining, 0.1))
        return self.text

    def wait_for_dots(self, predicate: Callable[[list[str]], bool], timeout: float = 3.0) -> list[str]:
        """The shown cells (dot numbers like "1257", "" for a blank) once ``predicate`` holds."""
        deadline = time.monotonic() + patience(timeout)
        while not predicate(self.dots):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"the display shows dots {self.dots!r} after {timeout} s")
            self.poll(min(remaining, 0.1))
        return self.dots

    def settle(self, quiet: float = 0.15, timeout: float = 2.0) -> str:
        """The text once nothing new came for ``quiet`` seconds (bounded by ``timeout``)."""
        deadline = time.monotonic() + patience(timeout)
        while time.monotonic() < deadline and self.poll(quiet):
            pass
        return self.text

    def wait_for_release(self, timeout: float = 3.0) -> str:
        """Wait until BRLTTY shows its own line again (no client holds the display).

        Without a screen driver BRLTTY's core redraws only on an event, so this
        presses "Refresh" every 0.2 s: BRLTTY redraws its own line if no client
        holds the display; a client that still holds it gets the key instead, and
        the display keeps the client's text (then this fails). With a real screen
        driver the core polls the screen and redraws by itself.
        """
        deadline = time.monotonic() + patience(timeout)
        while not self.text.startswith(OWN_LINE):
            if time.monotonic() > deadline:
                raise AssertionError(f"the display still shows {self.text!r} after {timeout} s")
            self.press("Refresh")
            self.poll(0.2)
        return self.text

    def press(self, key: str) -> None:
        """Press a key by its BRLTTY command name: "Route 6", "FWinRt", "FWinLt", "LnUp", "LnDn", "Bot".

        ``Route n`` reaches a BrlAPI client as argument n (BRLTTY's 0-based cell
        number); n must be at least 1, so the first cell cannot be pressed.

        BRLTTY's virtual driver reads one command line per wake-up, and a wake-up
        comes with new bytes: on a busy machine two lines sent apart may arrive
        together, and the second then waits, unread, until something more is sent.
        So a press sends blank lines (nothing to BRLTTY) until BRLTTY's log shows it
        took the key (without a log: one blank line).
        """
        self._pause()
        before = len(self._taken_commands())
        self._send(key)
        self._pause()
        self._send("")
        if self.log is None:
            return
        limit = patience(KEY_TIMEOUT)
        deadline = time.monotonic() + limit
        while key.strip() not in self._taken_commands()[before:]:
            if time.monotonic() > deadline:
                raise AssertionError(f"BRLTTY did not take the key {key!r} in {limit:.1f} s")
            self.poll(0.05)
            self._send("")

    def _taken_commands(self) -> list[str]:
        """The command lines BRLTTY logged as read, so far (read on from where the last look ended)."""
        if self.log is not None and self.log.exists():
            with self.log.open("rb") as stream:
                stream.seek(self._log_at)
                chunk = stream.read()
            complete = chunk.rfind(b"\n") + 1
            self._log_at += complete
            for line in chunk[:complete].decode("utf-8", "replace").splitlines():
                if TAKEN in line:
                    self._commands.append(line.split(TAKEN, 1)[1].strip())
        return self._commands

    def _pause(self) -> None:
        wait = self._last_press + KEY_SPACING - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self._last_press = time.monotonic()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._sock.close()


@dataclass
class Brltty:
    """A running private BRLTTY."""

    process: subprocess.Popen[bytes]
    number: int
    folder: Path
    auth: str
    vr_socket: Path = field(init=False)
    log: Path = field(init=False)

    def __post_init__(self) -> None:
        self.vr_socket = self.folder / "vr.sock"
        self.log = self.folder / "brltty.log"

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def host(self) -> str:
        """The BRLAPI_HOST value that reaches this BRLTTY."""
        return f":{self.number}"

    def env(self, base: dict[str, str] | None = None) -> dict[str, str]:
        """An environment for a program that should use this BRLTTY (BRLAPI_HOST, BRLAPI_AUTH)."""
        env = dict(os.environ if base is None else base)
        env["BRLAPI_HOST"] = self.host
        env["BRLAPI_AUTH"] = self.auth
        return env

    def api_socket(self) -> Path | None:
        """Our BrlAPI socket, once it exists and its lock file names our pid."""
        for folder in local_socket_dirs():
            path, lock = folder / str(self.number), folder / f".{self.number}"
            with contextlib.suppress(OSError, ValueError):
                if path.exists() and int(lock.read_text().strip() or "0") == self.pid:
                    return path
        return None

    def api_answers(self) -> bool:
        """True once the BrlAPI server greets a connection (right after start it waits up to ~1 s)."""
        path = self.api_socket()
        if path is None:
            return False
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            try:
                probe.connect(str(path))
                readable, _, _ = select.select([probe], [], [], 0.2)
                return bool(readable) and len(probe.recv(64)) > 0
            except OSError:
                return False

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def stop(self) -> None:
        """TERM, a bounded wait, then KILL; then remove our socket and lock if BRLTTY could not."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=2.0)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    kill_now(self.pid)
                self.process.wait(timeout=5.0)
        for folder in local_socket_dirs():
            lock = folder / f".{self.number}"
            with contextlib.suppress(OSError, ValueError):
                if int(lock.read_text().strip() or "0") == self.pid:
                    (folder / str(self.number)).unlink(missing_ok=True)
                    lock.unlink(missing_ok=True)


def _connect_display(brltty: Brltty, columns: int) -> VirtualDisplay:
    """Connect as the display, retrying while the socket file exists but nobody listens on it yet.

    (Probing with a throw-away connection would not do: the driver takes the
    first connection as its display.)
    """
    displays: list[VirtualDisplay] = []

    def attempt() -> bool:
        if brltty.vr_socket.exists():
            with contextlib.suppress(ConnectionRefusedError, FileNotFoundError):
                displays.append(VirtualDisplay(brltty.vr_socket, columns))
        return bool(displays)

    _wait_until(attempt, brltty, "virtual display socket")
    return displays[0]


def _wait_until(condition: Callable[[], bool], brltty: Brltty, what: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while not condition():
        if brltty.process.poll() is not None:
            code = brltty.process.returncode
            raise RuntimeError(f"brltty exited ({code}) before {what}:\n{brltty.log_text()[-3000:]}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"brltty: no {what} after {START_TIMEOUT} s:\n{brltty.log_text()[-3000:]}")
        time.sleep(0.01)


def start_brltty(folder: Path, text_table: str = "de", auth: str = "none", tcp: bool = False) -> Brltty:
    """Start BRLTTY (vr driver, no screen driver, no speech) on a free BrlAPI number; not yet waited for.
    ``tcp``: also on 127.0.0.1 (TCP port 4101 + the number), as BRLTTY for Windows serves BrlAPI."""
    binary = brltty_binary()
    number = free_api_number()
    log = folder / "brltty.log"
    hosts = f":{number}+127.0.0.1:{number}" if tcp else f":{number}"
    command = [binary, "-n", "-q", "-f", "/dev/null", "-F", "/dev/null"]
    command += ["-b", "vr", "-d", f"server:{folder / 'vr.sock'}", "-x", "no", "-X", f"message={OWN_LINE}"]
    command += ["-s", "no"]
    command += ["-W", str(folder), "-U", str(folder), "-A", f"host={hosts},auth={auth}"]
    command += ["-t", text_table, "-l", "debug", "-L", str(log)]  # debug: each key the driver takes
    process = subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    return Brltty(process, number, folder, auth)


@contextlib.contextmanager
def running_brltty(
    columns: int = 40,
    text_table: str = "de",
    auth: str = "none",
    folder: Path | None = None,
    tcp: bool = False,
) -> Iterator[tuple[Brltty, VirtualDisplay]]:
    """A BRLTTY with a ``columns``-cell virtual display, ready for BrlAPI clients; always stopped after."""
    own_folder = folder is None
    # a short folder: the vr socket path must fit in a sockaddr_un (108 bytes)
    where = Path(tempfile.mkdtemp(prefix="brltty-", dir="/tmp")) if folder is None else folder
    brltty: Brltty | None = None
    display: VirtualDisplay | None = None
    try:
        brltty = start_brltty(where, text_table, auth, tcp)
        running = brltty
        display = _connect_display(running, columns)
        display.log = running.log
        _wait_until(running.api_answers, running, "BrlAPI greeting")
        shown = display
        _wait_until(lambda: shown.poll(0.05) or bool(shown.text), running, "first display line")
        yield running, display
    finally:
        if brltty is not None:
            brltty.stop()  # while the display is still connected: without it BRLTTY ignores TERM
        if display is not None:
            display.close()
        if own_folder:
            shutil.rmtree(where, ignore_errors=True)
