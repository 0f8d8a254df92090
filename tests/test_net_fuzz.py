"""The table server against hostile people and a crashing network, through real sockets on 127.0.0.1.

Each test starts the real ``Server`` in its own event loop (port 0), or the real
``bergen serve`` process, and talks to it with raw sockets that keep every byte
heard: Hypothesis-made byte streams (telnet commands whole, doubled, cut short;
every line ending; bytes that are not UTF-8; control characters; huge lines;
split anywhere), resets (RST) in the middle of a line, a game or a computer's
move, clients that never send or never read, races for one seat, rejoin codes
wrong and old, absurd tables, look-alike names, password guessing and floods.

What must hold: the server never dies and never meets a fault of its own; a
later good line is answered; nothing it sends holds a control character or a
telnet byte it did not mean; a refused line changes nothing. Tests marked
``xfail(strict=True)`` fail because of a defect named in their reason.
Hypothesis runs derandomized with few examples, so the file stays fast.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import socket
import struct
import subprocess
import sys
import time
import unicodedata
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from bergen_access.core.engine import Match
from bergen_access.core.engine import Phase as MatchPhase
from bergen_access.core.rules import OPTION_NAMES, PRESET_NAMES
from bergen_access.core.view import SeatView
from bergen_access.net import connections as connections_module
from bergen_access.net.guard import MOST_WRONG, WrongSecrets
from bergen_access.net.server import Client, Server

from .blind_play_bot import move
from .capabilities import stop_gently
from .folders import data_env
from .local_server import local_server

WAIT = 10.0
CODE = re.compile(r"rejoin ([0-9a-f]{8})")
REFUSED = "That line was not used"
WHO = re.compile(r"^(Online|Çevrimiçi): ", re.MULTILINE)  # the answer to who, in any language


def fast(examples: int, *, shrink: bool = True) -> settings:
    """Few examples, always the same ones; no shrinking where a known defect fails the test anyway."""
    phases = (Phase.explicit, Phase.generate, *((Phase.shrink,) if shrink else ()))
    return settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=phases,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )


# ------------------------------------------------------------------------------- the server and clients


def serve(body: Callable[[Server, int], Awaitable[None]], **options: Any) -> Server:
    """``body`` against a fresh in-process server on 127.0.0.1 (port 0); the server, closed, after it."""

    async def main() -> Server:
        server = local_server(**options)
        port = await server.start("127.0.0.1", 0)
        try:
            await asyncio.wait_for(body(server, port), 60)
        finally:
            await server.close()
        return server

    return asyncio.run(main())


#: what a server may send a telnet client: an answer to an option request, a keepalive, a GMCP message
TELNET_COMMAND = re.compile(
    rb"\xff[\xfb-\xfe].|\xff\xf1|\xff\xfa\xc9(?:[^\xff]|\xff\xff)*\xff\xf0", re.DOTALL
)
TELNET_START = re.compile(rb"\xff(?:[\xfb-\xfe]|\xfa(?:\xc9(?:[^\xff]|\xff\xff)*\xff?)?)?", re.DOTALL)


class Raw:
    """A client on a real socket that keeps every byte the server sent, to be checked as bytes.

    As a telnet client would, it takes the server's well-formed telnet commands (its answers to option
    requests, GMCP, keepalives) out of ``data``: they are allowed only once the client itself sent a
    telnet command (``unasked`` counts the bytes of any sent before), and anything else stays in
    ``data`` for ``assert_clean`` to find."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.data = bytearray()
        self.spoke_telnet = False
        self.unasked = 0
        self.commands = bytearray()  # the server's telnet commands, taken out of ``data``
        self._held = b""
        self.closed = False
        self._new = asyncio.Event()
        self._task = asyncio.ensure_future(self._read())

    @classmethod
    async def connect(cls, port: int) -> Raw:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), WAIT)
        writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(reader, writer)

    async def _read(self) -> None:
        try:
            while chunk := await self.reader.read(65536):
                self._take(chunk)
                self._new.set()
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed = True
            self._new.set()

    def _take(self, chunk: bytes) -> None:
        data, at = self._held + chunk, 0
        self._held = b""
        while (found := data.find(b"\xff", at)) >= 0:
            self.data += data[at:found]
            command = TELNET_COMMAND.match(data, found)
            if command is None and TELNET_START.fullmatch(data, found):
                self._held = data[found:]  # a command still arriving
                return
            if command is None:
                self.data += data[found : found + 1]  # left for assert_clean
                at = found + 1
                continue
            if not self.spoke_telnet:
                self.unasked += len(command.group())
            self.commands += command.group()
            at = command.end()
        self.data += data[at:]

    @property
    def port(self) -> int:
        return int(self.writer.get_extra_info("sockname")[1])

    def mark(self) -> int:
        return len(self.data)

    def lines(self, since: int = 0) -> list[str]:
        """Whole lines heard from byte ``since`` on."""
        end = self.data.rfind(b"\r\n")
        return bytes(self.data[since:end]).decode("utf-8", "replace").split("\r\n") if end >= since else []

    async def send(self, data: bytes | str, cuts: list[int] | None = None) -> None:
        """``data`` (a str is one line), split at ``cuts`` into separate writes."""
        raw = (data + "\r\n").encode() if isinstance(data, str) else data
        self.spoke_telnet = (
            self.spoke_telnet or re.search(b"\xff[^\xff]", raw.replace(b"\xff\xff", b"")) is not None
        )
        start = 0
        for cut in [*sorted({c % (len(raw) + 1) for c in cuts or []}), len(raw)]:
            if cut > start:
                self.writer.write(raw[start:cut])
                with contextlib.suppress(ConnectionError):
                    await self.writer.drain()
                await asyncio.sleep(0)
            start = max(start, cut)

    async def wait_for(self, pattern: str, since: int = 0, timeout: float = WAIT) -> str:
        """The first whole line from byte ``since`` on that matches ``pattern``."""
        found = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            line = next((x for x in self.lines(since) if found.search(x)), None)
            if line is not None:
                return line
            left = deadline - time.monotonic()
            if self.closed or left <= 0:
                raise AssertionError(
                    f"no {pattern!r} ({'closed' if self.closed else 'timeout'}): {self.tail()}"
                )
            self._new.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new.wait(), left)

    async def ask(self, line: str, pattern: str) -> str:
        since = self.mark()
        await self.send(line)
        return await self.wait_for(pattern, since)

    def tail(self) -> list[str]:
        return self.lines()[-12:]

    def reset(self) -> None:
        """Close with RST (SO_LINGER 0), as a crashed client or a cut network does."""
        with contextlib.suppress(OSError):
            self.writer.get_extra_info("socket").setsockopt(
                socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)
            )
        self.writer.transport.abort()
        self._task.cancel()
        self.closed = True

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2.0)
        self._task.cancel()


async def until(condition: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.002)


async def named(port: int, name: str) -> Raw:
    client = await Raw.connect(port)
    await client.ask(f"name {name}", f"You are {name}")
    return client


async def seated(port: int, name: str, command: str) -> tuple[Raw, str]:
    """A person named ``name`` at a table by ``create SPEC`` or ``join N``; their rejoin code."""
    client = await named(port, name)
    line = await client.ask(command, r"You sit at table")
    found = CODE.search(line)
    assert found is not None, line
    return client, found.group(1)


async def answered(client: Raw, line: str) -> None:
    """Send ``line`` and then ``who``: once who is answered (in any language), the line was too."""
    asked = len(WHO.findall("\n".join(client.lines())))
    await client.send(f"{line}\r\nwho\r\n".encode())
    await until(
        lambda: client.closed or len(WHO.findall("\n".join(client.lines()))) > asked, f"an answer to {line!r}"
    )


async def moved(match: Match, before: int) -> None:
    await until(lambda: len(match.actions) > before, "the move")


async def let_go(server: Server, client: Raw) -> None:
    await until(lambda: on_server(server, client) is None, "the server letting the connection go")


def on_server(server: Server, client: Raw) -> Client | None:
    """The server's side of ``client``'s connection (None once the server let it go)."""
    return next((c for c in server.clients if c.writer.get_extra_info("peername")[1] == client.port), None)


async def silent(port: int, first: bytes) -> socket.socket:
    """A client that sends ``first`` and then never reads (a tiny receive window)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    loop = asyncio.get_running_loop()
    await loop.sock_connect(sock, ("127.0.0.1", port))
    await loop.sock_sendall(sock, first)
    return sock


def rst(sock: socket.socket) -> None:
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


# ------------------------------------------------------------------------------- what must always hold

NEVER_SENT = ("Cc", "Cf", "Cs", "Zl", "Zp")


def assert_clean(data: Raw | bytes | bytearray, keepalives: bool = False) -> None:
    """Every byte is UTF-8 text in CR LF lines: no control, format or C1 character, no 0xFF (telnet IAC).

    With ``keepalives`` the one telnet command the server sends, ``IAC NOP``, is allowed between lines.
    A ``Raw`` client's telnet commands from the server are out already; none came unasked.
    """
    if isinstance(data, Raw):
        assert data.unasked == 0, "telnet bytes to a client that never spoke telnet"
        data = data.data
    raw = bytes(data)
    if keepalives:
        raw = raw.replace(b"\xff\xf1", b"")
    raw = raw[: raw.rfind(b"\r\n") + 2]  # a line still arriving is checked next time
    assert b"\xff" not in raw, raw[max(0, raw.find(b"\xff") - 40) :][:80]
    text = raw.decode("utf-8")  # strict: the server never sends bytes that are not UTF-8
    body = text.replace("\r\n", "\n")
    assert "\r" not in body, "a CR that does not end a line"
    bad = {hex(ord(c)) for c in body if c != "\n" and unicodedata.category(c) in NEVER_SENT}
    assert not bad, (bad, [line for line in body.split("\n") if any(hex(ord(c)) in bad for c in line)][:3])


def assert_linked(server: Server) -> None:
    """Connections, seats and watchers point at each other; no seat holds a connection that is gone."""
    assert server.faults == 0, server.last_fault
    for client in server.clients:
        person = client.session
        if person.seat is not None:
            assert person.table is not None and person.seat in person.table.seats
            assert person.seat.client is client
            assert person.seat.session is person  # the seat holds the person on its connection
            assert person.seat.is_person
            assert person.table in server.tables.values()
        if person.watching is not None:
            assert person.table is not None and person.watching in person.table.watchers
        if person.table is not None:  # at a table means seated or watching, never neither
            assert (person.seat is None) != (person.watching is None)
    for table in server.tables.values():
        assert [s.index for s in table.seats] == list(range(table.match.rules.players))
        for seat in table.seats:
            if seat.client is not None:
                assert seat.client in server.clients, f"seat {seat.index} holds a connection that is gone"
                assert isinstance(seat.client, Client) and seat.client.session.seat is seat
        for watcher in table.watchers:
            assert watcher.client in server.clients
            assert isinstance(watcher.client, Client) and watcher.client.session.watching is watcher


# ------------------------------------------------------------------------------- hostile bytes

TELNET_WHOLE = st.sampled_from(
    [
        b"\xff\xff",  # IAC IAC: one 0xFF data byte (never UTF-8, so it refuses its line)
        b"\xff\xfb\x18",  # WILL TTYPE
        b"\xff\xfd\x1f",  # DO NAWS
        b"\xff\xfc\x01",  # WONT ECHO
        b"\xff\xfe\x03",  # DONT SGA
        b"\xff\xfa\x18\x00xterm\xff\xf0",  # SB TTYPE IS xterm SE
        b"\xff\xfa\x1f\x00\x50\xff\xff\x00\x18\xff\xf0",  # SB NAWS with a doubled IAC in it
        b"\xff\xf1",  # NOP
        b"\xff\xf6",  # AYT
        b"\xff\xf0",  # a stray SE
    ]
)
TELNET_CUT = st.sampled_from([b"\xff", b"\xff\xfb", b"\xff\xfa", b"\xff\xfa\x18\x00xte", b"\xff\xfa\xff"])
ENDS = st.sampled_from([b"\r\n", b"\r\x00", b"\r", b"\n", b"\n\r", b"\r\r\n", b"\x00\r\n"])
CONTROL = st.one_of(
    st.integers(0, 31).filter(lambda b: b not in (9, 10, 13)).map(lambda b: bytes([b])),
    st.sampled_from(["\x7f", "\x85", "\x9b", "\u2028", "\u2029", "\x1b[2J", "\x1b]0;owned\x07"]).map(
        str.encode
    ),
)
NEVER_UTF8 = st.sampled_from([b"\xc0", b"\xc1", b"\xf8", b"\xfe", b"\xff\xff", b"\xc0\xaf", b"\xed\xa0\x80"])
CUT_UTF8 = st.sampled_from([b"\x80", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98", b"\xf5\x80\x80\x80"])
WORDS = st.sampled_from(
    [
        b"who",
        b"help",
        b"tables",
        b"name Ada",
        b"name Eve",
        b"say hi",
        b"create standard 2",
        b"join 1",
        b"watch 1",
        b"leave",
        b"quit",
        b"rejoin 00000000",
        b"language de",
        b"verbosity terse",
        b"draw",
        b"pass",
        b"hand",
        b"play 1",
        b"3-5 left",
        b"",
        b" ",
        b"\t",
    ]
)
LINE_TEXT = st.text(max_size=24).filter(lambda s: "\r" not in s and "\n" not in s).map(str.encode)
LINE_BYTES = st.binary(max_size=24).filter(lambda b: not set(b) & {10, 13, 255})
HUGE = st.integers(301, 6000).map(lambda n: b"x" * n)
PIECES = st.one_of(
    TELNET_WHOLE,
    TELNET_CUT,
    ENDS,
    CONTROL,
    NEVER_UTF8,
    CUT_UTF8,
    WORDS,
    LINE_TEXT,
    st.binary(max_size=40),
    HUGE,
)
STREAMS = st.lists(PIECES, max_size=40).map(b"".join)
CUTS = st.lists(st.integers(0, 10**6), max_size=8)
RESYNC = b"\xff\xf0\xff\xf0\r\n"  # leaves any telnet state (even inside SB) for plain data, then ends a line

# A line that must be refused: whatever stands around it, it holds a control character, a byte that is
# never UTF-8, or too many characters; telnet commands in it are whole, so none can swallow the poison.
MIDDLE = st.one_of(TELNET_WHOLE, WORDS, LINE_TEXT, LINE_BYTES)
POISON = st.one_of(CONTROL, NEVER_UTF8, HUGE)
POISONED_LINE = st.tuples(
    st.lists(MIDDLE, max_size=4),
    POISON,
    st.lists(MIDDLE, max_size=4),
    st.sampled_from([b"\r\n", b"\n", b"\r\x00"]),
).map(lambda t: b"".join(t[0]) + t[1] + b"".join(t[2]) + t[3])


@fast(40)
@given(stream=STREAMS, cuts=CUTS)
def test_any_bytes_in_the_lobby_leave_the_server_answering_and_nothing_raw_comes_back(
    stream: bytes, cuts: list[int]
) -> None:
    async def body(server: Server, port: int) -> None:
        hostile = await Raw.connect(port)
        await hostile.send(stream, cuts)
        if not hostile.closed:
            await hostile.send(RESYNC + b"who\r\n")
            with contextlib.suppress(AssertionError):  # a quit in the stream may have closed it
                await hostile.wait_for("^Online: ")
        fresh = await Raw.connect(port)
        await fresh.ask("who", "^Online: ")
        await fresh.ask("help", "^tables: ")
        assert_clean(hostile)
        assert_clean(fresh)
        assert_linked(server)
        hostile.reset()
        await fresh.close()

    server = serve(body)
    assert server.faults == 0, server.last_fault


@fast(25)
@given(lines=st.lists(POISONED_LINE, min_size=1, max_size=8), cuts=CUTS)
def test_refused_lines_at_a_seat_change_nothing_and_each_is_answered_once(
    lines: list[bytes], cuts: list[int]
) -> None:
    async def body(server: Server, port: int) -> None:
        ada, _ = await seated(port, "Ada", "create standard 2")
        bo, _ = await seated(port, "Bo", "join 1")
        table = server.tables[1]
        await until(lambda: table.match.phase is MatchPhase.PLAYING, "the deal")
        match, seats = table.match, list(table.seats)
        before = (len(match.actions), len(match.history), match.turn, match.hand_number)
        who = on_server(server, ada)
        assert who is not None
        person = who.session
        was = (person.name, person.language, person.verbosity, person.seat, person.table)
        since = ada.mark()
        await ada.send(b"".join(lines), cuts)
        await ada.ask("hand", r"^Your \d+ tiles")  # answered after every refused line: all were read
        heard = ada.lines(since)
        assert sum(line.startswith(REFUSED) for line in heard) == len(lines), heard
        assert (len(match.actions), len(match.history), match.turn, match.hand_number) == before
        assert who.session is person
        assert (person.name, person.language, person.verbosity, person.seat, person.table) == was
        assert table.seats == seats and list(server.tables) == [1] and not table.watchers
        await bo.ask("who", "^Online: Ada .table 1., Bo .table 1.")
        assert_clean(ada)
        assert_clean(bo)
        assert_linked(server)
        ada.reset()
        bo.reset()

    server = serve(body)
    assert server.faults == 0, server.last_fault


# ------------------------------------------------------------------------------- many people, random moves

SPECS = [
    "standard 2",
    "counters 2",
    "dominoplaza 3",
    "standard 3 computers random",
    "standard 4 computers random,easy",
    "standard 4 partners computers random,random,random",
    "standard 2 set 9",
    "bogus",
    "standard 7",
]
LOBBY_LINES = st.one_of(
    st.sampled_from(
        [
            "who",
            "tables",
            "help",
            "",
            "leave",
            "quit",
            "say hello",
            "language de",
            "language tr",
            "language en",
            "language xx",
            "verbosity terse",
            "verbosity verbose",
            "verbosity normal",
            "draw",
            "pass",
            "hand",
            "score",
            "history 3",
            "rejoin",
            "rejoin 00000000",
            "join",
            "watch",
            "<move>",
            "<move>",
            "<move>",
            "<rejoin>",
            "<reset>",
        ]
    ),
    st.sampled_from(["Ada", "Bo", "Cy", "ada"]).map("name {}".format),
    st.sampled_from(SPECS).map("create {}".format),
    st.integers(0, 3).map("join {}".format),
    st.integers(0, 3).map("watch {}".format),
)
STEPS = st.lists(st.tuples(st.integers(0, 2), LOBBY_LINES), min_size=5, max_size=30)


@fast(30)
@given(steps=STEPS)
def test_people_typing_anything_and_dropping_out_keep_seats_and_connections_consistent(
    steps: list[tuple[int, str]],
) -> None:
    async def body(server: Server, port: int) -> None:
        people: list[Raw] = [await Raw.connect(port) for _ in range(3)]
        codes: list[str] = []
        heard: list[bytes] = []
        for who, step in steps:
            client = people[who]
            if client.closed:
                heard.append(bytes(client.data))
                client = people[who] = await Raw.connect(port)
            if step == "<reset>":
                gone = client
                client.reset()
                heard.append(bytes(gone.data))
                await let_go(server, gone)
                people[who] = await Raw.connect(port)
                assert_linked(server)
                continue
            line = typed(server, client, step, codes)
            since = client.mark()
            await answered(client, line)
            codes += CODE.findall(" ".join(client.lines(since)))
            if client.closed:
                await let_go(server, client)
            assert_linked(server)
        for client in people:
            heard.append(bytes(client.data))
            client.reset()
        await until(lambda: not server.clients, "every connection gone")
        assert_linked(server)
        fresh = await Raw.connect(port)
        await fresh.ask("who", "^Online: -")
        for data in heard:
            assert_clean(data)
        await fresh.close()

    server = serve(body)
    assert server.faults == 0, server.last_fault


def typed(server: Server, client: Raw, line: str, codes: list[str]) -> str:
    """The line a person types for a step: a legal move on their turn, a code they were given."""
    if line == "<rejoin>":
        return f"rejoin {codes[-1]}" if codes else "rejoin"
    if line != "<move>":
        return line
    mine = on_server(server, client)
    if mine is None or mine.session.seat is None or mine.session.table is None:
        return "1"
    match = mine.session.table.match
    if match.phase is MatchPhase.PLAYING and match.turn == mine.session.seat.index:
        return move(SeatView(match, mine.session.seat.index))
    return ""  # Enter: the next hand, or the prompt again


# ------------------------------------------------------------------------------- a crashing network


def test_resets_mid_line_mid_game_and_while_a_computer_moves_leave_every_seat_waiting() -> None:
    def slow(player: Any, view: SeatView) -> Any:
        time.sleep(0.02)  # a computer that thinks: resets land while it does
        return player.choose(view)

    async def body(server: Server, port: int) -> None:
        fds = len(os.listdir("/proc/self/fd"))
        ada, ada_code = await seated(port, "Ada", "create standard 4 computers normal,normal")
        bo, bo_code = await seated(port, "Bo", "join 1")
        table = server.tables[1]
        match = table.match
        people = {0: ada, 1: bo}
        for _ in range(200):  # play until a person's move hands the turn to a computer
            await until(lambda: 1 not in server._computers, "the computers")
            if match.phase is MatchPhase.PLAYING and match.turn in people:
                done = len(match.actions)
                await people[match.turn].send(move(SeatView(match, match.turn)))
                await moved(match, done)
                if 1 in server._computers:
                    break
            elif match.phase is MatchPhase.HAND_OVER:
                for person in people.values():  # every person at the table is ready
                    await person.send("")
                await until(lambda: match.phase is not MatchPhase.HAND_OVER, "the next hand")
        assert 1 in server._computers, "no computer was moving"
        ada.reset()  # both people vanish while a computer thinks
        bo.reset()
        await until(lambda: not server.clients, "both resets noticed")
        await until(lambda: 1 not in server._computers, "the computers stop at a person's turn")
        assert all(s.client is None and s.away_since is not None for s in table.people)
        assert match.turn in people or match.phase is not MatchPhase.PLAYING
        assert_linked(server)
        # a storm of connections that die mid-line, mid-negotiation, mid-command, watching
        storm = [
            b"name Sto",
            b"who\r\nname Sto",
            b"\xff\xfa\x18\x00xte",
            b"\xff",
            b"\xe2\x82",
            b"watch 1\r\n",
            b"rejoin " + ada_code[:4].encode(),
            b"name Storm\r\ncreate standard 2\r\nsay hi",
            b"x" * 3000,
        ]
        for round_ in range(6):
            for data in storm:
                client = await Raw.connect(port)
                await client.send(data)
                if round_ % 2:
                    await asyncio.sleep(0.002)
                client.reset()
        await until(lambda: not server.clients, "the storm noticed")
        assert not table.watchers
        assert all(s.client is None for s in table.people)
        assert_linked(server)
        # both come back from new connections and play on
        ada = await Raw.connect(port)
        back = await ada.ask(f"rejoin {ada_code}", r"You are back at table 1, seat 1")
        bo = await Raw.connect(port)
        await bo.ask(f"rejoin {bo_code}", r"You are back at table 1, seat 2")
        assert re.search(r"\d+ lines? since your last one:", back)
        people = {0: ada, 1: bo}
        for _ in range(20):
            await until(lambda: 1 not in server._computers, "the computers")
            if match.is_over:
                break
            if match.phase is MatchPhase.PLAYING and match.turn in people:
                done = len(match.actions)
                await people[match.turn].send(move(SeatView(match, match.turn)))
                await moved(match, done)
            elif match.phase is MatchPhase.HAND_OVER:
                for person in people.values():  # every person at the table is ready
                    await person.send("")
                await until(lambda: match.phase is not MatchPhase.HAND_OVER, "the next hand")
        assert_linked(server)
        assert_clean(ada)
        assert_clean(bo)
        ada.reset()
        bo.reset()
        await until(lambda: not server.clients, "all gone")
        assert len(os.listdir("/proc/self/fd")) <= fds + 2, "sockets left open"

    server = serve(body, think=slow)
    assert server.faults == 0, server.last_fault


def test_a_last_line_without_its_end_is_still_answered() -> None:
    async def body(server: Server, port: int) -> None:
        client = await Raw.connect(port)
        await client.send(b"name Ada\r\nwho")
        client.writer.write_eof()  # half-close: nothing more to send, still reading
        await until(lambda: client.closed, "the server closing after the end of input")
        assert any(line.startswith("Online: Ada") for line in client.lines()), client.tail()

    serve(body)


def test_connections_that_never_send_cost_little_and_block_nobody() -> None:
    async def body(server: Server, port: int) -> None:
        idle = [await Raw.connect(port) for _ in range(150)]
        await until(
            lambda: len(server.clients) == 150 and all(c.lines() for c in idle), "every idle connection"
        )
        talker = await named(port, "Ada")
        started = time.monotonic()
        await talker.ask("who", "^Online: Ada .lobby.")
        assert time.monotonic() - started < 1.0
        assert all(c.lines() == [c.lines()[0]] and c.lines()[0].startswith("Welcome") for c in idle)
        for client in idle:
            client.reset()
        await until(lambda: len(server.clients) == 1, "the idle ones gone")
        await talker.close()

    server = serve(body, per_address=200)  # all from 127.0.0.1; the cap per address has its own test
    assert server.faults == 0


def test_one_address_cannot_hold_the_server_with_connections() -> None:
    async def body(server: Server, port: int) -> None:
        held = [await Raw.connect(port) for _ in range(5)]
        await until(lambda: all(c.lines() for c in held), "five welcomed")
        sixth = await Raw.connect(port)
        await sixth.wait_for("^5 connections from your address are open already")
        await until(lambda: sixth.closed, "the sixth closed")
        held[0].reset()
        await until(lambda: len(server.clients) == 4, "one of the five gone")
        again = await Raw.connect(port)
        await again.ask("who", "^Online: -")  # a place is free again
        for client in [*held[1:], again]:
            client.reset()

    assert serve(body, per_address=5).faults == 0


def test_keepalives_are_whole_telnet_commands_and_only_for_telnet_clients(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(connections_module, "HEARTBEAT", 0.05)

    async def body(server: Server, port: int) -> None:
        plain = await Raw.connect(port)  # nc: never a telnet byte
        telnet = await Raw.connect(port)
        await telnet.send(b"\xff\xfb\x18\xff\xfd\x01")
        await until(lambda: telnet.commands.count(b"\xff\xf1") >= 3, "keepalives to the telnet client")
        await asyncio.sleep(0.2)
        assert b"\xff" not in plain.data and not plain.commands
        assert_clean(telnet, keepalives=True)
        await plain.ask("who", "^Online: ")
        await telnet.ask("who", "Online: ")  # keepalives may stand before a line
        plain.reset()
        telnet.reset()

    serve(body)


def test_a_client_that_never_reads_is_cut_off_and_its_seat_waits() -> None:
    """Chat poured at a table where one person and one watcher never read: what waits for them stays
    bounded (``MOST_UNSENT``), they are cut off, the seat waits, everyone else is served."""
    most = connections_module.MOST_UNSENT + 4096  # the line that went over

    async def body(server: Server, port: int) -> None:
        ada, _ = await seated(port, "Ada", "create standard 3")
        bo, _ = await seated(port, "Bo", "join 1")
        cy = await silent(port, b"name Cy\r\njoin 1\r\n")  # seated, then never reads
        eve = await silent(port, b"watch 1\r\n")  # watching, never reads
        table = server.tables[1]
        await until(lambda: table.seats[2].client is not None and len(table.watchers) == 1, "Cy and Eve")
        stuck = [
            c for c in server.clients if c.session.seat is table.seats[2] or c.session.watching is not None
        ]
        for client in stuck:  # the kernel's own buffer (up to 4 MB on loopback) is not what is measured
            client.writer.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        talkers = [ada, bo, *[await named(port, f"Watcher{n}") for n in range(6)]]  # chat needs a name
        for talker in talkers[2:]:
            await talker.ask("watch 1", "You watch table 1")
        said = b"".join(b"say " + b"x" * 190 + b" %d\r\n" % n for n in range(300))
        for talker in talkers:
            talker.writer.write(said)
        total = 300 * len(talkers)  # about 500 KB for each person and watcher
        held, deadline = 0, time.monotonic() + 20
        while ada.data.count(b" says: ") < total and time.monotonic() < deadline:
            held = max(
                [held, *(c.writer.transport.get_write_buffer_size() for c in stuck if c in server.clients)]
            )
            await asyncio.sleep(0.002)
        assert held <= most, f"{held} bytes held for a client that does not read"
        await until(lambda: not any(c in server.clients for c in stuck), "both cut off")
        assert table.seats[2].client is None and table.seats[2].away_since is not None
        assert len(table.watchers) == 6  # the talkers: Eve is gone
        await bo.wait_for("Cy is away")
        await until(lambda: all(t.data.count(b" says: ") == total for t in talkers), "everyone heard", 20)
        assert all(on_server(server, t) is not None for t in talkers), "a client that reads was cut off"
        assert_linked(server)
        for sock in (cy, eve):
            rst(sock)
        for talker in talkers:
            talker.reset()

    server = serve(body)
    assert server.faults == 0, server.last_fault


# ------------------------------------------------------------------------------- seats, codes, tables


def test_two_people_racing_for_one_seat_get_one_seat_between_them() -> None:
    async def body(server: Server, port: int) -> None:
        for number in range(1, 6):
            host, _ = await seated(port, f"Host{number}", "create standard 2")
            racers = [await named(port, f"R{number}x{k}") for k in range(4)]
            marks = [r.mark() for r in racers]
            for racer in racers:
                racer.writer.write(f"join {number}\r\n".encode())
            await asyncio.gather(*(r.writer.drain() for r in racers))
            answers = [
                await r.wait_for(r"You sit at table|has no free seat", m)
                for r, m in zip(racers, marks, strict=True)
            ]
            assert sum(a.startswith("You sit") for a in answers) == 1, answers
            table = server.tables[number]
            assert table.free_seat() is None
            assert len({id(s.client) for s in table.seats}) == 2
            for racer in racers:
                racer.reset()
            host.reset()
        # the same code typed by three connections at once: whoever holds the code is the seat's person,
        # so each takes the seat over from the one before; in the end one holds it, the others are told
        ada, code = await seated(port, "Ada", "create standard 2")
        bo, _ = await seated(port, "Bo", "join 6")
        ada.reset()
        await until(lambda: server.tables[6].seats[0].client is None, "Ada away")
        claimers = [await Raw.connect(port) for _ in range(3)]
        marks = [c.mark() for c in claimers]
        for claimer in claimers:
            claimer.writer.write(f"rejoin {code}\r\n".encode())
        for claimer, mark in zip(claimers, marks, strict=True):
            await claimer.wait_for(r"You are back", mark)
        await until(lambda: sum(not c.closed for c in claimers) == 1, "one claimer left")
        holder = next(c for c in claimers if not c.closed)
        for claimer in claimers:
            if claimer is not holder:
                told = "Your seat was taken back with its code on a new connection. Goodbye."
                assert told in claimer.lines()
        assert server.tables[6].seats[0].client is on_server(server, holder)
        assert_linked(server)
        for client in (*claimers, bo):
            client.reset()

    server = serve(body)
    assert server.faults == 0, server.last_fault


def test_wrong_and_old_rejoin_codes_take_no_seat() -> None:
    async def body(server: Server, port: int) -> None:
        ada, ada_code = await seated(port, "Ada", "create standard 2")
        bo, bo_code = await seated(port, "Bo", "join 1")
        ada.reset()
        await until(lambda: server.tables[1].seats[0].client is None, "Ada away")
        guesser = await Raw.connect(port)
        wrong = [
            "",
            "   ",
            ada_code.upper(),
            ada_code[:-1],
            ada_code + "0",
            " ".join(ada_code),
            "0" * 8,
            ada_code + "\u00a0x",
            "1 " + ada_code,
        ]
        server.failures = WrongSecrets(most=len(wrong) + 2)  # each is answered here; the limit has its test
        for code in wrong:  # the word alone is asked back (and is no wrong code)
            answer = "Type rejoin and the code" if not code.strip() else "No seat waits for that code"
            await guesser.ask(f"rejoin {code}", answer)
        assert server.tables[1].seats[0].client is None
        await guesser.ask(f"rejoin {ada_code}", "You are back at table 1, seat 1")
        again = await Raw.connect(port)  # the code on a new connection: its holder takes the seat over
        await again.ask(f"rejoin {ada_code}", "You are back at table 1, seat 1")
        await guesser.wait_for("^Your seat was taken back with its code on a new connection. Goodbye.$")
        await until(lambda: guesser.closed, "the old connection closed")
        await again.ask(f"rejoin {ada_code}", "You are at table 1")
        await bo.ask(f"rejoin {bo_code}", "You are at table 1")  # a seated person's own code changes nothing
        assert_linked(server)
        for client in (guesser, again, bo):
            client.reset()

    async def too_late(server: Server, port: int) -> None:
        cy, cy_code = await seated(port, "Cy", "create standard 2 computers random")  # the match is on
        await cy.ask("leave", "You leave table 1")
        await until(
            lambda: 1 not in server.tables, "Cy's seat given to a computer: only computers, closed", 5
        )
        await cy.ask(f"rejoin {cy_code}", "No seat waits for that code")  # no seat waits any more
        assert_linked(server)
        cy.reset()

    assert serve(body).faults == 0
    assert serve(too_late, hold_minutes=0.002).faults == 0


def test_rejoin_codes_cannot_be_walked_from_one_address() -> None:
    """Five wrong codes and the address waits (even the right code is refused meanwhile); after the
    window the right code takes the seat back."""

    async def body(server: Server, port: int) -> None:
        server.failures = WrongSecrets(window=1.0)
        ada, code = await seated(port, "Ada", "create standard 2 computers easy")  # the match is on
        ada.reset()
        await until(lambda: server.tables[1].seats[0].client is None, "Ada away")
        walker = await Raw.connect(port)
        for guess in range(4):
            await walker.ask(f"rejoin {guess:08x}", "No seat waits for that code")
        await walker.ask("rejoin 00000004", "Too many wrong passwords or codes")
        await until(lambda: walker.closed, "the walker closed")
        late = await Raw.connect(port)
        await late.wait_for("Too many wrong passwords or codes")  # the address waits: the right code too
        await until(lambda: late.closed, "closed at once")
        assert server.tables[1].seats[0].client is None
        await asyncio.sleep(1.0)
        back = await Raw.connect(port)
        await back.ask(f"rejoin {code}", "You are back at table 1, seat 1")
        back.reset()

    assert serve(body).faults == 0


OPTION_VALUES = ["0", "1", "-1", "2", "3", "4", "99999999999999", "yes", "no", "auto", "", "x", "nan", "1e9"]
CREATE_WORDS = st.one_of(
    st.sampled_from(
        [*PRESET_NAMES, "partners", "set", "computers", "2", "3", "4", "0", "1", "5", "99999999999"]
    ),
    st.sampled_from(["set 6", "set 9", "set 12", "set 0", "set 99999999", "set ²", "set -6"]),
    st.lists(
        st.sampled_from(["easy", "normal", "random", "strong", "", "godlike"]), min_size=1, max_size=5
    ).map(lambda levels: "computers " + ",".join(levels)),
    st.tuples(st.sampled_from(OPTION_NAMES), st.sampled_from(OPTION_VALUES)).map("=".join),
    st.sampled_from(
        ["__class__=x", "=", "players=", "players=2", "players=3", "tile-set=9", "partnerships=yes"]
    ),
)


@fast(40, shrink=False)
@example(spec="standard 4 players=3 computers easy,easy,easy")
@example(spec="standard 4 players=2 computers easy,easy,easy")
@given(spec=st.lists(CREATE_WORDS, max_size=6).map(" ".join))
def test_create_with_absurd_options_makes_a_sound_table_or_says_why_not(spec: str) -> None:
    async def body(server: Server, port: int) -> None:
        ada = await named(port, "Ada")
        answer = await ada.ask(f"create {spec}", r"You sit at table|cannot be made|not used|went wrong")
        assert server.faults == 0, server.last_fault
        if answer.startswith("You sit"):
            table = server.tables[1]
            rules = table.match.rules
            assert [s.index for s in table.seats] == list(range(rules.players))
            assert table.seats[0].is_person and table.seats[0].client is not None
            assert set(table.players) == {s.index for s in table.seats if not s.is_person}
            await ada.ask("who", "^Online: Ada .table 1.")
        else:
            assert not server.tables
        assert_linked(server)
        assert_clean(ada)
        ada.reset()
        await until(lambda: not server.clients, "Ada gone")
        await asyncio.sleep(0.01)  # a computer seat moving now must not meet a fault either
        assert server.faults == 0, server.last_fault

    serve(body)


def test_one_connection_cannot_open_tables_without_end() -> None:
    async def body(server: Server, port: int) -> None:
        mallory = await named(port, "Mallory")
        await mallory.send(b"create standard 2\r\nleave\r\n" * 50)
        await mallory.ask("who", "^Online: Mallory .lobby.")
        opened = len(server.tables)
        mallory.reset()
        assert opened <= 3, f"{opened} tables for one person who sits at none"

    serve(body)


# ------------------------------------------------------------------------------- names


def test_names_too_long_made_of_controls_or_game_words_are_refused() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await named(port, "Ada")
        other = await Raw.connect(port)
        refused = {
            "name " + "a" * 21: "A name is one word",
            "name " + "a" * 400: REFUSED,
            "name " + "\u00e9" * 1000: REFUSED,
            "name Ada Lovelace": "A name is one word",
            "name": "A name is one word",
            "name 1Ada": "A name is one word",
            "name _x": "A name is one word",
            "name help": "A name is one word",
            "name quit": "A name is one word",
            "name play": "A name is one word",
            "name Ad\x1ba": REFUSED,
            "name Ad\u0085a": REFUSED,
            "name ADA": "ADA is taken",
            "name ada": "ada is taken",
            "name A\u200bda": "Ada is taken",  # the zero-width space is removed: it is Ada
            "name Ad\u200ea": "Ada is taken",
        }
        for line, answer in refused.items():
            said = await other.ask(line, r"^(A name is|That line|.* is taken|You are )")
            assert said.startswith(answer), (line, said)
        assert on_server(server, other) is not None and on_server(server, other).session.name is None  # type: ignore[union-attr]
        assert (await other.ask("name " + "b" * 20, "^You are ")).startswith("You are " + "b" * 20)
        await ada.ask("who", "Online: Ada .lobby., b{20} .lobby.")
        assert_clean(other)
        ada.reset()
        other.reset()

    server = serve(body)
    assert server.faults == 0


def test_a_name_that_only_looks_different_is_taken() -> None:
    async def body(server: Server, port: int) -> None:
        online = [
            await named(port, "Ada"),
            await named(port, "Strasse"),
        ]  # held: a dropped one frees its name
        mallory = await Raw.connect(port)
        look_alikes = (
            "\uff21\uff44\uff41",
            "\U0001d400\U0001d41d\U0001d41a",
            "Stra\u00dfe",
        )  # Ａｄａ 𝐀𝐝𝐚 Straße
        for name in look_alikes:
            said = await mallory.ask(f"name {name}", r"^(A name is|.* is taken|You are )")
            assert not said.startswith("You are"), said
        assert all(not person.closed for person in online)

    serve(body)


def test_a_name_mixing_scripts_is_refused() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await named(port, "Ada")  # held: a dropped connection frees its name
        mallory = await Raw.connect(port)
        said = await mallory.ask("name \u0410da", r"^(A name is|.* is taken|You are )")
        assert not said.startswith("You are"), said
        assert not ada.closed

    serve(body)


def test_lobby_words_are_not_names() -> None:
    async def body(server: Server, port: int) -> None:
        client = await Raw.connect(port)
        for word in ("who", "say", "join", "tables", "rejoin", "leave", "watch", "create", "name"):
            said = await client.ask(f"name {word}", r"^(A name is|.* is taken|You are )")
            assert not said.startswith("You are"), said

    serve(body)


def test_the_name_of_a_person_who_is_away_stays_theirs() -> None:
    async def body(server: Server, port: int) -> None:
        ada, code = await seated(port, "Ada", "create standard 2")
        bo, _ = await seated(port, "Bo", "join 1")
        ada.reset()
        await bo.wait_for("Ada is away")
        mallory = await Raw.connect(port)
        said = await mallory.ask("name Ada", r"^(A name is|.* is taken|You are )")
        back = await Raw.connect(port)
        await back.ask(f"rejoin {code}", "You are back")
        names = [c.session.name for c in server.clients if c.session.name]
        assert not said.startswith("You are"), said
        assert len(names) == len(set(names)), names

    serve(body)


def test_a_seated_person_keeps_the_name_the_table_knows() -> None:
    async def body(server: Server, port: int) -> None:
        ada, _ = await seated(port, "Ada", "create standard 2")
        bo, _ = await seated(port, "Bo", "join 1")
        await ada.send("name Zed")
        await ada.send("say hello")
        said = await bo.wait_for("says: hello")
        assert said == f"{server.tables[1].seats[0].name} says: hello", said

    serve(body)


# ------------------------------------------------------------------------------- passwords and floods


def test_nothing_after_a_wrong_password_or_a_quit_is_carried_out() -> None:
    async def body(server: Server, port: int) -> None:
        guesser = await Raw.connect(port)
        await guesser.send(b"guess\r\nsesame\r\nname Ghost\r\ncreate standard 2\r\n")
        await until(lambda: guesser.closed, "the wrong password closing the connection")
        quitter = await Raw.connect(port)
        await quitter.send(b"sesame\r\nname Quitter\r\nquit\r\ncreate standard 2\r\n")
        await until(lambda: quitter.closed, "quit closing the connection")
        await until(lambda: not server.clients, "both gone")
        assert not server.tables, {n: [s.name for s in t.seats] for n, t in server.tables.items()}

    serve(body, password="sesame")


def test_password_guesses_from_one_address_are_limited() -> None:
    async def body(server: Server, port: int) -> None:
        answered = 0
        started = time.monotonic()
        while time.monotonic() - started < 1.0:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"guess\r\n")
            with contextlib.suppress(ConnectionError, TimeoutError):
                heard = await asyncio.wait_for(reader.read(), 2.0)
                answered += heard.count(b"Wrong password")
            writer.close()
        assert answered <= MOST_WRONG, f"{answered} wrong passwords answered in one second"

    serve(body, password="sesame")


def test_the_rate_limit_refuses_lines_says_so_once_and_lets_them_through_again() -> None:
    async def body(server: Server, port: int) -> None:
        ada, code = await seated(port, "Ada", "create standard 2")
        bo, _ = await seated(port, "Bo", "join 1")
        await asyncio.sleep(0.3)  # the tokens spent sitting down come back
        since = bo.mark()
        burst = b"".join(b"say n%d\r\n" % n for n in range(36)) + b"name Zed\r\nsay last\r\n"
        await ada.send(burst)
        await ada.wait_for("Too fast")
        slowed = ada.mark()
        await asyncio.sleep(0.3)
        heard = [int(n) for n in re.findall(r"Ada says: n(\d+)", " ".join(bo.lines(since)))]
        assert heard == list(range(len(heard))) and 25 <= len(heard) < 36, heard
        assert "Ada says: last" not in bo.lines(since)
        assert ada.data.count(b"Too fast") == 1
        assert on_server(server, ada).session.name == "Ada"  # type: ignore[union-attr]
        # the seat's prompt once more when lines are taken again: a client's triggers answer it
        # (TinTin++ answering each prompt at once hit the limit, and then waited for a prompt forever)
        assert not any(line.endswith(">") for line in ada.lines(slowed))
        await ada.wait_for(r">$", since=slowed, timeout=4)
        await ada.ask("say again", "Ada says: again")  # a line later is taken again
        await bo.wait_for("Ada says: again", since)
        # bytes that make no line cost no line: a long telnet chatter, then a line
        await ada.send(b"\xff\xf1" * 50_000 + b"\xff\xfa\x18" + b"\xff\xff" * 10_000 + b"\xff\xf0")
        await ada.ask("who", "^Online: ")
        # a flood closes only that connection; the seat waits, and its code brings it back
        await ada.send(b"who\r\n" * 500)
        await ada.wait_for("Too many lines too fast")
        await until(lambda: ada.closed, "the flood closed")
        await bo.wait_for("Ada is away", since)
        back = await Raw.connect(port)
        await back.ask(f"rejoin {code}", "You are back at table 1, seat 1")
        await bo.ask("who", "^Online: Bo .table 1., Ada .table 1.")
        assert_linked(server)
        assert_clean(bo)
        back.reset()
        bo.reset()

    server = serve(body, rate=(10.0, 30))
    assert server.faults == 0, server.last_fault


@pytest.mark.parametrize(
    "chatter",
    [b"\xff\xf1", b"\xff\xfb\x01", b"\xff\xfa\x18" + b"\xff\xff" * 500 + b"\xff\xf0", b"x" * 1000],
    ids=["nop", "will", "subnegotiation", "endless-line"],
)
def test_a_client_sending_bytes_as_fast_as_it_can_does_not_starve_the_others(chatter: bytes) -> None:
    async def body(server: Server, port: int) -> None:
        calm = await named(port, "Calm")
        flood = await Raw.connect(port)
        chunk = chatter * (65536 // len(chatter))
        waits: list[float] = []
        stop = time.monotonic() + 0.6

        async def pour() -> None:
            while time.monotonic() < stop and not flood.closed:
                flood.writer.write(chunk)
                with contextlib.suppress(TimeoutError, ConnectionError):
                    await asyncio.wait_for(flood.writer.drain(), 0.2)

        pouring = asyncio.ensure_future(pour())
        while time.monotonic() < stop:
            started = time.monotonic()
            await calm.ask("who", "^Online: ")
            waits.append(time.monotonic() - started)
            await asyncio.sleep(0.12)
        await pouring
        assert max(waits) < 1.0, waits
        flood.reset()
        await calm.close()

    server = serve(body, rate=(10.0, 30))
    assert server.faults == 0


# ------------------------------------------------------------------------------- the real process


def test_the_real_server_process_survives_a_barrage_and_stops_on_sigterm(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path), **data_env(tmp_path), "LANG": "C.UTF-8"}
    # Every connection here is 127.0.0.1, one address: at the default share (50 connections) the 100 KB
    # line and a cold process's first lines could put it deep in debt, so the flood's lines waited past the
    # test's wait and the per-connection limit never spoke (2 of 3 runs on a busy machine). The share has
    # its own tests (tests/test_fair_share.py); here it is an address's of 1,000 connections.
    serve_command = ["serve", "--port", "0", "--hold", "0.01", "--per-address", "1000"]
    process = subprocess.Popen(
        [sys.executable, "-m", "bergen_access", *serve_command],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    try:
        assert process.stdout is not None
        found = re.search(r"listening on [\d.]+:(\d+)", process.stdout.readline())
        assert found is not None
        port = int(found.group(1))

        async def barrage() -> None:
            ada, _ = await seated(port, "Ada", "create standard 2 computers random")
            await ada.send(b"\xff\xfa\x18\x00\x1b[2J\r\n")  # an SB never ended: Ada is mute from here
            for data in (b"\xc3\x28\r\n", b"\x00" * 5000, b"\xff\xfb", b"name X\rname Y\n\r", b"a" * 100_000):
                client = await Raw.connect(port)
                await client.send(data)
                client.reset()
            flood = await Raw.connect(port)
            await flood.send(b"who\r\n" * 3000)
            await flood.wait_for("Too many lines too fast")
            deaf.append(await silent(port, b"watch 1\r\n"))  # connected, never reading, at the SIGTERM
            ada.reset()  # away mid-game; after --hold a computer takes the seat: only computers are left,
            fresh = await Raw.connect(port)  # so the table closes (its watcher is told)
            await fresh.ask("who", "^Online: ")
            for _ in range(50):
                listed = await fresh.ask("tables", r"^(Table 1: |No tables yet)")
                if listed.startswith("No tables yet"):
                    break
                await asyncio.sleep(0.1)
            assert listed.startswith("No tables yet"), listed
            assert_clean(fresh)
            assert_clean(flood)
            await fresh.close()

        deaf: list[socket.socket] = []
        asyncio.run(asyncio.wait_for(barrage(), 30))
        stop_gently(process)  # SIGTERM; Ctrl-C on Windows
        assert process.wait(timeout=10) == 0
        for sock in deaf:
            sock.close()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.stderr is not None
    errors = process.stderr.read()
    assert "Traceback" not in errors and "exception" not in errors.lower(), errors
