"""Determinizations: whole deals of the hidden tiles that agree with a seat's knowledge.

Every other seat's slots are filled with unknown tiles its forbidden masks
allow; the rest go to the stock in a random order (its last tiles are the
reserved ones, as in the engine). The most constrained slot is filled first;
a dead end restarts, and after a few restarts a bipartite matching finds a
deal for certain (the real one exists), in polynomial time.
"""

from __future__ import annotations

import random

from .knowledge import Knowledge

_RESTARTS = 8


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _fill_greedy(allowed: list[int], pool: int, rng: random.Random) -> list[int] | None:
    """One random tile per slot, most constrained slot first; None at a dead end."""
    chosen = [-1] * len(allowed)
    open_slots = list(range(len(allowed)))
    while open_slots:
        best = 0
        best_count = 99
        for position, slot in enumerate(open_slots):
            count = (allowed[slot] & pool).bit_count()
            if count < best_count:
                best, best_count = position, count
        slot = open_slots.pop(best)
        if best_count == 0:
            return None
        choices = _bits(allowed[slot] & pool)
        tile = choices[int(rng.random() * len(choices))]
        chosen[slot] = tile
        pool &= ~(1 << tile)
    return chosen


def _fill_matching(allowed: list[int], pool: int, rng: random.Random) -> list[int] | None:
    """A tile for every slot by augmenting paths (Kuhn's matching), slots and tiles in random order.

    Polynomial, and it finds a filling whenever one exists. (A plain depth-first
    search took seconds when a seat had many slots with the same few allowed
    tiles: it tried every order of them before giving up on a branch.)
    """
    owner: dict[int, int] = {}  # tile -> slot

    def augment(slot: int, seen: set[int]) -> bool:
        choices = _bits(allowed[slot] & pool)
        rng.shuffle(choices)
        for tile in choices:
            if tile in seen:
                continue
            seen.add(tile)
            if tile not in owner or augment(owner[tile], seen):
                owner[tile] = slot
                return True
        return False

    order = list(range(len(allowed)))
    rng.shuffle(order)
    for slot in order:
        if not augment(slot, set()):
            return None
    chosen = [-1] * len(allowed)
    for tile, slot in owner.items():
        chosen[slot] = tile
    return chosen


def _kept(mask: int, trust: float, rng: random.Random) -> int:
    """Each tile of ``mask`` kept with probability ``trust``."""
    if trust >= 1.0:
        return mask
    kept = 0
    for tile in _bits(mask):
        if rng.random() < trust:
            kept |= 1 << tile
    return kept


def _place(
    knowledge: Knowledge, rng: random.Random, trust: float
) -> tuple[list[tuple[int, int, int]], list[int], list[tuple[int, int]]] | None:
    """Constrained slots (seat, allowed, slot), their tiles, and the (seat, slot) of unconstrained slots."""
    constrained: list[tuple[int, int, int]] = []
    free_slots: list[tuple[int, int]] = []
    for seat, slots in enumerate(knowledge.slots):
        for slot, (fact, hinted) in enumerate(zip(slots, knowledge.soft[seat], strict=True)):
            forbidden = fact | _kept(hinted, trust, rng) if trust and hinted else fact
            if forbidden:
                constrained.append((seat, knowledge.unknown & ~forbidden, slot))
            else:
                free_slots.append((seat, slot))
    allowed = [mask for _, mask, _ in constrained]
    for _ in range(_RESTARTS):
        chosen = _fill_greedy(allowed, knowledge.unknown, rng)
        if chosen is not None:
            return constrained, chosen, free_slots
    if trust:
        return None  # the hints may contradict each other; the facts never do
    chosen = _fill_matching(allowed, knowledge.unknown, rng)
    if chosen is None:
        raise ValueError("no deal agrees with this knowledge")
    return constrained, chosen, free_slots


def sample_deal(
    knowledge: Knowledge, rng: random.Random, hint_trust: float = 0.0, filled: list[list[int]] | None = None
) -> tuple[list[int], list[int]]:
    """Hands (bit masks, one per seat, the own hand as it is) and the stock (next draw last).

    The facts of ``knowledge`` always hold; each hint (a header let pass)
    is followed with probability ``hint_trust``. ``filled``, if given, is set to
    each seat's tiles slot by slot (aligned with ``knowledge.slots``): when each
    tile came to the hand (``knowledge.times``), which the opponent model asks.
    """
    placed = _place(knowledge, rng, hint_trust) if hint_trust else None
    if placed is None:
        placed = _place(knowledge, rng, 0.0)
    assert placed is not None
    constrained, chosen, free_slots = placed
    hands = [0] * len(knowledge.slots)
    hands[knowledge.seat] = knowledge.hand
    pool = knowledge.unknown
    if filled is not None:
        filled[:] = [[-1] * len(slots) for slots in knowledge.slots]
    for (seat, _, slot), tile in zip(constrained, chosen, strict=True):
        hands[seat] |= 1 << tile
        pool &= ~(1 << tile)
        if filled is not None:
            filled[seat][slot] = tile
    rest = _bits(pool)
    rng.shuffle(rest)
    for (seat, slot), tile in zip(free_slots, rest, strict=False):
        hands[seat] |= 1 << tile
        if filled is not None:
            filled[seat][slot] = tile
    return hands, rest[len(free_slots) :]
