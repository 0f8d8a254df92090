"""What the server tells by GMCP (``gmcp.py``, ``docs/gmcp.md``): a seat's code, the prompt's state.

Each function sends nothing to a connection that did not ask for GMCP, so the lines stay the
whole protocol for every other client.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..boundary import visible_fields
from ..core.engine import Phase
from . import gmcp

if TYPE_CHECKING:
    from .connections import Client
    from .table import Seat, Table

#: the prompt where the server shows none (the lobby, a table not yet dealt, a match over)
LOBBY_PROMPT = "> "


def prompt_state(client: Client) -> dict[str, Any]:
    """``Bergen.Prompt``'s data: the prompt the server shows (``text``), its short form for a screen
    reader (``short``), its parts, and whether more is coming without a line typed (``pending``:
    a computer is about to move). Every text in it is made visible, as a line to the client is (a
    player's name in ``turn``, the prompt's own words): GMCP is no way around the output boundary."""
    state: dict[str, Any] = visible_fields(_prompt_state(client))
    return state


def _prompt_state(client: Client) -> dict[str, Any]:
    table, seat = client.session.table, client.session.seat
    where = "table" if seat is not None else "watching" if client.session.watching is not None else "lobby"
    state: dict[str, Any] = {"text": LOBBY_PROMPT, "short": LOBBY_PROMPT, "where": where}
    if table is None:
        return state
    match = table.match
    state["table"] = table.number
    state["pending"] = table.computer_to_move() is not None
    phase = "waiting" if match.phase is Phase.NOT_STARTED else "over" if match.is_over else match.phase.name
    state["phase"] = phase.lower()
    if match.phase is Phase.PLAYING and not match.is_over:
        state["turn"] = table.seats[match.turn].name
    if seat is None or seat.game is None or phase in ("waiting", "over"):
        return state
    game = seat.game
    prompt = game.prompt()
    view = game.view
    state.update(text=prompt.facts, short=prompt.short, tiles=len(view.hand))
    state["ends"] = list(view.ends) if view.ends is not None else None
    state["yours"] = match.phase is Phase.PLAYING and match.turn == seat.index
    return state


def seat_taken(client: Client, table: Table, seat: Seat) -> None:
    """``Bergen.Seat``: the client sits here; the code brings it back."""
    client.send_gmcp(gmcp.SEAT, {"table": table.number, "seat": seat.index + 1, "code": seat.token})


def seat_left(client: Client, table: Table, seat: Seat, minutes: int) -> None:
    """``Bergen.Seat.Left``: left on purpose; the seat waits ``minutes`` for ``rejoin CODE``."""
    data = {"table": table.number, "seat": seat.index + 1, "code": seat.token, "minutes": minutes}
    client.send_gmcp(gmcp.SEAT_LEFT, data)


def seat_gone(client: Client, code: str, reason: gmcp.SeatGone) -> None:
    """``Bergen.Seat.Gone``: the code no longer brings anyone back."""
    client.send_gmcp(gmcp.SEAT_GONE, {"code": code, "reason": reason.value})
