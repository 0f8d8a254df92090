"""A player that picks uniformly among the legal actions: the baseline and fuzzer."""

from __future__ import annotations

import random

from ..core.actions import Action
from ..core.view import SeatView


class RandomPlayer:
    """Uniformly random legal play, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError("not this seat's turn")
        return actions[int(self._rng.random() * len(actions))]
