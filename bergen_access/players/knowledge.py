"""What a seat can infer about the tiles it cannot see, from its view alone.

A seat sees its own tiles, the line, every seat's tile count, the stock size
and the public history. From the history of the current hand it learns:

* a seat that drew (when drawing is only allowed without a fitting tile) or
  passed held no tile matching an open end at that moment (under
  first-arms-first only the end that had to be played counts; on four or
  eight arms, before every arm was started only the opening number counts,
  then every arm's end);
* nobody was dealt a double that outranks the opening double;
* a tile a seat played was in its hand: dealt to it, or drawn before.

Each other seat's hand is modelled as *slots*: its dealt tiles and each tile
it drew. A slot acquired at some moment must avoid every number the seat was
shown not to hold afterwards. Which slots were emptied by the seat's plays is
not known; we match plays to the earliest slots they can come from (a
transversal-matroid greedy), which leaves the latest, least constrained slots
in the hand. Those slots admit exactly the hands that some consistent history
allows, so sampling into them never contradicts what the seat has seen.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.events import Drew, HandDealt, Opened, Passed, TilePlayed
from ..core.layout import Arms, arms_restricted
from ..core.rules import Opener
from ..core.tiles import SUIT_MASK, mask_of
from ..core.view import SeatView
from .fastsim import PAIR
from .headers import header_mask, reach_mask

#: How much a slot that let a header pass still counts towards holding its tile.
HINT_WEIGHT = 0.2


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's inference about the hidden tiles, at one moment of a hand.

    ``slots[s]`` holds one forbidden-tile mask per tile seat ``s`` holds
    (empty for the own seat); ``unknown`` is every tile in other hands or
    the stock. ``soft[s]`` marks, per slot, tiles the seat probably lacks:
    it let a header with them pass (most players take every header they
    can); these are likelihoods, not facts.
    """

    seat: int
    hand: int
    unknown: int
    counts: tuple[int, ...]
    stock_size: int
    slots: tuple[tuple[int, ...], ...]
    soft: tuple[tuple[int, ...], ...]
    passes: int
    #: per seat, when each slot was acquired (history times, ``2 * index``), aligned with ``slots``; empty
    #: when unknown (the own seat, or a history this inference could not follow)
    times: tuple[tuple[int, ...], ...] = ()
    #: per seat, each play's (tile, time played, time its slot was acquired), in the matching that
    #: leaves ``slots`` in the hand: which tiles played later were already held at an earlier moment
    sources: tuple[tuple[tuple[int, int, int], ...], ...] = ()

    def holds_probability(self, seat: int, tile: int) -> float:
        """A quick estimate of the chance that ``seat`` holds ``tile``.

        Each place the tile may be (a slot of a seat, or the stock) counts
        once, a slot that let a header with it pass only ``HINT_WEIGHT``;
        exact posteriors are the search's job, not this one's.
        """
        if seat == self.seat:
            return float(self.hand >> tile & 1)
        if not self.unknown >> tile & 1:
            return 0.0
        bit = 1 << tile
        total = float(self.stock_size)
        mine = 0.0
        for other, slots in enumerate(self.slots):
            weight = 0.0
            for forbidden, hinted in zip(slots, self.soft[other], strict=True):
                if not forbidden & bit:
                    weight += HINT_WEIGHT if hinted & bit else 1.0
            total += weight
            if other == seat:
                mine = weight
        return mine / total if total else 0.0

    def holding_chances(self, seat: int, tiles: int) -> dict[int, float]:
        """``holds_probability(seat, t)`` for every tile ``t`` of the mask ``tiles``, at once.

        Slots with the same masks are counted together, so many tiles cost
        little more than one (the normal level asks this for every tile that
        could make a header on four or eight arms).
        """
        if seat == self.seat:
            return {t: float(self.hand >> t & 1) for t in _bits(tiles)}
        groups: dict[tuple[int, int, bool], int] = {}
        for other, slots in enumerate(self.slots):
            for forbidden, hinted in zip(slots, self.soft[other], strict=True):
                key = (forbidden, hinted, other == seat)
                groups[key] = groups.get(key, 0) + 1
        chances: dict[int, float] = {}
        for t in _bits(tiles):
            if not self.unknown >> t & 1:
                chances[t] = 0.0
                continue
            bit = 1 << t
            total = float(self.stock_size)
            mine = 0.0
            for (forbidden, hinted, own), count in groups.items():
                if not forbidden & bit:
                    weight = count * (HINT_WEIGHT if hinted & bit else 1.0)
                    total += weight
                    if own:
                        mine += weight
            chances[t] = mine / total if total else 0.0
        return chances


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _ends_mask(left: int, right: int, line_length: int, opening_number: int, arms_rule: bool) -> int:
    """Tiles that would have fitted the ends a seat had to play to."""
    if arms_restricted(arms_rule, line_length):  # only the opening double's free side was open
        return SUIT_MASK[opening_number]
    return SUIT_MASK[left] | SUIT_MASK[right]


def _remaining_slots(
    acquired: list[int], plays: list[tuple[int, int]], constraints: list[tuple[int, int]]
) -> tuple[list[int], list[int]] | None:
    """Acquisition times of the slots still in hand, least constrained choice, and of each play's slot;
    None if inconsistent.

    Times are ordered integers: a constraint at time ``c`` binds slots
    acquired before ``c``; a play at time ``p`` takes a slot acquired before
    ``p`` whose tile passed every constraint in between.
    """

    def forbidden_between(start: int, stop: int) -> int:
        mask = 0
        for time, forbidden in constraints:
            if start < time < stop:
                mask |= forbidden
        return mask

    order = sorted(range(len(acquired)), key=lambda i: acquired[i])
    edges = [
        [
            p
            for p, (tile, time) in enumerate(plays)
            if acquired[s] < time and not forbidden_between(acquired[s], time) >> tile & 1
        ]
        for s in range(len(acquired))
    ]
    slot_of_play: list[int | None] = [None] * len(plays)

    def augment(slot: int, seen: set[int]) -> bool:
        for p in edges[slot]:
            if p in seen:
                continue
            seen.add(p)
            holder = slot_of_play[p]
            if holder is None or augment(holder, seen):
                slot_of_play[p] = slot
                return True
        return False

    matched = 0
    for slot in order:  # earliest first: plays empty the most constrained slots
        if matched == len(plays):
            break
        if augment(slot, set()):
            matched += 1
    if matched < len(plays):
        return None
    used = {s for s in slot_of_play if s is not None}
    return [acquired[s] for s in order if s not in used], [acquired[s] for s in slot_of_play if s is not None]


def _after(start: int, constraints: list[tuple[int, int]]) -> int:
    """Every tile forbidden by a constraint later than ``start``."""
    mask = 0
    for time, forbidden in constraints:
        if time > start:
            mask |= forbidden
    return mask


def infer(view: SeatView) -> Knowledge:
    """Everything ``view``'s seat can infer about the hidden tiles of the hand under way."""
    rules = view.rules
    me = view.seat
    players = rules.players
    history = view.history
    start = max((i for i, e in enumerate(history) if isinstance(e, HandDealt)), default=0)
    dealt = history[start]
    tiles_each = dealt.tiles_each if isinstance(dealt, HandDealt) else rules.tiles_per_player
    forced_draws = not rules.draw_while_able
    arms_rule = rules.first_arms_first
    many = rules.arms > 2
    spread: Arms | None = None

    acquired: list[list[int]] = [[2 * start] * tiles_each for _ in range(players)]
    plays: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    constraints: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    hints: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    left = right = opening_number = -1
    line_length = 0
    passes = 0
    for index in range(start + 1, len(history)):
        event = history[index]
        time = 2 * index
        if isinstance(event, TilePlayed):
            if spread is not None:
                if spread.header_base(event.tile, event.end) == 0:  # no header: those tiles were not at hand
                    hints[event.seat].append((time, header_mask(spread)))
                spread = spread.played(event.tile, event.end)
            elif event.left != event.right:  # no header: the header tile was probably not at hand
                hints[event.seat].append((time, 1 << PAIR[left][right]))
            plays[event.seat].append((event.tile, time))
            left, right = event.left, event.right
            line_length += 1
            passes = 0
        elif isinstance(event, Drew):
            if forced_draws:
                fits = (
                    reach_mask(spread)
                    if spread is not None
                    else _ends_mask(left, right, line_length, opening_number, arms_rule)
                )
                constraints[event.seat].append((time, fits))
            else:
                headers = header_mask(spread) if spread is not None else 1 << PAIR[left][right]
                hints[event.seat].append((time, headers))
            acquired[event.seat].append(time)
        elif isinstance(event, Passed):
            fits = (
                reach_mask(spread)
                if spread is not None
                else _ends_mask(left, right, line_length, opening_number, arms_rule)
            )
            constraints[event.seat].append((time, fits))
            passes += 1
        elif isinstance(event, Opened):
            plays[event.seat].append((event.tile, time))
            left = right = opening_number = event.tile.low
            line_length = 1
            if many:
                spread = Arms.opened(event.tile, rules.arms)
            outranking = [
                d
                for d in rules.tiles.doubles
                if (d < event.tile if rules.opener is Opener.LOWEST else d > event.tile)
            ]
            for seat in range(players):
                constraints[seat].append((2 * start + 1, mask_of(outranking)))

    hand = mask_of(view.hand)
    unknown = rules.tiles.mask & ~hand & ~mask_of(placed[0] for placed in view.line)
    counts = view.tile_counts
    slots: list[tuple[int, ...]] = []
    soft: list[tuple[int, ...]] = []
    times: list[tuple[int, ...]] = []
    sources: list[tuple[tuple[int, int, int], ...]] = []
    for seat in range(players):
        matched = ([], []) if seat == me else _remaining_slots(acquired[seat], plays[seat], constraints[seat])
        if matched is None or len(matched[0]) != (0 if seat == me else counts[seat]):
            # An inconsistent history (it cannot happen under the engine): assume nothing rather than fail.
            slots.append((0,) * counts[seat])
            soft.append((0,) * counts[seat])
            times.append(())
            sources.append(())
            continue
        remaining, played_from = matched
        slots.append(tuple(_after(time, constraints[seat]) & unknown for time in remaining))
        soft.append(tuple(_after(time, hints[seat]) & unknown for time in remaining))
        times.append(tuple(remaining))
        sources.append(
            ()
            if seat == me
            else tuple(
                (int(tile), time, source)
                for (tile, time), source in zip(plays[seat], played_from, strict=True)
            )
        )
    return Knowledge(
        me,
        hand,
        unknown,
        counts,
        view.stock_size,
        tuple(slots),
        tuple(soft),
        passes,
        tuple(times),
        tuple(sources),
    )
