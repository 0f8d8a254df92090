"""The opponent model reads the other seats' plays right, and its weights point to the real hands."""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.events import Drew, HandDealt, Opened, TilePlayed
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


def test_plays_before_a_draw_are_read_with_the_hand_then() -> None:
    """A play made before the seat drew is weighed with the hand it held then, whatever the deal.

    The hand then is read from the deal's slots acquired before the play and the tiles played
    from then on out of them: it holds the tile played and as many tiles as the seat held then.
    """
    rules = preset("standard")
    sim = SimRules(rules)
    rng = random.Random(5)
    checked = 0
    for _match, view, _ in normal_positions("standard", range(1, 12)):
        knowledge = infer(view)
        found = decisions(view, sim, knowledge)
        early = [d for d in found if d.held is not None]
        if not early:
            continue
        held_then = _counts_then(view)
        filled: list[list[int]] = []
        for _ in range(5):
            hands, _stock = sample_deal(knowledge, rng, 0.8, filled)
            for decision in early:
                assert decision.held is not None
                then = decision.later
                for slot in decision.held:
                    then |= 1 << filled[decision.seat][slot]
                assert hands[decision.seat] | decision.later | then == hands[decision.seat] | decision.later
                line = (decision.left_tile, decision.right_tile, decision.line_length)
                assert then.bit_count() == held_then[line]
                assert decision.code in {code for code, _ in play_scores(sim, decision, then)}
                checked += 1
            assert deal_weight(sim, found, hands, {}, filled) > 0.0
    assert checked > 100


def _counts_then(view: SeatView) -> dict[tuple[int, int, int], int]:
    """Tiles held by the seat to play, per line (end tiles, length) at each play of the hand so far."""
    history = view.history
    start = max(i for i, e in enumerate(history) if isinstance(e, HandDealt))
    dealt = history[start]
    assert isinstance(dealt, HandDealt)
    counts = [dealt.tiles_each] * view.rules.players
    left_tile = right_tile = -1
    length = 0
    out: dict[tuple[int, int, int], int] = {}
    for event in history[start + 1 :]:
        if isinstance(event, Opened):
            left_tile = right_tile = int(event.tile)
            length = 1
            counts[event.seat] -= 1
        elif isinstance(event, TilePlayed):
            out[left_tile, right_tile, length] = counts[event.seat]
            if int(event.end):
                right_tile = int(event.tile)
            else:
                left_tile = int(event.tile)
            length += 1
            counts[event.seat] -= 1
        elif isinstance(event, Drew):
            counts[event.seat] += 1
    return out


def test_plays_before_a_draw_place_more_of_the_real_tiles() -> None:
    """Weighing the plays before each seat's last draw too places more real tiles than since it only."""
    rules = preset("standard")
    sim = SimRules(rules)
    rng = random.Random(3)
    since: list[float] = []
    every: list[float] = []
    for match, view, _ in normal_positions("standard", range(1, 40)):
        if len(view.legal_actions) < 2:
            continue
        knowledge = infer(view)
        found_since = decisions(view, sim)
        found_every = decisions(view, sim, knowledge)
        if found_every == found_since:
            continue
        true = mask_of(match.hand(1))
        filled: list[list[int]] = []
        rows = []
        for _ in range(60):
            hands, _stock = sample_deal(knowledge, rng, 0.8, filled)
            hit = (hands[1] & true).bit_count() / true.bit_count()
            weights = (
                deal_weight(sim, found_since, hands, {}),
                deal_weight(sim, found_every, hands, {}, filled),
            )
            rows.append((hit, *weights))
        since.append(sum(h * w for h, w, _ in rows) / sum(w for _, w, _ in rows))
        every.append(sum(h * w for h, _, w in rows) / sum(w for _, _, w in rows))
    assert len(since) > 100
    assert statistics.fmean(every) > statistics.fmean(since) + 0.005
