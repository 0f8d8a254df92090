"""The Windows console's keys as input records (kernel32's ``ReadConsoleInputW``), for ``ConsoleKeys``.

A record names its key (``VK_F2``) and the character it typed. ``msvcrt.getwch`` gives a scan code
instead, which the console leaves out where the keyboard layout has none: under Wine F2 and F3 never
arrived, and ``kbhit`` said nothing until a read had begun. Waiting on the console's input handle and
reading records is what prompt_toolkit does on Windows too. Only Windows has this: elsewhere opening it
raises ``ImportError``, as a missing module would.
"""

from __future__ import annotations

import ctypes
from ctypes import wintypes
from dataclasses import dataclass
from typing import Any, Protocol

STD_INPUT_HANDLE = -10
KEY_EVENT = 1
WAIT_OBJECT_0 = 0


class KeyEventRecord(ctypes.Structure):
    _fields_ = (
        ("bKeyDown", wintypes.BOOL),
        ("wRepeatCount", wintypes.WORD),
        ("wVirtualKeyCode", wintypes.WORD),
        ("wVirtualScanCode", wintypes.WORD),
        ("UnicodeChar", wintypes.WCHAR),
        ("dwControlKeyState", wintypes.DWORD),
    )


class _Event(ctypes.Union):
    _fields_ = (("KeyEvent", KeyEventRecord), ("_size", ctypes.c_byte * 16))


class InputRecord(ctypes.Structure):
    _fields_ = (("EventType", wintypes.WORD), ("Event", _Event))


@dataclass(frozen=True)
class KeyRecord:
    """One key event: pressed or let go, its virtual key code, the character it typed ("" for none)."""

    down: bool
    virtual_key: int
    char: str


class ConsoleInput(Protocol):
    def wait(self, timeout: float) -> bool:
        """Whether an input record is waiting, within ``timeout`` seconds."""

    def read(self) -> KeyRecord | None:
        """The next record if it is a key event (None for the console's other events)."""


class WindowsConsoleInput:
    """The input records of the console on this program's standard input."""

    def __init__(self) -> None:
        loader: Any = getattr(ctypes, "WinDLL", None)
        if loader is None:
            raise ImportError("no Windows console here (ctypes.WinDLL is Windows only)")
        kernel32 = loader("kernel32", use_last_error=True)
        kernel32.GetStdHandle.argtypes = (wintypes.DWORD,)
        kernel32.GetStdHandle.restype = wintypes.HANDLE
        kernel32.WaitForSingleObject.argtypes = (wintypes.HANDLE, wintypes.DWORD)
        kernel32.WaitForSingleObject.restype = wintypes.DWORD
        kernel32.ReadConsoleInputW.argtypes = (
            wintypes.HANDLE,
            ctypes.POINTER(InputRecord),
            wintypes.DWORD,
            ctypes.POINTER(wintypes.DWORD),
        )
        kernel32.ReadConsoleInputW.restype = wintypes.BOOL
        self._kernel32 = kernel32
        self._handle = kernel32.GetStdHandle(STD_INPUT_HANDLE & 0xFFFFFFFF)  # the DWORD (DWORD)-10

    def wait(self, timeout: float) -> bool:
        milliseconds = max(0, int(timeout * 1000))
        return bool(self._kernel32.WaitForSingleObject(self._handle, milliseconds) == WAIT_OBJECT_0)

    def read(self) -> KeyRecord | None:
        record = InputRecord()
        count = wintypes.DWORD()
        if not self._kernel32.ReadConsoleInputW(self._handle, ctypes.byref(record), 1, ctypes.byref(count)):
            last_error: Any = getattr(ctypes, "get_last_error", lambda: 0)  # Windows only
            raise OSError(last_error(), "the console's input cannot be read")
        if count.value != 1 or record.EventType != KEY_EVENT:
            return None
        key = record.Event.KeyEvent
        return KeyRecord(bool(key.bKeyDown), int(key.wVirtualKeyCode), key.UnicodeChar or "")
