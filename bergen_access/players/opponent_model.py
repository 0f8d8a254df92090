"""How likely a deal is, given the plays the other seats chose: opponent modelling for the search.

``knowledge`` keeps what is certain (a seat that drew or passed held nothing
that fitted) and one likelihood (a seat that let a header pass probably lacked
its tile). But every play says more: a player who laid the 5-3 on the right
rather than the 6-5 on the left did so for reasons that depend on the rest of
the hand. Here each other seat is assumed to choose, as the normal level and
most people do, by the Bergen terms of ``rollout``'s policy (headers, what a
play gives the next seat, keeping the blocker, shedding doubles, keeping
options), softly: the chance of a play is proportional to
``exp(score / TEMPERATURE)``. A deal's weight is the product of the chances of
the plays the seats really made. Since a seat's last draw, its hand then was
its tiles now and the ones it played since. Before a draw, some of its tiles now
came later: ``knowledge`` keeps when each of a seat's slots was acquired (and
which slot each play came from), the sampler says which tile fills each slot, so
a deal tells the hand then too (the slots acquired before, and the tiles played
later from slots acquired before).

The search weighs each determinization's playouts by this weight, so deals
under which the opponents' plays make sense count more. Only two ends (the
double-six line); on four or eight arms every deal weighs the same.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.events import Drew, HandDealt, HeaderScored, Opened, TilePlayed
from ..core.layout import fit_masks
from ..core.tiles import ALL_TILES_MASK, SUIT_MASK
from ..core.view import SeatView
from .fastsim import IS_DOUBLE, OTHER, PAIR, SimRules
from .knowledge import Knowledge
from .rollout import (
    BLOCKER_BONUS,
    DOUBLE_BONUS,
    EQUAL_ENDS,
    GAIN_WEIGHT,
    OPTION_BONUS,
    STARVE_BONUS,
    SUPPLY_WEIGHT,
    THREAT_WEIGHT,
)

#: Points of policy score per factor e in a play's chance (lower: opponents assumed more exact).
TEMPERATURE = 0.1
#: A weight is never below this share of the largest possible (one odd play must not erase a deal).
FLOOR = 1e-4


@dataclass(frozen=True, slots=True)
class Decision:
    """One play a seat chose, with what it saw then; ``later`` are the tiles it played from then on."""

    seat: int
    code: int
    left: int
    right: int
    left_tile: int
    right_tile: int
    line_length: int
    line_mask: int
    opening: int
    needs: tuple[int, ...]
    next_count: int
    later: int
    #: before a draw of the seat: the slots (``Knowledge.slots``) it held then; None: every tile it holds now
    held: tuple[int, ...] | None = None


def decisions(view: SeatView, sim: SimRules, knowledge: Knowledge | None = None) -> tuple[Decision, ...]:
    """The other seats' plays of this hand, with the ends they faced.

    Without ``knowledge`` only those since each seat's last draw; with it the earlier ones too, the
    hand then read from the slots acquired before (see the module's docstring).
    """
    if sim.many:
        return ()
    history = view.history
    start = max((i for i, e in enumerate(history) if isinstance(e, HandDealt)), default=0)
    events = history[start + 1 :]
    scores = list(view.scores)
    for event in events:
        if isinstance(event, HeaderScored):
            scores[event.side] -= event.value
    counts = [sim.tiles_each] * sim.players
    found: list[dict[str, int]] = []
    left = right = left_tile = right_tile = opening = -1
    line_length = line_mask = 0
    for number, event in enumerate(events, start=start + 1):
        if isinstance(event, Opened):
            tile = int(event.tile)
            left = right = event.tile.low
            left_tile = right_tile = opening = tile
            line_length, line_mask = 1, 1 << tile
            counts[event.seat] -= 1
        elif isinstance(event, TilePlayed):
            tile = int(event.tile)
            seat = event.seat
            if seat != view.seat:
                nxt = sim.next_seat[seat]
                found.append(
                    {
                        "seat": seat,
                        "code": tile * 2 + int(event.end),
                        "left": left,
                        "right": right,
                        "left_tile": left_tile,
                        "right_tile": right_tile,
                        "line_length": line_length,
                        "line_mask": line_mask,
                        "opening": opening,
                        "need": sim.target - scores[sim.side_of[seat]],
                        "next_need": sim.target - scores[sim.side_of[nxt]],
                        "next_count": counts[nxt],
                        "later": 0,
                        "time": 2 * number,
                        "drawn": 0,
                    }
                )
            for decision in found:
                if decision["seat"] == seat:
                    decision["later"] |= 1 << tile
            if int(event.end):
                right, right_tile = event.right, tile
            else:
                left, left_tile = event.left, tile
            line_length += 1
            line_mask |= 1 << tile
            counts[seat] -= 1
        elif isinstance(event, Drew):
            counts[event.seat] += 1
            if knowledge is not None and knowledge.times and knowledge.times[event.seat]:
                for decision in found:
                    if decision["seat"] == event.seat:
                        decision["drawn"] = 1
            else:
                found = [d for d in found if d["seat"] != event.seat]
        elif isinstance(event, HeaderScored):
            scores[event.side] += event.value
    return tuple(
        Decision(
            seat=d["seat"],
            code=d["code"],
            left=d["left"],
            right=d["right"],
            left_tile=d["left_tile"],
            right_tile=d["right_tile"],
            line_length=d["line_length"],
            line_mask=d["line_mask"],
            opening=d["opening"],
            needs=(max(0, d["need"]), max(0, d["next_need"])),
            next_count=d["next_count"],
            later=_held_later(knowledge, d["seat"], d["time"]) if d["drawn"] and knowledge else d["later"],
            held=_held_slots(knowledge, d["seat"], d["time"]) if d["drawn"] and knowledge else None,
        )
        for d in found
    )


def _held_slots(knowledge: Knowledge, seat: int, time: int) -> tuple[int, ...]:
    """The seat's slots acquired before ``time``."""
    return tuple(slot for slot, acquired in enumerate(knowledge.times[seat]) if acquired < time)


def _held_later(knowledge: Knowledge, seat: int, time: int) -> int:
    """The tiles the seat played from ``time`` on out of slots acquired before it."""
    mask = 0
    for tile, played, acquired in knowledge.sources[seat]:
        if played >= time and acquired < time:
            mask |= 1 << tile
    return mask


def play_scores(sim: SimRules, decision: Decision, hand: int) -> list[tuple[int, float]]:
    """The policy's score of every play the seat could make then, holding ``hand``.

    The terms and weights are ``rollout``'s (imported from there); the loop is its own: the playouts'
    copy is their hottest code, returns at the first winning header and reads the next hand, which a
    real seat choosing then could not see (here its chance of fitting the new ends stands for it).
    """
    left, right = decision.left, decision.right
    left_fit, right_fit = fit_masks(
        hand, left, right, decision.left_tile == decision.opening, sim.arms_rule, decision.line_length
    )
    seat = decision.seat
    opponent_next = sim.side_of[sim.next_seat[seat]] != sim.side_of[seat]
    need, next_need = decision.needs
    unseen = ALL_TILES_MASK & ~decision.line_mask & ~hand
    unseen_count = unseen.bit_count()
    holds = decision.next_count / unseen_count if unseen_count else 0.0
    left_double = IS_DOUBLE[decision.left_tile]
    right_double = IS_DOUBLE[decision.right_tile]
    scored: list[tuple[int, float]] = []
    for end in (0, 1):
        fit = right_fit if end else left_fit
        while fit:
            bit = fit & -fit
            fit ^= bit
            tile = bit.bit_length() - 1
            is_double = IS_DOUBLE[tile]
            if end:
                new_left, new_right = left, OTHER[tile][right]
                triple = left_double or is_double
            else:
                new_left, new_right = OTHER[tile][left], right
                triple = is_double or right_double
            after = hand ^ bit
            score = 0.0
            if new_left == new_right:
                gain = (sim.triple_value if triple else sim.double_value)[need]
                score += 50.0 if gain >= need else GAIN_WEIGHT * gain + EQUAL_ENDS
            if not after:
                score += 50.0
            if is_double:
                score += DOUBLE_BONUS
            pair = PAIR[new_left][new_right]
            ends_mask = SUIT_MASK[new_left] | SUIT_MASK[new_right]
            if after >> pair & 1:
                score += BLOCKER_BONUS
            elif opponent_next and unseen >> pair & 1:
                value = (sim.triple_value if triple or new_left == new_right else sim.double_value)[next_need]
                score -= THREAT_WEIGHT * holds * value
            if opponent_next and unseen_count:
                fitting = (unseen & ends_mask).bit_count()
                score += STARVE_BONUS * (1.0 - fitting / unseen_count) ** decision.next_count
            mine = (after & ends_mask).bit_count()
            score += OPTION_BONUS * (mine if mine < 3 else 3)
            score += SUPPLY_WEIGHT * (unseen & ~bit & ends_mask).bit_count()
            scored.append((tile * 2 + end, score))
    return scored


def deal_weight(
    sim: SimRules,
    found: tuple[Decision, ...],
    hands: list[int],
    known: dict[tuple[int, int], float],
    filled: list[list[int]] | None = None,
) -> float:
    """The chance, up to a constant, that the seats holding ``hands`` chose the plays of ``found``.

    ``known`` keeps each decision's chance per hand then (many deals give a seat the same hand,
    more so late in a hand): one dict per search. ``filled`` is the deal's tiles slot by slot
    (``sampling.sample_deal``); without it the decisions before a seat's draw are left out.
    """
    weight = 1.0
    for index, decision in enumerate(found):
        held = decision.held
        if held is None:
            hand = hands[decision.seat] | decision.later
        elif filled:
            tiles = filled[decision.seat]
            hand = decision.later
            for slot in held:
                hand |= 1 << tiles[slot]
        else:
            continue
        chance = known.get((index, hand))
        if chance is None:
            chance = known[index, hand] = play_chance(sim, decision, hand)
        weight *= chance
    return weight


def play_chance(sim: SimRules, decision: Decision, hand: int) -> float:
    """The chance that a seat holding ``hand`` then chose the play it made (never below ``FLOOR``)."""
    scored = play_scores(sim, decision, hand)
    if len(scored) < 2:
        return 1.0
    best = max(score for _, score in scored)
    total = 0.0
    chosen = 0.0
    for code, score in scored:
        chance = math.exp((score - best) / TEMPERATURE)
        total += chance
        if code == decision.code:
            chosen = chance
    return max(chosen / total, FLOOR)
