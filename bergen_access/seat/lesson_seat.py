"""The player's seat in ``bergen learn``: the game's own seat, with a guide beside it.

Every line is answered as in a match (the same refusals, the same announcements); the
guide adds what to do next, lets only the move the practice needs be made (a wrong
move changes nothing: the game says why it is refused, or the guide that it is
allowed but shows no rule, and the task is said again), answers ``hint`` with that
move, and explains each rule once, right after the game's message for it.
"""

from __future__ import annotations

from typing import Any

from ..commands.parser import Command
from ..core.actions import Action, Draw, Pass, Play
from ..core.engine import Match, Phase
from ..core.lessons import PLAYER, Lesson, Part, Step
from ..output.announcer import Announcer
from ..present.lessons import LessonWords
from ..present.message import Message, Verbosity
from .match_seat import MatchSeat, Seating
from .session import Session


class LessonSeat(MatchSeat):
    """A seat that plays one part of the practice (see the module docstring)."""

    def __init__(
        self,
        match: Match,
        part: Part,
        *,
        language: str,
        verbosity: Verbosity,
        announcer: Announcer,
        session: Session,
    ) -> None:
        self.part = part
        self.explained: list[Lesson] = []
        self._task_told_at = -1
        seating = Seating(names=["You", "Anna"], human=PLAYER, levels={1: "normal"})
        super().__init__(
            match, seating, language=language, verbosity=verbosity, announcer=announcer, session=session
        )

    def set_language(self, language: str) -> None:
        super().set_language(language)
        self.guide = LessonWords(self.narrator)

    # ------------------------------------------------------------------ the script

    @property
    def step(self) -> Step | None:
        """The move the practice needs now (None: the part is played out)."""
        done = len(self.match.actions)
        return self.part.steps[done] if done < len(self.part.steps) else None

    def _lesson_of_move(self) -> Lesson | None:
        """The rule the player's move now shows: a run of draws shows it at its first draw."""
        step = self.step
        return step.lesson if step is not None else None

    def task(self) -> Message:
        step = self.step
        assert step is not None
        return self.guide.task(step.lesson, step.action)

    def tell_task(self) -> None:
        """The task, once a step (said before the prompt)."""
        done = len(self.match.actions)
        if self._task_told_at != done and self.match.phase is Phase.PLAYING and self.match.turn == PLAYER:
            self._task_told_at = done
            self.say(self.task())

    def explain(self, lesson: Lesson | None) -> None:
        """Explain a rule the first time it happens."""
        if lesson is not None and lesson not in self.explained:
            self.explained.append(lesson)
            self.say(self.guide.explain(lesson))

    def computer_moves(self) -> None:
        """The computer's scripted move (its draws one by one, as a computer player's)."""
        step = self.step
        assert step is not None and step.action.seat != PLAYER
        self.moves.apply(step.action)  # its draws are told as one, with the play that follows them
        if step.lesson is not None:
            self.flush_draws()
            self.explain(step.lesson)

    # ------------------------------------------------------------------ the player's moves

    def _wrong(self, action: Action) -> bool:
        """Refuse a move the practice does not need; True if refused (the game's reason, or the guide's)."""
        step = self.step
        if step is None or action == step.action:
            return False
        if self.match.check(action) is not None:
            self._refuse(action)
        else:
            self.say(self.guide.other_move(action, self.task()))
        return True

    def _refuse(self, action: Action) -> None:
        """The game's reason for refusing the move, then the guide's: nothing changed, the task again."""
        super()._refuse(action)
        if self.step is not None:
            self.say(self.guide.try_again(self.task()))

    def on_play(self, command: Command) -> None:
        if self._not_now():
            return
        step = self.step
        wanted = step.action if step is not None else None
        if (
            isinstance(wanted, Play)
            and command.tile == wanted.tile
            and command.end is None
            and not command.ends
        ):
            self.play(wanted)  # the practice's end, where the tile fits both
            return
        super().on_play(command)

    def play(self, action: Play) -> None:
        if self._wrong(action):
            return
        lesson = self._lesson_of_move()
        super().play(action)
        self.explain(lesson)

    def draw(self, command: Command | None = None, most: int | None = None) -> None:
        if self._not_now():
            return
        if self._wrong(Draw(PLAYER)):
            return
        lesson = self._lesson_of_move()
        super().draw(command, most)
        self.explain(lesson)

    def on_pass(self, command: Command) -> None:
        if self._not_now():
            return
        if self._wrong(Pass(PLAYER)):
            return
        lesson = self._lesson_of_move()
        super().on_pass(command)
        self.explain(lesson)

    def on_hint(self, command: Command) -> None:
        step = self.step
        if step is None or self.match.phase is not Phase.PLAYING or self.match.turn != PLAYER:
            super().on_hint(command)
            return
        self.say(self.guide.hint(step.action))

    def on_save(self, command: Any) -> None:
        self.say(self.guide.not_saved())
