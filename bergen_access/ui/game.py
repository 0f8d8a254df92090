"""The console match: computer players move, the player types, every event is announced.

The loop reads one line, answers it exactly once, applies what it asks for,
announces the events (computer moves included) and saves the match after
every action, so nothing is lost to Ctrl-C, a closed terminal or a crash.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..commands.lexicon import CommandKind, Lexicon
from ..commands.parser import Command, ParseError, ParseProblem, parse
from ..core.actions import Action, Draw, End, Pass, Play, Refusal
from ..core.engine import Match, Phase
from ..core.events import Drew, Event
from ..core.view import SeatView
from ..i18n import I18n
from ..output.announcer import Announcer
from ..output.speech import Speaker
from ..players.base import Player
from ..present.feedback import Feedback
from ..present.help_text import describe, overview
from ..present.message import Message, Verbosity
from ..present.narrator import Narrator
from ..present.replies import Replies
from ..present.rules_text import rules_sentences
from ..present.words import Words
from ..session.savefile import save_match
from ..session.settings import Settings
from .preferences import Talking
from .reader import LineReader

HISTORY_DEFAULT = 5


class QuitGame(Exception):  # noqa: N818 - a signal to leave the loop, not an error
    """The player asked to leave (or input ended)."""


@dataclass
class Seating:
    """Who sits where: names per seat, the player's seat, computer levels."""

    names: list[str]
    human: int
    levels: dict[int, str] = field(default_factory=dict)

    def to_json(self) -> list[dict[str, Any]]:
        return [
            {
                "name": name,
                "kind": "human" if seat == self.human else "computer",
                "level": self.levels.get(seat),
            }
            for seat, name in enumerate(self.names)
        ]


@dataclass
class Session:
    """What the loop needs from outside: where to save, remembered settings, how to speak."""

    autosave: Path | None
    settings: Settings
    settings_path: Path | None
    speech_mode: str
    open_speaker: Callable[[str], Speaker | None]


class Game(Talking):
    """One match at the console."""

    session: Session

    def __init__(
        self,
        match: Match,
        seating: Seating,
        players: dict[int, Player],
        *,
        language: str,
        verbosity: Verbosity,
        announcer: Announcer,
        reader: LineReader,
        session: Session,
    ) -> None:
        self.match = match
        self.seating = seating
        self.players = players
        self.announcer = announcer
        self.reader = reader
        self.session = session
        self.verbosity = verbosity
        self._pending_draws: list[Drew] = []
        self._events: list[Message] = []
        self._turn_told = False
        self._asking: Play | None = None
        self.set_language(language)

    # ------------------------------------------------------------- language

    def set_language(self, language: str) -> None:
        """Rebuild every piece that has words."""
        self.i18n = I18n(language)
        self.words = Words(self.i18n, self.match.rules, self.seating.names, self.seating.human)
        self.narrator = Narrator(self.words, self.verbosity)
        self.replies = Replies(self.narrator)
        self.feedback = Feedback(self.narrator)
        self.lexicon = Lexicon(self.i18n)
        self.announcer.language = language
        self.announcer.terse = self.verbosity is Verbosity.TERSE
        self.announcer.speech_failure_notice = self.feedback.speech_failed

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
        """Announce events; another player's consecutive draws become one announcement."""
        for event in events:
            if isinstance(event, Drew) and event.seat != self.seating.human:
                if self._pending_draws and self._pending_draws[0].seat != event.seat:
                    self._flush_draws()
                self._pending_draws.append(event)
                continue
            self._flush_draws()
            message = self.narrator.narrate(event)
            if message is not None:
                self._events.append(message)
                self.announcer.announce(message)

    def _flush_draws(self) -> None:
        if self._pending_draws:
            message = self.narrator.narrate_draws(self._pending_draws)
            self._pending_draws = []
            self._events.append(message)
            self.announcer.announce(message)

    def save(self) -> None:
        if self.session.autosave is not None:
            save_match(self.session.autosave, self.match, self.seating.to_json())

    # ------------------------------------------------------------- the loop

    def run(self, resumed: bool = False) -> int:
        """Play until the match ends or the player leaves; the exit status."""
        try:
            if self.match.phase is Phase.NOT_STARTED:
                self.tell_events(self.match.start_hand())
                self.save()
            elif resumed:
                self.say(self.feedback.resumed())
            while not self.match.is_over:
                if self.match.phase is Phase.HAND_OVER:
                    self._read_and_answer()
                elif self.match.turn == self.seating.human:
                    self._human_turn()
                else:
                    self._computer_turn()
            self._flush_draws()
            if self.session.autosave is not None:
                self.session.autosave.unlink(missing_ok=True)
            return 0
        except QuitGame:
            self._flush_draws()
            self.save()
            self.say(self.feedback.goodbye())
            return 0

    def _computer_turn(self) -> None:
        seat = self.match.turn
        view = SeatView(self.match, seat)
        if len(view.legal_actions) > 1:
            self._flush_draws()  # it thinks now: its draws are told first, not after its play
        action = self.players[seat].choose(view)
        self.tell_events(self.match.apply(action))
        self.save()

    def _human_turn(self) -> None:
        self._flush_draws()
        if not self._turn_told:
            self._turn_told = True
            message = self.replies.your_turn(self.view, urgent=False)
            self.announcer.announce(message)
        self._read_and_answer()

    def prompt(self) -> str:
        """The prompt carries the state: the ends and the tile count (or what is asked)."""
        i = self.i18n
        if self._asking is not None:
            # Translators: prompt while asking which end; keep it very short. Ends with "> ".
            return i.gettext("left or right> ")
        if self.match.phase is Phase.HAND_OVER:
            # Translators: prompt between hands. Ends with "> ".
            return i.gettext("Enter: next hand> ")
        view = self.view
        ends = self.words.ends_braille(view.ends, view.end_is_double) if view.ends else "-"
        count = len(view.hand)
        if self.verbosity is Verbosity.TERSE:
            return f"{ends} {count}> "
        # Translators: the prompt: the open ends (e.g. "5|3") and the player's tile count. Ends with "> ".
        return i.ngettext("{ends}, {count} tile> ", "{ends}, {count} tiles> ", count).format(
            ends=ends, count=count
        )

    def candidates(self) -> list[str]:
        """Tab completion: legal plays first, then command words."""
        words = [a.tile.notation for a in self.view.legal_actions if isinstance(a, Play)]
        words = list(dict.fromkeys(words))
        for kind in CommandKind:
            if kind is not CommandKind.EMPTY:
                words.extend(self.lexicon.words_for(kind)[:1])
        return words

    def _read_and_answer(self) -> None:
        try:
            line = self.reader.read(self.prompt())
        except (EOFError, KeyboardInterrupt):
            raise QuitGame from None
        self.handle(line)

    # ------------------------------------------------------------ commands

    def handle(self, line: str) -> None:
        """Answer one typed line, exactly once."""
        if self._asking is not None:
            asked, self._asking = self._asking, None
            end = self.lexicon.end(line.strip()) if line.strip() else None
            if end is not None:
                self._play(Play(asked.seat, asked.tile, end))
                return
        try:
            command = parse(line, self.lexicon)
        except ParseError as error:
            if error.problem is ParseProblem.BAD_END:
                self.say(self.feedback.bad_end(line.strip()))
            else:
                self.say(self.feedback.unknown(line.strip(), self.lexicon.main_word(CommandKind.HELP)))
            return
        handler = self._handlers().get(command.kind)
        if handler is not None:
            handler(command)

    def _handlers(self) -> dict[CommandKind, Callable[[Command], None]]:
        return {
            CommandKind.EMPTY: self._empty,
            CommandKind.PLAY: self._play_command,
            CommandKind.DRAW: self._draw,
            CommandKind.PASS: self._pass,
            CommandKind.NEXT: self._next,
            CommandKind.HAND: lambda c: self.say(self.replies.hand(self.view)),
            CommandKind.ENDS: lambda c: self.say(self.replies.ends(self.view)),
            CommandKind.LINE: lambda c: self.say(self.replies.line(self.view)),
            CommandKind.SCORE: lambda c: self.say(self.replies.score(self.view)),
            CommandKind.COUNT: lambda c: self.say(self.replies.counts(self.view)),
            CommandKind.TURN: lambda c: self.say(self.replies.turn(self.view)),
            CommandKind.HINT: lambda c: self.say(self.replies.hint(self.view)),
            CommandKind.HISTORY: self._history,
            CommandKind.REPEAT: lambda c: self.repeat(),
            CommandKind.RULES: lambda c: self.say(
                self.feedback.lines(rules_sentences(self.i18n, self.match.rules))
            ),
            CommandKind.HELP: self._help,
            CommandKind.VERBOSITY: lambda c: self.change_verbosity(c.argument),
            CommandKind.SPEECH: lambda c: self.change_speech(c.argument),
            CommandKind.LANGUAGE: lambda c: self.change_language(c.argument),
            CommandKind.SAVE: self._save,
            CommandKind.QUIT: self._quit,
        }

    def repeat(self) -> None:
        last = self.announcer.last
        if last is not None:
            self.announcer.announce(Message(last.text, last.speech, last.braille, urgent=True))

    def _empty(self, command: Command) -> None:
        if self.match.phase is Phase.HAND_OVER:
            self._next(command)
        else:
            self.say(self.replies.turn(self.view))

    def _next(self, command: Command) -> None:
        if self.match.phase is not Phase.HAND_OVER:
            self.say(self.feedback.hand_not_over())
            return
        self._turn_told = False
        self.tell_events(self.match.start_hand())
        self.save()

    def _not_now(self) -> bool:
        """Refuse a move when it is not the player's turn; True if refused."""
        if self.match.phase is Phase.HAND_OVER:
            self.say(self.feedback.hand_over())
            return True
        if self.match.turn != self.seating.human:
            self.say(self.feedback.not_your_turn(self.words.name(self.match.turn)))
            return True
        return False

    def _play_command(self, command: Command) -> None:
        if self._not_now():
            return
        assert command.tile is not None
        seat = self.seating.human
        view = self.view
        if command.tile not in view.hand:
            self.say(self.feedback.not_in_hand(command.tile, view.hand))
            return
        legal_ends = [a.end for a in view.legal_actions if isinstance(a, Play) and a.tile == command.tile]
        if command.end is None:
            if len(legal_ends) == 1:
                self._play(Play(seat, command.tile, legal_ends[0]))
            elif len(legal_ends) == 2:
                self._asking = Play(seat, command.tile, End.LEFT)
                self.say(self.feedback.ask_end(command.tile))
            else:
                self._refuse(Play(seat, command.tile, End.LEFT))
            return
        self._play(Play(seat, command.tile, command.end))

    def _refuse(self, action: Action) -> None:
        """Say why an action is not legal, and what is."""
        reason = self.match.check(action)
        view = self.view
        must = self.replies.must(view)
        if reason is Refusal.MUST_PLAY:
            self.say(self.feedback.must_play(must))
        elif reason is Refusal.NOTHING_TO_DRAW:
            self.say(self.feedback.nothing_to_draw())
        elif reason is Refusal.MUST_DRAW:
            self.say(self.feedback.must_draw())
        elif reason in (Refusal.OTHER_END_ONLY, Refusal.ARMS_FIRST) and isinstance(action, Play):
            legal = [a.end for a in view.legal_actions if isinstance(a, Play) and a.tile == action.tile]
            if legal:
                self.say(self.feedback.only_end(action.tile, legal[0], reason is Refusal.ARMS_FIRST))
            else:
                self._does_not_fit(action.tile, must)
        elif isinstance(action, Play):
            self._does_not_fit(action.tile, must)
        else:
            self.say(self.replies.turn(view))

    def _does_not_fit(self, tile: Any, must: str) -> None:
        view = self.view
        assert view.ends is not None
        ends = self.words.ends(view.ends, view.end_is_double)
        self.say(
            self.feedback.does_not_fit(
                tile, ends, self.words.ends_braille(view.ends, view.end_is_double), must
            )
        )

    def _play(self, action: Play) -> None:
        if self.match.check(action) is not None:
            self._refuse(action)
            return
        self._turn_told = False
        self.tell_events(self.match.apply(action))
        self.save()

    def _draw(self, command: Command) -> None:
        if self._not_now():
            return
        seat = self.seating.human
        if self.match.check(Draw(seat)) is not None:
            self._refuse(Draw(seat))
            return
        forced = not self.match.playable(seat)
        drawn: list[Event] = []
        while self.match.check(Draw(seat)) is None:
            drawn += self.match.apply(Draw(seat))
            self.save()
            if not forced or self.match.playable(seat):
                break
        tiles = [e.tile for e in drawn if isinstance(e, Drew) and e.tile is not None]
        fitting = [t for t in tiles if self.match.fitting_ends(seat, t)]
        fits = fitting[-1] if fitting else None
        message = self.feedback.drew(
            tiles,
            fits,
            self.match.fitting_ends(seat, fits) if fits is not None else (),
            self.match.check(Draw(seat)) is None,
        )
        self._events.append(message)
        self.say(message)
        self.tell_events([e for e in drawn if not isinstance(e, Drew)])

    def _pass(self, command: Command) -> None:
        if self._not_now():
            return
        action = Pass(self.seating.human)
        if self.match.check(action) is not None:
            self._refuse(action)
            return
        self._turn_told = False
        self.tell_events(self.match.apply(action))
        self.save()

    def _history(self, command: Command) -> None:
        count = int(command.argument) if command.argument.isdigit() else HISTORY_DEFAULT
        self.say(self.feedback.history(self._events[-count:] if count else []))

    def _help(self, command: Command) -> None:
        kind = self.lexicon.command(command.argument) if command.argument else None
        if kind is not None and describe(self.i18n, kind):
            self.say(self.feedback.plain(describe(self.i18n, kind)))
        else:
            self.say(self.feedback.lines(overview(self.i18n, self.lexicon)))

    def _save(self, command: Command) -> None:
        self.save()
        self.say(self.feedback.saved())

    def _quit(self, command: Command) -> None:
        raise QuitGame
