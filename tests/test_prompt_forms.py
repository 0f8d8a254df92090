"""The two forms of a prompt: the facts for line editing and the braille display, the short word for
a screen reader, written only when the state it stands for changed."""

from __future__ import annotations

import io

import pytest

from bergen_access import play
from bergen_access.boundary import Screened
from bergen_access.present.message import Prompt
from bergen_access.ui.reader import RoutedReader, ScreenedReader


class Typed:
    """A reader that hands out lines and keeps the prompts it was given."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.prompts: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return self.lines.pop(0)


def routed(inner: Typed, *, short: bool) -> tuple[RoutedReader, list[str]]:
    statuses: list[str] = []

    def refuse(screened: Screened) -> None:
        raise AssertionError(screened)

    reader = RoutedReader(ScreenedReader(inner, refuse), status=statuses.append, echo=lambda line: None)
    reader.short_prompts = short
    return reader, statuses


def test_the_screen_reader_setting_writes_the_short_prompt_once_per_state() -> None:
    inner = Typed(["h", "i", "3-5", "l"])
    reader, statuses = routed(inner, short=True)
    turn = Prompt("5|3, 6 tiles> ", "Move: ")
    for _ in range(2):
        reader.ask(turn)
    reader.ask(Prompt("5|5, 5 tiles> ", "Move: "))  # the state changed: a new turn
    reader.ask(Prompt("left or right> ", "End: "))
    assert inner.prompts == ["Move: ", "", "Move: ", "End: "]
    # the braille display's turn state keeps the facts every time
    assert statuses == ["5|3, 6 tiles> ", "5|3, 6 tiles> ", "5|5, 5 tiles> ", "left or right> "]


def test_line_editing_shows_the_facts_every_time() -> None:
    inner = Typed(["h", "i"])
    reader, statuses = routed(inner, short=False)
    turn = Prompt("5|3, 6 tiles> ", "Move: ")
    reader.ask(turn)
    reader.ask(turn)
    assert inner.prompts == ["5|3, 6 tiles> ", "5|3, 6 tiles> "] == statuses


@pytest.mark.parametrize(("language", "short"), [("en", "Move: "), ("de", "Zug: "), ("tr", "Hamle: ")])
def test_the_game_prompts_in_the_screen_reader_setting(language: str, short: str) -> None:
    """Through a pipe with --reader screenreader: the short word once, then nothing until the state
    changes; the facts prompt never."""
    out = io.StringIO()
    lines = "h\ni\nquit\n"
    status = play.main(
        ["--plain", "--new", "--seed", "7", "--lang", language, "--reader", "screenreader"],
        io.StringIO(lines),
        out,
    )
    assert status == 0
    said = out.getvalue()
    assert "tiles>" not in said and "Steine>" not in said and "taş>" not in said
    assert said.count(short) == 1
