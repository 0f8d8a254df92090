"""The computers cannot be re-rolled: each decision is a function of the match's seed, the seat and the
position, never of how the match got there (issue 32).

The same move played again after ``undo`` gets the same replies, whether the computers are made anew for
the replayed match (as the game loop does) or kept; a match quit and resumed at any turn goes on as the
uninterrupted one did; ``bergen simulate`` with the strong level prints the same match twice. The strong
level's search is measured in work, not in the wall clock: in play a ceiling guards only a machine too
busy to finish, and a move it cuts short is in the match's record.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bergen_access.core.actions import Action
from bergen_access.core.dealers import SeededDealer
from bergen_access.core.engine import Match, Phase
from bergen_access.core.journal import Progress, entries_since, header, replay
from bergen_access.core.rules import preset
from bergen_access.core.takeback import take_back
from bergen_access.core.view import SeatView
from bergen_access.net.server import Server
from bergen_access.output.announcer import Announcer
from bergen_access.play import computer_players
from bergen_access.players import LEVELS, Player, make_player, seat_seed
from bergen_access.players.strong import DEFAULT_SIMULATIONS, PLAY_CEILING, SIMULATIONS, StrongPlayer
from bergen_access.present.message import Verbosity
from bergen_access.seat.match_seat import MatchSeat, Seating
from bergen_access.seat.session import quiet_session
from bergen_access.seat.turns import computer_turn
from bergen_access.session.journal import FOLDER, Journal, read_journal
from bergen_access.session.storage import Storage

from .drivers import ROOT, environment
from .folders import data_folder
from .net_clients import LineClient, one_move
from .test_net_server import run as run_server

#: the levels, strong with a small amount of work (the same search, fewer playouts) to keep the tests quick
FACTORIES: dict[str, Callable[[int], Player]] = {
    "easy": LEVELS["easy"],
    "normal": LEVELS["normal"],
    "strong": lambda seed: StrongPlayer(seed, simulations=40, time_budget=None),
}
#: preset, set, players, partnerships
TABLES = (
    ("standard", 6, 2, False),
    ("standard", 6, 3, False),
    ("counters", 6, 4, True),
    ("dominoplaza", 6, 4, False),
    ("standard", 9, 2, False),
    ("dominoplaza", 9, 3, False),
    ("counters", 12, 2, False),
)


def _computers(level: str, match: Match) -> dict[int, Player]:
    """Computers at every seat but 0, seeded as the game seeds them (``seat_seed``)."""
    return {seat: FACTORIES[level](seat_seed(match, seat)) for seat in range(1, match.players)}


def _replies(match: Match, players: dict[int, Player]) -> list[Action]:
    """The computers' moves until seat 0's turn again (or the hand's end)."""
    made: list[Action] = []
    while match.phase is Phase.PLAYING and match.turn != 0:
        action = players[match.turn].choose(SeatView(match, match.turn))
        match.apply(action)
        made.append(action)
    return made


def _undo_and_again(level: str, name: str, tile_set: int, players: int, partners: bool, seed: int) -> int:
    """Through one hand: at each of seat 0's turns, its move, the replies; undo; the same move, the
    replies again (computers made anew, and the ones kept). Returns how many moves were checked."""
    rules = preset(name, tile_set=tile_set, players=players, partnerships=partners)
    match = Match(rules, SeededDealer(seed))
    match.start_hand()
    kept = _computers(level, match)
    _replies(match, kept)
    person = random.Random(seed)
    checked = 0
    while match.phase is Phase.PLAYING and checked < 8:
        move = person.choice(match.legal_actions())
        match.apply(move)
        first = _replies(match, kept)
        result = take_back(match, 0)
        assert result is not None
        for computers in (_computers(level, result[0]), kept):
            again = result[0].copy()
            again.apply(move)
            assert _replies(again, computers) == first, (level, name, tile_set, players, seed, checked)
        checked += 1
    return checked


@pytest.mark.parametrize("level", sorted(FACTORIES))
@pytest.mark.parametrize(("name", "tile_set", "players", "partners"), TABLES)
def test_the_same_move_after_undo_gets_the_same_replies(
    level: str, name: str, tile_set: int, players: int, partners: bool
) -> None:
    checked = sum(_undo_and_again(level, name, tile_set, players, partners, seed) for seed in (3, 102))
    assert checked >= 4


def _resumed(match: Match, levels: dict[int, str]) -> tuple[Match, dict[int, Player]]:
    """The match as a resume finds it: its journal read back and replayed, the computers made anew."""
    stamp = "2026-12-06T00:00:00"
    head = header(match, [{} for _ in range(match.players)], stamp)
    entries = entries_since(match, Progress(), stamp)
    loaded = replay(*json.loads(json.dumps([head, entries]))).match  # as written and read back
    return loaded, {seat: FACTORIES[level](seat_seed(loaded, seat)) for seat, level in levels.items()}


@pytest.mark.parametrize("level", sorted(FACTORIES))
@pytest.mark.parametrize(("name", "tile_set", "players", "partners"), TABLES[::2])
def test_a_match_resumed_at_any_turn_goes_on_as_the_uninterrupted_one(
    level: str, name: str, tile_set: int, players: int, partners: bool
) -> None:
    """Computers at every seat; at each turn of the first hands the match is saved and resumed, and the
    computers made anew choose the move the uninterrupted match's computers chose there."""
    rules = preset(name, tile_set=tile_set, players=players, partnerships=partners)
    match = Match(rules, SeededDealer(7))
    levels = dict.fromkeys(range(players), level)
    computers = {seat: FACTORIES[level](seat_seed(match, seat)) for seat in range(players)}
    match.start_hand()
    checked = 0
    while not match.is_over and checked < 40:
        if match.phase is Phase.HAND_OVER:
            match.start_hand()
            continue
        loaded, fresh = _resumed(match, levels)
        assert loaded.state_key() == match.state_key()
        turn = match.turn
        action = computers[turn].choose(SeatView(match, turn))
        assert fresh[turn].choose(SeatView(loaded, turn)) == action, (level, name, len(match.actions))
        match.apply(action)
        checked += 1
    assert checked >= 20


def _program(args: list[str], home: Path, lines: str = "") -> str:
    done = subprocess.run(
        [sys.executable, "-m", "bergen_access", *args],
        input=lines,
        capture_output=True,
        text=True,
        cwd=str(ROOT),
        env=environment(home, TERM="dumb"),
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_issue_example_anna_answers_the_same_after_undo(tmp_path: Path) -> None:
    """``0-2``, ``undo``, ``0-2`` at seed 102 against easy Anna: her answer is the same both times."""
    text = _program(
        ["--plain", "--speech", "off", "--seed", "102", "--opponents", "easy", "--new"],
        tmp_path,
        "0-2\nundo\n0-2\nquit\n",
    )
    before, _, after = text.partition("Taken back")
    first = [line for line in before.splitlines() if line.startswith("Anna plays")]
    again = [line for line in after.splitlines() if line.startswith("Anna plays")]
    assert len(first) == 2 and again, text
    assert again[0] == first[-1], text


def test_simulate_with_strong_prints_the_same_match_twice(tmp_path: Path) -> None:
    """Fixed work, no clock: the same seed gives the same match, event by event, on every run; two runs at
    once (each slowing the other, as the clock-bound search could not bear) print the same."""
    args = ["simulate", "--seed", "3", "--matches", "1", "--opponents", "strong,normal"]
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "bergen_access", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=str(ROOT),
            env=environment(tmp_path / str(n), TERM="dumb"),
        )
        for n in range(2)
    ]
    first, again = (
        [line for line in run.communicate(timeout=600)[0].splitlines() if "per move" not in line]
        for run in runs
    )  # the time a move took is the machine's own
    assert [run.returncode for run in runs] == [0, 0]
    assert any(line.startswith("match 1 seed 3") for line in first)
    assert first == again


def test_strong_does_fixed_work_and_only_play_adds_a_ceiling() -> None:
    """``simulate`` and the benchmarks (``make_player``) never look at the clock; a match people play
    (the game's ``computer_players``, a network table) adds the ceiling, at most 1.5 s."""
    strong = make_player("strong", 31)
    assert isinstance(strong, StrongPlayer) and strong.time_budget is None
    match = Match(preset("standard", players=3), SeededDealer(3))
    seated = computer_players(match, Seating(["You", "Anna", "Cem"], 0, {1: "strong", 2: "normal"}))
    anna = seated[1]
    assert isinstance(anna, StrongPlayer) and anna.time_budget == PLAY_CEILING <= 1.5
    assert anna.seed == seat_seed(match, 1) == 31
    six, nine, twelve = (preset("standard", tile_set=highest) for highest in (6, 9, 12))
    assert strong.work(six) == DEFAULT_SIMULATIONS == 9000
    # fewer playouts where a playout costs more (rules.md §6), so a decision takes about as long
    assert strong.work(twelve) == SIMULATIONS[12] < strong.work(nine) == SIMULATIONS[9] < DEFAULT_SIMULATIONS


def _played_with(strong: StrongPlayer, home: Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A hand at the keyboard against ``strong`` (the person plays the first legal move), kept in a
    journal as the game keeps it: its entries and the envelope read back."""
    session = quiet_session()
    session.storage = Storage.open(home)
    session.journal = Journal(session.storage)
    seat = MatchSeat(
        Match(preset("standard"), SeededDealer(5)),
        Seating(["You", "Anna"], 0, {1: "strong"}),
        language="en",
        verbosity=Verbosity.NORMAL,
        announcer=Announcer(io.StringIO(), language="en"),
        session=session,
    )
    seat.start_hand()
    while seat.match.phase is Phase.PLAYING:
        if seat.match.turn == 1:
            computer_turn(seat, strong)
        else:
            seat.moves.apply(seat.match.legal_actions()[0])
    path = session.journal.path
    assert path is not None
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return lines[1:], read_journal(path)[0].envelope


def test_a_move_the_ceiling_cut_short_is_in_the_record(tmp_path: Path) -> None:
    """A machine too busy to finish the work: the move is still made, and the record says which one and
    how much of the work was done; a search that finishes leaves no such entry."""
    busy = StrongPlayer(5, simulations=10**6, time_budget=0.002)
    entries, envelope = _played_with(busy, data_folder(tmp_path / "busy"))
    cut = [entry["hurried"] for entry in entries if "hurried" in entry]
    assert cut and envelope["hurried"] == len(cut)
    assert all(note["seat"] == 1 and 0 < note["work"] < note["of"] == 10**6 for note in cut)
    entries, envelope = _played_with(StrongPlayer(5, simulations=60), data_folder(tmp_path / "quiet"))
    assert not any("hurried" in entry for entry in entries) and envelope["hurried"] == 0
    # The player is told too: `bergen record` says how many computer moves were made in haste.
    haste = f"{len(cut)} computer move{'s' if len(cut) > 1 else ''} made in haste (a busy machine)."
    assert haste in _program(["record", "--plain"], tmp_path / "busy")
    assert "in haste" not in _program(["record", "--plain"], tmp_path / "quiet")


def test_a_network_tables_computers_are_the_deals_and_record_a_cut_move(tmp_path: Path) -> None:
    """At a network table the computers are seeded from the deal as at the keyboard (so the same seed plays
    the same there), with the ceiling of play; a move the ceiling cut short is in the table's journal."""
    records = tmp_path / "records"

    async def body(server: Server, port: int) -> None:
        ada = await LineClient.connect(port)
        await ada.send("name Ada")
        await ada.send("create standard 2 computers strong")
        await ada.wait_for("^You sit at table 1")
        table = server.tables[1]
        anna = table.players[1]
        assert isinstance(anna, StrongPlayer) and anna.time_budget == PLAY_CEILING
        assert anna.seed == seat_seed(table.match, 1)
        anna.simulations, anna.time_budget = 10**6, 0.002  # a machine far too busy for the work
        while table.match.phase is Phase.PLAYING and len(table.match.actions) < 8:
            await one_move(table, {0: ada})
        await ada.close()

    run_server(body, records=Storage.open(records))
    [path] = sorted((records / FOLDER).glob("*.jsonl"))
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    cut = [line["hurried"] for line in lines if "hurried" in line]
    assert all(note["seat"] == 1 and note["work"] < note["of"] for note in cut)
    assert any(note["of"] == 10**6 for note in cut)
    assert read_journal(path)[0].envelope["hurried"] == len(cut)
