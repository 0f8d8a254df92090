"""A seat's history as data: rebuilt from the deal by the engine alone, it is what the seat told live.

A resumed match, a take-back, a rejoin after the server's restart and a record
stepped through all rebuild what a seat was told (``core/told.py``) instead of
replaying the match through the console loop; these tests play matches the
way the loop plays them and hold the rebuilt history to the live one, record
for record, at every prompt."""

from __future__ import annotations

import dataclasses
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from bergen_access.commands.lexicon import CommandKind
from bergen_access.commands.parser import Command
from bergen_access.core.actions import Draw, Play
from bergen_access.core.dealers import SeededDealer
from bergen_access.core.engine import Match, Phase
from bergen_access.core.events import Drew, HandEnded
from bergen_access.core.rules import Rules, preset
from bergen_access.core.told import DrawsTold, EventTold, HeldShown, Retelling, Telling, told_history
from bergen_access.core.view import SeatView
from bergen_access.players.levels import make_player
from bergen_access.seat.match_seat import MatchSeat

from .record_play import play_out, seat_for

LEVELS = ("easy", "normal")


def _same_history(seat: MatchSeat) -> None:
    rebuilt = told_history(seat.match, seat.seating.human)
    assert rebuilt is not None, "a match the loop played replays"
    assert rebuilt.told == seat.news.telling.told
    assert rebuilt.pending == seat.news.telling.pending


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from((2, 3, 4)),
    level=st.sampled_from(LEVELS),
    preset_name=st.sampled_from(("standard", "counters", "partners")),
)
def test_the_rebuilt_history_is_what_the_seat_told_at_every_prompt(
    seed: int, players: int, level: str, preset_name: str
) -> None:
    partners = preset_name == "partners"
    rules = preset("standard" if partners else preset_name, players=4 if partners else players, target=60)
    rules = dataclasses.replace(rules, partnerships=partners) if partners else rules
    seat = seat_for(None, rules, seed, {s: level for s in range(1, rules.players)})
    checked = {"prompts": 0}

    def moment(at: MatchSeat) -> None:
        checked["prompts"] += 1
        _same_history(at)

    play_out(seat, level, moment=moment, most_actions=400)
    if seat.match.is_over:  # else it stopped in a computer's turn, where the loop never waits
        _same_history(seat)
    assert checked["prompts"] > 3


def test_a_rebuilt_history_holds_moves_draws_scores_and_the_tiles_shown() -> None:
    """Not an empty list agreeing with an empty list: a long match's history has every kind."""
    seat = seat_for(None, Rules(players=2, target=150), 7, {1: "easy"})
    play_out(seat, "easy")
    told = told_history(seat.match, 0)
    assert told is not None
    kinds = {type(item) for item in told.told}
    assert {EventTold, DrawsTold, HeldShown} <= kinds
    assert any(isinstance(item, EventTold) and isinstance(item.event, HandEnded) for item in told.told)
    assert any(isinstance(item, DrawsTold) and item.draws[0].seat == 1 for item in told.told)
    assert any(isinstance(item, DrawsTold) and item.draws[0].seat == 0 for item in told.told)


def test_another_seats_draws_are_one_record_until_its_run_ends() -> None:
    telling = Telling(0)
    match = Match(Rules(players=2), SeededDealer(1))
    match.start_hand()
    first, second = Drew(1, None, 10, 10), Drew(1, None, 9, 9)
    assert telling.tell([first], match) == []
    assert telling.tell([second], match) == []
    assert telling.flush() == [DrawsTold((first, second))]
    assert telling.flush() == []


def test_a_match_that_does_not_replay_has_no_rebuilt_history() -> None:
    seat = seat_for(None, Rules(players=2), 3, {1: "easy"})
    play_out(seat, "easy", most_actions=12)
    recorded = seat.match
    recorded.actions.insert(3, recorded.actions[2])  # the same move twice: not a match the loop made
    assert told_history(recorded, 0) is None
    retelling = Retelling(recorded, 0)
    assert not retelling.finished


def test_the_rebuilt_history_is_what_the_seat_told_when_a_computer_is_about_to_save_its_move() -> None:
    """A kill lands anywhere, also where the loop never waits: a computer's draws told just before it
    thinks (it has a choice), its move not yet saved. The match resumed from there has told them
    (the resume names them last), and does not tell them again."""
    before_a_computer_move = {"checked": 0, "draws told": 0}
    for seed in range(6):
        seat = seat_for(None, Rules(players=2, target=60), seed, {1: "random"})
        computer = make_player("random", 1001)
        match = seat.match
        seat.start_hand()
        while not match.is_over:
            if match.phase is Phase.HAND_OVER:
                seat.start_hand()
            elif match.turn == 0:
                seat.flush_draws()
                action = match.legal_actions()[0]
                if isinstance(action, Draw):  # the player's run of draws, as the command makes it
                    seat.move_commands.draw()
                elif isinstance(action, Play):
                    seat.move_commands.play(action)
                else:
                    seat.on_pass(Command(CommandKind.PASS))
            else:
                told_before = len(seat.news.telling.told)
                seat.before_move()  # the loop's computer turn (seat/turns.py), up to the save
                flushed = seat.news.telling.told[told_before:]
                before_a_computer_move["draws told"] += any(isinstance(item, DrawsTold) for item in flushed)
                before_a_computer_move["checked"] += 1
                _same_history(seat)
                seat.moves.apply(computer.choose(SeatView(match, 1)))
    assert before_a_computer_move["draws told"] > 0, before_a_computer_move


def _draw_runs(told: list[object]) -> list[int]:
    """The seat of each record of a computer's draws, in order, with -1 for every other record."""
    return [
        item.draws[0].seat if isinstance(item, DrawsTold) and item.draws[0].seat != 0 else -1 for item in told
    ]


def test_a_computers_voluntary_draws_are_one_announcement_with_its_forced_ones() -> None:
    """Drawing while able to play (DominoPlaza): verbose listed every draw of a computer on its own line
    (issue 30). A seat's run of draws, chosen or forced, is one record: never two records of the same
    computer's draws with nothing between them; and the rebuilt history still agrees."""
    longest = 0
    for seed in range(4):
        seat = seat_for(None, preset("dominoplaza", players=3, target=40), seed, {1: "random", 2: "random"})
        play_out(seat, "random", moment=_same_history)
        told = seat.news.telling.told
        runs = _draw_runs(list(told))
        for before, after in pairwise(runs):
            assert before == -1 or before != after, runs
        computers = [len(t.draws) for t in told if isinstance(t, DrawsTold) and t.draws[0].seat]
        longest = max([longest, *computers])
    assert longest > 1
