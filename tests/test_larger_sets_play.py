"""Whole matches on the double-nine and double-twelve sets through the real program, in each language.

A bot reads the save file at each prompt (the program saves before it speaks) and types a legal move
with its arm; what was printed is held against that state: the prompt carries the ends of every arm,
each play names its arm and the ends grouped by number, a tile that fits several arms is asked about.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest

from bergen_access.core import SeededDealer, preset
from bergen_access.core.actions import Play
from bergen_access.core.engine import Match, Phase
from bergen_access.core.layout import Layout
from bergen_access.i18n import I18n
from bergen_access.present.message import Verbosity
from bergen_access.present.words import Words
from bergen_access.ui.game import QuitGame

from .blind_play_bot import Bot, ScriptedReader, Step, game_in_process, play_line, run_bot, template_regex

LANGUAGES = ["en", "de", "tr"]
#: The real levels, one per computer seat (strong is held to the rules in test_players_larger_sets).
OPPONENTS = {2: "normal", 4: "normal,easy,normal"}


def words_for(language: str, state: Match) -> Words:
    return Words(I18n(language), state.rules, ["You", "Anna", "Cem", "Mia"][: state.players], 0)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("tile_set", [9, 12])
def test_a_whole_match_on_a_larger_set(tmp_path: Path, tile_set: int, language: str) -> None:
    bot = Bot(tmp_path, after_match=["no"])
    args = ["--new", "--set", str(tile_set), "--players", "4", "--seed", str(tile_set), "--lang", language]
    transcript, status = run_bot(tmp_path, [*args, "--opponents", OPPONENTS[4]], bot)
    assert status == 0
    i = I18n(language)
    played = [  # the ends are said once a turn, in the turn line, not after every play
        template_regex(i.gettext("{name} plays {tile} on arm {arm}.")),
        template_regex(i.gettext("{name} starts arm {arm} with {tile}.")),
        template_regex(i.gettext("You play {tile} on arm {arm}.")),
        template_regex(i.gettext("You start arm {arm} with {tile}.")),
    ]
    prompts = plays = 0
    for step in bot.steps:
        state = step.state
        if state is None or state.phase is not Phase.PLAYING or state.turn != 0 or state.layout is None:
            continue
        w = words_for(language, state)
        layout = state.layout
        assert isinstance(layout, Layout) and not layout.two_ends
        ends = w.ends_braille(layout.ends, tuple(t.is_double for t in layout.end_tiles))
        assert f"{ends}, " in step.prompt, (step.prompt, ends)  # the prompt carries every arm's end
        assert ends.count("|") == state.rules.arms - 1
        prompts += 1
    for line in transcript.splitlines():
        plays += any(p.fullmatch(line) for p in played)
    assert prompts >= 5 and plays >= 20
    won = [i.gettext("Match over: you win! {scores}."), i.gettext("Match over: {side} wins. {scores}.")]
    assert any(template_regex(t).search(transcript) for t in won)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tile_that_fits_several_arms_is_asked_about(tmp_path: Path, language: str) -> None:
    """Typed without its arm, a tile that fits two arms gets a question listing them with their ends;
    the answer plays it there. Never chosen for the player."""
    i = I18n(language)
    asked: list[tuple[Step, str]] = []

    def extra(step: Step) -> str | None:
        state = step.state
        if asked and asked[-1][1] == "" and state is not None:
            asked[-1] = (asked[-1][0], "answered")
            first = step.prompt.split()[1]  # "arm 1 / 3> "
            return first
        if state is None or state.phase is not Phase.PLAYING or state.turn != 0 or len(asked) >= 3:
            return None
        layout = state.layout
        assert layout is not None
        legal = {(a.tile, a.end) for a in state.legal_actions() if isinstance(a, Play)}
        for tile in state.hand(0):
            ends = [e for e in layout.ends_for(tile) if (tile, e) in legal]
            if len(ends) > 1:
                asked.append((step, ""))
                return tile.notation
        return None

    bot = Bot(tmp_path, after_match=["no"], extra=extra)
    args = ["--new", "--set", "9", "--players", "2", "--seed", "5", "--lang", language]
    _, status = run_bot(tmp_path, [*args, "--opponents", OPPONENTS[2]], bot)
    assert status == 0
    question = template_regex(i.gettext("{tile} fits {places}. Which arm?"))
    assert asked, "no tile fitting two arms met"
    for step, _ in asked:
        after = bot.steps[bot.steps.index(step) + 1]
        assert any(question.fullmatch(line) for line in after.lines), after.text
        assert after.prompt.startswith(i.gettext("arm {arms}> ").split("{")[0])
        played = bot.steps[bot.steps.index(step) + 2]
        assert played.state is not None and len(played.state.hand(0)) < len(step.state.hand(0))  # type: ignore[union-attr]


REVIEWS = ["hand", "ends", "line", "hint", "count", "seats", "unseen", "turn", "score", "history 3", "rules"]


@pytest.mark.parametrize("verbosity", list(Verbosity))
@pytest.mark.parametrize("name", ["standard", "counters", "dominoplaza"])
@pytest.mark.parametrize("tile_set", [9, 12])
def test_every_review_at_every_turn_answers(tile_set: int, name: str, verbosity: Verbosity) -> None:
    """In the game loop itself (fast): each review command at each of the player's turns, in the three
    languages in turn, through whole matches of 2 to 4 players — one answer each, never a crash."""
    for players in (2, 3, 4):
        language = LANGUAGES[players - 2]
        match = Match(preset(name, players=players, tile_set=tile_set), SeededDealer(players * tile_set))
        match.start_hand()
        reviewed, out = review_every_turn(match, language, verbosity)
        assert match.is_over, out[-500:]
        assert reviewed >= 3
        opening = I18n(language).gettext("Opening double {tile}.").split("{")[0]
        if verbosity is not Verbosity.TERSE:
            assert out.count(opening) >= reviewed // 2  # "line" answered, arm by arm


def review_every_turn(match: Match, language: str, verbosity: Verbosity) -> tuple[int, str]:
    """Play the match in the game loop, asking every review at each of the player's turns."""
    pending: list[str] = []
    holder: list[Any] = []
    reviewed: set[tuple[int, int]] = set()

    def answer(prompt: str) -> str | None:
        game = holder[0]
        turn = (game.match.hand_number, len(game.match.actions))
        if game.match.phase is Phase.PLAYING and game.match.turn == 0 and turn not in reviewed:
            reviewed.add(turn)
            pending.extend(REVIEWS)
        if pending:
            return pending.pop(0)
        return play_line(game)

    game, out = game_in_process(match, ScriptedReader(answer), language=language, verbosity=verbosity)
    holder.append(game)
    with contextlib.suppress(QuitGame):
        game.run()
    return len(reviewed), out.getvalue()
