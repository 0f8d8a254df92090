"""The server's connections: each one's framing, its limits and the password minute. The person
on a connection (name, words, where they are) is its ``session`` (``session.py``), which a rejoin
may move to another connection.

Every byte a connection sends passes the telnet filter (``telnet.py``: negotiation
dropped, lines capped); each whole line then passes the rate limit and, while the
password is still owed, the password check; only then does it reach the lobby.
A connection that never reads what it is sent is cut off; a dead one is noticed
by TCP keepalive within about a minute. Wrong passwords are counted per address
(``guard.py``), whatever connection they come on. A connection that speaks telnet
is offered GMCP (``gmcp.py``: why, and when); with it on, each burst of lines ends
with ``Bergen.Prompt`` (the state after it, the lines answered) and each close says why.
A WebSocket from the web page (``web.py``) is one more kind of connection: its lines come in
by ``arrived`` and pass the same limits, password and lobby; only how it is sent to differs.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import socket
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import I18n
from ..present.message import Message, Verbosity
from . import texts
from .fair import CONNECTION_COST, LINE_COST, UNITS_PER_CPU_SECOND, AddressBudgets
from .gmcp import AGAIN, CLOSE, LINE, PROMPT, Closing, LineKind, ServerSide, encode
from .guard import WrongSecrets
from .limits import MOST_PER_ADDRESS
from .per_minute import OverShare, PerMinute
from .session import Session
from .telnet import IAC_NOP, Incoming, LineFramer, Negotiation, RateLimiter, Received, outgoing
from .turns import Turns

if TYPE_CHECKING:
    from .writes import Ticket

#: seconds without a line before a keepalive (telnet NOP) is sent; a person may be silent for as long
#: as they like: a dead peer is found by TCP keepalive and the user timeout (``keepalive``), not by silence
HEARTBEAT = 30.0
READ_CHUNK = 4096
#: bytes waiting to be sent to one connection before it counts as gone: a client that never reads
#: (hung, or hostile) must not make the server hold everything its table says (a whole match is ~40 KB)
MOST_UNSENT = 256 * 1024
#: seconds after "too fast" before the prompt comes again (the rate limit has room for lines by then)
SLOWED_DOWN = 1.5
#: seconds a connection may take to give the password before it is closed
PASSWORD_WAIT = 60.0
#: seconds the greeting waits for a first line of settings (``bergen join`` sends it as it connects, so
#: it arrives with the connection, however far the server is); a person at telnet hardly notices a fifth
FIRST_LINE_WAIT = 0.2
#: seconds a connection refused at once (barred, too many) may take to ask for GMCP, so that a client
#: that speaks it hears why in words it can read (``Bergen.Close``) before the connection closes
REFUSED_WAIT = 1.0


@dataclass
class Gate:
    """What a connection was told after one write was asked for and before the next: held until it
    is on the disk."""

    open: bool = False
    sends: list[Callable[[], None]] = field(default_factory=list)


@dataclass
class Client:
    """One connection: its framing, limits, password and GMCP, and the person on it (``session``:
    who they are, where they are, how they want to be spoken to; a rejoin moves a session from a
    connection to another). What it is sent goes out by telnet's byte stream (``TelnetClient``) or a
    WebSocket (``web.WebClient``); everything else (the limits, the lobby, the seat) is the same for both."""

    session: Session = field(default_factory=Session)
    framer: LineFramer = field(default_factory=LineFramer)
    limiter: RateLimiter = field(default_factory=RateLimiter)
    authorized: bool = False  # the password was given on this connection (or none is asked)
    closed: bool = False
    greeted: bool = False  # the first line is said (it waits a moment for the client's settings)
    pending_name: str | None = None  # a name the first line gave before the password: taken after it
    address: str = ""  # the peer's IP address (wrong secrets are counted per address)
    gmcp: ServerSide = field(default_factory=ServerSide)
    #: the highest of its seat's line numbers a page shows, as it tells with its ``rejoin`` (a rejoin
    #: tells again only the lines it lacks); None: a telnet client, which does not tell it
    lines_shown: int | None = None
    answered: int = 0  # lines this connection sent that were taken (GMCP's Bergen.Prompt tells it)
    told: int = 0  # characters of the lines it was sent (an answer's length is charged to the address asking)
    #: the state for the prompt, as ``Bergen.Prompt`` tells it (set by the server: ``side.prompt_state``)
    describe: Callable[[Client], dict[str, Any]] | None = None
    _kind: str | None = None  # the kind of line last told (``Bergen.Line``), until the next prompt state
    _marking: bool = False  # a ``Bergen.Prompt`` is due once what is being said now is said
    #: what it was told while its table's writes were not yet on the disk, oldest write first
    _gates: deque[Gate] = field(default_factory=deque)

    @property
    def i18n(self) -> I18n:
        """The words of the person on the connection (everything it is told is in them)."""
        return self.session.i18n

    @property
    def structured(self) -> bool:
        """It is told the kind of each line and the prompt's state (GMCP asked for; a WebSocket always)."""
        return self.gmcp.on

    def send_line(self, text: str, number: int | None = None) -> None:
        """One line to the connection (each kind of connection sends it its own way); ``number``: the
        line's place among those told to the seat (a rejoin tells some again with their numbers)."""
        raise NotImplementedError

    def hold_until(self, ticket: Ticket) -> None:
        """Write-ahead: what the connection is told from now on goes out once ``ticket``'s write is on
        the disk (and every earlier one it waits for), in the order it was said."""
        if ticket.done:
            return
        gate = Gate()
        self._gates.append(gate)
        ticket.then(lambda: self._open(gate))

    def _open(self, gate: Gate) -> None:
        gate.open = True
        while self._gates and self._gates[0].open:
            for send in self._gates.popleft().sends:
                with contextlib.suppress(Exception):  # a connection that failed now loses its line
                    send()

    def _out(self, send: Callable[[], None]) -> None:
        """Send now, or after the writes the connection waits for (each kind's own sending, wrapped)."""
        if self._gates:
            self._gates[-1].sends.append(send)
        else:
            send()

    def send_raw(self, data: bytes) -> None:
        """Telnet bytes (negotiation, GMCP): only a telnet connection has them."""

    def send_gmcp(self, name: str, data: Any = None) -> None:
        """One structured message (GMCP's names and data), if the client takes them (nothing otherwise)."""

    def cut_off(self) -> None:
        """A connection that does not take what it is sent is dropped at once, unsent lines and all;
        its reading loop then ends and its seat waits for it like any lost connection's."""
        self.closed = True

    def shut(self) -> None:
        """The connection closes once what was written is sent."""

    async def drain(self) -> None:
        """Until what was written is sent (or the connection is gone)."""

    def send_kind(self, kind: LineKind) -> None:
        """The lines that follow are of this kind (told once until the kind changes)."""
        if self.structured and kind != self._kind:
            self._kind = kind
            self.send_gmcp(LINE, {"kind": kind.value})

    def mark_soon(self) -> None:
        """A ``Bergen.Prompt`` once what is said now is said (after this turn of the event loop)."""
        if not self.structured or self._marking:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._marking = True
        loop.call_soon(self.mark)

    def mark(self) -> None:
        """``Bergen.Prompt``: what was said is complete; the state after it, the lines answered."""
        self._marking, self._kind = False, None
        if self.closed or not self.structured:
            return
        state = self.describe(self) if self.describe is not None else {"text": "> ", "short": "> "}
        self.send_gmcp(PROMPT, {**state, "answered": self.answered})

    def send_prompt(self, text: str) -> None:
        """The prompt as a line of its own (ending in ">"), so line clients and triggers see it."""
        self.send_kind(LineKind.PROMPT)
        self.send_line(text.rstrip())

    def close(self, reason: Closing | None = None, code: str | None = None) -> None:
        """Stop reading; what was written still goes out, then the connection closes. A ``reason``
        is told by GMCP (``Bergen.Close``: a client then knows whether coming back may work)."""
        if reason is not None and not self.closed:
            again = reason in AGAIN
            self.send_gmcp(CLOSE, {"reason": reason.value, "again": again, "code": code})
        self.closed = True
        self.shut()

    def say(self, message: Message) -> None:
        text = message.braille if self.session.verbosity is Verbosity.TERSE else message.text
        for part in text.splitlines() or [""]:
            self.send_line(part)


@dataclass
class TelnetClient(Client):
    """A connection by telnet, a MUD client, nc or ``bergen join``: lines as bytes, GMCP beside them."""

    writer: asyncio.StreamWriter = field(kw_only=True)

    def send_line(self, text: str, number: int | None = None) -> None:
        if self.closed or self.writer.transport.is_closing():  # nothing goes to a connection that is gone
            return
        data = outgoing(text)
        self.told += len(data)
        self._out(lambda: self._write(data))
        self.mark_soon()

    def send_raw(self, data: bytes) -> None:
        """Telnet bytes (negotiation, GMCP): only ever sent to a connection that spoke telnet."""
        if self.closed or not data:
            return
        self._out(lambda: self._write(data))

    def _write(self, data: bytes) -> None:
        if self.writer.transport.is_closing():  # gone while the lines waited for their write
            return
        with contextlib.suppress(OSError, RuntimeError):
            self.writer.write(data)
            if self.writer.transport.get_write_buffer_size() > MOST_UNSENT:
                self.cut_off()

    def send_gmcp(self, name: str, data: Any = None) -> None:
        """One GMCP message, if the client asked for them (nothing otherwise)."""
        if self.gmcp.on:
            self.send_raw(encode(name, data))

    def cut_off(self) -> None:
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.transport.abort()

    def shut(self) -> None:
        self._out(self._close_writer)

    def _close_writer(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()

    async def drain(self) -> None:
        await self.writer.drain()


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
        describe: Callable[[Client], dict[str, Any]] | None = None,
        prompt_again: Callable[[Client], None] = lambda client: None,
        budgets: AddressBudgets | None = None,
        over_share: Callable[[OverShare], None] = lambda notice: None,
    ) -> None:
        self.clients: list[Client] = []
        #: each address's share of the work, over all its connections (``fair.py``)
        self.budgets = budgets if budgets is not None else AddressBudgets.for_connections(per_address)
        self.turns = Turns(self.budgets)  # an address's connections over its share wait in line
        #: the host hears of an address held back for its share (at most a line a minute for each)
        self.over_share = PerMinute(over_share, OverShare)
        self.describe = describe
        self._prompt_again = prompt_again
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
        client = TelnetClient(writer=writer, address=peer_address(writer))
        refused = self.admit(client)
        try:
            if refused is not None:
                await self._refuse(client, reader, refused)
            else:
                await self.take_turn(client.address)  # an address over its share waits before it is greeted
            self.budgets.spend(client.address, CONNECTION_COST, time.monotonic())
            greet_by = time.monotonic() + FIRST_LINE_WAIT  # the greeting waits a moment for settings
            login_by = time.monotonic() + PASSWORD_WAIT  # one minute in all to give the password
            while not client.closed:
                try:
                    timeout = HEARTBEAT if client.authorized else max(0.0, login_by - time.monotonic())
                    if not client.greeted:
                        timeout = min(timeout, max(0.0, greet_by - time.monotonic()))
                    data = await asyncio.wait_for(reader.read(READ_CHUNK), timeout)
                except TimeoutError:
                    if not client.greeted:  # no settings came: the greeting as it is
                        self.greet_now(client)
                        continue
                    if not client.authorized:  # a connection that never logs in is not kept
                        client.close(Closing.PASSWORD_TIMEOUT)
                        break
                    if client.framer.telnet:
                        writer.write(IAC_NOP)
                    await asyncio.wait_for(writer.drain(), 10.0)
                    continue
                if data:
                    await self.take_turn(client.address)  # its address's share, before the chunk is framed
                # the end of input ends the last line, if it was not ended (printf 'who' | nc -N)
                items: list[Received] = client.framer.read(data) if data else [*client.framer.finish()]
                self.budgets.spend(client.address, len(data), time.monotonic())
                while items := self._lines(client, items, paced=True):  # the rest waits for its turn
                    await self.take_turn(client.address)
                with contextlib.suppress(ConnectionError):
                    await asyncio.wait_for(writer.drain(), 10.0)
                if not data:
                    break
        except (ConnectionError, OSError, asyncio.IncompleteReadError, TimeoutError, asyncio.CancelledError):
            pass
        finally:
            self.ended(client)
            client.shut()  # once what waits for its table's write is sent (quit's goodbye too)

    async def take_turn(self, address: str) -> None:
        """Until ``address`` is within its share of the work again (at once, nearly always).
        What it sent meanwhile waits in the buffers, then in TCP's: a flood costs the server nothing
        while it waits. Taken right before the work is done and counted, with nothing awaited
        between (``turns.py``: one connection of an address at a time, in the order they came)."""
        if self.budgets.wait(address, time.monotonic()) > 0:
            self.over_share.arrived(address, time.monotonic())
        await self.turns.take(address)

    def admit(self, client: Client) -> Closing | None:
        """A new connection counted, with its limits and state; why it is refused at once, if it is
        (it has been told: barred, or too many from its address)."""
        client.limiter = RateLimiter(*self.rate)
        client.describe = self.describe
        self.clients.append(client)
        client.authorized = self.password is None
        if self.failures.barred(client.address, time.monotonic()):
            client.say(texts.barred(client.i18n))
            return Closing.BARRED
        if sum(1 for c in self.clients if c.address == client.address) > self.per_address:
            client.say(texts.too_many_connections(client.i18n, self.per_address))
            return Closing.TOO_MANY_CONNECTIONS
        return None

    def ended(self, client: Client) -> None:
        """A connection ended, however it ended: no longer counted; its seat waits for it."""
        client.closed = True
        if client in self.clients:
            self.clients.remove(client)
        self._gone(client)

    def greet_now(self, client: Client) -> None:
        """No settings came in the greeting's moment: the greeting as it is."""
        if not client.greeted:
            client.greeted = True
            self._greet(client, None)

    async def _refuse(self, client: Client, reader: asyncio.StreamReader, reason: Closing) -> None:
        """A connection refused at once: a client that asks for GMCP within a moment hears why in
        ``Bergen.Close`` too; then it is closed (a raw client only waits that moment)."""
        until = time.monotonic() + REFUSED_WAIT
        if self.budgets.wait(client.address, time.monotonic()) > 0:  # a flooding address: no moment
            until = 0.0
        with contextlib.suppress(TimeoutError, ConnectionError, OSError):
            while not client.gmcp.on:  # the request may come after a first line (bergen join's settings)
                data = await asyncio.wait_for(reader.read(READ_CHUNK), max(0.0, until - time.monotonic()))
                if not data:
                    break
                for item in client.framer.read(data):
                    if isinstance(item, Negotiation):
                        client.send_raw(client.gmcp.answer(item))
        client.close(reason)

    def arrived(self, client: Client, items: list[Received]) -> None:
        """What a connection sent (a WebSocket's lines come here as a telnet connection's do)."""
        self._lines(client, items, paced=False)

    def _lines(self, client: Client, items: list[Received], *, paced: bool) -> list[Received]:
        """Each line in turn, through the rate limit; nothing after the connection was closed (a wrong
        password, quit, a flood) is carried out. Once they are answered, ``Bergen.Prompt`` says so.
        A client that sent a telnet command is offered GMCP first (once), each option request answered.
        ``paced``: once the address is over its share, the rest is given back, to wait for its turn."""
        if client.framer.telnet:
            client.send_raw(client.gmcp.spoke_telnet())
        rest = self._each_line(client, items, paced)
        client.mark_soon()
        return rest

    def _each_line(self, client: Client, items: list[Received], paced: bool) -> list[Received]:
        for at, incoming in enumerate(items):
            if client.closed:
                return []
            over = paced and self.budgets.wait(client.address, time.monotonic()) > 0
            if over and isinstance(incoming, Incoming):
                return items[at:]
            if isinstance(incoming, Negotiation):
                client.send_raw(client.gmcp.answer(incoming))
            if not isinstance(incoming, Incoming):
                continue
            if not client.greeted:  # the first line, in the greeting's moment: settings, perhaps
                client.greeted = True
                if self._greet(client, None if incoming.too_long else incoming.text):
                    continue  # bergen join sends it apart: it is not counted among the lines answered
            client.answered += 1
            if not client.limiter.allow(time.monotonic()):
                if client.limiter.flooding(time.monotonic()):
                    client.say(texts.flooding(client.i18n))
                    client.close(Closing.FLOODING)
                    return []
                if client.limiter.strikes == 1:  # said once a run of refused lines
                    client.say(texts.too_fast(client.i18n))
                    # its prompt again once lines are taken again: a client whose triggers answer each
                    # prompt (TinTin++, Mudlet) waits for one, and the refused line brought none
                    asyncio.get_running_loop().call_later(SLOWED_DOWN, self._slowed_down, client)
                continue
            told, began = client.told, time.thread_time()
            self._line(client, incoming.text, incoming.too_long)
            # what the lobby did with the line (the time it took: ``who`` among a thousand connections
            # costs more than ``hand``), and the answer it wrote (one nobody reads costs as much)
            work = (time.thread_time() - began) * UNITS_PER_CPU_SECOND
            self.budgets.spend(client.address, LINE_COST + work + client.told - told, time.monotonic())
        return []

    def _slowed_down(self, client: Client) -> None:
        """A moment after "too fast": the prompt again, if the connection is still there."""
        if not client.closed:
            self._prompt_again(client)

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
        if self.barred_now(client):  # no check at all meanwhile, whatever connection the password comes on
            return False
        if typed is not None and self.password is not None and secrets_equal(typed, self.password):
            client.authorized = True
            return True
        self.failures.wrong(client.address, time.monotonic())
        client.say(texts.wrong_password(client.i18n))
        client.close(Closing.WRONG_PASSWORD)
        return False

    def barred_now(self, client: Client) -> bool:
        """The guess limit of every secret (the password, rejoin codes, passphrases), checked before each
        check: whether the client's address must wait (then it is told so and the connection closes).
        Counted per address, whatever connection the secret comes on (``guard.py``)."""
        if not self.failures.barred(client.address, time.monotonic()):
            return False
        client.say(texts.barred(client.i18n))
        client.close(Closing.BARRED)
        return True

    def wrong_secret(self, client: Client, refusal: Message) -> None:
        """A wrong rejoin code or passphrase: counted for the address, and ``refusal`` said; at the limit
        the address waits (told so, the connection closed) instead."""
        self.failures.wrong(client.address, time.monotonic())
        if not self.barred_now(client):
            client.say(refusal)

    async def close_all(
        self, farewell: Callable[[Client], Message], code: Callable[[Client], str | None] = lambda c: None
    ) -> None:
        """Each connection hears ``farewell`` (and by GMCP why, with its seat's ``code`` when the seat
        is kept; up to two seconds to take it), then all are closed."""
        for client in list(self.clients):
            client.say(farewell(client))
            if client.structured:
                stopping = {"reason": Closing.SERVER_STOPPING.value, "again": True, "code": code(client)}
                client.send_gmcp(CLOSE, stopping)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                asyncio.gather(*(c.drain() for c in self.clients), return_exceptions=True), 2.0
            )
        for client in list(self.clients):
            client.closed = True
            client.shut()


def peer_address(writer: asyncio.StreamWriter) -> str:
    """Where the peer connects from, as wrong secrets and connections are counted: its IPv4 address,
    or its IPv6 /64 (one household or host holds a whole /64; "" when the transport does not say)."""
    peer = writer.get_extra_info("peername")
    if not (isinstance(peer, tuple) and peer):
        return ""
    return counted_address(str(peer[0]))


def counted_address(peer: str) -> str:
    """An IP address as connections are counted: IPv4 as it is, IPv6 by its /64."""
    try:
        address = ipaddress.ip_address(peer.split("%", 1)[0])
    except ValueError:
        return peer
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
