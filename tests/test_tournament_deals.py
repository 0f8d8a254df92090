"""Duplicate deals at a server's tournament: one seed per round, each table's seats rotated
(``SeededDealer``'s ``shift``, from ``tournament.deal_seat``), kept in a match's record and journal."""

from __future__ import annotations

import json

from bergen_access.core import Match, SeededDealer
from bergen_access.core.record import from_record, to_record
from bergen_access.core.rules import Rules
from bergen_access.tournament import deal_seat, holder, round_seed


def test_every_table_of_a_round_deals_the_same_hands_to_rotated_seats() -> None:
    seed = round_seed(1234, 1)
    for size in (2, 3, 4):
        plain = SeededDealer(seed)
        deals = [plain.deal(size, 7) for _ in range(3)]
        for table in range(4):
            dealer = SeededDealer(seed, deal_seat(table, 0, size))
            for deal in deals:
                rotated = dealer.deal(size, 7)
                assert rotated.stock == deal.stock
                for seat in range(size):
                    assert rotated.hands[seat] == deal.hands[deal_seat(table, seat, size)]
                    assert holder(table, deal_seat(table, seat, size), size) == seat


def test_a_shifted_dealer_survives_its_record_and_an_unshifted_one_is_written_as_before() -> None:
    assert SeededDealer(7).spec() == {"kind": "seeded", "seed": 7}
    match = Match(Rules(players=3), SeededDealer(7, 2))
    match.start_hand()
    again, _ = from_record(json.loads(json.dumps(to_record(match))))
    assert again.dealer.spec() == {"kind": "seeded", "seed": 7, "shift": 2}
    assert isinstance(again.dealer, SeededDealer) and again.dealer.copy().shift == 2
    assert again.history[0] == match.history[0]  # the same deal, the same seats
