"""Standings, from the rounds and their results alone.

Points over the field compare a result with the results of the same deals elsewhere: with
duplicate deals, the points the holder of one hand of one deal scored, less the average of that
hand's points at every table of the round that played the deal (so over every table they add up to
0 per deal and hand); without duplicate deals the tables played different deals, and each seat's
final score is compared with the average final score of every seat of the round. With partners each
partner is given the side's points.

The order: more wins first, then more points over the field, then more points in all, then the
order of entry (the earliest entrant first) — stable, so the same results always give the same
order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .duplicate import deal_seat
from .field import Format
from .pairing import Round
from .results import TableResult, winners

Comparison = list[tuple[int, int]]


@dataclass(frozen=True)
class Standing:
    """One entrant's place: wins, points over the field (exact), points in all, matches, byes."""

    entrant: int
    wins: int
    over_the_field: Fraction
    points: int
    played: int
    byes: int


def checked(rounds: Sequence[Round], results: Iterable[TableResult]) -> list[TableResult]:
    """The results, each of a table of a paired round, with one score per seat, and once only."""
    seen: set[tuple[int, int]] = set()
    kept = []
    for result in results:
        key = (result.round, result.table)
        if result.round >= len(rounds) or result.table >= len(rounds[result.round].tables):
            raise ValueError("a result of a table that was paired")
        if len(result.final) != len(rounds[result.round].tables[result.table]) or key in seen:
            raise ValueError("one result per table, one score per seat")
        seen.add(key)
        kept.append(result)
    return kept


def comparisons(
    fmt: Format, rounds: Sequence[Round], results: Iterable[TableResult]
) -> dict[Hashable, Comparison]:
    """The results compared with each other, as (entrant, points) per deal and hand (duplicate) or
    per round (otherwise)."""
    groups: dict[Hashable, Comparison] = defaultdict(list)
    for result in checked(rounds, results):
        seats = rounds[result.round].tables[result.table]
        if fmt.duplicate and result.deals:
            for number, deal in enumerate(result.deals):
                for seat, points in enumerate(deal):
                    hand = deal_seat(result.table, seat, len(seats))
                    groups[(result.round, number, hand)].append((seats[seat], points))
        else:
            groups[(result.round,)].extend(zip(seats, result.final, strict=True))
    return dict(groups)


def over_the_field(
    fmt: Format, rounds: Sequence[Round], results: Iterable[TableResult]
) -> dict[int, Fraction]:
    """Each entrant's points over the field, summed over every comparison (see the module's text)."""
    total: dict[int, Fraction] = defaultdict(Fraction)
    for group in comparisons(fmt, rounds, results).values():
        mean = Fraction(sum(points for _, points in group), len(group))
        for entrant, points in group:
            total[entrant] += points - mean
    return dict(total)


def standings(
    fmt: Format, entrants: int, rounds: Sequence[Round], results: Iterable[TableResult]
) -> list[Standing]:
    """Every entrant's standing, best first (wins, points over the field, points, entry order)."""
    kept = checked(rounds, results)
    wins = [0] * entrants
    points = [0] * entrants
    played = [0] * entrants
    byes = [0] * entrants
    for result in kept:
        seats = rounds[result.round].tables[result.table]
        for seat, score in zip(seats, result.final, strict=True):
            points[seat] += score
            played[seat] += 1
        for seat in winners(result, fmt.partners):
            wins[seats[seat]] += 1
    for paired in rounds:
        for entrant in paired.byes:
            byes[entrant] += 1
            wins[entrant] += fmt.bye_is_win
    field = over_the_field(fmt, rounds, kept)
    table = [
        Standing(e, wins[e], field.get(e, Fraction(0)), points[e], played[e], byes[e])
        for e in range(entrants)
    ]
    return sorted(table, key=lambda s: (-s.wins, -s.over_the_field, -s.points, s.entrant))
