"""Small helpers for writing rule scenarios as they read in rules.md."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bergen_access.core import End, Match, Phase, Play, ToldDealer, parse_tile, preset, told_deal
from bergen_access.core.events import Event
from bergen_access.core.tiles import LARGEST

LEFT, RIGHT = End.LEFT, End.RIGHT


def table(
    preset_name: str,
    hands: Sequence[Sequence[str]],
    draws: Sequence[str] = (),
    scores: Sequence[int] | None = None,
    **options: Any,
) -> tuple[Match, list[Event]]:
    """A started match whose first deal is the given hands and stock order."""
    rules = preset(preset_name, players=options.pop("players", len(hands)), **options)
    match = Match(rules, ToldDealer([told_deal(hands, draws, rules.tiles.tiles)]), scores)
    return match, match.start_hand()


def play(match: Match, seat: int, tile: str, end: int) -> list[Event]:
    """Apply one play written as in the rules text (``end``: left or right, or the arm's index)."""
    return match.apply(Play(seat, parse_tile(tile, LARGEST), end))


def of_type(events: Sequence[Event], kind: type) -> list[Any]:
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


def counters_left(match: Match, side: int) -> int:
    """Counters a side holds (counter tally)."""
    return match.target - match.scores[side]


def play_out(match: Match, choose: Any) -> list[Event]:
    """Play to the end of the match, dealing each hand; ``choose(legal_actions)`` picks."""
    events: list[Event] = []
    while not match.is_over:
        if match.phase is Phase.HAND_OVER:
            events += match.start_hand()
        else:
            events += match.apply(choose(match.legal_actions()))
    return events
