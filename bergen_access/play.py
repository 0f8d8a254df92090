"""``bergen``: a match against computer players at the console.

Sets up everything around the game loop: the language, how the player wants
to be spoken to (asked once, remembered), the saved match to resume, the
computer players, and a safety net that saves and explains instead of
crashing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from .cli_text import early_language, rules_error
from .commands.lexicon import fold
from .core.dealers import SeededDealer
from .core.engine import Match
from .core.record import RecordError
from .core.rules import RulesError
from .i18n import LANGUAGES, I18n, choose_language, environment, normalize_language
from .output.announcer import Announcer
from .output.speech import Speaker
from .players.levels import DEFAULT_LEVEL, LEVELS, make_player
from .present.message import Message, Verbosity
from .rule_args import add_rule_arguments, rules_from_arguments
from .session import paths
from .session.savefile import load_match
from .session.settings import Settings
from .ui.game import Game, Seating, Session
from .ui.reader import LineReader, PlainReader, PromptReader

COMPUTER_NAMES = ("Anna", "Cem", "Mia")  # names that read well in German, Turkish and English
SPEECH_CHOICES = ("auto", "screenreader", "voice", "off")
STARTUP_WAIT = 3.0  # seconds a speech backend may take to start before the game goes on without it


def add_arguments(parser: argparse.ArgumentParser, i: I18n) -> None:
    """The flags of the game itself (``bergen`` with no command)."""
    add_rule_arguments(parser, i)
    parser.add_argument(
        # Translators: --help of --seed.
        "--seed",
        type=int,
        default=None,
        # Translators: --help of --seed.
        help=i.gettext("seed of the deal, to replay a match"),
    )
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
    parser.add_argument(
        "--opponents",
        default=None,
        metavar="LEVEL[,LEVEL...]",
        # Translators: --help of --opponents.
        help=i.gettext("computer level for all, or one per computer seat"),
    )
    parser.add_argument(
        "--new",
        action="store_true",
        # Translators: --help of --new.
        help=i.gettext("start a new match even if one is saved"),
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


def _levels(spec: str | None, computers: Sequence[int]) -> dict[int, str] | None:
    names = [part.strip().lower() for part in (spec or DEFAULT_LEVEL).split(",") if part.strip()]
    if any(name not in LEVELS for name in names):
        return None
    if len(names) == 1:
        names = names * len(computers)
    if len(names) != len(computers):
        return None
    return dict(zip(computers, names, strict=True))


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


def _saved_match(setup: Setup, autosave: Path, new: bool) -> tuple[Match, Seating] | None:
    """The saved match if the player wants it; a damaged file is reported and kept aside."""
    if not autosave.exists():
        return None
    i = setup.i
    try:
        match, seats = load_match(autosave)
        seating = Seating(
            names=[str(s["name"]) for s in seats],
            human=next(n for n, s in enumerate(seats) if s.get("kind") == "human"),
            levels={
                n: str(s.get("level") or DEFAULT_LEVEL)
                for n, s in enumerate(seats)
                if s.get("kind") != "human"
            },
        )
        if len(seating.names) != match.players:
            raise RecordError("seats")
    except (RecordError, KeyError, TypeError, ValueError, StopIteration, OSError) as error:
        kept = set_aside(autosave, "damaged")
        reason = getattr(error, "code", type(error).__name__)
        setup.tell(
            # Translators: the saved match could not be read.
            # {reason} is a technical code; {path} is where the file was kept.
            i.gettext("The saved match could not be read ({reason}). It was kept as {path}.").format(
                reason=reason, path=kept
            )
        )
        return None
    if match.is_over:
        autosave.unlink(missing_ok=True)
        return None
    if not new:
        # Translators: offer to continue the saved match. {hand} is its hand number.
        question = i.gettext("A saved match is waiting, in hand {hand}. Continue it? Yes or no.").format(
            hand=match.hand_number
        )
        if setup.yes_no(question):
            return match, seating
    autosave.replace(autosave.with_name("match.previous.json"))  # the one declined, kept until the next
    return None


def run(parser: argparse.ArgumentParser, args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Carry out ``bergen`` (the game)."""
    settings_path = paths.settings_path()
    settings = Settings.load(settings_path)
    language = choose_language(args.lang, settings.language, environment())
    words = I18n(language)
    if args.lang is not None and normalize_language(args.lang) is None:
        # Translators: command-line error: a language we do not speak. {languages} lists the codes.
        parser.error(words.gettext("--lang: choose {languages}.").format(languages=", ".join(LANGUAGES)))
    try:
        rules = rules_from_arguments(args)
    except RulesError as error:
        parser.error(rules_error(words, error))
    width = args.braille_width or settings.braille_width or 40
    if width < 10:
        # Translators: command-line error: the braille width is too small.
        parser.error(words.gettext("--braille-width must be at least 10."))
    verbosity = Verbosity(args.verbosity or settings.verbosity or Verbosity.NORMAL.value)
    plain = is_plain(args, stdin, stdout)
    announcer = Announcer(stdout, language=language, braille_width=width, terse=verbosity is Verbosity.TERSE)
    game_box: list[Game] = []
    reader: LineReader
    if plain:
        reader = PlainReader(stdin, stdout, echo=not stdin.isatty())
    else:
        reader = PromptReader(
            lambda: game_box[0].candidates() if game_box else [],
            lambda: game_box[0].repeat() if game_box else None,
            announcer.stop_speech,
        )
    setup = Setup(words, announcer, reader)
    autosave = paths.autosave_path()
    try:
        speech = args.speech or settings.speech
        if speech is None and not plain:
            speech = setup.ask_speech()
            settings.speech = speech
            settings.save(settings_path)
        speech = speech or "off"
        saved = _saved_match(setup, autosave, args.new)
    except (EOFError, KeyboardInterrupt):
        return 0
    if saved is not None:
        match, seating = saved
    else:
        computers = [seat for seat in range(1, rules.players)]
        levels = _levels(args.opponents, computers)
        if levels is None:
            # Translators: command-line error about --opponents. {levels} lists the level names.
            text = words.gettext("--opponents: one level for all, or one per computer seat ({levels}).")
            parser.error(text.format(levels=", ".join(LEVELS)))
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        match = Match(rules, SeededDealer(seed))
        seating = Seating(names=["You", *COMPUTER_NAMES][: rules.players], human=0, levels=levels)
    seed_base = int(match.dealer.spec().get("seed", 0))
    players = {seat: make_player(level, seed_base * 10 + seat) for seat, level in seating.levels.items()}
    announcer.set_speaker(open_speaker(speech if speech in SPEECH_CHOICES else "off"))
    session = Session(autosave, settings, settings_path, speech, open_speaker)
    game = Game(
        match,
        seating,
        players,
        language=language,
        verbosity=verbosity,
        announcer=announcer,
        reader=reader,
        session=session,
    )
    game_box.append(game)
    try:
        return game.run(resumed=saved is not None)
    except Exception:
        log = paths.data_dir() / "crash.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8") as stream:
            stream.write(time.strftime("%Y-%m-%d %H:%M:%S\n") + traceback.format_exc() + "\n")
        # Translators: something went wrong inside the game; the match was saved. {path} is the log file.
        text = game.i18n.gettext("Something went wrong. The match is saved; details are in {path}.").format(
            path=log
        )
        announcer.announce(Message(text, text, text, urgent=True))
        return 1
    finally:
        announcer.close()


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Entry for tests: parse ``argv`` and play."""
    parser = argparse.ArgumentParser(prog="bergen")
    add_arguments(parser, I18n(choose_language(early_language(argv or []), None, environment())))
    return run(parser, parser.parse_args(argv), stdin or sys.stdin, stdout or sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
