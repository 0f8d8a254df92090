"""Random playout speed: our engine against the ``dominoes`` package (6.1.0).

Prints complete random hands per second for our public engine (legality
checks and events included) with 2 and 4 players of the standard preset, and
for the reference pure-Python engine's draw-free four-player game with random
players, interleaved round by round so machine load hits all alike. The
ratios are taken per round; the median over the rounds is the result.
Beside them: the strong level's fast simulator on the same work (random
moves), and its playouts with the search's playout policy; then the same for
the double-nine and double-twelve sets (rules.md §6: four and eight arms,
deals of 10 and 12 tiles with two players), which the reference cannot play.

    pip install dominoes==6.1.0
    python bench/playouts.py [--rounds 9] [--seconds 1.0] [--sets 6,9,12]
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
SIM_TARGET = 1000  # out of reach in one hand, small enough for the simulator's tables


def per_second(play_hand: Callable[[], object]) -> Callable[[float], float]:
    """A runner: complete hands per second of ``play_hand`` over about ``seconds``."""

    def run(seconds: float) -> float:
        hands = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            for _ in range(20):
                play_hand()
            hands += 20
        return hands / (time.perf_counter() - start)

    return run


def ours(players: int, preset_name: str = "standard", tile_set: int = 6) -> Callable[[float], float]:
    """Complete hands per second of uniform random play through the public engine.

    Each hand is a fresh ``Match`` (so no history piles up) fed by one seeded
    dealer: deal, opening, every play, draw and pass with its legality check and
    events, to the hand's end.
    """
    rules = preset(preset_name, players=players, target=HUGE_TARGET, tile_set=tile_set)
    draw = random.Random(players).random
    dealer = SeededDealer(players)

    def play_hand() -> None:
        match = Match(rules, dealer)
        match.start_hand()
        legal_actions, apply = match.legal_actions, match.apply
        while match.phase is Phase.PLAYING:
            actions = legal_actions()
            apply(actions[int(draw() * len(actions))])

    return per_second(play_hand)


def fast(
    players: int, preset_name: str = "standard", tile_set: int = 6, *, policy: bool = False
) -> Callable[[float], float]:
    """Complete hands per second through the search's fast simulator (``players/fastsim.py``).

    The same work as ``ours``: a fresh seeded deal per hand, every move to the
    hand's end, uniform random moves; with ``policy`` the moves are the
    strong level's playout policy instead (what a search playout costs).
    """
    from bergen_access.players.fastsim import PLAYING, SimRules, deal_position  # noqa: PLC0415
    from bergen_access.players.rollout import playout  # noqa: PLC0415

    # Scores start from nothing every hand, so a hand never reaches this target;
    # the simulator tabulates values per points still needed, so no HUGE_TARGET.
    rules = preset(preset_name, players=players, target=SIM_TARGET, tile_set=tile_set)
    sim = SimRules(rules)
    rng = random.Random(players)
    draw = rng.random
    dealer = SeededDealer(players)

    def play_hand() -> None:
        pos = deal_position(sim, dealer.deal, [0] * rules.sides)
        if policy:
            playout(sim, pos, rng)
            return
        legal_moves, apply = pos.legal_moves, pos.apply
        while pos.phase == PLAYING:
            moves = legal_moves(sim)
            apply(sim, moves[int(draw() * len(moves))])

    return per_second(play_hand)


def reference() -> Callable[[float], float]:
    """Hands per second of the dominoes package's game with its random players."""
    import dominoes  # noqa: PLC0415 - optional, only for this benchmark

    def play_hand() -> None:
        game = dominoes.Game.new()
        while game.result is None:
            dominoes.players.random(game)
            game.make_move(*game.valid_moves[0])

    return per_second(play_hand)


def runners_for(sets: list[int]) -> dict[str, Callable[[float], float]]:
    """The measurements, by name: double-six against the reference first, then each larger set."""
    runners = {
        "bergen 2p standard": ours(2),
        "bergen 4p standard": ours(4),
        "dominoes 6.1.0 4p": reference(),
        "fastsim 2p standard": fast(2),
        "fastsim 4p standard": fast(4),
        "fastsim 2p playouts": fast(2, policy=True),
    }
    for tile_set in sets:
        if tile_set == 6:
            continue
        for players in (2, 4):
            runners[f"bergen {players}p d{tile_set}"] = ours(players, tile_set=tile_set)
            runners[f"fastsim {players}p d{tile_set}"] = fast(players, tile_set=tile_set)
        runners[f"fastsim 2p d{tile_set} playouts"] = fast(2, tile_set=tile_set, policy=True)
    return runners


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9, help="interleaved rounds (at least 7)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement")
    parser.add_argument("--sets", default="6,9,12", help="sets beside double-six (default 6,9,12)")
    args = parser.parse_args()
    try:
        runners = runners_for([int(s) for s in args.sets.split(",")])
    except ImportError:
        sys.exit("bench/playouts.py needs the reference engine: pip install dominoes==6.1.0")
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
        print(f"{name:<26} median {statistics.median(values):>9,.0f} hands/s")
    print(f"ratio 2p / dominoes          median {statistics.median(ratio2):.2f}x (goal >= 2.0x)")
    print(f"ratio 4p / dominoes          median {statistics.median(ratio4):.2f}x (goal >= 1.5x)")
    for label in ("standard", *(f"d{s}" for s in args.sets.split(",") if s != "6")):
        for players in (2, 4):
            engine, simulator = rates[f"bergen {players}p {label}"], rates[f"fastsim {players}p {label}"]
            ratios = [s / e for s, e in zip(simulator, engine, strict=True)]
            median = statistics.median(ratios)
            print(
                f"ratio fastsim / engine {players}p {label:<8} median {median:.2f}x (random moves, same work)"
            )


if __name__ == "__main__":
    main()
