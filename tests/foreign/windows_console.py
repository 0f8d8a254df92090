"""Stand-in for the Windows console's input (foreign-platform profile): kernel32's input records, read
from the pty.

The terminal is put in cbreak mode (no echo, no line editing, Ctrl-C still interrupts), as the Windows
console gives its records; what the terminal sends for a function or arrow key becomes the record of
that key (its virtual key code), as ``ReadConsoleInputW`` gives it on Windows. ``kernel32()`` is what
``ctypes.WinDLL("kernel32")`` answers in the profile: the three calls of
``bergen_access.ui.console_input``.
"""

from __future__ import annotations

import atexit
import codecs
import contextlib
import os
import select
import termios
import tty
from types import SimpleNamespace
from typing import Any

_FD = 0
WAIT_OBJECT_0, WAIT_TIMEOUT = 0, 258
#: what a terminal sends for a key -> (virtual key code, character)
_SEQUENCES = {
    "\x1bOQ": (0x71, ""),  # F2
    "\x1b[12~": (0x71, ""),
    "\x1bOR": (0x72, ""),  # F3
    "\x1b[13~": (0x72, ""),
    "\x1b[A": (0x26, ""),  # up
    "\x1b[B": (0x28, ""),  # down
    "\x1bOA": (0x26, ""),
    "\x1bOB": (0x28, ""),
}
_SINGLE = {
    "\n": (0x0D, "\r"),
    "\r": (0x0D, "\r"),
    "\x7f": (0x08, "\x08"),
    "\t": (0x09, "\t"),
    "\x1b": (0x1B, "\x1b"),
}
_decoder = codecs.getincrementaldecoder("utf-8")("replace")
_keys: list[tuple[int, str]] = []

with contextlib.suppress(termios.error, OSError):
    _saved = termios.tcgetattr(_FD)
    tty.setcbreak(_FD)
    atexit.register(lambda: termios.tcsetattr(_FD, termios.TCSANOW, _saved))


def _take(timeout: float | None) -> None:
    ready, _, _ = select.select([_FD], [], [], timeout)
    if not ready:
        return
    text = _decoder.decode(os.read(_FD, 1024))
    while text:
        for sequence, key in _SEQUENCES.items():
            if text.startswith(sequence):
                _keys.append(key)
                text = text[len(sequence) :]
                break
        else:
            char, text = text[0], text[1:]
            _keys.append(_SINGLE.get(char, (0, char)))


def _get_std_handle(which: int) -> int:
    return which


def _wait_for_single_object(handle: int, milliseconds: int) -> int:
    if not _keys:
        _take(milliseconds / 1000)
    return WAIT_OBJECT_0 if _keys else WAIT_TIMEOUT


def _read_console_input(handle: int, record: Any, length: int, count: Any) -> int:
    while not _keys:
        _take(None)
    virtual_key, char = _keys.pop(0)
    entry = record._obj  # what ctypes.byref points at
    entry.EventType = 1  # KEY_EVENT
    entry.Event.KeyEvent.bKeyDown = 1
    entry.Event.KeyEvent.wVirtualKeyCode = virtual_key
    entry.Event.KeyEvent.UnicodeChar = char or "\x00"
    count._obj.value = 1
    return 1


def kernel32() -> SimpleNamespace:
    """kernel32's calls, as plain functions (the caller sets their argtypes and restype)."""
    return SimpleNamespace(
        GetStdHandle=_get_std_handle,
        WaitForSingleObject=_wait_for_single_object,
        ReadConsoleInputW=_read_console_input,
    )
