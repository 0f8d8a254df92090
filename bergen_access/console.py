"""What ``bergen`` and ``bergen keep`` share: console flags, language, speech, reading, first questions,
the data folder and its lock, and the safety net around a run.

Both modes read lines through the input boundary, announce through the same
channels, keep their files through one ``Storage`` and ask the same questions
before they start; this module sets that up once from the command line and
the remembered settings. ``guarded`` runs a mode so that nothing outside it
ends in a traceback: a closed output, a hang-up, a TERM signal or an error of
our own each end the program with a sentence (or quietly, when nobody can
read it any more).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Protocol, TextIO, TypeVar

from .boundary import Screened
from .commands.lexicon import CommandKind, Lexicon, yes_or_no
from .core.engine import Match
from .i18n import LANGUAGES, I18n, choose_language, environment, normalize_language
from .output.announcer import Announcer, OutputClosed
from .output.braille_display import BrailleDisplay, open_display
from .output.sounds import SoundPlayer, SoundUnavailableError
from .output.sounds import open_player as sound_player
from .output.speech import Speaker
from .players.base import Player
from .present import notices, prompts
from .present.message import Message, Prompt, Verbosity
from .present.refusals import input_refused
from .seat.session import Session
from .session import paths
from .session.settings import BRAILLE_MODES, BRAILLE_WIDTHS, READERS, SETTINGS_FILE, Settings
from .session.storage import LockState, Storage
from .session.untrusted import DamagedFile, FileProblem
from .system import System, is_terminal
from .system import current as current_system
from .ui.key_reader import ConsoleKeys, KeyActions, KeyLineReader
from .ui.reader import (
    LineReader,
    PlainReader,
    PromptReader,
    ReadlineReader,
    RoutedReader,
    ScreenedReader,
    ask,
    interrupt_reading,
)

T = TypeVar("T")
SPEECH_CHOICES = ("auto", "screenreader", "voice", "off")
STARTUP_WAIT = 3.0  # seconds a speech backend may take to start before the game goes on without it
LOCK_POLL = 0.5  # seconds between looks at another copy's lock while waiting for it


def add_console_arguments(parser: argparse.ArgumentParser, i: I18n) -> None:
    """--lang, --speech, --verbosity, --braille-width and --plain."""
    parser.add_argument(
        "--lang",
        default=None,
        # Translators: --help of --lang. {languages} lists the language codes.
        help=i.gettext("language: {languages}").format(languages=", ".join(LANGUAGES)),
    )
    parser.add_argument(
        "--speech",
        choices=SPEECH_CHOICES,
        default=None,
        # Translators: --help of --speech.
        help=i.gettext("how the game speaks"),
    )
    parser.add_argument(
        "--verbosity",
        choices=[v.value for v in Verbosity],
        default=None,
        # Translators: --help of --verbosity.
        help=i.gettext("how much is said"),
    )
    parser.add_argument(
        "--braille-width",
        type=int,
        default=None,
        metavar="CELLS",
        # Translators: --help of --braille-width.
        help=i.gettext("braille line length"),
    )
    parser.add_argument(
        "--sounds",
        choices=("on", "off"),
        default=None,
        # Translators: --help of --sounds.
        help=i.gettext("sound cues beside the text (on by default when the game speaks)"),
    )
    parser.add_argument(
        "--braille",
        choices=BRAILLE_MODES,
        default=None,
        # Translators: --help of --braille. Keep the words auto, brltty and off.
        help=i.gettext(
            "the game's own braille display through BRLTTY: auto (when BRLTTY answers), brltty, or off"
        ),
    )
    parser.add_argument(
        "--reader",
        choices=READERS,
        default=None,
        # Translators: --help of --reader. Keep the words screenreader and standard.
        help=i.gettext(
            "screenreader: each line written once (readline); standard: line editing that redraws"
        ),
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        # Translators: --help of --plain.
        help=i.gettext("plain line input and output, no terminal control"),
    )


def is_plain(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, system: System | None = None) -> bool:
    """Plain lines: asked for, a dumb terminal, a pipe or file, or no terminal type at all (except in the
    Windows console, which never sets TERM)."""
    term = os.environ.get("TERM", "")
    unknown = term == "" and (system or current_system()) is not System.WINDOWS
    return bool(args.plain) or term == "dumb" or unknown or not stdin.isatty() or not stdout.isatty()


def at_terminal(stdin: TextIO, stdout: TextIO) -> bool:
    """Whether a person's terminal is on both sides (a pipe or a file on either side is not one)."""
    return is_terminal(stdin) and is_terminal(stdout)


def short_prompts(kind: str | None, plain: bool, terminal: bool) -> bool:
    """The one place that decides the prompt's form (``Prompt``): its short word, written only when the
    state it stands for changed, or its facts (``5|3, 6 tiles>``) before every line.

    Short in the screen-reader setting, and in plain lines at a terminal (``--plain``, ``TERM=dumb``:
    what many console screen readers get) unless ``--reader standard`` (or the remembered choice) asks
    for the facts: read before every line, their symbols would be said as words; the facts stay on the
    braille line and behind ``ends``/``hand``. The facts with line editing and through a pipe, where a
    MUD client's triggers and the transcripts read them.

    The same lines print their tiles in the screen reader's form (``Announcer.reader_tiles``,
    ``words.reader_form``: ``3 5``, which every reader's default punctuation reads well; Fenrir says
    "3 dash 5"); the others, terse lines and braille keep ``3-5``.
    """
    return kind == "screenreader" or (kind is None and plain and terminal)


def write_once_reader(stdin: TextIO, stdout: TextIO, actions: KeyActions) -> LineReader:
    """The screen-reader setting's reader, which writes the prompt and what is typed once: readline where
    there is one; in the Windows console, which has none, the console's keys read one by one; else plain
    lines."""
    try:
        return ReadlineReader(actions.candidates)
    except ImportError:
        pass
    try:
        keys = ConsoleKeys()
    except ImportError:
        return PlainReader(stdin, stdout, echo=False)
    return KeyLineReader(keys, stdout, actions)


def open_sounds() -> tuple[SoundPlayer | None, str | None]:
    """The sound player, or why there is none (never an exception)."""
    try:
        return sound_player(), None
    except SoundUnavailableError as error:
        return None, str(error)


def sounds_wanted(flag: str | None, saved: str | None, speech: str) -> bool:
    """On by default with speech (the game's voice or the screen reader's), off with text only."""
    choice = flag or saved
    return choice == "on" if choice is not None else speech in ("voice", "screenreader", "auto")


def start_sounds(console: Console, wanted: bool, words: I18n) -> None:
    """Turn the cues on if wanted; one notice if they cannot play."""
    if not wanted:
        return
    player, failure = open_sounds()
    if player is None:
        console.announcer.announce(notices.sounds_unavailable(words, failure or ""))
    console.announcer.set_sounds(player)


def start_braille(console: Console, flag: str | None) -> None:
    """``--braille``, else the remembered choice, else auto: auto takes a display when BRLTTY answers
    (silent otherwise); brltty says why not."""
    mode = flag or console.settings.braille or "auto"
    if mode == "off":
        return
    display, failure = console.open_braille()
    if display is not None:
        console.announcer.set_braille(display)
    elif mode == "brltty":
        console.announcer.announce(notices.no_braille(console.words, failure or ""))


def start_channels(console: Console, args: argparse.Namespace, speech: str) -> None:
    """Speech, sound cues and the braille display of one run (the game, the scorekeeper, bergen join),
    from the flags and the remembered settings; each one that cannot start says so once."""
    console.announcer.set_speaker(open_speaker(speech if speech in SPEECH_CHOICES else "off"))
    start_sounds(console, sounds_wanted(args.sounds, console.settings.sounds, speech), console.words)
    start_braille(console, args.braille)


def seat_session(
    console: Console,
    speech: str,
    *,
    new_match: Callable[[], tuple[Match, dict[int, Player]]] | None = None,
    export_dir: Path | None = None,
) -> Session:
    """What a seat at this console needs from outside (saving, settings, the ways to speak)."""
    return Session(
        console.data,
        console.settings,
        console.save_settings,
        speech,
        open_speaker,
        open_sounds,
        console.open_braille,
        new_match=new_match,
        export_dir=export_dir,
        records=console.data,
    )


def open_speaker(mode: str) -> Speaker | None:
    """Start speech; wait (briefly, once) so that a backend that cannot start is reported first."""
    if mode == "off":
        return None
    speaker = Speaker(mode)
    speaker.wait_ready(STARTUP_WAIT)
    return speaker


class Setup:
    """The questions asked before a match: each through the same reader and announcer."""

    def __init__(self, i18n: I18n, announcer: Announcer, reader: LineReader) -> None:
        self.i = i18n
        self.announcer = announcer
        self.reader = reader

    def tell(self, text: str) -> None:
        self.announcer.announce(Message(text, text, text, urgent=True))

    def ask_number(self, question: str | Sequence[str], choices: int) -> int:
        """A numbered question, asked until one of 1…``choices`` is typed (``question``: one line, or
        one line for the question and one for each choice)."""
        i = self.i
        for line in [question] if isinstance(question, str) else question:
            self.tell(line)
        while True:
            answer = self.answer(prompts.choice(i, choices))
            if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= choices:
                return int(answer)
            numbers = ", ".join(str(n) for n in range(1, choices + 1))
            # Translators: the answer to a numbered question was not one of its numbers.
            # {numbers} e.g. "1, 2, 3".
            self.tell(i.gettext("Please type one of {numbers}.").format(numbers=numbers))

    def ask_speech(self) -> tuple[str, str]:
        """First start: how the player wants to be spoken to, and so how lines are written.

        Asked one short line at a time, each written once: the newcomer may be listening through a
        screen reader, which would split a long question and say a redrawn line again.
        """
        i = self.i
        question = [
            # Translators: the first question, asked once at the first start; its choices follow,
            # one line each.
            i.gettext("How should the game speak to you?"),
            # Translators: choice 1 of the first question. Choices 1 and 2 also make the game write
            # each line once (no redrawing), which screen readers and braille need.
            i.gettext("1: my screen reader reads the text, the game stays silent."),
            # Translators: choice 2 of the first question.
            i.gettext("2: the game speaks through my screen reader."),
            # Translators: choice 3 of the first question.
            i.gettext("3: the game's own voice."),
            # Translators: choice 4 of the first question.
            i.gettext("4: no speech, text with line editing."),
        ]
        windows = current_system() is System.WINDOWS
        if windows:
            # Translators: added to the first question on Windows, after its choices.
            hint = i.gettext("With NVDA or JAWS, 2 is best: in a console they may miss short lines.")
            question.append(hint)
        # Translators: the last line of the first question.
        question.append(i.gettext("Type 1, 2, 3 or 4."))
        answer = self.ask_number(question, 4)
        if windows and answer == 2:
            # Translators: said on Windows after choosing speech through the screen reader. NVDA+5 and
            # Insert+S are the screen readers' own keys; keep them.
            tip = i.gettext(
                "So that you hear each line once, turn off the screen reader's own reading of new "
                "text: NVDA+5 in NVDA, Insert+S in JAWS."
            )
            self.tell(tip)
        return {
            1: ("off", "screenreader"),
            2: ("screenreader", "screenreader"),
            3: ("voice", "standard"),
            4: ("off", "standard"),
        }[answer]

    def answer(self, prompt: Prompt) -> str:
        """A line for a question; `quit` leaves from here too, as the end of input does (nothing changes)."""
        line = ask(self.reader, prompt).strip()
        if line and Lexicon(self.i).command(line) is CommandKind.QUIT:
            # Translators: quit typed at a question before the match (nothing was changed).
            self.tell(self.i.gettext("Goodbye."))
            raise EOFError
        return line

    def yes_no(self, question: str) -> bool:
        i = self.i
        self.tell(question)
        while True:
            answer = yes_or_no(self.answer(prompts.yes_or_no(i)), i)
            if answer is not None:
                return answer
            # Translators: the answer was neither yes nor no.
            self.tell(i.gettext("Please answer yes or no."))


class Answering(Protocol):
    """The game or the scorekeeper, as the line reader's keys and the input boundary see it."""

    def candidates(self) -> list[str]: ...

    def repeat(self) -> None: ...

    def refuse_input(self, screened: Screened) -> None: ...


@dataclass
class Console:
    """The set-up of one run at the console."""

    settings: Settings
    config: Storage
    data: Storage
    language: str
    words: I18n
    verbosity: Verbosity
    plain: bool
    announcer: Announcer
    reader: LineReader
    setup: Setup
    #: whoever answers Tab completion, the repeat key and refused lines once it exists
    target: list[Answering] = field(default_factory=list)
    make_reader: Callable[[str | None], LineReader] | None = None
    #: --braille-width as given (None: the display's own size)
    braille_width: int | None = None
    #: the first start at a terminal: how to speak is asked (``Setup.ask_speech``) before a match
    first_run: bool = False
    #: the reader chosen (``screenreader``, ``standard``; None: the default)
    reader_kind: str | None = None
    #: a person's terminal on both sides (not a pipe or a file)
    terminal: bool = False

    def use_reader(self, kind: str) -> None:
        """After the first question: read lines the way the answer chose (the boundary stays in front).

        The reader in use is closed before the next is made, so the terminal settings the next one
        keeps as the terminal's own are the terminal's, not the quiet ones between two prompts.
        """
        if kind == self.reader_kind:
            return
        self.reader_kind = kind
        self.announcer.reader_tiles = short_prompts(kind, self.plain, self.terminal)
        if isinstance(self.reader, RoutedReader):
            self.reader.short_prompts = short_prompts(kind, self.plain, self.terminal)
        screened = self.reader.inner if isinstance(self.reader, RoutedReader) else self.reader
        if self.make_reader is not None and isinstance(screened, ScreenedReader):
            close = getattr(screened.inner, "close", None)
            if close is not None:
                close()
            screened.inner = self.make_reader(kind)

    def open_braille(self) -> tuple[BrailleDisplay | None, str | None]:
        """Take BRLTTY's display for the game's own braille (routing keys type into this reader)."""
        reader = self.reader
        if not isinstance(reader, RoutedReader):
            return None, "no console input"
        lexicon = Lexicon(self.words)
        try:
            display = open_display(
                None,
                self.braille_width,
                typed=reader.type_line,
                # a word the player may type: a command's, or an end's (a question's letters)
                is_command=lambda word: lexicon.command(word) is not None or lexicon.end(word) is not None,
            )
        except OSError as error:  # BrlapiError, or what the system's sockets say
            return None, str(error) or type(error).__name__
        return display, None

    def tell_storage(self) -> None:
        """Say what the player has not heard yet about saving (each once; no home folder is said once)."""
        told = [*self.config.take_notices(), *self.data.take_notices()]
        if any(not notice.where for notice in told):
            told = [notice for notice in told if notice.where or notice.settings is False]
        for notice in told:
            self.announcer.announce(notices.storage_notice(self.words, notice))

    def save_settings(self) -> None:
        self.config.write(SETTINGS_FILE, self.settings.text())
        self.tell_storage()

    def load_saved(self, name: str, what: str, load: Callable[[Path], T]) -> T | None:
        """The saved file ``name`` read by ``load``; None if there is none, or (said once, the file
        set aside) if it is damaged: ``load`` raises FileNotFoundError or DamagedFile."""
        path = self.data.path(name)
        if path is None or not self.data.enabled:
            return None
        try:
            return load(path)
        except FileNotFoundError:
            return None
        except DamagedFile as error:
            kept = self.data.set_aside(name, "damaged")
            problem = FileProblem(error.code, error.detail, path, kept)
            self.announcer.announce(notices.file_problem(self.words, what, problem))
            self.tell_storage()
            return None

    def keep_declined(self, name: str, previous: str) -> None:
        """A saved file the player did not continue: kept as ``previous`` until the next one."""
        path, kept = self.data.path(name), self.data.path(previous)
        if path is None or kept is None or not self.data.usable:
            return
        try:
            path.replace(kept)
        except OSError:
            self.data.set_aside(name, "declined")

    def claim(self, name: str, what: str) -> bool:
        """Own the file ``name`` (the lock); if another copy owns it, ask. False: the player quits."""
        state = self.data.lock(name)
        if state is LockState.TAKEN:
            choice = self.setup.ask_number(notices.lock_question(self.words, what), 3)
            if choice == 3:
                return False
            if choice == 1:
                self.data.play_without_saving()
                self.setup.tell(notices.not_saving(self.words))
                return True
            self.setup.tell(notices.waiting_for_lock(self.words))
            try:
                while self.data.lock(name, wait=LOCK_POLL) is LockState.TAKEN:
                    pass
            except KeyboardInterrupt:
                return False
        if self.data.usable:
            self.data.clean_temporary(name)
        return True


def _refuse_line(target: list[Answering], words: I18n, announcer: Announcer) -> Callable[[Screened], None]:
    def refuse(screened: Screened) -> None:
        if target:
            target[0].refuse_input(screened)
        else:
            help_word = Lexicon(words).main_word(CommandKind.HELP)
            announcer.announce(input_refused(words, screened, help_word))

    return refuse


def _settings(config: Storage, words_for: Callable[[str | None], I18n]) -> tuple[Settings, list[Message]]:
    """The remembered settings, and what to say about a file that was not (wholly) used."""
    path = config.path(SETTINGS_FILE)
    settings, problem = Settings.read(path)
    if problem is None or path is None:
        return settings, []
    i = words_for(settings.language)
    kept = config.set_aside(SETTINGS_FILE, "damaged")
    if problem.wrong:
        told = notices.settings_values_wrong(i, problem.wrong, str(kept) if kept else None)
    else:
        told = notices.file_problem(i, "settings", FileProblem(problem.code, problem.detail, path, kept))
    if kept is not None and settings.any_chosen:
        config.write(SETTINGS_FILE, settings.text())  # the good values stay
    return settings, [told]


def open_console(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    stdin: TextIO,
    stdout: TextIO,
    *,
    asks_how_to_speak: bool = False,
) -> Console:
    """Language, verbosity, braille width, storage, announcer and reader from the flags and the settings
    (``asks_how_to_speak``: this mode asks the first question at the first start)."""
    config = Storage.open(paths.config_dir(), settings=True)
    data = Storage.open(paths.data_dir())

    def words_for(saved: str | None) -> I18n:
        return I18n(choose_language(args.lang, saved, environment()))

    settings, told = _settings(config, words_for)
    language = choose_language(args.lang, settings.language, environment())
    words = I18n(language)
    if args.lang is not None and normalize_language(args.lang) is None:
        # Translators: command-line error: a language we do not speak. {languages} lists the codes.
        parser.error(words.gettext("--lang: choose {languages}.").format(languages=", ".join(LANGUAGES)))
    if args.braille_width is not None and not BRAILLE_WIDTHS[0] <= args.braille_width <= BRAILLE_WIDTHS[1]:
        # Translators: command-line error: the braille width is out of range. {low} and {high} are numbers.
        text = words.gettext("--braille-width must be from {low} to {high}.")
        parser.error(text.format(low=BRAILLE_WIDTHS[0], high=BRAILLE_WIDTHS[1]))
    width = args.braille_width or settings.braille_width or 40
    verbosity = Verbosity(args.verbosity or settings.verbosity or Verbosity.NORMAL.value)
    plain = is_plain(args, stdin, stdout)
    terminal = at_terminal(stdin, stdout)
    announcer = Announcer(stdout, language=language, braille_width=width, terse=verbosity is Verbosity.TERSE)
    announcer.describe = lambda news: notices.channel_news(I18n(announcer.language), news)
    # printed lines are wrapped at a terminal in every setting (--plain and TERM=dumb too), never in a pipe
    announcer.wrap_to_terminal = is_terminal(stdout)
    target: list[Answering] = []

    def candidates() -> Iterable[str]:
        return target[0].candidates() if target else []

    def repeat() -> None:
        if target:
            target[0].repeat()

    def no_speech() -> None:
        announcer.announce(notices.no_speech(words))

    def make_reader(kind: str | None) -> LineReader:
        if plain:
            return PlainReader(stdin, stdout, echo=not stdin.isatty())
        if kind == "screenreader":
            actions = KeyActions(candidates, repeat, announcer.stop_speech, no_speech)
            return write_once_reader(stdin, stdout, actions)
        return PromptReader(candidates, repeat, announcer.stop_speech, no_speech)

    # Until the first question is answered, lines are written once: the newcomer may be listening
    # through a screen reader (the answer chooses the reader from then on: Console.use_reader)
    first_run = asks_how_to_speak and args.speech is None and settings.speech is None and not plain
    kind = args.reader or settings.reader or ("screenreader" if first_run else None)
    screened = ScreenedReader(make_reader(kind), _refuse_line(target, words, announcer))
    reader = RoutedReader(
        screened, status=announcer.braille_status, echo=lambda line: announcer.write(line + "\n")
    )
    reader.short_prompts = short_prompts(kind, plain, terminal)
    setup = Setup(words, announcer, reader)
    console = Console(
        settings, config, data, language, words, verbosity, plain, announcer, reader, setup, target
    )
    console.make_reader = make_reader
    console.braille_width = args.braille_width
    console.first_run = first_run
    console.reader_kind = kind
    console.terminal = terminal
    announcer.reader_tiles = short_prompts(kind, plain, terminal)
    for message in told:
        announcer.announce(message)
    console.tell_storage()
    return console


# ------------------------------------------------------------------ the safety net


class Terminated(BaseException):
    """SIGTERM or SIGHUP: leave now (everything answered is already saved)."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


@contextlib.contextmanager
def leaving_on_signals(reader: LineReader) -> Iterator[None]:
    """TERM and HUP end the run the way Ctrl-C does, so the terminal and speech are put back.

    While a line is being read, the reader ends its own prompt with the signal (raising it in the
    middle of prompt_toolkit's event loop would hang it); otherwise it is raised where the program is.
    """

    def leave(number: int, frame: FrameType | None) -> None:
        error = Terminated(number)
        if not interrupt_reading(reader, error):
            raise error

    wanted = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    previous = {}
    for number in wanted:
        with contextlib.suppress(ValueError, OSError):  # not the main thread, or not allowed
            previous[number] = signal.signal(number, leave)
    try:
        yield
    finally:
        for number, handler in previous.items():
            with contextlib.suppress(ValueError, OSError):
                signal.signal(number, handler)


def guarded(
    console: Console,
    body: Callable[[], int],
    words: Callable[[], I18n],
    crashed: Callable[[I18n, str | None], str] | None = None,
) -> int:
    """Run a mode; whatever happens, no traceback reaches the player and the display is given back.

    ``crashed`` says what went wrong in a mode's own truthful words (given the log's path, None when
    none could be written); without it the sentence says whether the match is saved."""
    try:
        with leaving_on_signals(console.reader):
            return body()
    except (OutputClosed, EOFError):
        return 0
    except KeyboardInterrupt:  # Ctrl-C before the match began (at a first question): say goodbye
        with contextlib.suppress(Exception):
            console.setup.tell(notices.goodbye(words()))
        return 130
    except Terminated as signalled:
        return 128 + signalled.number
    except Exception:
        return report_crash(console, words(), crashed)
    finally:
        with contextlib.suppress(Exception):
            console.announcer.close()
        with contextlib.suppress(Exception):
            close = getattr(console.reader, "close", None)
            if close is not None:
                close()
        console.data.release()


def report_crash(
    console: Console, words: I18n, crashed: Callable[[I18n, str | None], str] | None = None
) -> int:
    """Log what went wrong and tell the player in a sentence; this itself never fails."""
    details = traceback.format_exc()
    log = None
    folder = console.data.folder
    if folder is not None:
        with contextlib.suppress(Exception):
            folder.mkdir(parents=True, exist_ok=True)
            with (folder / "crash.log").open("a", encoding="utf-8") as stream:
                stream.write(time.strftime("%Y-%m-%d %H:%M:%S\n") + details + "\n")
            log = str(folder / "crash.log")
    with contextlib.suppress(Exception):
        if crashed is None:
            console.setup.tell(notices.crash_text(words, log, console.data.saves))
        else:
            console.setup.tell(crashed(words, log))
    return 1
