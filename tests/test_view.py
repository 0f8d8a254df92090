"""A seat's view shows what that seat may know, and nothing else."""

from __future__ import annotations

import random

from bergen_access.core import Draw, Match, SeededDealer, preset
from bergen_access.core.events import Drew, HandDealt
from bergen_access.core.view import SeatView

from .helpers import RIGHT, play, table
from .test_scenarios_standard import MUST_DRAW


def test_view_shows_own_tiles_counts_and_public_facts() -> None:
    match, _ = table("standard", MUST_DRAW, draws=["1-2", "3-3", "1-6"])
    play(match, 2, "4-6", RIGHT)
    match.apply(Draw(0))
    mine, theirs = SeatView(match, 0), SeatView(match, 1)
    assert mine.hand == match.hand(0) and theirs.hand == match.hand(1)
    assert mine.tile_counts == (7, 5, 5) == theirs.tile_counts
    assert mine.ends == (4, 6) and mine.end_is_double == (True, False)
    assert (mine.stock_size, mine.drawable) == (9, 7)
    assert mine.is_my_turn and not theirs.is_my_turn
    assert mine.legal_actions == (Draw(0),) and theirs.legal_actions == ()
    assert mine.needs == (10, 8, 10)  # seat 1 opened 4-4 for 2 points
    dealt_mine = next(e for e in mine.history if isinstance(e, HandDealt))
    dealt_theirs = next(e for e in theirs.history if isinstance(e, HandDealt))
    assert dealt_mine.hands[0] is not None and dealt_mine.hands[1] is None
    assert dealt_theirs.hands[0] is None and dealt_theirs.hands[1] is not None
    drew_mine = next(e for e in mine.history if isinstance(e, Drew))
    drew_theirs = next(e for e in theirs.history if isinstance(e, Drew))
    assert drew_mine.tile is not None and drew_theirs.tile is None
    assert drew_mine.stock == drew_theirs.stock == 9
    unseen = set(theirs.unseen)
    assert not unseen & set(theirs.hand) and all(t in unseen for t in match.hand(0))


def test_views_never_reveal_other_hands_over_a_whole_match() -> None:
    match = Match(preset("standard", players=4, partnerships=True), SeededDealer(8))
    match.start_hand()
    rng = random.Random(2)
    while not match.is_over:
        if not match.legal_actions():
            match.start_hand()
            continue
        match.apply(rng.choice(match.legal_actions()))
        for seat in range(4):
            for event in SeatView(match, seat).history[-3:]:
                if isinstance(event, Drew) and event.seat != seat:
                    assert event.tile is None
                if isinstance(event, HandDealt):
                    assert [h is not None for h in event.hands] == [s == seat for s in range(4)]
