"""A computer's turn at a seat's match, as the game's loop makes it."""

from __future__ import annotations

from ..core import journal as journal_data
from ..core.view import SeatView
from ..players import hurried
from ..players.base import Player
from .match_seat import MatchSeat


def computer_turn(seat: MatchSeat, player: Player) -> None:
    """The computer to move at ``seat``'s match moves; when it has a choice, its draws are told first
    (it thinks now), not after its play. A move the wall-clock ceiling cut short goes into the record."""
    seat.before_move()
    match = seat.match
    turn = match.turn
    action = player.choose(SeatView(match, turn))
    cut = hurried(player)
    journal = seat.session.journal
    if cut is not None and journal is not None:
        seat.session.journal = journal = journal.for_match(match)
        journal.note(journal_data.hurried(len(match.actions), turn, *cut))
    seat.moves.apply(action)
