"""How a seat's moves reach its match, and who sits where.

A seat makes its player's moves through ``Moves``: ``LocalMoves`` (the console,
one seat) applies them to the match, adds them to its journal (write-ahead)
and tells the seat; a network table's moves (``net/table.py``) apply them once
for everyone at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.actions import Action
from ..core.engine import Match
from ..core.events import Event
from ..i18n import I18n
from ..present import notices
from ..present.message import Message
from ..session.journal import JOURNAL
from .session import Session, pause_after_save

Again = Callable[[Match], bool]  # after a move: is it made once more (a run of draws)?
Told = Callable[[list[Event]], None]  # how the mover hears its own move


def apply_run(match: Match, action: Action, again: Again | None) -> list[Event]:
    """``action`` applied, and again while ``again`` holds and it is legal; every event it made."""
    events = match.apply(action)
    while again is not None and again(match) and match.check(action) is None:
        events += match.apply(action)
    return events


@dataclass
class Seating:
    """Who sits where: names per seat, the player's seat, computer levels."""

    names: list[str]
    human: int
    levels: dict[int, str] = field(default_factory=dict)

    def to_json(self) -> list[dict[str, Any]]:
        return [
            {
                "name": name,
                "kind": "human" if seat == self.human else "computer",
                "level": self.levels.get(seat),
            }
            for seat, name in enumerate(self.names)
        ]


class Moves(Protocol):
    """How a seat's moves reach the match, and its news reaches everyone: each change saved before it
    is told (write-ahead)."""

    def apply(self, action: Action, *, again: Again | None = None, mover: Told | None = None) -> None:
        """Make the move ``action`` (made again while ``again`` holds: a run of draws is one move), save
        it, then tell it: to this seat by ``mover`` when given (its own words for its own draws), to
        everyone else who hears the match as news."""

    def start_hand(self) -> None:
        """Deal the next hand, save, tell."""

    def save(self) -> None:
        """Save the match as it is now."""


class OneSeat(Protocol):
    """What the console's moves need of the one seat at its match."""

    match: Match
    seating: Seating
    session: Session
    i18n: I18n

    def say(self, message: Message) -> None: ...

    def tell_events(self, events: Iterable[Event]) -> None: ...


class LocalMoves:
    """A match of one seat (the console): moves applied here, saved in the seat's storage, told to it."""

    def __init__(self, seat: OneSeat) -> None:
        self.seat = seat

    def apply(self, action: Action, *, again: Again | None = None, mover: Told | None = None) -> None:
        events = apply_run(self.seat.match, action, again)
        self.save()
        (mover or self.seat.tell_events)(events)

    def start_hand(self) -> None:
        events = self.seat.match.start_hand()
        self.save()
        self.seat.tell_events(events)

    def save(self) -> None:
        """Add what the match did to its journal; a failure is told once, play goes on."""
        seat = self.seat
        session = seat.session
        if session.storage is None or session.journal is None:
            return
        session.journal = session.journal.for_match(seat.match)  # a new match: a journal of its own
        if session.journal.sync(seat.match, seat.seating.to_json()):
            pause_after_save(JOURNAL)
        for told in session.storage.take_notices():
            seat.say(notices.storage_notice(seat.i18n, told))


__all__ = ["Again", "LocalMoves", "Moves", "OneSeat", "Seating", "Told", "apply_run"]
