"""``bergen simulate``: complete matches between computer players, printed as a trace.

The trace is meant to be checked by a program that knows only the rules: each
match starts with every rule option and the level of each seat, each deal has
a number of its own, each play gives the open end of every arm, counters are
stated as held, and each finished hand reveals the tiles nobody drew. A
summary follows: per level and per side, the share of matches won with a 95%
Wilson interval, and the time per move of each level (every call of
``choose``, forced moves included).
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
from enum import Enum
from typing import Any, TextIO

from .core.dealers import SeededDealer
from .core.engine import Match, Phase
from .core.events import Event, HandDealt, HandEnded, MatchWon, Redeal, TilePlayed
from .core.record import event_to_json
from .core.rules import Rules, RulesError, preset_of
from .core.rules import Tally as Keeping
from .core.view import SeatView
from .i18n import LANGUAGES, I18n, normalize_language
from .players import LEVELS, Player, make_player
from .present.refusals import rules_error
from .rule_args import add_rule_arguments, rules_from_arguments

#: Makes the player of one seat: (level, seed) -> player.
PlayerFactory = Callable[[str, int], Player]


#: Event fields that hold a side's running score; with counters they are restated as counters held.
_SCORE_FIELDS = {"total": "held", "totals": "held"}
#: Fields of a play that belong to the larger sets' arms (empty or meaningless on double-six).
_ARMS = ("ends", "end_doubles", "new_arm")


def text_line(data: dict[str, Any]) -> str:
    """A trace entry as ``tile-played seat=1 tile="1-5" end="right" left=1 right=5 ...``."""
    compact = (",", ":")
    fields = [f"{key}={json.dumps(v, separators=compact)}" for key, v in data.items() if key != "type"]
    return " ".join([str(data["type"]), *fields])


def rules_entry(rules: Rules, number: int, seed: int, levels: Sequence[str]) -> dict[str, Any]:
    """The first entry of a match: every rule option (the target worked out), the set's facts, the levels."""
    options = {name: v.value if isinstance(v, Enum) else v for name, v in rules.options().items()}
    options["target"] = rules.target_score
    return {
        "type": "rules",
        "match": number,
        "seed": seed,
        "preset": preset_of(rules),
        **options,
        "arms": rules.arms,
        "sides": rules.sides,
        "tiles": rules.tiles.count,
        "tiles_each": rules.tiles_per_player,
        "levels": list(levels),
    }


def event_entry(event: Event, rules: Rules, deal: int) -> dict[str, Any]:
    """An event as a trace entry: deals numbered, plays with their arms, counters as held."""
    data = event_to_json(event)
    if isinstance(event, HandDealt | Redeal):
        data = {"type": data.pop("type"), "deal": deal, **data}
    elif isinstance(event, TilePlayed):
        data = _placement(event, data, rules.arms)
    if rules.tally is Keeping.COUNTERS:
        data = _as_held(data, rules.target_score)
    return data


def _placement(event: TilePlayed, data: dict[str, Any], arms: int) -> dict[str, Any]:
    """Double-six: the end and both open ends. Larger sets: the arm (from 1) and every started arm's end."""
    if arms == 2:
        return {key: value for key, value in data.items() if key not in _ARMS}
    placed = {"type": data["type"], "seat": event.seat, "tile": event.tile.notation, "arm": event.end + 1}
    return placed | {key: value for key, value in data.items() if key in _ARMS}


def _as_held(data: dict[str, Any], target: int) -> dict[str, Any]:
    """The counter tally keeps counters discarded; the trace states counters held, under another name."""
    if data["type"] == "counters-discarded":  # its ``left`` is counters held already
        return {"held" if key == "left" else key: value for key, value in data.items()}

    def held(value: Any) -> Any:
        if isinstance(value, list):
            return [target - total for total in value]
        return None if value is None else target - value

    return {_SCORE_FIELDS.get(key, key): held(v) if key in _SCORE_FIELDS else v for key, v in data.items()}


def revealed_entry(match: Match, deal: int) -> dict[str, Any]:
    """At the end of a hand: the tiles still in the stock (undrawn, then reserved) and in each hand."""
    # The engine keeps the stock as a list whose last element is the next tile to draw and whose first
    # ``reserved_tiles`` elements are the reserved ones. The core has no public view of it (a hand under
    # way must hide it); a finished hand hides nothing, so the trace reads it here.
    stock = match._stock
    reserved = match.rules.reserved_tiles
    return {
        "type": "revealed",
        "deal": deal,
        "hand": match.hand_number,
        "undrawn": [tile.notation for tile in reversed(stock[reserved:])],
        "reserved": [tile.notation for tile in reversed(stock[:reserved])],
        "hands": [[tile.notation for tile in match.hand(seat)] for seat in range(match.players)],
    }


class Trace:
    """Writes the trace of a run, text or JSON lines, numbering the deals across all its matches."""

    def __init__(self, out: TextIO, as_json: bool) -> None:
        self.out = out
        self.as_json = as_json
        self.deal = 0

    def write(self, data: dict[str, Any]) -> None:
        self.out.write((json.dumps(data) if self.as_json else text_line(data)) + "\n")

    def events(self, match: Match, events: Sequence[Event]) -> None:
        """Write the events an action caused, and what a hand that ended leaves unseen."""
        for event in events:
            if isinstance(event, HandDealt):
                self.deal += 1
            self.write(event_entry(event, match.rules, self.deal))
            if isinstance(event, HandEnded | MatchWon):
                self.write(revealed_entry(match, self.deal))


def play_match(
    rules: Rules,
    seed: int,
    players: Sequence[Player],
    trace: Trace | None,
    *,
    times: Sequence[list[float]] | None = None,
) -> Match:
    """Play one match to its end, writing every event to ``trace`` if given.

    ``times``, one list per seat, receives the seconds each ``choose`` took.
    """
    match = Match(rules, SeededDealer(seed))
    events = match.start_hand()
    clock = time.perf_counter
    while True:
        if trace is not None:
            trace.events(match, events)
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


def result_line(number: int, seed: int, match: Match, as_json: bool, i: I18n | None = None) -> str:
    """The one-line result of a match."""
    winner = match.winner
    assert winner is not None
    if as_json:
        rules = match.rules
        scores = {"totals": list(match.scores)}
        if rules.tally is Keeping.COUNTERS:
            scores = {"held": [rules.target_score - discarded for discarded in match.scores]}
        return json.dumps(
            {
                "type": "match-result",
                "match": number,
                "seed": seed,
                "winner": winner,
                "seats": list(rules.seats_of(winner)),
                **scores,
                "hands": match.hand_number,
                "actions": len(match.actions),
            }
        )
    i = i or I18n("en")
    rules = match.rules
    if rules.tally is Keeping.COUNTERS:
        # Translators: bergen simulate, the result of one match with the counter tally (printed).
        # {number}: the match's number, {seed}: its seed, {side}: the winning side (a number from 0),
        # {seats}: its seats, {held}: the counters every side still holds, e.g. 0-4 (the winner
        # holds none), {hands}: hands played, {actions}: moves made. Keep the first word short.
        text = i.ngettext(
            "match {number} seed {seed}: side {side} (seat {seats}) wins, counters held {held}, "
            "after {hands} hand, {actions} actions",
            "match {number} seed {seed}: side {side} (seat {seats}) wins, counters held {held}, "
            "after {hands} hands, {actions} actions",
            match.hand_number,
        )
    else:
        # Translators: bergen simulate, the result of one match (printed). {number}: the match's
        # number, {seed}: its seed, {side}: the winning side (a number from 0), {seats}: its seats
        # (numbers from 0, comma-separated), {totals}: every side's total, e.g. 15-9, {hands}: hands
        # played, {actions}: moves made. Keep the first word short: scripts look for it.
        text = i.ngettext(
            "match {number} seed {seed}: side {side} (seat {seats}) wins {totals} after {hands} hand, "
            "{actions} actions",
            "match {number} seed {seed}: side {side} (seat {seats}) wins {totals} after {hands} hands, "
            "{actions} actions",
            match.hand_number,
        )
    return text.format(
        number=number,
        seed=seed,
        side=winner,
        seats=",".join(str(s) for s in rules.seats_of(winner)),
        totals="-".join(str(s) for s in match.scores),
        held="-".join(str(rules.target_score - discarded) for discarded in match.scores),
        hands=match.hand_number,
        actions=len(match.actions),
    )


def decimal(i: I18n, value: float, places: int) -> str:
    """``value`` with ``places`` decimals and the language's decimal mark."""
    # Translators: the decimal mark in numbers such as 55.2 (a comma in German and Turkish).
    return f"{value:.{places}f}".replace(".", i.pgettext("number", "."))


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


def _won_line(i: I18n, template: str, wins: int, games: int, **names: object) -> str:
    """A summary line of matches won: the share and its 95% interval, in percent."""
    low, high = wilson(wins, games)
    return template.format(
        wins=wins,
        games=games,
        share=decimal(i, 100 * wins / games, 1),
        low=decimal(i, 100 * low, 1),
        high=decimal(i, 100 * high, 1),
        **names,
    )


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

    def lines(self, i: I18n | None = None) -> list[str]:
        """The summary: the count, a line per level (and its time per move), a line per side."""
        i = i or I18n("en")
        # Translators: bergen simulate, first line of the summary. {matches}: how many were played.
        out = [i.ngettext("summary: {matches} match", "summary: {matches} matches", self.matches)]
        out[0] = out[0].format(matches=self.matches)
        for level in sorted(self.level_games):
            wins, games = self.level_wins.get(level, 0), self.level_games[level]
            # Translators: bergen simulate summary. {level}: a computer level as typed (easy,
            # normal, strong, random; not translated), {wins} of {games} matches, {share}: the
            # percentage won, {low}-{high}: its 95% confidence interval in percent.
            won = i.ngettext(
                "level {level}: won {wins} of {games} match, {share}% (95% CI {low}-{high}%)",
                "level {level}: won {wins} of {games} matches, {share}% (95% CI {low}-{high}%)",
                games,
            )
            out.append(_won_line(i, won, wins, games, level=level))
            moves = self.move_times.get(level, [])
            if not moves:
                continue
            # Translators: bergen simulate summary, the line after a level's result. {level} as
            # above; {mean}, {median}, {max}: milliseconds one move took, over {moves} moves.
            timing = i.ngettext(
                "level {level}: per move mean {mean} ms, median {median} ms, max {max} ms, {moves} move",
                "level {level}: per move mean {mean} ms, median {median} ms, max {max} ms, {moves} moves",
                len(moves),
            )
            out.append(
                timing.format(
                    level=level,
                    mean=decimal(i, 1000 * statistics.fmean(moves), 2),
                    median=decimal(i, 1000 * statistics.median(moves), 2),
                    max=decimal(i, 1000 * max(moves), 2),
                    moves=len(moves),
                )
            )
        for side in sorted(self.side_games):
            wins, games = self.side_wins.get(side, 0), self.side_games[side]
            # Translators: bergen simulate summary. {side}: a side's number (from 0; with
            # partnerships side 0 is seats 0 and 2); the rest as in the level line.
            won = i.ngettext(
                "side {side}: won {wins} of {games} match, {share}% (95% CI {low}-{high}%)",
                "side {side}: won {wins} of {games} matches, {share}% (95% CI {low}-{high}%)",
                games,
            )
            out.append(_won_line(i, won, wins, games, side=side))
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
    out: TextIO | None = None,
    levels: Sequence[str] = ("random",),
    alternate: bool = False,
    duplicate: bool = False,
    factory: PlayerFactory = make_player,
    i: I18n | None = None,
    progress: Callable[[Tally], None] | None = None,
) -> Tally:
    """Play ``matches`` matches with seeds ``seed``, ``seed + 1``, … and return the tally.

    Unless ``quiet``, each match's trace (its rules, then its events) comes before its result;
    the summary comes last, after one match too.
    Seat ``s`` of match seed ``m`` gets a player of its level seeded ``10 m + s``.
    With ``duplicate`` (and ``alternate``) every seating in turn plays the same
    seed, so the levels meet the same deals: much less luck in a comparison.
    ``progress`` is called with the tally so far after every match.
    """
    out = out or sys.stdout  # looked up now, not when the module was imported
    tally = Tally()
    trace = None if quiet else Trace(out, as_json)
    group = rules.players if duplicate and alternate else 1
    for number in range(1, matches + 1):
        match_seed = seed + (number - 1) // group
        seating = seat_levels(levels, rules.players, number, alternate)
        players = [factory(level, match_seed * 10 + seat) for seat, level in enumerate(seating)]
        times: list[list[float]] = [[] for _ in seating]
        if trace is not None:
            trace.write(rules_entry(rules, number, match_seed, seating))
        match = play_match(rules, match_seed, players, trace, times=times)
        tally.add(match, seating, times)
        out.write(result_line(number, match_seed, match, as_json, i) + "\n")
        out.flush()
        if progress is not None:
            progress(tally)
    if as_json:
        out.write(json.dumps(tally.as_json()) + "\n")
    else:
        out.write("\n".join(tally.lines(i)) + "\n")
    return tally


def parse_levels(text: str, players: int) -> list[str]:
    """``strong,normal`` → one level per seat; a single level serves every seat."""
    levels = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not levels or any(level not in LEVELS for level in levels):
        raise ValueError("unknown-level")
    if len(levels) not in (1, players):
        raise ValueError("one-level-per-seat")
    return levels


def add_arguments(parser: argparse.ArgumentParser, i: I18n | None = None) -> None:
    """The flags of ``bergen simulate``."""
    i = i or I18n("en")
    add_rule_arguments(parser, i)
    parser.add_argument(
        "--lang",
        default=None,
        # Translators: --help of bergen simulate --lang. {languages} lists the language codes.
        help=i.gettext(
            "language of the results and the summary (the trace stays as it is): {languages}"
        ).format(languages=", ".join(LANGUAGES)),
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        # Translators: --help of bergen simulate --seed.
        help=i.gettext("seed of the first match (default 1)"),
    )
    parser.add_argument(
        "--matches",
        type=int,
        default=1,
        # Translators: --help of bergen simulate --matches.
        help=i.gettext("number of matches (default 1)"),
    )
    # Translators: --help of bergen simulate --json.
    parser.add_argument("--json", action="store_true", help=i.gettext("print JSON lines"))
    parser.add_argument(
        "--quiet",
        action="store_true",
        # Translators: --help of bergen simulate --quiet.
        help=i.gettext("print only the result of each match"),
    )
    parser.add_argument(
        "--opponents",
        default="random",
        metavar="LEVEL[,LEVEL...]",
        # Translators: --help of bergen simulate --opponents. {levels}: the level names as typed
        # (easy, normal, strong, random), not translated.
        help=i.gettext("computer level of each seat, or one for all: {levels} (default random)").format(
            levels=", ".join(LEVELS)
        ),
    )
    parser.add_argument(
        "--alternate",
        action="store_true",
        # Translators: --help of bergen simulate --alternate.
        help=i.gettext("move the levels one seat on after every match"),
    )
    parser.add_argument(
        "--duplicate",
        action="store_true",
        # Translators: --help of bergen simulate --duplicate.
        help=i.gettext("with --alternate: every seating plays the same deals"),
    )


def level_error(i: I18n, code: str, given: str) -> str:
    """Why --opponents cannot be used, in words."""
    levels = ", ".join(LEVELS)
    if code == "one-level-per-seat":
        # Translators: command-line error of bergen simulate. {given}: what was typed after
        # --opponents. Keep "one-level-per-seat": scripts look for it.
        text = i.gettext("one-level-per-seat: --opponents={given} needs one level for all or one per seat")
    else:
        # Translators: command-line error of bergen simulate. {given}: what was typed, {levels}: the
        # level names (not translated). Keep "unknown-level": scripts look for it.
        text = i.gettext("unknown-level: --opponents={given} (levels: {levels})")
    return text.format(given=given, levels=levels)


def run(parser: argparse.ArgumentParser, args: argparse.Namespace, i: I18n | None = None) -> int:
    """Carry out ``bergen simulate``."""
    i = i or I18n("en")
    if args.lang is not None and normalize_language(args.lang) is None:
        # Translators: command-line error: a language we do not speak. {languages} lists the codes.
        parser.error(i.gettext("--lang: choose {languages}.").format(languages=", ".join(LANGUAGES)))
    try:
        rules = rules_from_arguments(args)
    except RulesError as error:
        parser.error(rules_error(i, error))
    if args.matches < 1:
        # Translators: command-line error of bergen simulate.
        parser.error(i.gettext("--matches must be at least 1"))
    try:
        levels = parse_levels(args.opponents, rules.players)
    except ValueError as error:
        parser.error(level_error(i, str(error), args.opponents))
    try:
        simulate(
            rules,
            args.seed,
            args.matches,
            as_json=args.json,
            quiet=args.quiet,
            levels=levels,
            alternate=args.alternate,
            duplicate=args.duplicate,
            i=i,
        )
    except BrokenPipeError:
        sys.stderr.close()
    return 0
