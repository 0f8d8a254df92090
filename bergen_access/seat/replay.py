"""A resumed match's history: its actions played again, silently, the way they were told.

What a seat told (and so what ``history`` and ``repeat`` say) depends on how the
moves came: a computer's draws before its play are one announcement, the
player's run of forced draws is one. Replaying the record through a quiet copy
of the seat, move by move as the loop made them, gives back the same history
for the console after a restart and for a network seat after the server's.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from ..commands.lexicon import CommandKind
from ..commands.parser import Command
from ..core.actions import Action, Draw, Play
from ..core.dealers import dealer_from_spec
from ..core.engine import Match, Phase
from ..core.view import SeatView
from ..output.announcer import Announcer
from ..players.base import Player
from ..present.message import Message
from .match_seat import MatchSeat
from .session import quiet_session


def computer_turn(seat: MatchSeat, player: Player) -> None:
    """The computer to move at ``seat``'s match moves; when it has a choice, its draws are told first
    (it thinks now), not after its play."""
    view = SeatView(seat.match, seat.match.turn)
    if len(view.legal_actions) > 1:
        seat.flush_draws()
    seat.moves.apply(player.choose(view))


class Unheard(Announcer):
    """The silent replay's announcer: nobody hears it, so nothing is rendered for a console."""

    def announce(self, message: Message) -> None:
        self.last = message


class Scripted:
    """A seat that plays back what the record says it did."""

    def __init__(self, next_action: Callable[[], Action]) -> None:
        self.next_action = next_action

    def choose(self, view: SeatView) -> Action:
        return self.next_action()


def restore_history(seat: MatchSeat) -> None:
    """Give ``seat`` the history its match's record told (nothing, if the record does not replay)."""
    recorded = list(seat.match.actions)
    match = Match(seat.match.rules, dealer_from_spec(seat.match.dealer.spec()), seat.match.starting_scores)
    quiet = Unheard(io.StringIO(), language=seat.i18n.language)
    scratch = MatchSeat(
        match,
        seat.seating,
        language=seat.i18n.language,
        verbosity=seat.verbosity,
        announcer=quiet,
        session=quiet_session(),
    )
    scripted = Scripted(lambda: recorded[len(match.actions)])
    try:
        _replay(scratch, recorded, scripted)
        while match.hand_number < seat.match.hand_number and match.phase in (
            Phase.NOT_STARTED,
            Phase.HAND_OVER,
        ):
            scratch.start_hand()
    except (IndexError, ValueError, AssertionError):  # a record the loop would not have written
        return
    seat.keep_history_of(scratch)


def _replay(seat: MatchSeat, recorded: list[Action], others: Player) -> None:
    """Play ``recorded`` as the loop made it: the player's commands, the others' turns."""
    while len(seat.match.actions) < len(recorded):
        replay_step(seat, recorded, others)


def replay_step(seat: MatchSeat, recorded: list[Action], others: Player) -> None:
    """The next thing the loop did in ``recorded``: deal a hand, the player's move (a run of draws is
    one), or another seat's move; ValueError if the record does not follow the loop."""
    match = seat.match
    human = seat.seating.human
    done = len(match.actions)
    if match.phase in (Phase.NOT_STARTED, Phase.HAND_OVER):
        seat.start_hand()
        return
    action = recorded[done]
    if match.turn != human:
        computer_turn(seat, others)
    elif isinstance(action, Draw):
        run = 0
        while done + run < len(recorded) and recorded[done + run] == Draw(human):
            run += 1
        seat.draw(most=run)
    elif isinstance(action, Play):
        seat.play(action)
    else:
        seat.on_pass(Command(CommandKind.PASS))
    now = len(match.actions)
    if now == done or match.actions[done:now] != recorded[done:now]:  # what came before was checked
        raise ValueError("the record does not follow the loop")
