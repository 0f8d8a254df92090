"""A tournament at ``bergen serve``: its entrants, its rounds at the server's own tables, its file.

One tournament at a time per server. A person opens it (``tournament new``), others enter, the one who
opened it begins it: computers of the chosen level fill the seats that make the tables even
(``tournament.seats_to_fill``), and from then on everything else comes from the tournament core
(``bergen_access.tournament``): the rounds (``next_round``), the seeds and seats of duplicate deals
(``round_seed``, ``deal_seat``), the standings. Each round's tables are ordinary tables of the server
(saved, recorded, held for a dropped player, finished by a computer when the hold runs out); a person's
seat there has the person's tournament code, so ``rejoin CODE`` takes it back at any round. When a
table's match is over its result (``TableResult``, the points of every deal) is kept; when the last
table of a round is over, every entrant hears the standings and the next round is seated.

The file (``tournament.json`` in the server's folder) holds the format, the entrants and their codes,
the results and the current round's table numbers — the rest is recomputed from them. It is written
whole and atomically by the server's writer thread before what follows is told (write-ahead, like the
tables), read as untrusted at the start (anything wrong: set aside whole, the host told in one
sentence). At the end the final standings are written beside it as text and CSV.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core import Match, SeededDealer
from ..core.events import HandDealt, HandEnded, MatchWon
from ..core.record import check_kind
from ..core.refused import RecordProblem
from ..core.rules import Rules, RulesError, from_options
from ..i18n import I18n
from ..players import LEVELS
from ..present.club_text import ClubText, evening_csv, evening_text
from ..present.message import Message
from ..session.storage import Storage
from ..session.untrusted import DamagedFile, FileProblem, read_json
from ..tournament import Format, Round, TableResult, deal_seat, next_round, played, round_seed, seats_to_fill
from ..tournament.evening import Evening
from ..tournament.plan import finished
from . import side
from . import tourney_texts as said
from .connections import Client, Connections
from .gmcp import SeatGone
from .names import alike, good_name
from .registry import KeptFileProblem
from .table import Table
from .tables import COMPUTER_NAMES, Tables, TournamentKept, listeners
from .texts import line
from .writes import Ticket

FILE = "tournament.json"
FORMAT = "bergen-access-tournament"
VERSION = 1
MOST_ENTRANTS = 400
MOST_CODE = 64


@dataclass
class Entrant:
    """One entrant: a person (``level`` None) or a computer; a person's code takes their seat back."""

    name: str
    level: str | None = None
    code: str = field(default_factory=lambda: secrets.token_hex(4))


@dataclass
class Tournament:
    """The tournament's state: what its file keeps, and the rounds recomputed from it."""

    opener: str
    rules: Rules
    fmt: Format
    level: str
    language: str
    seed: int
    entrants: list[Entrant]
    started: bool = False
    results: list[TableResult] = field(default_factory=list)
    #: the server's table of each (round, table) seated so far in the current round
    numbers: dict[tuple[int, int], int] = field(default_factory=dict)
    rounds: list[Round] = field(default_factory=list)
    _evening: Evening | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def names(self) -> list[str]:
        return [entrant.name for entrant in self.entrants]

    def pair(self) -> None:
        """Pair the next round once every table of the last one has its result (the core's rules)."""
        while (
            self.started
            and len(self.rounds) < self.fmt.rounds
            and played(self.rounds, self.results) == len(self.rounds)
        ):
            self.rounds.append(next_round(self.fmt, len(self.entrants), self.rounds, self.results))

    @property
    def over(self) -> bool:
        return self.started and finished(self.fmt, self.rounds, self.results)

    def result_of(self, round_number: int, table: int) -> TableResult | None:
        return next((r for r in self.results if (r.round, r.table) == (round_number, table)), None)

    def playing(self) -> list[int]:
        """The tables of the last round paired without a result yet."""
        if not self.rounds:
            return []
        paired = self.rounds[-1]
        return [t for t in range(len(paired.tables)) if self.result_of(paired.number, t) is None]

    def evening(self) -> Evening:
        """The tournament as the club's evening (for its standings lines and its exports). Made once (an
        evening pairs its first round when made: a fraction of a second for a large field) and given the
        rounds and results as they are now, so a page's every prompt costs no pairing."""
        evening = self._evening
        if evening is None or evening.names != self.names:
            evening = self._evening = Evening(self.fmt, self.names)
        evening.rounds, evening.results = list(self.rounds), list(self.results)
        return evening

    def to_json(self) -> str:
        return (
            json.dumps(
                {
                    "format": FORMAT,
                    "version": VERSION,
                    "opener": self.opener,
                    "rules": self.rules.options(),
                    "rounds": self.fmt.rounds,
                    "duplicate": self.fmt.duplicate,
                    "level": self.level,
                    "language": self.language,
                    "seed": self.seed,
                    "started": self.started,
                    "entrants": [{"name": e.name, "level": e.level, "code": e.code} for e in self.entrants],
                    "results": [
                        {
                            "round": r.round,
                            "table": r.table,
                            "final": list(r.final),
                            "deals": [list(d) for d in r.deals],
                        }
                        for r in self.results
                    ],
                    "tables": [[r, t, n] for (r, t), n in sorted(self.numbers.items())],
                },
                ensure_ascii=False,
            )
            + "\n"
        )


def _integer(value: Any, low: int, high: int, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DamagedFile(RecordProblem.MALFORMED, where)
    return value


def read_tournament(kept: Any) -> Tournament:
    """A tournament from its file's JSON, every field checked (``DamagedFile`` or ``ValueError`` if not)."""
    check_kind(kept, FORMAT, VERSION)
    try:
        rules = from_options(dict(kept["rules"]))
    except (RulesError, KeyError, TypeError, ValueError):
        raise DamagedFile(RecordProblem.MALFORMED, "tournament.rules") from None
    rounds = _integer(kept.get("rounds"), 1, 1000, "tournament.rounds")
    duplicate, started = kept.get("duplicate"), kept.get("started")
    level, language, opener = kept.get("level"), kept.get("language"), kept.get("opener")
    if not isinstance(duplicate, bool) or not isinstance(started, bool) or level not in LEVELS:
        raise DamagedFile(RecordProblem.MALFORMED, "tournament")
    if not isinstance(language, str) or len(language) > 8 or not isinstance(opener, str):
        raise DamagedFile(RecordProblem.MALFORMED, "tournament")
    seed = _integer(kept.get("seed"), 0, 2**63, "tournament.seed")
    fmt = Format(table_size=rules.players, rounds=rounds, partners=rules.partnerships, duplicate=duplicate)
    entries = kept.get("entrants")
    if not isinstance(entries, list) or not 1 <= len(entries) <= MOST_ENTRANTS:
        raise DamagedFile(RecordProblem.MALFORMED, "tournament.entrants")
    entrants: list[Entrant] = []
    for place, entry in enumerate(entries):
        name, who, code = (
            (entry.get(k) for k in ("name", "level", "code")) if isinstance(entry, dict) else (None,) * 3
        )
        if not (isinstance(name, str) and good_name(name)) or (who is not None and who not in LEVELS):
            raise DamagedFile(RecordProblem.MALFORMED, f"tournament.entrants[{place}]")
        if (
            not isinstance(code, str)
            or not 0 < len(code) <= MOST_CODE
            or alike(name, [e.name for e in entrants])
        ):
            raise DamagedFile(RecordProblem.MALFORMED, f"tournament.entrants[{place}]")
        entrants.append(Entrant(name, who, code))
    if started and len(entrants) % fmt.table_size:
        raise DamagedFile(RecordProblem.MALFORMED, "tournament.entrants")
    results = []
    for place, entry in enumerate(kept.get("results") or []):
        if not isinstance(entry, dict):
            raise DamagedFile(RecordProblem.MALFORMED, f"tournament.results[{place}]")
        final, deals = entry.get("final"), entry.get("deals")
        if (
            not isinstance(final, list)
            or not isinstance(deals, list)
            or not all(isinstance(d, list) for d in deals)
        ):
            raise DamagedFile(RecordProblem.MALFORMED, f"tournament.results[{place}]")
        numbers = [*final, *(p for d in deals for p in d)]
        if not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 10**6 for p in numbers):
            raise DamagedFile(RecordProblem.MALFORMED, f"tournament.results[{place}]")
        round_number = _integer(entry.get("round"), 0, rounds, f"tournament.results[{place}]")
        table = _integer(entry.get("table"), 0, MOST_ENTRANTS, f"tournament.results[{place}]")
        results.append(TableResult(round_number, table, tuple(final), tuple(tuple(d) for d in deals)))
    tournament = Tournament(opener, rules, fmt, level, language, seed, entrants, started)
    for result in results:  # each result in the order it came, each of a table paired by then
        tournament.pair()
        tournament.results.append(result)
        played(tournament.rounds, tournament.results)  # checks it (ValueError if no such table)
    tournament.pair()
    tables = kept.get("tables")
    if not isinstance(tables, list):
        raise DamagedFile(RecordProblem.MALFORMED, "tournament.tables")
    for entry in tables:
        if not isinstance(entry, list) or len(entry) != 3:
            raise DamagedFile(RecordProblem.MALFORMED, "tournament.tables")
        r, t, n = (_integer(x, 0, 10**6, "tournament.tables") for x in entry)
        tournament.numbers[(r, t)] = n
    return tournament


def match_result(match: Match, round_number: int, table: int) -> TableResult:
    """A finished match as the core's ``TableResult``: each seat's final score (its side's) and its
    points in every deal, in the order dealt."""
    side_of = match.rules.seat_sides
    totals: dict[int, tuple[int, ...]] = {}
    hand = 0
    for event in match.history:
        if isinstance(event, HandDealt):
            hand = event.hand
        elif isinstance(event, (HandEnded, MatchWon)):
            totals[hand] = event.totals
    before = tuple(match.starting_scores)
    deals = []
    for number in sorted(totals):
        after = totals[number]
        deals.append(tuple(after[side_of[seat]] - before[side_of[seat]] for seat in range(match.players)))
        before = after
    final = tuple(sum(column) for column in zip(*deals, strict=True)) if deals else (0,) * match.players
    return TableResult(round_number, table, final, tuple(deals))


class Tournaments:
    """The server's tournament: the lobby's words for it, its rounds at the tables, its file."""

    def __init__(
        self,
        tables: Tables,
        connections: Connections,
        storage: Storage | None,
        report: Callable[[KeptFileProblem | TournamentKept], None],
    ) -> None:
        self.tables = tables
        self.connections = connections
        self.storage = storage
        self.report = report
        self.current: Tournament | None = None

    # ------------------------------------------------------------ the file

    def write(self) -> Ticket:
        """The tournament's file, written whole in the writer thread; what follows is told after it."""
        tournament = self.current
        text = tournament.to_json() if tournament is not None else None
        storage = self.storage

        def work() -> None:
            if storage is None:
                return
            if text is None:
                storage.remove(FILE)
            else:
                storage.write(FILE, text)

        return self.tables.writes.submit(work)

    def restore(self) -> None:
        """At the start (after the tables came back): the tournament as it was; results of tables whose
        match ended before the server stopped are taken; the current round's missing tables are opened
        (their people rejoin with their codes)."""
        path = self.storage.path(FILE) if self.storage is not None else None
        if self.storage is None or path is None:
            return
        self.storage.clean_temporary(FILE)
        try:
            tournament = read_tournament(read_json(path))
        except FileNotFoundError:
            return
        except ValueError as error:  # DamagedFile, RecordError: the reason; anything else: malformed
            code = getattr(error, "code", RecordProblem.MALFORMED)
            kept = self.storage.set_aside(FILE, "damaged")
            self.report(
                KeptFileProblem(
                    "tournament", FileProblem(str(code), str(getattr(error, "detail", "")), path, kept)
                )
            )
            return
        self.current = tournament
        if not tournament.started or tournament.over:
            return
        paired = tournament.rounds[-1]
        for index in tournament.playing():
            number = tournament.numbers.get((paired.number, index))
            ended = self.tables.ended_at_start.get(number) if number is not None else None
            table = self._table_of(tournament, paired, index, number) if number is not None else None
            if ended is not None and table is None:
                tournament.results.append(match_result(ended, paired.number, index))
        tournament.pair()
        if tournament.over:
            self._finish()
            return
        self._open_round(tell=False)

    # ------------------------------------------------------------ the lobby's words

    def client_of(self, name: str) -> Client | None:
        """The connection of the person of that name, if they are here."""
        return next((c for c in self.connections.clients if c.session.name == name and not c.closed), None)

    def _tell_entrants(self, message: Callable[[I18n], Message], but: str | None = None) -> None:
        tournament = self.current
        if tournament is None:
            return
        for entrant in tournament.entrants:
            client = self.client_of(entrant.name) if entrant.level is None and entrant.name != but else None
            if client is not None:
                client.say(message(client.i18n))

    def open(self, client: Client, rules: Rules, rounds: int, duplicate: bool, level: str) -> None:
        """``tournament new``: the person opens it and is its first entrant."""
        name = client.session.name
        assert name is not None
        current = self.current
        if current is not None and not current.over:
            client.say(said.one_already(client.i18n, current.opener))
            return
        fmt = Format(
            table_size=rules.players, rounds=rounds, partners=rules.partnerships, duplicate=duplicate
        )
        seed = int.from_bytes(secrets.token_bytes(8), "big") >> 1
        me = Entrant(name)
        self.current = Tournament(name, rules, fmt, level, client.session.language, seed, [me])
        ticket = self.write()
        client.hold_until(ticket)
        client.say(said.you_opened(client.i18n, said.described(client.i18n, rules, fmt, level), me.code))
        for other in self.connections.clients:
            if (
                other is not client
                and other.session.name
                and other.session.table is None
                and not other.closed
            ):
                other.hold_until(ticket)
                other.say(said.opened(other.i18n, name, said.described(other.i18n, rules, fmt, level)))

    def join(self, client: Client) -> None:
        tournament = self.current
        name = client.session.name
        assert name is not None
        if tournament is None or tournament.over:
            client.say(said.no_tournament(client.i18n))
            return
        if any(e.name == name for e in tournament.entrants):
            client.say(said.already_in(client.i18n))
            return
        if tournament.started:
            client.say(said.under_way(client.i18n))
            return
        other = alike(name, tournament.names)
        if other is not None or len(tournament.entrants) >= MOST_ENTRANTS:
            client.say(said.name_like_entrant(client.i18n, name, other or name))
            return
        me = Entrant(name)
        tournament.entrants.append(me)
        ticket = self.write()
        client.hold_until(ticket)
        count = len(tournament.entrants)
        client.say(said.entered(client.i18n, count, me.code))
        self._tell_entrants(lambda i: said.someone_entered(i, name, count), but=name)

    def leave(self, client: Client) -> None:
        tournament = self.current
        name = client.session.name
        if tournament is None or tournament.over:
            client.say(said.no_tournament(client.i18n))
            return
        if not any(e.name == name for e in tournament.entrants):
            client.say(said.not_in(client.i18n))
            return
        if tournament.started:
            client.say(said.under_way(client.i18n))
            return
        if name == tournament.opener:  # the one who opened it leaves: it is called off
            opener = tournament.opener
            self._tell_entrants(lambda i: said.called_off(i, opener))
            self.current = None
            client.hold_until(self.write())
            return
        tournament.entrants = [e for e in tournament.entrants if e.name != name]
        client.hold_until(self.write())
        client.say(said.you_left(client.i18n))
        count = len(tournament.entrants)
        self._tell_entrants(lambda i: said.someone_left(i, name or "", count))

    def start(self, client: Client) -> None:
        """``tournament start`` (who opened it): computers fill the seats, the first round is seated."""
        tournament = self.current
        if tournament is None or tournament.over:
            client.say(said.no_tournament(client.i18n))
            return
        if tournament.started:
            client.say(said.under_way(client.i18n))
            return
        if client.session.name != tournament.opener:
            client.say(said.only_the_opener(client.i18n, tournament.opener))
            return
        computers = seats_to_fill(len(tournament.entrants), tournament.fmt.table_size)
        if len(tournament.entrants) + computers < 2:
            computers += tournament.fmt.table_size
        free = [n for n in COMPUTER_NAMES if alike(n, tournament.names) is None]
        free += [f"{n}{k}" for k in range(2, 100) for n in COMPUTER_NAMES]
        for name in free[:computers]:
            tournament.entrants.append(Entrant(name, tournament.level))
        tournament.started = True
        tournament.pair()
        count = len(tournament.entrants)
        self._tell_entrants(lambda i: said.begins(i, count, computers))
        self._open_round(tell=True)

    def status(self, client: Client) -> None:
        """``tournament`` alone: where it stands."""
        tournament = self.current
        i = client.i18n
        if tournament is None:
            client.say(said.no_tournament(i))
        elif not tournament.started:
            described = said.described(i, tournament.rules, tournament.fmt, tournament.level)
            client.say(said.status_open(i, tournament.opener, described, tournament.names))
        elif tournament.over:
            client.say(said.over(i))
        else:
            paired = tournament.rounds[-1]
            client.say(
                said.status_round(i, paired.number + 1, tournament.fmt.rounds, len(tournament.playing()))
            )
            self._tell_place(client, tournament, paired)

    def standings(self, client: Client) -> None:
        """``standings``: the standings now, one line per entrant, the best first."""
        tournament = self.current
        if tournament is None or not tournament.started:
            client.say(said.no_tournament(client.i18n))
            return
        self._say_standings(client, tournament)

    def round_of(self, table: Table) -> int | None:
        """The round (from 0) a table of the server plays in the tournament; None if it is no table of it."""
        tournament = self.current
        if tournament is None or not table.tournament:
            return None
        return next((r for (r, _), n in tournament.numbers.items() if n == table.number), None)

    def page_view(self, client: Client) -> dict[str, Any]:
        """What the web page shows of a tournament under way (its "Tournament" section): the person's
        table in the round, if they play in it, and the standings, one line each."""
        tournament = self.current
        if tournament is None or not tournament.started:
            return {}
        text = ClubText(client.i18n, tournament.names)
        shown: dict[str, Any] = {"standings": text.standings_lines(tournament.evening())}
        if tournament.over:
            shown["place"] = said.over(client.i18n).text
        else:
            paired = tournament.rounds[-1]
            place = self._place(client, tournament, paired)
            if place is not None:
                shown["place"] = place.text
        return {"tournament": shown}

    def _say_standings(self, client: Client, tournament: Tournament) -> None:
        text = ClubText(client.i18n, tournament.names)
        for told in text.standings_lines(tournament.evening()):
            client.say(line(told))

    def _tell_place(self, client: Client, tournament: Tournament, paired: Round) -> None:
        """Where this person plays in the round: round, table, seat, and with whom."""
        place = self._place(client, tournament, paired)
        if place is not None:
            client.say(place)

    def _place(self, client: Client, tournament: Tournament, paired: Round) -> Message | None:
        name = client.session.name
        for index, seats in enumerate(paired.tables):
            names = [tournament.entrants[e].name for e in seats]
            number = tournament.numbers.get((paired.number, index))
            if name in names and number is not None:
                others = [n for n in names if n != name]
                return said.your_table(
                    client.i18n,
                    paired.number + 1,
                    tournament.fmt.rounds,
                    table=number,
                    seat=names.index(name) + 1,
                    others=others,
                )
        return None

    # ------------------------------------------------------------ the rounds

    def _open_round(self, tell: bool) -> None:
        """The current round's tables that are not there yet: opened, written to the file, then each
        person here seated (told their round, table and seat) and the matches begun."""
        tournament = self.current
        assert tournament is not None
        paired = tournament.rounds[-1]
        made: list[Table] = []
        tournament.numbers = {
            key: value for key, value in tournament.numbers.items() if key[0] == paired.number
        }
        for index in tournament.playing():
            number = tournament.numbers.get((paired.number, index))
            if number is not None and self._table_of(tournament, paired, index, number) is not None:
                continue
            table = self._table(tournament, paired.number, index, paired.tables[index])
            tournament.numbers[(paired.number, index)] = table.number
            made.append(table)
        ticket = self.write()
        for table in made:
            if tell:
                self._seat_people(tournament, paired, table, ticket)
            self.tables.begin(table)

    def _table_of(self, tournament: Tournament, paired: Round, index: int, number: int) -> Table | None:
        """The server's table ``number`` if it is that table of the round (its seats the entrants')."""
        table = self.tables.by_number.get(number)
        names = [tournament.entrants[e].name for e in paired.tables[index]]
        if table is None or [seat.name for seat in table.seats] != names:
            return None
        table.tournament = True
        return table

    def _table(self, tournament: Tournament, round_number: int, index: int, seats: tuple[int, ...]) -> Table:
        """A table of the round: duplicate deals from the round's one seed, the seats rotated by table; else
        a seed of the table's own."""
        size = tournament.fmt.table_size
        seed = round_seed(tournament.seed, round_number)
        if tournament.fmt.duplicate:
            dealer = SeededDealer(seed, deal_seat(index, 0, size))
        else:
            dealer = SeededDealer(round_seed(seed, index + 1))
        named = [(e.name, e.level, e.code) for e in (tournament.entrants[k] for k in seats)]
        return self.tables.open_seated(tournament.rules, dealer, named)

    def _seat_people(self, tournament: Tournament, paired: Round, table: Table, ticket: Ticket) -> None:
        """Each person of the table who is here hears their place and sits down; one at another table (or
        watching) is told their seat waits; one away is held for under the hold rule."""
        for seat in table.people:
            client = self.client_of(seat.name)
            if client is None:
                continue
            client.hold_until(ticket)
            old, old_seat = client.session.table, client.session.seat
            if old is not None and old_seat is not None and old.tournament and old.match.is_over:
                self._out_of(client, old)
            names = [s.name for s in table.seats]
            others = [n for n in names if n != seat.name]
            client.say(
                said.your_table(
                    client.i18n,
                    paired.number + 1,
                    tournament.fmt.rounds,
                    table=table.number,
                    seat=seat.index + 1,
                    others=others,
                )
            )
            if client.session.table is not None:
                client.say(said.your_seat_waits(client.i18n, table.number, seat.token))
                continue
            self.tables.sit(client, table, seat, start=False)

    def _out_of(self, client: Client, table: Table) -> None:
        """A person leaves their finished tournament table for the next round (its code is theirs no more)."""
        seat = client.session.seat
        assert seat is not None
        code = seat.token
        table.left(seat)
        seat.token = secrets.token_hex(4)
        client.session = client.session.in_lobby()
        side.seat_gone(client, code, SeatGone.OVER)
        self.tables.drop_if_done(table)

    def after_match(self, table: Table, key: str | None) -> None:
        """A table's match is over: if it is a table of the tournament's round, its result is kept (on the
        disk before anything follows); when it was the round's last, the standings and the next round."""
        tournament = self.current
        if tournament is None or not tournament.started or tournament.over or not tournament.rounds:
            return
        paired = tournament.rounds[-1]
        place = next(
            (t for (r, t), n in tournament.numbers.items() if n == table.number and r == paired.number), None
        )
        if place is None or tournament.result_of(paired.number, place) is not None:
            return
        tournament.results.append(match_result(table.match, paired.number, place))
        tournament.pair()
        playing = len(tournament.playing())
        # this result ended the round: nothing of the round is still played (another round is paired,
        # or the tournament is over); decided here, once, whatever order the writes come back in
        ended = tournament.over or tournament.rounds[-1].number != paired.number
        ticket = self.write()
        for client in listeners(table):
            client.hold_until(ticket)
        ticket.then(lambda: self._after_result(tournament, table, paired, 0 if ended else playing))

    def _after_result(self, tournament: Tournament, table: Table, paired: Round, playing: int) -> None:
        """A table's result is on the disk: the standings and the next round if it ended the round
        (``playing`` 0), else its people hear how many tables of the round still play."""
        if tournament is not self.current:
            return
        if playing:
            for person in table.people:
                if isinstance(person.client, Client):
                    person.client.say(said.round_waits(person.client.i18n, paired.number + 1, playing))
            return
        for entrant in tournament.entrants:
            client = self.client_of(entrant.name) if entrant.level is None else None
            if client is not None:
                self._say_standings(client, tournament)
        if tournament.over:
            self._finish()
            self._tell_entrants(said.over)
        else:
            self._open_round(tell=True)
        self._close_finished()

    def _close_finished(self) -> None:
        """Finished tournament tables nobody sits at or watches any more are gone; one kept (watched) gives
        up its seats' codes, which are their people's at the next round's table now."""
        for table in list(self.tables.by_number.values()):
            if table.tournament and table.match.is_over and not self.tables.drop_if_done(table):
                for seat in table.people:
                    if seat.client is None:
                        seat.token = secrets.token_hex(4)

    def _finish(self) -> None:
        """The final standings written beside the tournament's file, as text and CSV (the club's export)."""
        tournament = self.current
        storage = self.storage
        if tournament is None or storage is None:
            return
        text = ClubText(I18n(tournament.language), tournament.names)
        evening = tournament.evening()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        when = time.strftime("%Y-%m-%d %H:%M")
        written = evening_text(text, evening, when), evening_csv(text, evening)

        names = f"tournament-{stamp}.txt", f"tournament-{stamp}.csv"

        def work() -> bool:
            return all([storage.write(name, content) for name, content in zip(names, written, strict=True)])

        def done(kept: bool) -> None:  # back on the loop: the host hears where the standings are
            if kept:
                self.report(TournamentKept(*(str(storage.path(name)) for name in names)))

        self.tables.writes.submit(work, done)
