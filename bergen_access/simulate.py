"""``bergen simulate``: complete matches between computer players, printed as a trace."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from .core.dealers import SeededDealer
from .core.engine import Match, Phase
from .core.events import Event
from .core.record import event_to_json
from .core.rules import Rules, RulesError
from .core.view import SeatView
from .players import Player, RandomPlayer
from .rule_args import add_rule_arguments, rules_from_arguments


def trace_line(event: Event) -> str:
    """One event as ``tile-played seat=1 tile=1-5 end=right left=1 right=5``."""
    data = event_to_json(event)
    kind = data.pop("type")
    fields = (f"{key}={json.dumps(value, separators=(',', ':'))}" for key, value in data.items())
    return " ".join([kind, *fields])


def play_match(
    rules: Rules, seed: int, players: Sequence[Player], out: TextIO | None, *, as_json: bool
) -> Match:
    """Play one match to its end, writing every event if ``out`` is given."""
    match = Match(rules, SeededDealer(seed))
    events = match.start_hand()
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
        events = match.apply(players[seat].choose(SeatView(match, seat)))


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


def simulate(
    rules: Rules, seed: int, matches: int, *, as_json: bool, quiet: bool, out: TextIO = sys.stdout
) -> None:
    """Play ``matches`` matches with seeds ``seed``, ``seed + 1``, … between random players."""
    for number in range(1, matches + 1):
        match_seed = seed + number - 1
        players = [RandomPlayer(match_seed * 10 + seat) for seat in range(rules.players)]
        match = play_match(rules, match_seed, players, None if quiet else out, as_json=as_json)
        out.write(result_line(number, match_seed, match, as_json) + "\n")
        out.flush()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``bergen simulate``."""
    add_rule_arguments(parser)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match (default 1)")
    parser.add_argument("--matches", type=int, default=1, help="number of matches (default 1)")
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    parser.add_argument("--quiet", action="store_true", help="print only the result of each match")


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Carry out ``bergen simulate``."""
    try:
        rules = rules_from_arguments(args)
    except RulesError as error:
        parser.error(f"{error.code}: {error.option}={error.value}")
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    try:
        simulate(rules, args.seed, args.matches, as_json=args.json, quiet=args.quiet)
    except BrokenPipeError:
        sys.stderr.close()
    return 0
