"""GMCP (telnet option 201): the side channel that tells a client what the lines say in words.

MUD clients (Mudlet, TinTin++, MUSHclient) read ``IAC SB 201 Package.Message <JSON> IAC SE``
beside the text; ``bergen join`` learns its seat's code, why the server closed, the state for its
prompt and what kind each line is from it, never by reading the sentences (``docs/gmcp.md`` lists
every message).

**When it is offered.** A raw client (``nc``, a bot reading lines) must never see a byte of it,
and it cannot refuse what it does not understand: the bytes would show as garbage. So the server
says ``IAC WILL GMCP`` only to a connection that has itself spoken telnet first (any telnet command:
``IAC DO GMCP``, an option request of its own, a NOP); a connection that sends ``IAC DO GMCP``
gets ``IAC WILL GMCP`` at once and the channel is on. MUD clients that wait for the server to offer
(Mudlet, TinTin++) get the offer as soon as they negotiate anything; one that sends nothing can
turn it on with ``IAC DO GMCP``. A client that never speaks telnet is never sent one.
Messages flow only after ``DO`` (``IAC DONT GMCP`` turns it off; ``IAC WONT`` answers). Every other
option is refused once, as RFC 1143 says (``DO x`` gets ``WONT x``, ``WILL x`` gets ``DONT x``);
the framer (``telnet.py``) drops a message longer than its limit whole.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .telnet import DO, DONT, IAC, SB, SE, WILL, WONT, Negotiation, Subnegotiation

GMCP = 201

#: the client says who it is (the usual first message of a GMCP client)
CORE_HELLO = "Core.Hello"
#: you sit at a seat: ``{"table": 1, "seat": 2, "code": "0123abcd"}`` (``rejoin CODE`` brings you back)
SEAT = "Bergen.Seat"
#: you left the seat on purpose: ``{"table", "seat", "code", "minutes"}``; it waits that long for
#: ``rejoin CODE``; a client does not take it back by itself
SEAT_LEFT = "Bergen.Seat.Left"
#: the code no longer brings anyone back: ``{"code", "reason"}`` (``SeatGone``)
SEAT_GONE = "Bergen.Seat.Gone"
#: the server closes this connection: ``{"reason": "flooding", "again": false, "code": null}``
#: (``Closing``; ``again``: coming back later may work; ``code``: the seat that waits)
CLOSE = "Bergen.Close"
#: what the server said is complete: the prompt and its parts, the lines answered so far (``prompt``)
PROMPT = "Bergen.Prompt"
#: the lines that follow, up to the next ``Bergen.Line`` or ``Bergen.Prompt``, are of this kind:
#: ``{"kind": "play"}`` (``LineKind``)
LINE = "Bergen.Line"


class Closing(StrEnum):
    """Why the server closes a connection (``Bergen.Close``'s ``reason``)."""

    WRONG_PASSWORD = "wrong_password"
    PASSWORD_TIMEOUT = "password_timeout"
    BARRED = "barred"  # too many wrong passwords or codes from this address
    FLOODING = "flooding"
    TAKEN_OVER = "taken_over"  # the seat's code came from another connection
    TOO_MANY_CONNECTIONS = "too_many_connections"
    SERVER_STOPPING = "server_stopping"
    QUIT = "quit"


#: the closes after which trying again later may work (the server may come back, the seat with it)
AGAIN = frozenset({Closing.SERVER_STOPPING})


class SeatGone(StrEnum):
    """Why a seat's code no longer holds (``Bergen.Seat.Gone``'s ``reason``)."""

    FREED = "freed"  # left before the match began: the seat is free again
    CLOSED = "closed"  # the table closed
    OVER = "over"  # left after the match ended


class LineKind(StrEnum):
    """What the next lines are (``Bergen.Line``'s ``kind``)."""

    PROMPT = "prompt"  # the prompt line (a client that shows ``Bergen.Prompt`` itself skips it)
    TURN = "turn"
    PLAY = "play"
    DRAW = "draw"
    HAND = "hand"  # a hand begins
    OUT = "out"  # a hand ends by a player going out
    BLOCK = "block"  # a hand ends blocked
    WIN = "win"  # the match is won
    REPLY = "reply"  # the answer to the line this connection sent
    REFUSAL = "refusal"  # that line was not understood or not allowed
    CHAT = "chat"  # someone's ``say``: typed by a person, never the server's words
    NOTICE = "notice"  # news from the table or the server (someone joins, is away, is back…)
    EVENT = "event"  # anything else the table tells


@dataclass(frozen=True)
class GmcpMessage:
    """One GMCP message: its package and message name, and its JSON data (None when it has none)."""

    name: str
    data: Any = None


_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*")


def encode(name: str, data: Any = None) -> bytes:
    """``IAC SB GMCP name [JSON] IAC SE``, with any 0xFF doubled (UTF-8 has none, JSON keeps it so)."""
    if not _NAME.fullmatch(name):
        raise ValueError(f"not a GMCP message name: {name!r}")
    body = name.encode("ascii")
    if data is not None:
        body += b" " + json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return bytes([IAC, SB, GMCP]) + body.replace(b"\xff", b"\xff\xff") + bytes([IAC, SE])


def decode(sub: Subnegotiation) -> GmcpMessage | None:
    """The message a GMCP subnegotiation carries; None for another option or a malformed one."""
    if sub.option != GMCP:
        return None
    try:
        text = sub.payload.decode("utf-8")
    except UnicodeDecodeError:
        return None
    name, _, rest = text.strip().partition(" ")
    if not _NAME.fullmatch(name):
        return None
    if not rest.strip():
        return GmcpMessage(name)
    try:
        return GmcpMessage(name, json.loads(rest))
    except (ValueError, RecursionError):
        return None


def will() -> bytes:
    return bytes([IAC, WILL, GMCP])


class ServerSide:
    """The server's half of the negotiation for one connection (pure: bytes in answer, nothing sent)."""

    def __init__(self) -> None:
        self.offered = False  # IAC WILL GMCP was sent once (the offer is never repeated)
        self.on = False  # the client said DO: messages may flow
        self._waiting = False  # our WILL is not answered yet: the client's DO or DONT answers it
        self._refused: set[tuple[int, int]] = set()

    def spoke_telnet(self) -> bytes:
        """The client sent a telnet command: the offer, once."""
        if self.offered:
            return b""
        self.offered = self._waiting = True
        return will()

    def answer(self, request: Negotiation) -> bytes:
        """What to send back for one option request (RFC 1143: never answer a state already held)."""
        verb, option = request.verb, request.option
        if option == GMCP and verb in (DO, DONT):
            answering, self._waiting = self._waiting, False
            if verb == DO:
                reply = b"" if answering or self.on else will()
                self.offered = self.on = True
                return reply
            was_on, self.on = self.on, False
            return bytes([IAC, WONT, GMCP]) if was_on else b""
        if verb in (DO, WILL) and (verb, option) not in self._refused:
            self._refused.add((verb, option))  # refused once; a client that asks again is not answered
            return bytes([IAC, WONT if verb == DO else DONT, option])
        return b""


class ClientSide:
    """``bergen join``'s half: it asks with ``IAC DO GMCP`` and the channel is on once the server says
    ``WILL``; any other offer is refused."""

    def __init__(self) -> None:
        self.on = False

    @staticmethod
    def ask() -> bytes:
        return bytes([IAC, DO, GMCP])

    def answer(self, request: Negotiation) -> bytes:
        verb, option = request.verb, request.option
        if option == GMCP:
            if verb == WILL:
                self.on = True  # our DO went first: no answer
            elif verb == WONT:
                self.on = False
            return b""
        if verb == WILL:
            return bytes([IAC, DONT, option])
        if verb == DO:
            return bytes([IAC, WONT, option])
        return b""
