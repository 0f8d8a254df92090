"""Line clients for the table server's tests: real sockets, every wait bounded in time."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable

from bergen_access.core.engine import Phase
from bergen_access.core.view import SeatView
from bergen_access.net.server import Server
from bergen_access.net.table import Table

from .blind_play_bot import move

WAIT = 10.0


class Waiting:
    """What a test client waits with: its ``lines`` so far, whether it is ``closed``, and ``_new``,
    set on every new message (a line client and a page's socket alike)."""

    lines: list[str]
    closed: bool
    _new: asyncio.Event

    async def wait_for(self, pattern: str, since: int = 0, timeout: float = WAIT) -> str:
        """The first line from ``since`` on that matches ``pattern`` (a regex), waiting for it."""
        found = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            for line in self.lines[since:]:
                if found.search(line):
                    return line
            if self.closed:
                raise AssertionError(f"closed before {pattern!r}: {self.lines[-20:]}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {pattern!r} within {timeout} s: {self.lines[-20:]}")
            self._new.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new.wait(), left)


class LineClient(Waiting):
    """A person at a raw line client (like nc or a MUD client): sends lines, keeps every line heard."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.lines: list[str] = []
        self.closed = False
        self._new = asyncio.Event()
        self._task = asyncio.ensure_future(self._read())

    @classmethod
    async def connect(cls, port: int) -> LineClient:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), WAIT)
        return cls(reader, writer)

    async def _read(self) -> None:
        try:
            while True:
                data = await self.reader.readline()
                if not data:
                    break
                self.lines.append(data.decode("utf-8", "replace").rstrip("\r\n"))
                self._new.set()
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed = True
            self._new.set()

    async def send(self, line: str | bytes) -> None:
        self.writer.write(line if isinstance(line, bytes) else (line + "\r\n").encode())
        await self.writer.drain()

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2.0)
        self._task.cancel()


async def until(condition: Callable[[], bool], timeout: float = WAIT, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        await asyncio.sleep(0.005)


async def seat_people(
    server: Server, port: int, spec: str, names: list[str]
) -> tuple[Table, list[LineClient]]:
    """The first person creates a table by ``spec``; the others join it. Clients in seat order."""
    clients = []
    for index, name in enumerate(names):
        client = await LineClient.connect(port)
        await client.send(f"name {name}")
        await client.wait_for(f"You are {name}")
        if index == 0:
            await client.send(f"create {spec}")
        else:
            await client.send(f"join {max(server.tables)}")
        await client.wait_for("You sit at table")
        clients.append(client)
    table = server.tables[max(server.tables)]
    return table, clients


async def play_out(
    table: Table, clients: dict[int, LineClient], steps: int = 3000, timeout: float = 120
) -> None:
    """Each person types a legal move on their turn (chosen from what they hold), until the match ends."""
    match = table.match
    deadline = time.monotonic() + timeout
    for _ in range(steps):
        if match.is_over:
            return
        if time.monotonic() > deadline:
            raise AssertionError("the match did not end in time")
        if match.phase is Phase.HAND_OVER:  # every person says they are ready, in seat order
            hand = match.hand_number
            for seat, client in sorted(clients.items()):
                if match.hand_number == hand and table.seats[seat].is_person:
                    await client.send("")
                    await until(
                        lambda h=hand, s=seat: s in table.ready or match.hand_number > h or match.is_over,
                        what="ready",
                    )
            await until(lambda h=hand: match.hand_number > h or match.is_over, what="the next hand")
            continue
        await one_move(table, clients)
    raise AssertionError("too many steps")


async def one_move(table: Table, clients: dict[int, LineClient]) -> None:
    """The person to move types a legal move and it is made; if a computer is to move, a short wait."""
    match = table.match
    if match.phase is Phase.PLAYING and match.turn in clients:
        done = len(match.actions)
        await clients[match.turn].send(move(SeatView(match, match.turn)))
        await until(lambda: len(match.actions) > done or match.phase is not Phase.PLAYING, what="the move")
    else:
        await asyncio.sleep(0.005)  # a computer seat is moving
