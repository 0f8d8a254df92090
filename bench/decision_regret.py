"""The strong level's choices judged by a search told the real hands: a quick, paired measure of strength.

A strength run needs about a thousand matches (40 minutes of two CPUs) to see a
few points; this looks at single decisions instead. From seeded matches of
normal players, every decision with a choice (both seats); at each, the
strong level chooses as it plays, once per variant, and each choice is judged
by a search that knows the other hands (not the stock's order): every action
played out on the same ``--judge`` deals (only the stock's order shuffled), the
end of a hand searched exactly. The regret is the chance to win the match lost
against the judge's best action, in points of percent; variants are compared
position by position (the same positions, the same judge), so a small
difference stands out where whole matches would drown it.

The judge plays on by the search's own playout policy, so it is a yardstick,
not the truth: a variant that only changes the playouts is judged by the
old policy's continuation.

    python bench/decision_regret.py --positions 300 --variants base,temperature-0.05
"""

from __future__ import annotations

import argparse
import contextlib
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.actions import Action
from bergen_access.core.tiles import mask_of
from bergen_access.core.view import SeatView
from bergen_access.players import endgame, make_player, opponent_model, rollout, strong


@contextlib.contextmanager
def patched(module: object, **values: object) -> Iterator[None]:
    """Module attributes set for the duration (a variant), then given back."""
    before = {name: getattr(module, name) for name in values}
    for name, value in values.items():
        setattr(module, name, value)
    try:
        yield
    finally:
        for name, value in before.items():
            setattr(module, name, value)


#: Not a variant of the level: the search told the real hands, at the level's work, with other deals
#: than the judge's (a floor: what reading the hands perfectly would leave of the regret).
TOLD = "told-hands"


VARIANTS: dict[str, Callable[[], contextlib.AbstractContextManager[None]]] = {
    "base": contextlib.nullcontext,
    TOLD: contextlib.nullcontext,
    "temperature-0.05": lambda: patched(opponent_model, TEMPERATURE=0.05),
    "temperature-0.2": lambda: patched(opponent_model, TEMPERATURE=0.2),
    "noise-0.3": lambda: patched(rollout, NOISE=0.3),
    "noise-0.8": lambda: patched(rollout, NOISE=0.8),
    "endgame-draws-3": lambda: patched(endgame, MOST_DRAWS=3),
    "endgame-tiles-14": lambda: patched(endgame, MOST_TILES=14),
    "endgame-deals-96": lambda: patched(strong, ENDGAME_DEALS=96, ENDGAME_NODES=160_000),
    "work-36000": lambda: patched(strong, DEFAULT_SIMULATIONS=36000, SIMULATIONS={6: 36000}),
}

#: Variants of the trust the sampler gives the soft hints (a constructor's argument, not a module's)
HINT_TRUST = {"trust-1.0": 1.0, "trust-0.6": 0.6}


def judge(view: SeatView, actions: tuple[Action, ...], deals: int, seed: int) -> dict[Action, float]:
    """Each action's chance to win, by the search told the real hands (the stock's order shuffled)."""
    match = view._match  # a benchmark looks behind the seat's view
    hands = [mask_of(match.hand(seat)) for seat in range(match.players)]
    stock = [int(t) for t in match._stock]

    def told(_knowledge: object, rng: random.Random, *_: object) -> tuple[list[int], list[int]]:
        shuffled = stock[:]
        rng.shuffle(shuffled)
        return hands[:], shuffled

    player = strong.StrongPlayer(seed, time_budget=None)
    with patched(strong, sample_deal=told, ENDGAME_DEALS=64):
        return player.evaluate(view, actions, deals * len(actions), None, halving=False)


def positions(count: int, first_seed: int) -> Iterator[tuple[int, SeatView]]:
    """Decisions with a choice from seeded matches of normal players, with each match's seed."""
    rules = preset("standard")
    seed = first_seed
    found = 0
    while True:
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        table = [make_player("normal", seed * 3 + s) for s in range(2)]
        while not match.is_over:
            if match.phase is Phase.HAND_OVER:
                match.start_hand()
                continue
            view = SeatView(match, match.turn)
            if len(view.legal_actions) > 1:
                yield seed, view
                found += 1
                if found >= count:
                    return
            match.apply(table[match.turn].choose(view))
        seed += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=50001, help="the first match's seed")
    parser.add_argument("--judge", type=int, default=1500, help="the judge's deals per action")
    parser.add_argument("--variants", default="base,temperature-0.05")
    args = parser.parse_args()
    names = args.variants.split(",")
    unknown = [name for name in names if name not in VARIANTS and name not in HINT_TRUST]
    if unknown:
        parser.error(f"no such variant: {', '.join(unknown)} (known: {', '.join([*VARIANTS, *HINT_TRUST])})")
    regrets: dict[str, list[float]] = {name: [] for name in names}
    seconds: dict[str, float] = dict.fromkeys(names, 0.0)
    for number, (seed, view) in enumerate(positions(args.positions, args.seed), 1):
        actions = view.legal_actions
        truth = judge(view, actions, args.judge, seed + 7919 * number)
        best = max(truth.values())
        for name in names:
            start = time.process_time()
            if name == TOLD:  # the judge's own search with other deals: its noise, and what reading is worth
                values = judge(view, actions, strong.DEFAULT_SIMULATIONS // len(actions), seed * 5 + number)
                chosen = max(actions, key=lambda a: values[a])
            else:
                trust = HINT_TRUST.get(name, strong.DEFAULT_HINT_TRUST)
                with VARIANTS.get(name, contextlib.nullcontext)():
                    player = strong.StrongPlayer(seed * 5 + number, time_budget=None, hint_trust=trust)
                    chosen = player.choose(view)
            seconds[name] += time.process_time() - start
            regrets[name].append(100 * (best - truth[chosen]))
        if number % 25 == 0:
            print(
                f"{number} positions: "
                + ", ".join(f"{n} {statistics.fmean(r):.3f}" for n, r in regrets.items()),
                flush=True,
            )
    base = names[0]
    print(f"{len(regrets[base])} positions from seed {args.seed}, judge {args.judge} deals an action")
    for name in names:
        values = regrets[name]
        line = f"{name:<20} mean regret {statistics.fmean(values):.3f} points"
        line += f", not the judge's best {sum(v > 1e-9 for v in values)}"
        line += f", CPU {seconds[name] / len(values) * 1000:.0f} ms a decision"
        if name != base:
            gaps = [a - b for a, b in zip(regrets[base], values, strict=True)]
            error = statistics.stdev(gaps) / math.sqrt(len(gaps))
            line += f"; better than {base} by {statistics.fmean(gaps):+.3f} +- {error:.3f}"
        print(line)


if __name__ == "__main__":
    main()
