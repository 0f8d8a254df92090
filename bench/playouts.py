"""Random playout speed: our engine against the ``dominoes`` package (6.1.0), measured honestly.

Each runner plays a fixed number of complete hands per slice and the slice is
timed in CPU time (``time.process_time``), so load from other processes does
not count. Rounds are interleaved: every round measures every runner once, in
an order shuffled afresh each round (seeded, so the run is repeatable), so a
slow stretch of the machine does not always fall on the same runner. Our
public engine plays 2 and 4 players of the standard preset (legality checks
and events included); the reference plays its draw-free four-player game,
each seat choosing with ``random.choice`` among ``game.valid_moves`` (the
cheapest fair way to drive it: its own ``players.random`` sorts the moves
with a random key, which costs more). The ratio (our hands per CPU second over
the reference's) is taken per round; the median and the spread (lowest,
highest) over the rounds are the result. Beside them: the strong level's fast
simulator on the same work (random moves), and its playouts with the search's
playout policy; then the same for the double-nine and double-twelve sets
(rules.md §6: four and eight arms, deals of 10 and 12 tiles with two players),
which the reference cannot play.

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


class Runner:
    """Complete hands of ``play_hand``, timed in CPU seconds; the hands per slice are fixed once."""

    def __init__(self, play_hand: Callable[[], object]) -> None:
        self.play_hand = play_hand
        self.hands = 0  # per slice, set by ``calibrate``

    def calibrate(self, seconds: float) -> None:
        """Fix the hands per slice so that a slice takes about ``seconds`` of CPU time."""
        play_hand, hands = self.play_hand, 10
        while True:
            start = time.process_time()
            for _ in range(hands):
                play_hand()
            spent = time.process_time() - start
            if spent >= seconds / 4:
                break
            hands *= 4
        self.hands = max(10, round(hands * seconds / spent))

    def __call__(self) -> float:
        """Hands per CPU second over one slice of ``self.hands`` complete hands."""
        play_hand = self.play_hand
        start = time.process_time()
        for _ in range(self.hands):
            play_hand()
        return self.hands / (time.process_time() - start)


def ours(players: int, preset_name: str = "standard", tile_set: int = 6) -> Runner:
    """Complete hands per second of uniform random play through the public engine.

    Each hand is a fresh ``Match`` (so no history piles up) fed by one seeded
    dealer: deal, opening, every play, draw and pass with its legality check and
    events, to the hand's end.
    """
    rules = preset(preset_name, players=players, target=HUGE_TARGET, tile_set=tile_set)
    draw = random.Random(players).random
    dealer = SeededDealer(players)

    playing = Phase.PLAYING  # a global read, not an enum member read off its class every move

    def play_hand() -> None:
        match = Match(rules, dealer)
        match.start_hand()
        legal_actions, apply = match.legal_actions, match.apply
        while match.phase is playing:
            actions = legal_actions()
            apply(actions[int(draw() * len(actions))])

    return Runner(play_hand)


def fast(players: int, preset_name: str = "standard", tile_set: int = 6, *, policy: bool = False) -> Runner:
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

    return Runner(play_hand)


def reference() -> Runner:
    """Complete hands of the dominoes package's four-player game, each move chosen by ``random.choice``."""
    import dominoes  # noqa: PLC0415 - optional, only for this benchmark

    new_game = dominoes.Game.new
    choice = random.Random(0).choice

    def play_hand() -> None:
        game = new_game()
        while game.result is None:
            game.make_move(*choice(game.valid_moves))

    return Runner(play_hand)


def runners_for(sets: list[int]) -> dict[str, Runner]:
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


def spread(values: list[float]) -> str:
    """Median and the lowest and highest value, as ratios."""
    return f"median {statistics.median(values):.2f}x (spread {min(values):.2f}-{max(values):.2f}x)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9, help="interleaved rounds (at least 7)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per measurement (about)")
    parser.add_argument("--sets", default="6,9,12", help="sets beside double-six (default 6,9,12)")
    args = parser.parse_args()
    try:
        runners = runners_for([int(s) for s in args.sets.split(",")])
    except ImportError:
        sys.exit("bench/playouts.py needs the reference engine: pip install dominoes==6.1.0")
    for run in runners.values():
        run.calibrate(args.seconds)
    order = list(runners)
    shuffle = random.Random(2024).shuffle  # the order of each round: shuffled, and the same every run
    rates: dict[str, list[float]] = {name: [] for name in runners}
    ratio2: list[float] = []
    ratio4: list[float] = []
    for round_number in range(1, max(7, args.rounds) + 1):
        shuffle(order)
        for name in order:
            rates[name].append(runners[name]())
        ratio2.append(rates["bergen 2p standard"][-1] / rates["dominoes 6.1.0 4p"][-1])
        ratio4.append(rates["bergen 4p standard"][-1] / rates["dominoes 6.1.0 4p"][-1])
        print(
            f"round {round_number}: "
            + ", ".join(f"{name} {values[-1]:,.0f}" for name, values in rates.items())
            + " hands per CPU second",
            flush=True,
        )
    print()
    for name, values in rates.items():
        print(
            f"{name:<26} median {statistics.median(values):>9,.0f} hands per CPU second"
            f" ({runners[name].hands:,} hands a slice)"
        )
    print(f"ratio 2p / dominoes          {spread(ratio2)} (goal >= 3.0x)")
    print(f"ratio 4p / dominoes          {spread(ratio4)} (goal >= 3.0x)")
    for players in (2, 4):
        simulator, ref = rates[f"fastsim {players}p standard"], rates["dominoes 6.1.0 4p"]
        ratios = [s / r for s, r in zip(simulator, ref, strict=True)]
        print(f"ratio fastsim {players}p / dominoes  {spread(ratios)}")
    for label in ("standard", *(f"d{s}" for s in args.sets.split(",") if s != "6")):
        for players in (2, 4):
            engine, simulator = rates[f"bergen {players}p {label}"], rates[f"fastsim {players}p {label}"]
            ratios = [s / e for s, e in zip(simulator, engine, strict=True)]
            print(f"ratio fastsim / engine {players}p {label:<8} {spread(ratios)} (random moves, same work)")


if __name__ == "__main__":
    main()
