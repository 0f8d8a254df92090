"""A club evening at physical tables: the players, the format and the results entered so far.

Everything else (the rounds, who sits where, the standings) is recomputed from these with the
tournament core (``bergen_access.tournament``), so undo is dropping the last result, and a saved
evening is its header and its results. No words here: a result that cannot be taken is a ``ResultProblem``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .field import Format
from .pairing import Round
from .plan import next_round, played
from .results import TableResult, winners
from .standings import Standing, standings

#: the highest final score a table can enter (far above any target)
MOST_POINTS = 999


class ResultProblem(enum.StrEnum):
    """Why a table's result is not taken."""

    OVER = "over"  # the evening is over
    NO_TABLE = "no-table"  # no such table in this round
    HAS_RESULT = "has-result"  # that table has its result already
    SCORES = "scores"  # not one score per seat (per side with partners), each from 0 to MOST_POINTS


@dataclass
class Evening:
    """The evening so far; ``rounds`` are paired as the results come in."""

    fmt: Format
    names: list[str]
    results: list[TableResult] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)

    def __post_init__(self) -> None:
        kept, self.results = list(self.results), []
        self._pair()
        for result in kept:
            wrong_round = self.is_over or result.round != self.current.number
            if wrong_round or self.check(result.table, list(self._sides(result))) is not None:
                raise ValueError("a result that does not fit the evening")
            self.add(result.table, list(self._sides(result)))

    @property
    def entrants(self) -> int:
        return len(self.names)

    @property
    def sides_per_table(self) -> int:
        return 2 if self.fmt.partners else self.fmt.table_size

    @property
    def is_over(self) -> bool:
        return len(self.rounds) == self.fmt.rounds and played(self.rounds, self.results) == self.fmt.rounds

    @property
    def current(self) -> Round:
        """The round being played (the last one when the evening is over)."""
        return self.rounds[-1]

    def waiting(self) -> list[int]:
        """The tables of the current round without a result, from 0."""
        done = {r.table for r in self.results if r.round == self.current.number}
        return [t for t in range(len(self.current.tables)) if t not in done]

    def result_of(self, round_number: int, table: int) -> TableResult | None:
        return next((r for r in self.results if (r.round, r.table) == (round_number, table)), None)

    def check(self, table: int, scores: list[int]) -> ResultProblem | None:
        """Why table ``table`` (from 0) of the current round cannot take these scores (one per side)."""
        if self.is_over:
            return ResultProblem.OVER
        if not 0 <= table < len(self.current.tables):
            return ResultProblem.NO_TABLE
        if table not in self.waiting():
            return ResultProblem.HAS_RESULT
        if len(scores) != self.sides_per_table or not all(0 <= s <= MOST_POINTS for s in scores):
            return ResultProblem.SCORES
        return None

    def add(self, table: int, scores: list[int]) -> TableResult:
        """Enter a table's result (checked first); the next round is paired when this one is done."""
        if self.check(table, scores) is not None:
            raise ValueError("check the result first")
        seats = len(self.current.tables[table])
        final = tuple(scores[seat % len(scores)] for seat in range(seats))
        result = TableResult(self.current.number, table, final)
        self.results.append(result)
        self._pair()
        return result

    def undo(self) -> TableResult | None:
        """Take back the last result (a round paired after it goes with it); None if there is none."""
        if not self.results:
            return None
        last = self.results.pop()
        while len(self.rounds) > last.round + 1:
            self.rounds.pop()
        return last

    def winners(self, result: TableResult) -> list[int]:
        """The entrants who won that table's match."""
        seats = self.rounds[result.round].tables[result.table]
        return [seats[seat] for seat in winners(result, self.fmt.partners)]

    def standings(self) -> list[Standing]:
        return standings(self.fmt, self.entrants, self.rounds, self.results)

    def _sides(self, result: TableResult) -> tuple[int, ...]:
        return result.final[: self.sides_per_table]

    def _pair(self) -> None:
        if len(self.rounds) < self.fmt.rounds and played(self.rounds, self.results) == len(self.rounds):
            self.rounds.append(next_round(self.fmt, self.entrants, self.rounds, self.results))
