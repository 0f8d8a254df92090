"""The tournament core (``bergen_access.tournament``): pairing, duplicate deals, points over the
field and standings, held to invariants over random tournaments and to worked scenarios."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen_access.tournament import (
    Format,
    Round,
    TableResult,
    byes_needed,
    comparisons,
    deal_seat,
    finished,
    holder,
    next_round,
    over_the_field,
    pairing,
    played,
    round_robin_length,
    round_seed,
    seats_to_fill,
    standings,
    winners,
)
from bergen_access.tournament.pairing import meetings, partnerships

FORMATS = st.sampled_from([(2, False), (3, False), (4, False), (4, True)])


def random_result(fmt: Format, paired: Round, table: int, rng: random.Random) -> TableResult:
    """A made-up result for a table: a few deals, each scoring a little for a seat or a side."""
    seats = len(paired.tables[table])
    deals = []
    for _ in range(rng.randint(1, 4)):
        points = [0] * seats
        scorer = rng.randrange(seats)
        value = rng.randint(0, 6)
        for seat in range(seats):
            if seat == scorer or (fmt.partners and seat % 2 == scorer % 2):
                points[seat] = value
        deals.append(tuple(points))
    final = tuple(sum(column) for column in zip(*deals, strict=True))
    return TableResult(paired.number, table, final, tuple(deals))


def run(fmt: Format, entrants: int, seed: int) -> tuple[list[Round], list[TableResult]]:
    """A whole tournament with made-up results."""
    rng = random.Random(seed)
    rounds: list[Round] = []
    results: list[TableResult] = []
    while not finished(fmt, rounds, results):
        paired = next_round(fmt, entrants, rounds, results)
        rounds.append(paired)
        results += [random_result(fmt, paired, t, rng) for t in range(len(paired.tables))]
    return rounds, results


def partitions(players: list[int], size: int) -> Iterator[list[tuple[int, ...]]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for others in combinations(rest, size - 1):
        remaining = [p for p in rest if p not in others]
        for below in partitions(remaining, size):
            yield [(first, *others), *below]


def repeats(tables: list[tuple[int, ...]] | tuple[tuple[int, ...], ...], met: Counter[frozenset[int]]) -> int:
    return sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))


Case = tuple[tuple[int, bool], int, int, bool, int]
tournaments = st.tuples(FORMATS, st.integers(1, 10), st.integers(1, 7), st.booleans(), st.integers(0, 10**6))


@settings(max_examples=60, deadline=None)
@given(tournaments)
def test_every_entrant_plays_every_round_or_has_a_bye(case: Case) -> None:
    (size, partners), entrants, rounds_wanted, duplicate, seed = case
    entrants = max(entrants, size)
    fmt = Format(size, rounds_wanted, partners, duplicate)
    rounds, results = run(fmt, entrants, seed)
    assert len(rounds) == rounds_wanted and played(rounds, results) == rounds_wanted
    for paired in rounds:
        seated = list(paired.seated())
        assert sorted(seated + list(paired.byes)) == list(range(entrants))
        assert all(len(table) == size for table in paired.tables)
        assert len(paired.byes) == byes_needed(entrants, size) or (
            paired.number < round_robin_length(fmt, entrants) and len(paired.byes) == entrants % 2
        )


@settings(max_examples=60, deadline=None)
@given(tournaments)
def test_no_pair_meets_again_where_it_can_be_avoided(case: Case) -> None:
    (size, partners), entrants, rounds_wanted, duplicate, seed = case
    entrants = max(entrants, size)
    fmt = Format(size, rounds_wanted, partners, duplicate)
    rounds, _ = run(fmt, entrants, seed)
    for number, paired in enumerate(rounds):
        met = meetings(rounds[:number])
        seated = sorted(paired.seated())
        fewest = min(repeats(p, met) for p in partitions(seated, size))
        assert repeats(paired.tables, met) == fewest, (number, paired, dict(met))


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 12), st.integers(0, 10**6))
def test_the_round_robin_is_complete_after_its_rounds(entrants: int, seed: int) -> None:
    length = entrants - 1 if entrants % 2 == 0 else entrants
    fmt = Format(2, length)
    assert round_robin_length(fmt, entrants) == length
    rounds, _ = run(fmt, entrants, seed)
    met = meetings(rounds)
    assert met == Counter(frozenset(pair) for pair in combinations(range(entrants), 2))
    byes = Counter(e for paired in rounds for e in paired.byes)
    assert byes == (Counter(range(entrants)) if entrants % 2 else Counter())


@settings(max_examples=60, deadline=None)
@given(tournaments)
def test_points_over_the_field_add_up_to_nothing_per_deal(case: Case) -> None:
    (size, partners), entrants, rounds_wanted, duplicate, seed = case
    entrants = max(entrants, size)
    fmt = Format(size, rounds_wanted, partners, duplicate)
    rounds, results = run(fmt, entrants, seed)
    for key, group in comparisons(fmt, rounds, results).items():
        mean = Fraction(sum(p for _, p in group), len(group))
        assert sum(p - mean for _, p in group) == 0
        if duplicate:
            assert isinstance(key, tuple)
            round_number, deal = key[0], key[1]
            tables = [r for r in results if r.round == round_number and len(r.deals) > deal]
            assert len(group) == len(tables)  # every table that played the deal, its hand once
    assert sum(over_the_field(fmt, rounds, results).values()) == 0
    again = standings(fmt, entrants, rounds, random.Random(seed).sample(results, len(results)))
    assert again == standings(fmt, entrants, rounds, results)  # from the results alone, in any order


@given(st.sampled_from([2, 3, 4]), st.integers(0, 20))
def test_duplicate_seats_rotate_the_same_hands_round_the_tables(size: int, table: int) -> None:
    hands = [deal_seat(table, seat, size) for seat in range(size)]
    assert sorted(hands) == list(range(size))
    assert all(holder(table, hand, size) == seat for seat, hand in enumerate(hands))
    assert all((hands[(s + 1) % size] - hands[s]) % size == 1 for s in range(size))  # the order goes round
    # the first ``size`` tables give every hand to a different seat
    assert {deal_seat(t, 0, size) for t in range(size)} == set(range(size))


def test_round_seeds_are_fixed_and_differ_between_rounds() -> None:
    seeds = [round_seed(7, number) for number in range(5)]
    assert seeds == [round_seed(7, number) for number in range(5)]  # the same after a restart
    assert len(set(seeds)) == 5 and all(0 <= s < 2**63 for s in seeds)
    assert round_seed(8, 0) != seeds[0]


def test_too_few_rounds_for_a_round_robin_are_swiss() -> None:
    """8 entrants in 3 rounds: no whole round robin fits, so the pairing follows the standings."""
    fmt = Format(2, 3)
    assert round_robin_length(fmt, 8) == 0 and round_robin_length(Format(2, 7), 8) == 7
    first = next_round(fmt, 8, [], [])
    assert first.tables == ((0, 1), (2, 3), (4, 5), (6, 7))  # entry order
    results = [TableResult(0, t, (15, 10 - t) if t % 2 else (3 + t, 15)) for t in range(4)]
    second = next_round(fmt, 8, [first], results)
    top = [s.entrant for s in standings(fmt, 8, [first], results)]
    assert top[:4] == [1, 2, 5, 6]  # the winners, by points over the field
    assert second.tables[0] == (1, 2) and second.tables[1] == (5, 6)  # winners meet winners


def test_partners_rotate_round_one_table() -> None:
    fmt = Format(4, 3, partners=True)
    rounds, _ = run(fmt, 4, 1)
    assert partnerships(rounds) == Counter(frozenset(pair) for pair in combinations(range(4), 2))


def test_partners_at_two_tables_change_partner_each_round() -> None:
    fmt = Format(4, 3, partners=True)
    rounds, _ = run(fmt, 8, 5)
    assert max(partnerships(rounds).values()) == 1


def test_four_players_a_round_robin_then_swiss() -> None:
    fmt = Format(2, 4)
    rounds: list[Round] = []
    results: list[TableResult] = []
    finals = {0: ((15, 3), (15, 9)), 1: ((15, 14), (2, 15)), 2: ((15, 0), (7, 15))}
    for number in range(3):
        rounds.append(next_round(fmt, 4, rounds, results))
        results += [TableResult(number, t, finals[number][t]) for t in range(2)]
    assert [r.tables for r in rounds] == [((0, 3), (1, 2)), ((0, 2), (1, 3)), ((0, 1), (2, 3))]
    table = standings(fmt, 4, rounds, results)
    # 0 won three, 3 two, 1 one, 2 none; the rounds' averages are 10.5, 11.5 and 9.25
    assert [(s.entrant, s.wins, s.points) for s in table] == [(0, 3, 45), (3, 2, 33), (1, 1, 17), (2, 0, 30)]
    assert table[0].over_the_field == Fraction(9, 2) + Fraction(7, 2) + Fraction(23, 4)
    assert sum(s.over_the_field for s in table) == 0
    fourth = next_round(fmt, 4, rounds, results)
    assert fourth.tables == ((0, 3), (1, 2))  # Swiss: first against second, third against fourth
    with pytest.raises(ValueError):
        next_round(fmt, 4, [*rounds, fourth], results)  # round 4 is not played out


def test_duplicate_deals_compare_each_hand_across_tables() -> None:
    fmt = Format(2, 1, duplicate=True)
    paired = Round(0, ((0, 1), (2, 3)))
    # deal 0: hand 0 scores 4 at table 0 (entrant 0) and 2 at table 1 (entrant 3, seat 1 holds hand 0)
    results = [
        TableResult(0, 0, (6, 1), ((4, 0), (2, 1))),
        TableResult(0, 1, (1, 4), ((0, 2), (1, 2))),
    ]
    field = over_the_field(fmt, [paired], results)
    # hand 0 of deal 0: 4 (e0) vs 2 (e3); hand 1: 0 (e1) vs 0 (e2); deal 1: hand 0: 2 (e0) vs 2 (e3),
    # hand 1: 1 (e1) vs 1 (e2)
    assert field == {0: 1, 3: -1, 1: 0, 2: 0}


def test_the_tie_order_is_wins_then_field_then_points_then_entry() -> None:
    fmt = Format(2, 1)
    paired = Round(0, ((0, 1), (2, 3)))
    results = [TableResult(0, 0, (15, 5)), TableResult(0, 1, (5, 15))]
    order = [s.entrant for s in standings(fmt, 4, [paired], results)]
    assert order == [0, 3, 1, 2]  # 0 and 3 level on everything: the earlier entrant first


def test_winners_level_sides_and_partners() -> None:
    assert winners(TableResult(0, 0, (10, 10, 3))) == ()
    assert winners(TableResult(0, 0, (15, 9, 15, 9)), partners=True) == (0, 2)
    assert winners(TableResult(0, 0, (10, 9, 10, 2))) == ()


def test_byes_go_to_the_last_with_fewest_byes_and_may_count_as_wins() -> None:
    fmt = Format(3, 3, bye_is_win=True)
    rounds: list[Round] = []
    results: list[TableResult] = []
    for number in range(3):
        paired = next_round(fmt, 4, rounds, results)
        rounds.append(paired)
        results.append(TableResult(number, 0, (10, 4, 2)))
    assert [r.byes for r in rounds] == [(3,), (2,), (1,)]
    table = {s.entrant: s for s in standings(fmt, 4, rounds, results)}
    assert table[3].byes == 1 and table[3].wins >= 1 and table[3].played == 2


def test_seats_to_fill() -> None:
    assert [seats_to_fill(n, 4) for n in (1, 4, 5, 7, 8)] == [3, 0, 3, 1, 0]
    assert seats_to_fill(7, 2) == 1 and seats_to_fill(6, 3) == 0
    with pytest.raises(ValueError):
        Format(3, 2, partners=True)
    with pytest.raises(ValueError):
        TableResult(0, 0, (5, 5), ((1, 1),))


def test_a_large_field_is_paired_within_the_search_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """40 entrants at tables of 4 over 6 rounds: where no pairing without repeats is found in time, the
    search stops at its limit (in all, not per number of repeats) and the tables are made one at a time;
    every round stays whole."""
    looked = [0]
    cost = pairing._cost

    def counted(group: tuple[int, ...], met: Counter[frozenset[int]]) -> int:
        looked[0] += 1
        return cost(group, met)

    monkeypatch.setattr(pairing, "_cost", counted)
    fmt = Format(4, 6)
    rng = random.Random(3)
    rounds: list[Round] = []
    results: list[TableResult] = []
    for _ in range(6):
        looked[0] = 0
        paired = next_round(fmt, 40, rounds, results)
        assert looked[0] <= 2 * pairing.SEARCH_LIMIT
        assert sorted(paired.seated()) == list(range(40))
        rounds.append(paired)
        results += [random_result(fmt, paired, t, rng) for t in range(len(paired.tables))]
