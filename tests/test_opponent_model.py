"""The opponent model reads the other seats' plays right, and its weights point to the real hands."""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.tiles import mask_of
from bergen_access.core.view import SeatView
from bergen_access.players import make_player
from bergen_access.players.fastsim import SimRules
from bergen_access.players.knowledge import infer
from bergen_access.players.opponent_model import deal_weight, decisions, play_scores
from bergen_access.players.sampling import sample_deal

Faced = list[tuple[int, tuple[int, int], tuple[int, int], int]]


def normal_positions(name: str, seeds: range, players: int = 2) -> Iterator[tuple[Match, SeatView, Faced]]:
    """Every decision of seat 0 in seeded matches of normal players: the match and what each seat saw."""
    rules = preset(name, players=players)
    for seed in seeds:
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        table = [make_player("normal", seed * 7 + s) for s in range(players)]
        before: Faced = []
        while not match.is_over:
            if match.phase is Phase.HAND_OVER:
                match.start_hand()
                before = []
                continue
            seat = match.turn
            assert seat is not None
            view = SeatView(match, seat)
            if seat == 0:
                yield match, view, before
            action = table[seat].choose(view)
            ends, end_tiles = match.ends, match.end_tiles
            assert ends is not None and end_tiles is not None
            before.append((seat, ends, (int(end_tiles[0]), int(end_tiles[1])), len(match.line)))
            match.apply(action)


def test_decisions_record_the_ends_each_seat_faced_and_its_later_tiles() -> None:
    rules = preset("standard")
    sim = SimRules(rules)
    checked = 0
    for match, view, before in normal_positions("standard", range(1, 15)):
        found = decisions(view, sim)
        faced = {(seat, ends, tiles, length) for seat, ends, tiles, length in before}
        for decision in found:
            assert decision.seat != 0
            key = (decision.seat, (decision.left, decision.right), (decision.left_tile, decision.right_tile))
            assert (*key, decision.line_length) in faced
            hand_then = mask_of(match.hand(decision.seat)) | decision.later
            assert decision.later >> (decision.code >> 1) & 1  # the tile it played is among its later ones
            # the play it made was among the plays it could make with the hand it then held
            assert decision.code in {code for code, _ in play_scores(sim, decision, hand_then)}
            checked += 1
    assert checked > 100


def test_weighted_deals_place_more_of_the_opponents_real_tiles() -> None:
    """Against normal players, deals weighed by their plays hold more of their real tiles than plain ones."""
    rules = preset("standard")
    sim = SimRules(rules)
    rng = random.Random(3)
    plain: list[float] = []
    weighed: list[float] = []
    for match, view, _ in normal_positions("standard", range(1, 25)):
        found = decisions(view, sim)
        if not found or len(view.legal_actions) < 2:
            continue
        knowledge = infer(view)
        true = mask_of(match.hand(1))
        deals = [sample_deal(knowledge, rng, 0.8)[0] for _ in range(60)]
        hits = [(hands[1] & true).bit_count() / true.bit_count() for hands in deals]
        weights = [deal_weight(sim, found, hands, {}) for hands in deals]
        plain.append(statistics.fmean(hits))
        weighed.append(sum(w * h for w, h in zip(weights, hits, strict=True)) / sum(weights))
    assert len(plain) > 100
    assert statistics.fmean(weighed) > statistics.fmean(plain) + 0.02


def test_no_decisions_on_arms_and_none_for_the_seat_itself() -> None:
    larger = preset("standard", tile_set=9)
    match = Match(larger, SeededDealer(4))
    match.start_hand()
    assert decisions(SeatView(match, match.turn or 0), SimRules(larger)) == ()
    for _, view, _ in normal_positions("standard", range(1, 3)):
        assert all(d.seat != view.seat for d in decisions(view, SimRules(view.rules)))
