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
    MAX_SEATS,
    Action,
    Draw,
    End,
    IllegalActionError,
    Play,
    Refusal,
    play_action,
)
from .dealers import Dealer, SeededDealer
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
from .layout import (
    Arms,
    Layout,
    arm_lines,
    arms_end,
    arms_restricted,
    fit_masks,
    fit_refusal,
    fitting_ends,
    header_kind,
)
from .rules import Opener, Rules
from .scoreboard import Scoreboard
from .scoring import holding_of
from .tiles import EVERY_TILE, NUMBERS, SIX_SUIT_MASK, SUIT_MASK, TILES, Tile, mask_of, tiles_in

_IS_DOUBLE = tuple(t.is_double for t in TILES)
_OTHER = tuple(tuple(t.other(n) if t.has(n) else -1 for n in range(7)) for t in TILES)

#: each tile's bit (of any set), read through a list's C-level ``__getitem__`` so that a hand's mask is
#: ``sum(map(_BIT_OF, hand))`` without a Python loop; the sum is its mask when no tile comes twice
_BIT_OF = [1 << tile for tile in range(len(EVERY_TILE))].__getitem__
#: each tile's lower number (a double's number), without the property's Python call
_LOW_OF = tuple(tile.low for tile in EVERY_TILE)

_NEXT = tuple(tuple((seat + 1) % players for seat in range(players)) for players in range(MAX_SEATS + 1))

# Events built straight from their fields, skipping the named tuples' Python-level __new__
# (the same values: a named tuple is its tuple of fields). Every field is given.
_new = tuple.__new__

#: A placed tile, oriented as it lies: (tile, number facing left, number facing right).
Placed = tuple[Tile, int, int]

# Every double-six play's event and placed tile, made once (about 5,500 events): they are immutable
# values, so the hands' histories and lines share them instead of building and freeing two tuples on
# every play, which was the largest single cost of ``apply``.
# The double-six tables of a play are indexed by one plain int, the *key* ``touching * 28 + tile``
# (the number the tile is laid against, and the tile): a ``Tile`` is an int subclass, which CPython
# indexes by its slow path, so ``apply`` makes the key once and every lookup after it is the fast one.
# An end is known by its *code*: its number * 2, plus 1 if the tile lying there is a double.
_SIX = 28
assert len(TILES) == _SIX
#: [key]: the number the tile shows outwards (-1: the tile lacks the number touched)
_OUTER = tuple(_OTHER[tile][touching] for touching in NUMBERS for tile in TILES)
#: [key]: the code of the end the play makes (-1: no play)
_CODE_AFTER = tuple(
    _OTHER[tile][touching] * 2 + _IS_DOUBLE[tile] if tile.has(touching) else -1
    for touching in NUMBERS
    for tile in TILES
)
#: by the other end's code; empty where the tile lacks ``touching``
_ByOtherEnd = tuple[TilePlayed, ...]
_PlayedAt = tuple[tuple[_ByOtherEnd, ...], ...]  # [seat][key]


def _played_at(end: End) -> _PlayedAt:
    """Every event of a play at ``end``, [seat][key][the other end's code]."""
    right = end is End.RIGHT
    others = [(other, other_double) for other in NUMBERS for other_double in (False, True)]
    table = []
    for seat in range(MAX_SEATS):
        by_key: list[_ByOtherEnd] = []
        for touching in NUMBERS:
            for tile in TILES:
                outer = _OTHER[tile][touching]
                double = _IS_DOUBLE[tile]
                if outer < 0:
                    by_key.append(())
                elif right:
                    by_key.append(
                        tuple([TilePlayed(seat, tile, end, o, outer, od, double) for o, od in others])
                    )
                else:
                    by_key.append(
                        tuple([TilePlayed(seat, tile, end, outer, o, double, od) for o, od in others])
                    )
        table.append(tuple(by_key))
    return tuple(table)


#: double-six draw events by the reserved tiles, made once per value the rules use: [seat][tiles left in the
#: stock][tile] (shared, as the play events are: a draw built no tuple)
_DrewTable = tuple[tuple[tuple[Drew, ...], ...], ...]
_DREW_TABLES: dict[int, _DrewTable] = {}


def _drew_table(reserved: int) -> _DrewTable:
    """Every double-six draw event under ``reserved`` reserved tiles (made on first use)."""
    table = _DREW_TABLES.get(reserved)
    if table is None:
        lefts = range(len(TILES))
        table = _DREW_TABLES[reserved] = tuple(
            tuple(tuple(Drew(seat, tile, left, left - reserved) for tile in TILES) for left in lefts)
            for seat in range(MAX_SEATS)
        )
    return table


_ONLY_TILES = frozenset([Tile])

#: every seat's pass event, made once (an immutable value, shared as the play events are)
_PASSED = tuple(Passed(seat) for seat in range(MAX_SEATS))
_PLAYED_LEFT = _played_at(End.LEFT)
_PLAYED_RIGHT = _played_at(End.RIGHT)
#: [key]: the tile as it lies at the left or the right end
_PLACED_LEFT = tuple((tile, _OTHER[tile][n], n) for n in NUMBERS for tile in TILES)
_PLACED_RIGHT = tuple((tile, n, _OTHER[tile][n]) for n in NUMBERS for tile in TILES)


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

# Module names for the enum members the hot paths compare with: reading a member off its enum
# class is ten times slower than reading a global.
_NOT_STARTED = Phase.NOT_STARTED
_PLAYING = Phase.PLAYING
_HAND_OVER = Phase.HAND_OVER
_OVER = Phase.OVER
_LEFT = End.LEFT
_RIGHT = End.RIGHT
_DOUBLE = HeaderKind.DOUBLE
_TRIPLE = HeaderKind.TRIPLE
_LOWEST = Opener.LOWEST


class Match:
    """A match of Bergen, hand after hand, until a side reaches the target."""

    def __init__(self, rules: Rules, dealer: Dealer, scores: Sequence[int] | None = None) -> None:
        """A match not yet dealt; ``scores`` continues one already under way (points per side).

        Fewer than 30 attributes, on every set (``_arm_of`` included): from 30 on, CPython (3.11) keeps
        an object's attributes in a dictionary of its own, and every attribute read in ``apply`` and
        ``legal_actions`` gets slower (about 4 % of a whole game; bench/engine_speed.py). Whatever can be
        read off ``rules`` or ``board`` outside the hot paths is read there.
        """
        self.rules = rules
        self.dealer = dealer
        self.phase = _NOT_STARTED
        self.hand_number = 0
        self.turn = 0
        board = self.board = Scoreboard(rules, scores)
        self.scores = scores_list = board.scores  # the board's list, shared
        self.starting_scores = tuple(scores_list)
        self.history: list[Event] = []
        self.actions: list[Action] = []
        #: actions taken back (core/takeback.py): where each take-back cut the actions, and what it took
        self.taken_back: list[tuple[int, tuple[Action, ...]]] = []
        players = rules.players
        self._next = _NEXT[players]  # the seats follow each other; its length is the number of players
        self._side_of = rules.seat_sides
        self._reserved = rules.reserved_tiles
        self._arms_rule = rules.first_arms_first
        self._draw_while_able = rules.draw_while_able
        self._hands = [0] * players
        self._stock: list[Tile] = []  # the next tile to draw is the last one
        self._line: deque[Placed] = deque()
        self._left = self._right = -1
        #: the codes of the ends (number * 2, plus 1 for a double there); the end tiles are the line's
        self._left_code = self._right_code = 0
        self._opening: Tile | None = None
        self._passes = 0
        #: with four or eight arms (double-nine, double-twelve) the line lives here, not in _left/_right
        self._many = rules.arms > 2
        self._spread: Arms | None = None
        #: double-six draw events, shared (None on larger sets, whose draws make theirs; set by each deal)
        self._drew: _DrewTable | None = None

    # ----------------------------------------------------------------- reading

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self._next)

    @property
    def target(self) -> int:
        """Points to reach, or counters each side starts with."""
        return self.board.target

    @property
    def is_over(self) -> bool:
        """A side has reached the target."""
        return self.phase is _OVER

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
        line = self._line
        return (line[0][0], line[-1][0]) if line else None

    @property
    def layout(self) -> Layout | None:
        """The open ends and where a tile may go (any set); None before the opening."""
        if self._spread is not None:
            return self._spread
        if not self._line or self._opening is None:
            return None
        return Layout.two(
            (self._left, self._right), (self._line[0][0], self._line[-1][0]), self._opening, self._arms_rule
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
        return arm_lines(self._line, self._arm_of, len(self._spread.ends))

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
        return self.board.target - self.scores[side]

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
        line = self._line
        end_tiles = (line[0][0], line[-1][0]) if line else (TILES[0], TILES[0])
        return arms_end(self._arms_rule, len(line), end_tiles, self._opening)

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
        if self._arms_rule:  # as in legal_actions
            left_fit, right_fit = fit_masks(
                hand, self._left, self._right, self._line[0][0] == self._opening, True, len(self._line)
            )
            return left_fit | right_fit
        return hand & (SIX_SUIT_MASK[self._left] | SIX_SUIT_MASK[self._right])

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move, plays sorted by tile then end."""
        if self.phase is not _PLAYING:
            return []
        seat = self.turn
        if self._many:
            return self._legal_on_arms(seat)
        hand = self._hands[seat]
        # Double-six under first-arms-first (rules.md §4): the rule is layout's fit_masks, asked only by
        # a match whose rules say so, so a plain double-six match pays nothing for the arms.
        if self._arms_rule:
            left_fit, right_fit = fit_masks(
                hand, self._left, self._right, self._line[0][0] == self._opening, True, len(self._line)
            )
        else:
            left_fit = hand & SIX_SUIT_MASK[self._left]
            right_fit = hand & SIX_SUIT_MASK[self._right]
        fit = left_fit | right_fit
        if not fit:
            return [_DRAWS[seat] if len(self._stock) > self._reserved else _PASSES[seat]]
        plays = _PLAYS[seat]
        if not fit & (fit - 1):  # one tile fits (the commonest case with any): no walk over the bits
            pair = plays[fit.bit_length() - 1]
            if not right_fit:
                actions: list[Action] = [pair[0]]
            elif left_fit:
                actions = [*pair]
            else:
                actions = [pair[1]]
            if self._draw_while_able and len(self._stock) > self._reserved:
                actions.append(_DRAWS[seat])
            return actions
        actions = []
        while fit:
            bit = fit & -fit
            fit ^= bit
            pair = plays[bit.bit_length() - 1]
            if left_fit & bit:
                actions.append(pair[0])
            if right_fit & bit:
                actions.append(pair[1])
        if self._draw_while_able and len(self._stock) > self._reserved:
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
        if self.phase is not _PLAYING:
            return _PHASE_REFUSAL[self.phase]
        seat = action.seat
        if not 0 <= seat < len(self._next):
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
        phase = self.phase
        if phase is _PLAYING or phase is _OVER:
            raise IllegalActionError(_PHASE_REFUSAL.get(phase, Refusal.HAND_UNDER_WAY), None)
        self.phase = _PLAYING
        events: list[Event] = []
        self._deal(events)
        self.history.extend(events)
        return events

    def apply(self, action: Action) -> list[Event]:
        """Perform a legal action and return its events; refuse it otherwise.

        The common cases are written out inline: computer players replay
        thousands of matches per move, so this is the hottest code we have.
        Each fast test below that fails hands the action to ``_refuse``, which
        raises only if ``check`` refuses it too.
        """
        seat = action.seat
        if self.phase is not _PLAYING or seat != self.turn:
            self._refuse(action)
        events: list[Event]
        if type(action) is Play:
            if self._many:
                events = self._play_on_arms(seat, action)
                self.actions.append(action)
                self.history.extend(events)
                return events
            tile = action.tile
            end = action.end
            hands = self._hands
            hand = hands[seat]
            if (
                not hand >> tile & 1
                or (self._arms_rule and arms_restricted(True, len(self._line)))  # arms-first asks only then
                or type(tile) is not Tile
            ):
                played = self._lay_checked(seat, action, hand)
                left = self._left
                right = self._right
            elif end is _RIGHT:
                key = self._right * 28 + tile  # _SIX; a plain int from here on
                right = _OUTER[key]
                if right < 0:
                    self._refuse(action)  # raises: no half of the tile shows that end's number
                left = self._left
                played = _PLAYED_RIGHT[seat][key][self._left_code]
                self._right = right
                self._right_code = _CODE_AFTER[key]
                self._line.append(_PLACED_RIGHT[key])
            elif end is _LEFT:
                key = self._left * 28 + tile  # _SIX; a plain int from here on
                left = _OUTER[key]
                if left < 0:
                    self._refuse(action)  # raises: no half of the tile shows that end's number
                right = self._right
                played = _PLAYED_LEFT[seat][key][self._right_code]
                self._left = left
                self._left_code = _CODE_AFTER[key]
                self._line.appendleft(_PLACED_LEFT[key])
            else:
                played = self._lay_checked(seat, action, hand)
                left = self._left
                right = self._right
            hands[seat] = hand = hand ^ 1 << tile
            self._passes = 0
            self.actions.append(action)
            if left != right and hand:
                self.turn = self._next[seat]
                self.history.append(played)
                return [played]
            events = [played]
            if left == right:
                self._header_after_play(seat, events)
            else:
                self._go_out(seat, events)
            self.history.extend(events)
            return events
        if type(action) is Draw:
            drew_table = self._drew
            if drew_table is None:  # a larger set, or a stock not all tiles: the event made here
                return self._draw_made(seat, action)
            stock = self._stock
            hands = self._hands
            hand = hands[seat]
            if len(stock) <= self._reserved or (
                not self._draw_while_able and hand & (SIX_SUIT_MASK[self._left] | SIX_SUIT_MASK[self._right])
            ):
                self._refuse(action)
            tile = stock.pop()
            hands[seat] = hand | 1 << tile
            drew = drew_table[seat][len(stock)][tile]
            self.actions.append(action)
            self.history.append(drew)
            return [drew]
        # A pass: legal when nothing may be drawn and no tile fits (arms-first only narrows the fit).
        if (
            self._many
            or len(self._stock) > self._reserved
            or self._hands[seat] & (SIX_SUIT_MASK[self._left] | SIX_SUIT_MASK[self._right])
        ):
            self._refuse(action)
        events = []
        self._pass(seat, events)
        self.actions.append(action)
        self.history.extend(events)
        return events

    def _draw_made(self, seat: int, action: Draw) -> list[Event]:
        """A draw whose event is made for it: on larger sets, or from a stock that holds plain numbers
        (the event holds the tile as drawn, as it always did)."""
        stock = self._stock
        hands = self._hands
        hand = hands[seat]
        if len(stock) <= self._reserved or (not self._draw_while_able and self._playable_mask(seat)):
            self._refuse(action)
        tile = stock.pop()
        hands[seat] = hand | 1 << tile
        left_in_stock = len(stock)
        drew = _new(Drew, (seat, tile, left_in_stock, left_in_stock - self._reserved))
        self.actions.append(action)
        self.history.append(drew)
        return [drew]

    def _lay_checked(self, seat: int, action: Play, hand: int) -> TilePlayed:
        """Lay a double-six play that ``apply``'s shared events do not cover, and make its event.

        That is a play to refuse (this raises), one under arms-first right after the first tile
        (one side of the opening double still free), or one given as plain numbers rather than a
        ``Tile`` and an ``End``: the event then holds them as given, as it always did. The hand is
        left for ``apply`` to update.
        """
        tile, end = action.tile, action.end
        if end not in (0, 1) or not hand >> tile & 1 or arms_restricted(self._arms_rule, len(self._line)):
            self._refuse(action)  # an end that is neither left nor right is refused, as check() says
        if end:
            touching = self._right
            outer = _OTHER[tile][touching]
            if outer < 0:
                self._refuse(action)
            self._right = outer
            self._right_code = outer * 2 + _IS_DOUBLE[tile]
            self._line.append((tile, touching, outer))
        else:
            touching = self._left
            outer = _OTHER[tile][touching]
            if outer < 0:
                self._refuse(action)
            self._left = outer
            self._left_code = outer * 2 + _IS_DOUBLE[tile]
            self._line.appendleft((tile, outer, touching))
        left_double, right_double = self._left_code & 1 == 1, self._right_code & 1 == 1
        return TilePlayed(seat, tile, end, self._left, self._right, left_double, right_double)

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
            self.turn = self._next[seat]
        else:
            self._go_out(seat, events)
        return events

    def _refuse(self, action: Action) -> None:
        reason = self.check(action)
        if reason is not None:
            raise IllegalActionError(reason, action)

    def _deal(self, events: list[Event]) -> None:
        self.hand_number = number = self.hand_number + 1
        players = len(self._next)
        rules = self.rules
        each = rules.tiles_per_player
        reserved = self._reserved
        tile_set = rules.tiles
        tiles = tile_set.tiles
        doubles = tile_set.doubles_mask
        dealer = self.dealer
        deal_of = dealer.deal
        seeded = type(dealer) is SeededDealer  # its deals are the set's own tiles, never plain numbers
        drew_table = None if self._many else _DREW_TABLES.get(reserved) or _drew_table(reserved)
        dealt_tiles = players * each
        while True:
            deal = deal_of(players, each, tiles)
            dealt = deal[0]
            masks = [sum(map(_BIT_OF, hand)) for hand in dealt]
            held = sum(masks)
            if held.bit_count() != dealt_tiles:  # a tile dealt twice carried into another bit: OR the bits
                masks = [mask_of(hand) for hand in dealt]
                held = 0
                for mask in masks:
                    held |= mask
            self._hands = masks
            self._stock = stock = list(reversed(deal[1]))
            # Double-six draws share their events, unless the stock holds plain numbers (a dealer's own).
            self._drew = drew_table if seeded or _ONLY_TILES.issuperset(map(type, stock)) else None
            size = len(stock)
            hands = tuple(map(tuple, map(sorted, dealt)))
            events.append(_new(HandDealt, (number, hands, each, size, size - reserved)))
            opener = self._find_opener(masks, held & doubles)
            if opener is not None:
                break
            events.append(_new(Redeal, (number,)))
        seat, tile = opener
        self._hands[seat] ^= 1 << tile
        low = _LOW_OF[tile]
        self._line = deque([(tile, low, low)])
        self._left = self._right = low
        self._left_code = self._right_code = low * 2 + 1  # the opening double on both ends
        self._opening = tile
        self._passes = 0
        if self._many:
            self._spread = Arms.opened(tile, rules.arms)
            self._arm_of = [-1]  # the arm of each placed tile (-1: the opening double)
        events.append(_new(Opened, (seat, tile)))
        if rules.opening_double_scores and self._header(seat, _DOUBLE, events):
            return
        self.turn = self._next[seat]

    def _find_opener(self, masks: list[int], held: int) -> tuple[int, Tile] | None:
        """The seat holding the opening double (the lowest or highest dealt), and that double; ``held``
        is the doubles dealt (a mask)."""
        if not held:
            return None
        # The doubles are numbered in ascending order, so the lowest is the lowest bit.
        index = (held & -held if self.rules.opener is _LOWEST else held).bit_length() - 1
        for seat, hand in enumerate(masks):
            if hand >> index & 1:
                return seat, EVERY_TILE[index]
        return None  # not reached: a bit of ``held`` is in some hand

    def _header_after_play(self, seat: int, events: list[Event]) -> None:
        """Score the header a double-six play made (both ends alike); then the match is won, the turn
        passes, or the player went out."""
        triple = (self._left_code | self._right_code) & 1
        if self.board.header(seat, self._side_of[seat], _TRIPLE if triple else _DOUBLE, events):
            self.phase = _OVER
        elif self._hands[seat]:
            self.turn = self._next[seat]
        else:
            self._go_out(seat, events)

    def _go_out(self, seat: int, events: list[Event]) -> None:
        if self.board.went_out(seat, self._side_of[seat], events):
            self.phase = _OVER
        else:
            self._end_hand(events)

    def _header(self, seat: int, kind: HeaderKind, events: list[Event]) -> bool:
        """Score a header; True when it won the match."""
        if self.board.header(seat, self._side_of[seat], kind, events):
            self.phase = _OVER
            return True
        return False

    def _pass(self, seat: int, events: list[Event]) -> None:
        events.append(_PASSED[seat])
        self._passes += 1
        if self._passes < len(self._next):
            self.turn = self._next[seat]
            return
        side_of = self._side_of
        masks = self._hands
        seats = range(len(self._next))
        holdings = tuple(
            [
                holding_of([masks[s] for s in seats if side_of[s] == side])  # the side's seats (seats_of)
                for side in range(self.rules.sides)
            ]
        )
        hands = tuple([tuple(tiles_in(mask)) for mask in masks])
        if self.board.blocked(holdings, hands, events):
            self.phase = _OVER
            return
        self._end_hand(events)

    def _end_hand(self, events: list[Event]) -> None:
        events.append(_new(HandEnded, (self.hand_number, tuple(self.scores))))
        self.phase = _HAND_OVER

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
            (self._left, self._right, self._left_code, self._right_code),
            self._spread,
            self._opening,
            self._passes,
            tuple(self.history),
            tuple(self.actions),
        )
