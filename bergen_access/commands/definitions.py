"""The command table: every command defined once, for the game, the scorekeeper and the lobby.

A definition holds a command's words in every language (the catalog's words;
the English ones are the source text itself, so they always work), what may
follow its word, where it can be typed, and its help line in each of those
places. Whoever carries out a place's commands has one method per command,
named ``on_`` and the command (``on_hand``, ``on_undo``, ``on_join``); a test
holds every place's commands to them. Help, Tab completion, the words a name
may not be, and the parsers all read this table: adding a command word in
three languages is an edit here and in the catalogs.
"""

from __future__ import annotations

import enum
import gettext
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from ..i18n import I18n


class Place(enum.Flag):
    """Where a command can be typed."""

    GAME = enum.auto()
    KEEP = enum.auto()
    LOBBY = enum.auto()
    CLUB = enum.auto()  # the director's evening at physical tables (bergen club)


EVERYWHERE = Place.GAME | Place.KEEP | Place.LOBBY | Place.CLUB
AT_A_TABLE = Place.GAME | Place.KEEP


class Takes(enum.StrEnum):
    """What may follow a command word; anything else refuses the line."""

    NOTHING = "nothing"
    NUMBER = "number"  # an optional count, in ASCII digits
    WORD = "word"  # an optional single word
    REST = "rest"  # the rest of the line, whatever it is (a name, a message, a table's options)


class CommandKind(enum.StrEnum):
    """Everything a person can ask for, in any place."""

    EMPTY = "empty"  # Enter on an empty line
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
    WHY = "why"
    REPEAT = "repeat"
    HINT = "hint"
    COACH = "coach"
    RECORD = "record"
    SEATS = "seats"
    UNSEEN = "unseen"
    SOUNDS = "sounds"
    BRAILLE = "braille"
    NEWEST = "newest"
    RULES = "rules"
    HELP = "help"
    VERBOSITY = "verbosity"
    SPEECH = "speech"
    LANGUAGE = "language"
    SAVE = "save"
    QUIT = "quit"
    # the scorekeeper's own
    UNDO = "undo"
    REDO = "redo"
    EXPORT = "export"
    # the club director's own
    STANDINGS = "standings"
    SHEET = "sheet"
    # the lobby's own
    NAME = "name"
    TABLES = "tables"
    CREATE = "create"
    JOIN = "join"
    WATCH = "watch"
    LEAVE = "leave"
    REJOIN = "rejoin"
    REGISTER = "register"
    RATINGS = "ratings"
    TOURNAMENT = "tournament"
    WHO = "who"
    SAY = "say"


Words = Callable[[I18n], str]


@dataclass(frozen=True)
class Definition:
    """One command: its words, what may follow, where it is typed, its help there."""

    kind: CommandKind
    #: the words in the player's language, space-separated, the main word first (the catalog's entry)
    words: Words
    places: Place
    takes: Takes = Takes.NOTHING
    #: more English words, beyond the catalog's source words
    more_english: tuple[str, ...] = ()
    #: phrases of more than one word that mean the command ("take back", Turkish "geri al"): the
    #: catalog's entry, the phrases separated by semicolons; the English ones always work too
    phrases: Words | None = None
    #: the help line in each place; it may hold ``{word}`` fields that the place's help fills in
    help: Mapping[Place, Words] = field(default_factory=dict)
    #: the help line when the set has more than two arms (double-nine and double-twelve)
    help_with_arms: Words | None = None
    #: listed by help (``next`` is not: Enter deals the next hand)
    listed: bool = True
    #: in the game, a read-only review answered from the player's view by the answer of this name
    #: (``present/reviews.py``), not by a handler of its own
    review: str | None = None

    @property
    def handler(self) -> str:
        """The method of a place's controller that carries the command out."""
        return handler_of(self.kind)

    def help_in(self, place: Place) -> Words | None:
        return next((text for where, text in self.help.items() if place & where), None)


def handler_of(kind: CommandKind) -> str:
    """The name of the method that carries out ``kind`` (Enter on an empty line too: ``on_empty``)."""
    return f"on_{kind.value}"


def review_of(kind: CommandKind) -> str | None:
    """The game's answer to ``kind`` when it is a read-only review (None: it has a handler)."""
    definition = BY_KIND.get(kind)
    return definition.review if definition is not None else None


#: besides the reviews, the game's commands that change no move: explanations and settings
_ASIDE = frozenset(
    {
        CommandKind.HISTORY,
        CommandKind.WHY,
        CommandKind.REPEAT,
        CommandKind.HINT,
        CommandKind.COACH,
        CommandKind.RECORD,
        CommandKind.NEWEST,
        CommandKind.HELP,
        CommandKind.SOUNDS,
        CommandKind.BRAILLE,
        CommandKind.VERBOSITY,
        CommandKind.SPEECH,
        CommandKind.LANGUAGE,
    }
)


def answered_aside(kind: CommandKind) -> bool:
    """A game command answered while a question is open (which end, another match), the question
    asked again after it: a review, ``why``, ``history``, ``help``, a setting; never a move or quit."""
    return review_of(kind) is not None or kind in _ASIDE


def _help(text: Words, where: Place = AT_A_TABLE) -> dict[Place, Words]:
    return {where: text}


COMMANDS: tuple[Definition, ...] = (
    Definition(
        CommandKind.PLAY,
        # Translators: command words typed by the player, space-separated: the word, then short forms.
        # Keep the short forms unique within this list of commands. English always works too.
        lambda i: i.pgettext("command", "play p"),
        Place.GAME | Place.KEEP,
        help=_help(
            # Translators: help for playing a tile. Keep the examples "3-5", "35", "5 3" and the end words.
            lambda i: i.gettext(
                "Type a tile to play it: 3-5, 35 or 5 3. If it fits both ends, add left or right (l, r)."
            ),
            Place.GAME,
        ),
        # Translators: help for playing a tile with the larger sets. Keep the examples and the word "arm".
        help_with_arms=lambda i: i.gettext(
            "Type a tile to play it: 3-5, 35 or 5 3; numbers of 10 or more with a dash or space, 10-12 or "
            "1 12. If it fits several arms, add the arm's number: 3-5 2 or 3-5 arm 2."
        ),
    ),
    Definition(
        CommandKind.DRAW,
        # Translators: command words: draw a tile from the stock.
        lambda i: i.pgettext("command", "draw d"),
        Place.GAME | Place.KEEP,
        help=_help(
            # Translators: help for the draw command.
            lambda i: i.gettext("Draw from the stock when nothing fits: tiles are drawn until one fits."),
            Place.GAME,
        ),
    ),
    Definition(
        CommandKind.PASS,
        # Translators: command words: pass the turn.
        lambda i: i.pgettext("command", "pass"),
        Place.GAME | Place.KEEP,
        # Translators: help for the pass command.
        help=_help(lambda i: i.gettext("Pass when nothing fits and nothing can be drawn."), Place.GAME),
    ),
    # undo is a move command: help lists it with play, draw and pass (not last, after help)
    Definition(
        CommandKind.UNDO,
        # Translators: command words, space-separated (word first, then short forms): undo. In the
        # scorekeeper it takes back the last entry, in a match against computers your last move.
        lambda i: i.pgettext("keep command", "undo u"),
        AT_A_TABLE | Place.CLUB,
        # Translators: phrases of more than one word that also mean undo, separated by semicolons (the
        # words of each phrase by spaces), as people say it: German "rückgängig machen", Turkish "geri al".
        phrases=lambda i: i.pgettext("command phrase", "take back; take that back"),
        help=_help(
            # Translators: help for undo in a match against computers.
            lambda i: i.gettext("Take back your last move and the computers' moves after it."),
            Place.GAME,
        ),
    ),
    Definition(
        CommandKind.HAND,
        # Translators: command words: hear your tiles.
        lambda i: i.pgettext("command", "hand h tiles"),
        AT_A_TABLE,
        # Translators: help for the hand command.
        help=_help(lambda i: i.gettext("Your tiles in order, with the ends each one fits."), Place.GAME),
        # Translators: help for the hand command with the larger sets.
        help_with_arms=lambda i: i.gettext("Your tiles in order, with the arms each one fits."),
        review="hand",
    ),
    Definition(
        CommandKind.ENDS,
        # Translators: command words: hear the open ends.
        lambda i: i.pgettext("command", "ends e"),
        AT_A_TABLE,
        # Translators: help for the ends command.
        help=_help(lambda i: i.gettext("The two open ends of the line."), Place.GAME),
        # Translators: help for the ends command with the larger sets.
        help_with_arms=lambda i: i.gettext("The open ends grouped by number, with their arms."),
        review="ends",
    ),
    Definition(
        CommandKind.LINE,
        # Translators: command words: hear the whole line of tiles.
        lambda i: i.pgettext("command", "line l table t"),
        AT_A_TABLE,
        # Translators: help for the line command.
        help=_help(lambda i: i.gettext("The whole line of tiles from left to right."), Place.GAME),
        # Translators: help for the line command with the larger sets.
        help_with_arms=lambda i: i.gettext("The tiles arm by arm, from the opening double outwards."),
        review="line",
    ),
    Definition(
        CommandKind.SCORE,
        # Translators: command words: hear the score or the counters.
        lambda i: i.pgettext("command", "score s counters"),
        AT_A_TABLE,
        help=_help(
            # Translators: help for the score command.
            lambda i: i.gettext("The score, or the counters, of every side and the target."),
            Place.GAME,
        ),
        review="score",
    ),
    Definition(
        CommandKind.COUNT,
        # Translators: command words: hear every player's tile count and the stock.
        lambda i: i.pgettext("command", "count c stock"),
        AT_A_TABLE,
        # Translators: help for the count command.
        help=_help(lambda i: i.gettext("How many tiles each player holds, and the stock."), Place.GAME),
        review="counts",
    ),
    Definition(
        CommandKind.TURN,
        # Translators: command words: hear whose turn it is.
        lambda i: i.pgettext("command", "turn w whose"),
        AT_A_TABLE,
        # Translators: help for the turn command.
        help=_help(lambda i: i.gettext("Whose turn it is, and what you can do."), Place.GAME),
        review="turn",
    ),
    Definition(
        CommandKind.HISTORY,
        # Translators: command words: hear the last announcements.
        lambda i: i.pgettext("command", "history y"),
        AT_A_TABLE,
        Takes.NUMBER,
        help=_help(
            # Translators: help for the history command.
            lambda i: i.gettext("The last announcements; add a number for more, e.g. history 10."),
            Place.GAME,
        ),
    ),
    Definition(
        CommandKind.WHY,
        # Translators: command words: why the last score was worth what it was ("why 3": the third-last
        # line of history).
        lambda i: i.pgettext("command", "why explain"),
        Place.GAME,
        Takes.NUMBER,
        help=_help(
            # Translators: help for the why command.
            lambda i: i.gettext(
                "Why the last score was worth what it was; why 3: history's third-last line."
            ),
            Place.GAME,
        ),
    ),
    Definition(
        CommandKind.REPEAT,
        # Translators: command words: hear the last announcement again.
        lambda i: i.pgettext("command", "repeat r again"),
        AT_A_TABLE | Place.CLUB,
        help=_help(
            # Translators: help for the repeat command.
            lambda i: i.gettext("The last announcement again. The F2 key does the same."),
            Place.GAME,
        ),
    ),
    Definition(
        CommandKind.HINT,
        # Translators: command words: hear the legal plays and which would score.
        lambda i: i.pgettext("command", "hint i"),
        AT_A_TABLE,
        # Translators: help for the hint command.
        help=_help(lambda i: i.gettext("Your legal plays and which of them would score."), Place.GAME),
    ),
    Definition(
        CommandKind.COACH,
        # Translators: command words: the coach on or off (after your move it says when another was better).
        lambda i: i.pgettext("command", "coach"),
        Place.GAME,
        Takes.WORD,
        help=_help(
            # Translators: help for the coach command. Keep the words on and off.
            lambda i: i.gettext(
                "The coach on or off: after your move it says, in one line, when another move was clearly "
                "better by the strong level's estimate. Off at first."
            ),
            Place.GAME,
        ),
    ),
    Definition(
        CommandKind.RECORD,
        # Translators: command words: the record of the matches played here ("record stats": the
        # statistics), as bergen record says it.
        lambda i: i.pgettext("command", "record records"),
        Place.GAME,
        Takes.WORD,
        help=_help(
            # Translators: help for the record command. Keep the word stats (the catalog's word for it).
            lambda i: i.gettext(
                "The newest matches recorded here, this one too; record stats: the statistics, as "
                "bergen record says them."
            ),
            Place.GAME,
        ),
    ),
    Definition(
        CommandKind.SEATS,
        # Translators: command words: hear the seats in order of play, partners, tile counts and score.
        lambda i: i.pgettext("command", "seats players"),
        AT_A_TABLE,
        help=_help(
            # Translators: help for the seats command.
            lambda i: i.gettext("The seats in order of play, partners, tile counts and the score."),
            Place.GAME,
        ),
        review="seats",
    ),
    Definition(
        CommandKind.UNSEEN,
        # Translators: command words: hear how many tiles you have not seen show each number.
        lambda i: i.pgettext("command", "unseen remaining"),
        AT_A_TABLE,
        help=_help(
            # Translators: help for the unseen command.
            lambda i: i.gettext("How many of the tiles you have not seen show each number."),
            Place.GAME,
        ),
        review="unseen",
    ),
    Definition(
        CommandKind.RULES,
        # Translators: command words: hear the rules of this match.
        lambda i: i.pgettext("command", "rules"),
        AT_A_TABLE,
        # Translators: help for the rules command.
        help=_help(lambda i: i.gettext("The rules of this match."), Place.GAME),
        review="rules",
    ),
    Definition(
        CommandKind.VERBOSITY,
        # Translators: command words: change how much is said.
        lambda i: i.pgettext("command", "verbosity v"),
        EVERYWHERE,
        Takes.WORD,
        help={
            # Translators: help for the verbosity command.
            Place.GAME: lambda i: i.gettext("How much is said: terse, normal or verbose."),
            # Translators: a line of the lobby's help.
            Place.LOBBY: lambda i: i.gettext("{verbosity} {terse}, {normal} or {verbose}: how much is said."),
        },
    ),
    Definition(
        CommandKind.SPEECH,
        # Translators: command words: change how the game speaks.
        lambda i: i.pgettext("command", "speech voice"),
        AT_A_TABLE | Place.CLUB,
        Takes.WORD,
        help=_help(
            # Translators: help for the speech command. Keep the mode words.
            lambda i: i.gettext(
                "How the game speaks: off (your screen reader reads the text), screenreader, or voice. "
                "The F3 key stops speech."
            ),
            Place.GAME,
        ),
    ),
    Definition(
        CommandKind.SOUNDS,
        # Translators: command words: turn the sound cues on or off.
        lambda i: i.pgettext("command", "sounds"),
        AT_A_TABLE | Place.CLUB,
        Takes.WORD,
        help=_help(
            # Translators: help for the sounds command.
            lambda i: i.gettext("Sound cues on or off: your turn, plays, draws, headers, the end."),
            Place.GAME,
        ),
    ),
    Definition(
        CommandKind.BRAILLE,
        # Translators: command words: the game's own braille display (BRLTTY) on or off.
        lambda i: i.pgettext("command", "braille"),
        AT_A_TABLE | Place.CLUB,
        Takes.WORD,
        help=_help(
            # Translators: help for the braille command. Keep the words on and off, BRLTTY, NVDA, history,
            # repeat.
            lambda i: i.gettext(
                "The game's own braille display through BRLTTY, on or off: every announcement stays until "
                "you have read it, the pan keys read on, line up and down go back, a routing key on a tile "
                "plays it. With NVDA or JAWS braille comes as a flash message (in NVDA, set messages to show "
                "indefinitely); history and repeat bring a line back."
            ),
            Place.GAME,
        ),
    ),
    Definition(
        CommandKind.NEWEST,
        # Translators: command words: take the game's own braille display to its newest line (what is
        # left of a long answer, such as help, is skipped). One word; no short form.
        lambda i: i.pgettext("command", "newest"),
        AT_A_TABLE | Place.CLUB,
        help=_help(
            # Translators: help for the newest command. Keep the word "bottom" (the BRLTTY key's name).
            lambda i: i.gettext(
                "The braille display goes to its newest line, leaving the rest of a long answer; the "
                "display's bottom key does the same."
            ),
            Place.GAME,
        ),
    ),
    Definition(
        CommandKind.LANGUAGE,
        # Translators: command words: change the language.
        lambda i: i.pgettext("command", "language lang"),
        EVERYWHERE,
        Takes.WORD,
        help={
            # Translators: help for the language command.
            Place.GAME: lambda i: i.gettext("The language: de, tr or en."),
            # Translators: a line of the lobby's help.
            Place.LOBBY: lambda i: i.gettext("{language} de, tr or en: the language."),
        },
    ),
    Definition(
        CommandKind.SAVE,
        # Translators: command words: save the match now.
        lambda i: i.pgettext("command", "save"),
        AT_A_TABLE,
        # Translators: help for the save command.
        help=_help(lambda i: i.gettext("Save now (the game also saves after every move)."), Place.GAME),
    ),
    Definition(
        CommandKind.QUIT,
        # Translators: command words: save and leave the game.
        lambda i: i.pgettext("command", "quit q exit"),
        EVERYWHERE,
        help={
            # Translators: help for the quit command.
            Place.GAME: lambda i: i.gettext("Save and leave; bergen continues the match next time."),
            # Translators: a line of the lobby's help.
            Place.LOBBY: lambda i: i.gettext("{quit}: leave the server."),
        },
    ),
    Definition(
        CommandKind.HELP,
        # Translators: command words: help.
        lambda i: i.pgettext("command", "help ?"),
        EVERYWHERE,
        Takes.WORD,
        # Translators: help for the help command.
        help=_help(lambda i: i.gettext("The list of commands; help and a command explains it."), Place.GAME),
    ),
    Definition(
        CommandKind.NEXT,
        # Translators: command words: deal the next hand.
        lambda i: i.pgettext("command", "next n"),
        AT_A_TABLE,
        # Translators: help for the next command.
        help=_help(lambda i: i.gettext("Deal the next hand (Enter does the same)."), Place.GAME),
        listed=False,
    ),
    Definition(
        CommandKind.REDO,
        # Translators: scorekeeper command words: redo what was undone.
        lambda i: i.pgettext("keep command", "redo"),
        Place.KEEP,
    ),
    Definition(
        CommandKind.EXPORT,
        # Translators: scorekeeper command words: write the match record to files.
        lambda i: i.pgettext("keep command", "export"),
        Place.KEEP | Place.CLUB,
        Takes.REST,
    ),
    Definition(
        CommandKind.STANDINGS,
        # Translators: club director's command words (bergen club): the standings of the evening so far.
        # Space-separated, the main word first; keep them unique among the director's commands.
        lambda i: i.pgettext("club command", "standings st"),
        Place.CLUB | Place.LOBBY,
        help=_help(
            # Translators: a line of the lobby's help: the standings of the server's tournament.
            lambda i: i.gettext("{standings}: the tournament's standings, at any time."),
            Place.LOBBY,
        ),
    ),
    Definition(
        CommandKind.SHEET,
        # Translators: club director's command words: take a table's final scores from its bergen keep
        # score sheet ("sheet 2", "sheet 2 keep.jsonl"). Space-separated, the main word first.
        lambda i: i.pgettext("club command", "sheet"),
        Place.CLUB,
        Takes.REST,
    ),
    Definition(
        CommandKind.NAME,
        # Translators: lobby command words of the game server, space-separated, the main word first. They
        # must differ from the game's command words. Here: give your name ("name Anna").
        lambda i: i.pgettext("lobby command", "name"),
        Place.LOBBY,
        Takes.REST,
        # Translators: a line of the lobby's help. Every {…} is a command word or a name shown in the
        # person's language; do not translate what is inside the braces.
        help=_help(lambda i: i.gettext("{name} Anna: your name."), Place.LOBBY),
    ),
    Definition(
        CommandKind.TABLES,
        # Translators: lobby command words: list the tables.
        lambda i: i.pgettext("lobby command", "tables"),
        Place.LOBBY | Place.CLUB,
        # Translators: a line of the lobby's help.
        help=_help(lambda i: i.gettext("{tables}: the tables and their free seats."), Place.LOBBY),
    ),
    Definition(
        CommandKind.CREATE,
        # Translators: lobby command words: open a new table ("create standard 2").
        lambda i: i.pgettext("lobby command", "create"),
        Place.LOBBY,
        Takes.REST,
        help=_help(
            # Translators: a line of the lobby's help. PRESET, PLAYERS and LEVELS stand for what is typed
            # there.
            lambda i: i.gettext(
                "{create} PRESET PLAYERS [{set} 9] [{partners}] [{computers} LEVELS]: a new table."
            ),
            Place.LOBBY,
        ),
    ),
    Definition(
        CommandKind.JOIN,
        # Translators: lobby command words: sit at a table ("join 1").
        lambda i: i.pgettext("lobby command", "join"),
        Place.LOBBY,
        Takes.REST,
        # Translators: a line of the lobby's help.
        help=_help(lambda i: i.gettext("{join} N: sit at table N."), Place.LOBBY),
    ),
    Definition(
        CommandKind.WATCH,
        # Translators: lobby command words: watch a table ("watch 1").
        lambda i: i.pgettext("lobby command", "watch"),
        Place.LOBBY,
        Takes.REST,
        # Translators: a line of the lobby's help.
        help=_help(lambda i: i.gettext("{watch} N: watch table N."), Place.LOBBY),
    ),
    Definition(
        CommandKind.LEAVE,
        # Translators: lobby command words: leave the table, back to the lobby.
        lambda i: i.pgettext("lobby command", "leave"),
        Place.LOBBY,
        # Translators: a line of the lobby's help.
        help=_help(lambda i: i.gettext("{leave}: back to the lobby."), Place.LOBBY),
    ),
    Definition(
        CommandKind.REJOIN,
        # Translators: lobby command words: take your seat back with its code ("rejoin 3f9a").
        lambda i: i.pgettext("lobby command", "rejoin"),
        Place.LOBBY,
        Takes.REST,
        help=_help(
            # Translators: a line of the lobby's help.
            lambda i: i.gettext("{rejoin} CODE: your seat again after a lost connection."),
            Place.LOBBY,
        ),
    ),
    Definition(
        CommandKind.REGISTER,
        # Translators: lobby command words: claim your name at this server with a passphrase ("register
        # blue harbour lantern"); then nobody else can take the name.
        lambda i: i.pgettext("lobby command", "register"),
        Place.LOBBY,
        Takes.REST,
        help=_help(
            # Translators: a line of the lobby's help. PASSPHRASE stands for what is typed there.
            lambda i: i.gettext(
                "{register} PASSPHRASE: your name is yours at this server; take it later with "
                "{name} NAME PASSPHRASE."
            ),
            Place.LOBBY,
        ),
    ),
    Definition(
        CommandKind.RATINGS,
        # Translators: lobby command words: the registered players' ratings at this server, the highest
        # first.
        lambda i: i.pgettext("lobby command", "ratings"),
        Place.LOBBY,
        help=_help(
            # Translators: a line of the lobby's help.
            lambda i: i.gettext("{ratings}: the ratings of registered names, from their rated matches."),
            Place.LOBBY,
        ),
    ),
    Definition(
        CommandKind.TOURNAMENT,
        # Translators: lobby command words: the server's tournament ("tournament new standard 2 rounds 3",
        # "tournament join", "tournament start"; the word alone says where it stands).
        lambda i: i.pgettext("lobby command", "tournament"),
        Place.LOBBY,
        Takes.REST,
        help=_help(
            # Translators: a line of the lobby's help. PRESET, PLAYERS, N and LEVEL stand for what is typed
            # there; every {…} is a word shown in the person's language.
            lambda i: i.gettext(
                "{tournament} {new} PRESET PLAYERS [{partners}] [{rounds} N] [{duplicate}] "
                "[{computers} LEVEL]: a tournament; {tournament} {join} enters it, {tournament} {leave} "
                "leaves it, {tournament} {start} begins it (who opened it)."
            ),
            Place.LOBBY,
        ),
    ),
    Definition(
        CommandKind.WHO,
        # Translators: lobby command words: who is online.
        lambda i: i.pgettext("lobby command", "who"),
        Place.LOBBY,
        # Translators: a line of the lobby's help.
        help=_help(lambda i: i.gettext("{who}: who is online."), Place.LOBBY),
    ),
    Definition(
        CommandKind.SAY,
        # Translators: lobby command words: talk to your table ("say hello").
        lambda i: i.pgettext("lobby command", "say"),
        Place.LOBBY,
        Takes.REST,
        # Translators: a line of the lobby's help.
        help=_help(lambda i: i.gettext("{say} TEXT: talk to your table."), Place.LOBBY),
    ),
)

BY_KIND: dict[CommandKind, Definition] = {definition.kind: definition for definition in COMMANDS}

#: the source language's own words (the catalog's entries as written), which always work
SOURCE = I18n("en", gettext.NullTranslations())


def definitions(place: Place) -> Iterator[Definition]:
    """The commands that can be typed in ``place``, in the order help lists them."""
    return (definition for definition in COMMANDS if definition.places & place)


#: the game's commands in the order help lists them (``next`` is not listed: Enter deals)
HELP_ORDER = tuple(d.kind for d in definitions(Place.GAME) if d.listed)


def english_words(definition: Definition) -> tuple[str, ...]:
    """A command's English words: the catalog's source words, then any more."""
    return (*definition.words(SOURCE).split(), *definition.more_english)


def phrases(definition: Definition, i: I18n) -> list[tuple[str, ...]]:
    """A command's phrases of more than one word, the player's language first, then English: each as
    its words."""
    if definition.phrases is None:
        return []
    found = []
    for text in (definition.phrases(i), definition.phrases(SOURCE)):
        for phrase in text.split(";"):
            words = tuple(phrase.split())
            if len(words) > 1 and words not in found:
                found.append(words)
    return found


def takes(kind: CommandKind) -> Takes:
    """What may follow ``kind``'s word."""
    definition = BY_KIND.get(kind)
    return definition.takes if definition is not None else Takes.NOTHING
