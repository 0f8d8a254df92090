"""``bergen keep``: keep the score of a table of physical dominoes.

Two ways: tracking (the table calls out every play, draw and pass; the
program finds the headers) or the tally (only what scores is called out).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from .boundary import NameProblem, ascii_number, name_problem
from .commands.keep_parser import KeepLexicon
from .commands.lexicon import fold, names_a_command
from .console import (
    Console,
    add_console_arguments,
    guarded,
    open_console,
    seat_session,
    start_channels,
)
from .core.refused import RecordProblem
from .core.rules import Rules, RulesError
from .core.rules import Tally as TallyKind
from .core.table import Table
from .core.tally import Tally
from .i18n import I18n
from .keeping.sheet import (
    LEGACY_FILE,
    PREVIOUS_FILE,
    SHEET,
    SHEET_FILE,
    Sheet,
    SheetFile,
    continues,
    read_legacy,
    read_sheet,
)
from .present import notices
from .present.refusals import name_refused, rules_error
from .rule_args import add_rule_arguments, rules_from_arguments
from .seat.keeper import Keeper
from .session.appendfile import JournalText
from .session.savefile import checked_name
from .session.untrusted import DamagedFile
from .ui.keeper import keep_score

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
        help=i.gettext(
            "start from these scores, one per side: points scored (with the counter tally: counters "
            "already discarded; see --counters)"
        ),
    )
    parser.add_argument(
        "--counters",
        default=None,
        metavar="N,N...",
        # Translators: --help of bergen keep --counters.
        help=i.gettext("counter tally: start from the counters each side still holds, one per side"),
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


LEGACY_PREVIOUS = "keep.previous.json"


def _saved(console: Console, new: bool) -> tuple[Table | Tally, list[str], SheetFile] | None:
    """The saved score sheet if the keeper wants it, with the journal it goes on in; a damaged file is
    reported and kept aside."""
    i = console.words
    saved = _open_sheet(console) or _legacy_sheet(console)
    if saved is None:
        return None
    core, names, sheet = saved
    if not new and not core.is_over:
        # Translators: offer to continue a saved scorekeeping session. {hand} is its hand number.
        question = i.gettext("A saved score sheet is waiting, in hand {hand}. Continue it? Yes or no.")
        if console.setup.yes_no(question.format(hand=core.hand_number)):
            return core, names, sheet
    sheet.close()
    if sheet.path is not None:
        console.keep_declined(SHEET_FILE, PREVIOUS_FILE)
    else:  # a sheet of version 1 that could not be carried on
        console.keep_declined(LEGACY_FILE, LEGACY_PREVIOUS)
    return None


def _open_sheet(console: Console) -> tuple[Table | Tally, list[str], SheetFile] | None:
    """The sheet kept as a journal (``keep.jsonl``); an unfinished last line is said and cut off."""
    words = console.words

    def load(path: Path) -> tuple[Sheet, JournalText]:
        sheet, text = read_sheet(path, checked_name)
        _check_names(sheet[1], words)
        return sheet, text

    loaded = console.load_saved(SHEET_FILE, "sheet", load)
    if loaded is None:
        return None
    (core, names), text = loaded
    path = console.data.path(SHEET_FILE)
    assert path is not None
    if text.torn:
        console.announcer.announce(notices.torn_sheet(words, str(path)))
    sheet = SheetFile(console.data, names, path=path, written=core.entries, good_size=text.good_size)
    if text.torn:
        sheet.cut_tail()
        console.tell_storage()
    _tidy_legacy(console, (core, names))
    return core, names, sheet


def _legacy_sheet(console: Console) -> tuple[Table | Tally, list[str], SheetFile] | None:
    """A sheet of version 1 (``keep.json``): carried on as a journal, which takes its place."""
    words = console.words

    def load(path: Path) -> Sheet:
        sheet = read_legacy(path, checked_name)
        _check_names(sheet[1], words)
        return sheet

    loaded = console.load_saved(LEGACY_FILE, "sheet", load)
    if loaded is None:
        return None
    core, names = loaded
    sheet = SheetFile(console.data, names, replaces=LEGACY_FILE)
    sheet.sync(core)  # the old file is removed once the journal holds the sheet
    console.tell_storage()
    return core, names, sheet


def _tidy_legacy(console: Console, sheet: Sheet) -> None:
    """A ``keep.json`` beside the journal that carries it on (carrying it on was cut short) is removed;
    any other is left for when this sheet is done."""
    path = console.data.path(LEGACY_FILE)
    if path is None or not path.is_file() or not console.data.usable:
        return
    try:
        legacy = read_legacy(path)
    except (OSError, DamagedFile):
        return
    if continues(sheet, legacy):
        console.data.remove(LEGACY_FILE)


def _check_names(names: list[str], words: I18n) -> None:
    """The same names the command line takes; ``DamagedFile`` if not."""
    if names_refusal(names, words) is not None:
        raise DamagedFile(RecordProblem.MALFORMED, "sheet.names")


def names_refusal(names: list[str], words: I18n) -> str | None:
    """Why these players' names cannot be kept (each a typeable word of its own), or None."""
    lexicon = KeepLexicon(words, [])
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            return name_refused(words, name, problem)
        if lexicon.meaning(name) is not None or names_a_command(name, words):
            return notices.name_is_a_word(words, name)
    if len({fold(n, words.language) for n in names}) != len(names):
        # Translators: command-line error: two players with the same name.
        return words.gettext("--names: every player needs a name of their own.")
    return None


def _names(parser: argparse.ArgumentParser, args: argparse.Namespace, words: I18n) -> list[str]:
    """The players' names from --names (or the defaults), each a name a keeper can type."""
    names = [n.strip() for n in (args.names or "").split(",") if n.strip()] if args.names else []
    if args.names is not None and not names:
        parser.error(name_refused(words, "", NameProblem.EMPTY))
    names = names or list(DEFAULT_NAMES[: args.players])
    refusal = names_refusal(names, words)
    if refusal is not None:
        parser.error(refusal)
    return names


def _numbers(text: str, sides: int, low: int, high: int) -> list[int] | None:
    """One number (ASCII digits) per side, each from ``low`` to ``high``; None if not."""
    numbers = [ascii_number(part.strip()) for part in text.split(",")]
    if len(numbers) != sides or any(n is None or not low <= n <= high for n in numbers):
        return None
    return [n for n in numbers if n is not None]


def _starting_scores(
    parser: argparse.ArgumentParser, args: argparse.Namespace, rules: Rules, words: I18n
) -> list[int] | None:
    """Where the sheet starts: --scores (points, or counters discarded) or --counters (counters held)."""
    sides, target = rules.sides, rules.target_score
    if args.counters is not None:
        if rules.tally is not TallyKind.COUNTERS:
            # Translators: command-line error: --counters belongs to the counter tally.
            text = words.gettext("--counters is for the counter tally (--preset counters); use --scores.")
            parser.error(text)
        held = _numbers(args.counters, sides, 1, target)
        if held is None:
            # Translators: command-line error about --counters. {sides} sides, {target} counters each at most.
            text = words.gettext("--counters: one number per side ({sides}), each from 1 to {target}.")
            parser.error(text.format(sides=sides, target=target))
        return [target - n for n in held]
    if args.scores is None:
        return None
    scores = _numbers(args.scores, sides, 0, target - 1)
    if scores is None:
        # Translators: command-line error about --scores. {sides} is the number of sides, {target} the target.
        text = words.gettext("--scores: one number per side ({sides}), each below {target}.")
        parser.error(text.format(sides=sides, target=target))
    return scores


def run(parser: argparse.ArgumentParser, args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Carry out ``bergen keep``."""
    console = open_console(parser, args, stdin, stdout)
    words, announcer, settings = console.words, console.announcer, console.settings
    names = _names(parser, args, words)
    args.players = len(names)
    try:
        rules = rules_from_arguments(args)
    except RulesError as error:
        parser.error(rules_error(words, error))
    scores = _starting_scores(parser, args, rules, words)
    keepers: list[Keeper] = []

    def keep() -> int:
        if not console.claim(SHEET, "sheet"):
            return 0
        if console.data.usable:
            console.data.clean_temporary(SHEET_FILE)  # a killed writer's, beside the sheet's own name
        speech = args.speech or settings.speech or "off"
        saved = _saved(console, args.new)
        sheet: SheetFile | None = None
        if saved is not None:
            core, kept_names, sheet = saved
        else:
            core, kept_names = (Tally(rules, scores) if args.mode == "tally" else Table(rules, scores)), names
        start_channels(console, args, speech)
        export_dir = Path(args.export_dir) if args.export_dir else console.data.path("exports")
        keeper = Keeper(
            core,
            kept_names,
            language=console.language,
            verbosity=console.verbosity,
            announcer=announcer,
            session=seat_session(console, speech, export_dir=export_dir),
            sheet=sheet,
        )
        keepers.append(keeper)
        console.target.append(keeper)
        return keep_score(keeper, console.reader, resumed=saved is not None)

    return guarded(console, keep, lambda: keepers[0].i18n if keepers else words)
