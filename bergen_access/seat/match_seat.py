"""One player's seat at a match: every line answered once, every event told as the seat may see it.

The seat is the controller: it reads a typed line once (``read``: the answer to
a question, else the command), carries the command out by the command table
(a read-only review by its column, ``present/reviews.py``; the rest by its
``on_`` handler), and makes its player's moves through one ``Moves.apply``
(``seat/moves.py``: saved before told). Its parts: ``seat/news.py`` tells the
events and keeps what it told as data; ``commands/which_end.py`` decides when
to ask which end; ``seat/seat_coach.py`` is the coach; ``seat/record_reply.py``
the ``record`` command. It reads no console and moves no computer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from ..boundary import Screened
from ..commands.completion import completions
from ..commands.definitions import review_of
from ..commands.lexicon import CommandKind, Lexicon
from ..commands.parser import Command, ParseError, parse
from ..commands.which_end import EndQuestion, must_ask, placed_without_asking
from ..core.actions import Action, Draw, End, Pass, Play, Refusal
from ..core.engine import Match, Phase
from ..core.events import Drew, Event
from ..core.takeback import TakeBack, take_back
from ..core.tiles import Tile
from ..core.told import Told, draw_run_goes_on
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
from ..present.options import choices
from ..present.refusals import Move, Refusals, input_refused
from ..present.replies import Replies
from ..present.reviews import Reviews
from ..present.table_talk import TableTalk
from ..present.take_back import TakeBackWords
from ..present.words import Words
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
        self._asking: Play | None = None  # a tile that fits several ends, waiting for the player's choice
        self._question = EndQuestion((), False)  # the ends (arms) offered in the question
        self._enter_plays: Play | None = None  # after a draw: the drawn tile, the only legal play
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

    def retell(self, told: Sequence[Told], own: Sequence[Drew], *, moved: bool) -> None:
        """One step of a match told again (a record stepped through), as the seat told it then: the
        player's own draws by their reply, its other moves as news."""
        if own:
            tiles = [draw.tile for draw in own if draw.tile is not None]
            self.say(self.feedback.drew(tiles, self.view))
        elif moved:
            self.news.turn_told = False  # the player moved: the next turn is said again
        self.news.announce(told, self.match)

    def restore_history(self) -> None:
        """The history the game's loop told over this match (resumed or rebuilt), from its deal."""
        self.news.restore(self.match)

    def history_messages(self, count: int) -> list[Message]:
        """The last ``count`` things that happened, said now: today's verbosity and language."""
        return self.news.history(count)

    def save(self) -> None:
        self.moves.save()

    def _apply(self, action: Action) -> None:
        """One of the player's moves: through the moves (applied, saved, then told), then the coach's
        word on it if it has one (before any computer moves)."""
        self._enter_plays = None
        advice = self._advice(action)
        self.moves.apply(action)
        self._say_advice(advice)

    @property
    def coach(self) -> Coach | None:
        """The coach, when it is on."""
        return self.coaching.coach

    def _advice(self, action: Action) -> Message | None:
        """The coach's line on the player's ``action``, about to be made (None: silent, or no coach)."""
        nxt = (self.seating.human + 1) % self.match.players
        return self.coaching.advice(action, self.coach_words, self.words.name(nxt))

    def _say_advice(self, advice: Message | None) -> None:
        if advice is not None:
            self.flush_draws()
            self.announcer.announce(advice)

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
        self._asking, self._enter_plays = None, None
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
        i = self.i18n
        if self._asking is not None:
            arms = [end + 1 for end in self._question.ends] if self.words.many_arms else None
            return prompts.which_end(i, arms)
        if self.match.phase is Phase.HAND_OVER:
            return prompts.next_hand(i)
        offered = self._enter_plays.tile if self._enter_plays is not None else None
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
        if self._enter_plays is not None and self._takes_the_offer(line):
            self.play(self._enter_plays)
            return None
        if self._asking is not None:
            asked, self._asking = self._asking, None
            end = self._question.answer(line, self.lexicon)
            if end is not None:
                self.play(Play(asked.seat, asked.tile, end))
                return None
            if self._question.names_another_arm(line, self.lexicon):  # an arm not offered: ask again
                self._asking = asked
                self._ask_end(asked.tile)
                return None
        try:
            return parse(line, self.lexicon, self.match.rules.tiles.highest, self.match.rules.arms)
        except ParseError as error:
            return error

    def _ask_end(self, tile: Tile) -> None:
        view = self.view
        self.say(self.feedback.ask_end(tile, self._question.ends, view.ends or (), view.end_is_double))

    def refuse(self, error: ParseError) -> None:
        """Say why a line is not a command, and what is possible."""
        self.say(self.refusal(error))

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
            return
        super().run_command(kind, command)

    def on_hint(self, command: Command) -> None:
        self.say(self.replies.hint(self.view))

    def on_draw(self, command: Command) -> None:
        self.draw(command)

    def repeat(self) -> None:
        last = self.announcer.last
        if last is None:
            self.say(self.feedback.history([]))
            return
        self.announcer.announce(Message(last.text, last.speech, last.braille, urgent=True))

    def _takes_the_offer(self, line: str) -> bool:
        """Enter, or ``play`` alone, after a draw whose tile is the only legal play."""
        words = line.split()
        return not words or (len(words) == 1 and self.lexicon.command(words[0]) is CommandKind.PLAY)

    def on_empty(self, command: Command) -> None:
        if self.match.phase is Phase.HAND_OVER:
            self.on_next(command)
        else:
            self.say(self.replies.turn(self.view))

    def on_next(self, command: Command) -> None:
        if self.match.phase is not Phase.HAND_OVER:
            self.say(self.feedback.hand_not_over())
            return
        self.news.turn_told = False
        self.start_hand()

    def _not_now(self) -> bool:
        """Refuse a move when it is not the player's turn; True if refused."""
        if self.match.phase is Phase.HAND_OVER:
            self.say(self.refusals.move(Refusal.HAND_OVER, Move(self.view)))
            return True
        if self.match.turn != self.seating.human:
            self.say(self.refusals.move(Refusal.NOT_YOUR_TURN, Move(self.view)))
            return True
        return False

    def on_play(self, command: Command) -> None:
        if self._not_now():
            return
        assert command.tile is not None
        seat = self.seating.human
        view = self.view
        if command.tile not in view.hand:
            refused = Move(view, Play(seat, command.tile, End.LEFT))
            self.say(self.refusals.move(Refusal.NOT_IN_HAND, refused))
            return
        legal_ends = [a.end for a in view.legal_actions if isinstance(a, Play) and a.tile == command.tile]
        if command.end is None and command.ends:  # "2-9:1,4": asked among the ends the line showed
            named = [end for end in legal_ends if end in command.ends]
            if not named:
                self._refuse(Play(seat, command.tile, command.ends[0]))
                return
            legal_ends = named
        if command.end is None:
            placed = placed_without_asking(legal_ends, view.layout)
            if placed is not None:
                self.play(Play(seat, command.tile, placed))
            elif must_ask(legal_ends, view.layout):  # the player chooses, never the program
                self._asking = Play(seat, command.tile, legal_ends[0])
                self._question = EndQuestion(tuple(legal_ends), self.words.many_arms)
                self._ask_end(command.tile)
            else:
                self._refuse(Play(seat, command.tile, End.LEFT))
            return
        self.play(Play(seat, command.tile, command.end))

    def _refuse(self, action: Action) -> None:
        """Say why an action is not legal, and what is."""
        self.say(self.refusals.move(self.match.check(action), Move(self.view, action)))

    def play(self, action: Play) -> None:
        if self.match.check(action) is not None:
            self._refuse(action)
            return
        self.news.turn_told = False
        self._apply(action)

    def draw(self, command: Command | None = None) -> None:
        """Draw: until a tile fits when nothing fits, else one tile; saved as a whole, then told."""
        if self._not_now():
            return
        seat = self.seating.human
        if self.match.check(Draw(seat)) is not None:
            self._refuse(Draw(seat))
            return
        self._enter_plays = None
        forced = not self.match.playable(seat)
        advice = None if forced else self._advice(Draw(seat))
        goes_on = partial(draw_run_goes_on, seat=seat, forced=forced)
        self.moves.apply(Draw(seat), again=goes_on, mover=self._drew)
        self._say_advice(advice)

    def _drew(self, drawn: list[Event]) -> None:
        """The player's own run of draws, told: the reply names the tiles (and offers the only play);
        the history keeps the draws themselves."""
        seat = self.seating.human
        tiles = [e.tile for e in drawn if isinstance(e, Drew) and e.tile is not None]
        view = self.view
        message = self.feedback.drew(tiles, view)
        only = choices(view).only_play
        if only is not None and only.tile in tiles:
            self._enter_plays = Play(seat, only.tile, only.end)
        self.news.telling.own_draws(
            tuple(e for e in drawn if isinstance(e, Drew))
        )  # the event, not the advice
        self.say(message)
        self.tell_events([e for e in drawn if not isinstance(e, Drew)])

    def on_pass(self, command: Command) -> None:
        if self._not_now():
            return
        action = Pass(self.seating.human)
        if self.match.check(action) is not None:
            self._refuse(action)
            return
        self.news.turn_told = False
        self._apply(action)

    def on_undo(self, command: Command) -> None:
        """Take back the player's last move of this hand and the computers' after it: the match is
        replayed from its seed without them (core/takeback.py), saved, and its history told again."""
        setting = self.session.take_back
        if setting is not TakeBack.ON:
            self.say(self.take_back_words.refused(setting))
            return
        result = take_back(self.match, self.seating.human)
        if result is None:
            self.say(self.take_back_words.refused(None))
            return
        self.match, taken = result
        self.news.forget()
        self._asking, self._enter_plays = None, None
        self.restore_history()
        self.moves.save()
        self.say(self.take_back_words.taken_back(taken, self.match))

    def on_why(self, command: Command) -> None:
        """Why a score was worth what it was: the last one (``why``), or history's N-th last line."""
        answer = why_of(self.news.telling.told, self.match.history, self.match.rules, command.number)
        if answer is None:  # fewer lines than asked for: the whole history
            self.say(self.feedback.history(self.history_messages(command.number or 0)))
        elif answer.facts is not None:
            self.say(self.explainer.explain(answer.facts))
        else:
            self.say(
                self.explainer.nothing(answer.event, answer.pointer, self.lexicon.main_word(CommandKind.WHY))
            )

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
