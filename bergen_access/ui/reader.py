"""Reading what the player types, one line at a time.

``PromptReader`` uses prompt_toolkit in line mode only: history, readline-style
Tab completion, F2 repeats the last announcement, F3 stops speech. No
full-screen layout, toolbar, menu, colour or mouse. ``PlainReader`` reads
plain lines (``--plain``, ``TERM=dumb`` or input from a pipe) and writes no
control characters at all; when the input is not a terminal it echoes each
line so the transcript reads like a session.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Protocol, TextIO


class LineReader(Protocol):
    """Reads one line; raises EOFError at the end of input, KeyboardInterrupt on Ctrl-C."""

    def read(self, prompt: str) -> str: ...


class PlainReader:
    """Plain line input: no redraws, no escape sequences."""

    def __init__(self, stdin: TextIO, stdout: TextIO, *, echo: bool) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.echo = echo

    def read(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            raise EOFError
        line = line.rstrip("\r\n")
        self.stdout.write(line + "\n" if self.echo else "")
        self.stdout.flush()
        return line


class PromptReader:
    """prompt_toolkit's PromptSession in plain line mode."""

    def __init__(
        self,
        candidates: Callable[[], Iterable[str]],
        on_repeat: Callable[[], None],
        on_stop_speech: Callable[[], None],
    ) -> None:
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        from prompt_toolkit import PromptSession  # noqa: PLC0415 - only for interactive terminals
        from prompt_toolkit.application import run_in_terminal  # noqa: PLC0415
        from prompt_toolkit.completion import Completer, Completion  # noqa: PLC0415
        from prompt_toolkit.document import Document  # noqa: PLC0415
        from prompt_toolkit.history import InMemoryHistory  # noqa: PLC0415
        from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent  # noqa: PLC0415
        from prompt_toolkit.output.color_depth import ColorDepth  # noqa: PLC0415
        from prompt_toolkit.shortcuts import CompleteStyle  # noqa: PLC0415

        class GameCompleter(Completer):
            def get_completions(self, document: Document, complete_event: object) -> Iterable[Completion]:
                text = document.text_before_cursor.lstrip().lower()
                for word in candidates():
                    if word.lower().startswith(text) and word.lower() != text:
                        yield Completion(word, start_position=-len(document.text_before_cursor.lstrip()))

        keys = KeyBindings()

        @keys.add("f2")
        def _repeat(event: KeyPressEvent) -> None:
            run_in_terminal(on_repeat)

        @keys.add("f3")
        def _stop(event: KeyPressEvent) -> None:
            on_stop_speech()

        self._session: object = PromptSession(
            history=InMemoryHistory(),
            completer=GameCompleter(),
            complete_while_typing=False,
            complete_style=CompleteStyle.READLINE_LIKE,
            key_bindings=keys,
            color_depth=ColorDepth.MONOCHROME,
            mouse_support=False,
            enable_suspend=False,
            reserve_space_for_menu=0,
        )

    def read(self, prompt: str) -> str:
        return str(self._session.prompt(prompt))  # type: ignore[attr-defined]
