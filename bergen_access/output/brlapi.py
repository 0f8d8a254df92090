"""A small client of BRLTTY's BrlAPI, in the standard library only.

BrlAPI lets a program take the braille display from BRLTTY while it runs: the
display then shows the game's own line instead of the console line under the
cursor, and the display's keys (routing keys, panning, line up/down) come to the
game. Its Python binding exists only as a Debian package tied to one CPython,
so this module speaks the protocol itself, as documented in BRLTTY's
``Programs/brlapi_protocol.h`` and the protocol chapter of the BrlAPI manual:
every packet is a big-endian header (data size, type) followed by the data.

Threads: the game writes from its main thread while one reader thread blocks in
:meth:`Connection.read_key`. Sending is serialized by one lock. Receiving is
done by whichever thread waits for something (a key, or the answer to a request)
while no other thread is reading: that thread reads one packet at a time and
routes it, keys to the key queue, answers (ack, error, driver name, size) to the
waiting request, exceptions to the connection's failure, then wakes the others
(a leader/follower scheme). So the reader thread may read the ack of an
``enter_tty_mode`` the main thread waits for, and hands it over; nothing is
stolen or lost. Writes are not acknowledged by the protocol: their errors come
later as exception packets, which make the next call of any method raise
:class:`BrlapiError` (the connection is then unusable, as with the C library).
When the game watches :meth:`Connection.fileno` with an event loop instead,
``read_key(0)`` takes the keys that already arrived (queued or in the socket).

Which tty: as ``brlapi_enterTtyMode`` does (see :func:`tty_path`): the window
path (WINDOWPATH), then WINDOWID, CONTROLVT, XDG_VTNR or the Linux console the
program runs on. Where none is known (a pseudo-terminal over ssh, Wayland) the C
library gives up; this client asks for the path without a tty instead, which
BRLTTY shows whatever console has the focus. A BRLTTY without a screen driver
(``-x no``, the tests' fixture) has no focus and shows a client on any path.
"""

from __future__ import annotations

import contextlib
import enum
import os
import select
import socket
import struct
import threading
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

PROTOCOL_VERSION = 8
TCP_BASE_PORT = 4101  # BRLAPI_SOCKETPORTNUM: "host:N" is TCP port 4101 + N
DEFAULT_HOST = ":0"
DEFAULT_KEY_FILE = "/etc/brlapi.key"  # BRLAPI_ETCDIR "/" BRLAPI_AUTHKEYFILE on Debian
MAX_PACKET_SIZE = 4096
CHARSET = b"UTF-8"
_MAX_TTY_NUMBER = 63  # MAXIMUM_VIRTUAL_CONSOLE on Linux
_TTY_MAJOR = 4  # Linux virtual consoles

_HEADER = struct.Struct(">II")
_U32 = struct.Struct(">I")

_VERSION = ord("v")
_AUTH = ord("a")
_DRIVER_NAME = ord("n")
_DISPLAY_SIZE = ord("s")
_ENTER_TTY = ord("t")
_LEAVE_TTY = ord("L")
_KEY = ord("k")
_WRITE = ord("w")
_ACK = ord("A")
_ERROR = ord("e")
_EXCEPTION = ord("E")

_AUTH_NONE = ord("N")
_AUTH_KEY = ord("K")

_WF_REGION = 0x02
_WF_TEXT = 0x04
_WF_CURSOR = 0x20
_WF_CHARSET = 0x40

ERROR_AUTHENTICATION = 17
ERROR_PROTOCOL_VERSION = 13
_ERROR_NAMES = {
    1: "not enough memory",
    2: "a connection is already running in this tty",
    3: "a connection is already using raw or suspend mode",
    4: "not implemented in protocol",
    5: "forbidden in current mode",
    6: "out of range or has no sense",
    7: "invalid size",
    8: "connection refused",
    9: "operation not supported",
    12: "could not find out the tty number",
    13: "bad protocol version",
    14: "unexpected end of file",
    15: "key file empty",
    16: "packet returned by driver too large",
    17: "authentication failed",
    18: "parameter can not be changed",
}

# BrlAPI key codes (Headers/brlapi_keycodes.h): the type bits tell a BRLTTY command from a keysym
_KEY_TYPE_MASK = 0xE0000000
_KEY_TYPE_CMD = 0x20000000
_KEY_CODE_MASK = 0x1FFFFFFF
_KEY_CMD_BLK_MASK = 0x1FFF0000
_KEY_CMD_BLK_SHIFT = 16
_KEY_CMD_ARG_MASK = 0x0000FFFF
_KEY_SYM_RETURN = 0xFF0D  # X keysym Return (BRLAPI_KEY_SYM_LINEFEED)
_KEY_SYM_KP_ENTER = 0xFF8D
_KEY_SYM_UNICODE = 0x01000000
_KEY_SYM_UNICODE_MASK = 0x1F000000
# Headers/brl_cmds.h: block 0 holds the basic commands, block 1 is ROUTE
_BLK_BASIC = 0
_BLK_ROUTE = 1


class BrlapiError(OSError):
    """No BRLTTY answered, it refused us, or it reported an error: braille is unavailable."""

    def __init__(self, message: str, code: int | None = None) -> None:
        super().__init__(message)
        self.code = code


class KeyCommand(enum.Enum):
    """What a display key asks for, as far as the game cares."""

    ROUTE = "route"
    PAN_LEFT = "pan_left"
    PAN_RIGHT = "pan_right"
    LINE_UP = "line_up"
    LINE_DOWN = "line_down"
    TOP = "top"
    BOTTOM = "bottom"
    RETURN = "return"
    OTHER = "other"


_BASIC_COMMANDS = {
    1: KeyCommand.LINE_UP,  # BRL_CMD_LNUP
    2: KeyCommand.LINE_DOWN,  # BRL_CMD_LNDN
    9: KeyCommand.TOP,  # BRL_CMD_TOP
    10: KeyCommand.BOTTOM,  # BRL_CMD_BOT
    11: KeyCommand.TOP,  # BRL_CMD_TOP_LEFT
    12: KeyCommand.BOTTOM,  # BRL_CMD_BOT_LEFT
    23: KeyCommand.PAN_LEFT,  # BRL_CMD_FWINLT
    24: KeyCommand.PAN_RIGHT,  # BRL_CMD_FWINRT
    25: KeyCommand.PAN_LEFT,  # BRL_CMD_FWINLTSKIP
    26: KeyCommand.PAN_RIGHT,  # BRL_CMD_FWINRTSKIP
    31: KeyCommand.RETURN,  # BRL_CMD_RETURN
}


@dataclass(frozen=True)
class Key:
    """One key press: the command, its argument (the 0-based cell for ROUTE), the raw BrlAPI code."""

    command: KeyCommand
    argument: int
    code: int


def decode_key(code: int) -> Key:
    """Read a 64-bit BrlAPI key code: a BRLTTY command (block, argument) or a keysym.

    The argument is the command's (the 0-based cell for ROUTE), or the keysym
    (a code point for a typed character). Flags in the upper half are ignored.

    >>> decode_key(0x20010006)
    Key(command=<KeyCommand.ROUTE: 'route'>, argument=6, code=536936454)
    >>> decode_key(0xFF0D).command
    <KeyCommand.RETURN: 'return'>
    """
    low = code & 0xFFFFFFFF
    if low & _KEY_TYPE_MASK == _KEY_TYPE_CMD:
        block = (low & _KEY_CMD_BLK_MASK) >> _KEY_CMD_BLK_SHIFT
        argument = low & _KEY_CMD_ARG_MASK
        if block == _BLK_ROUTE:
            return Key(KeyCommand.ROUTE, argument, code)
        if block == _BLK_BASIC:
            return Key(_BASIC_COMMANDS.get(argument, KeyCommand.OTHER), argument, code)
        return Key(KeyCommand.OTHER, argument, code)
    keysym = low & _KEY_CODE_MASK
    if keysym in (_KEY_SYM_RETURN, _KEY_SYM_KP_ENTER):
        return Key(KeyCommand.RETURN, 0, code)
    if keysym & _KEY_SYM_UNICODE_MASK == _KEY_SYM_UNICODE:
        keysym &= 0xFFFFFF  # a typed character: its code point
    return Key(KeyCommand.OTHER, keysym, code)


def local_socket_dirs(environ: Mapping[str, str] | None = None) -> tuple[Path, ...]:
    """Where BRLTTY may keep its local BrlAPI sockets, in the order BrlAPI's C library tries them.

    A session server under ``$XDG_RUNTIME_DIR/brltty``, then the system server in
    ``/run/BrlAPI`` (BRLTTY 6.7 and later), then the legacy ``/var/lib/BrlAPI``
    (Debian 12's BRLTTY 6.5 uses that one).
    """
    env = os.environ if environ is None else environ
    dirs: list[Path] = []
    runtime = env.get("XDG_RUNTIME_DIR")
    if runtime:
        dirs.append(Path(runtime) / "brltty")
    dirs += [Path("/run/BrlAPI"), Path("/var/lib/BrlAPI")]
    return tuple(dirs)


def parse_host(host: str) -> tuple[str | None, str]:
    """Split a BRLAPI_HOST value as BrlAPI does: (None, socket name) for ":N", else (host, TCP port).

    >>> parse_host(":0")
    (None, '0')
    >>> parse_host("braille.example:2")
    ('braille.example', '4103')
    >>> parse_host("localhost")
    ('localhost', '4101')
    """
    if not host:
        return None, "0"
    colon = host.rfind(":")
    if colon == 0:
        return None, host[1:] or "0"
    if colon < 0:
        return host, str(TCP_BASE_PORT)
    name, number = host[:colon], host[colon + 1 :]
    port = TCP_BASE_PORT
    if number.isdigit() and int(number) <= 0xFFFF - TCP_BASE_PORT:
        port += int(number)
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    return name, str(port)


def key_file(auth: str | None, environ: Mapping[str, str] | None = None) -> Path | None:
    """The key file an auth setting names ("keyfile:/path", a bare path, "none"), as BrlAPI reads it.

    >>> key_file("keyfile:/etc/brlapi.key+polkit").as_posix()
    '/etc/brlapi.key'
    >>> key_file("none") is None
    True
    """
    env = os.environ if environ is None else environ
    spec = auth or env.get("BRLAPI_AUTH") or f"keyfile:{DEFAULT_KEY_FILE}"
    if spec.startswith("keyfile:"):
        path = spec[len("keyfile:") :]
    elif "+keyfile:" in spec:
        path = spec.split("+keyfile:", 1)[1]
    else:
        path = spec
    path = path.split("+", 1)[0]
    if path in ("", "none", "polkit"):
        return None
    return Path(path)


def _read_key_file(path: Path) -> bytes:
    try:
        with path.open("rb") as stream:
            key = stream.read(MAX_PACKET_SIZE - 2 * _U32.size)
    except OSError as error:
        raise BrlapiError(f"cannot read the BrlAPI key file {path}: {error.strerror}") from error
    if not key:
        raise BrlapiError(f"the BrlAPI key file {path} is empty", 15)
    return key


def _leading_number(value: str | None) -> int | None:
    """The number a variable like WINDOWID holds, as C's ``sscanf("%u")`` reads it."""
    if not value:
        return None
    digits = ""
    for char in value.strip():
        if not char.isdigit():
            break
        digits += char
    if not digits or int(digits) > 0xFFFFFFFF:
        return None
    return int(digits)


def _console_of_this_process(stat_path: Path) -> int | None:
    """The Linux virtual console (1..63) this process runs on, from the tty_nr in /proc/self/stat."""
    try:
        stat = stat_path.read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 1 :].split()
    if len(fields) < 5 or not fields[4].lstrip("-").isdigit():
        return None
    tty_nr = int(fields[4])
    if tty_nr <= 0 or os.major(tty_nr) != _TTY_MAJOR:
        return None
    console = os.minor(tty_nr)
    return console if 1 <= console <= _MAX_TTY_NUMBER else None


def controlling_tty(environ: Mapping[str, str] | None = None, stat_path: Path | None = None) -> int | None:
    """The tty brlapi_enterTtyMode would take: WINDOWID, CONTROLVT, XDG_VTNR (text session), the VT."""
    env = os.environ if environ is None else environ
    graphical = bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    for name in ("WINDOWID", "CONTROLVT") if graphical else ("WINDOWID", "CONTROLVT", "XDG_VTNR"):
        number = _leading_number(env.get(name))
        if number is not None:
            return number
    return _console_of_this_process(stat_path or Path("/proc/self/stat"))


def tty_path(
    tty: int | None = None, environ: Mapping[str, str] | None = None, stat_path: Path | None = None
) -> list[int]:
    """The tty path to ask for: the window path (WINDOWPATH, or XDG_VTNR under X/Wayland), then the tty.

    When no tty can be found (a terminal that is not a Linux console nor an X
    window, e.g. over ssh or on Wayland), the path stops at the window path, or
    is empty: BRLTTY then gives the display to this client whatever console has
    the focus, until it leaves tty mode. BRLTTY run without a screen driver
    (``-x no``) has no focus at all and shows the client under any path.
    """
    env = os.environ if environ is None else environ
    window_path = env.get("WINDOWPATH")
    if not window_path and (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        window_path = env.get("XDG_VTNR")
    path = [int(part) for part in (window_path or "").replace(",", ":").split(":") if part.strip().isdigit()]
    number = controlling_tty(env, stat_path) if tty is None or tty < 0 else tty
    if number is not None:
        path.append(number)
    return path


def _error_message(data: bytes, exception: bool) -> BrlapiError:
    code = _U32.unpack_from(data)[0] if len(data) >= _U32.size else None
    name = _ERROR_NAMES.get(code or 0, "unknown error")
    message = f"BrlAPI error {code}: {name}"
    if exception and len(data) >= 2 * _U32.size:
        packet_type = _U32.unpack_from(data, _U32.size)[0]
        message = f"BrlAPI exception {code} ({name}) for packet {chr(packet_type)!r}"
    return BrlapiError(message, code)


def _open_socket(host: str, timeout: float, socket_dirs: Sequence[Path]) -> socket.socket:
    name, port = parse_host(host)
    if name is None and not hasattr(socket, "AF_UNIX"):
        # Windows: Python has no local (AF_UNIX) sockets there, and BRLTTY for Windows serves its local
        # connections as named pipes; it is reached over TCP when BRLTTY is started with a TCP host
        raise BrlapiError(
            f"no local BrlAPI connection on this system ({host}): set BRLAPI_HOST=127.0.0.1:0 "
            "and start BRLTTY with -A host=127.0.0.1:0"
        )
    if name is None:
        last: OSError | None = None
        for folder in socket_dirs:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.settimeout(timeout)
            try:
                sock.connect(str(folder / port))
            except OSError as error:
                sock.close()
                last = error
                continue
            return sock
        reason = last.strerror if last is not None and last.strerror else "no socket folder"
        raise BrlapiError(f"no BrlAPI server at {host}: {reason}")
    try:
        sock = socket.create_connection((name, int(port)), timeout=timeout)
    except OSError as error:
        raise BrlapiError(f"no BrlAPI server at {host}: {error}") from error
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def connect(
    host: str | None = None,
    auth: str | None = None,
    timeout: float = 0.5,
    *,
    socket_dirs: Sequence[str | Path] | None = None,
) -> Connection:
    """Connect to BRLTTY where ``host`` (else BRLAPI_HOST, else ":0") says, and authenticate.

    ``auth`` (else BRLAPI_AUTH, else BRLTTY's key file) is only used when the
    server asks for a key. ``timeout`` bounds the handshake and every answer.
    Raises :class:`BrlapiError` at once when nothing listens there.
    """
    chosen = host or os.environ.get("BRLAPI_HOST") or DEFAULT_HOST
    dirs = tuple(Path(d) for d in socket_dirs) if socket_dirs is not None else local_socket_dirs()
    sock = _open_socket(chosen, timeout, dirs)
    connection = Connection(sock, timeout)
    try:
        connection._handshake(auth)
    except BaseException:
        connection.close()
        raise
    return connection


_T = TypeVar("_T")


class Connection:
    """One BrlAPI connection (see the module docstring for how threads share it)."""

    def __init__(self, sock: socket.socket, timeout: float) -> None:
        self._sock = sock
        self._timeout = timeout
        self._send_lock = threading.Lock()
        self._request_lock = threading.Lock()
        self._cond = threading.Condition(threading.Lock())
        self._reading = False
        self._awaiting = False
        self._keys: deque[Key] = deque()
        self._replies: deque[tuple[int, bytes]] = deque()
        self._failure: BrlapiError | None = None
        self._closed = False
        self._in_tty = False
        self._size: tuple[int, int] | None = None

    # -- public API ---------------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        """True once :meth:`close` ran (a reader thread stops on that)."""
        return self._closed

    @property
    def in_tty_mode(self) -> bool:
        return self._in_tty

    def driver_name(self) -> str:
        """The braille driver's name, e.g. "Virtual"."""
        data = self._request(_DRIVER_NAME, b"", _DRIVER_NAME)
        return data.split(b"\0", 1)[0].decode("utf-8", "replace")

    def display_size(self) -> tuple[int, int]:
        """(columns, rows) of the display."""
        data = self._request(_DISPLAY_SIZE, b"", _DISPLAY_SIZE)
        if len(data) != 2 * _U32.size:
            raise self._fail(BrlapiError("BrlAPI protocol error: bad display size answer"))
        columns, rows = struct.unpack(">II", data)
        self._size = (columns, rows)
        return columns, rows

    def enter_tty_mode(self, tty: int | None = None) -> None:
        """Take the display for this program's tty (see :func:`tty_path`); keys come as BRLTTY commands."""
        if self._in_tty:
            return
        columns, rows = self.display_size()
        if columns * rows == 0:
            raise BrlapiError("the braille display has no cells (no display connected?)")
        path = tty_path(tty)
        data = _U32.pack(len(path)) + b"".join(_U32.pack(n & 0xFFFFFFFF) for n in path) + b"\0"
        with self._cond:
            self._keys.clear()
        self._request(_ENTER_TTY, data, _ACK)
        self._in_tty = True

    def leave_tty_mode(self) -> None:
        """Give the display back to BRLTTY."""
        if not self._in_tty:
            return
        self._in_tty = False
        self._request(_LEAVE_TTY, b"", _ACK)

    def write_text(self, text: str, cursor: int | None = None) -> None:
        """Show ``text`` on the whole display, one character per cell (cut or padded to its size).

        ``cursor`` is a 0-based cell, or None for no cursor. The text goes as
        UTF-8 and BRLTTY turns it into dots through the user's text table.
        """
        self._raise_if_failed()
        if not self._in_tty or self._size is None:
            raise BrlapiError("write_text needs tty mode (call enter_tty_mode first)")
        cells = self._size[0] * self._size[1]
        if cursor is not None and not 0 <= cursor < cells:
            raise ValueError(f"cursor {cursor} is outside the display's {cells} cells")
        line = _fit(text, cells)
        encoded = line.encode("utf-8", "replace")
        flags = _WF_REGION | _WF_TEXT | _WF_CURSOR | _WF_CHARSET
        data = (
            struct.pack(">IIiI", flags, 1, cells, len(encoded))
            + encoded
            + _U32.pack(0 if cursor is None else cursor + 1)
            + bytes([len(CHARSET)])
            + CHARSET
        )
        self._send(_WRITE, data)

    def read_key(self, timeout: float | None) -> Key | None:
        """The next key pressed on the display, or None after ``timeout`` seconds (None: wait)."""
        deadline = None if timeout is None else time.monotonic() + max(0.0, timeout)
        return self._wait(self._take_key, deadline)

    def fileno(self) -> int:
        return self._sock.fileno()

    def close(self) -> None:
        """Leave tty mode (when taken) and close; safe to call twice and from any thread."""
        with self._cond:
            if self._closed:
                return
        if self._in_tty and self._failure is None:
            with contextlib.suppress(BrlapiError):
                self.leave_tty_mode()
        with self._cond:
            self._closed = True
            if self._failure is None:
                self._failure = BrlapiError("the BrlAPI connection is closed")
            with contextlib.suppress(OSError):
                self._sock.shutdown(socket.SHUT_RDWR)
            self._cond.notify_all()
            self._cond.wait_for(lambda: not self._reading, timeout=1.0)
        self._sock.close()

    def __enter__(self) -> Connection:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- the handshake ------------------------------------------------------------------------------

    def _handshake(self, auth: str | None) -> None:
        """Versions, then authorization: none, or the key file's bytes."""
        deadline = time.monotonic() + self._timeout
        with self._request_lock:
            with self._cond:
                self._awaiting = True
            try:
                packet_type, data = self._next_reply(deadline)
                if packet_type != _VERSION or len(data) < _U32.size:
                    raise self._fail(BrlapiError("BrlAPI protocol error: no version from the server"))
                if _U32.unpack_from(data)[0] < PROTOCOL_VERSION:
                    raise BrlapiError("BRLTTY's BrlAPI is too old (protocol < 8)", ERROR_PROTOCOL_VERSION)
                self._send(_VERSION, _U32.pack(PROTOCOL_VERSION))
                packet_type, data = self._next_reply(deadline)
                if packet_type != _AUTH:
                    raise self._fail(BrlapiError("BrlAPI protocol error: no authorization offer"))
                methods = [m for (m,) in struct.iter_unpack(">I", data[: len(data) // 4 * 4])]
                if _AUTH_NONE in methods:
                    return
                if _AUTH_KEY not in methods:
                    raise BrlapiError(
                        "BRLTTY asks for an authorization this client cannot give (polkit/credentials)",
                        ERROR_AUTHENTICATION,
                    )
                path = key_file(auth)
                if path is None:
                    raise BrlapiError("BRLTTY asks for a key and no key file is set", ERROR_AUTHENTICATION)
                self._send(_AUTH, _U32.pack(_AUTH_KEY) + _read_key_file(path))
                packet_type, data = self._next_reply(deadline)
                if packet_type != _ACK:
                    raise BrlapiError(f"BRLTTY refused the key in {path}", ERROR_AUTHENTICATION)
            finally:
                with self._cond:
                    self._awaiting = False

    # -- sending and receiving ----------------------------------------------------------------------

    def _send(self, packet_type: int, data: bytes) -> None:
        self._raise_if_failed()
        with self._send_lock:
            try:
                self._sock.sendall(_HEADER.pack(len(data), packet_type) + data)
            except OSError as error:
                raise self._fail(BrlapiError(f"BRLTTY went away: {error}")) from error

    def _request(self, packet_type: int, data: bytes, expected: int) -> bytes:
        """Send a request and wait for its answer (one request at a time)."""
        with self._request_lock:
            with self._cond:
                self._raise_if_failed()
                self._replies.clear()
                self._awaiting = True
            try:
                self._send(packet_type, data)
                answer_type, answer = self._next_reply(time.monotonic() + self._timeout)
            finally:
                with self._cond:
                    self._awaiting = False
        if answer_type == _ERROR:
            raise _error_message(answer, exception=False)
        if answer_type != expected:
            raise self._fail(BrlapiError(f"BrlAPI protocol error: answer {chr(answer_type)!r}"))
        return answer

    def _next_reply(self, deadline: float) -> tuple[int, bytes]:
        reply = self._wait(self._take_reply, deadline)
        if reply is None:
            raise self._fail(BrlapiError(f"BRLTTY did not answer within {self._timeout} s"))
        return reply

    def _take_key(self) -> Key | None:
        return self._keys.popleft() if self._keys else None

    def _take_reply(self) -> tuple[int, bytes] | None:
        return self._replies.popleft() if self._replies else None

    def _wait(self, take: Callable[[], _T | None], deadline: float | None) -> _T | None:
        """Wait until ``take`` gives something, reading packets whenever no other thread is."""
        drained = False  # a timeout of 0 still takes what already arrived (read_key(0) after add_reader)
        with self._cond:
            while True:
                item = take()
                if item is not None:
                    return item
                self._raise_if_failed()
                remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
                if remaining == 0.0 and (drained or self._reading):
                    return None
                if self._reading:
                    self._cond.wait(remaining)
                    continue
                self._reading = True
                self._cond.release()
                try:
                    packet: tuple[int, bytes] | BrlapiError | None = self._read_packet(remaining)
                except BrlapiError as error:
                    packet = error
                finally:
                    self._cond.acquire()
                    self._reading = False
                    self._cond.notify_all()
                if isinstance(packet, BrlapiError):
                    self._failure = self._failure or packet
                elif packet is None:
                    drained = True
                else:
                    self._route(*packet)

    def _read_packet(self, timeout: float | None) -> tuple[int, bytes] | None:
        """One whole packet, or None when nothing came within ``timeout`` (runs without the lock)."""
        descriptor = self._sock.fileno()
        if descriptor < 0:
            raise BrlapiError("the BrlAPI connection is closed")
        if not _readable(self._sock, timeout):
            return None
        size, packet_type = _HEADER.unpack(self._recv_exact(_HEADER.size))
        if size > 16 * MAX_PACKET_SIZE:
            raise BrlapiError(f"BrlAPI protocol error: packet of {size} bytes")
        return packet_type, self._recv_exact(size)

    def _recv_exact(self, size: int) -> bytes:
        chunks = bytearray()
        while len(chunks) < size:
            try:
                chunk = self._sock.recv(size - len(chunks))
            except OSError as error:
                raise BrlapiError(f"BRLTTY went away: {error}") from error
            if not chunk:
                raise BrlapiError("BRLTTY closed the BrlAPI connection", 14)
            chunks += chunk
        return bytes(chunks)

    def _route(self, packet_type: int, data: bytes) -> None:
        """Keys to the key queue, exceptions to the failure, answers to the waiting request."""
        if packet_type == _KEY:
            if len(data) == 2 * _U32.size:
                high, low = struct.unpack(">II", data)
                self._keys.append(decode_key(high << 32 | low))
        elif packet_type == _EXCEPTION:
            self._failure = self._failure or _error_message(data, exception=True)
        elif self._awaiting:
            self._replies.append((packet_type, data))
        elif packet_type == _ERROR:
            self._failure = self._failure or _error_message(data, exception=False)
        # anything else unasked for (parameter updates) is of no use here

    def _raise_if_failed(self) -> None:
        if self._failure is not None:
            raise self._failure

    def _fail(self, error: BrlapiError) -> BrlapiError:
        """Make the connection unusable (the stream can no longer be trusted) and give the error."""
        with self._cond:
            self._failure = self._failure or error
            self._cond.notify_all()
        return error


def _readable(sock: socket.socket, timeout: float | None) -> bool:
    """Whether ``sock`` has something to read within ``timeout`` seconds (None: wait for it).

    ``poll`` where there is one (any descriptor number); Windows has only ``select``, which takes
    sockets there.
    """
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(sock.fileno(), select.POLLIN)
        return bool(poller.poll(None if timeout is None else timeout * 1000))
    try:
        readable, _, _ = select.select([sock], [], [], timeout)
    except (OSError, ValueError) as error:
        raise BrlapiError(f"the BrlAPI connection is closed: {error}") from error
    return bool(readable)


def _fit(text: str, cells: int) -> str:
    """Exactly ``cells`` characters: composed (one letter, one cell), control characters as blanks."""
    composed = unicodedata.normalize("NFC", text)
    printable = "".join(" " if unicodedata.category(c) in ("Cc", "Cs") else c for c in composed)
    return printable[:cells].ljust(cells)
