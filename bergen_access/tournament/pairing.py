"""Pairing a round: a round robin while it fits, Swiss by standings beyond.

When the tournament has rounds enough for a whole round robin, tables of 2 (one against one) play
the circle method's round robin first: with an even number of entrants every pair meets once in
``entrants - 1`` rounds; with an odd number each entrant sits one round out (a bye) and the round
robin takes ``entrants`` rounds. Rounds beyond it, every round of a tournament too short for a whole
round robin, and every round at tables of 3 and 4, are paired Swiss (Monrad): the entrants in order
of the standings (entry order before the first round), the best remaining entrant seated with the
next ones down who have not yet shared a table with anyone of the table, so that the fewest
meetings repeat (a pair who met twice counts twice); among pairings that repeat as few meetings,
the one nearest the standings is taken. When the entrants do not fill the tables, the last in the
standings among those with the fewest byes so far sit the round out (``field.byes_needed``), unless
the caller fills the seats with computers first (``field.seats_to_fill``).

With partners (tables of 4: seats 0+2 against 1+3) the table's split is the one whose
partnerships are repeated least, preferring the first against the fourth of the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from .field import Format

#: the entrants at one table, in seat order
TableSeats = tuple[int, ...]
Pair = frozenset[int]

#: combinations the search for the fewest repeated meetings looks at, in all, before it settles for
#: tables made one at a time
SEARCH_LIMIT = 20_000
#: how far down the standings a table made one at a time looks for its other players
GREEDY_WINDOW = 12


@dataclass(frozen=True)
class Round:
    """Round ``number`` (from 0): its tables in order, each the entrants in seat order, and byes."""

    number: int
    tables: tuple[TableSeats, ...]
    byes: tuple[int, ...] = ()

    def seated(self) -> Iterator[int]:
        """Every entrant at a table of this round."""
        for table in self.tables:
            yield from table


def round_robin_length(fmt: Format, entrants: int) -> int:
    """How many rounds the round robin takes; 0 where none is played (tables of 3 or 4, or fewer
    rounds than a whole round robin needs: those are Swiss from the first round)."""
    if fmt.table_size != 2 or entrants < 2:
        return 0
    length = entrants - 1 if entrants % 2 == 0 else entrants
    return length if fmt.rounds >= length else 0


def meetings(rounds: Sequence[Round]) -> Counter[Pair]:
    """How often each pair of entrants has shared a table."""
    met: Counter[Pair] = Counter()
    for played in rounds:
        for table in played.tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def partnerships(rounds: Sequence[Round]) -> Counter[Pair]:
    """How often each pair has been partners (seats 0+2 and 1+3 of a table of 4)."""
    together: Counter[Pair] = Counter()
    for played in rounds:
        for table in played.tables:
            if len(table) == 4:
                together.update((frozenset((table[0], table[2])), frozenset((table[1], table[3]))))
    return together


def pair_round(fmt: Format, entrants: int, rounds: Sequence[Round], order: Sequence[int]) -> Round:
    """The next round after ``rounds``; ``order`` is every entrant, best in the standings first."""
    if sorted(order) != list(range(entrants)) or entrants < 1:
        raise ValueError("the order holds every entrant once")
    number = len(rounds)
    if number < round_robin_length(fmt, entrants):
        return _circle(number, entrants)
    return _swiss(fmt, number, list(order), rounds)


def _circle(number: int, entrants: int) -> Round:
    """Round ``number`` of the circle method (entrant 0 fixed, the others turning)."""
    size = entrants + entrants % 2  # an odd field turns with an empty place: its partner has the bye
    turned = list(range(1, size))
    shift = number % (size - 1)
    if shift:
        turned = turned[-shift:] + turned[:-shift]
    line = [0, *turned]
    tables: list[TableSeats] = []
    byes: list[int] = []
    for a, b in ((line[i], line[size - 1 - i]) for i in range(size // 2)):
        if entrants in (a, b):
            byes.append(min(a, b))
        else:
            tables.append((min(a, b), max(a, b)))
    return Round(number, tuple(sorted(tables)), tuple(byes))


def _swiss(fmt: Format, number: int, order: list[int], rounds: Sequence[Round]) -> Round:
    size = fmt.table_size
    place = {entrant: index for index, entrant in enumerate(order)}
    had_bye: Counter[int] = Counter(e for played in rounds for e in played.byes)
    extra = len(order) % size
    byes = sorted(order, key=lambda e: (had_bye[e], -place[e]))[:extra]
    players = [e for e in order if e not in byes]
    groups = _groups(players, size, meetings(rounds))
    together = partnerships(rounds)
    tables = tuple(_partner_seats(group, together) if fmt.partners else group for group in groups)
    return Round(number, tables, tuple(sorted(byes, key=place.__getitem__)))


def _cost(group: Sequence[int], met: Counter[Pair]) -> int:
    return sum(met[frozenset(pair)] for pair in combinations(group, 2))


def _groups(players: list[int], size: int, met: Counter[Pair]) -> list[TableSeats]:
    """Tables of ``size`` from ``players`` (in standings order) repeating the fewest meetings.

    A search that allows one more repeated meeting at a time finds the fewest (exactly, where the field
    is small enough to search through within ``SEARCH_LIMIT`` combinations in all); past the limit, each
    table in turn takes the best remaining entrant and the nearest ones down that repeat the fewest
    meetings (``_greedy``), so a round never takes long to pair.
    """
    if not players:
        return []
    worst = _cost(players, met)
    looked = [0]
    for budget in range(worst + 1):
        found = _search(players, size, met, budget, looked)
        if found is not None:
            return found
        if looked[0] > SEARCH_LIMIT:
            break
    return _greedy(players, size, met)


def _greedy(players: list[int], size: int, met: Counter[Pair]) -> list[TableSeats]:
    tables: list[TableSeats] = []
    left = list(players)
    while left:
        first, rest = left[0], left[1 : 1 + GREEDY_WINDOW]
        others = min(combinations(rest, size - 1), key=lambda group: _cost((first, *group), met))
        tables.append((first, *others))
        left = [p for p in left[1:] if p not in others]
    return tables


def _search(
    players: list[int], size: int, met: Counter[Pair], budget: int, looked: list[int]
) -> list[TableSeats] | None:
    """Depth first, nearest the standings first: tables repeating at most ``budget`` meetings."""
    if not players:
        return []
    first, rest = players[0], players[1:]
    for others in combinations(rest, size - 1):
        looked[0] += 1
        if looked[0] > SEARCH_LIMIT:
            return None
        group = (first, *others)
        cost = _cost(group, met)
        if cost > budget:
            continue
        remaining = [p for p in rest if p not in others]
        below = _search(remaining, size, met, budget - cost, looked)
        if below is not None:
            return [group, *below]
    return None


def _partner_seats(group: TableSeats, together: Counter[Pair]) -> TableSeats:
    """Seats for a table of four partners (0+2 against 1+3): the split repeating fewest partnerships."""
    a, b, c, d = group
    splits = ((a, b, d, c), (a, b, c, d), (a, c, b, d))  # a+d / b+c, a+c / b+d, a+b / c+d

    def repeated(seats: TableSeats) -> int:
        return together[frozenset((seats[0], seats[2]))] + together[frozenset((seats[1], seats[3]))]

    return min(splits, key=repeated)
