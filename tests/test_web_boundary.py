"""The web page's status and lines through the output boundary (issue 31), real sockets on 127.0.0.1.

What a peer sends that the page shows (names in the status's list and turn, chat, table words) first
passes the input boundary (``boundary.screen``: a control refuses the line, a format character such
as a direction override or a zero-width space is dropped; names are one word of letters), so none of
it reaches the page raw. Beside that, everything the page is sent, and every GMCP prompt field, is made
visible on the way out (``boundary.visible_fields``), as telnet's lines are: a text that got past the
door (a name from anywhere else) is shown as ``<U+202E>``, never done.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bergen_access.boundary import visible
from bergen_access.core.engine import Phase
from bergen_access.net.server import Server
from bergen_access.net.side import prompt_state

from .net_clients import LineClient, one_move, until
from .test_net_web import run, seated

#: controls and format characters a hostile peer might put in a name or a line
HOSTILE = {
    "RLO": "\u202e",
    "zero-width space": "\u200b",
    "zero-width joiner": "\u200d",
    "first strong isolate": "\u2068",
    "byte order mark": "\ufeff",
    "ESC clear": "\x1b[2J",
    "C1 CSI": "\x9b31m",
    "NEL": "\x85",
    "line separator": "\u2028",
    "BEL": "\x07",
}


def raw_texts(data: Any) -> list[str]:
    """Every text in ``data`` that holds a character ``visible`` would not show as it is."""
    if isinstance(data, str):
        return [data] if visible(data) != data else []
    if isinstance(data, dict):
        return [text for value in data.values() for text in raw_texts(value)]
    if isinstance(data, list):
        return [text for value in data for text in raw_texts(value)]
    return []


def test_nothing_a_hostile_peer_types_reaches_the_page_raw() -> None:
    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 4")
        for what, hostile in HOSTILE.items():
            bo = await LineClient.connect(port)
            await bo.send(f"name Bo{hostile}b language en")  # the first line: settings
            await bo.send(f"name {hostile}Bo")
            await bo.send(f"name B{hostile}o")
            await bo.send("join 1")
            await bo.send(f"say hi{hostile}there")
            await bo.send(f"rejoin ab{hostile}cd")
            await bo.send(f"join 1{hostile}")
            await bo.send("leave")
            await bo.wait_for("You leave table|Type name", timeout=5)
            await bo.close()
            await until(lambda: all(seat.is_free for seat in server.tables[1].seats[1:]), what=what)
        await page.send("who")
        await asyncio.sleep(0.3)
        assert raw_texts(page.messages) == []
        said = [line for line in page.lines if " says: " in line]
        # a format character is dropped at the door; a line with a control is refused whole
        assert said and set(said) == {"Bo says: hithere"}, said
        sat = [line for line in page.lines if "sits down" in line]
        assert sat and set(sat) == {"Bo sits down."}, sat
        await page.close()

    run(body)


def test_a_text_past_the_input_boundary_reaches_the_page_and_gmcp_made_visible() -> None:
    """A name the door never lets in (set here on the server itself, as a stand-in for any text from
    elsewhere) in the page's status and lines and in GMCP's prompt: shown as tokens, never raw."""

    async def body(server: Server, port: int, web_port: int) -> None:
        page = await seated(web_port, "Ada", "create standard 2")
        bo = await LineClient.connect(port)
        await bo.send("name Bo")
        await bo.send("join 1")
        await bo.wait_for("You sit at table")
        table = server.tables[1]
        await until(lambda: table.match.phase is Phase.PLAYING, what="the first hand")
        for _ in range(30):  # until Bo is to play (a draw keeps the turn): his name is the status's turn
            if table.match.turn == 1 or table.match.phase is not Phase.PLAYING:
                break
            await one_move(table, {0: page})  # type: ignore[dict-item]
        assert table.match.phase is Phase.PLAYING and table.match.turn == 1
        hostile = "Bo\u202e\x1b]0;PWNED\x07\x9b2J\u200b"
        shown = "Bo<U+202E><ESC>]0;PWNED<BEL><U+009B>2J<U+200B>"
        seat = table.seats[1]
        assert seat.client is not None
        seat.name = seat.client.session.name = hostile
        since = len(page.messages)
        await bo.send("say hello")
        await page.wait_for("says: hello")
        await page.send("score")
        await page.send("tables")  # the lobby's own line, with every seat's name
        await page.wait_for("Table 1")
        await until(lambda: any(m.get("kind") == "status" for m in page.messages[since:]), what="a status")
        await asyncio.sleep(0.3)
        assert raw_texts(page.messages[since:]) == []
        assert f"{shown} says: hello" in page.lines, page.lines[-5:]
        assert any(shown in line for line in page.lines if line.startswith("Table 1")), page.lines[-5:]
        status = page.last("status")
        assert status is not None and status["turn"] == shown, status
        # GMCP's Bergen.Prompt, as a telnet client is told it
        ada = table.seats[0].client
        assert ada is not None
        state = prompt_state(ada)
        assert state["turn"] == shown and raw_texts(state) == [], state
        await page.close()
        await bo.close()

    run(body)
