"""A line of settings: ``name Ayşe language tr verbosity terse`` in one line, each word in any language.

A client may say who it is and how it wants to be spoken to on its first line,
before the server greets it (``bergen join`` does; a telnet player may type it),
so the greeting is already in the player's language and does not ask for a name
it was given. The words are the lobby's own (``name``, ``language``,
``verbosity``) as the lobby knows them in any language (``ad``, ``dil``,
``Sprache``, ``ayrıntı``…), each followed by its value, in any order, each once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..commands.lexicon import CommandKind
from ..i18n import LANGUAGES, normalize_language
from ..present.message import Verbosity
from .lobby_words import lobby_words
from .session import words_in

#: the lobby's commands a settings line may hold
SETTINGS = (CommandKind.NAME, CommandKind.LANGUAGE, CommandKind.VERBOSITY)


@dataclass(frozen=True)
class Settings:
    """What a settings line gave (None: not given)."""

    name: str | None = None
    language: str | None = None
    verbosity: Verbosity | None = None


def setting_kind(word: str) -> CommandKind | None:
    """``name``, ``language`` or ``verbosity`` for the word in any language's lobby; None otherwise."""
    for language in _languages():
        kind = lobby_words(words_in(language)).command(word)
        if kind in SETTINGS:
            return kind
    return None


def verbosity_of(word: str) -> Verbosity | None:
    """A verbosity from its name in any language (``terse``, ``knapp``, ``kısa``…)."""
    for language in _languages():
        level = lobby_words(words_in(language)).game.verbosity(word)
        if level is not None:
            return Verbosity(level)
    return None


def parse_settings(text: str) -> Settings | None:
    """The settings a line gives, if the whole line is settings (word and value, each word once);
    None for any other line (it is then an ordinary line: a command, a password)."""
    words = text.split()
    if not words or len(words) % 2:
        return None
    given: dict[CommandKind, str] = {}
    for word, value in zip(words[::2], words[1::2], strict=True):
        kind = setting_kind(word)
        if kind is None or kind in given:
            return None
        given[kind] = value
    language = given.get(CommandKind.LANGUAGE)
    verbosity = given.get(CommandKind.VERBOSITY)
    settings = Settings(
        name=given.get(CommandKind.NAME),
        language=normalize_language(language) if language is not None else None,
        verbosity=verbosity_of(verbosity) if verbosity is not None else None,
    )
    if (language is not None and settings.language is None) or (
        verbosity is not None and settings.verbosity is None
    ):
        return None  # a language or verbosity the server does not know: the lobby's answer says so
    return settings


@cache
def _languages() -> tuple[str, ...]:
    return ("en", *(language for language in LANGUAGES if language != "en"))
