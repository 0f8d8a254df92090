"""The line editor's catch-all (issue 31): any key handler that fails ends the read into a refused line.

``tests/test_line_editor_escapes.py`` types the mouse sequences at a real terminal; here the catch-all
itself is met directly, with prompt_toolkit reading a pipe in this process: a key whose handler raises
(as prompt_toolkit's own mouse handler did on ``ESC [ 2 M``) ends the read with the line as it stood
behind an ESC, which the input boundary refuses, nothing changed. Without the catch-all prompt_toolkit
printed a traceback and waited for "Press ENTER to continue" (or, with no handler, kept reading): the
read here is bounded, so that is a failure, never a hang.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
from prompt_toolkit.output import DummyOutput

from bergen_access.boundary import InputProblem, screen
from bergen_access.ui.reader import PromptReader

#: seconds a read may take here (it takes milliseconds)
BOUND = 10.0


@pytest.fixture
def typed() -> Iterator[Any]:
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
        yield keys


def reader_with_a_failing_key() -> PromptReader:
    """The game's line reader, with Ctrl-T bound to a handler that fails (a stand-in for any key the
    editor cannot handle)."""
    reader = PromptReader(lambda: ["hand", "help"], lambda: None, lambda: True)
    failing = KeyBindings()

    @failing.add("c-t")
    def _fails(event: Any) -> None:
        raise RuntimeError("a key handler failed")

    session: Any = reader._session
    session.key_bindings = merge_key_bindings([session.key_bindings, failing])
    return reader


def read_bounded(reader: PromptReader, typed: Any, keys: str) -> str:
    """``reader.read`` on a thread of its own, ``keys`` typed; a read still waiting after ``BOUND``
    seconds is ended (Enter, then the input closed) and fails the test."""
    result: list[str | BaseException] = []

    def read() -> None:
        try:
            result.append(reader.read("tiles> "))
        except BaseException as error:  # handed to the test
            result.append(error)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    typed.send_text(keys)
    thread.join(BOUND)
    if thread.is_alive():
        typed.send_text("\r")  # prompt_toolkit's "Press ENTER to continue", or the line itself
        thread.join(2)
        typed.close()
        thread.join(2)
        pytest.fail(f"the read did not end after a failing key: it waited (then {result!r})")
    assert len(result) == 1
    if isinstance(result[0], BaseException):
        raise result[0]
    return result[0]


def test_a_failing_key_handler_ends_the_read_into_a_refused_line(typed: Any) -> None:
    reader = reader_with_a_failing_key()
    try:
        line = read_bounded(reader, typed, "hand\x14")  # h a n d, then Ctrl-T
        assert line.startswith("\x1b") and line.endswith("hand"), repr(line)
        screened = screen(line)
        assert screened.problem is InputProblem.CONTROL  # refused: nothing is done with it
        assert screened.shown == "<ESC>hand"
        # the next line is read as usual, the failed key forgotten
        assert read_bounded(reader, typed, "help\r") == "help"
    finally:
        reader.close()


def test_a_cursor_report_typed_by_hand_stays_in_the_line_and_is_refused(typed: Any) -> None:
    """Nothing asks the terminal where the cursor is, so ``ESC [ 12 ; 5 R`` was typed: it is part of the
    line (refused at the boundary), not an answer swallowed unseen."""
    reader = PromptReader(lambda: ["hand"], lambda: None, lambda: True)
    try:
        line = read_bounded(reader, typed, "\x1b[12;5Rh\r")
        assert line == "\x1b[12;5Rh"
        assert screen(line).problem is InputProblem.CONTROL
        assert read_bounded(reader, typed, "h\r") == "h"
    finally:
        reader.close()
