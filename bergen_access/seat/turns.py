"""A computer's turn at a seat's match, as the game's loop makes it."""

from __future__ import annotations

from ..core.view import SeatView
from ..players.base import Player
from .match_seat import MatchSeat


def computer_turn(seat: MatchSeat, player: Player) -> None:
    """The computer to move at ``seat``'s match moves; when it has a choice, its draws are told first
    (it thinks now), not after its play."""
    seat.before_move()
    seat.moves.apply(player.choose(SeatView(seat.match, seat.match.turn)))
