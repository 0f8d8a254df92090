"""``bergen join HOST[:PORT]``: a table server through this program's own console.

Everything the server says arrives as lines; each is announced as the console
game announces (printed, spoken, brailled, with the sound cue of its kind).
Beside the lines the client reads GMCP (``net/gmcp.py``, ``docs/gmcp.md``): the
kind of each line, the seat's code, why the server closed, and after each answer
the state for the prompt. The prompt is shown once the answer has ended, on a
line of its own, as the console shows its own (the reader's short form in the
screen-reader setting, the facts otherwise and on the braille display). What the
player types passes the same input boundary as in the game and goes to the
server as one line. The client tells the server its language and verbosity (and
name, with --name) first, so a Bergen Access player keeps everything they have
offline.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO

from .boundary import visible
from .commands.lexicon import CommandKind, Lexicon
from .console import (
    add_console_arguments,
    guarded,
    open_console,
    start_channels,
)
from .i18n import I18n
from .net import gmcp
from .net.from_server import FromServer, PromptState
from .net.gmcp import ClientSide, GmcpMessage, LineKind
from .net.lobby_words import lobby_words
from .net.telnet import LineFramer, Negotiation, Received, Subnegotiation, outgoing
from .present import notices
from .present.message import Cue, Message, Prompt
from .ui.reader import PromptChanged, RoutedReader, ask


def add_join_arguments(parser: argparse.ArgumentParser, i: I18n) -> None:
    parser.add_argument(
        "address",
        metavar="HOST[:PORT]",
        nargs="?",
        default=None,
        # Translators: --help of bergen join's address.
        help=i.gettext("the server, e.g. localhost:4000 (without it, the one joined last)"),
    )
    parser.add_argument(
        "--password",
        default=None,
        # Translators: --help of bergen join --password.
        help=i.gettext("the server's password, if it asks for one"),
    )
    parser.add_argument(
        "--name",
        default=None,
        # Translators: --help of bergen join --name.
        help=i.gettext("your name at the server"),
    )
    add_console_arguments(parser, i)


DEFAULT_PORT = 4000


def address(text: str) -> tuple[str, int] | None:
    """``HOST``, ``HOST:PORT``, ``[IPv6]:PORT`` or a bare IPv6 address; None when it is none of them."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else (None if rest else "")
    elif text.count(":") > 1:  # a bare IPv6 address has no port
        host, port = text, ""
    else:
        host, _, port = text.partition(":")
        if ":" not in text:
            port = ""
    if not host or port is None or any(ch.isspace() for ch in host):
        return None
    if port == "":
        return host, DEFAULT_PORT
    if not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        return None
    return host, int(port)


#: seconds to wait after a line for the server's answer to end (``Bergen.Prompt``) before the prompt
ANSWER_WAIT = 3.0
#: the kind of line (GMCP ``Bergen.Line``) and the sound cue its first line gets
CUE_OF_KIND = {
    LineKind.TURN: Cue.TURN,
    LineKind.PLAY: Cue.PLAY,
    LineKind.DRAW: Cue.DRAW,
    LineKind.HAND: Cue.HEADER,
    LineKind.OUT: Cue.OUT,
    LineKind.BLOCK: Cue.BLOCK,
    LineKind.WIN: Cue.WIN,
}
#: kinds that answer what the player typed: said at once (speech interrupted), as at the console
ANSWERS = (LineKind.REPLY, LineKind.REFUSAL)


class Connection:
    """The socket, a thread that announces what arrives, and what GMCP told: the prompt's state after
    the server's latest answer, the seat's code, why the server closed.

    ``bergen join`` asks for GMCP (``IAC DO GMCP``) before its first line; everything it learns
    comes from there (``net/gmcp.py``), never from the sentences, which are only shown. Lines and
    GMCP fields alike pass ``net/from_server.py`` (made visible, checked by type and range) first.
    """

    def __init__(
        self,
        sock: socket.socket,
        announce: Callable[[str, LineKind | None, bool], None],
        ended: Callable[[], None] = lambda: None,
        *,
        memory: SeatMemory | None = None,
        refresh: Callable[[], None] = lambda: None,
    ) -> None:
        self.sock = sock
        self.announce = announce
        self.ended = ended
        self.memory = memory if memory is not None else SeatMemory()
        self.refresh = refresh
        self.peer = self.memory.peer  # the one way in for what the server says
        self.side = ClientSide()
        self.state = PromptState()
        self.sent = 0  # lines sent; Bergen.Prompt's "answered" catches up when all are answered
        self.closed = threading.Event()
        self.failure: Exception | None = None  # what ended the server-lines thread, if not the server
        self._news = threading.Condition()
        self._kind: LineKind | None = None
        self._fresh = False  # the next line is the first of its kind (its cue, its urgency)
        self.at_prompt = False  # a read waits at the prompt (set by the reading loop)
        self._said_at_prompt = False  # lines arrived while the prompt waited
        self.shown = ""  # the facts of the prompt the read shows
        with contextlib.suppress(OSError):
            sock.sendall(ClientSide.ask() + gmcp.encode(gmcp.CORE_HELLO, {"client": "bergen join"}))
        self._thread = threading.Thread(target=self._receive, name="server-lines", daemon=True)
        self._thread.start()

    def send(self, line: str) -> None:
        with contextlib.suppress(OSError):
            self.sock.sendall(outgoing(line))
        with self._news:
            self.sent += 1

    def close(self) -> None:
        """Our side is done; what the server still says (its goodbye) is heard until it closes."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_WR)

    def showing(self, prompt: Prompt) -> None:
        """A read shows ``prompt`` now (lines that arrive meanwhile start on a line of their own)."""
        self.shown, self._said_at_prompt, self.at_prompt = prompt.facts, False, True

    def prompt(self) -> Prompt:
        """The prompt the server would show now, and its short form (``>`` before GMCP says)."""
        text = self.state.text or "> "
        return Prompt(text, self.state.short or text)

    def wait_answer(self, timeout: float = ANSWER_WAIT) -> bool:
        """Wait (at most ``timeout``) until every line sent is answered and nothing more is coming
        (a computer to move); whether it came to that."""
        deadline = time.monotonic() + timeout
        with self._news:
            while not self.closed.is_set():
                if self.state.answered >= self.sent and not self.state.pending:
                    return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._news.wait(left)
        return False

    def _receive(self) -> None:
        framer = LineFramer(
            max_line=64_000, max_sub=64_000, lf_only=True
        )  # every line as sent, NUL made visible
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    break
                for item in framer.read(data):
                    self._take(item)
        except OSError:
            pass
        except Exception as error:  # this program's own fault (its output gone, a bug), never a lost line
            self.failure = error
        finally:
            with contextlib.suppress(OSError):
                self.sock.close()  # the server's side ended: this connection is done
            self.closed.set()
            with self._news:
                self._news.notify_all()
            self.ended()

    def _take(self, item: Received) -> None:
        if isinstance(item, Negotiation):
            reply = self.side.answer(item)
            if reply:
                with contextlib.suppress(OSError):
                    self.sock.sendall(reply)
        elif isinstance(item, Subnegotiation):
            message = gmcp.decode(item)
            if message is not None and self.side.on:
                self._told(message)
        elif not (self.side.on and self._kind is LineKind.PROMPT):  # the prompt is shown by the reader
            first, self._fresh = self._fresh, False
            after_prompt = self.at_prompt and not self._said_at_prompt  # the first line under it
            self._said_at_prompt = self._said_at_prompt or self.at_prompt
            text = self.peer.line(item.text, item.too_long)  # every line shown, NUL and CR visible
            self.announce(text, self._kind if first else None, after_prompt)

    def _told(self, message: GmcpMessage) -> None:
        if message.name == gmcp.LINE:
            self._kind = self.peer.kind(message.data)
            self._fresh = True
        elif message.name == gmcp.PROMPT:
            self._kind = None
            state = self.peer.prompt(message.data)
            with self._news:
                self.state = state
                self._news.notify_all()
            changed = self.prompt().facts != self.shown or self._said_at_prompt
            if self.at_prompt and changed:
                self.refresh()  # the read shows the new prompt on a line of its own
        else:
            self.memory.told(message)


def join(parser: argparse.ArgumentParser, args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Carry out ``bergen join``."""
    console = open_console(parser, args, stdin, stdout)
    words, announcer, settings = console.words, console.announcer, console.settings
    remembered = args.address is None
    args.address = args.address or settings.server
    args.name = args.name or settings.player_name
    if args.address is None:
        # Translators: bergen join without an address, and none joined before.
        text = words.gettext(
            "Which server? Type bergen join and its address, e.g. bergen join localhost:4000."
        )
        announcer.announce(_message(text))
        return 2
    where = address(args.address)
    if where is None:
        # Translators: bergen join was given an address it cannot use. {address} as typed.
        text = words.gettext("“{address}” is no address: type HOST or HOST:PORT, e.g. localhost:4000.")
        announcer.announce(_message(text.format(address=visible(args.address))))
        return 2
    host, port = where
    if remembered:
        # Translators: bergen join without an address joins the server joined last; said first.
        text = words.gettext("Joining {address}, the server you joined last.")
        announcer.announce(_message(text.format(address=visible(args.address))))

    seat = SeatMemory()

    def crashed(i: I18n, log: str | None) -> str:
        """join keeps no match (the server does): never "the match is saved"; the seat's code if one waits."""
        text = notices.crash_text(i, log, saved=False)
        return text if seat.token is None else f"{text} {_seat_waits(i, seat.token)}"

    def run() -> int:
        start_channels(console, args, args.speech or settings.speech or "off")
        reader = console.reader

        def heard(text: str, kind: LineKind | None, after_prompt: bool) -> None:
            if after_prompt:
                announcer.write("\n")  # not after the prompt that waits: on a line of its own
            cue = CUE_OF_KIND.get(kind) if kind is not None else None
            announcer.announce(Message(text, text, text, urgent=kind in ANSWERS, cue=cue))

        routed = reader if isinstance(reader, RoutedReader) else None

        def connect() -> Connection | OSError:
            try:
                sock = socket.create_connection((host, port), timeout=10)
            except OSError as error:
                return error
            sock.settimeout(None)
            connection = Connection(  # it asks for GMCP first: a close at the door then says why
                sock,
                heard,
                routed.finish if routed is not None else lambda: None,
                memory=seat,
                refresh=routed.refresh if routed is not None else lambda: None,
            )
            # the settings in one line as the connection opens (apart from the lines that are answered):
            # the greeting is in the player's language and asks no name given (a seat's comes with its code)
            first = f"language {console.language} verbosity {console.verbosity.value}"
            with contextlib.suppress(OSError):
                sock.sendall(outgoing(first + (f" name {args.name}" if args.name and not seat.token else "")))
            if args.password is not None:
                connection.send(args.password)
            if seat.token is not None:  # back to the seat the line broke away from
                connection.send(f"rejoin {seat.token}")
            return connection

        shown = visible(args.address)
        connection = connect()
        if isinstance(connection, OSError):
            # Translators: bergen join could not reach the server. {address} e.g. localhost:4000.
            text = words.gettext("Could not reach {address}: {reason}.")
            reason = connection.strerror or str(connection)
            announcer.announce(_message(text.format(address=shown, reason=reason)))
            return 1
        if (settings.server, settings.player_name) != (args.address, args.name):
            settings.server, settings.player_name = args.address, args.name
            console.save_settings()  # bergen join alone comes back here next time
        lexicon = lobby_words(words).game
        while True:
            quitting = _play_lines(connection, reader, lexicon)
            connection.close()
            if connection.failure is not None:
                raise connection.failure  # said as what it is (guarded), not tried again as a lost line
            if quitting or seat.final:
                connection.closed.wait(timeout=2.0)  # the server's goodbye is heard first
                return 0 if quitting else 1
            # Translators: bergen join lost the server; it tries again for about a minute. {address}
            # e.g. localhost:4000.
            text = words.gettext("The connection to {address} is lost; trying again for a minute.")
            announcer.announce(_message(text.format(address=shown)))
            again = _reconnect(connect)
            if again is None:
                announcer.announce(_message(_given_up(words, shown, seat.token)))
                return 1
            connection = again
            if isinstance(reader, RoutedReader):
                reader.resume()
            # Translators: bergen join reached the server again after a lost connection.
            announcer.announce(_message(words.gettext("Connected to {address} again.").format(address=shown)))

    return guarded(console, run, lambda: words, crashed)


def _message(text: str) -> Message:
    return Message(text, text, text, urgent=True)


#: seconds between tries after a lost connection: about a minute in all
RETRY_DELAYS = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)


class SeatMemory:
    """What GMCP told of this client's seat and of the server's close: the code that brings it back
    after a broken line (``Bergen.Seat``; forgotten when the player left on purpose or the code no
    longer holds) and whether the server closed for a reason that trying again would not change
    (``Bergen.Close`` with ``again`` false: a wrong password, too many connections, a flood…)."""

    def __init__(self, peer: FromServer | None = None) -> None:
        self.peer = peer if peer is not None else FromServer()
        self.token: str | None = None
        self.final = False  # the server closed on purpose: no trying again
        self.reason: str | None = None

    def told(self, message: GmcpMessage) -> None:
        if message.name == gmcp.SEAT:
            self.token = self.peer.code(message.data)
        elif message.name in (gmcp.SEAT_LEFT, gmcp.SEAT_GONE):
            self.token = None  # left on purpose, or the code is void: not taken back by itself
        elif message.name == gmcp.CLOSE:
            closing = self.peer.closing(message.data)
            self.reason, self.final = closing.reason or "", not closing.again
            if closing.code is not None:  # the server stops; the seat waits for its code
                self.token = closing.code


def _play_lines(connection: Connection, reader: Any, lexicon: Lexicon) -> bool:
    """Typed lines to the server until the connection ends; True when the player quit. The prompt is
    shown once the server's answer to the last line has ended, with the state after it."""
    while not connection.closed.is_set():
        connection.wait_answer()
        if connection.closed.is_set():
            return False
        prompt = connection.prompt()
        connection.showing(prompt)
        try:
            line = ask(reader, prompt)
        except PromptChanged:
            continue
        except (EOFError, KeyboardInterrupt):
            if connection.closed.is_set():  # the read was ended because the server closed
                return False
            connection.send("quit")
            return True
        finally:
            connection.at_prompt = False
        typed = line.split()
        connection.send(line)
        if typed and lexicon.command(typed[0]) is CommandKind.QUIT:
            return True
    return False


def _reconnect(connect: Callable[[], Connection | OSError]) -> Connection | None:
    """Try again after each delay; None when every try failed (or Ctrl-C gave up)."""
    scale = _test_scale()
    try:
        for delay in RETRY_DELAYS:
            time.sleep(delay * scale)
            connection = connect()
            if not isinstance(connection, OSError):
                return connection
    except KeyboardInterrupt:
        return None
    return None


def _test_scale() -> float:
    """Test hook: ``BERGEN_TEST_RETRY_SCALE`` shortens the waits between tries (1 otherwise)."""
    try:
        scale = float(os.environ.get("BERGEN_TEST_RETRY_SCALE", "1"))
    except ValueError:
        return 1.0
    return scale if 0 < scale <= 1 else 1.0


def _given_up(words: I18n, address: str, token: str | None) -> str:
    if token is None:
        # Translators: bergen join gave up reaching the server again. {address} e.g. localhost:4000.
        return words.gettext("Could not reach {address} again. Goodbye.").format(address=address)
    # Translators: bergen join gave up reaching the server again; the seat waits on the server for a
    # while. {address}, {rejoin} the lobby's command word, {token} the seat's code.
    text = words.gettext(
        "Could not reach {address} again. Your seat waits for a while: join again and type {rejoin} {token}."
    )
    return text.format(address=address, rejoin=lobby_words(words).word(CommandKind.REJOIN), token=token)


def _seat_waits(words: I18n, token: str) -> str:
    # Translators: after "Something went wrong; details are in …" when bergen join itself failed during
    # a match: the server keeps the seat a while. {rejoin} the lobby's command word, {token} the seat's code.
    text = words.gettext("Your seat waits at the server for a while: join again and type {rejoin} {token}.")
    return text.format(rejoin=lobby_words(words).word(CommandKind.REJOIN), token=token)
