"""A recorded match stepped through again: each Enter the next move, said as the player's seat heard it.

The replay is the player's own seat (``MatchSeat``) over a match rebuilt from
its deal action by action, told the way the game's loop told it
(``core/told.py``'s ``Retelling``): what it says is what the seat said then, and the review
commands (ends, line, score, hand, count, history...) answer from the seat's
view at that moment, with the game's own replies. Moves cannot be typed: the
record decides them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..commands.definitions import CommandKind
from ..commands.parser import ParseError, parse
from ..core.engine import Match, Phase
from ..core.events import Drew
from ..core.told import Retelling, Told
from ..output.announcer import Announcer
from ..present.message import Prompt, Verbosity
from ..present.record_talk import replay_help, replay_prompt
from .match_seat import MatchSeat, Seating
from .session import QuitGame, quiet_session

#: the commands a replay names when it says what can be asked
SHOWN = (
    CommandKind.HAND,
    CommandKind.ENDS,
    CommandKind.LINE,
    CommandKind.SCORE,
    CommandKind.COUNT,
    CommandKind.TURN,
    CommandKind.HISTORY,
    CommandKind.WHY,
    CommandKind.HINT,
)

#: what can be asked during a replay: those, the other review commands and the ways the game talks
ASKED = frozenset(
    {
        *SHOWN,
        CommandKind.REPEAT,
        CommandKind.SEATS,
        CommandKind.UNSEEN,
        CommandKind.RULES,
        CommandKind.VERBOSITY,
        CommandKind.LANGUAGE,
        CommandKind.QUIT,
    }
)


class RecordReplay:
    """Steps through ``recorded`` (a match replayed whole) at the seat of ``seating.human``."""

    def __init__(
        self,
        recorded: Match,
        seating: Seating,
        *,
        language: str,
        verbosity: Verbosity,
        announcer: Announcer,
    ) -> None:
        self.retelling = Retelling(recorded, seating.human)
        self.seat = MatchSeat(
            self.retelling.match,
            seating,
            language=language,
            verbosity=verbosity,
            announcer=announcer,
            session=quiet_session(),
        )
        self.seat.news.telling = self.retelling.telling
        self.steps = 0
        self.total = steps_of(recorded, seating.human)

    @property
    def match(self) -> Match:
        return self.seat.match

    @property
    def finished(self) -> bool:
        """Every action replayed (and the last hand dealt, if the record went that far)."""
        return self.retelling.finished

    def step(self) -> bool:
        """Replay the next move and say it as the seat heard it; False when there was none left."""
        if self.finished:
            return False
        seat = self.seat
        human = seat.seating.human
        moving = self.match.turn if self.match.phase is Phase.PLAYING else None
        told, own = self.retelling.step()
        self._retell(told, own, moved=moving == human)
        self.steps += 1
        if self.match.phase is Phase.PLAYING and self.match.turn == human:
            seat.flush_draws()
            seat.announce_turn()
        elif self.finished:
            seat.flush_draws()
        return True

    def _retell(self, told: Sequence[Told], own: Sequence[Drew], *, moved: bool) -> None:
        """One step told again, as the seat told it then: the player's own draws by their reply, its
        other moves as news."""
        seat = self.seat
        if own:
            tiles = [draw.tile for draw in own if draw.tile is not None]
            seat.say(seat.feedback.drew(tiles, seat.view))
        elif moved:
            seat.news.turn_told = False  # the player moved: the next turn is said again
        seat.news.announce(told, self.match)

    def handle(self, line: str) -> bool:
        """One typed line: Enter steps (QuitGame after the last move), a review command answers as the
        seat's handler does; False for a line a replay does not take (help, a move): the caller says
        what a replay does."""
        seat = self.seat
        try:
            command = parse(line, seat.lexicon, self.match.rules.tiles.highest, self.match.rules.arms)
        except ParseError as error:
            seat.say(seat.refusal(error))
            return True
        if command.kind is CommandKind.EMPTY:
            if not self.step():
                raise QuitGame
            return True
        if command.kind is CommandKind.HELP and not command.argument:
            seat.say(seat.feedback.plain(replay_help(seat.i18n, *self.commands())))
            return True
        if command.kind not in ASKED and command.kind is not CommandKind.HELP:
            return False
        seat.run_command(command.kind, command)  # why and hint as at the seat then; help WORD: the game's
        return True

    def commands(self) -> tuple[str, str]:
        """The words that can be asked now, in the seat's language, and the word that leaves."""
        lexicon = self.seat.lexicon
        asked = [lexicon.main_word(kind) for kind in SHOWN]
        return ", ".join(asked), lexicon.main_word(CommandKind.QUIT)

    def prompt(self) -> Prompt:
        """Where the replay is: ``Move 4 of 31: `` (``4/31> `` on the display and the line-editing prompt);
        before the first move, what Enter shows."""
        return replay_prompt(self.seat.i18n, self.steps, self.total)


def steps_of(recorded: Match, seat: int) -> int:
    """How many steps the replay of ``recorded`` at ``seat`` has (each one Enter)."""
    retelling = Retelling(recorded, seat)
    count = 0
    while not retelling.finished:
        retelling.step()
        count += 1
    return count
