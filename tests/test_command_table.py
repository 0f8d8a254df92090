"""The command table (bergen_access/commands/definitions.py) is where every command is defined, once:
each place carries out each of its commands by the handler the table names, and help, completion and
the words a name may not be all come from it."""

from __future__ import annotations

import pytest

from bergen_access.commands.definitions import (
    BY_KIND,
    COMMANDS,
    CommandKind,
    Place,
    definitions,
    english_words,
)
from bergen_access.commands.keep_parser import ENTRIES
from bergen_access.commands.lexicon import Lexicon, names_a_command
from bergen_access.core.rules import Rules
from bergen_access.i18n import I18n
from bergen_access.net.lobby import Lobby
from bergen_access.present.feedback import Feedback
from bergen_access.present.help_text import HELP_ORDER, describe
from bergen_access.present.narrator import Narrator
from bergen_access.present.replies import Replies
from bergen_access.present.reviews import Reviews
from bergen_access.present.table_talk import TableTalk
from bergen_access.present.words import Words
from bergen_access.seat.club import Director
from bergen_access.seat.keeper import Keeper
from bergen_access.seat.match_seat import MatchSeat

CONTROLLERS: dict[Place, type] = {
    Place.GAME: MatchSeat,
    Place.KEEP: Keeper,
    Place.LOBBY: Lobby,
    Place.CLUB: Director,
}
LANGUAGES = ("en", "de", "tr")


def _game_reviews() -> frozenset[str]:
    """The review answers the game has (``present/reviews.py``), by name."""
    words = Words(I18n("en"), Rules(players=2), ["You", "Anna"], 0)
    narrator = Narrator(words)
    return Reviews(Replies(narrator), TableTalk(narrator, {}), Feedback(narrator)).names


@pytest.mark.parametrize("place", list(CONTROLLERS), ids=lambda p: str(p.name))
def test_each_place_carries_out_each_of_its_commands(place: Place) -> None:
    controller = CONTROLLERS[place]
    reviews = _game_reviews() if place is Place.GAME else frozenset()
    missing = [
        d.handler
        for d in definitions(place)
        if not (place is Place.KEEP and d.kind in ENTRIES)  # entries there, not commands
        and not callable(getattr(controller, d.handler, None))
        and d.review not in reviews  # the game answers its reviews from the command table's column
    ]
    assert not missing, f"{controller.__name__} lacks {missing}"
    if place is Place.GAME:
        assert {d.review for d in definitions(place) if d.review} == reviews  # no answer without its command
    if place is not Place.LOBBY:
        assert callable(getattr(controller, "on_empty", None))  # Enter on an empty line


def test_every_command_is_defined_once_and_typed_somewhere() -> None:
    kinds = [d.kind for d in COMMANDS]
    assert len(kinds) == len(set(kinds))
    assert set(kinds) == set(CommandKind) - {CommandKind.EMPTY}
    assert all(d.places for d in COMMANDS)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "place", [Place.GAME, Place.KEEP, Place.LOBBY, Place.CLUB], ids=lambda p: str(p.name)
)
def test_each_command_word_of_a_place_means_its_command(language: str, place: Place) -> None:
    """The main word in the place's language and every English word reach the command (a clash would be
    one command's word shadowing another's)."""
    i = I18n(language)
    words = Lexicon(i, place)
    for definition in definitions(place):
        assert words.command(words.main_word(definition.kind)) is definition.kind, (language, definition.kind)
        if language == "en":
            for word in english_words(definition):
                assert words.command(word) is definition.kind, (word, definition.kind)


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_lists_the_game_commands_of_the_table_with_their_lines(language: str) -> None:
    i = I18n(language)
    assert tuple(d.kind for d in definitions(Place.GAME) if d.listed) == HELP_ORDER
    for kind in HELP_ORDER:
        assert describe(i, kind), kind
        assert describe(i, kind, arms=4), kind
    for definition in definitions(Place.LOBBY):
        if definition.kind not in (CommandKind.HELP,):
            assert definition.help_in(Place.LOBBY) is not None, definition.kind


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_name_may_be_a_command_word_of_any_place(language: str) -> None:
    i = I18n(language)
    for definition in COMMANDS:
        for word in [*definition.words(i).split(), *english_words(definition)]:
            assert names_a_command(word, i), word
    assert not names_a_command("Anna", i) and not names_a_command("Jürgen", i)


def test_a_new_word_is_one_entry_in_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command word added in the table is taken by the game, the scorekeeper's parser, completion and
    the name check, with nothing else changed."""
    from dataclasses import replace  # noqa: PLC0415

    from bergen_access.commands import definitions as table  # noqa: PLC0415
    from bergen_access.commands.keep_parser import KeepKind, KeepLexicon, parse_keep  # noqa: PLC0415

    hand = BY_KIND[CommandKind.HAND]
    more = replace(hand, more_english=("mine",))
    monkeypatch.setattr(table, "COMMANDS", tuple(more if d is hand else d for d in table.COMMANDS))
    i = I18n("en")
    assert Lexicon(i).command("mine") is CommandKind.HAND
    assert "mine" in Lexicon(i).words_for(CommandKind.HAND)
    assert parse_keep("mine", KeepLexicon(i, ["Ada", "Bo"])).command is CommandKind.HAND
    assert parse_keep("mine", KeepLexicon(i, ["Ada", "Bo"])).kind is KeepKind.COMMAND
    assert names_a_command("mine", i)
