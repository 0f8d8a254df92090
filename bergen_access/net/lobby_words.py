"""The lobby's command words in each person's language (English always works too).

The lobby has words of its own (tables, create, join…); language, verbosity,
help and quit are the game's own words (``commands.lexicon``), so a word means
one thing wherever it is typed. At a table the game's words come first: a
lobby word is only taken there when the seat's game does not know it (the
Turkish ``say`` counts the stock; chat is ``söyle`` or English ``say`` in the
lobby).
"""

from __future__ import annotations

from functools import cache

from ..commands.definitions import CommandKind, Place, definitions
from ..commands.lexicon import Lexicon, fold
from ..core.refused import CreateProblem, Refused
from ..core.rules import Rules, preset
from ..i18n import I18n
from ..players import LEVELS
from ..present.rules_text import preset_names
from ..present.table_talk import level_names

#: the computer levels in the order help and examples name them
LEVEL_ORDER = ("easy", "normal", "strong", "random")


#: the lobby's commands, from the command table (its own and the game's language, verbosity, help, quit)
LOBBY_KINDS = tuple(definition.kind for definition in definitions(Place.LOBBY))


def _create_words(i: I18n) -> dict[str, str]:
    return {
        # Translators: a word in "create standard 4 set 9": the tile set follows. Space-separated forms.
        "set": i.pgettext("create", "set"),
        # Translators: a word in "create standard 4 partners": two against two.
        "partners": i.pgettext("create", "partners"),
        # Translators: a word in "create standard 4 computers normal,easy": the computers' levels follow.
        "computers": i.pgettext("create", "computers"),
    }


def _tournament_words(i: I18n) -> dict[str, str]:
    return {
        # Translators: a word in "tournament new standard 2": open a new tournament. Space-separated forms,
        # the main one first.
        "new": i.pgettext("tournament", "new"),
        # Translators: a word in "tournament start": the one who opened the tournament begins it.
        "start": i.pgettext("tournament", "start"),
        # Translators: a word in "tournament new standard 2 rounds 3": the number of rounds follows.
        "rounds": i.pgettext("tournament", "rounds"),
        # Translators: a word in "tournament new standard 2 duplicate": every table of a round plays the same
        # deals, the hands passed round (duplicate deals, as in duplicate bridge).
        "duplicate": i.pgettext("tournament", "duplicate"),
    }


#: the most rounds a tournament at a server has
MOST_ROUNDS = 30


class LobbyWords:
    """What a typed word means in the lobby, and the words to show, in one language."""

    def __init__(self, i: I18n) -> None:
        self.i18n = i
        self.language = i.language
        self.game = Lexicon(i)
        self.lobby = Lexicon(i, Place.LOBBY)
        self._create: dict[str, str] = {}
        for english, words in _create_words(i).items():
            for word in [*words.split(), english]:
                self._create.setdefault(fold(word, self.language), english)
        self._levels: dict[str, str] = {}
        for level, name in level_names(i).items():
            if level in LEVELS:
                for word in (level, name):
                    self._levels.setdefault(fold(word, self.language), level)
        self._tournament: dict[str, str] = {}
        for english, words in _tournament_words(i).items():
            for word in [*words.split(), english]:
                self._tournament.setdefault(fold(word, self.language), english)
        self._presets: dict[str, str] = {}
        for english, name in preset_names(i).items():
            for word in (english, name):
                self._presets.setdefault(fold(word, self.language), english)

    def command(self, word: str) -> CommandKind | None:
        """The lobby command a word names (the lobby's own words, or the game's that the lobby shares)."""
        return self.lobby.command(word)

    def word(self, kind: CommandKind) -> str:
        """The main word of ``kind`` in this language, as help and answers show it."""
        return self.lobby.main_word(kind)

    def create_word(self, word: str) -> str | None:
        """``set``, ``partners`` or ``computers`` for a word of ``create`` in this language or English."""
        return self._create.get(fold(word, self.language))

    def shown_create_word(self, english: str) -> str:
        """The main word of ``set``, ``partners`` or ``computers`` in this language."""
        return _create_words(self.i18n)[english].split()[0]

    def tournament_word(self, word: str) -> str | None:
        """``new``, ``start``, ``rounds``, ``duplicate`` (this language or English), or ``join`` and
        ``leave`` (the lobby's own words for them)."""
        kind = self.lobby.command(word)
        if kind in (CommandKind.JOIN, CommandKind.LEAVE):
            return str(kind)
        return self._tournament.get(fold(word, self.language))

    def shown_tournament_word(self, english: str) -> str:
        """The main word of ``new``, ``start``, ``rounds`` or ``duplicate`` in this language."""
        return _tournament_words(self.i18n)[english].split()[0]

    def level(self, word: str) -> str | None:
        """A computer level from its name in this language or English."""
        return self._levels.get(fold(word, self.language))

    def shown_level(self, level: str) -> str:
        """A computer level's name in this language."""
        return level_names(self.i18n)[level]

    def preset(self, word: str) -> str | None:
        """A preset from its name in this language or English (``standard``, ``Zählsteine``…)."""
        return self._presets.get(fold(word, self.language))

    def shown_preset(self, name: str) -> str:
        return preset_names(self.i18n)[name].lower()


@cache
def lobby_words(i: I18n) -> LobbyWords:
    """One per language's catalog (the server keeps one ``I18n`` per language)."""
    return LobbyWords(i)


class CreateError(Refused):
    """Why ``create`` cannot make that table: ``code``, and the word as typed."""

    def __init__(self, code: CreateProblem, word: str = "") -> None:
        super().__init__(code, word=word)
        self.code: CreateProblem = code
        self.word = word


def parse_create(words: LobbyWords, text: str) -> tuple[Rules, list[str]]:
    """``standard 4 set 9 partners computers normal,easy`` (or the same in the person's words): the rules
    and the computer seats' levels. ``CreateError`` or ``RulesError`` says what cannot be."""
    typed = text.split()
    name, players, tile_set, partners = "standard", 2, 6, False
    computers: list[str] = []
    options: dict[str, str] = {}
    index = 0
    while index < len(typed):
        word = typed[index]
        following = typed[index + 1] if index + 1 < len(typed) else None
        kind = words.create_word(word)
        if words.preset(word) is not None:
            name = words.preset(word) or name
        elif word.isascii() and word.isdigit():
            players = int(word)
        elif kind == "set" and following is not None:
            index += 1
            if not (following.isascii() and following.isdigit()):
                raise CreateError(CreateProblem.WORD, following)
            tile_set = int(following)
        elif kind == "partners":
            partners = True
        elif kind == "computers" and following is not None:
            index += 1
            levels = [words.level(level) for level in following.split(",")]
            if None in levels:
                raise CreateError(CreateProblem.LEVEL, following)
            computers = [level for level in levels if level is not None]
        elif "=" in word:
            key, _, value = word.lower().partition("=")
            options[key.replace("-", "_")] = value
        else:
            raise CreateError(CreateProblem.WORD, word)
        index += 1
    rules = preset(name, players=players, partnerships=partners, tile_set=tile_set)
    if options:
        rules = rules.with_options(**options)
    if len(computers) >= rules.players:  # the count that holds is the rules' (players=3 may come last)
        raise CreateError(CreateProblem.PEOPLE)
    return rules, computers


class TournamentError(Exception):
    """``tournament new`` was given a number of rounds that cannot be (the word as typed)."""

    def __init__(self, word: str) -> None:
        super().__init__(word)
        self.word = word


def parse_tournament(words: LobbyWords, text: str) -> tuple[Rules, int, bool, str]:
    """``standard 2 rounds 3 duplicate computers easy`` (the rules as ``create`` takes them, then the
    tournament's own words): the rules of every table, the rounds, duplicate deals, and the level of the
    computers that fill seats. ``TournamentError``, ``CreateError`` or ``RulesError`` says what cannot be."""
    typed = text.split()
    rules_words: list[str] = []
    rounds, duplicate, level = 3, False, "normal"
    index = 0
    while index < len(typed):
        word = typed[index]
        following = typed[index + 1] if index + 1 < len(typed) else None
        own = words.tournament_word(word)
        if own == "rounds" and following is not None:
            if not (following.isascii() and following.isdigit()) or not 1 <= int(following) <= MOST_ROUNDS:
                raise TournamentError(following)
            rounds = int(following)
            index += 2
        elif own == "duplicate":
            duplicate = True
            index += 1
        elif words.create_word(word) == "computers" and following is not None:
            chosen = words.level(following)
            if chosen is None:
                raise CreateError(CreateProblem.LEVEL, following)
            level = chosen
            index += 2
        else:
            rules_words.append(word)
            index += 1
    rules, _ = parse_create(words, " ".join(rules_words))
    return rules, rounds, duplicate, level
