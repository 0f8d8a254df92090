"""The ``bergen`` command: parse the command line and hand over to a mode.

``bergen`` alone plays a match; ``bergen simulate`` plays computer against
computer and prints the events.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Sequence

from .cli_text import early_language, install_argparse_words
from .i18n import I18n, choose_language, environment
from .session import paths
from .session.settings import SETTINGS_FILE, Settings


def build_parser(i: I18n) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    from . import keep, play, simulate  # noqa: PLC0415 - keep start-up light
    from .net.join import add_join_arguments  # noqa: PLC0415
    from .net.run import add_serve_arguments  # noqa: PLC0415

    install_argparse_words(i)
    parser = argparse.ArgumentParser(
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
    play.add_arguments(parser, i)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    simulate_parser = commands.add_parser(
        "simulate",
        # Translators: --help, the simulate command in the list of commands.
        help=i.gettext("play complete matches between computer players and print them"),
        # Translators: --help of bergen simulate.
        description=i.gettext("Play complete matches between computer players and print every event."),
    )
    simulate.add_arguments(simulate_parser, i)
    keep_parser = commands.add_parser(
        "keep",
        # Translators: --help, the keep command in the list of commands.
        help=i.gettext("keep the score of a table of physical dominoes"),
        # Translators: --help of bergen keep.
        description=i.gettext(
            "Keep the score of a table of physical dominoes: enter every play (the headers are found), "
            "or with --mode tally only what scores."
        ),
    )
    keep.add_arguments(keep_parser, i)
    serve_parser = commands.add_parser(
        "serve",
        # Translators: --help, the serve command in the list of commands.
        help=i.gettext("host tables that players join over the network"),
        # Translators: --help of bergen serve.
        description=i.gettext(
            "Host a lobby and tables for players who join with bergen join, telnet or a MUD client."
        ),
    )
    add_serve_arguments(serve_parser, i)
    join_parser = commands.add_parser(
        "join",
        # Translators: --help, the join command in the list of commands.
        help=i.gettext("join a table server (bergen serve) with speech, braille and sounds"),
        # Translators: --help of bergen join.
        description=i.gettext("Play at a table server with this program's speech, braille and sounds."),
    )
    add_join_arguments(join_parser, i)
    return parser, {
        "simulate": simulate_parser,
        "keep": keep_parser,
        "serve": serve_parser,
        "join": join_parser,
    }


def prepare_streams() -> None:
    """Bytes that are not UTF-8 reach the input boundary (as lone surrogates) instead of crashing the read;
    text the terminal's encoding cannot show is replaced instead of crashing the write."""
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "replace"), (sys.stderr, "replace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors=errors)


def main(argv: Sequence[str] | None = None) -> int:
    prepare_streams()
    arguments = list(sys.argv[1:] if argv is None else argv)
    config = paths.config_dir()
    saved = Settings.read(config / SETTINGS_FILE if config else None)[0].language
    i = I18n(choose_language(early_language(arguments), saved, environment()))
    parser, subparsers = build_parser(i)
    args = parser.parse_args(arguments)
    if args.command == "simulate":
        from . import simulate  # noqa: PLC0415

        return simulate.run(subparsers["simulate"], args, i)
    if args.command == "keep":
        from . import keep  # noqa: PLC0415

        return keep.run(subparsers["keep"], args, sys.stdin, sys.stdout)
    if args.command == "serve":
        from .net.run import serve  # noqa: PLC0415

        return serve(args, sys.stdout, i)
    if args.command == "join":
        from .net.join import join  # noqa: PLC0415

        return join(subparsers["join"], args, sys.stdin, sys.stdout)
    from . import play  # noqa: PLC0415

    return play.run(parser, args, sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
