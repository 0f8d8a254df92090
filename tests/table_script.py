"""A real match turned into what a scorekeeper at that table would enter.

The engine plays (seeded random players); every action becomes the entry the
table would call out (the opening double, each play with its end, a draw, a
pass) and, after a block, each side's true holding. The same list serves the
core test (the tracked table must tell what the engine told) and the tests
through the real program (the lines a keeper types).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from bergen_access.core import Match, SeededDealer, preset
from bergen_access.core.actions import Draw, Pass, Play
from bergen_access.core.engine import Phase
from bergen_access.core.events import Drew, Event, HandBlocked, HandDealt, Opened, Redeal
from bergen_access.core.rules import Rules
from bergen_access.core.scoring import holding_of
from bergen_access.core.table import DrawTiles, Entry, NewHand, Open, Reveal
from bergen_access.core.tiles import mask_of

PRESETS = ("standard", "counters", "dominoplaza")
TABLES = ({"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "partnerships": True})


@dataclass
class Script:
    """One match: the engine's events per entry, and the entries in order."""

    rules: Rules
    entries: list[Entry] = field(default_factory=list)
    told: list[list[Event]] = field(default_factory=list)  # the engine's events for each entry
    scores: list[int] = field(default_factory=list)
    winner: int | None = None
    arm_lines: tuple[object, ...] = ()  # larger sets: the engine's arms at the end


def _hand_events(events: list[Event]) -> tuple[list[Event], list[Event]]:
    """A deal's events split into the new hand's (the last deal, after any redeal) and the opening's."""
    last_deal = max(n for n, e in enumerate(events) if isinstance(e, HandDealt))
    dealt = [e for e in events[last_deal:] if not isinstance(e, Redeal)]
    opened = next(n for n, e in enumerate(dealt) if isinstance(e, Opened))
    return dealt[:opened], dealt[opened:]


def play_match(rules: Rules, seed: int) -> Script:
    """A whole match of random legal moves, as entries and the engine's events."""
    match = Match(rules, SeededDealer(seed))
    choose = random.Random(seed * 7 + 1).choice
    script = Script(rules)

    def add(entry: Entry, events: list[Event]) -> None:
        script.entries.append(entry)
        script.told.append(events)

    while not match.is_over:
        if match.phase in (Phase.NOT_STARTED, Phase.HAND_OVER):
            dealt, opening = _hand_events(match.start_hand())
            add(NewHand(), dealt)
            first = opening[0]
            assert isinstance(first, Opened)
            add(Open(first.seat, first.tile), opening)
            continue
        action = choose(match.legal_actions())
        hands = [match.hand(seat) for seat in range(rules.players)]
        events = match.apply(action)
        if isinstance(action, Play):
            add(action, events)
        elif isinstance(action, Draw):
            add(DrawTiles(action.seat, 1), events)
        else:
            blocked = next((e for e in events if isinstance(e, HandBlocked)), None)
            if blocked is None or rules.blocked_rule.value == "none":
                add(Pass(action.seat), events)
                continue
            split = events.index(blocked)
            add(Pass(action.seat), events[:split])
            for side in range(rules.sides):
                tiles = tuple(t for seat in rules.seats_of(side) for t in hands[seat])
                reveal = Reveal(side, holding_of([mask_of(tiles)]), tiles)
                add(reveal, events[split:] if side == rules.sides - 1 else [])
    script.scores = list(match.scores)
    script.winner = match.winner
    script.arm_lines = match.arm_lines
    return script


def scripts(count: int) -> Iterator[tuple[str, dict[str, object], int, Script]]:
    for name in PRESETS:
        for table in TABLES:
            for seed in range(count):
                yield name, table, seed, play_match(preset(name, **table), seed)


def seen_by_the_table(event: Event) -> Event:
    """What a table that sees no hand is told of an engine event."""
    if isinstance(event, Drew):
        return event._replace(tile=None)
    if isinstance(event, HandDealt):
        return event._replace(hands=(None,) * len(event.hands))
    if isinstance(event, HandBlocked):  # hands stay hidden; with no blocked rule nobody tells holdings
        holdings = () if event.rule.value == "none" else event.holdings
        return event._replace(hands=(), holdings=holdings)
    return event
