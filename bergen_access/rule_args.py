"""Rule options as command-line flags, shared by every ``bergen`` command."""

from __future__ import annotations

import argparse
from typing import Any

from .core.rules import DEFAULT_PRESET, OPTION_NAMES, PRESET_NAMES, Rules, option_values, preset
from .core.tiles import SET_SIZES
from .i18n import I18n

#: Options with flags of their own elsewhere (--players, --partners, --set).
_TABLE_OPTIONS = ("players", "partnerships", "tile_set")


def flag_of(option: str) -> str:
    """``reserved_tiles`` → ``--reserved-tiles``."""
    return "--" + option.replace("_", "-")


def option_help(i: I18n) -> dict[str, str]:
    """What each rule option means, for --help."""
    return {
        # Translators: --help of a rule option.
        "opener": i.gettext("which double opens each hand"),
        # Translators: --help of a rule option.
        "no_double": i.gettext("what happens when nobody holds a double"),
        # Translators: --help of a rule option.
        "hand_size": i.gettext("tiles dealt: 6/6/5, or 8 minus the players"),
        # Translators: --help of a rule option.
        "reserved_tiles": i.gettext("stock tiles that are never drawn"),
        # Translators: --help of a rule option.
        "draw_while_able": i.gettext("may a player draw although a tile fits"),
        # Translators: --help of a rule option.
        "opening_double_scores": i.gettext("the opening double counts as a double header"),
        # Translators: --help of a rule option.
        "first_arms_first": i.gettext("the two tiles after the opening double go on its two sides"),
        # Translators: --help of a rule option.
        "double_header": i.gettext("points of a double header"),
        # Translators: --help of a rule option.
        "triple_header": i.gettext("points of a triple header"),
        # Translators: --help of a rule option.
        "reduction": i.gettext("how headers shrink near the target"),
        # Translators: --help of a rule option.
        "going_out": i.gettext("points for laying the last tile"),
        # Translators: --help of a rule option.
        "blocked_rule": i.gettext("who wins a blocked hand"),
        # Translators: --help of a rule option.
        "blocked_award": i.gettext("points for winning a blocked hand"),
        # Translators: --help of a rule option.
        "target": i.gettext("points to reach (auto: 15 for two sides, 10 for three or four)"),
        # Translators: --help of a rule option.
        "tally": i.gettext("points counted up, or counters counted down"),
    }


def add_rule_arguments(parser: argparse.ArgumentParser, i: I18n | None = None) -> None:
    """Add --preset, --players, --partners and one flag per rule option."""
    i = i or I18n("en")
    parser.add_argument(
        # Translators: --help of --preset.
        "--preset",
        choices=PRESET_NAMES,
        default=DEFAULT_PRESET,
        # Translators: --help of --preset.
        help=i.gettext("rule preset"),
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=2,
        # Translators: --help of --players.
        help=i.gettext("number of players"),
    )
    # Translators: --help of --partners.
    parser.add_argument("--partners", action="store_true", help=i.gettext("two partnerships (4 players)"))
    parser.add_argument(
        "--set",
        type=int,
        choices=SET_SIZES,
        default=None,
        dest="tile_set",
        # Translators: --help of --set: the domino set, by its highest double.
        help=i.gettext("the set: 6 (double-six), 9 (double-nine, 4 arms) or 12 (double-twelve, 8 arms)"),
    )
    # Translators: --help, heading of the rule options.
    group = parser.add_argument_group(i.gettext("rule options (change one option of the preset)"))
    helps = option_help(i)
    for option in OPTION_NAMES:
        if option in _TABLE_OPTIONS:
            continue
        values = option_values(option)
        metavar = "|".join(values) if values else "N"
        group.add_argument(
            flag_of(option), dest=f"rule_{option}", metavar=metavar, default=None, help=helps[option]
        )


def rules_from_arguments(args: argparse.Namespace) -> Rules:
    """The rules the parsed flags ask for (``RulesError`` if they cannot be played)."""
    changes: dict[str, Any] = {"players": args.players, "partnerships": args.partners}
    if getattr(args, "tile_set", None) is not None:
        changes["tile_set"] = args.tile_set
    for option in OPTION_NAMES:
        value = getattr(args, f"rule_{option}", None)
        if value is not None:
            changes[option] = value
    return preset(args.preset, **changes)
