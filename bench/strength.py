"""Strength of the computer levels: complete matches, seats alternated, Wilson 95% intervals.

Each pairing names one level per seat; after every match the levels move one
seat on, so every level sits in every seat equally often, and every seating
plays the same deals (duplicate matches: the luck of the deal is shared). A level's share is
the share of matches its side won; with several seats of one level on
different sides (three or four individuals) it is the share won by any of
them, to be read against the fair share (1/2, 1/3 or 1/4 of the seats).

The strong level runs at its fixed work (``--simulations``; by default the
level's own, which depends on the set), never with a clock, so a run is
reproducible from its seed on any machine.

    python bench/strength.py                                   # the two headline pairings, 2000 matches each
    python bench/strength.py --pairing strong,normal --matches 400
    python bench/strength.py --pairing strong,normal,normal                      # three players
    python bench/strength.py --pairing strong,normal,strong,normal --partners    # partnerships
    python bench/strength.py --pairing strong,normal --set 9 --matches 200      # double-nine (rules.md §6)
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bergen_access.core import preset
from bergen_access.core.rules import PRESET_NAMES
from bergen_access.players import make_player
from bergen_access.players.base import Player
from bergen_access.players.strong import StrongPlayer
from bergen_access.simulate import Tally, simulate, wilson

HEADLINE = (("strong", "normal"), ("normal", "easy"))


def run_pairing(
    levels: tuple[str, ...],
    args: argparse.Namespace,
    simulations: int | None,
    strong: Callable[[int], Player] | None = None,
) -> tuple[Tally, float]:
    """Play the pairing, printing progress every ``--chunk`` matches; the tally and the seconds taken.

    ``strong`` makes the strong seats' players (by default the strong level at fixed work).
    """
    rules = preset(args.preset, players=len(levels), partnerships=args.partners, tile_set=args.set)

    def factory(level: str, seed: int) -> Player:
        if level == "strong":
            if strong is not None:
                return strong(seed)
            return StrongPlayer(seed, simulations=simulations, time_budget=None)
        return make_player(level, seed)

    started = time.perf_counter()
    first = levels[0]

    def report(tally: Tally) -> None:
        done = tally.matches
        if done % args.chunk and done != args.matches:
            return
        wins = tally.level_wins.get(first, 0)
        low, high = wilson(wins, done)
        print(
            f"  {done:5d} matches: {first} {100 * wins / done:5.1f}% "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f}%), {time.perf_counter() - started:7.0f} s",
            flush=True,
        )

    tally = simulate(
        rules,
        args.seed,
        args.matches,
        as_json=False,
        quiet=True,
        out=io.StringIO(),
        levels=levels,
        alternate=True,
        duplicate=True,
        factory=factory,
        progress=report,
    )
    return tally, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairing", action="append", help="levels per seat, e.g. strong,normal (repeatable)")
    parser.add_argument("--matches", type=int, default=2000, help="matches per pairing (default 2000)")
    parser.add_argument("--preset", choices=PRESET_NAMES, default="standard")
    parser.add_argument("--partners", action="store_true", help="two partnerships (four seats)")
    parser.add_argument(
        "--set", type=int, choices=(6, 9, 12), default=6, help="the set, by its highest double (rules.md §6)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match")
    parser.add_argument(
        "--simulations", type=int, default=None, help="strong: playouts per move (default: the level's own)"
    )
    parser.add_argument("--chunk", type=int, default=100, help="matches between progress lines")
    parser.add_argument("--json", type=Path, help="also append the results to this JSON-lines file")
    args = parser.parse_args()
    pairings = [tuple(p.split(",")) for p in args.pairing] if args.pairing else list(HEADLINE)
    for levels in pairings:
        table = f"{len(levels)} players" + (", partnerships" if args.partners else "")
        print(
            f"{' vs '.join(levels)} — double-{args.set}, {args.preset}, {table}, "
            f"{args.matches} matches, seed {args.seed}:"
        )
        tally, seconds = run_pairing(levels, args, args.simulations)
        for line in tally.lines():
            print("  " + line)
        print(f"  {seconds:.0f} s", flush=True)
        if args.json:
            record = {
                "pairing": list(levels),
                "preset": args.preset,
                "partners": args.partners,
                "seed": args.seed,
                "simulations": args.simulations,
                "seconds": seconds,
                **tally.as_json(),
            }
            with args.json.open("a", encoding="utf-8") as stream:
                stream.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main()
