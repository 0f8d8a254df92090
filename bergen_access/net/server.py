"""``bergen serve``: one asyncio process, a lobby and many tables, a plain line protocol.

A telnet or MUD client, ``nc`` or ``bergen join`` connects. The server is three
rooms, each a module: the connections (``connections.py``: framing, limits, the
password minute), the lobby (``lobby.py``: every line past the input boundary,
the lobby's commands, a seat's lines to its game) and the tables (``tables.py``:
sitting, playing, leaving, the computers, saving). The server never echoes and
never asks for character mode; every message is one line. Tables are saved after
every change and come back when the server restarts, their seats waiting for
their people (``rejoin CODE``). A dead connection is noticed by TCP keepalive
and a timeout within a minute; its seat waits ``--hold`` minutes. With ``--web`` the
same connections come from a web page's WebSocket too (``web.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

from ..core.engine import Phase
from ..core.view import SeatView
from ..players.base import Player
from ..present.message import Message
from ..session.storage import Storage
from . import texts
from .connections import Client, Connections
from .fair import AddressBudgets
from .guard import WrongSecrets
from .limits import MOST_PER_ADDRESS
from .lobby import MOST_WAITING, Lobby
from .rated import Rater
from .ratings import Ratings
from .registry import Registry
from .side import prompt_state
from .table import Table
from .tables import Faults, HostNotice, Tables, TablesBack, TornJournal
from .tourney import Tournaments
from .writes import Writes

TICK = 10.0  # seconds between looks at what the host is to be told once a minute

__all__ = ["Client", "HostNotice", "Server", "TablesBack", "TornJournal"]


class Server:
    """The connections, the lobby and the tables, started and stopped together."""

    def __init__(
        self,
        storage: Storage | None = None,
        *,
        password: str | None = None,
        hold_minutes: float = 15.0,
        think: Callable[[Player, SeatView], Any] | None = None,
        rate: tuple[float, int] = (10.0, 30),
        report: Callable[[HostNotice], None] = lambda notice: None,
        per_address: int = MOST_PER_ADDRESS,
        waiting: int = MOST_WAITING,
        records: Storage | None = None,
        budgets: AddressBudgets | None = None,
    ) -> None:
        """``budgets``: each address's share of the work (by default from ``per_address``)."""
        self.storage = storage
        self._faults = Faults()
        self._tasks: set[asyncio.Task[None]] = set()
        self.connections = Connections(
            line=self._safely,
            gone=self._gone,
            greet=self._greet,
            failures=WrongSecrets(),  # wrong passwords and rejoin codes per address
            password=password,
            rate=rate,
            per_address=per_address,
            describe=prompt_state,  # a page's connection tells more (web_state.web_state)
            prompt_again=lambda client: self.floor.prompt_again(client),  # noqa: PLW0108 - made below
            budgets=budgets,
            over_share=report,
        )
        self.floor = Tables(
            storage,
            hold_minutes=hold_minutes,
            think=think,
            report=report,
            faults=self._faults,
            spawn=self._spawn,
            lobby_help=lambda client: self.lobby.on_help(client, ""),
            records=records,
        )
        self.registry = Registry(storage)  # the registered names (registry.py)
        self.ratings = Ratings(storage)  # their ratings (ratings.py), rated after each match that counts
        rater = Rater(self.registry, self.ratings, self.floor.writes)
        self.tournaments = Tournaments(self.floor, self.connections, storage, report)
        tournaments = self.tournaments

        def after_match(table: Table, key: str | None) -> None:  # rated, then the tournament's result
            rater.after_match(table, key)
            tournaments.after_match(table, key)

        self.floor.after_match, self.floor.over_at_start = after_match, rater.after_restart
        self.lobby = Lobby(
            self.connections,
            self.floor,
            waiting=waiting,
            registry=self.registry,
            ratings=self.ratings,
            hashing=Writes(self._faults.record),  # passphrases are hashed in a thread of their own
            report=report,
            tournaments=self.tournaments,
        )
        self._server: asyncio.AbstractServer | None = None
        self._web: Any = None  # the page and its WebSocket (net/web.py), when served

    # what tests and the host look at
    @property
    def tables(self) -> dict[int, Table]:
        return self.floor.by_number

    @property
    def clients(self) -> list[Client]:
        return self.connections.clients

    @property
    def failures(self) -> WrongSecrets:
        """Wrong passwords and rejoin codes, per address."""
        return self.connections.failures

    @failures.setter
    def failures(self, failures: WrongSecrets) -> None:
        self.connections.failures = failures

    @property
    def faults(self) -> int:
        """Lines or computer moves that met a fault of ours (each told, none fatal)."""
        return self._faults.count

    @faults.setter
    def faults(self, count: int) -> None:
        self._faults.count = count

    @property
    def last_fault(self) -> str:
        return self._faults.last

    @property
    def _computers(self) -> set[int]:
        return self.floor.moving

    # ------------------------------------------------------------- lifecycle

    async def start(self, host: str = "127.0.0.1", port: int = 4000) -> int:
        """Listen; the port (useful with port 0). Saved tables come back first."""
        for problem in (self.registry.load(), self.ratings.load()):
            if problem is not None:
                self.floor.report(problem)
        self.floor.restore()
        self.tournaments.restore()
        self._server = await asyncio.start_server(self.connections.serve, host, port, limit=4096 * 4)
        sockets = self._server.sockets or ()
        self._spawn(self.floor.sweep())
        self._spawn(self._tell_each_minute())
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def start_web(self, host: str = "127.0.0.1", port: int = 4001) -> int:
        """Serve the page and its WebSocket too (``--web``); the port. Its connections are the same
        connections: one lobby, one set of tables."""
        from .web import WebSide  # noqa: PLC0415 - aiohttp is loaded only for --web

        self._web = WebSide(
            self.connections, self.floor.report, self._faults.record, self.tournaments.page_view
        )
        port_got: int = await self._web.start(host, port)
        return port_got

    async def close(self) -> None:
        """Stop: every write asked for is on the disk (and what waited for it told), everyone is told
        (a seated person how to come back), then every connection closes and the writer thread ends."""
        if self._server is not None:
            self._server.close()
        await self.lobby.hashing.stop()  # a registration under way is written too
        await self.floor.writes.drain()
        kept = self.storage is not None and self.storage.saves

        def kept_code(client: Client) -> str | None:
            seat, at = client.session.seat, client.session.table
            begun = at is not None and at.match.phase is not Phase.NOT_STARTED
            return seat.token if seat is not None and kept and begun else None

        def farewell(client: Client) -> Message:
            return texts.server_stopping(client.i18n, kept_code(client))

        await self.connections.close_all(farewell, kept_code)
        if self._web is not None:
            await self._web.close()
        for task in list(self._tasks):
            task.cancel()
        await self.floor.writes.stop()  # what was asked for while they were told is written too
        if self._server is not None:
            with contextlib.suppress(Exception):
                await self._server.wait_closed()

    async def _tell_each_minute(self) -> None:
        """The host hears how often a flooding address was held back, also once it stopped."""
        while True:
            await asyncio.sleep(TICK)
            self.connections.over_share.tick(time.monotonic())
            self.lobby.wrong_passphrases.tick(time.monotonic())

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ lines

    def _safely(self, client: Client, raw: str, too_long: bool) -> None:
        """One line; a fault of ours costs that line (told in one sentence, logged), never the server."""
        try:
            self.lobby.line(client, raw, too_long)
        except Exception:
            self._faults.record()
            client.say(texts.fault(client.i18n))

    def _greet(self, client: Client, first: str | None) -> bool:
        """The greeting (after the first line's settings, if it came at once); a fault of ours costs
        the settings, never the greeting."""
        try:
            return self.lobby.greet(client, first)
        except Exception:
            self._faults.record()
            return self.connections.welcome(client, first)

    def _gone(self, client: Client) -> None:
        self.floor.gone(client)
