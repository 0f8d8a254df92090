"""The words of the command line: --help, argparse's own phrases, refusals of impossible rules.

argparse looks its phrases ("usage:", "show this help message and exit", error
lines) up through the module-level function ``argparse._``; pointing it at
our catalog makes ``bergen --help`` speak the player's language too.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from .boundary import shown
from .core.rules import RulesError
from .i18n import I18n


def install_argparse_words(i: I18n) -> None:
    """Let argparse's own phrases come from our catalog (only the command line uses argparse)."""
    words: dict[str, str] = {
        # Translators: argparse, start of the usage line of --help. Keep the trailing space.
        "usage: ": i.gettext("usage: "),
        # Translators: argparse, heading of the list of options in --help.
        "options": i.gettext("options"),
        # Translators: argparse, heading of the list of positional arguments in --help.
        "positional arguments": i.gettext("positional arguments"),
        # Translators: argparse, the help line of -h/--help.
        "show this help message and exit": i.gettext("show this help message and exit"),
        # Translators: argparse, an error line. Keep %(prog)s and %(message)s exactly as they are.
        "%(prog)s: error: %(message)s\n": i.gettext("%(prog)s: error: %(message)s\n"),
        # Translators: argparse, a value not among the choices. Keep %(value)r and %(choices)s.
        "invalid choice: %(value)r (choose from %(choices)s)": i.gettext(
            "invalid choice: %(value)r (choose from %(choices)s)"
        ),
        # Translators: argparse, an error about one option. Keep %(argument_name)s and %(message)s.
        "argument %(argument_name)s: %(message)s": i.gettext("argument %(argument_name)s: %(message)s"),
        # Translators: argparse, an option is missing its value.
        "expected one argument": i.gettext("expected one argument"),
        # Translators: argparse, words it did not understand. Keep %s.
        "unrecognized arguments: %s": i.gettext("unrecognized arguments: %s"),
        # Translators: argparse, a value of the wrong type. Keep %(type)s and %(value)r.
        "invalid %(type)s value: %(value)r": i.gettext("invalid %(type)s value: %(value)r"),
    }

    def lookup(message: str) -> str:
        return words.get(message, message)

    argparse._ = lookup  # type: ignore[attr-defined]


def early_language(argv: Sequence[str]) -> str | None:
    """The value of --lang before the parser is built (its help needs a language)."""
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
    return None


def rules_error(i: I18n, error: RulesError) -> str:
    """Why the rules asked for cannot be played, in words."""
    texts = {
        # Translators: command-line error: partnerships need four players.
        "partnerships-need-four-players": i.gettext("Partnerships need four players (--players 4)."),
        # Translators: command-line error: the number of players.
        "players-out-of-range": i.gettext("Bergen is played by 2, 3 or 4 players."),
        # Translators: command-line error: the deal does not fit the set. {option} is an option name.
        "deal-too-large": i.gettext("That many tiles do not fit in the set ({option})."),
        # Translators: command-line error: the double-nine and double-twelve sets are always played
        # with all arms of the opening double first.
        "arms-first-with-larger-sets": i.gettext(
            "The double-nine and double-twelve sets are played with all arms first (--first-arms-first yes)."
        ),
        # Translators: command-line error: an unknown preset. {value} is what was given.
        "unknown-preset": i.gettext("There is no preset “{value}”."),
        # Translators: command-line error: an unknown rule option.
        "unknown-option": i.gettext("There is no rule option “{option}”."),
        # Translators: command-line error: a value an option cannot take. {option} and {value} as given.
        "bad-value": i.gettext("The option {option} cannot be “{value}”."),
    }
    text = texts.get(error.code, error.code)
    return text.format(option=shown(error.option.replace("_", "-")), value=shown(str(error.value)))
