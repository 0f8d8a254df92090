"""The easy level: legal and slightly careless, like a beginner.

It notices a header it could make only half the time, keeps its doubles back
until nothing else fits, and otherwise lays any tile that fits, without
asking what the ends it leaves give the next seat. It never draws by choice.
"""

from __future__ import annotations

from ..core.actions import Action, Play
from ..core.view import SeatView
from .chance import decision_rng
from .outcomes import play_outcomes

#: The chance that a header in reach is noticed.
NOTICE = 0.5


class EasyPlayer:
    """Takes headers when it notices them, plays at random otherwise."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError("not this seat's turn")
        plays = [a for a in actions if isinstance(a, Play)]
        if not plays:
            return actions[0]
        draw = decision_rng(self.seed, view).random
        scoring = [o for o in play_outcomes(view) if o.gain > 0]
        if scoring and draw() < NOTICE:
            return max(scoring, key=lambda o: (o.gain, draw())).play
        singles = [p for p in plays if not p.tile.is_double]
        choices = singles or plays
        return choices[int(draw() * len(choices))]
