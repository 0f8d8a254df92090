"""Reference point: OpenSpiel's information-set MCTS on its block dominoes, time per move.

Not part of the project: run it in a separate environment,

    python3 -m venv /tmp/ospiel && /tmp/ospiel/bin/pip install open_spiel
    /tmp/ospiel/bin/python bench/openspiel_ismcts.py [--games 5] [--simulations 1000]

It plays ``python_block_dominoes`` (two players, double-six, no drawing)
with OpenSpiel's Python ``ISMCTSBot`` (random-rollout evaluator, one rollout
per simulation) against a random player, and prints the time per move of
the search: median and maximum over all its moves and over its decisions
(two or more legal actions). Compare with ``strong@1000`` of
``bench/ai_speed.py``: the same number of simulations (playouts) per move.

OpenSpiel 2.0.2's Python block dominoes has no ``resample_from_infostate``,
which the bot needs; ``resample`` below supplies it through the bot's
resampler callback: the opponent's hand is redrawn uniformly from the tiles the
searching player cannot see (opponent's hand and the undealt tiles).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found]
from open_spiel.python.games import block_dominoes  # type: ignore[import-not-found]  # noqa: F401 - registers the game


def resample(state: pyspiel.State, player: int, rng: np.random.RandomState) -> pyspiel.State:
    """A state the searching ``player`` cannot tell from ``state``: the unseen tiles dealt anew."""
    twin = state.clone()
    other = 1 - player
    unseen = list(twin.hands[other]) + list(twin.deck)
    order = rng.permutation(len(unseen))
    count = len(twin.hands[other])
    twin.hands[other] = sorted(unseen[i] for i in order[:count])
    twin.deck = [unseen[i] for i in order[count:]]
    return twin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--simulations", type=int, default=1000)
    args = parser.parse_args()
    game = pyspiel.load_game("python_block_dominoes")
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=args.simulations,
        random_state=rng,
    )
    # OpenSpiel 2.0.2 offers no public way to set the resampler.
    bot._resampler_cb = lambda state, player: resample(state, player, rng)
    moves: list[float] = []
    decisions: list[float] = []
    for number in range(args.games):
        state = game.new_initial_state()
        search_seat = number % 2
        while not state.is_terminal():
            if state.is_chance_node():
                actions, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=chances)))
                continue
            legal = state.legal_actions()
            if state.current_player() != search_seat:
                state.apply_action(int(rng.choice(legal)))
                continue
            started = time.perf_counter()
            action = bot.step(state)
            spent = time.perf_counter() - started
            moves.append(spent)
            if len(legal) > 1:
                decisions.append(spent)
            state.apply_action(action)
    ms = 1000.0
    print(
        f"OpenSpiel ISMCTS, {args.simulations} simulations, python_block_dominoes, {args.games} games: "
        f"moves {len(moves)}: median {ms * statistics.median(moves):.0f} ms, max {ms * max(moves):.0f} ms | "
        f"decisions {len(decisions)}: median {ms * statistics.median(decisions):.0f} ms, "
        f"max {ms * max(decisions):.0f} ms"
    )


if __name__ == "__main__":
    main()
