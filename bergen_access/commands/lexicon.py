"""The command words of a language, English always accepted as well.

Words are compared after ``fold``: case-insensitive, correct for Turkish
(I → ı, İ → i) and forgiving of a missing dot (ı and i match), so ``İPUCU``,
``ipucu`` and ``IPUCU`` all mean the same.
"""

from __future__ import annotations

from enum import StrEnum

from ..core.actions import End
from ..i18n import I18n


class CommandKind(StrEnum):
    """Everything the player can ask for."""

    EMPTY = "empty"
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    NEXT = "next"
    HAND = "hand"
    ENDS = "ends"
    LINE = "line"
    SCORE = "score"
    COUNT = "count"
    TURN = "turn"
    HISTORY = "history"
    REPEAT = "repeat"
    HINT = "hint"
    SEATS = "seats"
    UNSEEN = "unseen"
    SOUNDS = "sounds"
    BRAILLE = "braille"
    RULES = "rules"
    HELP = "help"
    VERBOSITY = "verbosity"
    SPEECH = "speech"
    LANGUAGE = "language"
    SAVE = "save"
    QUIT = "quit"


class Takes(StrEnum):
    """What may follow a command word; anything else refuses the line."""

    NOTHING = "nothing"
    NUMBER = "number"  # an optional count, in ASCII digits
    WORD = "word"  # an optional single word


#: the commands that take something after their word (all others take nothing)
ARGUMENTS: dict[CommandKind, Takes] = {
    CommandKind.HISTORY: Takes.NUMBER,
    CommandKind.HELP: Takes.WORD,
    CommandKind.VERBOSITY: Takes.WORD,
    CommandKind.SPEECH: Takes.WORD,
    CommandKind.LANGUAGE: Takes.WORD,
    CommandKind.SOUNDS: Takes.WORD,
    CommandKind.BRAILLE: Takes.WORD,
}
MOST_HISTORY = 999  # the largest count "history N" takes


def takes(kind: CommandKind) -> Takes:
    """What may follow ``kind``'s word."""
    return ARGUMENTS.get(kind, Takes.NOTHING)


def fold(text: str, language: str) -> str:
    """Lower case for matching; Turkish dotted and dotless i are one letter."""
    if language == "tr":
        text = text.replace("I", "ı").replace("İ", "i")
    return text.lower().replace("ı", "i").replace("i̇", "i").strip()


def _english_words() -> dict[CommandKind, tuple[str, ...]]:
    return {
        CommandKind.PLAY: ("play", "p"),
        CommandKind.DRAW: ("draw", "d"),
        CommandKind.PASS: ("pass",),
        CommandKind.NEXT: ("next", "n"),
        CommandKind.HAND: ("hand", "h", "tiles"),
        CommandKind.ENDS: ("ends", "e"),
        CommandKind.LINE: ("line", "l", "table", "t"),
        CommandKind.SCORE: ("score", "s", "counters"),
        CommandKind.COUNT: ("count", "c", "stock"),
        CommandKind.TURN: ("turn", "w", "whose"),
        CommandKind.HISTORY: ("history", "y"),
        CommandKind.REPEAT: ("repeat", "r", "again"),
        CommandKind.HINT: ("hint", "i"),
        CommandKind.SEATS: ("seats", "players"),
        CommandKind.UNSEEN: ("unseen", "remaining"),
        CommandKind.SOUNDS: ("sounds",),
        CommandKind.BRAILLE: ("braille",),
        CommandKind.RULES: ("rules",),
        CommandKind.HELP: ("help", "?"),
        CommandKind.VERBOSITY: ("verbosity", "v"),
        CommandKind.SPEECH: ("speech", "voice"),
        CommandKind.LANGUAGE: ("language", "lang"),
        CommandKind.SAVE: ("save",),
        CommandKind.QUIT: ("quit", "q", "exit"),
    }


def _localized_words(i: I18n) -> dict[CommandKind, str]:
    """Each command's word(s) in the player's language, space-separated (word first, then shortcuts)."""
    return {
        # Translators: command words typed by the player, space-separated: the word, then short forms.
        # Keep the short forms unique within this list of commands. English always works too.
        CommandKind.PLAY: i.pgettext("command", "play p"),
        # Translators: command words: draw a tile from the stock.
        CommandKind.DRAW: i.pgettext("command", "draw d"),
        # Translators: command words: pass the turn.
        CommandKind.PASS: i.pgettext("command", "pass"),
        # Translators: command words: deal the next hand.
        CommandKind.NEXT: i.pgettext("command", "next n"),
        # Translators: command words: hear your tiles.
        CommandKind.HAND: i.pgettext("command", "hand h tiles"),
        # Translators: command words: hear the open ends.
        CommandKind.ENDS: i.pgettext("command", "ends e"),
        # Translators: command words: hear the whole line of tiles.
        CommandKind.LINE: i.pgettext("command", "line l table t"),
        # Translators: command words: hear the score or the counters.
        CommandKind.SCORE: i.pgettext("command", "score s counters"),
        # Translators: command words: hear every player's tile count and the stock.
        CommandKind.COUNT: i.pgettext("command", "count c stock"),
        # Translators: command words: hear whose turn it is.
        CommandKind.TURN: i.pgettext("command", "turn w whose"),
        # Translators: command words: hear the last announcements.
        CommandKind.HISTORY: i.pgettext("command", "history y"),
        # Translators: command words: hear the last announcement again.
        CommandKind.REPEAT: i.pgettext("command", "repeat r again"),
        # Translators: command words: hear the legal plays and which would score.
        CommandKind.HINT: i.pgettext("command", "hint i"),
        # Translators: command words: hear the seats in order of play, partners, tile counts and score.
        CommandKind.SEATS: i.pgettext("command", "seats players"),
        # Translators: command words: hear how many tiles you have not seen show each number.
        CommandKind.UNSEEN: i.pgettext("command", "unseen remaining"),
        # Translators: command words: turn the sound cues on or off.
        CommandKind.SOUNDS: i.pgettext("command", "sounds"),
        # Translators: command words: the game's own braille display (BRLTTY) on or off.
        CommandKind.BRAILLE: i.pgettext("command", "braille"),
        # Translators: command words: hear the rules of this match.
        CommandKind.RULES: i.pgettext("command", "rules"),
        # Translators: command words: help.
        CommandKind.HELP: i.pgettext("command", "help ?"),
        # Translators: command words: change how much is said.
        CommandKind.VERBOSITY: i.pgettext("command", "verbosity v"),
        # Translators: command words: change how the game speaks.
        CommandKind.SPEECH: i.pgettext("command", "speech voice"),
        # Translators: command words: change the language.
        CommandKind.LANGUAGE: i.pgettext("command", "language lang"),
        # Translators: command words: save the match now.
        CommandKind.SAVE: i.pgettext("command", "save"),
        # Translators: command words: save and leave the game.
        CommandKind.QUIT: i.pgettext("command", "quit q exit"),
    }


def _end_words(i: I18n) -> dict[End, str]:
    return {
        # Translators: words for the left end after a tile, e.g. "3-5 left" or "3-5 l". Space-separated.
        End.LEFT: i.pgettext("command", "left l"),
        # Translators: words for the right end after a tile, e.g. "3-5 right" or "3-5 r". Space-separated.
        End.RIGHT: i.pgettext("command", "right r"),
    }


def verbosity_names(i: I18n) -> dict[str, str]:
    """Each verbosity level's name in the player's language."""
    return {
        # Translators: verbosity level, one word the player may type: braille-sized lines.
        "terse": i.pgettext("verbosity", "terse"),
        # Translators: verbosity level, one word the player may type: whole sentences.
        "normal": i.pgettext("verbosity", "normal"),
        # Translators: verbosity level, one word the player may type: with reasons and counts.
        "verbose": i.pgettext("verbosity", "verbose"),
    }


def yes_or_no(line: str, i: I18n) -> bool | None:
    """True for a yes (in the player's language or English), False for a no, None for anything else."""
    answer = fold(line, i.language)
    # Translators: words for "yes" typed by the player, space-separated. English always works too.
    yes = set(fold(i.pgettext("answer", "yes y"), i.language).split()) | {"yes", "y"}
    # Translators: words for "no" typed by the player, space-separated.
    no = set(fold(i.pgettext("answer", "no n"), i.language).split()) | {"no", "n"}
    if answer in yes:
        return True
    return False if answer in no else None


def speech_mode_names(i: I18n) -> dict[str, str]:
    """Each speech mode's name in the player's language."""
    return {
        # Translators: speech mode, one word the player may type: the game does not speak.
        "off": i.pgettext("speech mode", "off"),
        # Translators: speech mode, one word the player may type: through the screen reader.
        "screenreader": i.pgettext("speech mode", "screenreader"),
        # Translators: speech mode, one word the player may type: the game's own voice.
        "voice": i.pgettext("speech mode", "voice"),
    }


class Lexicon:
    """Command and end words of one language plus English, folded for matching."""

    def __init__(self, i: I18n) -> None:
        self.language = i.language
        self.i18n = i
        self._commands: dict[str, CommandKind] = {}
        self._shown: dict[str, str] = {}  # folded word -> as the catalog writes it
        self._ends: dict[str, End] = {}
        localized = _localized_words(i)
        english = _english_words()
        for kind in english:  # the player's language first, so its words win a clash
            for word in localized[kind].split():
                self._add(word, kind)
        for kind, words in english.items():
            for word in words:
                self._add(word, kind)
        for end, end_words in _end_words(i).items():
            for word in end_words.split():
                self._ends.setdefault(fold(word, self.language), end)
        for end, english_words in ((End.LEFT, ("left", "l")), (End.RIGHT, ("right", "r"))):
            for word in english_words:
                self._ends.setdefault(fold(word, self.language), end)
        # Translators: words for "arm" before an arm's number with the larger sets, e.g. "3-5 arm 2".
        # Space-separated; English "arm" always works too.
        arm_words = [*i.pgettext("command", "arm a").split(), "arm", "a"]
        self._arm_words = {fold(word, self.language) for word in arm_words}

    def _add(self, word: str, kind: CommandKind) -> None:
        key = fold(word, self.language)
        if key not in self._commands:
            self._commands[key] = kind
            self._shown[key] = word

    def verbosity(self, word: str) -> str | None:
        """``terse``, ``normal`` or ``verbose`` from a word of the player's language or English."""
        return self._choices(verbosity_names(self.i18n), word)

    def speech_mode(self, word: str) -> str | None:
        """``off``, ``screenreader``, ``voice`` (or ``on``: speech back as it was) from a typed word."""
        # Translators: the word that turns speech back on ("speech on"); one word.
        on = {"on": self.i18n.pgettext("speech mode", "on")}
        return self._choices({**speech_mode_names(self.i18n), **on}, word)

    def _choices(self, names: dict[str, str], word: str) -> str | None:
        key = fold(word, self.language)
        for value, localized in names.items():
            if key in (fold(value, self.language), fold(localized, self.language)):
                return value
        return None

    def command(self, word: str) -> CommandKind | None:
        return self._commands.get(fold(word, self.language))

    def end(self, word: str) -> End | None:
        return self._ends.get(fold(word, self.language))

    def is_arm_word(self, word: str) -> bool:
        """``arm`` (or its short form), which may stand before an arm's number: ``3-5 arm 2``."""
        return fold(word, self.language) in self._arm_words

    def words_for(self, kind: CommandKind) -> list[str]:
        """The words (player's language first) that mean ``kind``; for help and completion."""
        return [self._shown[w] for w, k in self._commands.items() if k is kind]

    def main_word(self, kind: CommandKind) -> str:
        """The first word of ``kind`` in the player's language."""
        localized = _localized_words(self.i18n)
        return localized[kind].split()[0] if kind in localized else kind.value

    def end_word(self, end: End) -> str:
        return _end_words(self.i18n)[end].split()[0]
