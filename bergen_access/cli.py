"""The ``bergen`` command: parse the command line and hand over to a mode.

``bergen`` alone plays a match; ``bergen simulate`` plays computer against
computer and prints the events.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Sequence

from .cli_text import early_language, localized_parser
from .i18n import I18n, choose_language, environment
from .output.voice_worker import VOICE_WORKER_FLAG
from .session import paths
from .session.settings import SETTINGS_FILE, Settings
from .system import is_terminal

#: the commands besides playing, each with the module that reads its flags and carries it out
SUBCOMMANDS = ("simulate", "keep", "club", "serve", "join", "learn", "record")


def chosen_command(arguments: Sequence[str]) -> str | None:
    """The command the command line asks for (None: play a match)."""
    return next((word for word in arguments if word in SUBCOMMANDS), None)


def _about(i: I18n) -> dict[str, tuple[str, str]]:
    """Each command's line in the list of commands and its own description, for --help."""
    return {
        "simulate": (
            # Translators: --help, the simulate command in the list of commands.
            i.gettext("play complete matches between computer players and print them"),
            # Translators: --help of bergen simulate.
            i.gettext("Play complete matches between computer players and print every event."),
        ),
        "keep": (
            # Translators: --help, the keep command in the list of commands.
            i.gettext("keep the score of a table of physical dominoes"),
            # Translators: --help of bergen keep.
            i.gettext(
                "Keep the score of a table of physical dominoes: enter every play (the headers are found), "
                "or with --mode tally only what scores."
            ),
        ),
        "club": (
            # Translators: --help, the club command in the list of commands.
            i.gettext("run a club evening at physical tables: rounds, results, standings"),
            # Translators: --help of bergen club.
            i.gettext(
                "Run a club evening at tables of physical dominoes: enter the players, hear each round's "
                "tables, enter each table's final scores, hear the standings; undo and export."
            ),
        ),
        "serve": (
            # Translators: --help, the serve command in the list of commands.
            i.gettext("host tables that players join over the network"),
            # Translators: --help of bergen serve.
            i.gettext(
                "Host a lobby and tables for players who join with bergen join, telnet or a MUD client."
            ),
        ),
        "join": (
            # Translators: --help, the join command in the list of commands.
            i.gettext("join a table server (bergen serve) with speech, braille and sounds"),
            # Translators: --help of bergen join.
            i.gettext("Play at a table server with this program's speech, braille and sounds."),
        ),
        "learn": (
            # Translators: --help, the learn command in the list of commands.
            i.gettext("a guided practice hand that shows every rule as it happens"),
            # Translators: --help of bergen learn.
            i.gettext(
                "Practise the rules in three short guided parts: you make every move, the guide says why. "
                "Nothing is saved."
            ),
        ),
        "record": (
            # Translators: --help, the record command in the list of commands.
            i.gettext("the matches played here: list, statistics, export, replay"),
            # Translators: --help of bergen record.
            i.gettext(
                "List every match played here (newest first) with statistics; export N writes match N "
                "as text and CSV; replay N steps through it move by move."
            ),
        ),
    }


def build_parser(
    i: I18n, chosen: str | None = None
) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The command line's parser. Only the chosen command's module is imported to read its flags (the
    others are listed by name): a plain ``bergen`` never loads the server or the scorekeeper."""
    parser = localized_parser(i)(
        prog="bergen",
        # Translators: --help, what the program is.
        description=i.gettext(
            "Bergen dominoes for screen reader and braille users. "
            "Without a command: play a match against computer players."
        ),
        # Translators: --help, the last paragraph.
        epilog=i.gettext(
            "Keys while playing: F2 repeats the last announcement, F3 stops speech. "
            "Type help in the game for its commands."
        ),
    )
    if chosen is None:
        from . import play  # noqa: PLC0415 - each command's flags only when it runs

        play.add_arguments(parser, i)
    else:  # "bergen --lang de keep …": the language may come before the command too
        parser.add_argument("--lang", default=None, help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers = {}
    for name, (line, description) in _about(i).items():
        subparsers[name] = commands.add_parser(name, help=line, description=description)
        if name == chosen:
            _add_arguments(name, subparsers[name], i)
    return parser, subparsers


def _add_arguments(name: str, parser: argparse.ArgumentParser, i: I18n) -> None:
    # each import here is the command's own: it costs nothing when another command runs
    if name == "simulate":
        from .simulate import add_arguments as add_simulate  # noqa: PLC0415

        add_simulate(parser, i)
    elif name == "keep":
        from .keep import add_arguments as add_keep  # noqa: PLC0415

        add_keep(parser, i)
    elif name == "club":
        from .club import add_arguments as add_club  # noqa: PLC0415

        add_club(parser, i)
    elif name == "serve":
        from .serve import add_serve_arguments  # noqa: PLC0415

        add_serve_arguments(parser, i)
    elif name == "learn":
        from .learn import add_arguments as add_learn  # noqa: PLC0415

        add_learn(parser, i)
    elif name == "record":
        from .record_command import add_arguments as add_record  # noqa: PLC0415

        add_record(parser, i)
    else:
        from .join import add_join_arguments  # noqa: PLC0415

        add_join_arguments(parser, i)


def prepare_streams() -> None:
    """Pipes and files are UTF-8 with "\n" line ends on every system; a terminal keeps its own ways.

    Windows gives a redirected stream its ANSI code page (cp1252 in Germany), which has no Turkish
    letters and reads a UTF-8 score sheet's "Jürgen" as "JÃ¼rgen"; a sheet saved by Notepad may begin
    with a byte order mark, which is dropped. Bytes that are not UTF-8 reach the input boundary (as lone
    surrogates) instead of crashing the read; text an encoding cannot show is replaced instead of
    crashing the write. Windows would also end a line read at a lone carriage return (a hostile
    "owned\rhand" became two commands there) and write "\r\n": with "\n" the lines are the same bytes
    as elsewhere, and the input boundary takes the "\r" of a Windows line end and refuses any other.
    """
    for stream, errors, encoding in (
        (sys.stdin, "surrogateescape", "utf-8-sig"),
        (sys.stdout, "replace", "utf-8"),
        (sys.stderr, "replace", "utf-8"),
    ):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        with contextlib.suppress(ValueError, OSError):
            if is_terminal(stream):
                reconfigure(errors=errors)
            else:
                reconfigure(encoding=encoding, errors=errors, newline="\n")


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == [VOICE_WORKER_FLAG]:  # the single-file program as its own voice process
        from .output import voice_worker  # noqa: PLC0415

        return voice_worker.main()
    prepare_streams()
    config = paths.config_dir()
    saved = Settings.read(config / SETTINGS_FILE if config else None)[0].language
    i = I18n(choose_language(early_language(arguments), saved, environment()))
    parser, subparsers = build_parser(i, chosen_command(arguments))
    args = parser.parse_args(arguments)
    if args.command == "simulate":
        from . import simulate  # noqa: PLC0415

        return simulate.run(subparsers["simulate"], args, i)
    if args.command == "keep":
        from . import keep  # noqa: PLC0415

        return keep.run(subparsers["keep"], args, sys.stdin, sys.stdout)
    if args.command == "club":
        from . import club  # noqa: PLC0415

        return club.run(subparsers["club"], args, sys.stdin, sys.stdout)
    if args.command == "serve":
        from .serve import serve  # noqa: PLC0415

        return serve(args, sys.stdout, i)
    if args.command == "learn":
        from . import learn  # noqa: PLC0415

        return learn.run(subparsers["learn"], args, sys.stdin, sys.stdout)
    if args.command == "join":
        from .join import join  # noqa: PLC0415

        return join(subparsers["join"], args, sys.stdin, sys.stdout)
    if args.command == "record":
        from . import record_command  # noqa: PLC0415

        return record_command.run(subparsers["record"], args, sys.stdin, sys.stdout)
    from . import play  # noqa: PLC0415

    return play.run(parser, args, sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
