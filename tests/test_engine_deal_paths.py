"""The engine's shortcuts in a deal and a draw give what the plain ways gave.

A hand's mask is the sum of its tiles' bits and a double-six draw's event is one made
once (issue 32, bench/playouts_results.md). A dealer that hands out a tile twice, or
tiles as plain numbers, still gets the hands and the events the plain ways made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bergen_access.core import Match, preset
from bergen_access.core.actions import Draw
from bergen_access.core.dealers import Deal, Dealer
from bergen_access.core.events import Drew
from bergen_access.core.tiles import TILES, Tile, parse_tile


class _Fixed:
    """Always the same deal, as given (no checks, unlike the told dealer)."""

    def __init__(self, deal: Deal) -> None:
        self._deal = deal

    def deal(self, players: int, tiles_each: int, tiles: Sequence[Tile] = TILES) -> Deal:
        return self._deal

    def copy(self) -> Dealer:
        return self

    def spec(self) -> dict[str, Any]:
        return {}


def _tiles(*names: str) -> tuple[Tile, ...]:
    return tuple(parse_tile(name) for name in names)


def test_a_tile_dealt_twice_is_in_the_hand_once_as_before() -> None:
    first = _tiles("0-0", "1-2", "1-2", "2-3", "3-4", "4-5")  # 1-2 twice: its bit once, no carry into 1-3
    second = _tiles("1-1", "2-2", "3-3", "4-4", "5-5", "6-6")
    rest = tuple(t for t in TILES if t not in first + second)
    match = Match(preset("standard", players=2), _Fixed(Deal((first, second), rest)))
    match.start_hand()
    assert match.hand(0) == _tiles("1-2", "2-3", "3-4", "4-5")  # 0-0 opened, 1-2 held once
    assert match.hand(1) == second


def test_a_drawn_plain_number_is_the_event_as_drawn() -> None:
    first = _tiles("0-0", "5-6", "5-5", "4-6", "4-4", "6-6")
    second = _tiles("1-1", "2-5", "3-5", "2-6", "3-6", "4-5")
    rest = [int(t) for t in TILES if t not in first + second]  # the stock as plain numbers
    match = Match(preset("standard", players=2), _Fixed(Deal((first, second), tuple(rest))))
    match.start_hand()
    assert match.legal_actions() == [Draw(1)]
    (drew,) = match.apply(Draw(1))
    left = len(rest) - 1
    assert drew == Drew(1, rest[0], left, left - match.rules.reserved_tiles)
    assert type(drew.tile) is int
