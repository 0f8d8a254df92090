"""One player's seat at a match: every line answered once, every event told as the seat may see it.

The seat is the controller: it reads a typed line once (``read``: the answer to
a question, else the command), carries the command out by the command table
(a read-only review by its column, ``present/reviews.py``; the rest by its
``on_`` handler). Its parts: ``seat/move_commands.py`` makes its player's moves
(play, draw, pass, undo, next) through one ``Moves.apply`` (``seat/moves.py``:
saved before told) and holds the which-end question open
(``commands/which_end.py`` decides when to ask); ``seat/news.py`` tells the
events and keeps what it told as data; ``seat/seat_coach.py`` is the coach;
``seat/record_reply.py`` the ``record`` command. It reads no console and moves
no computer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..boundary import Screened
from ..commands.completion import completions
from ..commands.definitions import review_of
from ..commands.lexicon import CommandKind, Lexicon
from ..commands.parser import Command, ParseError, parse
from ..core.engine import Match, Phase
from ..core.events import Event
from ..core.view import SeatView
from ..core.why import why_of
from ..i18n import I18n
from ..output.announcer import Announcer
from ..players.coach import Coach
from ..present import prompts
from ..present.coaching import CoachWords
from ..present.explain import Explainer
from ..present.feedback import Feedback
from ..present.help_text import game_help
from ..present.message import Message, Prompt, Verbosity
from ..present.narrator import Narrator
from ..present.refusals import Refusals, input_refused
from ..present.replies import Replies
from ..present.reviews import Reviews
from ..present.table_talk import TableTalk
from ..present.take_back import TakeBackWords
from ..present.words import Words
from .move_commands import MoveCommands
from .moves import LocalMoves, Moves, Seating
from .news import SeatNews
from .record_reply import record_replies
from .seat_coach import SeatCoach
from .session import Session
from .talking import Talking

HISTORY_DEFAULT = 5


class MatchSeat(Talking):
    """One player's seat at a match (see the module docstring)."""

    session: Session

    def __init__(
        self,
        match: Match,
        seating: Seating,
        *,
        language: str,
        verbosity: Verbosity,
        announcer: Announcer,
        session: Session,
        moves: Moves | None = None,
        coach_factory: Callable[[], Coach] | None = None,
    ) -> None:
        self.match = match
        self.seating = seating
        self.announcer = announcer
        self.session = session
        self.verbosity = verbosity
        self.moves: Moves = moves if moves is not None else LocalMoves(self)
        self.news = SeatNews(seating.human, announcer)  # what it told, as data, and the telling of it
        self.move_commands = MoveCommands(self)  # play, draw, pass, undo, next; the question they leave open
        self.asked_aside = False  # the line being answered was asked at the which-end question (kept open)
        factory = coach_factory or (lambda: Coach(seed=len(match.actions) + 1))
        self.coaching = SeatCoach(factory, on=session.coaching and session.settings.coach == "on")
        self.set_language(language)

    # ------------------------------------------------------------- language

    def set_language(self, language: str) -> None:
        """Rebuild every piece that has words."""
        self.i18n = I18n(language)
        self.words = Words(self.i18n, self.match.rules, self.seating.names, self.seating.human)
        self.narrator = Narrator(self.words, self.verbosity)
        self.replies = Replies(self.narrator)
        self.feedback = Feedback(self.narrator, remembers=self.session.remembers)
        self.table_talk = TableTalk(self.narrator, self.seating.levels)
        self.take_back_words = TakeBackWords(self.narrator)
        self.explainer = Explainer(self.narrator)
        self.coach_words = CoachWords(self.narrator)
        self.reviews = Reviews(self.replies, self.table_talk, self.feedback)
        self.refusals = Refusals(self.narrator)
        self.news.use(self.narrator, self.replies)
        self.lexicon = Lexicon(self.i18n)
        self.announcer.language = language
        self.announcer.terse = self.verbosity is Verbosity.TERSE

    @property
    def command_words(self) -> Lexicon:
        return self.lexicon

    @property
    def view(self) -> SeatView:
        return SeatView(self.match, self.seating.human)

    # ------------------------------------------------------------- announcing

    def say(self, message: Message) -> None:
        """Announce a reply or notice (not kept in the event history)."""
        self.announcer.announce(message)

    def tell_events(self, events: Iterable[Event]) -> None:
        """Announce events, as this seat may see them and keep them (``seat/news.py``)."""
        self.news.tell(events, self.match)

    def flush_draws(self) -> None:
        """Another player's held draws are told now."""
        self.news.announce(self.news.telling.flush(), self.match)

    def before_move(self) -> None:
        """A move is about to be made: the draws it follows are told first when they should be."""
        self.news.announce(self.news.telling.before_move(self.match), self.match)

    def restore_history(self) -> None:
        """The history the game's loop told over this match (resumed or rebuilt), from its deal."""
        self.news.restore(self.match)

    def history_messages(self, count: int) -> list[Message]:
        """The last ``count`` things that happened, said now: today's verbosity and language."""
        return self.news.history(count)

    def save(self) -> None:
        self.moves.save()

    @property
    def coach(self) -> Coach | None:
        """The coach, when it is on."""
        return self.coaching.coach

    def coach_turn(self) -> None:
        """The player's turn has come (or goes on after a draw): the coach starts thinking about it."""
        self.coaching.think(self.match, self.seating.human)

    def on_coach(self, command: Command) -> None:
        """``coach on``, ``coach off``; bare, whether it is on. Remembered."""
        if not self.session.coaching:
            self.say(self.coach_words.unavailable())
            return
        argument = command.argument
        choice = self.command_words.speech_mode(argument) if argument else None
        self.coaching.switch(choice)
        if choice in ("on", "off"):
            self.remember(coach=choice)
        self.say(self.coach_words.state(self.coach is not None))

    def start_hand(self) -> None:
        self.moves.start_hand()

    def begin(self, match: Match) -> None:
        """A new match at this seat (another with the same options): nothing of the last one is kept."""
        self.match = match
        self.news.forget()
        self.move_commands.forget()
        self.coaching.cancel()

    def announce_turn(self) -> None:
        """Say it is the player's turn, once a turn; the coach starts thinking."""
        self.coach_turn()
        self.news.your_turn(self.view)

    def state_now(self, last_told: Sequence[str] = ()) -> None:
        """Where the match stands, for a player who was away (``SeatNews.state_now``)."""
        self.news.state_now(self.view, last_told)

    def prompt(self) -> Prompt:
        """The prompt: the state at a glance (the ends and the tile count, or what is asked), and the
        short form a screen reader says before every line."""
        i, moving = self.i18n, self.move_commands
        if moving.asking is not None:
            arms = [end + 1 for end in moving.question.ends] if self.words.many_arms else None
            return prompts.which_end(i, arms)
        if self.match.phase is Phase.HAND_OVER:
            return prompts.next_hand(i)
        offered = moving.enter_plays.tile if moving.enter_plays is not None else None
        return prompts.at_the_table(
            self.words, self.view, terse=self.verbosity is Verbosity.TERSE, offered=offered
        )

    def candidates(self) -> list[str]:
        """Tab completion: the legal plays, then only the commands that can be used now."""
        return completions(self.view, self.lexicon)

    # ------------------------------------------------------------ commands

    def handle(self, line: str) -> None:
        """Answer one typed line, exactly once."""
        read = self.read(line)
        if isinstance(read, ParseError):
            self.refuse(read)
        elif read is not None:
            self.run_command(read.kind, read)

    def read(self, line: str) -> Command | ParseError | None:
        """A typed line, read once: the answer to the question asked (which end) or to the play offered
        (Enter after a draw) is made here (None); else the command it is, or why it is none (nothing is
        said: a shared table's lobby may know a word the game does not)."""
        if self.move_commands.answered(line):
            return None
        try:
            read: Command | ParseError = parse(
                line, self.lexicon, self.match.rules.tiles.highest, self.match.rules.arms
            )
        except ParseError as error:
            read = error
        self.asked_aside = self.move_commands.aside(read.kind if isinstance(read, Command) else None)
        return read

    def refuse(self, error: ParseError) -> None:
        """Say why a line is not a command, and what is possible."""
        self.say(self.refusal(error))
        self.ask_again_if_aside()

    def ask_again_if_aside(self) -> None:
        """The line just answered was typed at the which-end question, which stays open: asked again."""
        if self.asked_aside:
            self.asked_aside = False
            self.move_commands.ask_again()

    def refusal(self, error: ParseError) -> Message:
        """Why a line is not a command, and what is possible."""
        return self.refusals.line(error)

    def refuse_input(self, screened: Screened) -> None:
        """A line the input boundary stopped: say so; nothing else happens."""
        self.say(input_refused(self.i18n, screened, self.lexicon.main_word(CommandKind.HELP)))

    # the command table's commands, each by its handler's name (``on_`` and the command)

    def run_command(self, kind: CommandKind, command: Any) -> None:
        """A read-only review is answered from the view, as the command table names it; any other
        command by its handler."""
        review = review_of(kind)
        if review is not None:
            self.say(self.reviews.answer(review, self.view))
        else:
            super().run_command(kind, command)
        if kind is CommandKind.REPEAT:  # the repeated line is the question already
            self.asked_aside = False
        self.ask_again_if_aside()  # asked while the which-end question was open: it is asked again

    def on_hint(self, command: Command) -> None:
        self.say(self.replies.hint(self.view))

    def repeat(self) -> None:
        last = self.announcer.last
        if last is None:
            self.say(self.feedback.history([]))
            return
        self.announcer.announce(Message(last.text, last.speech, last.braille, urgent=True))

    # the move commands, carried out by ``seat/move_commands.py``

    def on_play(self, command: Command) -> None:
        self.move_commands.on_play(command)

    def on_draw(self, command: Command) -> None:
        self.move_commands.on_draw(command)

    def on_pass(self, command: Command) -> None:
        self.move_commands.on_pass(command)

    def on_undo(self, command: Command) -> None:
        self.move_commands.on_undo(command)

    def on_next(self, command: Command) -> None:
        self.move_commands.on_next(command)

    def on_empty(self, command: Command) -> None:
        self.move_commands.on_empty(command)

    def on_why(self, command: Command) -> None:
        """Why a score was worth what it was: the last one (``why``), or history's N-th last line."""
        answer = why_of(self.news.telling.told, self.match.history, self.match.rules, command.number)
        if answer is None:  # fewer lines than asked for: the whole history
            self.say(self.feedback.history(self.history_messages(command.number or 0)))
        else:
            self.say(self.explainer.why(answer, self.lexicon.main_word(CommandKind.WHY)))

    def on_record(self, command: Command) -> None:
        """``record``: the newest matches recorded here, this one too; ``record stats``: the statistics.
        Read from the data folder as ``bergen record`` reads it, said by the same presenter."""
        for message in record_replies(self.feedback, self.lexicon, self.session.records, command.argument):
            self.say(message)

    def on_history(self, command: Command) -> None:
        count = command.number or HISTORY_DEFAULT
        self.say(self.feedback.history(self.history_messages(count)))

    def on_help(self, command: Command) -> None:
        self.say(game_help(self.feedback, self.lexicon, self.words, command.argument))


__all__ = ["MatchSeat", "Seating"]
