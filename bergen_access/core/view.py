"""What one seat may know: the only window computer players and interfaces get.

A ``SeatView`` reads the live match on demand, so making one costs nothing;
it shows the seat's own tiles, the line and its ends, every seat's tile count,
the stock, the scores and the public history (others' tiles hidden). Read it,
act, and take a fresh view next turn.
"""

from __future__ import annotations

from .actions import Action
from .engine import Match, Phase, Placed
from .events import Event, seen_by
from .layout import Arms, Layout
from .rules import Rules
from .tiles import Tile


class SeatView:
    """One seat's knowledge of a match."""

    __slots__ = ("_match", "seat")

    def __init__(self, match: Match, seat: int) -> None:
        if not 0 <= seat < match.players:
            raise ValueError(f"no seat {seat}")
        self._match = match
        self.seat = seat

    @property
    def rules(self) -> Rules:
        return self._match.rules

    @property
    def side(self) -> int:
        """This seat's side."""
        return self._match.side_of(self.seat)

    @property
    def phase(self) -> Phase:
        return self._match.phase

    @property
    def hand_number(self) -> int:
        return self._match.hand_number

    @property
    def action_count(self) -> int:
        """Moves made in the match so far (public: every seat hears each move, if not each drawn tile).

        With the deal's seed it names the position, however the match got there (an undo, a resume):
        what a computer player derives its chance from (``players/chance.py``).
        """
        return len(self._match.actions)

    @property
    def turn(self) -> int | None:
        """The seat to move; None when nobody is (before the start, after the end)."""
        return self._match.turn if self._match.phase is Phase.PLAYING else None

    @property
    def is_my_turn(self) -> bool:
        return self.turn == self.seat

    @property
    def hand(self) -> tuple[Tile, ...]:
        """This seat's tiles, ascending."""
        return self._match.hand(self.seat)

    @property
    def playable(self) -> tuple[Tile, ...]:
        """This seat's tiles that fit an end it may play to now."""
        return self._match.playable(self.seat)

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """What this seat may do now (empty when it is not its turn)."""
        return tuple(self._match.legal_actions()) if self.is_my_turn else ()

    def ends_for(self, tile: Tile) -> tuple[int, ...]:
        """The ends a tile fits now (public: depends only on the line and the rules)."""
        return self._match.ends_for(tile)

    @property
    def end_tiles(self) -> tuple[Tile, ...] | None:
        """The tiles at the open ends, in the order of ``ends``."""
        return self._match.end_tiles

    @property
    def line(self) -> tuple[Placed, ...]:
        """The line from left to right: (tile, left number, right number)."""
        return self._match.line

    @property
    def ends(self) -> tuple[int, ...] | None:
        """The open ends: left and right on double-six, each started arm's with more arms."""
        return self._match.ends

    @property
    def layout(self) -> Layout | None:
        """The open ends and where a tile may go (any set); None before the opening."""
        return self._match.layout

    @property
    def spread(self) -> Arms | None:
        """With more arms (double-nine, double-twelve): the arms, their ends and the arms-first state."""
        return self._match.spread

    @property
    def arm_lines(self) -> tuple[tuple[Placed, ...], ...]:
        """With more arms: each started arm's tiles from the centre outwards."""
        return self._match.arm_lines

    @property
    def end_is_double(self) -> tuple[bool, ...]:
        """Whether the tile at each open end is a double."""
        tiles = self._match.end_tiles
        return tuple(t.is_double for t in tiles) if tiles is not None else (False, False)

    @property
    def opening(self) -> Tile | None:
        return self._match.opening

    @property
    def tile_counts(self) -> tuple[int, ...]:
        """Tiles held by each seat."""
        return tuple(self._match.tile_count(s) for s in range(self._match.players))

    @property
    def stock_size(self) -> int:
        """Tiles in the stock, reserved ones included."""
        return self._match.stock_size

    @property
    def drawable(self) -> int:
        return self._match.drawable

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per side; with counters, counters discarded per side."""
        return tuple(self._match.scores)

    @property
    def target(self) -> int:
        return self._match.target

    @property
    def needs(self) -> tuple[int, ...]:
        """Per side: points still needed, or counters still held."""
        return tuple(max(0, self._match.target - s) for s in self._match.scores)

    @property
    def winner(self) -> int | None:
        return self._match.winner

    @property
    def history(self) -> tuple[Event, ...]:
        """Every event of the match as this seat saw it."""
        seat = self.seat
        return tuple(seen_by(e, seat) for e in self._match.history)

    @property
    def unseen(self) -> tuple[Tile, ...]:
        """Tiles this seat has not seen: in other hands or in the stock."""
        seen = set(self.hand)
        seen.update(placed[0] for placed in self._match.line)
        return tuple(t for t in self.rules.tiles.tiles if t not in seen)
