"""The strong level's choices at the end of a hand, exact search against playouts, judged by the truth.

From seeded matches of normal players, every position where at most ``--draws``
tiles can still be drawn, twelve or fewer are held and the choice matters; at
each, the strong level chooses once with its exact end-of-hand search and once
with playouts only. Each choice is judged by the exact value of the move with
the real hands (a draw averaged over the stock's tiles): the regret is the
chance to win the match lost against the best move, in points of percent.

    python bench/endgame_choices.py --positions 60 --draws 2
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.tiles import mask_of
from bergen_access.core.view import SeatView
from bergen_access.players import make_player
from bergen_access.players import strong as search
from bergen_access.players.endgame import MOST_TILES, EndgameSearch
from bergen_access.players.fastsim import AnyPosition, SimRules
from bergen_access.players.knowledge import infer
from bergen_access.players.race import RaceTable


def told(match: Match) -> AnyPosition:
    """The fast simulator's position with the real hands and stock."""
    assert match.turn is not None
    view = SeatView(match, match.turn)
    pos = search.root_position(view, infer(view).passes)
    pos.hands = [mask_of(match.hand(seat)) for seat in range(match.players)]
    pos.stock = [int(t) for t in match._stock]
    return pos


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--draws", type=int, default=2, help="at most this many tiles left to draw")
    args = parser.parse_args()
    rules = preset("standard")
    sim, race = SimRules(rules), RaceTable(rules)
    regrets: dict[str, list[float]] = {"exact end of hand": [], "playouts only": []}
    seed = 0
    while len(regrets["playouts only"]) < args.positions:
        seed += 1
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        table = [make_player("normal", seed * 3 + s) for s in range(2)]
        while match.phase is Phase.PLAYING and len(regrets["playouts only"]) < args.positions:
            assert match.turn is not None
            view = SeatView(match, match.turn)
            actions = view.legal_actions
            held = sum(len(match.hand(s)) for s in range(2))
            if match.drawable <= args.draws and len(actions) > 1 and held <= MOST_TILES:
                side = match.side_of(match.turn)
                truth = {}
                for action in actions:
                    pos = told(match)
                    pos.apply(sim, search.move_code(action))
                    truth[action] = EndgameSearch(sim, race, side, 10**8).value(pos)
                best = max(truth.values())
                if best - min(truth.values()) > 1e-9:
                    regrets["exact end of hand"].append(best - truth[search.StrongPlayer(seed).choose(view)])
                    real = search.searchable
                    search.searchable = lambda *_: False  # type: ignore[assignment]
                    try:
                        regrets["playouts only"].append(best - truth[search.StrongPlayer(seed).choose(view)])
                    finally:
                        search.searchable = real
            match.apply(table[match.turn].choose(view))
    for name, values in regrets.items():
        wrong = sum(value > 1e-9 for value in values)
        print(
            f"{name}: {len(values)} positions, {wrong} not the best move, "
            f"mean regret {100 * statistics.fmean(values):.2f} points of winning chance"
        )


if __name__ == "__main__":
    main()
