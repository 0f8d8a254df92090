"""The real program, typed into as a person would: under a pseudo-terminal and through pipes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .console_bot import Typist, fast_opponent
from .drivers import ROOT, PipeSession, environment, run_pty
from .saves import journal_path, replayed, save_record

TABLES = [["--players", "2"], ["--players", "3"], ["--players", "4"], ["--players", "4", "--partners"]]
CASES = [(preset, table) for preset in ("standard", "counters", "dominoplaza") for table in TABLES]


def typist_answer(typist: Typist) -> object:
    return typist.answer


@pytest.mark.parametrize(("preset", "table"), CASES)
def test_complete_match_under_a_pseudo_terminal(tmp_path: Path, preset: str, table: list[str]) -> None:
    typist = Typist()
    transcript, status = run_pty(
        ["--preset", preset, "--seed", "21", "--speech", "off", "--opponents", fast_opponent(), *table],
        tmp_path,
        typist_answer(typist),  # type: ignore[arg-type]
    )
    assert status == 0, transcript[-1500:]
    assert "Match over" in transcript
    assert "I did not understand" in transcript  # the mistakes were answered
    found = replayed(tmp_path / "data" / "bergen-access")  # finished: its journal says so, none to resume
    assert found is not None and found.match.is_over and found.envelope["ended"] is not None


@pytest.mark.parametrize(("preset", "table"), CASES)
def test_complete_match_in_plain_mode_through_a_pipe(tmp_path: Path, preset: str, table: list[str]) -> None:
    session = PipeSession(
        ["--preset", preset, "--seed", "22", "--opponents", fast_opponent(), "--verbosity", "terse", *table],
        tmp_path,
    )
    typist = Typist()
    status = session.play(typist_answer(typist))  # type: ignore[arg-type]
    transcript = session.transcript
    assert status == 0, transcript[-1500:]
    assert "\x1b" not in transcript and "\r" not in transcript
    for line in transcript.splitlines():
        if "> " not in line:
            assert len(line) <= 40, line
    assert re.search(r"Winner: ", transcript)


def test_first_start_asks_how_to_speak_and_remembers(tmp_path: Path) -> None:
    answers = iter(["4", "", "q"])  # the speech question, Enter at the offer of bergen learn, quit
    transcript, status = run_pty(["--seed", "1"], tmp_path, lambda prompt, recent: next(answers))
    assert status == 0
    assert "How should the game speak to you?" in transcript
    settings = json.loads((tmp_path / "config" / "bergen-access" / "settings.json").read_text())
    assert settings["speech"] == "off" and settings["learn_offered"] == "yes"
    assert "New to Bergen? Type learn for a guided practice hand, or Enter to play." in transcript
    again = iter(["no", "q"])
    transcript, _status = run_pty(["--seed", "1"], tmp_path, lambda prompt, recent: next(again))
    assert "How should the game speak to you?" not in transcript and "New to Bergen" not in transcript
    assert "A saved match is waiting" in transcript


def _review(session: PipeSession) -> str:
    replies = []
    for command in ("hand", "line", "score", "count"):
        session.type(command)
        got = session.read_to_prompt()
        assert got is not None
        replies.append(got[0].split("\n", 1)[1] if "\n" in got[0] else got[0])
    return "".join(replies)


def test_resume_after_the_process_is_killed_restores_the_same_state(tmp_path: Path) -> None:
    session = PipeSession(["--seed", "31", "--opponents", fast_opponent()], tmp_path)
    typist = Typist(mistakes=False)
    for _ in range(12):
        got = session.read_to_prompt()
        assert got is not None
        recent, prompt = got
        session.type(typist.answer(prompt, recent))
    assert session.read_to_prompt() is not None
    before = _review(session)
    saved = save_record(tmp_path / "data" / "bergen-access")
    session.kill()
    resumed = PipeSession(["--seed", "999"], tmp_path)
    got = resumed.read_to_prompt()
    assert got is not None and "A saved match is waiting" in got[0]
    resumed.type("yes")
    assert resumed.read_to_prompt() is not None
    assert _review(resumed) == before
    assert save_record(tmp_path / "data" / "bergen-access")["actions"] == saved["actions"]
    resumed.type("quit")
    assert resumed.finish() == 0


def test_a_truncated_save_is_reported_and_set_aside(tmp_path: Path) -> None:
    session = PipeSession(["--seed", "5"], tmp_path)
    assert session.read_to_prompt() is not None
    session.type("quit")
    session.finish()
    save = journal_path(tmp_path / "data" / "bergen-access")
    assert save is not None
    text = save.read_text()
    save.write_text(text[: text.index("\n") // 2])  # cut inside its first line: nothing of it is whole
    session = PipeSession(["--seed", "5"], tmp_path)
    got = session.read_to_prompt()
    assert got is not None and "could not be used" in got[0]
    kept = list(save.parent.glob(f"{save.stem}.damaged-*.jsonl"))
    assert len(kept) == 1 and kept[0].read_text() == text[: text.index("\n") // 2]
    session.type("quit")
    assert session.finish() == 0


def test_a_save_cut_short_in_its_last_write_goes_on_from_the_last_whole_move(tmp_path: Path) -> None:
    """A kill in the middle of a write: the unfinished line is left out, said once, and the match goes on
    from the move before it; the next write cuts it off."""
    session = PipeSession(["--seed", "5"], tmp_path)
    assert session.read_to_prompt() is not None
    session.type("1-5 left")
    assert session.read_to_prompt() is not None
    session.type("quit")
    session.finish()
    data = tmp_path / "data" / "bergen-access"
    save = journal_path(data)
    assert save is not None
    whole = save.read_bytes()
    before = save_record(data)
    save.write_bytes(whole + b'{"moves":[{"type":"play","seat":0,"ti')
    session = PipeSession(["--seed", "5"], tmp_path)
    got = session.read_to_prompt()
    assert got is not None and got[0].count("last save was cut short") == 1, got[0]
    assert "A saved match is waiting, in hand 1" in got[0]
    session.type("yes")
    assert session.read_to_prompt() is not None
    assert save_record(data)["actions"] == before["actions"]
    assert save.read_bytes() == whole  # cut off at once
    session.type("5-5 left")  # seed 5: after 1-5 and Anna's 1-6 the ends are 5 and 6
    got = session.read_to_prompt()
    assert got is not None and "You play 5-5 on the left." in got[0], got
    session.type("quit")
    assert session.finish() == 0
    after = save.read_bytes()
    assert after.startswith(whole) and len(after) > len(whole)
    assert all(json.loads(line) for line in after.splitlines())  # every line whole


def test_help_documents_the_options(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bergen_access", "--help"],
        cwd=ROOT,
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    )
    for flag in (
        "--preset",
        "--players",
        "--partners",
        "--seed",
        "--lang",
        "--speech",
        "--verbosity",
        "--braille-width",
        "--plain",
        "--opponents",
        "--going-out",
    ):
        assert flag in result.stdout
