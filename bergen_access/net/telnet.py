"""The byte side of a connection: lines in from a telnet, MUD or raw client, lines out to it.

Pure functions of bytes and time, no I/O, so the server stays a thin loop and
every hostile input can be tested without a socket:

- ``LineFramer`` turns whatever a client sends, in any chunking, into lines:
  telnet negotiation (RFC 854/855) is removed whole and never reaches a
  player; a line over the byte limit is cut and flagged, and memory stays
  bounded whatever arrives. ``read`` also gives, in order among the lines, each
  option request (``Negotiation``) and each subnegotiation (``Subnegotiation``:
  GMCP's messages, ``gmcp.py``); one longer than its limit is dropped whole.
  Lines are decoded with ``surrogateescape`` so the input boundary
  (``boundary.screen``) refuses bad bytes with its own answer.
- ``RateLimiter`` is a token bucket per connection, with the time passed in.
- ``outgoing`` makes one line for the client: visible, UTF-8, CR LF, and
  never readable as a telnet command.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from enum import Enum, auto

from bergen_access.boundary import visible

IAC = 255  # "interpret as command": starts every telnet command; doubled, a 0xFF data byte
SB = 250  # subnegotiation begins ...
SE = 240  # ... and ends (after IAC)
WILL, WONT, DO, DONT = 251, 252, 253, 254  # each followed by one option byte
NOP = 241
CR, LF, NUL = 13, 10, 0

IAC_NOP: bytes = bytes([IAC, NOP])  # a keepalive telnet clients ignore (only for clients that speak telnet)
MAX_LINE_BYTES = 1200  # bytes of one line as sent; boundary.MAX_RAW characters is never less

_LINE_OR_COMMAND = re.compile(rb"[\r\n\xff]")
_LF_OR_COMMAND = re.compile(rb"[\n\xff]")


MAX_SUB_BYTES = 8192  # bytes of one subnegotiation's payload kept; a longer one is dropped whole


class _State(Enum):
    DATA = auto()
    COMMAND = auto()  # after IAC
    OPTION = auto()  # after IAC WILL/WONT/DO/DONT
    SUB_OPTION = auto()  # after IAC SB: the option byte
    SUB = auto()  # inside IAC SB option ...
    SUB_IAC = auto()  # IAC inside a subnegotiation: IAC SE ends it, IAC IAC is its data


@dataclass(frozen=True)
class Incoming:
    """One line a client sent: its ``text`` (bad bytes as lone surrogates) and whether it was cut."""

    text: str
    too_long: bool = False


@dataclass(frozen=True)
class Negotiation:
    """``IAC verb option``: the peer asks for (or refuses) an option: ``verb`` is WILL, WONT, DO or DONT."""

    verb: int
    option: int


@dataclass(frozen=True)
class Subnegotiation:
    """``IAC SB option … IAC SE``: the payload of one option's message, its doubled 0xFF undone."""

    option: int
    payload: bytes


Received = Incoming | Negotiation | Subnegotiation


class LineFramer:
    """Lines out of a client's byte stream; one per connection, fed as data arrives."""

    def __init__(
        self, max_line: int = MAX_LINE_BYTES, max_sub: int = MAX_SUB_BYTES, *, lf_only: bool = False
    ) -> None:
        """``lf_only``: lines end at LF alone (a CR just before it dropped), and any other CR or NUL is
        a character of the line: how ``bergen join`` reads the server, which ends every line with
        CR LF, so that nothing it sends is lost or joined to another line (shown, made visible)."""
        if max_line < 1 or max_sub < 1:
            raise ValueError("max_line and max_sub must be positive")
        self._max_line = max_line
        self._lf_only = lf_only
        self._ends = _LF_OR_COMMAND if lf_only else _LINE_OR_COMMAND
        self._max_sub = max_sub
        self._sub = bytearray()
        self._sub_option = 0
        self._sub_cut = False  # the payload passed max_sub: the message is dropped whole
        self._verb = 0
        self._line = bytearray()
        self._cut = False  # the line passed max_line: the rest of it is dropped
        self._after_cr = False  # a CR ended a line: an LF or NUL next belongs to it
        self._state = _State.DATA
        self._telnet = False

    @property
    def telnet(self) -> bool:
        """The client sent a telnet command, so it understands one (an ``IAC NOP`` keepalive)."""
        return self._telnet

    @property
    def max_line(self) -> int:
        """Bytes of one line kept; the rest of a longer line is dropped."""
        return self._max_line

    @property
    def pending_bytes(self) -> int:
        """Bytes held for the unfinished line: never more than ``max_line``."""
        return len(self._line)

    @property
    def pending_sub_bytes(self) -> int:
        """Bytes held for an unfinished subnegotiation: never more than ``max_sub``."""
        return len(self._sub)

    def feed(self, data: bytes) -> list[Incoming]:
        """The lines completed by ``data``; the chunking of the stream never changes them."""
        return [item for item in self.read(data) if isinstance(item, Incoming)]

    def read(self, data: bytes) -> list[Received]:
        """The lines, option requests and subnegotiations completed by ``data``, in the order sent;
        the chunking of the stream never changes them."""
        items: list[Received] = []
        at = 0
        while at < len(data):  # every step consumes at least one byte
            at = self._step(data, at, items)
        return items

    def finish(self) -> list[Incoming]:
        """The last line when the client closed without ending it (``[]`` if there is none)."""
        if not (self._line or self._cut):
            return []
        return [self._end_line()]

    def _step(self, data: bytes, at: int, items: list[Received]) -> int:
        state = self._state
        if state is _State.DATA:
            return self._data(data, at, items)
        if state is _State.COMMAND:
            self._command(data[at])
        elif state is _State.OPTION:
            items.append(Negotiation(self._verb, data[at]))
            self._state = _State.DATA
        elif state is _State.SUB_OPTION:
            self._sub_option, self._sub, self._sub_cut = data[at], bytearray(), data[at] == IAC
            self._state = _State.SUB_IAC if data[at] == IAC else _State.SUB  # no option: dropped
        elif state is _State.SUB:
            found = data.find(IAC, at)
            stop = len(data) if found < 0 else found
            self._keep_sub(data[at:stop])
            if found < 0:
                return stop
            self._state = _State.SUB_IAC
            return found + 1
        elif data[at] == IAC:  # SUB_IAC: an escaped 0xFF of the payload
            self._keep_sub(b"\xff")
            self._state = _State.SUB
        elif data[at] == SE:
            if not self._sub_cut:
                items.append(Subnegotiation(self._sub_option, bytes(self._sub)))
            self._sub = bytearray()
            self._state = _State.DATA
        else:  # a malformed subnegotiation (dropped) ends at the next command, which counts
            self._sub = bytearray()
            self._command(data[at])
        return at + 1

    def _keep_sub(self, part: bytes) -> None:
        """Payload kept up to ``max_sub`` bytes; past that the message is dropped and nothing more kept."""
        if self._sub_cut:
            return
        if len(self._sub) + len(part) > self._max_sub:
            self._sub_cut, self._sub = True, bytearray()
            return
        self._sub += part

    def _data(self, data: bytes, at: int, items: list[Received]) -> int:
        if self._after_cr:
            byte = data[at]
            if byte in (LF, NUL):  # CR LF and CR NUL are one line end
                self._after_cr = False
                return at + 1
            if byte != IAC:  # a command between CR and LF does not split them
                self._after_cr = False
        found = self._ends.search(data, at)
        stop = found.start() if found else len(data)
        self._keep(data, at, stop)
        if found is None:
            return stop
        if data[stop] == IAC:
            self._state = _State.COMMAND
        else:
            if self._lf_only and self._line.endswith(b"\r"):
                del self._line[-1]  # CR LF: the CR is the line end's
            items.append(self._end_line())
            self._after_cr = data[stop] == CR
        return stop + 1

    def _command(self, byte: int) -> None:
        """The byte after IAC."""
        if byte == IAC:
            self._keep(b"\xff", 0, 1)  # data, not a command
            self._after_cr = False
            self._state = _State.DATA
            return
        self._telnet = True
        if byte in (WILL, WONT, DO, DONT):
            self._verb = byte
            self._state = _State.OPTION
        elif byte == SB:
            self._state = _State.SUB_OPTION
        else:  # NOP, GA, AYT, a stray SE, ...: two bytes, nothing to do
            self._state = _State.DATA

    def _keep(self, data: bytes, start: int, stop: int) -> None:
        """Add ``data[start:stop]`` to the line, up to ``max_line`` bytes; the rest is dropped."""
        if self._cut or start >= stop:
            return
        room = self._max_line - len(self._line)
        if stop - start > room:
            stop = start + room
            self._cut = True
        self._line += data[start:stop]

    def _end_line(self) -> Incoming:
        raw = bytes(self._line)
        if self._cut:
            raw = _whole_characters(raw)
        incoming = Incoming(raw.decode("utf-8", errors="surrogateescape"), self._cut)
        self._line = bytearray()
        self._cut = False
        return incoming


def _whole_characters(raw: bytes) -> bytes:
    """``raw`` without a UTF-8 character that the cut left unfinished at its end."""
    for back in range(1, min(4, len(raw)) + 1):
        byte = raw[-back]
        if byte & 0xC0 != 0x80:  # not a continuation byte: the start of the last character
            needed = (
                2 if 0xC0 <= byte < 0xE0 else 3 if 0xE0 <= byte < 0xF0 else 4 if 0xF0 <= byte < 0xF8 else 1
            )
            return raw[:-back] if needed > back else raw
    return raw


class RateLimiter:
    """A token bucket of lines for one connection: ``burst`` at once, then ``rate`` a second.

    ``strikes`` counts the lines refused since the last one allowed;
    ``flooding`` says the client should be disconnected: more than ``burst``
    lines refused within ``window`` seconds. Time is passed in (monotonic
    seconds), so the limiter is deterministic.
    """

    _SLACK = 1e-9  # float sums of elapsed times must not refuse a line sent exactly at the rate

    def __init__(self, rate: float = 10.0, burst: int = 30, window: float = 10.0) -> None:
        if rate <= 0 or burst < 1 or window <= 0:
            raise ValueError("rate, burst and window must be positive")
        self._rate = rate
        self._burst = burst
        self._window = window
        self._tokens = float(burst)
        self._last: float | None = None
        self._refused: deque[float] = deque(maxlen=burst + 1)  # times of the latest refusals
        self._strikes = 0

    @property
    def strikes(self) -> int:
        """Lines refused in a row (0 once a line is allowed)."""
        return self._strikes

    def allow(self, now: float) -> bool:
        """Whether a line arriving at ``now`` is taken (a refused line is dropped, and counted)."""
        self._refill(now)
        if self._tokens >= 1.0 - self._SLACK:
            self._tokens = max(0.0, self._tokens - 1.0)
            self._strikes = 0
            return True
        self._strikes += 1
        self._refused.append(now)
        return False

    def flooding(self, now: float) -> bool:
        """More than ``burst`` lines were refused within the last ``window`` seconds."""
        return len(self._refused) > self._burst and now - self._refused[0] <= self._window

    def _refill(self, now: float) -> None:
        if self._last is None:
            self._last = now
            return
        elapsed = max(0.0, now - self._last)  # a clock that goes back gives nothing
        self._tokens = min(float(self._burst), self._tokens + elapsed * self._rate)
        self._last = max(self._last, now)


def outgoing(text: str) -> bytes:
    """One line for the client: visible text in UTF-8, CR LF, and no byte a client reads as a command."""
    body = visible(text).encode("utf-8")  # every control, format and lone surrogate is a visible token
    return body.replace(b"\xff", b"\xff\xff") + b"\r\n"  # UTF-8 has no 0xFF; doubled if it ever had
