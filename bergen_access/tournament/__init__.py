"""The rules of a tournament, pure: entrants, pairing, duplicate deals, results and standings.

No I/O, no words, no randomness: entrants are numbers (their order of entry, 0 first), and
everything here is a function of the format, the rounds paired so far and the results, so a
tournament's state can always be recomputed from its results alone.

- ``Format`` (``field.py``): players per table, partners, rounds, duplicate deals, and what a bye is
  worth; ``seats_to_fill(entrants, table_size)`` is how many seats for computers make the tables even.
- ``next_round(fmt, entrants, rounds, results)`` (``plan.py``) pairs the next round: a round robin
  while it fits, Swiss by standings beyond (``pairing.py``).
- ``round_seed(seed, round)`` and ``deal_seat(table, seat, size)`` (``duplicate.py``): the round's one
  seed for duplicate deals, and which seat of the round's deals a seat holds.
- ``TableResult`` (``results.py``) and ``standings(fmt, entrants, rounds, results)``
  (``standings.py``): wins, then points over the field, then total points, then entry order.
"""

from __future__ import annotations

from .duplicate import deal_seat, holder, round_seed
from .field import Format, byes_needed, seats_to_fill
from .pairing import Round, TableSeats, pair_round, round_robin_length
from .plan import finished, next_round, played
from .results import TableResult, winners
from .standings import Standing, comparisons, over_the_field, standings

__all__ = [
    "Format",
    "Round",
    "Standing",
    "TableResult",
    "TableSeats",
    "byes_needed",
    "comparisons",
    "deal_seat",
    "finished",
    "holder",
    "next_round",
    "over_the_field",
    "pair_round",
    "played",
    "round_robin_length",
    "round_seed",
    "seats_to_fill",
    "standings",
    "winners",
]
