"""A table of physical dominoes, tracked from what the players call out.

The scorekeeper does not see the hands: it knows how many tiles each player
holds, the line, the stock, and every tile once it is played. ``Table``
follows the same rules as ``Match`` with that knowledge and emits the same
events, so the same presenters announce it. It refuses what cannot be (a
tile already played, a tile that fits neither end, more draws than the stock
allows, a pass while tiles can be drawn) and is rebuilt from its entries, so
undo is "the same entries, one fewer".
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .actions import End, IllegalActionError, Pass, Play, Refusal
from .events import (
    Drew,
    Event,
    HandDealt,
    HandEnded,
    HeaderKind,
    Holding,
    Opened,
    Passed,
    TilePlayed,
)
from .holdings import holding_possible
from .layout import Layout, arm_lines, header_kind
from .rules import BlockedRule, Rules
from .scoreboard import Scoreboard
from .scoring import holding_of
from .tiles import Tile, mask_of


class TablePhase(StrEnum):
    """Where the tracked hand stands."""

    NOT_STARTED = "not-started"
    OPENING = "opening"  # waiting for the opening double
    PLAYING = "playing"
    REVEAL = "reveal"  # blocked: waiting for what each side still holds
    HAND_OVER = "hand-over"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class NewHand:
    """The tiles were dealt for a new hand."""


@dataclass(frozen=True, slots=True)
class Open:
    """``seat`` laid the opening double ``tile``."""

    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class DrawTiles:
    """``seat`` drew ``count`` tiles (not seen by the scorekeeper)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Reveal:
    """After a block: what one side still holds (its ``tiles`` when they were named)."""

    side: int
    holding: Holding
    tiles: tuple[Tile, ...] = ()


Entry = NewHand | Open | Play | DrawTiles | Pass | Reveal


class Table:
    """The state of a physical table as far as the calls tell it."""

    def __init__(self, rules: Rules, scores: Sequence[int] | None = None) -> None:
        self.rules = rules
        self.board = Scoreboard(rules, scores)
        self.starting_scores = tuple(self.board.scores)
        self.phase = TablePhase.NOT_STARTED
        self.hand_number = 0
        self.turn = 0
        self.counts = [0] * rules.players
        self.stock = 0
        self.line: deque[tuple[Tile, int, int]] = deque()
        self.layout: Layout | None = None  # the open ends and where a tile may go
        self._arm_of: list[int] = []  # larger sets: the arm of each tile of ``line`` (-1: the opening)
        self.opening: Tile | None = None
        self.played: set[Tile] = set()
        self.revealed: dict[int, Holding] = {}
        self.claimed: set[Tile] = set()  # tiles named in the holdings so far
        self.entries: list[Entry] = []
        self.history: list[Event] = []
        self._passes = 0

    @classmethod
    def replay(cls, rules: Rules, scores: Sequence[int] | None, entries: Sequence[Entry]) -> Table:
        """A table rebuilt from its entries (how undo and loading work)."""
        table = cls(rules, scores)
        for entry in entries:
            table.apply(entry)
        return table

    # ------------------------------------------------------------- reading

    @property
    def scores(self) -> list[int]:
        return self.board.scores

    @property
    def target(self) -> int:
        return self.board.target

    @property
    def winner(self) -> int | None:
        return self.board.winner

    @property
    def is_over(self) -> bool:
        return self.phase is TablePhase.OVER

    @property
    def drawable(self) -> int:
        return max(0, self.stock - self.rules.reserved_tiles)

    @property
    def stock_size(self) -> int:
        """Tiles in the stock (the name a seat's view uses)."""
        return self.stock

    @property
    def tile_counts(self) -> tuple[int, ...]:
        """Tiles held by each seat (the name a seat's view uses)."""
        return tuple(self.counts)

    @property
    def ends(self) -> tuple[int, ...] | None:
        """The numbers at the open ends (left, right; or each started arm's); None before the opening."""
        return None if self.layout is None else self.layout.ends

    @property
    def end_tiles(self) -> tuple[Tile, ...] | None:
        return None if self.layout is None else self.layout.end_tiles

    @property
    def end_is_double(self) -> tuple[bool, ...]:
        if self.layout is None:
            return (False, False)
        return tuple(t.is_double for t in self.layout.end_tiles)

    @property
    def arm_lines(self) -> tuple[tuple[tuple[Tile, int, int], ...], ...]:
        """Larger sets: each started arm's tiles from the centre outwards."""
        if self.layout is None or self.layout.two_ends:
            return ()
        return arm_lines(self.line, self._arm_of, len(self.layout.ends))

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def ends_for(self, tile: Tile) -> tuple[int, ...]:
        """The ends (arms) ``tile`` fits now under the rules."""
        return () if self.layout is None else self.layout.ends_for(tile)

    def sides_to_reveal(self) -> list[int]:
        return [side for side in range(self.rules.sides) if side not in self.revealed]

    # ------------------------------------------------------------ checking

    def check(self, entry: Entry) -> Refusal | None:
        """Why ``entry`` cannot be, or None."""
        if self.phase is TablePhase.OVER:
            return Refusal.MATCH_OVER
        if isinstance(entry, NewHand):
            ok = self.phase in (TablePhase.NOT_STARTED, TablePhase.HAND_OVER)
            return None if ok else Refusal.HAND_UNDER_WAY
        if isinstance(entry, Reveal):
            return self._check_reveal(entry)
        if not 0 <= entry.seat < self.rules.players:
            return Refusal.NO_SUCH_SEAT
        if isinstance(entry, Open):
            if self.phase is not TablePhase.OPENING:
                return Refusal.WRONG_PHASE
            return None if entry.tile.is_double else Refusal.NOT_A_DOUBLE
        if self.phase is not TablePhase.PLAYING:
            return Refusal.HAND_OVER if self.phase is TablePhase.HAND_OVER else Refusal.WRONG_PHASE
        if entry.seat != self.turn:
            return Refusal.NOT_YOUR_TURN
        if isinstance(entry, Play):
            return self._check_play(entry)
        if isinstance(entry, DrawTiles):
            if self.drawable == 0:
                return Refusal.NOTHING_TO_DRAW
            return None if 1 <= entry.count <= self.drawable else Refusal.TOO_MANY_DRAWS
        return Refusal.MUST_DRAW if self.drawable else None  # Pass

    def _check_play(self, play: Play) -> Refusal | None:
        if play.tile in self.played:
            return Refusal.ALREADY_PLAYED
        if self.counts[play.seat] == 0:
            return Refusal.NO_TILES_LEFT
        if play.tile not in self.rules.tiles:
            return Refusal.DOES_NOT_FIT
        assert self.layout is not None
        return self.layout.refusal(play.tile, play.end)

    def _check_reveal(self, reveal: Reveal) -> Refusal | None:
        if self.phase is not TablePhase.REVEAL:
            return Refusal.WRONG_PHASE
        if not 0 <= reveal.side < self.rules.sides:
            return Refusal.NO_SUCH_SEAT
        if reveal.side in self.revealed:
            return Refusal.ALREADY_REVEALED
        held = self.held_by(reveal.side)
        if reveal.tiles:
            return self._check_tiles(reveal, held)
        h = reveal.holding
        highest = self.rules.tiles.highest
        if not (
            0 <= h.doubles <= min(held, highest + 1) and 0 <= h.single_pips <= h.pips <= 2 * highest * held
        ):
            return Refusal.BAD_HOLDING
        american = self.rules.blocked_rule is BlockedRule.AMERICAN
        if not holding_possible(self.unclaimed(), held, h, singles=american):
            return Refusal.BAD_HOLDING
        return None

    def _check_tiles(self, reveal: Reveal, held: int) -> Refusal | None:
        tiles = set(reveal.tiles)
        if len(tiles) != len(reveal.tiles) or len(tiles) != held:
            return Refusal.WRONG_COUNT
        if tiles & self.played:
            return Refusal.ALREADY_PLAYED
        if tiles & self.claimed:
            return Refusal.CLAIMED
        if any(self.ends_for(tile) for tile in tiles):
            return Refusal.WOULD_FIT
        if holding_of([mask_of(tiles)]) != reveal.holding:
            return Refusal.BAD_HOLDING
        return None

    def held_by(self, side: int) -> int:
        """Tiles a side holds now (both partners')."""
        return sum(self.counts[s] for s in self.rules.seats_of(side))

    def unclaimed(self) -> list[Tile]:
        """Tiles a blocked side may still hold: not played, not in another holding, fitting no end."""
        return [
            t
            for t in self.rules.tiles.tiles
            if t not in self.played and t not in self.claimed and not self.ends_for(t)
        ]

    def first_fitting(self, tiles: Sequence[Tile]) -> Tile | None:
        """The first of ``tiles`` that fits an open end (what a refused holding is told)."""
        return next((tile for tile in tiles if self.ends_for(tile)), None)

    # ------------------------------------------------------------- changing

    def apply(self, entry: Entry) -> list[Event]:
        """Record one entry and return its events; ``ValueError`` (with the reason) if it cannot be."""
        reason = self.check(entry)
        if reason is not None:
            raise IllegalActionError(reason, entry)
        events: list[Event] = []
        if isinstance(entry, NewHand):
            self._deal(events)
        elif isinstance(entry, Open):
            self._open(entry, events)
        elif isinstance(entry, Play):
            self._play(entry, events)
        elif isinstance(entry, DrawTiles):
            for _ in range(entry.count):
                self.stock -= 1
                self.counts[entry.seat] += 1
                events.append(Drew(entry.seat, None, self.stock, self.drawable))
        elif isinstance(entry, Pass):
            self._pass(entry.seat, events)
        else:
            self.revealed[entry.side] = entry.holding
            self.claimed.update(entry.tiles)
            if not self.sides_to_reveal():
                self._settle_block(events)
        self.entries.append(entry)
        self.history.extend(events)
        return events

    def _deal(self, events: list[Event]) -> None:
        rules = self.rules
        self.hand_number += 1
        self.counts = [rules.tiles_per_player] * rules.players
        self.stock = rules.stock_size
        self.line.clear()
        self._arm_of = []
        self.layout = self.opening = None
        self.played = set()
        self.revealed = {}
        self.claimed = set()
        self._passes = 0
        self.phase = TablePhase.OPENING
        hands = (None,) * rules.players
        events.append(HandDealt(self.hand_number, hands, rules.tiles_per_player, self.stock, self.drawable))

    def _open(self, entry: Open, events: list[Event]) -> None:
        tile = entry.tile
        self.counts[entry.seat] -= 1
        self.played.add(tile)
        self.line.append((tile, tile.low, tile.low))
        self._arm_of = [-1]
        if self.rules.arms == 2:
            self.layout = Layout.two((tile.low, tile.low), (tile, tile), tile, self.rules.first_arms_first)
        else:
            self.layout = Layout.opened(tile, self.rules.arms)
        self.opening = tile
        self.phase = TablePhase.PLAYING
        events.append(Opened(entry.seat, tile))
        if self.rules.opening_double_scores and self._header(entry.seat, HeaderKind.DOUBLE, events):
            return
        self.turn = (entry.seat + 1) % self.rules.players

    def _play(self, play: Play, events: list[Event]) -> None:
        before = self.layout
        assert before is not None
        tile, seat, end = play.tile, play.seat, play.end
        base = before.header_base(tile, end)
        layout = self.layout = before.played(tile, end)
        outer = layout.ends[end]
        inner = tile.other(outer)
        if before.two_ends and end == End.LEFT:
            self.line.appendleft((tile, outer, inner))
        else:
            self.line.append((tile, inner, outer))
            self._arm_of.append(end)
        self.counts[seat] -= 1
        self.played.add(tile)
        self._passes = 0
        doubles = tuple(t.is_double for t in layout.end_tiles)
        if before.two_ends:
            left, right = layout.ends
            events.append(TilePlayed(seat, tile, end, left, right, doubles[0], doubles[1]))
        else:
            new_arm = end == len(before.ends)
            events.append(TilePlayed(seat, tile, end, -1, -1, False, False, layout.ends, doubles, new_arm))
        if base and self._header(seat, header_kind(base), events):
            return
        if self.counts[seat]:
            self.turn = (seat + 1) % self.rules.players
            return
        if self.board.went_out(seat, self.side_of(seat), events):
            self.phase = TablePhase.OVER
        else:
            self._end_hand(events)

    def _header(self, seat: int, kind: HeaderKind, events: list[Event]) -> bool:
        if self.board.header(seat, self.side_of(seat), kind, events):
            self.phase = TablePhase.OVER
            return True
        return False

    def _pass(self, seat: int, events: list[Event]) -> None:
        events.append(Passed(seat))
        self._passes += 1
        if self._passes < self.rules.players:
            self.turn = (seat + 1) % self.rules.players
            return
        self.phase = TablePhase.REVEAL
        if self.rules.blocked_rule is BlockedRule.NONE:
            self._settle_block(events)

    def _settle_block(self, events: list[Event]) -> None:
        holdings = tuple(self.revealed[side] for side in range(self.rules.sides)) if self.revealed else ()
        if self.board.blocked(holdings, (), events):
            self.phase = TablePhase.OVER
        else:
            self._end_hand(events)

    def _end_hand(self, events: list[Event]) -> None:
        events.append(HandEnded(self.hand_number, tuple(self.board.scores)))
        self.phase = TablePhase.HAND_OVER
