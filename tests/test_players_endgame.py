"""The exact search of a hand's end agrees with a brute-force search over the public engine."""

from __future__ import annotations

import random

import pytest

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.actions import Draw
from bergen_access.core.tiles import mask_of
from bergen_access.core.view import SeatView
from bergen_access.players.endgame import EndgameSearch, NodesSpentError, searchable
from bergen_access.players.fastsim import SimRules
from bergen_access.players.knowledge import infer
from bergen_access.players.race import RaceTable
from bergen_access.players.strong import StrongPlayer, root_position

TABLES = [("standard", 2, False), ("counters", 2, False), ("dominoplaza", 2, False), ("standard", 4, True)]


def endgames(
    name: str, players: int, partners: bool, most_tiles: int, wanted: int, draws: int = 0
) -> list[Match]:
    """Positions where at most ``draws`` tiles can be drawn and few tiles are held, reached by random play."""
    rules = preset(name, players=players, partnerships=partners)
    found: list[Match] = []
    seed = 0
    while len(found) < wanted:
        seed += 1
        rng = random.Random(seed)
        match = Match(rules, SeededDealer(seed))
        match.start_hand()
        while match.phase is Phase.PLAYING:
            if match.drawable <= draws and sum(len(match.hand(s)) for s in range(players)) <= most_tiles:
                found.append(match)
                break
            match.apply(rng.choice(match.legal_actions()))
    return found


def referee(match: Match, side: int, race: RaceTable) -> float:
    """The side's chance by best play of every seat, found by copying the engine at every move.

    A draw is worth the mean over every order of the stock's tiles that brings each one next. Each
    node is the engine's own ``Match.copy`` (tests/test_take_back.py holds copies unchanged while
    the match goes on): ``copy.deepcopy`` copied the shared event tables at every node, which made
    this file 13 minutes of the suite.
    """
    if match.is_over:
        return 1.0 if match.winner == side else 0.0
    if match.phase is Phase.HAND_OVER:
        return race.chances(tuple(match.scores))[side]
    assert match.turn is not None
    mine = match.side_of(match.turn) == side
    worths = []
    for action in match.legal_actions():
        if isinstance(action, Draw):
            outcomes = []
            for index in range(match.stock_size):
                child = match.copy()
                stock = child._stock
                stock[index], stock[-1] = stock[-1], stock[index]
                child.apply(action)
                outcomes.append(referee(child, side, race))
            worths.append(sum(outcomes) / len(outcomes))
            continue
        child = match.copy()
        child.apply(action)
        worths.append(referee(child, side, race))
    return max(worths) if mine else min(worths)


def told_position(match: Match) -> object:
    """The fast simulator's position of the match with every hidden tile in place."""
    assert match.turn is not None
    view = SeatView(match, match.turn)
    pos = root_position(view, infer(view).passes)
    pos.hands = [mask_of(match.hand(seat)) for seat in range(match.players)]
    pos.stock = [int(t) for t in match._stock]
    return pos


@pytest.mark.parametrize("draws", [0, 2])
@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]}-{t[1]}{'p' if t[2] else ''}")
def test_exact_search_agrees_with_a_brute_force_search(table: tuple[str, int, bool], draws: int) -> None:
    name, players, partners = table
    rules = preset(name, players=players, partnerships=partners)
    sim, race = SimRules(rules), RaceTable(rules)
    for match in endgames(
        name, players, partners, most_tiles=6 if draws else 7, wanted=6 if draws else 10, draws=draws
    ):
        assert match.turn is not None
        side = match.side_of(match.turn)
        search = EndgameSearch(sim, race, side, budget=100_000)
        assert search.value(told_position(match)) == pytest.approx(referee(match, side, race), abs=1e-12)
        other = EndgameSearch(sim, race, 1 - side, budget=100_000)
        assert other.value(told_position(match)) == pytest.approx(referee(match, 1 - side, race), abs=1e-12)


def test_the_search_gives_up_past_its_budget_and_strong_then_plays_out() -> None:
    match = endgames("standard", 2, False, most_tiles=12, wanted=1)[0]
    rules = match.rules
    search = EndgameSearch(SimRules(rules), RaceTable(rules), 0, budget=1)
    with pytest.raises(NodesSpentError):
        search.value(told_position(match))
    assert match.turn is not None
    view = SeatView(match, match.turn)
    actions = view.legal_actions
    player = StrongPlayer(5, simulations=300, time_budget=None)
    values = player.evaluate(view, actions, 300, None)
    assert set(values) == set(actions)
    assert all(0.0 <= v <= 1.0 for v in values.values())


def test_only_two_sides_with_nothing_to_draw_are_searched() -> None:
    two = SimRules(preset("standard"))
    three = SimRules(preset("standard", players=3))
    assert searchable(two, stock_size=2, tiles_in_hands=8)
    assert searchable(two, stock_size=4, tiles_in_hands=8)  # two tiles may still be drawn
    assert not searchable(two, stock_size=5, tiles_in_hands=8)
    assert not searchable(two, stock_size=2, tiles_in_hands=13)
    assert not searchable(three, stock_size=2, tiles_in_hands=6)
