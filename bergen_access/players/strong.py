"""The strong level: determinized Monte Carlo search over the real rules.

For each determinization (a deal of the hidden tiles that agrees with all the
seat has seen, see ``knowledge`` and ``sampling``) every legal action is
tried and the hand is played out by the quick policy of ``rollout`` with the
same random stream for every action (common random numbers, so differences
between actions are not drowned in deal noise). A playout is worth the
chance of winning the match where it ends: 1 or 0 when it reached the
target, otherwise the race estimate of ``race``. The work is spent by
sequential halving: after each round the worse half of the actions drop
out, so the close calls get most of the playouts. The action with the best
mean is chosen. A decision stops early once the leader is clearly best or the
rest clearly no different (``settled_race``): a clear or indifferent choice costs
a fraction of the playouts, a close one all of them.

Each determinization's playouts are weighed by how well it explains the plays
the other seats chose (``opponent_model``: they are assumed to play, softly, by
the Bergen terms of the playout policy), so deals under which their choices
make sense count more.

Near the end of a hand (at most two tiles left to draw, few tiles held) playouts
give way to the exact search of ``endgame`` on each determinization, which knows
the last moves' outcomes rather than guessing them by a policy.

Work is counted in playouts, never in the wall clock: ``simulations`` fixes it
(by default the set's ``SIMULATIONS``), so a decision is a function of the seed
and the position (``chance``) on every machine, in ``bergen simulate`` and in the benchmarks. In play the game
adds ``time_budget`` (``PLAY_CEILING``): a ceiling that only a machine too busy
to finish the work reaches; a decision it cuts short says so (``last_hurried``),
and the match record keeps it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from ..core.actions import Action, Draw, Play
from ..core.rules import Rules
from ..core.tiles import mask_of
from ..core.view import SeatView
from .chance import decision_rng
from .endgame import EndgameSearch, NodesSpentError, searchable
from .fastsim import ARM_BITS, DRAW, OVER, PASS, AnyPosition, ArmsPosition, Position, SimRules
from .knowledge import Knowledge, infer
from .opponent_model import Decision, deal_weight, decisions
from .race import RaceTable
from .rollout import playout
from .sampling import sample_deal

#: Playouts per decision on double-six (a decision took about 0.45 s, median, on a 2-core machine at
#: load 1.5).
DEFAULT_SIMULATIONS = 9000
#: Playouts per decision, by the set's highest double (rules.md §6): a playout on double-nine costs
#: about 2.3 times a double-six one in CPU time, on double-twelve 2.7 times, and their decisions are
#: closer (the early stop ends fewer), so fewer playouts keep a decision's median near 0.3 s of CPU
#: (3,600 on both took a median of 0.47 s and 0.53 s, with 3 and 5 of about 125 decisions cut by the
#: ceiling on a busy machine).
SIMULATIONS = {6: DEFAULT_SIMULATIONS, 9: 3000, 12: 2600}
#: Seconds of wall clock a decision may take at most in play: not a budget (the work is fixed), a
#: guard for a machine so busy that it cannot finish the work; a decision it stops is recorded.
PLAY_CEILING = 1.5
DEFAULT_HINT_TRUST = 0.8
#: Deals searched exactly at the end of a hand (``endgame``), and the nodes all of them may visit.
ENDGAME_DEALS = 48
ENDGAME_NODES = 80_000
#: Fewer deals than this when the budget ran out: the exact search is given up for playouts.
ENDGAME_FEWEST = 12
#: A decision stops early once the leading action is clearly best or the rest clearly no different:
#: every rival's paired difference (the same deals, common random numbers) is more than ``STOP_Z``
#: standard errors above zero, or within ``INDIFFERENCE`` (a match-winning chance) of it at that
#: confidence. Asked every ``CHECK_EVERY`` deals from ``FIRST_CHECK`` on; the work stays a function
#: of the seed and the position, never of the clock.
STOP_Z = 3.0
INDIFFERENCE = 0.01
FIRST_CHECK = 96
CHECK_EVERY = 48
#: Fewer effective deals than this (the opponent model can weigh a few deals far above the rest) tell
#: too little to stop on.
FEWEST_EFFECTIVE = 48


def move_code(action: Action, arms: int = 2) -> int:
    """The fast simulator's code of an engine action, on a line of ``arms`` ends (2, 4 or 8)."""
    if isinstance(action, Play):
        return action.tile * 2 + action.end if arms == 2 else action.tile << ARM_BITS | action.end
    return DRAW if isinstance(action, Draw) else PASS


def root_position(view: SeatView, passes: int) -> AnyPosition:
    """The fast simulator's position of the view's hand; the hidden tiles (hands, stock) are left empty."""
    hands: list[int] = [0] * view.rules.players
    stock: list[int] = []
    line = view.line
    line_mask = mask_of(placed[0] for placed in line)
    opening = view.opening
    assert opening is not None
    spread = view.spread
    if spread is not None:
        return ArmsPosition(
            hands=hands,
            stock=stock,
            ends=spread.ends,
            end_tiles=spread.end_tiles,
            size=spread.size,
            line_mask=line_mask,
            opening=opening,
            turn=view.seat,
            passes=passes,
            scores=list(view.scores),
        )
    ends = view.ends
    assert ends is not None
    return Position(
        hands=hands,
        stock=stock,
        ends=(ends[0], ends[1]),
        end_tiles=(line[0][0], line[-1][0]),
        line_length=len(line),
        line_mask=line_mask,
        opening=opening,
        turn=view.seat,
        passes=passes,
        scores=list(view.scores),
    )


class StrongPlayer:
    """Determinized Monte Carlo with heuristic playouts."""

    def __init__(
        self,
        seed: int,
        simulations: int | None = None,
        time_budget: float | None = None,
        hint_trust: float = DEFAULT_HINT_TRUST,
    ) -> None:
        """``simulations``: playouts per decision (None: the set's ``SIMULATIONS``); ``time_budget``:
        the wall-clock ceiling in seconds (None: none, the work always done, as in simulate and benchmarks).
        """
        self.seed = seed
        self.hint_trust = hint_trust
        self.simulations = simulations
        self.time_budget = time_budget
        #: (playouts done, playouts asked) when the ceiling cut the last decision short; None otherwise
        self.last_hurried: tuple[int, int] | None = None
        self._hurried = False
        self._rules: Rules | None = None
        self._sim: SimRules | None = None
        self._race: RaceTable | None = None
        self.last_simulations = 0
        self.last_values: dict[Action, float] = {}

    def _tables(self, rules: Rules) -> tuple[SimRules, RaceTable]:
        if self._rules != rules or self._sim is None or self._race is None:
            self._rules = rules
            self._sim = SimRules(rules)
            self._race = RaceTable(rules)
        return self._sim, self._race

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError("not this seat's turn")
        self.last_hurried = None
        if len(actions) == 1:
            self.last_simulations = 0
            self.last_values = {actions[0]: 0.0}
            return actions[0]
        work = self.work(view.rules)
        budget = self.time_budget
        deadline = None if budget is None else time.perf_counter() + budget
        values = self.evaluate(view, actions, work, deadline)
        if self._hurried:
            self.last_hurried = (self.last_simulations, work)
        return max(actions, key=lambda a: values[a])

    def work(self, rules: Rules) -> int:
        """Playouts per decision under ``rules``."""
        if self.simulations is not None:
            return self.simulations
        return SIMULATIONS[rules.tile_set]

    def _past(self, deadline: float | None) -> bool:
        """Whether the wall-clock ceiling is reached (and so the decision cut short)."""
        if deadline is not None and time.perf_counter() > deadline:
            self._hurried = True
        return self._hurried

    def evaluate(
        self,
        view: SeatView,
        actions: Sequence[Action],
        simulations: int,
        deadline: float | None,
        keep: Action | None = None,
        *,
        halving: bool = True,
        stop: Callable[[], bool] | None = None,
    ) -> dict[Action, float]:
        """Each action's estimated chance to win the match, by sequential halving over determinizations.

        The work is split into rounds; after each, the worse half of the actions still in the race
        drop out (``keep`` never does), so most playouts go to the actions that are close to the best.
        The actions still in the race have always been played out on the same deals (common random
        numbers), so their means compare fairly; an action that dropped out keeps the mean it had.
        Without ``halving`` every action is played out on every deal (the coach compares any two).
        ``stop``, asked after every deal, ends the work early as the deadline does.
        """
        sim, race = self._tables(view.rules)
        self._hurried = False
        knowledge = infer(view)
        side = view.side
        arms = view.rules.arms
        moves = [move_code(a, arms) for a in actions]
        count = len(moves)
        totals = [0.0] * count
        seen = [0.0] * count
        alive = list(range(count))
        rng = decision_rng(self.seed, view)
        template = root_position(view, knowledge.passes)
        found = decisions(view, sim, knowledge)
        known: dict[tuple[int, int], float] = {}  # the opponent model's chances, per decision and hand
        filled: list[list[int]] = []  # each deal's tiles slot by slot, for the decisions before a draw
        if searchable(sim, view.stock_size, sum(view.tile_counts)):
            exact = self._endgame(
                EndgameSearch(sim, race, side, ENDGAME_NODES, deadline),
                knowledge,
                template,
                moves,
                actions,
                rng=rng,
                found=found,
                known=known,
                filled=filled,
                deadline=deadline,
                stop=stop,
            )
            if exact is not None:
                return exact
        phases = max(1, math.ceil(math.log2(count))) if halving else 1
        done = 0
        out_of_time = False
        settled = False
        outcomes: list[list[float]] = [[] for _ in range(count)]  # per action, its value on each deal
        weights: list[float] = []
        for phase in range(phases):
            share = (simulations - done) // ((phases - phase) * len(alive))
            for _ in range(max(1, share)):
                root = template.copy()
                root.hands, root.stock = sample_deal(knowledge, rng, self.hint_trust, filled)
                weight = deal_weight(sim, found, root.hands, known, filled) if found else 1.0
                stream = random.Random(rng.getrandbits(64))
                state = stream.getstate()
                for index in alive:
                    pos = root.copy()
                    pos.apply(sim, moves[index])
                    stream.setstate(state)
                    playout(sim, pos, stream)
                    if pos.phase == OVER:
                        value = 1.0 if pos.winner == side else 0.0
                    else:
                        value = race.chances(tuple(pos.scores))[side]
                    totals[index] += weight * value
                    seen[index] += weight
                    outcomes[index].append(value)
                weights.append(weight)
                done += len(alive)
                if self._past(deadline) or (stop is not None and stop()):
                    out_of_time = True
                    break
                deals = len(weights)
                if (
                    halving
                    and deals >= FIRST_CHECK
                    and deals % CHECK_EVERY == 0
                    and settled_race(alive, totals, outcomes, weights)
                ):
                    settled = True
                    break
            if out_of_time or settled:
                break
            if len(alive) <= 2 or phase == phases - 1:
                continue
            alive.sort(key=lambda i: totals[i], reverse=True)
            survivors = alive[: (len(alive) + 1) // 2]
            if keep is not None:
                kept = actions.index(keep)
                if kept not in survivors:
                    survivors.append(kept)
            alive = survivors
        self.last_simulations = done
        means = [totals[i] / seen[i] if seen[i] else 0.0 for i in range(count)]
        # Only the actions that stayed in the race to the end compete for the best (see the docstring).
        floor = min((means[i] for i in alive), default=0.0)
        self.last_values = {
            a: means[i] if i in alive else min(means[i], floor) for i, a in enumerate(actions)
        }
        return self.last_values

    def _endgame(
        self,
        search: EndgameSearch,
        knowledge: Knowledge,
        template: AnyPosition,
        moves: list[int],
        actions: Sequence[Action],
        *,
        rng: random.Random,
        found: tuple[Decision, ...],
        known: dict[tuple[int, int], float],
        filled: list[list[int]],
        deadline: float | None,
        stop: Callable[[], bool] | None,
    ) -> dict[Action, float] | None:
        """Each action's chance by exact search of the hand's end on sampled deals; None if too large."""
        totals = [0.0] * len(moves)
        deals = 0
        weights = 0.0
        try:
            for _ in range(ENDGAME_DEALS):
                root = template.copy()
                root.hands, root.stock = sample_deal(knowledge, rng, self.hint_trust, filled)
                weight = deal_weight(search.sim, found, root.hands, known, filled) if found else 1.0
                worths = []
                for move in moves:
                    pos = root.copy()
                    pos.apply(search.sim, move)
                    worths.append(search.value(pos))
                for index, worth in enumerate(worths):
                    totals[index] += weight * worth
                search.forget()
                deals += 1
                weights += weight
                if self._past(deadline) or (stop is not None and stop()):
                    break
        except NodesSpentError:
            self._past(deadline)  # the nodes ran out, or the ceiling came
        if deals < ENDGAME_FEWEST:
            return None
        self.last_simulations = deals * len(moves)
        self.last_values = {a: totals[i] / weights for i, a in enumerate(actions)}
        return self.last_values


def settled_race(
    alive: list[int], totals: list[float], outcomes: list[list[float]], weights: list[float]
) -> bool:
    """Whether more playouts would hardly change the choice (see ``STOP_Z`` and ``INDIFFERENCE``).

    The actions in ``alive`` were played out on every deal so far; each rival's difference from the
    leader is paired deal by deal and weighed by the deals' weights (its standard error uses their
    effective number).
    """
    if len(alive) < 2:
        return True
    leader = max(alive, key=lambda i: totals[i])
    best = outcomes[leader]
    total = sum(weights)
    if total <= 0.0:
        return False
    effective = total * total / sum(w * w for w in weights)
    if effective < FEWEST_EFFECTIVE:
        return False
    for rival in alive:
        if rival == leader:
            continue
        other = outcomes[rival]
        gaps = [a - b for a, b in zip(best, other, strict=True)]
        mean = sum(w * g for w, g in zip(weights, gaps, strict=True)) / total
        spread = sum(w * (g - mean) ** 2 for w, g in zip(weights, gaps, strict=True)) / total
        error = STOP_Z * math.sqrt(spread / (effective - 1))
        if mean - error <= 0.0 and mean + error >= INDIFFERENCE:
            return False
    return True
