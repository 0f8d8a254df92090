"""The real ``bergen serve`` in a process and ``bergen join`` under a pty, for the network tests."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
from pexpect.popen_spawn import PopenSpawn

from .capabilities import PTY
from .folders import data_env


@contextlib.contextmanager
def serve_process(home: Path) -> Iterator[int]:
    """``bergen serve --port 0`` with its own home; its port. Stopped with SIGTERM (killed if it hangs)."""
    env = {**os.environ, "HOME": str(home), **data_env(home), "LANG": "C.UTF-8"}
    process = subprocess.Popen(
        [sys.executable, "-m", "bergen_access", "serve", "--port", "0"],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    try:
        assert process.stdout is not None
        found = re.search(r"listening on [\d.]+:(\d+)", process.stdout.readline())
        assert found is not None
        yield int(found.group(1))
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def joiner(tmp_path: Path, port: int, name: str, language: str, *more: str, timeout: float = 20) -> Any:
    """``bergen join`` as ``name`` in ``language`` (plain lines, no speech, no sounds, no braille display),
    with its own home, trying again quickly after a lost line: under a pty where there is one (pexpect's
    spawn), else through pipes (PopenSpawn, Windows), with the same expect API."""
    home = tmp_path / name
    env = {
        "HOME": str(home),
        **data_env(home),
        "LANG": "C.UTF-8",
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": os.pathsep.join(sys.path),
        "BRLAPI_HOST": ":98",  # no braille display here
        "BERGEN_TEST_RETRY_SCALE": "0.01",
    }
    arguments = ["-m", "bergen_access", "join", f"127.0.0.1:{port}", "--name", name, "--lang", language]
    arguments += ["--plain", "--speech", "off", "--sounds", "off", *more]
    if PTY:
        # wide: printed lines are wrapped to the terminal's width, and the tests' patterns read whole lines
        wide = (24, 250)
        spawn = pexpect.spawn
        return spawn(sys.executable, arguments, env=env, encoding="utf-8", timeout=timeout, dimensions=wide)
    windows = {**os.environ, **env, "PYTHONIOENCODING": "utf-8"}  # Windows starts nothing without SYSTEMROOT
    return PipeJoiner([sys.executable, *arguments], env=windows, encoding="utf-8", timeout=timeout)


class PipeJoiner(PopenSpawn):  # type: ignore[misc]
    """PopenSpawn with what the tests call on pexpect's spawn: ``close`` waits for the end."""

    def close(self, force: bool = False) -> None:
        if force:
            self.kill(9)
        self.wait()
