"""Reading what the player types, one line at a time.

``PromptReader`` uses prompt_toolkit in line mode only: history, readline-style
Tab completion, F2 repeats the last announcement, F3 stops speech. No
full-screen layout, toolbar, menu, colour or mouse. ``PlainReader`` reads
plain lines (``--plain``, ``TERM=dumb`` or input from a pipe) and writes no
control characters at all; when the input is not a terminal it echoes each
line (made visible, never raw) so the transcript reads like a session.
``ScreenedReader`` puts the input boundary (``boundary.screen``) in front of
either: what it returns is clean, and a refused line is answered there.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import queue
import signal
import sys
import threading
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Protocol, TextIO

from ..boundary import MAX_RAW, Screened, screen, visible
from ..output.announcer import OutputClosed, write_or_end
from ..present.message import Prompt
from ..system import is_terminal

#: characters read at most for one line from a pipe; the rest of a longer line is skipped (and the
#: boundary refuses the line whole)
READ_LIMIT = MAX_RAW


class LineReader(Protocol):
    """Reads one line; raises EOFError at the end of input, KeyboardInterrupt on Ctrl-C."""

    def read(self, prompt: str) -> str: ...


def ask(reader: LineReader, prompt: Prompt) -> str:
    """Read a line at ``prompt``: the form the reader shows (``RoutedReader.ask``), else the facts."""
    asking = getattr(reader, "ask", None)
    if asking is not None:
        return str(asking(prompt))
    return reader.read(prompt.facts)


def interrupt_reading(reader: object, error: BaseException) -> bool:
    """Make a reader that is reading now raise ``error`` from its own loop; False if it is not reading."""
    interrupt = getattr(reader, "interrupt", None)
    return bool(interrupt(error)) if interrupt is not None else False


class PlainReader:
    """Plain line input: no redraws, no escape sequences.

    The lines are read on a thread of their own, and a read waits for them a moment at a time
    (``threaded``; by default from a pipe or a file, and on Windows):

    - a TERM or HUP that comes just before a read begins is taken within a moment. A read that blocks
      takes a signal only if the signal interrupts it; one that came a few microseconds before the read
      began waits until a line comes, and from a pipe that sends nothing more, none comes (the program
      did not end: once in about 20 runs of tests/test_kills.py's scorekeeper);
    - where no signal can end a read that waits (Windows has no ``pthread_kill``), a line from the
      braille display or a lost connection ends it from outside (``interrupt``), as a signal does
      elsewhere.

    At a terminal it reads only when asked: a reader of another kind may take its place there (the
    first question chooses the reader), and a thread reading ahead would take that reader's next line.
    There a TERM just before a read waits for the next line; a HUP (the terminal closed) ends the read.
    """

    def __init__(self, stdin: TextIO, stdout: TextIO, *, echo: bool, threaded: bool | None = None) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.echo = echo
        self._ahead: LinesAhead | None = None
        if threaded is None:
            threaded = not hasattr(signal, "pthread_kill") or _pipe_or_file(stdin)
        if threaded:
            self._ahead = LinesAhead.of(stdin, self._read_raw)

    def read(self, prompt: str) -> str:
        try:
            self._write(prompt)  # a Ctrl-C that comes while the prompt is written ends the line too
            line = self._ahead.next() if self._ahead is not None else self._read_raw()
        except KeyboardInterrupt:
            self._write("\n")  # the goodbye starts a line of its own, not after the prompt
            raise
        if not line:
            self._write("\n")
            raise EOFError
        line = line.removesuffix("\n")  # the boundary takes the rest of the line ending
        if self.echo:
            self._write(visible(line.removesuffix("\r")) + "\n")
        return line

    def interrupt(self, error: BaseException) -> bool:
        """End a read that waits for a line on the reading thread (False: no such read)."""
        return self._ahead.interrupt(error) if self._ahead is not None else False

    def _read_raw(self) -> str:
        """One line as read ("" at the end); a line too long is cut, its rest skipped (the boundary
        refuses what was read)."""
        line = self.stdin.readline(READ_LIMIT)
        if line and not line.endswith("\n") and len(line) >= READ_LIMIT:
            self._skip_rest_of_line()
        return line

    def _write(self, text: str) -> None:
        write_or_end(self.stdout, text)

    def _skip_rest_of_line(self) -> None:
        while True:
            more = self.stdin.readline(READ_LIMIT)
            if not more or more.endswith("\n"):
                return


def _pipe_or_file(stream: TextIO) -> bool:
    """Whether ``stream`` reads a pipe or a file of the system (not a terminal, not a stream in memory)."""
    try:
        stream.fileno()
    except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is both of the first two
        return False
    return not is_terminal(stream)


class LinesAhead:
    """Lines read on a thread of their own; ``next`` waits for one a moment at a time (see PlainReader)."""

    POLL = 0.05
    #: lines read ahead at most: beyond them the thread waits, and so does whoever writes into the pipe
    #: (``yes | bergen --plain`` must not fill the memory with lines nobody has asked for yet)
    AHEAD = 64
    #: one reading thread per stream: a second reader of the same stream (the reader chosen after the
    #: first question) takes its lines from the same thread, so no line goes to a reader nobody asks
    _of_stream: ClassVar[dict[int, LinesAhead]] = {}

    @classmethod
    def of(cls, stream: TextIO, read_line: Callable[[], str]) -> LinesAhead:
        ahead = cls._of_stream.get(id(stream))
        if ahead is None:
            ahead = cls._of_stream[id(stream)] = cls(read_line)
        return ahead

    def __init__(self, read_line: Callable[[], str]) -> None:
        self._lines: queue.Queue[str] = queue.Queue(self.AHEAD)
        self._read_line = read_line
        self._lock = threading.Lock()
        self._waiting = False
        self._pending: BaseException | None = None
        threading.Thread(target=self._run, name="lines", daemon=True).start()

    def _run(self) -> None:
        while True:
            try:
                line = self._read_line()
            except (OSError, ValueError):
                line = ""
            self._lines.put(line)
            if not line:
                return

    def next(self) -> str:
        with self._lock:
            self._waiting = True
        try:
            while True:
                with self._lock:
                    error, self._pending = self._pending, None
                if error is not None:
                    raise error
                try:
                    line = self._lines.get(timeout=self.POLL)
                except queue.Empty:
                    continue
                if not line:
                    self._lines.put("")  # the end of input stays the end for every later read
                return line
        finally:
            with self._lock:
                self._waiting = False

    def interrupt(self, error: BaseException) -> bool:
        with self._lock:
            if not self._waiting:
                return False
            self._pending = error
            return True


class PromptReader:
    """prompt_toolkit's PromptSession in plain line mode."""

    def __init__(
        self,
        candidates: Callable[[], Iterable[str]],
        on_repeat: Callable[[], None],
        on_stop_speech: Callable[[], bool],
        on_no_speech: Callable[[], None] = lambda: None,
    ) -> None:
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        from prompt_toolkit import PromptSession  # noqa: PLC0415 - only for interactive terminals
        from prompt_toolkit.application import run_in_terminal  # noqa: PLC0415
        from prompt_toolkit.completion import Completer, Completion  # noqa: PLC0415
        from prompt_toolkit.document import Document  # noqa: PLC0415
        from prompt_toolkit.history import InMemoryHistory  # noqa: PLC0415
        from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent  # noqa: PLC0415
        from prompt_toolkit.keys import Keys  # noqa: PLC0415
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
            if not on_stop_speech():  # speech is off: the key still answers
                run_in_terminal(on_no_speech)

        @keys.add(Keys.Vt100MouseEvent)
        def _typed_not_a_mouse(event: KeyPressEvent) -> None:
            # mouse reports are never asked for (mouse_support=False), so ``ESC [ 2 M`` was typed:
            # it stays in the line as typed, and the input boundary refuses the line on Enter (the
            # default binding parses it as a report and fails on what a terminal never sends)
            event.current_buffer.insert_text(event.data)

        @keys.add(Keys.CPRResponse, save_before=lambda event: False)
        def _typed_not_a_cursor_report(event: KeyPressEvent) -> None:
            # ``ESC [ 12 ; 5 R`` is a terminal's answer to "where is the cursor?", which is never asked
            # here (PROMPT_TOOLKIT_NO_CPR): one that comes while nothing was asked was typed (or pasted),
            # so it stays in the line and the boundary refuses the line, as any escape typed. A report
            # the renderer did ask for (where the player's environment lets it) goes to it, as ever.
            renderer = event.app.renderer
            if renderer.waiting_for_cpr:
                renderer.report_absolute_cursor_row(int(event.data[2:-1].split(";")[0]))
            elif not event.app.is_done:  # after Enter the rest is the next line's; a report is dropped there
                event.current_buffer.insert_text(event.data)

        self._quiet_between = QuietBetweenPrompts()
        self._reading = False
        self._pending: BaseException | None = None
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
        finish_in_place(self._session.app.renderer)

    def read(self, prompt: str) -> str:
        self._reading = True
        try:
            line = str(
                self._session.prompt(  # type: ignore[attr-defined]
                    prompt, pre_run=self._before_reading, set_exception_handler=False
                )
            )
        except UnreadableKeys as unreadable:  # refused by the boundary: an escape the editor could not read
            line = ESC + unreadable.typed
        except OSError as error:  # the terminal was closed under the prompt (EIO): a hang-up, not a fault
            self._raise_pending()
            raise OutputClosed from error
        finally:
            self._reading = False
            self._quiet_between.hold()
        self._raise_pending()
        return line

    def interrupt(self, error: BaseException) -> bool:
        """A signal arrived: end the prompt from inside its own event loop, never from the middle of it.

        Raising from a signal handler deep inside prompt_toolkit or asyncio leaves "Unhandled
        exception in event loop" and a program that waits for Enter; asking the running application
        to exit with ``error`` ends ``read`` cleanly, with the terminal put back.
        """
        if not self._reading:
            return False
        self._pending = error
        app: Any = self._session.app  # type: ignore[attr-defined]
        loop = app.loop
        if app.is_running and loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._stop_if_pending)
        return True  # not running yet (pre_run stops it) or ending (read raises it)

    def _before_reading(self) -> None:
        import asyncio  # noqa: PLC0415 - prompt_toolkit's own loop, running now

        asyncio.get_running_loop().set_exception_handler(self._unreadable)
        self._stop_if_pending()

    def _unreadable(self, loop: object, context: dict[str, Any]) -> None:
        """A key the line editor failed on (an escape sequence it cannot read): the line ends there and
        is refused like any line with an escape in it, where prompt_toolkit would print a traceback and
        take the next line for "Press ENTER to continue"."""
        app: Any = self._session.app  # type: ignore[attr-defined]
        if app.is_running and app.future is not None and not app.future.done():
            app.exit(exception=UnreadableKeys(app.current_buffer.text))

    def _stop_if_pending(self) -> None:
        app: Any = self._session.app  # type: ignore[attr-defined]
        error = self._pending
        if error is not None and app.is_running and app.future is not None and not app.future.done():
            self._pending = None
            app.exit(exception=error)

    def _raise_pending(self) -> None:
        error, self._pending = self._pending, None
        if error is not None:
            raise error

    def close(self) -> None:
        self._quiet_between.restore()


#: what a line the line editor could not read starts with: the escape that began it (the boundary refuses it)
ESC = "\x1b"


class UnreadableKeys(Exception):  # noqa: N818 - a refused line, not a fault
    """Keys the line editor failed on; ``typed`` is the line as it stood."""

    def __init__(self, typed: str) -> None:
        super().__init__(typed)
        self.typed = typed


def finish_in_place(renderer: Any) -> None:
    """Make prompt_toolkit leave the line as it stands on Enter: the cursor goes to a new line below it.

    Its renderer otherwise draws the prompt and the typed line a last time when a read is done (back to
    the line's start, erase, write both again), so a screen reader reads the old prompt and the typed
    line once more before every answer, and a transcript has the prompt twice. Here what changed since
    the last key is drawn as any key's change is (nothing, as a rule: only keys typed faster than the
    screen was drawn); then newlines (which scroll at the terminal's bottom, as the renderer's own do)
    take the cursor below the prompt's last row. The style an accepted or aborted line is given is
    dropped (it shows nothing without colour, and it would change every cell, so the line would be
    drawn whole again, then once more at the next prompt's first key).
    """
    render = renderer.render

    def render_done_in_place(app: Any, layout: Any, is_done: bool = False) -> None:
        app.exit_style = ""
        # the renderer's own record of what it drew (a prompt_toolkit without it draws as it always did)
        screen, cursor = getattr(renderer, "_last_screen", None), getattr(renderer, "_cursor_pos", None)
        if not is_done or screen is None or cursor is None:
            render(app, layout, is_done=is_done)
            return
        render(app, layout, is_done=False)
        screen, cursor = getattr(renderer, "_last_screen", screen), getattr(renderer, "_cursor_pos", cursor)
        rows = max(screen.height - cursor.y, 1)
        output = renderer.output
        output.reset_attributes()
        output.write_raw("\r\n" * rows)
        output.enable_autowrap()
        output.flush()
        renderer.reset()

    renderer.render = render_done_in_place


class ReadlineReader:
    """The screen-reader setting: the standard library's readline, so the terminal is written once.

    prompt_toolkit redraws: it erases and rewrites the prompt on Enter, hides and shows the cursor
    around every key, switches bracketed paste on and off at every prompt, and one Tab redraws the
    line three times, so a console screen reader (NVDA, Orca, Fenrir, Speakup) or BRLTTY may read the
    prompt and the input twice. readline writes the prompt once and echoes what is typed; history
    (up and down) and Tab completion stay; F2 types ``repeat`` (readline binds keys to text, not to
    code, so F3 cannot stop speech here: any typed line interrupts it).
    """

    def __init__(self, candidates: Callable[[], Iterable[str]]) -> None:
        import readline  # noqa: PLC0415 - not on every platform (the console falls back to plain lines)

        self._candidates = candidates
        self._matches: list[str] = []
        for binding in readline_bindings(readline):
            readline.parse_and_bind(binding)
        readline.set_completer_delims(" ")
        readline.set_completer(self._complete)
        self._quiet_between = QuietBetweenPrompts()

    def _complete(self, text: str, state: int) -> str | None:
        if state == 0:
            typed = text.lower()
            words = self._candidates()
            self._matches = [w for w in words if w.lower().startswith(typed) and w.lower() != typed]
        return self._matches[state] if state < len(self._matches) else None

    def read(self, prompt: str) -> str:
        self._quiet_between.restore()  # readline echoes only when the terminal does
        try:
            return input(prompt)
        except KeyboardInterrupt:
            print(flush=True)  # the goodbye starts a line of its own, not after the prompt
            raise
        finally:
            self._quiet_between.hold()

    def close(self) -> None:
        self._quiet_between.restore()


#: GNU readline's bindings: no bracketed paste (it writes escapes at every prompt), no bell, Tab
#: completes, F2 types ``repeat`` (two terminals' codes for F2)
GNU_BINDINGS = (
    "set enable-bracketed-paste off",
    "set bell-style none",
    "tab: complete",
    r'"\eOQ": "\C-e\C-urepeat\n"',
    r'"\e[12~": "\C-e\C-urepeat\n"',
)
#: the same for libedit (editline), which some macOS Pythons use under the name readline: it ignores
#: GNU's syntax and reads its own ``bind`` commands
EDITLINE_BINDINGS = (
    "bind ^I rl_complete",
    r'bind -s "\eOQ" "repeat\n"',
    r'bind -s "\e[12~" "repeat\n"',
)


def uses_editline(readline: object) -> bool:
    """Whether this ``readline`` module is libedit underneath (``readline.backend`` from Python 3.13)."""
    backend = getattr(readline, "backend", None)
    if isinstance(backend, str):
        return backend == "editline"
    return "libedit" in (getattr(readline, "__doc__", None) or "")


def readline_bindings(readline: object) -> tuple[str, ...]:
    return EDITLINE_BINDINGS if uses_editline(readline) else GNU_BINDINGS


class QuietBetweenPrompts:
    """Between two prompts the terminal keeps what is typed, Ctrl-D included, without echoing it.

    In the terminal's usual (canonical) mode, a Ctrl-D typed while the computer
    players move is turned into an end-of-file by the terminal itself, and is
    gone by the time prompt_toolkit switches to raw mode for the next prompt.
    With canonical mode and echo off between prompts, every key typed ahead
    (Ctrl-D too) waits as a byte for the next prompt, which shows it. Signals
    (Ctrl-C) still work. The terminal's own settings come back at the end.
    """

    def __init__(self) -> None:
        self._original: list[Any] | None = None
        try:
            import termios  # noqa: PLC0415 - POSIX only
        except ImportError:
            return
        self._termios: Any = termios
        try:
            self._fd = sys.stdin.fileno()
            self._original = termios.tcgetattr(self._fd)
        # termios.error (not an OSError): stdin is no terminal (a pipe, a file), so there is nothing to hold
        except (OSError, ValueError, AttributeError, termios.error):
            self._original = None
            return
        atexit.register(self.restore)
        self.hold()

    def hold(self) -> None:
        if self._original is None:
            return
        termios = self._termios
        with contextlib.suppress(OSError, ValueError, termios.error):
            attributes = termios.tcgetattr(self._fd)
            attributes[3] &= ~(termios.ICANON | termios.ECHO)  # lflag: keep ISIG
            attributes[6][termios.VMIN] = 1
            attributes[6][termios.VTIME] = 0
            termios.tcsetattr(self._fd, termios.TCSANOW, attributes)

    def restore(self) -> None:
        if self._original is None:
            return
        termios = self._termios
        with contextlib.suppress(OSError, ValueError, termios.error):
            termios.tcsetattr(self._fd, termios.TCSANOW, self._original)


class ScreenedReader:
    """The input boundary in front of a reader: returns clean lines, answers refused ones itself."""

    def __init__(self, inner: LineReader, refuse: Callable[[Screened], None]) -> None:
        self.inner = inner
        self.refuse = refuse

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if close is not None:
            close()

    def interrupt(self, error: BaseException) -> bool:
        return interrupt_reading(self.inner, error)

    def read(self, prompt: str) -> str:
        while True:
            screened = screen(self.inner.read(prompt))
            if screened.ok:
                return screened.text
            self.refuse(screened)


class Routed(Exception):  # noqa: N818 - a line that arrived, not an error
    """Raised inside a waiting read: a line came from the braille display's routing keys."""


class PromptChanged(Exception):  # noqa: N818 - news, not an error
    """Raised out of a waiting read (``RoutedReader.refresh``): what the prompt stands for changed
    while it waited (``bergen join``: another seat moved), so it is asked again with the new prompt."""


class RoutedReader:
    """Lines typed by the braille display's routing keys, beside the keyboard's, through the same boundary.

    The display's key thread calls ``type_line``; the line waits in a queue and a
    read under way is ended from its own loop (``interrupt``: prompt_toolkit's, and
    a threaded plain reader's), or, for ``input()`` and plain reads at a terminal, by
    a signal whose handler raises ``Routed`` only while a read waits. Each prompt's
    facts are passed to ``status`` (the display's turn state) and each routed line
    to ``echo`` so the screen reads as if typed. With ``short_prompts`` (the
    screen-reader setting, and plain lines at a terminal: ``console.short_prompts``
    decides) the prompt shown is the short one, which a screen reader says before
    every line, and the facts stay on the braille display.
    """

    #: show each prompt's short form (the screen-reader setting)
    short_prompts: bool = False

    def __init__(
        self, inner: ScreenedReader, *, status: Callable[[str], None], echo: Callable[[str], None]
    ) -> None:
        import signal  # noqa: PLC0415 - only with a braille display
        import threading  # noqa: PLC0415

        self.inner = inner
        self.status = status
        self.echo = echo
        self._lines: list[str] = []
        self._lock = threading.Lock()
        self._waiting = False
        self._ended = False
        self._refresh = False
        self._last_facts: str | None = None  # the facts of the last prompt shown (short_prompts)
        self._main = threading.main_thread().ident
        self._signal: Any = signal
        # the signal that wakes a waiting input() (POSIX); Windows has neither it nor pthread_kill, and its
        # readers end their own waits (``interrupt``)
        self._wake_signal: int | None = getattr(signal, "SIGUSR1", None)
        if not hasattr(signal, "pthread_kill"):
            self._wake_signal = None
        self._previous = (
            signal.signal(self._wake_signal, self._on_signal) if self._wake_signal is not None else None
        )

    def close(self) -> None:
        if self._wake_signal is not None:
            with contextlib.suppress(ValueError, OSError, TypeError):
                self._signal.signal(self._wake_signal, self._previous)
        self.inner.close()

    def interrupt(self, error: BaseException) -> bool:
        return self.inner.interrupt(error)

    def finish(self) -> None:
        """From another thread: input has ended (a server closed the connection); the read ends now."""
        self._ended = True
        self._wake()

    def resume(self) -> None:
        """Input goes on after ``finish`` (a lost connection was made again)."""
        self._ended = False

    def refresh(self) -> None:
        """From another thread: the prompt's state changed; a read that waits ends with ``PromptChanged``
        (what was typed so far stays with the terminal or is typed again)."""
        with self._lock:
            self._refresh = self._waiting
        self._wake()

    def type_line(self, line: str) -> None:
        """From the key thread: ``line`` is read next, at once if a read is waiting."""
        with self._lock:
            self._lines.append(line)
        self._wake()

    def _wake(self) -> None:
        with self._lock:
            waiting = self._waiting
        if not waiting:
            return
        if self.inner.interrupt(Routed()):
            return
        if self._main is not None and self._wake_signal is not None:
            with contextlib.suppress(OSError, ProcessLookupError):
                self._signal.pthread_kill(self._main, self._wake_signal)

    def _on_signal(self, number: int, frame: object) -> None:
        if self._waiting:
            raise Routed

    def _take(self, prompt: str) -> str | None:
        with self._lock:
            if not self._lines:
                return None
            line = self._lines.pop(0)
        self.echo(prompt + line)
        return line

    def ask(self, prompt: Prompt) -> str:
        """A line at ``prompt``, shown in the form this setting wants (the facts to the display).

        In the screen-reader setting the short prompt is written when the state it stands for
        changed (a new turn, a draw, a question asked); after an answer that changed nothing (a
        review, a refused line) the next line is read with no prompt at all, so nothing is said
        between the answer and what the player types next.
        """
        if not self.short_prompts:
            return self._read(prompt.facts, prompt.facts)
        shown = prompt.short if prompt.facts != self._last_facts else ""
        self._last_facts = prompt.facts
        return self._read(shown, prompt.facts)

    def read(self, prompt: str) -> str:
        return self._read(prompt, prompt)

    def _read(self, prompt: str, status: str) -> str:
        self.status(status)
        while True:
            if self._ended:
                raise EOFError
            line = self._take(prompt)
            if line is not None:
                screened = screen(line)
                if screened.ok:
                    return screened.text
                self.inner.refuse(screened)
                continue
            try:
                self._waiting = True
                return self.inner.read(prompt)
            except Routed:
                with self._lock:
                    changed, self._refresh = self._refresh, False
                if changed:
                    raise PromptChanged from None
                continue
            finally:
                self._waiting = False
