"""The sentences that tell another player's move, and the scorekeeper's reading of them.

The narrator says "Cem zieht 2 Steine.", "Mia passt.", "Cem legt 0-4 links." with these catalog
entries; the scorekeeper takes the same words back when they are typed ("Cem zieht 2", "Mia passt",
"Cem legt 0-4 links", Turkish "Cem 0-4'ü sola koydu"). The words it reads are found in the entries
themselves, so a translation that changes what is said changes what is read: one place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..boundary import ascii_number
from ..core.actions import End
from ..core.events import HeaderKind
from ..i18n import I18n

#: the counts whose plural forms the draw sentence is read in (one, two, few, many)
_COUNTS = (1, 2, 5, 11)
_MARKS = ".,:;!"  # closing punctuation a copied sentence may carry
_SUFFIX_MARKS = ("'", "’")  # Turkish writes a case ending after a tile: 0-4'ü


def drew_sentence(i: I18n, count: int) -> str:
    """Another player drew ``count`` tiles: fields {name} and {count}."""
    # Translators: another player drew tiles from the stock; only the count is known.
    # {name} is the player, {count} the number of tiles. The scorekeeper reads these words back
    # when they are typed ("Cem draws 2").
    return i.ngettext("{name} draws {count} tile.", "{name} draws {count} tiles.", count)


def passed_sentence(i: I18n) -> str:
    """Another player passed: field {name}."""
    # Translators: another player passes. {name} is the player. The scorekeeper reads these words back
    # when they are typed ("Mia passes").
    return i.gettext("{name} passes.")


def opened_sentence(i: I18n) -> str:
    """Another player laid the opening double: fields {name} and {tile}."""
    # Translators: another player lays the opening double. {name} is the player.
    return i.gettext("{name} opens with {tile}.")


def played_sentence(i: I18n, end: End) -> str:
    """Another player laid a tile at one end of double-six: fields {name} and {tile}."""
    if end == End.LEFT:
        # Translators: another player laid a tile at the left end. {name} is the player. The scorekeeper
        # reads these words back when they are typed ("Cem plays 0-4 on the left").
        return i.gettext("{name} plays {tile} on the left.")
    # Translators: another player laid a tile at the right end. {name} is the player.
    return i.gettext("{name} plays {tile} on the right.")


def played_on_arm_sentence(i: I18n) -> str:
    """Larger sets: another player laid a tile on an arm: fields {name}, {tile} and {arm}."""
    # Translators: larger sets: another player laid a tile on an arm. {name} is the player.
    return i.gettext("{name} plays {tile} on arm {arm}.")


def started_arm_sentence(i: I18n) -> str:
    """Larger sets: another player started a new arm: fields {name}, {arm} and {tile}."""
    # Translators: larger sets: another player started a new arm. {name} is the player.
    return i.gettext("{name} starts arm {arm} with {tile}.")


def went_out_sentence(i: I18n) -> str:
    """Another player laid the last tile: field {name}."""
    # Translators: another player laid the last tile (no points for it, or counters follow). The
    # scorekeeper reads these words back when they are typed ("Anna goes out").
    return i.gettext("{name} goes out.")


def header_name(i: I18n, kind: HeaderKind) -> str:
    """The name of a double or triple header, as said and as the scorekeeper reads it after a name."""
    if kind is HeaderKind.DOUBLE:
        # Translators: both open ends show the same number (German: doppelter Treffer). The scorekeeper
        # reads it back after a name ("Anna double header").
        return i.pgettext("header", "double header")
    # Translators: both ends show the same number and one end is a double (German: dreifacher Treffer).
    return i.pgettext("header", "triple header")


def _words(sentence: str) -> list[str]:
    """A sentence's words as typed: placeholders kept as they are, closing marks dropped."""
    return [word.rstrip(_MARKS) for word in sentence.split() if word.rstrip(_MARKS)]


def plain_word(word: str) -> str:
    """A typed word without closing marks or a case ending after an apostrophe (``0-4'ü`` → ``0-4``)."""
    word = word.rstrip(_MARKS) or word
    for mark in _SUFFIX_MARKS:
        head, found, _ = word.partition(mark)
        if found and head and any(c.isdigit() for c in head):
            return head
    return word


@dataclass
class SaidWords:
    """The words of the move sentences, folded with ``fold`` for matching."""

    draw_verbs: list[tuple[str, ...]] = field(default_factory=list)  # "zieht"; Turkish "çekti"
    draw_nouns: set[str] = field(default_factory=set)  # "Stein", "Steine": the word after the count
    passes: list[tuple[str, ...]] = field(default_factory=list)  # "passt"; Turkish "pas geçti"
    fillers: set[str] = field(default_factory=set)  # "plays", "on", "the"; "legt"; "koydu"
    ends: dict[str, End] = field(default_factory=dict)  # "links"; Turkish "sola"
    headers: dict[tuple[str, ...], HeaderKind] = field(default_factory=dict)  # "doppelter Treffer"
    goes_out: list[tuple[str, ...]] = field(default_factory=list)  # "geht aus"; Turkish "bitirdi"

    def add(self, i: I18n, fold: Callable[[str], str]) -> None:
        """Take in the sentences of ``i``'s language; ``fold`` folds a word for matching."""
        for count in _COUNTS:
            words = _words(drew_sentence(i, count))
            nouns = {
                words[n + 1]
                for n, word in enumerate(words[:-1])
                if "{count}" in word and "{" not in words[n + 1]
            }
            self.draw_nouns |= {fold(noun) for noun in nouns}
            verbs = tuple(fold(w) for w in words if "{" not in w and w not in nouns)
            if verbs and verbs not in self.draw_verbs:
                self.draw_verbs.append(verbs)
        passing = tuple(fold(w) for w in _words(passed_sentence(i)) if "{" not in w)
        if passing and passing not in self.passes:
            self.passes.append(passing)
        left, right = (
            [fold(w) for w in _words(played_sentence(i, end)) if "{" not in w]
            for end in (End.LEFT, End.RIGHT)
        )
        for end, own, other in ((End.LEFT, left, right), (End.RIGHT, right, left)):
            for word in own:
                if word in other:
                    self.fillers.add(word)
                else:
                    self.ends.setdefault(word, end)
        for kind in (HeaderKind.DOUBLE, HeaderKind.TRIPLE):
            self.headers.setdefault(tuple(fold(w) for w in _words(header_name(i, kind))), kind)
        out = tuple(fold(w) for w in _words(went_out_sentence(i)) if "{" not in w)
        if out and out not in self.goes_out:
            self.goes_out.append(out)
        for sentence in (opened_sentence(i), played_on_arm_sentence(i), started_arm_sentence(i)):
            self.fillers |= {fold(w) for w in _words(sentence) if "{" not in w}

    def draw(self, folded: list[str]) -> int | None:
        """The count of a draw told in the sentence's words (``zieht 2``, ``2 taş çekti``), or None."""
        numbers = [ascii_number(word) for word in folded]
        counted = [n for n in numbers if n is not None]
        rest = tuple(
            w for w, n in zip(folded, numbers, strict=True) if n is None and w not in self.draw_nouns
        )
        if len(counted) > 1 or rest not in self.draw_verbs:
            return None
        return counted[0] if counted else 1

    def header(self, folded: list[str]) -> HeaderKind | None:
        """A header called by its name (``doppelter Treffer``, ``çift başlık``), or None."""
        return self.headers.get(tuple(folded))

    def going_out(self, folded: list[str]) -> bool:
        return tuple(folded) in self.goes_out

    def passing(self, folded: list[str]) -> bool:
        return tuple(folded) in self.passes

    def play(self, words: list[str], folded: list[str]) -> list[str] | None:
        """A play told in the sentence's words, without them (``legt 0-4 links`` → ``0-4 links``): the
        printed end words as ends; None when the line has none of the sentence's words."""
        if not any(w in self.fillers or w in self.ends for w in folded):
            return None
        kept: list[str] = []
        for word, key in zip(words, folded, strict=True):
            if key in self.ends:
                kept.append(self.ends[key].name)
            elif key not in self.fillers:
                kept.append(word)
        return kept if any(any(c.isdigit() for c in w) for w in kept) else None
