"""``bergen simulate``: complete matches between computer players, printed as a trace.

With two or more matches a summary follows: per level and per side, the
share of matches won with a 95% Wilson interval, and the time per move of
each level (every call of ``choose``, forced moves included).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from .core.dealers import SeededDealer
from .core.engine import Match, Phase
from .core.events import Event
from .core.record import event_to_json
from .core.rules import Rules, RulesError
from .core.view import SeatView
from .players import LEVELS, Player, make_player
from .rule_args import add_rule_arguments, rules_from_arguments

#: Makes the player of one seat: (level, seed) -> player.
PlayerFactory = Callable[[str, int], Player]


def trace_line(event: Event) -> str:
    """One event as ``tile-played seat=1 tile=1-5 end=right left=1 right=5``."""
    data = event_to_json(event)
    kind = data.pop("type")
    fields = (f"{key}={json.dumps(value, separators=(',', ':'))}" for key, value in data.items())
    return " ".join([kind, *fields])


def play_match(
    rules: Rules,
    seed: int,
    players: Sequence[Player],
    out: TextIO | None,
    *,
    as_json: bool,
    times: Sequence[list[float]] | None = None,
) -> Match:
    """Play one match to its end, writing every event if ``out`` is given.

    ``times``, one list per seat, receives the seconds each ``choose`` took.
    """
    match = Match(rules, SeededDealer(seed))
    events = match.start_hand()
    clock = time.perf_counter
    while True:
        if out is not None:
            for event in events:
                out.write((json.dumps(event_to_json(event)) if as_json else trace_line(event)) + "\n")
        if match.is_over:
            return match
        if match.phase is Phase.HAND_OVER:
            events = match.start_hand()
            continue
        seat = match.turn
        started = clock()
        action = players[seat].choose(SeatView(match, seat))
        if times is not None:
            times[seat].append(clock() - started)
        events = match.apply(action)


def result_line(number: int, seed: int, match: Match, as_json: bool) -> str:
    """The one-line result of a match."""
    winner = match.winner
    assert winner is not None
    if as_json:
        return json.dumps(
            {
                "type": "match-result",
                "match": number,
                "seed": seed,
                "winner": winner,
                "seats": list(match.rules.seats_of(winner)),
                "totals": list(match.scores),
                "hands": match.hand_number,
                "actions": len(match.actions),
            }
        )
    totals = "-".join(str(s) for s in match.scores)
    seats = ",".join(str(s) for s in match.rules.seats_of(winner))
    return (
        f"match {number} seed {seed}: side {winner} (seat {seats}) wins {totals} "
        f"after {match.hand_number} hands, {len(match.actions)} actions"
    )


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share (95% by default).

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    scale = 1 + z * z / games
    centre = (share + z * z / (2 * games)) / scale
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    """Matches and wins per level and per side, and move times per level."""

    level_games: dict[str, int] = field(default_factory=dict)
    level_wins: dict[str, int] = field(default_factory=dict)
    side_games: dict[int, int] = field(default_factory=dict)
    side_wins: dict[int, int] = field(default_factory=dict)
    move_times: dict[str, list[float]] = field(default_factory=dict)
    matches: int = 0

    def add(self, match: Match, levels: Sequence[str], times: Sequence[list[float]]) -> None:
        """Count one finished match whose seats played ``levels``."""
        rules = match.rules
        self.matches += 1
        for level in set(levels):
            self.level_games[level] = self.level_games.get(level, 0) + 1
        assert match.winner is not None
        for level in {levels[s] for s in rules.seats_of(match.winner)}:
            self.level_wins[level] = self.level_wins.get(level, 0) + 1
        for side in range(rules.sides):
            self.side_games[side] = self.side_games.get(side, 0) + 1
        self.side_wins[match.winner] = self.side_wins.get(match.winner, 0) + 1
        for seat, level in enumerate(levels):
            self.move_times.setdefault(level, []).extend(times[seat])

    def lines(self) -> list[str]:
        """The summary as text, one line per level and per side."""
        out = [f"summary: {self.matches} matches"]
        for level in sorted(self.level_games):
            wins, games = self.level_wins.get(level, 0), self.level_games[level]
            low, high = wilson(wins, games)
            moves = self.move_times.get(level, [])
            timing = ""
            if moves:
                timing = (
                    f"; per move mean {1000 * statistics.fmean(moves):.2f} ms, "
                    f"median {1000 * statistics.median(moves):.2f} ms, "
                    f"max {1000 * max(moves):.1f} ms over {len(moves)} moves"
                )
            out.append(
                f"level {level}: won {wins} of {games} matches, {100 * wins / games:.1f}% "
                f"(95% CI {100 * low:.1f}-{100 * high:.1f}%){timing}"
            )
        for side in sorted(self.side_games):
            wins, games = self.side_wins.get(side, 0), self.side_games[side]
            low, high = wilson(wins, games)
            out.append(
                f"side {side}: won {wins} of {games} matches, {100 * wins / games:.1f}% "
                f"(95% CI {100 * low:.1f}-{100 * high:.1f}%)"
            )
        return out

    def as_json(self) -> dict[str, object]:
        """The summary as a JSON-ready object."""

        def share(wins: int, games: int) -> dict[str, object]:
            low, high = wilson(wins, games)
            return {"won": wins, "matches": games, "share": wins / games, "ci95": [low, high]}

        levels: dict[str, object] = {}
        for level, games in sorted(self.level_games.items()):
            entry = share(self.level_wins.get(level, 0), games)
            moves = self.move_times.get(level, [])
            if moves:
                entry["move_seconds"] = {
                    "mean": statistics.fmean(moves),
                    "median": statistics.median(moves),
                    "max": max(moves),
                    "moves": len(moves),
                }
            levels[level] = entry
        sides = {
            str(side): share(self.side_wins.get(side, 0), games) for side, games in self.side_games.items()
        }
        return {"type": "summary", "matches": self.matches, "levels": levels, "sides": sides}


def seat_levels(levels: Sequence[str], players: int, number: int, alternate: bool) -> list[str]:
    """The level of each seat in match ``number`` (from 1); rotated by one seat per match if asked."""
    per_seat = list(levels) * players if len(levels) == 1 else list(levels)
    if alternate:
        shift = (number - 1) % players
        per_seat = per_seat[-shift:] + per_seat[:-shift] if shift else per_seat
    return per_seat


def simulate(
    rules: Rules,
    seed: int,
    matches: int,
    *,
    as_json: bool,
    quiet: bool,
    out: TextIO = sys.stdout,
    levels: Sequence[str] = ("random",),
    alternate: bool = False,
    factory: PlayerFactory = make_player,
) -> Tally:
    """Play ``matches`` matches with seeds ``seed``, ``seed + 1``, … and return the tally.

    Seat ``s`` of match seed ``m`` gets a player of its level seeded ``10 m + s``.
    """
    tally = Tally()
    for number in range(1, matches + 1):
        match_seed = seed + number - 1
        seating = seat_levels(levels, rules.players, number, alternate)
        players = [factory(level, match_seed * 10 + seat) for seat, level in enumerate(seating)]
        times: list[list[float]] = [[] for _ in seating]
        match = play_match(
            rules, match_seed, players, None if quiet else out, as_json=as_json, times=times
        )
        tally.add(match, seating, times)
        out.write(result_line(number, match_seed, match, as_json) + "\n")
        out.flush()
    if matches > 1:
        if as_json:
            out.write(json.dumps(tally.as_json()) + "\n")
        else:
            out.write("\n".join(tally.lines()) + "\n")
    return tally


def parse_levels(text: str, players: int) -> list[str]:
    """``strong,normal`` → one level per seat; a single level serves every seat."""
    levels = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not levels or any(level not in LEVELS for level in levels):
        raise ValueError("unknown-level")
    if len(levels) not in (1, players):
        raise ValueError("one-level-per-seat")
    return levels


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``bergen simulate``."""
    add_rule_arguments(parser)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match (default 1)")
    parser.add_argument("--matches", type=int, default=1, help="number of matches (default 1)")
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    parser.add_argument("--quiet", action="store_true", help="print only the result of each match")
    parser.add_argument(
        "--opponents",
        default="random",
        metavar="LEVEL[,LEVEL...]",
        help=f"computer level of each seat, or one for all: {', '.join(LEVELS)} (default random)",
    )
    parser.add_argument(
        "--alternate", action="store_true", help="move the levels one seat on after every match"
    )


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Carry out ``bergen simulate``."""
    try:
        rules = rules_from_arguments(args)
    except RulesError as error:
        parser.error(f"{error.code}: {error.option}={error.value}")
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    try:
        levels = parse_levels(args.opponents, rules.players)
    except ValueError as error:
        parser.error(f"{error}: --opponents={args.opponents} (levels: {', '.join(LEVELS)})")
    try:
        simulate(
            rules,
            args.seed,
            args.matches,
            as_json=args.json,
            quiet=args.quiet,
            levels=levels,
            alternate=args.alternate,
        )
    except BrokenPipeError:
        sys.stderr.close()
    return 0
