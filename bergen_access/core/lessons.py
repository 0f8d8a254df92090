"""The guided practice (``bergen learn``) as data: told deals and every move of each part.

Each part is a short match dealt by a told deal, with the moves the lesson needs:
the player's moves, each with the rule it shows (or none), and the computer's
moves, scripted so that every rule happens once. No words here: the guide's
sentences live in ``present/lessons.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .actions import Action, Draw, End, Pass, Play
from .dealers import Deal
from .rules import Rules, preset
from .tiles import Tile, parse_tile

PLAYER, COMPUTER = 0, 1


class Lesson(StrEnum):
    """A rule the guide explains once, when it happens."""

    OPENING = "opening"  # the lowest double opens and scores as a double header
    DOUBLE_HEADER = "double-header"
    TRIPLE_HEADER = "triple-header"
    DRAW_UNTIL_FITS = "draw-until-fits"
    REDUCED = "reduced"  # a header near the target is worth less
    NEVER_DRAWN = "never-drawn"  # the last two stock tiles: pass
    GOING_OUT = "going-out"
    BLOCKED = "blocked"  # nobody can play or draw: the German rule decides
    COUNTERS = "counters"  # the counter-stone variant: headers discard counters


@dataclass(frozen=True)
class Step:
    """One move of a part: ``action`` by its seat; the player's moves may show a rule.

    A player's ``Draw`` step stands for the draw command (it draws until a tile fits)."""

    action: Action
    lesson: Lesson | None = None


@dataclass(frozen=True)
class Part:
    """One short match of the lesson: its rules, the scores it starts from, its deal and its moves."""

    theme: Lesson  # what the part is about (said when it starts)
    rules: Rules
    scores: tuple[int, ...]
    deal: Deal
    steps: tuple[Step, ...]  # every action after the deal, in order (the opening is laid by the deal;
    # in the part that teaches it the player names it first, seat/lesson_seat.py)
    opening: Lesson | None = None  # explained right after the deal

    def player_steps(self) -> list[Step]:
        return [step for step in self.steps if step.action.seat == PLAYER]


def _t(text: str) -> Tile:
    return parse_tile(text)


def _tiles(text: str) -> tuple[Tile, ...]:
    return tuple(_t(word) for word in text.split())


def _you(tile: str, end: End, lesson: Lesson | None = None) -> Step:
    return Step(Play(PLAYER, _t(tile), end), lesson)


def _them(tile: str, end: End) -> Step:
    return Step(Play(COMPUTER, _t(tile), end))


L, R = End.LEFT, End.RIGHT


def first_part() -> Part:
    """The main hand: opening, double and triple header, drawing, a reduced header, the two tiles
    never drawn, going out. It starts at 6 to 4, so that 15 is near by its end."""
    deal = Deal(
        (_tiles("0-0 0-3 2-3 3-3 3-4 5-6"), _tiles("0-5 2-5 3-6 4-6 1-6 2-6")),
        _tiles("0-1 0-2 0-4 0-6 1-1 1-2 1-4 1-5 2-2 2-4 4-4 1-3 4-5 3-5 5-5 6-6"),
    )
    steps = (
        _them("0-5", R),
        _you("0-3", L),
        _them("2-5", R),
        _you("2-3", R, Lesson.DOUBLE_HEADER),
        _them("3-6", L),
        _you("3-3", R),
        _them("4-6", L),
        _you("3-4", L, Lesson.TRIPLE_HEADER),
        *[Step(Draw(COMPUTER))] * 12,
        _them("1-3", L),
        Step(Draw(PLAYER), Lesson.DRAW_UNTIL_FITS),
        Step(Draw(PLAYER)),
        _you("3-5", R),
        _them("1-6", L),
        _you("5-6", R, Lesson.REDUCED),
        _them("2-6", L),
        Step(Pass(PLAYER), Lesson.NEVER_DRAWN),
        _them("2-4", L),
        _you("4-5", L, Lesson.GOING_OUT),
    )
    return Part(Lesson.OPENING, preset("standard"), (6, 4), deal, steps, Lesson.OPENING)


def blocked_part() -> Part:
    """A hand that nobody can finish: the German rule gives it to the side with fewer doubles."""
    deal = Deal(
        (_tiles("1-2 3-5 1-3 2-2 1-6 0-2"), _tiles("0-4 0-3 1-4 5-5 0-1 0-0")),
        _tiles("0-6 4-5 2-4 3-3 6-6 4-4 3-4 2-5 3-6 4-6 2-6 5-6 2-3 1-1 1-5 0-5"),
    )
    steps = (
        _you("0-2", R),
        _them("0-3", L),
        _you("1-3", L),
        _them("1-4", L),
        _you("1-2", R),
        _them("0-1", R),
        Step(Draw(PLAYER)),
        _you("0-6", R),
        _them("0-4", L),
        _you("1-6", R),
        *[Step(Draw(COMPUTER))] * 13,
        _them("1-1", R),
        Step(Pass(PLAYER)),
        Step(Pass(COMPUTER), Lesson.BLOCKED),
    )
    return Part(Lesson.BLOCKED, preset("standard"), (0, 0), deal, steps)


def counters_part() -> Part:
    """The counter-stone variant, three counters from the end: the opening and a header discard them."""
    deal = Deal(
        (_tiles("2-6 5-6 1-1 0-4 3-5 0-1"), _tiles("0-2 3-4 4-6 2-2 1-3 3-6")),
        _tiles("0-3 1-4 1-2 0-0 0-6 0-5 2-4 5-5 4-4 2-3 3-3 1-5 4-5 6-6 2-5 1-6"),
    )
    steps = (
        _them("1-3", R),
        _you("0-1", L),
        _them("3-4", R),
        _you("0-4", L, Lesson.COUNTERS),
    )
    return Part(Lesson.COUNTERS, preset("counters"), (12, 9), deal, steps)


def parts() -> tuple[Part, ...]:
    """Every part of the lesson, in order."""
    return (first_part(), blocked_part(), counters_part())
