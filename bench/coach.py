"""How often the coach's advice is right: its move against the move made, played out from where it spoke.

Positions are collected from seeded matches of a learner (a computer level,
``--learner``, easy by default: it errs as a beginner does) against the
normal level; at each of the learner's decisions the coach is asked, as in a
game (``Coach.advise``, at fixed work). Where it spoke, both moves are played
out ``--trials`` times: each trial deals the hidden tiles anew from what the
learner's seat has seen (``knowledge`` and ``sampling``, the same deal for
both moves) and the later hands from a seed of its own, then every seat is
played by the normal level (the same seeds for both moves) to the end of the
match, through the real engine. The advice is right at a position where its
move won the match more often than the move made, wrong where it won less
often. Printed: the share of right among right and wrong with a 95% Wilson
interval, the ties, and over all trials the share of differing outcomes the
advice won.

    python bench/coach.py [--positions 100] [--trials 100] [--learner easy] [--simulations 9000]
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.actions import Action
from bergen_access.core.rules import PRESET_NAMES
from bergen_access.core.tiles import EVERY_TILE
from bergen_access.core.view import SeatView
from bergen_access.players import make_player
from bergen_access.players.coach import Coach
from bergen_access.players.knowledge import infer
from bergen_access.players.normal import NormalPlayer
from bergen_access.players.sampling import sample_deal
from bergen_access.players.strong import DEFAULT_HINT_TRUST, DEFAULT_SIMULATIONS
from bergen_access.simulate import wilson

LEARNER = 0


def positions(args: argparse.Namespace) -> list[tuple[Match, Action, Action]]:
    """(the match just before the learner's move, the move made, the coach's move) where the coach spoke."""
    rules = preset(args.preset, players=2)
    found: list[tuple[Match, Action, Action]] = []
    seed = args.seed
    while len(found) < args.positions:
        match = Match(rules, SeededDealer(seed))
        players = [make_player(args.learner, seed * 10), NormalPlayer(seed * 10 + 1)]
        coach = Coach(seed, simulations=args.simulations, time_budget=None, background=False)
        match.start_hand()
        while not match.is_over and len(found) < args.positions:
            if match.phase is Phase.HAND_OVER:
                match.start_hand()
                continue
            view = SeatView(match, match.turn)
            action = players[match.turn].choose(view)
            if match.turn == LEARNER and len(view.legal_actions) > 1:
                coach.start(view, len(match.actions))
                advice = coach.advise(action)
                if advice is not None:
                    found.append((copy.deepcopy(match), action, advice.better))
            match.apply(action)
        seed += 1
    return found


def play_out(start: Match, move: Action, hands: list[int], stock: list[int], trial: int) -> bool:
    """Whether the learner's side wins the match after ``move``, on this deal of the hidden tiles."""
    match = copy.deepcopy(start)
    match._hands = hands[:]  # the bench deals the hidden tiles itself; no game ever does
    match._stock = [EVERY_TILE[t] for t in stock]
    match.dealer = SeededDealer(1_000_003 * trial + 17)
    players = [NormalPlayer(trial * 7 + seat) for seat in range(match.players)]
    match.apply(move)
    while not match.is_over:
        if match.phase is Phase.HAND_OVER:
            match.start_hand()
            continue
        match.apply(players[match.turn].choose(SeatView(match, match.turn)))
    return match.winner == match.rules.side_of(LEARNER)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100, help="positions where the coach spoke")
    parser.add_argument("--trials", type=int, default=100, help="playouts of each move per position")
    parser.add_argument("--learner", default="easy", help="the level whose moves the coach judges")
    parser.add_argument("--preset", choices=PRESET_NAMES, default="standard")
    parser.add_argument("--simulations", type=int, default=DEFAULT_SIMULATIONS, help="the coach's work")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    found = positions(args)
    print(f"{len(found)} positions where the coach spoke ({time.perf_counter() - started:.0f} s)", flush=True)
    right = wrong = ties = 0
    won = lost = 0  # trials where the two moves' outcomes differ
    for number, (match, played, better) in enumerate(found, 1):
        knowledge = infer(SeatView(match, LEARNER))
        rng = random.Random(number)
        score = 0
        for trial in range(args.trials):
            hands, stock = sample_deal(knowledge, rng, DEFAULT_HINT_TRUST)
            seed = number * 100_000 + trial
            difference = play_out(match, better, hands, stock, seed) - play_out(
                match, played, hands, stock, seed
            )
            score += difference
            won += difference > 0
            lost += difference < 0
        right += score > 0
        wrong += score < 0
        ties += score == 0
        if number % 10 == 0 or number == len(found):
            judged = right + wrong
            low, high = wilson(right, judged) if judged else (0.0, 1.0)
            print(
                f"  {number:4d} positions: advice right {right}, wrong {wrong}, tied {ties}: "
                f"{100 * right / max(1, judged):.1f}% right (95% CI {100 * low:.1f}-{100 * high:.1f}%); "
                f"trials won {won}, lost {lost}; {time.perf_counter() - started:.0f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
