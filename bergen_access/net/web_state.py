"""What the web page is told besides the lines: its own words, and the buttons a seat may press.

The page holds no game words of its own: every label comes from here, in the
player's language, and every button types a line the server reads as if it were
typed in the field (English command words always work, so a button's line does
not change with the language). A tile that fits more than one end gets one
button per end: the page never chooses a side for the player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..commands.lexicon import CommandKind, verbosity_names
from ..commands.which_end import must_ask
from ..core.actions import Draw, End, Pass
from ..core.engine import Phase
from ..core.events import MatchWon
from ..i18n import LANGUAGES, I18n, normalize_language
from . import texts
from .lobby_words import lobby_words
from .side import prompt_state

if TYPE_CHECKING:
    from ..present.narrator import Narrator
    from ..present.words import Words
    from .connections import Client
    from .table import Table

#: each language's name in itself (the page's choice of language shows them so)
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "tr": "Türkçe"}

#: the moves and the review commands the page has buttons for, in their order
MOVES = ((CommandKind.DRAW, Draw), (CommandKind.PASS, Pass))
REVIEW = (CommandKind.HAND, CommandKind.ENDS, CommandKind.SCORE, CommandKind.LINE)
#: the lobby's commands the status line names
LOBBY_SHOWN = (CommandKind.NAME, CommandKind.TABLES, CommandKind.CREATE, CommandKind.JOIN)


def page_words(i: I18n) -> dict[str, str]:
    """The page's own labels and sentences, in one language."""
    return {
        # Translators: the web page: the heading and label of the transcript of the table.
        "log": i.gettext("Table talk"),
        # Translators: the web page: the heading of the line with the state at a glance (ends, tiles).
        "status": i.gettext("Status"),
        # Translators: the web page: the label of the one text field where commands are typed.
        "field": i.gettext("Command"),
        # Translators: the web page: the button that sends what was typed in the field.
        "send": i.gettext("Send"),
        # Translators: the web page: the heading of the buttons for the player's own tiles.
        "tiles": i.gettext("Your tiles"),
        # Translators: the web page: shown where the tile buttons go while the player holds none.
        "no_tiles": i.gettext("No tiles in your hand."),
        # Translators: the web page: the heading of the buttons draw, pass and next hand.
        "moves": i.gettext("Moves"),
        # Translators: the web page: the heading of the buttons that ask for the hand, ends, score, line.
        "review": i.gettext("Review"),
        # Translators: the web page: the heading of the list of who sits at the table, with the scores.
        "people": i.gettext("At the table"),
        # Translators: the web page: the keys that read something again. Alt and Shift are key names
        # (keep them as the keyboard shows them); L, S, Y and W are the keys, the same in every language.
        "keys": i.gettext(
            "Keys: Alt+Shift+L says the last line, Alt+Shift+S the status, Alt+Shift+Y your turn again, "
            "Alt+Shift+W who is at the table with the scores."
        ),
        # Translators: the web page: said by the key for the last line when nothing was said yet.
        "no_line": i.gettext("Nothing has been said yet."),
        # Translators: the web page: said by the key for "your turn again" while it is not your turn.
        "not_yours": i.gettext("It is not your turn."),
        # Translators: the web page: said by the key for "your turn again" while another player is to
        # play. {name} is that player's name.
        "whose_turn": i.gettext("It is not your turn: {name} is to play."),
        # Translators: the web page: said by the key for who is at the table while at no table.
        "no_table": i.gettext("You are at no table."),
        # Translators: the web page: the heading of the server's tournament (your table, the standings).
        "tournament": i.gettext("Tournament"),
        # Translators: the web page: the heading of the settings (language, verbosity, sounds).
        "settings": i.gettext("Settings"),
        # Translators: the web page: the label of the choice of language.
        "language": i.gettext("Language"),
        # Translators: the web page: the label of the choice of verbosity (terse, normal, verbose).
        "verbosity": i.gettext("Verbosity"),
        # Translators: the web page: the label of the check box that turns the sound cues on.
        "sounds": i.gettext("Sound cues"),
        "lobby": _in_the_lobby(i),
        # Translators: the web page: the status while the page connects to the server.
        "connecting": i.gettext("Connecting…"),
        # Translators: the web page: said when the connection broke; the page connects again by itself.
        "lost": i.gettext("The connection is lost. Connecting again…"),
        # Translators: the web page: said when the server closed the connection for good.
        "closed": i.gettext("The connection is closed. Reload the page to connect again."),
        **{f"verbosity_{level}": name for level, name in verbosity_names(i).items()},
    }


def _in_the_lobby(i: I18n) -> str:
    words = lobby_words(i)
    named = {kind.value: words.word(kind) for kind in LOBBY_SHOWN}
    # Translators: the web page: the status line in the lobby (at no table). {name}, {tables}, {create}
    # and {join} are the lobby's command words.
    return i.gettext("In the lobby: {name}, {tables}, {create}, {join}.").format(**named)


def page_language(asked: str | None, accept: str | None) -> str:
    """The page's language: the one asked for (the page's choice), else the browser's first
    ``Accept-Language`` that we have, else English."""
    chosen = normalize_language(asked) if asked else None
    if chosen is not None:
        return chosen
    ranked: list[tuple[float, int, str]] = []
    for place, part in enumerate((accept or "").split(",")[:20]):
        tag, _, weight = part.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            continue
        language = normalize_language(tag.strip().split("-")[0].lower()) if tag.strip() else None
        if language is not None and quality > 0:
            ranked.append((-quality, place, language))
    return min(ranked)[2] if ranked else "en"


def page_hello(language: str) -> dict[str, Any]:
    """``/words.json``: the page's language, the languages it may choose, its words."""
    i = I18n(language)
    return {
        "language": language,
        "languages": [{"code": code, "name": LANGUAGE_NAMES.get(code, code)} for code in LANGUAGES],
        "words": page_words(i),
    }


def _button(label: str, line: str) -> dict[str, Any]:
    return {"label": label, "line": line}


def web_state(client: Client) -> dict[str, Any]:
    """The prompt's state (as GMCP's ``Bergen.Prompt`` tells it) and the page's buttons for it."""
    state = prompt_state(client)
    seat, table, watcher = client.session.seat, client.session.table, client.session.watching
    if table is not None and seat is None and watcher is not None:  # who plays, the score, Leave
        i = watcher.narrator.words.i18n
        state["people"] = who_is_here(i, table, watcher.narrator.words)
        state["moves"] = [_leave(i)]
        if table.match.phase is Phase.NOT_STARTED:
            state["text"] = _waiting(i, table)
        elif table.match.is_over:
            state["text"] = _match_over(i, table, watcher.narrator)
        return state
    if seat is None or seat.game is None or table is None:
        return state
    game = seat.game
    i, lexicon = game.i18n, game.command_words
    # Leave, where the page would otherwise offer nothing to do: before the match and after it
    leave = [_leave(i)]
    state["people"] = who_is_here(i, table, game.words)
    if table.match.phase is Phase.NOT_STARTED:
        state["text"] = _waiting(i, table)
        state["moves"] = leave
        return state
    view = game.view
    playing = table.match.phase is Phase.PLAYING and not table.match.is_over
    yours = playing and view.is_my_turn
    arms = table.match.rules.arms
    tiles = []
    for tile in view.hand if playing else ():
        ends = view.ends_for(tile) if yours else ()
        if not ends:  # shown, so the hand can be read, but not pressed: it would only be refused
            entry: dict[str, Any] = _button(tile.notation, tile.notation)
            if yours:
                # Translators: the web page: a tile of yours that fits no end now ("1-4, does not fit").
                entry["label"] = i.gettext("{tile}, does not fit").format(tile=tile.notation)
            entry["disabled"] = True
            tiles.append(entry)
            continue
        # Translators: the web page: a button that plays one of your tiles, e.g. "Play 3-5".
        label = i.gettext("Play {tile}").format(tile=tile.notation)
        entry = _button(label, tile.notation)
        if must_ask(ends, view.layout):  # one button per end: the player chooses the side
            # Translators: the web page: a tile fits several ends; {where} e.g. "left or right".
            entry["label"] = i.gettext("Play {tile}, {where}").format(
                tile=tile.notation, where=game.words.fit_words(ends)
            )
            # Translators: the web page: the group of buttons that asks at which end the tile goes.
            entry["question"] = i.gettext("Which end for {tile}?").format(tile=tile.notation)
            entry["ends"] = [
                _button(
                    _at_end(i, tile.notation, game.words.end_word(end)),
                    f"{tile.notation} {_typed_end(end, arms)}",
                )
                for end in ends
            ]
        tiles.append(entry)
    state["hand"] = tiles
    moves = []
    if yours:  # only the moves that are legal now (a draw while a tile fits would only be refused)
        legal = {type(action) for action in view.legal_actions}
        moves = [
            _button(_shown(lexicon.main_word(kind)), lexicon.main_word(kind))
            for kind, action in MOVES
            if action in legal
        ]
    elif table.match.phase is Phase.HAND_OVER and not table.match.is_over:  # Enter: ready for the next hand
        moves = [_button(_shown(lexicon.main_word(CommandKind.NEXT)), "")]
    elif table.match.is_over:  # the status says who won; the page's way on is Leave
        state["text"] = _match_over(i, table, game.narrator)
        moves = leave
    state["moves"] = moves
    state["review"] = [_button(_shown(lexicon.main_word(kind)), lexicon.main_word(kind)) for kind in REVIEW]
    return state


def _leave(i: I18n) -> dict[str, Any]:
    return _button(_shown(lobby_words(i).word(CommandKind.LEAVE)), CommandKind.LEAVE.value)


def _match_over(i: I18n, table: Table, narrator: Narrator) -> str:
    """The status after the match: who won, and every side's score (as the match's last line said)."""
    won = table.match.winner
    told = narrator.narrate(MatchWon(won, tuple(table.match.scores))) if won is not None else None
    return told.text if told is not None else texts.state_over(i)


def who_is_here(i: I18n, table: Table, words: Words) -> list[str]:
    """Who sits at the table, each with their side's score (or counters left), then the target: the
    page's "At the table" list and its key."""
    match = table.match
    people = []
    for seat in table.seats:
        if seat.is_free:
            # Translators: the web page's list of who is at the table: a seat nobody has taken yet.
            people.append(i.gettext("Seat {number}: free").format(number=seat.index + 1))
            continue
        value = match.scores[match.rules.side_of(seat.index)]
        score = words.counter_count(match.target - value) if words.counters else words.points(value)
        name = words.name(seat.index)
        if seat.level is not None:
            # Translators: the web page's list of who is at the table: a computer and its side's score,
            # e.g. "Anna, computer: 7 points".
            people.append(i.gettext("{name}, computer: {score}").format(name=name, score=score))
        elif seat.client is None:
            # Translators: the web page's list of who is at the table: a person whose connection is gone,
            # e.g. "Bo, away: 3 points".
            people.append(i.gettext("{name}, away: {score}").format(name=name, score=score))
        else:
            # Translators: the web page's list of who is at the table: a person (or "You") and the
            # side's score, e.g. "You: 9 points".
            people.append(i.gettext("{name}: {score}").format(name=name, score=score))
    if words.counters:
        return people
    # Translators: the last entry of the web page's list of who is at the table, e.g. "Target: 15 points".
    return [*people, i.gettext("Target: {points}").format(points=words.points(match.target))]


def _waiting(i: I18n, table: Table) -> str:
    free = sum(1 for seat in table.seats if seat.is_free)
    # Translators: the web page's status at a table whose match has not begun, e.g. "Table 2: waiting
    # for players, 1 seat is free."
    text = i.ngettext(
        "Table {number}: waiting for players, {free} seat is free.",
        "Table {number}: waiting for players, {free} seats are free.",
        free,
    )
    return text.format(number=table.number, free=free)


def _at_end(i: I18n, tile: str, end: str) -> str:
    # Translators: the web page: a button that plays a tile at one end, e.g. "3-5 left" or "3-5 arm 2".
    return i.gettext("{tile} {end}").format(tile=tile, end=end)


def _typed_end(end: int, arms: int) -> str:
    """The end as typed after a tile: ``left``/``right`` (English always works), or the arm's number."""
    if arms > 2:
        return str(end + 1)
    return "left" if end == End.LEFT else "right"


def _shown(word: str) -> str:
    """A command word as a button shows it: its first letter a capital."""
    return word[:1].upper() + word[1:]
