"""The web page's WebSocket through real sockets on 127.0.0.1, without a browser (the page's own
tests: tests/test_web_page.py): the same lobby, tables, limits and codes as a telnet line."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import socket
import urllib.request
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
import pytest

from bergen_access.commands.which_end import must_ask
from bergen_access.core.actions import Draw, Pass
from bergen_access.core.engine import Phase
from bergen_access.core.events import HandDealt
from bergen_access.i18n import I18n
from bergen_access.net import texts, web
from bergen_access.net.bad_requests import BadRequests, MalformedRequests
from bergen_access.net.server import Server

from .local_server import local_server
from .net_clients import LineClient, one_move, play_out, until
from .test_net_host import environment, lines_until_listening, one_shot, serve, stop
from .web_clients import SocketClient


def run(body: Callable[[Server, int, int], Awaitable[None]], **options: object) -> None:
    async def main() -> None:
        server = local_server(**options)
        port = await server.start("127.0.0.1", 0)
        web_port = await server.start_web("127.0.0.1", 0)
        try:
            await asyncio.wait_for(body(server, port, web_port), 120)
        finally:
            await server.close()
        assert server.faults == 0, server.last_fault

    asyncio.run(main())


async def seated(web_port: int, name: str, line: str) -> SocketClient:
    page = await SocketClient.connect(web_port)
    await page.send("language en verbosity normal")
    await page.send(f"name {name}")
    await page.wait_for(f"You are {name}")
    await page.send(line)
    await page.wait_for("You sit at table")
    return page


def test_a_page_and_a_telnet_line_play_a_whole_match_at_one_table() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 2")
        bo = await LineClient.connect(port)
        await bo.send("name Bo")
        await bo.send("join 1")
        await bo.wait_for("You sit at table")
        table = server.tables[1]
        await play_out(table, {0: page, 1: bo})  # type: ignore[dict-item]
        assert table.match.is_over
        await page.wait_for(r"Match over|wins")
        await bo.wait_for(r"Match over|wins")
        kinds = {m["kind"] for m in page.messages}
        assert {"reply", "play", "turn", "status", "seat"} <= kinds
        seat = page.last("seat")
        assert seat is not None and seat["table"] == 1 and seat["seat"] == 1 and len(seat["code"]) == 8
        status = page.last("status")
        assert status is not None and status["where"] == "table" and status["answered"] >= 1
        assert not any("Traceback" in line for line in page.lines + bo.lines)
        await page.close()
        await bo.close()

    run(body)


def test_the_status_offers_a_button_per_tile_and_one_per_end_when_a_tile_fits_two() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 2")
        bo = await LineClient.connect(port)
        await bo.send("name Bo")
        await bo.send("join 1")
        table = server.tables[1]
        match = table.match
        await until(lambda: match.phase is Phase.PLAYING)
        for _ in range(200):  # until Ada may play a tile that fits both ends
            if match.is_over or match.phase is not Phase.PLAYING:
                break
            view_tiles = match.hand(0) if match.turn == 0 else ()
            if any(must_ask(match.ends_for(t), match.layout) for t in view_tiles):  # ends that differ
                break
            await one_move(table, {0: page, 1: bo})  # type: ignore[dict-item]
        # the buttons are the tiles while the hand is played, none once it is over
        expected = [t.notation for t in match.hand(0)] if match.phase is Phase.PLAYING else []

        def fits(line: str) -> bool:
            tile = next(t for t in match.hand(0) if t.notation == line)
            return match.turn == 0 and bool(match.ends_for(tile))

        def current() -> bool:
            """The page's latest status shows these tiles, each as the turn now has it (a status from the
            moment before the turn came can list the same tiles, all disabled)."""
            hand = (page.last("status") or {}).get("hand", [])
            if [entry["line"] for entry in hand] != expected:
                return False
            return all(entry["label"].startswith("Play ") == fits(entry["line"]) for entry in hand)

        await until(current, what=f"the tile buttons {expected} as the turn has them")
        status = page.last("status")
        assert status is not None
        hand = status.get("hand", [])
        for entry in hand:  # a tile that fits is a "Play" button; one that does not says so and is disabled
            playable = fits(entry["line"])
            assert entry.get("disabled", False) == (not playable), entry
            if match.turn == 0 and not playable:
                assert entry["label"] == f"{entry['line']}, does not fit"
        moves = {m["line"] for m in status["moves"]}
        legal = match.legal_actions() if match.turn == 0 and match.phase is Phase.PLAYING else []
        assert ("draw" in moves) == any(isinstance(a, Draw) for a in legal)
        assert ("pass" in moves) == any(isinstance(a, Pass) for a in legal)
        assert [m["line"] for m in status["review"]] == ["hand", "ends", "score", "line"]
        both = [entry for entry in hand if "ends" in entry]
        asked = [t.notation for t in match.hand(0) if must_ask(match.ends_for(t), match.layout)]
        assert [entry["line"] for entry in both] == (asked if match.turn == 0 else [])  # the one rule
        if match.turn == 0 and match.phase is Phase.PLAYING:
            assert both, "no tile fitting two ends came up in 200 moves"
            entry = both[0]
            assert [end["line"] for end in entry["ends"]] == [
                f"{entry['line']} left",
                f"{entry['line']} right",
            ]
            assert entry["question"] == f"Which end for {entry['line']}?"
            done = len(match.actions)
            await page.send(entry["ends"][1]["line"])
            await until(lambda: len(match.actions) > done)
        await page.close()
        await bo.close()

    run(body)


def test_a_foreign_page_may_not_open_the_socket_and_the_page_own_may() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        for origin in (
            "http://evil.example",
            f"http://127.0.0.1:{web_port}.evil.example",
            "null",
            f"https://127.0.0.1:{web_port}",  # the same host, another scheme: another origin
        ):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await SocketClient.connect(web_port, origin=origin)
            assert refused.value.status == 403
        assert not server.clients
        page = await SocketClient.connect(web_port)
        await page.wait_for("Welcome to Bergen Access")
        await page.close()
        proxied = f"https://127.0.0.1:{web_port}"  # a proxy in front serves the page as https
        page = await SocketClient.connect(web_port, origin=proxied, **{"X-Forwarded-Proto": "https"})
        await page.wait_for("Welcome to Bergen Access")
        await page.close()

    run(body)


@pytest.mark.parametrize(
    "frame",
    [
        "not json",
        json.dumps({"line": "draw", "seat": 2}),  # nothing but a line: no seat is ever named
        json.dumps({"line": 3}),
        json.dumps({"line": "rejoin 0123abcd", "shown": -1}),  # what a page shows: a line number or nothing
        json.dumps({"line": "rejoin 0123abcd", "shown": True}),
        json.dumps({"line": "rejoin 0123abcd", "shown": "3"}),
        json.dumps({"shown": 3}),
        json.dumps(["line", "draw"]),
        "x" * (web.MOST_FRAME + 1),
    ],
)
def test_anything_but_a_line_closes_that_socket_only(frame: str) -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 2")
        other = await seated(web_port, "Bo", "join 1")
        await page.socket.send_str(frame)
        await page.wait_closed()
        assert page.close_code in (1008, 1009)
        await other.send("say still here")
        await other.wait_for("Bo says: still here")
        await until(lambda: server.tables[1].seats[0].away_since is not None, what="Ada's seat waits")
        await other.close()

    run(body)


def test_markup_in_chat_arrives_as_the_text_typed() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 2")
        bo = await LineClient.connect(port)
        await bo.send("name Bo")
        await bo.send("join 1")
        await bo.send('say <img src=x onerror="alert(1)"> & <b>bold</b>')
        said = await page.wait_for("Bo says")
        assert said == 'Bo says: <img src=x onerror="alert(1)"> & <b>bold</b>'
        await page.close()
        await bo.close()

    run(body)


def test_a_long_line_is_refused_as_too_long_and_a_flood_closes_the_socket() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 2")
        await page.send("x" * 2000)
        await page.wait_for("longer than 300 characters")
        flood = await SocketClient.connect(web_port)
        for _ in range(60):
            await flood.send("who")
        await flood.wait_for("Too fast|Too many lines")
        await flood.wait_closed()
        close = flood.last("close")
        assert close is not None and close["reason"] == "flooding" and close["again"] is False
        await page.send("hand")
        await page.wait_for("The match begins when")  # the page at the table is not touched
        await page.close()

    run(body, rate=(2.0, 10))


def test_a_page_rejoins_its_seat_by_its_code_and_a_telnet_seat_may_come_back_on_the_page() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 2")
        bo = await LineClient.connect(port)
        await bo.send("name Bo")
        await bo.send("join 1")
        await bo.wait_for("You sit at table")
        seat = page.last("seat")
        assert seat is not None
        await page.close()
        await bo.wait_for("Ada is away")
        again = await SocketClient.connect(web_port)
        await again.send("language en verbosity normal")
        await again.send(f"rejoin {seat['code']}")
        await again.wait_for(r"You are back at table 1, seat 1")
        await bo.wait_for("Ada is back")
        code = re.search(r"rejoin (\w+)", await bo.wait_for(r"rejoin \w+"))
        assert code is not None
        await bo.close()
        bo_page = await SocketClient.connect(web_port)
        await bo_page.send(f"rejoin {code.group(1)}")
        await bo_page.wait_for(r"You are back at table 1, seat 2")
        table = server.tables[1]
        await play_out(table, {0: again, 1: bo_page})  # type: ignore[dict-item]
        assert table.match.is_over
        await again.close()
        await bo_page.close()

    run(body, hold_minutes=5)


def test_a_page_that_comes_back_hears_each_missed_line_with_its_kind_and_its_number() -> None:
    """A rejoin tells again what was told since the person's last line (a lost line may have lost it):
    each line with the kind it was first told with (the page's sound and look) and its number (the page
    shows each number once)."""

    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 2")
        bo = await LineClient.connect(port)
        await bo.send("name Bo")
        await bo.send("join 1")
        await page.wait_for("Bo sits down")
        await until(lambda: server.tables[1].match.phase is Phase.PLAYING, what="the deal")
        await page.send("nonsense")  # answered after Ada's last line: what a lost line loses
        await page.wait_for("nonsense")
        refused = next(m for m in page.messages if "nonsense" in m.get("text", ""))
        assert refused["kind"] == "refusal" and isinstance(refused["n"], int)
        seat = page.last("seat")
        assert seat is not None
        await page.close()
        await bo.wait_for("Ada is away")
        await bo.send("say hello there")  # told to Ada's seat while she is away
        await bo.wait_for("Bo says: hello there")
        again = await SocketClient.connect(web_port)
        await again.send("language en verbosity normal")
        await again.send(f"rejoin {seat['code']}")
        await again.wait_for("Bo says: hello there")
        back = next(k for k, m in enumerate(again.messages) if m.get("text", "").startswith("You are back"))
        missed = [(m["kind"], m["text"], m.get("n")) for m in again.messages[back + 1 :] if "text" in m][:2]
        assert missed == [
            ("refusal", refused["text"], refused["n"]),
            ("chat", "Bo says: hello there", refused["n"] + 1),
        ]
        await again.close()
        await bo.close()

    run(body, hold_minutes=5)


def test_a_page_that_shows_some_missed_lines_is_told_and_counted_only_the_others() -> None:
    """A page kept its transcript over a reload and says, with its rejoin, the last of the seat's lines
    it shows: the rejoin tells again, and counts, only the lines after it (no "N lines since your last
    one:" with nothing following it); a page that shows them all hears that it is back, no count."""

    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 2")
        bo = await LineClient.connect(port)
        await bo.send("name Bo")
        await bo.send("join 1")
        await page.wait_for("Bo sits down")
        await until(lambda: server.tables[1].match.phase is Phase.PLAYING, what="the deal")
        await page.send("say ready")
        await page.wait_for("Ada says: ready")
        page_now = page
        back_lines = []
        for said in ("one", "two"):
            await bo.send(f"say {said}")  # told after Ada's last line: missed, for all the server knows
            await page_now.wait_for(f"Bo says: {said}")
            shown = next(m["n"] for m in page_now.messages if m.get("text") == f"Bo says: {said}")
            code = (page_now.last("seat") or {}).get("code")
            mark = len(bo.lines)
            await page_now.close()
            await bo.wait_for("Ada is away", since=mark)
            if said == "two":
                await bo.send("say three")  # told while she is away: the page lacks it
                await bo.wait_for("Bo says: three")
            mark = len(bo.lines)
            page_now = await SocketClient.connect(web_port)
            await page_now.send("language en verbosity normal")
            await page_now.socket.send_str(json.dumps({"line": f"rejoin {code}", "shown": shown}))
            await page_now.wait_for("You are back")
            await bo.wait_for("Ada is back", since=mark)
            await asyncio.sleep(0.3)
            told = [m["text"] for m in page_now.messages if "text" in m]
            at = next(k for k, text in enumerate(told) if text.startswith("You are back"))
            back_lines.append((told[at], [t for t in told[at + 1 :] if t.startswith("Bo says")]))
            assert not any(m.get("heading") for m in page_now.messages)  # the page shows the hand's heading
        assert back_lines == [
            ("You are back at table 1, seat 1.", []),  # the page shows all: nothing to tell again, no count
            ("You are back at table 1, seat 1. 1 line since your last one:", ["Bo says: three"]),
        ]
        await page_now.close()
        await bo.close()

    run(body, hold_minutes=5)


def test_a_new_tab_at_a_rejoin_is_told_the_hand_heading_first_and_not_counted_as_missed() -> None:
    """A tab that shows nothing (``"shown": 0``) rejoins: the hand's heading comes first, so its
    transcript has the hand under its heading; the count is of the missed lines only."""

    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 2")
        bo = await LineClient.connect(port)
        await bo.send("name Bo")
        await bo.send("join 1")
        await page.wait_for("Hand 1")
        await page.send("say ready")  # the heading was heard: a telnet rejoin would not tell it again
        await page.wait_for("Ada says: ready")
        # the hand's heading (a deal without a double is dealt again: the second deal's)
        heading = [m for m in page.messages if m.get("heading")][-1]
        code = (page.last("seat") or {}).get("code")
        await page.close()
        await bo.wait_for("Ada is away")
        again = await SocketClient.connect(web_port)
        await again.send("language en verbosity normal")
        await again.socket.send_str(json.dumps({"line": f"rejoin {code}", "shown": 0}))
        await again.wait_for("You are back")
        told = [m for m in again.messages if "text" in m]
        headings = [m for m in told if m.get("heading")]
        assert [(m["text"], m["n"]) for m in headings] == [(heading["text"], heading["n"])]
        back = next(k for k, m in enumerate(told) if m["text"].startswith("You are"))
        assert told.index(headings[0]) < back
        await again.wait_for("Ada says: ready")
        told = [m["text"] for m in again.messages if "text" in m]
        at = told.index("You are back at table 1, seat 1. 1 line since your last one:")  # not the heading
        assert told[at + 1] == "Ada says: ready"
        await again.close()
        await bo.close()

    run(body, hold_minutes=5)


def test_wrong_codes_and_connections_are_counted_with_the_telnet_ones() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        line = await LineClient.connect(port)
        page = await SocketClient.connect(web_port)
        await page.wait_for("Welcome")
        third = await SocketClient.connect(web_port)
        await third.wait_for("connections")
        await third.wait_closed()
        close = third.last("close")
        assert close is not None and close["reason"] == "too_many_connections"
        for _ in range(10):
            if page.closed:
                break
            await page.send("rejoin 00000000")
            await asyncio.sleep(0.02)
        await page.wait_closed()
        assert page.last("close") == {"reason": "barred", "again": False, "code": None, "kind": "close"}
        await line.send("rejoin 12345678")  # the telnet line from the same address is barred too
        await line.wait_for("(?i)too many wrong")
        await line.close()

    run(body, per_address=2)


def test_the_password_is_asked_on_the_page_too() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        page = await SocketClient.connect(web_port)
        await page.wait_for("password")
        await page.send("name Ada")
        await page.send("wrong")
        await page.wait_closed()
        close = page.last("close")
        assert close is not None and close["reason"] == "wrong_password"
        good = await SocketClient.connect(web_port)
        await good.send("sesame")
        await good.wait_for("Password accepted|password is right|right")
        await good.send("name Ada")
        await good.wait_for("You are Ada")
        await good.close()

    run(body, password="sesame")


def test_the_page_files_come_with_their_guard_headers_and_words_follow_accept_language() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        async with aiohttp.ClientSession() as http:
            for path, kind in (
                ("/", "text/html"),
                ("/app.js", "text/javascript"),
                ("/style.css", "text/css"),
            ):
                async with http.get(f"http://127.0.0.1:{web_port}{path}") as reply:
                    assert reply.status == 200 and reply.content_type == kind
                    assert "frame-ancestors 'none'" in reply.headers["Content-Security-Policy"]
                    assert reply.headers["X-Content-Type-Options"] == "nosniff"
            async with http.get(f"http://127.0.0.1:{web_port}/sounds/turn.wav") as reply:
                assert reply.status == 200 and (await reply.read())[:4] == b"RIFF"
            async with http.get(f"http://127.0.0.1:{web_port}/sounds/..%2Fweb%2Fapp.js.wav") as reply:
                assert reply.status == 404
            asked = {"Accept-Language": "fr-CA, tr;q=0.8, de;q=0.9"}
            async with http.get(f"http://127.0.0.1:{web_port}/words.json", headers=asked) as reply:
                hello = await reply.json()
            assert hello["language"] == "de" and hello["words"]["send"] == "Senden"
            async with http.get(f"http://127.0.0.1:{web_port}/words.json?lang=tr", headers=asked) as reply:
                assert (await reply.json())["language"] == "tr"

    run(body)


def test_bergen_serve_web_prints_the_page_address_serves_it_and_a_taken_port_is_one_sentence(
    tmp_path: Path,
) -> None:
    env = environment(tmp_path)
    process = serve(env, "--web")
    assert process.stdout is not None
    _, port = lines_until_listening(process)
    page_line = process.stdout.readline()
    found = re.search(r"the web page at http://127\.0\.0\.1:(\d+)/ \(the same tables\)\.$", page_line.strip())
    assert found is not None, page_line
    web_port = int(found.group(1))
    assert web_port not in (0, port)
    with urllib.request.urlopen(f"http://127.0.0.1:{web_port}/", timeout=10) as reply:
        assert b'role="log"' in reply.read()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        refused = one_shot(environment(tmp_path / "other"), "--port", "0", "--web", "--web-port", str(busy))
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert f"bergen serve cannot listen on 127.0.0.1:{busy}:" in refused.stdout
    stop(process)


def test_before_and_after_the_match_the_status_says_where_the_table_is_and_leave_is_offered() -> None:
    """A table that waits and a match that is over are not an empty status with nothing to press: the
    status says it (who won, the scores), and a Leave button goes back to the lobby."""

    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 2")
        await until(lambda: (page.last("status") or {}).get("phase") == "waiting", what="waiting")
        waiting = page.last("status")
        assert waiting is not None
        assert waiting["text"] == "Table 1: waiting for players, 1 seat is free."
        assert waiting["moves"] == [{"label": "Leave", "line": "leave"}]
        bo = await LineClient.connect(port)
        await bo.send("name Bo")
        await bo.send("join 1")
        await bo.wait_for("You sit at table")
        table = server.tables[1]
        await play_out(table, {0: page, 1: bo})  # type: ignore[dict-item]
        await until(lambda: (page.last("status") or {}).get("phase") == "over", what="the status after")
        over = page.last("status")
        assert over is not None
        said = r"Match over: (you win!|Bo wins\.) Score: You \d+, Bo \d+; target \d+\."
        assert re.fullmatch(said, over["text"])
        assert over["moves"] == [{"label": "Leave", "line": "leave"}]
        assert over["hand"] == []
        await page.send(over["moves"][0]["line"])
        await page.wait_for("You leave table 1")
        # the lobby's status is its own frame, which may come a moment after the line
        await until(lambda: (page.last("status") or {}).get("where") == "lobby", what="the lobby")
        await page.close()
        await bo.close()

    run(body)


def test_the_status_after_the_match_and_leave_are_in_the_players_language() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        page = await SocketClient.connect(web_port)
        await page.send("language de verbosity normal")
        await page.send("name Ada")
        await page.send("erstellen standard 2")
        await page.wait_for("Tisch 1")
        await until(lambda: (page.last("status") or {}).get("phase") == "waiting", what="waiting")
        waiting = page.last("status")
        assert waiting is not None and waiting["text"].startswith("Tisch 1:"), waiting
        assert waiting["moves"][0]["line"] == "leave" and waiting["moves"][0]["label"] != "Leave"
        await page.send("leave")  # the English word works in every language
        await until(lambda: (page.last("status") or {}).get("where") == "lobby", what="the lobby")
        await page.close()

    run(body)


def test_the_line_that_opens_a_hand_is_marked_as_its_heading_also_when_a_rejoin_tells_it_again() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 2")
        bo = await LineClient.connect(port)
        await bo.send("name Bo")
        await bo.send("join 1")
        await page.wait_for("Hand 1")
        code = (page.last("seat") or {}).get("code")
        # one heading a deal (a deal without a double is dealt again as hand 1: two headings)
        deals = [event for event in server.tables[1].match.history if isinstance(event, HandDealt)]

        def marked(client: SocketClient) -> list[str]:
            return [m["text"] for m in client.messages if m.get("heading")]

        await until(lambda: len(marked(page)) >= len(deals), what="every deal's heading")
        headings = marked(page)
        assert len(headings) == len(deals) and headings[-1].startswith("Hand 1. Your tiles"), headings
        await page.close()  # the page comes back on a new socket (a fresh tab): the rejoin tells it again
        again = await SocketClient.connect(web_port)
        await again.send("language en verbosity normal")
        await again.send(f"rejoin {code}")
        await again.wait_for("Hand 1")
        await until(lambda: len(marked(again)) >= len(headings), what="the headings again")
        assert marked(again) == headings, marked(again)  # not the rules, not "You are back"
        await again.close()
        await bo.close()

    run(body)


def test_a_watching_page_is_told_who_plays_with_the_scores_and_may_leave() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        bo = await LineClient.connect(port)
        await bo.send("name Bo")
        await bo.send("create standard 2 computers easy")
        await bo.wait_for("You sit at table")
        page = await SocketClient.connect(web_port)
        await page.send("language en verbosity normal")
        await page.send("name Wu")
        await page.send("watch 1")
        await until(lambda: (page.last("status") or {}).get("where") == "watching", what="watching")
        status = page.last("status")
        assert status is not None
        computer = server.tables[1].seats[1].name
        people = status["people"]
        assert re.fullmatch(r"Bo: \d+ points?", people[0]) and people[2] == "Target: 15 points", people
        assert re.fullmatch(rf"{computer}, computer: \d+ points?", people[1]), people
        assert status["moves"] == [{"label": "Leave", "line": "leave"}]
        await page.send("leave")
        await until(lambda: (page.last("status") or {}).get("where") == "lobby", what="the lobby")
        await page.close()
        await bo.close()

    run(body)


def test_malformed_requests_reach_the_host_as_a_few_lines_never_a_traceback(tmp_path: Path) -> None:
    process = serve(environment(tmp_path / "home", tmp_path / "data"), "--web")
    try:
        lines_until_listening(process)
        assert process.stdout is not None
        page = re.search(r"http://[^:]+:(\d+)/", process.stdout.readline())
        assert page is not None
        web_port = int(page.group(1))
        kinds = [
            b"GARBAGE\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
            b"GET /\x00 HTTP/1.1\r\n\r\n",
        ]
        for number in range(100):
            with socket.create_connection(("127.0.0.1", web_port), timeout=5) as sent:
                sent.sendall(kinds[number % len(kinds)])
                with contextlib.suppress(OSError):
                    sent.recv(4096)  # the 400 answer (or the close)
        with urllib.request.urlopen(f"http://127.0.0.1:{web_port}/", timeout=5) as answer:
            assert answer.status == 200  # the page is still served
    finally:
        out, err = stop(process)
    told = [line for line in (out + err).splitlines() if line.strip()]
    assert "Traceback" not in out + err
    malformed = [line for line in told if "malformed web request" in line]
    assert malformed == ["A malformed web request from 127.0.0.1; more are told once a minute."], told
    assert len(told) <= 3, told  # the stop line, the malformed line; the listening lines were read


def test_malformed_requests_are_told_once_a_minute_per_address() -> None:
    told: list[MalformedRequests] = []
    bad = BadRequests(told.append)
    for second in range(12):
        bad.arrived("127.0.0.1", float(second))
    bad.arrived("10.0.0.2", 5.0)
    bad.tick(30.0)
    assert told == [MalformedRequests("127.0.0.1", 1, True), MalformedRequests("10.0.0.2", 1, True)]
    bad.tick(61.0)
    assert told[2:] == [MalformedRequests("127.0.0.1", 11, False)]
    bad.tick(200.0)  # quiet since: nothing more to tell, and the next one is told at once
    assert len(told) == 3
    bad.arrived("127.0.0.1", 201.0)
    assert told[3:] == [MalformedRequests("127.0.0.1", 1, True)]
    i = I18n("en")
    assert texts.malformed_requests(i, "127.0.0.1", 12, False) == (
        "12 malformed web requests from 127.0.0.1 in the last minute."
    )


def test_a_fault_in_a_page_handler_is_counted_as_the_server_fault_never_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def broken(self: web.WebSide, request: object) -> None:
        raise ValueError("a fault of ours")

    monkeypatch.setattr(web.WebSide, "words", broken)

    async def main() -> None:
        server = local_server()
        await server.start("127.0.0.1", 0)
        web_port = await server.start_web("127.0.0.1", 0)
        try:
            async with (
                aiohttp.ClientSession() as session,
                session.get(f"http://127.0.0.1:{web_port}/words.json") as answer,
            ):
                assert answer.status == 500
        finally:
            await server.close()
        assert server.faults == 1 and "a fault of ours" in server.last_fault

    asyncio.run(main())
    printed = capsys.readouterr()
    assert printed.out == "" and printed.err == ""
