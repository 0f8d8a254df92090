"""A ``Match`` keeps fewer than 30 attributes, on every set and preset, whole and copied.

From 30 attributes on, CPython 3.11 keeps an object's attributes in a dictionary of its own
instead of the class's shared one, and every attribute read of the engine's hot paths gets
slower: one attribute too many cost about 4 % of a whole double-six game (issue 29,
bench/engine_speed.py). The speed itself is measured in that benchmark, never in a test;
this holds the shape that the speed depends on.
"""

from __future__ import annotations

import random

import pytest

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.rules import PRESET_NAMES

SHARED_KEYS_MAX = 30  # CPython's limit of an instance's shared-keys dictionary


@pytest.mark.parametrize("tile_set", [6, 9, 12])
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_a_match_stays_under_the_shared_keys_limit(name: str, tile_set: int) -> None:
    for players in (2, 4):
        match = Match(preset(name, players=players, tile_set=tile_set), SeededDealer(players))
        chooser = random.Random(players)
        assert len(vars(match)) < SHARED_KEYS_MAX
        match.start_hand()
        while not match.is_over:
            if match.phase is Phase.HAND_OVER:
                match.start_hand()
                continue
            match.apply(chooser.choice(match.legal_actions()))
            assert len(vars(match)) < SHARED_KEYS_MAX, sorted(vars(match))
        assert len(vars(match.copy())) < SHARED_KEYS_MAX
