"""``bergen learn``: the told deals really produce each rule; the guided practice typed through under a
pty in every language (one wrong move per rule, each explanation said once, in order); leaving it midway;
the player's own match save never touched; the first start's one-line offer; the English transcript."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pexpect
import pytest

from bergen_access.core.actions import Draw, Pass, Play
from bergen_access.core.dealers import ToldDealer
from bergen_access.core.engine import Match, Phase
from bergen_access.core.events import (
    CountersDiscarded,
    Decider,
    Drew,
    HandBlocked,
    HeaderKind,
    HeaderScored,
    MatchWon,
    Opened,
    Passed,
    WentOut,
)
from bergen_access.core.lessons import PLAYER, Lesson, parts
from bergen_access.core.rules import BlockedRule, Tally
from bergen_access.i18n import I18n
from bergen_access.present.message import Verbosity

from .capabilities import pty_spawn
from .drivers import ROOT, clean, environment
from .learn_script import ORDER, REFUSED, TRANSCRIPT, explanations, run_plain, transcript, typed

#: the standard reader's prompt drawn, in every language (prompt_toolkit shows the cursor last)
PROMPT = re.compile(r">[^\n]*?\x1b\[\?25h")
SAVE = '{"a real match": "kept"}\n'  # stands for the player's own saved match: it must never change


def played(number: int) -> tuple[Match, list[tuple[Lesson | None, list[object]]]]:
    """Part ``number`` played by its script: the match and each step's lesson with its events."""
    part = parts()[number]
    match = Match(part.rules, ToldDealer([part.deal]), part.scores)
    steps: list[tuple[Lesson | None, list[object]]] = [(part.opening, list(match.start_hand()))]
    for step in part.steps:
        assert not match.is_over and match.check(step.action) is None, step
        steps.append((step.lesson, list(match.apply(step.action))))
    return match, steps


def events_of(steps: list[tuple[Lesson | None, list[object]]], lesson: Lesson) -> list[object]:
    return [event for told, events in steps if told is lesson for event in events]


def test_the_first_part_shows_each_rule_of_a_hand_once() -> None:
    match, steps = played(0)
    opening = events_of(steps, Lesson.OPENING)
    assert Opened(PLAYER, parts()[0].deal.hands[0][0]) in opening
    assert [(e.kind, e.value) for e in opening if isinstance(e, HeaderScored)] == [(HeaderKind.DOUBLE, 2)]
    headers = [e for e in match.history if isinstance(e, HeaderScored)]
    assert [(e.seat, e.kind, e.base, e.value) for e in headers] == [
        (PLAYER, HeaderKind.DOUBLE, 2, 2),  # the opening
        (PLAYER, HeaderKind.DOUBLE, 2, 2),  # the double header
        (PLAYER, HeaderKind.TRIPLE, 3, 3),  # the triple header
        (PLAYER, HeaderKind.DOUBLE, 2, 1),  # the reduced one: 13 of 15, need 2
    ]
    assert [type(e) for e in events_of(steps, Lesson.DOUBLE_HEADER)][-1] is HeaderScored
    assert [e.kind for e in events_of(steps, Lesson.TRIPLE_HEADER) if isinstance(e, HeaderScored)] == [
        HeaderKind.TRIPLE
    ]
    assert [e.value for e in events_of(steps, Lesson.REDUCED) if isinstance(e, HeaderScored)] == [1]
    # drawing until a tile fits: the player's run of draws, the last drawn tile played at once
    part = parts()[0]
    run = [n for n, step in enumerate(part.steps) if step.action == Draw(PLAYER)]
    assert len(run) == 2 and isinstance(part.steps[run[-1] + 1].action, Play)
    assert part.steps[run[-1] + 1].action.tile == part.deal.stock[13]
    drawn = [e for e in match.history if isinstance(e, Drew)]
    assert len(drawn) == 14 and drawn[-1].stock == 2 and drawn[-1].drawable == 0
    # the two tiles never drawn: the player passes with two in the stock, and they stay there
    assert events_of(steps, Lesson.NEVER_DRAWN) == [Passed(PLAYER)]
    assert match.stock_size == 2 and all(t not in [d.tile for d in drawn] for t in part.deal.stock[-2:])
    out = events_of(steps, Lesson.GOING_OUT)
    assert [type(e) for e in out][-2:] == [WentOut, MatchWon]
    assert match.is_over and match.winner == 0 and match.scores == [16, 4]


def test_the_second_part_is_blocked_and_the_german_rule_decides() -> None:
    match, steps = played(1)
    assert match.rules.blocked_rule is BlockedRule.GERMAN
    blocked = [e for e in events_of(steps, Lesson.BLOCKED) if isinstance(e, HandBlocked)]
    assert len(blocked) == 1
    block = blocked[0]
    assert block.decided_by is Decider.FEWEST_DOUBLES and block.winner == 0 and block.value == 2
    assert block.holdings[0].doubles < block.holdings[1].doubles
    assert match.phase is Phase.HAND_OVER and match.stock_size == 2
    assert [type(s.action) for s in parts()[1].steps[-2:]] == [Pass, Pass]


def test_the_third_part_tallies_counters() -> None:
    match, steps = played(2)
    assert match.rules.tally is Tally.COUNTERS
    discards = [e for e in match.history if isinstance(e, CountersDiscarded)]
    assert [(e.seat, e.discarded, e.left) for e in discards] == [(PLAYER, 2, 1), (PLAYER, 1, 0)]
    assert [type(e) for e in events_of(steps, Lesson.COUNTERS)][-1] is MatchWon
    assert match.winner == 0


def test_every_rule_is_taught_once_in_the_order_said() -> None:
    taught = []
    for part in parts():
        taught += [part.opening] if part.opening else []
        taught += [step.lesson for step in part.steps if step.lesson is not None]
    assert taught == list(ORDER) and set(ORDER) == set(Lesson)


# ---------------------------------------------------------------------- the program under a pty


def home_with_a_save(tmp_path: Path, settings: dict[str, str] | None = None) -> Path:
    """A home whose data folder holds the player's own match save (and, unless told, settings that
    skip the first start's questions)."""
    data = tmp_path / "data" / "bergen-access"
    data.mkdir(parents=True)
    (data / "match.json").write_text(SAVE, encoding="utf-8")
    config = tmp_path / "config" / "bergen-access"
    config.mkdir(parents=True)
    if settings is not None:
        (config / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    return data / "match.json"


def save_untouched(save: Path) -> bool:
    return save.read_text(encoding="utf-8") == SAVE and sorted(p.name for p in save.parent.iterdir()) == [
        "match.json"
    ]


def spawn(tmp_path: Path, args: list[str]) -> pexpect.spawn:
    return pty_spawn(
        sys.executable,
        ["-m", "bergen_access", *args],
        cwd=str(ROOT),
        env=environment(tmp_path, TERM="xterm"),
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 200),
    )


def type_through(child: pexpect.spawn, language: str, lines: list[str]) -> str:
    """Type ``lines`` one at each prompt (the standard reader's, which every answer draws again); the
    clean output."""
    said: list[str] = []
    for line in lines:
        child.expect(PROMPT)
        said.append(clean(child.before or ""))
        child.send(line + "\r")
        child.expect("\n")  # the line was taken; what follows is new output, then the next prompt
    child.expect(pexpect.EOF)
    said.append(clean(child.before or ""))
    child.close()
    return "".join(said)


@pytest.mark.parametrize("language", ["en", "de", "tr"])
def test_the_guided_practice_typed_through_in_each_language(tmp_path: Path, language: str) -> None:
    save = home_with_a_save(tmp_path, {"speech": "off", "reader": "standard"})
    child = spawn(tmp_path, ["learn", "--lang", language])
    said = type_through(child, language, typed(language))
    assert child.exitstatus == 0, said[-600:]
    lines = said.splitlines()
    wanted = explanations(language)
    found = [text for line in lines for text in wanted if line.endswith(text)]
    assert found == wanted, found  # each explanation once, in order
    i = I18n(language)
    nothing_changed = i.gettext("Nothing changed. {task}").split("{task}")[0]
    assert sum(line.startswith(nothing_changed) for line in lines) == REFUSED
    other = i.gettext("{move} is allowed, but it does not show this rule. {task}").split("{task}")[0]
    assert sum(other.replace("{move}", "").strip() in line for line in lines) == 1  # 4-5: allowed, no rule
    allowed = other.replace("{move}", "").strip()
    positions = [said.index(text) for text in wanted]
    for start, end, lesson in zip([0, *positions[:-1]], positions, ORDER, strict=True):
        wrong = said[start:end].count(nothing_changed) + said[start:end].count(allowed)
        assert wrong == 1, (lesson, said[start:end][-900:])  # one wrong move before each rule's right one
    higher = i.gettext("{tile} does not open: the lowest double dealt opens the hand.").format(tile="3-3")
    assert sum(line.endswith(higher) for line in lines) == 1, said[:1500]  # the opening's wrong move
    opening = said.index(higher)
    assert said.index(wanted[0]) > opening  # the opening is told, and explained, after it is named
    assert i.gettext("Hint: {move}.").split("{move}")[0] + "2-3" in said
    done = i.gettext("Practice done. Type bergen to play a match, or bergen learn to practise again.")
    assert lines[-1].strip() == done or done in said
    assert save_untouched(save)


def test_leaving_midway_saves_nothing_and_learn_can_be_repeated(tmp_path: Path) -> None:
    save = home_with_a_save(tmp_path, {"speech": "off", "reader": "standard"})
    lines = typed("en")
    child = spawn(tmp_path, ["learn", "--lang", "en"])
    said = type_through(child, "en", [*lines[:6], "save", "quit"])  # in the middle of the triple header
    assert child.exitstatus == 0
    assert "The practice is never saved; your own match is untouched." in said
    assert said.strip().endswith("You left the practice. Nothing was saved; your own match is untouched.")
    assert explanations("en")[2] not in said and save_untouched(save)
    again = spawn(tmp_path, ["learn", "--lang", "en"])  # and again, from its start
    said = type_through(again, "en", lines)
    assert again.exitstatus == 0 and [e in said for e in explanations("en")] == [True] * len(ORDER)
    assert save_untouched(save)


def test_the_first_start_offers_the_practice_once_in_one_line(tmp_path: Path) -> None:
    save = home_with_a_save(tmp_path)  # no settings: the first start
    save.unlink()  # a newcomer has no match either
    child = spawn(tmp_path, ["--new", "--seed", "4", "--lang", "en"])
    child.expect("Type 1, 2, 3 or 4.")
    child.send("1\r")
    child.expect(r"New to Bergen\? Type learn for a guided practice hand, or Enter to play\.")
    child.send("learn\r")
    child.expect("Guided practice in 3 short parts")
    child.expect("Move: ")  # the first answer chose the screen-reader reader
    child.send("quit\r")  # leaves the practice: the match the player came for begins
    child.expect("You left the practice")
    child.expect("Move: ")
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    settings = json.loads((tmp_path / "config" / "bergen-access" / "settings.json").read_text())
    assert settings["learn_offered"] == "yes"
    again = spawn(tmp_path, ["--new", "--seed", "4", "--lang", "en"])  # remembered: never offered again
    again.expect("Move: ")
    assert "New to Bergen" not in clean(again.before or "")
    again.send("quit\r")
    again.expect(pexpect.EOF)


def test_enter_at_the_offer_plays_at_once(tmp_path: Path) -> None:
    home_with_a_save(tmp_path).unlink()
    child = spawn(tmp_path, ["--new", "--seed", "4", "--lang", "en"])
    child.expect("Type 1, 2, 3 or 4.")
    child.send("1\r")
    child.expect("New to Bergen")
    child.expect("learn or Enter: ")
    child.send("\r")
    child.expect("Move: ")
    assert "Guided practice" not in clean(child.before or "")
    child.send("quit\r")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("language", ["en", "de", "tr"])
def test_terse_explanations_are_braille_lines(tmp_path: Path, language: str) -> None:
    """In terse each rule's explanation is one braille line of its own (at most 40 cells), said once."""
    text, status = run_plain(tmp_path, language, typed(language), "--verbosity", "terse")
    short = explanations(language, Verbosity.TERSE)
    assert status == 0 and all(len(line) <= 40 for line in short)
    assert [line for line in text.splitlines() if line in short] == short
    assert set(short).isdisjoint(explanations(language))


def test_the_transcript_is_what_the_practice_says(tmp_path: Path) -> None:
    """docs/learn-transcript-en.txt is generated (python -m tests.learn_script --write), never edited."""
    assert TRANSCRIPT.read_text(encoding="utf-8") == transcript()
    text, status = run_plain(tmp_path, "en", typed("en"))
    assert status == 0 and all(line in text.splitlines() for line in explanations("en"))


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "each side starts with 15 counters (10 when three or four play alone)"),
        ("de", "hat jede Seite anfangs 15 (10, wenn drei oder vier einzeln spielen)"),
        ("tr", "her taraf 15 fişle başlar (üç ya da dört kişi tek tek oynarken 10)"),
    ],
)
def test_the_guide_takes_the_counters_from_the_rules(language: str, said: str) -> None:
    """Never "everyone starts with 15 counters": 15 for two sides, 10 for three or four, as the rules say
    (issue 30); a part with another target names that target."""
    from bergen_access.present.lessons import LessonWords  # noqa: PLC0415
    from bergen_access.present.narrator import Narrator  # noqa: PLC0415
    from bergen_access.present.words import Words  # noqa: PLC0415

    counters = parts()[-1].rules
    guide = LessonWords(Narrator(Words(I18n(language), counters, ["You", "Anna"], PLAYER)))
    assert said in guide.explain(Lesson.COUNTERS).text
    twelve = counters.with_options(target=12)
    guide = LessonWords(Narrator(Words(I18n("en"), twelve, ["You", "Anna"], PLAYER)))
    assert guide.part(3, 3, Lesson.COUNTERS, (9, 2)).text.endswith("You hold 3 counters, Anna 10.")
    standard = parts()[0].rules.with_options(target=11)
    guide = LessonWords(Narrator(Words(I18n("en"), standard, ["You", "Anna"], PLAYER)))
    assert guide.part(1, 3, Lesson.OPENING, (6, 4)).text.endswith("the first to 11 wins.")
    assert "reaching 11 wins at once" in guide.explain(Lesson.GOING_OUT).text


def test_the_guide_is_the_one_voice_even_with_the_coach_on(tmp_path: Path) -> None:
    """The coach judged the very moves the guide asked for ("Coach: 5-6 left was better"); in the practice
    the guide is the one voice: no coach, and ``coach`` says the guide gives the move (issue 30)."""
    config = tmp_path / "config" / "bergen-access"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(json.dumps({"coach": "on", "speech": "off"}), encoding="utf-8")
    lines = typed("en")
    text, status = run_plain(tmp_path, "en", [*lines[:2], "coach", *lines[2:]])
    assert status == 0, text[-600:]
    assert "Coach:" not in text
    assert "In the practice the guide is your coach: hint names the move." in text
    assert json.loads((config / "settings.json").read_text(encoding="utf-8"))["coach"] == "on"  # untouched
