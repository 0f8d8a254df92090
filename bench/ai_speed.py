"""Time per move of each computer level, over complete matches, first move included.

For each level, complete matches are played with that level in every seat;
every call of ``choose`` is timed. Printed per level: the median and maximum
over all moves, the same over decisions (moves with two or more legal
actions, the ones where a level has to think), and the slowest first move of
a match (which also pays for any set-up). The strong level runs as in a game
(its fixed work, with the wall-clock ceiling of play as a guard; how many of its
decisions the ceiling cut short is printed); its time at ``--work`` playouts
per move (default 1000) is printed too, for comparing equal work with other
searches. Each set of ``--sets`` (double-six, -nine,
-twelve; rules.md §6) is measured in turn.

    python bench/ai_speed.py [--matches 20] [--preset standard] [--players 2] [--levels easy,normal,strong]
                             [--sets 6,9,12]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.rules import PRESET_NAMES, Rules
from bergen_access.core.view import SeatView
from bergen_access.players import hurried, play_player
from bergen_access.players.base import Player
from bergen_access.players.strong import StrongPlayer


def timings(
    rules: Rules,
    factory: Callable[[int], Player],
    matches: int,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[list[float], list[float], list[float]]:
    """Seconds per move, per decision, and per first move of each seat in each match (by ``clock``)."""
    moves: list[float] = []
    decisions: list[float] = []
    firsts: list[float] = []
    for seed in range(1, matches + 1):
        players = [factory(seed * 10 + seat) for seat in range(rules.players)]
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        seen: set[int] = set()
        while not match.is_over:
            if match.phase is Phase.HAND_OVER:
                match.start_hand()
                continue
            seat = match.turn
            view = SeatView(match, seat)
            choices = len(view.legal_actions)
            started = clock()
            action = players[seat].choose(view)
            spent = clock() - started
            if hurried(players[seat]) is not None:
                CUT.append(spent)
            moves.append(spent)
            if choices > 1:
                decisions.append(spent)
            if seat not in seen:
                seen.add(seat)
                firsts.append(spent)
            match.apply(action)
    return moves, decisions, firsts


#: the decisions the ceiling of play cut short (their seconds), per ``timings`` call
CUT: list[float] = []


def line(name: str, moves: list[float], decisions: list[float], firsts: list[float]) -> str:
    ms = 1000.0
    return (
        f"{name:<14} moves {len(moves):6d}: median {ms * statistics.median(moves):8.3f} ms, "
        f"max {ms * max(moves):8.1f} ms | decisions {len(decisions):6d}: "
        f"median {ms * statistics.median(decisions):8.3f} ms, max {ms * max(decisions):8.1f} ms | "
        f"first moves: max {ms * max(firsts):8.1f} ms | cut short by the ceiling: {len(CUT)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20, help="matches per level (default 20)")
    parser.add_argument("--preset", choices=PRESET_NAMES, default="standard")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--partners", action="store_true")
    parser.add_argument("--levels", default="easy,normal,strong")
    parser.add_argument("--work", type=int, default=1000, help="strong at fixed work: playouts per move")
    parser.add_argument(
        "--sets", default="6,9,12", help="sets to measure, by highest double (default 6,9,12)"
    )
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="wall: seconds as a player waits; cpu: this process's CPU seconds (what a quiet machine "
        "would take, read on a busy one)",
    )
    args = parser.parse_args()
    if hasattr(os, "getloadavg"):
        print("load average at the start: {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))
    for tile_set in (int(s) for s in args.sets.split(",")):
        measure(
            args, preset(args.preset, players=args.players, partnerships=args.partners, tile_set=tile_set)
        )


def measure(args: argparse.Namespace, rules: Rules) -> None:
    """Print the time lines of every level of ``args.levels`` on ``rules``."""
    table = f"{args.players} players" + (", partnerships" if args.partners else "")
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"double-{rules.tile_set}, {args.preset}, {table}, {args.matches} complete matches per level")
    for level in args.levels.split(","):

        def factory(seed: int, level: str = level) -> Player:
            return play_player(level, seed)

        CUT.clear()
        print(line(level, *timings(rules, factory, args.matches, clock)), flush=True)
    if "strong" in args.levels.split(","):
        work = args.work

        def fixed(seed: int) -> Player:
            return StrongPlayer(seed, simulations=work, time_budget=None)

        CUT.clear()
        print(line(f"strong@{work}", *timings(rules, fixed, args.matches, clock)), flush=True)


if __name__ == "__main__":
    main()
