"""Scenarios L1–L8 of rules.md §6 through the real scorekeeper (``bergen keep --set 9``), in each language."""

from __future__ import annotations

from pathlib import Path

import pytest

from bergen_access.core.table import Table
from bergen_access.i18n import I18n

from .test_keep import keep

LANGUAGES = ["en", "de", "tr"]
ARMS_STARTED = ["Ada 9-9", "Bo 3-9", "Ada 5-9", "Bo 7-9", "Ada 1-9"]  # L1: ends 3, 5, 7, 1


def header_line(language: str, name: str, count: int | None, points: int, total: int, kind: str) -> str:
    i = I18n(language)
    header = (
        i.pgettext("header", "{count}-fold header").format(count=count)
        if count
        else i.pgettext("header", kind)
    )
    return f"{name}: {header}, {i.ngettext('{count} point', '{count} points', points).format(count=points)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_l1_to_l4_tracked(tmp_path: Path, language: str) -> None:
    lines = [*ARMS_STARTED, "Bo 3-5 1", "Ada 5-5 2", "Bo 1-5 4"]
    out, core = keep(
        tmp_path,
        ["--names", "Ada,Bo", "--set", "9", "--opener", "highest"],
        "\n".join(lines) + "\n",
        language,
    )
    assert isinstance(core, Table)
    # L1: the opening scores 2, starting arms nothing; L2: 2; L3: 3; L4: 4
    assert core.scores == [2 + 3, 2 + 4]
    assert core.ends == (5, 5, 7, 5) and core.end_is_double == (False, True, False, False)
    assert header_line(language, "Bo", None, 2, 2, "double header") in out
    assert header_line(language, "Ada", None, 3, 5, "triple header") in out
    assert header_line(language, "Bo", 4, 4, 6, "") in out


@pytest.mark.parametrize(("need", "value"), [(4, 3), (3, 2), (2, 1)])
def test_l4_reduction_tracked(tmp_path: Path, need: int, value: int) -> None:
    lines = [*ARMS_STARTED, "Bo 3-5 1", "Ada 5-5 2", "Bo 1-5 4"]
    start = 15 - need - 2  # Bo needs ``need`` after L2's double header
    args = ["--names", "Ada,Bo", "--set", "9", "--opener", "highest", "--scores", f"0,{start}"]
    _, core = keep(tmp_path, args, "\n".join(lines) + "\n")
    assert isinstance(core, Table)
    assert core.scores[1] == start + 2 + value


def test_l6_a_standing_pair_does_not_score_again(tmp_path: Path) -> None:
    lines = [*ARMS_STARTED, "Bo 3-5 1", "Ada 2-7 3"]
    _, core = keep(
        tmp_path, ["--names", "Ada,Bo", "--set", "9", "--opener", "highest"], "\n".join(lines) + "\n"
    )
    assert isinstance(core, Table)
    assert core.scores == [2, 2] and core.ends == (5, 5, 2, 1)


@pytest.mark.parametrize(("held", "discarded"), [(3, 3), (5, 4)])
def test_l7_counters_tally_of_a_four_value_header(tmp_path: Path, held: int, discarded: int) -> None:
    args = [
        "--names",
        "Ada,Bo",
        "--set",
        "9",
        "--preset",
        "counters",
        "--mode",
        "tally",
        "--counters",
        f"10,{held}",
    ]
    out, _ = keep(tmp_path, args, "Ada 0-0\nBo 4\n")
    left = held - discarded
    assert f"Bo: 4-fold header. {discarded} counters discarded, {left} left." in out
    assert ("Match over: Bo wins." in out) == (left == 0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_l8_arms_first_refused_with_the_reason(tmp_path: Path, language: str) -> None:
    lines = ["Ada 9-9", "Bo 3-9", "Ada 0-3"]
    out, core = keep(
        tmp_path,
        ["--names", "Ada,Bo", "--set", "9", "--opener", "highest"],
        "\n".join(lines) + "\n",
        language,
    )
    assert isinstance(core, Table) and core.ends == (3,)  # nothing entered
    reason = I18n(language).gettext(
        "{tile} does not fit yet: every arm of the opening double comes first, "
        "so only a tile with a {number} fits."
    )
    assert reason.format(tile="0-3", number=9) in out


def test_a_tile_fitting_two_arms_is_asked_never_chosen(tmp_path: Path) -> None:
    lines = [*ARMS_STARTED, "Bo 1 5", "7", "arm 4"]
    out, core = keep(
        tmp_path, ["--names", "Ada,Bo", "--set", "9", "--opener", "highest"], "\n".join(lines) + "\n"
    )
    assert isinstance(core, Table)
    assert "1-5 fits arm 2 (5), arm 4 (1). Which arm?" in out
    assert core.ends == (3, 5, 7, 5) and core.scores == [2, 2]


def test_double_twelve_numbers_above_nine(tmp_path: Path) -> None:
    lines = ["Ada 12-12", "Bo 12 3", "Bo 3-12", "Ada 1012", "Ada 10-12"]
    out, core = keep(
        tmp_path, ["--names", "Ada,Bo", "--set", "12", "--opener", "highest"], "\n".join(lines) + "\n"
    )
    assert isinstance(core, Table)
    assert "“Bo 12 3” can be read more than one way: type 1-2 3 or 3-12." in out
    assert "“Ada 1012” needs a dash: type 10-12." in out
    assert core.ends == (3, 10)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("tile_set", "most", "refused"), [(9, 5, ["Bo 6", "Bo 1"]), (12, 9, ["Bo 1"])])
def test_tally_headers_by_value_and_a_value_no_header_has(
    tmp_path: Path, language: str, tile_set: int, most: int, refused: list[str]
) -> None:
    """``Ada 2`` up to ``Ada 5`` (double-nine; 9 on double-twelve) score; ``Ada 6`` says what is possible.

    (On double-twelve ``Bo 10`` reads as the tile 0-1, which the tally refuses as a play.)
    """
    lines = ["Ada 0-0", "Ada 2", *refused, "Bo 3", f"Ada {most}"]
    args = ["--names", "Ada,Bo", "--set", str(tile_set), "--mode", "tally"]
    out, core = keep(tmp_path, args, "\n".join(lines) + "\n", language)
    assert core is not None and list(core.scores) == [2 + 2 + most, 3]  # the refused lines changed nothing
    refusal = I18n(language).gettext(
        "“{text}” is no header on this set: a header is worth 2 to {most}; "
        "type the name and its value, for example {name} 4."
    )
    for text in refused:
        assert refusal.format(text=text, most=most, name="Ada") in out
