"""Help: the list of commands, and a sentence for each."""

from __future__ import annotations

from ..commands.definitions import BY_KIND, HELP_ORDER, CommandKind, Place
from ..commands.lexicon import Lexicon
from ..i18n import I18n
from .feedback import Feedback
from .legend import Legend
from .message import Message, Verbosity
from .words import Words


def describe(i: I18n, kind: CommandKind, arms: int = 2) -> str:
    """What one command does in the game (``arms``: 4 or 8 with the larger sets)."""
    definition = BY_KIND.get(kind)
    if definition is None:
        return ""
    if arms > 2 and definition.help_with_arms is not None:
        return definition.help_with_arms(i)
    text = definition.help_in(Place.GAME)
    return text(i) if text is not None else ""


#: the game's commands in the order help lists them (the command table's order)


def terse_legend(words: Words) -> list[str]:
    """What the codes of the terse (braille) lines mean: ``help terse`` (``legend.py``: each code shown
    by an example the game's own code makes, beside the words the game says for it)."""
    return Legend(words).lines()


def overview(i: I18n, lexicon: Lexicon, arms: int = 2) -> list[str]:
    """One line per command: its words, then what it does."""
    lines = []
    for kind in HELP_ORDER:
        words = lexicon.words_for(kind)
        if kind is CommandKind.PLAY:
            # Translators: in the help list, how a tile is typed.
            words = [i.gettext("a tile, e.g. 3-5")]
        lines.append(f"{', '.join(words[:3])}: {describe(i, kind, arms)}")
    return lines


def game_help(feedback: Feedback, lexicon: Lexicon, words: Words, argument: str | None) -> Message:
    """``help``: the game's commands; ``help <command>``: its line; ``help terse``: what the codes mean."""
    i, arms = words.i18n, words.rules.arms
    if argument and lexicon.verbosity(argument) == Verbosity.TERSE.value:
        return feedback.lines(terse_legend(words))
    kind = lexicon.command(argument) if argument else None
    if kind is not None and describe(i, kind, arms):
        return feedback.plain(describe(i, kind, arms))
    return feedback.commands(overview(i, lexicon, arms))
