"""The wording review (``../shared/notes/wording-review.md``): each line a careful native reader of German,
Turkish or English would change, asserted through the presenter that says it, so the old wording fails.

The partners' plural ("Anna and Mia win") and learn's counter count are asserted in their own tests."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from babel.messages.pofile import read_po

from bergen_access.commands.lexicon import CommandKind, Lexicon
from bergen_access.core.actions import End, Play
from bergen_access.core.events import CountersDiscarded, HeaderKind, HeaderScored, TilePlayed
from bergen_access.core.lessons import Lesson
from bergen_access.core.rules import Tally, preset
from bergen_access.core.statistics import Figures
from bergen_access.core.statistics import Tally as Wins
from bergen_access.core.tiles import parse_tile
from bergen_access.i18n import I18n
from bergen_access.net import texts
from bergen_access.players.coach import Advice
from bergen_access.present import prompts
from bergen_access.present.coaching import CoachWords
from bergen_access.present.explain import Explainer
from bergen_access.present.help_text import overview
from bergen_access.present.keep_text import KeepText
from bergen_access.present.lessons import LessonWords
from bergen_access.present.message import Message, Verbosity
from bergen_access.present.narrator import Narrator
from bergen_access.present.record_talk import replay_start, result_text, statistics_lines
from bergen_access.present.refusals import extra_words
from bergen_access.present.table_talk import saved_match
from bergen_access.present.words import Words

from .learn_script import run_plain, typed

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["You", "Anna", "Cem", "Mia"]


def narrator(language: str, players: int = 2, names: list[str] | None = None, **options: object) -> Narrator:
    rules = preset("standard", players=players, **options)  # type: ignore[arg-type]
    return Narrator(Words(I18n(language), rules, names or NAMES[:players], 0), Verbosity.NORMAL)


def why_word(language: str) -> str:
    return Lexicon(I18n(language)).main_word(CommandKind.WHY)


def said(message: Message) -> str:
    return message.text


def why_nothing(language: str, seat: int) -> list[str]:
    """``why`` on a play that scored nothing: 3-6 laid, ends 6 and 3; the last score is ``why 2``."""
    explainer = Explainer(narrator(language))
    event = TilePlayed(seat, parse_tile("3-6", 6), 1, 6, 3)
    return said(explainer.nothing(event, 2, why_word(language))).splitlines()


# ------------------------------------------------------------------ German


def test_german_why_on_a_play_that_scored_nothing_reads_well() -> None:
    why = why_word("de")
    explainer = Explainer(narrator("de"))
    anna = said(explainer.nothing(TilePlayed(1, parse_tile("3-6", 6), 1, 6, 3), 2, why)).splitlines()
    assert anna == [
        "Mit 3-6 hat Anna nicht gepunktet: Die Enden waren 6 und 3, nicht gleich.",
        f"Zur letzten Wertung tippe {why} 2.",
    ]
    mine = said(explainer.nothing(TilePlayed(0, parse_tile("3-6", 6), 1, 6, 3), 2, why)).splitlines()
    assert mine[0] == "Mit 3-6 hast du nicht gepunktet: Die Enden waren 6 und 3, nicht gleich."


def test_german_tally_reminder_says_mitzaehlen_not_the_mode_word() -> None:
    text = said(KeepText(narrator("de", players=3)).tally_only())
    assert text.startswith("Beim Mitzählen nur eintragen, was punktet, zum Beispiel ")
    assert "tally" not in text


def test_german_learn_welcome_and_first_part() -> None:
    guide = LessonWords(narrator("de"))
    welcome = said(guide.welcome(3, "beenden", "tipp"))
    assert welcome == (
        "Geführte Übung in 3 kurzen Teilen. Du machst jeden Zug selbst; gib tipp ein, um den Zug zu "
        "hören, oder beenden, um die Übung zu beenden. Nichts wird gespeichert."
    )
    first = said(guide.part(1, 3, Lesson.OPENING, (6, 4)))
    assert first == (
        "Teil 1 von 3: eine Runde gegen Anna. Du hast 6 Punkte, Anna 4; wer zuerst 15 hat, gewinnt."
    )
    blocked = said(guide.part(2, 3, Lesson.BLOCKED, (0, 0)))
    assert blocked.endswith("Du hast 0 Punkte, Anna 0.") and " : " not in blocked


@pytest.mark.parametrize(
    ("language", "facts", "short"),
    [
        ("en", "Enter: next part> ", "Next part: "),
        ("de", "Enter: nächster Teil> ", "Nächster Teil: "),
        ("tr", "Enter: sonraki bölüm> ", "Sonraki bölüm: "),
    ],
)
def test_learn_between_parts_asks_for_the_next_part_not_the_next_hand(
    tmp_path: Path, language: str, facts: str, short: str
) -> None:
    prompt = prompts.next_part(I18n(language))
    assert (prompt.facts, prompt.short) == (facts, short)
    output, status = run_plain(tmp_path, language, typed(language))
    assert status == 0
    assert output.count(facts) == 2  # between parts 1 and 2, and 2 and 3
    assert prompts.next_hand(I18n(language)).facts not in output


def test_german_scorekeeper_undo_says_zurueckgenommen() -> None:
    keeper = KeepText(narrator("de", players=3))
    said_before = Message("Mia legt 2-4 links.", "Mia legt 2-4 links.", "Mia 2-4L")
    assert said(keeper.undone(said_before)) == "Zurückgenommen: Mia legt 2-4 links."
    assert said(keeper.undone(None)) == "Zurückgenommen."


def test_german_messages_write_zum_beispiel_not_the_abbreviation() -> None:
    """ "z. B." splits across braille windows ("z." / "B. 3-5"); no German message abbreviates it."""
    with (ROOT / "locales" / "de" / "LC_MESSAGES" / "bergen_access.po").open("rb") as stream:
        catalog = read_po(stream)
    found = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [s for s in strings if s and re.search(r"\bz\.\s?B\.", s)]
    assert found == []
    help_line = I18n("de").gettext("a tile, e.g. 3-5")
    assert help_line == "ein Stein, zum Beispiel 3-5"


# ------------------------------------------------------------------ Turkish


def test_turkish_why_on_a_play_that_scored_nothing() -> None:
    why = why_word("tr")
    explainer = Explainer(narrator("tr", names=["You", "Mia"]))
    zero = TilePlayed(1, parse_tile("0-0", 6), 1, 6, 0, False, True)
    lines = said(explainer.nothing(zero, 2, why)).splitlines()
    assert lines == [
        "Mia'nın 0-0 taşı puan getirmedi: uçlar 6 ve çift 0 idi, aynı değildi.",
        f"Son puanın nedeni için {why} 2 yaz.",
    ]


def test_turkish_a_command_with_words_after_it_is_not_understood_not_unused() -> None:
    """ "geri al" itself is understood now (the command table's phrases); other extra words hear this."""
    text = extra_words(I18n("tr"), "geri xyz", "geri").text
    assert text == "“geri xyz” anlaşılmadı: geri komutundan sonra bir şey yazılmaz; yalnızca geri yaz."


def test_turkish_learn_welcome_and_first_part() -> None:
    guide = LessonWords(narrator("tr"))
    assert said(guide.welcome(3, "çık", "ipucu")) == (
        "3 kısa bölümlük rehberli alıştırma. Her hamleyi sen yaparsın; hamleyi duymak için ipucu, "
        "çıkmak için çık yaz. Hiçbir şey kaydedilmez."
    )
    assert said(guide.part(1, 3, Lesson.OPENING, (6, 4))) == (
        "Bölüm 1/3: Anna'ya karşı bir el. Skor: sen 6, Anna 4; 15 puana ilk ulaşan kazanır."
    )


def test_turkish_headers_of_the_player_say_yaptin_without_sen() -> None:
    told = narrator("tr")
    double = said(told.narrate(HeaderScored(0, 0, HeaderKind.DOUBLE, 2, 2, 8)))  # type: ignore[arg-type]
    assert double == "Çift başlık yaptın: 2 puan, toplam 8."
    partners = narrator("tr", players=4, partnerships=True)
    triple = said(partners.narrate(HeaderScored(0, 0, HeaderKind.TRIPLE, 3, 3, 5)))  # type: ignore[arg-type]
    assert triple == "Üçlü başlık yaptın: 3 puan, sen ve Cem toplam 5."


def test_the_partnership_is_in_small_letters_inside_a_sentence_in_every_language() -> None:
    for language, partners in (("en", "you and Cem 5"), ("de", "du und Cem zusammen 5")):
        told = narrator(language, players=4, partnerships=True)
        text = said(told.narrate(HeaderScored(0, 0, HeaderKind.TRIPLE, 3, 3, 5)))  # type: ignore[arg-type]
        assert text.endswith(f", {partners}."), text


def test_turkish_counters_after_the_players_own_header_say_biraktin() -> None:
    told = narrator("tr", tally=Tally.COUNTERS)
    header = HeaderScored(0, 0, HeaderKind.DOUBLE, 2, 2, 14)
    text = said(told.narrate_with_counters(header, CountersDiscarded(0, 0, 2, 1)))
    assert text == "Çift başlık yaptın. 2 fiş bıraktın, 1 fişin kaldı."
    english = narrator("en", tally=Tally.COUNTERS).narrate_with_counters(
        header, CountersDiscarded(0, 0, 2, 1)
    )
    assert said(english) == "A double header for you. You discard 2 counters, 1 left."


def test_turkish_coach_gives_anna_more_chances() -> None:
    advice = Advice(
        Play(0, parse_tile("4-5", 6), End.LEFT), Play(0, parse_tile("2-6", 6), End.LEFT), 0.1, 0, 2.0
    )
    text = said(CoachWords(narrator("tr")).advice(advice, "Anna"))
    assert text.endswith(": seninki Anna'ya daha çok puan fırsatı bırakıyor.")
    assert "için" not in text


def test_turkish_leaving_a_table_says_numarali_masadan() -> None:
    tr = I18n("tr")
    assert texts.left_after_match(tr, 1).text == "1 numaralı masadan kalktın; maç bitti."
    assert texts.table_closed(tr, 2).text.startswith("2 numaralı masadan kalktın; ")


def test_turkish_statistics_count_galibiyet() -> None:
    figures = Figures(recorded=3, finished=3, wins=0, by_level={"normal": Wins(3, 0)})
    lines = statistics_lines(I18n("tr"), figures, narrator("tr"))
    assert lines[0] == "3 maçın istatistiği: 3 bitti, 0 galibiyet."
    assert "kazanıldı" not in "\n".join(lines) and "3 maç, 0 galibiyet" in lines[1]


# ------------------------------------------------------------------ English


def test_english_why_points_to_the_last_score_with_what_to_type() -> None:
    assert why_nothing("en", 1) == [
        "Anna's 3-6 scored nothing: the ends were 6 and 3, not alike.",
        "For the last score, type why 2.",
    ]


def test_english_resume_question_names_each_sides_score() -> None:
    words = Words(I18n("en"), preset("standard", players=2), ["You", "Anna"], 0)
    assert saved_match(words, [2, 0], 15) == "rules: standard; You, Anna; score: You 2, Anna 0"


def test_english_record_list_names_the_counters_left() -> None:
    rules = preset("counters", players=3)
    words = Words(I18n("en"), rules, ["You", "Anna", "Cem"], 0)
    match = SimpleNamespace(rules=rules, scores=[8, 15, 7], winner=1, side_of=rules.side_of, target=15)
    assert result_text(words.i18n, words, match) == "Anna won; counters left: You 7, Anna 0, Cem 8"  # type: ignore[arg-type]
    assert result_text(words.i18n, words, match, short=True) == "Anna won; 8 : 15 : 7"  # type: ignore[arg-type]


def test_english_replay_names_the_match() -> None:
    text = replay_start(
        I18n("en"), "4. 2026-12-02 18:30, standard: You, Anna; you won.", "hand, ends", "quit"
    )
    assert text.startswith("Replay of match 4. 2026-12-02 18:30")


def test_help_lists_undo_with_the_move_commands() -> None:
    i = I18n("en")
    lines = overview(i, Lexicon(i))
    starts = [line.split(":")[0] for line in lines]
    assert starts.index("undo, u") == starts.index("pass") + 1, starts
    assert starts.index("undo, u") < starts.index("help, ?")
