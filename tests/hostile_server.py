"""A hostile table server for ``bergen join``: telnet with GMCP over a real socket, saying what a test
scripts (lines and GMCP messages, well formed or not), then waiting for the client's ``quit``.

Each connection hears ``IAC WILL GMCP`` and the script; when the client sends a line ``quit`` (or
after ``hold`` seconds) the server says ``Bergen.Close`` with ``again`` false, so the client does not
try again, and closes. ``pause`` in a script (``PAUSE``) waits a moment between two parts, so the
client has taken the first before the second comes.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time

from bergen_access.net import gmcp
from bergen_access.net.gmcp import GMCP
from bergen_access.net.telnet import IAC, SB, SE, WILL, outgoing

#: a part of a script that is no bytes but a short wait
PAUSE = b""


def line(text: str) -> bytes:
    return outgoing(text)


def message(name: str, data: object = None) -> bytes:
    """A GMCP message as the server's ``gmcp.encode`` writes it (NaN and Infinity too, as Python's
    JSON writes them)."""
    return gmcp.encode(name, data)


def raw_message(payload: bytes) -> bytes:
    """``IAC SB GMCP payload IAC SE`` for any payload (IAC doubled, as on the wire)."""
    return bytes([IAC, SB, GMCP]) + payload.replace(b"\xff", b"\xff\xff") + bytes([IAC, SE])


class HostileServer:
    """Listens on 127.0.0.1 (``port``) in a thread; every connection hears ``script``."""

    def __init__(self, script: list[bytes], *, hold: float = 8.0, pause: float = 0.3) -> None:
        self.script, self.hold, self.pause = script, hold, pause
        self.connections = 0
        self.heard: list[str] = []  # the client's lines, all connections
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.2)
        self.port = self._listener.getsockname()[1]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, name="hostile-server", daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._talk, args=(conn,), daemon=True).start()

    def _talk(self, conn: socket.socket) -> None:
        with contextlib.suppress(OSError), conn:
            conn.sendall(bytes([IAC, WILL, GMCP]))
            for part in self.script:
                if not part:  # PAUSE
                    time.sleep(self.pause)
                else:
                    conn.sendall(part)
            self._until_quit(conn)
            conn.sendall(message(gmcp.CLOSE, {"reason": "quit", "again": False, "code": None}))
            conn.shutdown(socket.SHUT_WR)
            conn.settimeout(2)
            while conn.recv(4096):
                pass

    def _until_quit(self, conn: socket.socket) -> None:
        deadline = time.monotonic() + self.hold
        buffer = b""
        while (left := deadline - time.monotonic()) > 0:
            conn.settimeout(left)
            try:
                data = conn.recv(4096)
            except TimeoutError:
                return
            if not data:
                return
            buffer += data
            *lines, buffer = buffer.split(b"\n")
            for raw in lines:
                text = raw.rstrip(b"\r").decode("utf-8", "replace")
                self.heard.append(text)
                if text.strip() == "quit":
                    return

    def stop(self) -> None:
        self._stop.set()
        self._listener.close()
        self._thread.join(5)

    def __enter__(self) -> HostileServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
