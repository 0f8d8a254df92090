"""What the scorekeeper types: ``Anna 3-5 left``, ``draw 3``, ``pass``, ``Cem double``, ``blocked Mia``.

A line may start with a player's name (the whole name, or at least its first
two letters); without one, a play, draw or pass is the turn of whoever is to
move, and a holding is that of the side the prompt asks for. The review and
session commands are the game's (``score``, ``line``, ``help``…), plus
``undo``, ``redo`` and ``export``.

After a block (``reveal=True``) a side's holding has two forms that can never
be taken for each other: its tiles, each written with a mark between the
numbers (``Anna 6-6 1-2``), or its numbers with their words (``Anna doubles 1
pips 15``, American rule: ``outside 3`` too). Bare numbers (``Anna 1 15``) are
understood as doubles, pips (and pips outside the doubles) but asked back
before they count; outside a block, ``Anna 3 5`` is the tile 3-5.
Every refusal is an ``EntryProblem``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..boundary import ascii_number
from ..core.events import HeaderKind
from ..core.layout import KIND_OF_VALUE
from ..core.refused import Refused
from ..core.tiles import HIGHEST_NUMBER, Tile, parse_tile, read_tile, tile_numbers
from ..i18n import I18n
from .definitions import SOURCE
from .lexicon import CommandKind, Lexicon, Place, fold
from .parser import ParseError, ParseProblem, apart, ends_named, parse, with_argument
from .said_moves import SaidWords, plain_word

MOST_DRAWN = 99  # the largest count "draw N" takes (the table refuses more than the stock allows)
#: the command table's words the scorekeeper reads as entries, not as commands ("Cem draw", "3-5 play")
ENTRIES = frozenset({CommandKind.PLAY, CommandKind.DRAW, CommandKind.PASS})
#: corrections of the record, each a line alone
CORRECTIONS = frozenset({CommandKind.UNDO, CommandKind.REDO})


class KeepKind(StrEnum):
    """Scorekeeper entries and the commands only the scorekeeper has."""

    TILE = "tile"  # a play, or the opening double
    DRAW = "draw"
    PASS = "pass"
    HOLDING = "holding"  # after a block: tiles, or doubles and pips
    HEADER = "header"  # tally: a double or triple header
    OUT = "out"  # tally: went out
    BLOCKED = "blocked"  # tally: blocked hand and who won
    COMMAND = "command"  # a command of the command table (reviews, settings, undo, redo, export)


class EntryProblem(StrEnum):
    """Why a line is not an entry."""

    UNKNOWN = "unknown"
    UNKNOWN_NAME = "unknown-name"  # an entry after a word that is nobody's name
    NOTHING_AFTER_NAME = "nothing-after-name"
    BAD_END = "bad-end"
    EXTRA_WORDS = "extra-words"  # a command followed by words it does not take
    BAD_COUNT = "bad-count"  # draw followed by something that is not a count
    BAD_HISTORY = "bad-history"  # history followed by something that is not a count or "all"
    ONE_NAME = "one-name"  # blocked followed by more than one word
    HOLDING_FORM = "holding-form"  # after a block: neither tiles nor numbers with their words
    AMBIGUOUS_TILE = "ambiguous-tile"  # larger sets: digits that read as more than one tile
    NOT_IN_SET = "not-in-set"  # a number above the set's highest
    HEADER_VALUE = "header-value"  # larger sets' tally: a name and a number no header is worth


class Holder(StrEnum):
    """The words of a holding's numbers."""

    DOUBLES = "doubles"
    PIPS = "pips"
    OUTSIDE = "outside"  # pips outside the doubles (American rule)


@dataclass(frozen=True)
class KeepCommand:
    """A parsed scorekeeper line."""

    kind: KeepKind
    seat: int | None = None
    tile: Tile | None = None
    end: int | None = None  # an End on double-six; the arm's index with more arms
    count: int = 1
    tiles: tuple[Tile, ...] = ()
    numbers: tuple[int, ...] = ()  # a holding's doubles, pips (and pips outside the doubles)
    confirmed: bool = True  # False: bare numbers, to be asked back
    header: HeaderKind | None = None
    command: CommandKind | None = None
    argument: str = ""
    number: int | None = None  # history N


class KeepParseError(Refused):
    """A line that is not an entry; ``problem`` says why, ``word`` is the command word it was about."""

    def __init__(
        self, problem: EntryProblem, text: str, word: str = "", readings: tuple[str, ...] = ()
    ) -> None:
        super().__init__(problem, text=text, word=word, readings=readings)
        self.problem = problem
        self.text = text
        self.word = word
        self.readings = readings  # AMBIGUOUS_TILE: what to type for each reading


def _keep_words(i: I18n) -> dict[KeepKind | HeaderKind | Holder | str, str]:
    return {
        # Translators: scorekeeper tally words after a name: a double header ("Anna double").
        HeaderKind.DOUBLE: i.pgettext("keep command", "double dh 2"),
        # Translators: scorekeeper tally words after a name: a triple header ("Cem triple").
        HeaderKind.TRIPLE: i.pgettext("keep command", "triple th 3"),
        # Translators: scorekeeper tally words after a name: went out ("Mia out").
        KeepKind.OUT: i.pgettext("keep command", "out o"),
        # Translators: scorekeeper tally words: a blocked hand ("blocked Anna", "blocked nobody").
        KeepKind.BLOCKED: i.pgettext("keep command", "blocked b"),
        # Translators: scorekeeper words for "no one" after "blocked" ("blocked nobody").
        "nobody": i.pgettext("keep command", "nobody none tie"),
        # Translators: scorekeeper word after "history": the whole match, not only this hand.
        "all": i.pgettext("keep command", "all"),
        # Translators: scorekeeper, after a block: the word before (or after) the number of doubles a
        # side holds ("Anna doubles 1 pips 15"). Space-separated forms.
        Holder.DOUBLES: i.pgettext("keep command", "doubles"),
        # Translators: scorekeeper, after a block: the word for the pip total ("pips 15").
        Holder.PIPS: i.pgettext("keep command", "pips"),
        # Translators: scorekeeper, after a block, American rule: the word for the pips outside the
        # doubles ("outside 3").
        Holder.OUTSIDE: i.pgettext("keep command", "outside"),
    }


_ENGLISH: dict[KeepKind | HeaderKind | Holder | str, str] = {
    HeaderKind.DOUBLE: "double dh 2 double-header",
    HeaderKind.TRIPLE: "triple th 3 triple-header",
    KeepKind.OUT: "out o",
    KeepKind.BLOCKED: "blocked b block",
    "nobody": "nobody none tie",
    "all": "all",
    Holder.DOUBLES: "doubles",
    Holder.PIPS: "pips pip",
    Holder.OUTSIDE: "outside",
}


class KeepLexicon:
    """Names, the game's command words, and the scorekeeper's own words."""

    def __init__(self, i: I18n, names: Sequence[str], highest: int = HIGHEST_NUMBER, arms: int = 2) -> None:
        self.language = i.language
        self.game = Lexicon(i, Place.KEEP)  # the command table's words for the scorekeeper
        self.highest = highest  # the set's highest number (6, 9, 12)
        self.arms = arms  # 2 (left and right), 4 or 8
        self.names = [fold(n, i.language) for n in names]
        self._words: dict[str, KeepKind | HeaderKind | Holder | str] = {}
        for meaning, words in _keep_words(i).items():
            for word in words.split():
                self._words.setdefault(fold(word, self.language), meaning)
        for meaning, words in _ENGLISH.items():
            for word in words.split():
                # English works too, unless the word is a game command of the player's language
                # (Turkish "u" means the ends, not undo).
                if self.game.command(word) is None:
                    self._words.setdefault(fold(word, self.language), meaning)
        #: the words the keeper says a move in, read back ("Cem zieht 2", "Mia passt"), English too
        self.said = SaidWords()
        for language in (i, SOURCE):
            self.said.add(language, lambda word: fold(word, self.language))

    def meaning(self, word: str) -> KeepKind | HeaderKind | Holder | str | None:
        """What a word means here; with more arms a number from 2 is a header of that value ("Anna 4")."""
        number = ascii_number(word)
        if self.arms > 2 and number is not None and 2 <= number <= self.arms + 1:
            return KIND_OF_VALUE[number]
        return self._words.get(fold(word, self.language))

    def seat(self, word: str) -> int | None:
        """The seat a word names: the whole name, else a unique start of at least two letters."""
        word = fold(word, self.language)
        if word in self.names:
            return self.names.index(word)
        if len(word) >= 2:
            found = [seat for seat, name in enumerate(self.names) if name.startswith(word)]
            if len(found) == 1:
                return found[0]
        return None

    def word(self, meaning: KeepKind | HeaderKind | Holder | str, i: I18n) -> str:
        return keep_word(meaning, i)


def keep_word(meaning: KeepKind | HeaderKind | Holder | str, i: I18n) -> str:
    """The main word of one of the scorekeeper's entry words (``all``, ``nobody``, ``double``…)."""
    return _keep_words(i)[meaning].split()[0]


def _tile(word: str) -> Tile | None:
    """A double-six tile in one word, with or without its mark."""
    return read_tile(word)


def _marked(word: str) -> bool:
    """Written as a tile with its mark (``6-6``, ``10-12``), of this set or not."""
    return tile_numbers(word, marked=True) is not None


def parse_keep(line: str, lexicon: KeepLexicon, *, reveal: bool = False) -> KeepCommand:
    """The entry a scorekeeper's line asks for (``reveal``: a blocked hand awaits its holdings)."""
    words = lexicon.game.joined(line).split()  # a command phrase: "geri al", "rückgängig machen"
    if not words:
        return KeepCommand(KeepKind.COMMAND, command=CommandKind.EMPTY)
    head = words[0]
    meaning = lexicon.meaning(head)
    command = lexicon.game.command(head)
    seat = lexicon.seat(head) if meaning is None and command not in CORRECTIONS else None
    if seat is not None:
        return _entry(seat, words[1:], line, lexicon, reveal)
    if command in CORRECTIONS:
        _nothing_more(words[1:], line, head)
        return KeepCommand(KeepKind.COMMAND, command=command)
    if command is CommandKind.EXPORT:
        return KeepCommand(KeepKind.COMMAND, command=command, argument=" ".join(words[1:]))
    if meaning is KeepKind.BLOCKED:
        return _blocked(words[1:], line, lexicon, head)
    if command is not None and command not in ENTRIES:
        return _game_command(command, words, line, lexicon)
    try:
        return _entry(None, words, line, lexicon, reveal)
    except KeepParseError as error:
        if error.problem is EntryProblem.UNKNOWN and len(words) > 1 and head.isalpha():
            try:  # what follows would be an entry after a name: "Zed 3-5", "Zed out"
                _entry(0, words[1:], line, lexicon, reveal)
            except KeepParseError:
                raise error from None
            raise KeepParseError(EntryProblem.UNKNOWN_NAME, line, head) from None
        raise


def _arm_entry(seat: int | None, rest: list[str], line: str, lexicon: KeepLexicon) -> KeepCommand | None:
    """Larger sets: a tile and perhaps its arm, read as the game reads it (``3-5 2``, ``10-12 arm 3``)."""
    if len(rest) > 1 and all(_marked(word) for word in rest):
        try:  # several tiles: a holding (told where it belongs)
            return KeepCommand(
                KeepKind.HOLDING, seat=seat, tiles=tuple(parse_tile(w, lexicon.highest) for w in rest)
            )
        except ValueError:
            raise KeepParseError(EntryProblem.NOT_IN_SET, line) from None
    try:
        parsed = parse(" ".join(rest), lexicon.game, lexicon.highest, lexicon.arms)
    except ParseError as error:
        problem = {
            ParseProblem.AMBIGUOUS_TILE: EntryProblem.AMBIGUOUS_TILE,
            ParseProblem.NOT_IN_SET: EntryProblem.NOT_IN_SET,
            ParseProblem.BAD_END: EntryProblem.BAD_END,
        }.get(error.problem)
        if problem is None:
            return None
        raise KeepParseError(problem, line, readings=error.readings) from None
    if parsed.kind is not CommandKind.PLAY or parsed.tile is None:
        return None
    return KeepCommand(KeepKind.TILE, seat=seat, tile=parsed.tile, end=parsed.end)


def _nothing_more(rest: list[str], line: str, word: str) -> None:
    if rest:
        raise KeepParseError(EntryProblem.EXTRA_WORDS, line, word)


def _game_command(command: CommandKind, words: list[str], line: str, lexicon: KeepLexicon) -> KeepCommand:
    """A review or session command: what may follow its word is the game's rule (history also takes all)."""
    rest = words[1:]
    if command is CommandKind.HISTORY and len(rest) == 1 and lexicon.meaning(rest[0]) == "all":
        return KeepCommand(KeepKind.COMMAND, command=command, argument="all")
    try:
        parsed = with_argument(command, " ".join(rest), line, lexicon.language)
    except ParseError:
        problem = EntryProblem.BAD_HISTORY if command is CommandKind.HISTORY else EntryProblem.EXTRA_WORDS
        raise KeepParseError(problem, line, words[0]) from None
    return KeepCommand(KeepKind.COMMAND, command=command, argument=parsed.argument, number=parsed.number)


def _blocked(rest: list[str], line: str, lexicon: KeepLexicon, word: str) -> KeepCommand:
    """``blocked Anna``, ``blocked nobody``, or a bare ``blocked`` (its winner is asked)."""
    if len(rest) > 1:
        raise KeepParseError(EntryProblem.ONE_NAME, line, word)
    if not rest:
        return KeepCommand(KeepKind.BLOCKED, argument="ask")
    if lexicon.meaning(rest[0]) == "nobody":
        return KeepCommand(KeepKind.BLOCKED)
    seat = lexicon.seat(rest[0])
    if seat is None:
        raise KeepParseError(EntryProblem.UNKNOWN_NAME, line, rest[0])
    return KeepCommand(KeepKind.BLOCKED, seat=seat)


def _holding(seat: int | None, rest: list[str], line: str, lexicon: KeepLexicon) -> KeepCommand | None:
    """After a block: tiles with their marks, numbers with their words, or bare numbers (asked back)."""
    if all(_marked(word) for word in rest):
        try:
            tiles = tuple(parse_tile(w, lexicon.highest) for w in rest)
        except ValueError:
            raise KeepParseError(EntryProblem.NOT_IN_SET, line) from None
        return KeepCommand(KeepKind.HOLDING, seat=seat, tiles=tiles)
    numbers = [ascii_number(word) for word in rest]
    if all(n is not None for n in numbers):
        if not 2 <= len(numbers) <= 3:
            raise KeepParseError(EntryProblem.HOLDING_FORM, line)
        return KeepCommand(
            KeepKind.HOLDING, seat=seat, numbers=tuple(n for n in numbers if n is not None), confirmed=False
        )
    named = _named_numbers(rest, lexicon)
    if named is not None:
        doubles, pips = named.get(Holder.DOUBLES), named.get(Holder.PIPS)
        if doubles is None or pips is None:
            raise KeepParseError(EntryProblem.HOLDING_FORM, line)
        outside = named.get(Holder.OUTSIDE)
        return KeepCommand(
            KeepKind.HOLDING,
            seat=seat,
            numbers=(doubles, pips) if outside is None else (doubles, pips, outside),
        )
    if any(_tile(word) or ascii_number(word) is not None for word in rest):
        raise KeepParseError(EntryProblem.HOLDING_FORM, line)  # tiles without marks, or a mix
    return None


def _named_numbers(rest: list[str], lexicon: KeepLexicon) -> dict[Holder, int] | None:
    """``doubles 1 pips 15`` or ``1 doubles 15 pips`` (the tally's "double" counts as doubles)."""
    if len(rest) % 2 or not rest:
        return None
    word_first = ascii_number(rest[0]) is None
    found: dict[Holder, int] = {}
    for index in range(0, len(rest), 2):
        word, number = (rest[index], rest[index + 1]) if word_first else (rest[index + 1], rest[index])
        meaning = lexicon.meaning(word)
        holder = Holder.DOUBLES if meaning is HeaderKind.DOUBLE else meaning
        value = ascii_number(number)
        if not isinstance(holder, Holder) or value is None or holder in found:
            return None
        found[holder] = value
    return found


def _said(seat: int | None, rest: list[str], line: str, lexicon: KeepLexicon) -> KeepCommand | list[str]:
    """A draw, pass, header or going out in the words the keeper says it ("zieht 2", "passt", "2 taş
    çekti", "doppelter Treffer", "geht aus"), else the words with a play's sentence words left out
    ("legt 0-4 links" → "0-4 links")."""
    plain = [plain_word(word) for word in rest]
    folded = [fold(word, lexicon.language) for word in plain]
    count = lexicon.said.draw(folded)
    if count is not None:
        if not 1 <= count <= MOST_DRAWN:
            raise KeepParseError(EntryProblem.BAD_COUNT, line, rest[0])
        return KeepCommand(KeepKind.DRAW, seat=seat, count=count)
    if lexicon.said.passing(folded):
        return KeepCommand(KeepKind.PASS, seat=seat)
    header = lexicon.said.header(folded)
    if seat is not None and header is not None:  # the tally's call by its name: "Anna doppelter Treffer"
        return KeepCommand(KeepKind.HEADER, seat=seat, header=header)
    if seat is not None and lexicon.said.going_out(folded):
        return KeepCommand(KeepKind.OUT, seat=seat)
    played = lexicon.said.play(plain, folded)
    return rest if played is None else played


def _entry(seat: int | None, rest: list[str], line: str, lexicon: KeepLexicon, reveal: bool) -> KeepCommand:
    if not rest:
        raise KeepParseError(
            EntryProblem.NOTHING_AFTER_NAME if seat is not None else EntryProblem.UNKNOWN, line
        )
    said = _said(seat, rest, line, lexicon)
    if isinstance(said, KeepCommand):
        return said
    rest = said
    if reveal:
        holding = _holding(seat, rest, line, lexicon)
        if holding is not None:
            return holding
    if lexicon.arms > 2:
        played = _arm_entry(seat, rest, line, lexicon)
        if played is not None:
            return played
    rest = apart(rest)  # "2-5L", as the terse lines write a play: "2-5 L"
    joined = "".join(rest[:2]) if len(rest) >= 2 and len(rest[0]) == 1 and len(rest[1]) == 1 else None
    if lexicon.game.command(rest[0]) is CommandKind.PLAY and len(rest) > 1:
        rest = rest[1:]
    first = (_tile(rest[0]) or (_tile(joined) if joined else None)) if lexicon.arms == 2 else None
    if first is not None:
        tail = rest[2:] if joined and _tile(rest[0]) is None else rest[1:]
        tiles = [first]
        while tail and _tile(tail[0]) is not None:
            tiles.append(parse_tile(tail.pop(0)))
        if len(tiles) > 1:
            return KeepCommand(KeepKind.HOLDING, seat=seat, tiles=tuple(tiles))
        ends = ends_named(tail[0], lexicon.game) if len(tail) == 1 else () if not tail else None
        if ends is None:
            raise KeepParseError(EntryProblem.BAD_END, line)
        return KeepCommand(KeepKind.TILE, seat=seat, tile=first, end=ends[0] if len(ends) == 1 else None)
    numbers = [ascii_number(word) for word in rest]
    if seat is not None and 2 <= len(rest) <= 3 and all(n is not None for n in numbers):
        return KeepCommand(
            KeepKind.HOLDING, seat=seat, numbers=tuple(n for n in numbers if n is not None), confirmed=False
        )
    command = lexicon.game.command(rest[0])
    meaning = lexicon.meaning(rest[0])
    if command is CommandKind.DRAW:
        _nothing_more(rest[2:], line, rest[0])
        count = ascii_number(rest[1]) if len(rest) > 1 else 1
        if count is None or not 1 <= count <= MOST_DRAWN:
            raise KeepParseError(EntryProblem.BAD_COUNT, line, rest[0])
        return KeepCommand(KeepKind.DRAW, seat=seat, count=count)
    if command is CommandKind.PASS:
        _nothing_more(rest[1:], line, rest[0])
        return KeepCommand(KeepKind.PASS, seat=seat)
    if seat is not None and isinstance(meaning, HeaderKind):
        _nothing_more(rest[1:], line, rest[0])
        return KeepCommand(KeepKind.HEADER, seat=seat, header=meaning)
    if seat is not None and meaning is KeepKind.OUT:
        _nothing_more(rest[1:], line, rest[0])
        return KeepCommand(KeepKind.OUT, seat=seat)
    if seat is None and len(rest) == 2 and isinstance(meaning, HeaderKind):
        named = lexicon.seat(rest[1])
        if named is not None:
            return KeepCommand(KeepKind.HEADER, seat=named, header=meaning)
    if seat is not None and len(rest) == 1 and lexicon.arms > 2 and ascii_number(rest[0]) is not None:
        raise KeepParseError(EntryProblem.HEADER_VALUE, line)  # "Anna 6" where headers go up to 5
    raise KeepParseError(EntryProblem.UNKNOWN, line)
