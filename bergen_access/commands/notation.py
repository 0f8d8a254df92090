"""Where a tile goes, as the terse lines write it and as it is typed back: one table for both.

The terse (braille) lines write a tile with where it fits right after it: ``1-4L``, ``5-6LR``,
Turkish ``2-4sa``; with the larger sets the arms' numbers: ``3-5:1,3``. A played tile is followed by
its end as a word of its own: ``Anna 1-4 L``, ``Anna 3-5 2``. Whatever the game writes, the player may
type back and it means what it showed; so the letters are read from the very table that writes them
(``end_letters``), never from a second list, and the lexicon takes them as end words too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..core.actions import End
from ..i18n import I18n

#: before the arm numbers a tile fits, and between them: ``3-5:1,3``
ARM_MARK = ":"
ARM_JOIN = ","
#: between the ends offered in a question: ``3-5: L/R?``, ``3-5: 1/3?``
CHOICE_JOIN = "/"
#: from one number to another, in what a refusal says can be typed: ``0..6``, ``1..4``
SPAN = "{first}..{last}"


def end_letters(i: I18n) -> dict[End, str]:
    """The letters of the two ends on double-six: the one table that writes them and reads them."""
    return {
        # Translators: abbreviation of "left" for braille lines, one or two letters, e.g. "3-5 L".
        End.LEFT: i.pgettext("braille", "L"),
        # Translators: abbreviation of "right" for braille lines, one or two letters.
        End.RIGHT: i.pgettext("braille", "R"),
    }


def span(first: int, last: int) -> str:
    """``0..6``: the numbers from ``first`` to ``last`` (never written as a tile, ``0-6``)."""
    return SPAN.format(first=first, last=last)


class Places:
    """The notation of where a tile goes, for one language and one set's number of arms."""

    def __init__(self, letters: Mapping[End, str], fold: Callable[[str], str], arms: int = 2) -> None:
        self.letters = dict(letters)
        self.fold = fold  # the lexicon's: case and the Turkish i do not matter
        self.arms = arms
        # the letters as typed back, longest first, so "sosa" splits into so and sa
        self._typed = sorted(
            ((fold(letter), end) for end, letter in self.letters.items()),
            key=lambda pair: -len(pair[0]),
        )

    @property
    def many_arms(self) -> bool:
        return self.arms > 2

    def letter(self, end: int) -> str:
        """One end: ``L``, ``R``; with more arms the arm's number (``2``)."""
        if self.many_arms:
            return str(end + 1)
        return self.letters[End(end)]

    def fits(self, ends: Sequence[int]) -> str:
        """Where a tile fits, written right after it: ``LR``; with more arms ``:1,3``; nowhere ``""``."""
        if not ends:
            return ""
        if self.many_arms:
            return ARM_MARK + ARM_JOIN.join(str(e + 1) for e in ends)
        return "".join(self.letter(e) for e in ends)

    def choice(self, ends: Sequence[int]) -> str:
        """The ends a question offers: ``L/R``, ``1/3``."""
        return CHOICE_JOIN.join(self.letter(e) for e in ends)

    def every_end(self) -> str:
        """What may follow a tile, for a refusal: ``L/R``; with more arms ``1..4``."""
        if self.many_arms:
            return span(1, self.arms)
        return self.choice((End.LEFT, End.RIGHT))

    def read(self, text: str) -> tuple[int, ...] | None:
        """The ends a written place names, each once, in the order written: ``L`` (0,), ``LR`` (0, 1),
        ``sosa``; with more arms ``:1,3`` or ``:2`` (and ``2``, as the played line writes it). None when
        ``text`` names no place."""
        if not text:
            return None
        if self.many_arms:
            return self._read_arms(text)
        return self._read_letters(self.fold(text), ())

    def _read_letters(self, rest: str, found: tuple[int, ...]) -> tuple[int, ...] | None:
        if not rest:
            return found or None
        for letter, end in self._typed:
            if letter and rest.startswith(letter) and end not in found:
                reading = self._read_letters(rest[len(letter) :], (*found, end))
                if reading is not None:
                    return reading
        return None

    def _read_arms(self, text: str) -> tuple[int, ...] | None:
        marked = text.startswith(ARM_MARK)
        listed = text[len(ARM_MARK) :] if marked else text
        if not marked and ARM_JOIN in listed:
            return None  # "1,3" without its mark is a tile, never a list of arms
        ends: list[int] = []
        for number in listed.split(ARM_JOIN):
            if not (number.isascii() and number.isdigit() and len(number) <= 2):
                return None
            end = int(number) - 1
            if not 0 <= end < self.arms or end in ends:
                return None
            ends.append(end)
        return tuple(ends)
