"""A table of the server: one match, its seats (people or computers), its watchers.

Each person's seat is a console ``Game`` of its own (``SeatGame``): the same
commands, replies and announcements as at the console, in that player's
language and verbosity, from that seat's view only. The table owns the match:
a move from any seat is applied once, saved (write-ahead), then told to every
seat and watcher, each event seen as that seat may see it (``seen_by``).
Computer seats move in a worker thread while nobody else can change the match.
A seat whose connection dropped is kept for a while (link-dead): the table
waits on its turn, keeps what it was told, and gives it a computer player when
the time is up. A line written to a connection that has just died is lost with
it, and the server may notice the death only later: so a seat keeps every line
it was told since its person's last line (``since_heard``), each with its number
and kind, and a rejoin hears all of them as they were told, then the state it is
in now. After a hand the next is dealt when every person at the table has said
they are ready (``next`` or Enter); computers are always ready, and a seat that
is away is waited for until its hold ends, when its computer stand-in is ready
for it.
"""

from __future__ import annotations

import io
import secrets
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..commands.lexicon import CommandKind, Lexicon
from ..commands.parser import ParseError
from ..core.actions import Action
from ..core.engine import Match, Phase
from ..core.events import Event
from ..i18n import I18n
from ..output.announcer import Announcer
from ..players import play_player, seat_seed
from ..players.base import Player
from ..present.message import Cue, Message, Verbosity
from ..present.narrator import Narrator
from ..present.table_talk import TableTalk
from ..present.words import Words
from ..seat.match_seat import MatchSeat, Seating
from ..seat.moves import Again, Told, apply_run
from ..seat.session import quiet_session
from . import texts
from .gmcp import LineKind

if TYPE_CHECKING:
    from .session import Session

#: lines a seat keeps for a rejoin (the oldest go first)
MOST_MISSED = 400
#: the level a seat gets when its player did not come back in time
STAND_IN_LEVEL = "normal"


class Line(Protocol):
    """Where a seat's or watcher's lines go: the connection, or nowhere while it is away."""

    def send_line(self, text: str, number: int | None = None) -> None: ...

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


def tell_heading(line: Line | None) -> None:
    """Tell a connection that marks headings (the web page) that the next line opens a hand."""
    send_heading: Callable[[], None] | None = getattr(line, "send_heading", None)
    if send_heading is not None:
        send_heading()


def tell_kind(line: Line | None, kind: LineKind) -> None:
    """Tell a connection that speaks GMCP what kind the next lines are (others have no such method)."""
    send_kind: Callable[[LineKind], None] | None = getattr(line, "send_kind", None)
    if send_kind is not None:
        send_kind(kind)


class SeatAnnouncer(Announcer):
    """A seat's announcer: each message's lines go to the seat with their kind (from its cue, or a
    reply), or the kind the table gives them (a notice, a chat, a refusal)."""

    def __init__(self, seat: Seat, *, language: str, terse: bool) -> None:
        super().__init__(io.StringIO(), language=language, terse=terse)  # nothing is printed here
        self.seat = seat
        self._kind: LineKind | None = None

    def announce_as(self, message: Message, kind: LineKind) -> None:
        """Announce ``message`` as lines of ``kind``."""
        self._kind = kind
        try:
            self.announce(message)
        finally:
            self._kind = None

    def print_lines(self, lines: list[str], message: Message) -> None:
        kind = self._kind or (KIND_OF_CUE.get(message.cue) if message.cue is not None else None)
        self.seat.tell(
            lines, kind or (LineKind.REPLY if message.urgent else LineKind.EVENT), heading=message.heading
        )


class ToldLine(NamedTuple):
    """A line a seat was told, as a rejoin tells it again: its number among the seat's lines (a page
    shows each number once), its text, its kind (GMCP's ``Bergen.Line``, the page's ``kind``)."""

    number: int
    text: str
    kind: LineKind
    heading: bool = False  # the first line of a hand (a page's heading)


@dataclass
class Seat:
    """A place at the table: a person (with a rejoin token) or a computer."""

    index: int
    name: str
    level: str | None = None  # a computer's level; None for a person
    token: str = field(default_factory=lambda: secrets.token_hex(4))
    client: Line | None = None  # the connection its person is on now (None: nobody, or away)
    session: Session | None = None  # its person, kept while away (a rejoin moves it to a new connection)
    game: SeatGame | None = None
    away_since: float | None = None
    told: deque[ToldLine] = field(default_factory=lambda: deque(maxlen=MOST_MISSED))  # the newest lines told
    told_count: int = 0  # lines told since the seat was taken (the newest are in ``told``)
    heard_upto: int = 0  # ``told_count`` when its person's last line arrived: what came after may be lost
    last_prompt: str = ""  # the prompt last sent, so it is not sent twice with nothing between
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

    def tell(self, lines: list[str], kind: LineKind, heading: bool = False) -> None:
        """A message's lines for the seat, of their kind: sent if its person is here, and kept either
        way (for a rejoin). ``heading``: its first line opens a hand."""
        self.last_prompt = ""
        tell_kind(self.client, kind)
        for place, line in enumerate(lines):
            self.told_count += 1
            self.told.append(ToldLine(self.told_count, line, kind, heading and place == 0))
            if self.client is not None:
                if heading and place == 0:
                    tell_heading(self.client)
                self.client.send_line(line, self.told_count)

    def tell_again(self, lines: list[ToldLine]) -> None:
        """Lines it was told before (a rejoin's missed lines), again with the number and kind they were
        first told with (they are kept already: not twice)."""
        if self.client is None:
            return
        self.last_prompt = ""
        for line in lines:
            tell_kind(self.client, line.kind)
            if line.heading:
                tell_heading(self.client)
            self.client.send_line(line.text, line.number)

    def heard(self) -> None:
        """A line came from the seat's person: what it was told before, it had (TCP keeps the order)."""
        self.heard_upto = self.told_count

    def since_heard(self) -> list[ToldLine]:
        """Every line told since its person's last line (as many as are kept): what a connection that
        died unnoticed may have lost, and everything told while the seat was away."""
        count = min(self.told_count - self.heard_upto, len(self.told))
        return list(self.told)[len(self.told) - count :] if count else []

    def to_tell_again(self, shown: int | None) -> tuple[list[ToldLine], list[ToldLine]]:
        """A rejoin's lines: the hand's heading (only for a page that shows none of the hand: a
        transcript has each hand under its heading), then those its person missed (``since_heard``)
        but for those the page shows already. ``shown``: the highest of the seat's line numbers the
        page shows (None: a telnet client, which says nothing of it and is told every missed line)."""
        missed = self.since_heard()
        if shown is None:
            return [], missed
        missed = [line for line in missed if line.number > shown]
        heading = next((line for line in reversed(self.told) if line.heading), None)
        if heading is None or heading.number <= shown or heading in missed:
            return [], missed
        return [heading], missed

    def forget_told(self) -> None:
        """The lines were told again (a rejoin): the next rejoin starts after them."""
        self.heard_upto = self.told_count


class TableMoves:
    """A seat's moves at a shared table: applied once by the table, saved, told to every seat."""

    def __init__(self, table: Table, seat: Seat) -> None:
        self.table = table
        self.seat = seat

    def apply(self, action: Action, *, again: Again | None = None, mover: Told | None = None) -> None:
        self.table.apply(action, again=again, mover=None if mover is None else (self.seat, mover))

    def start_hand(self) -> None:
        """``next`` or Enter after a hand: this seat is ready; the hand is dealt when everyone is."""
        self.table.say_ready(self.seat)

    def save(self) -> None:
        self.table.save()


class SeatGame(MatchSeat):
    """One person's seat of a shared match: the console's seat, its moves through the table, its lines to
    the connection."""

    def __init__(self, table: Table, seat: Seat, *, language: str, verbosity: Verbosity) -> None:
        self.table = table
        self.place = seat
        seating = Seating([s.name for s in table.seats], seat.index, table.levels())
        announcer = SeatAnnouncer(seat, language=language, terse=verbosity is Verbosity.TERSE)
        self.lines = announcer
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

    def orient(self) -> None:
        """The match's orientation, as the console says it when a match begins."""
        self.say(self.table_talk.orientation(self.match.rules, self.lexicon.main_word(CommandKind.HELP)))

    def refuse(self, error: ParseError) -> None:
        """A line that is no command: its answer is told as a refusal (GMCP's ``Bergen.Line``)."""
        self.lines.announce_as(self.refusal(error), LineKind.REFUSAL)
        self.ask_again_if_aside()


def _seen(event: Event, seat: int) -> Event:
    seen_by: Callable[[int], Event] | None = getattr(event, "seen_by", None)
    return seen_by(seat) if seen_by is not None else event


class Watcher:
    """Someone watching a table: every event as nobody's tiles, nothing hidden shown."""

    def __init__(self, table: Table, client: Line, *, language: str, verbosity: Verbosity) -> None:
        self.client = client
        self.table = table
        self.verbosity = verbosity
        self.narrator = self._narrator(I18n(language))
        self.terse = verbosity is Verbosity.TERSE

    def _narrator(self, i: I18n) -> Narrator:
        words = Words(i, self.table.match.rules, [s.name for s in self.table.seats], None)
        return Narrator(words, self.verbosity)

    def renamed(self) -> None:
        """Someone sat down or left: the seats are called by their names as they are now."""
        self.narrator = self._narrator(self.narrator.words.i18n)

    def orient(self) -> None:
        """The match's orientation: the rules, the target, who plays in which order, the help word."""
        talk = TableTalk(self.narrator, self.table.levels())
        help_word = Lexicon(self.narrator.words.i18n).main_word(CommandKind.HELP)
        self.say(talk.orientation(self.table.match.rules, help_word))

    def heard(self, events: Iterable[Event]) -> None:
        for event in events:
            message = self.narrator.narrate(_seen(event, -1))
            if message is not None:
                cue = message.cue
                self.say(message, KIND_OF_CUE.get(cue, LineKind.EVENT) if cue is not None else LineKind.EVENT)

    def say(self, message: Message, kind: LineKind = LineKind.EVENT) -> None:
        tell_kind(self.client, kind)
        text = message.braille if self.terse else message.text
        for place, line in enumerate(text.splitlines()):
            if message.heading and place == 0:
                tell_heading(self.client)
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
            seat.index: play_player(seat.level, seat_seed(match, seat.index)) for seat in seats if seat.level
        }
        self._save = save
        self.hold_seconds = hold_seconds
        self.ready: set[int] = set()  # the people's seats ready for the next hand (emptied at each deal)
        self.ended = False  # its match is over and what follows a match was done (the ratings)
        #: a table of the server's tournament (``tourney.py``): it plays on with computers only, and is
        #: kept until its match is over
        self.tournament = False
        #: journal entries the match does not hold (computers' moves the clock cut short), for the next save
        self.notes: list[dict[str, Any]] = []

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
        """Deal the first hand (when the last person's seat is taken): first everyone hears whom they
        play, to what target and in which order, each in their own language."""
        if self.match.phase is Phase.NOT_STARTED:
            for seat in self.seats:
                if seat.game is not None:
                    seat.game.orient()
            for watcher in self.watchers:
                watcher.orient()
            self.start_hand()

    def start_hand(self) -> None:
        self.ready.clear()
        events = self.match.start_hand()
        self.save()
        self.tell(events)

    def apply(
        self, action: Action, *, again: Again | None = None, mover: tuple[Seat, Told] | None = None
    ) -> None:
        """Make a move once for everyone (``again``: a run of draws as one move), save it, then tell it:
        the mover in its own words when ``mover`` says how, every other seat and watcher as news."""
        events = apply_run(self.match, action, again)
        self.save()
        if mover is None:
            self.tell(events)
            return
        seat, tell_mover = mover
        tell_mover(events)
        self.tell(events, skip=seat)

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
                    seat.game.lines.announce_as(said, kind)
        for watcher in self.watchers:
            said = message(None)
            if said is not None:
                watcher.say(said, kind)

    # ------------------------------------------------------------ ready, deal

    def waited_for(self) -> list[Seat]:
        """The people the next hand waits for: not ready yet (an away seat too, until its hold ends)."""
        return [seat for seat in self.people if seat.index not in self.ready]

    def say_ready(self, seat: Seat) -> None:
        """``seat`` is ready for the next hand: dealt if everyone is, else the table hears whom it waits
        for (the ready seats) and that someone is ready (the others)."""
        if self.match.phase is not Phase.HAND_OVER or self.match.is_over:
            return
        if seat.index in self.ready and seat.game is not None:  # said again: only they hear it again
            said = self.waiting_said(seat, self.waited_for())
            if said is not None:
                seat.game.say(said)
            return
        self.ready.add(seat.index)
        if not self.deal_if_ready():
            self.tell_waiting(seat.name)

    def deal_if_ready(self) -> bool:
        """Deal the next hand if every person at the table is ready; whether it was dealt."""
        if self.match.phase is not Phase.HAND_OVER or self.match.is_over or self.waited_for():
            return False
        self.start_hand()
        return True

    def tell_waiting(self, name: str | None) -> None:
        """Each seat hears where the next hand stands, in its own words: a ready seat whom the table
        waits for, a seat not ready that ``name`` is ready now (or that it is the last one)."""
        waited = self.waited_for()
        for seat in self.seats:
            if seat.game is not None:
                said = self.waiting_said(seat, waited, name)
                if said is not None:
                    seat.game.say(said)
        self.prompt_all()  # the prompt after the news, as after every move

    def waiting_said(self, seat: Seat, waited: list[Seat], name: str | None = None) -> Message | None:
        """What ``seat`` hears about the next hand: ``name`` just said it is ready (None: the state as it
        is, for a seat that comes back); None when it has nothing to hear."""
        assert seat.game is not None
        i = seat.game.i18n
        if seat.index in self.ready:
            return texts.waiting_ready(
                i, [texts.waited_name(i, s.name, away=s.client is None) for s in waited]
            )
        next_word = Lexicon(i).main_word(CommandKind.NEXT)
        if waited == [seat]:
            return texts.others_ready(i, next_word)
        ready = [s.name for s in self.people if s.index in self.ready]
        if name is not None and name != seat.name:
            return texts.is_ready(i, [name], next_word)
        if name is None and ready:
            return texts.is_ready(i, ready, next_word)
        return None

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
        for watcher in self.watchers:
            watcher.renamed()

    def free(self, seat: Seat) -> None:
        """A seat left before the match began: nobody's again (a new code, its first name back)."""
        seat.client, seat.session, seat.game, seat.away_since = None, None, None, None
        seat.name = f"Seat{seat.index + 1}"
        seat.token = secrets.token_hex(4)
        seat.told.clear()
        seat.told_count = seat.heard_upto = 0
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
            seat.game = seat.session = None
            self.players[seat.index] = play_player(STAND_IN_LEVEL, seat_seed(self.match, seat.index))
        return gone
