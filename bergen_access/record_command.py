"""``bergen record``: the matches played here, their statistics, an export, a replay.

``bergen record`` lists every recorded match (newest first, one line each)
and the statistics; ``bergen record export N`` writes match N as text and
CSV in the scorekeeper's format; ``bergen record replay N`` steps through it
at the player's seat. Records that cannot be used are set aside, each said in
one sentence, and the rest are listed.
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path
from typing import TextIO

from .commands.lexicon import Lexicon, fold
from .console import Console, add_console_arguments, guarded, open_console
from .core.events import Event
from .core.statistics import events_by_hand
from .i18n import I18n
from .keeping.export import record_csv, record_text, write_export
from .output.announcer import Announcer
from .present import notices
from .present.message import Message, Verbosity
from .present.narrator import Narrator
from .present.record_talk import (
    entry_line,
    export_failed,
    exported,
    listing,
    no_such_match,
    number_needed,
    record_action_refused,
    replay_over,
    replay_refusal,
    replay_start,
    statistics_message,
    when,
)
from .present.words import Words
from .seat.match_seat import Seating
from .seat.record_replay import RecordReplay
from .seat.session import QuitGame
from .session.match_log import Entry, read_records
from .session.paths import said_folder
from .session.savefile import checked_seat
from .ui.reader import ask

ACTIONS = ("list", "stats", "export", "replay")
MOST_TOLD = 10**9  # every message of a match


def add_arguments(parser: argparse.ArgumentParser, i: I18n) -> None:
    """The words and flags of ``bergen record``."""
    parser.add_argument(
        "action",
        nargs="?",
        default="list",
        metavar="{list,stats,export,replay}",
        # Translators: --help of bergen record's first word. Keep the words list, export and replay; stats
        # is the catalog's word for the statistics (record stats), which works here too.
        help=i.gettext(
            "list (the default): the matches and statistics; {stats}: the statistics only; export N; replay N"
        ).format(stats=Lexicon(i).stats_words()[0]),
    )
    parser.add_argument(
        "number",
        nargs="?",
        type=int,
        default=None,
        # Translators: --help of bergen record's number: a match's number in the list.
        help=i.gettext("the match's number in the list (1 is the newest)"),
    )
    parser.add_argument(
        "--export-dir",
        default=None,
        metavar="FOLDER",
        # Translators: --help of bergen record --export-dir.
        help=i.gettext("where export writes (default: the exports folder beside the records)"),
    )
    add_console_arguments(parser, i)


def action_of(word: str, i: I18n) -> str | None:
    """What ``bergen record WORD`` asks for: list, export, replay, or the statistics by the same words as
    the game's ``record stats`` (the player's language or English); None for any other word."""
    if Lexicon(i).is_stats_word(word):
        return "stats"
    folded = fold(word, i.language)
    return next((action for action in ACTIONS if folded == action), None)


def seating_of(entry: Entry) -> Seating:
    """Who sat where in a recorded match (at a network table, seen from the first person's seat)."""
    levels = {n: level for n, level in entry.seat_levels.items() if n != entry.human}
    return Seating(names=entry.names, human=entry.human, levels=levels)


def line_of(i: I18n, number: int, entry: Entry) -> str:
    return entry_line(i, number, entry)


def _plain(text: str) -> Message:
    return Message(text, text, text)


def _listing(console: Console, entries: list[Entry]) -> int:
    """Every match, then the statistics: the same presenter as the game's record command."""
    for message in listing(console.words, entries, recording=console.data.saves):
        console.announcer.announce(message)
    if any(entry.player is not None for entry in entries):  # a server's tables alone: nobody's statistics
        console.announcer.announce(
            statistics_message(console.words, entries, console.verbosity, recording=console.data.saves)
        )
    return 0


def told_messages(entry: Entry, language: str, verbosity: Verbosity) -> list[Message]:
    """Everything the player's seat told in the match, in order (replayed silently)."""
    quiet = Announcer(io.StringIO(), language=language)
    replay = RecordReplay(
        entry.match, seating_of(entry), language=language, verbosity=verbosity, announcer=quiet
    )
    while replay.step():
        pass
    return replay.seat.history_messages(MOST_TOLD)


def export_texts(entry: Entry, language: str, verbosity: Verbosity) -> tuple[str, str]:
    """The match as the scorekeeper's text and CSV."""
    seating = seating_of(entry)
    match = entry.match
    narrator = Narrator(Words(I18n(language), match.rules, seating.names, seating.human), verbosity)
    events: list[Event] = [event for hand in events_by_hand(match) for event in hand]
    text = record_text(
        narrator,
        told_messages(entry, language, verbosity),
        match.scores,
        match.starting_scores,
        match.target,
        date=when(entry.started),
    )
    return text, record_csv(narrator, events, match.target)


def _export(console: Console, entry: Entry, folder: Path | None) -> int:
    i = console.words
    if folder is None:
        console.announcer.announce(_plain(export_failed(i, notices.no_folder(i))))
        return 1
    text, table = export_texts(entry, console.language, console.verbosity)
    base = "bergen-match-" + entry.path.stem
    try:
        text_path, _csv_path = write_export(folder, base, text, table)
    except OSError as error:
        console.announcer.announce(_plain(export_failed(i, error.strerror or str(error))))
        return 1
    console.announcer.announce(_plain(exported(i, text_path.stem, said_folder(text_path.parent))))
    return 0


def _replay(console: Console, entry: Entry, number: int) -> int:
    i = console.words
    replay = RecordReplay(
        entry.match,
        seating_of(entry),
        language=console.language,
        verbosity=console.verbosity,
        announcer=console.announcer,
    )
    console.target.append(replay.seat)
    console.announcer.announce(_plain(replay_start(i, line_of(i, number, entry), *replay.commands())))
    told_over = False
    try:
        while True:
            try:
                line = ask(console.reader, replay.prompt())
            except (EOFError, KeyboardInterrupt):
                return 0
            if not replay.handle(line):
                replay.seat.say(
                    replay.seat.feedback.plain(replay_refusal(replay.seat.i18n, *replay.commands()))
                )
            if replay.finished and not told_over:
                told_over = True
                leave = replay.commands()[1]
                replay.seat.say(replay.seat.feedback.plain(replay_over(replay.seat.i18n, leave)))
    except QuitGame:
        return 0


def run(parser: argparse.ArgumentParser, args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Carry out ``bergen record``."""
    console = open_console(parser, args, stdin, stdout)

    def body() -> int:
        i = console.words
        entries, problems = read_records(console.data, checked_seat)
        for problem in problems:
            console.announcer.announce(notices.file_problem(i, "record", problem))
        action = action_of(args.action, i)
        if action is None:
            stats = Lexicon(i).stats_words()[0]
            console.announcer.announce(_plain(record_action_refused(i, args.action, stats)))
            return 2
        if action == "list":
            return _listing(console, entries)
        if action == "stats":
            console.announcer.announce(
                statistics_message(console.words, entries, console.verbosity, recording=console.data.saves)
            )
            return 0
        if args.number is None:
            console.announcer.announce(_plain(number_needed(i, action)))
            return 2
        if not 1 <= args.number <= len(entries):
            console.announcer.announce(_plain(no_such_match(i, args.number, len(entries))))
            return 1
        entry = entries[args.number - 1]
        if action == "export":
            folder = Path(args.export_dir) if args.export_dir else console.data.path("exports")
            return _export(console, entry, folder)
        return _replay(console, entry, args.number)

    return guarded(console, body, lambda: console.words)
