"""The server's tables: opening, sitting down and leaving, play at a seat, the computers' moves,
saving every change (and bringing the tables back after a restart), closing.

One table is ``table.py``; this module keeps them all and does what happens to a
table from outside: a person sits, plays, leaves or is gone, a computer moves, a
seat's hold runs out. Every change is saved before it is told.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import re
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..commands.lexicon import CommandKind
from ..commands.parser import Command, ParseError, ParseProblem
from ..core import Match, SeededDealer
from ..core import journal as journal_data
from ..core.actions import Draw
from ..core.engine import Phase
from ..core.record import check_kind
from ..core.refused import RecordProblem
from ..core.rules import Rules
from ..core.view import SeatView
from ..i18n import I18n
from ..players import hurried
from ..players.base import Player
from ..present.message import Message
from ..seat.session import QuitGame, pause_after_save
from ..session.journal import FOLDER, JOURNAL, Journal, read_journal
from ..session.match_log import legacy_record_of
from ..session.savefile import load_match
from ..session.storage import Storage, StorageNotice
from ..session.untrusted import MAX_SAVE_BYTES, DamagedFile, FileProblem, read_json
from . import side, texts
from .connections import Client, secrets_equal
from .gmcp import Closing, SeatGone
from .names import alike
from .per_minute import MalformedRequests, OverShare, WrongPassphrases
from .registry import KeptFileProblem
from .session import Session, words_in
from .table import Seat, SeatGame, Table
from .writes import Ticket, Writes

#: the game's commands that work at a table whose match has not begun (the rest wait for the deal)
BEFORE_THE_MATCH = (CommandKind.QUIT, CommandKind.LANGUAGE, CommandKind.VERBOSITY)
#: the computer seats' names, the first ones nobody online has
COMPUTER_NAMES = ("Anna", "Cem", "Mia", "Tom", "Lale", "Jonas", "Ece", "Paul")
#: tables at once: 300 (1,200 seats), now that no fsync holds the event loop and the full garbage
#: collections are short (net/collector.py). Measured on the 2-CPU bench machine with the saves on its
#: disk (bench/server_load.py; see README): a move's p99 was 71 and 45 ms in two quiet runs; the open
#: files it needs are raised at the start (serve.py)
MOST_TABLES = 300


@dataclass(frozen=True)
class TablesBack:
    """Saved tables came back at the start; their people rejoin with their codes."""

    count: int


@dataclass(frozen=True)
class TornJournal:
    """A saved table's last write was cut short (the server was killed while writing): left out."""

    table: int
    path: str


@dataclass(frozen=True)
class TournamentKept:
    """The server's tournament is over: its final standings were written as text and CSV (the paths)."""

    text: str
    csv: str


#: what the server tells its host: saving stopped or works again, a saved table set aside, tables back,
#: a table whose last write was cut short, a tournament's final standings written
HostNotice = (
    StorageNotice
    | FileProblem
    | TablesBack
    | TornJournal
    | MalformedRequests
    | OverShare
    | WrongPassphrases
    | KeptFileProblem
    | TournamentKept
)

TABLE_FORMAT = "bergen-access-table"  # a table file: its journal's name and the seats' rejoin codes
TABLE_VERSION = 3  # the first with a journal (versions 1 and 2 held the whole match: savefile.py)
MOST_TOKEN = 64  # a rejoin code is 8 characters
JOURNAL_NAME = re.compile(r"\d{8}-\d{6}(-\d+)?\.jsonl")


class Faults:
    """Faults of ours (a line or a computer's move that raised): each told and counted, none fatal."""

    def __init__(self) -> None:
        self.count = 0
        self.last = ""

    def record(self, detail: str | None = None) -> None:
        """Called while the exception is handled (or with its ``detail``): counted, its traceback kept
        for the host."""
        self.count += 1
        self.last = traceback.format_exc() if detail is None else detail


class Tables:
    """Every table of the server, by number."""

    def __init__(
        self,
        storage: Storage | None,
        *,
        hold_minutes: float,
        think: Callable[[Player, SeatView], Any] | None,
        report: Callable[[HostNotice], None],
        faults: Faults,
        spawn: Callable[[Any], None],
        lobby_help: Callable[[Client], None],
        records: Storage | None = None,
    ) -> None:
        self.storage = storage
        #: called once when a table's match is over, its last write asked for, with its journal's name
        #: (the ratings, ``rated.py``)
        self.after_match: Callable[[Table, str | None], None] = lambda table, key: None
        #: called at the start for a saved table whose match was over (its seats, its journal's name)
        self.over_at_start: Callable[[Match, list[dict[str, Any]], str], None] = lambda match, seats, key: (
            None
        )
        self.records = records  # the data folder whose records bergen record lists (None: none kept)
        #: saved tables whose match was over when the server started, by number (a tournament takes
        #: its results from them)
        self.ended_at_start: dict[int, Match] = {}
        self.journals: dict[int, Journal] = {}  # each table's journal (its save and record), by number
        self.writes = Writes(faults.record)  # the writer thread: every file of the tables is written there
        self.writing: dict[int, Ticket] = {}  # each table's last write asked for
        self.owed: set[int] = set()  # tables whose last write failed (the next save tries again)
        self.codes_asked: dict[int, list[str]] = {}  # each table's rejoin codes as last handed to the writer
        self.codes_kept: dict[int, dict[str, Any]] = {}  # each table file as last written (the writer's)
        self.report = report  # what the host's console should hear (saving, tables set aside)
        self.hold_minutes = hold_minutes
        self.by_number: dict[int, Table] = {}
        self.faults = faults
        self.moving: set[int] = set()  # tables whose computer seats are moving now
        self._choose = think or (lambda player, view: player.choose(view))
        self._spawn = spawn
        self._lobby_help = lobby_help

    # ------------------------------------------------------------- saving

    def save(self, table: Table) -> None:
        """Add what the table's match did to its journal (``keep``); once the match is over, what comes
        after a match (``after_match``: the ratings), once."""
        self.keep(table)
        if table.match.is_over and not table.ended:
            table.ended = True
            journal = self.journals.get(table.number)
            self.after_match(table, journal.path.name if journal is not None and journal.path else None)

    def keep(self, table: Table) -> None:
        """Add what the table's match did to its journal, and keep the seats' rejoin codes beside it
        when they change. Write-ahead, off the event loop: the lines are made here, the writer thread
        writes them (``writes.py``), and what the table says from now on waits until they are on
        the disk; everyone else is answered meanwhile."""
        journals = self.records if self.records is not None else self.storage
        notes, table.notes = table.notes, []
        if journals is None or table.match.phase is Phase.NOT_STARTED:
            return  # a match that has not begun has nothing to keep: its seats are not held
        number = table.number
        journal = self.journals.get(number)
        if journal is None:
            journal = self.journals[number] = Journal(journals, table=number)
        for entry in notes:
            journal.note(entry)
        public = [
            {"name": s.name, "kind": "human" if s.is_person else "computer", "level": s.level}
            for s in table.seats
        ]
        lines = journal.prepare(table.match, public)
        tokens = [s.token for s in table.seats]
        new = lines is not None and (bool(lines.data) or number in self.owed)
        if not new and self.codes_asked.get(number) == tokens:
            return  # nothing to write
        self.codes_asked[number] = tokens

        def write() -> tuple[bool, list[HostNotice]]:  # in the writer thread: files only
            saved = False
            if lines is not None and (lines.data or journal.owed):
                saved = journals.attempt(lambda: journal.write(lines))
            self._keep_codes(number, journal, tokens)
            told: list[HostNotice] = [
                notice
                for storage in {id(s): s for s in (journals, self.storage) if s is not None}.values()
                for notice in storage.take_notices()
            ]
            if saved:
                pause_after_save(JOURNAL)  # the kill tests' moment: saved, not yet told
            return saved or lines is None, told

        def written(outcome: tuple[bool, list[HostNotice]]) -> None:  # back on the loop
            saved, told = outcome
            if saved or number not in self.journals:
                self.owed.discard(number)
            else:
                self.owed.add(number)  # the next save writes it, even if nothing new happened
            for notice in told:
                self.report(notice)

        ticket = self.writes.submit(write, written)
        self.writing[number] = ticket
        for client in listeners(table):
            client.hold_until(ticket)

    def wait_for_writes(self, client: Client, table: Table) -> None:
        """A connection that comes to ``table`` hears nothing before the table's writes are on the disk."""
        ticket = self.writing.get(table.number)
        if ticket is not None:
            client.hold_until(ticket)

    def _keep_codes(self, number: int, journal: Journal, tokens: list[str]) -> None:
        """``table-N.json``: which journal the table's match is in, and each seat's rejoin code (never in
        the journal, which ``bergen record`` shows); rewritten only when one of them changes. In the
        writer thread, after the journal's write (which names the file at its first)."""
        if self.storage is None or journal.path is None:
            return
        kept = {"journal": journal.path.name, "tokens": tokens}
        if self.codes_kept.get(number) == kept:
            return
        text = json.dumps({"format": TABLE_FORMAT, "version": TABLE_VERSION, **kept}) + "\n"
        if self.storage.write(f"table-{number}.json", text):
            self.codes_kept[number] = kept

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
                restored = self._restored(number, path)
            except FileNotFoundError:
                continue
            except (DamagedFile, ValueError) as error:
                code, detail = (
                    (error.code, error.detail) if isinstance(error, DamagedFile) else ("malformed", "")
                )
                kept = self.storage.set_aside(path.name, "damaged")
                self.report(FileProblem(code, detail, path, kept))
                continue
            if restored is None:
                continue
            match, seats = restored
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
            self.by_number[number] = table
            self.save(table)  # a table of an earlier version goes on in a journal
        if self.by_number:
            self.report(TablesBack(len(self.by_number)))

    def _restored(self, number: int, path: Path) -> tuple[Match, list[dict[str, Any]]] | None:
        """A saved table's match and seats (with their codes); None if its match is over. A table file of
        an earlier version holds the whole match; a journal's table file says where its journal is."""
        kept = read_json(path, MAX_SAVE_BYTES)
        journals = self.records if self.records is not None else self.storage
        if not isinstance(kept, dict) or kept.get("format") != TABLE_FORMAT:
            match, seats = load_match(path, _checked_seat)
            if journals is not None and not match.is_over:
                journal = self.journals[number] = Journal(journals, table=number)
                legacy = legacy_record_of(journals, match)
                if legacy is not None:
                    journal.started = str(legacy[1]["started"])
                    legacy[0].unlink(missing_ok=True)  # the journal takes the old record's place
            return None if match.is_over else (match, seats)
        check_kind(kept, TABLE_FORMAT, TABLE_VERSION)
        name, tokens = kept.get("journal"), kept.get("tokens")
        if not isinstance(name, str) or not JOURNAL_NAME.fullmatch(name) or journals is None:
            raise DamagedFile(RecordProblem.MALFORMED, "table.journal")
        if not isinstance(tokens, list) or not all(
            isinstance(t, str) and len(t) <= MOST_TOKEN for t in tokens
        ):
            raise DamagedFile(RecordProblem.MALFORMED, "table.tokens")
        journal_path = journals.path(f"{FOLDER}/{name}")
        assert journal_path is not None
        replayed, text = read_journal(journal_path, _checked_seat)
        if replayed.match.is_over:
            self.ended_at_start[number] = replayed.match
            self.over_at_start(replayed.match, replayed.seats, name)  # its ratings, if they were not kept
            return None
        if len(tokens) != len(replayed.seats):
            raise DamagedFile(RecordProblem.MALFORMED, "table.tokens")
        if text.torn:
            self.report(TornJournal(number, str(journal_path)))
        self.journals[number] = Journal.resume(journals, journal_path, replayed, text, table=number)
        self.codes_kept[number] = {"journal": name, "tokens": tokens}
        self.codes_asked[number] = list(tokens)
        seats = [{**seat, "token": token} for seat, token in zip(replayed.seats, tokens, strict=True)]
        return replayed.match, seats

    # ------------------------------------------------------- opening, sitting

    @property
    def most(self) -> int:
        """Tables at once: a new one waits until one closes."""
        return MOST_TABLES

    def is_full(self) -> bool:
        return len(self.by_number) >= self.most

    def open(self, rules: Rules, computers: list[str], taken: list[str]) -> Table:
        """A new table: the people's seats free, the computers named as nobody online or waiting is
        (``taken``, the one who opens it first), so the table talk can tell them apart; if too few
        names are left, never as the one who opens it."""
        number = max(self.by_number, default=0) + 1
        people = rules.players - len(computers)
        seats = [Seat(n, f"Seat{n + 1}") for n in range(people)]
        unlike = [n for n in COMPUTER_NAMES if alike(n, taken) is None]
        free_names = unlike + [n for n in COMPUTER_NAMES if n not in unlike and alike(n, taken[:1]) is None]
        for k, level in enumerate(computers):
            seats.append(Seat(people + k, free_names[k], level))
        match = Match(rules, SeededDealer(int.from_bytes(os.urandom(4), "big")))
        table = Table(number, match, seats, save=self.save, hold_seconds=self.hold_minutes * 60)
        self.by_number[number] = table
        return table

    def open_seated(
        self, rules: Rules, dealer: SeededDealer, seats: list[tuple[str, str | None, str]]
    ) -> Table:
        """A tournament's table: each seat named (``name, level, code``: a computer's level, or None for a
        person, whose seat waits for them under the hold rule until they sit down or rejoin with the
        code). Its match begins with ``begin``, once the people who are here sit (``sit(start=False)``)."""
        number = max(self.by_number, default=0) + 1
        now = time.monotonic()
        made = [Seat(index, name, level, code) for index, (name, level, code) in enumerate(seats)]
        for seat in made:
            if seat.is_person:
                seat.away_since = now
        hold = self.hold_minutes * 60
        table = Table(number, Match(rules, dealer), made, save=self.save, hold_seconds=hold)
        table.tournament = True
        self.by_number[number] = table
        return table

    def begin(self, table: Table) -> None:
        """A tournament's table begins (everyone who is here seated): dealt, saved, then play goes on."""
        table.start()
        self.save(table)
        table.prompt_all()
        self.computers_move(table)

    def sit(self, client: Client, table: Table, seat: Seat, start: bool = True) -> None:
        """The named person sits at a free seat; the table hears it; the match begins when it is full
        (``start``; a tournament's table begins when everyone who is here sat down: ``begin``)."""
        person = client.session
        assert person.name is not None
        seat.name = person.name
        seat.client, seat.session = client, person
        seat.address = client.address
        seat.last_prompt = ""
        seat.away_since = None
        seat.game = SeatGame(table, seat, language=person.language, verbosity=person.verbosity)
        table.renamed(seat)
        person.table, person.seat = table, seat
        client.say(texts.seated(client.i18n, table.number, seat.index + 1, seat.token))
        side.seat_taken(client, table, seat)
        if start:  # a tournament's table: everyone hears whom they play when it begins, not each sitting
            table.say_to_all(
                lambda other: None if other is seat else texts.joins(words_of(other, client), seat.name)
            )
            self.seated(table, seat.game)

    def seated(self, table: Table, game: SeatGame) -> None:
        """Someone sat down: the match begins once every person's seat is taken; then play goes on."""
        if not any(s.is_free for s in table.seats):
            table.start()
        self.save(table)
        game.turn_and_prompt()
        self.computers_move(table)

    def seat_of_code(self, code: str) -> tuple[Table, Seat] | None:
        """The person's seat whose code this is (waiting for its person, or held by a connection that
        may have died unnoticed: whoever holds the code is the seat's person)."""
        for table in self.by_number.values():
            for seat in table.people:
                if code and secrets_equal(seat.token, code):
                    return table, seat
        return None

    def take_back(self, client: Client, table: Table, seat: Seat) -> None:
        """``rejoin``: the seat's person is back on ``client`` (the seat's session moves to it, in the
        language and verbosity the connection has now); what it missed is told, then play goes on."""
        was_away = seat.client is None
        if isinstance(seat.client, Client):  # a connection the server thinks alive; the code came anew
            _taken_over(seat.client)
        person = seat.session or Session()  # none after a restart
        person.name = seat.name  # the table knows the seat by its name
        person.language, person.verbosity = client.session.language, client.session.verbosity
        person.table, person.seat, person.watching = table, seat, None
        client.session = person
        # lost on the old line or told while away: all of it again, but what the page shows already
        heading, missed = seat.to_tell_again(client.lines_shown)
        seat.forget_told()
        seat.client, seat.session, seat.away_since, seat.last_prompt = client, person, None, ""
        seat.address = client.address
        if seat.game is None:  # after a restart: the seat's game, its history told as before
            seat.game = SeatGame(table, seat, language=person.language, verbosity=person.verbosity)
            if table.match.hand_number:
                seat.game.restore_history()
        self.wait_for_writes(client, table)
        seat.tell_again(heading)  # a new page's transcript opens the hand with its heading
        seat.game.orient()  # whom they play, to what target: as when the match began
        client.say(texts.rejoined(client.i18n, table.number, seat.index + 1, len(missed)))
        side.seat_taken(client, table, seat)
        seat.tell_again(missed)  # with their numbers and kinds
        if table.match.phase is Phase.HAND_OVER:  # where the next hand stands: who is ready
            said = table.waiting_said(seat, table.waited_for())
            if said is not None:
                seat.game.say(said)
        if was_away:
            table.say_to_all(notice(texts.back, seat.name, client, skip=seat))
        if not any(s.is_free for s in table.seats):
            # last, always: whose turn, and what can be done at the seat's
            seat.game.state_now([line.text for line in missed])
        self.seated(table, seat.game)

    def waiting_from(self, address: str) -> int:
        """Seats left waiting (after leave or a lost line) by people from this address."""
        return sum(
            1
            for table in self.by_number.values()
            for seat in table.people
            if seat.client is None and seat.away_since is not None and seat.address == address
        )

    def waiting(self, but: str | None = None) -> list[tuple[Table, Seat]]:
        """The seats waiting for their people, with their tables (nobody else may take their names
        meanwhile); ``but``: the code of a seat left out (the one the asking connection left)."""
        return [
            (table, seat)
            for table in self.by_number.values()
            if not table.match.is_over
            for seat in table.people
            if seat.client is None and seat.away_since is not None and not (but and seat.token == but)
        ]

    # ------------------------------------------------------------ at a seat

    def at_seat(self, client: Client, text: str) -> ParseError | None:
        """A line typed at a seat, read once by the seat's game and answered, then the prompt, then the
        computers. A line whose first word the game does not know is not answered: its refusal is
        returned, for the lobby to look the word up (``refuse_at_seat`` if it does not know it either)."""
        seat, table = client.session.seat, client.session.table
        assert seat is not None and seat.game is not None and table is not None
        seat.heard()
        game = seat.game
        read = game.read(text)
        if isinstance(read, ParseError) and read.problem is ParseProblem.UNKNOWN and text.split():
            return read
        command = read if isinstance(read, Command) else None
        kind = command.kind if command is not None else None
        asks_help = command is not None and kind is CommandKind.HELP and not command.argument
        if table.match.phase is Phase.NOT_STARTED and kind not in BEFORE_THE_MATCH:
            if asks_help:
                self._lobby_help(client)
            free = sum(1 for s in table.seats if s.is_free)
            client.say(texts.waiting_for_players(client.i18n, free))
            return None
        try:
            if isinstance(read, ParseError):
                game.refuse(read)
            elif read is not None:
                game.run_command(read.kind, read)
        except QuitGame:  # as at the console: leave (the seat waits for rejoin) and close
            self.leave(client)
            client.say(texts.goodbye(client.i18n))
            client.close(Closing.QUIT)
            return None
        if asks_help:  # the game's help, then what the table adds
            client.say(texts.table_also(client.i18n))
        self._answered(client, table, game)
        return None

    def refuse_at_seat(self, client: Client, refused: ParseError) -> None:
        """A line neither the seat's game nor the lobby knows: the game's refusal, then the prompt."""
        seat, table = client.session.seat, client.session.table
        assert seat is not None and seat.game is not None and table is not None
        if table.match.phase is Phase.NOT_STARTED:
            client.say(texts.waiting_for_players(client.i18n, sum(1 for s in table.seats if s.is_free)))
            return
        seat.game.refuse(refused)
        self._answered(client, table, seat.game)

    def _answered(self, client: Client, table: Table, game: SeatGame) -> None:
        """After a line at a seat was answered: the prompt, the seat's words kept, the computers move."""
        game.turn_and_prompt()
        client.session.language = game.i18n.language
        client.session.verbosity = game.verbosity
        if table.match.is_over:
            client.say(texts.match_over(client.i18n))
        self.computers_move(table)

    def prompt_again(self, client: Client) -> None:
        """The seat's prompt once more (after lines were refused as too fast: nothing answered them)."""
        seat = client.session.seat
        if seat is not None and seat.client is client and seat.game is not None:
            seat.last_prompt = ""
            seat.game.turn_and_prompt()

    # ------------------------------------------------------- leaving, gone

    def leave(self, client: Client) -> None:
        """``leave`` (or quit) at a table: a watcher stops watching; a seat is freed before the match,
        else it waits for its person (told its code and for how long)."""
        person = client.session
        table = person.table
        if table is None:
            client.say(texts.not_at_table(client.i18n))
            return
        if person.watching is not None:
            with contextlib.suppress(ValueError):
                table.watchers.remove(person.watching)
            person.watching, person.table = None, None
            client.say(texts.stopped_watching(client.i18n, table.number))
            self.drop_if_done(table)
            return
        seat = person.seat
        assert seat is not None
        code = seat.token
        if table.match.phase is Phase.NOT_STARTED:
            closed = self.unseat(client, table, seat)
            number = table.number
            client.say(
                texts.table_closed(client.i18n, number) if closed else texts.seat_freed(client.i18n, number)
            )
            side.seat_gone(client, code, SeatGone.CLOSED if closed else SeatGone.FREED)
            return
        table.left(seat)
        client.session = client.session.in_lobby()  # the seat keeps the session for a rejoin
        if self.drop_if_done(table):  # nobody else was there: no seat waits, the table is gone
            client.say(texts.table_closed(client.i18n, table.number))
            side.seat_gone(client, code, SeatGone.CLOSED)
            return
        if table.match.is_over:  # nothing to come back to
            client.say(texts.left_after_match(client.i18n, table.number))
            side.seat_gone(client, code, SeatGone.OVER)
            return
        minutes = self.tell_away(client, table, seat)
        client.session.left = code  # ``rejoin`` alone takes it back on this connection
        client.say(texts.left_table(client.i18n, table.number, minutes, seat.token))
        side.seat_left(client, table, seat, minutes)

    def gone(self, client: Client) -> None:
        """A connection ended: it stops watching; its seat is freed before the match, else waits."""
        seat, table, watching = client.session.seat, client.session.table, client.session.watching
        if watching is not None and table is not None:
            with contextlib.suppress(ValueError):
                table.watchers.remove(watching)
        if seat is not None and table is not None and table.match.phase is Phase.NOT_STARTED:
            self.unseat(client, table, seat)
            return
        if seat is not None and table is not None:
            table.left(seat)
            if not table.match.is_over:
                self.tell_away(client, table, seat)
        if table is not None:
            self.drop_if_done(table)

    def tell_away(self, client: Client, table: Table, seat: Seat) -> int:
        """The table hears that the seat's person is away and how long the seat waits (the minutes)."""
        minutes = self.hold_said()
        table.say_to_all(
            lambda other: None if other is seat else texts.away(words_of(other, client), seat.name, minutes)
        )
        return minutes

    def unseat(self, client: Client, table: Table, seat: Seat) -> bool:
        """Before the match begins a seat is not held: it is free again, and a table nobody sits at
        any more is closed (nothing of it is saved). Whether the table closed."""
        name = seat.name
        table.free(seat)
        client.session.seat, client.session.table = None, None
        table.renamed(seat)
        if any(s.client is not None for s in table.people):
            table.say_to_all(lambda other: texts.left_before_start(words_of(other, client), name))
            return False
        self.close(table)
        return True

    def hold_said(self) -> int:
        """The minutes a seat waits, as told: rounded up (half a minute is not "0 minutes")."""
        return max(1, math.ceil(self.hold_minutes))

    def drop_if_done(self, table: Table) -> bool:
        """A finished match nobody sits at or watches any more is gone (its file too). Whether it went."""
        if not table.match.is_over or table.watchers or any(s.client is not None for s in table.seats):
            return False
        self.close(table)
        return True

    def close(self, table: Table) -> None:
        """The table is gone (its file too): its watchers are told and are back in the lobby."""
        for watcher in list(table.watchers):
            client = watcher.client
            if isinstance(client, Client):
                client.say(texts.table_gone(client.i18n, table.number))
                client.session.table, client.session.watching = None, None
        table.watchers.clear()
        number = table.number
        self.by_number.pop(number, None)
        journal = self.journals.pop(number, None)
        self.writing.pop(number, None)
        self.owed.discard(number)
        self.codes_asked.pop(number, None)

        def gone() -> None:  # in the writer thread, after the table's last write
            if journal is not None:
                journal.close()
            self.codes_kept.pop(number, None)
            if self.storage is not None:
                self.storage.remove(f"table-{number}.json")

        self.writes.submit(gone)

    # ---------------------------------------------------------------- computers

    def computers_move(self, table: Table) -> None:
        if table.number in self.moving or table.computer_to_move() is None:
            return
        self.moving.add(table.number)
        self._spawn(self._run_computers(table))

    async def _run_computers(self, table: Table) -> None:
        """Each computer turn (its forced draws with it) is chosen in a worker thread, saved, then told.
        A fault of ours is counted and told to the table, never a traceback on the host's console."""
        try:
            await self._computer_turns(table)
        except Exception:
            self.fault(table)
        finally:
            self.moving.discard(table.number)
        if table.match.is_over:
            for person in table.people:
                if isinstance(person.client, Client):
                    person.client.say(texts.match_over(person.client.i18n))

    def fault(self, table: Table | None) -> None:
        self.faults.record()
        if table is not None:
            table.say_to_all(lambda other: texts.fault(words_of(other, None)))

    async def _computer_turns(self, table: Table) -> None:
        await self._computer_moves(table)
        # a tournament's table plays on when nobody's readiness is waited for (only computers, or every
        # person ready): the next hand is dealt, and the computers move again
        while table.tournament and table.deal_if_ready():
            await self._computer_moves(table)

    async def _computer_moves(self, table: Table) -> None:
        while (seat := table.computer_to_move()) is not None:
            match = table.match
            before = len(match.history)
            while True:
                view = SeatView(match, seat)
                player = table.players[seat]
                action = await asyncio.to_thread(self._choose, player, view)
                cut = hurried(player)
                if cut is not None:
                    table.notes.append(journal_data.hurried(len(match.actions), seat, *cut))
                match.apply(action)
                if not isinstance(action, Draw) or match.turn != seat or match.phase is not Phase.PLAYING:
                    break
            table.save()
            table.tell(match.history[before:])
            await asyncio.sleep(0)

    # -------------------------------------------------------------- the hold

    async def sweep(self) -> None:
        """Once a second: seats away too long get a computer player."""
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            for table in list(self.by_number.values()):
                try:
                    self._sweep_table(table, now)
                except Exception:
                    self.fault(table)

    def _sweep_table(self, table: Table, now: float) -> None:
        """Seats away too long get a computer player; a table only computers are left at is closed
        (nobody would ever deal its next hand, and it would hold a place among the tables)."""
        gone = table.expired(now)
        for seat in gone:
            table.say_to_all(notice(texts.stand_in, seat.name, None))
        if not table.people and not (table.tournament and not table.match.is_over):
            self.close(table)
            return
        # a stand-in is ready for the next hand: dealt now if everyone else is, else who is still waited for
        if gone and not table.deal_if_ready() and table.ready and table.match.phase is Phase.HAND_OVER:
            table.tell_waiting(None)
        elif table.tournament:
            table.deal_if_ready()  # a table of computers only, after a restart
        self.computers_move(table)


def listeners(table: Table) -> list[Client]:
    """The connections at a table: its seats' and its watchers'."""
    lines = [seat.client for seat in table.seats] + [watcher.client for watcher in table.watchers]
    return [line for line in lines if isinstance(line, Client)]


def _taken_over(old: Client) -> None:
    """The seat's code came from a new connection (the old one's line broke without the server
    noticing yet): the old connection is told and closed; the seat goes on with the new one."""
    old.say(texts.taken_over(old.i18n))
    # the session goes on with the new connection: the old one's end does not make the seat wait, nor is
    # it listed online under the seat's name while it dies
    old.session = Session(language=old.session.language, verbosity=old.session.verbosity)
    old.close(Closing.TAKEN_OVER)


def notice(
    say: Callable[[I18n, str], Message], name: str, client: Client | None, skip: Seat | None = None
) -> Callable[[Seat | None], Message | None]:
    """A notice about ``name`` for everyone at a table but ``skip``, each in their own language."""

    def told(other: Seat | None) -> Message | None:
        return None if other is not None and other is skip else say(words_of(other, client), name)

    return told


def words_of(seat: Seat | None, fallback: Client | None) -> I18n:
    """The language a notice is said in: the seat's own, else the client's, else English."""
    if seat is not None and seat.game is not None:
        return seat.game.i18n
    if fallback is not None:
        return fallback.i18n
    return words_in("en")


def _checked_seat(value: Any, where: str) -> None:
    if not isinstance(value, dict) or not isinstance(value.get("name"), str):
        raise ValueError(where)
