"""A network seat's bytes (issue 15): telnet negotiation filtered, lines framed and cut, floods limited.

A telnet or MUD client sends negotiation mixed into what the player types, a
raw client (nc) sends plain lines, a hostile one sends anything: whatever the
bytes and however the network splits them, the server gets the same lines,
no negotiation byte reaches a player, and memory stays bounded.
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Iterable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen_access.boundary import InputProblem, screen, visible
from bergen_access.net.telnet import IAC_NOP, Incoming, LineFramer, RateLimiter, outgoing

IAC, SB, SE, WILL, WONT, DO, DONT, NOP = 255, 250, 240, 251, 252, 253, 254, 241
NAWS, TTYPE, ECHO = 31, 24, 1


def feed_chunks(framer: LineFramer, raw: bytes, cuts: Iterable[int]) -> list[Incoming]:
    """Feed ``raw`` split at ``cuts``; the buffer for the unfinished line stays bounded after every feed."""
    lines: list[Incoming] = []
    start = 0
    for cut in [*sorted(set(cuts)), len(raw)]:
        lines += framer.feed(raw[start:cut])
        assert framer.pending_bytes <= framer.max_line
        start = cut
    return lines


def texts(lines: Sequence[Incoming]) -> list[str]:
    return [line.text for line in lines]


def one_by_one(raw: bytes, max_line: int = 1200) -> list[Incoming]:
    framer = LineFramer(max_line)
    return feed_chunks(framer, raw, range(len(raw)))


# --- what clients send ---------------------------------------------------------------------------


def test_plain_lines_with_every_end_of_line() -> None:
    framer = LineFramer()
    lines = framer.feed(b"play 3-5\nhand\r\nscore\r\x00pass\rhelp\n")
    assert texts(lines) == ["play 3-5", "hand", "score", "pass", "help"]
    assert not any(line.too_long for line in lines)
    assert not framer.telnet  # nc sends no command: no keepalives for it


def test_empty_lines_are_lines() -> None:
    assert texts(LineFramer().feed(b"\n\r\n\r\x00\r\r\n")) == ["", "", "", "", ""]


def test_cr_lf_split_across_feeds_is_one_line() -> None:
    framer = LineFramer()
    assert texts(framer.feed(b"hand\r")) == ["hand"]
    assert framer.feed(b"\n") == []
    assert texts(framer.feed(b"score\r")) == ["score"]
    assert texts(framer.feed(b"\x00pass\r\n")) == ["pass"]


def test_a_command_between_cr_and_lf_does_not_split_them() -> None:
    framer = LineFramer()
    assert texts(framer.feed(b"hand\r")) == ["hand"]
    assert framer.feed(IAC_NOP) == []
    assert framer.feed(b"\n") == []
    assert texts(framer.feed(b"x\n")) == ["x"]


def test_lone_cr_then_text_starts_the_next_line() -> None:
    framer = LineFramer()
    assert texts(framer.feed(b"a\r")) == ["a"]
    assert texts(framer.feed(b"b\n")) == ["b"]


def test_telnet_client_greeting_is_filtered() -> None:
    """What a telnet client sends on connect: WILL NAWS, the window size, WILL TTYPE, DO ECHO refused..."""
    greeting = bytes([IAC, WILL, NAWS, IAC, SB, NAWS, 0, 80, 0, 24, IAC, SE, IAC, WILL, TTYPE])
    greeting += bytes([IAC, DONT, ECHO, IAC, WONT, 3, IAC, DO, 3])
    framer = LineFramer()
    assert framer.feed(greeting) == []
    assert framer.telnet
    assert texts(framer.feed(b"look\r\n")) == ["look"]


def test_escaped_0xff_inside_a_subnegotiation_stays_inside() -> None:
    """A window 255 wide is sent as IAC IAC inside SB: it must not end the subnegotiation."""
    naws = bytes([IAC, SB, NAWS, 0, IAC, IAC, 0, IAC, IAC, IAC, SE])
    assert texts(LineFramer().feed(b"ha" + naws + b"nd\n")) == ["hand"]


def test_two_byte_commands_are_dropped() -> None:
    commands = bytes([IAC, NOP, IAC, 249, IAC, 246, IAC, 244, IAC, SE, IAC, 242, IAC, 17])  # GA AYT IP SE DM
    framer = LineFramer()
    assert texts(framer.feed(b"sc" + commands + b"ore\n")) == ["score"]
    assert framer.telnet


def test_iac_iac_is_a_data_byte_that_the_boundary_refuses() -> None:
    framer = LineFramer()
    (line,) = framer.feed(b"say \xff\xffhi\n")
    assert line.text == "say \udcffhi"
    assert not framer.telnet  # escaped data is not a command
    assert screen(line.text).problem is InputProblem.NOT_TEXT


def test_bad_utf8_and_nul_reach_the_boundary_to_be_refused() -> None:
    lines = LineFramer().feed(b"say caf\xe9\nsay a\x00b\nsay \x1b[2J\n")
    assert texts(lines) == ["say caf\udce9", "say a\x00b", "say \x1b[2J"]
    assert [screen(line.text).problem for line in lines] == [
        InputProblem.NOT_TEXT,
        InputProblem.CONTROL,
        InputProblem.CONTROL,
    ]


def test_a_malformed_subnegotiation_ends_at_the_next_command() -> None:
    raw = bytes([IAC, SB, TTYPE, 0]) + b"xterm" + bytes([IAC, WILL, ECHO]) + b"hand\n"
    assert texts(LineFramer().feed(raw)) == ["hand"]


def test_an_unterminated_subnegotiation_is_skipped_without_being_stored() -> None:
    framer = LineFramer()
    chunk = bytes(range(255)) * 257  # every byte but 0xFF, about 64 KB, CR and LF included
    assert framer.feed(bytes([IAC, SB, 201])) == []
    for _ in range(160):  # about 10 MB
        assert framer.feed(chunk) == []
        assert framer.pending_bytes == 0
    assert texts(framer.feed(bytes([IAC, SE]) + b"hand\n")) == ["hand"]


def test_a_command_split_at_every_byte() -> None:
    raw = b"ha" + bytes([IAC, SB, NAWS, 0, IAC, IAC, 0, 24, IAC, SE, IAC, DO, 1, IAC, NOP]) + b"nd\r\n"
    assert texts(one_by_one(raw)) == ["hand"]


def test_finish_gives_the_unended_last_line_once() -> None:
    framer = LineFramer()
    assert framer.feed(b"pass") == []
    assert texts(framer.finish()) == ["pass"]
    assert framer.finish() == []
    assert LineFramer().finish() == []
    cut_off = LineFramer()
    assert cut_off.feed(b"pa" + bytes([IAC])) == []
    assert texts(cut_off.finish()) == ["pa"]


# --- long lines ----------------------------------------------------------------------------------


def test_a_line_of_exactly_the_limit_is_whole() -> None:
    (line,) = LineFramer(max_line=1200).feed(b"a" * 1200 + b"\n")
    assert line == Incoming("a" * 1200, too_long=False)


def test_a_line_one_byte_over_is_cut_and_flagged() -> None:
    lines = LineFramer(max_line=1200).feed(b"a" * 1200 + b"b\nnext\n")
    assert lines == [Incoming("a" * 1200, too_long=True), Incoming("next")]


def test_a_huge_line_in_chunks_is_one_cut_line_in_bounded_memory() -> None:
    framer = LineFramer()
    chunk = b"x" * 65536
    started = time.perf_counter()
    got: list[Incoming] = []
    for _ in range(160):  # 10 MB without an end of line
        got += framer.feed(chunk)
        assert framer.pending_bytes <= 1200
    got += framer.feed(b"\r")
    got += framer.feed(b"\nhand\n")
    elapsed = time.perf_counter() - started
    assert got == [Incoming("x" * 1200, too_long=True), Incoming("hand")]
    assert framer.pending_bytes == 0
    assert elapsed < 5.0, elapsed  # about 0.05 s here: chunks are scanned, not looped over byte by byte


def test_negotiation_inside_a_cut_line_is_still_filtered() -> None:
    framer = LineFramer(max_line=10)
    raw = (
        b"a" * 20
        + bytes([IAC, SB, 24])
        + b"\n\r secret \n"
        + bytes([IAC, SE, IAC, WILL, 1])
        + b"b" * 5
        + b"\n"
    )
    assert framer.feed(raw) == [Incoming("a" * 10, too_long=True)]


@pytest.mark.parametrize(
    ("char", "max_line", "kept"),
    [("é", 1201, 600), ("é", 1200, 600), ("€", 1201, 400), ("€", 1202, 400), ("😀", 1203, 300)],
)
def test_a_cut_never_splits_a_character(char: str, max_line: int, kept: int) -> None:
    (line,) = LineFramer(max_line).feed(char.encode() * 1000 + b"\n")
    assert line == Incoming(char * kept, too_long=True)


# --- properties ----------------------------------------------------------------------------------

LINE_TEXT = st.text(st.characters(codec="utf-8", exclude_characters="\r\n\x00"), max_size=8)
ENDINGS = st.sampled_from([b"\n", b"\r\n", b"\r\x00", b"\r"])


def negotiations() -> st.SearchStrategy[bytes]:
    """Every kind of command a client may send: options, subnegotiations with any payload, two-byte ones."""
    option = st.tuples(st.sampled_from([WILL, WONT, DO, DONT]), st.integers(0, 255)).map(
        lambda verb_option: bytes([IAC, *verb_option])
    )
    payload = st.binary(max_size=40).map(lambda data: data.replace(b"\xff", b"\xff\xff"))
    sub = payload.map(lambda data: bytes([IAC, SB]) + data + bytes([IAC, SE]))
    simple = st.integers(240, 249).map(lambda command: bytes([IAC, command]))
    return st.one_of(option, sub, simple)


@st.composite
def telnet_streams(draw: st.DrawFn) -> tuple[bytes, list[str], bool]:
    """Random UTF-8 lines (with escaped 0xFF data bytes), any line ends, commands inserted anywhere.

    Returns the bytes, the lines they must give, and whether a command was sent.
    """
    lines = draw(st.lists(st.lists(st.one_of(LINE_TEXT, st.none()), max_size=5), max_size=8))
    endings = [draw(ENDINGS) for _ in lines]
    units: list[bytes] = []  # the data stream, in pieces a command may go between
    expected: list[str] = []
    for index, (segments, drawn_ending) in enumerate(zip(lines, endings, strict=True)):
        ending = drawn_ending
        content = b"".join(b"\xff" if seg is None else seg.encode() for seg in segments)
        follows_empty = index + 1 < len(lines) and not any(seg != "" for seg in lines[index + 1])
        if ending == b"\r" and follows_empty:
            ending = b"\r\n"  # a lone CR then an empty LF-ended line would be one CR LF
        for seg in segments:
            units += [b"\xff\xff"] if seg is None else [bytes([byte]) for byte in seg.encode()]
        units += [bytes([byte]) for byte in ending]
        expected.append(content.decode("utf-8", errors="surrogateescape"))
    inserts = draw(st.lists(st.tuples(st.integers(0, len(units)), negotiations()), max_size=12))
    for position, command in sorted(inserts, key=lambda insert: insert[0], reverse=True):
        units.insert(position, command)
    return b"".join(units), expected, bool(inserts)


@settings(max_examples=300, deadline=None)
@given(stream=telnet_streams(), data=st.data())
def test_negotiation_never_leaks_and_chunking_never_matters(
    stream: tuple[bytes, list[str], bool], data: st.DataObject
) -> None:
    raw, expected, negotiated = stream
    cuts = data.draw(st.lists(st.integers(0, len(raw)), max_size=20), label="cuts")
    framer = LineFramer()
    lines = feed_chunks(framer, raw, cuts)
    assert texts(lines) == expected
    assert not any(line.too_long for line in lines)
    assert framer.telnet == negotiated
    assert framer.pending_bytes == 0
    assert framer.finish() == []
    assert one_by_one(raw) == lines
    assert LineFramer().feed(raw) == lines


HOSTILE_PIECES = st.sampled_from(
    [b"\xff", b"\xff\xff", b"\xff\xfa", b"\xff\xf0", b"\xff\xfb", b"\r", b"\n", b"\x00"]
)
HOSTILE_BYTES = st.lists(st.one_of(st.binary(max_size=12), HOSTILE_PIECES), max_size=40).map(b"".join)


@settings(max_examples=300, deadline=None)
@given(raw=HOSTILE_BYTES, max_line=st.integers(1, 40), data=st.data())
def test_any_bytes_in_any_chunks_give_the_same_bounded_lines(
    raw: bytes, max_line: int, data: st.DataObject
) -> None:
    whole = LineFramer(max_line)
    expected = whole.feed(raw) + whole.finish()
    cuts = data.draw(st.lists(st.integers(0, len(raw)), max_size=20), label="cuts")
    chunked = LineFramer(max_line)
    assert feed_chunks(chunked, raw, cuts) + chunked.finish() == expected
    single = LineFramer(max_line)
    assert feed_chunks(single, raw, range(len(raw))) + single.finish() == expected
    for line in expected:
        assert "\r" not in line.text and "\n" not in line.text
        assert len(line.text.encode("utf-8", errors="surrogateescape")) <= max_line


# --- the rate limit ------------------------------------------------------------------------------


def test_the_burst_is_allowed_at_once_then_refused() -> None:
    limiter = RateLimiter(rate=10.0, burst=30)
    assert all(limiter.allow(0.0) for _ in range(30))
    assert not limiter.allow(0.0)
    assert limiter.strikes == 1
    assert not limiter.allow(0.0)
    assert limiter.strikes == 2


def test_after_the_burst_lines_come_at_the_rate() -> None:
    limiter = RateLimiter(rate=10.0, burst=30)
    for _ in range(30):
        limiter.allow(0.0)
    assert sum(limiter.allow(0.5) for _ in range(10)) == 5
    allowed_at_rate = [limiter.allow(0.5 + 0.1 * step) for step in range(1, 601)]  # a minute at 10 a second
    assert all(allowed_at_rate)
    assert limiter.strikes == 0


def test_twice_the_rate_gets_half_through() -> None:
    limiter = RateLimiter(rate=10.0, burst=30)
    for _ in range(30):
        limiter.allow(0.0)
    allowed = sum(limiter.allow(0.05 * step) for step in range(1, 1201))  # a minute at 20 a second
    assert 599 <= allowed <= 601


def test_a_flood_is_flagged_and_quiet_recovers() -> None:
    limiter = RateLimiter(rate=10.0, burst=30)
    for _ in range(30):
        assert limiter.allow(0.0)
    for _ in range(30):
        assert not limiter.allow(0.0)
    assert not limiter.flooding(0.0)  # 30 refused: not more than the burst yet
    assert not limiter.allow(0.0)
    assert limiter.flooding(0.0)
    assert limiter.strikes == 31
    assert limiter.flooding(10.0)
    assert not limiter.flooding(10.01)  # ten quiet seconds
    assert limiter.allow(10.01)
    assert limiter.strikes == 0
    assert sum(limiter.allow(10.01) for _ in range(40)) == 29  # the whole burst again
    assert not limiter.flooding(10.01)


def test_a_little_over_the_rate_is_never_a_flood_but_a_flood_is_caught_in_seconds() -> None:
    eager = RateLimiter(rate=10.0, burst=30)
    refused = 0
    for step in range(12 * 60):  # 12 lines a second for a minute
        now = step / 12
        refused += not eager.allow(now)
        assert not eager.flooding(now)
    assert refused > 60  # lines were refused, yet never a flood
    flooder = RateLimiter(rate=10.0, burst=30)
    caught = [
        step / 50 for step in range(50 * 60) if not flooder.allow(step / 50) and flooder.flooding(step / 50)
    ]
    assert caught and caught[0] < 3.0  # 50 a second: 40 refused a second, over the burst in about 1.8 s


def test_a_clock_going_back_gives_no_lines() -> None:
    limiter = RateLimiter(rate=10.0, burst=2)
    assert limiter.allow(100.0) and limiter.allow(100.0)
    assert not limiter.allow(50.0)
    assert not limiter.allow(100.0)  # the jump back to 100 is not 50 seconds of refill
    assert limiter.allow(100.1)


@pytest.mark.parametrize(("rate", "burst", "window"), [(0.0, 30, 10.0), (10.0, 0, 10.0), (10.0, 30, 0.0)])
def test_limits_must_be_positive(rate: float, burst: int, window: float) -> None:
    with pytest.raises(ValueError):
        RateLimiter(rate, burst, window)


def test_max_line_must_be_positive() -> None:
    with pytest.raises(ValueError):
        LineFramer(0)


@settings(max_examples=200, deadline=None)
@given(
    gaps=st.lists(st.floats(0.0, 2.0, allow_nan=False), min_size=1, max_size=300),
    rate=st.floats(0.5, 50.0),
    burst=st.integers(1, 40),
)
def test_no_interval_lets_more_than_burst_plus_rate_through(
    gaps: list[float], rate: float, burst: int
) -> None:
    limiter = RateLimiter(rate, burst)
    now, allowed = 0.0, []
    for gap in gaps:
        now += gap
        if limiter.allow(now):
            allowed.append(now)
    for first in range(len(allowed)):
        for last in range(first, len(allowed)):
            count = last - first + 1
            assert count <= burst + rate * (allowed[last] - allowed[first]) + 1e-6 * count


# --- what the server sends -----------------------------------------------------------------------


def test_iac_nop_is_a_keepalive_a_telnet_client_drops() -> None:
    assert IAC_NOP == b"\xff\xf1"
    framer = LineFramer()
    assert framer.feed(IAC_NOP + b"hand\n" + IAC_NOP) == [Incoming("hand")]


@pytest.mark.parametrize(
    ("text", "sent"),
    [
        ("Anna says: hej", b"Anna says: hej\r\n"),
        ("Jürgen plays 5-6", "Jürgen plays 5-6\r\n".encode()),
        ("\x1b[31mred", b"<ESC>[31mred\r\n"),
        ("two\nlines\r", b"two<LF>lines<CR>\r\n"),
        ("nel\x85", b"nel<U+0085>\r\n"),
        ("byte \udcff", b"byte <0xFF>\r\n"),
        ("", b"\r\n"),
    ],
)
def test_outgoing_lines(text: str, sent: bytes) -> None:
    assert outgoing(text) == sent


ANY_CHARACTER = st.integers(0, 0x10FFFF).map(chr)  # surrogates and controls included


@settings(max_examples=300, deadline=None)
@given(text=st.text(ANY_CHARACTER, max_size=60))
def test_outgoing_is_one_visible_line_that_no_client_reads_as_a_command(text: str) -> None:
    sent = outgoing(text)
    body = sent.removesuffix(b"\r\n")
    assert sent.endswith(b"\r\n")
    assert b"\xff" not in sent
    assert not any(byte < 0x20 or byte == 0x7F for byte in body)
    decoded = body.decode("utf-8")  # strict: always text
    assert not any(unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") for char in decoded)
    assert decoded == visible(text)
    assert LineFramer(max_line=10_000).feed(sent) == [Incoming(decoded)]  # our own framer reads it back
