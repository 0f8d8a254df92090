"""The coach: it speaks only after the player's own move, only when another was clearly better, and
``coach on|off`` is a remembered setting; the strong level's moves are legal and within its time."""

from __future__ import annotations

import io
import random
import time
from typing import Any

import pytest

from bergen_access.core import Match, Phase, SeededDealer, preset
from bergen_access.core.actions import Action, Draw, Play
from bergen_access.core.view import SeatView
from bergen_access.output.announcer import Announcer
from bergen_access.players.coach import MATTERS, Advice, Coach, judge
from bergen_access.players.normal import NormalPlayer
from bergen_access.players.strong import StrongPlayer
from bergen_access.present.message import Message, Verbosity
from bergen_access.seat.match_seat import MatchSeat, Seating
from bergen_access.seat.session import Session, quiet_session
from bergen_access.seat.turns import computer_turn
from bergen_access.session.settings import Settings

from .helpers import LEFT, RIGHT, play, table

HUMAN = 0


def near_the_target() -> Match:
    """The player (seat 0) to move on ends 2|5 needing 1: 2-5 makes a header and wins; 5-6 does not."""
    target = preset("standard", players=2).target_score
    match, _ = table(
        "standard",
        [
            ["1-2", "2-5", "5-6", "3-4", "4-6", "0-3"],
            ["1-1", "1-5", "2-2", "3-3", "4-4", "5-5"],
        ],
        scores=[target - 1, target - 5],
    )
    assert match.turn == HUMAN
    play(match, HUMAN, "1-2", LEFT)
    play(match, 1, "1-5", RIGHT)
    assert SeatView(match, HUMAN).ends == (2, 5)
    return match


class Spy(Coach):
    """The real coach, thinking at once (no thread), counting when it was asked."""

    def __init__(self, match: Match) -> None:
        super().__init__(7, simulations=600, time_budget=None, background=False)
        self.match = match
        self.asked: list[tuple[Action, int]] = []  # (the move, whose turn it was)

    def advise(self, action: Action) -> Advice | None:
        self.asked.append((action, self.match.turn))
        return super().advise(action)


def seat_for(
    match: Match, coach: str | None = "on", session: Session | None = None
) -> tuple[MatchSeat, list[Any]]:
    settings = Settings(coach=coach)
    saved: list[Settings] = []
    session = session or Session(None, settings, lambda: saved.append(settings), "off", lambda mode: None)
    announcer = Announcer(io.StringIO(), language="en")
    said: list[Message] = []
    announcer.recorders.append(lambda message, lines: said.append(message))
    spies: list[Spy] = []

    def factory() -> Coach:
        spies.append(Spy(match))
        return spies[-1]

    seat = MatchSeat(
        match,
        Seating(["You", "Anna"], HUMAN, {1: "normal"}),
        language="en",
        verbosity=Verbosity.NORMAL,
        announcer=announcer,
        session=session,
        coach_factory=factory,
    )
    return seat, [said, spies, saved]


def coach_lines(said: list[Message]) -> list[str]:
    return [m.text for m in said if m.text.startswith("Coach:")]


def test_the_coach_names_the_winning_header_after_a_move_that_missed_it() -> None:
    match = near_the_target()
    seat, (said, spies, _) = seat_for(match)
    seat.announce_turn()
    seat.handle("5-6")
    assert match.actions[-1] == Play(HUMAN, match.actions[-1].tile, RIGHT)  # type: ignore[union-attr]
    lines = coach_lines(said)
    assert len(lines) == 1
    assert lines[0].startswith("Coach: 2-5 ") and "it scores 1 point now" in lines[0]
    assert said[-1].text == lines[0]  # after the move's own announcement, before anything else
    assert spies[0].asked == [(spies[0].asked[0][0], HUMAN)]


def test_the_coach_is_silent_when_the_move_played_was_the_best() -> None:
    match = near_the_target()
    seat, (said, _, _) = seat_for(match)
    seat.announce_turn()
    seat.handle("2-5 left")
    assert match.is_over
    assert coach_lines(said) == []


def test_judge_speaks_only_past_the_margin() -> None:
    match = near_the_target()
    view = SeatView(match, HUMAN)
    a, b = [x for x in view.legal_actions if isinstance(x, Play)][:2]
    assert judge(view, a, {a: 0.5, b: 0.5 + MATTERS / 2}) is None
    assert judge(view, a, {a: 0.5, b: 0.5}) is None
    advice = judge(view, a, {a: 0.5, b: 0.5 + 2 * MATTERS})
    assert advice is not None and advice.better == b and advice.played == a


def test_the_coach_is_asked_only_about_the_players_own_moves_and_speaks_before_the_computers() -> None:
    rules = preset("standard", players=2)
    seat, (_, spies, _) = seat_for(Match(rules, SeededDealer(11)))
    computer = NormalPlayer(3)
    rng = random.Random(5)
    lines_at: list[tuple[str, Action]] = []  # each coach line with the last action made when it was said
    seat.announcer.recorders.append(
        lambda message, lines: (
            lines_at.append((message.text, seat.match.actions[-1]))
            if message.text.startswith("Coach:")
            else None
        )
    )
    for number in range(4):  # random moves, until the coach has spoken
        match = Match(rules, SeededDealer(11 + number))
        seat.begin(match)
        spies[0].match = match
        seat.start_hand()
        while not match.is_over:
            if match.phase is Phase.HAND_OVER:
                seat.handle("")
            elif match.turn == HUMAN:
                seat.announce_turn()
                action = rng.choice(SeatView(match, HUMAN).legal_actions)
                if isinstance(action, Play):
                    seat.move_commands.play(action)
                elif isinstance(action, Draw):
                    seat.move_commands.draw()
                else:
                    seat.handle("pass")
            else:
                computer_turn(seat, computer)
        if lines_at:
            break
    spy = spies[0]
    assert spy.asked, "the coach was never asked"
    assert all(turn == HUMAN for _, turn in spy.asked)
    assert lines_at, "random moves should draw some advice"
    assert all(last.seat == HUMAN for _, last in lines_at)  # said before any computer moved


def test_coach_on_and_off_is_a_remembered_setting_off_by_default() -> None:
    match = near_the_target()
    seat, (said, _, saved) = seat_for(match, coach=None)
    assert seat.coach is None  # off by default
    seat.handle("coach")
    assert said[-1].text.startswith("Coach off.")
    seat.handle("coach on")
    assert seat.coach is not None and seat.session.settings.coach == "on" and saved
    assert said[-1].text.startswith("Coach on:")
    seat.handle("coach off")
    assert seat.coach is None and seat.session.settings.coach == "off"
    seat.announce_turn()
    seat.handle("5-6")
    assert coach_lines(said) == []
    again, _ = seat_for(near_the_target(), coach="on")
    assert again.coach is not None  # the setting brings it back in the next game


def test_no_coach_at_a_network_table() -> None:
    match = near_the_target()
    session = quiet_session()
    session.settings.coach = "on"
    seat, (said, _, _) = seat_for(match, session=session)
    assert seat.coach is None
    seat.handle("coach on")
    assert seat.coach is None and "not available" in said[-1].text


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_strong_level_moves_legally_within_its_time(seed: int) -> None:
    rules = preset("standard", players=2)
    match = Match(rules, SeededDealer(seed))
    match.start_hand()
    strong = StrongPlayer(seed, time_budget=0.3)
    decisions = 0
    while not match.is_over and decisions < 4:
        if match.phase is Phase.HAND_OVER:
            match.start_hand()
            continue
        view = SeatView(match, match.turn)
        started = time.perf_counter()
        action = strong.choose(view)
        spent = time.perf_counter() - started
        assert action in view.legal_actions
        if len(view.legal_actions) > 1:
            decisions += 1
            assert spent < 0.3 + 0.25  # the budget, and one deal's playouts past it at most
        match.apply(action)


def test_background_coach_thinks_while_the_player_does() -> None:
    match = near_the_target()
    coach = Coach(3, simulations=10**9, time_budget=0.2)
    coach.start(SeatView(match, HUMAN), "turn")
    time.sleep(0.25)
    started = time.perf_counter()
    view = SeatView(match, HUMAN)
    played = next(a for a in view.legal_actions if isinstance(a, Play) and a.tile.notation == "5-6")
    advice = coach.advise(played)
    assert time.perf_counter() - started < 0.1  # its time was spent before the move
    assert advice is not None and advice.scores == 1


@pytest.mark.parametrize(("language", "start"), [("de", "Trainer: 2-5 "), ("tr", "Koç: 2-5 ")])
def test_the_coach_speaks_the_players_language(language: str, start: str) -> None:
    match = near_the_target()
    seat, (said, _, _) = seat_for(match)
    seat.set_language(language)
    seat.announce_turn()
    seat.handle("5-6")
    lines = [m for m in said if m.text.startswith(start)]
    assert len(lines) == 1 and lines[0].braille.split(":")[0] in ("Tr", "koç")
