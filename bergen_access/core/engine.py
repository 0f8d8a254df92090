"""The Bergen state machine: deal, open, play, draw, pass, score, end, deal again.

``Match`` is the one mutable object of the core. ``legal_actions`` lists what
the seat to move may do, ``check`` says why an action is refused (a code, and
nothing changes), ``apply`` performs a legal action and returns the events it
caused. Hands are bit masks over the 28 tiles so that these stay fast enough
for computer players to simulate many matches.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from enum import StrEnum

from .actions import ALL_DRAWS as _DRAWS
from .actions import ALL_PASSES as _PASSES
from .actions import ALL_PLAYS as _PLAYS
from .actions import (
    Action,
    Draw,
    End,
    IllegalActionError,
    Play,
    Refusal,
    play_action,
)
from .dealers import Dealer
from .events import (
    Drew,
    Event,
    HandDealt,
    HandEnded,
    HeaderKind,
    Opened,
    Passed,
    Redeal,
    TilePlayed,
)
from .layout import Arms, Layout, arms_end, fit_refusal, fitting_ends, header_kind
from .rules import Opener, Rules
from .scoreboard import Scoreboard
from .scoring import holding_of
from .tiles import SUIT_MASK, TILES, Tile, mask_of, tiles_in

_IS_DOUBLE = tuple(t.is_double for t in TILES)
_OTHER = tuple(tuple(t.other(n) if t.has(n) else -1 for n in range(7)) for t in TILES)

_NEXT = tuple(tuple((seat + 1) % players for seat in range(players)) for players in range(5))

#: A placed tile, oriented as it lies: (tile, number facing left, number facing right).
Placed = tuple[Tile, int, int]


class Phase(StrEnum):
    """Where the match stands."""

    NOT_STARTED = "not-started"
    PLAYING = "playing"
    HAND_OVER = "hand-over"  # a hand has ended; start_hand() deals the next
    OVER = "over"


_PHASE_REFUSAL = {
    Phase.NOT_STARTED: Refusal.NOT_STARTED,
    Phase.HAND_OVER: Refusal.HAND_OVER,
    Phase.OVER: Refusal.MATCH_OVER,
}


class Match:
    """A match of Bergen, hand after hand, until a side reaches the target."""

    def __init__(self, rules: Rules, dealer: Dealer, scores: Sequence[int] | None = None) -> None:
        """A match not yet dealt; ``scores`` continues one already under way (points per side)."""
        self.rules = rules
        self.dealer = dealer
        self.phase = Phase.NOT_STARTED
        self.hand_number = 0
        self.turn = 0
        self.board = Scoreboard(rules, scores)
        self.starting_scores = tuple(self.board.scores)
        self.scores = self.board.scores  # the board's list, shared
        self.history: list[Event] = []
        self.actions: list[Action] = []
        self._players = rules.players
        self._side_of = tuple(rules.side_of(s) for s in range(rules.players))
        self._target = rules.target_score
        self._reserved = rules.reserved_tiles
        self._arms_rule = rules.first_arms_first
        self._draw_while_able = rules.draw_while_able
        self._hands = [0] * rules.players
        self._stock: list[Tile] = []  # the next tile to draw is the last one
        self._line: deque[Placed] = deque()
        self._left = self._right = -1
        self._left_tile = self._right_tile = TILES[0]
        self._opening: Tile | None = None
        self._passes = 0
        self._tiles = rules.tiles
        self._doubles = rules.tiles.doubles
        #: with four or eight arms (double-nine, double-twelve) the line lives here, not in _left/_right
        self._many = rules.arms > 2
        self._spread: Arms | None = None

    # ----------------------------------------------------------------- reading

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._players

    @property
    def target(self) -> int:
        """Points to reach, or counters each side starts with."""
        return self._target

    @property
    def is_over(self) -> bool:
        """A side has reached the target."""
        return self.phase is Phase.OVER

    @property
    def ends(self) -> tuple[int, ...] | None:
        """The numbers on the open ends (left, right; or each started arm's); None before the opening."""
        if self._spread is not None:
            return self._spread.ends
        return (self._left, self._right) if self._line else None

    @property
    def end_tiles(self) -> tuple[Tile, ...] | None:
        """The tiles at the open ends, in the order of ``ends``."""
        if self._spread is not None:
            return self._spread.end_tiles
        return (self._left_tile, self._right_tile) if self._line else None

    @property
    def layout(self) -> Layout | None:
        """The open ends and where a tile may go (any set); None before the opening."""
        if self._spread is not None:
            return self._spread
        if not self._line or self._opening is None:
            return None
        return Layout.two(
            (self._left, self._right), (self._left_tile, self._right_tile), self._opening, self._arms_rule
        )

    @property
    def spread(self) -> Arms | None:
        """The arms of a larger set's line (None on double-six)."""
        return self._spread

    @property
    def line(self) -> tuple[Placed, ...]:
        """The line from left to right, each tile oriented as it lies (with more arms: in the order laid)."""
        return tuple(self._line)

    @property
    def arm_lines(self) -> tuple[tuple[Placed, ...], ...]:
        """With more arms, each started arm from the centre outwards: (tile, inner number, outer number)."""
        if self._spread is None:
            return ()
        arms: list[list[Placed]] = [[] for _ in self._spread.ends]
        for placed, arm in zip(self._line, self._arm_of, strict=True):
            if arm >= 0:
                arms[arm].append(placed)
        return tuple(tuple(arm) for arm in arms)

    @property
    def opening(self) -> Tile | None:
        """This hand's opening double."""
        return self._opening

    @property
    def stock_size(self) -> int:
        """Tiles in the stock, the reserved ones included."""
        return len(self._stock)

    @property
    def drawable(self) -> int:
        """Tiles that may still be drawn."""
        return max(0, len(self._stock) - self._reserved)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """A seat's tiles in ascending order (the full truth, not a view)."""
        return tuple(tiles_in(self._hands[seat]))

    def tile_count(self, seat: int) -> int:
        """How many tiles a seat holds."""
        return self._hands[seat].bit_count()

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return self._side_of[seat]

    def need(self, side: int) -> int:
        """Points a side still needs; with counters, the counters it holds."""
        return self._target - self.scores[side]

    @property
    def winner(self) -> int | None:
        """The side that reached the target, once the match is over."""
        return self.board.winner

    def playable(self, seat: int) -> tuple[Tile, ...]:
        """The seat's tiles that fit an end it may play to now."""
        return tuple(tiles_in(self._playable_mask(seat)))

    def fitting_ends(self, seat: int, tile: Tile) -> tuple[int, ...]:
        """The ends (arms) where ``seat`` may lay ``tile`` now (empty if none)."""
        if self._spread is not None:
            places = self._spread.ends_for(tile) if self._hands[seat] >> tile & 1 else ()
            return places if self.check(Play(seat, tile, places[0] if places else 0)) is None else ()
        return tuple(end for end in End if self.check(play_action(seat, tile, end)) is None)

    def ends_for(self, tile: Tile) -> tuple[int, ...]:
        """The ends ``tile`` fits now under the rules, whoever holds it and whoever's turn it is."""
        if self._spread is not None:
            return self._spread.ends_for(tile)
        if not self._line:
            return ()
        return fitting_ends((self._left, self._right), self._arms_end(), tile)

    # ------------------------------------------------------------- legality

    def _arms_end(self) -> End | None:
        """Under first-arms-first, the end that must be played while one arm is open."""
        return arms_end(self._arms_rule, len(self._line), (self._left_tile, self._right_tile), self._opening)

    def _playable_mask(self, seat: int) -> int:
        hand = self._hands[seat]
        spread = self._spread
        if spread is not None:
            if not spread.all_started:
                return hand & SUIT_MASK[spread.opening.low]
            mask = 0
            for number in spread.ends:
                mask |= SUIT_MASK[number]
            return hand & mask
        if not self._line:
            return 0
        arms = self._arms_end()
        if arms is not None:
            return hand & SUIT_MASK[self._left if arms is End.LEFT else self._right]
        return hand & (SUIT_MASK[self._left] | SUIT_MASK[self._right])

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move, plays sorted by tile then end."""
        if self.phase is not Phase.PLAYING:
            return []
        seat = self.turn
        if self._spread is not None:
            return self._legal_on_arms(seat)
        hand = self._hands[seat]
        left_fit = hand & SUIT_MASK[self._left]
        right_fit = hand & SUIT_MASK[self._right]
        if self._arms_rule:
            arms = self._arms_end()
            if arms is End.LEFT:
                right_fit = 0
            elif arms is End.RIGHT:
                left_fit = 0
        fit = left_fit | right_fit
        drawable = len(self._stock) > self._reserved
        if not fit:
            return [_DRAWS[seat] if drawable else _PASSES[seat]]
        plays = _PLAYS[seat]
        actions: list[Action] = []
        while fit:
            bit = fit & -fit
            fit ^= bit
            pair = plays[bit.bit_length() - 1]
            if left_fit & bit:
                actions.append(pair[0])
            if right_fit & bit:
                actions.append(pair[1])
        if drawable and self._draw_while_able:
            actions.append(_DRAWS[seat])
        return actions

    def _legal_on_arms(self, seat: int) -> list[Action]:
        spread = self._spread
        assert spread is not None
        fit = self._playable_mask(seat)
        drawable = len(self._stock) > self._reserved
        if not fit:
            return [_DRAWS[seat] if drawable else _PASSES[seat]]
        actions: list[Action] = [
            Play(seat, tile, arm) for tile in tiles_in(fit) for arm in spread.ends_for(tile)
        ]
        if drawable and self._draw_while_able:
            actions.append(_DRAWS[seat])
        return actions

    def check(self, action: Action) -> Refusal | None:
        """Why ``action`` is not legal now, or None if it is."""
        if self.phase is not Phase.PLAYING:
            return _PHASE_REFUSAL[self.phase]
        seat = action.seat
        if not 0 <= seat < self._players:
            return Refusal.NO_SUCH_SEAT
        if seat != self.turn:
            return Refusal.NOT_YOUR_TURN
        if type(action) is Play:
            return self._check_play(seat, action.tile, action.end)
        can_play = self._playable_mask(seat) != 0
        drawable = len(self._stock) > self._reserved
        if type(action) is Draw:
            if not drawable:
                return Refusal.NOTHING_TO_DRAW
            if can_play and not self._draw_while_able:
                return Refusal.MUST_PLAY
            return None
        if can_play:
            return Refusal.MUST_PLAY
        if drawable:
            return Refusal.MUST_DRAW
        return None

    def _check_play(self, seat: int, tile: Tile, end: int) -> Refusal | None:
        if not self._hands[seat] >> tile & 1:
            return Refusal.NOT_IN_HAND
        if self._spread is not None:
            return self._spread.refusal(tile, end)
        if end not in (End.LEFT, End.RIGHT):
            return Refusal.DOES_NOT_FIT
        arms = self._arms_end() if self._arms_rule else None
        return fit_refusal((self._left, self._right), arms, tile, end)

    # ------------------------------------------------------------- changing

    def start_hand(self) -> list[Event]:
        """Deal the next hand (the first one too) and lay its opening double."""
        if self.phase is Phase.PLAYING or self.phase is Phase.OVER:
            raise IllegalActionError(_PHASE_REFUSAL.get(self.phase, Refusal.HAND_UNDER_WAY), None)
        self.phase = Phase.PLAYING
        events: list[Event] = []
        self._deal(events)
        self.history.extend(events)
        return events

    def apply(self, action: Action) -> list[Event]:
        """Perform a legal action and return its events; refuse it otherwise.

        The common cases are written out inline: computer players replay
        thousands of matches per move, so this is the hottest code we have.
        """
        seat = action.seat
        if self.phase is not Phase.PLAYING or seat != self.turn:
            self._refuse(action)
        hands = self._hands
        hand = hands[seat]
        events: list[Event]
        if type(action) is Play:
            if self._many:
                events = self._play_on_arms(seat, action)
                self.actions.append(action)
                self.history.extend(events)
                return events
            tile = action.tile
            end = action.end
            if not hand >> tile & 1 or (self._arms_rule and len(self._line) == 2):
                self._refuse(action)
            if end:
                touching = self._right
                outer = _OTHER[tile][touching]
                if outer < 0:
                    self._refuse(action)
                self._right = outer
                self._right_tile = tile
                self._line.append((tile, touching, outer))
            else:
                touching = self._left
                outer = _OTHER[tile][touching]
                if outer < 0:
                    self._refuse(action)
                self._left = outer
                self._left_tile = tile
                self._line.appendleft((tile, outer, touching))
            hand ^= 1 << tile
            hands[seat] = hand
            events = [
                TilePlayed(
                    seat,
                    tile,
                    end,
                    self._left,
                    self._right,
                    _IS_DOUBLE[self._left_tile],
                    _IS_DOUBLE[self._right_tile],
                )
            ]
            self._passes = 0
            if self._left == self._right and self._header_after_play(seat, events):
                pass
            elif hand:
                self.turn = _NEXT[self._players][seat]
            else:
                self._go_out(seat, events)
        elif type(action) is Draw:
            stock = self._stock
            if self._many:
                if len(stock) <= self._reserved or (not self._draw_while_able and self._playable_mask(seat)):
                    self._refuse(action)
            elif len(stock) <= self._reserved or (
                not self._draw_while_able and hand & (SUIT_MASK[self._left] | SUIT_MASK[self._right])
            ):
                self._refuse(action)
            tile = stock.pop()
            hands[seat] = hand | 1 << tile
            events = [Drew(seat, tile, len(stock), len(stock) - self._reserved)]
        else:
            self._refuse(action)
            events = []
            self._pass(seat, events)
        self.actions.append(action)
        self.history.extend(events)
        return events

    def _play_on_arms(self, seat: int, action: Play) -> list[Event]:
        """A play on a larger set's arms (rules.md §6): the arm's new end, and a header if it makes one."""
        spread = self._spread
        tile, arm = action.tile, action.end
        if spread is None or self._check_play(seat, tile, arm) is not None:
            self._refuse(action)
        assert spread is not None
        base = spread.header_base(tile, arm)
        new_arm = arm == len(spread.ends)
        spread = self._spread = spread.played(tile, arm)
        inner = tile.other(spread.ends[arm])
        self._line.append((tile, inner, spread.ends[arm]))
        self._arm_of.append(arm)
        hand = self._hands[seat] ^ 1 << tile
        self._hands[seat] = hand
        doubles = tuple(t.is_double for t in spread.end_tiles)
        events: list[Event] = [
            TilePlayed(seat, tile, arm, -1, -1, False, False, spread.ends, doubles, new_arm)
        ]
        self._passes = 0
        if base and self._header(seat, header_kind(base), events):
            return events
        if hand:
            self.turn = _NEXT[self._players][seat]
        else:
            self._go_out(seat, events)
        return events

    def _refuse(self, action: Action) -> None:
        reason = self.check(action)
        if reason is not None:
            raise IllegalActionError(reason, action)

    def _deal(self, events: list[Event]) -> None:
        self.hand_number += 1
        players = self._players
        each = self.rules.tiles_per_player
        while True:
            deal = self.dealer.deal(players, each, self._tiles.tiles)
            self._hands = [mask_of(hand) for hand in deal.hands]
            self._stock = list(reversed(deal.stock))
            drawable = len(self._stock) - self._reserved
            hands = tuple(tuple(sorted(h)) for h in deal.hands)
            events.append(HandDealt(self.hand_number, hands, each, len(self._stock), drawable))
            opener = self._find_opener()
            if opener is not None:
                break
            events.append(Redeal(self.hand_number))
        seat, tile = opener
        self._hands[seat] ^= 1 << tile
        self._line = deque([(tile, tile.low, tile.low)])
        self._left = self._right = tile.low
        self._left_tile = self._right_tile = self._opening = tile
        self._passes = 0
        if self._many:
            self._spread = Arms.opened(tile, self.rules.arms)
            self._arm_of = [-1]  # the arm of each placed tile (-1: the opening double)
        events.append(Opened(seat, tile))
        if self.rules.opening_double_scores and self._header(seat, HeaderKind.DOUBLE, events):
            return
        self.turn = (seat + 1) % players

    def _find_opener(self) -> tuple[int, Tile] | None:
        order = self._doubles if self.rules.opener is Opener.LOWEST else self._doubles[::-1]
        for double in order:
            for seat, hand in enumerate(self._hands):
                if hand >> double & 1:
                    return seat, double
        return None

    def _header_after_play(self, seat: int, events: list[Event]) -> bool:
        """Score the header a play made; True when the match is over."""
        triple = _IS_DOUBLE[self._left_tile] or _IS_DOUBLE[self._right_tile]
        if self._header(seat, HeaderKind.TRIPLE if triple else HeaderKind.DOUBLE, events):
            return True
        if self._hands[seat]:
            self.turn = _NEXT[self._players][seat]
        else:
            self._go_out(seat, events)
        return True

    def _go_out(self, seat: int, events: list[Event]) -> None:
        if self.board.went_out(seat, self._side_of[seat], events):
            self.phase = Phase.OVER
        else:
            self._end_hand(events)

    def _header(self, seat: int, kind: HeaderKind, events: list[Event]) -> bool:
        """Score a header; True when it won the match."""
        if self.board.header(seat, self._side_of[seat], kind, events):
            self.phase = Phase.OVER
            return True
        return False

    def _pass(self, seat: int, events: list[Event]) -> None:
        events.append(Passed(seat))
        self._passes += 1
        if self._passes < self._players:
            self.turn = (seat + 1) % self._players
            return
        rules = self.rules
        holdings = tuple(
            holding_of([self._hands[s] for s in rules.seats_of(side)]) for side in range(rules.sides)
        )
        hands = tuple(self.hand(s) for s in range(self._players))
        if self.board.blocked(holdings, hands, events):
            self.phase = Phase.OVER
            return
        self._end_hand(events)

    def _end_hand(self, events: list[Event]) -> None:
        events.append(HandEnded(self.hand_number, tuple(self.scores)))
        self.phase = Phase.HAND_OVER

    # ---------------------------------------------------------------- copies

    def copy(self) -> Match:
        """An independent match in the same state (the dealer copied too)."""
        twin = Match.__new__(Match)
        twin.__dict__.update(self.__dict__)
        twin.dealer = self.dealer.copy()
        twin.board = self.board.copy()
        twin.scores = twin.board.scores
        twin.history = list(self.history)
        twin.actions = list(self.actions)
        twin._hands = list(self._hands)
        twin._stock = list(self._stock)
        twin._line = deque(self._line)
        if self._many:
            twin._arm_of = list(self._arm_of)
        return twin

    def state_key(self) -> tuple[object, ...]:
        """Everything that makes up the state, for comparing two matches."""
        return (
            self.rules,
            self.phase,
            self.hand_number,
            self.turn,
            tuple(self.scores),
            self.winner,
            tuple(self._hands),
            tuple(self._stock),
            tuple(self._line),
            (self._left, self._right, self._left_tile, self._right_tile),
            self._spread,
            self._opening,
            self._passes,
            tuple(self.history),
            tuple(self.actions),
        )
