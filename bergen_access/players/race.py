"""How good a score is when a hand ends: each side's chance to win the match from there.

A search plays to the end of the hand; what the points mean for the match
depends on how far each side is from the target. We model the rest of the
match as a race of headers: every side scores headers at the same rate (a
Poisson stream per side), each a triple with probability ``TRIPLE_SHARE``,
worth what the rules' reduction leaves at that side's need. Each side's
finishing time is then a mixture of gamma distributions, independent of the
others, and a side's chance is the chance that it finishes first. The curves
are computed per need when first asked for; a chance then costs one sum.
"""

from __future__ import annotations

import math

from ..core.events import HeaderKind
from ..core.rules import Rules
from ..core.scoring import header_value

TRIPLE_SHARE = 0.3
GRID = 240  # points of the time grid


class RaceTable:
    """Chances to win the match from the scores at the end of a hand."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.target = rules.target_score
        # _needed[n][k]: chance that need n takes exactly k more headers.
        self._needed: list[list[float]] = [[1.0]]
        most = len(self._headers_needed(self.target))
        self._step = (3 * most + 10) / GRID
        self._poisson: list[list[float]] | None = None
        self._most = most
        self._curves: dict[int, tuple[list[float], list[float]]] = {}
        self._cache: dict[tuple[int, ...], tuple[float, ...]] = {}

    def _headers_needed(self, need: int) -> list[float]:
        """Distribution of the number of headers that bring ``need`` to zero."""
        needed = self._needed
        for n in range(len(needed), need + 1):
            row: list[float] = []
            for kind, share in ((HeaderKind.DOUBLE, 1 - TRIPLE_SHARE), (HeaderKind.TRIPLE, TRIPLE_SHARE)):
                rest = max(0, n - max(1, header_value(self.rules, kind, n)))
                for k, chance in enumerate(needed[rest]):
                    while len(row) <= k + 1:
                        row.append(0.0)
                    row[k + 1] += share * chance
            needed.append(row)
        return needed[need]

    def _curve(self, need: int) -> tuple[list[float], list[float]]:
        """Density (times the grid step) and survival of a side's finishing time."""
        curve = self._curves.get(need)
        if curve is not None:
            return curve
        if self._poisson is None:
            # Poisson terms e^-t t^m / m! at the middle of each grid cell, for m below the most headers.
            self._poisson = []
            for i in range(GRID):
                t = (i + 0.5) * self._step
                term = math.exp(-t)
                row = [term]
                for m in range(1, self._most):
                    term *= t / m
                    row.append(term)
                self._poisson.append(row)
        needed = self._headers_needed(need)
        density = []
        survival = []
        for row in self._poisson:
            f = s = below = 0.0
            for k in range(1, len(needed)):
                chance = needed[k]
                below += row[k - 1]  # P(Poisson(t) <= k - 1): k headers not yet all scored
                if chance:
                    f += chance * row[k - 1]  # gamma(k) density e^-t t^(k-1) / (k-1)!
                    s += chance * below
            density.append(f * self._step)
            survival.append(s)
        curve = (density, survival)
        self._curves[need] = curve
        return curve

    def chances(self, scores: tuple[int, ...]) -> tuple[float, ...]:
        """Each side's chance to win from these scores (a side at the target has won)."""
        cached = self._cache.get(scores)
        if cached is not None:
            return cached
        needs = [max(0, self.target - s) for s in scores]
        if min(needs) == 0:
            result = tuple(1.0 if n == 0 else 0.0 for n in needs)
        else:
            curves = [self._curve(n) for n in needs]
            raw = []
            for side, (density, _) in enumerate(curves):
                others = [survival for other, (_, survival) in enumerate(curves) if other != side]
                total = 0.0
                for i, f in enumerate(density):
                    term = f
                    for survival in others:
                        term *= survival[i]
                    total += term
                raw.append(total)
            norm = sum(raw)
            result = tuple(r / norm for r in raw) if norm else tuple(1.0 / len(needs) for _ in needs)
        self._cache[scores] = result
        return result
