"""Load of the table server: many simulated people playing over real sockets.

Starts the real server (``python -m bergen_access serve``) as a subprocess, a
fresh data folder for each run, then in this one asyncio process T tables of
four seats, each seat a small text bot that plays legal moves from what it
hears (the first playable tile, ``left`` when asked which end, ``draw``,
``pass``, Enter after a drawn tile that fits and between hands: seat 1 last, after thinking),
thinking a random 0.5 to 2 seconds before each move. A table whose match ends
is replaced by a new one, so the load holds for the whole run.

Measured for every move line a seat sends: the time until every seat at that
table has heard the move's announcement ("You play 3-5 on the left." for the
mover, "B4s2 plays 3-5 on the left." for the others; draws, passes and deals
likewise), median and 99th percentile; the server's CPU time (from
``/proc/PID/stat``) and resident memory (``/proc/PID/status``) per table; and
how late this process's own event loop runs (its lateness is part of every
latency measured). The runs step through table counts and stop at the first
whose p99 is 100 ms or more or that saw errors; the largest count under the
limit is the machine's capacity. The first tables of a run sit down as fast
as the server lets them, before the measured window; tables that replace
finished ones come at people's pace, and their lobby lines are part of the load.

    python bench/server_load.py [--tables 50] [--seconds 60] [--steps 10,25,50,100,200]
                                [--step-seconds 40] [--think 0.5,2.0] [--data-dir DIR]
                                [--seed 1] [--profile DIR] [--web-share 0.5]
                                [--tree DIR --tree DIR [--repeat N]]

``--tree DIR`` (given twice: ``--tree . --tree /tmp/ref-SHA --repeat 2``) runs the server from
each source tree in turn at every step, alternating, with the same seed and length: a change
against its reference on the same (shared) machine, the load average printed before each run.

``--web-share 0.5`` seats half the bots on the web page's WebSocket (``bergen serve --web``, aiohttp's
client, the page's JSON: ``{"line": ...}`` out, each line's text in), the others on telnet lines, at
the same tables; a move is timed until every seat of either kind has heard it.

A default run takes about six minutes. ``--data-dir /dev/shm`` keeps the
server's saves (one fsync per move, in the server's writer thread) off the disk, to see what
they cost.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent

LIMIT_MS = 100.0  # the p99 a load must stay under
SETUP_TIMEOUT = 20.0  # seconds for a connection, a name, a seat
ANNOUNCE_TIMEOUT = 10.0  # a move not heard by every seat within this is an error
STALL = 12.0  # seconds of silence at a seat in a running match before it asks "turn"
SEATING_AT_ONCE = 8  # tables connecting and sitting down at the same time
SEATING_BUDGET = 1.0  # seconds allowed per table to seat the first ones, beyond SETUP_TIMEOUT
SETTLE = 5.0  # seconds between the last first table seated and the measured window (the lobby's backlog)
LINE_LIMIT = 64 * 1024

TILE = re.compile(r"\b(\d{1,2}-\d{1,2})\b")
PLAYABLE = re.compile(r"Playable: (.*?)\.(?: |$)")
DRAWN_FITS = re.compile(r"(\d{1,2}-\d{1,2}) fits")
SEATED = re.compile(r"^You sit at table (\d+), seat (\d+)\.")
HAND_OVER = re.compile(r"^Hand (\d+) over\.")
#: replies that mean a bot's line was refused or the server failed (none should ever come)
REFUSED = re.compile(
    r"^(I did not understand|Something went wrong|Too many lines|Not your turn|You do not hold|"
    r"A tile fits, so you must|You cannot pass|The hand is still being played|Wrong password)"
    r"|^\S+ does not fit|was not used"
)


# ------------------------------------------------------------------ the server


class ServerProcess:
    """``bergen serve`` in a subprocess with a data folder of its own; its CPU and memory from /proc."""

    def __init__(
        self,
        data_dir: Path,
        profile: Path | None = None,
        web: bool = False,
        tree: Path = ROOT,
        per_address: int | None = 1_000_000,
    ) -> None:
        self.data_dir = data_dir
        self.tree = tree  # whose code the server runs (``--tree``: another commit's worktree)
        self.profile = profile
        self.web = web
        #: connections one address may hold (every simulated person here connects from 127.0.0.1);
        #: None: the server's own limit
        self.per_address = per_address
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.web_port = 0
        self.stderr_path = data_dir / "server-stderr.txt"

    def start(self) -> int:
        folder = str(self.data_dir)
        env = dict(os.environ, XDG_DATA_HOME=folder, XDG_CONFIG_HOME=folder, HOME=folder)
        # the data and settings folders named outright: a BERGEN_DATA_DIR of the caller's is never used
        env["BERGEN_DATA_DIR"] = str(self.data_dir / "data")
        env["BERGEN_CONFIG_DIR"] = str(self.data_dir / "config")
        env["PYTHONPATH"] = str(self.tree) + os.pathsep + env.get("PYTHONPATH", "")
        command = [sys.executable, "-m", "bergen_access", "serve", "--host", "127.0.0.1", "--port", "0"]
        if self.per_address is not None:
            command += ["--per-address", str(self.per_address)]
        if self.profile is not None:  # cProfile writes the file when the server ends on SIGTERM
            command[1:1] = ["-m", "cProfile", "-o", str(self.profile)]
        command += ["--hold", "60"]
        if self.web:
            command += ["--web", "--web-port", "0"]
        with self.stderr_path.open("wb") as stderr:
            self.process = subprocess.Popen(
                command,
                cwd=self.tree,
                env=env,
                stdout=subprocess.PIPE,
                stderr=stderr,
                stdin=subprocess.DEVNULL,
            )
        self.port = self._read_port()
        return self.port

    def _read_port(self) -> int:
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        os.set_blocking(stdout.fileno(), False)
        deadline = time.monotonic() + SETUP_TIMEOUT
        seen = b""
        while time.monotonic() < deadline:
            chunk = stdout.read()
            if chunk:
                seen += chunk
                found = re.search(rb"listening on [^\s:]+:(\d+)", seen)
                page = re.search(rb"web page at http://[^\s:]+:(\d+)/", seen)
                if found and (page or not self.web):
                    self.web_port = int(page.group(1)) if page else 0
                    self._keep_reading(seen)
                    return int(found.group(1))
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"the server did not start: {seen!r} {self.stderr_tail()}")

    def _keep_reading(self, seen: bytes) -> None:
        """What the server tells its host from now on goes to a file: a pipe nobody read would fill
        and stop the server at its next line (a flood's notices, say)."""
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        os.set_blocking(stdout.fileno(), True)
        path = self.data_dir / "server-stdout.txt"
        path.write_bytes(seen)

        def copy() -> None:
            with contextlib.suppress(OSError, ValueError), path.open("ab") as file:
                for chunk in iter(lambda: stdout.read1(4096), b""):
                    file.write(chunk)
                    file.flush()

        threading.Thread(target=copy, name="server-stdout", daemon=True).start()

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def cpu_seconds(self) -> float:
        """User plus system CPU time of the server process so far (fields 14 and 15 of /proc/PID/stat)."""
        assert self.process is not None
        text = Path(f"/proc/{self.process.pid}/stat").read_text()
        fields = text[text.rindex(")") + 2 :].split()  # the name may hold spaces; fields after it
        ticks = int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")

    def memory_mb(self) -> tuple[float, float]:
        """Resident memory now and at its peak (VmRSS, VmHWM), in MB."""
        assert self.process is not None
        values = {}
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) / 1024
        return values.get("VmRSS", 0.0), values.get("VmHWM", 0.0)

    def threads(self) -> int:
        assert self.process is not None
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("Threads:"):
                return int(line.split()[1])
        return 0

    def stderr_tail(self, lines: int = 15) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.stderr_path.read_text(errors="replace").splitlines()[-lines:])
        return ""

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it lingers; always leaves no process behind."""
        process = self.process
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


# ------------------------------------------------------------- measurements


@dataclass
class Meter:
    """What one run saw: move latencies by kind, errors with examples, nudges, finished matches."""

    measuring: bool = False
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    stalls: int = 0
    matches_done: int = 0
    tables_opened: int = 0
    lines_received: int = 0
    #: (when sent, latency, kind) of every measured move, and when tables were seated or left
    samples: list[tuple[float, float, str]] = field(default_factory=list)
    lobby: list[tuple[float, str]] = field(default_factory=list)

    def latency(self, kind: str, sent: float, seconds: float) -> None:
        if self.measuring:
            self.latencies.setdefault(kind, []).append(seconds)
            self.samples.append((sent, seconds, kind))

    def slowest(self, count: int, near: float = 1.0) -> list[str]:
        """The slowest moves, each with the lobby work (tables seated, matches left) just before it."""
        lines = []
        for sent, seconds, kind in sorted(self.samples, key=lambda s: -s[1])[:count]:
            before = Counter(what for when, what in self.lobby if sent - near <= when <= sent + seconds)
            around = ", ".join(f"{n} {what}" for what, n in sorted(before.items())) or "no lobby work"
            lines.append(f"{kind} {seconds * 1000:.0f} ms ({around} within {near:.0f} s before)")
        return lines

    def error(self, kind: str, example: str = "") -> None:
        self.errors[kind] += 1
        self.examples.setdefault(kind, example[:200])

    def all_latencies(self) -> list[float]:
        return [value for values in self.latencies.values() for value in values]


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``; NaN when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[rank]


class LoopLag:
    """How late this process's event loop wakes up: its delay adds to every latency measured here."""

    def __init__(self, period: float = 0.02) -> None:
        self.period = period
        self.lags: list[float] = []
        self.measuring = False

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(self.period)
            if self.measuring:
                self.lags.append(max(0.0, loop.time() - start - self.period))


# ------------------------------------------------------------------ a table


@dataclass
class Move:
    """A move line sent at ``sent``: each seat's announcement test, and when each seat heard it."""

    kind: str
    sent: float
    tests: list[Callable[[str], bool]]
    heard: list[float | None]
    mover: int = 0

    def done(self) -> bool:
        return all(when is not None for when in self.heard)


class TableRun:
    """Four bots at one table: seat 1 creates it, the others join; moves are matched to announcements."""

    def __init__(
        self,
        serial: int,
        port: int,
        meter: Meter,
        rng: random.Random,
        think: tuple[float, float],
        *,
        web: tuple[int, float] = (0, 0.0),
    ) -> None:
        self.serial = serial
        self.port = port
        self.web_port, share = web
        self.meter = meter
        self.rng = rng
        self.think = think
        self.names = [f"B{serial}s{seat + 1}" for seat in range(4)]
        on_web = round(4 * share)  # seats 2, 4, 1, 3 in that order go on the page's socket
        web_seats = set((1, 3, 0, 2)[:on_web])
        self.bots = [WebBot(self, seat) if seat in web_seats else Bot(self, seat) for seat in range(4)]
        self.pending: list[Move] = []
        self.number = 0
        self.started = False
        self.stopping = False
        self.thinking: set[asyncio.Task[None]] = set()

    def spawn(self, work: Coroutine[object, object, None]) -> None:
        """A bot's think-then-send, kept so it can be cancelled when the table ends."""
        task = asyncio.ensure_future(work)
        self.thinking.add(task)
        task.add_done_callback(self.thinking.discard)

    def expect(self, kind: str, mover: int, tile: str | None = None, hand: int = 0) -> Move:
        """A move of ``mover`` (a play of ``tile``, a draw, a pass or a deal) to be heard at every seat."""
        name = self.names[mover]

        def test(seat: int) -> Callable[[str], bool]:
            own = seat == mover
            if kind == "play":
                start = f"You play {tile} on " if own else f"{name} plays {tile} on "
                return lambda line: line.startswith(start)
            if kind == "draw":
                start = "You draw " if own else f"{name} draws "
                return lambda line: line.startswith(start)
            if kind == "pass":
                said = "You pass." if own else f"{name} passes."
                return lambda line: line.startswith(said)
            dealt = f"Hand {hand}."
            return lambda line: line.startswith(dealt)

        move = Move(kind, 0.0, [test(seat) for seat in range(4)], [None] * 4, mover)
        self.pending.append(move)
        return move

    def heard(self, seat: int, line: str, now: float) -> None:
        for move in self.pending:
            if move.sent and move.heard[seat] is None and move.tests[seat](line):
                move.heard[seat] = now
                break
        finished = [m for m in self.pending if m.sent and m.done()]
        for move in finished:
            self.pending.remove(move)
            self.meter.latency(move.kind, move.sent, max(when or 0.0 for when in move.heard) - move.sent)

    def overdue(self, now: float) -> None:
        for move in [m for m in self.pending if m.sent and now - m.sent > ANNOUNCE_TIMEOUT]:
            self.pending.remove(move)
            missing = [self.names[s] for s, when in enumerate(move.heard) if when is None]
            heard = [list(getattr(bot, "recent", [])) for bot in self.bots]
            said = f"{move.kind} of seat {move.mover + 1} not heard by {missing}; seats last heard {heard}"
            self.meter.error("announcement-missing", said)

    async def play(self, stop: asyncio.Event, seating: asyncio.Semaphore | None) -> None:
        """Seat everybody, play until the match ends or ``stop``; connections always closed.

        The first tables of a run sit down as fast as the server lets them, a few at a time
        (``seating``); a table that replaces a finished one (``seating`` None) comes as people
        do, each lobby line after a think, so the lobby's work is spread as it would be.
        """
        self.meter.tables_opened += 1
        try:
            async with seating or contextlib.nullcontext():
                if stop.is_set():
                    return
                paced = seating is None
                await asyncio.gather(*(bot.connect(paced) for bot in self.bots))
                await self.bots[0].send_and_wait("create standard 4", SEATED, paced)
                for bot in self.bots[1:]:
                    await bot.send_and_wait(f"join {self.number}", SEATED, paced)
            self.started = True
            self.meter.lobby.append((time.monotonic(), "tables seated"))
            readers = [asyncio.ensure_future(bot.read_loop()) for bot in self.bots]
            watch = asyncio.ensure_future(self._watch(stop))
            try:
                done, _ = await asyncio.wait([*readers, watch], return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    if task is not watch and not stop.is_set():  # a reader ended: its connection did
                        lost = task.exception()
                        self.meter.error("connection-lost", f"{type(lost).__name__}: {lost}")
            finally:
                self.stopping = True
                for task in [*readers, watch]:
                    task.cancel()
                await asyncio.gather(*readers, watch, return_exceptions=True)
        except (TimeoutError, OSError, ConnectionError, asyncio.IncompleteReadError) as error:
            if not stop.is_set():
                self.meter.error(f"setup-{type(error).__name__}", str(error))
        finally:
            self.stopping = True
            for task in list(self.thinking):
                task.cancel()
            for bot in self.bots:
                await bot.close()

    async def _watch(self, stop: asyncio.Event) -> None:
        """Ends the table at ``stop`` or when every seat heard the match end; checks overdue moves."""
        while not stop.is_set():
            if all(bot.over for bot in self.bots):
                self.meter.matches_done += 1
                self.meter.lobby.append((time.monotonic(), "tables left"))
                return
            self.overdue(time.monotonic())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.5)


class Bot:
    """One seat: reads every line, answers only what asks it to move, after a think."""

    def __init__(self, table: TableRun, seat: int) -> None:
        self.table = table
        self.seat = seat
        self.name = table.names[seat]
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.acting = False
        self.over = False
        self.last_heard = time.monotonic()
        self.hand = 0
        self.recent: deque[str] = deque(maxlen=10)  # the last lines heard (shown with an error)

    async def connect(self, paced: bool) -> None:
        self.reader, self.writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", self.table.port, limit=LINE_LIMIT), SETUP_TIMEOUT
        )
        # a first line of settings: the greeting says "Welcome to Bergen Access. You are B1s1. …"
        await self.send_and_wait(f"name {self.name}", re.compile(rf"\bYou are {self.name}\."), paced)

    async def send_and_wait(self, text: str, wanted: re.Pattern[str], paced: bool) -> None:
        """Send a lobby line (after a think if ``paced``) and read until ``wanted`` (bounded in time)."""
        if paced:
            await asyncio.sleep(self.table.rng.uniform(*self.table.think))
        self._write(text)
        deadline = time.monotonic() + SETUP_TIMEOUT
        while True:
            line = await self._read_line(deadline - time.monotonic())
            found = wanted.search(line)
            if found:
                if wanted is SEATED and self.seat == 0:
                    self.table.number = int(found.group(1))
                return

    async def _read_line(self, timeout: float) -> str:
        assert self.reader is not None
        raw = await asyncio.wait_for(self.reader.readline(), max(0.01, timeout))
        if not raw:
            raise ConnectionError("the server closed the connection")
        if self.table.meter.measuring:
            self.table.meter.lines_received += 1
        return raw.decode("utf-8", errors="replace").rstrip("\r\n")

    def _write(self, text: str) -> None:
        assert self.writer is not None
        self.writer.write(text.encode() + b"\r\n")

    async def read_loop(self) -> None:
        """Every line the seat hears until the connection ends or the match is over for it."""
        while True:
            try:
                line = await self._read_line(STALL)
            except TimeoutError:
                if not self.over and not self.table.stopping:
                    self.table.meter.stalls += 1
                    self._write("turn")
                continue
            now = time.monotonic()
            self.last_heard = now
            self.recent.append(line)
            self.table.heard(self.seat, line, now)
            self.decide(line)

    def decide(self, line: str) -> None:
        """What a line asks of this seat, if anything (prompts, ending in ">", ask nothing)."""
        if line.endswith(">"):
            return
        if REFUSED.search(line):
            self.table.meter.error("server-said", line)
            return
        if line.startswith("Match over") or line.startswith("The match is over"):
            self.over = True
            self.table.pending = [m for m in self.table.pending if m.kind != "deal"]  # no next hand
            return
        if line.startswith("Your turn."):
            playable = PLAYABLE.search(line)
            tile = TILE.search(playable.group(1)) if playable else None
            if tile is not None:
                self.act(tile.group(1), "play", tile.group(1))
            elif "nothing can be drawn: pass" in line:
                self.act("pass", "pass")
            elif "draw." in line:
                self.act("draw", "draw")
            else:
                self.table.meter.error("turn-not-understood", line)
        elif line.startswith("You draw "):
            fits = DRAWN_FITS.search(line)
            if fits is not None:  # Enter plays the only fitting tile; else the tile is named
                self.act("" if "Enter plays it" in line else fits.group(1), "play", fits.group(1))
            elif line.endswith("pass."):
                self.act("pass", "pass")
            elif line.endswith("draw."):
                self.act("draw", "draw")
        elif "fits both ends" in line and line.endswith("?"):
            self.answer_end()
        elif (over := HAND_OVER.match(line)) is not None:
            self.hand = int(over.group(1))
            if self.seat == 0:  # the last to be ready, after its think: its Enter deals (and is timed)
                self.act("", "deal", hand=self.hand + 1)
            elif self.writer is not None:  # the others are ready at once (the table deals when all are)
                with contextlib.suppress(OSError, RuntimeError):
                    self._write("")

    def act(self, text: str, kind: str, tile: str | None = None, hand: int = 0) -> None:
        if self.acting or self.table.stopping:
            return
        self.acting = True
        move = self.table.expect(kind, self.seat, tile, hand)
        self.table.spawn(self._after_think(text, move))

    def answer_end(self) -> None:
        """The tile sent fits both ends: the move is made by this answer, so its clock starts now."""
        move = next((m for m in reversed(self.table.pending) if m.kind == "play" and m.sent), None)
        self.table.spawn(self._after_think("left", move))

    async def _after_think(self, text: str, move: Move | None) -> None:
        low, high = self.table.think
        await asyncio.sleep(self.table.rng.uniform(low, high))
        self.acting = False
        late_deal = self.over and move is not None and move.kind == "deal"
        if self.table.stopping or self.writer is None or late_deal:
            return
        if move is not None:
            move.sent = time.monotonic()
        with contextlib.suppress(OSError, RuntimeError):
            self._write(text)

    async def close(self) -> None:
        writer, self.writer = self.writer, None
        if writer is None:
            return
        with contextlib.suppress(Exception):
            writer.write(b"quit\r\n")
            writer.close()
            await asyncio.wait_for(writer.wait_closed(), 2.0)


class WebBot(Bot):
    """A seat at the web page's WebSocket: the same bot, its lines as the page's JSON messages."""

    def __init__(self, table: TableRun, seat: int) -> None:
        super().__init__(table, seat)
        self.session: aiohttp.ClientSession | None = None
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self.sender: asyncio.Task[None] | None = None
        self.texts: list[str] = []

    async def connect(self, paced: bool) -> None:
        self.session = aiohttp.ClientSession()
        origin = f"http://127.0.0.1:{self.table.web_port}"
        self.socket = await asyncio.wait_for(
            self.session.ws_connect(origin + "/ws", origin=origin), SETUP_TIMEOUT
        )
        self.writer = self.socket  # type: ignore[assignment]  # "connected", for the bot's checks
        self.sender = asyncio.ensure_future(self._send_all())
        await self.send_and_wait(f"name {self.name}", re.compile(rf"\bYou are {self.name}\."), paced)

    async def _send_all(self) -> None:
        assert self.socket is not None
        while True:
            await self.socket.send_str(json.dumps({"line": await self.outbox.get()}))

    async def _read_line(self, timeout: float) -> str:
        assert self.socket is not None
        deadline = time.monotonic() + max(0.01, timeout)
        while not self.texts:
            message = await self.socket.receive(max(0.01, deadline - time.monotonic()))
            if message.type is not aiohttp.WSMsgType.TEXT:
                raise ConnectionError("the server closed the socket")
            data = json.loads(message.data)
            if data.get("kind") != "status" and isinstance(data.get("text"), str):
                self.texts.append(data["text"])
        if self.table.meter.measuring:
            self.table.meter.lines_received += 1
        return self.texts.pop(0)

    def _write(self, text: str) -> None:
        self.outbox.put_nowait(text)

    async def close(self) -> None:
        socket, self.socket, self.writer = self.socket, None, None
        if socket is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(socket.send_str(json.dumps({"line": "quit"})), 2.0)
                await asyncio.wait_for(socket.close(), 2.0)
        if self.sender is not None:
            self.sender.cancel()
        if self.session is not None:
            await self.session.close()


# ------------------------------------------------------------------ a run


@dataclass
class RunResult:
    tables: int
    seconds: float
    meter: Meter
    cpu_seconds: float
    rss_idle: float
    rss_end: float
    rss_peak: float
    threads: int
    lag_p99_ms: float
    lag_max_ms: float
    client_cpu_seconds: float
    seating_seconds: float
    server_died: str = ""
    server_said: str = ""  # the end of the server's stderr

    @property
    def latencies(self) -> list[float]:
        return self.meter.all_latencies()

    @property
    def median_ms(self) -> float:
        values = self.latencies
        return statistics.median(values) * 1000 if values else float("nan")

    @property
    def p99_ms(self) -> float:
        return percentile(self.latencies, 0.99) * 1000

    @property
    def errors(self) -> int:
        return sum(self.meter.errors.values()) + (1 if self.server_died else 0)

    @property
    def cpu_share(self) -> float:
        """The server's CPU use as a share of one core over the measured window."""
        return self.cpu_seconds / self.seconds

    def holds(self) -> bool:
        return self.errors == 0 and bool(self.latencies) and self.p99_ms < LIMIT_MS

    def summary(self) -> str:
        m = self.meter
        kinds = ", ".join(f"{kind} {len(values)}" for kind, values in sorted(m.latencies.items()))
        per_table_cpu = self.cpu_share / self.tables * 100
        per_table_mb = (self.rss_end - self.rss_idle) / self.tables
        return (
            f"T={self.tables:<4} seats={self.tables * 4:<4} moves={len(self.latencies)} ({kinds}); "
            f"median {self.median_ms:.1f} ms, p99 {self.p99_ms:.1f} ms, "
            f"max {max(self.latencies, default=float('nan')) * 1000:.1f} ms | "
            f"server CPU {self.cpu_share * 100:.1f}% of a core = {per_table_cpu:.3f}%/table | "
            f"RSS {self.rss_idle:.1f} -> {self.rss_end:.1f} MB (peak {self.rss_peak:.1f}) = "
            f"{per_table_mb:.3f} MB/table | threads {self.threads} | "
            f"client loop lag p99 {self.lag_p99_ms:.1f} ms (max {self.lag_max_ms:.0f}), "
            f"client CPU {self.client_cpu_seconds / self.seconds * 100:.0f}% | "
            f"lines heard {m.lines_received / max(1, len(self.latencies)):.1f} per move | "
            f"errors {self.errors}, stalls {m.stalls}, matches ended {m.matches_done}, "
            f"tables opened {m.tables_opened}, first {self.tables} seated in {self.seating_seconds:.1f} s | "
            f"{'OK' if self.holds() else 'OVER'}"
        )


async def run_load(
    tables: int,
    seconds: float,
    *,
    think: tuple[float, float],
    data_dir: Path,
    seed: int,
    profile: Path | None = None,
    web_share: float = 0.0,
    tree: Path = ROOT,
) -> RunResult:
    """One run: a fresh server, ``tables`` tables kept busy for ``seconds`` after they are seated."""
    server = ServerProcess(data_dir, profile, web=web_share > 0, tree=tree)
    meter = Meter()
    lag = LoopLag()
    rng = random.Random(seed)
    stop = asyncio.Event()
    running: set[asyncio.Task[None]] = set()
    serial = 0
    seating = asyncio.Semaphore(SEATING_AT_ONCE)
    lag_task = asyncio.ensure_future(lag.run())
    try:
        port = await asyncio.to_thread(server.start)
        await asyncio.sleep(0.5)
        rss_idle, _ = server.memory_mb()

        def open_table(paced: bool = False) -> TableRun:
            nonlocal serial
            serial += 1
            table = TableRun(serial, port, meter, rng, think, web=(server.web_port, web_share))
            task = asyncio.ensure_future(table.play(stop, None if paced else seating))
            running.add(task)
            task.add_done_callback(running.discard)
            return table

        ramp_start = time.monotonic()
        first = [open_table() for _ in range(tables)]
        ramp_deadline = time.monotonic() + SETUP_TIMEOUT + tables * SEATING_BUDGET
        while not all(t.started or t.stopping for t in first) and time.monotonic() < ramp_deadline:
            await asyncio.sleep(0.1)
        if not all(t.started for t in first):
            meter.error("ramp", f"{sum(not t.started for t in first)} tables not seated in time")

        seated_in = time.monotonic() - ramp_start
        await asyncio.sleep(SETTLE)
        cpu_start = server.cpu_seconds()
        client_start = sum(os.times()[:2])
        window_start = time.monotonic()
        meter.measuring = lag.measuring = True
        while time.monotonic() - window_start < seconds:
            await asyncio.sleep(0.25)
            if not server.alive:
                break
            while len(running) < tables and not stop.is_set():  # a table ended: another takes its place
                open_table(paced=True)
        meter.measuring = lag.measuring = False
        window = time.monotonic() - window_start
        died = "" if server.alive else f"server exited ({server.process and server.process.returncode})"
        cpu = server.cpu_seconds() - cpu_start if server.alive else float("nan")
        rss_end, rss_peak = server.memory_mb() if server.alive else (float("nan"), float("nan"))
        threads = server.threads() if server.alive else 0
        client_cpu = sum(os.times()[:2]) - client_start
        stop.set()
        if running:
            await asyncio.wait(list(running), timeout=15)
        lags = lag.lags or [0.0]
        return RunResult(
            tables=tables,
            seconds=window,
            meter=meter,
            cpu_seconds=cpu,
            rss_idle=rss_idle,
            rss_end=rss_end,
            rss_peak=rss_peak,
            threads=threads,
            lag_p99_ms=percentile(lags, 0.99) * 1000,
            lag_max_ms=max(lags) * 1000,
            client_cpu_seconds=client_cpu,
            seating_seconds=seated_in,
            server_died=died + (("\n" + server.stderr_tail()) if died else ""),
            server_said=server.stderr_tail(),
        )
    finally:
        stop.set()
        for task in list(running):
            task.cancel()
        if running:
            await asyncio.wait(list(running), timeout=10)
        lag_task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await lag_task
        server.stop()  # blocking, so that even a cancelled run leaves no server behind


def raise_open_files() -> None:
    """Each seat is a socket here and one in the server: make room for a few thousand."""
    import resource  # noqa: PLC0415

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65536
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(wanted, 65536)), hard))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="the load reported in full (default 50)")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured seconds per run (default 60)")
    parser.add_argument(
        "--steps",
        default="10,25,50,100,200",
        help="table counts tried in turn until p99 reaches 100 ms or errors appear ('' for --tables only)",
    )
    parser.add_argument(
        "--step-seconds",
        type=float,
        default=40.0,
        help="measured seconds of the other steps (default 40, so a default run stays near 6 minutes)",
    )
    parser.add_argument("--think", default="0.5,2.0", help="think time range in seconds (default 0.5,2.0)")
    parser.add_argument(
        "--data-dir", type=Path, default=None, help="where the servers save (default: a temporary folder)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--profile",
        type=Path,
        default=None,
        metavar="DIR",
        help="run each server under cProfile, writing DIR/server-T.prof (slows it down)",
    )
    parser.add_argument(
        "--web-share",
        type=float,
        default=0.0,
        help="share of the seats on the web page's WebSocket (0 to 1 in quarters; default 0: all telnet)",
    )
    parser.add_argument(
        "--tree",
        type=Path,
        action="append",
        default=None,
        metavar="DIR",
        help="run the server from this source tree (e.g. a `git worktree add /tmp/ref-SHA SHA`); given "
        "more than once, each step runs once per tree, alternating, the same seed for each",
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="with --tree: runs of each tree per step (default 1)"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    low, _, high = args.think.partition(",")
    think = (float(low), float(high or low))
    steps = sorted({int(s) for s in args.steps.split(",") if s.strip()} | {args.tables})
    raise_open_files()
    if args.tree:
        return compare_trees(args, think, steps)
    print(
        f"server load: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}, "
        f"think {think[0]}-{think[1]} s, "
        f"{args.seconds:.0f} s at {args.tables} tables, "
        f"{args.step_seconds:.0f} s at the other steps {steps}, "
        f"{args.web_share:.0%} of the seats on the web page's socket",
        flush=True,
    )
    results: dict[int, RunResult] = {}
    failed = False
    for tables in steps:
        if failed and tables != args.tables:
            continue  # past the limit: only the load the issue reports in full is still run
        with tempfile.TemporaryDirectory(prefix="bergen-load-", dir=args.data_dir) as folder:
            profile = args.profile / f"server-{tables}.prof" if args.profile else None
            result = asyncio.run(
                run_load(
                    tables,
                    args.seconds if tables == args.tables else args.step_seconds,
                    think=think,
                    data_dir=Path(folder),
                    seed=args.seed + tables,
                    profile=profile,
                    web_share=args.web_share,
                )
            )
        results[tables] = result
        print(result.summary(), flush=True)
        for kind, count in sorted(result.meter.errors.items()):
            print(f"    error {kind} x{count}: {result.meter.examples.get(kind, '')}", flush=True)
        for line in result.meter.slowest(3):
            print(f"    slow: {line}", flush=True)
        if result.server_died:
            print(f"    {result.server_died}", flush=True)
        failed = failed or not result.holds()
        if failed and args.tables in results:
            break
    report(results, args.tables)
    return 0


def compare_trees(args: argparse.Namespace, think: tuple[float, float], steps: list[int]) -> int:
    """``--tree A --tree B [--repeat N]``: at each step, runs of A and B in turn (A, B, A, B, ...), each
    with the same seed and length, so a change on a shared machine meets the same load as its
    reference; the machine's load average is shown before each run. Every step is run."""
    trees = [path.resolve() for path in args.tree]
    print(
        f"server load, trees compared: {os.cpu_count()} CPUs, think {think[0]}-{think[1]} s, "
        f"steps {steps}, {args.repeat} run(s) of each tree per step, alternating: "
        + ", ".join(f"[{n}] {tree}" for n, tree in enumerate(trees)),
        flush=True,
    )
    results: dict[tuple[int, int], list[RunResult]] = {}
    for tables in steps:
        for _ in range(args.repeat):
            for number, tree in enumerate(trees):
                load = " ".join(f"{value:.2f}" for value in os.getloadavg())
                with tempfile.TemporaryDirectory(prefix="bergen-load-", dir=args.data_dir) as folder:
                    result = asyncio.run(
                        run_load(
                            tables,
                            args.seconds if tables == args.tables else args.step_seconds,
                            think=think,
                            data_dir=Path(folder),
                            seed=args.seed + tables,
                            web_share=args.web_share,
                            tree=tree,
                        )
                    )
                results.setdefault((tables, number), []).append(result)
                print(f"[{number}] load {load} | {result.summary()}", flush=True)
                for kind, count in sorted(result.meter.errors.items()):
                    print(f"    error {kind} x{count}: {result.meter.examples.get(kind, '')}", flush=True)
                if result.server_died:
                    print(f"    {result.server_died}", flush=True)
                elif result.errors and result.server_said:
                    print(f"    the server's stderr ended: {result.server_said}", flush=True)
                for line in result.meter.slowest(3):
                    print(f"    slow: {line}", flush=True)
    print()
    for (tables, number), runs in sorted(results.items()):

        def each(value: Callable[[RunResult], float], runs: list[RunResult] = runs) -> str:
            return "/".join(f"{value(run):.3g}" for run in runs)

        print(
            f"{tables} tables [{number}]: p99 ms {each(lambda r: r.p99_ms)}; "
            f"median ms {each(lambda r: r.median_ms)}; "
            f"CPU %/table {each(lambda r: r.cpu_share / r.tables * 100)}; "
            f"MB/table {each(lambda r: (r.rss_end - r.rss_idle) / r.tables)}; "
            f"errors {each(lambda r: r.errors)}"
        )
    return 0


def report(results: dict[int, RunResult], headline: int) -> None:
    """The figures the issue asks for: latency at the headline load, CPU and memory per table, capacity."""
    print()
    main_run = results.get(headline)
    if main_run is not None:
        per_kind = "; ".join(
            f"{kind}: median {statistics.median(v) * 1000:.1f} ms, p99 {percentile(v, 0.99) * 1000:.1f} ms"
            for kind, v in sorted(main_run.meter.latencies.items())
        )
        print(
            f"At {headline} tables x 4 seats: move line to every seat's announcement: "
            f"median {main_run.median_ms:.1f} ms, p99 {main_run.p99_ms:.1f} ms ({per_kind})."
        )
    for tables, result in sorted(results.items()):
        print(
            f"  {tables} tables: server CPU {result.cpu_share / tables * 100:.3f}% of a core per table, "
            f"memory {(result.rss_end - result.rss_idle) / tables:.3f} MB per table "
            f"(idle server {result.rss_idle:.1f} MB)."
        )
    holding = [tables for tables, result in results.items() if result.holds()]
    tried = max(results)
    if not holding:
        print("No load tried held p99 under 100 ms without errors.")
    elif max(holding) == tried:
        print(f"Largest load with p99 < {LIMIT_MS:.0f} ms: {tried} tables ({tried * 4} seats) or more.")
    else:
        print(f"Largest load with p99 < {LIMIT_MS:.0f} ms: {max(holding)} tables ({max(holding) * 4} seats).")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # the run's finally has already stopped its server
        sys.exit(130)
