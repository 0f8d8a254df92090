"""The marks of the terse (braille) lines that are not words: each written here, once.

The terse lines are made of tiles (``3-5``), where they go (``commands/notation.py``: ``1-4L``,
``3-5:1,3``), the ends (``5|3-3``), names, numbers and a few short words and marks. The words are the
catalog's (context ``braille``); the marks below are the same in every language. ``help terse``
(``help_text.terse_legend``) shows each of them by an example made with these same functions, so a
mark the legend does not show cannot be written here unnoticed (``tests/test_terse_codes.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..commands.notation import span

#: between the tiles that can be played and the others, and between the players' tiles at a hand's end
APART = "/"
#: after a draw: what can be done now (``+1-2 > 1-2R``); before the last news of a resumed match
NOW = ">"
#: before the tiles just drawn: ``+1-2 3-4``
DRAWN = "+"
#: a line not understood, or a question: ``? 1-4X: L/R``, ``3-5: L/R?``
ASKED = "?"
#: after a header worth less near the target: ``DH-``
REDUCED = "-"

__all__ = [
    "APART",
    "ASKED",
    "DRAWN",
    "NOW",
    "REDUCED",
    "discarded",
    "drawn",
    "hint_play",
    "others",
    "points",
    "refused",
    "span",
    "turn_line",
]


def turn_line(ends: str, options: str) -> str:
    """The start of the turn line: the ends, then what can be done: ``4|6: 1-4L 5-6LR +draw``."""
    return f"{ends}: {options}"


def others(tiles: Sequence[object]) -> str:
    """The tiles that do not fit now, after those that do: `` / 2-3 6-6`` ("" for none)."""
    if not tiles:
        return ""
    return f" {APART} " + " ".join(str(tile) for tile in tiles)


def drawn(tiles: str, now: str) -> str:
    """The answer to a draw: the tiles drawn, then what can be done now: ``+1-2 3-4 > 3-4R``."""
    return f"{DRAWN}{tiles} {NOW} {now}"


def refused(text: str, legal: str = "") -> str:
    """A line not understood, with what can be typed instead: ``? 1-4X: L/R``, ``? 7-7: 0..6``."""
    return f"{ASKED} {text}: {legal}" if legal else f"{ASKED} {text}"


def points(value: int, total: int | None = None) -> str:
    """Points scored, and the new total: ``+2=9``; in the hint, the points alone: ``+2``."""
    return f"+{value}" if total is None else f"+{value}={total}"


def discarded(count: str, left: str | None = None) -> str:
    """Counters discarded (``count`` as ``Words.counters_braille`` writes it), and those left:
    ``-2c =8c``; in the hint, the discard alone: ``-2c``."""
    return f"-{count}" if left is None else f"-{count} ={left}"


def hint_play(play: str, header: str = "", award: str = "") -> str:
    """One play of the hint, with what it scores, as the announcement of the score writes it:
    ``5-6L DH +2``, counters ``5-6L DH -2c``; a play that scores nothing is the play alone."""
    return f"{play} {header} {award}" if header else play
