"""Where the tiles come from: chance is injected, never taken by the engine.

A dealer hands out each deal as a ``Deal``: every seat's tiles and the stock
in drawing order (the reserved tiles are the last ones of the stock). The
seeded dealer shuffles with its own ``random.Random``, so the same seed and
the same actions replay the same match on every machine; the told dealer
serves deals given from outside (tests, worked scenarios, a physical table).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from itertools import islice, repeat
from operator import call
from typing import Any, NamedTuple, Protocol

from .refused import DealProblem, Refused
from .tiles import LARGEST, TILES, Tile, parse_tile


class Deal(NamedTuple):
    """One deal: tiles per seat and the stock, next tile to draw first."""

    hands: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]


# A deal built straight from its fields, skipping the named tuple's Python-level __new__.
_new = tuple.__new__


class Dealer(Protocol):
    """A source of deals."""

    def deal(self, players: int, tiles_each: int, tiles: Sequence[Tile] = TILES) -> Deal:
        """The next deal of ``tiles`` (the set) for ``players`` seats of ``tiles_each`` tiles."""
        ...

    def copy(self) -> Dealer:
        """An independent dealer in the same state."""
        ...

    def spec(self) -> dict[str, Any]:
        """JSON description of the dealer as it was created (for saves)."""
        ...


class SeededDealer:
    """Shuffles the 28 tiles with a private generator seeded once.

    ``shift``: seat ``s`` is given the hand the shuffle deals to seat ``(s + shift) % players`` (the
    stock is the same): a tournament's tables of one round deal the same deals from one seed, each
    table's seats holding other hands (``tournament.deal_seat``)."""

    def __init__(self, seed: int, shift: int = 0) -> None:
        self.seed = seed
        self.shift = shift
        self._rng = random.Random(seed)

    def deal(self, players: int, tiles_each: int, tiles: Sequence[Tile] = TILES) -> Deal:
        # A uniform shuffle, fast and portable: each tile in turn takes the generator's next number as its
        # sorting key (``sorted`` asks for the keys in the tiles' order). ``next`` over ``map(call, ...)``
        # draws them as a key function would, without a Python call per tile (a third of a deal's work).
        keys = map(call, repeat(self._rng.random, len(tiles)))
        order = sorted(tiles, key=partial(next, keys))
        # Each hand the next ``tiles_each`` tiles of the order: zip over one iterator repeated, in C.
        hands = tuple(islice(zip(*[iter(order)] * tiles_each, strict=False), players))
        if self.shift:
            turn = self.shift % players
            hands = hands[turn:] + hands[:turn]
        return _new(Deal, (hands, tuple(order[players * tiles_each :])))

    def copy(self) -> SeededDealer:
        twin = SeededDealer(self.seed, self.shift)
        twin._rng.setstate(self._rng.getstate())
        return twin

    def spec(self) -> dict[str, Any]:
        if self.shift:
            return {"kind": "seeded", "seed": self.seed, "shift": self.shift}
        return {"kind": "seeded", "seed": self.seed}


def told_deal(
    hands: Sequence[Sequence[Tile | str]], draws: Sequence[Tile | str] = (), tiles: Sequence[Tile] = TILES
) -> Deal:
    """A deal with the given hands; the stock starts with ``draws``, in that order.

    The tiles not named follow in ascending order, so the reserved tiles at the
    end of the stock are the highest ones left.
    """
    as_tiles = [tuple(_tile(t) for t in hand) for hand in hands]
    first = tuple(_tile(t) for t in draws)
    named = [t for hand in as_tiles for t in hand] + list(first)
    if len(set(named)) != len(named):
        raise Refused(DealProblem.TILE_TWICE)
    rest = tuple(t for t in sorted(tiles, key=lambda t: t.key) if t not in named)
    return Deal(tuple(as_tiles), first + rest)


class ToldDealer:
    """Serves the deals it was told, then continues with a seeded dealer."""

    def __init__(self, deals: Sequence[Deal], then_seed: int = 0) -> None:
        self._told = tuple(deals)
        self._next = 0
        self._then = SeededDealer(then_seed)

    def deal(self, players: int, tiles_each: int, tiles: Sequence[Tile] = TILES) -> Deal:
        if self._next >= len(self._told):
            return self._then.deal(players, tiles_each, tiles)
        deal = self._told[self._next]
        self._next += 1
        if len(deal.hands) != players or any(len(h) != tiles_each for h in deal.hands):
            raise Refused(DealProblem.DOES_NOT_FIT_THE_TABLE)
        if sorted([*(t for h in deal.hands for t in h), *deal.stock]) != sorted(tiles):
            raise Refused(DealProblem.NOT_EACH_TILE_ONCE)
        return deal

    def copy(self) -> ToldDealer:
        twin = ToldDealer(self._told, self._then.seed)
        twin._next = self._next
        twin._then = self._then.copy()
        return twin

    def spec(self) -> dict[str, Any]:
        return {
            "kind": "told",
            "deals": [
                {
                    "hands": [[t.notation for t in hand] for hand in deal.hands],
                    "stock": [t.notation for t in deal.stock],
                }
                for deal in self._told
            ],
            "then_seed": self._then.seed,
        }


def dealer_from_spec(spec: dict[str, Any]) -> Dealer:
    """Recreate a dealer from ``spec()`` output."""
    kind = spec.get("kind")
    if kind == "seeded":
        return SeededDealer(int(spec["seed"]), int(spec.get("shift", 0)))
    if kind == "told":
        deals = [
            Deal(
                tuple(tuple(parse_tile(t, LARGEST) for t in hand) for hand in d["hands"]),
                tuple(parse_tile(t, LARGEST) for t in d["stock"]),
            )
            for d in spec["deals"]
        ]
        return ToldDealer(deals, int(spec.get("then_seed", 0)))
    raise Refused(DealProblem.UNKNOWN_DEALER, kind=kind)


def _tile(value: Tile | str) -> Tile:
    return parse_tile(value, LARGEST) if isinstance(value, str) else value
