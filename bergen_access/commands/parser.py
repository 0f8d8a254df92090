"""Typed lines into commands: ``3-5``, ``35 l``, ``play 5 3 right``, ``draw``, ``history 5``.

Lines arrive clean from the input boundary (``boundary.screen``). A command
with words it does not take (``draw draw``, ``next 5``) is refused whole,
never half-obeyed; numbers are ASCII digits only. Every form the terse lines
write for a move can be typed back and means what it showed (``1-4L``,
``1-4 L``, Turkish ``2-4sa``, ``5-6LR`` for "left or right, ask me", and on the
larger sets ``3-5:2``, ``3-5 2``): the places are read with the notation that
writes them (``notation.Places``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..boundary import ascii_number
from ..core.refused import Refused
from ..core.tiles import HIGHEST_NUMBER, Tile, closed_marks, tile, tile_and_rest, tile_numbers
from .lexicon import MOST_HISTORY, CommandKind, Lexicon, Takes, fold, takes


class ParseProblem(StrEnum):
    """Why a line is not a command."""

    UNKNOWN = "unknown"  # no such command
    BAD_END = "bad-end"  # a tile followed by (or written with) something that is not an end
    EXTRA_WORDS = "extra-words"  # a command followed by words it does not take
    BAD_NUMBER = "bad-number"  # a command that takes a count, followed by something else
    AMBIGUOUS_TILE = "ambiguous-tile"  # larger sets: digits without a separator that read several ways
    NOT_IN_SET = "not-in-set"  # a number above the set's highest


@dataclass(frozen=True)
class Command:
    """A parsed line."""

    kind: CommandKind
    tile: Tile | None = None
    end: int | None = None  # an End on double-six; with more arms the arm's index (0 for arm 1)
    ends: tuple[int, ...] = ()  # the ends a place named when it named several (``5-6LR``): ask among them
    argument: str = ""
    number: int | None = None


class ParseError(Refused):
    """A line that is not a command; ``problem`` says why, ``text`` is the line, ``kind`` its command."""

    def __init__(
        self,
        problem: ParseProblem,
        text: str,
        kind: CommandKind | None = None,
        readings: tuple[str, ...] = (),
    ) -> None:
        super().__init__(problem, text=text, kind=kind, readings=readings)
        self.problem = problem
        self.text = text
        self.kind = kind
        self.readings = readings  # AMBIGUOUS_TILE: what to type for each way the digits can be read


def parse(line: str, lexicon: Lexicon, highest: int = HIGHEST_NUMBER, arms: int = 2) -> Command:
    """The command a line asks for; ``ParseError`` if it asks for nothing we know.

    ``highest`` and ``arms`` are the set's (6 and 2 for double-six; 9 or 12 and 4 or 8 for the larger
    sets, where a tile is followed by an arm's number instead of left or right).
    """
    text = lexicon.joined(" ".join(line.split()))
    if not text:
        return Command(CommandKind.EMPTY)
    first, _, rest = text.partition(" ")
    if lexicon.command(first) is CommandKind.PLAY and rest:
        text = rest
    if arms > 2:
        command = _arm_play(text, line, lexicon, highest, arms)
        if command is not None:
            return command
        kind = lexicon.command(first)
        if kind is None or kind is CommandKind.PLAY:
            raise ParseError(ParseProblem.UNKNOWN, line)
        return with_argument(kind, rest, line, lexicon.language)
    words = apart(closed_marks(text).split())
    numbers = tile_numbers(words[0])
    if numbers is None and len(words) >= 2 and len(words[0]) == 1 and len(words[1]) == 1:
        numbers = tile_numbers(words[0] + words[1])  # "5 3": the space as the mark
        words = words[1:] if numbers is not None else words
    if numbers is not None:
        if max(numbers) > highest:
            raise ParseError(ParseProblem.NOT_IN_SET, line)
        return _placed(tile(*numbers), words[1:], line, lexicon, arms)
    kind = lexicon.command(first)
    if kind is None or kind is CommandKind.PLAY:
        raise ParseError(ParseProblem.UNKNOWN, line)
    return with_argument(kind, rest, line, lexicon.language)


def _arm_play(text: str, line: str, lexicon: Lexicon, highest: int, arms: int) -> Command | None:
    """A play on a larger set: ``3-5``, ``35``, ``10-12``, ``1 12``, then perhaps ``2`` or ``arm 2``.

    Two digits without a separator are two single numbers (``35``); numbers of 10 or more need one
    (a space counts). Digits that read more than one way (``112``, ``12 3`` on double-twelve) are
    refused with the readings. None when the line is not a tile at all.
    """
    words = apart(closed_marks(text).split())
    first = words[0]
    separated = tile_numbers(first, marked=True)
    if separated is not None:
        numbers, rest = separated, words[1:]
    elif not (first.isascii() and first.isdigit()):
        return None
    elif len(first) == 2 and len(words) >= 2 and _is_number(words[1]):
        spaced = (int(first), int(words[1]))  # "12 3": 1-2 on arm 3, or 12-3?
        digits = (int(first[0]), int(first[1]))
        as_arm = len(words) == 2 and 1 <= int(words[1]) <= arms
        as_tile = max(spaced) <= highest
        if as_arm and as_tile:
            ways = (f"{tile(*digits)} {words[1]}", str(tile(*spaced)))
            raise ParseError(ParseProblem.AMBIGUOUS_TILE, line, readings=ways)
        numbers, rest = (spaced, words[2:]) if as_tile else (digits, words[1:])
    elif len(first) == 2:
        numbers, rest = (int(first[0]), int(first[1])), words[1:]
    elif len(first) == 1:
        if len(words) < 2 or not _is_number(words[1]):
            return None
        numbers, rest = (int(first), int(words[1])), words[2:]
    else:  # three or four digits: refused, with the ways they can be read
        splits = [
            (int(first[:cut]), int(first[cut:]))
            for cut in range(1, len(first))
            if _plain_number(first[:cut]) and _plain_number(first[cut:])
        ]
        valid = tuple(dict.fromkeys(str(tile(a, b)) for a, b in splits if max(a, b) <= highest))
        if not valid:
            raise ParseError(ParseProblem.NOT_IN_SET, line)
        raise ParseError(ParseProblem.AMBIGUOUS_TILE, line, readings=valid)
    if max(numbers) > highest:
        raise ParseError(ParseProblem.NOT_IN_SET, line)
    played = tile(*numbers)
    if rest and lexicon.is_arm_word(rest[0]):
        rest = rest[1:]
        if not rest:
            raise ParseError(ParseProblem.BAD_END, line)
    return _placed(played, rest, line, lexicon, arms)


def apart(words: list[str]) -> list[str]:
    """A tile with its place written on it, as the terse lines write it (``1-4L``, ``3-5:1,3``), as two
    words: the tile and the place (``1-4 L``). Other words stay as they are."""
    split = tile_and_rest(words[0]) if words else None
    if split is None:
        return words
    (low, high), place = split
    return [f"{low}-{high}", place, *words[1:]]


def ends_named(word: str, lexicon: Lexicon, arms: int = 2) -> tuple[int, ...] | None:
    """The ends one word after a tile names: an end word (``left``, ``links``, ``sol``), or what the
    terse lines write (``L``, ``LR``, ``sosa``; with more arms ``2``, ``:2``, ``:1,3``). None: no end."""
    if arms == 2:
        end = lexicon.end(word)
        if end is not None:
            return (end,)
    return lexicon.places(arms).read(word)


def _placed(played: Tile, rest: list[str], line: str, lexicon: Lexicon, arms: int) -> Command:
    """The tile and the one word of where it goes, if any: one end is that end; several (``LR``, as the
    hint writes "fits both") are asked among, as the tile alone is asked among all it fits."""
    if not rest:
        return Command(CommandKind.PLAY, tile=played)
    ends = ends_named(rest[0], lexicon, arms) if len(rest) == 1 else None
    if ends is None:
        raise ParseError(ParseProblem.BAD_END, line)
    if len(ends) == 1:
        return Command(CommandKind.PLAY, tile=played, end=ends[0])
    return Command(CommandKind.PLAY, tile=played, ends=ends)


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= 2


def _plain_number(digits: str) -> bool:
    """A number as people write it: no leading zero, at most two digits."""
    return len(digits) <= 2 and (digits == "0" or not digits.startswith("0"))


def with_argument(kind: CommandKind, rest: str, line: str, language: str) -> Command:
    """``kind`` with what followed its word, if it takes that; ``ParseError`` otherwise."""
    words = rest.split()
    if not words:
        return Command(kind)
    expected = takes(kind)
    if expected is Takes.NOTHING or len(words) > 1:
        raise ParseError(ParseProblem.EXTRA_WORDS, line, kind)
    if expected is Takes.NUMBER:
        number = ascii_number(words[0])
        if number is None or not 1 <= number <= MOST_HISTORY:
            raise ParseError(ParseProblem.BAD_NUMBER, line, kind)
        return Command(kind, argument=words[0], number=number)
    return Command(kind, argument=fold(words[0], language))
