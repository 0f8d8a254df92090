"""What each legal play would do at once: new ends, points scored, the match won.

The easy and normal players judge plays by these facts; they are computed
from the view and the rules' own scoring functions, so reduction, counters
and going-out awards are whatever the rules say.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Play
from ..core.events import HeaderKind
from ..core.layout import Arms, header_kind
from ..core.scoring import capped, header_value
from ..core.tiles import mask_of
from ..core.view import SeatView


@dataclass(frozen=True, slots=True)
class Outcome:
    """A play and its immediate result."""

    play: Play
    left: int
    right: int
    left_double: bool
    right_double: bool
    gain: int  # points (counters) the play scores, going out included
    wins: bool  # the play reaches the target
    hand_after: int  # the seat's tiles after the play, as a mask
    spread: Arms | None = None  # on four or eight arms: the arms after the play (left and right are -1)


def play_outcomes(view: SeatView) -> list[Outcome]:
    """The outcome of every legal play of the view's seat (draws and passes left out)."""
    rules = view.rules
    if view.spread is not None:
        return _outcomes_on_arms(view, view.spread)
    ends = view.ends
    if ends is None:
        return []
    left_double, right_double = view.end_is_double
    need = view.needs[view.side]
    hand = mask_of(view.hand)
    outcomes = []
    for action in view.legal_actions:
        if not isinstance(action, Play):
            continue
        tile = action.tile
        if action.end:
            left, right = ends[0], tile.other(ends[1])
            new_left_double, new_right_double = left_double, tile.is_double
        else:
            left, right = tile.other(ends[0]), ends[1]
            new_left_double, new_right_double = tile.is_double, right_double
        gain = 0
        if left == right:
            kind = HeaderKind.TRIPLE if new_left_double or new_right_double else HeaderKind.DOUBLE
            gain = header_value(rules, kind, need)
        after = hand & ~(1 << tile)
        if not after and gain < need:
            gain += capped(rules, rules.going_out, need - gain)
        outcomes.append(
            Outcome(action, left, right, new_left_double, new_right_double, gain, gain >= need, after)
        )
    return outcomes


def _outcomes_on_arms(view: SeatView, spread: Arms) -> list[Outcome]:
    rules = view.rules
    need = view.needs[view.side]
    hand = mask_of(view.hand)
    outcomes = []
    for action in view.legal_actions:
        if not isinstance(action, Play):
            continue
        base = spread.header_base(action.tile, action.end)
        gain = header_value(rules, header_kind(base), need) if base else 0
        after = hand & ~(1 << action.tile)
        if not after and gain < need:
            gain += capped(rules, rules.going_out, need - gain)
        played = spread.played(action.tile, action.end)
        outcomes.append(Outcome(action, -1, -1, False, False, gain, gain >= need, after, played))
    return outcomes
