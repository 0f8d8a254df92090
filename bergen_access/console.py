"""What ``bergen`` and ``bergen keep`` share: console flags, language, speech, reading, first questions.

Both modes read lines, announce through the same channels and ask the same
questions before they start; this module sets that up once from the command
line and the remembered settings.
"""

from __future__ import annotations

import argparse
import os
import time
import traceback
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TextIO

from .commands.lexicon import fold
from .i18n import LANGUAGES, I18n, choose_language, environment, normalize_language
from .output.announcer import Announcer
from .output.speech import Speaker
from .present.message import Message, Verbosity
from .session import paths
from .session.settings import Settings
from .ui.reader import LineReader, PlainReader, PromptReader

SPEECH_CHOICES = ("auto", "screenreader", "voice", "off")
STARTUP_WAIT = 3.0  # seconds a speech backend may take to start before the game goes on without it


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
        "--plain",
        action="store_true",
        # Translators: --help of --plain.
        help=i.gettext("plain line input and output, no terminal control"),
    )


def is_plain(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> bool:
    return (
        bool(args.plain)
        or os.environ.get("TERM", "") in ("dumb", "")
        or not stdin.isatty()
        or not stdout.isatty()
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

    def ask_speech(self) -> str:
        """First start: how the player wants to be spoken to."""
        i = self.i
        # Translators: asked once, at the first start. Keep the numbers 1 to 4.
        question = i.gettext(
            "How should the game speak to you? "
            "1: my screen reader reads the text, the game stays silent. "
            "2: speech through my screen reader. "
            "3: the game's own voice. "
            "4: silent, text only. Type 1, 2, 3 or 4."
        )
        self.tell(question)
        while True:
            answer = self.reader.read("1-4> ").strip()
            choice = {"1": "off", "2": "screenreader", "3": "voice", "4": "off"}.get(answer)
            if choice is not None:
                return choice
            # Translators: the answer to the first-start question was not 1 to 4.
            self.tell(i.gettext("Please type 1, 2, 3 or 4."))

    def yes_no(self, question: str) -> bool:
        i = self.i
        # Translators: words for "yes" typed by the player, space-separated. English always works too.
        yes = set(fold(i.pgettext("answer", "yes y"), i.language).split()) | {"yes", "y"}
        # Translators: words for "no" typed by the player, space-separated.
        no = set(fold(i.pgettext("answer", "no n"), i.language).split()) | {"no", "n"}
        self.tell(question)
        while True:
            # Translators: the prompt of a yes-or-no question. Ends with "> ".
            answer = fold(self.reader.read(i.gettext("yes or no> ")), i.language)
            if answer in yes:
                return True
            if answer in no:
                return False
            # Translators: the answer was neither yes nor no.
            self.tell(i.gettext("Please answer yes or no."))


def set_aside(path: Path, label: str) -> Path:
    """Move a save file out of the way without losing it."""
    target = path.with_name(f"{path.stem}.{label}-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    path.replace(target)
    return target


class Answering(Protocol):
    """The game or the scorekeeper, as the line reader's keys see it."""

    def candidates(self) -> list[str]: ...

    def repeat(self) -> None: ...


@dataclass
class Console:
    """The set-up of one run at the console."""

    settings: Settings
    settings_path: Path
    language: str
    words: I18n
    verbosity: Verbosity
    plain: bool
    announcer: Announcer
    reader: LineReader
    setup: Setup
    #: whoever answers Tab completion and the repeat key once it exists (the game or the scorekeeper)
    target: list[Answering] = field(default_factory=list)


def open_console(
    parser: argparse.ArgumentParser, args: argparse.Namespace, stdin: TextIO, stdout: TextIO
) -> Console:
    """Language, verbosity, braille width, announcer and reader from the flags and the settings."""
    settings_path = paths.settings_path()
    settings = Settings.load(settings_path)
    language = choose_language(args.lang, settings.language, environment())
    words = I18n(language)
    if args.lang is not None and normalize_language(args.lang) is None:
        # Translators: command-line error: a language we do not speak. {languages} lists the codes.
        parser.error(words.gettext("--lang: choose {languages}.").format(languages=", ".join(LANGUAGES)))
    width = args.braille_width or settings.braille_width or 40
    if width < 10:
        # Translators: command-line error: the braille width is too small.
        parser.error(words.gettext("--braille-width must be at least 10."))
    verbosity = Verbosity(args.verbosity or settings.verbosity or Verbosity.NORMAL.value)
    plain = is_plain(args, stdin, stdout)
    announcer = Announcer(stdout, language=language, braille_width=width, terse=verbosity is Verbosity.TERSE)
    target: list[Answering] = []

    def candidates() -> Iterable[str]:
        return target[0].candidates() if target else []

    def repeat() -> None:
        if target:
            target[0].repeat()

    reader: LineReader
    if plain:
        reader = PlainReader(stdin, stdout, echo=not stdin.isatty())
    else:
        reader = PromptReader(candidates, repeat, announcer.stop_speech)
    setup = Setup(words, announcer, reader)
    return Console(
        settings, settings_path, language, words, verbosity, plain, announcer, reader, setup, target
    )


def report_crash(words: I18n, announcer: Announcer) -> int:
    """Log what went wrong, tell the player in a sentence, and return the exit status."""
    log = paths.data_dir() / "crash.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("a", encoding="utf-8") as stream:
        stream.write(time.strftime("%Y-%m-%d %H:%M:%S\n") + traceback.format_exc() + "\n")
    # Translators: something went wrong inside the game; the match was saved. {path} is the log file.
    text = words.gettext("Something went wrong. The match is saved; details are in {path}.").format(path=log)
    announcer.announce(Message(text, text, text, urgent=True))
    return 1
