"""The ``bergen`` command: parse the command line and hand over to a mode.

``bergen`` alone plays a match; ``bergen simulate`` plays computer against
computer and prints the events.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    from . import play, simulate  # noqa: PLC0415 - keep start-up light

    parser = argparse.ArgumentParser(
        prog="bergen",
        description=(
            "Bergen dominoes for screen reader and braille users. "
            "Without a command: play a match against computer players."
        ),
        epilog=(
            "Keys while playing: F2 repeats the last announcement, F3 stops speech. "
            "Type help in the game for its commands."
        ),
    )
    play.add_arguments(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    simulate_parser = commands.add_parser(
        "simulate",
        help="play complete matches between computer players and print them",
        description="Play complete matches between computer players and print every event.",
    )
    simulate.add_arguments(simulate_parser)
    return parser, {"simulate": simulate_parser}


def main(argv: Sequence[str] | None = None) -> int:
    parser, subparsers = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        from . import simulate  # noqa: PLC0415

        return simulate.run(subparsers["simulate"], args)
    from . import play  # noqa: PLC0415

    return play.run(parser, args, sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
