"""The real Windows Python under Wine, driven from Linux as a person at a Windows console would.

``tools/windows_python.sh`` makes the folder (``BERGEN_WINDOWS_PYTHON``, else
``~/.cache/bergen-windows-python``): Python's official Windows build with the project's wheels and a Wine
prefix. Here each program runs as a console program under a pseudo-terminal; Wine's console turns the
keys sent into console input records (F2 is ``ESC O Q``, as an xterm sends it) and draws what the program
writes with cursor codes, which ``screen_text`` takes out again. Without that folder the tests say so
and skip, or fail when ``BERGEN_REQUIRE_WINE`` is set (CI).
"""

from __future__ import annotations

import os
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import pexpect
import pytest

from .capabilities import PTY, patience, pty_spawn
from .drivers import ROOT

REQUIRED = os.environ.get("BERGEN_REQUIRE_WINE") == "1"
FOLDER = Path(
    os.environ.get("BERGEN_WINDOWS_PYTHON")
    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "bergen-windows-python"
)
#: a cursor move to the right stands for the spaces it skips; every other code is taken out
_FORWARD = re.compile(r"\x1b\[(\d*)C")
_CODES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\x1b[>=]")


def windows_path(path: Path) -> str:
    """A Linux path as Wine's Windows programs name it (drive Z: is the Linux root)."""
    return "Z:" + str(PurePosixPath(path.resolve())).replace("/", "\\")


def screen_text(raw: str) -> str:
    """What Wine's console wrote, as text: cursor codes out, a move right as spaces, no carriage returns."""
    text = _FORWARD.sub(lambda found: " " * int(found.group(1) or "1"), raw)
    return _CODES.sub("", text).replace("\r", "").replace("\x08", "")


@dataclass(frozen=True)
class WindowsPython:
    folder: Path

    @property
    def python_exe(self) -> Path:
        return self.folder / "cpython" / "python.exe"

    @property
    def version(self) -> str:
        answer = self.folder / "answer.txt"
        return answer.read_text(encoding="utf-8").strip() if answer.exists() else "?"

    def env(self, home: Path, **extra: str) -> dict[str, str]:
        """The environment of a Windows program: the prefix, and ``home``'s folders as Windows paths."""
        env = {key: value for key, value in os.environ.items() if not key.startswith("BERGEN_")}
        env.update(
            {
                "WINEPREFIX": str(self.folder / "prefix"),
                "WINEDEBUG": "-all",
                "BERGEN_DATA_DIR": windows_path(home / "data" / "bergen-access"),
                "BERGEN_CONFIG_DIR": windows_path(home / "config" / "bergen-access"),
            }
        )
        env.update(extra)
        return env


def windows_python() -> WindowsPython:
    """The Windows Python, or skip (fail in CI) saying what is missing."""
    missing = None
    if not PTY:
        missing = "Wine's console is driven through a pseudo-terminal (Linux)"
    elif shutil.which("wine") is None:
        missing = "Wine is not installed (tools/windows_python.sh installs it)"
    elif not (FOLDER / "cpython" / "python.exe").is_file():
        missing = f"no Windows Python in {FOLDER} (run tools/windows_python.sh)"
    if missing is not None:
        if REQUIRED:
            pytest.fail(missing + "; BERGEN_REQUIRE_WINE is set")
        pytest.skip(missing)
    return WindowsPython(FOLDER)


class WineConsole:
    """One Windows console program under Wine: keys sent, the screen's text read back."""

    def __init__(
        self,
        wine: WindowsPython,
        home: Path,
        arguments: list[str],
        *,
        program: Path | None = None,
        columns: int = 200,
        **env: str,
    ) -> None:
        command = [str(program)] if program is not None else [str(wine.python_exe), "-m", "bergen_access"]
        self.started = time.monotonic()
        self.child = pty_spawn(
            "wine",
            [*command, *arguments],
            cwd=str(ROOT),
            env=wine.env(home, **env),
            encoding="utf-8",
            codec_errors="replace",
            dimensions=(50, columns),
        )
        self.raw = ""
        self.mark = 0  # where the next wait_for looks from, in the text
        self.ended = False

    @property
    def text(self) -> str:
        return screen_text(self.raw)

    def _pump(self, wait: float) -> bool:
        """Read what has come within ``wait`` seconds; whether anything did."""
        if self.ended:
            return False
        try:
            self.raw += self.child.read_nonblocking(100_000, timeout=wait)
            return True
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            self.ended = True
            return False

    def wait_for(self, pattern: str, timeout: float = 60.0) -> re.Match[str]:
        """Wait until ``pattern`` (a regex) shows after what was waited for before; the match."""
        deadline = time.monotonic() + patience(timeout)
        compiled = re.compile(pattern)
        while True:
            found = compiled.search(self.text, self.mark)
            if found is not None:
                self.mark = found.end()
                return found
            if self.ended or time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} not shown within {timeout} s; last: {self.text[-1500:]!r}")
            self._pump(0.2)

    def settle(self, quiet: float = 0.8, timeout: float = 60.0) -> str:
        """Wait for something new, then until nothing more comes for ``quiet`` seconds (the program waits
        for a key); the text since the last settle or wait."""
        deadline = time.monotonic() + patience(timeout)
        while len(self.text) <= self.mark and not self.ended:  # first something new (every key is echoed)
            self._pump(0.1)
            assert time.monotonic() < deadline, f"nothing came; last: {self.text[-800:]!r}"
        quiet_since = time.monotonic()
        while time.monotonic() - quiet_since < quiet and not self.ended:
            if self._pump(0.1):
                quiet_since = time.monotonic()
            assert time.monotonic() < deadline, f"never quiet; last: {self.text[-800:]!r}"
        text = self.text
        since, self.mark = text[self.mark :], len(text)
        return since

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def type(self, line: str) -> None:
        self.child.send(line + "\r")

    def finish(self, timeout: float = 60.0) -> int:
        """Wait for the end; the exit status."""
        deadline = time.monotonic() + patience(timeout)
        while not self.ended:
            assert time.monotonic() < deadline, f"the program did not end; last: {self.text[-800:]!r}"
            self._pump(0.2)
        self.child.close()
        return self.child.exitstatus if self.child.exitstatus is not None else -1

    def stop(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)
