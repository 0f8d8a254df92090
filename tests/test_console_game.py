"""The console game in process: complete matches typed by a typist who reads the printed text."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bergen_access import console, play
from bergen_access.core.actions import Action
from bergen_access.core.events import Drew
from bergen_access.core.view import SeatView
from bergen_access.players.levels import LEVELS
from bergen_access.present.message import Message

from .console_bot import Typist
from .folders import use_folders

OPPONENT = "easy" if "easy" in LEVELS else "random"  # fast opponents keep the suite quick

TABLES = [
    ("standard", ["--players", "2"]),
    ("standard", ["--players", "3"]),
    ("standard", ["--players", "4"]),
    ("standard", ["--players", "4", "--partners"]),
    ("counters", ["--players", "2"]),
    ("counters", ["--players", "4"]),
    ("dominoplaza", ["--players", "3"]),
    ("dominoplaza", ["--players", "2"]),
]


class TypistReader:
    """A LineReader that types what the Typist decides from the text printed so far."""

    def __init__(self, out: io.StringIO, limit: int = 3000, *, mark: bool = False) -> None:
        self.mark = mark  # write typed lines as «line», so tests can tell them from output
        self.out = out
        self.typist = Typist()
        self.seen = 0
        self.lines: list[str] = []
        self.limit = limit

    def read(self, prompt: str) -> str:
        text = self.out.getvalue()
        recent = text[self.seen :]
        self.out.write(prompt)
        if len(self.lines) >= self.limit:
            raise EOFError
        line = self.typist.answer(prompt, recent)
        self.out.write((f"«{line}»" if self.mark else line) + "\n")
        self.seen = len(self.out.getvalue())
        self.lines.append(line)
        return line


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_folders(monkeypatch, tmp_path)


def run_game(
    args: list[str], width: int = 40
) -> tuple[str, list[tuple[Message, list[str]]], TypistReader, int]:
    out = io.StringIO()
    reader = TypistReader(out)
    recorded: list[tuple[Message, list[str]]] = []
    original = console.PlainReader

    def fake_reader(stdin: object, stdout: object, *, echo: bool) -> TypistReader:
        return reader

    console.PlainReader = fake_reader  # type: ignore[assignment,misc]
    original_init = console.Announcer.__init__

    def recording_init(self: console.Announcer, *a: object, **k: object) -> None:
        original_init(self, *a, **k)  # type: ignore[arg-type]
        self.recorders.append(lambda message, lines: recorded.append((message, lines)))

    console.Announcer.__init__ = recording_init  # type: ignore[method-assign]
    try:
        status = play.main(
            [*args, "--plain", "--braille-width", str(width), "--opponents", OPPONENT], io.StringIO(), out
        )
    finally:
        console.PlainReader = original  # type: ignore[misc]
        console.Announcer.__init__ = original_init  # type: ignore[method-assign]
    return out.getvalue(), recorded, reader, status


@pytest.mark.parametrize(("preset_name", "table"), TABLES)
def test_a_whole_match_is_playable_by_reading_the_text(preset_name: str, table: list[str]) -> None:
    transcript, recorded, _reader, status = run_game(["--preset", preset_name, "--seed", "5", *table])
    assert status == 0
    assert "Match over" in transcript, transcript[-2000:]
    assert "\x1b" not in transcript
    assert "I did not understand" in transcript  # the typist's mistakes were answered
    for message, lines in recorded:
        assert message.text.strip() and message.speech.strip() and message.braille.strip()
        assert all(len(line) <= 40 for line in lines), lines
        assert not re.search(r"\d-\d", message.speech), message.speech  # tiles are never "3 minus 5"
    if preset_name == "counters":
        assert "counters" in transcript and "points" not in transcript.replace("pips", "")


def test_every_typed_line_gets_exactly_one_answer() -> None:
    _transcript, recorded, reader, status = run_game(["--seed", "11", "--players", "2"])
    assert status == 0 and len(reader.lines) > 20
    # Answers interrupt speech (urgent); the other announcements queue. One answer per typed
    # line, plus the first deal, which nobody typed for.
    urgent = [m for m, _ in recorded if m.urgent]
    assert len(urgent) == len(reader.lines) + 1


def test_terse_verbosity_prints_braille_lines_within_the_width() -> None:
    transcript, _recorded, _reader, status = run_game(
        ["--seed", "8", "--verbosity", "terse", "--players", "3"], 32
    )
    assert status == 0
    for line in transcript.splitlines():
        if "> " in line:  # the prompt and what was typed
            continue
        assert len(line) <= 32, line


def test_a_computer_players_draws_are_told_before_it_thinks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Thinking (a choice among several actions) never holds back the announcement of its draws."""
    use_folders(monkeypatch, tmp_path)
    from bergen_access.players import levels  # noqa: PLC0415
    from bergen_access.players.easy import EasyPlayer  # noqa: PLC0415

    out = io.StringIO()
    seen_at_thinking: list[str] = []

    class Watching(EasyPlayer):
        def choose(self, view: SeatView) -> Action:
            last = view.history[-1]
            if len(view.legal_actions) > 1 and isinstance(last, Drew) and last.seat == view.seat:
                seen_at_thinking.append(out.getvalue().rstrip().splitlines()[-1])
            return super().choose(view)

    monkeypatch.setitem(levels.LEVELS, "easy", Watching)
    for seed in ("3", "4", "5", "6"):
        reader = TypistReader(out)
        monkeypatch.setattr(console, "PlainReader", lambda stdin, stdout, *, echo, reader=reader: reader)
        status = play.main(
            ["--plain", "--seed", seed, "--opponents", "easy", "--new", "--speech", "off"], io.StringIO(), out
        )
        assert status == 0
    assert seen_at_thinking, "no computer drew and then had a choice in these matches"
    assert all(re.search(r"\w+ draws \d+ tiles?\.", line) for line in seen_at_thinking), seen_at_thinking


def test_a_fresh_narrator_names_a_double_end_as_after_a_resume() -> None:
    """Resuming or changing language makes a new narrator mid-hand: the event alone tells double ends."""
    from bergen_access.core import Match, SeededDealer, preset  # noqa: PLC0415
    from bergen_access.core.events import TilePlayed  # noqa: PLC0415
    from bergen_access.i18n import I18n  # noqa: PLC0415
    from bergen_access.present.message import Verbosity  # noqa: PLC0415
    from bergen_access.present.narrator import Narrator  # noqa: PLC0415
    from bergen_access.present.words import Words  # noqa: PLC0415

    rules = preset("standard")
    match = Match(rules, SeededDealer(5))
    match.start_hand()
    played = [e for e in match.apply(match.legal_actions()[0]) if isinstance(e, TilePlayed)]
    assert played and (played[0].left_double or played[0].right_double)  # the opening double is an end
    # verbose: the play says the ends (in normal the turn line says them); the braille line always does
    message = Narrator(Words(I18n("en"), rules, ["You", "Anna"], 0), Verbosity.VERBOSE).narrate(played[0])
    assert message is not None and "double" in message.text, message.text
    plain = Narrator(Words(I18n("en"), rules, ["You", "Anna"], 0)).narrate(played[0])
    assert plain is not None and plain.braille.endswith("-1"), plain.braille  # "5|1-1": a double end
