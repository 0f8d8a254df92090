"""The coach: after the player's move, whether another was clearly better by the strong level's estimate.

The strong level's search is started when the player's turn comes
(``start``), on a thread of its own, so it thinks while the player does and
never holds up the line being typed. When the player has moved,
``advise`` waits at most what is left of ``COACH_TIME_BUDGET``,
stops the search and compares the move made with the best one, both played
out on the same deals (every legal move is, so any two compare fairly).
It speaks only when the difference matters (``MATTERS``, in chance to win
the match); the advice names what the better move scored at once, or how
much less it gave the next seat, when that is the reason.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from ..core.actions import Action, Play
from ..core.view import SeatView
from .headers import header_values
from .knowledge import infer
from .normal import threat_of, threat_on_arms
from .outcomes import Outcome, play_outcomes
from .strong import DEFAULT_SIMULATIONS, StrongPlayer

#: Seconds the coach may think past the player's move: its search runs while the player thinks, so
#: it is timed (advice is not a move of the match; the computers' moves are fixed work, ``strong``).
COACH_TIME_BUDGET = 1.2
#: The least difference in chance to win the match (0 to 1) that is worth a word.
MATTERS = 0.02
#: The least difference in points handed to the next seat that is named as the reason.
HANDED_MATTERS = 0.5


@dataclass(frozen=True)
class Advice:
    """A better move than the one made, and why, as far as the search can tell."""

    played: Action
    better: Action
    margin: float  # more chance to win the match with ``better``, 0 to 1
    scores: int  # points (counters) ``better`` scores at once, when it scores more than the move made
    handed: float  # points the move made is expected to hand the next seat beyond what ``better`` does
    alike: bool = False  # both sides of the line are alike (the lone opening double): no end to name


class Coach:
    """One player's coach (see the module docstring); ``background`` False thinks in ``advise`` instead."""

    def __init__(
        self,
        seed: int,
        simulations: int = DEFAULT_SIMULATIONS,
        time_budget: float | None = COACH_TIME_BUDGET,
        *,
        background: bool = True,
    ) -> None:
        self._search = StrongPlayer(seed, simulations=simulations, time_budget=time_budget)
        self.simulations = simulations
        self.time_budget = time_budget
        self.background = background
        self._view: SeatView | None = None
        self._key: object = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._values: dict[Action, float] = {}
        self._started = 0.0

    def start(self, view: SeatView, key: object) -> None:
        """The player's turn at ``view`` (``key`` names the moment: the same key twice starts nothing)."""
        if key == self._key:
            return
        self.cancel()
        self._key = key
        if len(view.legal_actions) < 2:
            return
        self._view = view
        self._started = time.perf_counter()
        if self.background:
            self._thread = threading.Thread(target=self._think, daemon=True)
            self._thread.start()

    def cancel(self) -> None:
        """Stop thinking (the match is about to change in a way no advice follows)."""
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
        self._thread = None
        self._stop.clear()
        self._view = None
        self._values = {}

    def _think(self) -> None:
        view = self._view
        assert view is not None
        deadline = None if self.time_budget is None else self._started + self.time_budget
        self._values = self._search.evaluate(
            view, view.legal_actions, self.simulations, deadline, halving=False, stop=self._stop.is_set
        )

    def advise(self, action: Action) -> Advice | None:
        """Before ``action`` is applied: a clearly better move, or None (no choice, or nothing better)."""
        view = self._view
        if view is None or action not in view.legal_actions:
            self.cancel()
            return None
        if self._thread is None:
            self._think()
        else:
            left = (
                None if self.time_budget is None else self._started + self.time_budget - time.perf_counter()
            )
            self._thread.join(left if left is None else max(0.0, left))
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        values = dict(self._values)
        self._thread, self._view, self._values = None, None, {}
        self._stop.clear()
        return judge(view, action, values)


def judge(view: SeatView, action: Action, values: dict[Action, float]) -> Advice | None:
    """The advice on ``action`` from every legal move's estimated chance to win; None when it was
    (near enough) the best."""
    if action not in values or len(values) < 2:
        return None
    better = max(values, key=lambda a: values[a])
    margin = values[better] - values[action]
    if better == action or margin < MATTERS:
        return None
    outcomes = {o.play: o for o in play_outcomes(view)}
    mine = outcomes.get(action) if isinstance(action, Play) else None
    theirs = outcomes.get(better) if isinstance(better, Play) else None
    scores = 0
    if theirs is not None and theirs.gain > (mine.gain if mine is not None else 0):
        scores = theirs.gain
    handed = 0.0
    if mine is not None and theirs is not None and not scores:
        handed = _handed(view, mine) - _handed(view, theirs)
        handed = handed if handed >= HANDED_MATTERS else 0.0
    layout = view.layout
    alike = layout is not None and layout.lone_double
    return Advice(action, better, margin, scores, handed, alike)


def _handed(view: SeatView, outcome: Outcome) -> float:
    """Points the next seat is expected to take from the ends ``outcome`` leaves (as the normal level
    judges it)."""
    knowledge = infer(view)
    if outcome.spread is not None:
        return threat_on_arms(view, knowledge, header_values(outcome.spread))
    return threat_of(view, knowledge, outcome)
