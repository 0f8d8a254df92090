"""Catalogs: complete, consistent, commented; and no word reaches the player unmarked."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from bergen_access import cli, console, play
from bergen_access.catalog_tools import extract
from bergen_access.commands.lexicon import CommandKind, Lexicon, fold
from bergen_access.core.events import CountersDiscarded
from bergen_access.core.rules import preset
from bergen_access.i18n import TURKISH_ENDING, I18n, Template, choose_language, turkish_endings
from bergen_access.present.narrator import Narrator
from bergen_access.present.rules_text import rules_sentences
from bergen_access.present.words import Words

from .console_bot import fast_opponent
from .folders import use_folders
from .test_console_game import TypistReader

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
PERCENT = re.compile(r"%\([a-z_]+\)[sr]|%s")


def catalog(language: str) -> Catalog:
    with (LOCALES / language / "LC_MESSAGES" / "bergen_access.po").open("rb") as stream:
        return read_po(stream, locale=language)


def template() -> Catalog:
    with (LOCALES / "bergen_access.pot").open("rb") as stream:
        return read_po(stream)


def test_the_template_is_up_to_date_and_every_message_has_a_translators_comment(tmp_path: Path) -> None:
    before = (LOCALES / "bergen_access.pot").read_bytes()
    try:
        extract()
        now = template()
        assert {(m.id, m.context) for m in now} == {(m.id, m.context) for m in read_po(io.BytesIO(before))}
    finally:
        (LOCALES / "bergen_access.pot").write_bytes(before)
    for message in template():
        if message.id:
            assert any("Translators:" in c for c in message.auto_comments), message.id


@pytest.mark.parametrize("language", ["de", "tr", "en"])
def test_catalogs_follow_the_template(language: str) -> None:
    keys = {(m.id, m.context) for m in template() if m.id}
    assert {(m.id, m.context) for m in catalog(language) if m.id} == keys


@pytest.mark.parametrize("language", ["de", "tr"])
def test_every_message_is_translated_with_the_same_placeholders(language: str) -> None:
    for message in catalog(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not message.fuzzy, ids[0]
        assert all(strings), f"untranslated: {ids[0]}"
        expected = set(PLACEHOLDER.findall(ids[-1])) | set(PERCENT.findall(ids[-1]))
        for string in strings:
            found = set(PLACEHOLDER.findall(string)) | set(PERCENT.findall(string))
            assert found == expected, (ids[0], string)


@pytest.mark.parametrize("language", ["de", "tr", "en"])
def test_msgfmt_check_passes(language: str) -> None:
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (gettext) is not installed")
    path = LOCALES / language / "LC_MESSAGES" / "bergen_access.po"
    command = ["msgfmt", "--check", "-o", "/dev/null", str(path)]
    result = subprocess.run(command, capture_output=True, text=True, encoding="utf-8", check=False)
    assert result.returncode == 0, result.stderr


def test_language_choice_order() -> None:
    assert choose_language("tr", "de", {"LANG": "en_US.UTF-8"}) == "tr"
    assert choose_language(None, "de", {"LANG": "tr_TR.UTF-8"}) == "de"
    assert choose_language(None, None, {"LANGUAGE": "fr:tr", "LANG": "de_DE"}) == "tr"
    assert choose_language(None, None, {"LC_ALL": "de_AT.UTF-8"}) == "de"
    assert choose_language(None, None, {"LC_MESSAGES": "tr_TR"}) == "tr"
    assert choose_language(None, None, {"LANG": "fr_FR.UTF-8"}) == "en"
    assert choose_language("xx", None, {}) == "en"


def test_turkish_commands_fold_dotted_and_dotless_i() -> None:
    assert fold("İPUCU", "tr") == fold("ipucu", "tr") == fold("IPUCU", "tr")
    assert fold("ÇEK", "tr") == "çek"
    lexicon = Lexicon(I18n("tr"))
    for word in ("HINT", "hint", "Hint"):
        assert lexicon.command(word) is CommandKind.HINT  # English always works


def _pseudo_catalog(directory: Path) -> None:
    """Every message wrapped in ⟦…⟧ (placeholders kept), installed as the 'en' catalog."""
    pseudo = Catalog(locale="en", charset="utf-8")
    for message in template():
        if not message.id:
            continue
        if message.context in ("command", "answer"):  # word lists: mark each word
            string: object = " ".join(f"⟦{word}⟧" for word in message.id.split())
        elif isinstance(message.id, tuple):
            string = tuple(f"⟦{message.id[0]}⟧" if n == 0 else f"⟦{message.id[1]}⟧" for n in range(2))
        else:
            string = f"⟦{message.id}⟧"
        pseudo.add(message.id, string, context=message.context)
    target = directory / "en" / "LC_MESSAGES" / "bergen_access.po"
    target.parent.mkdir(parents=True)
    with target.open("wb") as stream:
        write_po(stream, pseudo)


NAMES = ("Anna", "Cem", "Mia")
ECHOED = ("xyzzy", "up")  # from console_bot.MISTAKES: "xyzzy" and "3-5 up"


def _unmarked(transcript: str, typed: list[str]) -> list[str]:
    """Words left once every marked phrase, tile, name and typed line is removed.

    The whole transcript is read as one text: braille lines wrap long messages.
    """
    text = re.sub(r"«[^»]*»", " ", transcript).replace("\n", " ")
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    for word in ECHOED:  # the typist's nonsense, repeated back to it in braille ("? xyzzy")
        text = re.sub(rf"(?<![\w⟦]){word}(?![\w⟧])", " ", text)
    for name in NAMES:
        text = text.replace(name, " ")
    return re.sub(r"[0-9|+=/:;.,!?()<>\-– ]+", " ", text).split()


@pytest.mark.parametrize("verbosity", ["normal", "terse", "verbose"])
@pytest.mark.parametrize("preset", ["standard", "counters", "dominoplaza"])
def test_pseudo_locale_match_shows_no_unmarked_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verbosity: str, preset: str
) -> None:
    _pseudo_catalog(tmp_path / "locales")
    monkeypatch.setenv("BERGEN_LOCALES", str(tmp_path / "locales"))
    use_folders(monkeypatch, tmp_path)
    out = io.StringIO()
    reader = TypistReader(out, mark=True)
    monkeypatch.setattr(console, "PlainReader", lambda stdin, stdout, *, echo: reader)
    players = "4" if preset == "counters" else "3"
    arguments = ["--lang", "en", "--plain", "--seed", "17", "--preset", preset, "--players", players]
    arguments += ["--verbosity", verbosity, "--opponents", fast_opponent()]
    status = play.main(arguments, io.StringIO(), out)
    assert status == 0
    transcript = out.getvalue()
    assert "⟦" in transcript
    assert ("Match over" in transcript) or ("Winner" in transcript)
    leftovers = sorted(set(_unmarked(transcript, reader.lines)))
    assert not leftovers, " | ".join(leftovers)


def test_pseudo_locale_simulate_summary_shows_no_unmarked_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _pseudo_catalog(tmp_path / "locales")
    monkeypatch.setenv("BERGEN_LOCALES", str(tmp_path / "locales"))
    use_folders(monkeypatch, tmp_path)
    arguments = ["--lang", "en", "simulate", "--opponents", "normal,easy", "--alternate"]
    assert cli.main([*arguments, "--matches", "3", "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert printed.count("⟦") >= 3 + 1 + 4 + 2  # results, summary, two lines per level, sides
    level_names = ("normal", "easy")  # typed values, never translated
    leftovers = [word for word in _unmarked(printed, []) if word not in level_names]
    assert not leftovers, " | ".join(leftovers)


@pytest.mark.parametrize(
    ("language", "won", "mark"), [("de", "Partien gewonnen", ","), ("tr", "kazandı", ",")]
)
def test_simulate_summary_in_each_language(
    language: str, won: str, mark: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        cli.main(["--lang", language, "simulate", "--opponents", "normal", "--matches", "2", "--quiet"]) == 0
    )
    printed = capsys.readouterr().out
    level_line = next(line for line in printed.splitlines() if "normal" in line and won in line)
    assert re.search(rf"\d{mark}\d %|%\d+{mark}\d", level_line), level_line
    assert not re.search(r"\b(matches|won|level|side)\b", printed), printed


# ---------------------------------------------------------------- Turkish endings after a placeholder


@pytest.mark.parametrize(
    ("before", "ending", "after"),
    [
        ("0-4", "(y)I", "0-4'ü"),  # dört
        ("1-5", "(y)I", "1-5'i"),  # beş
        ("2-3", "(y)I", "2-3'ü"),  # üç
        ("6-6", "(y)I", "6-6'yı"),  # altı: a vowel at the end takes the y
        ("0-0", "(y)I", "0-0'ı"),  # sıfır
        ("1-2", "(y)I", "1-2'yi"),  # iki
        ("4-9", "(y)I", "4-9'u"),  # dokuz
        ("3-10", "(y)I", "3-10'u"),  # on
        ("5-12", "(y)I", "5-12'yi"),  # on iki
        ("çift 4", "(y)I", "çift 4'ü"),  # a double as spoken
        ("0 7", "(y)I", "0 7'yi"),  # a tile as spoken
        ("4", "lI", "4'lü"),  # dörtlü
        ("5", "lI", "5'li"),
        ("6", "lI", "6'lı"),
        ("9", "lI", "9'lu"),
        ("Cem", "(y)I", "Cem'i"),  # a name: its own last vowel
        ("Anna", "(y)A", "Anna'ya"),
        ("Mia", "(n)In", "Mia'nın"),
        ("5", "DA", "5'te"),  # beş: a voiceless end
        ("2", "DA", "2'de"),
    ],
)
def test_turkish_endings_follow_the_sound_of_what_stands_before(before: str, ending: str, after: str) -> None:
    assert turkish_endings(f"{before}'{ending} sola") == f"{after} sola"


def test_turkish_endings_are_settled_when_the_translation_is_filled_in() -> None:
    i = I18n("tr")
    played = i.gettext("You play {tile} on the left.")
    assert played.format(tile="0-4") == "0-4'ü sola koydun."
    assert played.format(tile="6-6") == "6-6'yı sola koydun."
    other = i.gettext("{name} plays {tile} on arm {arm}.")
    assert other.format(name="Cem", tile="1-5", arm=2) == "Cem 1-5'i 2. kola koydu."
    assert i.pgettext("header", "{count}-fold header").format(count=4) == "4'lü başlık"
    assert i.pgettext("header", "{count}-fold header").format(count=6) == "6'lı başlık"
    assert type(I18n("de").gettext("You play {tile} on the left.")) is str  # nothing to settle


def test_every_turkish_ending_follows_a_placeholder_and_is_settled() -> None:
    """An ending written anywhere but after a placeholder would never be settled (nothing is filled in)."""
    found = 0
    for message in catalog("tr"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in (str(s or "") for s in strings):
            for ending in TURKISH_ENDING.finditer(string):
                found += 1
                assert string[: ending.start()].endswith("}"), string
                names = {name: "1-5" for name in re.findall(r"\{([a-z_]+)\}", string)}
                assert not TURKISH_ENDING.search(Template(string, turkish_endings).format(**names)), string
    assert found >= 8  # the plays and the larger headers


@pytest.mark.parametrize(
    ("language", "name", "changes", "said"),
    [
        ("de", "standard", {}, "geht aus und bekommt 2 Punkte"),
        ("de", "standard", {}, "bekommt die Seite mit den wenigsten Doppelsteinen 2 Punkte"),
        ("de", "counters", {}, "geht aus und legt 2 Zählsteine weg"),
        ("de", "counters", {}, "legt die Seite mit der niedrigsten Augensumme 1 Zählstein weg"),
        ("de", "counters", {"blocked_rule": "german", "blocked_award": 2}, "Doppelsteinen 2 Zählsteine weg"),
        (
            "de",
            "standard",
            {"blocked_rule": "american", "blocked_award": 1},
            "die anderen und bekommt 1 Punkt;",
        ),
        ("tr", "standard", {}, "Son taşını oynamak 2 puan getirir"),
        ("tr", "counters", {}, "Son taşını oynayan 2 fiş bırakır"),
        ("tr", "counters", {}, "nokta toplamı en düşük olan taraf 1 fiş bırakır"),
        ("en", "counters", {"going_out": 5}, "Laying your last tile discards 5 counters"),
        ("en", "standard", {"blocked_award": 1}, "the fewest doubles scores 1 point;"),
    ],
)
def test_the_rules_say_points_or_counters_as_the_tally_counts(
    language: str, name: str, changes: dict[str, object], said: str
) -> None:
    """The award of going out and of a blocked hand is a whole sentence per tally, never a bare number."""
    text = " ".join(rules_sentences(I18n(language), preset(name, **changes)))
    assert said in text, text


def test_a_side_of_one_player_discards_counters_in_that_players_words() -> None:
    """After a blocked hand as in play: "Anna legt 1 Zählstein weg", "Du legst …"; only a partnership, which
    no one verb fits ("Du und Cem", "Anna und Mia"), has a sentence of its own."""
    single = preset("counters", players=3)
    narrator = Narrator(Words(I18n("de"), single, ["Du", "Anna", "Cem"], 0))
    said = [narrator.narrate(CountersDiscarded(None, side, 1, 9)) for side in (1, 0)]
    assert [m.text if m else None for m in said] == [
        "Anna legt 1 Zählstein weg, 9 übrig.",
        "Du legst 1 Zählstein weg, 9 übrig.",
    ]
    assert said == [narrator.narrate(CountersDiscarded(seat, seat, 1, 9)) for seat in (1, 0)]
    pairs = Narrator(Words(I18n("de"), preset("counters", players=4, partnerships=True), (*NAMES, "Tom"), 0))
    message = pairs.narrate(CountersDiscarded(None, 1, 2, 13))
    assert message is not None and message.text == "Cem und Tom: 2 Zählsteine weggelegt, 13 übrig."
