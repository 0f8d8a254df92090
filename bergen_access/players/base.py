"""The interface every computer player implements."""

from __future__ import annotations

from typing import Protocol

from ..core.actions import Action
from ..core.view import SeatView


class Player(Protocol):
    """Chooses an action for its seat from what that seat may know."""

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal_actions``."""
        ...
