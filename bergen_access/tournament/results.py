"""The result of one table's match in a round: final scores, and the points of each deal."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableResult:
    """Table ``table`` (from 0) of round ``round`` (from 0).

    ``final``: the final score per seat of the table (with partners, each partner has the side's
    score). ``deals``: the points of every deal played, one tuple per deal, one number per seat (the
    side's points with partners); empty when only the final scores are known (a table of physical
    dominoes). When given, the deals add up to the final scores.
    """

    round: int
    table: int
    final: tuple[int, ...]
    deals: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        if self.round < 0 or self.table < 0 or any(p < 0 for p in self.final):
            raise ValueError("rounds and tables from 0, scores not below 0")
        size = len(self.final)
        if any(len(deal) != size or any(p < 0 for p in deal) for deal in self.deals):
            raise ValueError("each deal has one score per seat, none below 0")
        if self.deals and tuple(sum(column) for column in zip(*self.deals, strict=True)) != self.final:
            raise ValueError("the deals add up to the final scores")


def winners(result: TableResult, partners: bool = False) -> tuple[int, ...]:
    """The seats that won the match: the highest final score, if only one side has it.

    With partners (seats 0+2 against 1+3) both partners of the winning side win. Sides level at the
    top (a match stopped before its end) win nothing.
    """
    top = max(result.final)
    seats = tuple(seat for seat, score in enumerate(result.final) if score == top)
    if partners:
        return seats if len({seat % 2 for seat in seats}) == 1 else ()
    return seats if len(seats) == 1 else ()
