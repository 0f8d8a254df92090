"""The strong level: determinized Monte Carlo search over the real rules.

For each determinization (a deal of the hidden tiles that agrees with all the
seat has seen, see ``knowledge`` and ``sampling``) every legal action is
tried and the hand is played out by the quick policy of ``rollout`` with the
same random stream for every action (common random numbers, so differences
between actions are not drowned in deal noise). A playout is worth the
chance of winning the match where it ends: 1 or 0 when it reached the
target, otherwise the race estimate of ``race``. The action with the best
mean is chosen.

Work is counted in playouts. ``simulations`` fixes the work (reproducible
from the seed); ``time_budget`` stops earlier on a slow machine, so a move
never takes much longer than the budget.
"""

from __future__ import annotations

import random
import time

from ..core.actions import Action, Draw, Play
from ..core.rules import Rules
from ..core.tiles import mask_of
from ..core.view import SeatView
from .fastsim import ARM_BITS, DRAW, OVER, PASS, AnyPosition, ArmsPosition, Position, SimRules
from .knowledge import infer
from .race import RaceTable
from .rollout import playout
from .sampling import sample_deal

DEFAULT_SIMULATIONS = 6000
#: Seconds per move. At the default work a decision takes about 0.25 s (median) and at most
#: about 0.8 s on a 2-core laptop, so the clock only binds on slower machines and a move
#: stays well inside 1.5 s.
DEFAULT_TIME_BUDGET = 0.9
#: Seconds per move at most on four or eight arms (rules.md §6), whatever the budget: a
#: playout there costs two to four times a double-six one, so the full budget would be
#: spent on nearly every decision (median 0.8-0.9 s); this keeps the median decision
#: under half a second, as on double-six.
ARMS_TIME_CAP = 0.45
DEFAULT_HINT_TRUST = 0.8


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
        simulations: int = DEFAULT_SIMULATIONS,
        time_budget: float | None = DEFAULT_TIME_BUDGET,
        hint_trust: float = DEFAULT_HINT_TRUST,
    ) -> None:
        self._rng = random.Random(seed)
        self.hint_trust = hint_trust
        self.simulations = simulations
        self.time_budget = time_budget
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
        if len(actions) == 1:
            self.last_simulations = 0
            return actions[0]
        started = time.perf_counter()
        budget = self.time_budget
        if budget is not None and view.rules.arms > 2:
            budget = min(budget, ARMS_TIME_CAP)
        deadline = None if budget is None else started + budget
        sim, race = self._tables(view.rules)
        knowledge = infer(view)
        side = view.side
        moves = [move_code(a, view.rules.arms) for a in actions]
        totals = [0.0] * len(moves)
        rng = self._rng
        done = 0
        rounds = 0
        template = root_position(view, knowledge.passes)
        while done < self.simulations:
            root = template.copy()
            root.hands, root.stock = sample_deal(knowledge, rng, self.hint_trust)
            stream = random.Random(rng.getrandbits(64))
            state = stream.getstate()
            for index, move in enumerate(moves):
                pos = root.copy()
                pos.apply(sim, move)
                stream.setstate(state)
                playout(sim, pos, stream)
                if pos.phase == OVER:
                    totals[index] += 1.0 if pos.winner == side else 0.0
                else:
                    totals[index] += race.chances(tuple(pos.scores))[side]
            done += len(moves)
            rounds += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_simulations = done
        self.last_values = {a: t / max(1, rounds) for a, t in zip(actions, totals, strict=True)}
        best = max(range(len(moves)), key=lambda i: totals[i])
        return actions[best]
