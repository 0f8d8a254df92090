"""Which operating system the program runs on, for the choices that differ by system.

What a system *can do* is tested where it is used (``hasattr(socket, "AF_UNIX")``,
``hasattr(os, "killpg")``…), never guessed from its name; the name only picks
between ways of doing the same thing that each system offers (its screen
readers, its voice, where its user's language is kept, what the player is told
to set).
"""

from __future__ import annotations

import enum
import os
import subprocess
import sys
from collections.abc import Sequence


class System(enum.StrEnum):
    """The systems the program knows; ``OTHER`` behaves as Linux does where it can."""

    WINDOWS = "windows"
    MACOS = "macos"
    LINUX = "linux"
    OTHER = "other"


def system_of(platform: str) -> System:
    """``sys.platform`` as a ``System``.

    >>> system_of("win32"), system_of("darwin"), system_of("linux"), system_of("freebsd14")
    (<System.WINDOWS: 'windows'>, <System.MACOS: 'macos'>, <System.LINUX: 'linux'>, <System.OTHER: 'other'>)
    """
    if platform in {"win32", "cygwin"}:
        return System.WINDOWS
    if platform == "darwin":
        return System.MACOS
    if platform.startswith("linux"):
        return System.LINUX
    return System.OTHER


#: test hook: the foreign-platform profile of the tests runs the real program with a system's
#: choices (``BERGEN_TEST_SYSTEM=windows``) on a machine whose abilities were cut to that system's
TEST_SYSTEM = "BERGEN_TEST_SYSTEM"


def current() -> System:
    """The system this program runs on (or the one the tests' profile asks for)."""
    forced = os.environ.get(TEST_SYSTEM, "")
    if forced in {member.value for member in System}:
        return System(forced)
    return system_of(sys.platform)


#: seconds a system command asked for one answer (a setting, a list of voices) may take
ASK_TIMEOUT = 5.0


def ask(command: Sequence[str], timeout: float = ASK_TIMEOUT) -> subprocess.CompletedProcess[str] | None:
    """Run one of the system's commands for its answer (``defaults``, ``say -v ?``, ``osascript``); None
    when it cannot run or takes too long. It never reads the player's typed lines (its input is empty)."""
    try:
        return subprocess.run(
            list(command),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None


def is_terminal(stream: object) -> bool:
    """Whether ``stream`` is a terminal (not a pipe or a file); False for a closed or unusual stream."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if isatty is not None else False
    except (ValueError, OSError):
        return False
