"""Help: the list of commands, and a sentence for each."""

from __future__ import annotations

from ..commands.lexicon import CommandKind, Lexicon
from ..i18n import I18n


def describe(i: I18n, kind: CommandKind, arms: int = 2) -> str:
    """What one command does (``arms``: 4 or 8 with the larger sets)."""
    if arms > 2 and kind in _ARM_KINDS:
        return _describe_with_arms(i, kind)
    texts = {
        # Translators: help for playing a tile. Keep the examples "3-5", "35", "5 3" and the end words.
        CommandKind.PLAY: i.gettext(
            "Type a tile to play it: 3-5, 35 or 5 3. If it fits both ends, add left or right (l, r)."
        ),
        # Translators: help for the draw command.
        CommandKind.DRAW: i.gettext("Draw from the stock when nothing fits: tiles are drawn until one fits."),
        # Translators: help for the pass command.
        CommandKind.PASS: i.gettext("Pass when nothing fits and nothing can be drawn."),
        # Translators: help for the next command.
        CommandKind.NEXT: i.gettext("Deal the next hand (Enter does the same)."),
        # Translators: help for the hand command.
        CommandKind.HAND: i.gettext("Your tiles in order, with the ends each one fits."),
        # Translators: help for the ends command.
        CommandKind.ENDS: i.gettext("The two open ends of the line."),
        # Translators: help for the line command.
        CommandKind.LINE: i.gettext("The whole line of tiles from left to right."),
        # Translators: help for the score command.
        CommandKind.SCORE: i.gettext("The score, or the counters, of every side and the target."),
        # Translators: help for the count command.
        CommandKind.COUNT: i.gettext("How many tiles each player holds, and the stock."),
        # Translators: help for the turn command.
        CommandKind.TURN: i.gettext("Whose turn it is, and what you can do."),
        # Translators: help for the history command.
        CommandKind.HISTORY: i.gettext("The last announcements; add a number for more, e.g. history 10."),
        # Translators: help for the repeat command.
        CommandKind.REPEAT: i.gettext("The last announcement again. The F2 key does the same."),
        # Translators: help for the hint command.
        CommandKind.HINT: i.gettext("Your legal plays and which of them would score."),
        # Translators: help for the seats command.
        CommandKind.SEATS: i.gettext("The seats in order of play, partners, tile counts and the score."),
        # Translators: help for the unseen command.
        CommandKind.UNSEEN: i.gettext("How many of the tiles you have not seen show each number."),
        # Translators: help for the sounds command.
        CommandKind.SOUNDS: i.gettext("Sound cues on or off: your turn, plays, draws, headers, the end."),
        # Translators: help for the braille command. Keep the words on and off, BRLTTY, NVDA, history, repeat.
        CommandKind.BRAILLE: i.gettext(
            "The game's own braille display through BRLTTY, on or off: every announcement stays until "
            "you have read it, the pan keys read on, line up and down go back, a routing key on a tile "
            "plays it. With NVDA or JAWS braille comes as a flash message (in NVDA, set messages to show "
            "indefinitely); history and repeat bring a line back."
        ),
        # Translators: help for the rules command.
        CommandKind.RULES: i.gettext("The rules of this match."),
        # Translators: help for the help command.
        CommandKind.HELP: i.gettext("The list of commands; help and a command explains it."),
        # Translators: help for the verbosity command.
        CommandKind.VERBOSITY: i.gettext("How much is said: terse, normal or verbose."),
        # Translators: help for the speech command. Keep the mode words.
        CommandKind.SPEECH: i.gettext(
            "How the game speaks: off (your screen reader reads the text), screenreader, or voice. "
            "The F3 key stops speech."
        ),
        # Translators: help for the language command.
        CommandKind.LANGUAGE: i.gettext("The language: de, tr or en."),
        # Translators: help for the save command.
        CommandKind.SAVE: i.gettext("Save now (the game also saves after every move)."),
        # Translators: help for the quit command.
        CommandKind.QUIT: i.gettext("Save and leave; bergen continues the match next time."),
    }
    return texts.get(kind, "")


HELP_ORDER = (
    CommandKind.PLAY,
    CommandKind.DRAW,
    CommandKind.PASS,
    CommandKind.HAND,
    CommandKind.ENDS,
    CommandKind.LINE,
    CommandKind.SCORE,
    CommandKind.COUNT,
    CommandKind.TURN,
    CommandKind.HISTORY,
    CommandKind.REPEAT,
    CommandKind.HINT,
    CommandKind.SEATS,
    CommandKind.UNSEEN,
    CommandKind.RULES,
    CommandKind.VERBOSITY,
    CommandKind.SPEECH,
    CommandKind.SOUNDS,
    CommandKind.BRAILLE,
    CommandKind.LANGUAGE,
    CommandKind.SAVE,
    CommandKind.QUIT,
    CommandKind.HELP,
)


_ARM_KINDS = (CommandKind.PLAY, CommandKind.HAND, CommandKind.ENDS, CommandKind.LINE)


def _describe_with_arms(i: I18n, kind: CommandKind) -> str:
    """The commands that speak of ends, as they work with four or eight arms."""
    texts = {
        # Translators: help for playing a tile with the larger sets. Keep the examples and the word "arm".
        CommandKind.PLAY: i.gettext(
            "Type a tile to play it: 3-5, 35 or 5 3; numbers of 10 or more with a dash or space, 10-12 or "
            "1 12. If it fits several arms, add the arm's number: 3-5 2 or 3-5 arm 2."
        ),
        # Translators: help for the hand command with the larger sets.
        CommandKind.HAND: i.gettext("Your tiles in order, with the arms each one fits."),
        # Translators: help for the ends command with the larger sets.
        CommandKind.ENDS: i.gettext("The open ends grouped by number, with their arms."),
        # Translators: help for the line command with the larger sets.
        CommandKind.LINE: i.gettext("The tiles arm by arm, from the opening double outwards."),
    }
    return texts[kind]


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
