"""One announcement in three renderings: a printed line, speech, braille."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum


class Verbosity(StrEnum):
    """How much is said."""

    TERSE = "terse"  # braille-sized lines, printed as they are brailled
    NORMAL = "normal"  # whole sentences
    VERBOSE = "verbose"  # plus reasons, counts and the stock


class Cue(StrEnum):
    """The sound that goes with an announcement (played beside it, never instead of it)."""

    TURN = "turn"
    PLAY = "play"
    DRAW = "draw"
    HEADER = "header"
    OUT = "out"
    BLOCK = "block"
    WIN = "win"


@dataclass(frozen=True)
class Message:
    """What the player reads, hears and feels for one event or one reply.

    ``urgent`` messages (replies to the player's own commands) interrupt
    speech; the others queue so that nothing is lost. On a ``pick`` message
    (the turn, the hand) a braille display's routing key over a tile or a
    command word types it.
    """

    text: str
    speech: str
    braille: str
    urgent: bool = False
    cue: Cue | None = None
    pick: bool = False
    heading: bool = False  # it opens a part of the match (a hand): a page shows its first line as a heading

    def as_urgent(self) -> Message:
        """The same message, said at once (an answer to what the player just typed)."""
        return replace(self, urgent=True)


@dataclass(frozen=True)
class Prompt:
    """What the line asks for, two ways.

    ``facts`` carries the state at a glance (the ends, the tile count, whose turn): the prompt of the
    line-editing setting, and the braille display's turn state in every setting. ``short`` is said by
    a screen reader before every line typed, so it stays a word or two and the same from line to line;
    the facts it leaves out are in the messages (the turn line, the play lines) and on the display.
    """

    facts: str
    short: str

    @classmethod
    def same(cls, text: str) -> Prompt:
        """A prompt that is short already (a question's)."""
        return cls(text, text)


def wrap_braille(text: str, width: int) -> list[str]:
    """Braille lines of at most ``width`` cells: each entry (a line of ``text``) starts a line of its own
    and is wrapped at spaces where possible, so two entries never share a braille line."""
    return [line for entry in text.split("\n") for line in wrap_line(entry, width)]


def wrap_line(line: str, width: int, *, cut: bool = True) -> list[str]:
    """One line in lines of at most ``width`` characters, broken at spaces (a word longer than the
    width is cut, or with ``cut=False`` kept whole on a line of its own): a braille line, or a printed
    line at the terminal's width, so that a screen reader that reads the screen line by line never gets
    half a word or half a tile."""
    lines: list[str] = []
    current = ""
    for whole_word in line.split():
        word = whole_word
        while cut and len(word) > width:
            if current:
                lines.append(current)
                current = ""
            lines.append(word[:width])
            word = word[width:]
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            lines.append(current)
            current = word
    if current or not lines:
        lines.append(current)
    return lines


def notice(text: str, braille: str | None = None) -> Message:
    """A finished sentence as an urgent message (it answers what just happened)."""
    return Message(text, text, braille if braille is not None else text, urgent=True)


def joined(*sentences: str) -> str:
    """Sentences one after another, the empty ones left out."""
    return " ".join(sentence for sentence in sentences if sentence)
