"""The words of the command line: --help and argparse's own phrases.

argparse writes its own phrases ("usage:", "show this help message and exit",
error lines) in English; a parser class of our own puts them in the player's
language, from our catalog, without changing argparse for anyone else.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .i18n import I18n


def argparse_words(i: I18n) -> dict[str, str]:
    """argparse's own phrases in the player's language (the keys are argparse's English)."""
    return {
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


_FIELD = re.compile(r"%(?:\((\w+)\))?[sr]")


def _pattern(template: str) -> re.Pattern[str]:
    """argparse's English template as a pattern that captures its fields."""
    parts, position, unnamed = [], 0, 0
    for field in _FIELD.finditer(template):
        parts.append(re.escape(template[position : field.start()]))
        name = field.group(1) or f"field{unnamed}"
        unnamed += field.group(1) is None
        parts.append(f"(?P<{name}>.+?)")
        position = field.end()
    parts.append(re.escape(template[position:]))
    return re.compile("^" + "".join(parts) + "$", re.DOTALL)


def localized(message: str, words: dict[str, str]) -> str:
    """One of argparse's English messages in the player's words (fields kept as argparse filled them;
    a message within a message translated too); unchanged when it is none of argparse's."""
    for english, translated in words.items():
        if "%" not in english:
            continue
        found = _pattern(english).match(message)
        if found is None:
            continue
        fields = {name: localized(value, words) for name, value in found.groupdict().items()}
        return _filled(translated, fields)
    return words.get(message, message)


def _filled(template: str, fields: dict[str, str]) -> str:
    """``template`` with each ``%(name)s``, ``%(name)r`` or ``%s`` replaced by its captured text."""
    parts, position, unnamed = [], 0, 0
    for field in _FIELD.finditer(template):
        parts.append(template[position : field.start()])
        name = field.group(1) or f"field{unnamed}"
        unnamed += field.group(1) is None
        parts.append(fields.get(name, field.group(0)))
        position = field.end()
    parts.append(template[position:])
    return "".join(parts)


def localized_parser(i: I18n) -> type[argparse.ArgumentParser]:
    """An ``ArgumentParser`` class whose own phrases (usage, headings, -h, errors) are in the player's
    language; its subparsers are of the same class. Nothing of argparse itself is changed."""
    words = argparse_words(i)

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
            super().add_usage(usage, actions, groups, words["usage: "] if prefix is None else prefix)

    class LocalizedParser(argparse.ArgumentParser):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("formatter_class", Formatter)
            super().__init__(*args, **kwargs)
            self._positionals.title = words["positional arguments"]
            self._optionals.title = words["options"]
            for action in self._actions:
                if isinstance(action, argparse._HelpAction):
                    action.help = words["show this help message and exit"]

        def error(self, message: str) -> NoReturn:
            self.print_usage(sys.stderr)
            line = words["%(prog)s: error: %(message)s\n"] % {
                "prog": self.prog,
                "message": localized(message, words),
            }
            self.exit(2, line)

    return LocalizedParser


def early_language(argv: Sequence[str]) -> str | None:
    """The value of --lang before the parser is built (its help needs a language)."""
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
    return None
