"""The format of a tournament, and the seats for computers that make its tables even."""

from __future__ import annotations

from dataclasses import dataclass

TABLE_SIZES = (2, 3, 4)


@dataclass(frozen=True)
class Format:
    """How a tournament is played.

    ``table_size``: players at each table (2, 3 or 4). ``partners``: at tables of 4, seats 0+2 play
    against 1+3, and partners rotate from round to round. ``rounds``: how many rounds. ``duplicate``:
    every table of a round plays the same deals, with the seats rotated (``duplicate.py``), and points
    over the field compare each deal across the tables. ``bye_is_win``: an entrant who sits a round
    out (when the entrants do not fill the tables and no computers fill them) is given a win;
    otherwise a bye scores nothing.
    """

    table_size: int = 2
    rounds: int = 3
    partners: bool = False
    duplicate: bool = False
    bye_is_win: bool = False

    def __post_init__(self) -> None:
        if self.table_size not in TABLE_SIZES:
            raise ValueError("a table seats 2, 3 or 4 players")
        if self.partners and self.table_size != 4:
            raise ValueError("partners play at tables of 4")
        if self.rounds < 1:
            raise ValueError("a tournament has at least one round")


def seats_to_fill(entrants: int, table_size: int) -> int:
    """Seats for computers that make every table full (0 when the entrants fill them)."""
    if entrants < 1 or table_size not in TABLE_SIZES:
        raise ValueError("entrants and a table size of 2, 3 or 4")
    return -entrants % table_size


def byes_needed(entrants: int, table_size: int) -> int:
    """Entrants who sit a round out when nobody fills the empty seats."""
    return entrants % table_size
