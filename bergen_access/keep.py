"""``bergen keep``: keep the score of a table of physical dominoes.

Two ways: tracking (the table calls out every play, draw and pass; the
program finds the headers) or the tally (only what scores is called out).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from .cli_text import rules_error
from .core.keep_record import load_keep
from .core.record import RecordError
from .core.rules import RulesError
from .core.table import Table
from .core.tally import Tally
from .i18n import LANGUAGES, I18n, choose_language, environment, normalize_language
from .output.announcer import Announcer
from .play import SPEECH_CHOICES, Setup, is_plain, open_speaker, set_aside
from .present.message import Verbosity
from .rule_args import add_rule_arguments, rules_from_arguments
from .session import paths
from .session.settings import Settings
from .ui.keeper import Keeper, KeepSession
from .ui.reader import LineReader, PlainReader, PromptReader

DEFAULT_NAMES = ("Anna", "Cem", "Mia", "Tom")


def add_arguments(parser: argparse.ArgumentParser, i: I18n) -> None:
    """The flags of ``bergen keep``."""
    add_rule_arguments(parser, i)
    parser.add_argument(
        "--mode",
        choices=("track", "tally"),
        default="track",
        # Translators: --help of bergen keep --mode. Keep the words track and tally.
        help=i.gettext("track: enter every play; tally: call only what scores"),
    )
    parser.add_argument(
        "--names",
        default=None,
        metavar="NAME,NAME...",
        # Translators: --help of bergen keep --names.
        help=i.gettext("the players in playing order (their number sets --players)"),
    )
    parser.add_argument(
        "--scores",
        default=None,
        metavar="N,N...",
        # Translators: --help of bergen keep --scores.
        help=i.gettext("start from these scores, one per side"),
    )
    parser.add_argument(
        # Translators: --help of --lang.
        "--lang",
        default=None,
        help=i.gettext("language: {languages}").format(languages=", ".join(LANGUAGES)),
    )
    parser.add_argument(
        # Translators: --help of --speech.
        "--speech",
        choices=SPEECH_CHOICES,
        default=None,
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
        "--new",
        action="store_true",
        # Translators: --help of bergen keep --new.
        help=i.gettext("start a new record even if one is saved"),
    )
    parser.add_argument(
        "--export-dir",
        default=None,
        metavar="DIR",
        # Translators: --help of bergen keep --export-dir.
        help=i.gettext("where export writes its files"),
    )


def _saved(setup: Setup, autosave: Path, new: bool) -> tuple[Table | Tally, list[str]] | None:
    if not autosave.exists():
        return None
    i = setup.i
    try:
        core, names = load_keep(json.loads(autosave.read_text(encoding="utf-8")))
    except (RecordError, ValueError, OSError) as error:
        kept = set_aside(autosave, "damaged")
        reason = getattr(error, "code", type(error).__name__)
        setup.tell(
            i.gettext("The saved match could not be read ({reason}). It was kept as {path}.").format(
                reason=reason, path=kept
            )
        )
        return None
    if not new and not core.is_over:
        # Translators: offer to continue a saved scorekeeping session. {hand} is its hand number.
        question = i.gettext("A saved score sheet is waiting, in hand {hand}. Continue it? Yes or no.")
        if setup.yes_no(question.format(hand=core.hand_number)):
            return core, names
    autosave.replace(autosave.with_name("keep.previous.json"))
    return None


def run(parser: argparse.ArgumentParser, args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Carry out ``bergen keep``."""
    settings_path = paths.settings_path()
    settings = Settings.load(settings_path)
    language = choose_language(args.lang, settings.language, environment())
    words = I18n(language)
    if args.lang is not None and normalize_language(args.lang) is None:
        parser.error(words.gettext("--lang: choose {languages}.").format(languages=", ".join(LANGUAGES)))
    names = [n.strip() for n in (args.names or "").split(",") if n.strip()]
    players = len(names) if names else args.players
    names = names or list(DEFAULT_NAMES[:players])
    if len({n.casefold() for n in names}) != len(names):
        # Translators: command-line error: two players with the same name.
        parser.error(words.gettext("--names: every player needs a name of their own."))
    args.players = players
    try:
        rules = rules_from_arguments(args)
    except RulesError as error:
        parser.error(rules_error(words, error))
    scores = None
    if args.scores:
        try:
            scores = [int(part) for part in args.scores.split(",")]
            Table(rules, scores)
        except ValueError:
            parser.error(
                # Translators: command-line error about --scores.
                # {sides} is the number of sides, {target} the target.
                words.gettext("--scores: one number per side ({sides}), each below {target}.").format(
                    sides=rules.sides, target=rules.target_score
                )
            )
    width = args.braille_width or settings.braille_width or 40
    verbosity = Verbosity(args.verbosity or settings.verbosity or Verbosity.NORMAL.value)
    plain = is_plain(args, stdin, stdout)
    announcer = Announcer(stdout, language=language, braille_width=width, terse=verbosity is Verbosity.TERSE)
    box: list[Keeper] = []
    reader: LineReader
    if plain:
        reader = PlainReader(stdin, stdout, echo=not stdin.isatty())
    else:
        reader = PromptReader(
            lambda: [], lambda: box[0].handle("repeat") if box else None, announcer.stop_speech
        )
    setup = Setup(words, announcer, reader)
    autosave = paths.data_dir() / "keep.json"
    try:
        speech = args.speech or settings.speech or "off"
        saved = _saved(setup, autosave, args.new)
    except (EOFError, KeyboardInterrupt):
        return 0
    if saved is not None:
        core, names = saved
    else:
        core = Tally(rules, scores) if args.mode == "tally" else Table(rules, scores)
    announcer.set_speaker(open_speaker(speech))
    export_dir = Path(args.export_dir) if args.export_dir else paths.data_dir() / "exports"
    session = KeepSession(autosave, export_dir, settings, settings_path, speech, open_speaker)
    keeper = Keeper(
        core,
        names,
        language=language,
        verbosity=verbosity,
        announcer=announcer,
        reader=reader,
        session=session,
    )
    box.append(keeper)
    try:
        return keeper.run()
    finally:
        announcer.close()
