"""Help: the list of commands, and a sentence for each."""

from __future__ import annotations

from ..commands.definitions import BY_KIND, CommandKind, Place, definitions
from ..commands.lexicon import Lexicon
from ..i18n import I18n


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
HELP_ORDER = tuple(d.kind for d in definitions(Place.GAME) if d.listed)


def terse_legend(i: I18n, arms: int = 2) -> list[str]:
    """What the codes of the terse (braille) lines mean: ``help terse``."""
    if arms > 2:
        return [
            # Translators: "help terse" with the larger sets, first line.
            i.gettext("Terse codes, one line each:"),
            # Translators: terse legend with the larger sets: the ends, in the order of the arms.
            i.gettext("5|5d|2|-: the ends of arms 1, 2, 3, 4; 5d a double; - an arm not yet started."),
            # Translators: terse legend with the larger sets: where a tile fits or went.
            i.gettext("3-5:1,3: 3-5 fits arms 1 and 3. Anna 3-5 2: Anna played 3-5 on arm 2."),
            # Translators: terse legend with the larger sets: header codes (keep this language's codes).
            i.gettext("DH, TH, 4H: double, triple, 4-fold header."),
            # Translators: terse legend: points and totals.
            i.gettext("+2=9: 2 points, total 9. 8c: 8 counters."),
            # Translators: terse legend: hands, target, score.
            i.gettext("H3: hand 3. /15: the target. You 9 Anna 7: the score."),
            # Translators: terse legend: answers.
            i.gettext("? : not understood. drew, stock, only: as the words say."),
        ]
    return [
        # Translators: "help terse", the legend of the terse braille codes, one line each. Keep the codes
        # as the braille lines print them in this language.
        i.gettext("Terse codes, one line each:"),
        # Translators: terse legend: the open ends; "d" after an end number would not be used.
        i.gettext("5|3-3: the open ends; 3-3 means that end is a double."),
        # Translators: terse legend: end letters.
        i.gettext("L, R: left, right."),
        # Translators: terse legend: header codes (keep the braille codes of this language).
        i.gettext("DH, TH: double header, triple header."),
        # Translators: terse legend: points and totals.
        i.gettext("+2=9: 2 points, total 9. 8c: 8 counters."),
        # Translators: terse legend: hands, target, score.
        i.gettext("H3: hand 3. /15: the target. You 9 Anna 7: the score."),
        # Translators: terse legend: answers.
        i.gettext("? : not understood. drew, stock, only: as the words say."),
    ]


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
