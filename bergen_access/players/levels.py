"""Computer player levels by name: what ``--opponents`` and ``simulate`` choose from."""

from __future__ import annotations

from collections.abc import Callable

from ..core.engine import Match
from .base import Player
from .easy import EasyPlayer
from .normal import NormalPlayer
from .random_player import RandomPlayer
from .strong import PLAY_CEILING, StrongPlayer

#: level name -> factory(seed) of a player for one seat.
LEVELS: dict[str, Callable[[int], Player]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "strong": StrongPlayer,
    "random": RandomPlayer,
}
DEFAULT_LEVEL = "normal"


def make_player(level: str, seed: int, *, ceiling: float | None = None) -> Player:
    """A new player of ``level`` whose chance derives from ``seed`` and each position (``chance``).

    Every level does a fixed amount of work per decision; ``ceiling`` (in play: ``PLAY_CEILING``) is the
    most seconds of wall clock the strong level's search may take on a machine too busy to finish it.
    """
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}") from None
    player = factory(seed)
    if isinstance(player, StrongPlayer):
        player.time_budget = ceiling
    return player


def play_player(level: str, seed: int) -> Player:
    """A player of ``level`` for a match people play (at the keyboard, at a network table): fixed work,
    with the wall-clock ceiling ``PLAY_CEILING`` as a guard (a decision it cuts short is recorded)."""
    return make_player(level, seed, ceiling=PLAY_CEILING)


def hurried(player: Player) -> tuple[int, int] | None:
    """(work done, work asked) when the player's last decision was cut short by its ceiling, else None."""
    return player.last_hurried if isinstance(player, StrongPlayer) else None


def seat_seed(match: Match, seat: int) -> int:
    """The seed of the computer at ``seat``: the deal's seed and the seat, so a match replayed (an undo,
    a resume), simulated, or played at a network table from the same seed meets the same computers."""
    return int(match.dealer.spec().get("seed", 0)) * 10 + seat
