"""Hostile input, fuzzed: the input boundary, the command parsers, the game and the scorekeeper (issue 10).

Two layers. In process, Hypothesis drives ``boundary`` and both parsers, and
the real ``Game`` and ``Keeper`` through the real ``ScreenedReader`` with lines
from the classes of hostile input the issue found, mixed with valid commands
so that the state moves: nothing raises, every line is answered, a refused
line changes neither the state nor the saved file, and nothing printed holds a
raw control character. Through pipes, the real program reads several thousand
generated lines (``random.Random`` with a fixed seed) in one go, under
``LANG=C.UTF-8`` without ``PYTHONIOENCODING`` and under ``LC_ALL=C``: exit 0, no
traceback, UTF-8 out with no control characters, and every line echoed once and
answered once, in order.
"""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
import tempfile
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bergen_access.boundary import (
    MAX_LINE,
    MAX_NAME,
    SHOWN,
    InputProblem,
    Screened,
    ascii_number,
    for_speech,
    name_problem,
    screen,
    visible,
)
from bergen_access.commands.keep_parser import (
    MOST_DRAWN,
    EntryProblem,
    KeepLexicon,
    KeepParseError,
    parse_keep,
)
from bergen_access.commands.lexicon import CommandKind, Lexicon, Takes, takes
from bergen_access.commands.parser import ParseError, ParseProblem, parse
from bergen_access.core import TILES
from bergen_access.core.actions import Draw, End, Pass, Play
from bergen_access.core.dealers import SeededDealer
from bergen_access.core.engine import Match, Phase
from bergen_access.core.rules import preset
from bergen_access.core.table import DrawTiles, Table, TablePhase
from bergen_access.core.tally import Tally
from bergen_access.i18n import I18n
from bergen_access.keeping.steps import ConfirmHolding, IsOpener, WhichEnd, WhoWonBlocked
from bergen_access.output.announcer import Announcer
from bergen_access.players.levels import make_player
from bergen_access.present.message import Verbosity
from bergen_access.seat.keeper import KEEP_FILE, Keeper
from bergen_access.session.savefile import MATCH_FILE
from bergen_access.session.settings import Settings
from bergen_access.session.storage import Storage
from bergen_access.ui.game import Game, Seating, Session
from bergen_access.ui.keeper import keep_score
from bergen_access.ui.reader import READ_LIMIT, ScreenedReader

from .drivers import ROOT, environment

# ---------------------------------------------------------------- the classes of hostile input

RAW_CONTROL = ("Cc", "Cf", "Cs", "Zl", "Zp")  # what must never reach a screen or a parser raw
REFUSED_BY_BOUNDARY = ("Cc", "Cs", "Zl", "Zp")  # what refuses a line (tabs aside)

ODD_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹₀₂₅①⑤⑨"  # str.isdigit() says yes, int() says no
NATIVE_DIGITS = "٠١٢٣٤٥٦٧٨٩۰۳۵३৩３𝟑"  # int() reads them; a typed number is ASCII digits only
INVISIBLE = (  # zero-width, byte order mark, soft hyphen, direction marks and overrides
    "\u200b\u200c\u200d\u2060\ufeff\u00ad\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
SPACES = "\u00a0\t\u2007\u202f\u3000\u2003\u2009"
SEPARATORS = "\x1c\x1d\x1e\x1f\x85\u2028\u2029"
ESCAPES = [
    "\x1b]0;title\x07",
    "\x1b[2J",
    "\x1b[31mhand\x1b[0m",
    "\x07",
    "draw\x07",
    "\x1bc",
    "\x9b2J",
    "\x1bP+q\x1b\\",
    "\x90evil\x9c",
    "\x1b[6n",
    "\x1b]52;c;aGVsbG8=\x07",
    "\x08\x08\x08draw",
    "\x7f",
    "\x1b[A",
    "3-5\x1b[D\x1b[Dleft",
    "\x9d0;title\x9c",
]
INVALID_UTF8 = [
    b"\xff",
    b"\xfe",
    b"\xc0\xaf",
    b"\xed\xa0\x80",
    b"\xe2\x82",
    b"\x80",
    b"\xf8\x88\x80\x80\x80",
    b"\x85",
]
NUMBER_WORDS = [
    "history",
    "y",
    "draw",
    "d",
    "Anna",
    "Cem",
    "Anna 1",
    "Cem 2",
    "Anna draw",
    "blocked",
    "next",
    "3-5",
]
NOTHING_WORDS = ["next", "n", "undo", "u", "redo", "hand", "h", "pass", "score", "ends", "line", "count"]
NOTHING_WORDS += ["turn", "repeat", "hint", "rules", "save", "quit", "q", "exit"]
EXTRA_WORDS = [
    "d 99",
    "draw draw",
    "next 5",
    "undo undo",
    "blocked nobody x",
    "redo 1",
    "hand me",
    "pass pass",
    "3-5 left now",
    "history 5 5",
    "quit now",
    "q q",
    "Anna out now",
    "Cem double x",
    "save as",
]
TILE_WORDS = [tile.notation for tile in TILES]
GAME_VALID = ["draw", "d", "pass", "hand", "h", "ends", "line", "score", "count", "turn", "history"]
GAME_VALID += ["history 3", "y 2", "repeat", "hint", "rules", "help", "help draw", "next", "", "save"]
GAME_VALID += ["left", "right", "yes", "no", "verbosity", "speech", "language"]
KEEP_VALID = ["Anna 0-0", "Cem 0-0", "Anna 1-1", "undo", "redo", "Anna double", "Cem out", "blocked nobody"]
KEEP_VALID += ["blocked Anna", "draw 2", "Cem draw", "Anna pass", "Anna 1 5", "history all", "export fuzz"]
COMMANDS = [*GAME_VALID, *KEEP_VALID]


def _word(rng: random.Random) -> str:
    return "".join(rng.choice("abcdefxyz0123456789-.'é") for _ in range(rng.randint(1, 6)))


def _command(rng: random.Random) -> str:
    """A line that would be valid somewhere (a tile, a command, an entry)."""
    if rng.random() < 0.4:
        tile = rng.choice(TILE_WORDS)
        return rng.choice([tile, f"{tile} left", f"{tile} right", f"play {tile[0]} {tile[2]} right"])
    return rng.choice(COMMANDS)


def _insert(rng: random.Random, text: str, chars: str, count: int) -> str:
    for _ in range(count):
        at = rng.randint(0, len(text))
        text = text[:at] + rng.choice(chars) + text[at:]
    return text


def odd_digits(rng: random.Random) -> str:
    digits = "".join(rng.choice(ODD_DIGITS) for _ in range(rng.randint(1, 3)))
    return rng.choice([f"{rng.choice(NUMBER_WORDS)} {digits}", "Anna ³ ⁵", "Anna 1 ²", f"Cem {digits} 5"])


def native_digits(rng: random.Random) -> str:
    a, b = rng.choice(NATIVE_DIGITS), rng.choice(NATIVE_DIGITS)
    return rng.choice([f"{rng.choice(NUMBER_WORDS)} {a}{b}", f"{a}-{b}", f"Anna {a}-{b}", f"draw {a}"])


def negative(rng: random.Random) -> str:
    n = rng.randint(0, 999)
    return rng.choice([f"{rng.choice(NUMBER_WORDS)} -{n}", f"Anna -{n} -{n}", f"draw -{n}", "-3-5", "3--5"])


def export_nul(rng: random.Random) -> str:
    return rng.choice(
        ["export\x00", "export \x00", "export a\x00b", "export \x00../x", f"export {_word(rng)}\x00"]
    )


def invalid_utf8(rng: random.Random) -> str:
    data = _command(rng).encode() + rng.choice(INVALID_UTF8) + rng.choice([b"", b"x", _command(rng).encode()])
    if rng.random() < 0.3:
        data = rng.choice(INVALID_UTF8) * rng.randint(1, 4)
    return data.decode("utf-8", "surrogateescape")


def separators(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "".join(rng.choice("\x1c\x1d\x1e\x1f") for _ in range(rng.randint(1, 5)))
    return _insert(rng, _command(rng), SEPARATORS, rng.randint(1, 2))


def escapes(rng: random.Random) -> str:
    sequence = rng.choice(ESCAPES)
    return rng.choice([sequence, sequence + _command(rng), _command(rng) + sequence])


def extra_words(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return rng.choice(EXTRA_WORDS)
    return f"{rng.choice(NOTHING_WORDS)} {rng.choice([_word(rng), rng.choice(TILE_WORDS), 'draw', '5'])}"


def long_line(rng: random.Random) -> str:
    """Over MAX_LINE characters; some padded with invisible characters past the reader's READ_LIMIT."""
    kind = rng.randrange(4)
    if kind == 0:
        return _command(rng) + " " + "x" * rng.randint(MAX_LINE, 3 * MAX_LINE)
    if kind == 1:
        return (_command(rng) + " ") * rng.randint(MAX_LINE // 4, READ_LIMIT)
    if kind == 2:  # invisible padding up to the read limit, then more than MAX_LINE visible characters
        return _command(rng) + "\u200b" * (READ_LIMIT + rng.randint(0, 50)) + "y" * (MAX_LINE + 10)
    return "é" * rng.randint(MAX_LINE + 1, 2 * READ_LIMIT)


def invisible(rng: random.Random) -> str:
    return _insert(rng, _command(rng) or "draw", INVISIBLE, rng.randint(1, 4))


def spaces(rng: random.Random) -> str:
    text = _command(rng).replace(" ", rng.choice(SPACES))
    return rng.choice(SPACES) * rng.randint(0, 2) + text + rng.choice(SPACES) * rng.randint(0, 2)


def random_bytes(rng: random.Random) -> str:
    data = bytes(rng.choice([b for b in range(256) if b != 0x0A]) for _ in range(rng.randint(1, 40)))
    return data.decode("utf-8", "surrogateescape")


def carriage_return(rng: random.Random) -> str:
    return rng.choice([_command(rng) + "\r", _command(rng) + "\r\r", "\r", "dr\raw"])


def valid(rng: random.Random) -> str:
    return _command(rng)


HOSTILE: dict[str, Callable[[random.Random], str]] = {
    "odd-digits": odd_digits,
    "native-digits": native_digits,
    "negative": negative,
    "export-nul": export_nul,
    "invalid-utf8": invalid_utf8,
    "separators": separators,
    "escapes": escapes,
    "extra-words": extra_words,
    "long": long_line,
    "zero-width-bidi": invisible,
    "nbsp-tabs": spaces,
    "random-bytes": random_bytes,
    "carriage-return": carriage_return,
}
CLASSES: dict[str, Callable[[random.Random], str]] = {**HOSTILE, "valid": valid}
WEIGHTS = {name: 1.0 for name in HOSTILE} | {"long": 0.3, "valid": 7.0}

TRIED: Counter[str] = Counter()  # lines tried per class, in process and through pipes


QUIT_WORDS = {"quit", "q", "exit"}  # a line that really quits would end the run early


def generated(rng: random.Random, count: int) -> list[tuple[str, str]]:
    """``count`` lines (class, line) in the classes' proportions; none of them a real ``quit``."""
    names = list(CLASSES)
    weights = [WEIGHTS[name] for name in names]
    lines: list[tuple[str, str]] = []
    while len(lines) < count:
        name = rng.choices(names, weights)[0]
        line = CLASSES[name](rng)
        screened = screen(line.removesuffix("\r"))
        if not (screened.ok and screened.text.strip().lower() in QUIT_WORDS):
            lines.append((name, line))
    return lines


def brief(line: str) -> str:
    return f"{line[:24]!r}" + (f"… ({len(line)} characters)" if len(line) > 24 else "")


def raw_chars(text: str, allowed: str = "") -> list[str]:
    """The characters of ``text`` that a terminal or a screen reader could act on."""
    return [c for c in text if unicodedata.category(c) in RAW_CONTROL and c not in allowed]


# ---------------------------------------------------------------- Hypothesis strategies

any_char = st.characters(
    categories=["Cc", "Cf", "Cs", "Zl", "Zp", "Zs", "Nd", "No", "Mn", "Lu", "Ll", "Co", "Cn"]
)
wild_text = st.one_of(
    st.text(),
    st.text(any_char, max_size=40),
    st.binary(max_size=40).map(lambda b: b.decode("utf-8", "surrogateescape")),
    st.text(
        st.sampled_from(SEPARATORS + INVISIBLE + SPACES + ODD_DIGITS + NATIVE_DIGITS + "\x1b\x00\r\n a1-")
    ),
)


def hostile_lines(classes: dict[str, Callable[[random.Random], str]]) -> st.SearchStrategy[tuple[str, str]]:
    """(class, line): a line of one of the classes, or Hypothesis' own wild text."""

    def of_class(name: str, make: Callable[[random.Random], str]) -> st.SearchStrategy[tuple[str, str]]:
        return st.integers(0, 2**32).map(lambda seed: (name, make(random.Random(seed))))

    by_class = [of_class(name, make) for name, make in classes.items()]
    return st.one_of(*by_class, wild_text.map(lambda text: ("wild-text", text)))


def moving_lines() -> st.SearchStrategy[tuple[str, str]]:
    """Hostile lines and valid ones (some of them a legal move chosen when typed), so the state moves."""
    kinds = {
        "hostile": hostile_lines(HOSTILE),
        "valid": st.sampled_from(COMMANDS + TILE_WORDS).map(lambda line: ("valid", line)),
        "legal": st.just(("legal", "")),
    }
    return st.sampled_from(["hostile"] * 4 + ["valid"] * 2 + ["legal"] * 4).flatmap(kinds.__getitem__)


# ---------------------------------------------------------------- the boundary


def _body(raw: str) -> str:
    line = raw[:-1] if raw.endswith("\n") else raw
    return line[:-1] if line.endswith("\r") else line


@settings(max_examples=1000, deadline=None)
@given(raw=st.one_of(wild_text, hostile_lines(CLASSES).map(lambda pair: pair[1])))
def test_screen_passes_only_clean_lines_and_shows_refused_ones_safely(raw: str) -> None:
    screened = screen(raw)
    body = _body(raw)
    dangerous = [c for c in body if unicodedata.category(c) in REFUSED_BY_BOUNDARY and c != "\t"]
    if screened.ok:
        text = screened.text
        assert not dangerous, f"{raw!r} let through with {dangerous!r}"
        assert not raw_chars(text), f"{raw!r} -> {text!r}"
        assert all(c == " " for c in text if unicodedata.category(c) == "Zs"), repr(text)
        assert unicodedata.is_normalized("NFC", text), repr(text)
        assert len(text) <= MAX_LINE
        text.encode("utf-8")  # no lone surrogate
        assert screen(text) == screened  # clean stays clean
    else:
        assert screened.text == ""
        assert screened.problem in set(InputProblem)
        assert dangerous or screened.problem is InputProblem.TOO_LONG
        if any(0xD800 <= ord(c) <= 0xDFFF for c in body):
            assert screened.problem is InputProblem.NOT_TEXT
        assert not raw_chars(screened.shown), f"{raw!r} shown as {screened.shown!r}"
        assert len(screened.shown) <= SHOWN
        screened.shown.encode("utf-8")


@settings(max_examples=400, deadline=None)
@given(text=wild_text, keep=st.booleans())
def test_visible_and_speech_text_hold_no_control_characters(text: str, keep: bool) -> None:
    shown = visible(text, keep_newlines=keep)
    assert not raw_chars(shown, "\n" if keep else ""), f"{text!r} -> {shown!r}"
    assert visible(shown, keep_newlines=keep) == shown
    shown.encode("utf-8")
    if text.isprintable():
        assert shown == text
    spoken = for_speech(text)
    assert not raw_chars(spoken), f"{text!r} -> {spoken!r}"
    spoken.encode("utf-8")


@settings(max_examples=400, deadline=None)
@given(
    word=st.one_of(st.text(st.sampled_from("0123456789" + ODD_DIGITS + NATIVE_DIGITS + "-+_ .\n")), st.text())
)
def test_ascii_number_takes_ascii_digits_only(word: str) -> None:
    number = ascii_number(word)
    plain = 1 <= len(word) <= 6 and all(c in "0123456789" for c in word)
    assert (number is not None) == plain, f"{word!r} -> {number!r}"
    if number is not None:
        assert number == int(word)


@settings(max_examples=300, deadline=None)
@given(name=st.one_of(wild_text, st.text(st.sampled_from("Anna" + INVISIBLE + SPACES + "\x1b\x00'.-1²"))))
def test_a_name_accepted_is_plain(name: str) -> None:
    if name_problem(name) is None:
        assert not raw_chars(name) and name == name.strip() and 1 <= len(name) <= MAX_NAME
        assert name[0].isalpha() and screen(name).text == name


# ---------------------------------------------------------------- the parsers

GAME_LEXICON = Lexicon(I18n("en"))
KEEP_LEXICON = KeepLexicon(I18n("en"), ["Anna", "Cem"])


@settings(max_examples=1000, deadline=None)
@given(pair=hostile_lines(CLASSES))
def test_the_parsers_refuse_with_a_reason_never_an_exception(pair: tuple[str, str]) -> None:
    screened = screen(pair[1])
    if not screened.ok:
        return
    line = screened.text
    try:
        command = parse(line, GAME_LEXICON)
    except ParseError as error:
        assert error.problem in set(ParseProblem)
    else:
        if command.number is not None:
            assert command.argument.isascii() and command.argument.isdigit(), line
    try:
        entry = parse_keep(line, KEEP_LEXICON)
    except KeepParseError as error:
        assert isinstance(error.problem, EntryProblem)
    else:
        assert 1 <= entry.count <= MOST_DRAWN, line
        assert all(0 <= n < 10**6 for n in entry.numbers), line


NOTHING_KINDS = [
    kind for kind in CommandKind if takes(kind) is Takes.NOTHING and kind is not CommandKind.PLAY
]
NOTHING_KINDS = [kind for kind in NOTHING_KINDS if kind is not CommandKind.EMPTY]
EXTRA = st.text(st.sampled_from("abxyz0123456789²٣-.'!?" + INVISIBLE), min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(NOTHING_KINDS), extra=st.lists(EXTRA, min_size=1, max_size=3))
def test_a_command_with_words_it_does_not_take_is_refused_whole(kind: CommandKind, extra: list[str]) -> None:
    for word in GAME_LEXICON.words_for(kind):
        line = screen(" ".join([word, *extra])).text
        if line.split() == [word]:
            continue  # the extra words were all invisible
        with pytest.raises(ParseError) as refused:
            parse(line, GAME_LEXICON)
        assert refused.value.problem is ParseProblem.EXTRA_WORDS, line
    for word in ("undo", "u", "redo"):
        line = screen(" ".join([word, *extra])).text
        if line.split() != [word]:
            with pytest.raises(KeepParseError):
                parse_keep(line, KEEP_LEXICON)


@settings(max_examples=200, deadline=None)
@given(
    word=st.sampled_from(["history", "y", "draw", "d"]),
    number=st.text(st.sampled_from(ODD_DIGITS + NATIVE_DIGITS + "-"), min_size=1, max_size=3),
)
def test_numbers_that_are_not_ascii_digits_are_refused(word: str, number: str) -> None:
    line = f"{word} {number}"
    with pytest.raises(ParseError):
        parse(line, GAME_LEXICON)
    with pytest.raises(KeepParseError):
        parse_keep(line, KEEP_LEXICON)
    with pytest.raises(KeepParseError):
        parse_keep(f"Anna {number} {number}", KEEP_LEXICON)


# ---------------------------------------------------------------- the game and the scorekeeper, in process

REFUSAL_MARKS = ("was not used", "I did not understand", "After the tile")


class Script:
    """A LineReader that types the given lines; before each read it notes the state and the output so far."""

    def __init__(
        self,
        lines: list[tuple[str, str]],
        out: io.StringIO,
        state: Callable[[], object],
        legal: Callable[[], str],
    ) -> None:
        self.lines = lines
        self.out = out
        self.state = state
        self.legal = legal
        self.marks: list[tuple[object, int]] = []
        self.typed: list[tuple[str, str]] = []

    def read(self, prompt: str) -> str:
        assert prompt.endswith("> ") and not raw_chars(prompt), repr(prompt)
        self.mark()
        if len(self.typed) == len(self.lines):
            raise EOFError
        kind, line = self.lines[len(self.typed)]
        if kind == "legal":
            line = self.legal()
        self.typed.append((kind, line))
        return line

    def mark(self) -> None:
        self.marks.append((self.state(), len(self.out.getvalue())))

    def check(self) -> None:
        """Every line answered; a refused line changed nothing; nothing raw printed."""
        output = self.out.getvalue()
        assert not raw_chars(output, "\n"), f"raw control characters printed: {raw_chars(output, chr(10))!r}"
        if len(self.typed) < len(self.lines):  # it stopped reading: a real quit, or the match is over
            last = screen(self.typed[-1][1]) if self.typed else None
            quit_typed = last is not None and last.ok and last.text.strip().lower() in QUIT_WORDS
            assert quit_typed or "Match over:" in output, f"stopped after {self.typed[-1:]!r}"
        for number, (kind, line) in enumerate(self.typed):
            TRIED[kind] += 1
            (before, start), (after, end) = self.marks[number], self.marks[number + 1]
            answer = output[start:end]
            assert answer.strip(), f"line {number} {line!r} ({kind}) got no answer"
            if not screen(line).ok:
                assert "That line was not used" in answer, f"{line!r} ({kind}): {answer!r}"
            if any(mark in answer for mark in REFUSAL_MARKS):
                assert after == before, f"refused line {line!r} ({kind}) changed the state: {answer!r}"


def _saved(folder: Path | None, name: str) -> bytes | None:
    path = folder / name if folder is not None else None
    return path.read_bytes() if path is not None and path.exists() else None


def _null_speaker(mode: str) -> None:
    return None


def run_game(lines: list[tuple[str, str]], seed: int, players: int, folder: Path | None) -> Script:
    rules = preset("standard", players=players)
    match = Match(rules, SeededDealer(seed))
    levels = {seat: "random" for seat in range(1, players)}
    seating = Seating(names=["You", "Anna", "Cem", "Mia"][:players], human=0, levels=levels)
    computers = {seat: make_player(level, seed * 10 + seat) for seat, level in levels.items()}
    out = io.StringIO()
    games: list[Game] = []

    def state() -> object:
        return games[0].match.state_key(), _saved(folder, MATCH_FILE)

    def legal() -> str:
        game = games[0]
        if game.seat.move_commands.asking is not None:
            return "left"
        if game.match.phase is Phase.HAND_OVER:
            return ""
        actions = game.seat.view.legal_actions
        action = actions[seed % len(actions)] if actions else Pass(0)
        if isinstance(action, Play):
            return f"{action.tile.notation} {game.seat.lexicon.end_word(action.end)}"
        return "draw" if isinstance(action, Draw) else "pass"

    script = Script(lines, out, state, legal)

    def refuse(screened: Screened) -> None:  # the game exists only below
        games[0].refuse_input(screened)

    reader = ScreenedReader(script, refuse)
    storage = Storage.open(folder) if folder is not None else None
    game = Game(
        match,
        seating,
        computers,
        language="en",
        verbosity=Verbosity.NORMAL,
        announcer=Announcer(out, language="en"),
        reader=reader,
        session=Session(storage, Settings(), lambda: None, "off", _null_speaker),
    )
    games.append(game)
    assert game.run() == 0
    script.mark()
    return script


def run_keeper(lines: list[tuple[str, str]], tally: bool, folder: Path | None) -> Script:
    rules = preset("standard", players=2)
    core: Table | Tally = Tally(rules) if tally else Table(rules)
    names = ["Anna", "Cem"]
    out = io.StringIO()
    keepers: list[Keeper] = []

    def state() -> object:
        return tuple(keepers[0].core.entries), _saved(folder, KEEP_FILE)

    def legal() -> str:
        keeper = keepers[0]
        table = keeper.core
        question = keeper.question
        if question is not None:
            answers = {WhichEnd: "right", IsOpener: "yes", ConfirmHolding: "yes", WhoWonBlocked: "nobody"}
            return answers[type(question)]
        if not isinstance(table, Table):
            if not table.opened:
                return "Anna 0-0"
            return random.Random(len(table.entries)).choice(
                ["Anna double", "Cem triple", "Anna out", "blocked"]
            )
        if table.phase is TablePhase.OPENING:
            return f"Anna {table.rules.expected_opener.notation}"
        if table.phase is TablePhase.REVEAL:
            side = table.sides_to_reveal()[0]
            seat = table.rules.seats_of(side)[0]
            held, free = table.held_by(side), table.unclaimed()
            if len(free) < held:  # the fuzz blocked a hand no real table could: take the pass back
                return "undo"
            return f"{names[seat]} " + " ".join(t.notation for t in free[:held])
        if table.phase is not TablePhase.PLAYING:
            return ""
        if table.drawable == 0:
            return "pass"  # two passes block the hand: the reveal gets its turn too
        if len(table.entries) % 4 == 3:
            return f"draw {table.drawable}"
        for tile in TILES:
            for end in table.ends_for(tile):
                if table.check(Play(table.turn, tile, end)) is None:
                    return f"{names[table.turn]} {tile.notation} {'left' if end is End.LEFT else 'right'}"
        return "draw" if table.check(DrawTiles(table.turn, 1)) is None else "pass"

    script = Script(lines, out, state, legal)

    def refuse(screened: Screened) -> None:  # the keeper exists only below
        keepers[0].refuse_input(screened)

    reader = ScreenedReader(script, refuse)
    storage = Storage.open(folder) if folder is not None else None
    exports = folder / "exports" if folder is not None else None
    keeper = Keeper(
        core,
        names,
        language="en",
        verbosity=Verbosity.NORMAL,
        announcer=Announcer(out, language="en"),
        session=Session(storage, Settings(), lambda: None, "off", _null_speaker, export_dir=exports),
    )
    keepers.append(keeper)
    assert keep_score(keeper, reader) == 0
    script.mark()
    return script


@pytest.fixture(scope="module", autouse=True)
def tell_what_was_tried() -> Iterator[None]:
    """Print the lines tried per class once the module has run (shown with ``pytest -s``)."""
    yield
    print("\nlines tried per class:", dict(sorted(TRIED.items())))


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    """Where the in-process runs save: a memory file system if there is one (every save is fsync'd)."""
    memory = Path("/dev/shm")
    where = str(memory) if memory.is_dir() and os.access(memory, os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="bergen-fuzz-", dir=where) as folder:
        yield Path(folder)


def _folder(scratch: Path, saving: bool, label: str) -> Path | None:
    if not saving:
        return None
    folder = Path(tempfile.mkdtemp(prefix=label, dir=scratch))
    return folder


LINES = st.lists(moving_lines(), min_size=10, max_size=60)
SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture]


@settings(max_examples=120, deadline=None, suppress_health_check=SLOW_OK)
@given(lines=LINES, seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]), saving=st.booleans())
def test_the_game_answers_every_line_and_refused_lines_change_nothing(
    scratch: Path, lines: list[tuple[str, str]], seed: int, players: int, saving: bool
) -> None:
    run_game(lines, seed, players, _folder(scratch, saving, "game-")).check()


@settings(max_examples=120, deadline=None, suppress_health_check=SLOW_OK)
@given(lines=LINES, tally=st.booleans(), saving=st.booleans())
def test_the_scorekeeper_answers_every_line_and_refused_lines_change_nothing(
    scratch: Path, lines: list[tuple[str, str]], tally: bool, saving: bool
) -> None:
    folder = _folder(scratch, saving, "keep-")
    run_keeper(lines, tally, folder).check()
    if folder is not None:  # export writes only inside its folder
        assert {p.name for p in folder.iterdir()} <= {KEEP_FILE, f"{KEEP_FILE}.lock", "exports"}


def test_the_in_process_fuzz_moves_the_state() -> None:
    """The mix of valid and hostile lines really plays (whole matches), so the checks above are not all on
    refusals."""
    rng = random.Random(11)
    lines = [("legal", "") if rng.random() < 0.5 else pair for pair in generated(rng, 400)]
    for players in (2, 3, 4):
        script = run_game(lines, 6, players, None)  # a seed whose matches last: 42, 31, 35 states
        script.check()
        assert "Match over:" in script.out.getvalue()
        assert len({repr(state) for state, _ in script.marks}) > 20
    for tally in (False, True):
        kept = run_keeper(lines, tally, None)
        kept.check()
        assert len({repr(state) for state, _ in kept.marks}) > 10
        assert "Match over:" in kept.out.getvalue() or not tally


# ---------------------------------------------------------------- the real program, through a pipe

PIPE_SEED = 20240610
GAME_ARGS = ["--plain", "--speech", "off", "--opponents", "random", "--new"]
PROMPT_LINE = re.compile(
    r"(?:Enter plays \d-\d; )?"
    r"(?:\S+, \d+ tiles?|\S+ (?:Anna|Cem)|Anna \d+ Cem \d+ /\d+|\S+ holds|who opens|left or right"
    r"|Enter: next hand|yes or no|match over|1-\d)> "
)


def pipe_environment(home: Path, locale: str) -> dict[str, str]:
    env = environment(home, TERM="dumb")
    env.pop("PYTHONIOENCODING", None)  # the real locale path decides the streams' encoding
    if locale == "C":
        env["LC_ALL"] = "C"
        env["LANG"] = "C"
    return env


def echo_of(line: str) -> str:
    """What the plain reader echoes for a piped line (it reads at most READ_LIMIT characters of it)."""
    return visible(line[:READ_LIMIT].removesuffix("\r"))


def transcript_blocks(stdout: str) -> list[tuple[str, list[str]]]:
    """(echoed line, answer lines) for each prompt, in order."""
    blocks: list[tuple[str, list[str]]] = []
    lines = stdout.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for text in lines:
        prompt = PROMPT_LINE.match(text)
        if prompt is not None:
            blocks.append((text[prompt.end() :], []))
        elif blocks:
            blocks[-1][1].append(text)
    return blocks


def pipe_run(args: list[str], lines: list[str], home: Path, locale: str) -> tuple[int, list[str]]:
    """Run the program on ``lines``; check its output; the number of lines it read, and what went wrong."""
    stdin = home / "stdin.txt"
    stdin.write_bytes(b"".join(line.encode("utf-8", "surrogateescape") + b"\n" for line in lines))
    with stdin.open("rb") as source:
        result = subprocess.run(
            [sys.executable, "-m", "bergen_access", *args],
            stdin=source,
            capture_output=True,
            cwd=ROOT,
            env=pipe_environment(home, locale),
            timeout=120,
            check=False,
        )
    problems: list[str] = []
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 0, f"exit {result.returncode}: {err[-2000:]}"
    stdout = result.stdout.decode("utf-8")  # strict: the output is UTF-8
    for where, text in (("stdout", stdout), ("stderr", err)):
        assert "Traceback" not in text and "Something went wrong" not in text, f"{where}: {text[-3000:]}"
    assert not raw_chars(stdout, "\n"), f"raw control characters: {sorted(set(raw_chars(stdout, chr(10))))!r}"
    assert not (home / "data" / "bergen-access" / "crash.log").exists()
    blocks = transcript_blocks(stdout)
    read = min(len(blocks), len(lines))
    for number in range(read):
        echoed, answer = blocks[number]
        line = lines[number]
        if echoed != echo_of(line):
            problems.append(f"line {number}: echoed {brief(echoed)}, typed {brief(line)}")
            break
        if not "".join(answer).strip():
            problems.append(f"line {number} {brief(line)}: no answer")
        # the boundary's verdict on the whole line (a CRLF ending is an ending) is the program's
        if not screen(line.removesuffix("\r")).ok and not any("That line was not used" in a for a in answer):
            problems.append(
                f"line {number} {brief(line)}: used, though the boundary refuses it: {answer[:2]}"
            )
    if len(blocks) == len(lines) + 1:  # all read; the last prompt met the end of input
        assert blocks[-1][0] == "" and "Goodbye" in "".join(blocks[-1][1])
    else:
        assert len(blocks) <= len(lines), f"{len(blocks)} prompts answered for {len(lines)} lines"
        tail = "\n".join(blocks[-1][1]) if blocks else stdout
        assert "Match over:" in tail or "Thank you for playing" in tail, (  # "no" to another match
            f"stopped reading after {len(blocks)} of {len(lines)} lines: {tail[-500:]}"
        )
    return read, problems


PIPE_RUNS = [  # (mode, locale, lines)
    ("game", "C.UTF-8", 5000),
    ("game", "C", 2000),
    ("track", "C.UTF-8", 3000),
    ("tally", "C", 2000),
]


@pytest.mark.parametrize(("mode", "locale", "count"), PIPE_RUNS)
def test_the_real_program_reads_thousands_of_hostile_lines_from_a_pipe(
    tmp_path: Path, mode: str, locale: str, count: int
) -> None:
    rng = random.Random(f"{PIPE_SEED}-{mode}-{locale}")
    pairs = generated(rng, count)
    lines = [line for _, line in pairs]
    problems: list[str] = []
    done, matches = 0, 0
    while done < len(lines):
        if mode == "game":
            seed = PIPE_SEED + matches
            args = [*GAME_ARGS, "--seed", str(seed)]
        else:
            args = ["keep", "--names", "Anna,Cem", "--mode", mode, "--speech", "off", "--new"]
        read, found = pipe_run(args, lines[done:], tmp_path, locale)
        problems += found
        assert read > 0, "the program read nothing"
        done += read
        matches += 1
        assert mode == "game" or done == len(lines), "the scorekeeper stopped reading before the end of input"
    TRIED.update(f"pipe:{name}" for name, _ in pairs)
    per_class = dict(Counter(name for name, _ in pairs))
    print(f"\n{mode} ({locale}): {done} lines tried in {matches} run(s); per class: {per_class}")
    assert not problems, "\n".join(problems[:20])


def test_a_line_too_long_is_refused_whole_past_the_read_limit(tmp_path: Path) -> None:
    """A piped line longer than MAX_LINE is not used, even when its first READ_LIMIT characters are invisible
    padding after a command: nothing of it is half-obeyed."""
    line = "draw" + "\u200b" * (READ_LIMIT + 100) + "x" * (MAX_LINE + 100)
    assert not screen(line).ok  # the boundary's own verdict on the whole line
    env = pipe_environment(tmp_path, "C.UTF-8")
    result = subprocess.run(
        [sys.executable, "-m", "bergen_access", *GAME_ARGS, "--seed", "7"],
        input=(line + "\n").encode(),
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    blocks = transcript_blocks(result.stdout.decode())
    answer = "\n".join(blocks[0][1])
    assert "That line was not used" in answer and "longer than 300" in answer, answer


def test_the_first_side_of_a_blocked_hand_is_answered(tmp_path: Path) -> None:
    """After a block, the holding typed for the first side gets an answer like every other line (found by
    the fuzz above: it was taken in silence, the prompt alone moving on to the next side)."""
    record = ["Anna 0-0", "Cem draw 14", "Cem pass", "Anna pass", "Anna 1 5", "Cem 0 20"]
    result = subprocess.run(
        [sys.executable, "-m", "bergen_access", "keep", "--names", "Anna,Cem", "--new", "--speech", "off"],
        input="".join(line + "\n" for line in record).encode(),
        capture_output=True,
        cwd=ROOT,
        env=pipe_environment(tmp_path, "C.UTF-8"),
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    blocks = transcript_blocks(result.stdout.decode())
    assert [echoed for echoed, _ in blocks[: len(record)]] == record
    assert "Blocked" in "".join(blocks[3][1])  # the record does reach the reveal
    for echoed, answer in blocks[: len(record)]:
        assert "".join(answer).strip(), f"{echoed!r} got no answer"
