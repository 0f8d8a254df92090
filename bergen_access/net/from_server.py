"""The one output boundary for what a server says to ``bergen join``: its lines and every GMCP field.

Whatever a peer sends reaches the terminal, the speech and the braille display only through here
(``join.py`` takes nothing from the socket any other way):

- every text, a line or a GMCP field alike, is made visible with ``boundary.visible`` (the one
  rule for echoing outside text): ESC, BEL, C1 controls such as CSI (U+009B), direction
  overrides and other format characters are shown as ``<ESC>``-style tokens, never written raw;
  a server cannot retitle, clear or reorder the terminal, nor what a screen reader reads;
- every GMCP field is checked by type and range (``docs/gmcp.md``): ``answered`` a whole number
  from 0, ``pending`` and ``again`` true or false, a seat's ``code`` letters and digits, ``kind``
  one of ``LineKind``, a text a string of sensible length. A field that is not so is ignored, as
  if it had not been sent, and counted in ``ignored``; a message whose data is no object has no
  fields. Nothing a server sends can end the client.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..boundary import visible
from .gmcp import LineKind

#: characters of a GMCP text field (the prompt and its short form, a reason); longer is ignored
MAX_TEXT = 1000
#: characters of a seat's code
MAX_CODE = 64
#: the highest ``answered`` taken (lines sent by one connection never come near it)
MAX_ANSWERED = 2**31


@dataclass(frozen=True)
class PromptState:
    """``Bergen.Prompt`` after the boundary: the prompt and its short form (None: not sent, or
    ignored), how many lines are answered (-1: not told) and whether more is coming."""

    text: str | None = None
    short: str | None = None
    answered: int = -1
    pending: bool = False


@dataclass(frozen=True)
class ClosingState:
    """``Bergen.Close`` after the boundary: why, whether coming back may work, the seat that waits."""

    reason: str | None
    again: bool
    code: str | None


class FromServer:
    """The boundary for one server (across reconnections): what it sends, made safe; ``ignored``
    counts the GMCP fields and messages not used because they were not what ``docs/gmcp.md`` says."""

    def __init__(self) -> None:
        self.ignored = 0

    def line(self, text: str, too_long: bool = False) -> str:
        """A line as it may be shown and said: visible, ``…`` where the framer cut it."""
        return visible(text) + ("…" if too_long else "")

    def prompt(self, data: Any) -> PromptState:
        fields = self._fields(data)
        return PromptState(
            text=self._text(fields, "text"),
            short=self._text(fields, "short"),
            answered=self._whole(fields, "answered", MAX_ANSWERED, -1),
            pending=self._flag(fields, "pending", default=False),
        )

    def kind(self, data: Any) -> LineKind | None:
        """``Bergen.Line``'s kind; None when it is none of ``LineKind``."""
        value = self._fields(data).get("kind")
        if isinstance(value, str) and value in set(LineKind):
            return LineKind(value)
        self.ignored += 1
        return None

    def code(self, data: Any) -> str | None:
        """A seat's code (``Bergen.Seat``, ``Bergen.Close``): ASCII letters and digits; None otherwise."""
        value = self._fields(data).get("code")
        if value is None:
            return None
        if isinstance(value, str) and 0 < len(value) <= MAX_CODE and value.isascii() and value.isalnum():
            return value
        self.ignored += 1
        return None

    def closing(self, data: Any) -> ClosingState:
        fields = self._fields(data)
        again = self._flag(fields, "again", default=False)
        return ClosingState(self._text(fields, "reason"), again, self.code(fields))

    def _fields(self, data: Any) -> dict[str, Any]:
        if isinstance(data, dict):
            return data
        if data is not None:
            self.ignored += 1  # a list, a number, a string: no fields
        return {}

    def _text(self, fields: dict[str, Any], name: str) -> str | None:
        value = fields.get(name)
        if value is None:
            return None
        if isinstance(value, str) and len(value) <= MAX_TEXT:
            return visible(value)
        self.ignored += 1
        return None

    def _whole(self, fields: dict[str, Any], name: str, high: int, default: int) -> int:
        value = fields.get(name)
        if value is None:
            return default
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high:
            return value
        self.ignored += 1  # "x", [1], 1.5, 1e400 (infinity), NaN, true, -1
        return default

    def _flag(self, fields: dict[str, Any], name: str, *, default: bool) -> bool:
        value = fields.get(name)
        if value is None:
            return default
        if isinstance(value, bool):
            return value
        self.ignored += 1
        return default
