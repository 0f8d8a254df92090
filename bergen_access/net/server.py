"""``bergen serve``: one asyncio process, a lobby and many tables, a plain line protocol.

A telnet or MUD client, ``nc`` or ``bergen join`` connects; every line from it
passes the telnet filter (``net/telnet.py``: negotiation bytes dropped, lines
capped, lines per second limited) and then the same input boundary as the
keyboard (``boundary.screen``). The server never echoes and never asks for
character mode; every message is one line. In the lobby a person names
themselves, lists, creates, joins or watches tables; at a table every command
of the console game works for their seat (``net/table.py``). Tables are saved
after every change and come back when the server restarts, their seats waiting
for their people (``rejoin CODE``). A dead connection is noticed by TCP
keepalive and a timeout within a minute; its seat waits ``--hold`` minutes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ipaddress
import math
import os
import re
import socket
import time
import traceback
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..boundary import InputProblem, Screened, screen, shown, visible
from ..commands.definitions import handler_of
from ..commands.lexicon import CommandKind, names_a_command, verbosity_names
from ..core import Match, SeededDealer
from ..core.actions import Draw
from ..core.engine import Phase
from ..core.rules import RulesError
from ..core.view import SeatView
from ..i18n import LANGUAGES, I18n, normalize_language
from ..players.base import Player
from ..present import notices
from ..present.message import Message, Verbosity
from ..present.rules_text import rules_error
from ..present.table_talk import level_names, rules_name
from ..seat.replay import restore_history
from ..seat.session import QuitGame
from ..session.savefile import load_match, match_text
from ..session.storage import Storage, StorageNotice
from ..session.untrusted import DamagedFile, FileProblem
from . import texts
from .guard import WrongSecrets
from .limits import MOST_PER_ADDRESS
from .lobby_words import CreateError, lobby_words, parse_create
from .table import Seat, SeatGame, Table, Watcher
from .telnet import IAC_NOP, Incoming, LineFramer, RateLimiter, outgoing

NAME = re.compile(r"[^\W\d_][\w-]{0,19}")
#: seconds without a line before a keepalive (telnet NOP) is sent; a person may be silent for as long
#: as they like: a dead peer is found by TCP keepalive and the user timeout (``_keepalive``), not by silence
HEARTBEAT = 30.0
READ_CHUNK = 4096
#: bytes waiting to be sent to one connection before it counts as gone: a client that never reads
#: (hung, or hostile) must not make the server hold everything its table says (a whole match is ~40 KB)
MOST_UNSENT = 256 * 1024
#: seconds a connection may take to give the password before it is closed
PASSWORD_WAIT = 60.0
#: the game's commands that work at a table whose match has not begun (the rest wait for the deal)
BEFORE_THE_MATCH = (CommandKind.QUIT, CommandKind.LANGUAGE, CommandKind.VERBOSITY)
#: the computer seats' names, the first ones nobody online has
COMPUTER_NAMES = ("Anna", "Cem", "Mia", "Tom", "Lale", "Jonas", "Ece", "Paul")
#: seats left waiting (after leave or a lost line) from one address before it may sit down anew
MOST_WAITING = 3
#: tables at once (measured: 200 busy tables keep every answer under 60 ms at p99 on one core)
MOST_TABLES = 200
MOST_SAY = 200


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
    address: str = ""  # the peer's IP address (wrong secrets are counted per address)

    @property
    def i18n(self) -> I18n:
        return _words_in(self.language)

    def send_line(self, text: str) -> None:
        if self.closed:
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


@dataclass(frozen=True)
class TablesBack:
    """Saved tables came back at the start; their people rejoin with their codes."""

    count: int


#: what the server tells its host: saving stopped or works again, a saved table set aside, tables back
HostNotice = StorageNotice | FileProblem | TablesBack


class Server:
    """The lobby and its tables."""

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
    ) -> None:
        self.storage = storage
        self.report = report  # what the host's console should hear (saving, tables set aside)
        self.password = password
        self.hold_minutes = hold_minutes
        self.rate = rate  # lines per second each connection may send, and the burst allowed
        self.per_address = per_address
        self.most_waiting = waiting
        self.clients: list[Client] = []
        self.tables: dict[int, Table] = {}
        self._choose = think or (lambda player, view: player.choose(view))
        self._computers: set[int] = set()  # tables whose computer seats are moving now
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.failures = WrongSecrets()  # wrong passwords and rejoin codes per address
        self.faults = 0  # lines that met a fault of ours (each told, none fatal)
        self.last_fault = ""

    # ------------------------------------------------------------- lifecycle

    async def start(self, host: str = "127.0.0.1", port: int = 4000) -> int:
        """Listen; the port (useful with port 0). Saved tables come back first."""
        self.restore()
        self._server = await asyncio.start_server(self._connected, host, port, limit=READ_CHUNK * 4)
        sockets = self._server.sockets or ()
        self._spawn(self._sweep())
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def close(self) -> None:
        """Stop: everyone is told (a seated person how to come back), then every connection closes."""
        if self._server is not None:
            self._server.close()
        for client in list(self.clients):
            seat, at = client.seat, client.table
            kept = self.storage is not None and self.storage.saves
            begun = at is not None and at.match.phase is not Phase.NOT_STARTED
            token = seat.token if seat is not None and kept and begun else None
            client.say(texts.server_stopping(client.i18n, token))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                asyncio.gather(*(c.writer.drain() for c in self.clients), return_exceptions=True), 2.0
            )
        for client in list(self.clients):
            client.closed = True
            with contextlib.suppress(Exception):
                client.writer.close()
        for task in list(self._tasks):
            task.cancel()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await self._server.wait_closed()

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------- saving

    def save(self, table: Table) -> None:
        if self.storage is None or table.match.phase is Phase.NOT_STARTED:
            return  # a match that has not begun has nothing to keep: its seats are not held
        seats = [
            {
                "name": s.name,
                "kind": "human" if s.is_person else "computer",
                "level": s.level,
                "token": s.token,
            }
            for s in table.seats
        ]
        self.storage.write(f"table-{table.number}.json", match_text(table.match, seats))
        for told in self.storage.take_notices():
            self.report(told)

    def restore(self) -> None:
        """Tables saved by an earlier run, every person's seat waiting for them (their codes still hold)."""
        where = self.storage.path("table-0.json") if self.storage is not None else None
        if self.storage is None or where is None:
            return
        for told in self.storage.take_notices():
            self.report(told)
        self.storage.clean_temporary("table-*.json")  # what a killed server was writing
        for path in sorted(where.parent.glob("table-*.json")):
            number = int(path.stem.split("-")[1]) if path.stem.split("-")[1].isdigit() else None
            if number is None:
                continue
            try:
                match, seats = load_match(path, _checked_seat)
            except FileNotFoundError:
                continue
            except (DamagedFile, ValueError) as error:
                code, detail = (
                    (error.code, error.detail) if isinstance(error, DamagedFile) else ("malformed", "")
                )
                kept = self.storage.set_aside(path.name, "damaged")
                self.report(FileProblem(code, detail, path, kept))
                continue
            if match.is_over:
                continue
            table = Table(
                number,
                match,
                [
                    Seat(index, str(s["name"]), s.get("level"), str(s.get("token") or ""))
                    for index, s in enumerate(seats)
                ],
                save=self.save,
                hold_seconds=self.hold_minutes * 60,
            )
            now = time.monotonic()
            for seat in table.people:
                seat.away_since = now
            self.tables[number] = table
        if self.tables:
            self.report(TablesBack(len(self.tables)))

    # ----------------------------------------------------------- connections

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        _keepalive(writer)
        client = Client(writer, limiter=RateLimiter(*self.rate), address=_peer(writer))
        self.clients.append(client)
        client.authorized = self.password is None
        if self.failures.barred(client.address, time.monotonic()):
            client.say(texts.barred(client.i18n))
            client.close()
        elif sum(1 for c in self.clients if c.address == client.address) > self.per_address:
            client.say(texts.too_many_connections(client.i18n, self.per_address))
            client.close()
        else:
            client.say(texts.welcome(client.i18n, self.password is not None))
        login_by = time.monotonic() + PASSWORD_WAIT  # one minute in all to give the password
        try:
            while not client.closed:
                try:
                    timeout = HEARTBEAT if client.authorized else max(0.0, login_by - time.monotonic())
                    data = await asyncio.wait_for(reader.read(READ_CHUNK), timeout)
                except TimeoutError:
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
            self._gone(client)
            with contextlib.suppress(Exception):
                writer.close()

    def _lines(self, client: Client, lines: list[Incoming]) -> None:
        """Each line in turn, through the rate limit; nothing after the connection was closed (a wrong
        password, quit, a flood) is carried out."""
        for incoming in lines:
            if client.closed:
                return
            if not client.limiter.allow(time.monotonic()):
                if client.limiter.flooding(time.monotonic()):
                    client.say(texts.flooding(client.i18n))
                    client.close()
                    return
                if client.limiter.strikes == 1:  # said once a run of refused lines
                    client.say(texts.too_fast(client.i18n))
                continue
            self._safely(client, incoming.text, incoming.too_long)

    def _gone(self, client: Client) -> None:
        client.closed = True
        if client in self.clients:
            self.clients.remove(client)
        if client.watching is not None and client.table is not None:
            with contextlib.suppress(ValueError):
                client.table.watchers.remove(client.watching)
        seat, table = client.seat, client.table
        if seat is not None and table is not None and table.match.phase is Phase.NOT_STARTED:
            self._unseat(client, table, seat)
            return
        if seat is not None and table is not None:
            table.left(seat)
            if not table.match.is_over:
                self._tell_away(client, table, seat)
        if table is not None:
            self._drop_if_done(table)

    def _tell_away(self, client: Client, table: Table, seat: Seat) -> int:
        """The table hears that the seat's person is away and how long the seat waits (the minutes)."""
        minutes = self._hold_said()
        table.say_to_all(lambda other: texts.away(_words(other, client), seat.name, minutes))
        return minutes

    def _unseat(self, client: Client, table: Table, seat: Seat) -> bool:
        """Before the match begins a seat is not held: it is free again, and a table nobody sits at
        any more is closed (nothing of it is saved). Whether the table closed."""
        name = seat.name
        table.free(seat)
        client.seat, client.table = None, None
        table.renamed(seat)
        if any(s.client is not None for s in table.people):
            table.say_to_all(lambda other: texts.left_before_start(_words(other, client), name))
            return False
        self._close_table(table)
        return True

    def _hold_said(self) -> int:
        """The minutes a seat waits, as told: rounded up (half a minute is not "0 minutes")."""
        return max(1, math.ceil(self.hold_minutes))

    def _drop_if_done(self, table: Table) -> bool:
        """A finished match nobody sits at or watches any more is gone (its file too). Whether it went."""
        if not table.match.is_over or table.watchers or any(s.client is not None for s in table.seats):
            return False
        self._close_table(table)
        return True

    # ------------------------------------------------------------------ lines

    def _safely(self, client: Client, raw: str, too_long: bool) -> None:
        """One line; a fault of ours costs that line (told in one sentence, logged), never the server."""
        try:
            self._line(client, raw, too_long)
        except Exception:
            self.faults += 1
            self.last_fault = traceback.format_exc()
            client.say(texts.fault(client.i18n))

    def _line(self, client: Client, raw: str, too_long: bool) -> None:
        # a line the framer cut (over its byte limit) is refused as too long, whatever is left of it
        screened = Screened("", InputProblem.TOO_LONG, shown(raw)) if too_long else screen(raw)
        if not client.authorized:
            self._password(client, screened.text.strip() if screened.ok else None)
            return
        if not screened.ok:
            client.say(
                notices.input_refused(client.i18n, screened, lobby_words(client.i18n).word(CommandKind.HELP))
            )
            return
        text = screened.text.strip()
        words = text.split()
        head = words[0] if words else ""
        rest = text[len(words[0]) :].strip() if words else ""
        if client.seat is not None and client.seat.game is not None:
            # at a table the seat's game has the first word (its own help, language, quit…)
            if not words or client.seat.game.command_words.command(head) is not None:
                self._at_seat(client, text)
                return
            kind = lobby_words(client.i18n).command(head)
            if kind is not None:
                self._lobby(kind, client, rest)
            else:
                self._at_seat(client, text)
            return
        kind = lobby_words(client.i18n).command(head) if words else CommandKind.HELP
        if kind is not None:
            self._lobby(kind, client, rest)
        else:
            client.say(texts.unknown(client.i18n, visible(text)))

    def _lobby(self, kind: CommandKind, client: Client, rest: str) -> None:
        """A lobby command, carried out by its handler (named by the command table: ``on_join``…)."""
        handler: Callable[[Client, str], None] = getattr(self, handler_of(kind))
        handler(client, rest)

    def _password(self, client: Client, typed: str | None) -> None:
        """The first line when a password is asked: right, or the connection closes (and the address
        counts a wrong secret). An empty line (some clients send one on connecting) waits; a line the
        input boundary refused is a wrong password."""
        if typed == "":
            return
        if typed is not None and self.password is not None and secrets_equal(typed, self.password):
            client.authorized = True
            client.say(texts.password_ok(client.i18n))
            return
        self.failures.wrong(client.address, time.monotonic())
        client.say(texts.wrong_password(client.i18n))
        client.close()

    def _at_seat(self, client: Client, text: str) -> None:
        seat, table = client.seat, client.table
        assert seat is not None and seat.game is not None and table is not None
        game = seat.game
        typed = text.split()
        kind = game.command_words.command(typed[0]) if typed else None
        asks_help = len(typed) == 1 and kind is CommandKind.HELP
        if table.match.phase is Phase.NOT_STARTED and kind not in BEFORE_THE_MATCH:
            if asks_help:
                self.on_help(client, "")
            free = sum(1 for s in table.seats if s.is_free)
            client.say(texts.waiting_for_players(client.i18n, free))
            return
        try:
            game.answer(text)
        except QuitGame:  # as at the console: leave (the seat waits for rejoin) and close
            self.on_quit(client, "")
            return
        if asks_help:  # the game's help, then what the table adds
            client.say(texts.table_also(client.i18n))
        game.turn_and_prompt()
        client.language = game.i18n.language
        client.verbosity = game.verbosity
        if table.match.is_over:
            client.say(texts.match_over(client.i18n))
        self._computers_move(table)

    # ------------------------------------------------------------ the lobby

    def on_name(self, client: Client, rest: str) -> None:
        if client.seat is not None:  # the table knows the seat by its name
            client.say(texts.name_at_table(client.i18n, client.seat.name))
            return
        if not _good_name(rest) or names_a_command(rest, client.i18n):
            client.say(texts.bad_name(client.i18n))
            return
        if any(_same_name(rest, taken) for taken in self._names_taken(client)):
            client.say(texts.name_taken(client.i18n, rest))
            return
        client.name = rest
        client.say(texts.named(client.i18n, rest))

    def _names_taken(self, client: Client) -> list[str]:
        """Everyone else's name online, and the names of seats waiting for their people."""
        online = [c.name for c in self.clients if c is not client and c.name]
        waiting = [
            seat.name
            for table in self.tables.values()
            if not table.match.is_over
            for seat in table.people
            if seat.client is None and seat.away_since is not None
        ]
        return online + waiting

    def on_language(self, client: Client, rest: str) -> None:
        language = normalize_language(rest) if rest else None
        if language is None or language not in LANGUAGES:
            client.say(texts.unknown(client.i18n, visible(rest)))
            return
        client.language = language
        client.say(texts.language_set(client.i18n, language))

    def on_verbosity(self, client: Client, rest: str) -> None:
        level = lobby_words(client.i18n).game.verbosity(rest) if rest else None
        if level is None:
            client.say(texts.unknown(client.i18n, visible(rest)))
            return
        client.verbosity = Verbosity(level)
        client.say(texts.verbosity_set(client.i18n, verbosity_names(client.i18n)[level]))

    def on_help(self, client: Client, rest: str) -> None:
        for part in texts.lobby_help(client.i18n):
            client.send_line(part)

    def on_tables(self, client: Client, rest: str) -> None:
        i = client.i18n
        if not self.tables:
            client.say(texts.no_tables(i))
            return
        for number, table in sorted(self.tables.items()):
            match = table.match
            seats = ", ".join(_seat_shown(i, s) for s in table.seats)
            free = sum(1 for s in table.seats if s.is_free)
            if match.is_over:
                state = texts.state_over(i)
            elif match.hand_number:
                state = texts.state_hand(i, match.hand_number)
            else:
                state = texts.state_waiting(i)
            client.say(
                texts.table_line(
                    i, number, rules=rules_name(i, match.rules), seats=seats, free=free, state=state
                )
            )

    def _may_sit(self, client: Client) -> bool:
        """Whether this person may sit down now (told why not): named, at no table, and not holding
        too many seats left waiting elsewhere."""
        if client.name is None:
            client.say(texts.name_first(client.i18n))
            return False
        if client.table is not None:
            client.say(texts.already_seated(client.i18n, client.table.number))
            return False
        return not self._waiting_too_many(client)

    def on_create(self, client: Client, rest: str) -> None:
        if not self._may_sit(client):
            return
        try:
            rules, computers = parse_create(lobby_words(client.i18n), rest)
        except CreateError as problem:
            told = texts.create_problem(client.i18n, problem.code, visible(problem.word))
            client.say(texts.bad_create(client.i18n, told))
            return
        except RulesError as error:
            client.say(texts.bad_create(client.i18n, rules_error(client.i18n, error)))
            return
        if len(self.tables) >= MOST_TABLES:
            client.say(texts.too_many_tables(client.i18n, MOST_TABLES))
            return
        number = max(self.tables, default=0) + 1
        people = rules.players - len(computers)
        names = [f"Seat{n + 1}" for n in range(rules.players)]
        seats = [Seat(n, names[n]) for n in range(people)]
        taken = {c.name.casefold() for c in self.clients if c.name}
        free_names = [n for n in COMPUTER_NAMES if n.casefold() not in taken] + list(COMPUTER_NAMES)
        for k, level in enumerate(computers):  # never a person's name: the table talk must tell them apart
            seats.append(Seat(people + k, free_names[k], level))
        match = Match(rules, SeededDealer(int.from_bytes(os.urandom(4), "big")))
        table = Table(number, match, seats, save=self.save, hold_seconds=self.hold_minutes * 60)
        self.tables[number] = table
        self._sit(client, table, seats[0])

    def _sit(self, client: Client, table: Table, seat: Seat) -> None:
        assert client.name is not None
        seat.name = client.name
        seat.client = client
        seat.address = client.address
        seat.last_prompt = ""
        seat.away_since = None
        seat.game = SeatGame(table, seat, language=client.language, verbosity=client.verbosity)
        table.renamed(seat)
        client.table, client.seat = table, seat
        client.say(texts.seated(client.i18n, table.number, seat.index + 1, seat.token))
        table.say_to_all(
            lambda other: None if other is seat else texts.joins(_words(other, client), seat.name)
        )
        self._seated(table, seat.game)

    def _waiting_too_many(self, client: Client) -> bool:
        """Whether this address left enough seats waiting at other tables (then it is told so): one
        person cannot hold table after table by sitting down and leaving."""
        waiting = sum(
            1
            for table in self.tables.values()
            for seat in table.people
            if seat.client is None and seat.away_since is not None and seat.address == client.address
        )
        if waiting >= self.most_waiting:
            client.say(texts.too_many_waiting(client.i18n, waiting))
        return waiting >= self.most_waiting

    def on_join(self, client: Client, rest: str) -> None:
        if not self._may_sit(client):
            return
        table = self._table_named(client, rest)
        if table is None:
            return
        seat = table.free_seat()
        if seat is None:
            client.say(texts.table_full(client.i18n, table.number))
            return
        self._sit(client, table, seat)

    def _table_named(self, client: Client, rest: str) -> Table | None:
        """The table a typed number names; None (and said why) if there is none."""
        table = self.tables.get(int(rest)) if rest.isascii() and rest.isdigit() else None
        if table is None:
            client.say(texts.no_such_table(client.i18n, visible(rest)))
        return table

    def on_watch(self, client: Client, rest: str) -> None:
        if client.table is not None:
            client.say(texts.already_seated(client.i18n, client.table.number))
            return
        table = self._table_named(client, rest)
        if table is None:
            return
        watcher = Watcher(table, client, language=client.language, verbosity=client.verbosity)
        table.watchers.append(watcher)
        client.table, client.watching = table, watcher
        client.say(texts.watching(client.i18n, table.number))

    def on_leave(self, client: Client, rest: str) -> None:
        table = client.table
        if table is None:
            client.say(texts.not_at_table(client.i18n))
            return
        if client.watching is not None:
            with contextlib.suppress(ValueError):
                table.watchers.remove(client.watching)
            client.watching, client.table = None, None
            client.say(texts.stopped_watching(client.i18n, table.number))
            self._drop_if_done(table)
            return
        seat = client.seat
        assert seat is not None
        if table.match.phase is Phase.NOT_STARTED:
            closed = self._unseat(client, table, seat)
            number = table.number
            client.say(
                texts.table_closed(client.i18n, number) if closed else texts.seat_freed(client.i18n, number)
            )
            return
        table.left(seat)
        client.seat, client.table = None, None
        if self._drop_if_done(table):  # nobody else was there: no seat waits, the table is gone
            client.say(texts.table_closed(client.i18n, table.number))
            return
        if table.match.is_over:  # nothing to come back to
            client.say(texts.left_after_match(client.i18n, table.number))
            return
        minutes = self._tell_away(client, table, seat)
        client.say(texts.left_table(client.i18n, table.number, minutes, seat.token))

    def on_rejoin(self, client: Client, rest: str) -> None:
        if client.table is not None:
            client.say(texts.already_seated(client.i18n, client.table.number))
            return
        if not rest.strip():  # the word alone is a question, not a wrong code
            client.say(texts.rejoin_usage(client.i18n))
            return
        found = self._seat_of_code(rest.strip())
        if found is None:
            self.failures.wrong(client.address, time.monotonic())
            if self.failures.barred(client.address, time.monotonic()):
                client.say(texts.barred(client.i18n))
                client.close()
            else:
                client.say(texts.bad_token(client.i18n))
            return
        table, seat = found
        was_away = seat.client is None
        if isinstance(seat.client, Client):  # a connection the server thinks alive; the code came anew
            self._taken_over(seat.client)
        client.name = seat.name  # the table knows the seat by its name
        missed, seat.missed = seat.missed, []
        seat.client, seat.away_since, seat.last_prompt = client, None, ""
        seat.address = client.address
        if seat.game is None:  # after a restart: the seat's game, its history told as before
            seat.game = SeatGame(table, seat, language=client.language, verbosity=client.verbosity)
            if table.match.hand_number:
                restore_history(seat.game)
        client.table, client.seat = table, seat
        client.say(texts.rejoined(client.i18n, table.number, seat.index + 1, len(missed)))
        for line in missed:
            client.send_line(line)
        if was_away:
            table.say_to_all(_notice(texts.back, seat.name, client, skip=seat))
        self._seated(table, seat.game)

    def _taken_over(self, old: Client) -> None:
        """The seat's code came from a new connection (the old one's line broke without the server
        noticing yet): the old connection is told and closed; the seat goes on with the new one."""
        old.say(texts.taken_over(old.i18n))
        old.seat, old.table = None, None  # its end does not make the seat wait
        old.name = None  # nor is it listed online under the seat's name while it dies
        old.close()

    def _seat_of_code(self, code: str) -> tuple[Table, Seat] | None:
        """The person's seat whose code this is (waiting for its person, or held by a connection that
        may have died unnoticed: whoever holds the code is the seat's person)."""
        for table in self.tables.values():
            for seat in table.people:
                if code and secrets_equal(seat.token, code):
                    return table, seat
        return None

    def _seated(self, table: Table, game: SeatGame) -> None:
        """Someone sat down: the match begins once every person's seat is taken; then play goes on."""
        if not any(s.is_free for s in table.seats):
            table.start()
        self.save(table)
        game.turn_and_prompt()
        self._computers_move(table)

    def on_who(self, client: Client, rest: str) -> None:
        i = client.i18n
        people = ", ".join(
            f"{c.name} ({texts.at_table(i, c.table.number) if c.table else texts.in_lobby(i)})"
            for c in self.clients
            if c.name
        )
        client.say(texts.who(i, people or "-"))

    def on_say(self, client: Client, rest: str) -> None:
        table = client.table
        if table is None:
            client.say(texts.not_at_table(client.i18n))
            return
        if client.name is None and client.seat is None:
            client.say(texts.name_first(client.i18n))
            return
        said = visible(rest)[:MOST_SAY]
        name = client.seat.name if client.seat is not None else client.name or "?"
        table.say_to_all(lambda other: texts.says(_words(other, client), name, said))

    def on_quit(self, client: Client, rest: str) -> None:
        if client.table is not None:
            self.on_leave(client, "")
        client.say(texts.goodbye(client.i18n))
        client.close()

    # ---------------------------------------------------------------- computers

    def _computers_move(self, table: Table) -> None:
        if table.number in self._computers or table.computer_to_move() is None:
            return
        self._computers.add(table.number)
        self._spawn(self._run_computers(table))

    async def _run_computers(self, table: Table) -> None:
        """Each computer turn (its forced draws with it) is chosen in a worker thread, saved, then told.
        A fault of ours is counted and told to the table, never a traceback on the host's console."""
        try:
            await self._computer_turns(table)
        except Exception:
            self._fault(table)
        finally:
            self._computers.discard(table.number)
        if table.match.is_over:
            for person in table.people:
                if isinstance(person.client, Client):
                    person.client.say(texts.match_over(person.client.i18n))

    def _fault(self, table: Table | None) -> None:
        self.faults += 1
        self.last_fault = traceback.format_exc()
        if table is not None:
            table.say_to_all(lambda other: texts.fault(_words(other, None)))

    async def _computer_turns(self, table: Table) -> None:
        while (seat := table.computer_to_move()) is not None:
            match = table.match
            before = len(match.history)
            while True:
                view = SeatView(match, seat)
                action = await asyncio.to_thread(self._choose, table.players[seat], view)
                match.apply(action)
                if not isinstance(action, Draw) or match.turn != seat or match.phase is not Phase.PLAYING:
                    break
            table.save()
            table.tell(match.history[before:])
            await asyncio.sleep(0)

    def _sweep_table(self, table: Table, now: float) -> None:
        """Seats away too long get a computer player; a table only computers are left at is closed
        (nobody would ever deal its next hand, and it would hold a place among the tables)."""
        for seat in table.expired(now):
            table.say_to_all(_notice(texts.stand_in, seat.name, None))
        if not table.people:
            self._close_table(table)
        else:
            self._computers_move(table)

    def _close_table(self, table: Table) -> None:
        """The table is gone (its file too): its watchers are told and are back in the lobby."""
        for watcher in list(table.watchers):
            client = watcher.client
            if isinstance(client, Client):
                client.say(texts.table_gone(client.i18n, table.number))
                client.table, client.watching = None, None
        table.watchers.clear()
        self.tables.pop(table.number, None)
        if self.storage is not None:
            self.storage.remove(f"table-{table.number}.json")

    async def _sweep(self) -> None:
        """Once a second: seats away too long get a computer player."""
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            for table in list(self.tables.values()):
                try:
                    self._sweep_table(table, now)
                except Exception:
                    self._fault(table)


def _notice(
    say: Callable[[I18n, str], Message], name: str, client: Client | None, skip: Seat | None = None
) -> Callable[[Seat | None], Message | None]:
    """A notice about ``name`` for everyone at a table but ``skip``, each in their own language."""

    def told(other: Seat | None) -> Message | None:
        return None if other is not None and other is skip else say(_words(other, client), name)

    return told


@functools.cache
def _words_in(language: str) -> I18n:
    """One catalog per language for every connection (read once, never changed)."""
    return I18n(language)


def secrets_equal(a: str, b: str) -> bool:
    import hmac  # noqa: PLC0415

    return hmac.compare_digest(a.encode(), b.encode())


def _words(seat: Seat | None, fallback: Client | None) -> I18n:
    """The language a notice is said in: the seat's own, else the client's, else English."""
    if seat is not None and seat.game is not None:
        return seat.game.i18n
    if fallback is not None:
        return fallback.i18n
    return _words_in("en")


def _checked_seat(value: Any, where: str) -> None:
    if not isinstance(value, dict) or not isinstance(value.get("name"), str):
        raise ValueError(where)


def _seat_shown(i: I18n, seat: Seat) -> str:
    """A seat in the table list: its person's name, a computer with its level, or that it is free."""
    if not seat.is_person:
        return f"{seat.name} ({level_names(i).get(seat.level or '', seat.level)})"
    if seat.is_free:
        return texts.free_seat(i)
    return seat.name


def _peer(writer: asyncio.StreamWriter) -> str:
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


def _good_name(name: str) -> bool:
    """One word, letters first, at most 20 characters; written as it looks (no fullwidth or mathematical
    letters, which NFKC would change) and in one script (no Cyrillic А inside a Latin name)."""
    if not NAME.fullmatch(name) or unicodedata.normalize("NFKC", name) != name:
        return False
    scripts = {_script(ch) for ch in name if ch.isalpha()}
    return len(scripts) == 1


def _script(letter: str) -> str:
    word = unicodedata.name(letter, "?").split()[0]
    return "CJK" if word in ("CJK", "HIRAGANA", "KATAKANA") else word


def _same_name(a: str, b: str) -> bool:
    """Names that read the same: case (ß and SS too) and compatibility forms folded."""
    return unicodedata.normalize("NFKC", a).casefold() == unicodedata.normalize("NFKC", b).casefold()


#: after 20 s of silence, a probe every 10 s, given up after 3 (Linux, Windows 10 1709 and later);
#: macOS names the first TCP_KEEPALIVE; only Linux has the 60 s limit on unanswered data
KEEPALIVE = (
    (socket.IPPROTO_TCP, "TCP_KEEPIDLE", 20),
    (socket.IPPROTO_TCP, "TCP_KEEPALIVE", 20),
    (socket.IPPROTO_TCP, "TCP_KEEPINTVL", 10),
    (socket.IPPROTO_TCP, "TCP_KEEPCNT", 3),
    (socket.IPPROTO_TCP, "TCP_USER_TIMEOUT", 60_000),
)


def _keepalive(writer: asyncio.StreamWriter) -> None:
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
