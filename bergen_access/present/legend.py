"""``help terse``: every code of the terse lines, shown by an example and what it means.

Each entry is made by the code that writes the terse line in play: an announcement or a reply is
made from sample facts by the narrator, the feedback or the replies themselves, and shown beside the
words the game says for it at the normal verbosity (``Anna DH +2=9: Anna: double header, 2 points,
total 9.``). Only what is no whole line has sentences of its own here (the ends, where a tile fits,
how to type it back). So a code cannot be written in play and be missing here without the test that
walks the terse lines of many matches noticing (``tests/test_terse_codes.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..commands.definitions import CommandKind
from ..commands.lexicon import Lexicon
from ..core.actions import End
from ..core.events import (
    CountersDiscarded,
    Decider,
    Drew,
    Event,
    HandBlocked,
    HandDealt,
    HandEnded,
    HeaderKind,
    HeaderScored,
    Holding,
    MatchWon,
    Passed,
    Redeal,
    TilePlayed,
    WentOut,
)
from ..core.tally import Tally
from ..core.tiles import Tile, tile
from . import codes
from .feedback import Feedback
from .keep_text import KeepText
from .message import Message, Verbosity
from .narrator import Narrator
from .options import Choices, OptionWords
from .refusals import Refusals
from .replies import Replies
from .table_talk import TableTalk
from .words import Words


@dataclass(frozen=True)
class Entry:
    """One line of the legend: codes as the game writes them, and what they mean."""

    shown: str  # as the terse line shows it, made by the code that writes it in play
    meaning: str

    @property
    def line(self) -> str:
        return f"{self.shown}: {self.meaning}"


@dataclass(frozen=True)
class SampleBoard:
    """The public facts of a table, made up for the examples (``replies.Board``)."""

    ends: tuple[int, ...] | None
    end_is_double: tuple[bool, ...]
    line: Sequence[tuple[Tile, int, int]]
    arm_lines: Sequence[Sequence[tuple[Tile, int, int]]]
    opening: Tile | None
    tile_counts: tuple[int, ...]
    stock_size: int
    drawable: int


def _entry(message: Message) -> Entry:
    return Entry(message.braille, message.text)


class Legend:
    """The legend of one table's terse lines (its set, its tally, its names) in one language."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.i = words.i18n
        self.narrator = Narrator(words, Verbosity.NORMAL)  # the meanings: the game's own sentences
        self.feedback = Feedback(self.narrator, remembers=False)
        self.refusals = Refusals(self.narrator)
        self.replies = Replies(self.narrator)
        self.options = OptionWords(self.narrator)
        rules = words.rules
        people = range(rules.players)
        self.me = words.human if words.human is not None else 0
        self.other = next(seat for seat in people if seat != self.me)
        self.last = next((seat for seat in reversed(people) if seat not in (self.me, self.other)), self.other)
        self.side = rules.side_of(self.other)

    def _event(self, event: Event, verbosity: Verbosity = Verbosity.NORMAL) -> Entry:
        narrator = self.narrator if verbosity is Verbosity.NORMAL else Narrator(self.words, verbosity)
        message = narrator.narrate(event)
        assert message is not None
        return _entry(message)

    def _with_counters(self, event: Event, counters: CountersDiscarded) -> Entry:
        message = self.narrator.narrate_with_counters(event, counters)
        assert message is not None
        return _entry(message)

    # ------------------------------------------------------------- the parts

    def _ends(self, numbers: tuple[int, ...], doubles: tuple[bool, ...]) -> tuple[str, str]:
        """Sample ends, in words and in braille (two of them, or three started arms)."""
        w = self.words
        if w.many_arms:
            numbers, doubles = (*numbers, 2), (*doubles, False)
        return w.ends(numbers, doubles), w.ends_braille(numbers, doubles)

    def ends(self) -> Entry:
        w, i = self.words, self.i
        if w.many_arms:
            shown = w.ends_braille((5, 5, 2), (False, True, False))
            # Translators: "help terse", larger sets, after the ends as shown ("5|5d|2|-"): the ends in the
            # order of the arms. {arms} is 4 or 8, {double} e.g. "5d", {none} is "-".
            meaning = i.gettext(
                "the ends of arms 1 to {arms}; {double}: a double; {none}: an arm not yet started."
            )
            return Entry(shown, meaning.format(arms=w.rules.arms, double=shown.split("|")[1], none="-"))
        shown = w.ends_braille((5, 3), (False, True))
        # Translators: "help terse", after the open ends as shown ("5|3-3"). {double} e.g. "3-3".
        meaning = i.gettext("the open ends, left|right; {double} means that end is a double.")
        return Entry(shown, meaning.format(double=shown.split("|")[1]))

    def _plays(self) -> tuple[tuple[Tile, tuple[int, ...]], tuple[Tile, tuple[int, ...]]]:
        """Two sample plays: one to a single end, one to two (the hint writes both)."""
        if self.words.many_arms:
            return (tile(2, 5), (1,)), (tile(3, 5), (0, 2))
        return (tile(1, 4), (End.LEFT,)), (tile(5, 6), (End.LEFT, End.RIGHT))

    def turn(self) -> list[Entry]:
        """The turn line (its plays as ``options`` writes them), how to type a play back, the options."""
        w, i = self.words, self.i
        one, two = self._plays()
        choice = Choices((one, two), may_draw=False, may_pass=False, arms_number=None)
        shown = codes.turn_line(self._ends((4, 6), (False, False))[1], self.options.braille(choice))
        shown += codes.others([tile(2, 3), tile(6, 6)])
        # Translators: "help terse", after the turn line as shown ("4|6: 1-4L 5-6LR / 2-3 6-6"; with the
        # larger sets "4|6|2|-: 2-5:2 3-5:1,3 / 2-3 6-6"). {apart} is "/".
        meaning = i.gettext("your turn: the ends, the tiles you can play and where, after {apart} the rest.")
        entries = [Entry(shown, meaning.format(apart=codes.APART)), *self.letters()]
        typed = f"{one[0]}{w.fit_letters(one[1])} {one[0]} {w.end_letter(one[1][0])}"
        # Translators: "help terse", after two ways to type a play ("1-4L 1-4 L"): a tile is typed back
        # as the terse lines show it. {both} e.g. "5-6LR": a tile that fits two ends; the game asks which.
        how = i.gettext("type a tile so to play it; {both} asks which end.")
        entries.append(Entry(typed, how.format(both=f"{two[0]}{w.fit_letters(two[1])}")))
        for plays, may_draw, may_pass in (((one,), True, False), ((), True, False), ((), False, True)):
            options = Choices(plays, may_draw=may_draw, may_pass=may_pass, arms_number=None)
            entries.append(Entry(self.options.braille(options), self.options.sentence(options, False)))
        return entries

    def letters(self) -> list[Entry]:
        """The letters of the two ends, as the played line writes them (``Anna 1-4 L``)."""
        w = self.words
        if w.many_arms:
            return []
        letters = (End.LEFT, End.RIGHT)
        said = ". ".join(f"{w.end_letter(end)}: {w.end_word(end)}" for end in letters)
        return [Entry(" ".join(w.end_letter(end) for end in letters), said + ".")]

    def drawn(self) -> Entry:
        w, i = self.words, self.i
        drew, fits = [tile(1, 2), tile(3, 4)], tile(3, 4)
        shown = codes.drawn(w.tiles(drew), f"{fits}{w.fit_letters((1,))}")
        # Translators: "help terse", after the answer to a draw as shown ("+1-2 3-4 > 3-4R"). {tiles} the
        # tiles drawn, {now} is ">".
        meaning = i.gettext("you drew {tiles}; after {now}, what you can do now.")
        return Entry(shown, meaning.format(tiles=w.tiles(drew), now=codes.NOW))

    def hint(self) -> Entry:
        w, i = self.words, self.i
        one, two = self._plays()
        scoring = self.replies.hint_play(f"{one[0]}{w.fit_letters(one[1])}", HeaderKind.DOUBLE, 2)
        other = self.replies.hint_play(f"{two[0]}{w.fit_letters(two[1])}", None, 0)
        # Translators: "help terse", after the answer to hint as shown ("1-4L DH +2 5-6LR"): the plays, the
        # best first, with what each scores. {scoring} e.g. "1-4L DH +2".
        meaning = i.gettext("the hint: the plays, the best first; {scoring}: what that play scores.")
        return Entry(f"{scoring} {other}", meaning.format(scoring=scoring))

    def headers(self) -> Entry:
        narrator = self.narrator
        kinds = [HeaderKind.DOUBLE, HeaderKind.TRIPLE]
        kinds += [HeaderKind.QUADRUPLE] if self.words.many_arms else []
        both = [(kind, reduced) for reduced in (False, True) for kind in kinds]
        shown = " ".join(narrator.header_code(kind, reduced) for kind, reduced in both)
        said = (
            f"{narrator.header_code(kind, reduced)}: {narrator.header_phrase(kind, reduced)}"
            for kind, reduced in both
        )
        return Entry(shown, ". ".join(said) + ".")

    def played(self) -> list[Entry]:
        w = self.words
        if w.many_arms:
            ends, doubles = (5, 5, 2), (False, True, False)
            played = TilePlayed(self.other, tile(3, 5), 1, -1, -1, ends=ends, end_doubles=doubles)
        else:
            played = TilePlayed(self.other, tile(3, 5), End.LEFT, 5, 3, right_double=True)
        entries = [self._event(played), self._event(Passed(self.other))]
        if w.human is not None:
            entries.append(self._event(Drew(self.me, tile(1, 2), 14, 12)))
        draws = [Drew(self.other, None, 15, 13), Drew(self.other, None, 14, 12)]
        entries.append(_entry(Narrator(w, Verbosity.VERBOSE).narrate_draws(draws)))  # verbose: the stock
        return entries

    def scores(self) -> list[Entry]:
        rules = self.words.rules
        side, other = self.side, self.other
        header = HeaderScored(other, side, HeaderKind.DOUBLE, 2, 2, 9)
        out = WentOut(other, side, 2, 2, 11)
        holdings = tuple(Holding(1, 5, 0) if s == side else Holding(0, 12, 12) for s in range(rules.sides))
        hands: tuple[tuple[Tile, ...], ...] = tuple(() for _ in range(rules.players))
        blocked = HandBlocked(rules.blocked_rule, holdings, hands, Decider.FEWER_PIPS, side, 1, 12)
        if self.words.counters:
            return [
                self._with_counters(header, CountersDiscarded(other, side, 2, 8)),
                self._with_counters(out, CountersDiscarded(other, side, 2, 6)),
                self._with_counters(blocked, CountersDiscarded(None, side, 1, 5)),
            ]
        reduced = HeaderScored(other, side, HeaderKind.TRIPLE, 3, 1, 14)
        return [self._event(header), self._event(reduced), self._event(out), self._event(blocked)]

    def hands(self) -> list[Entry]:
        w = self.words
        rules = w.rules
        totals = tuple(9 if s == 0 else 7 for s in range(rules.sides))
        own = (tile(1, 2), tile(3, 4))
        dealt = tuple(own if seat == w.human else None for seat in range(rules.players))
        won = tuple(rules.target_score if s == self.side else 7 for s in range(rules.sides))
        held: list[tuple[int, tuple[Tile, ...]]] = [(self.other, (tile(3, 4), tile(6, 6)))]
        if self.last != self.other:
            held.append((self.last, (tile(1, 2),)))
        return [
            self._event(HandDealt(1, dealt, rules.tiles_per_player, rules.stock_size, rules.stock_size)),
            self._event(Redeal(1)),
            _entry(self.narrator.narrate_held(held)),
            self._event(HandEnded(3, totals)),
            self._event(MatchWon(self.side, won)),
        ]

    def table(self) -> list[Entry]:
        """Replies about the table: counts, the unseen tiles, no tile yet; the larger sets' line and set."""
        w = self.words
        rules = w.rules
        counts = tuple(5 + seat for seat in range(rules.players))
        empty = SampleBoard(None, (), (), (), None, counts, 16, 14)
        talk = TableTalk(self.narrator, {})
        entries = [
            _entry(self.replies.counts(empty)),
            _entry(talk.unseen_of((tile(0, 1), tile(0, 6), tile(2, 3)))),
            _entry(self.replies.ends(empty)),
        ]
        if w.many_arms:
            opening = tile(rules.tiles.highest, rules.tiles.highest)
            n = opening.low
            arms = [[(tile(n, 3), n, 3), (tile(3, 5), 3, 5)], [(tile(n, 5), n, 5)]]
            line = [(opening, n, n), *arms[0], *arms[1]]
            board = SampleBoard((5, 5), (False, False), line, arms, opening, counts, 16, 14)
            entries.append(_entry(self.replies.line(board)))
        entries.append(_entry(talk.orientation(rules, Lexicon(self.i).main_word(CommandKind.HELP))))
        return entries

    def answers(self) -> list[Entry]:
        """The answers to a move that cannot be made, and the questions."""
        w, feedback = self.words, self.feedback
        one, two = self._plays()
        entries = [
            _entry(feedback.ask_end(two[0], two[1], (5, 5, 2), (False, True, False))),
            _entry(self.refusals.only_end(one[0], one[1], False)),
            _entry(self.refusals.not_in_hand(tile(3, 5), (tile(1, 2), tile(4, 4)))),
        ]
        draw = Choices((), may_draw=True, may_pass=False, arms_number=None)
        ends, shown = self._ends((4, 6), (False, False))
        must = self.i.pgettext("must", "draw")
        no_fit = self.refusals.does_not_fit(tile(3, 5), ends, shown, must, self.options.braille(draw))
        entries.append(_entry(no_fit))
        if w.rules.first_arms_first:
            entries.append(_entry(self.refusals.held_back(tile(2, 4), w.rules.tiles.highest, must)))
        entries += [
            _entry(self.refusals.unknown("xyzzy", Lexicon(self.i).main_word(CommandKind.HELP))),
            _entry(self.refusals.bad_end(f"{one[0]}X")),
            _entry(self.refusals.not_in_set(f"{w.rules.tiles.highest + 1}-1")),
        ]
        if w.many_arms:
            entries.append(_entry(self.refusals.ambiguous_tile("112", ("1-12", "2-11"))))
        entries.append(_entry(self.refusals.hand_over()))
        entries.append(_entry(feedback.resumed(self.narrator.narrate(Passed(self.other)))))
        return entries

    # ----------------------------------------------------------- the whole

    def entries(self) -> list[Entry]:
        """Every entry, in the order the game meets them."""
        return [
            self.ends(),
            *self.turn(),
            *self.played(),
            self.drawn(),
            self.hint(),
            self.headers(),
            *self.scores(),
            *self.hands(),
            *self.table(),
            *self.answers(),
        ]

    def lines(self) -> list[str]:
        # Translators: "help terse", the legend of the terse braille codes, first line.
        return [self.i.gettext("Terse codes, one line each:"), *(entry.line for entry in self.entries())]


class KeepLegend(Legend):
    """The scorekeeper's legend: the table's lines as the game writes them, and its own (the hand's
    number, undo and redo, the questions)."""

    def __init__(self, words: Words) -> None:
        super().__init__(words)
        self.text = KeepText(self.narrator)

    def keeping(self) -> list[Entry]:
        text, rules = self.text, self.words.rules
        played = self.narrator.narrate(Passed(self.other))
        assert played is not None
        opener = text.confirm_opener(tile(3, 3))
        entries = [
            _entry(text.hand_begins(3)),
            _entry(text.undone(played)),
            _entry(text.redone([played], Tally(rules), with_score=False)),
            _entry(opener),
            _entry(text.remind_yes_no(opener)),
            _entry(text.confirm_holding(self.side, Holding(1, 15, 9), False)),
            _entry(text.holding_noted(self.side, 1, 15)),
            _entry(self.refusals.keep_unknown("xyzzy")),
            _entry(self.refusals.unknown_name("Zed")),
        ]
        if self.words.many_arms:
            header = f"{self.words.names[self.other]} {rules.arms + 2}"
            entries.append(_entry(self.refusals.header_value(header)))
        return entries

    def entries(self) -> list[Entry]:
        one, two = self._plays()
        return [
            self.ends(),
            *self.letters(),
            *self.played(),
            self.headers(),
            *self.scores(),
            *self.hands(),
            *self.table(),
            _entry(self.text.ask_end(two[0], None, two[1])),
            _entry(self.refusals.only_end(one[0], one[1], False)),
            _entry(self.refusals.bad_end(f"{one[0]}X")),
            _entry(self.refusals.not_in_set(f"{self.words.rules.tiles.highest + 1}-1")),
            *self.keeping(),
        ]
