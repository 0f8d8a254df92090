"""The command words of a language, English always accepted as well.

Words are compared after ``fold``: case-insensitive, correct for Turkish
(I → ı, İ → i) and forgiving of a missing dot (ı and i match), so ``İPUCU``,
``ipucu`` and ``IPUCU`` all mean the same.
"""

from __future__ import annotations

from ..core.actions import End
from ..i18n import I18n
from .definitions import EVERYWHERE, CommandKind, Place, Takes, definitions, english_words, phrases, takes
from .notation import Places, end_letters

__all__ = [
    "MOST_HISTORY",
    "CommandKind",
    "Lexicon",
    "Place",
    "Takes",
    "fold",
    "names_a_command",
    "places_for",
    "takes",
    "yes_or_no",
]

#: the order words are taken in when two commands share one (the first keeps it), as it always was
_ORDER = {kind: number for number, kind in enumerate(CommandKind)}


MOST_HISTORY = 999  # the largest count "history N" takes


def fold(text: str, language: str) -> str:
    """Lower case for matching; Turkish dotted and dotless i are one letter."""
    if language == "tr":
        text = text.replace("I", "ı").replace("İ", "i")
    return text.lower().replace("ı", "i").replace("i̇", "i").strip()


def places_for(i: I18n, arms: int = 2) -> Places:
    """The notation of where a tile goes in ``i``'s language, for a set with ``arms`` arms."""
    return Places(end_letters(i), lambda text: fold(text, i.language), arms)


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
    """The command words of one place (the game, the scorekeeper, the lobby) in one language plus
    English, and the end and arm words, folded for matching; all from the command table."""

    def __init__(self, i: I18n, place: Place = Place.GAME) -> None:
        self.language = i.language
        self.i18n = i
        self.place = place
        self._commands: dict[str, CommandKind] = {}
        self._shown: dict[str, str] = {}  # folded word -> as the catalog writes it
        self._ends: dict[str, End] = {}
        self._places: dict[int, Places] = {}
        here = sorted(definitions(place), key=lambda d: _ORDER[d.kind])
        self._main = {d.kind: (d.words(i).split() or [d.kind.value])[0] for d in here}
        for definition in here:  # the player's language first, so its words win a clash
            for word in definition.words(i).split():
                self._add(word, definition.kind)
        for definition in here:
            for word in english_words(definition):
                self._add(word, definition.kind)
        self._phrases: dict[tuple[str, ...], CommandKind] = {}
        for definition in here:
            for phrase in phrases(definition, i):
                self._phrases.setdefault(tuple(fold(word, self.language) for word in phrase), definition.kind)
        for end, end_words in _end_words(i).items():
            for word in end_words.split():
                self._ends.setdefault(fold(word, self.language), end)
        for end, letter in end_letters(i).items():  # what the terse lines write can be typed back
            self._ends.setdefault(fold(letter, self.language), end)
        for end, source_words in ((End.LEFT, ("left", "l")), (End.RIGHT, ("right", "r"))):
            for word in source_words:
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

    def stats_words(self) -> list[str]:
        """The words after the record command for its statistics, the player's first (``record stats``)."""
        # Translators: the words after the record command for its statistics ("record stats"),
        # space-separated, the main word first; English "stats" always works too.
        return [*self.i18n.pgettext("record", "stats statistics").split(), "stats", "statistics"]

    def is_stats_word(self, word: str) -> bool:
        return fold(word, self.language) in {fold(w, self.language) for w in self.stats_words()}

    def _choices(self, names: dict[str, str], word: str) -> str | None:
        key = fold(word, self.language)
        for value, localized in names.items():
            if key in (fold(value, self.language), fold(localized, self.language)):
                return value
        return None

    def command(self, word: str) -> CommandKind | None:
        return self._commands.get(fold(word, self.language))

    def joined(self, line: str) -> str:
        """The line with a command phrase at its start ("geri al", "take back") written as the command's
        word, so that what follows is read as after that word; any other line as it is."""
        words = line.split()
        folded = [fold(word, self.language) for word in words]
        for phrase in sorted(self._phrases, key=len, reverse=True):
            if tuple(folded[: len(phrase)]) == phrase:
                return " ".join([self.main_word(self._phrases[phrase]), *words[len(phrase) :]])
        return line

    def end(self, word: str) -> End | None:
        """``left``, ``l``, or the terse lines' letter (``L``, Turkish ``so``): one end of double-six."""
        return self._ends.get(fold(word, self.language))

    def places(self, arms: int = 2) -> Places:
        """The notation of where a tile goes (``1-4L``, ``3-5:1,3``), to read what the terse lines write."""
        if arms not in self._places:
            self._places[arms] = places_for(self.i18n, arms)
        return self._places[arms]

    def is_arm_word(self, word: str) -> bool:
        """``arm`` (or its short form), which may stand before an arm's number: ``3-5 arm 2``."""
        return fold(word, self.language) in self._arm_words

    def words_for(self, kind: CommandKind) -> list[str]:
        """The words (player's language first) that mean ``kind``; for help and completion."""
        return [self._shown[w] for w, k in self._commands.items() if k is kind]

    def main_word(self, kind: CommandKind) -> str:
        """The first word of ``kind`` in the player's language."""
        return self._main.get(kind, kind.value)

    def end_word(self, end: End) -> str:
        return _end_words(self.i18n)[end].split()[0]


def names_a_command(word: str, i: I18n) -> bool:
    """Whether ``word`` is a command word anywhere (game, scorekeeper, lobby), in ``i``'s language or
    English: a person's name must not be one, or typing it would run the command."""
    return Lexicon(i, EVERYWHERE).command(word) is not None
