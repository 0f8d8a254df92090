"""A line naming a side agrees with it in number and person: "Anna and Mia win", "Anna und Mia haben
gewonnen", "Du und Cem brauchtet" (issue 30), in every language, through one choice in ``Words``."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bergen_access.core.events import Decider, HandBlocked, HeaderKind, HeaderScored, MatchWon
from bergen_access.core.rules import BlockedRule, Reduction, preset
from bergen_access.core.why import HeaderFacts
from bergen_access.i18n import I18n
from bergen_access.present.explain import Explainer
from bergen_access.present.narrator import Narrator
from bergen_access.present.record_talk import result_text
from bergen_access.present.words import Person, Words

PARTNERS = preset("standard", players=4, partnerships=True)
NAMES = ("Ich", "Anna", "Cem", "Mia")  # seats 0 and 2 (you and Cem) against 1 and 3 (Anna and Mia)


def words(language: str, human: int | None = 0, rules=PARTNERS) -> Words:  # type: ignore[no-untyped-def]
    return Words(I18n(language), rules, NAMES[: rules.players], human)


def test_every_side_has_its_person() -> None:
    assert [words("en").person(side) for side in (0, 1)] == [Person.YOU_PAIR, Person.PAIR]
    alone = words("en", rules=preset("standard", players=3))
    assert [alone.person(side) for side in (0, 1)] == [Person.YOU, Person.ONE]


@pytest.mark.parametrize(
    ("language", "ours", "theirs"),
    [
        ("en", "Match over: you and Cem win!", "Match over: Anna and Mia win."),
        ("de", "Partie vorbei: Ihr gewinnt, du und Cem!", "Partie vorbei: Anna und Mia gewinnen."),
        ("tr", "Maç bitti: sen ve Cem kazandınız!", "Maç bitti: Anna ve Mia kazandı."),
    ],
)
def test_the_match_won_by_partners_is_said_in_the_plural(language: str, ours: str, theirs: str) -> None:
    narrator = Narrator(words(language))
    said = [narrator.narrate(MatchWon(side, (15, 9))) for side in (0, 1)]
    assert said[0] is not None and said[0].text.startswith(ours), said[0].text
    assert said[1] is not None and said[1].text.startswith(theirs), said[1].text


@pytest.mark.parametrize(
    ("language", "ours", "theirs"),
    [
        (
            "en",
            "you and Cem won; score: you and Cem 15, Anna and Mia 9",
            "Anna and Mia won; score: you and Cem 9, Anna and Mia 15",
        ),
        (
            "de",
            "du und Cem habt gewonnen; Stand: du und Cem 15, Anna und Mia 9",
            "Anna und Mia haben gewonnen; Stand: du und Cem 9, Anna und Mia 15",
        ),
        (
            "tr",
            "sen ve Cem kazandınız; skor: sen ve Cem 15, Anna ve Mia 9",
            "Anna ve Mia kazandı; skor: sen ve Cem 9, Anna ve Mia 15",
        ),
    ],
)
def test_a_recorded_match_won_by_partners_is_plural(language: str, ours: str, theirs: str) -> None:
    w = words(language)
    said = []
    for winner, scores in ((0, [15, 9]), (1, [9, 15])):
        match = SimpleNamespace(
            rules=PARTNERS, scores=scores, winner=winner, side_of=PARTNERS.side_of, target=15
        )
        said.append(result_text(w.i18n, w, match))  # type: ignore[arg-type]
    assert said == [ours, theirs]


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "en",
            [
                "Reduced from 2 to 1: you and Cem needed 1 point.",
                "Reduced from 2 to 1: Anna and Mia needed 1 point.",
                "Reduced from 2 to 1: you needed 1 point.",
                "Reduced from 2 to 1: Anna needed 1 point.",
            ],
        ),
        (
            "de",
            [
                "Von 2 auf 1 gekürzt: Du und Cem brauchtet noch 1 Punkt.",
                "Von 2 auf 1 gekürzt: Anna und Mia brauchten noch 1 Punkt.",
                "Von 2 auf 1 gekürzt: Du brauchtest noch 1 Punkt.",
                "Von 2 auf 1 gekürzt: Anna brauchte noch 1 Punkt.",
            ],
        ),
        (
            "tr",
            [
                "2 yerine 1: sana ve Cem'e 1 puan gerekiyordu.",
                "2 yerine 1: Anna ve Mia için 1 puan gerekiyordu.",
                "2 yerine 1: sana 1 puan gerekiyordu.",
                "2 yerine 1: Anna için 1 puan gerekiyordu.",
            ],
        ),
    ],
)
def test_why_says_what_a_side_needed_with_the_verb_agreeing(language: str, lines: list[str]) -> None:
    said = []
    for rules in (PARTNERS, preset("standard", players=3)):
        explainer = Explainer(Narrator(words(language, rules=rules)))
        for side in (0, 1):
            event = HeaderScored(seat=side, side=side, kind=HeaderKind.DOUBLE, base=2, value=1, total=15)
            facts = HeaderFacts(event, 5, (0, 1), (), None, 1, 1, Reduction.STANDARD, False, None)
            text = explainer.explain(facts).text
            said.append(next(line for line in lines if line in text))
    assert said == lines


@pytest.mark.parametrize(
    ("language", "ours", "theirs"),
    [
        ("en", "You and Cem win the blocked hand.", "Anna and Mia win the blocked hand."),
        ("de", "Sieg für dich und Cem.", "Sieg für Anna und Mia."),
        ("tr", "Kazanan: sen ve Cem.", "Kazanan: Anna ve Mia."),
    ],
)
def test_a_blocked_hand_called_for_partners_agrees(language: str, ours: str, theirs: str) -> None:
    narrator = Narrator(words(language))
    said = []
    for winner in (0, 1):
        event = HandBlocked(BlockedRule.GERMAN, (), (), Decider.CALLED, winner, 0, None)
        said.append(narrator._decision(event))
    assert said == [ours, theirs]
