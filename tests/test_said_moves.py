"""The scorekeeper reads back the sentences it says a move in (issue 30): "Cem zieht 2", "Mia passt",
"Cem legt 0-4 links", Turkish "Cem 0-4'ü sola koydu"; and a command phrase of more than one word
("geri al", "rückgängig machen", "take back") is its command, in the game and in the scorekeeper."""

from __future__ import annotations

import pytest

from bergen_access.commands.keep_parser import KeepKind, KeepLexicon, parse_keep
from bergen_access.commands.lexicon import CommandKind, Lexicon, Place
from bergen_access.commands.parser import parse
from bergen_access.commands.said_moves import drew_sentence, header_name, passed_sentence, went_out_sentence
from bergen_access.core.actions import End
from bergen_access.core.events import HeaderKind
from bergen_access.core.rules import preset
from bergen_access.i18n import I18n
from bergen_access.present.keep_text import KeepText
from bergen_access.present.message import Verbosity
from bergen_access.present.narrator import Narrator
from bergen_access.present.words import Words

NAMES = ["Anna", "Cem", "Mia"]
LANGUAGES = ["en", "de", "tr"]

TYPED = {
    "en": ["Cem draws 2", "Cem draws 2 tiles.", "Mia passes", "Cem plays 0-4 on the left.", "plays 0-4 left"],
    "de": ["Cem zieht 2", "Cem zieht 2 Steine.", "Mia passt", "Cem legt 0-4 links.", "legt 0-4 links"],
    "tr": ["Cem 2 çekti", "Cem 2 taş çekti.", "Mia pas geçti", "Cem 0-4'ü sola koydu.", "0-4 sola koydu"],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_keepers_own_forms_are_read_back(language: str) -> None:
    lexicon = KeepLexicon(I18n(language), NAMES)
    short_draw, long_draw, passing, played, unnamed = (parse_keep(line, lexicon) for line in TYPED[language])
    assert (short_draw.kind, short_draw.seat, short_draw.count) == (KeepKind.DRAW, 1, 2)
    assert (long_draw.kind, long_draw.seat, long_draw.count) == (KeepKind.DRAW, 1, 2)
    assert (passing.kind, passing.seat) == (KeepKind.PASS, 2)
    assert (played.kind, played.seat, str(played.tile), played.end) == (KeepKind.TILE, 1, "0-4", End.LEFT)
    assert (unnamed.kind, unnamed.seat, unnamed.end) == (KeepKind.TILE, None, End.LEFT)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", [1, 3])
def test_every_printed_draw_and_pass_is_an_entry(language: str, count: int) -> None:
    i = I18n(language)
    lexicon = KeepLexicon(i, NAMES)
    drew = parse_keep(drew_sentence(i, count).format(name="Mia", count=count), lexicon)
    assert (drew.kind, drew.seat, drew.count) == (KeepKind.DRAW, 2, count)
    passed = parse_keep(passed_sentence(i).format(name="Anna"), lexicon)
    assert (passed.kind, passed.seat) == (KeepKind.PASS, 0)


@pytest.mark.parametrize(
    ("language", "phrase"),
    [
        ("tr", "geri al"),
        ("tr", "GERİ AL"),
        ("de", "rückgängig machen"),
        ("de", "nimm zurück"),
        ("en", "take back"),
    ],
)
def test_a_command_phrase_is_its_command(language: str, phrase: str) -> None:
    i = I18n(language)
    assert parse(phrase, Lexicon(i, Place.GAME)).kind is CommandKind.UNDO
    entry = parse_keep(phrase, KeepLexicon(i, NAMES))
    assert (entry.kind, entry.command) == (KeepKind.COMMAND, CommandKind.UNDO)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tally_calls_are_read_in_the_words_the_keeper_says_them(language: str) -> None:
    """A header by its name ("Anna doppelter Treffer", "Anna çift başlık") and going out as said ("Anna
    geht aus", "Anna goes out"), from the same catalog entries the keeper says them with."""
    i = I18n(language)
    lexicon = KeepLexicon(i, NAMES)
    for kind in (HeaderKind.DOUBLE, HeaderKind.TRIPLE):
        called = parse_keep(f"Cem {header_name(i, kind)}", lexicon)
        assert (called.kind, called.seat, called.header) == (KeepKind.HEADER, 1, kind)
    out = parse_keep(went_out_sentence(i).format(name="Mia"), lexicon)
    assert (out.kind, out.seat) == (KeepKind.OUT, 2)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_keepers_help_shows_its_own_sentences_and_each_is_an_entry(language: str) -> None:
    """Help names the sentence forms, and each of its examples typed back is the entry it names."""
    i = I18n(language)
    words = Words(i, preset("standard", players=3), NAMES, None)
    text = KeepText(Narrator(words, Verbosity.NORMAL))
    examples = text.said_examples()
    assert any(examples in line for line in text.help_lines(tracking=True))
    draw, passing, play = (parse_keep(example, KeepLexicon(i, NAMES)) for example in examples.split(", "))
    assert (draw.kind, draw.seat, draw.count) == (KeepKind.DRAW, 0, 3)
    assert (passing.kind, passing.seat) == (KeepKind.PASS, 1)
    assert (play.kind, play.seat, str(play.tile), play.end) == (KeepKind.TILE, 0, "3-5", End.LEFT)
