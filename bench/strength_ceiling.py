"""How far any player could get against normal: the strong search told the real deal (a ceiling, not a level).

Bergen is a game of luck as well as skill; this measures how much of a match
the deal decides. The searching seat is shown the other hands (``--told hands``: the
stock's tiles are known, not their order, which each determinization shuffles)
or everything (``--told all``: the stock in its order too), and plays the same
duplicate matches as ``strength.py``. What is told to it beyond what a seat can
infer is what the deal leaves to chance; the share it wins against normal says
how far a level's goal is from what the game allows a perfect reader of hands.

    python bench/strength_ceiling.py --matches 200 --seed 9031 --told hands
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bergen_access.core import preset
from bergen_access.core.tiles import mask_of
from bergen_access.core.view import SeatView
from bergen_access.players import make_player, strong
from bergen_access.players.base import Player
from bergen_access.players.strong import StrongPlayer
from bergen_access.simulate import Tally, simulate, wilson


class ToldPlayer(StrongPlayer):
    """The strong search, its determinizations replaced by the real deal."""

    order_told = False

    def choose(self, view: SeatView) -> object:  # type: ignore[override]
        match = view._match  # a benchmark looks behind the seat's view
        hands = [mask_of(match.hand(seat)) for seat in range(match.players)]
        stock = [int(t) for t in match._stock]
        real = strong.sample_deal
        order_told = self.order_told

        def told(knowledge: object, rng: random.Random, *_: object) -> tuple[list[int], list[int]]:
            if order_told:
                return hands[:], stock[:]
            shuffled = stock[:]
            rng.shuffle(shuffled)
            return hands[:], shuffled

        strong.sample_deal = told  # type: ignore[assignment]
        try:
            return super().choose(view)
        finally:
            strong.sample_deal = real


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=9031)
    parser.add_argument("--simulations", type=int, default=3000, help="playouts per move")
    parser.add_argument("--chunk", type=int, default=20)
    parser.add_argument("--told", choices=("hands", "all"), default="hands", help="what the search is shown")
    args = parser.parse_args()
    rules = preset("standard")
    ToldPlayer.order_told = args.told == "all"

    def factory(level: str, seed: int) -> Player:
        if level == "strong":
            return ToldPlayer(seed, simulations=args.simulations, time_budget=None)
        return make_player(level, seed)

    started = time.perf_counter()

    def report(tally: Tally) -> None:
        done = tally.matches
        if done % args.chunk and done != args.matches:
            return
        wins = tally.level_wins.get("strong", 0)
        low, high = wilson(wins, done)
        print(
            f"  {done:5d} matches: told strong {100 * wins / done:5.1f}% "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f}%), {time.perf_counter() - started:7.0f} s",
            flush=True,
        )

    print(f"strong told {args.told} vs normal, {args.matches} duplicate matches, seed {args.seed}:")
    simulate(
        rules,
        args.seed,
        args.matches,
        as_json=False,
        quiet=True,
        out=io.StringIO(),
        levels=("strong", "normal"),
        alternate=True,
        duplicate=True,
        factory=factory,
        progress=report,
    )


if __name__ == "__main__":
    main()
