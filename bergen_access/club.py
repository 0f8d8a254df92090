"""``bergen club``: the director's evening of a club at physical tables.

The players are entered by name, the rounds and tables announced, each table's final scores
entered; standings after every round; undo; the evening exported as text and CSV. It is kept as a
journal (write-ahead), so a killed program loses nothing, and ``bergen club`` offers to go on.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from .boundary import MAX_NAME, name_problem
from .commands.lexicon import fold, names_a_command
from .console import Console, add_console_arguments, guarded, open_console, seat_session, start_channels
from .i18n import I18n
from .keeping.club_sheet import CLUB_FILE, CLUB_LOCK, PREVIOUS_CLUB_FILE, ClubFile, read_evening
from .present import notices
from .present.club_text import ClubText
from .seat.club import Director
from .tournament import Format
from .tournament.evening import Evening
from .ui.club import run_evening


def add_arguments(parser: argparse.ArgumentParser, i: I18n) -> None:
    """The flags of ``bergen club``."""
    parser.add_argument(
        "--names",
        default=None,
        metavar="NAME,NAME...",
        # Translators: --help of bergen club --names.
        help=i.gettext("the players, in the order they came (without it, they are asked for one by one)"),
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        metavar="N",
        # Translators: --help of bergen club --rounds.
        help=i.gettext("how many rounds the evening has (3 if not given)"),
    )
    parser.add_argument(
        "--table-size",
        type=int,
        choices=(2, 3, 4),
        default=2,
        # Translators: --help of bergen club --table-size.
        help=i.gettext("players at each table: 2, 3 or 4"),
    )
    parser.add_argument(
        "--partners",
        action="store_true",
        # Translators: --help of bergen club --partners.
        help=i.gettext("tables of 4 in two partnerships, the partners changing every round"),
    )
    add_console_arguments(parser, i)
    parser.add_argument(
        "--new",
        action="store_true",
        # Translators: --help of bergen club --new.
        help=i.gettext("start a new evening even if one is saved"),
    )
    parser.add_argument(
        "--export-dir",
        default=None,
        metavar="DIR",
        # Translators: --help of bergen club --export-dir.
        help=i.gettext("where export writes its files"),
    )


def name_refusal(name: str, names: list[str], text: ClubText) -> str | None:
    """Why ``name`` cannot join ``names`` (each a typeable word of its own), or None."""
    problem = name_problem(name)
    if problem is not None:
        return text.name_refused(name, problem, MAX_NAME)
    if names_a_command(name, text.i):
        return text.name_refused(name, None, MAX_NAME)
    same = [n for n in names if fold(n, text.i.language) == fold(name, text.i.language)]
    return text.name_twice(same[0]) if same else None


def _format(parser: argparse.ArgumentParser, args: argparse.Namespace, words: I18n) -> Format:
    if not 1 <= args.rounds <= 99:
        # Translators: command-line error about bergen club --rounds.
        parser.error(words.gettext("--rounds: a number from 1 to 99."))
    if args.partners and args.table_size != 4:
        # Translators: command-line error: --partners needs --table-size 4.
        parser.error(words.gettext("--partners: partners play at tables of 4 (--table-size 4)."))
    return Format(args.table_size, args.rounds, args.partners)


def _given_names(
    parser: argparse.ArgumentParser, args: argparse.Namespace, fmt: Format, words: I18n
) -> list[str]:
    text = ClubText(words, [])
    names: list[str] = []
    for name in (n.strip() for n in args.names.split(",")):
        refusal = name_refusal(name, names, text)
        if refusal is not None:
            parser.error(refusal)
        names.append(name)
    if len(names) < fmt.table_size:
        parser.error(text.too_few(fmt.table_size, len(names)))
    return names


def _asked_names(console: Console, fmt: Format) -> list[str]:
    """The players, asked one per line until an empty line (``quit`` leaves)."""
    text = ClubText(console.words, [])
    setup = console.setup
    setup.tell(text.names_intro())
    names: list[str] = []
    while True:
        name = setup.answer(text.name_prompt(len(names) + 1))  # quit leaves here too
        if not name:
            if len(names) >= fmt.table_size:
                return names
            setup.tell(text.too_few(fmt.table_size, len(names)))
            continue
        refusal = name_refusal(name, names, text)
        if refusal is not None:
            setup.tell(refusal)
            continue
        names.append(name)
        setup.tell(text.name_taken(len(names), name))


def _saved(console: Console, new: bool) -> tuple[Evening, ClubFile] | None:
    """The saved evening if the director wants it, with the journal it goes on in."""
    loaded = console.load_saved(CLUB_FILE, "club", read_evening)
    if loaded is None:
        return None
    evening, journal = loaded
    path = console.data.path(CLUB_FILE)
    assert path is not None
    if journal.torn:
        console.announcer.announce(notices.torn_sheet(console.words, str(path)))
    file = ClubFile(console.data, path, journal.good_size)
    if journal.torn:
        file.cut_tail()
        console.tell_storage()
    question = ClubText(console.words, evening.names).continue_question
    if not new and not evening.is_over and console.setup.yes_no(question(evening)):
        return evening, file
    file.close()
    console.keep_declined(CLUB_FILE, PREVIOUS_CLUB_FILE)
    return None


def run(parser: argparse.ArgumentParser, args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Carry out ``bergen club``."""
    console = open_console(parser, args, stdin, stdout)
    words, settings = console.words, console.settings
    fmt = _format(parser, args, words)
    given = _given_names(parser, args, fmt, words) if args.names is not None else None
    directors: list[Director] = []

    def evening() -> int:
        if not console.claim(CLUB_LOCK, "club"):
            return 0
        speech = args.speech or settings.speech or "off"
        saved = _saved(console, args.new)
        start_channels(console, args, speech)
        if saved is not None:
            current, file = saved
        else:
            current, file = Evening(fmt, given or _asked_names(console, fmt)), None
        export_dir = Path(args.export_dir) if args.export_dir else console.data.path("exports")
        director = Director(
            current,
            language=console.language,
            verbosity=console.verbosity,
            announcer=console.announcer,
            session=seat_session(console, speech, export_dir=export_dir),
            file=file,
        )
        directors.append(director)
        console.target.append(director)
        return run_evening(director, console.reader, resumed=saved is not None)

    return guarded(console, evening, lambda: directors[0].i18n if directors else words)
