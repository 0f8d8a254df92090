"""Issue 12, "The game as a blind player lives it": each reviewer's finding as a test.

Through the real program where the finding is about the program (pipes with ``--plain``; a
pseudo-terminal where it is about the terminal), in this process where it is about a presenter.
What the program should say is taken from the catalogs (``I18n(lang).gettext(<English msgid>)``),
never written out, so the German and Turkish catalogs may change under the tests. What is true of
the match is taken from the engine: the program saves before it speaks, so at every prompt the save
file holds the match the player is being told about (``tests/blind_play_bot.py``).
"""

from __future__ import annotations

import importlib
import importlib.util
import io
import itertools
import json
import re
import sys
import wave
from array import array
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pexpect
import pytest

from bergen_access.commands.lexicon import Lexicon
from bergen_access.core import parse_tile
from bergen_access.core.actions import Draw, End, Pass, Play
from bergen_access.core.dealers import SeededDealer
from bergen_access.core.engine import Match, Phase
from bergen_access.core.events import HeaderKind, HeaderScored
from bergen_access.core.rules import Rules, preset
from bergen_access.core.tiles import NUMBERS, TILES, Tile
from bergen_access.core.view import SeatView
from bergen_access.i18n import I18n
from bergen_access.players.random_player import RandomPlayer
from bergen_access.present.feedback import Feedback
from bergen_access.present.help_text import overview, terse_legend
from bergen_access.present.narrator import Narrator
from bergen_access.present.replies import Replies
from bergen_access.present.rules_text import rules_sentences
from bergen_access.present.words import Words, reader_form
from bergen_access.session.settings import Settings
from bergen_access.ui.game import Session

from .blind_play_bot import (
    NAMES,
    Bot,
    ScriptedReader,
    Step,
    first_word,
    game_in_process,
    run_bot,
    run_lines,
    saved_state,
    self_playing,
    template_regex,
)
from .capabilities import pty_spawn
from .drivers import ROOT, environment

PRESETS = ("standard", "counters", "dominoplaza")
LANGUAGES = ("en", "de", "tr")
TABLES = ((2, False), (3, False), (4, False), (4, True))  # players, partnerships
EN = I18n("en")
ESCAPE = re.compile(rb"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07]*\x07|[()][A-Z0-9]|.)")


def new(module: str) -> Any:
    """A module that issue 12 added (imported here, so that without it only its own tests fail)."""
    return importlib.import_module(f"bergen_access.{module}")


# ---------------------------------------------------------------------------- the engine's truth


def legal_plays(view: SeatView) -> dict[Tile, tuple[End, ...]]:
    ends: dict[Tile, list[End]] = {}
    for action in view.legal_actions:
        if isinstance(action, Play):
            ends.setdefault(action.tile, []).append(action.end)
    return {tile: tuple(sorted(ends[tile])) for tile in sorted(ends)}


def may(view: SeatView, kind: type) -> bool:
    return any(isinstance(a, kind) for a in view.legal_actions)


def held_back(view: SeatView) -> int | None:
    """Arms-first (DominoPlaza): a tile in hand shows an end's number yet may not be laid; the number
    that may (the opening double's)."""
    if not view.rules.first_arms_first or view.ends is None or view.opening is None:
        return None
    legal = legal_plays(view)
    if any(t not in legal and (t.has(view.ends[0]) or t.has(view.ends[1])) for t in view.hand):
        return view.opening.low
    return None


def seeded_turns(rules: Rules, seed: int) -> Iterator[tuple[Match, SeatView, Any]]:
    """Every turn of a match between random players: the match, the mover's view, the chosen action
    (applied after the caller looked)."""
    match = Match(rules, SeededDealer(seed))
    players = {s: RandomPlayer(seed * 10 + s) for s in range(rules.players)}
    while not match.is_over:
        if match.phase in (Phase.NOT_STARTED, Phase.HAND_OVER):
            match.start_hand()
            continue
        seat = match.turn
        view = SeatView(match, seat)
        action = players[seat].choose(view)
        yield match, view, action
        match.apply(action)


class Said:
    """The sentences of one language that say what can be done, from the catalog."""

    def __init__(self, language: str) -> None:
        self.i = i = I18n(language)
        self.also_draw = i.gettext("You may also draw.")
        self.must_draw = i.gettext("Nothing fits: draw.")
        self.must_pass = i.gettext("Nothing fits and nothing can be drawn: pass.")
        self.arms = i.gettext("First both sides of the opening double: only a {number} can be laid.")

    def fit(self, ends: Sequence[End]) -> str:
        if len(ends) == 2:
            return self.i.gettext("left or right")
        return self.i.pgettext("end", "left" if ends[0] is End.LEFT else "right")

    def listing(self, plays: dict[Tile, tuple[End, ...]], lone_double: bool) -> str:
        if lone_double:
            return ", ".join(t.notation for t in plays)
        return ", ".join(
            self.i.gettext("{tile} ({ends})").format(tile=t.notation, ends=self.fit(e))
            for t, e in plays.items()
        )

    def options(self, view: SeatView, reason: bool = True) -> str:
        plays, number = legal_plays(view), held_back(view) if reason else None
        if plays:
            text = self.i.gettext("Playable: {playable}.").format(
                playable=self.listing(plays, len(view.line) == 1)
            )
            text += f" {self.also_draw}" if may(view, Draw) else ""
        elif may(view, Draw):
            text = self.must_draw
        else:
            assert may(view, Pass), "a turn with nothing legal"
            text = self.must_pass
        return text + (f" {self.arms.format(number=number)}" if number is not None else "")

    def must(self, view: SeatView) -> str:
        plays = legal_plays(view)
        if plays:
            return self.listing(plays, len(view.line) == 1)
        return self.i.pgettext("must", "draw" if may(view, Draw) else "pass")

    def never_more_than_legal(self, text: str, view: SeatView) -> None:
        """No sentence offers a draw or a pass the engine does not allow."""
        if not may(view, Draw):
            assert self.also_draw not in text and self.must_draw not in text, text
        if not may(view, Pass) or legal_plays(view):
            assert self.must_pass not in text, text


def presenters(rules: Rules, seat: int, language: str) -> tuple[Replies, Feedback]:
    words = Words(I18n(language), rules, NAMES[: rules.players], seat)
    narrator = Narrator(words)
    return Replies(narrator), Feedback(narrator)


# =============================================================================== 1. legal actions


@pytest.mark.parametrize("preset_name", PRESETS)
def test_what_you_can_do_comes_from_the_legal_actions(preset_name: str) -> None:
    """On every turn of seeded matches (2-4 players and partners), the choices, the turn line, the
    answer to a draw and the 'you can' of refusals say exactly the engine's legal actions."""
    options = new("present.options")
    turns = draws = held = 0
    for players, partners in TABLES:
        rules = preset(preset_name, players=players, partnerships=partners)
        for seed in (1, 2, 3):
            languages = LANGUAGES if (players, seed) == (2, 1) else ("en",)
            for language in languages:
                said = Said(language)
                talk = [presenters(rules, seat, language) for seat in range(players)]
                for match, view, action in seeded_turns(rules, seed):
                    replies, feedback = talk[view.seat]
                    plays = legal_plays(view)
                    choice = options.choices(view)
                    assert dict(choice.plays) == plays
                    assert choice.may_draw == may(view, Draw) and choice.may_pass == may(view, Pass)
                    turn_line = replies.your_turn(view).text
                    assert said.options(view) in turn_line, (turn_line, view.legal_actions)
                    said.never_more_than_legal(turn_line, view)
                    if held_back(view) is None:
                        assert template_regex(said.arms).search(turn_line) is None, turn_line
                    else:
                        held += 1
                    assert replies.must(view) == said.must(view)
                    turns += 1
                    if isinstance(action, Draw):
                        after = match.copy()
                        drawn = [e.tile for e in after.apply(action) if getattr(e, "tile", None) is not None]
                        now = SeatView(after, view.seat)
                        if now.is_my_turn:
                            check_drew(said, feedback, now, drawn)
                            draws += 1
    assert turns > 1000 and draws > 50
    if preset_name == "dominoplaza":
        assert held > 0, "the arms-first rule never held a tile back"


def check_drew(said: Said, feedback: Feedback, view: SeatView, drawn: list[Tile]) -> None:
    i = said.i
    text = feedback.drew(drawn, view).text
    start = i.gettext("You draw {tiles}.").format(tiles=" ".join(t.notation for t in drawn))
    plays = legal_plays(view)
    fitting = [t for t in drawn if t in plays]
    if fitting:
        tile = fitting[-1]
        lone = len(view.line) == 1  # the lone opening double: its sides are alike, either side will do
        where = i.gettext("either side") if lone else said.fit(plays[tile])
        rest = i.gettext("{tile} fits: {ends}.").format(tile=tile.notation, ends=where)
        only = len(plays) == 1 and (len(plays[tile]) == 1 or lone) and not may(view, Pass)
        rest += f" {i.gettext('Enter plays it.')}" if only else ""
    else:
        rest = f"{i.gettext('It does not fit.')} " if plays else ""
        rest += said.options(view, reason=False)
    assert text == f"{start} {rest}", (text, view.legal_actions)
    said.never_more_than_legal(text, view)


def test_dominoplaza_never_says_pass_while_a_play_is_legal(tmp_path: Path) -> None:
    """The issue's case: ``--preset dominoplaza --seed 4``, ``d`` until the stock is done, then ``pass``."""
    bot, _ = run_lines(tmp_path, ["--new", "--preset", "dominoplaza", "--seed", "4"], ["d"] * 24 + ["pass"])
    said, exhausted = Said("en"), 0
    for step in bot.steps:
        if step.state is None or step.state.turn != 0 or step.state.phase is not Phase.PLAYING:
            continue
        view = SeatView(step.state, 0)
        if legal_plays(view):
            assert re.search(r"\bpass\b", step.text, re.IGNORECASE) is None, step.text
            said.never_more_than_legal(step.text, view)
            exhausted += not may(view, Draw)
    assert exhausted >= 3, "the stock was never drawn out: the case was not reached"
    refusal = bot.reply_to("pass")
    assert EN.gettext("A tile fits, so you must play: {must}.").split("{")[0] in refusal


# =============================================================================== 2. arms first


@pytest.mark.parametrize("language", LANGUAGES)
def test_arms_first_reason_in_turn_line_refusal_and_hint(tmp_path: Path, language: str) -> None:
    """Seed 4: 0-3 matches the closed end 3 of 5-5|3; the reason is said, with the number 5."""
    i = I18n(language)
    bot, _ = run_lines(
        tmp_path,
        ["--new", "--preset", "dominoplaza", "--seed", "4", "--lang", language],
        ["03", "hint", "d", "hint", "03"],
    )
    first = bot.steps[0]
    assert first.state is not None
    view = SeatView(first.state, 0)
    assert held_back(view) == 5 and parse_tile("0-3") in view.hand and not legal_plays(view)
    reason = i.gettext("First both sides of the opening double: only a {number} can be laid.").format(
        number=5
    )
    turn_line = first.lines[-1]
    assert reason in turn_line, turn_line
    refusal = bot.reply_to("03")
    expected = i.gettext("{tile} does not fit yet. {reason} You can: {must}.").format(
        tile="0-3", reason=reason, must=i.pgettext("must", "draw")
    )
    assert refusal.strip() == expected
    hints = bot.replies("hint")
    assert len(hints) == 2 and all(reason in hint for hint in hints), hints
    again = bot.steps[-2]  # the second 0-3, now that the drawn 0-5 can be laid
    assert again.state is not None
    now = SeatView(again.state, 0)
    assert legal_plays(now) and held_back(now) == 5
    expected = i.gettext("{tile} does not fit yet. {reason} You can: {must}.").format(
        tile="0-3", reason=reason, must=Said(language).must(now)
    )
    assert bot.replies("03")[1].strip() == expected


# =============================================================================== 3. orientation


def orientation_text(i: I18n, rules: Rules, levels: str = "normal") -> str:
    order = [i.pgettext("name", "You")] + [
        i.gettext("{name} ({level})").format(name=name, level=i.pgettext("level", levels))
        for name in NAMES[1 : rules.players]
    ]
    partners = ""
    if rules.partnerships:
        partners = " " + i.gettext("Partners: {first} against {second}.").format(
            first=i.pgettext("side", "You and {partner}").format(partner=NAMES[2]),
            second=i.pgettext("side", "{first} and {second}").format(first=NAMES[1], second=NAMES[3]),
        )
    name = {"standard": "standard", "counters": "counters", "dominoplaza": "DominoPlaza"}
    preset_name = next(
        p for p in PRESETS if preset(p, players=rules.players, partnerships=rules.partnerships) == rules
    )
    return i.gettext(
        "Bergen. Rules: {rules}; target {target}. Order of play: {order}.{partners} "
        "Type {help} for the commands."
    ).format(
        rules=i.pgettext("preset", name[preset_name]),
        target=rules.target_score,
        order=", ".join(order),
        partners=partners,
        help=first_word(i, "command", "help ?"),
    )


def side_name(i: I18n, rules: Rules, side: int) -> str:
    seats = rules.seats_of(side)
    if len(seats) == 1:
        return i.pgettext("name", "You") if seats[0] == 0 else NAMES[seats[0]]
    if 0 in seats:
        return i.pgettext("side", "You and {partner}").format(partner=NAMES[seats[1]])
    return i.pgettext("side", "{first} and {second}").format(first=NAMES[seats[0]], second=NAMES[seats[1]])


@pytest.mark.parametrize("language", ["en", "de"])
def test_orientation_seats_and_unseen(tmp_path: Path, language: str) -> None:
    """A new match begins with the rules, target, order of play with levels, partners and help, once,
    before Hand 1; ``seats`` and ``unseen`` answer from the table as it is."""
    i = I18n(language)
    bot, transcript = run_lines(
        tmp_path,
        ["--new", "--seed", "4", "--players", "4", "--partners", "--lang", language],
        ["seats", "unseen"],
    )
    state = bot.steps[0].state
    assert state is not None
    expected = orientation_text(i, state.rules)
    lines = bot.steps[0].lines
    assert lines[0] == expected
    assert template_regex(i.gettext("Hand {number}. Your tiles: {tiles}."), number="1").fullmatch(lines[1])
    assert transcript.count(expected) == 1

    view = SeatView(bot.steps[1].state or state, 0)
    counts = view.tile_counts
    order = "; ".join(
        i.ngettext("{seat}, {count} tile", "{seat}, {count} tiles", counts[s]).format(
            seat=i.pgettext("name", "You")
            if s == 0
            else i.gettext("{name} ({level})").format(name=NAMES[s], level=i.pgettext("level", "normal")),
            count=counts[s],
        )
        for s in range(4)
    )
    partners = " " + i.gettext("Partners: {first} against {second}.").format(
        first=side_name(i, view.rules, 0), second=side_name(i, view.rules, 1)
    )
    scores = i.gettext("Score: {list}; target {target}").format(
        list=", ".join(
            i.gettext("{side} {count}").format(side=side_name(i, view.rules, s), count=view.scores[s])
            for s in range(2)
        ),
        target=view.target,
    )
    seats = i.gettext("Order of play: {order}.{partners} {scores}.").format(
        order=order, partners=partners, scores=scores
    )
    seats += " " + i.gettext("Turn: {name}.").format(name=i.pgettext("name", "You"))
    assert bot.reply_to("seats").strip() == seats

    unseen = [t for t in TILES if t not in view.hand and t not in {p[0] for p in view.line}]
    per_number = [sum(1 for t in unseen if t.has(n)) for n in NUMBERS]
    assert sum(per_number) == sum(1 if t.is_double else 2 for t in unseen)  # once per distinct number
    said = i.ngettext(
        "{count} tile you have not seen. Per number: {numbers}.",
        "{count} tiles you have not seen. Per number: {numbers}.",
        len(unseen),
    ).format(
        count=len(unseen), numbers=", ".join(f"{n}: {c}" for n, c in zip(NUMBERS, per_number, strict=True))
    )
    assert bot.reply_to("unseen").strip() == said


def still_held_line(i: I18n, state: Match) -> str | None:
    held = [(s, state.hand(s)) for s in range(1, state.players) if state.hand(s)]
    if not held:
        return None
    parts = [
        i.gettext("{name} {tiles} ({pips})").format(
            name=NAMES[s],
            tiles=" ".join(t.notation for t in tiles),
            pips=i.ngettext("{count} pip", "{count} pips", sum(t.pips for t in tiles)).format(
                count=sum(t.pips for t in tiles)
            ),
        )
        for s, tiles in held
    ]
    return i.gettext("Still held: {list}.").format(list="; ".join(parts))


# Full matches shared by several findings: (preset, language, players) -> the bot and the transcript.
FULL = [(p, lang, 2) for p in PRESETS for lang in LANGUAGES] + [("standard", "en", 3), ("counters", "en", 4)]


@pytest.fixture(scope="module")
def full_matches(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str, int], tuple[Bot, str]]:
    """Whole matches against random players, played by the bot; at a hand's end with an empty hand
    it asks ``hand`` once."""
    played: dict[tuple[str, str, int], tuple[Bot, str]] = {}
    for preset_name, language, players in FULL:
        home = tmp_path_factory.mktemp(f"{preset_name}-{language}-{players}")
        asked: list[bool] = []

        def empty_hand(step: Step, asked: list[bool] = asked) -> str | None:
            state = step.state
            if state is not None and state.phase is Phase.HAND_OVER and not state.hand(0) and not asked:
                asked.append(True)
                return "hand"
            return None

        bot = Bot(home, extra=empty_hand)
        args = ["--new", "--seed", "3", "--opponents", "random", "--preset", preset_name, "--lang", language]
        args += ["--players", str(players)] + (["--partners"] if players == 4 else [])
        transcript, status = run_bot(home, args, bot)
        assert status == 0, transcript[-2000:]
        played[preset_name, language, players] = (bot, transcript)
    return played


def test_still_held_at_each_hands_end(full_matches: dict[tuple[str, str, int], tuple[Bot, str]]) -> None:
    """At a hand's end "Still held" lists each other player's tiles, as the engine has them."""
    checked = 0
    for (_, language, _), (bot, _) in full_matches.items():
        i = I18n(language)
        still_held = template_regex(i.gettext("Still held: {list}."))
        for before, step in zip([None, *bot.steps], bot.steps, strict=False):
            state = step.state
            if state is None or state.phase is not Phase.HAND_OVER:
                continue
            if before is not None and before.answer == "hand":
                continue  # the answer to "hand": the hand's end was told in the step before
            expected = still_held_line(i, state)
            found = [line for line in step.lines if still_held.fullmatch(line)]
            if expected is None:
                assert not found, step.text
            else:
                assert expected in step.lines, (expected, step.text)
                checked += 1
    assert checked >= 10


# =============================================================================== 4. resume question


def resume_question(i: I18n, state: Match, rules_word: str) -> str:
    players = [i.pgettext("name", "You"), *NAMES[1 : state.players]]
    each = ", ".join(
        i.gettext("{side} {count}").format(side=n, count=s)
        for n, s in zip(players, state.scores, strict=True)
    )
    described = i.gettext("rules: {rules}; {players}; {scores}").format(
        rules=i.pgettext("preset", rules_word),
        players=", ".join(players),
        scores=i.gettext("score: {list}").format(list=each),  # each side by name: "score: You 3, Anna 2"
    )
    return i.gettext("A saved match is waiting, in hand {hand}: {match}. Continue it? Yes or no.").format(
        hand=state.hand_number, match=described
    )


def test_resume_question_names_the_match(tmp_path: Path) -> None:
    run_lines(tmp_path, ["--new", "--seed", "4"], [None, None, "quit"])
    state = saved_state(tmp_path)
    assert state is not None and state.hand_number >= 1
    bot, _ = run_lines(tmp_path, [], ["yes", "quit"])
    question = resume_question(EN, state, "standard")
    assert bot.steps[0].lines[-1] == question
    assert bot.steps[0].prompt == EN.gettext("yes or no> ")
    assert EN.gettext("The saved match continues. Last: {last}").split("{")[0] in bot.steps[1].text


def test_resume_with_other_rules_says_so_and_no_starts_them(tmp_path: Path) -> None:
    run_lines(tmp_path, ["--new", "--seed", "4"], [None, "quit"])
    state = saved_state(tmp_path)
    assert state is not None
    bot, _ = run_lines(tmp_path, ["--preset", "counters"], ["no", "quit"])
    other = EN.gettext("You asked for other rules ({rules}): no starts a new match with them.").format(
        rules=EN.pgettext("preset", "counters")
    )
    assert bot.steps[0].lines[-1] == f"{resume_question(EN, state, 'standard')} {other}"
    fresh = bot.steps[1]
    assert fresh.lines[0] == orientation_text(EN, preset("counters"))
    assert fresh.state is not None and fresh.state.rules == preset("counters")


# =============================================================================== 5. readers


def pty_session(
    home: Path, args: list[str], env: dict[str, str] | None = None
) -> tuple[pexpect.spawn, io.BytesIO]:
    child = pty_spawn(
        sys.executable,
        ["-m", "bergen_access", *args],
        cwd=str(ROOT),
        env=env or environment(home, TERM="xterm"),
        timeout=30,
        dimensions=(40, 200),
    )
    raw = io.BytesIO()
    child.logfile_read = raw
    return child, raw


TOOLKIT_READY = rb"\x1b\[\?25h"  # prompt_toolkit shows the cursor last, once its prompt is drawn
FIRST_QUESTION = rb"Type 1, 2, 3 or 4\.\r\nNumber: "  # asked once, written once, before any reader is chosen


@pytest.mark.parametrize(("answer", "speech", "reader"), [
    ("1", "off", "screenreader"), ("2", "screenreader", "screenreader"),
    ("3", "voice", "standard"), ("4", "off", "standard"),
])  # fmt: skip
def test_first_start_answers_choose_the_reader(tmp_path: Path, answer: str, speech: str, reader: str) -> None:
    """1 and 2 choose the screen-reader reader (lines written once, no escape sequences), 3 and 4 the
    standard one; both are remembered."""
    env = environment(tmp_path, TERM="xterm", SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'no-speechd.sock'}")
    child, raw = pty_session(tmp_path, ["--new", "--seed", "4"], env)
    child.expect(FIRST_QUESTION)
    child.send(answer + "\r")
    child.expect(rb"learn or Enter(: |>)")  # the one-line offer of bergen learn: Enter plays
    child.send("\r")
    child.expect(rb"Move: " if reader == "screenreader" else rb"tiles>")
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, raw.getvalue()[-800:]
    settings = json.loads((tmp_path / "config" / "bergen-access" / "settings.json").read_text())
    assert (settings["speech"], settings["reader"]) == (speech, reader)
    game = raw.getvalue().split(b"Bergen", 1)[1]  # from the orientation on: the game's own lines
    if reader == "screenreader":
        assert ESCAPE.findall(game) == [], game[-400:]
    else:
        assert len(ESCAPE.findall(game)) > 10


SCRIPT = ["hand", "01", "quit"]  # seed 4: the lone opening double 0-0 lies; 0-1 is a legal play


def scripted_turn(home: Path, reader: str) -> bytes:
    """The raw bytes of a scripted turn under a pty with ``--reader``."""
    child, raw = pty_session(home, ["--new", "--seed", "4", "--speech", "off", "--reader", reader])
    ready = rb"Move: " if reader == "screenreader" else rb"tiles>[^\n]*?" + TOOLKIT_READY
    child.expect(ready)
    for line in SCRIPT:
        child.send(line + "\r")
        if line == "hand" and reader == "screenreader":  # it changed nothing: no prompt follows the answer
            child.expect(rb"29 pips\.\r\n")
        elif line != "quit":
            child.expect(ready)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return raw.getvalue()


@pytest.fixture(scope="module")
def turn_bytes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    return {mode: scripted_turn(tmp_path_factory.mktemp(mode), mode) for mode in ("screenreader", "standard")}


def test_screen_reader_reader_writes_each_prompt_once(turn_bytes: dict[str, bytes]) -> None:
    """Pinned: the screen-reader reader writes no escape sequence and each prompt once per read. Measured
    here: screenreader 664 bytes, 0 escape sequences, the first prompt 2 times (2 reads), the second once;
    standard (prompt_toolkit) 1148 bytes, 84 escape sequences, the prompts 4 and 2 times."""
    counts = {
        mode: (
            len(raw),
            len(ESCAPE.findall(raw)),
            raw.count(b"0-0|0-0, 6 tiles>"),
            raw.count(b"3|0-0, 5 tiles>"),
            raw.count(b"Move: "),
        )
        for mode, raw in turn_bytes.items()
    }
    print("bytes, escape sequences, first prompt, second prompt, short prompts:", counts)
    screen_reader, standard = counts["screenreader"], counts["standard"]
    assert screen_reader[1] == 0  # pinned: not one escape sequence
    assert standard[1] >= 20  # prompt_toolkit redraws: far more
    # the screen-reader reader: the short word once per state (a turn's first read and the next turn's),
    # an empty prompt after "hand", which changed nothing; the facts never in a prompt
    assert screen_reader[2:] == (0, 0, 2)
    assert standard[2] >= 2 and standard[4] == 0  # line editing: the facts, redrawn at every read


def test_screen_reader_reader_writes_what_plain_mode_writes(
    turn_bytes: dict[str, bytes], tmp_path: Path
) -> None:
    """The screen-reader reader writes each line once: byte for byte what ``--plain`` writes (which
    echoes the typed line), with the terminal's line ends: the typed command is shown once too. Only
    the prompts differ: ``--plain`` (scripts, pipes) writes the facts, the screen-reader setting the
    short word once per state; and the tiles: through a pipe ``3-5``, for a screen reader ``3 5``
    (``words.reader_form``, tests/test_reader_tiles.py)."""
    _, transcript = run_lines(tmp_path, ["--new", "--seed", "4"], SCRIPT)
    expected = transcript.encode("utf-8").replace(b"\n", b"\r\n")
    raw = turn_bytes["screenreader"]
    for typed in (b"hand", b"01", b"quit"):
        assert raw.count(typed + b"\r\n") == 1, f"{typed!r} not shown once: {raw[-700:]!r}"
    plain = re.sub(rb"(?m)^[^\r\n]* tiles> ", b"", expected).decode("utf-8")
    assert re.sub(rb"(?m)^Move: ", b"", raw) == reader_form(plain).encode("utf-8")


# =============================================================================== 6. another match


def test_another_match_with_the_same_options(tmp_path: Path) -> None:
    bot = Bot(tmp_path, after_match=["yes", "no"])
    transcript, status = run_bot(tmp_path, ["--new", "--seed", "3", "--opponents", "random"], bot)
    assert status == 0
    orientation = orientation_text(EN, preset("standard"), "random")
    assert transcript.count(orientation) == 2
    offers = [step for step in bot.steps if step.answer in ("yes", "no") and step.state is None]
    assert [s.answer for s in offers] == ["yes", "no"]
    won = (
        template_regex(EN.gettext("Match over: you win! {scores}.")),
        template_regex(EN.gettext("Match over: {side} wins. {scores}.")),
    )
    for offer in offers:
        assert offer.lines[-1] == EN.gettext("Another match with the same options? Yes or no.")
        assert any(p.fullmatch(line) for p in won for line in offer.lines), offer.text
    again = bot.steps[bot.steps.index(offers[0]) + 1].lines
    assert again[0] == orientation
    assert template_regex(EN.gettext("Hand {number}. Your tiles: {tiles}."), number="1").fullmatch(again[1])
    assert bot.steps[-1].lines[-1] == EN.gettext("Thank you for playing. Goodbye.")


def test_end_of_input_at_the_offer_ends(tmp_path: Path) -> None:
    bot = Bot(tmp_path, after_match=[None])
    transcript, status = run_bot(tmp_path, ["--new", "--seed", "3", "--opponents", "random"], bot)
    assert status == 0
    assert transcript.count(orientation_text(EN, preset("standard"), "random")) == 1
    assert EN.gettext("Another match with the same options? Yes or no.") in transcript
    assert transcript.rstrip().endswith(EN.gettext("Thank you for playing. Goodbye."))


# =============================================================================== 7. ends once a turn


def ends_sentences(i: I18n, text: str) -> list[str]:
    """The ends said in ``text`` in order, in both catalog forms ("Ends …" and "Your turn. Ends …")."""
    found: dict[int, str] = {}
    for template in ("Ends {ends}.", "Your turn. Ends {ends}."):
        for match in template_regex(i.gettext(template)).finditer(text):
            found[match.end()] = match.group(1)
    return [found[end] for end in sorted(found)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("preset_name", PRESETS)
def test_ends_said_once_a_turn(
    full_matches: dict[tuple[str, str, int], tuple[Bot, str]], preset_name: str, language: str
) -> None:
    """Between two prompts the same ends are never said twice in a row; at a player's seat the plays
    are said without their ends, and the turn line says them once (not when a play said them already,
    as the opening double's does)."""
    i = I18n(language)
    bot, _ = full_matches[preset_name, language, 2]
    turns = omitted = 0
    your_turn = i.gettext("Your turn.")
    for step in bot.steps:
        said = ends_sentences(i, step.text)
        for first, second in itertools.pairwise(said):
            assert first != second, step.text
        turn_lines = [line for line in step.lines if line.startswith(your_turn.rstrip("."))]
        if turn_lines and step.state is not None and step.state.turn == 0:
            turns += 1
            omitted += not ends_sentences(i, turn_lines[-1])
    assert turns >= 10 and omitted <= turns // 4, (turns, omitted)


# =============================================================================== 8. hint, opening, Enter


def hint_text(said: Said, match: Match, view: SeatView) -> str:
    """The hint from the engine: each legal play tried on a copy; headers first, best first."""
    i = said.i
    entries: list[tuple[int, Tile, tuple[End, ...], HeaderKind | None]] = []
    for tile, ends in legal_plays(view).items():
        groups: dict[tuple[HeaderKind | None, int], list[End]] = {}
        for end in ends:
            trial = match.copy()
            headers = [e for e in trial.apply(Play(view.seat, tile, end)) if isinstance(e, HeaderScored)]
            key = (headers[0].kind, headers[0].value) if headers else (None, 0)
            groups.setdefault(key, []).append(end)
        entries += [(value, tile, tuple(e), kind) for (kind, value), e in groups.items()]
    entries.sort(key=lambda entry: -entry[0])
    lone_double = view.layout is not None and view.layout.lone_double

    def placed(tile: Tile, ends: tuple[End, ...]) -> str:  # beside the lone opening double: no side
        return tile.notation if lone_double else f"{tile.notation} {said.fit(ends)}"

    scoring = [e for e in entries if e[3] is not None]
    others = [e for e in entries if e[3] is None]
    counters = view.rules.tally.value == "counters"
    parts = []
    for value, tile, ends, kind in scoring:
        header = i.pgettext("header", "double header" if kind is HeaderKind.DOUBLE else "triple header")
        amount = (
            i.ngettext("{count} counter", "{count} counters", value)
            if counters
            else i.ngettext("{count} point", "{count} points", value)
        ).format(count=value)
        play = placed(tile, ends)
        parts.append(i.gettext("{play}: {header}, {points}.").format(play=play, header=header, points=amount))
    if others:
        listed = ", ".join(placed(tile, ends) for _, tile, ends, _ in others)
        template = "Not scoring: {plays}." if scoring else "Nothing scores. You can play {plays}."
        parts.append(i.gettext(template).format(plays=listed))
    number = held_back(view)
    if number is not None:
        parts.append(said.arms.format(number=number))
    return " ".join(parts)


@pytest.mark.parametrize("preset_name", PRESETS)
def test_hint_puts_the_best_scoring_play_first_each_fact_once(preset_name: str) -> None:
    scoring_first = 0
    for language in ("en", "de"):
        said = Said(language)
        for seed in range(1, 7):
            rules = preset(preset_name)
            replies, _ = presenters(rules, 0, language)
            for match, view, _ in seeded_turns(rules, seed):
                if view.seat != 0 or not legal_plays(view):
                    continue
                expected = hint_text(said, match, view)
                assert replies.hint(view).text == expected
                scoring_first += expected.startswith(tuple(f"{t.notation} " for t in legal_plays(view))) and (
                    said.i.gettext("Not scoring: {plays}.").split("{")[0] in expected
                )
    assert scoring_first >= 10  # positions where a header and a plain play were both possible


def test_lone_opening_double_is_placed_without_asking(tmp_path: Path) -> None:
    """Seed 4: Anna opens 0-0; 0-1 fits both of its sides alike: listed and laid without an end."""
    bot, _ = run_lines(tmp_path, ["--new", "--seed", "4"], ["01"])
    state = bot.steps[0].state
    assert state is not None and len(state.line) == 1
    view = SeatView(state, 0)
    assert all(ends == (End.LEFT, End.RIGHT) for ends in legal_plays(view).values())
    listed = EN.gettext("Playable: {playable}.").format(
        playable=", ".join(t.notation for t in legal_plays(view))
    )
    assert listed in bot.steps[0].lines[-1]
    reply = bot.steps[1]
    assert reply.prompt != EN.gettext("left or right> ")
    assert reply.lines[0] == EN.gettext("You play {tile} on the left.").format(tile="0-1"), reply.text


@pytest.mark.parametrize("typed", ["", "play"])
def test_enter_plays_the_drawn_tile_that_is_the_only_play(tmp_path: Path, typed: str) -> None:
    bot, _ = run_lines(tmp_path, ["--new", "--preset", "dominoplaza", "--seed", "4"], ["d", typed])
    offered = bot.steps[1]
    assert offered.state is not None
    plays = legal_plays(SeatView(offered.state, 0))
    assert len(plays) == 1
    ((tile, ends),) = plays.items()
    assert offered.prompt.startswith(EN.gettext("Enter plays {tile}; ").format(tile=tile.notation)), (
        offered.prompt
    )
    assert EN.gettext("Enter plays it.") in offered.text
    left, right = "You play {tile} on the left.", "You play {tile} on the right."
    played = EN.gettext(left if ends == (End.LEFT,) else right).format(tile=tile.notation)
    assert bot.steps[2].lines[0] == played, bot.steps[2].text


# =============================================================================== 9. terse


def assert_one_entry_per_line(lines: Sequence[str], entries: Sequence[str], width: int) -> None:
    """Each printed line is a piece of one entry; the entries follow one another in order."""
    pending = [" ".join(entry.split()) for entry in entries]
    rest = ""
    for line in lines:
        assert len(line) <= width, f"{line!r} is longer than {width}"
        if not rest:
            assert pending, f"{line!r} after the last entry"
            rest = pending.pop(0)
        assert rest.startswith(line), f"{line!r} is not the next piece of {rest!r}"
        rest = rest[len(line) :].lstrip()
    assert not rest and not pending, (rest, pending)


@pytest.mark.parametrize("width", [20, 40])
def test_terse_entries_one_per_braille_line(tmp_path: Path, width: int) -> None:
    args = ["--new", "--seed", "4", "--verbosity", "terse", "--braille-width", str(width)]
    bot, transcript = run_lines(
        tmp_path, args, ["help", "rules", "help terse", None, None, None, "history 20"]
    )
    i = EN
    assert_one_entry_per_line(bot.reply_to("help").splitlines(), overview(i, Lexicon(i)), width)
    state = bot.steps[0].state
    assert state is not None
    assert_one_entry_per_line(bot.reply_to("rules").splitlines(), rules_sentences(i, state.rules), width)
    legend = terse_legend(Words(i, state.rules, ["You", "Anna"], 0))
    assert legend[0] == i.gettext("Terse codes, one line each:")
    assert any(line.startswith("L R: ") for line in legend)
    assert_one_entry_per_line(bot.reply_to("help terse").splitlines(), legend, width)
    history = bot.reply_to("history 20").splitlines()
    before = transcript[: transcript.index("> history 20")].splitlines()
    assert len(history) >= 5
    for line in history:
        assert len(line) <= width and line in before, f"{line!r} was never printed as an announcement line"


def first_announcements(home: Path, args: list[str], language: str) -> list[str]:
    """What a fresh game (seed 4) prints from the deal to the player's first turn line (not included):
    the deal, Anna's opening 0-0 and its double header, one line each."""
    bot, _ = run_lines(home, ["--new", "--seed", "4", *args], [])
    i = I18n(language)
    dealt = template_regex(i.gettext("Hand {number}. Your tiles: {tiles}."), number="1")
    label = i.pgettext("braille", "H{number}").format(number=1) + ":"
    lines = bot.steps[0].lines
    start = next(n for n, line in enumerate(lines) if dealt.fullmatch(line) or line.startswith(label))
    assert len(lines[start:-1]) == 3, bot.steps[0].text
    return lines[start:-1]


def test_history_is_said_in_todays_language_and_verbosity(tmp_path: Path) -> None:
    bot, _ = run_lines(
        tmp_path / "a",
        ["--new", "--seed", "4"],
        ["history", "language de", "history", "verbosity terse", "history"],
    )
    english = first_announcements(tmp_path / "b", [], "en")
    german = first_announcements(tmp_path / "c", ["--lang", "de"], "de")
    german_terse = first_announcements(tmp_path / "d", ["--lang", "de", "--verbosity", "terse"], "de")
    assert german not in (english, german_terse)
    replies = [text.splitlines() for text in bot.replies("history")]
    assert replies == [english, german, german_terse]


# =============================================================================== 10. small slips


def test_verbosity_and_language_say_they_are_kept(tmp_path: Path) -> None:
    bot, _ = run_lines(
        tmp_path, ["--new", "--seed", "4"], ["verbosity terse", "verbosity normal", "language de"]
    )
    kept = EN.gettext("Kept for your next games too.")
    terse = EN.gettext("Verbosity: {level}.").format(level=EN.pgettext("verbosity", "terse"))
    assert " ".join(bot.reply_to("verbosity terse").split()) == f"{terse} {kept}"
    de = I18n("de")
    kept_de = de.gettext("Kept for your next games too.")
    assert bot.reply_to("language de").strip() == f"Sprache: Deutsch. {kept_de}"
    settings = json.loads((tmp_path / "config" / "bergen-access" / "settings.json").read_text())
    assert (settings["verbosity"], settings["language"]) == ("normal", "de")


def test_f3_with_speech_off_answers(tmp_path: Path) -> None:
    child, _ = pty_session(tmp_path, ["--new", "--seed", "4", "--speech", "off"])
    child.expect(rb"tiles>[^\n]*?" + TOOLKIT_READY)
    child.send("\x1bOR")  # F3 (xterm)
    child.expect(re.escape(EN.gettext("Speech is off; there is nothing to stop.").encode()), timeout=10)
    child.expect(rb"tiles>[^\n]*?" + TOOLKIT_READY)
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_at_the_first_question_says_goodbye(tmp_path: Path) -> None:
    child, raw = pty_session(tmp_path, ["--new", "--seed", "4"])
    child.expect(FIRST_QUESTION)
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    lines = [line for line in ESCAPE.sub(b"", raw.getvalue()).decode().replace("\r", "").split("\n") if line]
    assert lines[-1] == EN.gettext("Goodbye. Nothing was changed.")  # a line of its own, the last
    assert child.exitstatus == 130
    assert not (tmp_path / "config" / "bergen-access" / "settings.json").exists()
    assert "Traceback" not in raw.getvalue().decode()


def test_ctrl_c_in_plain_mode_says_goodbye_on_a_line_of_its_own(tmp_path: Path) -> None:
    child, raw = pty_session(tmp_path, ["--new", "--seed", "4", "--plain"])
    child.expect(rb"Move: ")  # plain lines at a terminal: the short prompt
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    lines = raw.getvalue().decode().replace("\r", "").split("\n")
    goodbye = EN.gettext("Match saved. Run bergen again to continue it. Goodbye.")
    assert goodbye in lines, lines[-3:]
    assert child.exitstatus == 0


def test_tab_offers_only_what_can_be_used_now() -> None:
    """Game.candidates(): no draw or pass while a tile must be played; each when it can be used; the
    legal plays' tiles, no others."""
    words = {
        k: first_word(EN, "command", w) for k, w in (("draw", "draw d"), ("pass", "pass"), ("next", "next n"))
    }
    seen: set[str] = set()
    for preset_name in PRESETS:
        for seed in range(1, 6):
            rules = preset(preset_name)
            match = Match(rules, SeededDealer(seed))
            players = {s: RandomPlayer(seed + s) for s in range(2)}
            game, _ = game_in_process(match, ScriptedReader(lambda prompt: None))  # reads this match
            while not match.is_over:
                offered = game.candidates()
                if match.phase is not Phase.PLAYING:
                    match.start_hand()
                    continue
                view = SeatView(match, match.turn)
                if view.seat == 0:
                    plays = legal_plays(view)
                    assert (words["draw"] in offered) == may(view, Draw), (offered, view.legal_actions)
                    assert (words["pass"] in offered) == may(view, Pass), (offered, view.legal_actions)
                    assert words["next"] not in offered
                    assert [w for w in offered if re.fullmatch(r"\d-\d", w)] == [t.notation for t in plays]
                    seen.add(
                        "plays" if plays and not may(view, Draw) else "draw" if may(view, Draw) else "pass"
                    )
                match.apply(players[view.seat].choose(view))
    assert seen >= {"plays", "draw", "pass"}, seen


def test_tab_offers_next_between_hands() -> None:
    """Between hands ``next`` can be used (Enter does the same): Tab offers it. (``Game.candidates``
    marks it usable then, but only the commands of the help list are offered, and ``next`` is not one.)"""
    match = Match(preset("standard"), SeededDealer(3))
    players = {s: RandomPlayer(3 + s) for s in range(2)}
    game, _ = game_in_process(match, ScriptedReader(lambda prompt: None))
    match.start_hand()
    while match.phase is Phase.PLAYING:
        match.apply(players[match.turn].choose(SeatView(match, match.turn)))
    assert match.phase is Phase.HAND_OVER
    assert first_word(EN, "command", "next n") in game.candidates(), game.candidates()


def test_hand_with_no_tiles_says_so(full_matches: dict[tuple[str, str, int], tuple[Bot, str]]) -> None:
    answered = []
    for (_, language, _), (bot, _) in full_matches.items():
        for step, following in itertools.pairwise(bot.steps):
            if step.answer == "hand":
                answered.append(following.text.strip() == I18n(language).gettext("You hold no tiles."))
    assert answered and all(answered), answered


def test_a_tile_with_two_end_words_is_refused(tmp_path: Path) -> None:
    bot, _ = run_lines(tmp_path, ["--new", "--seed", "4"], ["01 left right", "hand"])
    refusal = EN.gettext("“{text}” was not used: after the tile, write one end, left or right.")
    assert bot.reply_to("01 left right").strip() == refusal.format(text="01 left right")
    before, after = bot.steps[0].state, bot.steps[1].state
    assert before is not None and after is not None and before.actions == after.actions


def test_counter_header_and_its_counters_are_one_line(
    full_matches: dict[tuple[str, str, int], tuple[Bot, str]],
) -> None:
    together = 0
    for (preset_name, language, _), (_, transcript) in full_matches.items():
        if preset_name != "counters":
            continue
        i = I18n(language)
        names = [i.pgettext("name", "You"), *NAMES[1:]]
        numbers = [str(n) for n in range(16)]
        discards = [
            template_regex(i.ngettext(one, many, count), name=names, count=numbers, left=numbers)
            for one, many in (
                ("You discard {count} counter, {left} left.", "You discard {count} counters, {left} left."),
                (
                    "{name} discards {count} counter, {left} left.",
                    "{name} discards {count} counters, {left} left.",
                ),
                ("{count} counter discarded, {left} left.", "{count} counters discarded, {left} left."),
            )
            for count in (1, 2)
        ]
        headers = [
            template_regex(i.gettext(template), header=i.pgettext("header", kind))
            for template in ("A {header} for you.", "{who}: {header}.")
            for kind in ("double header", "triple header")
        ]
        for line in transcript.splitlines():
            found = [m for p in discards for m in [p.search(line)] if m]
            if found:
                assert found[0].start() > 0, f"counters alone on a line: {line!r}"
            if any(p.match(line) for p in headers):
                assert found, f"a header without its counters: {line!r}"
                together += 1
    assert together >= 5


def test_partnership_blocked_hand_award_names_the_side_once(tmp_path: Path) -> None:
    """ "Anna and Mia: 2 points, total 11.", not "Anna and Mia: 2 points, Anna and Mia 11."."""
    blocked = EN.gettext("Hand blocked.")
    points = [EN.ngettext("{count} point", "{count} points", n).format(count=n) for n in range(1, 4)]
    sides = [side_name(EN, preset("standard", players=4, partnerships=True), side) for side in (0, 1)]
    award = template_regex(EN.gettext("{side}: {points}, {total}."), side=sides, points=points)
    awards = []
    for seed in (5, 6, 7, 8, 9, 10):
        bot = Bot(tmp_path / str(seed))
        args = ["--new", "--seed", str(seed), "--opponents", "random", "--players", "4", "--partners"]
        transcript, status = run_bot(tmp_path / str(seed), args, bot)
        assert status == 0
        awards += [
            line for line in transcript.splitlines() if line.startswith(blocked) and award.search(line)
        ]
        if awards:
            break
    assert awards, "no blocked hand with an award in these seeds"
    for line in awards:
        last = line[award.search(line).start() :]  # type: ignore[union-attr]
        assert sum(last.count(side) for side in sides) == 1, line


def test_your_own_header_reads_for_you(tmp_path: Path) -> None:
    """DominoPlaza seed 4: the player's opening double 5-5 scores as a double header."""
    bot, _ = run_lines(tmp_path, ["--new", "--preset", "dominoplaza", "--seed", "4"], [])
    own = template_regex(
        EN.gettext("A {header} for you: {points}, {total}."),
        header=EN.pgettext("header", "double header"),
        points=EN.ngettext("{count} point", "{count} points", 2).format(count=2),
        total=EN.gettext("total {total}").format(total=2),
    )
    assert any(own.fullmatch(line) for line in bot.steps[0].lines), bot.steps[0].text


# =============================================================================== 11. sound cues


CUE_LINES = {
    "turn": ["Your turn."],
    "play": [
        "You open with {tile}.",
        "{name} opens with {tile}.",
        "You play {tile} on the left. Ends {ends}.",
        "You play {tile} on the right. Ends {ends}.",
        "{name} plays {tile} on the left. Ends {ends}.",
        "{name} plays {tile} on the right. Ends {ends}.",
        "You play {tile} on the left.",  # at a player's seat the plays are said without their ends
        "You play {tile} on the right.",
        "{name} plays {tile} on the left.",
        "{name} plays {tile} on the right.",
    ],
    "draw": ["You draw {tiles}.", "{name} draws {count} tile.", "{name} draws {count} tiles."],
    "header": [
        "A {header} for you: {points}, {total}.",
        "A {header} for you, reduced: {points}, {total}.",
        "{who}: {header}, {points}, {total}.",
        "A {header} for you.",
        "{who}: {header}.",
    ],
    "out": [
        "You go out: {points}, {total}.",
        "{name} goes out: {points}, {total}.",
        "You go out.",
        "{name} goes out.",
    ],
    "block": ["Hand blocked."],
    "win": ["Match over: you win! {scores}.", "Match over: {side} wins. {scores}."],
}


def expected_cue(line: str) -> str | None:
    """The cue a printed line should come with, from the catalog's English forms."""
    kinds = ("double header, reduced", "double header", "triple header, reduced", "triple header")
    headers = [EN.pgettext("header", kind) for kind in kinds]
    for cue in ("block", "win", "turn", "header", "out", "draw", "play"):
        for template in CUE_LINES[cue]:
            if template_regex(EN.gettext(template), header=headers).match(line):
                return cue
    return None


SOUND_MATCHES = [
    ("standard", 2, 1), ("counters", 2, 2), ("dominoplaza", 3, 3), ("standard", 4, 4), ("standard", 3, 5),
    ("counters", 3, 6),
]  # fmt: skip


def test_sound_cues_go_with_their_lines() -> None:
    """Each event's cue (TURN, PLAY, DRAW, HEADER, OUT, BLOCK, WIN) is played right after its printed
    line, and only then: a recording player hears exactly the cues of the lines of a whole game."""
    sounds, message = new("output.sounds"), new("present.message")

    class Beside(sounds.RecordingPlayer):  # type: ignore[misc, name-defined]
        """Records each cue with the line printed just before it."""

        def __init__(self, out: io.StringIO) -> None:
            super().__init__()
            self.out = out
            self.with_line: list[tuple[str, str]] = []

        def play(self, cue: Any) -> None:
            super().play(cue)
            self.with_line.append((cue.value, self.out.getvalue().splitlines()[-1]))

    heard: set[str] = set()
    for preset_name, players, seed in SOUND_MATCHES:
        game, out = self_playing(Match(preset(preset_name, players=players), SeededDealer(seed)))
        recorder = Beside(out)
        game.seat.announcer.set_sounds(recorder)
        assert game.run() == 0
        printed = [(cue, line) for line in out.getvalue().splitlines() if (cue := expected_cue(line))]
        assert recorder.with_line == printed
        assert [c.value for c in recorder.played] == [c for c, _ in printed]
        heard.update(cue for cue, _ in printed)
    assert heard == {cue.value for cue in message.Cue}, heard


WAVS = sorted((ROOT / "bergen_access" / "sounds").glob("*.wav"))


def test_every_shipped_sound_decodes_and_is_short_and_audible() -> None:
    miniaudio = pytest.importorskip("miniaudio")
    cues = {cue.value for cue in new("present.message").Cue}
    assert {path.stem for path in WAVS} == cues
    for path in WAVS:
        with wave.open(str(path), "rb") as stream:
            assert (stream.getnchannels(), stream.getsampwidth()) == (1, 2), path.name
            frames = stream.getnframes()
            assert 0 < frames / stream.getframerate() < 1.0, path.name
            samples = array("h", stream.readframes(frames))
        assert max(abs(s) for s in samples) > 3000, f"{path.name} is (nearly) silent"
        info = miniaudio.get_file_info(str(path))
        assert (info.nchannels, info.sample_width) == (1, 2), path.name
        assert 0 < info.duration < 1.0, path.name
        decoded = miniaudio.decode_file(  # as the player decodes them
            str(path), miniaudio.SampleFormat.SIGNED16, nchannels=1, sample_rate=info.sample_rate
        )
        assert decoded.num_frames == frames and max(abs(s) for s in decoded.samples) > 3000, path.name


def test_make_sounds_writes_the_same_bytes_again(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.OUT = tmp_path  # never over the shipped files
    module.main()
    made = sorted(tmp_path.glob("*.wav"))
    assert [p.name for p in made] == [p.name for p in WAVS]
    for path in made:
        assert path.read_bytes() == (ROOT / "bergen_access" / "sounds" / path.name).read_bytes(), path.name


def test_sounds_on_without_an_audio_device_one_notice(tmp_path: Path) -> None:
    player, _ = new("console").open_sounds()
    if player is not None:
        player.close()
        pytest.skip("this machine has an audio device")
    notice = template_regex(EN.gettext("Sounds are not available ({reason}). The game goes on without them."))
    script = [None, None, None, "sounds on", "sounds off", "quit"]
    bot, transcript = run_lines(tmp_path, ["--new", "--seed", "4", "--sounds", "on"], script)
    before = transcript[: transcript.index("> sounds on")]
    assert len(notice.findall(before)) == 1, before
    assert notice.fullmatch(before.splitlines()[0])  # said first, once
    you_play = EN.gettext("You play {tile} on the left. Ends {ends}.").split("{")[0]
    assert all(step.text.startswith(you_play) for step in bot.steps[1:4]), "the game did not go on"
    assert notice.fullmatch(bot.reply_to("sounds on").strip())  # the command answers, in one sentence
    kept = EN.gettext("Kept for your next games too.")
    assert bot.reply_to("sounds off").strip() == f"{EN.gettext('Sounds off.')} {kept}"


def test_sounds_command_answers() -> None:
    sounds = new("output.sounds")
    settings, saved = Settings(), []
    session = Session(
        None, settings, lambda: saved.append(settings.sounds), "off", lambda mode: None,
        open_sounds=lambda: (sounds.RecordingPlayer(), None),
    )  # fmt: skip
    lines = iter(["sounds on", "01", "sounds off", "sounds"])
    match = Match(preset("standard"), SeededDealer(4))
    game, out = game_in_process(match, ScriptedReader(lambda prompt: next(lines, None)), session=session)
    game.run()
    kept = EN.gettext("Kept for your next games too.")
    printed = out.getvalue().splitlines()
    assert f"{EN.gettext('Sounds on.')} {kept}" in printed
    assert f"{EN.gettext('Sounds off.')} {kept}" in printed
    usage = EN.gettext("Sounds are {now}. Type {word} {on} or {word} {off}.").format(
        word=first_word(EN, "command", "sounds"),
        now=EN.pgettext("speech mode", "off"),
        on=EN.pgettext("speech mode", "on"),
        off=EN.pgettext("speech mode", "off"),
    )
    assert usage in printed
    assert saved == ["on", "off"] and game.seat.announcer.sounds is None
