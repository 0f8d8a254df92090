"""The one input boundary, and its mirror for output: what may cross between the outside and the game.

Every line from a keyboard, a pipe, a file or (later) the network passes
``screen`` before any parser sees it. The policy, in one place:

- bytes that are not UTF-8 reach us as lone surrogates (stdin is read with
  ``surrogateescape``; prompt_toolkit decodes the same way): the line is
  refused, never guessed at;
- control characters (C0, DEL, C1, the line and paragraph separators) refuse
  the line: escape sequences, a NUL or a stray NEL are never a command, and
  never act as Enter;
- invisible format characters (byte order mark, zero-width and direction
  marks) are removed; tabs and other spaces become plain spaces;
- the text is composed (NFC), so a decomposed ``ü`` matches its word;
- a line longer than ``MAX_LINE`` (or ``MAX_RAW`` as read, invisible characters
  included) is refused whole: a reader that stops at ``MAX_RAW`` hands over a
  line that is refused, never its first part.

A refused line changes nothing; its answer shows it with ``visible``, which is
also how anything typed or read from a file is ever echoed: control characters
are written as ``<ESC>``, ``<U+0085>`` or ``<0xFF>``, never raw.
Numbers typed by people are ASCII digits only (``ascii_number``); names are
checked by ``name_problem``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

MAX_LINE = 300  # characters; no command or entry comes near it
MAX_RAW = MAX_LINE * 4  # characters as read, before invisible ones are removed (a reader reads no more)
MAX_NAME = 20  # characters of a player's name
SHOWN = 60  # characters of a refused line shown back

_C0_NAMES = [
    "NUL",
    "SOH",
    "STX",
    "ETX",
    "EOT",
    "ENQ",
    "ACK",
    "BEL",
    "BS",
    "HT",
    "LF",
    "VT",
    "FF",
    "CR",
    "SO",
    "SI",
    "DLE",
    "DC1",
    "DC2",
    "DC3",
    "DC4",
    "NAK",
    "SYN",
    "ETB",
    "CAN",
    "EM",
    "SUB",
    "ESC",
    "FS",
    "GS",
    "RS",
    "US",
]
_REFUSED_CATEGORIES = ("Cc", "Zl", "Zp", "Cs")
_NUMBER = re.compile(r"[0-9]{1,6}", re.ASCII)
_NAME_MARKS = "-'."


class InputProblem(StrEnum):
    """Why a line from outside was not used."""

    NOT_TEXT = "not-text"  # bytes that are not UTF-8
    CONTROL = "control"  # a control character
    TOO_LONG = "too-long"  # longer than MAX_LINE


@dataclass(frozen=True)
class Screened:
    """A line after the boundary: clean ``text``, or a ``problem`` and the line as it may be ``shown``."""

    text: str
    problem: InputProblem | None = None
    shown: str = ""

    @property
    def ok(self) -> bool:
        return self.problem is None


def _is_surrogate(char: str) -> bool:
    return 0xD800 <= ord(char) <= 0xDFFF


def _token(char: str) -> str:
    """How one unprintable character is shown."""
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"<0x{code - 0xDC00:02X}>"
    if code < 0x20:
        return f"<{_C0_NAMES[code]}>"
    if code == 0x7F:
        return "<DEL>"
    return f"<U+{code:04X}>"


def _unprintable(char: str) -> bool:
    return unicodedata.category(char) in (*_REFUSED_CATEGORIES, "Cf") or _is_surrogate(char)


def visible(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control, format and undecodable character written as a visible token."""
    if all(char.isprintable() for char in text):
        return text  # the common case, quickly
    return "".join(
        char if (keep_newlines and char == "\n") or not _unprintable(char) else _token(char) for char in text
    )


def visible_fields(data: Any) -> Any:
    """Structured data (what is sent as JSON: objects, lists, numbers, texts) with every text in it made
    visible: the fields that go out to a page or a client, as ``visible`` makes a line."""
    if isinstance(data, str):
        return visible(data)
    if isinstance(data, dict):
        return {key: visible_fields(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [visible_fields(value) for value in data]
    return data


def shown(text: str, limit: int = SHOWN) -> str:
    """A line as it may be repeated back to the player: visible and not too long."""
    text = visible(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def screen(raw: str) -> Screened:
    """The boundary: a clean line, or why it is refused (and nothing else happens)."""
    line = raw.removesuffix("\n").removesuffix("\r")  # one line ending, no more
    if len(line) >= MAX_RAW:
        return Screened("", InputProblem.TOO_LONG, shown(line))
    if any(_is_surrogate(char) for char in line):
        return Screened("", InputProblem.NOT_TEXT, shown(line))
    if any(unicodedata.category(char) in _REFUSED_CATEGORIES and char != "\t" for char in line):
        return Screened("", InputProblem.CONTROL, shown(line))
    cleaned = "".join(
        " " if char == "\t" or unicodedata.category(char) == "Zs" else char
        for char in line
        if unicodedata.category(char) != "Cf"
    )
    cleaned = unicodedata.normalize("NFC", cleaned)
    if len(cleaned) > MAX_LINE:
        return Screened("", InputProblem.TOO_LONG, shown(cleaned))
    return Screened(cleaned)


def ascii_number(word: str) -> int | None:
    """A number typed in ASCII digits (``²``, ``٣`` or ``-3`` are not numbers here)."""
    return int(word) if _NUMBER.fullmatch(word) else None


class NameProblem(StrEnum):
    """Why a player's name is refused."""

    EMPTY = "empty"
    TOO_LONG = "too-long"
    CHARACTERS = "characters"  # starts with something other than a letter, or holds spaces or symbols


def name_problem(name: str) -> NameProblem | None:
    """A name is one word of letters (digits, ``-``, ``'`` and ``.`` after the first letter)."""
    if not name:
        return NameProblem.EMPTY
    screened = screen(name)
    if screened.problem is not InputProblem.TOO_LONG and (not screened.ok or screened.text != name):
        return NameProblem.CHARACTERS  # control characters say more than the length
    if len(name) > MAX_NAME:
        return NameProblem.TOO_LONG
    first, rest = name[0], name[1:]
    if not first.isalpha() or not all(_name_character(char) for char in rest):
        return NameProblem.CHARACTERS
    return None


def _name_character(char: str) -> bool:
    """After the first letter: letters, their marks, the digits 0-9, and - ' ."""
    return (
        char.isalpha() or char in "0123456789" or char in _NAME_MARKS or unicodedata.category(char)[0] == "M"
    )


def for_speech(text: str) -> str:
    """Text safe to hand to a speech engine: no control, format or undecodable characters."""
    if text.isprintable():
        return text
    return "".join(
        " " if char in "\n\t" else char for char in text if char in "\n\t" or not _unprintable(char)
    )
