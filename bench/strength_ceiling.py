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
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import run_pairing  # the same matches, progress and summary as the strength benchmark

from bergen_access.core.tiles import mask_of
from bergen_access.core.view import SeatView
from bergen_access.players import strong
from bergen_access.players.strong import StrongPlayer


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
    ToldPlayer.order_told = args.told == "all"
    print(f"strong told {args.told} vs normal (the strong line below is the told search's share):")
    levels = ("strong", "normal")
    table = argparse.Namespace(**vars(args), preset="standard", partners=False, set=6, json=None)
    tally, seconds = run_pairing(
        levels,
        table,
        args.simulations,
        lambda seed: ToldPlayer(seed, simulations=args.simulations, time_budget=None),
    )
    for line in tally.lines():
        print("  " + line)
    print(f"  {seconds:.0f} s", flush=True)


if __name__ == "__main__":
    main()
