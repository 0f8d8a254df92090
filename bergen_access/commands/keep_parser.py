"""What the scorekeeper types: ``Anna 3-5 left``, ``draw 3``, ``pass``, ``Cem double``, ``blocked Mia``.

A line may start with a player's name (the whole name, or at least its first
two letters); without one, a play, draw or pass is the turn of whoever is to
move. The review and session commands are the game's (``score``, ``line``,
``help``…), plus ``undo``, ``redo`` and ``export``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..core.actions import End
from ..core.events import HeaderKind
from ..core.tiles import Tile, parse_tile
from ..i18n import I18n
from .lexicon import CommandKind, Lexicon, fold


class KeepKind(StrEnum):
    """Scorekeeper entries and the commands only the scorekeeper has."""

    TILE = "tile"  # a play, or the opening double
    DRAW = "draw"
    PASS = "pass"
    HOLDING = "holding"  # after a block: tiles, or doubles and pips
    HEADER = "header"  # tally: a double or triple header
    OUT = "out"  # tally: went out
    BLOCKED = "blocked"  # tally: blocked hand and who won
    UNDO = "undo"
    REDO = "redo"
    EXPORT = "export"
    COMMAND = "command"  # one of the game's review or session commands


@dataclass(frozen=True)
class KeepCommand:
    """A parsed scorekeeper line."""

    kind: KeepKind
    seat: int | None = None
    tile: Tile | None = None
    end: End | None = None
    count: int = 1
    tiles: tuple[Tile, ...] = ()
    numbers: tuple[int, ...] = ()
    header: HeaderKind | None = None
    winner: int | None = None
    command: CommandKind | None = None
    argument: str = ""


class KeepParseError(ValueError):
    """A line that is not an entry; ``code`` says why."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(code, text)
        self.code = code
        self.text = text


_TILE = re.compile(r"^([0-6])[-|/.,:]?([0-6])$")


def _keep_words(i: I18n) -> dict[KeepKind | HeaderKind | str, str]:
    return {
        # Translators: scorekeeper command words, space-separated (word first, then short forms): undo.
        KeepKind.UNDO: i.pgettext("keep command", "undo u"),
        # Translators: scorekeeper command words: redo what was undone.
        KeepKind.REDO: i.pgettext("keep command", "redo"),
        # Translators: scorekeeper command words: write the match record to files.
        KeepKind.EXPORT: i.pgettext("keep command", "export"),
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
    }


_ENGLISH: dict[KeepKind | HeaderKind | str, str] = {
    KeepKind.UNDO: "undo u",
    KeepKind.REDO: "redo",
    KeepKind.EXPORT: "export",
    HeaderKind.DOUBLE: "double dh 2 double-header",
    HeaderKind.TRIPLE: "triple th 3 triple-header",
    KeepKind.OUT: "out o",
    KeepKind.BLOCKED: "blocked b block",
    "nobody": "nobody none tie",
    "all": "all",
}


class KeepLexicon:
    """Names, the game's command words, and the scorekeeper's own words."""

    def __init__(self, i: I18n, names: Sequence[str]) -> None:
        self.language = i.language
        self.game = Lexicon(i)
        self.names = [fold(n, i.language) for n in names]
        self._words: dict[str, KeepKind | HeaderKind | str] = {}
        for meaning, words in _keep_words(i).items():
            for word in words.split():
                self._words.setdefault(fold(word, self.language), meaning)
        for meaning, words in _ENGLISH.items():
            for word in words.split():
                # English works too, unless the word is a game command of the player's language
                # (Turkish "u" means the ends, not undo).
                if self.game.command(word) is None:
                    self._words.setdefault(fold(word, self.language), meaning)

    def meaning(self, word: str) -> KeepKind | HeaderKind | str | None:
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

    def word(self, meaning: KeepKind | HeaderKind | str, i: I18n) -> str:
        return _keep_words(i)[meaning].split()[0]


def _tile(word: str) -> Tile | None:
    match = _TILE.match(word)
    return parse_tile(word) if match else None


def parse_keep(line: str, lexicon: KeepLexicon) -> KeepCommand:
    """The entry a scorekeeper's line asks for."""
    words = line.split()
    if not words:
        return KeepCommand(KeepKind.COMMAND, command=CommandKind.EMPTY)
    head = words[0]
    meaning = lexicon.meaning(head)
    seat = lexicon.seat(head) if meaning is None else None
    if seat is not None:
        return _entry(seat, words[1:], line, lexicon)
    if meaning in (KeepKind.UNDO, KeepKind.REDO, KeepKind.EXPORT):
        return KeepCommand(KeepKind(str(meaning)), argument=" ".join(words[1:]))
    if meaning is KeepKind.BLOCKED:
        return _blocked(words[1:], line, lexicon)
    command = lexicon.game.command(head)
    if command is not None and command not in (CommandKind.PLAY, CommandKind.DRAW, CommandKind.PASS):
        return KeepCommand(
            KeepKind.COMMAND, command=command, argument=fold(" ".join(words[1:]), lexicon.language)
        )
    return _entry(None, words, line, lexicon)


def _blocked(rest: list[str], line: str, lexicon: KeepLexicon) -> KeepCommand:
    if not rest or lexicon.meaning(rest[0]) == "nobody":
        return KeepCommand(KeepKind.BLOCKED, winner=None)
    seat = lexicon.seat(rest[0])
    if seat is None:
        raise KeepParseError("unknown-name", line)
    return KeepCommand(KeepKind.BLOCKED, seat=seat)


def _entry(seat: int | None, rest: list[str], line: str, lexicon: KeepLexicon) -> KeepCommand:
    if not rest:
        raise KeepParseError("nothing-after-name" if seat is not None else "unknown", line)
    joined = "".join(rest[:2]) if len(rest) >= 2 and len(rest[0]) == 1 and len(rest[1]) == 1 else None
    if lexicon.game.command(rest[0]) is CommandKind.PLAY and len(rest) > 1:
        rest = rest[1:]
    first = _tile(rest[0]) or (_tile(joined) if joined else None)
    if first is not None:
        tail = rest[2:] if joined and _tile(rest[0]) is None else rest[1:]
        tiles = [first]
        while tail and _tile(tail[0]) is not None:
            tiles.append(parse_tile(tail.pop(0)))
        if len(tiles) > 1 or (tail and tail[0].isdigit()):
            return KeepCommand(KeepKind.HOLDING, seat=seat, tiles=tuple(tiles))
        end = None
        if tail:
            end = lexicon.game.end(tail[0])
            if end is None or len(tail) > 1:
                raise KeepParseError("bad-end", line)
        digits = tuple(int(w) for w in rest[:2]) if joined and _tile(rest[0]) is None else ()
        return KeepCommand(KeepKind.TILE, seat=seat, tile=first, end=end, numbers=digits)
    if all(word.isdigit() for word in rest) and seat is not None and 2 <= len(rest) <= 3:
        return KeepCommand(KeepKind.HOLDING, seat=seat, numbers=tuple(int(w) for w in rest))
    command = lexicon.game.command(rest[0])
    meaning = lexicon.meaning(rest[0])
    if command is CommandKind.DRAW:
        count = int(rest[1]) if len(rest) > 1 and rest[1].isdigit() else 1
        return KeepCommand(KeepKind.DRAW, seat=seat, count=count)
    if command is CommandKind.PASS:
        return KeepCommand(KeepKind.PASS, seat=seat)
    if seat is not None and isinstance(meaning, HeaderKind):
        return KeepCommand(KeepKind.HEADER, seat=seat, header=meaning)
    if seat is not None and meaning is KeepKind.OUT:
        return KeepCommand(KeepKind.OUT, seat=seat)
    if seat is None and lexicon.seat(rest[-1]) is not None and isinstance(meaning, HeaderKind):
        return KeepCommand(KeepKind.HEADER, seat=lexicon.seat(rest[-1]), header=meaning)
    raise KeepParseError("unknown", line)
