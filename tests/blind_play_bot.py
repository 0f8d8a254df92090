"""Helpers of tests/test_blind_play.py: a player that reads the real program's save file at every prompt,
catalog sentences turned into patterns, and an in-process game with a scripted reader.

The program saves before it announces (write-ahead), so at a prompt ``match.json`` holds exactly
the match the player is asked about: the bot picks a legal action from the engine itself and the
test compares what was printed with the same state. The bot knows none of the program's wording,
so it plays in any language.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bergen_access.core.actions import Draw, End, Pass, Play
from bergen_access.core.engine import Match, Phase
from bergen_access.core.view import SeatView
from bergen_access.i18n import TURKISH_ENDING, I18n
from bergen_access.output.announcer import Announcer
from bergen_access.players.levels import make_player
from bergen_access.present.message import Verbosity
from bergen_access.session.settings import Settings
from bergen_access.ui.game import Game, Seating, Session

from .drivers import PipeSession, environment
from .saves import data_folder, saved_match

PLAIN = ["--plain", "--speech", "off"]  # no speech: no sound cues either (their default)
NAMES = ("You", "Anna", "Cem", "Mia")
FIELD = re.compile(r"\{(\w+)\}")


# ------------------------------------------------------------------ catalog sentences


#: what a Turkish ending written after a placeholder ("{tile}'(y)I") becomes once it is settled
ENDINGS = {"(y)I": "'y?[ıiuü]", "(y)A": "'y?[ae]", "(n)In": "'n?[ıiuü]n", "lI": "'l[ıiuü]", "DA": "'[dt][ae]"}


def _literal(text: str) -> str:
    """The words between two fields as a pattern; a Turkish ending matches any of its settled forms."""
    pieces, position = [], 0
    for ending in TURKISH_ENDING.finditer(text):
        pieces += [re.escape(text[position : ending.start()]), ENDINGS[ending.group(1)]]
        position = ending.end()
    return "".join([*pieces, re.escape(text[position:])])


def template_regex(template: str, **fixed: str | Sequence[str]) -> re.Pattern[str]:
    """A catalog sentence as a pattern: each ``{field}`` matches some text, or ``fixed[field]`` exactly
    (a string), or one of ``fixed[field]`` (a sequence of strings)."""
    parts: list[str] = []
    position = 0
    for match in FIELD.finditer(template):
        parts.append(_literal(template[position : match.start()]))
        value = fixed.get(match.group(1))
        if value is None:
            parts.append("(.+?)")
        elif isinstance(value, str):
            parts.append(re.escape(value))
        else:
            parts.append("(?:" + "|".join(re.escape(v) for v in sorted(value, key=len, reverse=True)) + ")")
        position = match.end()
    parts.append(_literal(template[position:]))
    return re.compile("".join(parts))


def first_word(i: I18n, context: str, words: str) -> str:
    """The first of a command's words in the catalog (``help ?`` → ``help``)."""
    return i.pgettext(context, words).split()[0]


# ------------------------------------------------------------------ the program through pipes


def saved_state(home: Path) -> Match | None:
    """The match the program saved last (None when there is none: before it starts, after it ends)."""
    return saved_match(data_folder(home))


def move(view: SeatView) -> str:
    """A legal line for the player: the first legal play (with its end), else draw, else pass."""
    legal = view.legal_actions
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        play = plays[0]
        where = play.end.word if isinstance(play.end, End) else str(play.end + 1)  # larger sets: the arm
        return f"{play.tile.notation} {where}"
    if any(isinstance(a, Draw) for a in legal):
        return "draw"
    if any(isinstance(a, Pass) for a in legal):
        return "pass"
    return "turn"


@dataclass
class Step:
    """One prompt: the text printed since the previous one, the prompt, the saved state then, the answer."""

    text: str
    prompt: str
    state: Match | None
    answer: str | None = None

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()


@dataclass
class Bot:
    """Types ``script`` first (None in it: the bot's own legal move), then, unless ``stop`` (the input
    ends there), plays legal moves read off the save file; ``after_match`` answers the question after a
    match (None: the end of input)."""

    home: Path
    script: list[str | None] = field(default_factory=list)
    stop: bool = False
    after_match: list[str | None] = field(default_factory=lambda: ["no"])
    extra: Callable[[Step], str | None] | None = None  # may answer a prompt first (reviews)
    steps: list[Step] = field(default_factory=list)

    def without_echo(self, recent: str) -> str:
        """The program's own output: plain mode echoes the line it read (input from a pipe) first."""
        typed = self.steps[-1].answer if self.steps else None
        if typed is not None and recent.startswith(typed + "\n"):
            return recent[len(typed) + 1 :]
        return recent

    def answer(self, prompt: str, recent: str) -> str | None:
        state = saved_state(self.home)
        step = Step(self.without_echo(recent), prompt, state)
        self.steps.append(step)
        if self.script:
            line = self.script.pop(0)
            step.answer = line if line is not None else self.decide(state)
            return step.answer
        if self.stop:
            return None
        line = self.extra(step) if self.extra is not None else None
        step.answer = line if line is not None else self.decide(state)
        return step.answer

    def decide(self, state: Match | None) -> str | None:
        if state is None or state.is_over:
            return self.after_match.pop(0) if self.after_match else None
        if state.phase is Phase.HAND_OVER:
            return ""
        if state.phase is Phase.PLAYING and state.turn == 0:
            return move(SeatView(state, 0))
        return "turn"

    def replies(self, typed: str) -> list[str]:
        """The text printed after each prompt answered with ``typed``."""
        return [
            after.text
            for step, after in zip(self.steps, self.steps[1:], strict=False)
            if step.answer == typed
        ]

    def reply_to(self, typed: str) -> str:
        """The text printed after the first prompt answered with ``typed``."""
        for step, following in zip(self.steps, self.steps[1:], strict=False):
            if step.answer == typed:
                return following.text
        raise AssertionError(f"{typed!r} was never typed")


def run_bot(home: Path, args: Sequence[str], bot: Bot, limit: int = 3000, **env: str) -> tuple[str, int]:
    """The real program through pipes, played by ``bot`` until it ends: the transcript, the status.
    What was printed after the last prompt becomes the bot's last step."""
    session = PipeSession([*PLAIN, *args], home, env=environment(home, TERM="dumb", **env))
    try:
        start = 0
        for _ in range(limit):
            start = session.seen
            got = session.read_to_prompt()
            if got is None:
                break
            line = bot.answer(got[1], got[0])
            if line is not None:
                session.type(line)
            elif session.process.stdin is not None:
                session.process.stdin.close()  # the end of input
                session.process.stdin = None
        else:
            raise AssertionError("the program did not end")
        status = session.finish()
    except BaseException:
        session.kill()
        raise
    tail = session.raw[start:].decode("utf-8", "replace")
    bot.steps.append(Step(bot.without_echo(tail), "", None))
    return session.transcript, status


def run_lines(home: Path, args: Sequence[str], lines: Sequence[str | None], **env: str) -> tuple[Bot, str]:
    """Type ``lines`` (None: the bot's legal move), then end the input: the bot (its steps) and the
    transcript; the program must end with status 0."""
    bot = Bot(home, script=list(lines), stop=True)
    transcript, status = run_bot(home, args, bot, limit=len(lines) + 20, **env)
    assert status == 0, transcript[-2000:]
    return bot, transcript


# ------------------------------------------------------------------ the game in this process


class ScriptedReader:
    """A line reader whose lines come from ``answer(prompt)``; None is the end of input."""

    def __init__(self, answer: Callable[[str], str | None]) -> None:
        self.answer = answer
        self.prompts: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        line = self.answer(prompt)
        if line is None:
            raise EOFError
        return line


def game_in_process(
    match: Match,
    reader: ScriptedReader,
    *,
    language: str = "en",
    verbosity: Verbosity = Verbosity.NORMAL,
    session: Session | None = None,
) -> tuple[Game, io.StringIO]:
    """The console game loop with random computer players, printing into a string."""
    out = io.StringIO()
    announcer = Announcer(out, language=language)
    seating = Seating(
        names=list(NAMES[: match.players]), human=0, levels={s: "random" for s in range(1, match.players)}
    )
    players = {s: make_player("random", 50 + s) for s in range(1, match.players)}
    game = Game(
        match,
        seating,
        players,
        language=language,
        verbosity=verbosity,
        announcer=announcer,
        reader=reader,
        session=session or Session(None, Settings(), lambda: None, "off", lambda mode: None),
    )
    return game, out


def play_line(game: Game) -> str | None:
    """What the scripted reader types: a legal move, Enter between hands, no to another match."""
    match = game.match
    if match.is_over:
        return None
    if match.phase is Phase.HAND_OVER:
        return ""
    return move(SeatView(match, 0))


def self_playing(match: Match, **options: Any) -> tuple[Game, io.StringIO]:
    """``game_in_process`` whose player types ``play_line``: legal moves until the match is over."""
    holder: list[Game] = []
    game, out = game_in_process(match, ScriptedReader(lambda prompt: play_line(holder[0])), **options)
    holder.append(game)
    return game, out


if __name__ == "__main__":  # a quick look: python -m tests.blind_play_bot /tmp/home --new --seed 3
    where = Path(sys.argv[1])
    text, code = run_bot(where, sys.argv[2:], Bot(where))
    print(text)
    print("status", code)
