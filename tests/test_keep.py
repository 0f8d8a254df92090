"""The scorekeeper through the real program: worked scenarios, typed or piped, in every language."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from bergen_access.commands.keep_parser import KeepKind, KeepLexicon
from bergen_access.commands.lexicon import CommandKind, Lexicon
from bergen_access.core.actions import End
from bergen_access.core.events import HeaderKind
from bergen_access.core.keep_record import load_keep
from bergen_access.core.table import Table, TablePhase
from bergen_access.i18n import I18n

from .capabilities import needs_pty, pty_spawn
from .drivers import ROOT, environment
from .saves import saved_sheet

LANGUAGES = ["en", "de", "tr"]


class Words:
    """The typed words of one language, from its catalog (what a player of that language types)."""

    def __init__(self, language: str) -> None:
        i = I18n(language)
        game, keep = Lexicon(i), KeepLexicon(i, [])
        self.values = {
            "draw": game.main_word(CommandKind.DRAW),
            "pass": game.main_word(CommandKind.PASS),
            "score": game.main_word(CommandKind.SCORE),
            "line": game.main_word(CommandKind.LINE),
            "history": game.main_word(CommandKind.HISTORY),
            "quit": game.main_word(CommandKind.QUIT),
            "left": game.end_word(End.LEFT),
            "right": game.end_word(End.RIGHT),
            "yes": i.pgettext("answer", "yes y").split()[0],
            "undo": keep.game.main_word(CommandKind.UNDO),
            "redo": keep.game.main_word(CommandKind.REDO),
            "export": keep.game.main_word(CommandKind.EXPORT),
            "double": keep.word(HeaderKind.DOUBLE, i),
            "triple": keep.word(HeaderKind.TRIPLE, i),
            "out": keep.word(KeepKind.OUT, i),
            "blocked": keep.word(KeepKind.BLOCKED, i),
            "nobody": keep.word("nobody", i),
        }

    def lines(self, record: list[str]) -> str:
        return "".join(line.format(**self.values) + "\n" for line in record)


def keep(home: Path, args: list[str], record: str, language: str = "en") -> tuple[str, object]:
    """Run ``bergen keep`` with a record on its input, as ``bergen keep … < record.txt``."""
    result = subprocess.run(
        [sys.executable, "-m", "bergen_access", "keep", "--lang", language, *args],
        input=record,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=environment(home, TERM="dumb"),
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    sheet = saved_sheet(home / "data" / "bergen-access")
    core = load_keep(sheet)[0] if sheet is not None else None
    return result.stdout, core


SCENARIO_4 = [  # rules.md 5.4: open 5-5; 5-2 left, 5-0 right, 0-2 right (+2), 2-2 on a 2 end (triple, +3)
    "Cem 5-5",
    "{yes}",
    "2-5 {left}",
    "Cem 0-5 {right}",
    "02 {right}",
    "{draw}",
    "2-2 {left}",
    "{score}",
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("preset", ["standard", "counters"])
def test_tracking_worked_scenario_4(tmp_path: Path, language: str, preset: str) -> None:
    words = Words(language)
    out, core = keep(
        tmp_path, ["--names", "Anna,Cem", "--preset", preset], words.lines([*SCENARIO_4, "{quit}"]), language
    )
    assert isinstance(core, Table)
    assert core.scores == [2, 5]  # Anna's double header; Cem's opening double and triple
    assert core.counts == [4, 4] and core.stock == 15 and core.turn == 0
    for line in SCENARIO_4:
        assert line.format(**words.values) in out  # every line is echoed
    expected = I18n(language).gettext("{name} opens with {tile}.").format(name="Cem", tile="5-5")
    assert expected in out


def test_refusals_change_nothing_and_say_what_is_possible(tmp_path: Path) -> None:
    record = Words("en").lines(
        [
            "Anna 0-0",
            "Cem 0-0",
            "Cem 1-2",
            "Cem draw 15",
            "Cem pass",
            "Anna 0-1",
            "Cem 0-3 {right}",
            "{score}",
            "{quit}",
        ]
    )
    out, core = keep(tmp_path, ["--names", "Anna,Cem"], record)
    assert isinstance(core, Table)
    assert "0-0 is already on the table." in out
    assert "1-2 does not fit. Ends double 0 and double 0." in out
    assert "Only 14 tiles can be drawn." in out
    assert "Cem cannot pass: tiles can still be drawn." in out
    assert "Not Anna: Cem is to play." in out
    assert core.scores == [2, 0] and core.counts == [5, 5] and len(core.line) == 2


GOING_OUT = [  # rules.md 5.11: Anna at 3, opening +2 = 5, last tile a double header +2, out +2 = 9
    "Anna 0-0",
    "Cem 0-4 {left}",
    "0-1 {right}",
    "4-6 {left}",
    "1-3 {right}",
    "2-6 {left}",
    "3-5 {right}",
    "2-2 {left}",
    "5-6 {right}",
    "2-4 {left}",  # a mistake: Cem laid 2-3
    "{undo}",
    "2-3 {left}",
    "3-5",  # a mistake: already on the table
    "3-6 {right}",
    "{score}",
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_tracking_going_out_with_a_correction(tmp_path: Path, language: str) -> None:
    words = Words(language)
    out, core = keep(
        tmp_path, ["--names", "Anna,Cem", "--scores", "3,0"], words.lines([*GOING_OUT, "{quit}"]), language
    )
    assert isinstance(core, Table)
    assert core.scores == [9, 0] and core.phase is TablePhase.HAND_OVER
    undone = I18n(language).gettext("Undone: {what}").split("{")[0]
    assert undone in out


def test_undo_all_the_way_and_redo(tmp_path: Path) -> None:
    record = Words("en").lines(
        [
            "Anna 0-0",
            "Cem 0-4 {left}",
            "{undo}",
            "{undo}",
            "{undo}",
            "{undo}",
            "{redo}",
            "{redo}",
            "{redo}",
            "{quit}",
        ]
    )
    out, core = keep(tmp_path, ["--names", "Anna,Cem"], record)
    assert "Nothing to undo." in out and "Nothing to redo." in out
    assert "Undone: Cem plays 0-4 on the left." in out and "Redone: Cem plays 0-4 on the left." in out
    assert isinstance(core, Table) and len(core.line) == 2 and core.scores == [2, 0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_undo_names_the_move_and_says_the_table_as_it_is_now(tmp_path: Path, language: str) -> None:
    """Undo names what was undone, not the ends it had left (they are gone), then the ends and the turn
    as they are again, in one line (issue 30)."""
    words, i = Words(language), I18n(language)
    record = words.lines(["Anna 0-0", "Cem 0-4 {left}", "Mia 0-5 {right}", "{undo}", "{quit}"])
    out, _ = keep(tmp_path, ["--names", "Anna,Cem,Mia"], record, language)
    undo_line = next(line for line in out.splitlines() if line.startswith(i.gettext("Undone: {what}")[:6]))
    played = i.gettext("{name} plays {tile} on the right.").format(name="Mia", tile="0-5")
    played = played.replace("0-5'(y)I", "0-5'i")  # Turkish writes the case ending the tile takes
    old_ends = i.gettext("Ends {ends}.").format(ends="4 " + i.gettext("and").strip() + " 5")
    new_ends = i.gettext("Ends now {ends}.").split("{")[0]
    turn = i.gettext("Turn: {name}.").format(name="Mia")
    assert undo_line.startswith(i.gettext("Undone: {what}").format(what=played)), undo_line
    assert new_ends in undo_line and turn in undo_line and "4" in undo_line.split(new_ends)[1]
    assert old_ends not in undo_line and "5." not in undo_line.split(new_ends)[1]


# Blocked hands typed in every form of holding, settled by every rule: tests/test_keep_trust.py
# (real blocked hands of seeded matches).


def test_tally_counters_reach_zero(tmp_path: Path) -> None:
    record = Words("en").lines(
        [
            "Cem 1-1",  # the opening double: Cem discards 2
            "{yes}",  # 1-1 is the lowest double at the table (asked back: not 0-0)
            "Anna {double}",
            "Cem {triple}",
            "Mia {out}",
            "Mia 0-0",
            "{blocked} Mia",
            "Anna 0-0",
            "Anna {double}",
            "Anna {double}",
            "Anna {triple}",
            "{score}",
            "{quit}",
        ]
    )
    out, core = keep(tmp_path, ["--mode", "tally", "--preset", "counters", "--names", "Anna,Cem,Mia"], record)
    assert "Anna: double header. 2 counters discarded, 8 left." in out  # the counters with their header
    assert "Anna: triple header. 2 counters discarded, 0 left.\nMatch over: Anna wins." in out
    assert "Counters left: Anna 0, Cem 5, Mia 5." in out.split("Match over: Anna wins.")[1]
    assert core is None  # a finished score sheet is not kept: it is not offered again


@pytest.mark.parametrize("language", LANGUAGES)
def test_tally_partnerships_in_each_language(tmp_path: Path, language: str) -> None:
    words = Words(language)
    record = words.lines(
        [
            "Anna 1-1",
            "{yes}",  # the lowest double at the table (asked back: not 0-0)
            "Anna {double}",
            "Mia {triple}",
            "Cem {out}",
            "Tom 0-0",
            "{blocked} {nobody}",
            "Cem 2-2",
            "{yes}",
            "Tom {double}",
            "{score}",
            "{quit}",
        ]
    )
    _, core = keep(
        tmp_path,
        ["--mode", "tally", "--players", "4", "--partners", "--names", "Anna,Cem,Mia,Tom"],
        record,
        language,
    )
    # Anna+Mia: opening 2, double 2, triple 3; Cem+Tom: out 2, opening 2, opening 2, double 2
    assert core is not None and core.scores == [7, 8]


def test_export_writes_text_and_csv(tmp_path: Path) -> None:
    target = tmp_path / "club" / "evening"
    record = Words("en").lines(
        ["Anna 1-1", "{yes}", "Cem {triple}", "Cem {out}", "{export} evening", "{quit}"]
    )
    keep(tmp_path, ["--mode", "tally", "--names", "Anna,Cem", "--export-dir", str(target.parent)], record)
    rows = (target.with_suffix(".csv")).read_text().splitlines()
    assert rows[0] == "hand,player,side,event,full value,points,total"
    assert rows[1:] == [
        "1,Anna,Anna,double header,2,2,2",
        "1,Cem,Cem,triple header,3,3,3",
        "1,Cem,Cem,went out,2,2,5",
    ]
    text = target.with_suffix(".txt").read_text()
    assert text.startswith("Bergen Access score sheet, ") and "Players: Anna, Cem." in text
    assert "Anna: double header, 2 points, total 2." in text and "Who opens" not in text


@needs_pty
def test_keep_under_a_pseudo_terminal_and_resume(tmp_path: Path) -> None:
    env = environment(tmp_path, TERM="xterm")
    child = pty_spawn(
        sys.executable,
        ["-m", "bergen_access", "keep", "--names", "Anna,Cem"],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=30,
    )
    for line in ("Cem 1-1", "yes", "1-4 l", "line"):
        child.expect(r"(who opens|or no|Anna|Cem)>")
        child.send(line + "\r")
    child.expect("left to right: 4-1 1-1")
    child.expect("Cem>")
    child.kill(9)
    child.wait()
    again = pty_spawn(
        sys.executable, ["-m", "bergen_access", "keep"], cwd=str(ROOT), env=env, encoding="utf-8", timeout=30
    )
    again.expect("Continue it")
    again.expect("or no>")
    again.send("yes\r")
    again.expect("Cem>")
    again.send("line\r")
    again.expect("left to right: 4-1 1-1")
    again.expect("Cem>")
    again.send("q\r")
    again.expect(pexpect.EOF)


def test_tracking_dominoplaza_highest_double_and_both_sides_first(tmp_path: Path) -> None:
    record = Words("en").lines(
        ["Anna 6-6", "Cem 6-1 {left}", "Anna 1-3 {left}", "Anna 6-2", "Cem 1-2 {left}", "{score}", "{quit}"]
    )
    out, core = keep(tmp_path, ["--preset", "dominoplaza", "--names", "Anna,Cem"], record)
    assert isinstance(core, Table)
    assert "Is 6-6" not in out  # the highest double needs no question
    assert "Anna plays 1-3" not in out  # refused: the double's other side comes first
    assert [t.notation for t, _, _ in core.line] == ["1-2", "1-6", "6-6", "2-6"]
    assert core.scores == [2, 2]  # the opening double, and Cem's double header 2|2 at full value


def test_tally_dominoplaza_no_reduction_and_nothing_for_going_out(tmp_path: Path) -> None:
    record = Words("en").lines(
        ["Cem 6-6"]  # the highest double: not asked back
        + ["Anna {triple}"] * 4
        + ["Anna {out}", "Cem 5-5", "{yes}", "Anna {triple}", "{score}", "{quit}"]
    )
    out, core = keep(tmp_path, ["--mode", "tally", "--preset", "dominoplaza", "--names", "Anna,Cem"], record)
    assert "Anna goes out." in out  # no points
    assert "Anna: triple header, 3 points, total 15.\nMatch over: Anna wins. Score: Anna 15, Cem 4" in out
    assert core is None  # a finished score sheet is not kept: it is not offered again


@needs_pty
@pytest.mark.parametrize("language", LANGUAGES)
def test_tally_typed_under_a_pseudo_terminal_in_each_language(tmp_path: Path, language: str) -> None:
    words = Words(language)
    lines = [
        line.format(**words.values)
        for line in ("Cem 1-1", "{yes}", "Anna {double}", "Cem {triple}", "Cem {out}", "{undo}", "Anna {out}")
    ]
    child = pty_spawn(
        sys.executable,
        ["-m", "bergen_access", "keep", "--mode", "tally", "--names", "Anna,Cem", "--lang", language],
        cwd=str(ROOT),
        env=environment(tmp_path, TERM="xterm"),
        encoding="utf-8",
        timeout=30,
    )
    opens = re.escape(I18n(language).gettext("who opens> ").rstrip("> "))
    asked = re.escape(I18n(language).gettext("yes or no> ").rstrip("> "))  # is 1-1 the lowest double?
    child.expect(opens + ">")
    for line in lines:
        child.send(line + "\r")
        child.expect("\n")  # taken; the next prompt follows the answer
        child.expect(rf"(/15|{opens}|{asked})>")  # the prompt carries the score: "Anna 0 Cem 2 /15> "
    assert "Anna 4 Cem 5 /15" not in (child.before or "")  # the hand is over: who opens next
    child.send(words.values["quit"] + "\r")
    child.expect(pexpect.EOF)
    core, _ = load_keep(saved_sheet(tmp_path / "data" / "bergen-access"))
    assert core.scores == [4, 5] and core.hand_number == 2  # Cem: opening 2, triple 3; Anna: 2 + out 2
