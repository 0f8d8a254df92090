"""What this system can do for a test, asked once, and the skips that say so by name.

A test that needs something only some systems have (a pseudo-terminal, POSIX signals, a system tool)
says which with one of these markers; it is skipped, never failed, where that thing does not exist,
and the reason names it. ``wine_limit`` is for what only Wine lacks (no SAPI voice, NVDA's test call):
such a test is skipped under Wine and runs on a real Windows.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import signal
import subprocess
import sys
from typing import Any

import pexpect
import pytest

#: pexpect's pseudo-terminal spawn (pexpect.spawn): POSIX only; Windows has PopenSpawn
PTY = hasattr(pexpect, "spawn")
#: a signal that cannot be caught: SIGKILL on POSIX; Windows has only TerminateProcess (Popen.kill)
HARD_KILL: int | None = getattr(signal, "SIGKILL", None)
#: the terminal hang-up a closed window sends: POSIX only
HANG_UP: int | None = getattr(signal, "SIGHUP", None)

NO_PTY = (
    "needs a pseudo-terminal (pexpect.spawn, POSIX only); the Windows console is played under Wine by "
    "tests/test_wine_console.py"
)
needs_pty = pytest.mark.skipif(not PTY, reason=NO_PTY)
needs_linux = pytest.mark.skipif(
    sys.platform != "linux",
    reason="Linux only: the program or option this test drives (BRLTTY, Speech Dispatcher, yasr, TinTin++, "
    "Linux's TCP options) is Linux's",
)
needs_posix = pytest.mark.skipif(
    sys.platform == "win32",
    reason="POSIX only: signals, file modes or the pty this test is about do not exist on Windows",
)


@functools.cache
def under_wine() -> bool:
    """Whether this Windows is Wine (its ntdll has wine_get_version)."""
    import ctypes  # noqa: PLC0415

    loader = getattr(ctypes, "WinDLL", None)  # Windows only
    if loader is None:
        return False
    try:
        return hasattr(loader("ntdll"), "wine_get_version")
    except OSError:
        return False


def pty_spawn(*args: Any, **kwargs: Any) -> Any:
    """pexpect's spawn under a pseudo-terminal, or skip where there is none (Windows), saying so."""
    if PTY:
        kwargs.setdefault("preexec_fn", _console_ctrl_c)
        return pexpect.spawn(*args, **kwargs)
    pytest.skip(NO_PTY)


def _console_ctrl_c() -> None:
    """In the child, before the program starts: Ctrl-C as a terminal gives it. A test run started in
    the background (``cmd &`` in a script) ignores SIGINT, and a program inherits that: it would
    rightly not hear the Ctrl-C a test presses, as no person's console would ever leave it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def kill_now(pid: int) -> None:
    """End a process at once, by its number: SIGKILL on POSIX, TerminateProcess on Windows."""
    os.kill(pid, HARD_KILL if HARD_KILL is not None else signal.SIGTERM)


def kill_group_now(leader: int) -> None:
    """End at once every process left in the group ``leader`` heads (a pexpect child is one, by
    ``setsid``): a program that forks helpers (Fenrir's) leaves them running when only the leader is
    killed. Where there are no process groups (Windows), the leader alone."""
    killpg = getattr(os, "killpg", None)  # POSIX only
    if killpg is None or HARD_KILL is None:
        with contextlib.suppress(OSError):
            kill_now(leader)
        return
    with contextlib.suppress(ProcessLookupError):  # the group is already gone
        killpg(leader, HARD_KILL)


def wine_limit(what: str) -> pytest.MarkDecorator:
    """Skip under Wine only, naming what Wine lacks; a real Windows runs the test."""
    return pytest.mark.skipif(under_wine(), reason=f"Wine's limit, not the project's: {what}")


def needs_tool(*names: str) -> pytest.MarkDecorator:
    """Skip when a system program is missing, by name (CI installs every one of them)."""
    missing = [name for name in names if shutil.which(name) is None]
    return pytest.mark.skipif(bool(missing), reason=f"{', '.join(missing)} is not installed")


def patience(seconds: float) -> float:
    """``seconds`` for a wait, longer on a busy machine: scaled by the load per core (at least 1, at most
    6), and by BERGEN_TEST_PATIENCE when it is set (a slow machine, or Wine's)."""
    factor = 1.0
    getloadavg = getattr(os, "getloadavg", None)  # POSIX only
    if getloadavg is not None:
        try:
            factor = min(6.0, max(1.0, getloadavg()[0] / (os.cpu_count() or 1)))
        except OSError:
            factor = 1.0
    with contextlib.suppress(ValueError):
        factor *= max(1.0, float(os.environ.get("BERGEN_TEST_PATIENCE", "1")))
    return seconds * factor


def spared_from_ctrl_c() -> dict[str, Any]:
    """Popen's arguments for a program that must not hear a test's ``press_ctrl_c``: on Windows a process
    group of its own, where Ctrl-C is off (Ctrl-C goes to a whole console there)."""
    if sys.platform == "win32":
        return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    return {}


def press_ctrl_c(process: subprocess.Popen[Any], timeout: float = 30.0) -> None:
    """Ctrl-C to ``process``, as a person presses it at its console: SIGINT on POSIX. On Windows Ctrl-C
    goes to every program of the console (to one process group only when it was started as a group, and
    Ctrl-Break to one group is refused under Wine: WinError 6), so
    the tests ignore it until ``process`` has ended, and the other programs a test runs are started
    ``spared_from_ctrl_c()``."""
    if sys.platform != "win32":
        process.send_signal(signal.SIGINT)
        return
    import time  # noqa: PLC0415

    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        os.kill(0, signal.CTRL_C_EVENT)  # process group 0: the whole console, as the key does
        deadline = time.monotonic() + timeout
        while process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)  # this console's own Ctrl-C reaches the tests by now: it is ignored
    finally:
        signal.signal(signal.SIGINT, before)


def stop_gently(process: subprocess.Popen[Any]) -> None:
    """Ask a program to end as a service manager or a person at its console would: SIGTERM on POSIX, Ctrl-C
    on Windows (where SIGTERM is TerminateProcess, which no program hears)."""
    if sys.platform == "win32":
        press_ctrl_c(process)
    else:
        process.send_signal(signal.SIGTERM)
