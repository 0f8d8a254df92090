"""What a seat was told, as data: each announcement of a match's news, kept as the facts it said.

A seat's history (``history``, ``repeat``, ``why``, a resumed or rejoined match,
a record stepped through) is a list of these, rendered when asked in the
language and verbosity of that moment; they hold no words. How events become
these records, one announcement each, is ``Telling``'s: another seat's run of
draws is one, a score and the counters it discards are one, and a hand's end
first shows what the others still held.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .actions import Action, Draw
from .dealers import dealer_from_spec
from .engine import Match, Phase
from .events import CountersDiscarded, Drew, Event, HandBlocked, HandEnded, HeaderScored, MatchWon, WentOut
from .tiles import Tile

SCORES = (HeaderScored, WentOut, HandBlocked)  # events a counters' discard may follow


@dataclass(frozen=True, slots=True)
class EventTold:
    """One event, told on its own."""

    event: Event


@dataclass(frozen=True, slots=True)
class ScoreTold:
    """A score and the counters it made a side discard, told as one."""

    event: Event
    counters: CountersDiscarded


@dataclass(frozen=True, slots=True)
class DrawsTold:
    """One seat's consecutive draws, told as one."""

    draws: tuple[Drew, ...]

    @property
    def event(self) -> Event:
        return self.draws[-1]


@dataclass(frozen=True, slots=True)
class HeldShown:
    """At a hand's end, the tiles each other seat still held."""

    held: tuple[tuple[int, tuple[Tile, ...]], ...]

    @property
    def event(self) -> None:
        return None


Told = EventTold | ScoreTold | DrawsTold | HeldShown


def with_counters(events: Sequence[Event]) -> Iterator[tuple[Event, CountersDiscarded | None]]:
    """Each event, with the counters its score makes a side discard: told as one announcement (the
    discard is not told again on its own)."""
    for index, event in enumerate(events):
        if isinstance(event, CountersDiscarded) and index and isinstance(events[index - 1], SCORES):
            continue
        following = events[index + 1] if index + 1 < len(events) else None
        if isinstance(event, SCORES) and isinstance(following, CountersDiscarded):
            yield event, following
        else:
            yield event, None


class Telling:
    """The records one seat is told, kept in order; another seat's draws are held until they end.

    ``tell`` takes events as they happen in ``match`` and returns the records to announce now."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.told: list[Told] = []
        self.pending: list[Drew] = []

    def tell(self, events: Sequence[Event], match: Match) -> list[Told]:
        out: list[Told] = []
        for event, counters in with_counters(events):
            if isinstance(event, Drew) and event.seat != self.seat:
                if self.pending and self.pending[0].seat != event.seat:
                    out += self.flush()
                self.pending.append(event)
                continue
            out += self.flush()
            if counters is not None:
                out.append(self._keep(ScoreTold(event, counters)))
                continue
            if isinstance(event, HandEnded | MatchWon):
                others = (seat for seat in range(match.players) if seat != self.seat)
                shown = tuple((seat, match.hand(seat)) for seat in others if match.hand(seat))
                if shown:
                    out.append(self._keep(HeldShown(shown)))
            out.append(self._keep(EventTold(event)))
        return out

    def flush(self) -> list[Told]:
        """Another seat's held draws, told now (its run ended: a choice came, or the turn moved on)."""
        if not self.pending:
            return []
        draws, self.pending = tuple(self.pending), []
        return [self._keep(DrawsTold(draws))]

    def before_move(self, match: Match) -> list[Told]:
        """A move is about to be made in ``match``: another seat's held draws are told first when the
        mover is this seat, or has a choice (it thinks now, after its draws were heard). A seat that
        drew and may draw again (drawing while able to play) goes on with its run: its draws, forced or
        chosen, are one announcement, told when it plays, passes or must choose among plays."""
        if match.turn == self.seat:
            return self.flush()
        legal = match.legal_actions()
        if self.pending and self.pending[0].seat == match.turn and Draw(match.turn) in legal:
            return []
        if len(legal) > 1:
            return self.flush()
        return []

    def own_draws(self, draws: Sequence[Drew]) -> Told:
        """This seat's own run of draws (answered by its reply; kept as the draws)."""
        return self._keep(DrawsTold(tuple(draws)))

    def _keep(self, item: Told) -> Told:
        self.told.append(item)
        return item


def draw_run_goes_on(match: Match, seat: int, forced: bool) -> bool:
    """A seat's draw is one run of draws while it was forced (nothing fitted) and still nothing fits."""
    return forced and not match.playable(seat)


class Retelling:
    """A match told again from its deal, as the game's loop told it to ``seat``: each ``step`` is one
    thing the loop did (a hand dealt, the seat's move, its run of forced draws, another seat's move),
    replaying the engine only; ``telling`` holds what was told. ValueError: the actions are not a
    match the loop could have made."""

    def __init__(self, recorded: Match, seat: int) -> None:
        self.actions: list[Action] = list(recorded.actions)
        self.hands = recorded.hand_number
        self.match = Match(recorded.rules, dealer_from_spec(recorded.dealer.spec()), recorded.starting_scores)
        self.telling = Telling(seat)

    @property
    def finished(self) -> bool:
        """Every action replayed (and the last hand dealt, if the record went that far)."""
        match = self.match
        dealt = match.hand_number >= self.hands or match.phase not in (Phase.NOT_STARTED, Phase.HAND_OVER)
        return len(match.actions) >= len(self.actions) and dealt

    def step(self) -> tuple[list[Told], tuple[Drew, ...]]:
        """The next thing the loop did: what it told, and the seat's own draws (answered by a reply)."""
        match, telling, seat = self.match, self.telling, self.telling.seat
        if match.phase in (Phase.NOT_STARTED, Phase.HAND_OVER):
            return telling.tell(match.start_hand(), match), ()
        done = len(match.actions)
        action = self.actions[done]
        if match.check(action) is not None:
            raise ValueError("the record does not replay")
        told = telling.before_move(match)
        if action != Draw(seat):
            return told + telling.tell(match.apply(action), match), ()
        forced, events = not match.playable(seat), list(match.apply(action))
        while (
            draw_run_goes_on(match, seat, forced)
            and len(match.actions) < len(self.actions)
            and self.actions[len(match.actions)] == action
            and match.check(action) is None
        ):
            events += match.apply(action)
        own = tuple(event for event in events if isinstance(event, Drew))
        telling.own_draws(own)
        return told + telling.tell([event for event in events if not isinstance(event, Drew)], match), own

    def to_end(self) -> Telling:
        """Every step, to where the loop stopped: what was told. The loop tells another seat's held
        draws before it asks the seat, before a mover with a choice thinks (both before anything more
        is saved), and before it says goodbye: so they were told if it stopped there."""
        while not self.finished:
            self.step()
        match = self.match
        if match.is_over:
            self.telling.flush()
        elif match.phase is Phase.PLAYING:
            self.telling.before_move(match)
        return self.telling


def told_history(recorded: Match, seat: int) -> Telling | None:
    """What the loop told ``seat`` over ``recorded``, from its deal (None: it does not replay so)."""
    try:
        return Retelling(recorded, seat).to_end()
    except (IndexError, ValueError):
        return None


__all__ = [
    "SCORES",
    "DrawsTold",
    "EventTold",
    "HeldShown",
    "Retelling",
    "ScoreTold",
    "Telling",
    "Told",
    "draw_run_goes_on",
    "told_history",
    "with_counters",
]
