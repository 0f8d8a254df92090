"""After a rated match: everyone at the table hears their new rating and its change, once the ratings
are on the disk (``ratings.py`` says what counts and why; the table's own last write goes first)."""

from __future__ import annotations

from . import account_texts
from .ratings import Change, Ratings, places, rate, rated_sides
from .registry import Registry
from .table import Table
from .tables import listeners
from .writes import Writes


class Rater:
    """Rates each match of the server that ends with every seat a registered name's."""

    def __init__(self, registry: Registry, ratings: Ratings, writes: Writes) -> None:
        self.registry = registry
        self.ratings = ratings
        self.writes = writes

    def after_match(self, table: Table) -> None:
        """The match at ``table`` is over: rated (kept, written, then told to each seat) if it counts."""
        match = table.match
        seats = [(seat.name, seat.is_person) for seat in table.seats]
        side_seats = [match.rules.seats_of(side) for side in range(match.rules.sides)]
        sides = rated_sides(seats, side_seats, self.registry.claims)
        if sides is None:
            return
        changes = {
            change.name: change
            for change in rate(self.ratings.by_name, sides, places(match.scores, match.winner))
        }
        text = self.ratings.record(list(changes.values()))

        def told(saved: bool) -> None:  # back on the event loop, the ratings on the disk
            for seat in table.seats:
                change: Change | None = changes.get(seat.name)
                if seat.game is not None and change is not None:
                    seat.game.say(
                        account_texts.rating_changed(seat.game.i18n, change.after.shown, change.change)
                    )

        ticket = self.writes.submit(lambda: self.ratings.write(text), told)
        for client in listeners(table):
            client.hold_until(ticket)
