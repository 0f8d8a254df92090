"""Rule options as command-line flags, shared by every ``bergen`` command."""

from __future__ import annotations

import argparse
from typing import Any

from .core.rules import DEFAULT_PRESET, OPTION_NAMES, PRESET_NAMES, Rules, option_values, preset

#: Options with flags of their own elsewhere (--players, --partners).
_TABLE_OPTIONS = ("players", "partnerships")


def flag_of(option: str) -> str:
    """``reserved_tiles`` → ``--reserved-tiles``."""
    return "--" + option.replace("_", "-")


def add_rule_arguments(parser: argparse.ArgumentParser) -> None:
    """Add --preset, --players, --partners and one flag per rule option."""
    parser.add_argument("--preset", choices=PRESET_NAMES, default=DEFAULT_PRESET, help="rule preset")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2, help="number of players")
    parser.add_argument("--partners", action="store_true", help="two partnerships (4 players)")
    group = parser.add_argument_group("rule options (change one option of the preset)")
    for option in OPTION_NAMES:
        if option in _TABLE_OPTIONS:
            continue
        values = option_values(option)
        metavar = "|".join(values) if values else "N"
        group.add_argument(flag_of(option), dest=f"rule_{option}", metavar=metavar, default=None)


def rules_from_arguments(args: argparse.Namespace) -> Rules:
    """The rules the parsed flags ask for (``RulesError`` if they cannot be played)."""
    changes: dict[str, Any] = {"players": args.players, "partnerships": args.partners}
    for option in OPTION_NAMES:
        value = getattr(args, f"rule_{option}", None)
        if value is not None:
            changes[option] = value
    return preset(args.preset, **changes)
