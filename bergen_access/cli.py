"""The ``bergen`` command: parse the command line and hand over to a mode."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    from . import simulate  # noqa: PLC0415 - keep start-up light

    parser = argparse.ArgumentParser(
        prog="bergen",
        description="Bergen dominoes for screen reader and braille users.",
    )
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
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
