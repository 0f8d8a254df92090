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
from .console import Setup, add_console_arguments, open_console, open_speaker, report_crash, set_aside
from .core.keep_record import load_keep
from .core.record import RecordError
from .core.rules import RulesError
from .core.table import Table
from .core.tally import Tally
from .i18n import I18n
from .rule_args import add_rule_arguments, rules_from_arguments
from .session import paths
from .ui.keeper import Keeper, KeepSession

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
    add_console_arguments(parser, i)
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
    console = open_console(parser, args, stdin, stdout)
    words, announcer, setup, settings = console.words, console.announcer, console.setup, console.settings
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
            # Translators: command-line error about --scores.
            # {sides} is the number of sides, {target} the target.
            text = words.gettext("--scores: one number per side ({sides}), each below {target}.")
            parser.error(text.format(sides=rules.sides, target=rules.target_score))
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
    session = KeepSession(autosave, export_dir, settings, console.settings_path, speech, open_speaker)
    keeper = Keeper(
        core,
        names,
        language=console.language,
        verbosity=console.verbosity,
        announcer=announcer,
        reader=console.reader,
        session=session,
    )
    console.target.append(keeper)
    try:
        return keeper.run()
    except Exception:
        return report_crash(keeper.i18n, announcer)
    finally:
        announcer.close()
