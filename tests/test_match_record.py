"""The record of every match (issue 23): written as the match goes, read back with care, counted, exported
and replayed.

* every save writes the match's record too (write-ahead): after each move the record holds exactly the
  save's actions; a finished match keeps its record when the save is removed; a resumed match goes on in
  its own record;
* records are read like every file: damaged ones are set aside (one sentence each) and the rest listed;
  a version-1 record (tests/data/played-v1.json) stays readable, unknown keys are ignored, an unknown
  version is refused;
* the statistics are exact: a known set of records, counted by hand from the events the game told;
* the export is the scorekeeper's format (its header row and lines), one row per scoring event;
* a replay answers ends, line, score, hand, count and turn at each moment exactly as the seat did then.
"""

from __future__ import annotations

import json
import shutil
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bergen_access.core.actions import Play
from bergen_access.core.events import (
    Event,
    HandBlocked,
    HandEnded,
    HeaderKind,
    HeaderScored,
    MatchWon,
    WentOut,
)
from bergen_access.core.journal import VERSION as JOURNAL_VERSION
from bergen_access.core.played import VERSION, check_played, from_played
from bergen_access.core.record import RecordError
from bergen_access.core.refused import RecordProblem
from bergen_access.core.rules import preset
from bergen_access.core.statistics import Played, events_by_hand, figures
from bergen_access.i18n import I18n
from bergen_access.present.message import Verbosity
from bergen_access.present.narrator import Narrator
from bergen_access.present.record_talk import statistics_lines
from bergen_access.present.words import Words
from bergen_access.record_command import export_texts, line_of, seating_of
from bergen_access.seat.match_seat import MatchSeat
from bergen_access.seat.record_replay import RecordReplay
from bergen_access.session.appendfile import read_lines
from bergen_access.session.journal import Journal, read_journal, read_text
from bergen_access.session.match_log import FOLDER, read_records
from bergen_access.session.savefile import checked_seat
from bergen_access.session.storage import Storage
from bergen_access.session.untrusted import MAX_SAVE_BYTES

from .record_play import play_out, seat_for

DATA = Path(__file__).parent / "data"
ASKED = ("ends", "line", "score", "hand", "count", "turn", "seats", "unseen", "history", "rules")


def records_in(folder: Path) -> list[Path]:
    """The journals (each match's save and record) in a data folder."""
    return sorted((folder / FOLDER).glob("*.jsonl"))


def read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def entries_of(folder: Path) -> tuple[list[Any], list[Any]]:
    return read_records(Storage.open(folder), checked_seat)


# ----------------------------------------------------------------------------------- written as it goes


def test_every_move_is_appended_to_the_journal_and_it_replays_to_the_match(tmp_path: Path) -> None:
    """The journal is the save and the record: at every prompt it replays to the match as it is, and it
    only ever grows (what was written stays byte for byte)."""
    seat = seat_for(tmp_path, preset("standard"), 5, {1: "normal"})
    compared = 0
    before = b""

    def moment(at: MatchSeat) -> None:
        nonlocal compared, before
        [path] = records_in(tmp_path)
        now = path.read_bytes()
        assert now.startswith(before) and len(now) >= len(before)  # appended, never rewritten
        before = now
        replayed = read_journal(path, checked_seat)[0]
        assert replayed.match.actions == at.match.actions
        assert replayed.match.hand_number == at.match.hand_number and replayed.envelope["ended"] is None
        compared += 1

    play_out(seat, moment=moment)
    assert compared > 20
    [path] = records_in(tmp_path)
    head = read_text(path).head
    assert head["format"] == "bergen-access-journal" and head["version"] == JOURNAL_VERSION
    [entry], problems = entries_of(tmp_path)
    assert not problems and entry.match.is_over and entry.match.scores == seat.match.scores
    assert entry.envelope["ended"] is not None and entry.taken_back == 0
    assert len(entry.match.actions) == len(seat.match.actions)


def test_a_resumed_match_goes_on_in_its_own_journal_and_a_new_one_gets_another(tmp_path: Path) -> None:
    first = seat_for(tmp_path, preset("standard"), 8, {1: "easy"})
    play_out(first, most_actions=12)
    [path] = records_in(tmp_path)
    replayed, text = read_journal(path, checked_seat)
    started = replayed.envelope["started"]
    again = seat_for(tmp_path, preset("standard"), 8, {1: "easy"})  # a new program: the journal read back
    again.session.journal = Journal.resume(again.session.storage, path, replayed, text)  # type: ignore[arg-type]
    again.begin(replayed.match)
    play_out(again)
    [same] = records_in(tmp_path)
    [entry], _ = entries_of(tmp_path)
    assert same == path and entry.started == started and entry.envelope["ended"] is not None
    assert entry.match.actions == again.match.actions and len(entry.match.actions) > 12
    time.sleep(1.01)  # records are named by the second a match started
    other = seat_for(tmp_path, preset("standard"), 8, {1: "easy"})  # the same deal, played anew
    play_out(other, most_actions=3)
    assert len(records_in(tmp_path)) == 2


def test_moves_taken_back_stay_in_the_same_journal(tmp_path: Path) -> None:
    """Take-back rebuilds the match (a new object from its seed): the journal goes on, and says so."""
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    from .drivers import ROOT, environment  # noqa: PLC0415

    typed = "01\nundo\n03\nquit\n"  # seed 4: 0-1 fits the opening 0-0; taken back; 0-3 instead
    home = tmp_path / "home"
    command = [sys.executable, "-m", "bergen_access", "--new", "--seed", "4", "--plain", "--speech", "off"]
    done = subprocess.run(
        command,
        input=typed,
        text=True,
        encoding="utf-8",
        capture_output=True,
        cwd=ROOT,
        env=environment(home),
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = home / "data" / "bergen-access"
    [path] = records_in(data)
    [entry], _ = entries_of(data)
    assert entry.taken_back == 2  # your 0-1 and Anna's answer
    assert [a.tile.notation for a in entry.match.actions if isinstance(a, Play)][:1] == ["0-3"]
    assert [next(iter(e)) for e in read_text(path).entries].count("undo") == 1


def test_a_folder_that_cannot_be_written_costs_the_save_not_the_game(tmp_path: Path) -> None:
    seat = seat_for(tmp_path, preset("standard"), 3, {1: "normal"})
    (tmp_path / FOLDER).write_text("a file where the records folder should be")
    play_out(seat)
    assert seat.match.is_over
    told = seat.announcer.out.getvalue()  # type: ignore[attr-defined]
    assert told.count("Cannot save in ") == 1, told  # said once; the game went on to its end


def test_a_write_cut_short_is_left_out_and_the_journal_goes_on(tmp_path: Path) -> None:
    """A kill in the middle of a write leaves an unfinished last line: readers leave it out, the next
    write cuts it off first, and nothing before it is lost."""
    seat = seat_for(tmp_path, preset("standard"), 6, {1: "easy"})
    play_out(seat, most_actions=10)
    [path] = records_in(tmp_path)
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"moves":[{"type":"pla')  # the kill came while the next move was written
    replayed, text = read_journal(path, checked_seat)
    assert text.torn and replayed.match.actions == seat.match.actions and text.good_size == len(whole)
    [entry], problems = entries_of(tmp_path)
    assert not problems and entry.match.actions == seat.match.actions
    again = seat_for(tmp_path, preset("standard"), 6, {1: "easy"})
    again.session.journal = Journal.resume(again.session.storage, path, replayed, text)  # type: ignore[arg-type]
    again.begin(replayed.match)
    play_out(again, most_actions=14)
    after = path.read_bytes()
    assert after.startswith(whole) and b'"pla\n' not in after and b'{"type":"pla{' not in after
    assert read_journal(path, checked_seat)[0].match.actions == again.match.actions
    assert not read_text(path).torn


def test_a_journal_damaged_before_its_end_is_not_trusted(tmp_path: Path) -> None:
    seat = seat_for(tmp_path, preset("standard"), 7, {1: "easy"})
    play_out(seat, most_actions=10)
    assert seat.session.journal is not None
    seat.session.journal.close()  # the program has ended (Windows moves no file a program holds open)
    [path] = records_in(tmp_path)
    lines = path.read_bytes().split(b"\n")
    lines[2] = b'{"moves":[{"type":"play","seat":7,"tile":"0-0","end":"left"}]}'
    path.write_bytes(b"\n".join(lines))
    entries, problems = entries_of(tmp_path)
    assert entries == [] and [p.code for p in problems] == ["malformed"]
    assert problems[0].kept is not None and problems[0].kept.exists()


def test_a_record_beyond_the_cap_of_saves_is_set_aside_unread(tmp_path: Path) -> None:
    """A record (a journal) of a real match, still good JSON lines, padded past the cap of saves (2 MB,
    forty times the longest real match): listed as a problem (too large) and set aside, never replayed."""
    seat = seat_for(tmp_path, preset("standard"), 7, {1: "easy"})
    play_out(seat, most_actions=10)
    assert seat.session.journal is not None
    seat.session.journal.close()
    [path] = records_in(tmp_path)
    lines = path.read_bytes().split(b"\n")
    lines[1] = b"{" + b" " * MAX_SAVE_BYTES + lines[1][1:]
    padded = b"\n".join(lines)
    path.write_bytes(padded)
    assert len(read_lines(path).entries) == len(lines) - 2  # good lines all the same (under the shared cap)
    entries, problems = entries_of(tmp_path)
    assert entries == [] and [p.code for p in problems] == ["too-large"]
    assert problems[0].kept is not None and problems[0].kept.read_bytes() == padded


# ----------------------------------------------------------------------------------- read with care


def test_damaged_records_are_set_aside_and_the_rest_listed(tmp_path: Path) -> None:
    for seed in (1, 2):
        play_out(seat_for(tmp_path, preset("standard"), seed, {1: "normal"}), most_actions=10)
        time.sleep(1.01)
    good = records_in(tmp_path)
    folder = tmp_path / FOLDER
    (folder / "20200101-000000.json").write_text('{"format": "bergen-access-played-match", "vers')
    broken = read(DATA / "played-v1.json")
    broken["match"]["actions"][3]["seat"] = 7
    (folder / "20200101-000001.json").write_text(json.dumps(broken))
    (folder / "20200101-000002.json").write_text(json.dumps({**broken, "version": 99}))
    (folder / "20200101-000003.jsonl").write_text('{"format": "bergen-access-journal", "version": 4}\n')
    (folder / "20200101-000004.json").write_text(json.dumps(read(DATA / "played-v1.json")))  # still read
    entries, problems = entries_of(tmp_path)
    assert [e.path for e in entries] == [*sorted(good, reverse=True), folder / "20200101-000004.json"]
    assert sorted(p.code for p in problems) == ["malformed", "not-json", "unknown-version", "unknown-version"]
    kept = sorted(p.name for p in folder.glob("*.damaged-*.json*"))
    assert len(kept) == 4 and all(p.kept is not None and p.kept.exists() for p in problems)
    assert entries_of(tmp_path)[1] == []  # set aside once: the next listing is clean


def test_a_version_1_record_stays_readable() -> None:
    data = read(DATA / "played-v1.json")
    assert data["version"] == 1
    match, seats, envelope = from_played(data, checked_seat)
    assert match.is_over and match.scores == [16, 4] and seats[1]["level"] == "normal"
    assert envelope["started"] == "2026-12-02T00:10:00"
    grown = {**data, "taken_back": 2, "coach": {"said": 3}, "match": {**data["match"], "taken_back": [1, 2]}}
    assert check_played(grown)["taken_back"] == 2  # keys a later version adds are kept or ignored
    with pytest.raises(RecordError) as refused:
        check_played({**data, "version": VERSION + 1})
    assert refused.value.code is RecordProblem.UNKNOWN_VERSION


# ----------------------------------------------------------------------------------- the statistics


def _told_tally(events: list[Event], human: int, side: int) -> tuple[Counter[HeaderKind], list[int]]:
    """Headers the player made and the side's points per ended hand, from the events as the game told them."""
    headers: Counter[HeaderKind] = Counter()
    hands, points = [], 0
    for event in events:
        if isinstance(event, HeaderScored) and event.seat == human:
            headers[event.kind] += 1
        if isinstance(event, HeaderScored | WentOut) and event.side == side:
            points += event.value
        if isinstance(event, HandBlocked) and event.winner == side:
            points += event.value
        if isinstance(event, HandEnded | MatchWon):  # each hand ends with one of them
            hands.append(points)
            points = 0
    return headers, hands


KNOWN = [  # seed, preset, set, levels, moves played (None: to the end)
    (11, "standard", 6, {1: "normal"}, None),
    (12, "counters", 6, {1: "easy"}, None),
    (13, "dominoplaza", 6, {1: "random"}, None),
    (14, "standard", 9, {1: "normal", 2: "easy"}, None),
    (15, "standard", 6, {1: "normal"}, 25),
]


@pytest.fixture(scope="module")
def known(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[MatchSeat]]:
    folder = tmp_path_factory.mktemp("known")
    seats = []
    for seed, name, tiles, levels, most in KNOWN:
        rules = preset(name, tile_set=tiles, players=len(levels) + 1) if tiles != 6 else preset(name)
        seat = seat_for(folder, rules, seed, levels)
        told: list[Event] = []
        original = seat.tell_events

        def keep(events: Any, original: Any = original, told: list[Event] = told) -> None:
            events = list(events)
            told.extend(events)
            original(events)

        seat.tell_events = keep  # type: ignore[method-assign]
        play_out(seat, most_actions=most)
        seat.told_events = told  # type: ignore[attr-defined]
        seats.append(seat)
        time.sleep(1.01)
    return folder, seats


def test_statistics_of_a_known_set_of_records(known: tuple[Path, list[MatchSeat]]) -> None:
    folder, seats = known
    entries, problems = entries_of(folder)
    assert not problems and len(entries) == len(KNOWN)
    played = [
        Played(e.match, e.human, seating_of(e).levels and tuple(seating_of(e).levels.values()), n)
        for n, e in enumerate(entries, 1)
    ]
    result = figures(played)
    # counted by hand from what each game told as it was played (newest first in the list)
    headers: Counter[HeaderKind] = Counter()
    per_hand: list[int] = []
    wins = 0
    for seat in seats:
        side = seat.match.side_of(0)
        made, hands = _told_tally(seat.told_events, 0, side)  # type: ignore[attr-defined]
        headers += made
        per_hand += hands
        wins += int(seat.match.is_over and seat.match.winner == side)
    assert result.recorded == 5 and result.finished == 4 and result.wins == wins
    assert result.headers == headers and result.hands == len(per_hand) and result.points == sum(per_hand)
    assert result.best is not None and result.best.points == max(per_hand)
    assert {k: (t.matches, t.wins) for k, t in result.by_players.items()} == {
        2: (3, result.wins - _won(seats, 3)),
        3: (1, _won(seats, 3)),
    }
    assert set(result.by_preset) == {"standard", "counters", "dominoplaza"}
    assert result.by_preset["standard"].matches == 2 and result.by_set[9].matches == 1
    assert set(result.by_level) == {"normal", "easy", "random", "easy+normal"}
    # the exact figures of this set (seeded: the same every run)
    print("\nfigures:", result)
    assert (result.wins, result.hands, result.points) == EXACT["wins, hands, points"]
    assert dict(result.headers) == EXACT["headers"]
    assert (result.best.points, result.best.number, result.best.hand) == EXACT["best"]
    assert result.average == pytest.approx(50 / 14)
    lines = statistics_lines(
        I18n("en"),
        result,
        Narrator(Words(I18n("en"), preset("standard"), ["You", "Anna"], 0), Verbosity.NORMAL),
    )
    assert lines[0] == f"Statistics of 5 matches: 4 finished, {result.wins} won."
    assert lines == [
        "Statistics of 5 matches: 4 finished, 3 won.",
        "By level: easy 1 match, 1 won; easy+normal 1 match, 0 won; normal 1 match, 1 won; "
        "random 1 match, 1 won.",
        "By preset: counters 1 match, 1 won; DominoPlaza 1 match, 1 won; standard 2 matches, 1 won.",
        "By players: 2 players 3 matches, 3 won; 3 players 1 match, 0 won.",
        "By set: double-6 3 matches, 3 won; double-9 1 match, 0 won.",
        "Your headers: double header 15; triple header 6.",
        "Best hand: 7 points, match 3 hand 3. Average 3.57 points over 14 hands.",
    ]


def _won(seats: list[MatchSeat], players: int) -> int:
    return sum(
        1
        for s in seats
        if s.match.players == players and s.match.is_over and s.match.winner == s.match.side_of(0)
    )


#: the figures of KNOWN (seeded, so the same every run): checked above against the told events, kept here so
#: that a change to the players or the engine that changes them is seen
EXACT: dict[str, Any] = {
    "wins, hands, points": (3, 14, 50),
    "headers": {HeaderKind.DOUBLE: 15, HeaderKind.TRIPLE: 6},
    "best": (7, 3, 3),
}


# ----------------------------------------------------------------------------------- the export


def test_the_export_is_the_scorekeepers_format(known: tuple[Path, list[MatchSeat]]) -> None:
    folder, seats = known
    entries, _ = entries_of(folder)
    for entry, seat in zip(entries, reversed(seats), strict=True):
        text, table = export_texts(entry, "en", Verbosity.NORMAL)
        rows = table.splitlines()
        assert rows[0] == "hand,player,side,event,full value,points,total" or (
            rows[0] == "hand,player,side,event,full value,counters discarded,counters left"
        )
        scoring = [
            e
            for hand in events_by_hand(entry.match)
            for e in hand
            if isinstance(e, HeaderScored | WentOut) or (isinstance(e, HandBlocked) and e.winner is not None)
        ]
        assert len(rows) - 1 == len(scoring)
        lines = text.splitlines()
        assert lines[0] == f"Bergen Access score sheet, {entry.started.replace('T', ' ')[:16]}."
        assert (
            lines[1] == "Players: " + ", ".join(seat.words.name(s) for s in range(seat.match.players)) + "."
        )
        assert lines[2].startswith("Rules: ")
        said = seat.history_messages(10**9)  # what the seat told while it played, in order
        assert "\n".join(lines[4:-1]) == "\n".join(m.text for m in said)
        assert lines[-1] == seat.words.scores(entry.match.scores, entry.match.target) + "."


# ----------------------------------------------------------------------------------- the replay


@pytest.mark.parametrize(
    ("name", "tiles", "levels", "language"),
    [
        ("standard", 6, {1: "normal"}, "en"),
        ("counters", 6, {1: "easy"}, "de"),
        ("dominoplaza", 6, {1: "normal"}, "tr"),
        ("standard", 9, {1: "normal", 2: "easy", 3: "random"}, "en"),
        ("standard-partners", 6, {1: "normal", 2: "easy", 3: "normal"}, "de"),  # partners: 0 and 2
        ("counters", 12, {1: "normal"}, "en"),
    ],
)
def test_a_replay_answers_as_the_seat_did_then(
    tmp_path: Path, name: str, tiles: int, levels: dict[int, str], language: str
) -> None:
    """At every moment the seat was asked (its turns, each hand's end), the replay answers every review
    command it takes, and the history, exactly as the seat did: partners and the larger sets too."""
    partners = name.endswith("-partners")
    name = name.removesuffix("-partners")
    rules = preset(name, tile_set=tiles, players=len(levels) + 1, partnerships=partners)
    seat = seat_for(tmp_path, rules, 21, levels, language)
    live: list[list[str]] = []

    def asked(at: MatchSeat) -> list[str]:
        words = [at.lexicon.main_word(_kind(k)) for k in ASKED]
        answers = []
        for word in words:
            before = len(at.announcer.out.getvalue())  # type: ignore[attr-defined]
            at.handle(word)
            answers.append(at.announcer.out.getvalue()[before:])  # type: ignore[attr-defined]
        return answers

    play_out(seat, moment=lambda at: live.append(asked(at)))
    [entry], _ = entries_of(tmp_path)
    import io  # noqa: PLC0415

    from bergen_access.output.announcer import Announcer  # noqa: PLC0415

    replay = RecordReplay(
        entry.match,
        seating_of(entry),
        language=language,
        verbosity=Verbosity.NORMAL,
        announcer=Announcer(io.StringIO(), language=language),
    )
    again: list[list[str]] = []
    while replay.step():
        if replay.match.phase.name == "HAND_OVER" or (
            replay.match.phase.name == "PLAYING" and replay.match.turn == 0
        ):
            again.append(asked(replay.seat))
    print(f"\nreplay {name} {tiles} {language}: {len(live)} moments, {len(ASKED)} questions each")
    assert len(again) == len(live) > 5
    for number, (then, now) in enumerate(zip(live, again, strict=True)):
        assert now == then, f"moment {number}"
    assert replay.seat.history_messages(10**9) == seat.history_messages(10**9)


def _kind(name: str) -> Any:
    from bergen_access.commands.definitions import CommandKind  # noqa: PLC0415

    return CommandKind(name)


def test_the_v1_fixture_is_a_real_record(tmp_path: Path) -> None:
    """The fixture was written by this program: copied into a data folder, it is listed and replays."""
    (tmp_path / FOLDER).mkdir()
    shutil.copy(DATA / "played-v1.json", tmp_path / FOLDER / "20261202-001000.json")
    [entry], problems = entries_of(tmp_path)
    assert not problems
    assert line_of(I18n("en"), 1, entry).startswith(
        "1. 2026-12-02 00:10, standard: You, Anna (normal); you won"
    )
