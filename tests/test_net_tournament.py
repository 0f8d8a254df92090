"""Tournaments at ``bergen serve`` over real sockets: 8 entrants (telnet people and computers) over 3
rounds with duplicate deals; every table of a round deals the same hands, rotated; the standings each
entrant hears are recomputed here independently; the final standings are exported; the words are
refused with their syntax; a kill -9 of the real server mid-round and a restart finish the tournament."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
import time
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from bergen_access.core.engine import Match, Phase
from bergen_access.core.events import HandDealt
from bergen_access.core.rules import preset
from bergen_access.core.view import SeatView
from bergen_access.i18n import I18n
from bergen_access.net import tourney
from bergen_access.net.server import Server
from bergen_access.present.club_text import said_number
from bergen_access.session.journal import FOLDER
from bergen_access.tournament import Format, holder

from .blind_play_bot import move
from .folders import data_folder
from .local_server import local_server
from .net_clients import LineClient, until
from .test_net_host import environment, lines_until_listening, serve, stop
from .test_net_server import run

PEOPLE = ["Ada", "Bo", "Dee", "Eli", "Fay"]
NEW = "tournament new standard 4 rounds 3 duplicate computers easy target=5"


async def entrant(port: int, name: str, language: str = "en") -> LineClient:
    person = await LineClient.connect(port)
    await person.send(f"name {name}")
    await person.wait_for(f"^You are {name}|^Du bist {name}|{name}")
    if language != "en":
        await person.send(f"language {language}")
        await person.wait_for(rf"\b{language}\b")
    return person


async def play_tournament(
    server: Server,
    people: dict[str, LineClient],
    seen: dict[tuple[int, int], Match],
    done: Callable[[], bool] | None = None,
) -> None:
    """Each person plays their seat (a legal move on their turn, ready after each hand) until the
    tournament is over; every table of every round is kept in ``seen`` by (round, table)."""
    deadline = time.monotonic() + 150
    sent: dict[str, tuple[int, int, int]] = {}
    while True:
        tournament = server.tournaments.current
        assert tournament is not None
        if tournament.rounds:
            paired = tournament.rounds[-1]
            for (r, t), number in tournament.numbers.items():
                table = server.tables.get(number)
                if table is not None and r == paired.number:
                    seen[(r, t)] = table.match
        if tournament.over or (done is not None and done()):
            return
        assert time.monotonic() < deadline, "the tournament did not end in time"
        for name, client in people.items():
            held = server.tournaments.client_of(name)
            seat = held.session.seat if held is not None else None
            table = held.session.table if held is not None else None
            if seat is None or table is None or seat.game is None:
                continue
            match = table.match
            state = (table.number, len(match.actions), match.hand_number)
            if sent.get(name) == state:
                continue  # said already: wait for it to be taken
            if match.phase is Phase.PLAYING and match.turn == seat.index:
                sent[name] = state
                await client.send(move(SeatView(match, seat.index)))
            elif match.phase is Phase.HAND_OVER and seat.index not in table.ready and not match.is_over:
                sent[name] = state
                await client.send("")
        await asyncio.sleep(0.01)


def dealt(match: Match) -> dict[int, tuple[tuple[str, ...], ...]]:
    """The hands each deal gave every seat (the last deal of a hand number, after any redeal)."""
    hands: dict[int, tuple[tuple[str, ...], ...]] = {}
    for event in match.history:
        if isinstance(event, HandDealt):
            hands[event.hand] = tuple(tuple(t.notation for t in hand or ()) for hand in event.hands)
    return hands


def recomputed(tournament: tourney.Tournament) -> list[tuple[str, int, Fraction, int]]:
    """The standings from the rounds and results, worked out here: wins, points over the field (each deal
    and hand compared with every table that played it), points; the order as the issue says."""
    names = tournament.names
    wins: dict[int, int] = defaultdict(int)
    points: dict[int, int] = defaultdict(int)
    field: dict[int, Fraction] = defaultdict(Fraction)
    groups: dict[tuple[int, int, int], list[tuple[int, int]]] = defaultdict(list)
    for result in tournament.results:
        seats = tournament.rounds[result.round].tables[result.table]
        top = max(result.final)
        if result.final.count(top) == 1:
            wins[seats[result.final.index(top)]] += 1
        for seat, score in enumerate(result.final):
            points[seats[seat]] += score
        for number, deal in enumerate(result.deals):
            for seat, got in enumerate(deal):
                hand = (seat + result.table) % len(seats)  # the hand of the round's deal this seat held
                groups[(result.round, number, hand)].append((seats[seat], got))
    for group in groups.values():
        mean = Fraction(sum(got for _, got in group), len(group))
        for who, got in group:
            field[who] += got - mean
    table = [(names[e], wins[e], field[e], points[e], e) for e in range(len(names))]
    table.sort(key=lambda row: (-row[1], -row[2], -row[3], row[4]))
    return [row[:4] for row in table]


def test_eight_entrants_play_three_rounds_of_duplicate_deals_and_hear_the_standings(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    seen: dict[tuple[int, int], Match] = {}
    heard: dict[str, list[str]] = {}

    async def body(server: Server, port: int) -> None:
        people = {name: await entrant(port, name, "de" if name == "Bo" else "en") for name in PEOPLE}
        ada = people["Ada"]
        await ada.send("tournament new standard 2 rounds nine")
        await ada.wait_for("^No tournament: “nine” is no number of rounds from 1 to 30. Type tournament new")
        await ada.send("standings")
        await ada.wait_for("^No tournament here")
        await ada.send(NEW)
        await ada.wait_for(
            "^Your tournament is open: own rules, tables of 4, 3 rounds, duplicate deals, computers: easy"
        )
        await people["Dee"].wait_for("^Ada opens a tournament: .*Type tournament join to enter")
        await people["Bo"].send("turnier neu standard 2")
        await people["Bo"].wait_for("^Es läuft schon ein Turnier von Ada; turnier sagt")
        for name in PEOPLE[1:]:  # one after the other: the entry order is the standings' last key
            await people[name].send("turnier beitreten" if name == "Bo" else "tournament join")
            await people[name].wait_for("^You are in the tournament|^Du bist im Turnier")
        await people["Fay"].wait_for("^You are in the tournament: 5 entrants. Your code is")
        await people["Bo"].send("tournament start")
        await people["Bo"].wait_for("^Nur Ada")
        await people["Fay"].send("tournament")
        await people["Fay"].wait_for("^Ada's tournament: .* 5 entrants: Ada, Bo, Dee, Eli, Fay")
        await ada.send("tournament start")
        await ada.wait_for("^The tournament begins: 8 entrants, 3 of them computers")
        await people["Bo"].wait_for("^Runde 1 von 3: Tisch \\d+, Platz \\d, mit ")
        await play_tournament(server, people, seen)
        tournament = server.tournaments.current
        assert tournament is not None
        for person in people.values():
            await person.wait_for("^The tournament is over|^Das Turnier ist vorbei")
        await ada.send("standings")
        await until(lambda: sum(line.startswith("Final standings") for line in ada.lines) == 2)
        await asyncio.sleep(0.2)
        for name, person in people.items():
            heard[name] = list(person.lines)
        server_tournament.append(tournament)
        for person in people.values():
            await person.close()

    server_tournament: list[tourney.Tournament] = []
    run(body, folder)
    tournament = server_tournament[0]
    assert len(tournament.entrants) == 8 and sum(e.level == "easy" for e in tournament.entrants) == 3
    # every table of a round dealt the same hands, each table's seats rotated
    for round_number in range(3):
        tables = [t for (r, t) in seen if r == round_number]
        assert sorted(tables) == [0, 1]
        canonical: dict[int, tuple[tuple[str, ...], ...]] = {}
        for t in tables:
            for hand, seats in dealt(seen[(round_number, t)]).items():
                by_deal = tuple(seats[holder(t, h, 4)] for h in range(4))
                assert canonical.setdefault(hand, by_deal) == by_deal, (round_number, t, hand)
        assert canonical
    # each result is its table's match, deal by deal
    for result in tournament.results:
        match = seen[(result.round, result.table)]
        assert match.is_over and list(result.final) == list(match.scores)
        assert len(result.deals) == match.hand_number
    # the standings every entrant heard last are the ones recomputed here
    expected = recomputed(tournament)
    for name in ("Ada", "Dee"):
        final = heard[name].index("Final standings:")
        lines = heard[name][final + 1 : final + 9]
        for place, (who, wins, field, points) in enumerate(expected, start=1):
            win_word = "win" if wins == 1 else "wins"
            point_word = "point" if points == 1 else "points"
            assert lines[place - 1] == (
                f"{place}. {who}: {wins} {win_word}, {said_number(field, 'en')} over the field, "
                f"{points} {point_word}."
            )
    assert (
        heard["Bo"].count("Endstand der Tabelle:")
        + sum("Tabelle nach Durchgang" in line for line in heard["Bo"])
        >= 3
    )
    for name in PEOPLE:
        assert sum(line.startswith(("Round 1 of 3", "Runde 1 von 3")) for line in heard[name]) == 1
    # the final standings as text and CSV in the server's folder
    (text,) = folder.glob("tournament-*.txt")
    (table,) = folder.glob("tournament-*.csv")
    assert "Final standings:" in text.read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(table.read_text(encoding="utf-8"))))
    assert [row[1] for row in rows[1:]] == [row[0] for row in expected]
    kept = json.loads((folder / tourney.FILE).read_text(encoding="utf-8"))
    assert len(kept["results"]) == 6 and kept["started"] is True


def test_a_server_killed_mid_round_comes_back_and_finishes_the_tournament(tmp_path: Path) -> None:
    """The real ``bergen serve`` is killed (-9) while round 1 is played; restarted, the round's tables and
    the tournament are back; Ada takes her seat back with her code, then everyone is away: each seat is
    held (``--hold``), then a computer finishes it, round 2 is seated and played, and the final standings
    are kept as text and CSV and said to Ada when she comes back."""
    env = environment(tmp_path)
    folder = data_folder(tmp_path) / "server"

    async def first_half(port: int) -> dict[str, tuple[str, str]]:
        people = {name: await entrant(port, name) for name in ("Ada", "Bo", "Dee")}
        await people["Ada"].send("tournament new standard 2 rounds 2 duplicate computers easy target=5")
        code = await people["Ada"].wait_for("^Your tournament is open")
        codes = {"Ada": code.split("Your code is ")[1].split(":")[0]}
        for name in ("Bo", "Dee"):
            await people[name].send("tournament join")
            joined = await people[name].wait_for("^You are in the tournament")
            codes[name] = joined.split("Your code is ")[1].split(":")[0]
        await people["Ada"].send("tournament start")
        places = {}
        for name, person in people.items():
            place = await person.wait_for(r"^Round 1 of 2: table \d+, seat \d")
            await person.wait_for(r"^Hand 1\. Your tiles")
            places[name] = (codes[name], place)
        return places

    process = serve(env)
    try:
        _, port = lines_until_listening(process)
        places = asyncio.run(asyncio.wait_for(first_half(port), 30))
    finally:
        process.kill()  # -9: nothing is closed, flushed or said
        process.wait(timeout=10)
    kept = json.loads((folder / tourney.FILE).read_text(encoding="utf-8"))
    assert kept["started"] and kept["results"] == [] and len(kept["entrants"]) == 4

    async def second_half(port: int) -> list[str]:
        ada = await LineClient.connect(port)
        code, place = places["Ada"]
        table, seat = re.search(r"table (\d+), seat (\d)", place).groups()  # type: ignore[union-attr]
        await ada.send(f"rejoin {code}")
        await ada.wait_for(f"^You are back at table {table}, seat {seat}")
        await ada.send("tournament")
        await ada.wait_for(r"^Round 1 of 2: \d tables? still plays?")
        await ada.wait_for(f"^Round 1 of 2: table {table}, seat {seat}, with ")
        await ada.close()  # away: her seat is held, then a computer finishes her match
        deadline = time.monotonic() + 90
        while not list(folder.glob("tournament-*.csv")):
            assert time.monotonic() < deadline, "the tournament did not finish"
            await asyncio.sleep(0.2)
        ada = await entrant(port, "Ada")
        await ada.send("standings")
        await ada.wait_for("^Final standings:")
        await ada.wait_for(r"^4\. ")
        await ada.close()
        return ada.lines[ada.lines.index("Final standings:") + 1 :]

    process = serve(env, "--hold", "0.05")
    try:
        told, port = lines_until_listening(process)
        assert told == ["2 saved tables are back; their players rejoin with their codes."], told
        said = asyncio.run(asyncio.wait_for(second_half(port), 120))
    finally:
        out, err = stop(process)
    assert "Traceback" not in err
    (text,) = folder.glob("tournament-*.txt")
    assert f"The tournament is over; its final standings are in {text} and {text.with_suffix('.csv')}." in out
    kept = json.loads((folder / tourney.FILE).read_text(encoding="utf-8"))
    finished = tourney.read_tournament(kept)
    assert finished.over and len(finished.results) == 4
    expected = recomputed(finished)
    assert [line.split(":")[0] for line in said[:4]] == [
        f"{n}. {row[0]}" for n, row in enumerate(expected, 1)
    ]
    for line, (_, wins, field, points) in zip(said, expected, strict=False):
        assert (
            f": {wins} win" in line and f", {said_number(field, 'en')} over the field, {points} point" in line
        )
    records = list((data_folder(tmp_path) / FOLDER).glob("*.jsonl"))
    assert len(records) == 4  # every match of the tournament is in the record, the killed one once


def test_tournament_new_reads_the_same_in_english_german_and_turkish() -> None:
    from bergen_access.net.lobby_words import lobby_words, parse_tournament  # noqa: PLC0415

    lines = {
        "en": "standard 4 partners rounds 5 duplicate computers easy target=20",
        "de": "standard 4 partner runden 5 duplikat computer leicht target=20",
        "tr": "standart 4 eşli tur 5 düplike bilgisayar kolay target=20",
    }
    read = {language: parse_tournament(lobby_words(I18n(language)), line) for language, line in lines.items()}
    rules, rounds, duplicate, level = read["en"]
    assert rules.partnerships and rules.players == 4 and rules.target == 20
    assert (rounds, duplicate, level) == (5, True, "easy")
    assert read["de"] == read["en"] == read["tr"]


def test_a_web_page_entrant_plays_and_its_page_shows_its_table_and_the_standings() -> None:
    from .test_net_web import run as run_web  # noqa: PLC0415
    from .web_clients import SocketClient  # noqa: PLC0415

    async def body(server: Server, port: int, web_port: int) -> None:
        page = await SocketClient.connect(web_port)
        await page.send("language en verbosity normal")
        await page.send("name Ada")
        await page.wait_for("You are Ada")
        people: dict[str, Any] = {
            "Ada": page,
            "Bo": await entrant(port, "Bo"),
            "Dee": await entrant(port, "Dee"),
        }
        await page.send("tournament new standard 2 rounds 2 duplicate computers easy target=5")
        await page.wait_for("^Your tournament is open")
        for name in ("Bo", "Dee"):
            await people[name].send("tournament join")
            await people[name].wait_for("^You are in the tournament")
        await page.send("tournament start")
        place = await page.wait_for(r"^Round 1 of 2: table \d+, seat \d, with ")
        await until(lambda: ((page.last("status") or {}).get("tournament") or {}).get("place") == place)
        shown = (page.last("status") or {})["tournament"]
        assert shown["standings"][0] == "Standings before the first round is finished:"
        assert len(shown["standings"]) == 5  # the heading, three people and a computer
        await play_tournament(server, people, {})
        await page.wait_for("^The tournament is over")
        await page.send("standings")
        await until(
            lambda: (
                ((page.last("status") or {}).get("tournament") or {}).get("standings", [""])[0]
                == "Final standings:"
            ),
            what="the final standings on the page",
        )
        for person in people.values():
            await person.close()

    run_web(body)


def test_entering_leaving_and_starting_are_refused_where_they_cannot_be() -> None:
    async def body(server: Server, port: int) -> None:
        ada, bo, dee = [await entrant(port, name) for name in ("Ada", "Bo", "Dee")]
        nobody = await LineClient.connect(port)
        await nobody.send("tournament join")
        await nobody.wait_for("^First your name")
        await bo.send("tournament join")
        await bo.wait_for("^No tournament here. Type tournament new")
        await ada.send("tournament new standard 2 rounds 2 computers easy")
        await ada.wait_for("^Your tournament is open")
        await bo.send("tournament join")
        await bo.wait_for("^You are in the tournament: 2 entrants")
        await bo.send("tournament join")
        await bo.wait_for("^You are in the tournament already")
        await dee.send("tournament leave")
        await dee.wait_for("^You are not in the tournament")
        await dee.send("tournament maybe")
        await dee.wait_for("^No tournament: “maybe” is not understood. Type tournament new")
        await bo.send("tournament start")
        await bo.wait_for("^Only Ada, who opened the tournament, begins it")
        await bo.send("tournament leave")
        await bo.wait_for("^You are out of the tournament")
        await ada.wait_for("^Bo leaves the tournament: 1 entrant")
        await bo.send("tournament join")
        await bo.wait_for("^You are in the tournament: 2 entrants")
        await ada.send("tournament leave")  # who opened it: it is called off
        await bo.wait_for("^Ada called the tournament off")
        await bo.send("tournament")
        await bo.wait_for("No tournament here", since=len(bo.lines) - 1)
        await ada.send("tournament new standard 2 rounds 1 computers easy target=5")
        await ada.wait_for("^Your tournament is open: own rules, tables of 2, 1 round")
        await ada.send("tournament start")
        await ada.wait_for(r"^Round 1 of 1: table \d+, seat \d, with ")
        await bo.send("tournament join")
        await bo.wait_for("^The tournament has begun: nobody enters or leaves now")
        await bo.send("tournament new standard 2")
        await bo.wait_for("^Ada's tournament is on already; tournament says where it stands")
        await bo.send("tables")  # a tournament's table says so in the list
        await bo.wait_for(
            r"^Table \d+: own rules; Ada, \w+ \(easy\); 0 seats free; .*, tournament round 1\.$"
        )
        for person in (ada, bo, dee, nobody):
            await person.close()

    run(body)


def test_partners_change_every_round_and_both_partners_of_the_winning_side_win() -> None:
    seen: dict[tuple[int, int], Match] = {}

    async def body(server: Server, port: int) -> None:
        people = {name: await entrant(port, name) for name in ("Ada", "Bo")}
        await people["Ada"].send(
            "tournament new standard 4 partners rounds 3 duplicate computers easy target=5"
        )
        await people["Ada"].wait_for("^Your tournament is open: own rules, tables of 4, partners, 3 rounds")
        await people["Bo"].send("tournament join")
        await people["Bo"].wait_for("^You are in the tournament")
        await people["Ada"].send("tournament start")
        await people["Ada"].wait_for("^The tournament begins: 4 entrants, 2 of them computers")
        await play_tournament(server, people, seen)
        tournament = server.tournaments.current
        assert tournament is not None
        partners = set()
        for result in tournament.results:
            seats = tournament.rounds[result.round].tables[result.table]
            assert result.final[0] == result.final[2] and result.final[1] == result.final[3]
            partners.add(frozenset((seats[0], seats[2])))
        assert len(partners) == 3  # Ada (entrant 0) partners each of the others once
        standings = {s.entrant: s.wins for s in tournament.evening().standings()}
        for result in tournament.results:
            seats = tournament.rounds[result.round].tables[result.table]
            winner = 0 if result.final[0] > result.final[1] else 1
            assert result.final[winner] > result.final[1 - winner]
        assert sum(standings.values()) == 2 * len(tournament.results)  # two winners a table
        expected = recomputed_partners(tournament)
        assert standings == expected
        for person in people.values():
            await person.close()

    run(body)


def recomputed_partners(tournament: tourney.Tournament) -> dict[int, int]:
    """Wins with partners, worked out here: both seats of the side with more points win."""
    wins: dict[int, int] = dict.fromkeys(range(len(tournament.entrants)), 0)
    for result in tournament.results:
        seats = tournament.rounds[result.round].tables[result.table]
        side = 0 if result.final[0] > result.final[1] else 1
        for seat in (side, side + 2):
            wins[seats[seat]] += 1
    return wins


def test_a_damaged_tournament_file_is_set_aside_and_told_in_one_sentence(tmp_path: Path) -> None:
    from bergen_access.net.registry import KeptFileProblem  # noqa: PLC0415
    from bergen_access.present.notices import file_problem  # noqa: PLC0415
    from bergen_access.session.storage import Storage  # noqa: PLC0415

    good = tourney.Tournament(
        "Ada",
        preset("standard", players=2),
        Format(table_size=2, rounds=2),
        "easy",
        "en",
        7,
        [tourney.Entrant("Ada"), tourney.Entrant("Bo")],
        started=True,
    )
    kept = json.loads(good.to_json())
    assert tourney.read_tournament(kept).names == ["Ada", "Bo"]
    damaged = [
        {**kept, "results": [{"round": 0, "table": 5, "final": [5, 1], "deals": []}]},  # no such table
        {**kept, "results": [{"round": 0, "table": 0, "final": [5, 1], "deals": [[4, 0]]}]},  # not its sum
        {**kept, "entrants": [{"name": "Ada", "level": None, "code": "x"}] * 2},  # one name twice
        {**kept, "rules": {"players": 7}},
        {**kept, "seed": "seven"},
    ]
    for number, content in enumerate(damaged):
        folder = tmp_path / str(number)
        folder.mkdir()
        (folder / tourney.FILE).write_text(json.dumps(content), encoding="utf-8")
        told: list[object] = []

        async def start(folder: Path = folder, told: list[object] = told) -> None:
            server = local_server(Storage.open(folder), report=told.append)
            await server.start("127.0.0.1", 0)
            assert server.tournaments.current is None
            await server.close()

        asyncio.run(start())
        (problem,) = [t for t in told if isinstance(t, KeptFileProblem)]
        said = file_problem(I18n("en"), problem.what, problem.problem).text
        assert (
            said.startswith("The tournament could not be used (")
            and "; the server goes on without it." in said
        )
        assert not (folder / tourney.FILE).exists() and len(list(folder.glob("tournament.damaged-*"))) == 1


def test_a_code_finds_the_next_rounds_seat_though_a_watched_table_of_the_last_round_is_still_open() -> None:
    """Bo dropped after his round-1 match ended while Dee still watches that table: when round 2 is
    seated, ``rejoin`` with Bo's code takes him to his round-2 seat, never back to the finished match."""
    from bergen_access.core.engine import Phase as Phases  # noqa: PLC0415

    async def body(server: Server, port: int) -> None:
        people = {name: await entrant(port, name) for name in ("Ada", "Bo", "Eli")}
        await people["Ada"].send("tournament new standard 2 rounds 2 computers easy target=5")
        await people["Ada"].wait_for("^Your tournament is open")
        codes = {}
        for name in ("Bo", "Eli"):
            await people[name].send("tournament join")
            joined = await people[name].wait_for("^You are in the tournament")
            codes[name] = joined.split("Your code is ")[1].split(":")[0]
        tournament = server.tournaments.current
        assert tournament is not None
        await people["Ada"].send("tournament start")
        first = await people["Bo"].wait_for(r"^Round 1 of 2: table \d+")
        number = int(first.split("table ")[1].split(",")[0])
        dee = await entrant(port, "Dee")
        await dee.send(f"watch {number}")
        await dee.wait_for(f"watching table {number}|You watch table {number}")
        table = server.tables[number]
        others = {n: p for n, p in people.items() if n != "Bo"}
        # Ada and Bo play until their match is over (Eli waits, so the other table is not over yet); then
        # Bo's line drops; the others play on
        pair = {n: p for n, p in people.items() if n != "Eli"}
        await play_tournament(server, pair, {}, done=lambda: table.match.is_over)
        await people["Bo"].close()
        await until(lambda: server.tournaments.client_of("Bo") is None, what="Bo gone")
        await play_tournament(
            server,
            others,
            {},
            done=lambda: (
                len(tournament.rounds) == 2
                and bool(tournament.numbers)
                and all(r == 1 for r, _ in tournament.numbers)
            ),
        )
        assert number in server.tables and table.match.is_over  # Dee still watches it
        bo = await LineClient.connect(port)
        await bo.send(f"rejoin {codes['Bo']}")
        back = await bo.wait_for("^You are back at table")
        (new,) = [
            n for (r, t), n in tournament.numbers.items() if "Bo" in [s.name for s in server.tables[n].seats]
        ]
        assert back.startswith(f"You are back at table {new},") and new != number
        assert server.tables[new].match.phase is not Phases.NOT_STARTED
        for person in (*people.values(), dee, bo):
            await person.close()

    run(body)


def test_a_tournament_not_begun_is_kept_over_a_restart_and_one_called_off_is_gone(tmp_path: Path) -> None:
    folder = tmp_path / "server"

    async def open_it(server: Server, port: int) -> None:
        ada, bo = await entrant(port, "Ada"), await entrant(port, "Bo")
        await ada.send("tournament new counters 3 rounds 4 computers normal")
        await ada.wait_for("^Your tournament is open: counters, tables of 3, 4 rounds")
        await bo.send("tournament join")
        await bo.wait_for("^You are in the tournament: 2 entrants")
        await ada.close()
        await bo.close()

    async def after_restart(server: Server, port: int) -> None:
        ada, dee = await entrant(port, "Ada"), await entrant(port, "Dee")
        await dee.send("tournament")
        await dee.wait_for(
            "^Ada's tournament: counters, tables of 3, 4 rounds, computers: normal. 2 entrants: Ada, Bo"
        )
        await dee.send("tournament join")
        await dee.wait_for("^You are in the tournament: 3 entrants")
        await ada.send("tournament leave")
        await dee.wait_for("^Ada called the tournament off")
        await until(lambda: not (folder / tourney.FILE).exists(), what="the file removed")
        await ada.close()
        await dee.close()

    run(open_it, folder)
    assert json.loads((folder / tourney.FILE).read_text(encoding="utf-8"))["started"] is False
    run(after_restart, folder)
