"""The tally of a match: every award, its reduction and the end at the target.

The engine, the scorekeeper's tracked table and its plain tally all score
through this one class, so a header, a hand won by going out or by a block,
and the instant a side reaches the target are decided in one place.
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import (
    CountersDiscarded,
    Decider,
    Event,
    HandBlocked,
    HeaderKind,
    HeaderScored,
    Holding,
    MatchWon,
    WentOut,
)
from .rules import Rules, Tally
from .scoring import capped, header_base, header_value, settle_blocked
from .tiles import Tile

# Events built straight from their fields, skipping the named tuples' Python-level __new__ (every field
# is given); the engine scores a header through here on most hands.
_new = tuple.__new__
_COUNTERS = Tally.COUNTERS


class Scoreboard:
    """Points per side (with counters: counters discarded per side) and the target."""

    def __init__(self, rules: Rules, scores: Sequence[int] | None = None) -> None:
        self.rules = rules
        self.target = rules.target_score
        if scores is None:
            self.scores = [0] * rules.sides
        else:
            self.scores = list(scores)
            whole = all(isinstance(s, int) and not isinstance(s, bool) for s in self.scores)
            if len(self.scores) != rules.sides or not whole or not all(0 <= s < self.target for s in scores):
                raise ValueError("starting scores must be one per side, each below the target")
        self.winner: int | None = None
        self._counters = rules.tally is _COUNTERS

    def need(self, side: int) -> int:
        """Points a side still needs; with counters, the counters it holds."""
        return self.target - self.scores[side]

    def header(self, seat: int, side: int, kind: HeaderKind, events: list[Event]) -> bool:
        """Score a header for ``seat``; True when it won the match."""
        rules = self.rules
        scores = self.scores
        value = header_value(rules, kind, self.target - scores[side])
        scores[side] = total = scores[side] + value
        events.append(_new(HeaderScored, (seat, side, kind, header_base(rules, kind), value, total)))
        if self._counters or total >= self.target:
            return self._settle(seat, side, value, events)
        return False

    def went_out(self, seat: int, side: int, events: list[Event]) -> bool:
        """Score going out; True when it won the match."""
        rules = self.rules
        scores = self.scores
        value = capped(rules, rules.going_out, self.target - scores[side])
        scores[side] = total = scores[side] + value
        events.append(_new(WentOut, (seat, side, rules.going_out, value, total)))
        if self._counters or total >= self.target:
            return self._settle(seat, side, value, events)
        return False

    def blocked(
        self,
        holdings: tuple[Holding, ...],
        hands: tuple[tuple[Tile, ...], ...],
        events: list[Event],
        called: tuple[int | None, Decider] | None = None,
    ) -> bool:
        """Settle a blocked hand by the rules (or as the table ``called`` it); True when it won the match."""
        rule = self.rules.blocked_rule
        winner, decided_by = called if called is not None else settle_blocked(rule, holdings)
        value, total = 0, None
        if winner is not None:
            value = capped(self.rules, self.rules.blocked_award, self.need(winner))
            self.scores[winner] += value
            total = self.scores[winner]
        events.append(HandBlocked(rule, holdings, hands, decided_by, winner, value, total))
        return winner is not None and self._settle(None, winner, value, events)

    def _settle(self, seat: int | None, side: int, value: int, events: list[Event]) -> bool:
        """Follow an award with its counters and, at the target, the end of the match."""
        if self._counters and value:
            events.append(CountersDiscarded(seat, side, value, max(0, self.need(side))))
        if self.scores[side] < self.target:
            return False
        self.winner = side
        events.append(MatchWon(side, tuple(self.scores)))
        return True

    def copy(self) -> Scoreboard:
        twin = Scoreboard.__new__(Scoreboard)
        twin.__dict__.update(self.__dict__)
        twin.scores = list(self.scores)
        return twin
