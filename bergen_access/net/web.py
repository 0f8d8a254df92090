"""``bergen serve --web``: the table page and its WebSocket, beside the line protocol.

aiohttp serves the page (``bergen_access/web``: one HTML page, one script, one style
sheet, the sound cues) and a WebSocket at ``/ws``. A WebSocket is one more kind of
connection (``WebClient``): its lines go through the same ``Connections`` as a
telnet line (the input boundary, the rate limit, the password, wrong tries), then
the same lobby, tables, seats, rejoin codes and saves. It carries JSON
(``docs/web.md``): ``{"line": "..."}`` from the page, and from the server each
line with its kind (``{"kind": "reply", "text": "..."}``: GMCP's ``Bergen.Line``
kinds), the prompt's state as ``{"kind": "status", ...}`` with the buttons the
page may show (``web_state``), and the seat, its code and why a connection closes
as GMCP tells them. A connection can only ever act for its own seat: the page
sends lines, nothing else, and no line names a seat.

The web's own rules: a WebSocket whose ``Origin`` is not the page's own host is
refused (another site's page cannot play in its visitor's name); a frame over
``MOST_FRAME`` bytes closes the socket; anything but ``{"line": text}`` closes it
too (but a ``"shown"`` beside a rejoin's line: the highest of its seat's line numbers
the page shows, so the rejoin tells again only the lines it lacks); a page that does
not take what it is sent is cut off as a telnet client is.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from ..boundary import visible_fields
from . import gmcp
from .bad_requests import BadRequests, MalformedRequests, quiet_logger
from .connections import FIRST_LINE_WAIT, MOST_UNSENT, PASSWORD_WAIT, Client, counted_address
from .fair import CONNECTION_COST
from .gmcp import Closing, LineKind
from .telnet import MAX_LINE_BYTES, Incoming
from .web_state import page_hello, page_language, web_state

if TYPE_CHECKING:
    from .connections import Connections

#: bytes of one frame from the page: a line's most bytes, JSON-escaped, and room for its key
MOST_FRAME = 8 * MAX_LINE_BYTES
#: the highest line number a page may say it shows (a seat's lines are numbered from 1)
MOST_SHOWN = 2**53 - 1
#: seconds between WebSocket pings; a page that answers none for as long again is gone
PING = 30.0
#: the files of the page, by the path they are served at, with their type
FILES = {
    "/": ("index.html", "text/html"),
    "/app.js": ("app.js", "text/javascript"),
    "/style.css": ("style.css", "text/css"),
}
#: seconds between looks at the malformed requests counted (their lines come once a minute)
TICK = 5.0
SOUNDS = ("block", "draw", "header", "out", "play", "turn", "win")
#: nothing but the page's own files and socket; no frame, no inline script, no referrer
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; media-src 'self'; "
        "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
#: GMCP's messages as the page's kinds (``Bergen.Line`` is not one: each line carries its kind)
KINDS = {
    gmcp.PROMPT: "status",
    gmcp.SEAT: "seat",
    gmcp.SEAT_LEFT: "seat_left",
    gmcp.SEAT_GONE: "seat_gone",
    gmcp.CLOSE: "close",
}


@dataclass
class WebClient(Client):
    """A page's WebSocket: each line one JSON message with its kind, sent in order by one task."""

    socket: web.WebSocketResponse = field(kw_only=True)
    transport: asyncio.Transport | None = None
    _queue: deque[str] = field(default_factory=deque)
    _unsent: int = 0
    _wake: asyncio.Event = field(default_factory=asyncio.Event)
    _sent: asyncio.Event = field(default_factory=asyncio.Event)
    _closing: bool = False
    _aborted: bool = False
    _heading: bool = False  # the next line opens a hand (the page's heading)

    @property
    def structured(self) -> bool:
        return True

    def send_line(self, text: str, number: int | None = None) -> None:
        table = self.session.table
        hand = table.match.hand_number if table is not None else 0  # the page's headings
        message: dict[str, Any] = {"kind": str(self._kind or LineKind.NOTICE), "text": text, "hand": hand}
        message["lang"] = self.session.language  # the line's own language: it keeps it after a switch
        if self._heading:
            message["heading"] = True
            self._heading = False
        if number is not None:  # a seat's line: the page shows each number once (a rejoin repeats some)
            message["n"] = number
        self.told += len(text)
        self._put(message)
        self.mark_soon()

    def send_heading(self) -> None:
        self._heading = True

    def send_gmcp(self, name: str, data: Any = None) -> None:
        kind = KINDS.get(name)
        if kind is not None:
            self._put({**(data or {}), "kind": kind})

    def _put(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        # the page's output boundary: no text reaches the browser (and its screen reader) with a control,
        # a direction override or a zero-width character in it, whatever its source (as telnet's lines)
        data = json.dumps(visible_fields(message), ensure_ascii=False, separators=(",", ":"))
        self._out(lambda: self._enqueue(data))

    def _enqueue(self, data: str) -> None:
        if self._aborted:  # cut off while the message waited for its table's write
            return
        self._queue.append(data)
        self._unsent += len(data)
        if self._unsent > MOST_UNSENT:  # a page that takes nothing must not make us hold everything
            self.cut_off()
            return
        self._sent.clear()
        self._wake.set()

    async def send_all(self) -> None:
        """Send what is queued, in order, until the connection closes."""
        try:
            while not self._aborted:
                while self._queue and not self._aborted:
                    data = self._queue.popleft()
                    self._unsent -= len(data)
                    await self.socket.send_str(data)
                self._sent.set()
                if self._closing:
                    break
                self._wake.clear()
                await self._wake.wait()
        except (ConnectionError, RuntimeError, OSError):
            self._aborted = True
        finally:
            self._sent.set()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.socket.close(), 2.0)

    def cut_off(self) -> None:
        self.closed = self._aborted = True
        self._queue.clear()
        self._wake.set()
        if self.transport is not None:
            self.transport.abort()

    def shut(self) -> None:
        self._out(self._shut_now)

    def _shut_now(self) -> None:
        self._closing = True
        self._wake.set()

    async def drain(self) -> None:
        await self._sent.wait()


def same_origin(request: web.Request) -> bool:
    """The socket is asked for by the page this server served: its ``Origin`` is this host with this
    scheme (an ``https://`` page of the same name is another origin: not ours, it may not act for its
    visitor here; behind a proxy, the scheme it serves). A request with no ``Origin`` comes from no
    browser's page, which cannot forge one."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    return parts.scheme == page_scheme(request) and parts.netloc.lower() == request.host.lower()


def page_scheme(request: web.Request) -> str:
    """The scheme the page was served with: ours, or the ``X-Forwarded-Proto`` of a proxy in front that
    serves it as ``https`` (a browser's page cannot set that header on its socket)."""
    forwarded = request.headers.get("X-Forwarded-Proto", "").split(",")[0].strip().lower()
    return forwarded if forwarded in ("http", "https") else request.scheme


def page_line(data: str) -> tuple[Incoming, int | None] | None:
    """The line a page's frame carries, and the highest of its seat's line numbers the page shows if
    it tells it (``{"line": "rejoin CODE", "shown": 12}``: the rejoin tells again only what it lacks);
    None for anything but ``{"line": text}`` or that. A line over the line protocol's byte limit is
    cut and flagged, as the telnet framer does."""
    try:
        message = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or set(message) - {"shown"} != {"line"}:
        return None
    if not isinstance(message["line"], str):
        return None
    shown = message.get("shown")
    if shown is not None and (type(shown) is not int or not 0 <= shown <= MOST_SHOWN):
        return None
    line: str = message["line"]
    raw = line.encode("utf-8", "surrogatepass")
    if len(raw) > MAX_LINE_BYTES:
        return Incoming(raw[:MAX_LINE_BYTES].decode("utf-8", "ignore"), too_long=True), shown
    return Incoming(line), shown


class WebSide:
    """The page and its sockets for one server's connections."""

    def __init__(
        self,
        connections: Connections,
        report: Callable[[MalformedRequests], None] = lambda notice: None,
        fault: Callable[[str], None] = lambda detail: None,
        more: Callable[[Client], dict[str, Any]] = lambda client: {},
    ) -> None:
        """``more``: what the page is told beside a seat's state (the server's tournament)."""
        self.connections = connections
        self.more = more
        self.fault = fault  # a fault of ours in a handler (its traceback): the server's faults
        self.bad = BadRequests(report)  # malformed requests: a few lines to the host, never a traceback
        self._ticker: asyncio.Task[None] | None = None
        folder = resources.files("bergen_access") / "web"
        self.files = {path: (folder / name).read_bytes() for path, (name, _) in FILES.items()}
        sounds = resources.files("bergen_access") / "sounds"
        self.sounds = {name: (sounds / f"{name}.wav").read_bytes() for name in SOUNDS}
        self._runner: web.AppRunner | None = None
        self._sockets: set[asyncio.Task[None]] = set()

    def app(self) -> web.Application:
        app = web.Application(client_max_size=4096)
        app.router.add_get("/ws", self.socket)
        app.router.add_get("/words.json", self.words)
        app.router.add_get("/sounds/{name}.wav", self.sound)
        for path in FILES:
            app.router.add_get(path, self.file)
        return app

    async def start(self, host: str, port: int) -> int:
        """Listen; the port (useful with port 0)."""
        logger = quiet_logger(lambda address: self.bad.arrived(address, time.monotonic()), self.fault)
        self._runner = web.AppRunner(
            self.app(), access_log=None, handle_signals=False, shutdown_timeout=1.0, logger=logger
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self._ticker = asyncio.ensure_future(self._tick())
        server = site._server  # aiohttp names no public way to the port it got
        sockets = getattr(server, "sockets", None) or ()
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            self.bad.tick(time.monotonic())

    async def close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        if self._runner is not None:
            await self._runner.cleanup()

    async def file(self, request: web.Request) -> web.Response:
        kind = FILES[request.path][1]
        return web.Response(
            body=self.files[request.path], content_type=kind, charset="utf-8", headers=HEADERS
        )

    async def sound(self, request: web.Request) -> web.Response:
        data = self.sounds.get(request.match_info["name"])
        if data is None:
            raise web.HTTPNotFound()
        return web.Response(body=data, content_type="audio/wav", headers=HEADERS)

    async def words(self, request: web.Request) -> web.Response:
        language = page_language(request.query.get("lang"), request.headers.get("Accept-Language"))
        return web.json_response(page_hello(language), headers=HEADERS)

    async def socket(self, request: web.Request) -> web.StreamResponse:
        """One page's connection, from its welcome to its end."""
        if not same_origin(request):
            return web.Response(status=403, text="Forbidden: another site's page\n", headers=HEADERS)
        address = counted_address(request.remote or "")
        await self.connections.take_turn(address)  # an address over its share is not even answered yet
        socket = web.WebSocketResponse(max_msg_size=MOST_FRAME, heartbeat=PING)
        await socket.prepare(request)
        client = WebClient(socket=socket, transport=request.transport, address=address)
        sender = asyncio.ensure_future(client.send_all())
        connections = self.connections
        refused = connections.admit(client)
        more = self.more

        def describe(described: Client) -> dict[str, Any]:  # the prompt's state, the page's buttons, more
            return {**web_state(described), **more(described)}

        client.describe = describe
        try:
            if refused is not None:
                client.close(refused)
            connections.budgets.spend(client.address, CONNECTION_COST, time.monotonic())
            greet_by = time.monotonic() + FIRST_LINE_WAIT
            login_by = time.monotonic() + PASSWORD_WAIT
            while not client.closed:
                timeout = None if client.authorized else max(0.0, login_by - time.monotonic())
                if not client.greeted:
                    timeout = max(0.0, greet_by - time.monotonic())
                try:
                    message = await socket.receive(timeout)
                except TimeoutError:
                    if not client.greeted:
                        connections.greet_now(client)
                    elif not client.authorized:
                        client.close(Closing.PASSWORD_TIMEOUT)
                    continue
                if message.type is not WSMsgType.TEXT:
                    break  # closed, an error (a frame too big), or bytes: the page sends only text
                await connections.take_turn(client.address)  # its address's share, before the frame is read
                connections.budgets.spend(client.address, len(message.data), time.monotonic())
                said = page_line(message.data)
                if said is None:
                    await socket.close(code=1008, message=b'only {"line": text}')
                    break
                line, client.lines_shown = said  # what the page shows, for this line's rejoin only
                try:
                    connections.arrived(client, [line])
                finally:
                    client.lines_shown = None
        except (ConnectionError, OSError, asyncio.CancelledError):
            pass
        finally:
            connections.ended(client)
            client.shut()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, 3.0)
        return socket
