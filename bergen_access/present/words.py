"""The small pieces of every message: tiles, ends, names, points, scores.

Each piece has a printed form and a spoken form (``speech=True``): a tile is
printed ``3-5`` but spoken so that no synthesizer says "3 minus 5".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum

from ..boundary import visible
from ..commands.lexicon import places_for
from ..core.actions import End
from ..core.rules import Rules, Tally
from ..core.tiles import Tile
from ..core.tiles import tile as make_tile
from ..i18n import I18n

_TILE_IN_TEXT = re.compile(r"\b(1[0-2]|[0-9])-(1[0-2]|[0-9])\b")
_DASHED_NUMBERS = re.compile(r"(\d)-(?=\d)")
#: tiles in printed text ("3-5", "10-12", "1-4L" on a terse line), one or several in a row, and not a
#: piece of a date or a path
_TILE = r"(?:1[0-2]|[0-9])-(?:1[0-2]|[0-9])"
_PRINTED_TILES = re.compile(rf"(?<![\w./-]){_TILE}(?: +{_TILE})*(?![\d/-]|\.\w)")
#: a word joined to a number by a hyphen ("Doppel-5", "çift-9")
_WORD_NUMBER = re.compile(r"(?<=[^\W\d_])-(?=(?:1[0-2]|[0-9])\b)")


def reader_form(text: str) -> str:
    """Printed text for a screen reader: a tile ``3-5`` as ``3 5``, tiles in a row with commas between
    (``0 3, 0 6``), ``Doppel-5`` as ``Doppel 5``; a path is left as it is.

    At their default punctuation level some readers say the hyphen (Fenrir: "3 dash 5", eSpeak NG
    alone: "three dash five", "drei Strich fünf"); a space is read well by every one, and the comma
    keeps the tiles of a list apart. Only the printed line changes: braille keeps ``3-5``, and so does
    a pipe (a client's triggers read it); ``console.short_prompts`` decides when, as for the prompt."""
    text = _PRINTED_TILES.sub(lambda run: ", ".join(t.replace("-", " ") for t in run[0].split()), text)
    return re.sub(r"\S+", lambda word: word[0] if _is_path(word[0]) else _WORD_NUMBER.sub(" ", word[0]), text)


def _is_path(word: str) -> bool:
    return "/" in word or "\\" in word


class Person(Enum):
    """Whom a line naming a side speaks of, so that its verb agrees in number and person: one player
    ("Anna wins"), two partners ("Anna and Mia win"), the player ("you win", German "du gewinnst") or the
    player with a partner (German "ihr gewinnt", Turkish "kazandınız")."""

    ONE = "one"
    PAIR = "pair"
    YOU = "you"
    YOU_PAIR = "you and partner"


class Words:
    """Message pieces for one table (names, rules) in one language."""

    def __init__(self, i18n: I18n, rules: Rules, names: Sequence[str], human: int | None) -> None:
        self.i18n = i18n
        self.rules = rules
        self.names = tuple(visible(name) for name in names)  # checked at entry; never raw all the same
        self.human = human
        self.places = places_for(i18n, rules.arms)  # where a tile goes, as written and typed back

    # ------------------------------------------------------------------ tiles

    def tile(self, tile: Tile, speech: bool = False) -> str:
        """``3-5`` printed; spoken ``3 5`` or ``double 4``."""
        if not speech:
            return tile.notation
        t = self.i18n
        if tile.is_double:
            # Translators: a double tile as spoken by the speech synthesizer, e.g. "double 4".
            # {number} is the digit on both halves.
            return t.pgettext("spoken tile", "double {number}").format(number=tile.low)
        # Translators: a tile as spoken by the speech synthesizer, e.g. "3 5" for the tile 3-5.
        # Keep it so that the synthesizer never says "minus". {low} and {high} are digits.
        return t.pgettext("spoken tile", "{low} {high}").format(low=tile.low, high=tile.high)

    def speakable(self, text: str) -> str:
        """Finished text made fit for speech: every ``3-5`` becomes the spoken tile."""
        text = _TILE_IN_TEXT.sub(lambda m: self.tile(make_tile(int(m[1]), int(m[2])), speech=True), text)
        return _DASHED_NUMBERS.sub(r"\1 ", text)

    def tiles(self, tiles: Sequence[Tile], speech: bool = False) -> str:
        """Tiles as a list: printed ``1-2 3-4``, spoken with commas."""
        if not speech:
            return " ".join(t.notation for t in tiles)
        return ", ".join(self.tile(t, speech=True) for t in tiles)

    @property
    def many_arms(self) -> bool:
        """The line has four or eight arms (double-nine, double-twelve) instead of left and right."""
        return self.rules.arms > 2

    def end_word(self, end: int) -> str:
        """``left`` or ``right``; with more arms ``arm 2``."""
        t = self.i18n
        if self.many_arms:
            # Translators: one arm of the line with the larger sets (the opening double has 4 or 8 arms,
            # numbered in the order they were started), e.g. "arm 2". Printed and spoken.
            return t.pgettext("end", "arm {number}").format(number=end + 1)
        if end == End.LEFT:
            # Translators: the left end of the line of tiles, a single word used in lists
            # such as "3-4 left". Printed and spoken.
            return t.pgettext("end", "left")
        # Translators: the right end of the line of tiles, a single word used in lists.
        return t.pgettext("end", "right")

    def end_letter(self, end: int) -> str:
        """Braille: ``L`` or ``R``; with more arms the arm's number."""
        return self.places.letter(end)

    def fit_letters(self, ends: Sequence[int]) -> str:
        """Braille: where a tile fits, right after it: ``LR``; with more arms ``:1,3``."""
        return self.places.fits(ends)

    def which_end(self, tile: Tile, ends: Sequence[int]) -> str:
        """Braille: the question which end: ``3-5: L/R?``; with more arms ``3-5: 1/3?``."""
        return f"{tile}: {self.places.choice(ends)}?"

    def fit_words(self, ends: Sequence[int]) -> str:
        """Where a tile fits, in a list: ``left``, ``left or right``; ``arm 2``, ``arm 1 or 3``."""
        t = self.i18n
        if self.many_arms and len(ends) > 1:
            # Translators: a tile fits several arms (larger sets), e.g. "arm 1 or 3" or "arm 1, 2 or 4".
            # {numbers} lists all arm numbers but the last, {last} is the last one.
            return t.pgettext("end", "arm {numbers} or {last}").format(
                numbers=", ".join(str(e + 1) for e in ends[:-1]), last=ends[-1] + 1
            )
        if len(ends) == 2:
            # Translators: a tile fits both ends, in the list of tiles, e.g. "5-6 (left or right)".
            return t.gettext("left or right")
        return self.end_word(ends[0])

    def either_side(self) -> str:
        """A tile fits both sides of the lone opening double, which are alike: no side to choose."""
        # Translators: a tile fits both sides of the lone opening double, which are alike, so the side
        # does not matter: in the hand "0-5 (either side)", after a draw "0-5 fits: either side."
        return self.i18n.gettext("either side")

    def end_number(self, number: int, on_double: bool, speech: bool = False) -> str:
        """The number an end shows: ``5``, or ``double 3`` when the end tile is a double."""
        if not on_double:
            return str(number)
        if speech:
            return self.tile(make_tile(number, number), speech=True)
        # Translators: an open end that shows a double, as printed, e.g. "double 3".
        return self.i18n.pgettext("end number", "double {number}").format(number=number)

    def ends(self, ends: Sequence[int], doubles: Sequence[bool], speech: bool = False) -> str:
        """The open ends: ``5 and double 3``; with more arms grouped by number, the largest group first."""
        if self.many_arms:
            return self._arm_ends(ends, doubles, speech)
        left = self.end_number(ends[0], doubles[0], speech)
        right = self.end_number(ends[1], doubles[1], speech)
        # Translators: the two open ends of the line, left first, e.g. "5 and double 3".
        # {left} and {right} are numbers, possibly "double 3".
        return self.i18n.pgettext("ends", "{left} and {right}").format(left=left, right=right)

    def _arm_ends(self, ends: Sequence[int], doubles: Sequence[bool], speech: bool) -> str:
        """``5 on arms 1 and 3, one a double; 2 on arm 2; 7 on arm 4; 4 of 8 arms started``."""
        t = self.i18n
        groups: dict[int, list[int]] = {}
        for arm, number in enumerate(ends):
            groups.setdefault(number, []).append(arm)
        ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[1][0]))
        parts = []
        for number, arms in ordered:
            double = any(doubles[a] for a in arms)
            if len(arms) == 1:
                # Translators: one open end of the larger sets' line: the number and its arm, e.g.
                # "7 on arm 4" or "double 5 on arm 2". {number} may be "double 5".
                parts.append(
                    t.pgettext("ends", "{number} on arm {arm}").format(
                        number=self.end_number(number, double, speech), arm=arms[0] + 1
                    )
                )
                continue
            # Translators: several open ends show the same number (larger sets), e.g. "5 on arms 1 and 3"
            # or "5 on arms 1, 2 and 4". {arms} lists all arm numbers but the last, {last} the last.
            part = t.pgettext("ends", "{number} on arms {arms} and {last}").format(
                number=number, arms=", ".join(str(a + 1) for a in arms[:-1]), last=arms[-1] + 1
            )
            if double:
                # Translators: added to a group of ends showing the same number when one end tile is the
                # double, e.g. "5 on arms 1 and 3, one a double".
                part += t.pgettext("ends", ", one a double")
            parts.append(part)
        if len(ends) < self.rules.arms:
            # Translators: how many arms of the opening double hold a tile (larger sets), after the ends,
            # e.g. "2 of 4 arms started". Until all are started only the opening number may be laid.
            parts.append(
                t.pgettext("ends", "{started} of {arms} arms started").format(
                    started=len(ends), arms=self.rules.arms
                )
            )
        return "; ".join(parts)

    def ends_braille(self, ends: Sequence[int], doubles: Sequence[bool]) -> str:
        """Braille and terse form: ``5|3``, a double end written as its tile: ``5|3-3``; with more arms in
        arm order, a double end marked ``d`` and an arm not yet started ``-``: ``5|5d|2|-``."""
        if self.many_arms:
            # Translators: braille, larger sets: an open end whose tile is a double, e.g. "5d". Keep it short:
            # the number and one letter.
            double = self.i18n.pgettext("braille", "{number}d")
            parts = [double.format(number=n) if d else str(n) for n, d in zip(ends, doubles, strict=True)]
            return "|".join(parts + ["-"] * (self.rules.arms - len(ends)))
        parts = [f"{n}-{n}" if d else str(n) for n, d in zip(ends, doubles, strict=True)]
        return "|".join(parts)

    # ---------------------------------------------------------------- people

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat == self.human

    def name(self, seat: int) -> str:
        """A seat's name, ``You`` for the player at the keyboard (capitalized, to start a line)."""
        if self.is_human(seat):
            # Translators: the player at the keyboard, used as a name at the start of a line,
            # e.g. "You: double header, 2 points". Printed, spoken and brailled.
            return self.i18n.pgettext("name", "You")
        return self.names[seat]

    def side(self, side: int, *, within: bool = False) -> str:
        """A side's name: the player's name, or both partners'; ``within`` a sentence the player's
        partnership is written in small letters ("2 points, you and Mia 9")."""
        seats = self.rules.seats_of(side)
        if len(seats) == 1:
            return self.name(seats[0])
        first, second = (self.name(s) for s in seats)
        if self.human in seats:
            partner = self.names[seats[1] if seats[0] == self.human else seats[0]]
            if within:
                # Translators: the player's partnership inside a sentence, after a comma or a colon, e.g.
                # "2 points, you and Mia 9". {partner} is a name. Small letters where the language
                # writes "you" so there.
                return self.i18n.pgettext("side", "you and {partner}").format(partner=partner)
            # Translators: the player's partnership, e.g. "You and Mia". {partner} is a name.
            return self.i18n.pgettext("side", "You and {partner}").format(partner=partner)
        # Translators: a partnership of two other players, e.g. "Anna and Cem".
        return self.i18n.pgettext("side", "{first} and {second}").format(first=first, second=second)

    def person(self, side: int) -> Person:
        """Whom a line naming ``side`` speaks of: every line with a verb for a side picks its form by it."""
        seats = self.rules.seats_of(side)
        you = self.human in seats
        if len(seats) == 1:
            return Person.YOU if you else Person.ONE
        return Person.YOU_PAIR if you else Person.PAIR

    def partner(self, side: int) -> str:
        """The player's partner's name (for the lines said to the player and a partner), else the side."""
        seats = self.rules.seats_of(side)
        others = [s for s in seats if not self.is_human(s)]
        return self.names[others[0]] if len(others) == 1 and len(seats) == 2 else self.side(side)

    def agreeing(self, side: int, *, one: str, pair: str, you: str, you_pair: str) -> str:
        """The form of a line (translated, still to be filled in) that agrees with ``side``. Each form
        may use ``{side}``; ``you_pair`` also ``{partner}``."""
        forms = {Person.ONE: one, Person.PAIR: pair, Person.YOU: you, Person.YOU_PAIR: you_pair}
        return forms[self.person(side)]

    def sentence(self, text: str) -> str:
        """``text`` with a capital first letter, as a sentence starts (Turkish: i is İ)."""
        if not text:
            return text
        first = "İ" if text[0] == "i" and self.i18n.language == "tr" else text[0].upper()
        return first + text[1:]

    def side_braille(self, side: int) -> str:
        """Short side name for braille: ``Anna``, ``You+Mia``."""
        return "+".join(self.name(s) for s in self.rules.seats_of(side))

    # ---------------------------------------------------------------- scores

    def hand_label(self, number: int) -> str:
        """Braille label of a hand: ``H3``."""
        # Translators: braille label of hand number {number}: one letter and the number, e.g. "H3".
        return self.i18n.pgettext("braille", "H{number}").format(number=number)

    def counters_braille(self, count: int) -> str:
        """Braille count of counters: ``7c``."""
        # Translators: braille form of a number of counters: the number and one letter, e.g. "7c".
        return self.i18n.pgettext("braille", "{count}c").format(count=count)

    def enter(self) -> str:
        """The name of the Enter key, for braille lines."""
        # Translators: the Enter key, as written on braille lines.
        return self.i18n.pgettext("key", "Enter")

    @property
    def counters(self) -> bool:
        return self.rules.tally is Tally.COUNTERS

    def points(self, value: int) -> str:
        """``2 points``."""
        # Translators: a number of points scored, e.g. "2 points". Inside longer messages.
        return self.i18n.ngettext("{count} point", "{count} points", value).format(count=value)

    def counter_count(self, value: int) -> str:
        """``2 counters``."""
        # Translators: a number of counters (counter stones of the counter game), e.g. "2 counters".
        return self.i18n.ngettext("{count} counter", "{count} counters", value).format(count=value)

    def total(self, side: int, total: int) -> str:
        """A side's total after a score: ``total 9``, or ``You and Mia 9`` for partners."""
        if len(self.rules.seats_of(side)) == 1:
            # Translators: a player's new total after scoring, e.g. "total 9".
            return self.i18n.gettext("total {total}").format(total=total)
        # Translators: a partnership's new total after scoring, e.g. "You and Mia 9".
        return self.i18n.gettext("{side} {total}").format(side=self.side(side, within=True), total=total)

    def scores(self, scores: Sequence[int], target: int) -> str:
        """Every side's score (or counters left) and the target, one phrase."""
        t = self.i18n
        if self.counters:
            parts = [
                # Translators: one side's counters in the list of counters, e.g. "Anna 7".
                t.gettext("{side} {count}").format(side=self.side(s), count=target - v)
                for s, v in enumerate(scores)
            ]
            # Translators: counters left per side, e.g. "Counters left: You 7, Anna 9".
            return t.gettext("Counters left: {list}").format(list=", ".join(parts))
        parts = [t.gettext("{side} {count}").format(side=self.side(s), count=v) for s, v in enumerate(scores)]
        # Translators: the score of every side and the target, e.g. "Score: You 9, Anna 7; target 15".
        return t.gettext("Score: {list}; target {target}").format(list=", ".join(parts), target=target)

    def score_phrase(self, scores: Sequence[int], target: int) -> str:
        """Every side's score (or counters left) named, inside a line: ``score: You 9, Anna 7``,
        ``counters left: You 7, Anna 0, Cem 8`` (never bare figures like ``9 : 7``)."""
        t = self.i18n
        counts = [target - v for v in scores] if self.counters else list(scores)
        parts = [
            t.gettext("{side} {count}").format(side=self.side(s, within=True), count=c)
            for s, c in enumerate(counts)
        ]
        if self.counters:
            # Translators: counters left per side inside a line (after a semicolon), e.g. "counters left:
            # You 7, Anna 0, Cem 8".
            return t.gettext("counters left: {list}").format(list=", ".join(parts))
        # Translators: the score of every side inside a line (after a semicolon), e.g. "score: You 9, Anna 7".
        return t.gettext("score: {list}").format(list=", ".join(parts))

    def scores_braille(self, scores: Sequence[int], target: int) -> str:
        """Terse scores: ``You 9 Anna 7 /15``; counters: ``You 7c Anna 9c``."""
        if self.counters:
            return " ".join(
                f"{self.side_braille(s)} {self.counters_braille(target - v)}" for s, v in enumerate(scores)
            )
        return " ".join(f"{self.side_braille(s)} {v}" for s, v in enumerate(scores)) + f" /{target}"
