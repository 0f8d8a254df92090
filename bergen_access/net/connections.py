"""The server's connections: each one's framing, its limits and the password minute.

Every byte a connection sends passes the telnet filter (``telnet.py``: negotiation
dropped, lines capped); each whole line then passes the rate limit and, while the
password is still owed, the password check; only then does it reach the lobby.
A connection that never reads what it is sent is cut off; a dead one is noticed
by TCP keepalive within about a minute. Wrong passwords are counted per address
(``guard.py``), whatever connection they come on.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import ipaddress
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..i18n import I18n
from ..present.message import Message, Verbosity
from . import texts
from .guard import WrongSecrets
from .limits import MOST_PER_ADDRESS
from .telnet import IAC_NOP, Incoming, LineFramer, RateLimiter, outgoing

if TYPE_CHECKING:
    from .table import Seat, Table, Watcher

#: seconds without a line before a keepalive (telnet NOP) is sent; a person may be silent for as long
#: as they like: a dead peer is found by TCP keepalive and the user timeout (``keepalive``), not by silence
HEARTBEAT = 30.0
READ_CHUNK = 4096
#: bytes waiting to be sent to one connection before it counts as gone: a client that never reads
#: (hung, or hostile) must not make the server hold everything its table says (a whole match is ~40 KB)
MOST_UNSENT = 256 * 1024
#: seconds a connection may take to give the password before it is closed
PASSWORD_WAIT = 60.0
#: seconds the greeting waits for a first line of settings (``bergen join`` sends it as it connects, so
#: it arrives with the connection, however far the server is); a person at telnet hardly notices a fifth
FIRST_LINE_WAIT = 0.2


@functools.cache
def words_in(language: str) -> I18n:
    """One catalog per language for every connection (read once, never changed)."""
    return I18n(language)


@dataclass
class Client:
    """One connection: who it is, where it sits, how it wants to be spoken to."""

    writer: asyncio.StreamWriter
    language: str = "en"
    verbosity: Verbosity = Verbosity.NORMAL
    name: str | None = None
    table: Table | None = None
    seat: Seat | None = None
    watching: Watcher | None = None
    framer: LineFramer = field(default_factory=LineFramer)
    limiter: RateLimiter = field(default_factory=RateLimiter)
    authorized: bool = False
    closed: bool = False
    greeted: bool = False  # the first line is said (it waits a moment for the client's settings)
    pending_name: str | None = None  # a name the first line gave before the password: taken after it
    address: str = ""  # the peer's IP address (wrong secrets are counted per address)

    @property
    def i18n(self) -> I18n:
        return words_in(self.language)

    def send_line(self, text: str) -> None:
        if self.closed or self.writer.transport.is_closing():  # nothing goes to a connection that is gone
            return
        with contextlib.suppress(OSError, RuntimeError):
            self.writer.write(outgoing(text))
            if self.writer.transport.get_write_buffer_size() > MOST_UNSENT:
                self.cut_off()

    def cut_off(self) -> None:
        """A connection that does not take what it is sent is dropped at once, unsent lines and all;
        its reading loop then ends and its seat waits for it like any lost connection's."""
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.transport.abort()

    def send_prompt(self, text: str) -> None:
        """The prompt as a line of its own (ending in ">"), so line clients and triggers see it."""
        self.send_line(text.rstrip())

    def close(self) -> None:
        """Stop reading; what was written still goes out, then the connection closes."""
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.close()

    def say(self, message: Message) -> None:
        text = message.braille if self.verbosity is Verbosity.TERSE else message.text
        for part in text.splitlines() or [""]:
            self.send_line(part)


def secrets_equal(a: str, b: str) -> bool:
    """A password or code compared in constant time (its length and letters not told by the time)."""
    return hmac.compare_digest(a.encode(), b.encode())


class Connections:
    """Every open connection, read line by line; each authorized line goes to ``line``, and ``gone``
    hears of each connection that ended (however it ended)."""

    def __init__(
        self,
        *,
        line: Callable[[Client, str, bool], None],
        gone: Callable[[Client], None],
        greet: Callable[[Client, str | None], bool] | None = None,
        failures: WrongSecrets,
        password: str | None = None,
        rate: tuple[float, int] = (10.0, 30),
        per_address: int = MOST_PER_ADDRESS,
    ) -> None:
        self.clients: list[Client] = []
        self._line = line
        self._gone = gone
        self._greet = greet or self.welcome
        self.failures = failures
        self.password = password
        self.rate = rate  # lines per second each connection may send, and the burst allowed
        self.per_address = per_address

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection, from its welcome to its end."""
        keepalive(writer)
        client = Client(writer, limiter=RateLimiter(*self.rate), address=peer_address(writer))
        self.clients.append(client)
        client.authorized = self.password is None
        if self.failures.barred(client.address, time.monotonic()):
            client.say(texts.barred(client.i18n))
            client.close()
        elif sum(1 for c in self.clients if c.address == client.address) > self.per_address:
            client.say(texts.too_many_connections(client.i18n, self.per_address))
            client.close()
        greet_by = time.monotonic() + FIRST_LINE_WAIT  # the greeting waits a moment for settings
        login_by = time.monotonic() + PASSWORD_WAIT  # one minute in all to give the password
        try:
            while not client.closed:
                try:
                    timeout = HEARTBEAT if client.authorized else max(0.0, login_by - time.monotonic())
                    if not client.greeted:
                        timeout = min(timeout, max(0.0, greet_by - time.monotonic()))
                    data = await asyncio.wait_for(reader.read(READ_CHUNK), timeout)
                except TimeoutError:
                    if not client.greeted:  # no settings came: the greeting as it is
                        client.greeted = True
                        self._greet(client, None)
                        continue
                    if not client.authorized:  # a connection that never logs in is not kept
                        client.close()
                        break
                    if client.framer.telnet:
                        writer.write(IAC_NOP)
                    await asyncio.wait_for(writer.drain(), 10.0)
                    continue
                # the end of input ends the last line, if it was not ended (printf 'who' | nc -N)
                self._lines(client, client.framer.feed(data) if data else client.framer.finish())
                with contextlib.suppress(ConnectionError):
                    await asyncio.wait_for(writer.drain(), 10.0)
                if not data:
                    break
        except (ConnectionError, OSError, asyncio.IncompleteReadError, TimeoutError, asyncio.CancelledError):
            pass
        finally:
            client.closed = True
            if client in self.clients:
                self.clients.remove(client)
            self._gone(client)
            with contextlib.suppress(Exception):
                writer.close()

    def _lines(self, client: Client, lines: list[Incoming]) -> None:
        """Each line in turn, through the rate limit; nothing after the connection was closed (a wrong
        password, quit, a flood) is carried out."""
        for incoming in lines:
            if client.closed:
                return
            if not client.greeted:  # the first line, in the greeting's moment: settings, perhaps
                client.greeted = True
                if self._greet(client, None if incoming.too_long else incoming.text):
                    continue
            if not client.limiter.allow(time.monotonic()):
                if client.limiter.flooding(time.monotonic()):
                    client.say(texts.flooding(client.i18n))
                    client.close()
                    return
                if client.limiter.strikes == 1:  # said once a run of refused lines
                    client.say(texts.too_fast(client.i18n))
                continue
            self._line(client, incoming.text, incoming.too_long)

    def welcome(self, client: Client, first: str | None) -> bool:
        """The greeting when nobody reads settings from the first line (which is then an ordinary line)."""
        client.say(texts.welcome(client.i18n, not client.authorized))
        return False

    def password_line(self, client: Client, typed: str | None) -> bool:
        """The first line when a password is asked: right (True: the caller says so), or the connection
        closes (and the address counts a wrong secret). An empty line (some clients send one on
        connecting) waits; a line the input boundary refused is a wrong password."""
        if typed == "":
            return False
        if self.failures.barred(client.address, time.monotonic()):  # no check at all meanwhile, whatever
            client.say(texts.barred(client.i18n))  # connection the password comes on
            client.close()
            return False
        if typed is not None and self.password is not None and secrets_equal(typed, self.password):
            client.authorized = True
            return True
        self.failures.wrong(client.address, time.monotonic())
        client.say(texts.wrong_password(client.i18n))
        client.close()
        return False

    async def close_all(self, farewell: Callable[[Client], Message]) -> None:
        """Each connection hears ``farewell`` (up to two seconds to take it), then all are closed."""
        for client in list(self.clients):
            client.say(farewell(client))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                asyncio.gather(*(c.writer.drain() for c in self.clients), return_exceptions=True), 2.0
            )
        for client in list(self.clients):
            client.closed = True
            with contextlib.suppress(Exception):
                client.writer.close()


def peer_address(writer: asyncio.StreamWriter) -> str:
    """Where the peer connects from, as wrong secrets and connections are counted: its IPv4 address,
    or its IPv6 /64 (one household or host holds a whole /64; "" when the transport does not say)."""
    peer = writer.get_extra_info("peername")
    if not (isinstance(peer, tuple) and peer):
        return ""
    try:
        address = ipaddress.ip_address(str(peer[0]).split("%", 1)[0])
    except ValueError:
        return str(peer[0])
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:  # an IPv4 peer on a dual-stack socket
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


#: after 20 s of silence, a probe every 10 s, given up after 3 (Linux, Windows 10 1709 and later);
#: macOS names the first TCP_KEEPALIVE; only Linux has the 60 s limit on unanswered data
KEEPALIVE = (
    (socket.IPPROTO_TCP, "TCP_KEEPIDLE", 20),
    (socket.IPPROTO_TCP, "TCP_KEEPALIVE", 20),
    (socket.IPPROTO_TCP, "TCP_KEEPINTVL", 10),
    (socket.IPPROTO_TCP, "TCP_KEEPCNT", 3),
    (socket.IPPROTO_TCP, "TCP_USER_TIMEOUT", 60_000),
)


def keepalive(writer: asyncio.StreamWriter) -> None:
    """Notice a dead peer within about a minute, not the system's two hours."""
    sock = writer.get_extra_info("socket")
    if sock is None:
        return
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    for level, name, value in KEEPALIVE:
        option = getattr(socket, name, None)  # each system has its own set (macOS: TCP_KEEPALIVE)
        if option is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(level, option, value)
