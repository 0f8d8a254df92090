"""A player that picks uniformly among the legal actions: the baseline and fuzzer."""

from __future__ import annotations

from ..core.actions import Action
from ..core.view import SeatView
from .chance import decision_rng


class RandomPlayer:
    """Uniformly random legal play, from a generator of its seed and the position."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError("not this seat's turn")
        return actions[int(decision_rng(self.seed, view).random() * len(actions))]
