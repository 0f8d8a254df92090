"""Typed lines into commands: ``3-5``, ``35 l``, ``play 5 3 right``, ``draw``, ``history 5``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from ..core.actions import End
from ..core.tiles import Tile, tile
from .lexicon import CommandKind, Lexicon, fold


class ParseProblem(StrEnum):
    """Why a line is not a command."""

    UNKNOWN = "unknown"  # no such command
    BAD_END = "bad-end"  # a tile followed by something that is not an end


@dataclass(frozen=True)
class Command:
    """A parsed line."""

    kind: CommandKind
    tile: Tile | None = None
    end: End | None = None
    argument: str = ""


class ParseError(ValueError):
    """A line that is not a command; ``problem`` says why, ``text`` is the line."""

    def __init__(self, problem: ParseProblem, text: str) -> None:
        super().__init__(problem.value, text)
        self.problem = problem
        self.text = text


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
    return Command(kind, argument=fold(rest, lexicon.language))
