"""Typed lines into commands: ``3-5``, ``35 l``, ``play 5 3 right``, ``draw``, ``history 5``.

Lines arrive clean from the input boundary (``boundary.screen``). A command
with words it does not take (``draw draw``, ``next 5``) is refused whole,
never half-obeyed; numbers are ASCII digits only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from ..boundary import ascii_number
from ..core.actions import End
from ..core.tiles import Tile, tile
from .lexicon import MOST_HISTORY, CommandKind, Lexicon, Takes, fold, takes


class ParseProblem(StrEnum):
    """Why a line is not a command."""

    UNKNOWN = "unknown"  # no such command
    BAD_END = "bad-end"  # a tile followed by something that is not an end
    EXTRA_WORDS = "extra-words"  # a command followed by words it does not take
    BAD_NUMBER = "bad-number"  # a command that takes a count, followed by something else


@dataclass(frozen=True)
class Command:
    """A parsed line."""

    kind: CommandKind
    tile: Tile | None = None
    end: End | None = None
    argument: str = ""
    number: int | None = None


class ParseError(ValueError):
    """A line that is not a command; ``problem`` says why, ``text`` is the line, ``kind`` its command."""

    def __init__(self, problem: ParseProblem, text: str, kind: CommandKind | None = None) -> None:
        super().__init__(problem.value, text)
        self.problem = problem
        self.text = text
        self.kind = kind


_TILE = re.compile(r"^([0-6])\s*[-|/.,:]?\s*([0-6])(?:\s+(.*))?$")


def parse(line: str, lexicon: Lexicon) -> Command:
    """The command a line asks for; ``ParseError`` if it asks for nothing we know."""
    text = " ".join(line.split())
    if not text:
        return Command(CommandKind.EMPTY)
    first, _, rest = text.partition(" ")
    if lexicon.command(first) is CommandKind.PLAY and rest:
        text = rest
    match = _TILE.match(text)
    if match is not None:
        played = tile(int(match.group(1)), int(match.group(2)))
        end_word = (match.group(3) or "").strip()
        if not end_word:
            return Command(CommandKind.PLAY, tile=played)
        end = lexicon.end(end_word)
        if end is None:
            raise ParseError(ParseProblem.BAD_END, line)
        return Command(CommandKind.PLAY, tile=played, end=end)
    kind = lexicon.command(first)
    if kind is None or kind is CommandKind.PLAY:
        raise ParseError(ParseProblem.UNKNOWN, line)
    return with_argument(kind, rest, line, lexicon.language)


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
