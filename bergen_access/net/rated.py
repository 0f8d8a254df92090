"""After a rated match: everyone at the table hears their new rating and its change, once the ratings
are on the disk (``ratings.py`` says what counts and why; the table's own last write goes first).

A match is rated once, by the name of its journal: a server killed between a match's last move on the
disk and its ratings on the disk rates it when it starts again (nobody is there to hear it then; the
list has it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Match
from . import account_texts
from .ratings import Change, Ratings, places, rate, rated_sides
from .registry import Registry
from .table import Table
from .tables import listeners
from .writes import Ticket, Writes


class Rater:
    """Rates each match of the server that ends with every seat a registered name's."""

    def __init__(self, registry: Registry, ratings: Ratings, writes: Writes) -> None:
        self.registry = registry
        self.ratings = ratings
        self.writes = writes

    def after_match(self, table: Table, key: str | None) -> None:
        """The match at ``table`` is over (``key``: its journal's name): rated if it counts (kept,
        written, then told to each seat)."""
        rated = self._rate(table.match, [(seat.name, seat.is_person) for seat in table.seats], key)
        if rated is None:
            return
        changes, ticket = rated

        def told() -> None:  # back on the event loop, the ratings on the disk
            for seat in table.seats:
                change: Change | None = changes.get(seat.name)
                if seat.game is not None and change is not None:
                    said = account_texts.rating_changed(seat.game.i18n, change.after.shown, change.change)
                    seat.game.say(said)

        for client in listeners(table):
            client.hold_until(ticket)
        ticket.then(told)

    def after_restart(self, match: Match, seats: Sequence[dict[str, Any]], key: str) -> None:
        """A saved table's match that was over when the server stopped: rated now if it counts and was
        not rated yet (the server was killed between its end and its ratings)."""
        people = [(str(seat.get("name")), seat.get("kind") == "human") for seat in seats]
        self._rate(match, people, key)

    def _rate(
        self, match: Match, seats: list[tuple[str, bool]], key: str | None
    ) -> tuple[dict[str, Change], Ticket] | None:
        if key is not None and key in self.ratings.rated:
            return None
        side_seats = [match.rules.seats_of(side) for side in range(match.rules.sides)]
        sides = rated_sides(seats, side_seats, self.registry.claims)
        if sides is None:
            return None
        changes = rate(self.ratings.by_name, sides, places(match.scores, match.winner))
        text = self.ratings.record(changes, key)
        return {change.name: change for change in changes}, self.writes.submit(
            lambda: self.ratings.write(text)
        )
