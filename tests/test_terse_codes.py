"""The terse lines, read as a braille reader reads them (issue 21).

1. Every form the terse lines show for a move (``1-4L``, ``5-6LR``, Turkish ``2-4sa``, ``3-5:1,3``,
   the played line's ``1-4 L`` and ``3-5 2``) can be typed back, and plays what it showed: seeded
   terse matches of every preset, table and set, in English, German and Turkish, are played by typing
   back only what the hint and the turn line show; the scorekeeper is given the plays as its terse
   lines write them.
2. ``help terse`` explains every code the game shows: every token of every terse line of those
   matches (and of the scorekeeper's) is a tile, a place, the ends, a name, a number, a command word,
   or a code that an example of the legend of that language shows.
3. What cannot be read is refused with what can be typed instead, never a bare ``? 1-4L``; the parser
   never raises anything but its refusal (Hypothesis).
"""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen_access.commands.keep_parser import KeepKind, KeepLexicon, KeepParseError, parse_keep
from bergen_access.commands.lexicon import CommandKind, Lexicon, places_for
from bergen_access.commands.notation import end_letters
from bergen_access.commands.parser import ParseError, parse
from bergen_access.core import Match, SeededDealer, preset
from bergen_access.core.actions import Draw, End, Pass, Play
from bergen_access.core.engine import Phase
from bergen_access.core.rules import Rules
from bergen_access.core.table import DrawTiles, NewHand, Open, Reveal, Table
from bergen_access.core.tiles import tile, tile_and_rest, tile_numbers
from bergen_access.i18n import I18n
from bergen_access.output.announcer import Announcer
from bergen_access.players.base import Player
from bergen_access.players.levels import make_player
from bergen_access.present import codes
from bergen_access.present.legend import KeepLegend, Legend
from bergen_access.present.message import Message, Verbosity
from bergen_access.present.words import Words
from bergen_access.seat.keeper import Keeper
from bergen_access.seat.match_seat import MatchSeat, Seating
from bergen_access.seat.session import quiet_session
from bergen_access.seat.turns import computer_turn

from .drivers import PipeSession
from .table_script import play_match

LANGUAGES = ("en", "de", "tr")
NAMES = ["Anna", "Cem", "Mia", "Tom"]
TABLES = ({"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "partnerships": True})
#: every preset on every table with double-six; the larger sets on two tables
GAMES = [(name, table) for name in ("standard", "counters", "dominoplaza") for table in TABLES] + [
    (name, {**table, "tile_set": size})
    for name in ("standard", "counters")
    for size in (9, 12)
    for table in (TABLES[0], TABLES[3])
]
SEEDS = (1, 2, 3)
#: what the player asks at its turns, in turn (the reviews and some lines that are refused)
ASKED = ["hand", "ends", "line", "score", "count", "turn", "seats", "unseen", "history 4", "help terse"]


def rules_of(name: str, options: dict[str, object]) -> Rules:
    return preset(name, **options)


def game_id(game: tuple[str, dict[str, object]]) -> str:
    name, options = game
    return "-".join([name, *(f"{k}{v}" for k, v in options.items())])


# ------------------------------------------------------------------ the seat, played from its lines


@dataclass
class Walk:
    """One terse match at the player's seat, played only by typing back what the terse lines showed."""

    seat: MatchSeat
    said: list[Message] = field(default_factory=list)
    typed: list[tuple[str, str]] = field(default_factory=list)  # (form typed, what it was expected to do)

    @property
    def last(self) -> Message:
        return self.said[-1]

    def type(self, line: str) -> list[Message]:
        before = len(self.said)
        self.seat.handle(line)
        return self.said[before:]


def record(said: list[Message], message: Message, lines: list[str]) -> None:
    said.append(message)


def start_walk(rules: Rules, language: str, seed: int) -> tuple[Walk, dict[int, Player]]:
    match = Match(rules, SeededDealer(seed))
    names = NAMES[: rules.players]
    computers = {seat: make_player("random", seed * 10 + seat) for seat in range(1, rules.players)}
    seating = Seating(names, human=0, levels=dict.fromkeys(computers, "random"))
    announcer = Announcer(io.StringIO(), language=language, terse=True)
    seat = MatchSeat(
        match,
        seating,
        language=language,
        verbosity=Verbosity.TERSE,
        announcer=announcer,
        session=quiet_session(),
    )
    walk = Walk(seat)
    announcer.recorders.append(lambda message, lines: walk.said.append(message))
    seat.say(seat.table_talk.orientation(rules, seat.lexicon.main_word(CommandKind.HELP)))
    seat.start_hand()
    return walk, computers


def move_forms(braille: str, walk: Walk) -> list[tuple[str, tuple[int, ...]]]:
    """The plays a terse line shows (before any ``/``): each form with the ends it shows."""
    places = walk.seat.words.places
    forms = []
    for word in braille.split(" / ", maxsplit=1)[0].split():
        split = tile_and_rest(word)
        if split is not None:
            ends = places.read(split[1])
            if ends is not None:
                forms.append((word, ends))
    return forms


def play_turn(walk: Walk, rng: random.Random) -> None:
    """Ask a review, then play by typing back a form the hint shows (or the word it shows)."""
    seat = walk.seat
    match, human = seat.match, seat.seating.human
    hint = walk.type(seat.lexicon.main_word(CommandKind.HINT))[-1].braille
    forms = move_forms(hint, walk)
    before = len(match.actions)
    if not forms:
        lone = [numbers for w in hint.split(" / ")[0].split() if (numbers := tile_numbers(w)) and "-" in w]
        word = hint.split()[-1]
        if lone and seat.view.layout is not None and seat.view.layout.lone_double:  # no side to say
            alone = tile(*lone[0])
            walk.typed.append((str(alone), "(0,)"))
            walk.type(str(alone))
            assert match.actions[-1] == Play(human, alone, End.LEFT)
            return
        walk.typed.append((word, "draw or pass"))
        walk.type(word)  # "draw", "pass", as the line shows it ("ziehen", "çek", "pas")
        assert len(match.actions) > before, (word, walk.last.braille)
        assert isinstance(match.actions[-1], Draw | Pass) and match.actions[-1].seat == human
        return
    form, ends = rng.choice(forms)
    (low, high), place = tile_and_rest(form) or ((0, 0), "")
    played = tile(low, high)
    if len(ends) == 1 and rng.random() < 0.5:
        form = f"{played} {place}"  # as the played line writes it: "1-4 L", "3-5 2"
        if walk.seat.words.many_arms:
            form = f"{played} {walk.seat.words.end_letter(ends[0])}"
    walk.typed.append((form, repr(ends)))
    answer = walk.type(form)
    if len(ends) == 1:
        assert len(match.actions) == before + 1, (form, answer[-1].braille)
        assert match.actions[-1] == Play(human, played, ends[0]), (form, match.actions[-1])
        return
    question = answer[-1].braille
    assert question == seat.words.which_end(played, ends), (form, question)  # among the ends shown only
    choices = question.split(": ", 1)[1].rstrip("?").split("/")
    chosen = rng.randrange(len(choices))
    walk.typed.append((choices[chosen], "the end asked"))
    walk.type(choices[chosen])
    assert match.actions[-1] == Play(human, played, ends[chosen]), (form, choices[chosen])


def walk_match(rules: Rules, language: str, seed: int, most: int = 4000) -> Walk:
    walk, computers = start_walk(rules, language, seed)
    seat = walk.seat
    match = seat.match
    rng = random.Random(seed)
    asked = iter(ASKED * 40)
    turns = 0
    while not match.is_over and most:
        most -= 1
        if match.phase is Phase.HAND_OVER:
            walk.type("")
        elif match.turn == seat.seating.human:
            seat.flush_draws()
            seat.announce_turn()
            turns += 1
            question = next(asked, None)
            if question is not None:
                walk.type(question)
            refused_lines(walk, rng, turns)
            play_turn(walk, rng)
        else:
            computer_turn(seat, computers[match.turn])
    seat.flush_draws()
    assert match.is_over
    return walk


def refused_lines(walk: Walk, rng: random.Random, turns: int) -> None:
    """Now and then a line that must be refused: each refusal changes nothing."""
    if turns % 3:
        return
    seat = walk.seat
    view = seat.view
    held = view.hand[0]
    not_held = next(t for t in seat.match.rules.tiles.tiles if t not in view.hand)
    highest = seat.match.rules.tiles.highest
    lines = [
        "xyzzy",
        f"{held}X",
        f"{highest + 1}-1",
        f"{not_held}",
        "history x",
        f"{seat.lexicon.main_word(CommandKind.DRAW)} 3",
    ]
    if seat.words.many_arms:
        lines.append("112")
    before = len(seat.match.actions)
    line = rng.choice(lines)
    answer = walk.type(line)
    assert len(seat.match.actions) == before, line
    assert answer and answer[-1].braille != f"? {line}", (line, answer[-1].braille)  # never a bare "?"


# ------------------------------------------------------------------ the legend's check


DIGITS = re.compile(r"\d+")
PUNCTUATION = ".,;:"


LISTED = re.compile(r"#([/,])#(?:\1#)+")


def shape(token: str) -> str:
    """A token with its numbers made alike (``+2=9`` and ``+1=14`` are one code, ``1/3?`` and
    ``1/5/6?`` too) and its closing punctuation left out."""
    return LISTED.sub(r"#\1#", DIGITS.sub("#", token.rstrip(PUNCTUATION) or token))


@dataclass
class Reader:
    """What a reader of one legend can read: the codes its examples show, and what is no code."""

    words: Words
    lexicon: Lexicon
    explained: set[str]
    names: set[str]

    @classmethod
    def of(cls, legend: Legend, lexicon: Lexicon) -> Reader:
        words = legend.words
        shown = [entry.shown for entry in legend.entries()]
        for entry in legend.entries():  # every example is in the line the legend shows
            assert entry.shown in entry.line and entry.meaning, entry
        rules = words.rules
        names = {words.name(seat) for seat in range(rules.players)}
        names |= {words.side_braille(side) for side in range(rules.sides)}
        explained = {shape(token) for line in shown for token in line.split()}
        explained |= {shape(part) for code in list(explained) if "|" in code for part in code.split("|")}
        return cls(words, lexicon, explained, names)

    def is_tile(self, token: str) -> bool:
        numbers = tile_numbers(token, marked=True)
        return numbers is not None and "-" in token and max(numbers) <= self.words.rules.tiles.highest

    def unexplained(self, token: str) -> str | None:
        """None when the token is read by the legend (or is no code); else the token."""
        bare = token.rstrip(PUNCTUATION) or token
        if bare in self.names or bare.isdigit() or self.is_tile(bare):
            return None
        if self.lexicon.command(bare) is not None:
            return None  # a command word (the help word in the first line)
        split = tile_and_rest(bare)
        if split is not None and self.words.places.read(split[1]) is not None:
            return None if any("#-#" in code and code != "#-#" for code in self.explained) else token
        if "|" in bare:
            parts = bare.split("|")
            if any("|" in code for code in self.explained) and all(
                part.isdigit() or self.is_tile(part) or shape(part) in self.explained for part in parts
            ):
                return None
            return token
        return None if shape(bare) in self.explained else token

    def check(self, messages: list[Message]) -> dict[str, str]:
        """Each code-like token of the terse lines, when the legend does not explain it: the line."""
        missing: dict[str, str] = {}
        for message in messages:
            if _is_sentence(message, self.words):
                continue
            for line in message.braille.splitlines():
                shown = line
                if line.startswith(f"{codes.ASKED} "):  # "? 1-4X: L/R": the line as typed, then what can be
                    shown = codes.ASKED + " " + line.rpartition(": ")[2] if ": " in line else codes.ASKED
                for token in shown.split():
                    found = self.unexplained(token)
                    if found is not None:
                        missing.setdefault(found, line)
        return missing


def _is_sentence(message: Message, words: Words) -> bool:
    """A line of words (a refusal said in full, the rules, help): its speech is its print read aloud.
    A terse line of codes is spoken as the sentence it stands for."""
    printed = " ".join(message.braille.split())
    return words.speakable(printed) == " ".join(message.speech.split())


# ------------------------------------------------------------------ the tests


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_terse_matches_are_played_by_typing_back_what_they_show_and_help_terse_explains_every_code(
    game: tuple[str, dict[str, object]], language: str
) -> None:
    rules = rules_of(*game)
    for seed in SEEDS:
        walk = walk_match(rules, language, seed)
        plays = [form for form, expected in walk.typed if expected.startswith("(")]
        assert plays, "no play was typed back"
        reader = Reader.of(Legend(walk.seat.words), walk.seat.lexicon)
        missing = reader.check(walk.said)
        assert not missing, f"help terse ({language}) does not explain: {missing}"
        forms_of_played_lines(walk)


def forms_of_played_lines(walk: Walk) -> None:
    """The played line's tile and place (``Anna 1-4 L 1|0``: ``1-4 L``; ``Anna 3-5 2``), typed, is that
    play: for every play of the match, the player's and the computers'."""
    seat = walk.seat
    rules = seat.match.rules
    for action in seat.match.actions:
        if isinstance(action, Play):
            form = f"{action.tile} {seat.words.end_letter(action.end)}"
            command = parse(form, seat.lexicon, rules.tiles.highest, rules.arms)
            assert (command.tile, command.end) == (action.tile, action.end), form


def keeper_lines(script_rules: Rules, seed: int, names: list[str], language: str) -> Iterator[str]:
    """What a scorekeeper types for a real match, each play as its terse line writes it."""
    i = I18n(language)
    words = Words(i, script_rules, names, None)
    glued = random.Random(seed)
    script = play_match(script_rules, seed)
    for entry in script.entries:
        if isinstance(entry, NewHand):
            yield ""
        elif isinstance(entry, Open):
            yield f"{names[entry.seat]} {entry.tile}"
        elif isinstance(entry, Play):
            place = words.end_letter(entry.end)
            gap = "" if glued.random() < 0.5 and not words.many_arms else " "
            if words.many_arms and gap == "":
                place = words.fit_letters((entry.end,))
            yield f"{names[entry.seat]} {entry.tile}{gap}{place}"
        elif isinstance(entry, DrawTiles):
            yield f"{names[entry.seat]} {Lexicon(i).main_word(CommandKind.DRAW)}"
        elif isinstance(entry, Pass):
            yield f"{names[entry.seat]} {Lexicon(i).main_word(CommandKind.PASS)}"
        elif isinstance(entry, Reveal):
            seat = script_rules.seats_of(entry.side)[0]
            yield f"{names[seat]} " + " ".join(t.notation for t in entry.tiles)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", [GAMES[0], GAMES[5], GAMES[8], GAMES[-1]], ids=game_id)
def test_the_scorekeeper_takes_the_plays_as_its_terse_lines_write_them_and_its_legend_explains_them(
    game: tuple[str, dict[str, object]], language: str
) -> None:
    rules = rules_of(*game)
    names = NAMES[: rules.players]
    for seed in SEEDS:
        script = play_match(rules, seed)
        said: list[Message] = []
        announcer = Announcer(io.StringIO(), language=language, terse=True)
        announcer.recorders.append(partial(record, said))
        keeper = Keeper(
            Table(rules), names, language=language, verbosity=Verbosity.TERSE, announcer=announcer,
            session=quiet_session(),
        )  # fmt: skip
        keeper.start()
        yes = keeper.i18n.pgettext("answer", "yes y").split()[0]
        for line in keeper_lines(rules, seed, names, language):
            keeper.handle(line)
            while keeper.question is not None:  # "is 1-1 the lowest double?", the holdings asked back
                keeper.handle(yes)
        for review in ("score", "ends", "line", "count", "turn", "history 3", "xyzzy", "Zed 3-5"):
            keeper.handle(review)
        table = keeper.core
        assert isinstance(table, Table)
        assert table.scores == script.scores and table.is_over, (seed, table.scores, script.scores)
        reader = Reader.of(KeepLegend(keeper.words), keeper.lexicon.game)
        missing = reader.check(said)
        assert not missing, f"the scorekeeper's help terse ({language}) does not explain: {missing}"


# ------------------------------------------------------------------ the notation, one table


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_letters_the_terse_lines_write_are_read_back_from_the_same_table(language: str) -> None:
    i = I18n(language)
    letters = end_letters(i)
    lexicon = Lexicon(i)
    places = places_for(i)
    assert len({lexicon.places().fold(letter) for letter in letters.values()}) == 2  # the two differ
    for end, letter in letters.items():
        assert lexicon.end(letter) is end and lexicon.end(letter.upper()) is end
        assert places.read(letter) == (end,)
    for ends in ((End.LEFT,), (End.RIGHT,), (End.LEFT, End.RIGHT), (End.RIGHT, End.LEFT)):
        assert places.read(places.fits(ends)) == ends
    for arms in (4, 8):
        many = places_for(i, arms)
        for first in range(arms):
            for second in range(arms):
                arms_named = (first,) if first == second else (first, second)
                assert many.read(many.fits(arms_named)) == arms_named
                assert many.read(many.letter(first)) == (first,)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_place_a_tile_is_shown_with_is_typed_back_as_that_play(language: str) -> None:
    i = I18n(language)
    lexicon = Lexicon(i)
    for arms, highest in ((2, 6), (4, 9), (8, 12)):
        rules = preset("standard", tile_set=highest)
        words = Words(i, rules, NAMES[:2], 0)
        for played in rules.tiles.tiles[:: 7 if arms > 2 else 1]:
            for end in range(arms):
                for form in (f"{played}{words.fit_letters((end,))}", f"{played} {words.end_letter(end)}"):
                    command = parse(form, lexicon, highest, arms)
                    assert (command.kind, command.tile, command.end) == (CommandKind.PLAY, played, end), form
            both = f"{played}{words.fit_letters((0, 1))}"
            assert parse(both, lexicon, highest, arms).end is None  # fits both: the game asks which


def test_the_braille_readers_line_plays_the_tile_on_the_side_the_hint_showed(tmp_path: Path) -> None:
    """The issue's session, through the real program: German counters, 3 players, seed 11; the hint
    shows ``1-4L``, and ``1-4L`` typed back plays 1-4 on the left (it was refused with ``? 1-4L``)."""
    args = ["--plain", "--new", "--lang", "de", "--preset", "counters", "--players", "3"]
    session = PipeSession([*args, "--verbosity", "terse", "--seed", "11"], tmp_path)
    try:
        assert session.read_to_prompt() is not None
        session.type("i")
        hint, _ = session.read_to_prompt() or ("", "")
        assert "1-4L" in hint.split(), hint
        session.type("1-4L")
        played, _ = session.read_to_prompt() or ("", "")
        # after the line typed, echoed: 1-4 laid on the left (the ends after it are the computers' doing)
        assert any(line.startswith("Du 1-4 L ") for line in played.splitlines()), played
        session.type("beenden")
        assert session.finish() == 0
    finally:
        session.kill()


@pytest.mark.parametrize(
    ("language", "line", "shown"),
    [
        ("en", "1-4X", "? 1-4X: L/R"),
        ("tr", "2-4x", "? 2-4x: so/sa"),
        ("de", "7-7", "? 7-7: 0..6"),
        ("en", "1-4L R", "? 1-4L R: L/R"),
        ("en", "xyzzy", "? xyzzy: 3-5/help"),
        ("de", "xyzzy", "? xyzzy: 3-5/hilfe"),
    ],
)
def test_a_line_not_read_says_what_can_be_typed(language: str, line: str, shown: str) -> None:
    walk, _ = start_walk(preset("standard"), language, 1)
    assert walk.type(line)[-1].braille == shown


def test_on_the_larger_sets_a_place_that_is_no_arm_says_which_arms_there_are() -> None:
    walk, _ = start_walk(preset("standard", tile_set=9), "en", 1)
    assert walk.type("3-5:7")[-1].braille == "? 3-5:7: 1..4"
    assert walk.type("3-5 L")[-1].braille == "? 3-5 L: 1..4"


def test_the_scorekeeper_reads_a_play_glued_to_its_place() -> None:
    lexicon = KeepLexicon(I18n("tr"), NAMES[:2])
    command = parse_keep("Cem 2-5sa", lexicon)
    assert (command.kind, command.seat, command.tile, command.end) == (
        KeepKind.TILE,
        1,
        tile(2, 5),
        End.RIGHT,
    )
    with pytest.raises(KeepParseError):
        parse_keep("Cem 2-5xx", lexicon)


# ------------------------------------------------------------------ never a crash

LINE_PARTS = st.sampled_from(
    ["1-4", "10-12", "3:5", "35", "L", "R", "LR", "so", "sa", "sosa", ":1,3", ":2", ":", ",", "2", "13",
     "arm", "left", " ", "-", "x", "1", "0", "00", "9-9", "12", "play", "oyna"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(
    parts=st.lists(LINE_PARTS, min_size=1, max_size=5),
    glue=st.lists(st.booleans(), min_size=5, max_size=5),
    language=st.sampled_from(LANGUAGES),
    size=st.sampled_from([(6, 2), (9, 4), (12, 8)]),
)
def test_the_parsers_read_or_refuse_every_mix_of_tiles_and_places(
    parts: list[str], glue: list[bool], language: str, size: tuple[int, int]
) -> None:
    line = "".join(part + ("" if together else " ") for part, together in zip(parts, glue, strict=False))
    highest, arms = size
    i = I18n(language)
    try:
        command = parse(line, Lexicon(i), highest, arms)
    except ParseError:
        pass
    else:
        if command.kind is CommandKind.PLAY:
            assert command.tile is not None and command.tile.high <= highest
            assert command.end is None or 0 <= command.end < arms
    with contextlib.suppress(KeepParseError):
        parse_keep(line, KeepLexicon(i, NAMES[:2], highest, arms))


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(
        LINE_PARTS | st.sampled_from(["xyzzy", "draw", "history", "ç", "Zed"]), min_size=1, max_size=4
    ),
    language=st.sampled_from(LANGUAGES),
    size=st.sampled_from([6, 9, 12]),
)
def test_a_line_refused_says_in_terse_what_can_be_typed(parts: list[str], language: str, size: int) -> None:
    """Never a bare ``? 1-4L``: the terse refusal of the game and of the scorekeeper names what can
    be typed after its colon (the ends, the numbers of the set, a tile or help, the count)."""
    line = " ".join(parts)
    rules = preset("standard", tile_set=size)
    walk, _ = start_walk(rules, language, 1)
    seat = walk.seat
    try:
        parse(line, seat.lexicon, rules.tiles.highest, rules.arms)
    except ParseError as error:
        shown = seat.refusal(error).braille
        assert shown.startswith(f"{codes.ASKED} ") and ": " in shown, (line, shown)
    announcer = Announcer(io.StringIO(), language=language, terse=True)
    keeper = Keeper(
        Table(rules), NAMES[:2], language=language, verbosity=Verbosity.TERSE, announcer=announcer,
        session=quiet_session(),
    )  # fmt: skip
    try:
        parse_keep(line, keeper.lexicon)
    except KeepParseError as error:
        shown = keeper.refusal(error).braille
        assert (shown.startswith(f"{codes.ASKED} ") and ": " in shown) or shown == keeper.refusal(error).text
