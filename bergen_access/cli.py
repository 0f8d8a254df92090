"""The ``bergen`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .core.rules import RulesError
from .rule_args import add_rule_arguments, rules_from_arguments


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bergen",
        description="Bergen dominoes for screen reader and braille users.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    simulate = commands.add_parser(
        "simulate",
        help="play complete matches between random computer players and print them",
        description="Play complete matches between random computer players and print every event.",
    )
    add_rule_arguments(simulate)
    simulate.add_argument("--seed", type=int, default=1, help="seed of the first match (default 1)")
    simulate.add_argument("--matches", type=int, default=1, help="number of matches (default 1)")
    simulate.add_argument("--json", action="store_true", help="print JSON lines")
    simulate.add_argument("--quiet", action="store_true", help="print only the result of each match")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        from .simulate import simulate  # noqa: PLC0415 - keep start-up light

        try:
            rules = rules_from_arguments(args)
        except RulesError as error:
            parser.error(f"{error.code}: {error.option}={error.value}")
        if args.matches < 1:
            parser.error("--matches must be at least 1")
        try:
            simulate(rules, args.seed, args.matches, as_json=args.json, quiet=args.quiet)
        except BrokenPipeError:
            sys.stderr.close()
        return 0
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
