"""Matches played in-process the way the console loop plays them, for the match record's tests.

The player's seat is a real ``MatchSeat`` with a real ``Storage`` and ``Journal``; the player's moves
come from a computer level, made through the seat's own commands (play, draw, pass, next) as typed
lines would make them; the others move through ``computer_turn``, as in ``ui/game.py``.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from bergen_access.commands.lexicon import CommandKind
from bergen_access.commands.parser import Command
from bergen_access.core.actions import Draw, Pass, Play
from bergen_access.core.dealers import SeededDealer
from bergen_access.core.engine import Match, Phase
from bergen_access.core.rules import Rules
from bergen_access.core.view import SeatView
from bergen_access.output.announcer import Announcer
from bergen_access.players.levels import make_player
from bergen_access.present.message import Verbosity
from bergen_access.seat.match_seat import MatchSeat, Seating
from bergen_access.seat.session import Session
from bergen_access.seat.turns import computer_turn
from bergen_access.session.journal import Journal
from bergen_access.session.settings import Settings
from bergen_access.session.storage import Storage

NAMES = ("You", "Anna", "Cem", "Mia")
Moment = Callable[[MatchSeat], None]  # called where the loop would read the player's line


def seat_for(
    folder: Path | None, rules: Rules, seed: int, levels: dict[int, str], language: str = "en"
) -> MatchSeat:
    """A console seat saving and recording into ``folder`` (None: neither)."""
    storage = Storage.open(folder) if folder is not None else None
    session = Session(storage, Settings(), lambda: None, "off", lambda mode: None)
    if storage is not None:
        session.journal = Journal(storage)
    seating = Seating(names=list(NAMES[: rules.players]), human=0, levels=levels)
    announcer = Announcer(io.StringIO(), language=language)
    return MatchSeat(
        Match(rules, SeededDealer(seed)),
        seating,
        language=language,
        verbosity=Verbosity.NORMAL,
        announcer=announcer,
        session=session,
    )


def play_out(
    seat: MatchSeat,
    human_level: str = "normal",
    *,
    moment: Moment | None = None,
    most_actions: int | None = None,
) -> None:
    """Play the seat's match to its end (or ``most_actions`` actions), calling ``moment`` at each prompt."""
    match = seat.match
    human = seat.seating.human
    mine = make_player(human_level, 991)
    others = {s: make_player(level, 1000 + s) for s, level in seat.seating.levels.items()}
    if match.phase is Phase.NOT_STARTED:
        seat.start_hand()
    while not match.is_over and (most_actions is None or len(match.actions) < most_actions):
        if match.phase is Phase.HAND_OVER:
            if moment is not None:
                moment(seat)
            seat.on_next(Command(CommandKind.NEXT))
        elif match.turn == human:
            seat.flush_draws()
            seat.announce_turn()
            if moment is not None:
                moment(seat)
            action = mine.choose(SeatView(match, human))
            if isinstance(action, Draw):
                seat.move_commands.draw()
            elif isinstance(action, Play):
                seat.move_commands.play(action)
            else:
                assert isinstance(action, Pass)
                seat.on_pass(Command(CommandKind.PASS))
        else:
            computer_turn(seat, others[match.turn])
    seat.flush_draws()
