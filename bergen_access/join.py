"""``bergen join HOST[:PORT]``: a table server through this program's own console.

Everything the server says arrives as lines; each is announced as the console
game announces (printed, spoken, brailled, with sound cues where a line says
so); a line ending in ">" is the server's prompt and becomes the input prompt
(and the braille display's status) instead. What the player types passes the
same input boundary as in the game and goes to the server as one line. The
client tells the server its language and verbosity (and name, with --name)
first, so a Bergen Access player keeps everything they have offline.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import socket
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO

from .boundary import visible
from .commands.lexicon import CommandKind
from .console import (
    add_console_arguments,
    guarded,
    open_console,
    start_channels,
)
from .i18n import LANGUAGES, I18n
from .net import texts
from .net.limits import MOST_PER_ADDRESS
from .net.lobby_words import lobby_words
from .net.telnet import LineFramer, outgoing
from .present.message import Cue, Message
from .ui.reader import RoutedReader


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


class Connection:
    """The socket, a thread that announces what arrives, and the latest prompt."""

    def __init__(
        self, sock: socket.socket, announce: Callable[[str], None], ended: Callable[[], None] = lambda: None
    ) -> None:
        self.sock = sock
        self.announce = announce
        self.ended = ended
        self.prompt = "> "
        self.closed = threading.Event()
        self.prompted = threading.Event()
        self._thread = threading.Thread(target=self._receive, name="server-lines", daemon=True)
        self._thread.start()

    def send(self, line: str) -> None:
        with contextlib.suppress(OSError):
            self.sock.sendall(outgoing(line))

    def close(self) -> None:
        """Our side is done; what the server still says (its goodbye) is heard until it closes."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_WR)

    def _receive(self) -> None:
        framer = LineFramer(max_line=64_000, lf_only=True)  # every line as sent, NUL and CR made visible
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    break
                for incoming in framer.feed(data):
                    text = visible(incoming.text) + ("…" if incoming.too_long else "")
                    if incoming.text.rstrip().endswith(">"):  # as sent: a lone NUL shown "<NUL>" is no prompt
                        self.prompt = text.rstrip() + " "
                        self.prompted.set()
                    else:
                        self.announce(text)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                self.sock.close()  # the server's side ended: this connection is done
            self.closed.set()
            self.prompted.set()
            self.ended()


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

    def run() -> int:
        start_channels(console, args, args.speech or settings.speech or "off")
        reader = console.reader
        seat = SeatMemory(words)
        your_turn = words.gettext("Your turn.")

        def heard(text: str) -> None:
            seat.heard(text)
            cue = Cue.TURN if text.startswith(your_turn) else None
            announcer.announce(Message(text, text, text, urgent=False, cue=cue))

        def connect() -> Connection | OSError:
            try:
                sock = socket.create_connection((host, port), timeout=10)
            except OSError as error:
                return error
            sock.settimeout(None)
            # the settings first, in one line as the connection opens: the greeting is in the player's
            # language and asks no name given (a seat's name comes back with its code)
            first = f"language {console.language} verbosity {console.verbosity.value}"
            with contextlib.suppress(OSError):
                sock.sendall(outgoing(first + (f" name {args.name}" if args.name and not seat.token else "")))
            connection = Connection(
                sock, heard, reader.finish if isinstance(reader, RoutedReader) else lambda: None
            )
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
        while True:
            quitting = _play_lines(connection, reader, seat)
            connection.close()
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

    return guarded(console, run, lambda: words)


def _message(text: str) -> Message:
    return Message(text, text, text, urgent=True)


#: seconds between tries after a lost connection: about a minute in all
RETRY_DELAYS = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)


class SeatMemory:
    """What the client learns from the server's lines: the code of the seat it sits at (to come back
    after a broken line) and whether the server closed on purpose (a wrong password, too many tries or
    connections, a flood, the seat taken over elsewhere): then trying again would only make it worse.
    The server speaks the language the player chose last, so every language's sentences are known."""

    def __init__(self, words: I18n) -> None:
        every = [words, *(I18n(language) for language in LANGUAGES if language != words.language)]
        rejoin = "|".join(re.escape(lobby_words(i).word(CommandKind.REJOIN)) for i in every)
        self._code = re.compile(rf"(?:\brejoin|{rejoin}) ([0-9a-f]{{8}})\b")
        self._final = {
            message.text
            for i in every
            for message in (
                texts.wrong_password(i),
                texts.barred(i),
                texts.flooding(i),
                texts.taken_over(i),
                texts.too_many_connections(i, MOST_PER_ADDRESS),
            )
        }
        chats = []
        for i in every:
            chat = texts.says(i, "\x00", "\x01").text  # "\x00 says: \x01"
            chats.append(re.escape(chat.split("\x00", 1)[1].split("\x01", 1)[0]))
        self._chat = re.compile(r"^\S+(?:" + "|".join(chats) + ")")  # "Bo says: …": typed by people
        self._lobbies = [lobby_words(i) for i in every]
        self.lobby = self._lobbies[0]
        self.token: str | None = None
        self._given_up: str | None = None  # the code of a seat the player left on purpose
        self.final = False  # the server closed on purpose

    def heard(self, text: str) -> None:
        found = None if self._chat.match(text) else self._code.search(text)
        if found and found.group(1) != self._given_up:  # not someone's chat, not the seat we left
            self.token = found.group(1)
        if text in self._final:
            self.final = True

    def typed(self, line: str) -> None:
        """``leave`` gives the seat up for this client: a broken line later does not take it back (the
        server's answer names its code once more; that code is not learned again)."""
        first = line.split(maxsplit=1)[0] if line.strip() else ""
        if any(lobby.command(first) is CommandKind.LEAVE for lobby in self._lobbies):
            self._given_up, self.token = self.token, None


def _play_lines(connection: Connection, reader: Any, seat: SeatMemory) -> bool:
    """Typed lines to the server until the connection ends; True when the player quit."""
    lexicon = seat.lobby.game
    while not connection.closed.is_set():
        connection.prompted.wait(timeout=0.5)
        try:
            line = reader.read(connection.prompt)
        except (EOFError, KeyboardInterrupt):
            if connection.closed.is_set():  # the read was ended because the server closed
                return False
            connection.send("quit")
            return True
        typed = line.split()
        seat.typed(line)
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
