"""The game's own braille display: every announcement kept until it is read.

BRLTTY carries the cells (``output/brlapi.py``, the display taken in tty mode);
``output/braille_view.py`` decides what they show: a new announcement never
replaces one not yet read, the line ends with the count of those waiting, the
pan keys read on, line up and down go through what was shown, and with nothing
waiting the turn state (the prompt) is shown. One thread reads the display's
keys; the game's thread adds announcements; one lock keeps the view and the
writes in order. A routing key over a tile or a command word of a pick line
(the turn, the hand) types it, as if typed on the keyboard.

A display that fails (BRLTTY stopped, the connection lost) is closed and
reported once through ``failure``; the game goes on in text.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Callable, Iterator

from ..present.message import Message
from .braille_view import BrailleView, CommandPick, HandLine, TilePick, hand_line
from .brlapi import BrlapiError, Connection, KeyCommand, connect
from .channel import ChannelKind, ChannelNews, NewsKind

#: a tile in a braille line, with one arm or end letter after a colon when it fits one place ("3-5:2")
TILE_TOKEN = re.compile(r"(\d{1,2}-\d{1,2})(?::(\d))?(?![\d,])")
WORD_TOKEN = re.compile(r"[^\W\d_]+")

#: seconds a key read waits before it looks whether the display was closed
KEY_POLL = 0.25


def pick_line(text: str, is_command: Callable[[str], bool]) -> tuple[str, HandLine]:
    """``text`` as a hand line: each tile (with its one place, if it has one) and each command word picks."""
    parts: list[tuple[str, TilePick | CommandPick | None]] = []
    for token in text.split(" "):
        tile = None if "|" in token else TILE_TOKEN.match(token)  # "5|5d|2|-": the ends, not a tile
        if tile is not None:
            typed = tile.group(1) if tile.group(2) is None else f"{tile.group(1)} {tile.group(2)}"
            parts.append((token, TilePick(typed)))
            continue
        word = WORD_TOKEN.fullmatch(token.strip(".,:;!?"))
        if word is not None and is_command(word.group(0)):
            parts.append((token, CommandPick(word.group(0))))
        else:
            parts.append((token, None))
    return hand_line(parts)


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
        self._lock = threading.RLock()
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._read_keys, name="braille-keys", daemon=True)
        self._thread.start()

    @property
    def alive(self) -> bool:
        return not self._closed.is_set()

    def deliver(self, message: Message, language: str) -> None:
        """The channel's way in (``show``)."""
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
        """Add each braille line of an announcement; the display shows it when its turn comes."""
        for line in message.braille.split("\n"):
            if not line.strip():
                continue
            with self._held():
                if message.pick:
                    text, spans = pick_line(line, self.is_command)
                    self._write(self.view.add(text, hand=spans))
                else:
                    self._write(self.view.add(line))

    def status(self, text: str) -> None:
        """The turn state (the prompt without its marks), shown when nothing is waiting."""
        with self._held():
            self._write(self.view.status(text))

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
            self.connection.write_text(text[: self.width].ljust(self.width))

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
            if key is None:
                continue
            with self._held():
                self._act(key.command, key.argument)

    def _act(self, command: KeyCommand, argument: int) -> None:
        view = self.view
        moves: dict[KeyCommand, Callable[[], str | None]] = {
            KeyCommand.PAN_RIGHT: view.pan_right,
            KeyCommand.PAN_LEFT: view.pan_left,
            KeyCommand.LINE_UP: view.line_up,
            KeyCommand.LINE_DOWN: view.line_down,
            KeyCommand.BOTTOM: view.bottom,
        }
        if command in moves:
            self._write(moves[command]())
        elif command is KeyCommand.ROUTE:
            target = view.route(argument)
            if isinstance(target, TilePick):
                self.typed(target.tile_text)
            elif isinstance(target, CommandPick):
                self.typed(target.word)


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
