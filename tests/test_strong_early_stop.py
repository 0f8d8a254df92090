"""The strong level stops a decision early when more playouts would hardly change it (issue 32).

Its work is still a function of the seed and the position (the check is asked after a fixed number of
deals and looks only at the playouts' outcomes), so a decision replays exactly; a clear or an
indifferent choice costs a fraction of the playouts, a close one all of them.
"""

from __future__ import annotations

import random

import pytest

from bergen_access.core.dealers import SeededDealer
from bergen_access.core.engine import Match, Phase
from bergen_access.core.rules import preset
from bergen_access.core.view import SeatView
from bergen_access.players import make_player, strong
from bergen_access.players.strong import INDIFFERENCE, StrongPlayer, settled_race


def _race(values: list[list[float]], weights: list[float] | None = None) -> bool:
    deals = len(values[0])
    weights = weights if weights is not None else [1.0] * deals
    totals = [sum(w * v for w, v in zip(weights, row, strict=True)) for row in values]
    return settled_race(list(range(len(values))), totals, values, weights)


def test_a_clear_leader_settles_the_race() -> None:
    rng = random.Random(1)
    leader = [1.0 if rng.random() < 0.7 else 0.0 for _ in range(200)]
    rival = [value if rng.random() < 0.6 else 0.0 for value in leader]  # never better, often worse
    assert _race([leader, rival])


def test_a_close_race_is_played_on() -> None:
    rng = random.Random(2)
    first = [1.0 if rng.random() < 0.52 else 0.0 for _ in range(200)]
    second = [1.0 if rng.random() < 0.48 else 0.0 for _ in range(200)]
    assert not _race([first, second])


def test_actions_that_come_to_the_same_settle_the_race() -> None:
    rng = random.Random(3)
    shared = [rng.random() for _ in range(200)]
    nearly = [value - INDIFFERENCE / 10 for value in shared]
    assert _race([shared, nearly])


def test_few_effective_deals_are_not_enough() -> None:
    """One deal carrying nearly all the weight tells little, however many deals were played."""
    rng = random.Random(4)
    leader = [1.0 if rng.random() < 0.7 else 0.0 for _ in range(200)]
    rival = [value if rng.random() < 0.6 else 0.0 for value in leader]
    weights = [1.0] + [1e-6] * 199
    leader[0], rival[0] = 1.0, 0.0
    assert not _race([leader, rival], weights)


@pytest.mark.parametrize("seed", [11, 12])
def test_early_stops_save_work_and_keep_the_choice(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a match's decisions, some stop early; each one that does chooses what the full work
    chooses, and the same decision asked twice does the same work."""
    match = Match(preset("standard"), SeededDealer(seed))
    players = [make_player("normal", seed + seat) for seat in range(2)]
    early = full_work = 0
    match.start_hand()
    while match.phase is not Phase.OVER and early + full_work < 6:
        if match.phase is Phase.HAND_OVER:
            match.start_hand()
            continue
        seat = match.turn
        assert seat is not None
        view = SeatView(match, seat)
        if seat == 0 and len(view.legal_actions) > 1:
            quick = StrongPlayer(seed, simulations=3000, time_budget=None)
            choice = quick.choose(view)
            again = StrongPlayer(seed, simulations=3000, time_budget=None)
            assert again.choose(view) == choice and again.last_simulations == quick.last_simulations
            if quick.last_simulations < 3000:
                early += 1
                with monkeypatch.context() as never:
                    never.setattr(strong, "FIRST_CHECK", 10**9)
                    thorough = StrongPlayer(seed, simulations=3000, time_budget=None)
                    best = thorough.choose(view)
                    values = thorough.last_values
                    # The same choice, or one the full work finds no different (an indifferent race).
                    assert best == choice or values[best] - values[choice] <= 2 * INDIFFERENCE, values
                    assert thorough.last_simulations >= quick.last_simulations
            else:
                full_work += 1
            match.apply(choice)
            continue
        match.apply(players[seat].choose(view))
    assert early >= 1
