"""A table of the server: one match, its seats (people or computers), its watchers.

Each person's seat is a console ``Game`` of its own (``SeatGame``): the same
commands, replies and announcements as at the console, in that player's
language and verbosity, from that seat's view only. The table owns the match:
a move from any seat is applied once, saved (write-ahead), then told to every
seat and watcher, each event seen as that seat may see it (``seen_by``).
Computer seats move in a worker thread while nobody else can change the match.
A seat whose connection dropped is kept for a while (link-dead): the table
waits on its turn, keeps what it missed, and gives it a computer player when
the time is up.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol, TextIO, cast

from ..commands.parser import ParseError
from ..core.actions import Action
from ..core.engine import Match, Phase
from ..core.events import Event
from ..i18n import I18n
from ..output.announcer import Announcer
from ..players import make_player
from ..players.base import Player
from ..present.message import Cue, Message, Verbosity
from ..present.narrator import Narrator
from ..present.words import Words
from ..seat.match_seat import MatchSeat, Seating
from ..seat.session import quiet_session
from .gmcp import LineKind

#: lines kept for a link-dead seat (the oldest go first)
MOST_MISSED = 400
#: the level a seat gets when its player did not come back in time
STAND_IN_LEVEL = "normal"


class Line(Protocol):
    """Where a seat's or watcher's lines go: the connection, or nowhere while it is away."""

    def send_line(self, text: str) -> None: ...

    def send_prompt(self, text: str) -> None: ...


#: the kind of line (GMCP's ``Bergen.Line``) each sound cue marks
KIND_OF_CUE = {
    Cue.TURN: LineKind.TURN,
    Cue.PLAY: LineKind.PLAY,
    Cue.DRAW: LineKind.DRAW,
    Cue.HEADER: LineKind.HAND,
    Cue.OUT: LineKind.OUT,
    Cue.BLOCK: LineKind.BLOCK,
    Cue.WIN: LineKind.WIN,
}


def tell_kind(line: Line | None, kind: LineKind) -> None:
    """Tell a connection that speaks GMCP what kind the next lines are (others have no such method)."""
    send_kind: Callable[[LineKind], None] | None = getattr(line, "send_kind", None)
    if send_kind is not None:
        send_kind(kind)


class SeatAnnouncer(Announcer):
    """A seat's announcer: before each message's lines, their kind (from its cue, or a reply)."""

    def __init__(self, seat: Seat, out: TextIO, *, language: str, terse: bool) -> None:
        super().__init__(out, language=language, terse=terse)
        self.seat = seat

    def announce(self, message: Message) -> None:
        kind = self.seat.next_kind or (KIND_OF_CUE.get(message.cue) if message.cue is not None else None)
        self.seat.next_kind = None
        if kind is None:
            kind = LineKind.REPLY if message.urgent else LineKind.EVENT
        tell_kind(self.seat.client, kind)
        super().announce(message)


class SeatOutput:
    """A text stream for an ``Announcer``: each line goes to the seat's connection, or waits while away."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self._partial = ""

    def write(self, text: str) -> int:
        self._partial += text
        *lines, self._partial = self._partial.split("\n")
        for line in lines:
            self.seat.deliver(line)
        return len(text)

    def flush(self) -> None:
        return None


@dataclass
class Seat:
    """A place at the table: a person (with a rejoin token) or a computer."""

    index: int
    name: str
    level: str | None = None  # a computer's level; None for a person
    token: str = field(default_factory=lambda: secrets.token_hex(4))
    client: Line | None = None
    game: SeatGame | None = None
    away_since: float | None = None
    missed: list[str] = field(default_factory=list)
    last_prompt: str = ""  # the prompt last sent, so it is not sent twice with nothing between
    next_kind: LineKind | None = None  # the kind of the message being said (a notice, a chat)
    address: str = ""  # where its person last connected from (seats left waiting are counted per address)

    @property
    def is_person(self) -> bool:
        return self.level is None

    @property
    def is_free(self) -> bool:
        """A person's seat nobody has taken (nobody sits there, nobody is away from it)."""
        return self.is_person and self.game is None and self.client is None and self.away_since is None

    def prompt(self, text: str) -> None:
        """Send the prompt, unless the same prompt is the last line this seat was sent."""
        if self.client is not None and text != self.last_prompt:
            self.last_prompt = text
            self.client.send_prompt(text)

    def deliver(self, line: str) -> None:
        self.last_prompt = ""
        if self.client is not None:
            self.client.send_line(line)
        else:
            self.missed.append(line)
            del self.missed[:-MOST_MISSED]


class TableMoves:
    """A seat's moves at a shared table: applied once by the table, saved, told to every seat."""

    def __init__(self, table: Table, seat: Seat) -> None:
        self.table = table
        self.seat = seat

    def apply(self, action: Action) -> None:
        self.table.apply(action)

    def start_hand(self) -> None:
        self.table.start_hand()

    def save(self) -> None:
        self.table.save()

    def drew(self, events: list[Event]) -> None:
        if events:
            self.table.tell(events, skip=self.seat)  # the others hear the draws; this seat heard its own


class SeatGame(MatchSeat):
    """One person's seat of a shared match: the console's seat, its moves through the table, its lines to
    the connection."""

    def __init__(self, table: Table, seat: Seat, *, language: str, verbosity: Verbosity) -> None:
        self.table = table
        self.place = seat
        seating = Seating([s.name for s in table.seats], seat.index, table.levels())
        out = cast(TextIO, SeatOutput(seat))
        announcer = SeatAnnouncer(seat, out, language=language, terse=verbosity is Verbosity.TERSE)
        super().__init__(
            table.match,
            seating,
            language=language,
            verbosity=verbosity,
            announcer=announcer,
            session=quiet_session(),
            moves=TableMoves(table, seat),
        )

    def heard(self, events: Iterable[Event]) -> None:
        """News from the table, as this seat may see it; then the turn, if it is this seat's."""
        seat = self.place.index
        self.tell_events([_seen(event, seat) for event in events])
        self.flush_draws()

    def turn_and_prompt(self) -> None:
        """Say it is this seat's turn (once a turn), then the prompt, as the console would."""
        match = self.match
        if match.phase is Phase.PLAYING and match.turn == self.place.index and not match.is_over:
            self.announce_turn()
        if self.place.client is not None and not match.is_over and match.phase is not Phase.NOT_STARTED:
            self.place.prompt(self.prompt().facts)  # a table's clients keep the facts

    def answer(self, line: str) -> None:
        """One line typed at this seat, answered exactly once."""
        self.handle(line)

    def refusal(self, error: ParseError) -> Message:
        """A line that is no command: its answer is told as a refusal (GMCP's ``Bergen.Line``)."""
        self.place.next_kind = LineKind.REFUSAL
        return super().refusal(error)


def _seen(event: Event, seat: int) -> Event:
    seen_by: Callable[[int], Event] | None = getattr(event, "seen_by", None)
    return seen_by(seat) if seen_by is not None else event


class Watcher:
    """Someone watching a table: every event as nobody's tiles, nothing hidden shown."""

    def __init__(self, table: Table, client: Line, *, language: str, verbosity: Verbosity) -> None:
        self.client = client
        words = Words(I18n(language), table.match.rules, [s.name for s in table.seats], None)
        self.narrator = Narrator(words, verbosity)
        self.terse = verbosity is Verbosity.TERSE

    def heard(self, events: Iterable[Event]) -> None:
        for event in events:
            message = self.narrator.narrate(_seen(event, -1))
            if message is not None:
                cue = message.cue
                self.say(message, KIND_OF_CUE.get(cue, LineKind.EVENT) if cue is not None else LineKind.EVENT)

    def say(self, message: Message, kind: LineKind = LineKind.EVENT) -> None:
        tell_kind(self.client, kind)
        text = message.braille if self.terse else message.text
        for line in text.splitlines():
            self.client.send_line(line)


class Table:
    """One match with its seats and watchers; every change is saved before it is told."""

    def __init__(
        self,
        number: int,
        match: Match,
        seats: list[Seat],
        *,
        save: Callable[[Table], None] = lambda table: None,
        hold_seconds: float = 15 * 60,
    ) -> None:
        self.number = number
        self.match = match
        self.seats = seats
        self.watchers: list[Watcher] = []
        self.players: dict[int, Player] = {
            seat.index: make_player(seat.level, number * 10 + seat.index) for seat in seats if seat.level
        }
        self._save = save
        self.hold_seconds = hold_seconds

    def levels(self) -> dict[int, str]:
        return {seat.index: seat.level for seat in self.seats if seat.level is not None}

    @property
    def people(self) -> list[Seat]:
        return [seat for seat in self.seats if seat.is_person]

    def free_seat(self) -> Seat | None:
        """A person's seat nobody has taken yet (no client, never joined)."""
        return next((s for s in self.seats if s.is_free), None)

    # ----------------------------------------------------------------- changes

    def save(self) -> None:
        self._save(self)

    def start(self) -> None:
        """Deal the first hand (when the last person's seat is taken)."""
        if self.match.phase is Phase.NOT_STARTED:
            self.start_hand()

    def start_hand(self) -> None:
        events = self.match.start_hand()
        self.save()
        self.tell(events)

    def apply(self, action: Action) -> None:
        events = self.match.apply(action)
        self.save()
        self.tell(events)

    def tell(self, events: list[Event], skip: Seat | None = None) -> None:
        """Every seat and watcher hears ``events``; then whoever is to move hears it is their turn."""
        for seat in self.seats:
            if seat.game is not None and seat is not skip:
                seat.game.heard(events)
        for watcher in self.watchers:
            watcher.heard(events)
        self.prompt_all()

    def prompt_all(self) -> None:
        for seat in self.seats:
            if seat.game is not None:
                seat.game.turn_and_prompt()

    def say_to_all(
        self, message: Callable[[Seat | None], Message | None], kind: LineKind = LineKind.NOTICE
    ) -> None:
        """A notice for everyone at the table (each in their own words: ``message`` gets the seat)."""
        for seat in self.seats:
            if seat.game is not None:
                said = message(seat)
                if said is not None:
                    seat.next_kind = kind
                    try:
                        seat.game.say(said)
                    finally:
                        seat.next_kind = None
        for watcher in self.watchers:
            said = message(None)
            if said is not None:
                watcher.say(said, kind)

    # ---------------------------------------------------------------- computers

    def computer_to_move(self) -> int | None:
        """The computer seat to move now, if any (a link-dead person's seat waits)."""
        match = self.match
        if match.phase is not Phase.PLAYING or match.is_over:
            return None
        seat = match.turn
        return seat if seat in self.players else None

    # --------------------------------------------------------------- link-dead

    def renamed(self, seat: Seat) -> None:
        """Every seat's game calls ``seat`` by its name as it is now (someone sat down or left)."""
        for other in self.seats:
            if other.game is not None:
                other.game.seating.names[seat.index] = seat.name
                other.game.set_language(other.game.i18n.language)

    def free(self, seat: Seat) -> None:
        """A seat left before the match began: nobody's again (a new code, its first name back)."""
        seat.client, seat.game, seat.away_since = None, None, None
        seat.name = f"Seat{seat.index + 1}"
        seat.token = secrets.token_hex(4)
        seat.missed.clear()
        seat.last_prompt = ""

    def left(self, seat: Seat, now: float | None = None) -> None:
        """The seat's connection is gone: keep the seat, note since when."""
        seat.client = None
        seat.away_since = time.monotonic() if now is None else now

    def expired(self, now: float) -> list[Seat]:
        """Seats away longer than the hold: they get a computer player (returned, to be told)."""
        if self.match.is_over:
            return []
        gone = [
            s
            for s in self.seats
            if s.is_person and s.away_since is not None and now - s.away_since > self.hold_seconds
        ]
        for seat in gone:
            seat.level = STAND_IN_LEVEL
            seat.away_since = None
            seat.game = None
            self.players[seat.index] = make_player(STAND_IN_LEVEL, self.number * 10 + seat.index)
        return gone
