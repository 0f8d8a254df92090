"""A real screen reader reads the table's web page (tests/orca_page, docs/orca-harness.md): Orca with
Chromium over AT-SPI on a private virtual display, its speech written down through a private Speech
Dispatcher, while a player makes moves at the page with its buttons, in English and in German.

Every burst of lines (everything the server sends up to its next status) is heard in order, with
"Your turn…" last; every line once and whole, none lost; the status line is not read unasked.

Without Orca, Xvfb, D-Bus, Speech Dispatcher, Chromium or Playwright the run skips, unless
BERGEN_REQUIRE_ORCA=1 (CI), where it fails. One run for both languages costs about a minute.
"""

from __future__ import annotations

import os

import pytest

from .orca_page import Figures, missing, run
from .orca_page.measure import measure
from .orca_page.stack import Utterance

REQUIRED = os.environ.get("BERGEN_REQUIRE_ORCA") == "1"
LANGUAGES = ("en", "de")
MOVES = 8


# ------------------------------------------------------------------ the measure itself (no Orca needed)


def _frames(*bursts: list[tuple[str, str]]) -> list[dict[str, object]]:
    frames: list[dict[str, object]] = []
    for burst in bursts:
        frames += [{"kind": kind, "text": text} for kind, text in burst]
        frames.append({"kind": "status", "text": "4|3, 5 tiles> "})
    return frames


FRAMES = _frames(
    [("play", "You play 0-4 on the left.")],
    [("draw", "Anna draws 1 tile."), ("play", "Anna plays 3-5."), ("turn", "Your turn. Ends 4 and 3.")],
)


def _said(*texts: str) -> list[Utterance]:
    return [Utterance(float(n), "en", text) for n, text in enumerate(texts)]


def test_the_measure_takes_sentences_spoken_apart_as_one_line_in_order() -> None:
    f = measure(
        "en",
        2,
        FRAMES,
        _said(
            "You play 0-4 on the left.",
            "Anna draws 1 tile.",
            "Anna plays 3-5.",
            "Your turn.",
            " Ends 4 and 3.",
        ),
    )
    assert (f.bursts_in_order, len(f.multi), f.turn_last_count, f.heard_once_whole, f.lost) == (1, 1, 1, 4, 0)
    assert f.status_unasked == 0 and not f.unmatched


def test_the_measure_sees_a_burst_out_of_order_a_lost_line_a_repeat_and_the_status() -> None:
    f = measure(
        "en",
        2,
        FRAMES,
        _said(
            "Anna draws 1 tile.",
            "Your turn. Ends 4 and 3.",
            "Anna plays 3-5.",
            "Anna plays 3-5.",
            "4|3, 5 tiles",
        ),
    )
    assert (f.bursts_in_order, f.turn_last_count, f.lost, f.repeated, f.status_unasked) == (0, 0, 1, 1, 1)
    assert f.behind_later_bursts == 0  # the lost line is in the earlier burst


# ------------------------------------------------------------------ Orca at the page


@pytest.fixture(scope="module")
def heard() -> dict[str, Figures]:
    why = missing()
    if why:
        if REQUIRED:
            pytest.fail(f"{why}; BERGEN_REQUIRE_ORCA is set")
        pytest.skip(why)
    return {figures.language: figures for _, figures in run(LANGUAGES, MOVES)}


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_orca_hears_every_burst_in_order_with_your_turn_last(
    heard: dict[str, Figures], language: str
) -> None:
    f = heard[language]
    assert f.moves == MOVES and f.multi, "too little was played to measure"
    assert f.bursts_in_order == len(f.multi), f.out_of_order_examples()
    assert f.turn_last_count == len(f.with_turn) > 0
    # (a line heard after a later burst's is counted, not held to: seen once in about 250 moves)


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_orca_hears_every_line_once_whole_and_not_the_status(
    heard: dict[str, Figures], language: str
) -> None:
    f = heard[language]
    assert f.lines and f.heard_once_whole == len(f.lines), (f.lost, f.partial, f.repeated)
    assert f.status_unasked == 0, f.unmatched
    assert not f.unmatched, f.unmatched  # nothing else spoken while playing: no focus moved, no echo
