"""``why``: every score of thousands of seeded matches explained, and checked against the engine's own
events and the reduction table of the rules (written out here, apart from the scoring code)."""

from __future__ import annotations

import io
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bergen_access.core.dealers import SeededDealer
from bergen_access.core.engine import Match, Phase
from bergen_access.core.events import (
    Event,
    HandBlocked,
    HeaderKind,
    HeaderScored,
    Opened,
    TilePlayed,
    WentOut,
)
from bergen_access.core.rules import PRESET_NAMES, BlockedRule, Reduction, Rules, Tally, preset
from bergen_access.core.takeback import TakeBack
from bergen_access.core.why import BlockedFacts, HeaderFacts, OutFacts, facts_at, scoring_indices
from bergen_access.i18n import I18n
from bergen_access.output.announcer import Announcer
from bergen_access.present.explain import Explainer
from bergen_access.present.message import Verbosity
from bergen_access.present.narrator import Narrator
from bergen_access.present.words import Words
from bergen_access.seat.match_seat import MatchSeat, Seating
from bergen_access.seat.session import quiet_session

FIGURES: Counter[str] = Counter()


def played(name: str, tile_set: int, players: int, seed: int, partners: bool = False) -> Match:
    """A whole match of random legal moves (``partners``: four players in two sides)."""
    rules = preset(name, tile_set=tile_set, players=players, partnerships=partners and players == 4)
    match = Match(rules, SeededDealer(seed))
    rng = random.Random(seed)
    match.start_hand()
    while not match.is_over:
        if match.phase is Phase.HAND_OVER:
            match.start_hand()
            continue
        match.apply(rng.choice(match.legal_actions()))
    return match


def expected_value(rules: Rules, kind: HeaderKind, need: int) -> int:
    """The header table of the rules, written out: double 2, triple 3, n-fold n (larger sets); near the
    target standard gives at most 2 with 3 to go and 1 with 2 or 1 (larger sets: at most need - 1, at
    least 1); counters: a double discards 1 at 2 or fewer, a triple 2 at 3 or fewer (larger sets: 1 less
    when it would take all); nobody discards more counters than held."""
    base = {HeaderKind.DOUBLE: rules.double_header, HeaderKind.TRIPLE: rules.triple_header}.get(
        kind, kind.size
    )
    if rules.tile_set > 6 and kind.size > 3:
        base = kind.size
    value = base
    larger = rules.tile_set > 6
    if rules.reduction is Reduction.STANDARD:
        if larger:
            value = max(1, min(base, need - 1))
        elif need <= 2:
            value = min(base, 1)
        elif need == 3:
            value = min(base, 2)
    elif rules.reduction is Reduction.COUNTERS:
        if larger:
            value = base - 1 if need <= base else base
        elif kind is HeaderKind.TRIPLE and need <= 3:
            value = min(base, 2)
        elif kind is HeaderKind.DOUBLE and need <= 2:
            value = min(base, 1)
    if rules.tally is Tally.COUNTERS:
        value = min(value, need)
    return value


def _explainer(rules: Rules, language: str = "en") -> Explainer:
    words = Words(I18n(language), rules, ["You", "Anna", "Cem", "Mia"][: rules.players], 0)
    return Explainer(Narrator(words, Verbosity.NORMAL))


def check_match(match: Match) -> None:
    """Every score of ``match`` explained: the facts against the events, the words against the facts."""
    rules = match.rules
    history: list[Event] = match.history
    scores = [0] * rules.sides
    explainer = _explainer(rules)
    for index in range(len(history)):
        event = history[index]
        if not isinstance(event, HeaderScored | WentOut | HandBlocked):
            continue
        facts = facts_at(rules, history, index)
        side = event.winner if isinstance(event, HandBlocked) else event.side
        need = rules.target_score - scores[side] if side is not None else None
        text = explainer.explain(facts).text
        lines = text.split("\n")
        narrated = explainer.narrator.narrate(event)  # the score's own announcement comes first
        assert narrated is not None and lines[0].startswith(narrated.text), (lines, event)
        if isinstance(facts, HeaderFacts):
            assert isinstance(event, HeaderScored)
            FIGURES["headers"] += 1
            FIGURES[f"header {event.kind.value} set {rules.tile_set}"] += 1
            assert facts.need == need
            assert event.value == expected_value(rules, event.kind, need)
            made = history[index - 1]
            if isinstance(made, Opened):
                FIGURES["opening headers"] += 1
                assert facts.opening == made.tile and "The opening double" in text
            elif rules.tile_set > 6:
                assert isinstance(made, TilePlayed)
                ends = [made.ends[n] for n in facts.matched]
                assert len(ends) >= 2 and set(ends) == {made.ends[made.end]}
                assert event.kind.size == len(ends) + (1 if facts.doubles else 0)
                assert len(facts.doubles) <= 1
                arms = ", ".join(str(n + 1) for n in facts.matched[:-1]) + f" and {facts.matched[-1] + 1}"
                assert f"Arms {arms} showed {facts.number}" in text, text
            else:
                assert isinstance(made, TilePlayed) and made.left == made.right == facts.number
                assert (event.kind is HeaderKind.TRIPLE) == bool(facts.doubles)
                assert f"Both ends showed {facts.number}" in text
            if facts.doubles:
                assert f"one of them on the double {facts.number}-{facts.number}" in text
            reduced = facts.reduced_to < event.base
            if reduced:
                FIGURES["reduced headers"] += 1
                FIGURES[f"reduced {rules.reduction.value} set {rules.tile_set}"] += 1
            assert (f"Reduced from {event.base} to {facts.reduced_to}:" in text) == reduced, text
            if rules.reduction is Reduction.NONE:
                assert "educed" not in text
            if event.value < facts.reduced_to:
                FIGURES["capped by the counters held"] += 1
                assert f"Only {need} counter" in text
        elif isinstance(facts, OutFacts):
            FIGURES["went out"] += 1
            assert isinstance(event, WentOut) and facts.need == need
            assert event.value == (
                min(rules.going_out, need) if rules.tally is Tally.COUNTERS else rules.going_out
            )
            assert ("Going out scores nothing" in text) == (rules.going_out == 0)
        else:
            assert isinstance(facts, BlockedFacts) and isinstance(event, HandBlocked)
            FIGURES["blocked hands"] += 1
            FIGURES[f"blocked {event.rule.value} {event.decided_by.value}"] += 1
            assert facts.need == need
            for holding in event.holdings:  # each side's doubles and pips are said
                assert f"{holding.pips} pip" in text
            words = {
                BlockedRule.GERMAN: "German rule: the fewest doubles win",
                BlockedRule.PIPS: "Pips rule: the fewest pips win.",
                BlockedRule.AMERICAN: "American rule",
                BlockedRule.NONE: "A blocked hand scores nothing",
            }
            assert words[event.rule] in text
            if rules.tally is Tally.COUNTERS and event.winner is not None:
                assert "discarded" in text or "discard" in text
        if facts.counters is not None:
            assert f"{facts.counters.left} left" in text
        FIGURES["scoring events"] += 1
        if side is not None and event.total is not None:
            scores[side] = event.total


TABLES = [(name, tile_set) for name in PRESET_NAMES for tile_set in (6, 9, 12)]


@cache
def sweep() -> Counter[str]:
    for seed in range(70):
        for name, tile_set in TABLES:
            check_match(played(name, tile_set, 2 + seed % 3, seed))
    return FIGURES


def test_thousands_of_scores_are_explained_as_the_engine_scored_them() -> None:
    figures = sweep()
    print("why: " + ", ".join(f"{key} {value}" for key, value in sorted(figures.items())))
    assert figures["scoring events"] >= 5000
    assert (
        figures["header triple set 9"] + figures["header triple set 12"] > 50
    )  # triple headers, larger sets
    assert sum(v for k, v in figures.items() if k.startswith("header ") and "fold" not in k) > 1000
    assert figures["reduced standard set 6"] > 0 and figures["reduced counters set 6"] > 0
    assert figures["reduced standard set 9"] > 0 and figures["reduced counters set 12"] > 0
    assert figures["blocked german fewest-doubles"] > 0 and figures["blocked german fewer-pips"] > 0
    assert figures["blocked pips fewer-pips"] > 0 and figures["blocked none no-award"] > 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(PRESET_NAMES),
    tile_set=st.sampled_from((6, 9, 12)),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**31),
    partners=st.booleans(),
)
def test_any_seeded_match_is_explained_as_scored(
    name: str, tile_set: int, players: int, seed: int, partners: bool
) -> None:
    check_match(played(name, tile_set, players, seed, partners))


def test_partners_scores_are_explained_for_their_side() -> None:
    """Four players in two sides: a partner's header counts for the side, whose need decides the
    reduction; a blocked hand compares the sides. Every preset and set, whole matches."""
    before = Counter(FIGURES)
    for seed in range(12):
        for name, tile_set in TABLES:
            match = played(name, tile_set, 4, seed, partners=True)
            assert match.rules.sides == 2
            check_match(match)
    seen = Counter(FIGURES)
    seen.subtract(before)
    print("why, partners: " + ", ".join(f"{key} {value}" for key, value in sorted(seen.items()) if value))
    assert seen["scoring events"] >= 1000 and seen["reduced headers"] > 0 and seen["blocked hands"] > 0
    assert seen["header triple set 9"] + seen["header triple set 12"] > 0


def test_scoring_indices_are_every_score() -> None:
    match = played("standard", 6, 2, 4)
    found = scoring_indices(match.history)
    assert found and all(type(match.history[n]) in (HeaderScored, WentOut, HandBlocked) for n in found)


@pytest.mark.parametrize("language", ["de", "tr"])
def test_the_explanations_are_in_the_catalogs(language: str) -> None:
    """Every line of every kind of explanation is translated: none of it is left in English."""
    seen: set[str] = set()
    for seed in range(25):
        for name, tile_set in TABLES:
            match = played(name, tile_set, 2 + seed % 3, seed)
            english, other = _explainer(match.rules), _explainer(match.rules, language)
            for index in scoring_indices(match.history):
                facts = facts_at(match.rules, match.history, index)
                en_lines = english.explain(facts).text.split("\n")
                lines = other.explain(facts).text.split("\n")
                assert len(lines) == len(en_lines)
                for en_line, line in zip(en_lines[1:], lines[1:], strict=True):
                    assert line != en_line, (language, line)
                    seen.add(en_line.split(":")[0].split(" ")[0])
    assert len(seen) > 8


# ---------------------------------------------------------------- the seat


def _seat(seed: int) -> tuple[MatchSeat, io.StringIO]:
    out = io.StringIO()
    session = quiet_session()
    session.take_back = TakeBack.ON
    seat = MatchSeat(
        Match(preset("standard"), SeededDealer(seed)),
        Seating(["You", "Anna"], 0, {1: "easy"}),
        language="en",
        verbosity=Verbosity.NORMAL,
        announcer=Announcer(out, language="en"),
        session=session,
    )
    seat.start_hand()
    return seat, out


def test_why_at_the_seat_explains_the_last_score_or_history_n() -> None:
    from bergen_access.players.easy import EasyPlayer  # noqa: PLC0415
    from bergen_access.seat.turns import computer_turn  # noqa: PLC0415

    seat, out = _seat(5)  # Anna opens with 1-1 and scores it
    start = len(out.getvalue())
    seat.handle("why")
    said = out.getvalue()[start:]
    assert said.splitlines() == [
        "Anna: double header, 2 points, total 2.",
        "The opening double 1-1 counts as a double header.",
        "A double header is worth 2: two ends alike.",
        "Not reduced: Anna needed 15 points.",
    ]
    anna = EasyPlayer(1)
    seat.handle("1-5")
    while seat.match.turn != 0:
        computer_turn(seat, anna)
    start = len(out.getvalue())
    seat.handle("explain")  # the other word; the last move scored nothing
    assert out.getvalue()[start:].splitlines() == [
        "Anna's 1-6 scored nothing: the ends were 5 and 6, not alike.",
        "For the last score, type why 3.",
    ]
    start = len(out.getvalue())
    seat.handle("why 3")
    assert out.getvalue()[start:].splitlines()[0] == "Anna: double header, 2 points, total 2."
    start = len(out.getvalue())
    seat.handle("why 2")  # the player's own play
    assert (
        out.getvalue()[start:].splitlines()[0]
        == "Your 1-5 scored nothing: the ends were 5 and double 1, not alike."
    )


def test_why_in_terse_is_braille_lines() -> None:
    seat, out = _seat(5)
    seat.verbosity = Verbosity.TERSE
    seat.set_language("en")
    start = len(out.getvalue())
    seat.handle("why")
    lines = out.getvalue()[start:].splitlines()
    assert lines[1:] == ["opening 1-1", "DH=2", "need 15"], lines
    assert all(len(line) <= 40 for line in lines)


#: what the value line of a larger set's header says, by the ends alike and whether a double is among
#: them (rules.md §6: one point per end alike, one more for a double), written out per language
LARGER_VALUE = {
    "en": {
        (2, False): "two ends alike.",
        (2, True): "two ends alike, one of them a double.",
        (3, False): "three ends alike.",
        "many": "{alike} ends alike, one point each.",
        "many+double": "{alike} ends alike, one point each, and one more for the double among them.",
    },
    "de": {
        (2, False): "zwei gleiche Enden.",
        (2, True): "zwei gleiche Enden, eines davon ein Doppelstein.",
        (3, False): "drei gleiche Enden.",
        "many": "{alike} gleiche Enden, je ein Punkt.",
        "many+double": "{alike} gleiche Enden, je ein Punkt, und einer mehr für den Doppelstein darunter.",
    },
    "tr": {
        (2, False): "iki uç aynı.",
        (2, True): "iki uç aynı, biri çift taş.",
        (3, False): "üç uç aynı.",
        "many": "{alike} uç aynı, her biri bir puan.",
        "many+double": "{alike} uç aynı, her biri bir puan; aralarındaki çift taş için bir puan daha.",
    },
}


@pytest.mark.parametrize("language", ["en", "de", "tr"])
def test_why_on_the_larger_sets_says_the_header_it_was(language: str) -> None:
    """Three ends alike without a double is a triple header too on double-nine and double-twelve; ``why``
    said "two ends alike, one of them a double" for it (issue 30). Every header of seeded larger-set
    matches is explained by its own ends alike and double."""
    table = LARGER_VALUE[language]
    seen: Counter[tuple[int, bool]] = Counter()
    for tile_set, players, seed in [(s, p, n) for s in (9, 12) for p in (2, 3, 4) for n in range(6)]:
        match = played("standard", tile_set, players, seed)
        explainer = Explainer(Narrator(Words(I18n(language), match.rules, ["You", "Anna", "Cem", "Mia"], 0)))
        for index in scoring_indices(match.history):
            facts = facts_at(match.rules, match.history, index)
            if not isinstance(facts, HeaderFacts) or facts.opening is not None:
                continue
            alike, double = len(facts.matched), bool(facts.doubles)
            assert alike + double == facts.event.kind.size  # the rule itself, rules.md §6
            seen[alike, double] += 1
            said = explainer.explain(facts).text
            if (alike, double) in table:
                wanted = str(table[alike, double])
            else:
                wanted = str(table["many+double" if double else "many"]).format(alike=alike)
            assert wanted in said, said
    assert {(2, False), (2, True), (3, False), (3, True), (4, False)} <= set(seen), seen
