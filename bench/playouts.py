"""Random playout speed: our engine against the ``dominoes`` package (6.1.0).

Prints complete random hands per second for our public engine (legality
checks and events included) with 2 and 4 players of the standard preset, and
for the reference pure-Python engine's draw-free four-player game with random
players, interleaved round by round so machine load hits all alike. The
ratios are taken per round; the median over the rounds is the result.

    pip install dominoes==6.1.0
    python bench/playouts.py [--rounds 9] [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bergen_access.core import Match, Phase, SeededDealer, preset

HUGE_TARGET = 10**9  # nobody wins, so every hand is played to its end


def ours(players: int, preset_name: str = "standard") -> Callable[[float], float]:
    """Complete hands per second of uniform random play through the public engine.

    Each hand is a fresh ``Match`` (so no history piles up) fed by one seeded
    dealer: deal, opening, every play, draw and pass with its legality check and
    events, to the hand's end.
    """
    rules = preset(preset_name, players=players, target=HUGE_TARGET)

    def run(seconds: float) -> float:
        rng = random.Random(players)
        draw = rng.random
        dealer = SeededDealer(players)
        hands = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            for _ in range(20):
                match = Match(rules, dealer)
                match.start_hand()
                legal_actions, apply = match.legal_actions, match.apply
                while match.phase is Phase.PLAYING:
                    actions = legal_actions()
                    apply(actions[int(draw() * len(actions))])
            hands += 20
        return hands / (time.perf_counter() - start)

    return run


def reference() -> Callable[[float], float]:
    """Hands per second of the dominoes package's game with its random players."""
    import dominoes  # noqa: PLC0415 - optional, only for this benchmark

    def run(seconds: float) -> float:
        hands = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            game = dominoes.Game.new()
            while game.result is None:
                dominoes.players.random(game)
                game.make_move(*game.valid_moves[0])
            hands += 1
        return hands / (time.perf_counter() - start)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9, help="interleaved rounds (at least 7)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement")
    args = parser.parse_args()
    try:
        ref = reference()
    except ImportError:
        sys.exit("bench/playouts.py needs the reference engine: pip install dominoes==6.1.0")
    runners = {
        "bergen 2p standard": ours(2),
        "bergen 4p standard": ours(4),
        "dominoes 6.1.0 4p": ref,
    }
    rates: dict[str, list[float]] = {name: [] for name in runners}
    ratio2: list[float] = []
    ratio4: list[float] = []
    for round_number in range(1, max(7, args.rounds) + 1):
        for name, run in runners.items():
            rates[name].append(run(args.seconds))
        ratio2.append(rates["bergen 2p standard"][-1] / rates["dominoes 6.1.0 4p"][-1])
        ratio4.append(rates["bergen 4p standard"][-1] / rates["dominoes 6.1.0 4p"][-1])
        print(
            f"round {round_number}: "
            + ", ".join(f"{name} {values[-1]:,.0f} hands/s" for name, values in rates.items()),
            flush=True,
        )
    print()
    for name, values in rates.items():
        print(f"{name:<22} median {statistics.median(values):>9,.0f} hands/s")
    print(f"ratio 2p / dominoes     median {statistics.median(ratio2):.2f}x (goal >= 2.0x)")
    print(f"ratio 4p / dominoes     median {statistics.median(ratio4):.2f}x (goal >= 1.5x)")


if __name__ == "__main__":
    main()
