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
import socket
import threading
from collections.abc import Callable
from typing import TextIO

from ..boundary import visible
from ..commands.lexicon import CommandKind, Lexicon
from ..console import (
    add_console_arguments,
    guarded,
    open_console,
    open_speaker,
    sounds_wanted,
    start_braille,
    start_sounds,
)
from ..i18n import I18n
from ..present.message import Cue, Message
from ..ui.reader import RoutedReader
from .telnet import LineFramer, outgoing


def add_join_arguments(parser: argparse.ArgumentParser, i: I18n) -> None:
    parser.add_argument(
        "address",
        metavar="HOST[:PORT]",
        # Translators: --help of bergen join's address.
        help=i.gettext("the server, e.g. localhost:4000"),
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

    def _receive(self) -> None:
        framer = LineFramer(max_line=64_000)
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    break
                for incoming in framer.feed(data):
                    text = visible(incoming.text)
                    if text.rstrip().endswith(">"):
                        self.prompt = text.rstrip() + " "
                        self.prompted.set()
                    else:
                        self.announce(text)
        except OSError:
            pass
        finally:
            self.closed.set()
            self.prompted.set()
            self.ended()


def join(parser: argparse.ArgumentParser, args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Carry out ``bergen join``."""
    console = open_console(parser, args, stdin, stdout)
    words, announcer, settings = console.words, console.announcer, console.settings
    where = address(args.address)
    if where is None:
        # Translators: bergen join was given an address it cannot use. {address} as typed.
        text = words.gettext("“{address}” is no address: type HOST or HOST:PORT, e.g. localhost:4000.")
        announcer.announce(_message(text.format(address=visible(args.address))))
        return 2
    host, port = where

    def run() -> int:
        speech = args.speech or settings.speech or "off"
        announcer.set_speaker(open_speaker(speech))
        start_sounds(console, sounds_wanted(args.sounds, settings.sounds, speech), words)
        start_braille(console, args.braille)
        try:
            sock = socket.create_connection((host, port), timeout=10)
        except OSError as error:
            # Translators: bergen join could not reach the server. {address} e.g. localhost:4000.
            text = words.gettext("Could not reach {address}: {reason}.")
            reason = error.strerror or str(error)
            announcer.announce(_message(text.format(address=visible(args.address), reason=reason)))
            return 1
        sock.settimeout(None)

        your_turn = words.gettext("Your turn.")

        def heard(text: str) -> None:
            cue = Cue.TURN if text.startswith(your_turn) else None
            announcer.announce(Message(text, text, text, urgent=False, cue=cue))

        reader = console.reader
        connection = Connection(
            sock, heard, reader.finish if isinstance(reader, RoutedReader) else lambda: None
        )
        if args.password is not None:
            connection.send(args.password)
        connection.send(f"language {console.language}")
        connection.send(f"verbosity {console.verbosity.value}")
        if args.name:
            connection.send(f"name {args.name}")
        quitting = False
        lexicon = Lexicon(words)
        while not connection.closed.is_set():
            connection.prompted.wait(timeout=0.5)
            try:
                line = console.reader.read(connection.prompt)
            except (EOFError, KeyboardInterrupt):
                if connection.closed.is_set():  # the read was ended because the server closed
                    break
                connection.send("quit")
                quitting = True
                break
            words_typed = line.split()
            quitting = bool(words_typed) and lexicon.command(words_typed[0]) is CommandKind.QUIT
            connection.send(line)
        if quitting:
            connection.closed.wait(timeout=2.0)  # the server's goodbye is heard first
        else:
            # Translators: bergen join: the server closed the connection (it stopped, or the line broke).
            # {address} e.g. localhost:4000.
            text = words.gettext("The connection to {address} is closed.")
            announcer.announce(_message(text.format(address=visible(args.address))))
        with contextlib.suppress(OSError):
            sock.close()
        return 0

    return guarded(console, run, lambda: words)


def _message(text: str) -> Message:
    return Message(text, text, text, urgent=True)
