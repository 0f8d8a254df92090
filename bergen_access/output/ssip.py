"""A small client of Speech Dispatcher's SSIP protocol, in the standard library only.

Speech Dispatcher is the speech server Orca and console screen readers use on
Linux. Talking SSIP directly (the same protocol the ``speechd`` module speaks)
lets the voice follow the game's language, cancel speech on demand, and work
in any virtual environment: ``speechd`` itself is only packaged by Debian.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path


class SsipError(OSError):
    """The speech server refused a command or went away."""


def socket_path(environ: dict[str, str] | None = None) -> Path:
    """Where the user's Speech Dispatcher listens (SPEECHD_ADDRESS, then the usual places)."""
    env = dict(os.environ) if environ is None else environ
    address = env.get("SPEECHD_ADDRESS", "")
    if address.startswith("unix_socket:"):
        return Path(address.split(":", 1)[1])
    runtime = env.get("XDG_RUNTIME_DIR")
    if runtime:
        return Path(runtime) / "speech-dispatcher" / "speechd.sock"
    return Path.home() / ".cache" / "speech-dispatcher" / "speechd.sock"


def _spawn(path: Path) -> None:
    """Start the user's Speech Dispatcher the way its own clients do (``--spawn``)."""
    binary = shutil.which("speech-dispatcher")
    if binary is None:
        raise SsipError("speech-dispatcher is not installed")
    subprocess.run(
        [binary, "--spawn", "--communication-method", "unix_socket", "--socket-path", str(path)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=10,
        check=False,
    )
    for _ in range(100):
        if path.exists():
            return
        time.sleep(0.02)
    raise SsipError("speech-dispatcher did not start")


def _connect(path: Path, timeout: float) -> socket.socket:
    if not hasattr(socket, "AF_UNIX"):  # Windows: no Speech Dispatcher there
        raise SsipError("no local sockets on this system")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        sock.connect(str(path))
    except OSError:
        sock.close()
        raise
    return sock


class SsipClient:
    """One connection to Speech Dispatcher.

    The user's own daemon is started when its socket is missing, and once more
    when the socket is stale (left behind by a daemon that was killed: it exists
    but nobody answers), as Speech Dispatcher's own clients do.
    """

    def __init__(self, path: Path | None = None, *, spawn: bool = True, timeout: float = 3.0) -> None:
        path = path or socket_path()
        may_spawn = spawn and "SPEECHD_ADDRESS" not in os.environ
        if not path.exists() and may_spawn:
            _spawn(path)
        try:
            self._sock = _connect(path, timeout)
        except (ConnectionRefusedError, FileNotFoundError) as error:
            if not may_spawn:
                raise SsipError(f"cannot reach speech-dispatcher at {path}: {error}") from None
            with contextlib.suppress(OSError):
                path.unlink()  # stale: nobody listens on it
            _spawn(path)
            try:
                self._sock = _connect(path, timeout)
            except OSError as again:
                raise SsipError(f"cannot reach speech-dispatcher at {path}: {again}") from None
        except OSError as error:
            raise SsipError(f"cannot reach speech-dispatcher at {path}: {error}") from None
        self._reader = self._sock.makefile("rb")
        self.command("SET self CLIENT_NAME user:bergen-access:main")
        self.command("SET self PRIORITY message")
        self._language: str | None = None

    def command(self, line: str) -> list[str]:
        """Send one command; the reply lines, or ``SsipError`` for a refusal."""
        try:
            self._sock.sendall(line.encode("utf-8", "replace") + b"\r\n")
            return self._reply()
        except (OSError, ValueError) as error:
            raise SsipError(str(error)) from None

    def _reply(self) -> list[str]:
        lines: list[str] = []
        while True:
            raw = self._reader.readline()
            if not raw:
                raise SsipError("speech-dispatcher closed the connection")
            text = raw.decode("utf-8", "replace").rstrip("\r\n")
            lines.append(text)
            if len(text) >= 4 and text[3] == " ":
                break
        code = lines[-1][:3]
        if not (code.isascii() and code.isdigit()) or int(code) >= 300:
            raise SsipError(lines[-1])
        return lines

    def set_language(self, language: str) -> None:
        if language != self._language:
            self.command(f"SET self LANGUAGE {language}")
            self._language = language

    def speak(self, text: str, language: str) -> None:
        """Queue ``text`` in ``language``."""
        self.set_language(language)
        self.command("SPEAK")
        body = "\r\n".join("." + line if line.startswith(".") else line for line in text.splitlines() or [""])
        try:
            self._sock.sendall(body.encode("utf-8", "replace") + b"\r\n.\r\n")
            self._reply()
        except (OSError, ValueError) as error:
            raise SsipError(str(error)) from None

    def cancel(self) -> None:
        """Stop what is being said and drop what is queued."""
        self.command("CANCEL self")

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._sock.sendall(b"QUIT\r\n")
        self._reader.close()
        self._sock.close()
