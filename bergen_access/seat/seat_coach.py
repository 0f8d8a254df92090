"""The coach at a seat: it thinks while the player does and has its word after the player's move.

On or off is the player's remembered setting (``coach on``); a seat where
coaching is not offered (a shared table, a lesson) never has one.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.actions import Action
from ..core.engine import Match, Phase
from ..core.view import SeatView
from ..players.coach import Coach
from ..present.coaching import CoachWords
from ..present.message import Message


class SeatCoach:
    """Whether a coach is on at a seat, and what it says."""

    def __init__(self, factory: Callable[[], Coach], on: bool) -> None:
        self._factory = factory
        self.coach: Coach | None = factory() if on else None

    def switch(self, choice: str | None) -> None:
        """``on`` starts a coach, ``off`` stops it; anything else changes nothing."""
        if choice == "on" and self.coach is None:
            self.coach = self._factory()
        elif choice == "off" and self.coach is not None:
            self.coach.cancel()
            self.coach = None

    def think(self, match: Match, seat: int) -> None:
        """The player's turn has come (or goes on after a draw): the coach starts thinking about it."""
        if self.coach is not None and match.phase is Phase.PLAYING and match.turn == seat:
            self.coach.start(SeatView(match, seat), (match.hand_number, len(match.actions)))

    def advice(self, action: Action, words: CoachWords, next_name: str) -> Message | None:
        """The coach's line on the player's ``action``, about to be made (None: silent, or no coach)."""
        advice = self.coach.advise(action) if self.coach is not None else None
        return words.advice(advice, next_name) if advice is not None else None

    def cancel(self) -> None:
        if self.coach is not None:
            self.coach.cancel()


__all__ = ["SeatCoach"]
