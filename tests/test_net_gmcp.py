"""GMCP beside the lines (issue 22): framed in any chunking, offered only to a client that speaks
telnet, never a byte of it to a raw one; ``bergen join`` learns everything from it (its seat's code,
why the server closed, the prompt's state) and shows each prompt after its answer, with the new state."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen_access.commands.lexicon import CommandKind
from bergen_access.core.engine import Phase
from bergen_access.core.view import SeatView
from bergen_access.i18n import I18n
from bergen_access.join import Connection, SeatMemory
from bergen_access.net import gmcp, texts
from bergen_access.net.gmcp import GMCP, ClientSide, GmcpMessage, ServerSide
from bergen_access.net.lobby_words import lobby_words
from bergen_access.net.telnet import (
    DO,
    DONT,
    IAC,
    NOP,
    SB,
    SE,
    WILL,
    WONT,
    Incoming,
    LineFramer,
    Negotiation,
    Received,
    Subnegotiation,
    outgoing,
)

from .blind_play_bot import move
from .join_clients import joiner
from .local_server import local_server

# --- framing ---------------------------------------------------------------------------------------

names = st.from_regex(r"[A-Z][a-z]{0,6}(\.[A-Z][a-z]{0,6}){0,2}", fullmatch=True)
json_data = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=10,
)
lines = st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\r\n"), max_size=30)
raw_payloads = st.binary(max_size=40)  # any bytes, 0xFF among them (doubled on the wire)


def sub(option: int, payload: bytes) -> bytes:
    return bytes([IAC, SB, option]) + payload.replace(b"\xff", b"\xff\xff") + bytes([IAC, SE])


@st.composite
def streams(draw: st.DrawFn) -> tuple[bytes, list[Received]]:
    """A byte stream of lines, GMCP messages, other subnegotiations and option requests, and what
    the framer must give for it."""
    wire, expected = b"", []
    for _ in range(draw(st.integers(0, 8))):
        choice = draw(st.integers(0, 3))
        if choice == 0:
            text = draw(lines)
            wire += text.encode().replace(b"\xff", b"\xff\xff") + b"\r\n"
            expected.append(Incoming(text))
        elif choice == 1:
            name, data = draw(names), draw(json_data)
            encoded = gmcp.encode(name, data)
            wire += encoded
            expected.append(Subnegotiation(GMCP, encoded[3:-2].replace(b"\xff\xff", b"\xff")))
        elif choice == 2:
            payload = draw(raw_payloads)
            wire += sub(24, payload)
            expected.append(Subnegotiation(24, payload))
        else:
            verb, option = draw(st.sampled_from([WILL, WONT, DO, DONT])), draw(st.integers(0, 254))
            wire += bytes([IAC, verb, option])
            expected.append(Negotiation(verb, option))
    return wire, expected


def read_in_chunks(framer: LineFramer, wire: bytes, cuts: list[int]) -> list[Received]:
    items: list[Received] = []
    start = 0
    for cut in [*sorted(set(cuts)), len(wire)]:
        items += framer.read(wire[start:cut])
        assert framer.pending_sub_bytes <= 8192
        start = cut
    return items


@settings(max_examples=300, deadline=None)
@given(streams(), st.data())
def test_any_split_of_the_stream_gives_the_same_lines_and_messages(
    stream: tuple[bytes, list[Received]], data: st.DataObject
) -> None:
    wire, expected = stream
    cuts = data.draw(st.lists(st.integers(0, len(wire)), max_size=len(wire)))
    assert read_in_chunks(LineFramer(), wire, cuts) == expected
    assert read_in_chunks(LineFramer(), wire, list(range(len(wire)))) == expected  # byte by byte
    assert LineFramer().feed(wire) == [item for item in expected if isinstance(item, Incoming)]


@given(names, json_data)
def test_a_message_decodes_to_what_was_encoded(name: str, data: Any) -> None:
    [item] = LineFramer().read(gmcp.encode(name, data))
    assert isinstance(item, Subnegotiation)
    assert gmcp.decode(item) == GmcpMessage(name, data)


def test_iac_inside_a_message_is_data_and_a_message_too_long_is_dropped_whole() -> None:
    framer = LineFramer(max_sub=64)
    payload = b'Bergen.Test "\xff\xff"'  # not UTF-8: framed, then refused by decode
    assert framer.read(sub(GMCP, payload)) == [Subnegotiation(GMCP, payload)]
    assert gmcp.decode(Subnegotiation(GMCP, payload)) is None
    long = gmcp.encode("Bergen.Test", "x" * 500)
    got = read_in_chunks(framer, long + b"after\r\n", list(range(0, len(long), 7)))
    assert got == [Incoming("after")]  # nothing of the long one, the next line whole
    assert framer.pending_sub_bytes == 0


@pytest.mark.parametrize(
    "payload", [b"", b"Bergen.Prompt {", b"1Bad.Name", b"Bergen.Prompt [1,", b"Bergen. 1", b"\xc3"]
)
def test_a_malformed_message_is_none(payload: bytes) -> None:
    assert gmcp.decode(Subnegotiation(GMCP, payload)) is None


def test_the_negotiation_answers_each_request_once() -> None:
    server = ServerSide()
    assert server.spoke_telnet() == bytes([IAC, WILL, GMCP])
    assert server.spoke_telnet() == b""  # offered once
    assert server.answer(Negotiation(DO, GMCP)) == b""  # the answer to our offer
    assert server.on
    assert server.answer(Negotiation(DO, 24)) == bytes([IAC, WONT, 24])
    assert server.answer(Negotiation(DO, 24)) == b""  # refused once, never a loop
    assert server.answer(Negotiation(WILL, 31)) == bytes([IAC, DONT, 31])
    assert server.answer(Negotiation(DONT, GMCP)) == bytes([IAC, WONT, GMCP])
    assert not server.on
    assert server.answer(Negotiation(DO, GMCP)) == bytes([IAC, WILL, GMCP])  # asked anew: agreed
    asking = ServerSide()
    assert asking.answer(Negotiation(DO, GMCP)) == bytes([IAC, WILL, GMCP])  # bergen join asks first
    assert asking.on and asking.spoke_telnet() == b""
    client = ClientSide()
    assert client.answer(Negotiation(WILL, GMCP)) == b"" and client.on
    assert client.answer(Negotiation(DO, 31)) == bytes([IAC, WONT, 31])


# --- the server on a real socket ----------------------------------------------------------------


class ServerThread:
    """``bergen serve``'s server in a thread of its own: real sockets on 127.0.0.1, its tables visible."""

    def __init__(self, **options: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self.server = local_server(**options)
        self.port = 0
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.port = self.loop.run_until_complete(self.server.start("127.0.0.1", 0))
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(10)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.server.close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        assert self.server.faults == 0, self.server.last_fault


@pytest.fixture
def served() -> Iterator[ServerThread]:
    server = ServerThread()
    try:
        yield server
    finally:
        server.stop()


def talk(port: int, first: bytes, lines: list[str], pause: float = 0.3) -> bytes:
    """Everything the server sends to a client that sends ``first``, then ``lines`` one by one."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        if first:
            sock.sendall(first)
        for line in lines:
            time.sleep(pause)
            sock.sendall(outgoing(line))
        sock.shutdown(socket.SHUT_WR)
        got = b""
        while chunk := sock.recv(65536):
            got += chunk
        return got


GAME = ["name Ada", "create standard 2 computers normal", "hand", "nonsense", "say rejoin deadbeef", "quit"]


def test_a_raw_client_never_sees_a_gmcp_byte(served: ServerThread) -> None:
    heard = talk(served.port, b"", GAME)
    assert b"\xff" not in heard  # not one telnet byte: no offer, no message, no answer
    assert b"You sit at table 1" in heard and b"Goodbye." in heard
    refused = ServerThread(per_address=0)
    try:
        heard = talk(refused.port, b"", ["name Bo"])
    finally:
        refused.stop()
    assert b"\xff" not in heard and b"connections from your address" in heard


def messages(heard: bytes) -> list[Incoming | GmcpMessage]:
    said: list[Incoming | GmcpMessage] = []
    for item in LineFramer(max_line=64_000).read(heard):
        if isinstance(item, Subnegotiation):
            message = gmcp.decode(item)
            assert message is not None, item
            said.append(message)
        elif isinstance(item, Incoming):
            said.append(item)
    return said


def test_a_telnet_client_is_offered_gmcp_and_hears_seat_prompt_kinds_and_close(served: ServerThread) -> None:
    refusing = talk(served.port, bytes([IAC, NOP]), ["name Cy", "who"])
    offer = bytes([IAC, WILL, GMCP])  # offered (it spoke telnet), as its first line is waited for …
    assert refusing.replace(offer, b"", 1).startswith(texts.welcome(I18n("en"), False).text.encode())
    assert offer in refusing
    assert bytes([IAC, SB]) not in refusing  # … but it never said DO: no message
    heard = talk(served.port, bytes([IAC, NOP, IAC, DO, GMCP]), GAME)
    said = messages(heard)
    shown = [item.text for item in said if isinstance(item, Incoming)]
    told = [item for item in said if isinstance(item, GmcpMessage)]
    sitting = next(line for line in shown if line.startswith("You sit at table 1"))
    seat = next(m for m in told if m.name == gmcp.SEAT)
    assert seat.data == {"table": 1, "seat": 1, "code": sitting.rsplit(" ", 1)[1].rstrip(".")}
    prompts = [m.data for m in told if m.name == gmcp.PROMPT]
    assert [p["answered"] for p in prompts if p["where"] == "table"][-1] == len(GAME) - 1
    playing = [p for p in prompts if p.get("phase") == "playing" and not p["pending"]]
    assert playing and all(p["text"].endswith("> ") and p["tiles"] >= 1 for p in playing)
    assert any(p["yours"] and p["short"] == "Move: " for p in playing)
    kinds = [m.data["kind"] for m in told if m.name == gmcp.LINE]
    assert {"hand", "turn", "reply", "refusal", "chat", "prompt"} <= set(kinds), kinds
    chat_at = said.index(next(i for i in said if isinstance(i, Incoming) and "says: rejoin" in i.text))
    assert said[chat_at - 1] == GmcpMessage(gmcp.LINE, {"kind": "chat"})
    assert told[-1] == GmcpMessage(gmcp.CLOSE, {"reason": "quit", "again": False, "code": None})
    for item in said:  # every prompt line is marked as one
        if isinstance(item, Incoming) and item.text.endswith(">"):
            assert GmcpMessage(gmcp.LINE, {"kind": "prompt"}) in said[: said.index(item)]


def test_a_gmcp_client_that_comes_back_hears_each_missed_line_after_its_kind(served: ServerThread) -> None:
    asks = bytes([IAC, DO, GMCP])
    # the refusal is told after Ada's last line, then her line ends: it is what a lost line may lose
    first = messages(talk(served.port, asks, ["name Ada", "create standard 2 computers normal", "nonsense"]))
    refusal = next(i.text for i in first if isinstance(i, Incoming) and "nonsense" in i.text)
    at = next(k for k, i in enumerate(first) if isinstance(i, Incoming) and i.text == refusal)
    told_as = [m for m in first[:at] if isinstance(m, GmcpMessage) and m.name == gmcp.LINE][-1]
    assert told_as == GmcpMessage(gmcp.LINE, {"kind": "refusal"})
    code = next(m.data["code"] for m in first if isinstance(m, GmcpMessage) and m.name == gmcp.SEAT)
    again = messages(talk(served.port, asks, [f"rejoin {code}", "quit"]))
    back = next(k for k, i in enumerate(again) if isinstance(i, Incoming) and "back at table" in i.text)
    at = next(k for k, i in enumerate(again) if k > back and isinstance(i, Incoming) and i.text == refusal)
    kinds = [m for m in again[back:at] if isinstance(m, GmcpMessage) and m.name == gmcp.LINE]
    assert kinds and kinds[-1] == told_as  # told again as it was told: a refusal, not the line before it


def test_a_connection_refused_at_once_tells_why_to_a_gmcp_client() -> None:
    refused = ServerThread(per_address=0)
    try:
        heard = talk(refused.port, ClientSide.ask(), [], pause=0)
    finally:
        refused.stop()
    told = [m for m in messages(heard) if isinstance(m, GmcpMessage)]
    assert told == [GmcpMessage(gmcp.CLOSE, {"reason": "too_many_connections", "again": False, "code": None})]


# --- bergen join ---------------------------------------------------------------------------------


def test_join_learns_its_code_from_gmcp_never_from_what_is_said() -> None:
    ours, theirs = socket.socketpair()
    memory = SeatMemory()
    shown: list[str] = []
    connection = Connection(ours, lambda text, kind, at_prompt: shown.append(text), memory=memory)
    assert theirs.recv(3) == ClientSide.ask()
    theirs.sendall(
        bytes([IAC, WILL, GMCP]) + gmcp.encode(gmcp.SEAT, {"table": 1, "seat": 2, "code": "0123abcd"})
    )
    theirs.sendall(
        outgoing("Bo says: rejoin deadbeef") + outgoing("You sit at table 3, seat 1. rejoin 99999999.")
    )
    theirs.sendall(gmcp.encode(gmcp.PROMPT, {"text": "0-0|0-0, 6 tiles> ", "short": "Move: ", "answered": 1}))
    connection.send("who")
    assert connection.wait_answer(5)
    assert memory.token == "0123abcd"  # the lines are only shown
    assert shown == ["Bo says: rejoin deadbeef", "You sit at table 3, seat 1. rejoin 99999999."]
    assert connection.prompt().facts == "0-0|0-0, 6 tiles> "
    theirs.sendall(gmcp.encode(gmcp.SEAT_LEFT, {"table": 1, "seat": 2, "code": "0123abcd", "minutes": 15}))
    theirs.sendall(gmcp.encode(gmcp.CLOSE, {"reason": "server_stopping", "again": True, "code": "0123abcd"}))
    theirs.shutdown(
        socket.SHUT_WR
    )  # everything sent arrives (Windows resets a socket closed with unread data)
    assert connection.closed.wait(5)
    theirs.close()
    assert memory.token == "0123abcd" and not memory.final  # the server stops: its seat waits
    assert memory.reason == "server_stopping"


def until_quiet(child: pexpect.spawn, served: ServerThread, prompt: str) -> str:
    """What the client writes until it shows ``prompt`` (a regex) and says nothing more for a moment."""
    child.expect(prompt)
    text = child.before + child.after
    while True:
        try:
            child.expect(r".+", timeout=0.6)
        except pexpect.TIMEOUT:
            return text
        text += child.after


@pytest.mark.parametrize("language", ["en", "de", "tr"])
def test_join_shows_each_prompt_after_its_answer_with_the_new_state(
    tmp_path: Path, served: ServerThread, language: str
) -> None:
    words = I18n(language)
    # the facts prompt: plain lines at a terminal show the short one unless line editing's is asked for
    child = joiner(tmp_path, served.port, "Ada", language, "--reader", "standard")
    until_quiet(child, served, r"\n> $")  # the lobby's prompt, after the greeting's lines
    child.sendline("create standard 2 computers normal")
    table = None
    moves, facts = 0, ""
    for _ in range(12):
        text = until_quiet(child, served, r"> $")
        table = table or served.server.tables[1]
        seat = table.seats[0]
        assert seat.game is not None
        match = table.match
        before, facts = facts, seat.game.prompt().facts
        assert text.endswith("\n" + facts), text  # the state now, on a line of its own, last
        assert facts != before  # a play or a draw changed the tile count: the new state
        body = text[: -len(facts)]
        assert not re.search(r"> \S", body), text  # no answer glued after a prompt
        assert body.strip(), text  # the answer came before the prompt
        if match.is_over or match.phase is not Phase.PLAYING:
            break
        assert match.turn == 0  # the prompt waits for nothing: it is this seat's turn
        typed = move(SeatView(match, 0))
        child.sendline(typed)
        child.expect(re.escape(typed) + r"\r?\n")  # the terminal's echo
        moves += 1
    assert moves >= 3
    child.sendline(lobby_words(words).game.words_for(CommandKind.QUIT)[0])
    child.expect(pexpect.EOF)


def test_join_shows_another_seats_move_on_its_own_line_then_the_prompt_anew(
    tmp_path: Path, served: ServerThread
) -> None:
    child = joiner(tmp_path, served.port, "Ada", "en", "--reader", "standard")  # the facts prompt
    until_quiet(child, served, r"\n> $")
    child.sendline("create standard 2")
    until_quiet(child, served, r"\n> $")
    bo = socket.create_connection(("127.0.0.1", served.port), timeout=10)
    try:
        bo.sendall(outgoing("name Bo") + outgoing("join 1"))
        table = served.server.tables[1]
        for _ in range(8):  # each move of Bo's reaches Ada while her prompt waits
            text = until_quiet(child, served, r"> $")
            seat = table.seats[0]
            assert seat.game is not None
            match = table.match
            facts = seat.game.prompt().facts
            assert text.endswith("\n" + facts), text
            assert not re.search(r"> \S", text), text  # nothing glued after a prompt
            if match.phase is not Phase.PLAYING:
                break
            if match.turn == 0:
                typed = move(SeatView(match, 0))
                child.sendline(typed)
                child.expect(re.escape(typed) + r"\r?\n")
            else:
                bo.sendall(outgoing(move(SeatView(match, 1))))
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        bo.close()


def test_join_in_the_screen_reader_setting_says_the_short_prompt_only_when_the_state_changed(
    tmp_path: Path, served: ServerThread
) -> None:
    child = joiner(tmp_path, served.port, "Ada", "en", "--reader", "screenreader")
    # the greeting, then quiet: the lobby's short prompt may be empty when its state is unchanged
    until_quiet(child, served, r"help lists all\.\r?\n")
    child.sendline("create standard 2 computers normal")
    text = until_quiet(child, served, r"\nMove: $")
    assert "tiles>" not in text  # the facts are for the braille display and line editing
    child.sendline("hand")
    child.expect(r"hand\r?\n")
    text = until_quiet(child, served, r"pips\.\r?\n")
    assert "Move:" not in text  # nothing changed: no prompt between the answer and the next line
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_join_gives_up_at_once_after_a_close_with_a_reason(tmp_path: Path) -> None:
    full = ServerThread(per_address=5)
    held = [socket.create_connection(("127.0.0.1", full.port), timeout=5) for _ in range(5)]
    try:
        time.sleep(0.3)
        child = joiner(tmp_path, full.port, "Ada", "tr")
        started = time.monotonic()
        child.expect(pexpect.EOF, timeout=10)
        took = time.monotonic() - started
        out = child.before
        child.close()
    finally:
        for sock in held:
            sock.close()
        full.stop()
    # said in English at the door (the language comes with the first lines), or the player's
    assert any(texts.too_many_connections(I18n(lang), 5).text in out for lang in ("en", "tr")), out
    assert not retried(out, "tr") and child.exitstatus == 1 and took < 5, (took, out)
    locked = ServerThread(password="sesam")
    try:
        child = joiner(tmp_path, locked.port, "Bo", "de", "--password", "wrong")
        child.expect(pexpect.EOF, timeout=10)
        out = child.before
        child.close()
    finally:
        locked.stop()
    assert any(texts.wrong_password(I18n(lang)).text in out for lang in ("en", "de")), out
    assert not retried(out, "de") and child.exitstatus == 1, out


def retried(out: str, language: str) -> bool:
    """Whether ``bergen join`` said it tries again (in its own language)."""
    trying = I18n(language).gettext("The connection to {address} is lost; trying again for a minute.")
    return any(part.strip() in out for part in trying.split("{address}") if part.strip())


def test_gmcp_is_documented_message_by_message() -> None:
    root = Path(__file__).resolve().parent.parent
    doc = (root / "docs" / "gmcp.md").read_text(encoding="utf-8")
    for name in (gmcp.SEAT, gmcp.SEAT_LEFT, gmcp.SEAT_GONE, gmcp.CLOSE, gmcp.PROMPT, gmcp.LINE):
        assert f"`{name}`" in doc, name
    for value in [*gmcp.Closing, *gmcp.LineKind, *gmcp.SeatGone]:
        assert f"`{value.value}`" in doc, value
    assert "docs/gmcp.md" in (root / "README.md").read_text(encoding="utf-8")
    for example in re.findall(r"^IAC SB GMCP (\S+) (.+) IAC SE$", doc, re.MULTILINE):
        json.loads(example[1])  # every example's data is JSON
