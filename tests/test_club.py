"""``bergen club``, the director's evening at physical tables, through the real program: piped and under a
pseudo-terminal in three languages, undo, the export, and a kill -9 that loses nothing."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from bergen_access.commands.definitions import CommandKind, Place
from bergen_access.commands.lexicon import Lexicon
from bergen_access.core.rules import Rules
from bergen_access.core.tally import CallOpen, CallOut, Tally
from bergen_access.core.tiles import parse_tile
from bergen_access.i18n import I18n
from bergen_access.keeping.club_sheet import CLUB_FILE, read_evening
from bergen_access.keeping.sheet import SheetFile
from bergen_access.present.club_text import ClubText, said_number
from bergen_access.seat.club import sheet_scores
from bergen_access.session.storage import Storage
from bergen_access.tournament import Format, Round, TableResult, next_round, standings
from bergen_access.tournament.evening import Evening

from .capabilities import needs_posix, needs_pty, pty_spawn
from .club_script import TRANSCRIPT, transcript
from .drivers import ROOT, environment, piped
from .folders import data_folder

LANGUAGES = ["en", "de", "tr"]
NAMES = ["Anna", "Cem", "Jürgen", "Mia"]
#: the final scores of each table, round by round (tables of 2, four players: a round robin in 3 rounds)
SCORES = [[(15, 9), (12, 15)], [(15, 14), (15, 3)], [(6, 15), (15, 11)]]


def words(language: str) -> dict[str, str]:
    """The director's command words in ``language``, from its catalog."""
    i = I18n(language)
    lexicon = Lexicon(i, Place.CLUB)
    kinds = (
        CommandKind.STANDINGS,
        CommandKind.UNDO,
        CommandKind.EXPORT,
        CommandKind.TABLES,
        CommandKind.QUIT,
    )
    found = {kind.value: lexicon.main_word(kind) for kind in kinds}
    found["yes"] = i.pgettext("answer", "yes y").split()[0]
    return found


def club(home: Path, args: list[str], lines: list[str], language: str = "en") -> str:
    """Run ``bergen club`` with the director's lines on its input (``bergen club … < evening.txt``)."""
    result = piped(["club", "--lang", language, *args], home, lines)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    return result.stdout


def expected(language: str, rounds_played: int) -> tuple[list[Round], list[TableResult], list[str]]:
    """The rounds, results and standings lines after ``rounds_played`` rounds, recomputed here from the
    results alone with the tournament core (not through the program)."""
    fmt = Format(2, 3)
    rounds: list[Round] = []
    results: list[TableResult] = []
    for number in range(rounds_played):
        rounds.append(next_round(fmt, 4, rounds, results))
        results += [TableResult(number, t, final) for t, final in enumerate(SCORES[number])]
    i = I18n(language)
    lines = []
    for place, standing in enumerate(standings(fmt, 4, rounds, results), start=1):
        wins = i.ngettext("{count} win", "{count} wins", standing.wins).format(count=standing.wins)
        field = i.gettext("{number} over the field").format(
            number=said_number(standing.over_the_field, language)
        )
        points = i.ngettext("{count} point", "{count} points", standing.points).format(count=standing.points)
        facts = ", ".join((wins, field, points))
        lines.append(f"{place}. {NAMES[standing.entrant]}: {facts}.")
    return rounds, results, lines


def result_lines(round_number: int) -> list[str]:
    return [f"{t + 1} {a} {b}" for t, (a, b) in enumerate(SCORES[round_number])]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_whole_evening_through_a_pipe(tmp_path: Path, language: str) -> None:
    w = words(language)
    text = ClubText(I18n(language), NAMES)
    lines = [
        *NAMES,
        "",
        "7 15 9",  # no such table
        "1 15",  # one score short
        "1 15 x",  # not a result
        *result_lines(0)[:1],
        "1 3 4",  # that table has its result
        w["undo"],  # the first result taken back ...
        *result_lines(0),  # ... and entered again, then the second: round 1 done
        w["standings"],
        *result_lines(1),
        w["tables"],
        *result_lines(2),
        "1 15 9",  # the evening is over
        w["export"] + " evening",
        w["quit"],
    ]
    out = club(tmp_path, ["--rounds", "3"], lines, language)
    evening_rounds, _, final = expected(language, 3)
    i = I18n(language)
    # the rounds are announced, table by table, in seat order
    for paired in evening_rounds:
        for line in text.round_lines(paired, partners=False):
            assert line in out
    assert i.gettext("Round {number}.").format(number=2) in out
    # the standings after each round, one line per player, key fact first
    for played in (1, 2, 3):
        _, _, standings_lines = expected(language, played)
        block = "\n".join(standings_lines)
        assert block in out, (played, block)
    assert i.gettext("Final standings:") in out
    # every refusal says what was wrong and what is legal
    assert (
        i.gettext("Round {round} has no table {number}: its tables are 1 to {count}.").format(
            round=1, number=7, count=2
        )
        in out
    )
    needs = i.gettext(
        "Table {number} needs {sides} final scores, each from 0 to {most}, in this order: {order}."
    )
    paired = evening_rounds[0]
    order = ", ".join(NAMES[e] for e in paired.tables[0])
    assert needs.format(number=1, sides=2, most=999, order=order) in out
    assert text.not_a_result("1 15 x", Evening(Format(2, 3), NAMES)) in out
    assert i.gettext("Taken back: round {round}, table {number}: {scores}.").split(":")[0] in out
    assert (
        i.gettext("The evening is over: no table waits. {standings}, {export}, {undo} or {quit}.").split(":")[
            0
        ]
        in out
    )
    # exported as text and CSV, the standings the same as recomputed here
    folder = data_folder(tmp_path) / "exports"
    rows = list(csv.reader((folder / "evening.csv").open(encoding="utf-8")))
    assert [row[1] for row in rows[1:]] == [line.split(". ", 1)[1].split(":")[0] for line in final]
    assert "\n".join(final) in (folder / "evening.txt").read_text(encoding="utf-8")
    # over and quit: the evening's journal is closed
    assert not (data_folder(tmp_path) / CLUB_FILE).exists()


def test_the_english_evening_word_for_word(tmp_path: Path) -> None:
    """What the director hears, as written down by hand (the recomputed lines above could share a bug)."""
    out = club(tmp_path, ["--names", ",".join(NAMES)], [*result_lines(0), *result_lines(1), "q"])
    assert "Round 1.\nTable 1: Anna, Mia.\nTable 2: Cem, Jürgen.\n" in out
    assert "Table 1: Anna 15, Mia 9. Anna wins.\nStill to come: table 2.\n" in out
    # round 1: average 12.75; Anna +2.25, Jürgen +2.25, Cem -0.75, Mia -3.75
    assert (
        "Standings after round 1:\n"
        "1. Anna: 1 win, +2.3 over the field, 15 points.\n"
        "2. Jürgen: 1 win, +2.3 over the field, 15 points.\n"
        "3. Cem: 0 wins, -0.8 over the field, 12 points.\n"
        "4. Mia: 0 wins, -3.8 over the field, 9 points.\n"
        "Round 2.\nTable 1: Anna, Jürgen.\nTable 2: Cem, Mia.\n"
    ) in out
    # round 2: Anna 15-14 Jürgen, Cem 15-3 Mia; average 11.75
    assert "1. Anna: 2 wins, +5.5 over the field, 30 points.\n" in out
    assert "4. Mia: 0 wins, -12.5 over the field, 12 points.\n" in out
    assert "Round 3.\nTable 1: Anna, Cem.\nTable 2: Jürgen, Mia.\nRound 3, tables 1,2> q\n" in out
    assert "Evening saved. Run bergen club again to continue it. Goodbye.\n" in out


def test_names_entered_one_by_one_are_checked(tmp_path: Path) -> None:
    out = club(tmp_path, ["--table-size", "3"], ["Anna", "anna", "help", "3x", "", "Cem", "Mia", "", "q"])
    assert "Anna is in: 1 player." in out
    assert "Anna is in already; every player needs a name of their own." in out
    assert "“help” is a command word; type another name." in out
    assert "“3x” must be one word that starts with a letter" in out
    assert "Tables of 3 need at least 3 players; 1 is in. Type another name." in out
    assert "3 players, 3 rounds, tables of 3.\nRound 1.\nTable 1: Anna, Cem, Mia.\n" in out


def test_partners_are_announced_and_scored_by_side(tmp_path: Path) -> None:
    names = "Anna,Cem,Jürgen,Mia"
    out = club(
        tmp_path,
        ["--names", names, "--table-size", "4", "--partners", "--rounds", "3"],
        ["1 15 8", "1 7 15", "q"],
    )
    assert "Table 1: Anna and Mia against Cem and Jürgen." in out
    assert "Table 1: Anna and Mia 15, Cem and Jürgen 8. Anna and Mia win." in out
    # the partners change every round: Anna plays with each of the others once
    assert "Table 1: Anna and Jürgen against Mia and Cem." in out
    assert "Table 1: Mia and Jürgen against Cem and Anna." in out


@needs_posix
def test_a_kill_between_saving_and_telling_loses_nothing(tmp_path: Path) -> None:
    """kill -9 at the moment a result is written but not yet told: the next start has it; then a kill
    after an undo is written: the undo holds."""
    env = environment(tmp_path, TERM="dumb", BERGEN_TEST_PAUSE_AFTER_SAVE="30")

    def killed_after(lines: list[str], saves: int) -> None:
        child = subprocess.Popen(
            [sys.executable, "-m", "bergen_access", "club", "--names", ",".join(NAMES)],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            cwd=ROOT,
            env=env,
        )
        assert child.stdin is not None and child.stderr is not None
        child.stdin.write("".join(line + "\n" for line in lines))
        child.stdin.flush()
        for _ in range(saves):
            while "bergen-test: saved club.json" not in child.stderr.readline():
                pass
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)

    killed_after(["1 15 9"], saves=1)
    evening, _ = read_evening(data_folder(tmp_path) / CLUB_FILE)
    assert [r.final for r in evening.results] == [(15, 9)]
    out = club(tmp_path, [], ["yes", "1 3 4", "2 12 15", "q"])
    assert "A saved club evening is waiting, in round 1. Continue it? Yes or no." in out
    assert "Table 1 has its result already: Anna 15, Mia 9." in out
    assert "Standings after round 1:" in out
    killed_after(["yes", "undo"], saves=1)
    evening, _ = read_evening(data_folder(tmp_path) / CLUB_FILE)
    assert [r.final for r in evening.results] == [(15, 9)] and len(evening.rounds) == 1


@needs_pty
@pytest.mark.parametrize("language", LANGUAGES)
def test_under_a_pseudo_terminal_killed_and_resumed(tmp_path: Path, language: str) -> None:
    w = words(language)
    i = I18n(language)
    env = environment(tmp_path, TERM="xterm")
    command = ["-m", "bergen_access", "club", "--lang", language, "--rounds", "3"]
    child = pty_spawn(
        sys.executable,
        [*command, "--names", ",".join(NAMES)],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=30,
    )

    def prompt(tables: str) -> str:
        """The prompt with ``tables`` to come (the terminal draws the last space its way)."""
        count = tables.count(",") + 1
        return i.ngettext(
            "Round {number}, table {tables}> ", "Round {number}, tables {tables}> ", count
        ).rstrip()

    child.expect_exact(prompt("1,2").format(number=1, tables="1,2"))
    child.send("1 15 9\r")
    child.expect_exact(prompt("2").format(number=1, tables="2"))
    child.kill(9)
    child.wait()
    again = pty_spawn(sys.executable, command, cwd=str(ROOT), env=env, encoding="utf-8", timeout=30)
    again.expect_exact(
        i.gettext("A saved club evening is waiting, in round {round}. Continue it? Yes or no.").format(
            round=1
        )
    )
    again.send(w["yes"] + "\r")
    again.expect_exact(i.gettext("Still to come: table {tables}.").format(tables=2))
    again.send("2 12 15\r")
    again.expect_exact(i.gettext("Standings after round {number}:").format(number=1))
    again.expect_exact(prompt("1,2").format(number=2, tables="1,2"))
    again.send(w["undo"] + "\r")
    again.expect_exact(
        i.gettext("Taken back: round {round}, table {number}: {scores}.").format(
            round=1, number=2, scores="Cem 12, Jürgen 15"
        )
    )
    again.send(w["quit"] + "\r")
    again.expect(pexpect.EOF)
    evening, _ = read_evening(data_folder(tmp_path) / CLUB_FILE)
    assert [r.final for r in evening.results] == [(15, 9)]


def test_a_torn_last_line_is_left_out_and_a_damaged_evening_set_aside(tmp_path: Path) -> None:
    club(tmp_path, ["--names", ",".join(NAMES)], ["1 15 9", "q"])
    path = data_folder(tmp_path) / CLUB_FILE
    with path.open("ab") as stream:
        stream.write(b'{"result":[0,1,[1')
    out = club(tmp_path, [], ["yes", "standings", "q"])
    assert "Anna: 1 win" in out
    assert read_evening(path)[1].torn is False  # cut off at the start
    path.write_text('{"kind":"bergen-club","version":1,"names":["Anna"],"table_size":2,"rounds":3}\n')
    out = club(tmp_path, ["--names", "Anna,Cem"], ["q"])
    assert "The saved club evening could not be used" in out
    assert "Round 1.\nTable 1: Anna, Cem." in out


def _keep_sheet(folder: Path, names: list[str], scores: list[int], *, over: bool) -> Path:
    """A ``bergen keep`` tally sheet as keep writes it (``keep.jsonl``) from ``scores``; when ``over`` the
    second player opens with 1-1 (2 points) and the first goes out (2 more: 13 reaches 15)."""
    core = Tally(Rules(players=len(names)), scores)
    if over:
        core.apply(CallOpen(1, parse_tile("1-1")))
        core.apply(CallOut(0))
        assert core.is_over
    (folder / "keep.jsonl").unlink(missing_ok=True)  # a new sheet, where the last one was
    sheet = SheetFile(Storage.open(folder), names)
    assert sheet.sync(core) and sheet.path is not None
    sheet.close()
    return sheet.path


def test_a_result_taken_from_the_tables_keep_sheet(tmp_path: Path) -> None:
    """``sheet 1`` reads table 1's bergen keep sheet in the data folder (names matched whatever their
    order there); a sheet of other players, or of a match not over, is refused and says why."""
    data = data_folder(tmp_path)
    _keep_sheet(data, ["Mia", "Anna"], [13, 9], over=False)
    elsewhere = _keep_sheet(tmp_path / "table2", ["Jürgen", "Cem"], [13, 9], over=True)
    out = club(tmp_path, ["--names", ",".join(NAMES)], ["sheet 1", "sheet", f"sheet 2 {elsewhere}", "q"])
    assert (
        "The match on that score sheet is not over: Mia 13, Anna 9. If it ended early, type the final scores."
        in out
    )
    assert "Type sheet and a table's number" in out
    assert "Table 2: Cem 11, Jürgen 15. Jürgen wins." in out  # in the table's order, not the sheet's
    _keep_sheet(data, ["Mia", "Anna"], [13, 9], over=True)
    out = club(tmp_path, [], ["yes", "sheet 1", "sheet 1", "q"])  # the director's own table
    assert "Table 1: Anna 11, Mia 15. Mia wins." in out
    assert "Standings after round 1:" in out  # then round 2's table 1 is not this sheet's players
    assert "That score sheet is of Mia, Anna; table 1 is Anna, Jürgen. Nothing was entered." in out
    third = _keep_sheet(tmp_path / "other", ["Tom", "Cem"], [13, 9], over=True)
    out = club(tmp_path, [], ["yes", f"sheet 2 {third}", "q"])
    assert "That score sheet is of Tom, Cem; table 2 is Cem, Mia. Nothing was entered." in out
    assert "Round 2, tables 1,2> q" in out


def test_the_transcript_is_what_the_director_hears(tmp_path: Path) -> None:
    """docs/club-transcript-en.txt is generated (python -m tests.club_script --write), never edited."""
    assert TRANSCRIPT.read_text(encoding="utf-8") == transcript()


def test_a_partners_sheet_is_matched_by_partnership() -> None:
    evening = Evening(Format(4, 3, partners=True), NAMES)
    assert evening.current.tables == ((0, 1, 3, 2),)  # Anna and Mia against Cem and Jürgen
    # the keep sheet seats partners opposite too: Cem+Jürgen are its side 0, Mia+Anna its side 1
    assert sheet_scores(evening, 0, ["Cem", "Mia", "Jürgen", "Anna"], [15, 8], "en") == [8, 15]
    assert sheet_scores(evening, 0, ["Cem", "Mia", "Anna", "Jürgen"], [15, 8], "en") is None  # other pairs
    assert sheet_scores(evening, 0, ["cem", "MIA", "jürgen", "anna"], [15, 8], "en") == [8, 15]
