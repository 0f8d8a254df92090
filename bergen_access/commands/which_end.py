"""Which end a typed tile goes to: one rule for the game, the scorekeeper and the web page's buttons.

A tile typed without its end goes where it fits when that is one place, or
when only the opening double lies (its two sides are alike); when it fits
several ends (arms), the player is asked and the program never chooses. The
answer is an end's word (``left``, ``r``) on double-six, an arm's number
(``2``, ``arm 2``) on the larger sets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..boundary import ascii_number
from ..core.layout import Layout
from .definitions import answered_aside
from .lexicon import CommandKind, Lexicon


def keeps_the_question(kind: CommandKind) -> bool:
    """A command typed at the which-end question that is answered with the tile still waiting (a review,
    ``why``, ``help``, a setting); a move (another tile, draw, pass, undo), Enter or quit drops it."""
    return answered_aside(kind)


def placed_without_asking(fits: Sequence[int], layout: Layout | None) -> int | None:
    """The end a tile goes to without a question (None: it fits nowhere, or the player must choose)."""
    if len(fits) == 1 or (len(fits) == 2 and layout is not None and layout.lone_double):
        return fits[0]
    return None


def must_ask(fits: Sequence[int], layout: Layout | None) -> bool:
    """The tile fits more than one end and they differ: the player chooses. (The scorekeeper gives no
    layout: beside the physical table's lone double, the side the tile was laid matters.)"""
    return len(fits) > 1 and placed_without_asking(fits, layout) is None


@dataclass(frozen=True)
class EndQuestion:
    """The ends (arms) a tile was offered, and how an answer is read."""

    ends: tuple[int, ...]
    many_arms: bool  # the larger sets: arms by number, not left and right

    def answer(self, line: str, lexicon: Lexicon) -> int | None:
        """The end a line chose among those offered (None: it is no answer to the question)."""
        words = line.split()
        if not self.many_arms:
            end = lexicon.end(words[0]) if len(words) == 1 else None
            return end if end is not None and end in self.ends else None
        number = arm_number(line, lexicon)
        return number - 1 if number is not None and number - 1 in self.ends else None

    def names_another_arm(self, line: str, lexicon: Lexicon) -> bool:
        """An arm's number that was not offered (asked again, not taken for a command)."""
        return self.many_arms and arm_number(line, lexicon) is not None and self.answer(line, lexicon) is None


def arm_number(line: str, lexicon: Lexicon) -> int | None:
    """``2`` or ``arm 2``: an arm's number as typed (None if the line is something else)."""
    words = line.split()
    if words and lexicon.is_arm_word(words[0]):
        words = words[1:]
    return ascii_number(words[0]) if len(words) == 1 else None


__all__ = ["EndQuestion", "arm_number", "keeps_the_question", "must_ask", "placed_without_asking"]
