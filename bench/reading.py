"""How well the strong level reads hands: the share of the opponents' real tiles its deals place right.

From seeded matches of normal players, at seat 0's decision points (two or more
legal actions), ``--deals`` determinizations are drawn as the strong level draws
them (``sampling``, its hint trust) and weighed by the opponent model as its
search weighs them. For each other seat, the share of its real tiles that a deal
puts in its hand is averaged over the deals: plainly, and weighed. The figure is
the mean over positions (and over the other seats), with its standard error;
the effective sample is (sum of weights)^2 / sum of squared weights, as a share
of the deals. ``--save`` keeps the per-position figures, ``--compare`` pairs them
with an earlier run's (the same positions: the same seed and options), which gives
the difference's own standard error.

    python bench/reading.py --positions 600 --seed 1
    python bench/reading.py --positions 600 --seed 1 --players 3
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.tiles import mask_of
from bergen_access.core.view import SeatView
from bergen_access.players import make_player
from bergen_access.players.fastsim import SimRules
from bergen_access.players.knowledge import infer
from bergen_access.players.opponent_model import deal_weight, decisions
from bergen_access.players.sampling import sample_deal
from bergen_access.players.strong import DEFAULT_HINT_TRUST


def measure(
    view: SeatView, real: list[int], sim: SimRules, rng: random.Random, *, deals: int, since_draw: bool
) -> tuple[float, float, float]:
    """(plain share, weighed share, effective sample share) at one position."""
    knowledge = infer(view)
    found = decisions(view, sim, None if since_draw else knowledge)
    known: dict[tuple[int, int], float] = {}
    filled: list[list[int]] = []
    others = [s for s in range(len(real)) if s != view.seat and real[s]]
    plain = weighed = total = squares = 0.0
    for _ in range(deals):
        hands, _stock = sample_deal(knowledge, rng, DEFAULT_HINT_TRUST, filled)
        weight = deal_weight(sim, found, hands, known, filled) if found else 1.0
        share = statistics.fmean((hands[s] & real[s]).bit_count() / real[s].bit_count() for s in others)
        plain += share
        weighed += weight * share
        total += weight
        squares += weight * weight
    return plain / deals, weighed / total, total * total / squares / deals


def positions(args: argparse.Namespace) -> list[tuple[int, float, float, float]]:
    """(match, plain, weighed, effective) per position, in order."""
    rules = preset("standard", players=args.players)
    sim = SimRules(rules)
    out: list[tuple[int, float, float, float]] = []
    number = 0
    while len(out) < args.positions:
        number += 1
        seed = args.seed * 100_003 + number
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        table = [make_player("normal", seed * 7 + s) for s in range(args.players)]
        taken = 0
        while match.phase is not Phase.OVER and len(out) < args.positions and taken < args.per_match:
            if match.phase is Phase.HAND_OVER:
                match.start_hand()
                continue
            assert match.turn is not None
            view = SeatView(match, match.turn)
            if match.turn == 0 and len(view.legal_actions) > 1:
                real = [mask_of(match.hand(s)) for s in range(args.players)]
                rng = random.Random(seed * 1009 + len(out))
                out.append(
                    (number, *measure(view, real, sim, rng, deals=args.deals, since_draw=args.since_draw))
                )
                taken += 1
            match.apply(table[match.turn].choose(view))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument("--deals", type=int, default=200, help="determinizations per position")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--per-match", type=int, default=12, help="positions taken from one match at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--since-draw", action="store_true", help="only the plays since each seat's last draw"
    )
    parser.add_argument("--save", type=Path, help="write the per-position figures here (JSON)")
    parser.add_argument(
        "--compare", type=Path, help="an earlier --save of the same positions: paired difference"
    )
    args = parser.parse_args()
    started = time.process_time()
    rows = positions(args)
    count = len(rows)

    def report(name: str, values: list[float]) -> None:
        mean = statistics.fmean(values)
        error = statistics.stdev(values) / math.sqrt(count)
        print(f"{name}: {100 * mean:.2f}% +- {100 * error:.2f} (standard error)")

    print(f"{count} positions, {args.players} players, {args.deals} deals each, seed {args.seed}")
    report("plain deals place", [r[1] for r in rows])
    report("weighed deals place", [r[2] for r in rows])
    report("weighed - plain", [r[2] - r[1] for r in rows])
    report("effective sample (share of deals)", [r[3] for r in rows])
    if args.save:
        args.save.write_text(json.dumps(rows))
    if args.compare:
        before = json.loads(args.compare.read_text())
        if len(before) != count or any(b[0] != r[0] for b, r in zip(before, rows, strict=True)):
            print("--compare: not the same positions")
        else:
            report("weighed, now - before (paired)", [r[2] - b[2] for b, r in zip(before, rows, strict=True)])
    print(f"{time.process_time() - started:.0f} s of CPU")


if __name__ == "__main__":
    main()
