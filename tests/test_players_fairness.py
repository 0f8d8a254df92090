"""Computer players use only their seat's view: hidden tiles swapped unseen change nothing.

Also: what the players infer about hidden tiles always admits the real hands,
and the deals they sample agree with everything the seat has seen.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bergen_access.core import Match, Phase, SeededDealer, ToldDealer, preset
from bergen_access.core.actions import Action
from bergen_access.core.dealers import Deal
from bergen_access.core.rules import PRESET_NAMES
from bergen_access.core.view import SeatView
from bergen_access.players.base import Player
from bergen_access.players.easy import EasyPlayer
from bergen_access.players.knowledge import Knowledge, infer
from bergen_access.players.normal import NormalPlayer
from bergen_access.players.sampling import sample_deal
from bergen_access.players.strong import StrongPlayer

TABLES = [(2, False), (3, False), (4, False), (4, True)]
CONFIGS = [(name, players, partners) for name in PRESET_NAMES for players, partners in TABLES]

LEVELS: dict[str, Callable[[int], Player]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "strong": lambda seed: StrongPlayer(seed, simulations=240, time_budget=None),
}


class PeekingPlayer:
    """A cheat, to show the test can fail: it plays its lowest tile if seat 1 holds 0-0."""

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions
        return actions[-1] if 0 in view._match.hand((view.seat + 1) % view.rules.players) else actions[0]


def _first_deal(seed: int, players: int, each: int) -> Deal:
    dealer = SeededDealer(seed)
    while True:
        deal = dealer.deal(players, each)
        if any(t.is_double for hand in deal.hands for t in hand):
            return deal


def _replay(rules_args: tuple[str, int, bool], deal: Deal, actions: list[Action]) -> Match | None:
    name, players, partners = rules_args
    match = Match(preset(name, players=players, partnerships=partners), ToldDealer([deal]))
    match.start_hand()
    try:
        for action in actions:
            match.apply(action)
    except ValueError:
        return None
    return match


def _unseen_swaps(config: tuple[str, int, bool], seed: int, rng: random.Random) -> list[tuple[Match, Match]]:
    """Pairs of matches that seat 0 cannot tell apart but whose hidden tiles differ."""
    name, players, partners = config
    rules = preset(name, players=players, partnerships=partners)
    deal = _first_deal(seed, players, rules.tiles_per_player)
    match = Match(rules, ToldDealer([deal]))
    match.start_hand()
    actions: list[Action] = []
    pairs: list[tuple[Match, Match]] = []
    while match.phase is Phase.PLAYING and len(pairs) < 3:
        legal = match.legal_actions()
        if match.turn == 0 and len(legal) > 1 and rng.random() < 0.5:
            twin = _swapped_twin(config, deal, actions, match, rng)
            if twin is not None:
                pairs.append((match.copy(), twin))
        action = rng.choice(legal)
        actions.append(action)
        match.apply(action)
    return pairs


def _swapped_twin(
    config: tuple[str, int, bool], deal: Deal, actions: list[Action], match: Match, rng: random.Random
) -> Match | None:
    """The same actions on a deal where two tiles hidden from seat 0 changed places."""
    drawn = len(deal.stock) - match.stock_size
    hidden = [
        (("hand", seat, i), t)
        for seat in range(1, match.players)
        for i, t in enumerate(deal.hands[seat])
        if t in match.hand(seat)
    ]
    hidden += [(("stock", 0, i), t) for i, t in enumerate(deal.stock) if i >= drawn]
    for _ in range(20):
        (where_a, a), (where_b, b) = rng.sample(hidden, 2)
        if where_a[0] == where_b[0] == "hand" and where_a[1] == where_b[1]:
            continue
        hands = [list(h) for h in deal.hands]
        stock = list(deal.stock)
        for (kind, seat, i), tile in ((where_a, b), (where_b, a)):
            if kind == "hand":
                hands[seat][i] = tile
            else:
                stock[i] = tile
        twin_deal = Deal(tuple(tuple(h) for h in hands), tuple(stock))
        twin = _replay(config, twin_deal, actions)
        if twin is None:
            continue
        mine, theirs = SeatView(match, 0), SeatView(twin, 0)
        if (mine.hand, mine.history, mine.tile_counts, mine.stock_size) != (
            theirs.hand,
            theirs.history,
            theirs.tile_counts,
            theirs.stock_size,
        ):
            continue
        seats = range(match.players)
        assert [match.hand(s) for s in seats] != [twin.hand(s) for s in seats] or match._stock != twin._stock
        return twin
    return None


def _swap_pairs() -> list[tuple[Match, Match]]:
    rng = random.Random(2024)
    pairs = []
    for number, config in enumerate(CONFIGS):
        for seed in range(3):
            pairs += _unseen_swaps(config, 100 * number + seed, rng)
    return pairs


SWAPS = _swap_pairs()


def test_there_are_enough_unseen_swaps_to_test() -> None:
    assert len(SWAPS) >= 50
    presets = {a.rules.with_options(players=2, partnerships=False) for a, _ in SWAPS}
    assert len(presets) == len(PRESET_NAMES)


@pytest.mark.parametrize("level", list(LEVELS))
def test_choice_does_not_change_when_unseen_tiles_are_swapped(level: str) -> None:
    factory = LEVELS[level]
    pairs = SWAPS if level != "strong" else SWAPS[::3]
    for number, (real, twin) in enumerate(pairs):
        first = factory(number).choose(SeatView(real, 0))
        second = factory(number).choose(SeatView(twin, 0))
        assert first == second, (level, number)


def test_the_swap_test_catches_a_peeking_player() -> None:
    changed = sum(
        PeekingPlayer().choose(SeatView(real, 0)) != PeekingPlayer().choose(SeatView(twin, 0))
        for real, twin in SWAPS
    )
    assert changed > 0


def _assignable(tiles: list[int], forbidden: tuple[int, ...]) -> bool:
    """Whether the tiles can fill the slots (each slot takes one tile it does not forbid)."""
    holder: list[int | None] = [None] * len(forbidden)

    def place(tile: int, seen: set[int]) -> bool:
        for slot, mask in enumerate(forbidden):
            if slot in seen or mask >> tile & 1:
                continue
            seen.add(slot)
            other = holder[slot]
            if other is None or place(other, seen):
                holder[slot] = tile
                return True
        return False

    return len(tiles) == len(forbidden) and all(place(t, set()) for t in tiles)


def _check_knowledge(match: Match, knowledge: Knowledge, rng: random.Random) -> None:
    for seat in range(match.players):
        if seat == knowledge.seat:
            continue
        # The facts admit the real hand.
        assert _assignable([int(t) for t in match.hand(seat)], knowledge.slots[seat])
    hands, stock = sample_deal(knowledge, rng, hint_trust=0.8)
    assert hands[knowledge.seat] == knowledge.hand
    assert len(stock) == match.stock_size
    others = [mask for seat, mask in enumerate(hands) if seat != knowledge.seat]
    everything = [t for mask in others for t in range(28) if mask >> t & 1]
    assert sorted(everything + stock) == [t for t in range(28) if knowledge.unknown >> t & 1]
    for seat in range(match.players):
        if seat != knowledge.seat:
            assert hands[seat].bit_count() == match.tile_count(seat)
            sampled = [t for t in range(28) if hands[seat] >> t & 1]
            assert _assignable(sampled, knowledge.slots[seat])


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}{'p' if c[2] else ''}")
def test_inference_admits_the_real_hands_and_samples_agree_with_the_view(
    config: tuple[str, int, bool],
) -> None:
    name, players, partners = config
    rng = random.Random(7)
    checked = constrained = 0
    for seed in range(4):
        match = Match(preset(name, players=players, partnerships=partners), SeededDealer(seed))
        match.start_hand()
        while not match.is_over:
            if match.phase is Phase.HAND_OVER:
                match.start_hand()
                continue
            knowledge = infer(SeatView(match, match.turn))
            _check_knowledge(match, knowledge, rng)
            checked += 1
            constrained += sum(1 for slots in knowledge.slots for mask in slots if mask)
            match.apply(rng.choice(match.legal_actions()))
    assert checked > 100 and constrained > 0


def test_the_fallback_filling_is_a_matching_found_in_polynomial_time() -> None:
    """Many slots sharing a few tiles once made a depth-first search try every order (seconds a move)."""
    from bergen_access.players.sampling import _fill_matching  # noqa: PLC0415

    rng = random.Random(5)
    ten = (1 << 10) - 1
    assert _fill_matching([ten] * 11, ten, rng) is None  # 11 slots, 10 tiles: 10! orders, no filling
    for _ in range(200):
        hidden = rng.sample(range(28), 12)  # a real filling exists: slot i may hold hidden[i] and more
        allowed = [(1 << tile) | (rng.getrandbits(28) & rng.getrandbits(28)) for tile in hidden]
        pool = (1 << 28) - 1
        chosen = _fill_matching(allowed, pool, rng)
        assert chosen is not None
        assert len(set(chosen)) == len(chosen)
        assert all(allowed[slot] >> tile & 1 for slot, tile in enumerate(chosen))
