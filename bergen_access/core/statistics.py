"""Figures over played matches, for the player at the keyboard: wins by kind of match, headers, hands.

Everything is counted from the matches themselves, replayed action by action
(``events_by_hand``), never from figures a file claims: a record that replays
is a record whose statistics are true. A win is a finished match the player's
side won; a hand counts once it has ended; points are what the side scored in
it (with the counter tally: counters discarded). Headers count in every hand, ended or not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from .dealers import dealer_from_spec
from .engine import Match, Phase
from .events import Event, HandBlocked, HandDealt, HandEnded, HeaderKind, HeaderScored, MatchWon, WentOut
from .rules import preset_of


@dataclass(frozen=True)
class Played:
    """One recorded match: the match replayed, the player's seat and the computers' levels."""

    match: Match
    human: int
    levels: tuple[str, ...]  # the computer seats' levels, in seat order
    number: int = 0  # its number in the list (1: the newest)


@dataclass
class Tally:
    """Finished matches and wins."""

    matches: int = 0
    wins: int = 0


@dataclass(frozen=True)
class BestHand:
    points: int
    number: int  # which match (its number in the list)
    hand: int


@dataclass
class Figures:
    """The statistics of a set of matches."""

    recorded: int = 0
    finished: int = 0
    wins: int = 0
    by_level: dict[str, Tally] = field(default_factory=dict)  # "normal", "easy+strong"
    by_preset: dict[str | None, Tally] = field(default_factory=dict)  # None: own rules
    by_players: dict[int, Tally] = field(default_factory=dict)
    by_set: dict[int, Tally] = field(default_factory=dict)  # the set's highest number: 6, 9, 12
    headers: Counter[HeaderKind] = field(default_factory=Counter)
    hands: int = 0
    points: int = 0
    best: BestHand | None = None

    @property
    def average(self) -> float | None:
        """Points per hand (None before any hand ended)."""
        return self.points / self.hands if self.hands else None


def events_by_hand(match: Match) -> list[list[Event]]:
    """The events of a match, hand by hand, by playing its actions again from its deal."""
    again = Match(match.rules, dealer_from_spec(match.dealer.spec()), match.starting_scores)
    hands: list[list[Event]] = []
    for action in match.actions:
        if again.phase in (Phase.NOT_STARTED, Phase.HAND_OVER):
            hands.append(again.start_hand())
        hands[-1].extend(again.apply(action))
    if again.hand_number < match.hand_number:  # a hand dealt (its opening scored) and left before a move
        hands.append(again.start_hand())
    return hands


def level_key(levels: Sequence[str]) -> str:
    """The computers' levels as one key: ``normal``, or ``easy+strong`` for a mixed table."""
    return "+".join(sorted(set(levels))) or "-"


def scored(event: Event, side: int) -> int:
    """Points (or counters) ``side`` scored by ``event``."""
    if isinstance(event, HeaderScored | WentOut) and event.side == side:
        return event.value
    if isinstance(event, HandBlocked) and event.winner == side:
        return event.value
    return 0


K = TypeVar("K")


def _count(table: dict[K, Tally], key: K, won: bool) -> None:
    tally = table.setdefault(key, Tally())
    tally.matches += 1
    tally.wins += int(won)


def figures(matches: Iterable[Played]) -> Figures:
    """The statistics of ``matches`` (see the module docstring)."""
    result = Figures()
    for played in matches:
        match = played.match
        side = match.side_of(played.human)
        result.recorded += 1
        for hand in events_by_hand(match):
            result.headers.update(
                e.kind for e in hand if isinstance(e, HeaderScored) and e.seat == played.human
            )
            if not any(isinstance(event, HandEnded | MatchWon) for event in hand):
                continue  # a hand not played to its end: its headers count, its points do not
            points = sum(scored(event, side) for event in hand)
            number = next((e.hand for e in hand if isinstance(e, HandDealt)), result.hands + 1)
            result.hands += 1
            result.points += points
            if result.best is None or points > result.best.points:
                result.best = BestHand(points, played.number, number)
        if not match.is_over:
            continue
        won = match.winner == side
        result.finished += 1
        result.wins += int(won)
        _count(result.by_level, level_key(played.levels), won)
        _count(result.by_preset, preset_of(match.rules), won)
        _count(result.by_players, match.players, won)
        _count(result.by_set, match.rules.tiles.highest, won)
    return result
