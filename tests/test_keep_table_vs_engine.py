"""The tracked table tells what the engine tells: the same events, scores and winner, on real matches.

The scorekeeper's ``Table`` follows a hand from what the table calls out, while
the engine knows every tile; until they share one state machine, this test
holds them together on seeded matches of every preset and table, as the fast
simulator is held to the engine.
"""

from __future__ import annotations

import pytest

from bergen_access.core import preset
from bergen_access.core.actions import Refusal
from bergen_access.core.events import HandBlocked, Holding
from bergen_access.core.table import Reveal, Table
from bergen_access.core.tiles import TILES

from .table_script import PRESETS, TABLES, play_match, seen_by_the_table

SEEDS = range(30)


VARIANTS = [(name, {}) for name in PRESETS] + [
    ("standard", {"blocked_rule": "american"}),
    ("standard", {"blocked_rule": "pips"}),
    ("counters", {"blocked_rule": "german"}),
]
DECIDERS: set[str] = set()


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=lambda v: str(v) if isinstance(v, str) else "")
@pytest.mark.parametrize("table", TABLES, ids=lambda t: "-".join(f"{k}{v}" for k, v in t.items()))
def test_the_tracked_table_tells_what_the_engine_tells(
    name: str, options: dict[str, object], table: dict[str, object]
) -> None:
    rules = preset(name, **options, **table)
    blocked = 0
    for seed in SEEDS:
        script = play_match(rules, seed)
        tracked = Table(rules)
        for number, (entry, engine_events) in enumerate(zip(script.entries, script.told, strict=True)):
            assert tracked.check(entry) is None, (seed, number, entry, tracked.check(entry))
            told = tracked.apply(entry)
            assert told == [seen_by_the_table(e) for e in engine_events], (seed, number, entry)
            blocked += isinstance(entry, Reveal)
            DECIDERS.update(e.decided_by.value for e in told if isinstance(e, HandBlocked))
        assert tracked.scores == script.scores and tracked.winner == script.winner, seed
        assert tracked.is_over
    assert blocked or name == "dominoplaza" or table.get("players") != 2  # blocked hands were met


def test_the_blocked_hands_met_were_settled_every_way() -> None:
    """The matches above met blocked hands decided by each rule's deciders (runs after them)."""
    if not DECIDERS:
        pytest.skip("run with the tests above")
    assert {"fewest-doubles", "fewer-pips", "no-double", "tie"} <= DECIDERS, DECIDERS


def test_a_true_holding_is_accepted_and_a_false_one_refused() -> None:
    """Real blocked hands: the sides' true tiles pass every check; a tile moved between sides, a tile
    that fits an end, and numbers no tiles can make are refused."""
    found = 0
    for seed in range(60):
        script = play_match(preset("standard", players=2), seed)
        tracked = Table(script.rules)
        for entry in script.entries:
            if isinstance(entry, Reveal) and entry.side == 0:
                later = script.entries[script.entries.index(entry) :]
                other = next(e for e in later if isinstance(e, Reveal) and e.side == 1)
                assert tracked.check(entry) is None
                fitting = [t for t in TILES if tracked.ends_for(t) and t not in tracked.played]
                if fitting:
                    swapped = Reveal(0, entry.holding, (*entry.tiles[:-1], fitting[0]))
                    assert tracked.check(swapped) in (Refusal.WOULD_FIT, Refusal.BAD_HOLDING)
                impossible = Reveal(0, Holding(0, 0, 0))  # no tiles of 0 pips can be this many
                assert tracked.check(impossible) is Refusal.BAD_HOLDING
                tracked.apply(entry)
                twice = Reveal(1, other.holding, (entry.tiles[0], *other.tiles[1:]))
                assert tracked.check(twice) in (Refusal.CLAIMED, Refusal.BAD_HOLDING)
                if len(other.tiles) > 1:
                    too_few = Reveal(1, other.holding, other.tiles[1:])
                    assert tracked.check(too_few) is Refusal.WRONG_COUNT
                found += 1
                break
            tracked.apply(entry)
    assert found >= 3


@pytest.mark.parametrize("tile_set", [9, 12])
@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("table", TABLES, ids=lambda t: "-".join(f"{k}{v}" for k, v in t.items()))
def test_the_tracked_table_tells_what_the_engine_tells_on_larger_sets(
    name: str, table: dict[str, object], tile_set: int
) -> None:
    rules = preset(name, tile_set=tile_set, **table)
    for seed in range(8):
        script = play_match(rules, seed)
        tracked = Table(rules)
        for number, (entry, engine_events) in enumerate(zip(script.entries, script.told, strict=True)):
            assert tracked.check(entry) is None, (seed, number, entry, tracked.check(entry))
            assert tracked.apply(entry) == [seen_by_the_table(e) for e in engine_events], (
                seed,
                number,
                entry,
            )
        assert tracked.scores == script.scores and tracked.winner == script.winner, seed
        assert tracked.arm_lines == script.arm_lines or not tracked.is_over
