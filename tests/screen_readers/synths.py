"""Logging synthesizers: they take what a screen reader sends to be spoken, and write it down.

Nothing is spoken: the figures are about what the reader was asked to say, in order, with the time it
arrived. yasr speaks SSIP over TCP, so its synthesizer is a small SSIP server here (every command
answered ``208 OK``; ``SPEAK`` takes data lines up to ``.``); tdsr runs a speech server command and
writes lines to it (``s`` text, ``l`` a letter, ``x`` silence), so its synthesizer is
``tdsr_logger.py``, which writes each line to a file; Fenrir runs a command for each utterance, so its
synthesizer is ``fenrir_logger.py``, which adds the text to a file in the same form.
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

LOGGER = Path(__file__).with_name("tdsr_logger.py")
FENRIR_LOGGER = Path(__file__).with_name("fenrir_logger.py")


@dataclass(frozen=True)
class Said:
    """One thing sent to the synthesizer: ``speak`` (text), ``letter`` (one key's echo) or ``cancel``."""

    time: float  # time.monotonic() when it arrived
    kind: str
    text: str = ""


class SsipSynth:
    """An SSIP server on a free localhost port that logs every SPEAK, CHAR, KEY and CANCEL."""

    def __init__(self) -> None:
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen()
        self.port: int = self.server.getsockname()[1]
        self._said: list[Said] = []
        self._lock = threading.Lock()
        self._connections: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            self._connections.append(connection)
            threading.Thread(target=self._serve, args=(connection,), daemon=True).start()

    def _log(self, kind: str, text: str = "") -> None:
        with self._lock:
            self._said.append(Said(time.monotonic(), kind, text))

    def _serve(self, connection: socket.socket) -> None:
        try:
            stream = connection.makefile("rb")
            for raw in stream:
                command = raw.decode("utf-8", "replace").strip()
                verb, _, rest = command.partition(" ")
                verb = verb.upper()
                if verb == "SPEAK":
                    connection.sendall(b"230 OK RECEIVING DATA\r\n")
                    data: list[str] = []
                    for line in stream:
                        text = line.decode("utf-8", "replace").rstrip("\r\n")
                        if text == ".":
                            break
                        data.append(text[1:] if text.startswith("..") else text)  # SSIP's escaped dot
                    self._log("speak", "\n".join(data))
                    connection.sendall(b"225-1\r\n225 OK MESSAGE QUEUED\r\n")
                    continue
                if verb in ("CHAR", "KEY"):
                    self._log("letter", rest)
                elif verb in ("CANCEL", "STOP"):
                    self._log("cancel")
                connection.sendall(b"208 OK\r\n")
        except OSError:
            return

    def said(self) -> list[Said]:
        with self._lock:
            return list(self._said)

    def close(self) -> None:
        self.server.close()
        for connection in self._connections:
            connection.close()


class PipeSynth:
    """tdsr's speech server: ``tdsr_logger.py`` writes each line tdsr sends it into ``path``."""

    KINDS: ClassVar[dict[str, str]] = {"s": "speak", "l": "letter", "x": "cancel"}

    def __init__(self, path: Path) -> None:
        self.path = path
        path.touch()

    @property
    def command(self) -> str:
        return f"{sys.executable} {LOGGER} {self.path}"

    @property
    def fenrir_command(self) -> str:
        """Fenrir's ``genericSpeechCommand``: the logger with the text (quick: no site, no user path)."""
        return f"{sys.executable} -I -S {FENRIR_LOGGER} {self.path} fenrirText"

    def said(self) -> list[Said]:
        events: list[Said] = []
        for line in self.path.read_text(encoding="utf-8", errors="replace").splitlines():
            stamp, _, sent = line.partition("\t")
            kind = self.KINDS.get(sent[:1])
            if kind is not None:  # r and v (rate, volume) are settings, not speech
                events.append(Said(float(stamp), kind, sent[1:]))
        return events

    def close(self) -> None:
        return None
