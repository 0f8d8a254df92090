"""Every refusal code of every family has its words, in every language (bergen_access/present/refusals.py
is where they are chosen, one table per family and place), as test_command_table.py asks of handlers:
a code added without words, or a family the tables do not know, fails here."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Collection
from enum import StrEnum
from pathlib import Path

import pytest

import bergen_access
from bergen_access.boundary import InputProblem, NameProblem, Screened
from bergen_access.commands.keep_parser import EntryProblem, KeepParseError
from bergen_access.commands.parser import ParseError, ParseProblem
from bergen_access.core.actions import Action, Draw, End, Pass, Play, Refusal
from bergen_access.core.events import Holding
from bergen_access.core.refused import CreateProblem, DealProblem, RecordProblem, SchemaProblem
from bergen_access.core.rules import RulesError, RulesProblem, preset
from bergen_access.core.table import NewHand, Open, Reveal, Table
from bergen_access.core.tally import Tally
from bergen_access.core.tiles import parse_tile
from bergen_access.core.view import SeatView
from bergen_access.i18n import I18n
from bergen_access.present import refusals
from bergen_access.present.club_text import ClubText
from bergen_access.present.message import Verbosity
from bergen_access.present.narrator import Narrator
from bergen_access.present.refusals import Entered, Move, Refusals
from bergen_access.present.words import Words
from bergen_access.tournament import Format
from bergen_access.tournament.evening import Evening, ResultProblem

from .helpers import table

LANGUAGES = ("en", "de", "tr")
TRANSLATED = ("de", "tr")
NAMES = ("Anna", "Cem")


def refusal_families() -> set[type[StrEnum]]:
    """Every family of refusal codes in the package: the engine's ``Refusal`` and each ``…Problem``."""
    found: set[type[StrEnum]] = set()
    root = Path(bergen_access.__file__).parent
    for module in pkgutil.walk_packages([str(root)], "bergen_access."):
        if module.name.endswith("__main__"):
            continue
        for value in vars(importlib.import_module(module.name)).values():
            if (
                isinstance(value, type)
                and issubclass(value, StrEnum)
                and value.__module__.startswith("bergen_access.")
                and (value.__name__ == "Refusal" or value.__name__.endswith("Problem"))
            ):
                found.add(value)
    return found


def missing(family: type[StrEnum], said: Collection[str]) -> list[StrEnum]:
    """The codes of ``family`` a table has no words for."""
    return [code for code in family if code not in said]


def test_every_refusal_family_has_its_tables() -> None:
    families = refusal_families()
    assert {Refusal, ParseProblem, EntryProblem, RecordProblem, RulesProblem, CreateProblem} <= families
    assert families == set(refusals.TABLES), families ^ set(refusals.TABLES)


@pytest.mark.parametrize("family", list(refusals.TABLES), ids=lambda f: f.__name__)
def test_every_code_of_a_family_is_in_each_of_its_tables(family: type[StrEnum]) -> None:
    for said in refusals.TABLES[family]:
        assert not missing(family, said), f"{family.__name__}: no words for {missing(family, said)}"


def test_a_code_without_words_is_found() -> None:
    """The check above can fail: a table that lacks one code is caught, by name."""
    lacking = {
        code: words for code, words in refusals.LINE_WORDS.items() if code is not ParseProblem.NOT_IN_SET
    }
    assert missing(ParseProblem, lacking) == [ParseProblem.NOT_IN_SET]
    assert missing(ParseProblem, refusals.LINE_WORDS) == []


# ------------------------------------------------------------------ each code's words, with sample facts


def _narrator(language: str) -> Narrator:
    return Narrator(Words(I18n(language), preset("standard"), NAMES, 0), Verbosity.NORMAL)


def _move_words(language: str, code: StrEnum) -> str:
    match, _ = table(
        "standard",
        [["6-6", "1-2", "0-5", "2-3", "4-4", "3-3"], ["5-5", "1-1", "0-2", "2-4", "1-6", "3-5"]],
    )
    view = SeatView(match, match.turn if match.turn is not None else 0)
    plays: dict[Refusal, Action] = {
        Refusal.NOT_IN_HAND: Play(view.seat, parse_tile("6-5"), End.LEFT),
        Refusal.MUST_PLAY: Draw(view.seat),
        Refusal.MUST_DRAW: Pass(view.seat),
        Refusal.NOTHING_TO_DRAW: Draw(view.seat),
    }
    assert isinstance(code, Refusal)
    action = plays.get(code, Play(view.seat, next(t for t in view.hand), End.LEFT))
    return Refusals(_narrator(language)).move(code, Move(view, action)).text


def _entered_words(language: str, code: StrEnum, tallied: bool) -> str:
    rules = preset("standard")
    core: Table | Tally
    if tallied:
        core = Tally(rules)
    else:
        core = Table(rules)
        core.apply(NewHand())
        core.apply(Open(0, parse_tile("1-1")))
    assert isinstance(code, Refusal)
    told = Entered(core, parse_tile("5-6"), 1)
    return Refusals(_narrator(language)).entered(code, told).text


def _line_words(language: str, code: StrEnum) -> str:
    assert isinstance(code, ParseProblem)
    error = ParseError(code, "draw xyzzy 3-5", readings=("1-12", "2-11"))
    return Refusals(_narrator(language)).line(error).text


def _entry_words(language: str, code: StrEnum) -> str:
    assert isinstance(code, EntryProblem)
    error = KeepParseError(code, "Anna xyzzy", "draw", readings=("1-12",))
    return Refusals(_narrator(language)).entry(error).text


def _input_words(language: str, code: StrEnum) -> str:
    assert isinstance(code, InputProblem)
    return refusals.input_refused(I18n(language), Screened("", code, "x<ESC>"), "help").text


def _name_words(language: str, code: StrEnum) -> str:
    assert isinstance(code, NameProblem)
    return refusals.name_refused(I18n(language), "Zed9", code)


def _record_words(language: str, code: StrEnum) -> str:
    return refusals.file_reason(I18n(language), code, "match.seats")


def _rules_words(language: str, code: StrEnum) -> str:
    assert isinstance(code, RulesProblem)
    return refusals.rules_error(I18n(language), RulesError(code, "tile_set", 7))


def _create_words(language: str, code: StrEnum) -> str:
    assert isinstance(code, CreateProblem)
    return refusals.create_problem(I18n(language), code, "xyzzy", ("easy", "normal"))


def _result_words(language: str, code: StrEnum) -> str:
    assert isinstance(code, ResultProblem)
    evening = Evening(Format(2, 1), ["Anna", "Cem"])
    if code is ResultProblem.HAS_RESULT:
        evening = Evening(Format(2, 2), ["Anna", "Cem", "Mia", "Tom"])
        evening.add(0, [15, 9])
    elif code is ResultProblem.OVER:
        evening.add(0, [15, 9])
    return ClubText(I18n(language), evening.names).refused(code, evening, 0)


#: how each family's words are asked for (a family said in two places, once for each)
SAYERS: dict[type[StrEnum], tuple[Callable[[str, StrEnum], str], ...]] = {
    Refusal: (
        _move_words,
        lambda language, code: _entered_words(language, code, tallied=False),
        lambda language, code: _entered_words(language, code, tallied=True),
    ),
    ParseProblem: (_line_words,),
    EntryProblem: (_entry_words,),
    InputProblem: (_input_words,),
    NameProblem: (_name_words,),
    RecordProblem: (_record_words,),
    SchemaProblem: (_record_words,),
    DealProblem: (_record_words,),
    RulesProblem: (_rules_words,),
    CreateProblem: (_create_words,),
    ResultProblem: (_result_words,),
}

CODES = [(family, code) for family in refusals.TABLES for code in family]


def test_every_family_is_asked_here() -> None:
    assert set(SAYERS) == set(refusals.TABLES)


@pytest.mark.parametrize(
    ("family", "code"), CODES, ids=lambda v: v.__name__ if isinstance(v, type) else str(v)
)
def test_every_code_has_words_in_every_language(family: type[StrEnum], code: StrEnum) -> None:
    for say in SAYERS[family]:
        said = {language: say(language, code) for language in LANGUAGES}
        assert all(text.strip() for text in said.values()), (code, said)
        for language in TRANSLATED:
            assert said[language] != said["en"], (
                f"{code!r} is not translated to {language}: {said[language]!r}"
            )


def test_a_holding_refused_at_the_table_is_said_with_its_side() -> None:
    """The scorekeeper's holdings: facts (the side, the table) pass with the code."""
    rules = preset("standard")
    core = Table(rules)
    core.apply(NewHand())
    core.apply(Open(0, parse_tile("1-1")))
    told = Entered(core, None, 1, Reveal(1, Holding(0, 3, 3), (parse_tile("1-2"),)))
    said = Refusals(_narrator("en")).entered(Refusal.BAD_HOLDING, told).text
    assert said.startswith("Cem: that cannot be")
