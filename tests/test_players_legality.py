"""Every level plays only legal actions, in every preset, at every table, whole matches long."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.actions import Draw, Play
from bergen_access.core.rules import PRESET_NAMES
from bergen_access.core.view import SeatView
from bergen_access.players import DEFAULT_LEVEL, LEVELS, make_player
from bergen_access.players.base import Player
from bergen_access.players.strong import StrongPlayer

TABLES = [(2, False), (3, False), (4, False), (4, True)]
CONFIGS = [(name, players, partners) for name in PRESET_NAMES for players, partners in TABLES]

FACTORIES: dict[str, Callable[[int], Player]] = {
    "random": LEVELS["random"],
    "easy": LEVELS["easy"],
    "normal": LEVELS["normal"],
    "strong": lambda seed: StrongPlayer(seed, simulations=60, time_budget=None),
}


def test_levels_are_registered_with_normal_as_default() -> None:
    assert set(LEVELS) == {"easy", "normal", "strong", "random"}
    assert DEFAULT_LEVEL == "normal"
    assert isinstance(make_player("strong", 1), StrongPlayer)
    with pytest.raises(ValueError):
        make_player("grandmaster", 1)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}{'p' if c[2] else ''}")
def test_every_level_plays_legal_actions_to_the_end_of_matches(config: tuple[str, int, bool]) -> None:
    name, players, partners = config
    rules = preset(name, players=players, partnerships=partners)
    levels = list(FACTORIES)
    kinds: set[type] = set()
    for seed in range(3 if name != "dominoplaza" else 2):
        seating = [levels[(seed + seat) % len(levels)] for seat in range(players)]
        seats = [FACTORIES[level](seed * 10 + seat) for seat, level in enumerate(seating)]
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        while not match.is_over:
            if match.phase is Phase.HAND_OVER:
                match.start_hand()
                continue
            view = SeatView(match, match.turn)
            action = seats[match.turn].choose(view)
            assert action in view.legal_actions
            kinds.add(type(action))
            match.apply(action)
    assert Play in kinds


def test_a_player_asked_out_of_turn_refuses() -> None:
    match = Match(preset("standard"), SeededDealer(3))
    match.start_hand()
    idle = 1 - match.turn
    for factory in FACTORIES.values():
        with pytest.raises(ValueError):
            factory(1).choose(SeatView(match, idle))


def test_voluntary_draws_happen_where_the_rules_allow_them() -> None:
    """Under dominoplaza a player may draw although a tile fits; the normal level sometimes does."""
    rules = preset("dominoplaza")
    voluntary = 0
    for seed in range(30):
        seats = [make_player("normal", seed * 10 + s) for s in range(2)]
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        while not match.is_over:
            if match.phase is Phase.HAND_OVER:
                match.start_hand()
                continue
            view = SeatView(match, match.turn)
            action = seats[match.turn].choose(view)
            if isinstance(action, Draw) and any(isinstance(a, Play) for a in view.legal_actions):
                voluntary += 1
            match.apply(action)
    assert voluntary > 0
