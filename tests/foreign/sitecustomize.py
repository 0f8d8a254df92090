"""The foreign-platform profile: this Python with what Windows (or macOS) lacks taken away.

``tests/foreign_profile.py`` puts this folder first on PYTHONPATH of the real
program and sets ``BERGEN_FOREIGN=windows`` (or ``macos``); Python imports this
module at start, before the program, so every module of ours meets the other
system's standard library. Nothing happens without ``BERGEN_FOREIGN``.

Windows: no AF_UNIX, no poll/epoll (selectors fall back to select), no process
groups, fork, uids or POSIX-only signals, no ``pthread_kill``; ``subprocess``
refuses ``pass_fds`` and ``preexec_fn`` as Windows's does; asyncio has no
signal handlers; our own code cannot import fcntl, termios, tty, pty, resource,
readline, grp or pwd. ``ctypes.windll`` answers the one call we make of it
(the display language, from ``BERGEN_FOREIGN_UI_LANGUAGE``, e.g. 0x041f), and
``ctypes.WinDLL("kernel32")`` the console's input records, read from the pty
(``windows_console.py``).

macOS: no TCP_KEEPIDLE or TCP_USER_TIMEOUT (macOS has TCP_KEEPALIVE instead).
"""

from __future__ import annotations

import builtins
import os
from pathlib import Path
from typing import Any

# Every other module is imported inside the function that changes it, after the cut: socket imports
# selectors, which chooses its default selector by what select has at that moment.

WINDOWS_MISSING_MODULES = frozenset({"fcntl", "termios", "tty", "pty", "resource", "readline", "grp", "pwd"})
WINDOWS_MISSING = {
    "select": ("poll", "epoll", "devpoll", "kqueue"),
    "socket": ("AF_UNIX",),
    "os": ("killpg", "getpgid", "setsid", "setpgrp", "fork"),
    "signal": (
        "SIGUSR1",
        "SIGUSR2",
        "SIGHUP",
        "SIGQUIT",
        "SIGALRM",
        "SIGTSTP",
        "SIGWINCH",
        "SIGPIPE",
        "SIGCONT",
        "pthread_kill",
        "pthread_sigmask",
        "setitimer",
        "alarm",
        "siginterrupt",
    ),
}
MACOS_MISSING = {"socket": ("TCP_KEEPIDLE", "TCP_USER_TIMEOUT")}


def _cut(missing: dict[str, tuple[str, ...]]) -> None:
    import importlib  # noqa: PLC0415 - see the top

    for module_name, names in missing.items():  # select first: socket imports selectors, which reads it
        module = importlib.import_module(module_name)
        for name in names:
            if hasattr(module, name):
                delattr(module, name)


def _windows_socketpair() -> None:
    """Windows has no AF_UNIX pairs: its ``socket.socketpair`` joins two loopback TCP sockets (asyncio's
    self-pipe is made so); the same here."""
    import socket  # noqa: PLC0415 - see the top

    def socketpair(
        family: int = socket.AF_INET,
        type: int = socket.SOCK_STREAM,
        proto: int = 0,
    ) -> tuple[socket.socket, socket.socket]:
        with socket.socket(family, type, proto) as listener:
            listener.bind(("127.0.0.1", 0))
            listener.listen(1)
            first = socket.socket(family, type, proto)
            first.connect(listener.getsockname())
            second, _ = listener.accept()
        return first, second

    socket.socketpair = socketpair  # type: ignore[assignment]


def _console_input() -> Any:
    """The stand-in for the console's input records (``windows_console.py``), loaded once, when the game
    first opens the console's keys (it puts the terminal in cbreak mode)."""
    if _LOADED.get("console") is None:
        import importlib.util  # noqa: PLC0415 - see the top

        spec = importlib.util.spec_from_file_location(
            "windows_console", Path(__file__).parent / "windows_console.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _LOADED["console"] = module
    return _LOADED["console"]


_LOADED: dict[str, Any] = {}


def _refuse_our_imports(names: frozenset[str]) -> None:
    """``import termios`` (and the others) fails in our own modules, as on Windows; libraries keep them."""
    original = builtins.__import__

    def guarded(
        name: str,
        globals: dict[str, Any] | None = None,
        locals: dict[str, Any] | None = None,
        fromlist: Any = (),
        level: int = 0,
    ) -> Any:
        importer = str((globals or {}).get("__name__", ""))
        ours = level == 0 and importer.startswith("bergen_access")
        if ours and name.split(".", maxsplit=1)[0] in names:
            raise ModuleNotFoundError(f"No module named {name!r} (not on Windows)", name=name)
        return original(name, globals, locals, fromlist, level)

    builtins.__import__ = guarded


def _windows_subprocess() -> None:
    import subprocess  # noqa: PLC0415 - see the top

    original = subprocess.Popen.__init__

    def popen(self: subprocess.Popen[Any], *args: Any, **kwargs: Any) -> None:
        if kwargs.get("pass_fds"):
            raise AssertionError("pass_fds not supported on Windows.")
        if kwargs.get("preexec_fn") is not None:
            raise ValueError("preexec_fn is not supported on Windows platforms")
        kwargs.pop("start_new_session", None)  # accepted and ignored on Windows
        original(self, *args, **kwargs)

    subprocess.Popen.__init__ = popen  # type: ignore[method-assign]


def _windows_asyncio() -> None:
    import asyncio.unix_events  # noqa: PLC0415 - see the top

    def no_signal_handlers(self: object, sig: int, callback: object, *args: object) -> None:
        raise NotImplementedError

    asyncio.unix_events._UnixSelectorEventLoop.add_signal_handler = no_signal_handlers  # type: ignore[assignment,method-assign]


class _Kernel32:
    @staticmethod
    def GetUserDefaultUILanguage() -> int:  # noqa: N802 - the Windows API's name
        return int(os.environ.get("BERGEN_FOREIGN_UI_LANGUAGE", "0x0409"), 16)


class _WinDLL:
    kernel32 = _Kernel32()


def _windows_ctypes() -> None:
    import ctypes  # noqa: PLC0415 - see the top

    ctypes.windll = _WinDLL()  # type: ignore[attr-defined]
    ctypes.WinDLL = lambda name, *args, **kwargs: _console_input().kernel32()  # type: ignore[attr-defined]


def _windows_arguments() -> None:
    """Windows hands a program its arguments as UTF-16, whatever the code page: here they come as bytes
    read in the C locale, so read them as the UTF-8 they were typed in."""
    import sys  # noqa: PLC0415 - see the top

    sys.argv = [os.fsencode(argument).decode("utf-8", "replace") for argument in sys.argv]


def _profile(which: str) -> None:
    if which == "windows":
        _windows_arguments()
        _cut(WINDOWS_MISSING)
        _windows_socketpair()
        _refuse_our_imports(WINDOWS_MISSING_MODULES)
        _windows_subprocess()
        _windows_asyncio()
        _windows_ctypes()
    elif which == "macos":
        _cut(MACOS_MISSING)


_profile(os.environ.get("BERGEN_FOREIGN", ""))
