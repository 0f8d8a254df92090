"""Computer player levels by name: what ``--opponents`` and ``simulate`` choose from."""

from __future__ import annotations

from collections.abc import Callable

from ..core.engine import Match
from .base import Player
from .easy import EasyPlayer
from .normal import NormalPlayer
from .random_player import RandomPlayer
from .strong import StrongPlayer

#: level name -> factory(seed) of a player for one seat.
LEVELS: dict[str, Callable[[int], Player]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "strong": StrongPlayer,
    "random": RandomPlayer,
}
DEFAULT_LEVEL = "normal"


def make_player(level: str, seed: int) -> Player:
    """A new player of ``level`` whose chance derives from ``seed`` and each position (``chance``)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}") from None
    return factory(seed)


def seat_seed(match: Match, seat: int) -> int:
    """The seed of the computer at ``seat``: the deal's seed and the seat, so a match replayed (an undo,
    a resume), simulated, or played at a network table from the same seed meets the same computers."""
    return int(match.dealer.spec().get("seed", 0)) * 10 + seat
