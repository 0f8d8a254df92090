"""Which end a typed tile goes to: one rule (commands/which_end.py) for the game, the scorekeeper and
the web page's buttons; the player is asked whenever the ends differ, never chosen for."""

from __future__ import annotations

import pytest

from bergen_access.commands.lexicon import Lexicon
from bergen_access.commands.which_end import EndQuestion, arm_number, must_ask, placed_without_asking
from bergen_access.core.actions import End
from bergen_access.core.layout import Layout
from bergen_access.core.tiles import tile
from bergen_access.i18n import I18n

LONE = Layout((6, 6), (tile(6, 6), tile(6, 6)), 2, tile(6, 6), two_ends=True)
GROWN = Layout((6, 3), (tile(6, 6), tile(3, 6)), 2, tile(6, 6), two_ends=True)
BOTH = (End.LEFT, End.RIGHT)


def test_one_place_or_the_lone_doubles_alike_sides_need_no_question() -> None:
    assert LONE.lone_double and not GROWN.lone_double
    assert placed_without_asking((End.RIGHT,), GROWN) == End.RIGHT
    assert placed_without_asking(BOTH, LONE) == End.LEFT
    assert not must_ask(BOTH, LONE)


def test_ends_that_differ_are_asked_and_nothing_is_chosen() -> None:
    assert placed_without_asking(BOTH, GROWN) is None
    assert must_ask(BOTH, GROWN)
    assert must_ask(BOTH, None)  # the scorekeeper: the physical tile lies on one side of the double
    assert not must_ask((), GROWN) and placed_without_asking((), GROWN) is None
    assert must_ask((0, 2, 3), None)


@pytest.mark.parametrize(
    ("language", "left", "right"), [("en", "left", "r"), ("de", "links", "rechts"), ("tr", "sol", "sağ")]
)
def test_an_answer_is_an_offered_end_or_arm_in_the_players_words(
    language: str, left: str, right: str
) -> None:
    lexicon = Lexicon(I18n(language))
    two = EndQuestion(BOTH, many_arms=False)
    assert two.answer(left, lexicon) == End.LEFT
    assert two.answer(right.upper(), lexicon) == End.RIGHT
    assert two.answer("3-5", lexicon) is None
    assert two.answer(f"{left} {right}", lexicon) is None
    assert not two.names_another_arm("2", lexicon)
    arms = EndQuestion((0, 2), many_arms=True)
    assert arms.answer("1", lexicon) == 0
    assert arms.answer("3", lexicon) == 2
    assert arms.answer("2", lexicon) is None and arms.names_another_arm("2", lexicon)
    assert arms.answer(left, lexicon) is None and not arms.names_another_arm(left, lexicon)


def test_an_arm_may_be_named_with_its_word() -> None:
    lexicon = Lexicon(I18n("en"))
    assert arm_number("arm 2", lexicon) == 2
    assert arm_number("2", lexicon) == 2
    assert arm_number("arm", lexicon) is None
    assert arm_number("arm 2 3", lexicon) is None
    assert EndQuestion((1,), many_arms=True).answer("arm 2", lexicon) == 1
