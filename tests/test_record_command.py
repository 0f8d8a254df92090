"""``bergen record`` as a person runs it (issue 23): the list, the statistics, damaged records, export,
replay, its --help in three languages, and the record surviving kill -9 at the moment of the save.

The records are made by the real game (seed 5, as the damaged-file tests make their save) or in-process
by the loop's own seat (tests/record_play.py); every case of a damaged match save in
tests/test_files_and_folders.py is also tried as a damaged record, all in one folder at once: each is said
in one sentence and kept byte for byte, and the good record is still listed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bergen_access.commands.definitions import CommandKind
from bergen_access.commands.lexicon import Lexicon
from bergen_access.core.played import played_record
from bergen_access.core.record import action_to_json
from bergen_access.core.rules import preset
from bergen_access.i18n import I18n
from bergen_access.present.record_talk import replay_prompt
from bergen_access.session.journal import read_journal
from bergen_access.session.match_log import read_records
from bergen_access.session.paths import said_folder
from bergen_access.session.savefile import checked_seat
from bergen_access.session.storage import Storage

from .record_play import play_out, seat_for
from .test_files_and_folders import (
    GAME,
    MATCH_CASES,
    assert_clean,
    data_of,
    put,
    reason_parts,
    run,
)
from .test_kills import GAME_PROMPT, HARD, Program, choose, read_save


def records_of(home: Path) -> list[Path]:
    """The journals (each match's save and record)."""
    return sorted((data_of(home) / "records").glob("*.jsonl"))


@pytest.fixture(scope="module")
def real_record(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A record of version 2 (one whole JSON file, as earlier versions wrote them; still listed) of a
    match the real game played: one move (and the computer's answer), then quit."""
    home = tmp_path_factory.mktemp("record")
    assert_clean(run(home, GAME, "1-5 left\nquit\n"))
    [path] = records_of(home)
    replayed = read_journal(path)[0]
    assert len(replayed.match.actions) == 2 and replayed.envelope["ended"] is None
    assert [action_to_json(a) for a in replayed.match.actions] == read_save(home, "match.json")["actions"]
    record = played_record(replayed.match, replayed.seats, replayed.envelope["started"], None)
    return (json.dumps(record, indent=1) + "\n").encode("utf-8")


def damaged_record(real: bytes, make: Any) -> bytes | None:
    """A case's damage done to the save inside the record (JSON edits) or to the whole file (bytes)."""
    envelope = json.loads(real)
    inner = (json.dumps(envelope["match"], indent=1) + "\n").encode("utf-8")
    try:
        edited = make(inner)
        value = json.loads(edited) if edited is not None else None
    except (ValueError, RecursionError):
        value = None
    if isinstance(value, dict) and value.get("format") == "bergen-access-match" and edited != inner:
        text = json.dumps({**envelope, "match": "@INNER@"}, indent=1)  # the edited bytes as they are
        return text.replace('"@INNER@"', edited.decode("utf-8")).encode("utf-8")
    return make(real)


def test_every_damaged_record_is_set_aside_in_one_sentence_and_the_rest_listed(
    tmp_path: Path, real_record: bytes
) -> None:
    folder = data_of(tmp_path) / "records"
    put(folder / "20261202-120000.json", real_record)
    damaged = {}
    for number, case in enumerate(MATCH_CASES):
        name = f"2020010{1 + number // 60}-0000{number % 60:02d}"
        damaged[name] = (case, damaged_record(real_record, case.make))
        put(folder / f"{name}.json", damaged[name][1])
    result = run(tmp_path, ["record"], "")
    assert_clean(result)
    told = result.lines("A match record could not be used")
    assert len(told) == len(MATCH_CASES), result.out
    for name, (case, content) in damaged.items():
        [kept] = folder.glob(f"{name}.damaged-*.json")
        if content is None:
            assert kept.is_dir()
        else:
            assert kept.read_bytes() == content, case.name
        [line] = [line for line in told if str(kept) in line]
        for part in reason_parts(case.code, case.detail):
            assert part in line, (case.name, part, line)
    assert re.search(
        r"^1\. [-0-9]+ [0-9:]+, standard: You, Anna \(normal\); not finished, hand 1; "
        r"score: You 0, Anna 2\.$",
        result.out,
        re.M,
    ), result.out
    assert "Statistics of 1 match: 0 finished, 0 won." in result.out
    again = run(tmp_path, ["record"], "")  # set aside once: listed cleanly the next time
    assert_clean(again)
    assert "could not be used" not in again.out


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["list (the default)", "the match's number in the list", "the matches played here"]),
        ("de", ["die Partien und die Statistik", "Nummer der Partie", "die hier gespielten Partien"]),
        ("tr", ["maçların listesi", "listedeki numarası", "burada oynanan maçlar"]),
    ],
)
def test_help_is_in_the_players_language(tmp_path: Path, language: str, words: list[str]) -> None:
    result = run(tmp_path, ["record", "--lang", language, "--help"], "")
    assert_clean(result)
    for word in words[:2]:
        assert word.lower() in result.out.lower(), result.out
    assert "{" not in result.out.replace("{on,off}", "").split("--lang")[0]  # every placeholder filled
    listed = run(tmp_path, ["--lang", language, "--help"], "")
    assert words[2] in listed.out, listed.out


def test_list_export_and_replay_through_the_real_program(tmp_path: Path) -> None:
    empty = run(tmp_path, ["record"], "")
    assert_clean(empty)
    assert "No match has been recorded yet." in empty.out
    seat = seat_for(data_of(tmp_path), preset("standard"), 5, {1: "normal"})
    play_out(seat)
    listing = run(tmp_path, ["record"], "")
    assert_clean(listing)
    line = listing.lines("1. ")[0]
    assert re.match(
        r"1\. \d{4}-\d\d-\d\d \d\d:\d\d, standard: You, Anna \(normal\); (you|Anna) won; score: You", line
    )
    assert "Best hand: " in listing.out and "By level: normal 1 match" in listing.out
    german = run(tmp_path, ["record", "--lang", "de"], "")
    assert "Statistik von 1 Partie: 1 beendet, " in german.out and "Beste Runde: " in german.out
    assert re.search(r"Durchschnitt \d+,\d\d Punkte über \d+ Runden\.", german.out), german.out
    turkish = run(tmp_path, ["record", "--lang", "tr"], "")
    assert "1 maçın istatistiği: 1 bitti, " in turkish.out and "En iyi el: " in turkish.out
    exported = run(tmp_path, ["record", "export", "1"], "")
    assert_clean(exported)
    [text] = sorted((data_of(tmp_path) / "exports").glob("bergen-match-*.txt"))
    assert f"Exported {text.stem}.txt and .csv to {said_folder(text.parent)}." in exported.out
    assert text.read_text().startswith("Bergen Access score sheet, ")
    assert text.with_suffix(".csv").read_text().startswith("hand,player,side,event,full value,points,total")
    twice = run(tmp_path, ["record", "export", "1"], "")  # never over the first files
    assert f"{text.stem}-2.txt and .csv" in twice.out
    replay = run(tmp_path, ["record", "replay", "1"], "\n\nhand\nscore\n1-5\nquit\n")
    assert_clean(replay)
    assert replay.out.startswith("Replay of match 1. ") or "Replay of match 1. " in replay.out
    assert "Hand 1. Your tiles: " in replay.out and "Your 5 tiles: " in replay.out  # after the first move
    assert "This is a replay: Enter shows the next move." in replay.out
    missing = run(tmp_path, ["record", "replay", "7"], "")
    assert (
        "There is no match 7: 1 match is recorded (1 is the newest)." in missing.out and missing.status == 1
    )


def test_the_record_survives_kill_9_at_the_moment_of_the_save(tmp_path: Path) -> None:
    """Killed where a move is saved and not yet told: the record already holds it, as the save does; the
    resumed match goes on in the same record."""
    args = ["--seed", "7", "--speech", "off", "--opponents", "random"]

    def started(pause: bool) -> Program:
        return Program(tmp_path, args, tty=False, pause=pause, prompt=GAME_PROMPT)

    first = started(False)
    try:
        first.to_prompt()
        first.quit()
    finally:
        first.stop()
    [path] = records_of(tmp_path)
    for _ in range(3):
        paused = started(True)
        try:
            paused.to_prompt()
            paused.ask("y")
            move = choose(paused.prompt, paused.turn_text)
            for line in move.lines[:-1]:
                paused.ask(line)
            before = read_save(tmp_path, "match.json")["actions"]
            paused.type(move.lines[-1])
            paused.read_until("bergen-test: saved journal")
            paused.kill(HARD)
        finally:
            paused.stop()
        save = read_save(tmp_path, "match.json")
        assert len(save["actions"]) > len(before)  # the move is saved ...
        assert records_of(tmp_path) == [path]  # ... in the one journal of this match, its record too
        [entry], _ = read_records(Storage.open(data_of(tmp_path)), checked_seat)
        assert [action_to_json(a) for a in entry.match.actions] == save["actions"]
        assert entry.match.hand_number == save["hands"]
        again = started(False)  # the computers move after the resume (each saved): then leave at a prompt
        try:
            again.to_prompt()
            again.ask("y")
            again.quit()
        finally:
            again.stop()
    assert records_of(tmp_path) == [path]


# ------------------------------------------------------------------------- the record command in a match


def _listed(out: str) -> list[str]:
    return [line.split("> ")[-1] for line in out.splitlines() if re.match(r"^(.*> )?\d+\. \d{4}-", line)]


def test_the_record_command_in_a_match_says_what_bergen_record_says(tmp_path: Path) -> None:
    """``record`` and ``record stats`` typed during a match: the lines of ``bergen record`` (one presenter),
    the match being played among them; a word it does not take is answered with what it takes."""
    play_out(seat_for(data_of(tmp_path), preset("standard"), 5, {1: "normal"}))
    game = run(tmp_path, GAME, "1-5 left\nrecord\nrecord stats\nrecord foo\nquit\n")
    assert_clean(game)
    listing = run(tmp_path, ["record"], "")
    assert_clean(listing)
    said = _listed(game.out)
    assert len(said) == 2 and said == _listed(listing.out)  # the same two lines, the newest first
    unfinished = r", standard: You, Anna \(normal\); not finished, hand 1; score: You 0, Anna 2\.$"
    assert re.search(unfinished, said[0]), said
    assert re.search(r"; (you|Anna) won; score: You \d+, Anna \d+\.$", said[1]), said
    statistics = listing.out[listing.out.index("Statistics of 2 matches") :].strip().splitlines()
    assert len(statistics) >= 3 and statistics[0] == "Statistics of 2 matches: 1 finished, " + (
        "1 won." if "you won" in said[1] else "0 won."
    )
    assert "\n".join(statistics) in game.out  # record stats: the statistics, line for line
    assert "record: the newest matches recorded; record stats: the statistics." in game.out
    assert game.out.count("Statistics of 2 matches") == 1  # plain record lists, it does not count


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        ("de", "bilanz\nbilanz statistik\n", ["1. ", "Statistik von 1 Partie: 0 beendet, 0 gewonnen."]),
        ("tr", "KAYITLAR\nkayıtlar istatistik\n", ["1. ", "1 maçın istatistiği: 0 bitti, 0 galibiyet."]),
        ("en", "records\nrecord statistics\n", ["1. ", "Statistics of 1 match: 0 finished, 0 won."]),
    ],
)
def test_the_record_command_in_each_language(
    tmp_path: Path, language: str, typed: str, said: list[str]
) -> None:
    game = run(tmp_path, [*GAME, "--lang", language], "1-5 left\n" + typed + "quit\n")
    assert_clean(game)
    lines = _listed(game.out)
    assert len(lines) == 1 and lines[0].startswith(said[0]), game.out[-1500:]
    assert said[1] in game.out, game.out[-1500:]


def test_the_record_command_says_the_newest_ten_and_how_many_more(tmp_path: Path, real_record: bytes) -> None:
    folder = data_of(tmp_path) / "records"
    for number in range(11):
        put(folder / f"202001{1 + number:02d}-120000.json", real_record)
    game = run(tmp_path, GAME, "record\nquit\n")
    assert_clean(game)
    lines = _listed(game.out)
    assert [line.split(".")[0] for line in lines] == [str(n) for n in range(1, 11)]
    # the match being played: the newest
    assert lines[0].endswith("not finished, hand 1; score: You 0, Anna 2.")
    assert "2 older matches are recorded; bergen record lists them all." in game.out


def test_the_record_command_at_a_network_table_says_where_the_record_is() -> None:
    from bergen_access.core.engine import Phase  # noqa: PLC0415
    from bergen_access.net.server import Server  # noqa: PLC0415

    from .net_clients import seat_people, until  # noqa: PLC0415
    from .test_net_server import run as run_server  # noqa: PLC0415

    async def body(server: Server, port: int) -> None:
        table, (ada,) = await seat_people(server, port, "standard 2 computers easy", ["Ada"])
        await until(lambda: table.match.phase is Phase.PLAYING and table.match.turn == 0, what="Ada's turn")
        since = len(ada.lines)
        await ada.send("record stats")
        await ada.wait_for("The record of your matches is on your own computer", since)

    run_server(body)


def test_the_record_command_sets_a_damaged_record_aside_in_one_sentence(
    tmp_path: Path, real_record: bytes
) -> None:
    folder = data_of(tmp_path) / "records"
    put(folder / "20200101-120000.json", real_record)
    put(folder / "20200102-120000.json", real_record[: len(real_record) // 2])  # cut short by a crash
    game = run(tmp_path, GAME, "record stats\nquit\n")
    assert_clean(game)
    assert len(game.lines("A match record could not be used")) == 1, game.out[-1500:]
    [kept] = folder.glob("20200102-120000.damaged-*.json")
    assert kept.read_bytes() == real_record[: len(real_record) // 2] and str(kept) in game.out
    assert "Statistics of 2 matches: 0 finished, 0 won." in game.out  # the good one and this match


@pytest.mark.parametrize(
    ("language", "word", "heading"),
    [
        ("en", "stats", "Statistics of 1 match"),
        ("de", "statistik", "Statistik von 1 Partie"),
        ("de", "stats", ""),
    ],
)
def test_bergen_record_stats_at_the_shell_says_the_statistics(
    tmp_path: Path, language: str, word: str, heading: str
) -> None:
    """``record stats`` is a game command and its help names it: at the shell too (issue 30), in the
    player's words or English; the statistics only, not the list."""
    play_out(seat_for(data_of(tmp_path), preset("standard"), 5, {1: "normal"}))
    said = run(tmp_path, ["record", word, "--lang", language], "")
    assert_clean(said)
    assert said.out.startswith(heading or "Statistik von 1 Partie"), said.out
    assert not _listed(said.out)


@pytest.mark.parametrize(
    ("language", "start"),
    [
        ("en", "bergen record does not take foo."),
        ("de", "bergen record versteht foo nicht."),
        ("tr", "bergen record foo"),
    ],
)
def test_bergen_record_with_a_word_it_does_not_take_says_what_it_takes(
    tmp_path: Path, language: str, start: str
) -> None:
    said = run(tmp_path, ["record", "foo", "--lang", language], "")
    assert_clean(said, 2)
    assert said.out.startswith(start) and "export N" in said.out and "usage" not in said.out.lower()


def test_an_export_says_its_folder_short() -> None:
    """An export says the file name once and the folder once: relative under the folder the program was
    started in, from ~ under the home folder, else whole (issue 30: whole paths were read out)."""
    here, home = Path("/work/evening"), Path("/home/ada")
    assert said_folder(Path("/work/evening/exports"), here, home) == "exports"
    assert said_folder(here, here, home) == "."
    assert said_folder(Path("/home/ada/.local/share/bergen-access/exports"), here, home) == str(
        Path("~/.local/share/bergen-access/exports")
    )
    assert said_folder(Path("/media/stick/exports"), here, home) == str(Path("/media/stick/exports"))


@pytest.mark.parametrize("language", ["en", "de", "tr"])
def test_replay_answers_why_hint_and_help_and_its_prompt_says_where_it_is(
    tmp_path: Path, language: str
) -> None:
    """``why``, ``hint`` and ``help`` work in a replay, as at that moment of the match, and the prompt
    says which move of how many (issue 30: they were refused, the prompt was a bare number)."""
    assert_clean(run(tmp_path, GAME, "1-5 left\nquit\n"))
    i = I18n(language)
    word = Lexicon(i).main_word
    typed = [word(CommandKind.WHY), word(CommandKind.HINT), word(CommandKind.HELP)]
    replay = run(tmp_path, ["record", "replay", "1", "--lang", language], "\n\n\n" + "\n".join(typed) + "\n")
    assert_clean(replay)
    refused = i.gettext("This is a replay: Enter shows the next move. Ask {commands}; {quit} leaves.")
    assert refused.split(":")[0] not in replay.out  # none of the three is refused
    answers = replay.out.split("3/3> ")[1:]
    assert len(answers) == 4, replay.out
    why, hint, help_, _ = (answer.split("\n", 1)[1] for answer in answers)  # after the echoed line
    helped = i.gettext(
        "Replay: Enter shows the next move, as you heard it then. Ask {commands} at any moment: they "
        "answer as at that moment of the match. {quit} leaves."
    )
    assert why.strip() and hint.strip() and help_.startswith(helped.split(":")[0] + ":")
    assert "5-6" in hint  # the hint at that moment: 5-6 scores a double header
    assert "1/3> " in replay.out  # the display's prompt: the move and how many
    assert replay_prompt(i, 4, 31).short == i.gettext("Move {number} of {total}: ").format(number=4, total=31)
    assert replay_prompt(I18n("en"), 4, 31).short == "Move 4 of 31: "


def test_the_record_command_promises_no_recording_while_nothing_can_be_saved(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the data folder should be")  # nothing can be saved
    game = run(tmp_path, GAME, "record\nrecord stats\nquit\n")
    assert_clean(game)
    assert "Everything goes on, but nothing is saved." in game.out
    assert "recorded from now on" not in game.out, game.out[-1500:]
    truth = "No match has been recorded yet, and none is recorded while nothing can be saved."
    assert game.out.count(truth) == 2, game.out[-1500:]
    shell = run(tmp_path, ["record"], "")
    assert "recorded from now on" not in shell.out and truth in shell.out, shell.out + shell.err
