"""Stand-in for Windows's msvcrt (foreign-platform profile): the console's keys, read from the pty.

The terminal is put in cbreak mode (no echo, no line editing, Ctrl-C still interrupts), as the Windows
console is for ``getwch``; what the terminal sends for a function or arrow key becomes what ``getwch``
gives on Windows: "\\x00" or "\\xe0", then the key's scan code.
"""

from __future__ import annotations

import atexit
import codecs
import contextlib
import os
import select
import termios
import tty

_FD = 0
_SEQUENCES = {
    "\x1bOQ": "\x00<",  # F2
    "\x1b[12~": "\x00<",
    "\x1bOR": "\x00=",  # F3
    "\x1b[13~": "\x00=",
    "\x1b[A": "\xe0H",  # up
    "\x1b[B": "\xe0P",  # down
    "\x1bOA": "\xe0H",
    "\x1bOB": "\xe0P",
}
_decoder = codecs.getincrementaldecoder("utf-8")("replace")
_keys: list[str] = []

with contextlib.suppress(termios.error, OSError):
    _saved = termios.tcgetattr(_FD)
    tty.setcbreak(_FD)
    atexit.register(lambda: termios.tcsetattr(_FD, termios.TCSANOW, _saved))


def _take(timeout: float) -> None:
    ready, _, _ = select.select([_FD], [], [], timeout)
    if not ready:
        return
    text = _decoder.decode(os.read(_FD, 1024))
    while text:
        for sequence, keys in _SEQUENCES.items():
            if text.startswith(sequence):
                _keys.extend(keys)
                text = text[len(sequence) :]
                break
        else:
            char, text = text[0], text[1:]
            _keys.append({"\n": "\r", "\x7f": "\x08"}.get(char, char))


def kbhit() -> bool:
    if not _keys:
        _take(0)
    return bool(_keys)


def getwch() -> str:
    while not _keys:
        _take(None)
    return _keys.pop(0)
