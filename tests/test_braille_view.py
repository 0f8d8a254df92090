"""The game's own braille display, as a deafblind reader uses it: lines wait until read, pan, route."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen_access.output.braille_view import (
    MIN_WIDTH,
    BrailleView,
    CommandPick,
    HandLine,
    Position,
    RouteTarget,
    TilePick,
    hand_line,
    starts,
    window,
)

MOVES = ["Anna 3-5 R DT +2 = 9", "Mia 5-6 L", "Ben +2 passes"]


def count_of(shown: str) -> int:
    """The waiting count at the display's right end (0 when the line has none)."""
    found = re.search(r" \+(\d+)$", shown)
    return int(found.group(1)) if found else 0


def read_on(view: BrailleView, limit: int = 200) -> list[str]:
    """What a reader sees pressing pan right until the display stays as it is (bounded)."""
    seen = [view.shown]
    for _ in range(limit):
        shown = view.pan_right()
        if shown is None:
            return seen
        seen.append(shown)
    raise AssertionError("pan right never came to rest")


# Scenarios, as a reader acts


@pytest.mark.parametrize(
    ("width", "expected"),
    [
        (40, [MOVES[0].ljust(37) + " +2", MOVES[1].ljust(37) + " +1", MOVES[2]]),
        (20, ["Anna 3-5 R DT +2  +2", "= 9               +2", "Mia 5-6 L         +1", "Ben +2 passes"]),
    ],
)
def test_three_quick_moves_wait_and_are_read_one_by_one(width: int, expected: list[str]) -> None:
    view = BrailleView(width)
    assert view.add(MOVES[0]) == MOVES[0]  # the first announcement appears at once, whole (20 characters)
    assert (view.add(MOVES[1]) or "").endswith(" +1")
    assert view.add(MOVES[2]) == expected[0]  # the count sits in the last cells
    assert view.waiting == 2
    seen = read_on(view)
    assert seen == expected
    assert [count_of(shown) for shown in seen] == [2] * (len(expected) - 2) + [1, 0]  # +2, +1, none
    assert view.waiting == 0


def test_at_20_cells_the_count_takes_its_room_and_the_rest_pans() -> None:
    view = BrailleView(20)
    assert view.add(MOVES[0]) == "Anna 3-5 R DT +2 = 9"  # 20 characters: it fits alone
    assert view.add(MOVES[1]) == "Anna 3-5 R DT +2  +1"  # the count needs 3 cells: "= 9" goes on
    assert view.pan_right() == "= 9               +1"
    assert view.pan_right() == "Mia 5-6 L"
    assert view.waiting == 0


def test_a_new_line_never_replaces_one_not_read() -> None:
    view = BrailleView(20)
    view.add("Anna plays 3-5 on the right end and scores two")
    assert view.add("Mia 5-6 L") == "Anna plays 3-5 on +1"
    assert view.shown.startswith("Anna")  # still Anna's line, first window


def test_a_long_line_pans_at_word_breaks_and_routing_follows_the_pan() -> None:
    tiles = ["0-1", "2-3", "4-5", "6-6", "10-12", "11-11", "9-12"]
    parts: list[tuple[str, RouteTarget | None]] = [("H:", None)]
    parts += [(tile, TilePick(tile)) for tile in tiles]
    parts += [("draw", CommandPick("draw"))]
    text, hand = hand_line(parts)
    assert text == "H: 0-1 2-3 4-5 6-6 10-12 11-11 9-12 draw"
    view = BrailleView(20)
    assert view.add(text, hand=hand) == "H: 0-1 2-3 4-5 6-6"  # "10-12" is never cut in two
    assert view.route(3) == TilePick("0-1")
    assert view.route(5) == TilePick("0-1")
    assert view.route(2) is None  # the space after the label
    assert view.route(0) is None  # the label routes nowhere
    assert view.route(18) is None  # beyond the text
    assert view.pan_right() == "10-12 11-11 9-12"
    assert view.position == Position(0, 19, 35)
    assert view.route(0) == TilePick("10-12")  # cell 0 of the second window, character 19 of the line
    assert view.route(4) == TilePick("10-12")
    assert view.route(5) is None
    assert view.route(6) == TilePick("11-11")
    assert view.route(12) == TilePick("9-12")
    assert view.pan_right() == "draw"
    assert view.route(0) == CommandPick("draw")
    assert view.route(-1) is None and view.route(20) is None and view.route(1000) is None


def test_routing_over_the_waiting_count_or_an_ordinary_line_gives_nothing() -> None:
    text, hand = hand_line([("3-5", TilePick("3-5")), ("4-4", TilePick("4-4"))])
    view = BrailleView(20)
    view.add(text, hand=hand)
    view.add("Anna 1-1 R")
    assert view.shown == "3-5 4-4           +1"
    assert view.route(4) == TilePick("4-4")
    assert [view.route(cell) for cell in range(7, 20)] == [None] * 13
    view.pan_right()
    assert view.shown == "Anna 1-1 R"
    assert [view.route(cell) for cell in range(20)] == [None] * 20  # no hand: no targets


def test_a_word_longer_than_the_window_is_cut() -> None:
    view = BrailleView(8)
    assert view.add("abcdefghijkl mn") == "abcdefgh"
    assert view.pan_right() == "ijkl mn"


def test_line_up_and_down_through_the_history() -> None:
    view = BrailleView(40)
    for move in MOVES:
        view.add(move)
        read_on(view)
    assert view.shown == MOVES[2]
    assert view.line_up() == MOVES[1]
    assert view.line_up() == MOVES[0]
    assert view.line_up() is None  # the oldest line: nothing above
    assert view.line_down() == MOVES[1]
    assert view.line_down() == MOVES[2]
    assert view.line_down() is None  # the newest, nothing waiting, no status
    view.line_up()
    view.line_up()
    assert view.add("Anna 6-6 L") == MOVES[0].ljust(37) + " +1"  # the reader looking back is not moved
    assert view.line_down() == MOVES[1].ljust(37) + " +1"
    assert view.line_down() == MOVES[2].ljust(37) + " +1"
    assert view.line_down() == "Anna 6-6 L"  # past the newest read line: the next unread one


def test_pan_right_from_the_history_goes_to_the_next_unread_line() -> None:
    view = BrailleView(40)
    for move in MOVES:
        view.add(move)
        read_on(view)
    view.line_up()
    view.line_up()
    view.add("Anna 6-6 L")
    assert view.pan_right() == "Anna 6-6 L"  # the count said +1: pan right goes there


def test_pan_left_goes_back_through_the_windows_and_the_lines() -> None:
    view = BrailleView(20)
    view.add("Mia 5-6 L")
    view.add("Anna plays 3-5 on the right end")
    assert view.pan_right() == "Anna plays 3-5 on"
    assert view.pan_right() == "the right end"
    assert view.pan_left() == "Anna plays 3-5 on"
    assert view.pan_left() == "Mia 5-6 L"
    assert view.pan_left() is None
    view.add("Ben draws")
    assert view.shown == "Mia 5-6 L".ljust(17) + " +1"
    assert view.waiting == 1


def test_a_line_left_half_read_still_counts_and_is_reached_again() -> None:
    view = BrailleView(20)
    view.add("Mia 5-6 L")
    view.add("Anna plays 3-5 on the right end")
    view.pan_right()
    assert view.shown == "Anna plays 3-5 on"
    view.line_up()
    assert view.shown == "Mia 5-6 L".ljust(17) + " +1"  # Anna's line is not read to its end
    assert view.pan_right() == "Anna plays 3-5 on"
    assert view.pan_right() == "the right end"
    assert view.waiting == 0


def test_resume_goes_where_reading_goes_on() -> None:
    view = BrailleView(40)
    for move in MOVES:
        view.add(move)
    view.pan_right()
    view.line_up()
    assert view.shown == MOVES[0].ljust(37) + " +1"
    assert view.resume() == MOVES[2]  # Mia's line was read: on to the oldest unread one
    view.line_up()
    view.line_up()
    assert view.resume() == MOVES[2]  # nothing unread: the newest line
    assert view.resume() is None


def test_status_shows_only_when_nothing_is_waiting() -> None:
    view = BrailleView(40)
    assert view.status("you 6 tiles, ends 3|5") == "you 6 tiles, ends 3|5"  # nothing else to show
    assert view.status("you 6 tiles, ends 3|6") == "you 6 tiles, ends 3|6"  # followed while shown
    assert view.add(MOVES[0]) == MOVES[0]  # a new line replaces the status at once
    view.add(MOVES[1])
    assert view.status("Mia 5 tiles, ends 5|6") is None  # never over a line, never counted
    assert view.waiting == 1
    assert view.pan_right() == MOVES[1]
    assert view.status("your turn, ends 5|6") is None  # Mia's line stays until the reader moves on
    assert view.pan_right() == "your turn, ends 5|6"
    assert view.position is None and view.waiting == 0
    assert view.pan_right() is None
    assert view.route(0) is None
    assert view.pan_left() == MOVES[1]
    assert view.line_down() == "your turn, ends 5|6"


def test_a_long_status_pans_too() -> None:
    view = BrailleView(20)
    view.status("your turn, ends 5|6, Anna 4 tiles, Mia 2")
    assert view.shown == "your turn, ends 5|6,"
    assert view.pan_right() == "Anna 4 tiles, Mia 2"
    assert view.pan_right() is None
    assert view.pan_left() == "your turn, ends 5|6,"


def test_line_down_on_an_unread_line_moves_on_when_the_reader_asks() -> None:
    view = BrailleView(20)
    view.add("Anna plays 3-5 on the right end")
    assert view.line_down() is None  # nothing below: the reader stays on it
    view.add("Mia 5-6 L")
    assert view.line_down() == "Mia 5-6 L"
    assert view.waiting == 0
    assert view.line_up() == "Anna plays 3-5 on"


def test_white_space_is_one_line_and_blank_lines_are_nothing() -> None:
    view = BrailleView(20)
    assert view.add("   \n ") is None
    assert view.add("  Anna\n3-5\tR ") == "Anna 3-5 R"
    assert view.position == Position(0, 0, 10)


def test_a_hand_line_with_leading_spaces_keeps_its_targets() -> None:
    text, hand = hand_line([("", None), ("3-5", TilePick("3-5"))])
    assert text == " 3-5"
    view = BrailleView(20)
    assert view.add(text, hand=hand) == "3-5"
    assert view.route(0) == TilePick("3-5")


def test_the_history_is_bounded() -> None:
    view = BrailleView(20, history=3)
    for number in range(6):
        view.add(f"line {number}")
        view.pan_right()
    assert view.shown == "line 5"
    assert [view.line_up() for _ in range(3)] == ["line 4", "line 3", None]


def test_a_new_display_size_keeps_the_place() -> None:
    view = BrailleView(40)
    view.add("Anna plays 3-5 on the right end")
    view.add("Mia 5-6 L")
    assert view.resize(20) == "Anna plays 3-5 on +1"
    assert view.pan_right() == "the right end     +1"
    assert view.resize(40) == "the right end".ljust(37) + " +1"
    assert view.resize(40) is None
    with pytest.raises(ValueError, match="narrow"):
        view.resize(2)


def test_nonsense_is_refused() -> None:
    with pytest.raises(ValueError, match="narrow"):
        BrailleView(MIN_WIDTH - 1)
    with pytest.raises(ValueError, match="history"):
        BrailleView(20, history=0)
    with pytest.raises(ValueError, match="span"):
        HandLine(((3, 3, TilePick("3-5")),))
    with pytest.raises(ValueError, match="beyond"):
        BrailleView(20).add("3-5", hand=HandLine(((0, 9, TilePick("3-5")),)))


def test_a_huge_count_on_a_narrow_display_stays_inside() -> None:
    view = BrailleView(8)
    for number in range(120):
        view.add(f"m{number}")
    assert view.shown == "m0     +" and view.waiting == 119  # no room for "+119": a lone "+"
    for _ in range(109):
        view.pan_right()
    assert view.shown == "m109 +10" and view.waiting == 10
    assert read_on(view)[-1] == "m119"


# Properties

WORD = st.text(alphabet="ab+-=|0123456789", min_size=1, max_size=14)
TEXT = st.builds(
    lambda words, gaps: "".join(w + g for w, g in zip(words, gaps, strict=False)).strip(),
    st.lists(WORD, max_size=10),
    st.lists(st.sampled_from([" ", " ", " ", "  ", "\t"]), min_size=10, max_size=10),
)
TARGET = st.one_of(st.none(), WORD.map(TilePick), WORD.map(CommandPick))
HAND = st.lists(st.tuples(WORD, TARGET), min_size=1, max_size=12).map(hand_line)

ARGUMENTS: dict[str, st.SearchStrategy[object]] = {
    "add": TEXT,
    "hand": HAND,
    "status": TEXT,
    "route": st.integers(-3, 62),
    "resize": st.integers(MIN_WIDTH, 60),
}
#: the reader's keys and routing come more often than the game's news (or a new display size)
KINDS = ["add", "add", "hand", "hand", "status", "route", "route", "route", "resume", "resize"]
KINDS += ["pan_right"] * 4 + ["pan_left", "line_up", "line_down"] * 2
OPS = st.sampled_from(KINDS).flatmap(lambda kind: st.tuples(st.just(kind), ARGUMENTS.get(kind, st.none())))


#: one thing done: the game adds a line, a hand line or the status; the reader presses a key
Op = tuple[str, object]


@dataclass
class Reader:
    """The test's own account of what was added and read, from what the display showed."""

    view: BrailleView
    lines: list[str] = field(default_factory=list)
    hands: dict[int, HandLine] = field(default_factory=dict)
    read: set[int] = field(default_factory=set)
    newest: int = -1
    status: str = ""

    def expected_waiting(self) -> int:
        position = self.view.position
        unread = set(range(len(self.lines))) - self.read
        return len(unread - ({position.line} if position else set()))

    def check(self, returned: object, before: str) -> None:
        view, width = self.view, self.view.width
        assert returned is None or returned == view.shown
        if returned is None:
            assert view.shown == before
        assert len(view.shown) <= width
        position = view.position
        if position is not None:
            text = self.lines[position.line]
            part = text[position.start : position.end]
            assert part and part == part.strip() and len(part) <= width
            assert view.shown.startswith(part)
            self.newest = max(self.newest, position.line)
            if position.end == len(text):
                self.read.add(position.line)
        waiting = self.expected_waiting()
        assert view.waiting == waiting
        if waiting:
            assert len(view.shown) == width
            assert view.shown.endswith(f" +{waiting}") or view.shown.endswith(" +")
        if position is not None:  # the window, the blank cells, the count: nothing else
            rest = view.shown[position.end - position.start :]
            assert rest.strip() in ("", f"+{waiting}", "+")
            assert bool(rest) == bool(waiting)

    def apply(self, op: Op) -> None:
        view, before, position = self.view, self.view.shown, self.view.position
        name, argument = op
        returned: str | None
        if name == "route":
            assert isinstance(argument, int)
            self.route(argument)
            return
        if name == "add":
            assert isinstance(argument, str)
            returned = view.add(argument)
            if argument.strip():
                self.lines.append(re.sub(r"\s", " ", argument).strip())
        elif name == "hand":
            text, hand = cast(tuple[str, HandLine], argument)
            returned = view.add(text, hand=hand)
            assert text == text.strip()  # parts are words: the spans need no shift
            self.hands[len(self.lines)] = hand
            self.lines.append(text)
        elif name == "resize":
            assert isinstance(argument, int)
            returned = view.resize(argument)
        elif name == "status":
            self.status = str(argument)
            returned = view.status(self.status)
        else:
            returned = getattr(view, name)()
        if name == "line_down" and position is not None and position.line == self.newest:
            moved = view.position
            if moved is None or moved.line > position.line:
                self.read.add(position.line)  # the reader moved down past it
        self.check(returned, before)

    def route(self, cell: int) -> None:
        """Routing never raises, and finds exactly the target under the cell."""
        target = self.view.route(cell)
        position = self.view.position
        expected: RouteTarget | None = None
        if position is not None and 0 <= cell < position.end - position.start:
            index = position.start + cell
            if self.lines[position.line][index] != " " and position.line in self.hands:
                spans = self.hands[position.line].spans
                expected = next((t for s, e, t in spans if s <= index < e), None)
        assert target == expected

    def read_everything(self) -> None:
        """Pan right only: every unread line is shown whole, in order; then nothing waits."""
        unread = sorted(set(range(len(self.lines))) - self.read)
        start = self.view.position
        visits: list[Position] = [start] if start is not None else []
        limit = (
            sum(len(line) + 1 for line in [*self.lines, self.status]) + 10
        )  # a window is a character at least
        for _ in range(limit):
            before = (self.view.shown, self.view.position)
            self.apply(("pan_right", None))
            if (self.view.shown, self.view.position) == before:
                break
            if self.view.position is not None:
                visits.append(self.view.position)
        else:
            raise AssertionError("pan right never came to rest")
        numbers = [v.line for v in visits]
        assert numbers == sorted(numbers)
        for number in unread:
            windows = [v for v in visits if v.line == number]
            assert windows, f"line {number} was skipped"
            text = self.lines[number]
            first_seen = start is not None and start.line == number
            assert first_seen or windows[0].start == 0
            assert windows[-1].end == len(text)
            for one, two in itertools.pairwise(windows):
                assert text[one.end : two.start].strip() == ""  # only the break's spaces between
                assert two.start >= one.end
        assert self.view.waiting == 0 and self.read == set(range(len(self.lines)))


@settings(max_examples=300, deadline=None)
@given(width=st.integers(MIN_WIDTH, 60), ops=st.lists(OPS, min_size=5, max_size=50))
def test_any_use_keeps_the_display_true_and_reading_on_reaches_every_line(width: int, ops: list[Op]) -> None:
    reader = Reader(BrailleView(width, history=500))
    for op in ops:
        reader.apply(op)
    reader.read_everything()


@settings(max_examples=200, deadline=None)
@given(width=st.integers(MIN_WIDTH, 40), ops=st.lists(OPS, max_size=30), more=st.lists(TEXT, max_size=5))
def test_lines_added_after_any_use_are_all_read_in_order(width: int, ops: list[Op], more: list[str]) -> None:
    reader = Reader(BrailleView(width, history=500))
    for op in ops:
        reader.apply(op)
    for text in more:
        reader.apply(("add", text))
    reader.read_everything()


def _in_abbreviation(line: str, at: int) -> bool:
    """The space at ``at`` joins parts of an abbreviation: ``z. B.``, ``d. h.`` (letters, a period each)."""
    before = re.search(r"(?:^|[\s(])[^\W\d_]{1,2}\.$", line[:at])
    return bool(before and re.match(r"[^\W\d_]{1,2}\.", line[at + 1 :]))


@settings(max_examples=300, deadline=None)
@given(text=TEXT, width=st.integers(1, 50))
def test_the_windows_of_a_line_give_back_the_whole_line(text: str, width: int) -> None:
    line = re.sub(r"\s", " ", text).strip()
    if not line:
        return
    firsts = starts(line, width)
    ends = [window(line, first, width)[0] for first in firsts]
    assert firsts[0] == 0 and ends[-1] == len(line)
    nexts = [*firsts[1:], len(line)]
    for first, end, following in zip(firsts, ends, nexts, strict=True):
        part = line[first:end]
        assert part and part == part.strip() and len(part) <= width
        assert line[end:following].strip() == ""  # only break spaces lie between windows
        if end == len(line):
            continue
        if line[end] != " ":  # a cut: only where no space lies within the window
            assert " " not in line[first : first + width + 1]
        else:  # a break: at the last space that lets the window fit, not inside an abbreviation (z. B.)
            spaces = [at for at in range(first, first + width + 1) if line[at : at + 1] == " "]
            free = [at for at in spaces if not _in_abbreviation(line, at)] or spaces
            assert end <= free[-1] < following
    windows = [line[f:e] + " " * (n - e) for f, e, n in zip(firsts, ends, nexts, strict=True)]
    assert "".join(windows) == line  # the windows and the spaces they broke at: the whole line


@settings(max_examples=200, deadline=None)
@given(
    width=st.integers(MIN_WIDTH, 40),
    before=st.lists(TEXT, max_size=3),
    hand=HAND,
    pans=st.integers(0, 8),
    after=st.booleans(),
)
def test_routing_finds_what_lies_under_each_cell_of_any_window(
    width: int, before: list[str], hand: tuple[str, HandLine], pans: int, after: bool
) -> None:
    reader = Reader(BrailleView(width))
    for text in before:
        reader.apply(("add", text))
    reader.apply(("hand", hand))
    if after:
        reader.apply(("add", "Anna 3-5 R"))  # a waiting count takes cells of the window
    number = len(reader.lines) - 1 - after
    for _ in range(sum(len(line) + 1 for line in reader.lines)):  # read on up to the hand line
        position = reader.view.position
        if position is not None and position.line == number:
            break
        reader.apply(("pan_right", None))
    for _ in range(pans):
        position = reader.view.position
        if position is None or position.line != number or position.end == len(reader.lines[number]):
            break
        reader.apply(("pan_right", None))
    assert reader.view.position is not None and reader.view.position.line == number
    for cell in range(-2, width + 3):
        reader.route(cell)


@pytest.mark.parametrize(
    "line",
    [
        "Tippe einen Stein, z. B. 3-5: dann legst du ihn.",
        "Ein Stein, d. h. ein Dominostein wie 10-12, passt.",
        "Type a tile, e.g. 3-5 or 10-12, then Enter.",
    ],
)
def test_no_window_breaks_inside_an_abbreviation_or_a_tile(line: str) -> None:
    """``ein Stein, z.`` / ``B. 3-5: …`` was split across windows (issue 30): the parts of an abbreviation
    and a tile stay in one window at every width they fit, and no window starts with ``B.``."""
    for width in range(12, 60):
        windows = [line[first : window(line, first, width)[0]] for first in starts(line, width)]
        assert all(not re.match(r"[^\W\d_]{1,2}\.", w) or w.startswith(("z.", "d.", "e.g.")) for w in windows)
        for whole in ("z. B.", "d. h.", "e.g.", "3-5", "10-12"):
            if whole in line:
                assert any(whole in w for w in windows), (width, windows)


def test_after_a_routing_press_the_line_acted_on_is_not_shown_again() -> None:
    """Routed from the first window of a long turn line, the result came, and panning on showed the stale
    turn line again (issue 30): the line a routing press acted on counts as read."""
    view = BrailleView(40)
    turn, hand = hand_line(
        [("9|-|-|-:", None), ("0-5:2", TilePick("0-5 2")), ("0-6:2", TilePick("0-6 2"))]
        + [("/", None)]
        + [(t, None) for t in ["1-3", "2-4", "3-6", "5-5", "1-8", "2-8", "3-8", "4-4", "4-6"]]
    )
    view.add(turn, hand=hand)
    view.status("9|-|-|-, 9 tiles")
    assert view.position is not None and view.position.start == 0 and len(turn) > 40  # half read
    target = view.route(10)
    assert target == TilePick("0-5 2")
    view.routed()
    view.add_message([("You 0-5 2 9|5|-|-", None)], answer=True)
    view.add("Anna 0-2 3 9|5|2|-")
    shown = [view.shown]
    while view.pan_right() is not None:
        shown.append(view.shown)
    assert not any(line.startswith("9|-|-|-:") for line in shown), shown
    assert any(line.startswith("Anna 0-2") for line in shown), shown


def test_a_question_is_not_shown_again_as_the_status() -> None:
    """``3-6: 1/4?`` and then, panning on, the status ``arm 1 / 4``: the question twice (issue 30)."""
    view = BrailleView(40)
    view.status("3|5|5|6, 6 tiles")
    question, hand = hand_line([("3-6:", None), ("1/4?", CommandPick("1"))])
    view.add_message([(question, hand)], answer=True)
    view.status("arm 1 / 4")
    assert view.shown.strip() == "3-6: 1/4?"
    assert view.pan_right() is None and view.shown.strip() == "3-6: 1/4?"
    assert view.line_down() is None and view.shown.strip() == "3-6: 1/4?"


def test_the_orientation_is_not_lost_when_the_player_types_at_once() -> None:
    """The first line came up by itself and was taken as read, though the player typed at once (issue
    30): a line shown by itself, with lines waiting behind it and no key pressed on it, stays unread when
    the answer comes, and reading on comes back to it."""
    view = BrailleView(40)
    orientation, hand = hand_line([("You Anna /15.", None), ("help", CommandPick("help"))])
    view.add(orientation, hand=hand)
    view.add("H1: 0-5 0-6 1-3 2-4 3-6 5-5")
    view.add("Anna 0-0")
    view.status("0|0, 6 tiles")
    view.add_message([("0-5LR 0-6LR 1-3 2-4 3-6 5-5", None)], answer=True)
    assert view.shown.startswith("0-5LR") and view.shown.endswith("+3")
    shown = []
    while view.pan_right() is not None:
        shown.append(view.shown)
    assert shown[0].startswith("You Anna /15. help"), shown


def test_a_turn_line_answered_by_typing_is_not_shown_again() -> None:
    """The newest line when the player answers (the turn), or an earlier answer, is not brought back."""
    view = BrailleView(40)
    view.status("0|0, 6 tiles")
    view.add("0|0: 0-5LR 0-6LR")
    view.add_message([("You 0-5 R", None)], answer=True)
    view.add("Anna 5-5 R")
    view.add("0|5-5: 0-6L")
    view.status("0|5-5, 5 tiles")
    view.add_message([("You 0-6 L", None)], answer=True)
    shown = [view.shown]
    while view.pan_right() is not None:
        shown.append(view.shown)
    assert not any(line.startswith(("0|0:", "You 0-5")) for line in shown), shown
    assert any(line.startswith("Anna 5-5") for line in shown), shown
