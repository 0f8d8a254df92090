"""The console match: computer players move, the player types, every event is announced.

The loop reads one line, hands it to the player's seat (``seat/match_seat.py``),
which answers it exactly once and makes its move, and lets the computers move
in turn. Every action is saved before its announcement is printed or spoken
(write-ahead), so what the player heard is never lost to Ctrl-C, a closed
terminal, a kill or a crash; a resumed match's history is rebuilt from its
deal by the engine alone (``core/told.py``), so ``history`` and ``repeat`` work
as before.
"""

from __future__ import annotations

from collections.abc import Callable

from ..boundary import Screened
from ..commands.definitions import answered_aside
from ..commands.lexicon import CommandKind, yes_or_no
from ..commands.parser import Command
from ..core.engine import Match, Phase
from ..i18n import I18n
from ..output.announcer import Announcer
from ..players.base import Player
from ..present import prompts
from ..present.message import Verbosity
from ..seat.match_seat import MatchSeat, Seating
from ..seat.session import QuitGame, Session
from ..seat.turns import computer_turn
from .reader import LineReader, ask

__all__ = ["Game", "QuitGame", "Seating", "Session"]


class Game:
    """One match at the console: the player's seat, the computers, and the lines read."""

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
        make_players: Callable[[Match], dict[int, Player]] | None = None,
    ) -> None:
        self.players = players
        #: the computers for a match replayed by a take-back: new players, nothing of the undone kept
        self.make_players = make_players
        self._players_for = match
        self.reader = reader
        self.session = session
        self.seat = MatchSeat(
            match, seating, language=language, verbosity=verbosity, announcer=announcer, session=session
        )

    @property
    def match(self) -> Match:
        return self.seat.match

    # what the line reader's keys and the input boundary ask of the one who answers (console.Answering)

    def candidates(self) -> list[str]:
        return self.seat.candidates()

    def repeat(self) -> None:
        self.seat.repeat()

    def refuse_input(self, screened: Screened) -> None:
        self.seat.refuse_input(screened)

    @property
    def i18n(self) -> I18n:
        return self.seat.i18n

    # ------------------------------------------------------------- the loop

    def run(self, resumed: bool = False) -> int:
        """Play until the match ends or the player leaves; the exit status."""
        seat = self.seat
        try:
            if self.match.phase is Phase.NOT_STARTED:
                self._orientation()
                seat.start_hand()
            elif resumed:
                seat.restore_history()
                last = seat.history_messages(1)
                seat.say(seat.feedback.resumed(last[0] if last else None))
            while True:
                while not self.match.is_over:
                    if self.match.phase is Phase.HAND_OVER:
                        self._read_and_answer()
                    elif self.match.turn == seat.seating.human:
                        self._human_turn()
                    else:
                        self._computer_turn()
                seat.flush_draws()
                if not self._another_match():
                    seat.say(seat.feedback.goodbye_after_match())
                    return 0
        except (QuitGame, KeyboardInterrupt):  # Ctrl-C while the computers move leaves the same way
            seat.flush_draws()
            storage = self.session.storage
            seat.say(seat.feedback.goodbye(saved=storage is not None and storage.saves))
            return 0

    def _orientation(self) -> None:
        seat = self.seat
        help_word = seat.lexicon.main_word(CommandKind.HELP)
        seat.say(seat.table_talk.orientation(self.match.rules, help_word))

    def _another_match(self) -> bool:
        """After a match: another with the same options? (asked until answered; the end of input is no)."""
        new_match = self.session.new_match
        if new_match is None:
            return False
        seat = self.seat
        seat.say(seat.feedback.another_match())
        while True:
            try:
                line = ask(self.reader, prompts.yes_or_no(seat.i18n))
            except EOFError:
                return False
            answer = yes_or_no(line, seat.i18n)
            if answer is not None:
                break
            read = seat.read(line)
            if isinstance(read, Command) and read.kind is CommandKind.QUIT:
                return False  # leaving is no
            if isinstance(read, Command) and answered_aside(read.kind):
                seat.run_command(read.kind, read)  # why, score, history, help: answered, then asked again
                seat.say(seat.feedback.another_match())
                continue
            # Translators: the answer to a line that is neither yes nor no nor a command answered there
            # (why, score, history, help), after "Another match with the same options?".
            seat.say(seat.feedback.plain(seat.i18n.gettext("Please answer yes or no.")))
        if not answer:
            return False
        match, self.players = new_match()
        self._players_for = match
        seat.begin(match)
        self._orientation()
        seat.start_hand()
        return True

    def _human_turn(self) -> None:
        self.seat.flush_draws()
        self.seat.announce_turn()
        self._read_and_answer()

    def _read_and_answer(self) -> None:
        try:
            line = ask(self.reader, self.seat.prompt())
        except (EOFError, KeyboardInterrupt):
            raise QuitGame from None
        self.seat.handle(line)

    def _computer_turn(self) -> None:
        if self.match is not self._players_for and self.make_players is not None:
            self.players, self._players_for = self.make_players(self.match), self.match  # after undo
        computer_turn(self.seat, self.players[self.match.turn])
