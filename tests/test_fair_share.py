"""Each address's share of the server's work (``net/fair.py``): a flood from one address waits for its
own budget, is never answered faster than it allows, loses nothing, and leaves other addresses alone.

The budget itself is tested with the time passed in; the server through real sockets, the flood from
a second loopback address (127.0.0.2: Linux and Windows answer on the whole of 127/8; a system that
does not, macOS by default, skips with the reason).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import socket
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
import pytest

from bergen_access.net import fair
from bergen_access.net.fair import (
    BURST_PER_CONNECTION,
    LINE_COST,
    RATE_PER_CONNECTION,
    UNITS_PER_CPU_SECOND,
    AddressBudgets,
)
from bergen_access.net.limits import MOST_PER_ADDRESS
from bergen_access.net.per_minute import OverShare, PerMinute
from bergen_access.net.server import Client, Server
from bergen_access.net.turns import Turns

from .net_clients import WAIT, LineClient
from .test_net_host import environment, lines_until_listening, serve
from .test_net_host import stop as stop_server

FLOODER = "127.0.0.2"

# ----------------------------------------------------------------------------------------- the budget


def test_an_address_spends_its_burst_then_waits_for_exactly_its_debt() -> None:
    budgets = AddressBudgets(rate=100.0, burst=500.0)
    assert budgets.wait("a", 0.0) == 0.0
    budgets.spend("a", 500.0, 0.0)  # the whole burst: the next read still comes at once
    assert budgets.wait("a", 0.0) == 0.0
    budgets.spend("a", 250.0, 0.0)
    assert budgets.wait("a", 0.0) == pytest.approx(2.5)  # 250 units in debt at 100 a second
    assert budgets.wait("a", 1.0) == pytest.approx(1.5)
    assert budgets.wait("a", 2.5) == 0.0
    assert budgets.wait("b", 0.0) == 0.0  # another address is not touched by a's debt


def test_the_budget_refills_only_up_to_the_burst() -> None:
    budgets = AddressBudgets(rate=100.0, burst=500.0)
    budgets.spend("a", 100.0, 0.0)
    budgets.spend("a", 600.0, 1000.0)  # a long quiet time earns at most the burst
    assert budgets.wait("a", 1000.0) == pytest.approx(1.0)


def test_the_debt_has_a_floor_so_one_burst_does_not_shut_an_address_out_for_long() -> None:
    budgets = AddressBudgets(rate=100.0, burst=500.0, most_debt_seconds=30.0)
    budgets.spend("a", 10_000_000.0, 0.0)
    assert budgets.wait("a", 0.0) == pytest.approx(30.0)


def test_the_share_grows_with_the_connections_an_address_may_have() -> None:
    default = AddressBudgets.for_connections(MOST_PER_ADDRESS)
    assert default.rate == RATE_PER_CONNECTION * MOST_PER_ADDRESS
    assert default.burst == BURST_PER_CONNECTION * MOST_PER_ADDRESS
    # a club of fifty behind one router: each opens a connection and presses Enter, without waiting
    club = AddressBudgets.for_connections(MOST_PER_ADDRESS)
    for _ in range(MOST_PER_ADDRESS):
        club.spend("club", fair.CONNECTION_COST + LINE_COST + 10, 0.0)
    assert club.wait("club", 0.0) == 0.0
    larger = AddressBudgets.for_connections(200)  # bergen serve --per-address 200
    assert larger.rate == 4 * default.rate


def test_addresses_remembered_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fair, "MOST_ADDRESSES", 3)
    budgets = AddressBudgets(rate=1.0, burst=1.0)
    budgets.spend("old", 100.0, 0.0)
    for address in ("b", "c", "d"):
        budgets.wait(address, 0.0)
    assert len(budgets) == 3
    assert budgets.wait("old", 0.0) == 0.0  # forgotten: it starts afresh (the least recently seen goes)


def test_connections_over_the_share_take_turns_in_order_and_are_woken_one_at_a_time() -> None:
    """Twenty connections of one address in debt: each gets its turn in the order it came (one that
    ended while it waited is skipped), and the budget is looked at about once a turn, not once per
    waiting connection per turn (the herd of fifty waking for one turn would be the flood's cost)."""
    looked = 0

    class Counted(AddressBudgets):
        def wait(self, address: str, now: float) -> float:
            nonlocal looked
            looked += 1
            return super().wait(address, now)

    async def main() -> list[int]:
        budgets = Counted(rate=1000.0, burst=1.0)
        turns = Turns(budgets)
        budgets.spend("a", 50.0, time.monotonic())  # 50 ms in debt
        order: list[int] = []

        async def connection(number: int) -> None:
            await turns.take("a")
            order.append(number)
            budgets.spend("a", 5.0, time.monotonic())  # each turn's work: 5 ms of the budget

        tasks = [asyncio.ensure_future(connection(number)) for number in range(20)]
        await asyncio.sleep(0.01)
        assert turns.waiting("a") == 20
        tasks[5].cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        assert turns.waiting("a") == 0
        return order

    order = asyncio.run(main())
    assert order == [number for number in range(20) if number != 5]
    assert looked <= 4 * 20, looked


# -------------------------------------------------------------------------------- through the server


@functools.cache
def second_loopback() -> bool:
    """Whether a socket can be bound to 127.0.0.2 here."""
    with contextlib.closing(socket.socket()) as probe:
        try:
            probe.bind((FLOODER, 0))
        except OSError:
            return False
    return True


needs_second_loopback = pytest.mark.skipif(
    not second_loopback(), reason="this system answers only on 127.0.0.1 (macOS: 127.0.0.2 is not configured)"
)


def run(body: Callable[[Server, int, int], Awaitable[None]], web: bool = False, **options: object) -> Server:
    """``body`` with a server on 127.0.0.1: its port and, with ``web``, its page's port (else 0)."""

    async def main() -> Server:
        server = Server(None, **options)  # type: ignore[arg-type]
        port = await server.start("127.0.0.1", 0)
        web_port = await server.start_web("127.0.0.1", 0) if web else 0
        try:
            await asyncio.wait_for(body(server, port, web_port), 60)
        finally:
            await server.close()
        assert server.faults == 0, server.last_fault
        return server

    return asyncio.run(main())


async def connect_from(address: str, port: int) -> LineClient:
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0)), WAIT
    )
    return LineClient(reader, writer)


def count_lines_taken(server: Server) -> Counter[str]:
    """Lines that reached the lobby, per address (the work a line costs is done there)."""
    taken: Counter[str] = Counter()
    line = server.lobby.line

    def counted(client: Client, raw: str, too_long: bool) -> None:
        taken[client.address] += 1
        line(client, raw, too_long)

    server.lobby.line = counted  # type: ignore[method-assign]
    return taken


async def telnet_flood(port: int, stop: asyncio.Event) -> int:
    """One flooder's connections, one after another: lines as fast as TCP takes them, a new connection
    as soon as one is closed for flooding; how many it opened."""
    opened = 0
    while not stop.is_set():
        with contextlib.suppress(ConnectionError, OSError, AssertionError, TimeoutError):
            opened += 1
            client = await connect_from(FLOODER, port)
            while not stop.is_set() and not client.closed:
                client.writer.write(b"who\r\nhelp\r\n" * 400)
                await asyncio.wait_for(client.writer.drain(), 0.5)
            client.writer.close()
        await asyncio.sleep(0)
    return opened


async def page_flood(port: int, stop: asyncio.Event) -> int:
    """The same through the page's WebSocket: a frame a line, as fast as the socket takes them."""
    opened = 0
    connector = aiohttp.TCPConnector(local_addr=(FLOODER, 0))
    async with aiohttp.ClientSession(connector=connector) as session:
        while not stop.is_set():
            with contextlib.suppress(aiohttp.ClientError, ConnectionError, OSError, TimeoutError):
                opened += 1
                url, origin = f"http://127.0.0.1:{port}/ws", f"http://127.0.0.1:{port}"
                quick = aiohttp.ClientWSTimeout(ws_close=0.2)  # a flooder does not wait to be heard out
                async with session.ws_connect(url, origin=origin, timeout=quick) as page:
                    reading = asyncio.ensure_future(page.receive_str(timeout=60))
                    while not stop.is_set() and not page.closed:
                        await page.send_str('{"line": "who"}')
                        await asyncio.sleep(0)  # a send that fits the buffer does not yield: the server runs
                    reading.cancel()
            await asyncio.sleep(0)
    return opened


async def flood_beside_a_calm_person(
    server: Server, calm: LineClient, flood: Callable[[asyncio.Event], Awaitable[int]]
) -> None:
    """Ten flooders at 127.0.0.2 for three seconds while ``calm`` (127.0.0.1) asks ``who`` every
    tenth of a second: the lobby takes no more of the flood than the address's share, and every
    line of the calm person."""
    seconds = 3.0
    taken = count_lines_taken(server)
    await calm.send("name Calm")
    await calm.wait_for("You are Calm")
    stop = asyncio.Event()
    flooders = [asyncio.ensure_future(flood(stop)) for _ in range(10)]
    started = time.monotonic()
    answered = 0
    while time.monotonic() - started < seconds:
        since = len(calm.lines)
        await calm.send("who")
        await calm.wait_for("^Online: ", since)
        answered += 1
        await asyncio.sleep(0.1)
    elapsed = time.monotonic() - started
    flood_taken = taken[FLOODER]  # what came later came while the flooders closed their connections
    stop.set()
    opened = sum(await asyncio.gather(*flooders))
    budget = server.connections.budgets
    most = (budget.burst + budget.rate * elapsed) / LINE_COST
    assert opened >= 10
    assert flood_taken <= most, (
        f"{flood_taken} lines taken from the flood in {elapsed:.1f} s, its share {most:.0f}"
    )
    assert taken["127.0.0.1"] == answered  # every line of the calm person (its name was the greeting's)
    assert server.connections.turns.waits > 0


@needs_second_loopback
def test_a_telnet_flood_from_one_address_gets_no_more_than_its_share_and_others_are_answered() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        calm = await LineClient.connect(port)
        await flood_beside_a_calm_person(server, calm, lambda stop: telnet_flood(port, stop))

    run(body)


@needs_second_loopback
def test_a_page_flood_from_one_address_gets_no_more_than_its_share_and_others_are_answered() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        calm = await LineClient.connect(port)
        await flood_beside_a_calm_person(server, calm, lambda stop: page_flood(web_port, stop))

    run(body, web=True)


@needs_second_loopback
def test_answers_nobody_reads_are_charged_to_the_address_that_asked_for_them() -> None:
    """Slow readers: connections from 127.0.0.2 that ask for ``help`` under their own rate limit and
    never read. Each answer's length is charged to the address, so the lobby answers no more than
    its share in bytes of answers, however politely they are asked for."""
    seconds = 3.0

    async def body(server: Server, port: int, web_port: int) -> None:
        taken = count_lines_taken(server)
        calm = await LineClient.connect(port)
        await calm.send("name Calm")
        await calm.wait_for("You are Calm")
        since = len(calm.lines)
        await calm.send("help")
        await calm.wait_for("^Online: |lobby", since)
        await asyncio.sleep(0.3)
        answer = sum(len(line) + 2 for line in calm.lines[since:])
        assert answer > 300, calm.lines[since:]
        deaf = []
        for _ in range(5):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.bind((FLOODER, 0))
            sock.setblocking(False)
            await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
            deaf.append(sock)
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            for sock in deaf:
                with contextlib.suppress(BlockingIOError):
                    sock.send(b"help\r\n" * 3)  # 9 a second: under the connection's limit of 10
            await asyncio.sleep(1 / 3)
        elapsed = time.monotonic() - started
        flood_taken = taken[FLOODER]
        for sock in deaf:
            sock.close()
        budget = server.connections.budgets
        most = (budget.burst + budget.rate * elapsed) / (LINE_COST + answer)
        assert flood_taken <= most, f"{flood_taken} helps answered in {elapsed:.1f} s, the share {most:.0f}"

    run(body)


@needs_second_loopback
def test_the_time_the_server_spends_on_a_line_is_charged_to_the_address_that_sent_it() -> None:
    """A line the lobby takes 30 ms of CPU for (``who`` among thousands of connections, say) costs
    its address those 30 ms at ``UNITS_PER_CPU_SECOND``, however short the line and its answer."""
    budgets = AddressBudgets(rate=1000.0, burst=1000.0)

    async def body(server: Server, port: int, web_port: int) -> None:
        line = server.lobby.line

        def slow(client: Client, raw: str, too_long: bool) -> None:
            began = time.thread_time()
            while time.thread_time() - began < 0.03:
                pass
            line(client, raw, too_long)

        server.lobby.line = slow  # type: ignore[method-assign]
        asking = await connect_from(FLOODER, port)
        await asking.send("name Asking")
        await asking.wait_for("You are Asking")
        since = len(asking.lines)
        await asking.send("who")
        await asking.wait_for("^Online: ", since)
        charged = 0.03 * UNITS_PER_CPU_SECOND - budgets.burst
        assert budgets.wait(FLOODER, time.monotonic()) > 0.8 * charged / budgets.rate

    run(body, budgets=budgets)


@needs_second_loopback
def test_lines_over_the_share_wait_and_are_all_answered_in_order() -> None:
    """An address over its budget is slowed down, not cut short: 40 lines sent at once (under the
    connection's own rate limit) are all answered, in order, no sooner than the budget allows."""
    lines = 40
    budgets = AddressBudgets(rate=2000.0, burst=2000.0)

    async def body(server: Server, port: int, web_port: int) -> None:
        eager = await connect_from(FLOODER, port)
        await eager.send("name Eager")
        await eager.wait_for("You are Eager")
        names = ["Eager" + "".join("abcdefghij"[int(digit)] for digit in f"{n:02d}") for n in range(lines)]
        since = len(eager.lines)
        started = time.monotonic()
        await eager.send("".join(f"name {name}\r\n" for name in names).encode())
        await eager.wait_for(f"^You are {names[-1]}", since, timeout=30)
        elapsed = time.monotonic() - started
        said = [line.split()[2].rstrip(".") for line in eager.lines[since:] if line.startswith("You are ")]
        assert said == names
        cost = lines * (LINE_COST + len("name Eageraa\r\n"))
        assert elapsed >= (cost - budgets.burst) / budgets.rate * 0.9, elapsed

    run(body, rate=(1000.0, 1000), budgets=budgets)


@needs_second_loopback
def test_the_host_hears_of_a_flooding_address_in_one_line_never_a_line_per_connection(
    tmp_path: Path,
) -> None:
    """``bergen serve`` with a flood from 127.0.0.2: the host's console says so once (more only once a
    minute), never a line per connection or per line; the person at 127.0.0.1 is answered."""
    process = serve(environment(tmp_path / "home", tmp_path / "data"))
    try:
        _, port = lines_until_listening(process)

        async def flood_and_ask() -> None:
            calm = await LineClient.connect(port)
            stop = asyncio.Event()
            flooders = [asyncio.ensure_future(telnet_flood(port, stop)) for _ in range(10)]
            await asyncio.sleep(2.0)
            await calm.send("who")
            await calm.wait_for("^Online: ")
            stop.set()
            await asyncio.gather(*flooders)
            await calm.close()

        asyncio.run(flood_and_ask())
    finally:
        out, err = stop_server(process)
    told = [line for line in (out + err).splitlines() if line.strip()]
    assert "Traceback" not in out + err
    assert (
        told[0]
        == "127.0.0.2 sends more than its share: it is read more slowly; how often is told once a minute."
    )
    assert len(told) == 2, told  # and the stop line


def test_an_address_held_back_is_told_at_once_then_counted_once_a_minute() -> None:
    told: list[OverShare] = []
    every_minute = PerMinute(told.append, OverShare)
    for second in range(50):
        every_minute.arrived("10.0.0.9", float(second))
    assert told == [OverShare("10.0.0.9", 1, True)]
    every_minute.tick(61.0)
    assert told[1:] == [OverShare("10.0.0.9", 49, False)]
    every_minute.tick(200.0)  # a quiet minute: nothing more, and the next one is told at once again
    every_minute.arrived("10.0.0.9", 201.0)
    assert told[2:] == [OverShare("10.0.0.9", 1, True)]
