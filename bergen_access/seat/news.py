"""What a seat tells its player of the match: each event once, as the seat may see it, kept as data.

The events become records (``core/told.py``: another player's run of draws is
one, a score and its counters are one, a hand's end first shows the tiles
still held), each announced in the narrator's words of the moment and kept for
``history``, ``repeat`` and ``why``; the turn is said once a turn, without the
ends when an announcement just said them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.engine import Match, Phase
from ..core.events import Event, Opened, TilePlayed
from ..core.told import EventTold, Telling, Told, told_history
from ..core.view import SeatView
from ..output.announcer import Announcer
from ..present.message import Message
from ..present.narrator import Narrator
from ..present.replies import Replies


class SeatNews:
    """The news one seat was told, and the announcing of it (``use`` gives it the words of the moment)."""

    def __init__(self, seat: int, announcer: Announcer) -> None:
        self.seat = seat
        self.announcer = announcer
        self.telling = Telling(seat)  # what happened, as data (said again in today's words)
        self.turn_told = False  # the player's turn was said (once a turn)
        self._ends_told: object = None  # the ends (and which are doubles) an announcement last said
        self.narrator: Narrator
        self.replies: Replies

    def use(self, narrator: Narrator, replies: Replies) -> None:
        self.narrator, self.replies = narrator, replies

    def forget(self) -> None:
        """A new match, or one rebuilt: nothing told of the old one counts."""
        self.telling = Telling(self.seat)
        self.turn_told, self._ends_told = False, None

    def tell(self, events: Iterable[Event], match: Match) -> None:
        """Announce events, one announcement per record (another player's draws wait for their end)."""
        self.announce(self.telling.tell(list(events), match), match)

    def announce(self, told: Iterable[Told], match: Match) -> None:
        """Announce what was just told (kept, as data, for ``history``)."""
        for item in told:
            self.announcer.announce(self.narrator.render(item))
            if isinstance(item, EventTold) and (
                isinstance(item.event, Opened)
                or (isinstance(item.event, TilePlayed) and self.narrator.play_says_ends)
            ):
                self._ends_told = _ends_now(SeatView(match, self.seat))  # the ends were just said

    def restore(self, match: Match) -> None:
        """The history the game's loop told over ``match`` (resumed or rebuilt), from its deal (kept as
        it was if the match does not replay the loop's way)."""
        told = told_history(match, self.seat)
        if told is not None:
            self.telling = told

    def history(self, count: int) -> list[Message]:
        """The last ``count`` things that happened, said now: today's verbosity and language."""
        return [self.narrator.render(item) for item in self.telling.told[-count:]]

    def your_turn(self, view: SeatView) -> None:
        """Say it is the player's turn, once a turn (the ends only if they were not just said)."""
        if not self.turn_told:
            self.turn_told = True
            told = self._ends_told == _ends_now(view)  # each fact once a turn: no ends said again
            self.announcer.announce(self.replies.your_turn(view, urgent=False, ends_told=told))

    def state_now(self, view: SeatView, last_told: Sequence[str] = ()) -> None:
        """Where the match stands, for a player who was away (a rejoin): whose turn, and at the
        player's own turn what can be done, said now as the turn is (not again before the prompt).
        Not said when ``last_told``, the last lines the player was told again, end with it already."""
        if view.phase is Phase.NOT_STARTED:
            return
        state = self.replies.turn(view)
        shown = (state.braille if self.announcer.terse else state.text).splitlines()
        if not shown or list(last_told[-len(shown) :]) != shown:
            self.announcer.announce(state)
        if view.phase is Phase.PLAYING and view.is_my_turn:
            self.turn_told = True


def _ends_now(view: SeatView) -> object:
    return (view.ends, view.end_is_double)


__all__ = ["SeatNews"]
