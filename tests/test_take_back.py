"""Take-back (``undo`` against computers): the state after it is the state before the move, exactly."""

from __future__ import annotations

import asyncio
import copy
import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bergen_access import console, play
from bergen_access.core.actions import Action, Draw, Play
from bergen_access.core.dealers import SeededDealer
from bergen_access.core.engine import Match, Phase
from bergen_access.core.record import RecordError, from_record, to_record
from bergen_access.core.rules import PRESET_NAMES, preset
from bergen_access.core.takeback import TakeBack, last_move, moves_taken_back, take_back
from bergen_access.net.server import Server
from bergen_access.output.announcer import Announcer
from bergen_access.present.message import Verbosity
from bergen_access.seat.match_seat import MatchSeat, Seating
from bergen_access.seat.session import quiet_session
from bergen_access.seat.turns import computer_turn
from bergen_access.session.journal import read_journal, read_text

from .capabilities import needs_pty
from .folders import use_folders
from .net_clients import seat_people, until
from .test_net_server import run


def _random_match(
    name: str, tile_set: int, players: int, seed: int, moves: int
) -> tuple[Match, dict[int, Match]]:
    """A match played ``moves`` actions by a seeded random player, with a copy before each of seat 0's."""
    match = Match(preset(name, tile_set=tile_set, players=players), SeededDealer(seed))
    match.start_hand()
    rng = random.Random(seed)
    before: dict[int, Match] = {}
    for _ in range(moves):
        if match.phase is Phase.HAND_OVER:
            match.start_hand()
            before = {}  # a take-back stays in the hand under way
        if match.is_over:
            break
        if match.turn == 0:
            before[len(match.actions)] = match.copy()
        match.apply(rng.choice(match.legal_actions()))
    return match, before


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(PRESET_NAMES),
    tile_set=st.sampled_from((6, 9, 12)),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**31),
    moves=st.integers(0, 120),
)
def test_the_state_after_undo_is_the_state_before_the_move(
    name: str, tile_set: int, players: int, seed: int, moves: int
) -> None:
    _undone_to_the_state_before(name, tile_set, players, seed, moves)


def _undone_to_the_state_before(name: str, tile_set: int, players: int, seed: int, moves: int) -> bool:
    """Seat 0's last move taken back from a random match: the state before it, its dealer, its record;
    whether there was one to take back (False: nothing of seat 0's in this hand, or the match is over)."""
    match, before = _random_match(name, tile_set, players, seed, moves)
    result = take_back(match, 0)
    if result is None:
        assert not before or match.is_over  # nothing of seat 0's in this hand, or the match is over
        return False
    undone, taken = result
    start = last_move(match, 0)
    assert start is not None and start in before
    assert undone.state_key() == before[start].state_key()
    assert taken == tuple(match.actions[start:]) and taken[0].seat == 0
    assert moves_taken_back(undone) == moves_taken_back(match) + len(taken)
    # the dealer too: the same actions again lead to the same match, next deals included
    again = undone.copy()
    for action in taken:
        again.apply(action)
    assert again.state_key() == match.state_key()
    # the saved record replays to the same state and keeps the taken-back actions apart
    loaded, _ = from_record(json.loads(json.dumps(to_record(undone))))
    assert loaded.state_key() == undone.state_key() and loaded.taken_back == undone.taken_back
    return True


TABLE_SIZES = ((2, False), (3, False), (4, False), (4, True))  # players, partnerships


@pytest.mark.parametrize("tile_set", (6, 9, 12))
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_and_set_undoes_to_the_state_before_the_move(name: str, tile_set: int) -> None:
    """Not left to sampling: every preset with every set, at every table size (partners too), undone at
    each of seat 0's turns across whole hands: the state is the one before seat 0's last move."""
    checked = 0
    for players, partners in TABLE_SIZES:
        for seed in range(2):
            rules = preset(name, tile_set=tile_set, players=players, partnerships=partners)
            match = Match(rules, SeededDealer(seed))
            rng = random.Random(seed)
            before: dict[int, Match] = {}
            match.start_hand()
            while not match.is_over and len(match.actions) < 160:
                if match.phase is Phase.HAND_OVER:
                    match.start_hand()
                    before = {}
                    continue
                if match.turn == 0:
                    start = last_move(match, 0)
                    result = take_back(match, 0)
                    if start is None or start not in before:
                        assert result is None  # nothing of seat 0's in this hand yet
                    else:
                        assert result is not None
                        assert result[0].state_key() == before[start].state_key(), (players, seed, start)
                        checked += 1
                    before[len(match.actions)] = match.copy()
                match.apply(rng.choice(match.legal_actions()))
    assert checked >= 20, checked


def test_repeated_undo_goes_back_through_the_hand_and_not_beyond() -> None:
    for seed in range(40):
        match, before = _random_match("standard", 6, 3, seed, 60)
        if match.is_over:
            continue
        played = list(match.actions)
        steps = 0
        while (result := take_back(match, 0)) is not None:
            start = last_move(match, 0)
            assert start is not None
            match = result[0]
            assert match.state_key() == before[start].state_key()
            steps += 1
        assert steps == len(
            _moves_of_seat_0(before, played)
        )  # each of seat 0's moves of the hand, one by one
        assert match.phase is Phase.PLAYING
        # the hand under way is back at its deal (or where seat 0 had not moved yet)
        assert all(action.seat != 0 for action in match.actions[_hand_start(match) :])


def _moves_of_seat_0(before: dict[int, Match], actions: list[Action]) -> list[int]:
    """Where seat 0's moves start: a run of its draws is one move (a play after it is another)."""
    return [at for at in sorted(before) if not (actions[at] == Draw(0) and at and actions[at - 1] == Draw(0))]


def _hand_start(match: Match) -> int:
    from bergen_access.core.takeback import hand_start  # noqa: PLC0415

    return hand_start(match)


def test_a_version_1_save_still_loads_and_a_bad_take_back_is_refused() -> None:
    match, _ = _random_match("standard", 6, 2, 3, 10)
    record = to_record(match)
    old = {key: value for key, value in record.items() if key != "taken_back"} | {"version": 1}
    assert from_record(old)[0].state_key() == match.state_key()
    bad = copy.deepcopy(record) | {"taken_back": [{"at": 10_000, "actions": []}]}
    with pytest.raises(RecordError):
        from_record(bad)
    # version 1 had no take-backs: a key of that name is ignored there, as unknown keys are
    assert from_record(old | {"taken_back": [{"at": 1, "actions": []}]})[0].taken_back == []


# ---------------------------------------------------------------- the seat


def _seat(setting: TakeBack, seed: int = 5, players: int = 2) -> tuple[MatchSeat, io.StringIO]:
    out = io.StringIO()
    session = quiet_session()
    session.take_back = setting
    names = ["You", "Anna", "Cem", "Mia"][:players]
    seat = MatchSeat(
        Match(preset("standard", players=players), SeededDealer(seed)),
        Seating(names, 0, {n: "easy" for n in range(1, players)}),
        language="en",
        verbosity=Verbosity.NORMAL,
        announcer=Announcer(out, language="en"),
        session=session,
    )
    seat.start_hand()
    return seat, out


def _typed(action: Action) -> str:
    if isinstance(action, Play):
        return f"{action.tile.notation} {'l' if action.end == 0 else 'r'}"
    return "draw" if isinstance(action, Draw) else "pass"


def _until_my_turn(seat: MatchSeat, player: object) -> None:
    from bergen_access.players.easy import EasyPlayer  # noqa: PLC0415

    assert isinstance(player, EasyPlayer)
    while seat.match.phase is Phase.PLAYING and seat.match.turn != 0:
        computer_turn(seat, player)


def test_undo_says_exactly_what_was_taken_back_and_the_score() -> None:
    from bergen_access.players.easy import EasyPlayer  # noqa: PLC0415

    seat, out = _seat(TakeBack.ON, players=3)
    anna = EasyPlayer(1)
    _until_my_turn(seat, anna)
    before = seat.match.copy()
    told_before = [m.text for m in seat.history_messages(99)]
    mine = seat.view.legal_actions[0]
    seat.handle(_typed(mine))
    _until_my_turn(seat, anna)
    taken = seat.match.actions[len(before.actions) :]
    start = len(out.getvalue())
    seat.handle("undo")
    said = out.getvalue()[start:].strip()
    names = {0: "your", 1: "Anna's", 2: "Cem's"}
    parts = []
    for action in taken:  # easy players here play or pass; a run of draws would be counted
        assert not isinstance(action, Draw)
        what = action.tile.notation if isinstance(action, Play) else "pass"
        parts.append(f"{names[action.seat]} {what}")
    listed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
    scores = f"Score: You {before.scores[0]}, Anna {before.scores[1]}, Cem {before.scores[2]}; target 10."
    assert said == f"Taken back: {listed}. {scores}", said
    assert seat.match.state_key() == before.state_key()
    # history no longer holds what was taken back: its last line is from before the move
    assert [m.text for m in seat.history_messages(99)] == told_before


def test_undo_when_off_or_with_nothing_to_take_back_is_refused() -> None:
    seat, out = _seat(TakeBack.OFF)
    key = seat.match.state_key()
    seat.handle("undo")
    assert "Take-back is off in this match; bergen --take-back yes turns it on." in out.getvalue()
    assert seat.match.state_key() == key
    seat, out = _seat(TakeBack.ON)
    seat.handle("undo")
    assert "Nothing of yours to take back in this hand." in out.getvalue()


def test_undo_in_every_language_is_the_same_command() -> None:
    for language, word in (("de", "rückgängig"), ("tr", "geri")):
        seat, out = _seat(TakeBack.NOT_HERE)
        seat.set_language(language)
        for typed in ("undo", word):
            start = len(out.getvalue())
            seat.handle(typed)
            said = out.getvalue()[start:]
            assert "Eingabe" not in said and "anlaşılmadı" not in said.lower(), said
            assert said.strip() == seat.take_back_words.refused(TakeBack.NOT_HERE).text


# ---------------------------------------------------------- the console


class Script:
    def __init__(self, out: io.StringIO, lines: list[str]) -> None:
        self.out, self.lines = out, list(lines)

    def read(self, prompt: str) -> str:
        self.out.write(prompt)
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        self.out.write(line + "\n")
        return line


def _bergen(args: list[str], lines: list[str], monkeypatch: pytest.MonkeyPatch) -> str:
    out = io.StringIO()
    monkeypatch.setattr(console, "PlainReader", lambda stdin, stdout, *, echo: Script(out, lines))
    status = play.main(["--plain", "--seed", "5", "--opponents", "easy", *args], io.StringIO(), out)
    assert status == 0
    return out.getvalue()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    use_folders(monkeypatch, tmp_path)
    return tmp_path


def test_take_back_no_is_remembered_and_refuses(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    said = _bergen(["--take-back", "no"], ["1-5", "undo", "quit"], monkeypatch)
    assert "Take-back is off in this match; bergen --take-back yes turns it on." in said
    settings = json.loads(next((home / "config").rglob("settings.json")).read_text())
    assert settings["take_back"] == "no"
    said = _bergen([], ["yes", "undo", "quit"], monkeypatch)  # remembered: still off in the saved match
    assert "Take-back is off" in said
    said = _bergen(["--take-back", "yes"], ["yes", "undo", "quit"], monkeypatch)
    assert "Taken back: your 1-5 and Anna's 1-6." in said


def test_a_match_saved_after_undo_resumes_as_it_was(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    said = _bergen([], ["1-5", "0-6", "undo", "quit"], monkeypatch)
    assert "Taken back: your 0-6, Anna's 4 draws and Anna's 0-0. Score: You 0, Anna 2; target 15." in said
    [path] = (home / "data").rglob("*.jsonl")
    [undo] = [entry["undo"] for entry in read_text(path).entries if "undo" in entry]
    assert read_text(path).head["version"] == 3
    assert len(undo["actions"]) == 6 and undo["at"] == 2  # 0-6, 4 draws, 0-0
    match = read_journal(path)[0].match
    assert moves_taken_back(match) == 6 and len(match.actions) == 2
    saved = match.taken_back
    said = _bergen([], ["yes", "history 2", "0-6", "quit"], monkeypatch)
    tail = said[said.index("history 2") :]
    assert "You play 1-5 on the left.\nAnna plays 1-6 on the right." in tail  # the history before the 0-6
    assert "You play 0-6 on the right." in tail
    assert read_journal(path)[0].match.taken_back == saved  # still honest after the resume


# ------------------------------------------------------------ the network


def test_undo_at_a_network_table_is_refused() -> None:
    async def body(server: Server, port: int) -> None:
        table, (ada,) = await seat_people(server, port, "standard 2 computers easy", ["Ada"])
        await until(lambda: table.match.phase is Phase.PLAYING and table.match.turn == 0, what="Ada's turn")
        actions = len(table.match.actions)
        since = len(ada.lines)
        await ada.send("undo")
        await ada.wait_for("No take-back at a network table: the other players have seen the move.", since)
        assert len(table.match.actions) == actions

    run(body)
    asyncio.get_event_loop_policy()


def test_figures() -> None:
    """The property above is no vacuous pass: of matches drawn as it draws them (every preset, set and
    table size, 0 to 120 moves), most have a move of seat 0's to take back, and each is checked."""
    rng = random.Random(31)
    cases = [
        (
            rng.choice(PRESET_NAMES),
            rng.choice((6, 9, 12)),
            rng.randint(2, 4),
            rng.randrange(2**31),
            rng.randint(0, 120),
        )
        for _ in range(200)
    ]
    checked = sum(_undone_to_the_state_before(*case) for case in cases)
    print(f"take-back cases checked: {checked} of {len(cases)}")
    assert checked >= len(cases) // 2, checked


@needs_pty
def test_undo_and_why_under_a_pseudo_terminal(tmp_path: Path) -> None:
    """The real program as a person sees it: a move, undo, the same position again, why."""
    from .drivers import run_pty  # noqa: PLC0415

    answers = iter(["1-5", "0-6", "undo", "why", "q"])
    transcript, status = run_pty(
        ["--seed", "5", "--speech", "off", "--opponents", "easy"],
        tmp_path,
        lambda prompt, recent: next(answers),
    )
    assert status == 0, transcript[-1500:]
    after = transcript[transcript.index("undo") :]
    assert "Taken back: your 0-6, Anna's 4 draws and Anna's 0-0. Score: You 0, Anna 2; target 15." in after
    assert "Your turn. Ends 5 and 6." in after  # the position before the move, said as a turn is
    assert "Anna's 1-6 scored nothing: the ends were 5 and 6, not alike." in after
    assert "For the last score, type why 3." in after


def test_the_computers_are_made_anew_after_undo() -> None:
    """Nothing the computers kept may outlive a take-back: the loop makes them again for the new match."""
    from bergen_access.players.base import Player  # noqa: PLC0415
    from bergen_access.players.easy import EasyPlayer  # noqa: PLC0415
    from bergen_access.ui.game import Game  # noqa: PLC0415

    out = io.StringIO()
    session = quiet_session()
    session.take_back = TakeBack.ON
    made: list[Match] = []

    def make_players(match: Match) -> dict[int, Player]:
        made.append(match)
        return {1: EasyPlayer(1)}

    game = Game(
        Match(preset("standard"), SeededDealer(5)),
        Seating(["You", "Anna"], 0, {1: "easy"}),
        {1: EasyPlayer(1)},
        language="en",
        verbosity=Verbosity.NORMAL,
        announcer=Announcer(out, language="en"),
        reader=Script(out, ["1-5", "undo", "1-5"]),
        session=session,
        make_players=make_players,
    )
    assert game.run() == 0
    assert len(made) == 1 and made[0] is game.match  # made once, for the replayed match
    assert moves_taken_back(game.match) == 2  # your 1-5 and Anna's 1-6
