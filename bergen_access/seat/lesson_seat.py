"""The player's seat in ``bergen learn``: the game's own seat, with a guide beside it.

Every line is answered as in a match (the same refusals, the same announcements); the
guide adds what to do next, lets only the move the practice needs be made (a wrong
move changes nothing: the game says why it is refused, or the guide that it is
allowed but shows no rule, and the task is said again), answers ``hint`` with that
move, and explains each rule once, right after the game's message for it.

The opening has a move of its own here: in a match the game lays the lowest double
for its holder at once; in the practice the deal is told first and the player names
the tile that opens (a higher double or another tile is refused, with why), and only
then is the opening told, as the game tells it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..commands.definitions import CommandKind
from ..commands.parser import Command
from ..core.actions import Action, Draw, End, Pass, Play, Refusal
from ..core.engine import Match, Phase
from ..core.events import Event, HandDealt, Opened
from ..core.lessons import PLAYER, Lesson, Part, Step
from ..core.tiles import Tile
from ..output.announcer import Announcer
from ..present import prompts
from ..present.lessons import LessonWords
from ..present.message import Message, Prompt, Verbosity
from ..present.refusals import Move, Refusals
from .match_seat import MatchSeat, Seating
from .move_commands import MoveCommands
from .session import Session

#: what can be asked while the opening waits to be named (the rest would tell the table after it)
BEFORE_THE_OPENING = frozenset(
    {
        CommandKind.QUIT,
        CommandKind.REPEAT,
        CommandKind.HELP,
        CommandKind.HISTORY,
        CommandKind.RULES,
        CommandKind.LANGUAGE,
        CommandKind.VERBOSITY,
        CommandKind.SPEECH,
        CommandKind.SOUNDS,
        CommandKind.BRAILLE,
        CommandKind.NEWEST,
        CommandKind.SAVE,
    }
)


class LessonMoves(MoveCommands):
    """The game's move commands, where only the move the practice needs is made (the module docstring)."""

    def __init__(self, seat: LessonSeat) -> None:
        super().__init__(seat)
        self.practice = seat

    def _wrong(self, action: Action) -> bool:
        """Refuse a move the practice does not need; True if refused (the game's reason, or the guide's)."""
        lesson = self.practice
        step = lesson.step
        if step is None or action == step.action:
            return False
        if lesson.match.check(action) is not None:
            self.refuse(action)
        else:
            lesson.say(lesson.guide.other_move(action, lesson.task()))
        return True

    def refuse(self, action: Action) -> None:
        """The game's reason for refusing the move, then the guide's: nothing changed, the task again."""
        super().refuse(action)
        if self.practice.step is not None:
            self.practice.say(self.practice.guide.try_again(self.practice.task()))

    def on_play(self, command: Command) -> None:
        if self.not_now():
            return
        step = self.practice.step
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
        lesson = self.practice.lesson_of_move()
        super().play(action)
        self.practice.explain(lesson)

    def draw(self, command: Command | None = None) -> None:
        if self.not_now():
            return
        if self._wrong(Draw(PLAYER)):
            return
        lesson = self.practice.lesson_of_move()
        super().draw(command)
        self.practice.explain(lesson)

    def on_pass(self, command: Command) -> None:
        if self.not_now():
            return
        if self._wrong(Pass(PLAYER)):
            return
        lesson = self.practice.lesson_of_move()
        super().on_pass(command)
        self.practice.explain(lesson)


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
        self._opening_news: list[Event] = []  # the opening and its score, told once the player names it
        self._dealt: tuple[Tile, ...] = ()  # the player's tiles as dealt (the opening double among them)
        seating = Seating(names=["You", "Anna"], human=PLAYER, levels={1: "normal"})
        # The guide is the one voice of the practice: no coach beside it, which would judge the moves the
        # practice asks for ("Coach: 5-6 left was better") against the guide's task.
        quiet = replace(session, coaching=False)
        super().__init__(
            match, seating, language=language, verbosity=verbosity, announcer=announcer, session=quiet
        )
        self.move_commands = LessonMoves(self)

    def set_language(self, language: str) -> None:
        super().set_language(language)
        self.guide = LessonWords(self.narrator)

    # ------------------------------------------------------------------ the script

    @property
    def step(self) -> Step | None:
        """The move the practice needs now (None: the part is played out)."""
        done = len(self.match.actions)
        return self.part.steps[done] if done < len(self.part.steps) else None

    def lesson_of_move(self) -> Lesson | None:
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

    # ------------------------------------------------------------------ the opening

    @property
    def opening_pending(self) -> bool:
        """The deal is told; the player has still to name the tile that opens."""
        return bool(self._opening_news)

    @property
    def _opener(self) -> Tile:
        opened = self._opening_news[0]
        assert isinstance(opened, Opened)
        return opened.tile

    def start_hand(self) -> None:
        """Deal; when the part teaches the opening and the player holds it, the deal is told and the
        opening waits for the player to name it."""
        if self.part.opening is not Lesson.OPENING:
            super().start_hand()
            return
        events = self.match.start_hand()
        self.moves.save()
        cut = next(n for n, event in enumerate(events) if isinstance(event, Opened))
        opened = events[cut]
        if not isinstance(opened, Opened) or opened.seat != PLAYER:
            self.tell_events(events)
            return
        dealt = next(e for e in reversed(events[:cut]) if isinstance(e, HandDealt)).hands[PLAYER]
        self._dealt = tuple(dealt or ())
        self.tell_events(events[:cut])
        self._opening_news = events[cut:]
        self.say(self.guide.opening_task())

    def prompt(self) -> Prompt:
        if not self.opening_pending:
            return super().prompt()
        count = len(self._dealt)  # no line yet, every tile still in hand
        # Translators: the prompt: the open ends (e.g. "5|3") and the player's tile count. Ends with "> ".
        facts = self.i18n.ngettext("{ends}, {count} tile> ", "{ends}, {count} tiles> ", count)
        return prompts.move(self.i18n, facts.format(ends="-", count=count))

    def run_command(self, kind: CommandKind, command: Any) -> None:
        """Before the opening is named: a tile names it, ``hint`` says it, the ways the game talks
        work; anything else hears the task again."""
        if not self.opening_pending or kind in BEFORE_THE_OPENING:
            super().run_command(kind, command)
        elif kind is CommandKind.PLAY and command.tile is not None:
            self._name_the_opening(command.tile)
        elif kind is CommandKind.HINT:
            self.say(self.guide.opening_hint(self._opener))
        else:
            self.say(self.guide.opening_task())

    def _name_the_opening(self, tile: Tile) -> None:
        task = self.guide.opening_task()
        if tile not in self._dealt:
            refused = Move(self.view, Play(PLAYER, tile, End.LEFT), hand=self._dealt)
            self.say(Refusals(self.narrator).move(Refusal.NOT_IN_HAND, refused))  # the game's own refusal
            self.say(self.guide.try_again(task))
        elif tile != self._opener:
            self.say(self.guide.not_the_opening(tile))
            self.say(self.guide.try_again(task))
        else:
            news, self._opening_news = self._opening_news, []
            self.tell_events(news)  # as the game tells it: "You open with 0-0." and its score

    def on_hint(self, command: Command) -> None:
        step = self.step
        if step is None or self.match.phase is not Phase.PLAYING or self.match.turn != PLAYER:
            super().on_hint(command)
            return
        self.say(self.guide.hint(step.action))

    def on_save(self, command: Any) -> None:
        self.say(self.guide.not_saved())

    def on_coach(self, command: Command) -> None:
        """In the practice the guide coaches: ``coach`` says so and names the hint word."""
        self.say(self.guide.no_coach(self.command_words.main_word(CommandKind.HINT)))
