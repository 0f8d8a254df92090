"""The table server through real sockets on 127.0.0.1: whole matches, rejoining, hostile clients.

Each test runs a server in its own event loop (port 0) and line clients that
talk to it as nc or a MUD client would; every wait is bounded in time.
"""

from __future__ import annotations

import asyncio
import re
import socket
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bergen_access.core.engine import Phase
from bergen_access.core.events import HandDealt
from bergen_access.net.connections import MOST_UNSENT
from bergen_access.net.server import Server
from bergen_access.session.storage import Storage

from .capabilities import needs_linux
from .folders import data_env
from .local_server import local_server
from .net_clients import LineClient, one_move, play_out, seat_people, until


def run(
    body: Callable[[Server, int], Awaitable[None]], storage: Path | None = None, **options: object
) -> None:
    async def main() -> None:
        server = local_server(Storage.open(storage) if storage else None, **options)
        port = await server.start("127.0.0.1", 0)
        try:
            await asyncio.wait_for(body(server, port), 180)
        finally:
            await server.close()
        assert server.faults == 0, server.last_fault

    asyncio.run(main())


TABLES = [
    ("standard 2", 2),
    ("counters 2", 2),
    ("dominoplaza 2", 2),
    ("standard 4 computers normal", 3),
    ("counters 4 partners", 4),
    ("dominoplaza 4 set 9 computers easy", 3),
]


@pytest.mark.parametrize(("spec", "people"), TABLES)
def test_people_play_complete_matches_over_the_network(spec: str, people: int) -> None:
    async def body(server: Server, port: int) -> None:
        names = ["Ada", "Bo", "Cy", "Di"][:people]
        table, clients = await seat_people(server, port, spec, names)
        await play_out(table, dict(enumerate(clients)))
        assert table.match.is_over
        for client in clients:
            await client.wait_for(r"Match over|wins")
            assert not any("Traceback" in line for line in client.lines)
        winner = table.match.winner
        assert winner is not None
        for client in clients:
            await client.close()
        await until(lambda: not server.tables, what="the finished table dropped when everyone left")

    run(body)


def test_each_seat_hears_its_own_language_and_only_its_own_tiles() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await LineClient.connect(port)
        for line in ("language de", "name Ada", "create standard 2"):
            await ada.send(line)
        await ada.wait_for("zurückkehren [0-9a-f]+")  # German words: rejoin is "zurückkehren"
        bo = await LineClient.connect(port)
        for line in ("language tr", "name Bo", "join 1"):
            await bo.send(line)
        await ada.wait_for(r"Runde 1\. Deine Steine")
        await bo.wait_for(r"El 1\. Taşların")
        match = server.tables[1].match
        dealt = next(e for e in match.history if isinstance(e, HandDealt))
        hands = [h or () for h in dealt.hands]
        ada_heard, bo_heard = "\n".join(ada.lines), "\n".join(bo.lines)
        dealt_line = {
            "ada": next(line for line in ada.lines if "Deine Steine" in line),
            "bo": next(line for line in bo.lines if "Taşların" in line),
        }
        assert all(t.notation in dealt_line["ada"] for t in hands[0])
        assert not any(f" {t.notation}" in dealt_line["ada"] for t in hands[1] if t not in hands[0])
        assert all(t.notation in dealt_line["bo"] for t in hands[1])
        assert "Your" not in ada_heard and "Your" not in bo_heard
        await ada.close()
        await bo.close()

    run(body)


def test_telnet_negotiation_is_answered_and_never_reaches_others() -> None:
    async def body(server: Server, port: int) -> None:
        telnet = await LineClient.connect(port)
        noise = bytes([255, 251, 24, 255, 253, 31, 255, 250, 24, 0, 65, 66, 255, 240, 255, 241])
        await telnet.send(noise + b"name Ada\r\n")
        await telnet.wait_for("You are Ada")
        await telnet.send(b"create standard 2\r\n" + bytes([255, 254, 1]))
        await telnet.wait_for("You sit at table")
        other = await LineClient.connect(port)
        await other.send("name Bo")
        await other.send("join 1")
        await other.send("say hello" + "\u00ff")
        await telnet.wait_for("Bo says: hello")
        # the raw client hears no telnet byte (the telnet one's answers: tests/test_net_gmcp.py)
        assert all("\ufffd" not in line and "\x1b" not in line for line in other.lines)
        assert all("\x1b" not in line for line in telnet.lines)
        await telnet.close()
        await other.close()

    run(body)


def test_a_dropped_player_rejoins_mid_hand_and_hears_what_was_missed() -> None:
    async def body(server: Server, port: int) -> None:
        table, (ada, bo) = await seat_people(server, port, "standard 3 computers normal", ["Ada", "Bo"])
        token_line = next(line for line in ada.lines if "rejoin" in line)
        token = re.search(r"rejoin (\w+)", token_line)
        assert token is not None
        match = table.match
        await until(lambda: match.phase is Phase.PLAYING)
        for _ in range(30):  # play on until Bo is to move: Ada leaves with Bo and Anna still to play
            if match.turn == 1 or match.phase is not Phase.PLAYING:
                break
            await one_move(table, {0: ada, 1: bo})
        assert match.turn == 1 and match.phase is Phase.PLAYING
        await ada.close()
        await bo.wait_for("Ada is away")
        # Bo plays on; Ada's turn waits
        clients = {1: bo}
        for _ in range(20):
            if match.phase is not Phase.PLAYING or match.turn == 0:
                break
            await one_move(table, clients)
        assert match.turn == 0 or match.phase is not Phase.PLAYING
        back = await LineClient.connect(port)
        await back.send(f"rejoin {token.group(1)}")
        missed = await back.wait_for(r"You are back at table 1, seat 1\. \d+ lines? since your last one:")
        count = int(re.search(r"(\d+) lines? since", missed).group(1))  # type: ignore[union-attr]
        assert count >= 1
        await bo.wait_for("Ada is back")
        heard = "\n".join(back.lines)
        assert "Bo " in heard or "Anna " in heard  # the moves made while away were replayed
        await play_out(table, {0: back, 1: bo})
        assert match.is_over
        await back.close()
        await bo.close()

    run(body, hold_minutes=5)


def test_a_seat_not_taken_back_in_time_gets_a_computer() -> None:
    async def body(server: Server, port: int) -> None:
        table, (ada, bo) = await seat_people(server, port, "standard 2", ["Ada", "Bo"])
        await ada.close()
        await bo.wait_for("Ada is away")
        await bo.wait_for("Ada did not come back: a computer plays the seat now", timeout=8)
        await play_out(table, {1: bo})
        assert table.match.is_over
        await bo.close()

    run(body, hold_minutes=0.05)


def test_hostile_lines_are_refused_and_change_nothing() -> None:
    async def body(server: Server, port: int) -> None:
        table, (ada, bo) = await seat_people(server, port, "standard 2", ["Ada", "Bo"])
        before = list(table.match.actions)
        since = len(ada.lines)
        await ada.send(b"\x1b]0;owned\x07draw\r\n")
        refused = await ada.wait_for("not used: it holds control characters", since)
        assert "(<ESC>]0;owned<BEL>draw)" in refused, refused
        await ada.send(b"\xc3\x28\xfe bad utf8\r\n")  # not UTF-8 (0xFF would be telnet's IAC)
        await ada.wait_for(re.escape("bytes that are not text (<0xC3>(<0xFE> bad utf8)"), since)
        await ada.send(b"x" * 5_000_000 + b"\r\n")
        await ada.wait_for("not used: it is longer than", since)
        await ada.send("say \u0007bell \u009b31m")  # control characters: the whole line is refused
        await ada.send("say hi\u202e there\u200b")  # format characters are taken out
        said = await bo.wait_for("Ada says:")
        assert said == "Ada says: hi there", said
        assert table.match.actions == before  # not a move more, not one changed
        heard = "\n".join(ada.lines + bo.lines)
        assert "\x1b" not in heard and "\x07" not in heard and "\x9b" not in heard
        await ada.close()
        await bo.close()

    # the 5 MB line would put the address 30 s in debt at the default share (test_fair_share.py); the test's
    # server (local_server) has it out of the way: here only what is refused counts
    run(body)


def test_a_flood_closes_only_that_connection() -> None:
    async def body(server: Server, port: int) -> None:
        calm = await LineClient.connect(port)
        await calm.send("name Calm")
        await calm.wait_for("You are Calm")
        flood = await LineClient.connect(port)
        await flood.send(b"who\r\n" * 2000)
        await flood.wait_for("Too many lines too fast")
        await until(lambda: flood.closed, what="the flood closed")
        since = len(calm.lines)
        await calm.send("who")
        await calm.wait_for("Online: Calm", since, timeout=2)
        await calm.close()

    run(body, rate=(10.0, 30))


def test_a_client_that_never_reads_is_dropped_before_its_unsent_lines_pile_up() -> None:
    async def body(server: Server, port: int) -> None:
        calm = await LineClient.connect(port)
        await calm.send("name Calm")
        await calm.wait_for("You are Calm")
        deaf = socket.socket()
        deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a reader that takes nothing
        deaf.setblocking(False)
        loop = asyncio.get_running_loop()
        await loop.sock_connect(deaf, ("127.0.0.1", port))
        await until(lambda: len(server.clients) == 2, what="the second connection")
        held = server.clients[-1]
        sent = held.writer.get_extra_info("socket")
        sent.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 8192)  # a slow link: the kernel takes little
        await loop.sock_sendall(deaf, b"help\r\n" * 900)  # under the flood limit; ~400 KB of answers
        most = 0
        deadline = time.monotonic() + 10
        while not held.closed and time.monotonic() < deadline:
            most = max(most, held.writer.transport.get_write_buffer_size())
            await asyncio.sleep(0.002)
        assert held.closed, f"a connection that never reads is still held ({most} bytes unsent at most)"
        assert most <= MOST_UNSENT + 16 * 1024, most  # cut off at the cap, not after megabytes
        await until(lambda: held not in server.clients, what="the deaf connection gone")
        since = len(calm.lines)
        await calm.send("who")
        await calm.wait_for(r"Online: Calm \(lobby\)\.$", since, timeout=2)
        deaf.close()
        await calm.close()

    # 900 helps from one address are far over the default share (it would make them wait, test_fair_share.py;
    # the test's server has it out of the way): here the cap on what waits to be sent is what is tested
    run(body)


@needs_linux  # the keepalive's interval, count and user timeout are Linux's options
def test_a_dead_peer_is_looked_for_within_a_minute() -> None:
    """TCP keepalive after 20 s of quiet, 3 probes 10 s apart, and unacknowledged data given up after
    60 s: a player whose line went dead is noticed in about a minute, not the system's two hours."""

    async def body(server: Server, port: int) -> None:
        ada = await LineClient.connect(port)
        await ada.send("name Ada")
        await ada.wait_for("You are Ada")
        sock = server.clients[-1].writer.get_extra_info("socket")
        assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == 20
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPINTVL) == 10
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT) == 3
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT) == 60_000
        await ada.close()

    run(body)


def test_a_wrong_password_closes_that_connection_only() -> None:
    async def body(server: Server, port: int) -> None:
        wrong = await LineClient.connect(port)
        await wrong.wait_for("password")
        await wrong.send("guess")
        await wrong.wait_for("Wrong password")
        await until(lambda: wrong.closed, what="closed")
        right = await LineClient.connect(port)
        await right.send("sesame")
        await right.wait_for("Password accepted")
        await right.send("name Ada")
        await right.wait_for("You are Ada")
        await right.close()

    run(body, password="sesame")


def test_a_watcher_sees_the_plays_but_no_hidden_tile() -> None:
    async def body(server: Server, port: int) -> None:
        table, (ada, bo) = await seat_people(server, port, "standard 2", ["Ada", "Bo"])
        eve = await LineClient.connect(port)
        await eve.send("name Eve")
        await eve.send("watch 1")
        await eve.wait_for("You watch table 1")
        match = table.match
        for _ in range(6):
            await one_move(table, {0: ada, 1: bo})
        await until(lambda: len(match.actions) >= 4 or match.phase is not Phase.PLAYING)
        await asyncio.sleep(0.2)
        heard = "\n".join(eve.lines)
        assert re.search(r"(Ada|Bo) (plays|draws)", heard), heard
        assert "Your tiles" not in heard and "You draw" not in heard
        for line in eve.lines:
            if "draws" in line:
                assert not re.search(r"\d-\d", line.split("draws", 1)[1]), line
        await eve.close()
        await ada.close()
        await bo.close()

    run(body)


def test_a_server_killed_mid_match_comes_back_and_the_table_goes_on(tmp_path: Path) -> None:
    """The real ``bergen serve`` is killed (-9) mid-hand; restarted, it has the table; the people rejoin."""
    import os  # noqa: PLC0415
    import signal  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    env = {**os.environ, "HOME": str(tmp_path), **data_env(tmp_path), "LANG": "C.UTF-8"}

    def start() -> tuple[subprocess.Popen[str], int]:
        process = subprocess.Popen(
            [sys.executable, "-m", "bergen_access", "serve", "--port", "0"],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        assert process.stdout is not None
        told = []
        while (found := re.search(r"listening on [\d.]+:(\d+)", line := process.stdout.readline())) is None:
            assert line, told
            told.append(line.strip())
        assert told in ([], ["1 saved table is back; its players rejoin with their codes."]), told
        return process, int(found.group(1))

    async def first_half(port: int) -> tuple[list[str], int, list[str]]:
        ada = await LineClient.connect(port)
        await ada.send("name Ada")
        await ada.send("create standard 3 computers normal")
        bo = await LineClient.connect(port)
        await bo.send("name Bo")
        await bo.wait_for("You are Bo")
        await bo.send("join 1")
        tokens = []
        for client in (ada, bo):
            line = await client.wait_for(r"rejoin \w+")
            tokens.append(re.search(r"rejoin (\w+)", line).group(1))  # type: ignore[union-attr]
        for client in (ada, bo):
            await client.wait_for(r"Hand 1\. Your tiles")
        hand = next(line for line in ada.lines if "Your tiles" in line)
        return tokens, 1, [hand]

    process, port = start()
    try:
        tokens, _, hands = asyncio.run(asyncio.wait_for(first_half(port), 30))
    finally:
        process.kill()
        process.wait(timeout=10)
    saved = list((tmp_path / "data" / "bergen-access" / "server").glob("table-*.json"))
    assert saved, list(tmp_path.rglob("*"))

    async def second_half(port: int) -> None:
        ada = await LineClient.connect(port)
        await ada.send("tables")
        await ada.wait_for(r"Table 1: .*hand 1")
        await ada.send(f"rejoin {tokens[0]}")
        await ada.wait_for(r"You are back at table 1, seat 1")
        await ada.send("hand")
        await ada.wait_for(r"Your \d+ tiles")
        bo = await LineClient.connect(port)
        await bo.send(f"rejoin {tokens[1]}")
        await bo.wait_for(r"You are back at table 1, seat 2")
        await ada.send("history 10")
        heard = await ada.wait_for(r"opens? with")  # the history as it was said before the kill
        assert heard
        await ada.close()
        await bo.close()

    process, port = start()
    try:
        asyncio.run(asyncio.wait_for(second_half(port), 30))
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
    assert hands


def test_a_full_server_says_so_instead_of_opening_another_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from bergen_access.net import tables  # noqa: PLC0415

    monkeypatch.setattr(tables, "MOST_TABLES", 2)

    async def body(server: Server, port: int) -> None:
        people = []
        for name in ("Ada", "Bo", "Cy"):
            person = await LineClient.connect(port)
            await person.send(f"name {name}")
            await person.send("create standard 2 computers easy")
            people.append(person)
        await people[0].wait_for("^You sit at table 1")
        await people[1].wait_for("^You sit at table 2")
        told = await people[2].wait_for("^The server holds")
        assert told == "The server holds 2 tables, as many as it can: join one of them (see tables)."
        assert len(server.tables) == 2 and people[2] is not None
        for person in people:
            await person.close()

    run(body)


def test_leaving_a_table_nobody_else_is_at_closes_it_and_says_so() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await LineClient.connect(port)
        for line in ("name Ada", "create standard 2", "leave", "tables"):
            await ada.send(line)
        await ada.wait_for(r"^You leave table 1, and it closes: nobody else is there\.$")
        await ada.wait_for(r"^No tables yet\.")
        assert not any("waits" in line for line in ada.lines)  # no seat is promised that is not there
        await ada.close()

    run(body)


def test_seats_left_waiting_from_one_address_are_capped() -> None:
    async def body(server: Server, port: int) -> None:
        mallory = await LineClient.connect(port)
        await mallory.send("name Mallory")
        for number in (1, 2):  # a match with a computer begins at once: leaving keeps a seat waiting
            await mallory.send("create standard 2 computers easy")
            await mallory.wait_for(f"^You sit at table {number}")
            await mallory.send("leave")
            await mallory.wait_for(f"^You leave table {number}. Your seat waits")
        await mallory.send("create standard 2 computers easy")
        told = await mallory.wait_for("seats left from your address")
        assert told.startswith("2 seats left from your address wait at other tables: rejoin one")
        assert len(server.tables) == 2
        await mallory.close()

    run(body, waiting=2)


def test_leaving_before_the_match_begins_frees_the_seat_and_keeps_no_code() -> None:
    async def body(server: Server, port: int) -> None:
        ada, bo = await LineClient.connect(port), await LineClient.connect(port)
        await ada.send("name Ada")
        await ada.send("create standard 3")
        await ada.wait_for("^You sit at table 1")
        await bo.send("name Bo")
        await bo.send("join 1")
        await bo.wait_for("^You sit at table 1, seat 2")
        await bo.send("leave")
        await bo.wait_for(r"^You leave table 1; its match had not begun, so your seat is free again\.$")
        await ada.wait_for(r"^Bo leaves; the seat is free again\.$")
        table = server.tables[1]
        assert table.free_seat() is table.seats[1] and table.seats[1].name == "Seat2"
        await bo.send("tables")
        await bo.wait_for(r"^Table 1: standard; Ada; 2 seats free; waiting\.$")
        await ada.close()
        await until(lambda: not server.tables, what="the table closed: nobody sits there")
        await bo.close()

    run(body)


def test_a_fault_in_a_computers_move_is_told_and_counted_not_thrown() -> None:
    def broken(player: object, view: object) -> object:
        raise RuntimeError("a fault of ours")

    async def body(server: Server, port: int) -> None:
        ada = await LineClient.connect(port)
        await ada.send("name Ada")
        await ada.send("create standard 2 computers easy")
        await ada.wait_for("^You sit at table 1")
        table = server.tables[1]
        while table.match.phase is Phase.PLAYING and table.match.turn == 0:
            await one_move(table, {0: ada})
        await ada.wait_for("^Something went wrong with that line on the server; the table goes on.$")
        assert server.faults == 1 and "a fault of ours" in server.last_fault
        server.faults = 0  # told and counted: run() checks that nothing else went wrong
        await ada.close()

    run(body, think=broken)


def test_half_a_minute_is_not_said_as_zero_minutes_and_computers_do_not_take_the_creators_name() -> None:
    async def body(server: Server, port: int) -> None:
        anna = await LineClient.connect(port)
        await anna.send("name Anna")
        await anna.send("create standard 2 computers easy")
        await anna.wait_for("^You sit at table 1")
        assert [seat.name for seat in server.tables[1].seats] == ["Anna", "Cem"]
        await anna.send("leave")
        await anna.wait_for(r"^You leave table 1\. Your seat waits 1 minute: rejoin [0-9a-f]{8}\.$")
        await anna.close()

    run(body, hold_minutes=0.5)


def test_a_stopping_server_promises_no_seat_at_a_table_whose_match_has_not_begun(tmp_path: Path) -> None:
    async def main() -> None:
        server = local_server(Storage.open(tmp_path))
        port = await server.start("127.0.0.1", 0)
        ada = await LineClient.connect(port)
        await ada.send("name Ada")
        await ada.send("create standard 2")  # nobody else yet: the match has not begun
        await ada.wait_for("^You sit at table 1")
        await server.close()
        await ada.wait_for(r"^The server is stopping\. Goodbye\.$")
        assert not list(tmp_path.glob("table-*.json"))  # nothing of it is kept, so nothing is promised

    asyncio.run(main())


def test_quit_language_and_verbosity_work_before_the_match_begins() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await LineClient.connect(port)
        for line in ("name Ada", "create standard 2", "language de"):
            await ada.send(line)
        await ada.wait_for(r"^Sprache: Deutsch")
        since = len(ada.lines)
        await ada.send("ausführlichkeit knapp")
        await ada.wait_for(r"^Ausführlichkeit: knapp", since)
        await ada.send("beenden")
        await until(lambda: ada.closed, what="quit closes the connection")
        await until(lambda: not server.tables, what="the unbegun table closed")

    run(body)


def test_a_network_seat_does_not_promise_to_keep_settings() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await LineClient.connect(port)
        for line in ("name Ada", "create standard 2 computers easy"):
            await ada.send(line)
        await ada.wait_for("^Hand 1")
        since = len(ada.lines)
        await ada.send("verbosity verbose")
        said = await ada.wait_for("^Verbosity: ", since)
        assert said == "Verbosity: verbose.", said  # nothing is kept at a server: no "for your next games"
        await ada.send("language de")
        said = await ada.wait_for("^Sprache: ", since)
        assert said == "Sprache: Deutsch.", said
        await ada.close()

    run(body)


def test_the_password_minute_is_one_minute_and_odd_first_lines_do_not_cheat_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bergen_access.net import connections  # noqa: PLC0415

    monkeypatch.setattr(connections, "PASSWORD_WAIT", 0.6)

    async def body(server: Server, port: int) -> None:
        polite = await LineClient.connect(port)  # a client that sends an empty line on connecting
        await polite.send("")
        await polite.send("sesame")
        await polite.wait_for("^Password accepted")
        stalling = await LineClient.connect(port)
        started = time.monotonic()
        while not stalling.closed and time.monotonic() - started < 3:
            await stalling.send("")  # lines that say nothing do not buy time
            await asyncio.sleep(0.1)
        assert stalling.closed and time.monotonic() - started < 1.5
        escaping = await LineClient.connect(port)
        await escaping.send("\x1b[2J")  # a line the input boundary refuses is a wrong password
        await escaping.wait_for("^Wrong password. Goodbye.$")
        await until(lambda: escaping.closed, what="closed")
        assert server.failures.barred("127.0.0.1", time.monotonic()) is False
        await polite.close()

    run(body, password="sesame")


@pytest.mark.parametrize(
    ("peer", "counted_as"),
    [
        (("192.0.2.7", 5000), "192.0.2.7"),
        (("2001:db8:1:2:3:4:5:6", 5000, 0, 0), "2001:db8:1:2::/64"),  # a /64 is one household
        (("2001:db8:1:2:ffff::1", 5000, 0, 0), "2001:db8:1:2::/64"),
        (("::ffff:192.0.2.7", 5000, 0, 0), "192.0.2.7"),  # IPv4 on a dual-stack socket
        (None, ""),
    ],
)
def test_wrong_secrets_and_connections_are_counted_per_ipv4_address_or_ipv6_64(
    peer: object, counted_as: str
) -> None:
    from bergen_access.net.connections import peer_address  # noqa: PLC0415

    class Transport:
        def get_extra_info(self, name: str) -> object:
            return peer

    assert peer_address(Transport()) == counted_as  # type: ignore[arg-type]
