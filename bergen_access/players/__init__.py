"""Computer players. Each sees only its seat's ``SeatView``."""

from .base import Player
from .random_player import RandomPlayer

__all__ = ["Player", "RandomPlayer"]
