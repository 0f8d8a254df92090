"""Ratings at ``bergen serve``: OpenSkill's Weng-Lin model (Plackett-Luce) on known results checked
against the library's own ``rate`` (2 players, 3 players, partners); a whole match of two registered
names over real sockets, each hearing their new rating and its change; ``ratings`` lists them, the
highest first; a restart keeps them; a match with an unregistered name or a computer is not rated."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from bergen_access.i18n import I18n
from bergen_access.net import account_texts, ratings
from bergen_access.net.ratings import Rating, Ratings, places, rate, rated_sides
from bergen_access.net.server import Server
from bergen_access.session.storage import Storage

from .net_clients import LineClient, play_out
from .test_net_server import run

SECRETS = {
    "Ada": "seven quiet otters",
    "Bo": "eight loud herons",
    "Cem": "nine slow turtles",
    "Dee": "ten bright finches",
}


def library(teams: list[list[tuple[float, float]]], ranks: list[int]) -> list[list[tuple[float, float]]]:
    """The library's own update, straight from openskill."""
    model = PlackettLuce()
    rated = model.rate([[model.rating(mu=m, sigma=s) for m, s in team] for team in teams], ranks=ranks)
    return [[(r.mu, r.sigma) for r in team] for team in rated]


@pytest.mark.parametrize(
    ("sides", "scores", "winner"),
    [
        ([["Ada"], ["Bo"]], [15, 9], 0),  # two players
        ([["Ada"], ["Bo"], ["Cem"]], [4, 10, 7], 1),  # three: the winner, then by points
        ([["Ada"], ["Bo"], ["Cem"], ["Dee"]], [10, 3, 3, 8], 0),  # four, two sharing a place
        ([["Ada", "Cem"], ["Bo", "Dee"]], [12, 15], 1),  # partners: two teams of two
    ],
)
def test_ratings_are_the_librarys_own_update_on_known_results(
    sides: list[list[str]], scores: list[int], winner: int
) -> None:
    before = {"Ada": Rating(30.0, 5.0, 4), "Bo": Rating(22.5, 7.1, 2)}  # Cem and Dee are new
    ranks = places(scores, winner)
    assert ranks[winner] == 1
    changes = rate(before, sides, ranks)
    start = [[(before.get(n, Rating()).mu, before.get(n, Rating()).sigma) for n in side] for side in sides]
    expected = [pair for team in library(start, ranks) for pair in team]
    got = [x for c in changes for x in (c.after.mu, c.after.sigma)]
    assert got == pytest.approx([x for pair in expected for x in pair], rel=1e-12)
    for change in changes:
        assert change.after.matches == before.get(change.name, Rating()).matches + 1
        assert change.after.shown == pytest.approx(change.after.mu - 3 * change.after.sigma)  # the ordinal
    assert places([4, 10, 7], 1) == [3, 1, 2] and places([10, 3, 3, 8], 0) == [1, 3, 3, 2]


def test_only_a_match_of_registered_people_is_rated() -> None:
    registered = {"Ada", "Bo"}
    assert rated_sides([("Ada", True), ("Bo", True)], [(0,), (1,)], registered) == [["Ada"], ["Bo"]]
    assert rated_sides([("Ada", True), ("Cem", True)], [(0,), (1,)], registered) is None  # unregistered
    assert rated_sides([("Ada", True), ("Bo", False)], [(0,), (1,)], registered) is None  # a computer
    four = [("Ada", True), ("Bo", True), ("Ada2", True), ("Bo2", True)]
    assert rated_sides(four, [(0, 2), (1, 3)], {"Ada", "Bo", "Ada2", "Bo2"}) == [
        ["Ada", "Ada2"],
        ["Bo", "Bo2"],
    ]


def test_a_damaged_ratings_file_is_set_aside_and_the_ratings_start_anew(tmp_path: Path) -> None:
    (tmp_path / ratings.FILE).write_text(
        json.dumps({"format": ratings.FORMAT, "version": 1, "players": [{"name": "Ada", "mu": "NaN"}]}),
        encoding="utf-8",
    )
    kept = Ratings(Storage.open(tmp_path))
    problem = kept.load()
    assert problem is not None and problem.what == "ratings" and problem.problem.kept is not None
    assert kept.by_name == {} and not (tmp_path / ratings.FILE).exists()


async def registered(port: int, name: str) -> LineClient:
    person = await LineClient.connect(port)
    await person.wait_for("^Welcome")
    await person.send(f"name {name}")
    await person.wait_for(f"^You are {name}")
    await person.send(f"register {SECRETS[name]}")
    await person.wait_for(f"^{name} is registered to you")
    return person


def test_a_rated_match_tells_each_player_their_rating_and_the_list_survives_a_restart(tmp_path: Path) -> None:
    en = I18n("en")
    folder, killed = tmp_path / "server", tmp_path / "killed"
    board: list[str] = []

    async def match(server: Server, port: int) -> None:
        ada, bo = await registered(port, "Ada"), await registered(port, "Bo")
        await ada.send("ratings")
        await ada.wait_for("^No ratings yet. A match is rated when every seat is a registered name")
        await ada.send("create standard 2")
        await ada.wait_for("You sit at table")
        await bo.send("join 1")
        await bo.wait_for("You sit at table")
        table = server.tables[1]
        await play_out(table, {0: ada, 1: bo})
        ranks = places(table.match.scores, table.match.winner)
        new = library([[(25.0, 25 / 3)], [(25.0, 25 / 3)]], ranks)
        for person, (mu, sigma) in zip((ada, bo), (new[0][0], new[1][0]), strict=True):
            shown = mu - 3 * sigma
            said = account_texts.rating_changed(en, shown, shown - 0.0).text  # from 0: a newcomer's ordinal
            assert said.startswith("Your rating: ") and (", up " in said or ", down " in said)
            await person.wait_for("^" + said.replace(".", r"\.") + "$")
        winner = ("Ada", "Bo")[table.match.winner or 0]
        await ada.send("ratings")  # at the seat too: the game does not know the word, the lobby does
        first = await ada.wait_for(r"^1\. ")
        assert first.startswith(f"1. {winner}: ") and first.endswith(", 1 rated match.")
        await ada.wait_for(r"^2\. ")
        board.extend(line for line in ada.lines if line[:3] in ("1. ", "2. "))
        # the server's folder as a kill -9 between the match's end on the disk and its ratings leaves it
        shutil.copytree(folder, killed)
        (killed / ratings.FILE).unlink()
        for person in (ada, bo):
            await person.close()

    async def after_restart(server: Server, port: int) -> None:
        cem = await LineClient.connect(port)  # anyone may read the list, registered or not
        await cem.wait_for("^Welcome")
        await cem.send("ratings")
        await cem.wait_for(r"^2\. ")
        assert [line for line in cem.lines if line[:3] in ("1. ", "2. ")] == board
        await cem.close()

    run(match, folder)
    assert len(board) == 2
    run(after_restart, folder)
    kept = json.loads((folder / ratings.FILE).read_text(encoding="utf-8"))
    assert {p["name"] for p in kept["players"]} == {"Ada", "Bo"} and len(kept["rated"]) == 1
    # killed before the ratings were on the disk: the match is rated when the server starts again, once
    assert (killed / "table-1.json").exists() and not (killed / ratings.FILE).exists()
    for _ in range(2):
        run(after_restart, killed)
        assert json.loads((killed / ratings.FILE).read_text(encoding="utf-8")) == kept
    assert not any(
        secret in (folder / ratings.FILE).read_text(encoding="utf-8") for secret in SECRETS.values()
    )


@pytest.mark.parametrize(
    ("spec", "names"),
    [("standard 3", ["Ada", "Bo", "Cem"]), ("counters 4 partners", ["Ada", "Bo", "Cem", "Dee"])],
)
def test_three_players_and_partners_hear_the_librarys_own_update(spec: str, names: list[str]) -> None:
    async def body(server: Server, port: int) -> None:
        people = [await registered(port, name) for name in names]
        await people[0].send(f"create {spec}")
        await people[0].wait_for("You sit at table")
        for person in people[1:]:
            await person.send("join 1")
            await person.wait_for("You sit at table")
        table = server.tables[1]
        await play_out(table, dict(enumerate(people)))
        rules, match = table.match.rules, table.match
        sides = [rules.seats_of(side) for side in range(rules.sides)]
        new = library([[(25.0, 25 / 3)] * len(side) for side in sides], places(match.scores, match.winner))
        for side, team in zip(sides, new, strict=True):
            for seat, (mu, sigma) in zip(side, team, strict=True):
                said = account_texts.rating_changed(I18n("en"), mu - 3 * sigma, mu - 3 * sigma).text
                await people[seat].wait_for("^" + said.replace(".", r"\.") + "$")
        for person in people:
            await person.close()

    run(body)


def test_the_rating_line_is_said_in_each_language_with_its_decimal_mark() -> None:
    assert account_texts.rating_changed(I18n("en"), 27.34, 1.16).text == "Your rating: 27.3, up 1.2."
    assert (
        account_texts.rating_changed(I18n("de"), 27.34, -1.16).text
        == "Deine Wertungszahl: 27,3, 1,2 weniger."
    )
    assert account_texts.rating_changed(I18n("tr"), 0.0, 0.01).text == "Derecen: 0,0, değişmedi."
    line = account_texts.rating_line(I18n("de"), 1, "Ayşe", 27.3, 12).text
    assert line == "1. Ayşe: 27,3, 12 gewertete Partien."
