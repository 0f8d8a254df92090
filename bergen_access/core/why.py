"""Why a score was worth what it was, as data: the facts ``why`` says (present/explain.py words them).

Everything comes from the match's own events and rules: the play that made a
header (the ends that matched, which of them a double), its full value, the
side's need before it and what the reduction near the target made of it, the
counters discarded; for a blocked hand the event itself holds each side's
doubles and pips and what decided. Nothing is scored again here: the values
are the engine's, the reasons are read off the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .events import (
    CountersDiscarded,
    Drew,
    Event,
    HandBlocked,
    HeaderScored,
    Opened,
    Passed,
    TilePlayed,
    WentOut,
)
from .rules import Reduction, Rules
from .scoring import reduced_value
from .tiles import Tile
from .told import Told

#: the events ``why`` explains
SCORING = (HeaderScored, WentOut, HandBlocked)


class Counters(NamedTuple):
    """Counter tally: what the score made the side discard, and what it holds after."""

    discarded: int
    left: int


class HeaderFacts(NamedTuple):
    """A header: who, the matching ends, the value in full, the need before it and what it gave."""

    event: HeaderScored
    number: int  # the number the matching ends show
    matched: tuple[int, ...]  # the matching ends (0 left, 1 right; with arms the arm indices)
    doubles: tuple[int, ...]  # those of them whose tile is a double
    opening: Tile | None  # the opening double, when it scored by being laid
    need: int  # points the side needed (with counters: counters it held) before the header
    reduced_to: int  # the value after the reduction near the target, before the counters' cap
    reduction: Reduction
    many_arms: bool
    counters: Counters | None


class OutFacts(NamedTuple):
    """Going out: its value under the rules, the need before it, what it gave."""

    event: WentOut
    need: int
    counters: Counters | None


class BlockedFacts(NamedTuple):
    """A blocked hand: the event (holdings, rule, decider, award), the winner's need before it."""

    event: HandBlocked
    need: int | None
    counters: Counters | None


Facts = HeaderFacts | OutFacts | BlockedFacts


def scoring_indices(history: Sequence[Event]) -> list[int]:
    """Where the scoring events stand in ``history``, in order."""
    return [n for n, event in enumerate(history) if type(event) in SCORING]


def _counters(history: Sequence[Event], index: int) -> Counters | None:
    following = history[index + 1] if index + 1 < len(history) else None
    if isinstance(following, CountersDiscarded):
        return Counters(following.discarded, following.left)
    return None


def facts_at(rules: Rules, history: Sequence[Event], index: int) -> Facts:
    """The facts of the scoring event ``history[index]`` (``ValueError`` if it is no score)."""
    event = history[index]
    target = rules.target_score
    counters = _counters(history, index)
    if isinstance(event, WentOut):
        return OutFacts(event, target - (event.total - event.value), counters)
    if isinstance(event, HandBlocked):
        need = None if event.total is None else target - (event.total - event.value)
        return BlockedFacts(event, need, counters)
    if not isinstance(event, HeaderScored):
        raise ValueError("not a scoring event")
    need = target - (event.total - event.value)
    made = history[index - 1] if index > 0 else None
    many = rules.arms > 2
    opening: Tile | None = None
    matched: tuple[int, ...] = (0, 1)
    doubles: tuple[int, ...] = ()
    if isinstance(made, Opened):  # the opening double counts as a double header when laid
        opening = made.tile
        number = made.tile.low
    elif isinstance(made, TilePlayed) and many:
        number = made.ends[made.end]
        matched = tuple(n for n, end in enumerate(made.ends) if end == number)
        doubles = tuple(n for n in matched if made.end_doubles[n])
    elif isinstance(made, TilePlayed):
        number = made.left
        doubles = tuple(n for n, double in enumerate((made.left_double, made.right_double)) if double)
    else:
        raise ValueError("a header without its play")
    reduced = reduced_value(rules, event.kind, need)
    return HeaderFacts(
        event, number, matched, doubles, opening, need, reduced, rules.reduction, many, counters
    )


class WhyAnswer(NamedTuple):
    """What ``why`` says about a line of a seat's history: the score's facts, or the line's event and
    how many lines back the last score is (``why N``)."""

    facts: Facts | None
    event: Event | None
    pointer: int | None


MOVES_AND_SCORES = (TilePlayed, Drew, Passed, HeaderScored, WentOut, HandBlocked)


def why_of(
    told: Sequence[Told], history: Sequence[Event], rules: Rules, number: int | None
) -> WhyAnswer | None:
    """``why``: the last move or score (the hand's end, the tiles shown and deals are passed over);
    ``why N``: history's N-th last line. None: history has fewer lines than ``number``."""
    if number is not None:
        index = len(told) - number
        if index < 0:
            return None
    else:
        index = next(
            (n for n in range(len(told) - 1, -1, -1) if isinstance(told[n].event, MOVES_AND_SCORES)), -1
        )
    event = told[index].event if index >= 0 else None
    where = next((n for n in range(len(history) - 1, -1, -1) if history[n] == event), None)
    if where is not None and type(event) in (TilePlayed, Opened) and where + 1 < len(history):
        where += 1  # a play, or the opening, that scored: its score is explained
    if where is not None and type(history[where]) in SCORING:
        return WhyAnswer(facts_at(rules, history, where), event, None)
    scored = next((n for n in range(index - 1, -1, -1) if type(told[n].event) in SCORING), None)
    return WhyAnswer(None, event, len(told) - scored if scored is not None else None)
