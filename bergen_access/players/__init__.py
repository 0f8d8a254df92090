"""Computer players. Each sees only its seat's ``SeatView``."""

from .base import Player
from .levels import DEFAULT_LEVEL, LEVELS, hurried, make_player, play_player, seat_seed
from .random_player import RandomPlayer

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Player",
    "RandomPlayer",
    "hurried",
    "make_player",
    "play_player",
    "seat_seed",
]
