"""A match at a ``bergen serve`` table is kept in the record of every match, as a console match is (issue 23).

* a finished network match is in the data folder's records with its rules, its seats (names, people and
  computers with their levels, never a rejoin code), every action and the result; ``bergen record`` lists
  it (at which table, nobody there is "you"), replays and exports it, and leaves it out of the player's
  statistics (they count the matches played at this keyboard);
* the real server killed with -9 at the moment a move is saved and not yet told: the record already holds
  every action the table's save holds; restarted, the table goes on in the same record.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from bergen_access.session.journal import read_journal
from bergen_access.session.match_log import FOLDER, read_records
from bergen_access.session.savefile import checked_seat
from bergen_access.session.storage import Storage

from .capabilities import HARD_KILL
from .folders import data_env
from .local_server import local_server
from .net_clients import LineClient, play_out, seat_people
from .test_files_and_folders import assert_clean, data_of, run
from .test_kills import choose


def records_of(folder: Path) -> list[Path]:
    """The journals (each table's save and record)."""
    return sorted((folder / FOLDER).glob("*.jsonl"))


def test_a_finished_network_match_is_recorded_with_its_seats_and_result(tmp_path: Path) -> None:
    data = data_of(tmp_path)
    tokens: list[str] = []

    async def main() -> None:
        server = local_server(Storage.open(data / "server"), records=Storage.open(data))
        port = await server.start("127.0.0.1", 0)
        try:
            table, clients = await asyncio.wait_for(
                seat_people(server, port, "standard 3 computers normal", ["Ada", "Bo"]), 30
            )
            tokens.extend(seat.token for seat in table.seats)
            await asyncio.wait_for(play_out(table, dict(enumerate(clients))), 150)
            assert table.match.is_over  # made: the match has its end, its write may still be going on ...
            for client in clients:  # ... told once it is on the disk: after that the journal holds all
                await client.wait_for(r"^Match over: ")
            [path] = records_of(data)
            assert read_journal(path)[0].match.actions == table.match.actions
            kept = json.loads((data / "server" / "table-1.json").read_text(encoding="utf-8"))
            assert kept["journal"] == path.name and kept["tokens"] == tokens  # the codes beside it
            for client in clients:
                await client.close()
        finally:
            await server.close()
        assert server.faults == 0, server.last_fault

    asyncio.run(main())
    [path] = records_of(data)
    text = path.read_text(encoding="utf-8")
    assert not any(token in text for token in tokens)  # the rejoin codes are the table file's, never here
    replayed = read_journal(path)[0]
    assert replayed.envelope["table"] == 1 and replayed.envelope["ended"] is not None
    assert replayed.envelope["taken_back"] == 0
    assert replayed.seats == [
        {"name": "Ada", "kind": "human", "level": None},
        {"name": "Bo", "kind": "human", "level": None},
        {"name": "Anna", "kind": "computer", "level": "normal"},
    ]
    [entry], problems = read_records(Storage.open(data), checked_seat)
    assert not problems and entry.table == 1 and entry.player is None and entry.match.is_over
    winner = entry.match.winner
    assert winner is not None
    scores = "score: " + ", ".join(
        f"{n} {v}" for n, v in zip(["Ada", "Bo", "Anna"], entry.match.scores, strict=True)
    )
    listing = run(tmp_path, ["record"], "")
    assert_clean(listing)
    line = f"standard at table 1: Ada, Bo, Anna (normal); {['Ada', 'Bo', 'Anna'][winner]} won; {scores}."
    assert re.search(r"^1\. \d{4}-\d\d-\d\d \d\d:\d\d, " + re.escape(line) + "$", listing.out, re.M), (
        listing.out
    )
    assert "Statistics of" not in listing.out  # no match of this keyboard's player: no statistics
    replay = run(tmp_path, ["record", "replay", "1"], "\n\nhand\nquit\n")
    assert_clean(replay)
    assert "Replay of match 1. " in replay.out and "Hand 1. Your tiles: " in replay.out  # at Ada's seat
    exported = run(tmp_path, ["record", "export", "1", "--export-dir", str(tmp_path / "out")], "")
    assert_clean(exported)
    [csv] = (tmp_path / "out").glob("*.csv")
    assert csv.read_text(encoding="utf-8").startswith("hand,player,side,event,full value,points,total")


# ------------------------------------------------------------------------------------------- kill -9


class Serving:
    """The real ``bergen serve`` with the test hook: each save is marked on stderr, then held a moment."""

    def __init__(self, home: Path, pause: float | None, kill_at: int | None = None) -> None:
        env = {**os.environ, "HOME": str(home), **data_env(home), "LANG": "C.UTF-8"}
        env.pop("BERGEN_TEST_PAUSE_AFTER_SAVE", None)
        if pause is not None:
            env["BERGEN_TEST_PAUSE_AFTER_SAVE"] = str(pause)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bergen_access", "serve", "--port", "0"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        assert self.process.stdout is not None and self.process.stderr is not None
        while (
            found := re.search(r"listening on [\d.]+:(\d+)", line := self.process.stdout.readline())
        ) is None:
            assert line, "the server did not start"
        self.port = int(found.group(1))
        self.saves = 0
        self.killed = threading.Event()
        self._kill_at = kill_at
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self) -> None:
        """Count the saves; at the chosen one, kill -9 while the server holds between save and telling."""
        assert self.process.stderr is not None
        for line in self.process.stderr:
            if "bergen-test: saved journal" in line:
                self.saves += 1
                if self.saves == self._kill_at:
                    self.process.kill()  # kill -9 (TerminateProcess on Windows)
                    self.killed.set()
                    return

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=20)


async def take_turns(client: LineClient, until: threading.Event, most: int = 60) -> None:
    """Ada's moves from the game's own words ("Your turn. Playable: …"; after a draw "Enter plays it"),
    until the server is gone; when nothing comes for a while, ``turn`` asks again."""
    seen = 0
    for _ in range(most):
        if until.is_set() or client.closed:
            return
        try:
            line = await client.wait_for(
                r"^Your turn\.|Enter plays it|Enter deals|next hand", seen, timeout=3
            )
        except AssertionError:
            if until.is_set() or client.closed:
                return
            seen = len(client.lines)
            await client.send("turn")  # a computer is still moving, or the answer was another line
            continue
        seen = client.lines.index(line, seen) + 1
        if "Enter plays it" in line:
            await client.send("")
            continue
        move = choose("next hand" if not line.startswith("Your turn") else "", line)
        for typed in move.lines:
            await client.send(typed)


def saved_and_recorded(home: Path) -> tuple[dict[str, Any], list[Path]]:
    """The table's match as its journal holds it (actions, hands, its envelope), and the journals."""
    data = data_of(home)
    kept = json.loads((data / "server" / "table-1.json").read_text(encoding="utf-8"))
    paths = records_of(data)
    replayed = read_journal(data / FOLDER / kept["journal"])[0]
    save = {
        "actions": list(replayed.match.actions),
        "hands": replayed.match.hand_number,
        **replayed.envelope,
    }
    return save, paths


@pytest.mark.parametrize("kill_at", [3, 7])
def test_a_server_killed_at_the_save_loses_no_recorded_action(tmp_path: Path, kill_at: int) -> None:
    """Killed at the ``kill_at``-th save of the table (the deal is the first), while the server holds
    between the save and telling it."""
    code = ""

    async def first(port: int, serving: Serving) -> None:
        nonlocal code
        ada = await LineClient.connect(port)
        await ada.send("name Ada")
        await ada.send("create standard 2 computers normal")
        code = re.search(r"rejoin (\w+)", await ada.wait_for(r"rejoin \w+")).group(1)  # type: ignore[union-attr]
        await take_turns(ada, serving.killed)
        await ada.close()

    serving = Serving(tmp_path, pause=0.3, kill_at=kill_at)
    try:
        asyncio.run(asyncio.wait_for(first(serving.port, serving), 60))
        assert serving.killed.wait(5)
    finally:
        serving.stop()
    assert serving.process.returncode == (-HARD_KILL if HARD_KILL is not None else 1)
    save, [path] = saved_and_recorded(tmp_path)
    assert len(save["actions"]) >= kill_at - 2  # killed with moves made (the deal saves, draws save once)
    assert save["ended"] is None and save["table"] == 1
    at_the_kill = len(save["actions"])

    async def again(port: int) -> None:
        ada = await LineClient.connect(port)
        await ada.send(f"rejoin {code}")
        await ada.wait_for(r"You are back at table 1, seat 1")
        await ada.send("turn")
        done = threading.Event()
        await asyncio.wait_for(take_turns(ada, done, most=2), 20)
        await ada.wait_for(r"^You (play|draw|pass)")
        await ada.close()

    serving = Serving(tmp_path, pause=None)
    try:
        asyncio.run(asyncio.wait_for(again(serving.port), 60))
    finally:
        serving.stop()
    save, paths = saved_and_recorded(tmp_path)
    assert paths == [path]  # the restarted table goes on in its own journal ...
    assert len(save["actions"]) > at_the_kill  # ... which has every action, the new ones too


def test_two_matches_begun_in_one_second_never_share_a_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The console and a server on one data folder (or two tables) may begin in the same second: each
    new journal claims its own name, the other's file is never written over."""
    from bergen_access.core.dealers import SeededDealer  # noqa: PLC0415
    from bergen_access.core.engine import Match  # noqa: PLC0415
    from bergen_access.core.rules import preset  # noqa: PLC0415
    from bergen_access.session import journal  # noqa: PLC0415

    monkeypatch.setattr(journal, "stamp", lambda: "2026-12-02T18:30:05")
    seats = [{"name": "Ada", "kind": "human", "level": None}, {"name": "Bo", "kind": "human", "level": None}]
    matches = [Match(preset("standard"), SeededDealer(seed)) for seed in (1, 2, 3)]
    storage = Storage.open(tmp_path)
    journals = [journal.Journal(storage, table=table) for table in (1, 2)] + [
        journal.Journal(Storage.open(tmp_path))
    ]
    for match, kept in zip(matches, journals, strict=True):
        match.start_hand()
        assert kept.sync(match, seats)
    for match, kept in zip(matches, journals, strict=True):
        match.apply(match.legal_actions()[0])
        assert kept.sync(match, seats)  # written again, each in its own file
    names = [path.name for path in records_of(tmp_path)]
    assert names == ["20261202-183005-2.jsonl", "20261202-183005-3.jsonl", "20261202-183005.jsonl"]
    seeds = {journal.read_journal(path)[0].match.dealer.spec()["seed"] for path in records_of(tmp_path)}
    assert seeds == {1, 2, 3}
    assert all(len(journal.read_journal(path)[0].match.actions) == 1 for path in records_of(tmp_path))


def test_a_journal_that_cannot_be_written_is_told_to_the_host_once_and_play_goes_on(tmp_path: Path) -> None:
    from bergen_access.session.storage import NoticeKind, StorageNotice  # noqa: PLC0415

    data = data_of(tmp_path)
    data.mkdir(parents=True)
    (data / FOLDER).write_text("a file where the records folder should be\n")
    heard: list[object] = []

    async def main() -> None:
        server = local_server(Storage.open(data / "server"), records=Storage.open(data), report=heard.append)
        port = await server.start("127.0.0.1", 0)
        try:
            table, clients = await asyncio.wait_for(
                seat_people(server, port, "standard 2", ["Ada", "Bo"]), 30
            )
            await asyncio.wait_for(play_out(table, dict(enumerate(clients))), 150)
            assert table.match.is_over  # played to its end, though nothing could be kept
            for client in clients:
                await client.close()
        finally:
            await server.close()
        assert server.faults == 0, server.last_fault

    asyncio.run(main())
    told = [n for n in heard if isinstance(n, StorageNotice) and n.kind is NoticeKind.CANNOT_SAVE]
    assert len(told) == 1 and told[0].where == str(data) and told[0].reason, heard
