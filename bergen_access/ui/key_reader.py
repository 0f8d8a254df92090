"""Reading a line key by key and writing only what is typed: the screen-reader setting without readline.

Windows has no ``readline`` module, and prompt_toolkit redraws the line on
Enter and on Tab, which a console screen reader reads twice. This reader writes
the prompt once, then each typed character as it comes (a backspace as "\\b \\b"),
and nothing else: Tab completes the word being typed (the matches are listed
on a line of their own when there are several), up and down bring back earlier
lines, F2 repeats the last announcement, F3 stops speech, Enter ends the line.
Keys come from a ``KeySource``: on Windows the console's own input records (``console_input``).
It waits for keys a moment at a time, so a line from the braille display's
routing keys or a lost connection ends the read at once (``interrupt``).
"""

from __future__ import annotations

import contextlib
import enum
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol, TextIO

from ..output.announcer import write_or_end
from .console_input import ConsoleInput, KeyRecord, WindowsConsoleInput

#: seconds between two looks for a key (and for a line from elsewhere)
KEY_POLL = 0.05
HISTORY = 200


class KeyName(enum.StrEnum):
    CHAR = "char"
    ENTER = "enter"
    BACKSPACE = "backspace"
    TAB = "tab"
    UP = "up"
    DOWN = "down"
    ESCAPE = "escape"
    F2 = "f2"
    F3 = "f3"
    END_OF_INPUT = "end of input"
    INTERRUPT = "interrupt"
    OTHER = "other"


@dataclass(frozen=True)
class Key:
    name: KeyName
    char: str = ""


class KeySource(Protocol):
    def key(self, timeout: float) -> Key | None:
        """The next key, or None if none came within ``timeout`` seconds."""


#: the keys named by their virtual key code (winuser.h), whatever character they type
_VIRTUAL_KEYS = {
    0x0D: KeyName.ENTER,
    0x08: KeyName.BACKSPACE,
    0x09: KeyName.TAB,
    0x1B: KeyName.ESCAPE,
    0x71: KeyName.F2,
    0x72: KeyName.F3,
    0x26: KeyName.UP,
    0x28: KeyName.DOWN,
}
#: Shift, Ctrl, Alt, Caps Lock, the Windows keys: pressed alone they type nothing
_MODIFIERS = frozenset({0x10, 0x11, 0x12, 0x14, 0x5B, 0x5C, 0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5})
_CONTROL = {
    "\r": KeyName.ENTER,
    "\n": KeyName.ENTER,
    "\x08": KeyName.BACKSPACE,
    "\x7f": KeyName.BACKSPACE,
    "\t": KeyName.TAB,
    "\x1b": KeyName.ESCAPE,
    "\x1a": KeyName.END_OF_INPUT,  # Ctrl-Z: the end of input on Windows
    "\x04": KeyName.END_OF_INPUT,  # Ctrl-D
    "\x03": KeyName.INTERRUPT,  # Ctrl-C, when the console passes it on as a key
}


def key_of(record: KeyRecord) -> Key | None:
    """The key a console input record stands for; None for a key let go or a modifier alone."""
    if not record.down or (record.virtual_key in _MODIFIERS and not record.char):
        return None
    if record.virtual_key in _VIRTUAL_KEYS:
        return Key(_VIRTUAL_KEYS[record.virtual_key])
    if record.char in _CONTROL:
        return Key(_CONTROL[record.char])
    if record.char and record.char.isprintable():
        return Key(KeyName.CHAR, record.char)
    return Key(KeyName.OTHER)


class ConsoleKeys:
    """The Windows console's keys (``ImportError`` where there is none): see ``console_input``."""

    def __init__(self, source: ConsoleInput | None = None) -> None:
        self._source: ConsoleInput = source if source is not None else WindowsConsoleInput()

    def key(self, timeout: float) -> Key | None:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if not self._source.wait(max(0.0, left)):
                return None
            try:
                record = self._source.read()
            except OSError:  # the console is gone: as at the end of input
                return Key(KeyName.END_OF_INPUT)
            key = key_of(record) if record is not None else None
            if key is not None:
                return key
            if left <= 0:
                return None


@dataclass(frozen=True)
class KeyActions:
    """What the keys of a line reader do beyond typing: Tab's words, F2, F3 (and F3 with no speech)."""

    candidates: Callable[[], Iterable[str]]
    repeat: Callable[[], None]
    stop_speech: Callable[[], bool]
    no_speech: Callable[[], None] = lambda: None


class KeyLineReader:
    """Line input that writes once: see the module docstring."""

    def __init__(self, keys: KeySource, out: TextIO, actions: KeyActions) -> None:
        self.keys = keys
        self.out = out
        self.actions = actions
        self.history: list[str] = []
        self._pending: BaseException | None = None
        self._reading = False
        self._lock = threading.Lock()

    def interrupt(self, error: BaseException) -> bool:
        """From another thread or a signal: the read under way raises ``error`` (False: none is)."""
        with self._lock:
            if not self._reading:
                return False
            self._pending = error
            return True

    def read(self, prompt: str) -> str:
        self._write(prompt)
        typed: list[str] = []
        recalled = len(self.history)
        with self._lock:
            self._reading = True
        try:
            while True:
                self._raise_pending()
                key = self.keys.key(KEY_POLL)
                if key is None:
                    continue
                if key.name is KeyName.ENTER:
                    self._write("\n")
                    line = "".join(typed)
                    if line.strip() and (not self.history or self.history[-1] != line):
                        self.history = [*self.history, line][-HISTORY:]
                    return line
                if key.name is KeyName.INTERRUPT:
                    self._write("\n")
                    raise KeyboardInterrupt
                if key.name is KeyName.END_OF_INPUT and not typed:
                    self._write("\n")
                    raise EOFError
                if key.name in (KeyName.UP, KeyName.DOWN):
                    recalled = self._recall(typed, recalled, -1 if key.name is KeyName.UP else 1)
                else:
                    self._edit(key, typed, prompt)
        finally:
            with self._lock:
                self._reading = False
                self._pending = None

    def _edit(self, key: Key, typed: list[str], prompt: str) -> None:
        if key.name is KeyName.CHAR:
            typed.append(key.char)
            self._write(key.char)
        elif key.name is KeyName.BACKSPACE and typed:
            typed.pop()
            self._write("\b \b")
        elif key.name is KeyName.ESCAPE:
            self._replace(typed, "")
        elif key.name is KeyName.TAB:
            self._complete(typed, prompt)
        elif key.name is KeyName.F2:
            self._write("\n")
            self.actions.repeat()
            self._write(prompt + "".join(typed))
        elif key.name is KeyName.F3 and not self.actions.stop_speech():
            self._write("\n")
            self.actions.no_speech()
            self._write(prompt + "".join(typed))

    def _recall(self, typed: list[str], position: int, step: int) -> int:
        """Up and down: an earlier line in place of what is typed (below the newest: an empty line)."""
        position = max(0, min(len(self.history), position + step))
        self._replace(typed, self.history[position] if position < len(self.history) else "")
        return position

    def _replace(self, typed: list[str], text: str) -> None:
        self._write("\b \b" * len(typed) + text)
        typed[:] = list(text)

    def _complete(self, typed: list[str], prompt: str) -> None:
        """Tab: the word being typed completed as far as the matches agree; several are listed."""
        line = "".join(typed)
        word = line.rsplit(" ", 1)[-1]
        lowered = word.lower()
        words = self.actions.candidates()
        matches = [c for c in words if c.lower().startswith(lowered) and c.lower() != lowered]
        if not matches:
            return
        common = _common_prefix([m.lower() for m in matches])
        addition = matches[0][len(word) :] + " " if len(matches) == 1 else matches[0][len(word) : len(common)]
        if addition:
            typed.extend(addition)
            self._write(addition)
            return
        self._write("\n" + "  ".join(matches) + "\n" + prompt + line)

    def _raise_pending(self) -> None:
        with self._lock:
            error, self._pending = self._pending, None
        if error is not None:
            self._write("\n")
            raise error

    def _write(self, text: str) -> None:
        write_or_end(self.out, text)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.out.flush()


def _common_prefix(words: list[str]) -> str:
    first, last = min(words), max(words)
    size = 0
    while size < min(len(first), len(last)) and first[size] == last[size]:
        size += 1
    return first[:size]
