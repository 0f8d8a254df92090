"""The course of a tournament: which round comes next, and when it is over."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .field import Format
from .pairing import Round, pair_round
from .results import TableResult
from .standings import checked, standings


def played(rounds: Sequence[Round], results: Iterable[TableResult]) -> int:
    """How many rounds, from the first, have a result at every table."""
    done = {(r.round, r.table) for r in checked(rounds, results)}
    count = 0
    for paired in rounds:
        if any((paired.number, table) not in done for table in range(len(paired.tables))):
            break
        count += 1
    return count


def finished(fmt: Format, rounds: Sequence[Round], results: Iterable[TableResult]) -> bool:
    """True when every round of the format has been paired and played."""
    return len(rounds) >= fmt.rounds and played(rounds, results) >= fmt.rounds


def next_round(fmt: Format, entrants: int, rounds: Sequence[Round], results: Iterable[TableResult]) -> Round:
    """The next round, paired on the standings after every result so far (each round played out)."""
    kept = list(results)
    if played(rounds, kept) != len(rounds) or len(rounds) >= fmt.rounds:
        raise ValueError("the rounds so far are played out, and another round is due")
    order = [standing.entrant for standing in standings(fmt, entrants, rounds, kept)]
    return pair_round(fmt, entrants, rounds, order)
