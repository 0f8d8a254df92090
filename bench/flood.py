"""Fairness under a flood: how fast a table of other people is answered while 20 addresses flood.

Starts the real server (``python -m bergen_access serve --web``, a fresh temporary data folder, ports 0,
its own limits) from a source tree, seats a few bystander tables (default 4 tables x 4 seats, half on
telnet, half on the page's WebSocket, all from 127.0.0.1, thinking 0.5 to 2 s: ``server_load.py``'s
bots), and measures each move as ``server_load.py`` does (the move line sent until every seat of the
table heard it): first a baseline window without a flood, then a flood window while attacker
processes (``nice -n 19``, beside the server on this machine) flood it from 20 source addresses,
127.0.0.2 to 127.0.0.21 (Linux's loopback takes any 127/8 source address). Kinds of flood:

- ``telnet``: each address holds up to 50 connections (the server's per-address limit), each writing a
  mix of lines (``who``, ``help``, ``tables``, garbage words, over-long lines, bad UTF-8) as fast as
  the socket takes them, and connecting again at once whenever it is closed;
- ``websocket``: the same over the page's socket (``/ws``, ``{"line": ...}`` frames, the page's own
  ``Origin``), a line with a lone surrogate standing for bad UTF-8;
- ``slow``: connections (telnet and WebSocket, half the addresses each) that ask for output (``help``,
  ``who``, just under the line rate limit) and never read a byte of it (a small receive buffer);
- ``all``: each of the three in turn, a fresh server for each.

Reported per window: the bystanders' median and p99 (and how many moves, errors, moves unheard), the
server's CPU (share of one core, from ``/proc/PID/stat``), the load average at the window's start and
end, how late this process's event loop ran; and what the attackers did: lines and bytes they got out,
lines and bytes they heard back, connections opened, refused (told "too many", a 403), failed to
open, closed by the server, and their own CPU. A move sent in the flood window that is heard after it
still counts (the run waits a little for it); one never heard is counted as unheard.

    python bench/flood.py [--kind telnet|websocket|slow|all] [--baseline 30] [--seconds 60]
                          [--tables 4] [--addresses 20] [--per-address 50] [--attackers 20]
                          [--tree DIR --tree DIR [--repeat N]] [--profile DIR] [--seed 1]

``--tree DIR`` given twice (``--tree /tmp/flood-before --tree .``) runs each tree in turn for every
kind (before, after, before, after with ``--repeat 2``), the same seed and lengths. A full before /
after of the three kinds with the defaults takes about 12 minutes. The attackers are this same file:
``python bench/flood.py --attacker KIND --port P --web-port W --from 127.0.0.2,... --for S``, which
prints its counts as one JSON line when its time is up.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import math
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))

import server_load
from server_load import ROOT, LoopLag, Meter, ServerProcess, TableRun, percentile, raise_open_files

HOST = "127.0.0.1"
KINDS = ("telnet", "websocket", "slow")
LIMIT_MEDIAN_MS = 100.0  # what the issue asks of a bystander table under a flood
LIMIT_P99_MS = 500.0
SEATING_AT_ONCE = 4
READY_WAIT = 60.0  # seconds the attackers may take to start (20 niced processes on a busy machine)
GRACE = 20.0  # seconds the run waits after the flood for moves sent in it to be heard
CONNECT_TIMEOUT = 10.0
#: lines a second of a slow reader: under the server's 10 a second, so it is not cut for flooding
SLOW_RATE = 8.0
SLOW_BUFFER = 4096  # bytes of a slow reader's receive buffer
SEND_BUFFER = 16384  # bytes a flooder's socket holds unsent (the kernel's buffer, and asyncio's)

# -------------------------------------------------------------------- what the attackers send

#: one round of a flooder's lines: commands that answer at length, garbage, over-long, bad UTF-8
FLOOD_LINES: list[bytes] = [
    b"who",
    b"help",
    b"tables",
    b"xyzzy plugh frobnicate",
    b"join 999",
    b"A" * 3000,  # over the line limit (1200 bytes)
    b"\xff\xfe bad \xc3\x28 utf-8 \xed\xa0\x80",
    b"say " + b"spam " * 40,
    b"who",
    b"help tables",
    b"\x1b[2J\x1b]0;title\x07",
    b"tables",
]
TELNET_BLOB = b"".join(line + b"\r\n" for line in FLOOD_LINES) * 4
TELNET_BLOB_LINES = len(FLOOD_LINES) * 4
#: the same lines as the page's frames (bad UTF-8 cannot be in a text frame: a lone surrogate instead)
WEB_FRAMES: list[str] = [
    json.dumps({"line": line.decode("utf-8", "replace")}) for line in FLOOD_LINES if b"\xff" not in line
] + ['{"line": "bad \\udcff surrogate"}']
SLOW_LINES = (b"help", b"who")
REFUSED = b"as many as one address may"  # the server's words when an address has too many connections
FLOODING = b"Too many lines too fast"  # its words as the rate limit closes a connection


@dataclass
class Counts:
    """What one attacker process did."""

    lines_sent: int = 0
    bytes_sent: int = 0
    lines_heard: int = 0
    bytes_heard: int = 0
    opened: int = 0
    refused: int = 0  # told "as many as one address may" (or a handshake refused)
    flooding: int = 0  # told "Too many lines too fast" (the rate limit's close)
    failed: int = 0
    closed: int = 0
    cpu_seconds: float = 0.0
    errors: Counter[str] = field(default_factory=Counter)

    def add(self, other: dict[str, Any]) -> None:
        for name in COUNTED:
            setattr(self, name, getattr(self, name) + int(other.get(name, 0)))
        self.cpu_seconds += float(other.get("cpu_seconds", 0.0))
        self.errors.update(other.get("errors", {}))

    def as_dict(self) -> dict[str, Any]:
        told = {name: getattr(self, name) for name in COUNTED}
        return {**told, "cpu_seconds": self.cpu_seconds, "errors": dict(self.errors.most_common(8))}


COUNTED = (
    "lines_sent",
    "bytes_sent",
    "lines_heard",
    "bytes_heard",
    "opened",
    "refused",
    "flooding",
    "failed",
    "closed",
)


class Attacker:
    """One attacker process: its slots (a connection each, opened again whenever it ends), until ``stop``."""

    def __init__(self, port: int, web_port: int, stop: asyncio.Event) -> None:
        self.port = port
        self.web_port = web_port
        self.origin = f"http://{HOST}:{web_port}"
        self.stop = stop
        self.counts = Counts()

    async def slot(self, connect_once: Callable[[str], Awaitable[None]], address: str) -> None:
        """A connection from ``address``, again and again: at once after a close, a moment after a failure."""
        while not self.stop.is_set():
            try:
                await connect_once(address)
            except asyncio.CancelledError:
                raise
            except (OSError, TimeoutError, aiohttp.ClientError) as error:
                self.counts.failed += 1
                self.counts.errors[type(error).__name__] += 1
                await asyncio.sleep(0.05)

    # ---- telnet: lines as fast as the socket takes them

    async def telnet(self, address: str) -> None:
        raw = await self.raw_socket(address, self.port, SEND_BUFFER)
        reader, writer = await asyncio.open_connection(sock=raw)
        writer.transport.set_write_buffer_limits(high=SEND_BUFFER)  # drain waits once that much is queued
        self.counts.opened += 1
        first = True

        async def read() -> None:
            nonlocal first
            while True:
                data = await reader.read(65536)
                if not data:
                    return
                if first and REFUSED in data:
                    self.counts.refused += 1
                first = False
                self.counts.flooding += data.count(FLOODING)
                self.counts.bytes_heard += len(data)
                self.counts.lines_heard += data.count(b"\n")

        hearing = asyncio.ensure_future(read())
        try:
            while not hearing.done() and not self.stop.is_set():
                writer.write(TELNET_BLOB)
                await writer.drain()
                self.counts.lines_sent += TELNET_BLOB_LINES
                self.counts.bytes_sent += len(TELNET_BLOB)
        except (OSError, ConnectionError):
            pass
        finally:
            self.counts.closed += 0 if self.stop.is_set() else 1
            hearing.cancel()
            with contextlib.suppress(BaseException):
                await hearing
            writer.transport.abort()

    # ---- the page's WebSocket: the same, as frames

    async def websocket(self, session: aiohttp.ClientSession) -> None:
        try:
            socket_ = await asyncio.wait_for(
                session.ws_connect(self.origin + "/ws", origin=self.origin, max_msg_size=0), CONNECT_TIMEOUT
            )
        except aiohttp.WSServerHandshakeError as error:
            self.counts.refused += 1
            self.counts.errors[f"handshake {error.status}"] += 1
            return
        self.counts.opened += 1
        raw = socket_.get_extra_info("socket")
        if raw is not None:  # a small send buffer, as a telnet flooder's
            with contextlib.suppress(OSError):
                raw.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        first = True

        async def read() -> None:
            nonlocal first
            async for message in socket_:
                if message.type is not aiohttp.WSMsgType.TEXT:
                    return
                if first and REFUSED.decode() in message.data:
                    self.counts.refused += 1
                first = False
                self.counts.flooding += message.data.count(FLOODING.decode())
                self.counts.lines_heard += 1
                self.counts.bytes_heard += len(message.data)

        hearing = asyncio.ensure_future(read())
        try:
            number = 0
            while not hearing.done() and not self.stop.is_set() and not socket_.closed:
                frame = WEB_FRAMES[number % len(WEB_FRAMES)]
                number += 1
                await socket_.send_str(frame)
                self.counts.lines_sent += 1
                self.counts.bytes_sent += len(frame)
                if number % 8 == 0:  # send_str waits only when the socket's buffer is full: let it read too
                    await asyncio.sleep(0)
        except (OSError, ConnectionError, RuntimeError, aiohttp.ClientError):
            pass
        finally:
            self.counts.closed += 0 if self.stop.is_set() else 1
            hearing.cancel()
            with contextlib.suppress(BaseException):
                await hearing
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(socket_.close(), 1.0)

    async def websocket_address(self, address: str, count: int) -> None:
        """``count`` sockets from ``address``, one client session for them (its source address)."""
        connector = aiohttp.TCPConnector(local_addr=(address, 0), limit=0, force_close=True)
        async with aiohttp.ClientSession(connector=connector) as session:

            async def once(_address: str) -> None:
                await self.websocket(session)

            await asyncio.gather(*(self.slot(once, address) for _ in range(count)))

    # ---- slow readers: ask for output, never read it

    async def raw_socket(self, address: str, port: int, send_buffer: int = 0) -> socket.socket:
        """A connection from ``address``: a slow reader's with a small receive buffer (set before
        connecting: it is the window), a flooder's with a small send buffer (``send_buffer``), so that
        what it counts as sent is what the server's side has taken, give or take a few kilobytes."""
        raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        raw.setblocking(False)
        if send_buffer:
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
        else:
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SLOW_BUFFER)
        raw.bind((address, 0))
        try:
            await asyncio.wait_for(
                asyncio.get_running_loop().sock_connect(raw, (HOST, port)), CONNECT_TIMEOUT
            )
        except BaseException:
            raw.close()
            raise
        return raw

    async def slow_telnet(self, address: str) -> None:
        await self._slow(await self.raw_socket(address, self.port), [line + b"\r\n" for line in SLOW_LINES])

    async def slow_websocket(self, address: str) -> None:
        raw = await self.raw_socket(address, self.web_port)
        key = base64.b64encode(os.urandom(16)).decode()
        hello = (
            f"GET /ws HTTP/1.1\r\nHost: {HOST}:{self.web_port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: {self.origin}\r\n\r\n"
        ).encode()
        await asyncio.get_running_loop().sock_sendall(raw, hello)  # the answer is never read either
        frames = [masked_frame(json.dumps({"line": line.decode()}).encode()) for line in SLOW_LINES]
        await self._slow(raw, frames, extra=len(hello))

    async def _slow(self, raw: socket.socket, messages: list[bytes], extra: int = 0) -> None:
        """Lines at ``SLOW_RATE`` a second on a socket never read from, until sending fails."""
        loop = asyncio.get_running_loop()
        self.counts.opened += 1
        self.counts.bytes_sent += extra
        number = 0
        try:
            while not self.stop.is_set():
                data = messages[number % len(messages)]
                number += 1
                await asyncio.wait_for(loop.sock_sendall(raw, data), 30.0)
                self.counts.lines_sent += 1
                self.counts.bytes_sent += len(data)
                await asyncio.sleep(1.0 / SLOW_RATE)
            return
        except (OSError, TimeoutError) as error:
            self.counts.closed += 1
            self.counts.errors[f"slow {type(error).__name__}"] += 1
        finally:
            raw.close()


def masked_frame(payload: bytes) -> bytes:
    """One WebSocket text frame as a client must send it (masked)."""
    mask = os.urandom(4)
    size = len(payload)
    head = bytes([0x81, 0x80 | size]) if size < 126 else bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    return head + mask + bytes(byte ^ mask[n % 4] for n, byte in enumerate(payload))


async def attack(
    kind: str, port: int, web_port: int, *, addresses: list[str], per_address: int, seconds: float
) -> Counts:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    attacker = Attacker(port, web_port, stop)
    slots: list[asyncio.Task[None]] = []
    for index, address in enumerate(addresses):
        if kind == "websocket":
            slots.append(asyncio.ensure_future(attacker.websocket_address(address, per_address)))
            continue
        if kind == "telnet":
            work = attacker.telnet
        else:  # slow: the addresses take turns, telnet and the page's socket
            work = attacker.slow_telnet if index % 2 == 0 else attacker.slow_websocket
        slots += [asyncio.ensure_future(attacker.slot(work, address)) for _ in range(per_address)]
    print("flooding", flush=True)  # the run's window starts once every attacker has said so
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)
    stop.set()
    for task in slots:
        task.cancel()
    await asyncio.wait(slots, timeout=5.0)
    attacker.counts.cpu_seconds = sum(os.times()[:2])
    return attacker.counts


def attacker_main(args: argparse.Namespace) -> int:
    raise_open_files()
    addresses = [a for a in args.addresses_from.split(",") if a]
    counts = asyncio.run(
        attack(
            args.attacker,
            args.port,
            args.web_port,
            addresses=addresses,
            per_address=args.per_address,
            seconds=args.run_for,
        )
    )
    print(json.dumps(counts.as_dict()), flush=True)
    return 0


# ------------------------------------------------------------------------- the bystanders' run


@dataclass
class Window:
    """One measured window of a run."""

    name: str
    start: float = 0.0
    end: float = 0.0
    cpu_seconds: float = float("nan")
    load_start: tuple[float, float, float] = (0.0, 0.0, 0.0)
    load_end: tuple[float, float, float] = (0.0, 0.0, 0.0)
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    unheard: int = 0
    lags: list[float] = field(default_factory=list)

    @property
    def seconds(self) -> float:
        return self.end - self.start

    @property
    def median_ms(self) -> float:
        return statistics.median(self.latencies) * 1000 if self.latencies else float("nan")

    @property
    def p99_ms(self) -> float:
        return percentile(self.latencies, 0.99) * 1000

    @property
    def cpu_percent(self) -> float:
        return self.cpu_seconds / self.seconds * 100 if self.seconds else float("nan")

    def summary(self) -> str:
        lag = percentile(self.lags, 0.99) * 1000 if self.lags else float("nan")
        errors = ", ".join(f"{kind} x{n}" for kind, n in self.errors.most_common(4)) or "none"
        return (
            f"{self.name:8} {self.seconds:4.0f} s: moves {len(self.latencies)}, "
            f"median {self.median_ms:.1f} ms, "
            f"p99 {self.p99_ms:.1f} ms, max {max(self.latencies, default=float('nan')) * 1000:.0f} ms, "
            f"unheard {self.unheard} | server CPU {self.cpu_percent:.0f}% of a core | "
            f"load {load_text(self.load_start)} -> {load_text(self.load_end)} | "
            f"bench loop lag p99 {lag:.0f} ms | errors: {errors}"
        )


@dataclass
class FloodRun:
    kind: str
    tree: int
    baseline: Window
    flood: Window
    attackers: Counts
    attacker_seconds: float
    server_note: str = ""


def load_text(load: tuple[float, float, float]) -> str:
    return "/".join(f"{value:.2f}" for value in load)


def addresses(count: int) -> list[str]:
    """127.0.0.2, 127.0.0.3, ...: ``count`` loopback source addresses, none the bystanders' own."""
    return [f"127.0.{(n + 2) // 256}.{(n + 2) % 256}" for n in range(count)]


def start_attackers(
    kind: str, port: int, web_port: int, args: argparse.Namespace, seconds: float
) -> list[subprocess.Popen[bytes]]:
    """The attacker processes, niced, each with its share of the source addresses."""
    sources = addresses(args.addresses)
    processes = []
    count = max(1, min(args.attackers, len(sources)))
    for number in range(count):
        share = sources[number::count]
        command = [
            "nice",
            "-n",
            str(args.nice),
            sys.executable,
            str(Path(__file__).resolve()),
            "--attacker",
            kind,
        ]
        command += ["--port", str(port), "--web-port", str(web_port), "--from", ",".join(share)]
        command += ["--per-address", str(args.per_address), "--for", f"{seconds:.1f}"]
        processes.append(
            subprocess.Popen(
                command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL
            )
        )
    return processes


def collect(processes: list[subprocess.Popen[bytes]], timeout: float) -> tuple[Counts, str]:
    """Each attacker's counts, once its time is up (it is ended if it lingers)."""
    counts = Counts()
    notes = []
    for process in processes:
        try:
            out, err = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGTERM)
            try:
                out, err = process.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                out, err = process.communicate()
        lines = out.decode(errors="replace").strip().splitlines()
        try:
            counts.add(json.loads(lines[-1]))
        except (IndexError, ValueError):
            said = err.decode(errors="replace")[-400:]
            notes.append(f"an attacker said nothing (exit {process.returncode}): {said}")
    return counts, "\n".join(notes)


async def ready(
    processes: list[subprocess.Popen[bytes]], bystanders: Bystanders, server: ServerProcess
) -> str:
    """Until every attacker floods (each says so once its connections are under way); the bystanders
    play meanwhile. What went wrong, if anything."""

    def first_line(process: subprocess.Popen[bytes]) -> bytes:
        assert process.stdout is not None
        return process.stdout.readline()

    waiting = [asyncio.ensure_future(asyncio.to_thread(first_line, process)) for process in processes]
    start = time.monotonic()
    play = asyncio.ensure_future(bystanders.keep_playing(READY_WAIT, server))
    done, pending = await asyncio.wait(waiting, timeout=READY_WAIT)
    play.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await play
    said = [task.result() for task in done]
    unready = len(pending) + sum(1 for line in said if not line.startswith(b"flooding"))
    late = f"attackers all flooding {time.monotonic() - start:.1f} s after they were started"
    return late + (f"; {unready} of {len(processes)} never said so" if unready else "")


class Bystanders:
    """The tables of other people: kept playing (a table whose match ended is replaced)."""

    def __init__(self, port: int, web_port: int, tables: int, seed: int, think: tuple[float, float]) -> None:
        self.port = port
        self.web_port = web_port
        self.count = tables
        self.meter = Meter()
        self.rng = random.Random(seed)
        self.think = think
        self.stop = asyncio.Event()
        self.running: set[asyncio.Task[None]] = set()
        self.tables: list[TableRun] = []
        self.seating = asyncio.Semaphore(SEATING_AT_ONCE)

    def open_table(self, paced: bool = False) -> TableRun:
        serial = len(self.tables) + 1
        table = TableRun(serial, self.port, self.meter, self.rng, self.think, web=(self.web_port, 0.5))
        self.tables.append(table)
        task = asyncio.ensure_future(table.play(self.stop, None if paced else self.seating))
        self.running.add(task)
        task.add_done_callback(self.running.discard)
        return table

    async def seat(self) -> None:
        first = [self.open_table() for _ in range(self.count)]
        deadline = time.monotonic() + server_load.SETUP_TIMEOUT + 2 * self.count
        while not all(t.started or t.stopping for t in first) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        if not all(t.started for t in first):
            raise RuntimeError(f"{sum(not t.started for t in first)} bystander tables not seated")

    async def keep_playing(self, seconds: float, server: ServerProcess) -> None:
        until = time.monotonic() + seconds
        while time.monotonic() < until and server.alive:
            await asyncio.sleep(0.25)
            while len(self.running) < self.count and not self.stop.is_set():
                self.open_table(paced=True)

    def pending(self, start: float, end: float) -> int:
        return sum(1 for t in self.tables for m in t.pending if m.sent and start <= m.sent < end)

    async def close(self) -> None:
        self.stop.set()
        if self.running:
            await asyncio.wait(list(self.running), timeout=15)
        for task in list(self.running):
            task.cancel()


async def measure(
    window: Window, seconds: float, bystanders: Bystanders, server: ServerProcess, lag: LoopLag
) -> None:
    errors = Counter(bystanders.meter.errors)
    lags = len(lag.lags)
    window.load_start = os.getloadavg()
    cpu = server.cpu_seconds()
    window.start = time.monotonic()
    await bystanders.keep_playing(seconds, server)
    window.end = time.monotonic()
    if server.alive:
        window.cpu_seconds = server.cpu_seconds() - cpu
    window.load_end = os.getloadavg()
    window.errors = bystanders.meter.errors - errors
    window.lags = lag.lags[lags:]


def window_latencies(window: Window, meter: Meter) -> None:
    window.latencies = [seconds for sent, seconds, _ in meter.samples if window.start <= sent < window.end]


async def run_flood(
    kind: str, tree_number: int, tree: Path, args: argparse.Namespace, folder: Path
) -> FloodRun:
    """One run: a fresh server from ``tree``, its bystanders, a baseline window, then the flood window."""
    profile = args.profile / f"server-{kind}-{tree_number}.prof" if args.profile else None
    server = ServerProcess(folder, profile, web=True, tree=tree, per_address=None)  # the server's own limits
    lag = LoopLag()
    lag_task = asyncio.ensure_future(lag.run())
    bystanders: Bystanders | None = None
    attackers: list[subprocess.Popen[bytes]] = []
    try:
        port = await asyncio.to_thread(server.start)
        bystanders = Bystanders(port, server.web_port, args.tables, args.seed, args.think_range)
        await bystanders.seat()
        await asyncio.sleep(2.0)
        bystanders.meter.measuring = lag.measuring = True
        baseline = Window("baseline")
        await measure(baseline, args.baseline, bystanders, server, lag)
        started = time.monotonic()
        attackers = start_attackers(kind, port, server.web_port, args, args.ramp + args.seconds + READY_WAIT)
        late = await ready(attackers, bystanders, server)
        await bystanders.keep_playing(args.ramp, server)
        flood = Window("flood")
        await measure(flood, args.seconds, bystanders, server, lag)
        for process in attackers:  # each stops, and tells its counts
            with contextlib.suppress(OSError):
                process.send_signal(signal.SIGTERM)
        counts, note = await asyncio.to_thread(collect, attackers, 30.0)
        attackers = []
        attacker_seconds = time.monotonic() - started
        note = (f"{late}\n" if late else "") + note
        grace_until = time.monotonic() + GRACE  # moves sent in the flood, heard after it, still count
        while bystanders.pending(flood.start, flood.end) and time.monotonic() < grace_until:
            await asyncio.sleep(0.25)
        flood.unheard = bystanders.pending(flood.start, flood.end)
        flood.unheard += flood.errors.get("announcement-missing", 0)
        baseline.unheard = baseline.errors.get("announcement-missing", 0)
        for window in (baseline, flood):
            window_latencies(window, bystanders.meter)
        if not server.alive:
            note += f"\nthe server died: {server.stderr_tail()}"
        return FloodRun(kind, tree_number, baseline, flood, counts, attacker_seconds, note.strip())
    finally:
        for process in attackers:
            with contextlib.suppress(OSError):
                process.kill()
                process.wait(timeout=5)
        if bystanders is not None:
            await bystanders.close()
        lag_task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await lag_task
        server.stop()


# --------------------------------------------------------------------------------- reporting


def short(value: float) -> str:
    if math.isnan(value):
        return "-"
    return (
        f"{value / 1e6:.2f}M" if value >= 1e6 else f"{value / 1e3:.0f}k" if value >= 1e4 else f"{value:.0f}"
    )


def run_line(run: FloodRun, trees: list[Path]) -> str:
    a = run.attackers
    return (
        f"[{run.tree}] {run.kind} attackers over {run.attacker_seconds:.0f} s: lines out {a.lines_sent} "
        f"({a.bytes_sent / 1e6:.1f} MB), heard {a.lines_heard} ({a.bytes_heard / 1e6:.1f} MB); "
        f"connections opened {a.opened}, refused {a.refused}, failed {a.failed}, closed {a.closed} "
        f"({a.flooding} told too fast); "
        f"attacker CPU {a.cpu_seconds:.0f} s" + (f"; errors {dict(a.errors)}" if a.errors else "")
    )


def table(runs: list[FloodRun], trees: list[Path]) -> str:
    """The results as a markdown table, one row per run."""
    rows = [
        "| kind | tree | baseline median / p99 ms | flood median / p99 ms | moves (flood) | unheard | "
        "server CPU base / flood | load avg (flood end) | attacker lines out / heard | "
        "conns opened / refused / closed |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for run in runs:
        b, f, a = run.baseline, run.flood, run.attackers
        ok = f.median_ms < LIMIT_MEDIAN_MS and f.p99_ms < LIMIT_P99_MS and not f.unheard
        rows.append(
            f"| {run.kind} | [{run.tree}] {trees[run.tree].name} | {b.median_ms:.0f} / {b.p99_ms:.0f} | "
            f"**{f.median_ms:.0f} / {f.p99_ms:.0f}** {'ok' if ok else 'over'} | "
            f"{len(f.latencies)} | {f.unheard} | "
            f"{b.cpu_percent:.0f}% / {f.cpu_percent:.0f}% | {f.load_end[0]:.1f} | "
            f"{short(a.lines_sent)} / {short(a.lines_heard)} | "
            f"{short(a.opened)} / {short(a.refused)} / {short(a.closed)} |"
        )
    return "\n".join(rows)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--kind", choices=(*KINDS, "all"), default="all", help="the flood (default all: each in turn)"
    )
    parser.add_argument(
        "--baseline", type=float, default=30.0, help="seconds measured before the flood (default 30)"
    )
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="seconds measured during the flood (default 60)"
    )
    parser.add_argument(
        "--ramp", type=float, default=5.0, help="seconds of flood before its window (default 5)"
    )
    parser.add_argument("--tables", type=int, default=4, help="bystander tables of 4 seats (default 4)")
    parser.add_argument(
        "--think", default="0.5,2.0", help="bystanders' think range in seconds (default 0.5,2.0)"
    )
    parser.add_argument(
        "--addresses", type=int, default=20, help="attacking addresses from 127.0.0.2 (default 20)"
    )
    parser.add_argument(
        "--per-address", type=int, default=50, help="connections each attacking address keeps (default 50)"
    )
    parser.add_argument(
        "--attackers", type=int, default=20, help="attacker processes, niced (default 20: one per address)"
    )
    parser.add_argument("--nice", type=int, default=19, help="the attackers' niceness (default 19)")
    parser.add_argument(
        "--tree",
        type=Path,
        action="append",
        default=None,
        metavar="DIR",
        help="run the server from this source tree; twice: before and after, alternating",
    )
    parser.add_argument("--repeat", type=int, default=1, help="runs of each tree per kind (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--profile",
        type=Path,
        default=None,
        metavar="DIR",
        help="run each server under cProfile, writing DIR/server-KIND-TREE.prof (slows it down)",
    )
    parser.add_argument("--data-dir", type=Path, default=None, help="where the temporary data folders go")
    # the attacker processes this file starts
    parser.add_argument("--attacker", choices=KINDS, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--web-port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--from", dest="addresses_from", default="", help=argparse.SUPPRESS)
    parser.add_argument("--for", dest="run_for", type=float, default=60.0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    low, _, high = args.think.partition(",")
    args.think_range = (float(low), float(high or low))
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.attacker:
        return attacker_main(args)
    raise_open_files()
    # under a flood a move may take seconds: it is measured, not counted as lost, up to a minute
    server_load.ANNOUNCE_TIMEOUT = 60.0
    server_load.SETUP_TIMEOUT = 60.0
    server_load.STALL = 30.0
    trees = [path.resolve() for path in (args.tree or [ROOT])]
    kinds = list(KINDS) if args.kind == "all" else [args.kind]
    print(
        f"flood: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}, load {load_text(os.getloadavg())}; "
        f"{args.tables} bystander tables x 4 seats (half telnet, half WebSocket) from {HOST}, "
        f"think {args.think_range[0]}-{args.think_range[1]} s; {args.addresses} attacking addresses x "
        f"{args.per_address} connections in {args.attackers} processes at nice {args.nice}; "
        f"baseline {args.baseline:.0f} s, "
        f"flood {args.seconds:.0f} s after {args.ramp:.0f} s; kinds {kinds}; trees "
        + ", ".join(f"[{n}] {tree}" for n, tree in enumerate(trees)),
        flush=True,
    )
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    runs: list[FloodRun] = []
    for kind in kinds:
        for _ in range(args.repeat):
            for number, tree in enumerate(trees):
                with tempfile.TemporaryDirectory(prefix="bergen-flood-", dir=args.data_dir) as folder:
                    run = asyncio.run(run_flood(kind, number, tree, args, Path(folder)))
                runs.append(run)
                print(f"[{number}] {kind}", flush=True)
                print(f"    {run.baseline.summary()}", flush=True)
                print(f"    {run.flood.summary()}", flush=True)
                print(f"    {run_line(run, trees)}", flush=True)
                if run.server_note:
                    print(f"    {run.server_note}", flush=True)
    print()
    print(table(runs, trees))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
