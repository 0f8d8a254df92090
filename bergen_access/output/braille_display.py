"""The game's own braille display: every announcement kept until it is read.

BRLTTY carries the cells (``output/brlapi.py``, the display taken in tty mode);
``output/braille_view.py`` decides what they show: a new announcement never
replaces one not yet read (but the answer to what the player typed or did is
shown at once), the line ends with the count of those waiting, the pan keys read
on, line up and down go through what was shown, the "bottom" key goes to the
newest line, and with nothing waiting the turn state (the prompt) is shown. One
thread reads the display's keys; the game's thread adds announcements; one lock
keeps the view and the writes in order. A routing key over a tile or a command
word of a pick line (the turn, the hand, the help, a question) types it, as if
typed on the keyboard. A key that does nothing says so for a moment
(``SIGN_SECONDS``) and changes nothing: then the line comes back as it was.

A display that fails (BRLTTY stopped, the connection lost) is closed and
reported once through ``failure``; the game goes on in text.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
from collections.abc import Callable, Iterator

from ..i18n import I18n
from ..present.message import Message
from ..present.notices import DisplaySigns, display_signs
from .braille_view import BrailleView, CommandPick, HandLine, Position, RouteTarget, TilePick
from .brlapi import BrlapiError, Connection, KeyCommand, connect
from .channel import ChannelKind, ChannelNews, NewsKind

#: a tile in a braille line, with one arm or end letter after a colon when it fits one place ("3-5:2")
TILE_TOKEN = re.compile(r"(\d{1,2}-\d{1,2})(?::(\d))?(?![\d,])")
WORD_TOKEN = re.compile(r"[^\W\d_]+")
#: what may stand around a word on a line without being part of it: "+draw", "help.", "L/R?"
WORD_MARKS = ".,:;!?+()"

#: seconds a key read waits before it looks whether the display was closed (or a sign is over)
KEY_POLL = 0.25
#: seconds the sign of a key that did nothing stays, unless a key or a new line comes first
SIGN_SECONDS = 2.5


def pick_line(text: str, is_command: Callable[[str], bool]) -> tuple[str, HandLine]:
    """``text`` as a hand line: each tile (with its one place, if it has one) and each word the player
    may type (``is_command``: a command word, an end's letter) picks; words joined by ``/`` each pick."""
    spans: list[tuple[int, int, RouteTarget]] = []
    at = 0
    for token in text.split(" "):
        tile = None if "|" in token else TILE_TOKEN.match(token)  # "5|5d|2|-": the ends, not a tile
        if tile is not None:
            typed = tile.group(1) if tile.group(2) is None else f"{tile.group(1)} {tile.group(2)}"
            spans.append((at, at + len(token), TilePick(typed)))
        else:
            inner = at
            for piece in token.split("/"):
                word = WORD_TOKEN.fullmatch(piece.strip(WORD_MARKS))
                if word is not None and is_command(word.group(0)):
                    first = inner + piece.index(word.group(0))
                    spans.append((first, first + len(word.group(0)), CommandPick(word.group(0))))
                inner += len(piece) + 1
        at += len(token) + 1
    return text, HandLine(tuple(spans))


class BrailleDisplay:
    """A BrlAPI display in tty mode, its view, and the thread that reads its keys."""

    def __init__(
        self,
        connection: Connection,
        width: int,
        *,
        typed: Callable[[str], None],
        is_command: Callable[[str], bool] = lambda word: False,
    ) -> None:
        self.connection = connection
        self.width = width
        self.view = BrailleView(width)
        self.typed = typed
        self.is_command = is_command
        self.failure: str | None = None  # why the display stopped
        self._told = False
        self._language = "en"  # the signs' language: the messages' (each delivery says it)
        self._signs: DisplaySigns | None = None
        self._sign_until: float | None = None  # a sign is shown until then
        self._lock = threading.RLock()
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._read_keys, name="braille-keys", daemon=True)
        self._thread.start()

    @property
    def alive(self) -> bool:
        return not self._closed.is_set()

    def deliver(self, message: Message, language: str) -> None:
        """The channel's way in (``show``)."""
        if language != self._language:
            self._language, self._signs = language, None
        self.show(message)

    def take_news(self) -> list[ChannelNews]:
        """That the display stopped, once (then the announcer drops it)."""
        if self.alive or self._told:
            return []
        self._told = True
        if self.failure is None:
            return []
        return [ChannelNews(ChannelKind.BRAILLE, NewsKind.STOPPED, detail=self.failure)]

    def show(self, message: Message) -> None:
        """Add the braille lines of an announcement (urgent: the answer to the player, shown at once);
        otherwise the display shows it when its turn comes."""
        lines: list[tuple[str, HandLine | None]] = []
        for line in message.braille.split("\n"):
            if line.strip():
                lines.append(pick_line(line, self.is_command) if message.pick else (line, None))
        with self._held():
            self._write(self.view.add_message(lines, answer=message.urgent))

    def status(self, text: str) -> None:
        """The turn state (the prompt without its marks) at each prompt, shown when nothing is waiting."""
        with self._held():
            self._write(self.view.status(text))

    def newest(self) -> None:
        """To the newest line (the typed command, as the display's "bottom" key does)."""
        with self._held():
            self._move(self.view.newest)

    def close(self) -> None:
        """Give the display back to BRLTTY (leave tty mode) and stop reading keys."""
        if self._closed.is_set():
            return
        self._closed.set()
        with self._lock, contextlib.suppress(BrlapiError, OSError):
            self.connection.close()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=2 * KEY_POLL + 0.5)

    # ------------------------------------------------------------------ inside

    @contextlib.contextmanager
    def _held(self) -> Iterator[None]:
        with self._lock:
            if self._closed.is_set():
                yield
                return
            try:
                yield
            except (BrlapiError, OSError) as error:
                self._fail(error)

    def _write(self, text: str | None) -> None:
        if text is not None and not self._closed.is_set():
            self._sign_until = None
            self.connection.write_text(text[: self.width].ljust(self.width))

    def _sign(self, text: str) -> None:
        """Say for a moment that a key did nothing; the view is left as it is."""
        if not self._closed.is_set():
            self.connection.write_text(text[: self.width].ljust(self.width))
            self._sign_until = time.monotonic() + SIGN_SECONDS

    def _end_sign(self, now: bool = False) -> bool:
        """The line back as it was once the sign's time is over (``now``: at once); True if one ended."""
        if self._sign_until is None or (not now and time.monotonic() < self._sign_until):
            return False
        self._sign_until = None
        if not self._closed.is_set():
            self.connection.write_text(self.view.shown[: self.width].ljust(self.width))
        return True

    def signs(self) -> DisplaySigns:
        if self._signs is None:
            self._signs = display_signs(I18n(self._language))
        return self._signs

    def _place(self) -> tuple[Position | None, str, int]:
        return self.view.position, self.view.shown, self.view.waiting

    def _move(self, move: Callable[[], str | None]) -> None:
        """A key that moves the view; one that changes nothing says so."""
        before = self._place()
        shown = move()
        if shown is None and self._place() == before:
            self._sign(self.signs().no_further)
        else:
            self._write(shown if shown is not None else self.view.shown)

    def _fail(self, error: BaseException) -> None:
        if self._closed.is_set():
            return
        self.failure = str(error) or type(error).__name__
        self._closed.set()
        with contextlib.suppress(BrlapiError, OSError):
            self.connection.close()

    def _read_keys(self) -> None:
        while not self._closed.is_set():
            try:
                key = self.connection.read_key(KEY_POLL)
            except (BrlapiError, OSError) as error:
                with self._lock:
                    self._fail(error)
                return
            with self._held():
                if key is None:
                    self._end_sign()
                else:
                    self._act(key.command, key.argument)

    def _act(self, command: KeyCommand, argument: int) -> None:
        view = self.view
        moves: dict[KeyCommand, Callable[[], str | None]] = {
            KeyCommand.PAN_RIGHT: view.pan_right,
            KeyCommand.PAN_LEFT: view.pan_left,
            KeyCommand.LINE_UP: view.line_up,
            KeyCommand.LINE_DOWN: view.line_down,
            KeyCommand.BOTTOM: view.newest,
            KeyCommand.RETURN: view.resume,
        }
        if command in moves:
            self._move(moves[command])
            return
        if self._end_sign(now=True) and command is KeyCommand.ROUTE:
            return  # the finger was over the sign, not over the line
        target = view.route(argument) if command is KeyCommand.ROUTE else None
        if target is not None:
            view.routed()  # the line acted on is read: never shown again after the result
        if isinstance(target, TilePick):
            self.typed(target.tile_text)
        elif isinstance(target, CommandPick):
            self.typed(target.word)
        else:
            self._sign(self.signs().nothing_here)


def open_display(
    host: str | None,
    width: int | None,
    *,
    typed: Callable[[str], None],
    is_command: Callable[[str], bool],
    timeout: float = 0.5,
) -> BrailleDisplay:
    """Take the display BRLTTY offers (``width`` cells, else its own size); ``BrlapiError`` if none."""
    connection = connect(host, timeout=timeout)
    try:
        columns, _rows = connection.display_size()
        if columns < 1:
            raise BrlapiError("the display has no cells")
        connection.enter_tty_mode()
        cells = min(width, columns) if width else columns
        return BrailleDisplay(connection, cells, typed=typed, is_command=is_command)
    except BaseException:
        connection.close()
        raise
