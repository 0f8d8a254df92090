"""Computer player levels by name: what ``--opponents`` and ``simulate`` choose from."""

from __future__ import annotations

from collections.abc import Callable

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
    """A new player of ``level`` with its own seeded generator."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}") from None
    return factory(seed)
