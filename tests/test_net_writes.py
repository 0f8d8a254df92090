"""The server's writes in their own thread: a move is told only once it is on the disk, the event loop
answers everyone else while a write waits, and stopping the server waits for every write."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable
from pathlib import Path

from bergen_access.core.engine import Phase
from bergen_access.net.server import Server
from bergen_access.session.journal import FOLDER, read_journal
from bergen_access.session.storage import Storage

from .local_server import local_server
from .net_clients import LineClient, one_move, seat_people, until

WAIT = 10.0


class SlowDisk(Storage):
    """A data folder whose writes, once ``armed``, wait in the writer thread until ``released``."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.armed = False
        self.released = threading.Event()
        self.waiting = threading.Event()  # a write is waiting now
        self.threads: set[str] = set()  # where the writes ran

    def attempt(self, write: Callable[[], object]) -> bool:
        self.threads.add(threading.current_thread().name)
        if self.armed:
            self.waiting.set()
            assert self.released.wait(WAIT), "the test never released the write"
        return super().attempt(write)


#: the announcement of a move, for the mover and for the other seat
MOVE_TOLD = r"^(You|Ada|Bo) (play|plays|draw|draws|pass|passes)\b"


def journal_actions(folder: Path) -> dict[int, int]:
    """How many moves each table's journal in the folder holds, by table."""
    replayed = [read_journal(path)[0] for path in (folder / FOLDER).glob("*.jsonl")]
    return {kept.envelope["table"]: len(kept.match.actions) for kept in replayed}


async def two_tables(server: Server, port: int) -> tuple[list[LineClient], list[LineClient]]:
    _, first = await seat_people(server, port, "standard 2", ["Ada", "Bo"])
    _, second = await seat_people(server, port, "standard 2", ["Cy", "Di"])
    for client in first + second:
        await client.wait_for(r"Hand 1\. Your tiles")
    await server.floor.writes.drain()
    return first, second


def test_a_move_is_told_only_once_its_write_is_done_and_other_tables_are_answered_meanwhile(
    tmp_path: Path,
) -> None:
    disk = SlowDisk(tmp_path)

    async def main() -> None:
        server = local_server(disk)
        port = await server.start("127.0.0.1", 0)
        try:
            first, second = await two_tables(server, port)
            table = server.tables[1]
            assert table.match.phase is Phase.PLAYING
            heard = [len(client.lines) for client in first]
            moves = len(table.match.actions)
            disk.armed = True
            await one_move(table, dict(enumerate(first)))  # made (the match has it) ...
            assert await asyncio.to_thread(disk.waiting.wait, WAIT)
            assert len(table.match.actions) > moves
            since = len(second[0].lines)
            await second[0].send("hand")  # ... while the other table is answered at once
            await second[0].wait_for(r"Your \d+ tiles", since)
            watcher = await LineClient.connect(port)
            await watcher.send("tables")  # and the lobby too
            await watcher.wait_for(r"^Table 2: ")
            await asyncio.sleep(0.3)
            for client, before in zip(first, heard, strict=True):  # ... but not told before it is written
                assert client.lines[before:] == [], client.lines[before:]
            assert journal_actions(tmp_path) == {1: moves, 2: 0}
            disk.armed = False
            disk.released.set()
            for client, before in zip(first, heard, strict=True):
                await client.wait_for(MOVE_TOLD, before)
            assert journal_actions(tmp_path)[1] > moves
            for client in [*first, *second, watcher]:
                await client.close()
        finally:
            disk.released.set()
            await server.close()
        assert server.faults == 0, server.last_fault

    asyncio.run(asyncio.wait_for(main(), 60))
    assert disk.threads and all(name.startswith("bergen-writes") for name in disk.threads)  # not the loop


def test_stopping_the_server_waits_for_its_writes_and_tells_the_move_before_goodbye(tmp_path: Path) -> None:
    disk = SlowDisk(tmp_path)

    async def main() -> None:
        server = local_server(disk)
        port = await server.start("127.0.0.1", 0)
        closing: asyncio.Task[None] | None = None
        try:
            first, _ = await two_tables(server, port)
            table = server.tables[1]
            heard = [len(client.lines) for client in first]
            moves = len(table.match.actions)
            disk.armed = True
            await one_move(table, dict(enumerate(first)))
            assert await asyncio.to_thread(disk.waiting.wait, WAIT)
            closing = asyncio.ensure_future(server.close())  # Ctrl-C or SIGTERM: bergen serve closes so
            await asyncio.sleep(0.3)
            assert not closing.done()  # it waits for the write
            assert journal_actions(tmp_path)[1] == moves
            disk.armed = False
            disk.released.set()
            await asyncio.wait_for(closing, WAIT)
            assert journal_actions(tmp_path)[1] > moves  # nothing lost
            for client, before in zip(first, heard, strict=True):
                await until(lambda c=client: c.closed, what="the connection closed")
                told = client.lines[before:]
                played = next(n for n, line in enumerate(told) if re.search(MOVE_TOLD, line))
                goodbye = next(n for n, line in enumerate(told) if "The server is stopping" in line)
                assert played < goodbye, told
        finally:
            disk.released.set()
            if closing is None:
                await server.close()
        assert server.faults == 0, server.last_fault

    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_person_who_quits_while_a_write_waits_hears_the_move_then_goodbye(tmp_path: Path) -> None:
    disk = SlowDisk(tmp_path)

    async def main() -> None:
        server = local_server(disk)
        port = await server.start("127.0.0.1", 0)
        try:
            first, second = await two_tables(server, port)
            table = server.tables[1]
            mover = table.match.turn
            other = first[1 - mover]
            before = len(other.lines)
            disk.armed = True
            await one_move(table, dict(enumerate(first)))
            assert await asyncio.to_thread(disk.waiting.wait, WAIT)
            await other.send("quit")  # its answer and the connection's end wait behind the write
            await asyncio.sleep(0.3)
            assert other.lines[before:] == [] and not other.closed
            disk.armed = False
            disk.released.set()
            await until(lambda: other.closed, what="the connection closed")
            told = other.lines[before:]
            assert re.search(MOVE_TOLD, told[0]) and told[-1] == "Goodbye.", told
            for client in [*first, *second]:
                await client.close()
        finally:
            disk.released.set()
            await server.close()
        assert server.faults == 0, server.last_fault

    asyncio.run(asyncio.wait_for(main(), 60))
