"""``QuietBetweenPrompts`` when standard input is no terminal (issue 31).

``termios.tcgetattr`` on a pipe or a file raises ``termios.error``, which is not an ``OSError``: the line
readers that hold the terminal between prompts must start all the same (with nothing to hold), never
end the program with that error.
"""

from __future__ import annotations

import atexit
import io
import os
import sys
from collections.abc import Iterator
from typing import Any, NoReturn

import pytest

from bergen_access.ui.reader import QuietBetweenPrompts

termios: Any = pytest.importorskip("termios")  # POSIX only: without it there is nothing to hold


@pytest.fixture
def stdin_from_a_pipe(monkeypatch: pytest.MonkeyPatch) -> Iterator[io.TextIOWrapper]:
    read_end, write_end = os.pipe()
    os.close(write_end)
    with open(read_end, encoding="utf-8") as piped:
        monkeypatch.setattr(sys, "stdin", piped)
        yield piped


def test_a_pipe_for_stdin_holds_nothing_and_is_no_fault(
    stdin_from_a_pipe: io.TextIOWrapper, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(termios.error):  # what the reader meets: not an OSError
        termios.tcgetattr(stdin_from_a_pipe.fileno())
    registered: list[object] = []
    monkeypatch.setattr(atexit, "register", registered.append)
    quiet = QuietBetweenPrompts()
    quiet.hold()
    quiet.restore()
    assert registered == []  # nothing to put back at the end


class Terminal(io.StringIO):
    """A stand-in standard input with a file number, so termios is asked (and answers as monkeypatched)."""

    def fileno(self) -> int:
        return 0


def refused(*args: object) -> NoReturn:
    raise termios.error(5, "Input/output error")


def test_a_terminal_that_refuses_its_settings_at_once_is_no_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", Terminal())
    monkeypatch.setattr(termios, "tcgetattr", refused)
    monkeypatch.setattr(termios, "tcsetattr", refused)
    quiet = QuietBetweenPrompts()
    quiet.hold()
    quiet.restore()


def test_a_terminal_gone_between_prompts_is_no_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    """The settings were read once; then the terminal fails (termios.error): holding and putting back
    do nothing, and the prompts go on (the hang-up itself is the reader's to say)."""
    settings = [0, 0, 0, 0, 0, 0, [b"\0"] * 32]
    answers = iter([settings])

    def once_then_refused(fd: int) -> object:
        answer = next(answers, None)
        return answer if answer is not None else refused()

    monkeypatch.setattr(sys, "stdin", Terminal())
    monkeypatch.setattr(termios, "tcgetattr", once_then_refused)
    monkeypatch.setattr(termios, "tcsetattr", refused)
    registered: list[object] = []
    monkeypatch.setattr(atexit, "register", registered.append)
    quiet = QuietBetweenPrompts()  # the first hold already meets the failing terminal
    assert registered == [quiet.restore]
    quiet.hold()
    quiet.restore()
