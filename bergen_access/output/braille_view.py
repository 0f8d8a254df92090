"""What the game's own braille display shows: a pure model, read at the reader's own pace.

A deafblind player reads braille only, so a line must never vanish before it was read. This
model holds the announcement lines and decides what the display shows; it does no I/O (the
BrlAPI client writes what the methods return). Every method returns the new display text
(at most ``width`` characters) or None when the display does not change.

Choices, as a reader who reads only braille would need them:

- **A new line waits.** It is shown at once only while the display shows the turn state
  (the status) or nothing; otherwise it is queued behind the lines not yet read. Even a
  line that fits the display (read, by definition, once shown) stays until the reader
  moves on: replacing it at once would lose it, which is the very fault this display cures.
- **The display follows the player.** The first answer after a prompt (the reply to what
  the player typed, routed or did: ``add_message(answer=True)``) is shown at once, from
  its start: the player has moved on. A line it passes over that was not read to its end
  stays unread and counted; reading on comes back to it. So does a line that came up by
  itself, with lines waiting behind it, when the player answers with no key pressed on it
  (typed ahead: the orientation is never lost).
- **A long reply is paged and set aside.** An answer of several lines (help, rules,
  history) is read line by line and window by window like any other; once the player
  types again, acts, or goes to the newest line, what is left of it unread counts as read
  (it stays in the history, and in the game's ``history``). Nothing else is ever set
  aside: no line of an event, no short answer, nothing newer than the long reply.
- **The waiting count** is ``+N`` in the last cells of the display, right-aligned after at
  least one blank cell, so it is always found in the same place and never runs into the
  text (game lines use ``+`` too: ``+3-5``, ``DT +2``). The text window shrinks to make
  room; nothing is lost, it pans. N counts the lines not yet read besides the one shown.
  (On a display too narrow for the number, a lone ``+`` says that lines wait.)
- **Pan right** shows the next window of the line; at its end the oldest line not yet
  read; with nothing unread, the next newer line; after the newest line, the status, so
  the reader learns whose turn it is; with no status, or when the newest line is a question
  the player answers by routing (the status would ask it again), it stays.
- **A routing press** acts on the line shown: that line counts as read, so its offer, gone
  once taken, is never shown again after the result (``routed``).
- **Pan left** shows the previous window; at the start of a line, the last window of the
  line before it (from the status: the newest line).
- **Line up / line down** step through the lines, each from its start. Line down moves on
  from a line (the reader chose to: it counts as read); on the newest line it goes to the
  oldest unread line, or to the status. **Newest** (``newest``) goes to the newest line,
  setting long replies aside (past a long reply that is the newest, to the status);
  **resume** goes where reading goes on: the oldest unread line, else the newest line.
- **The status** never hides an unread line and never counts as unread: it is shown
  when the reader pans past the newest line, and while shown it follows each update.
  Each status given is a prompt: the player may answer it (see "follows the player").
- **Windows** break at spaces (a tile like ``10-12``, a word or an abbreviation like ``z. B.`` is
  never cut in two when a space lies within the window), and end at a sentence's end where one lies
  within them (``Winner: Anna.`` and the score after it are never cut across windows: see ``window``);
  a single word longer than the window is cut.
- A line is **read** once its last window has been shown (or the reader moved down past
  it). The history keeps the last ``history`` lines; lines still unread are never dropped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

#: The narrowest display served: room for a few cells of text beside a waiting count.
MIN_WIDTH = 8

#: what ends a sentence (or a clause) on a line: the window prefers to end right after it
SENTENCE_ENDS = ".!?;"

#: an abbreviation of several parts, each one or two letters and a period (``z. B.``, ``d. h.``,
#: ``u. a.``): the spaces inside it are no breaks, and its periods end no sentence
_ABBREVIATION_BEFORE = re.compile(r"(?:^|[\s(])[^\W\d_]{1,2}\.$")
_ABBREVIATION_AFTER = re.compile(r"[^\W\d_]{1,2}\.")


@dataclass(frozen=True)
class TilePick:
    """A routing key over a tile of the hand line: play it (asking the end, as typing would)."""

    tile_text: str


@dataclass(frozen=True)
class CommandPick:
    """A routing key over a command word of the hand line: run it."""

    word: str


RouteTarget: TypeAlias = TilePick | CommandPick


@dataclass(frozen=True)
class HandLine:
    """What lies under a hand line's characters: ``(start, end, target)`` ranges of its text."""

    spans: tuple[tuple[int, int, RouteTarget], ...]

    def __post_init__(self) -> None:
        for start, end, _target in self.spans:
            if not 0 <= start < end:
                raise ValueError(f"empty or negative span {start}..{end}")


@dataclass(frozen=True)
class Position:
    """Where the display is: line ``line`` (numbered in the order added), characters start..end."""

    line: int
    start: int
    end: int


def hand_line(parts: Sequence[tuple[str, RouteTarget | None]], separator: str = " ") -> tuple[str, HandLine]:
    """The text of the parts joined, and the span each part with a target covers.

    >>> text, hand = hand_line([("H:", None), ("3-5", TilePick("3-5")), ("draw", CommandPick("draw"))])
    >>> text, hand.spans[0]
    ('H: 3-5 draw', (3, 6, TilePick(tile_text='3-5')))
    """
    spans: list[tuple[int, int, RouteTarget]] = []
    at = 0
    for index, (part, target) in enumerate(parts):
        if index:
            at += len(separator)
        if target is not None and part:
            spans.append((at, at + len(part), target))
        at += len(part)
    return separator.join(part for part, _ in parts), HandLine(tuple(spans))


def window(text: str, start: int, width: int) -> tuple[int, int]:
    """The window of ``text`` from ``start``: ``(end, next_start)``; ``next_start == len(text)`` at the end.

    ``text`` has no space at either end (``clean``). The window ends after the last sentence that
    ends within it (``_ends_sentence``), so a sentence that fits a window of its own is never cut
    across two; with no sentence end inside, after its last word that fits; a
    word longer than the window is cut. The next window starts at the next non-space.

    >>> text = "Winner: Anna. You 6 Anna 15 /15"
    >>> text[: window(text, 0, 20)[0]]
    'Winner: Anna.'
    """
    if len(text) - start <= width:
        return len(text), len(text)
    limit = start + width + 1  # a break may be the space just after a full window
    space = max((at for at in range(start + 1, limit) if _breaks(text, at)), default=-1)
    if space == -1:  # an abbreviation longer than the window is broken like a long line: at a space
        space = text.rfind(" ", start + 1, limit)
    sentence = max((at for at in range(start + 1, limit) if _ends_sentence(text, at)), default=-1)
    if sentence != -1:
        space = sentence
    end = start + width if space == -1 else len(text[start:space].rstrip()) + start
    after = end
    while text[after] == " ":
        after += 1
    return end, after


def _breaks(text: str, at: int) -> bool:
    """Whether a window may end at ``at``: a space, not one inside an abbreviation (``z. B.``)."""
    return text[at] == " " and not _inside_abbreviation(text, at)


def _inside_abbreviation(text: str, at: int) -> bool:
    """Whether the space at ``at`` joins two parts of an abbreviation: ``z. B.``, ``d. h.``."""
    return bool(_ABBREVIATION_BEFORE.search(text, 0, at) and _ABBREVIATION_AFTER.match(text, at + 1))


def _ends_sentence(text: str, at: int) -> bool:
    """Whether the space at ``at`` follows a sentence's end: ``.``, ``!`` or ``?`` before a capital
    (not ``e.g. 3-5``, not ``/15. help``, not ``z. B.``), or a ``;``."""
    if not _breaks(text, at) or at + 1 >= len(text):
        return False
    mark = text[at - 1]
    return mark == ";" or (mark in SENTENCE_ENDS and text[at + 1].isupper())


def starts(text: str, width: int) -> list[int]:
    """Where each window of ``text`` begins, reading from its start."""
    found = [0]
    while (after := window(text, found[-1], width)[1]) < len(text):
        found.append(after)
    return found


def clean(text: str) -> tuple[str, int]:
    """One display line: each white space a plain space, none at either end; and how many went in front."""
    spaced = "".join(" " if char.isspace() else char for char in text).rstrip()
    stripped = spaced.lstrip()
    return stripped, len(spaced) - len(stripped)


@dataclass
class _Line:
    number: int
    text: str
    spans: tuple[tuple[int, int, RouteTarget], ...]
    read: bool = False
    #: a line of a long reply: set aside (counted as read) once the player moves on
    paged: bool = False
    #: the reply to what the player typed or did (shown at once: the player saw it come)
    answer: bool = False


class BrailleView:
    """The lines of one braille display: the one shown, those not yet read, the history, the status."""

    def __init__(self, width: int, *, history: int = 200) -> None:
        _check_width(width)
        if history < 1:
            raise ValueError("the history must keep at least the line shown")
        self.width = width
        self._limit = history
        self._lines: list[_Line] = []  # in the order added: read ones (the history) and unread ones
        self._at: int | None = None  # the index of the line shown; None: the status (perhaps empty)
        self._offset = 0
        self._status = ""
        self._added = 0
        self._shown = ""
        self._asked = False  # a prompt came (a status): the next answer is the player's and follows
        self._keyed = False  # a reader's key was pressed since the line shown came by itself

    # What is shown

    @property
    def shown(self) -> str:
        """The display text now."""
        return self._shown

    @property
    def waiting(self) -> int:
        """Lines not yet read, besides the one shown (the count on the display)."""
        return sum(1 for index, line in enumerate(self._lines) if not line.read and index != self._at)

    @property
    def position(self) -> Position | None:
        """The line and characters shown; None while the status shows."""
        if self._at is None:
            return None
        line = self._lines[self._at]
        return Position(line.number, self._offset, window(line.text, self._offset, self._text_width())[0])

    def resize(self, width: int) -> str | None:
        """Another display size (a display plugged in anew): the same place, windows of the new width."""
        _check_width(width)
        self.width = width
        return self._refresh()

    # The reader's news and the game's state

    def add(self, text: str, *, hand: HandLine | None = None) -> str | None:
        """A new announcement of one line: shown at once over the status, otherwise queued."""
        return self.add_message([(text, hand)])

    def add_message(
        self, lines: Sequence[tuple[str, HandLine | None]], *, answer: bool = False
    ) -> str | None:
        """One announcement, a line or several; ``answer``: the reply to what the player typed or did.

        The first answer after a prompt sets long replies aside and is shown at once (the display
        follows the player); an answer of several lines is a long reply itself. Anything else is
        shown at once over the status, else queued (never over an unread line).
        """
        follows = answer and self._asked
        if answer:
            self._asked = False
        if follows:
            self._set_aside()
            self._left_unseen()
        new: list[_Line] = []
        for text, hand in lines:
            shown, cut = clean(text)
            if not shown:
                continue
            spans = () if hand is None else _shifted(hand, len(text), cut, len(shown))
            new.append(_Line(self._added, shown, spans, answer=answer))
            self._added += 1
        if answer and len(new) > 1:
            for line in new:
                line.paged = True
        if new:
            first = len(self._lines)
            self._lines.extend(new)
            if follows or self._at is None:
                self._at, self._offset = first, 0
                self._keyed = False
            self._trim()
        return self._refresh()

    def status(self, text: str) -> str | None:
        """The turn state at a prompt: kept for when the reader has read everything; updated in place
        while shown. The next answer is the player's reply to it."""
        self._asked = True
        status = clean(text)[0]
        if status != self._status:
            self._status = status
            if self._at is None:
                self._offset = 0
        return self._refresh()

    # The reader's keys

    def pan_right(self) -> str | None:
        """The next window; at the end of the line, the next line to read (see the module's notes)."""
        self._keyed = True
        text = self._text()
        after = window(text, self._offset, self._text_width())[1]
        if after < len(text):
            self._offset = after
        elif self._at is not None:
            self._go_on()
        return self._refresh()

    def pan_left(self) -> str | None:
        """The previous window; at the start of a line, the last window of the line before."""
        self._keyed = True
        if self._offset > 0:
            self._offset = max(s for s in starts(self._text(), self._text_width()) if s < self._offset)
        elif self._at is None and self._lines:
            self._at = len(self._lines) - 1
            self._offset = starts(self._text(), self._text_width())[-1]
        elif self._at:
            self._at -= 1
            self._offset = starts(self._text(), self._text_width())[-1]
        return self._refresh()

    def line_up(self) -> str | None:
        """The line before (from the status: the newest line), from its start."""
        self._keyed = True
        if self._at is None and self._lines:
            self._at = len(self._lines) - 1
        elif self._at:
            self._at -= 1
        self._offset = 0
        return self._refresh()

    def line_down(self) -> str | None:
        """The line after, from its start; past the newest, the oldest unread line or the status. The
        line left counts as read: the reader chose to move on."""
        self._keyed = True
        if self._at is None:
            return None
        leaving = self._lines[self._at]
        if self._at < len(self._lines) - 1:
            leaving.read = True
            self._at, self._offset = self._at + 1, 0
        elif self.waiting or self._status:
            leaving.read = True
            self._go_on()
        return self._refresh()

    def newest(self) -> str | None:
        """The newest line from its start, what is left of long replies set aside (when a long reply is
        the newest, the status instead: what is now); lines passed over that were not read stay unread
        (and counted)."""
        self._keyed = True
        self._set_aside()
        if self._lines and self._lines[-1].paged and self._status:
            self._at, self._offset = None, 0
        elif self._lines:
            self._at, self._offset = len(self._lines) - 1, 0
        return self._refresh()

    def resume(self) -> str | None:
        """Where reading goes on: the oldest unread line, else the newest line, from its start."""
        self._keyed = True
        unread = self._oldest_unread(None)
        if unread is not None:
            self._at, self._offset = unread, 0
        elif self._lines:
            self._at, self._offset = len(self._lines) - 1, 0
        return self._refresh()

    def routed(self) -> None:
        """A routing key over the line shown typed what it offered: the player acted on that line, so
        it counts as read (what it offered is gone: reading on never comes back to it)."""
        self._keyed = True
        if self._at is not None and self._lines[self._at].spans:
            self._lines[self._at].read = True

    def route(self, cell: int) -> RouteTarget | None:
        """What lies under routing key ``cell`` (0-based) now: a tile or command of a hand line, or None."""
        if self._at is None:
            return None
        line = self._lines[self._at]
        end = window(line.text, self._offset, self._text_width())[0]
        if not 0 <= cell < end - self._offset or line.text[self._offset + cell] == " ":
            return None
        index = self._offset + cell
        return next((target for start, stop, target in line.spans if start <= index < stop), None)

    # Inner workings

    def _go_on(self) -> None:
        """From the end of the line shown: the oldest unread line, else the next newer, else the status."""
        assert self._at is not None
        unread = self._oldest_unread(self._at)
        if unread is not None:
            self._at, self._offset = unread, 0
        elif self._at < len(self._lines) - 1:
            self._at, self._offset = self._at + 1, 0
        elif self._status and not self._asks(self._lines[self._at]):
            self._at, self._offset = None, 0

    @staticmethod
    def _asks(line: _Line) -> bool:
        """A question the player answers by routing (``3-5: L/R?``): the prompt's status asks the same
        again, so past it reading stays (the question is not shown twice)."""
        return bool(line.spans) and line.text.endswith("?")

    def _left_unseen(self) -> None:
        """The player moved on while a line came up by itself and no key was pressed on it, with lines
        waiting behind it (it is not the turn the player answered): typed at once, it was never read
        (the orientation, when the player types ahead). It stays unread: reading on comes back to it."""
        if (
            self._at is None
            or self._keyed
            or self._at == len(self._lines) - 1
            or self._lines[self._at].answer
        ):
            return
        self._lines[self._at].read = False

    def _oldest_unread(self, besides: int | None) -> int | None:
        return next((i for i, line in enumerate(self._lines) if not line.read and i != besides), None)

    def _set_aside(self) -> None:
        """What is left unread of long replies counts as read (the history keeps it)."""
        for line in self._lines:
            if line.paged:
                line.read = True

    def _trim(self) -> None:
        """Forget the oldest read lines beyond the history's size (never an unread line, nor the shown)."""
        excess = len(self._lines) - self._limit
        index = 0
        while excess > 0 and index < len(self._lines):
            if self._lines[index].read and index != self._at:
                del self._lines[index]
                if self._at is not None and self._at > index:
                    self._at -= 1
                excess -= 1
            else:
                index += 1

    def _text(self) -> str:
        return self._status if self._at is None else self._lines[self._at].text

    def _suffix(self) -> str:
        """The waiting count as it ends the display: ``" +N"`` (or ``" +"`` where the number cannot fit)."""
        count = self.waiting
        if not count:
            return ""
        full = f" +{count}"
        return full if self.width - len(full) >= MIN_WIDTH // 2 else " +"

    def _text_width(self) -> int:
        return self.width - len(self._suffix())

    def _refresh(self) -> str | None:
        """Render the display; mark the line read when its end is shown; None when the text is unchanged."""
        text, width, suffix = self._text(), self._text_width(), self._suffix()
        end, after = window(text, self._offset, width)
        if self._at is not None and after >= len(text):
            self._lines[self._at].read = True  # the count leaves the line shown out: it stays as it is
        shown = text[self._offset : end]
        if suffix:
            shown = shown.ljust(width) + suffix
        if shown == self._shown:
            return None
        self._shown = shown
        return shown


def _check_width(width: int) -> None:
    if width < MIN_WIDTH:
        raise ValueError(f"a braille display of {width} cells is too narrow (at least {MIN_WIDTH})")


def _shifted(hand: HandLine, length: int, cut: int, kept: int) -> tuple[tuple[int, int, RouteTarget], ...]:
    """A hand line's spans moved onto the cleaned text (``cut`` spaces gone in front, ``kept`` characters)."""
    spans: list[tuple[int, int, RouteTarget]] = []
    for start, end, target in hand.spans:
        if end > length:
            raise ValueError(f"span {start}..{end} lies beyond the line ({length} characters)")
        first, last = max(start - cut, 0), min(end - cut, kept)
        if first < last:
            spans.append((first, last, target))
    return tuple(spans)
