"""The words of the command line: --help and argparse's own phrases.

argparse looks its phrases ("usage:", "show this help message and exit", error
lines) up through the module-level function ``argparse._``; pointing it at
our catalog makes ``bergen --help`` speak the player's language too.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

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
