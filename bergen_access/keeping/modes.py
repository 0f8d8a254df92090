"""The two ways of keeping score, behind one small interface.

``TrackMode`` follows every play, draw and pass on a ``Table`` and finds the
headers itself; ``TallyMode`` takes only the calls of what scores on a
``Tally``. Each turns a parsed line into a ``Step`` (an entry, a question, or
a reply) and knows its prompt and where the sheet stands; the loop around them
(``ui/keeper.py``) is the same for both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..commands.keep_parser import KeepCommand, KeepKind
from ..commands.which_end import must_ask
from ..core.actions import End, IllegalActionError, Pass, Play, Refusal
from ..core.events import Event, HeaderKind
from ..core.rules import BlockedRule
from ..core.scoring import holding_of
from ..core.table import DrawTiles, Entry, NewHand, Open, Reveal, Table, TablePhase
from ..core.tally import Call, CallBlocked, CallHeader, CallOpen, CallOut, Tally
from ..core.tiles import mask_of
from ..present.keep_text import KeepText
from ..present.message import Message, Prompt
from ..present.refusals import Entered, Refusals
from .steps import (
    Ask,
    ConfirmHolding,
    Enter,
    IsOpener,
    Reply,
    Step,
    WhichEnd,
    WhoWonBlocked,
    holding_from_numbers,
)


class Mode(Protocol):
    """What the keeper's loop needs of a way of keeping score."""

    @property
    def core(self) -> Table | Tally: ...

    @property
    def revealing(self) -> bool:
        """Whether a blocked hand awaits the holdings (lines are read as holdings)."""
        ...

    def step(self, command: KeepCommand, text: KeepText) -> Step: ...

    def check(self, entry: Entry | Call) -> Refusal | None: ...

    def apply(self, entry: Entry | Call) -> list[Event]: ...

    def replay(self, entries: Sequence[Entry | Call]) -> None: ...

    def replayed(self) -> Mode:
        """A fresh mode at the start of this sheet (for export and history)."""
        ...

    def refused(self, reason: Refusal, entry: Entry | Call, text: KeepText) -> Message: ...

    def prompt(self, text: KeepText) -> Prompt: ...

    def status(self, text: KeepText) -> Message: ...

    def next_hand(self, text: KeepText) -> Step:
        """What Enter (or ``next``) does between hands."""
        ...


CALLS = (CallOpen, CallHeader, CallOut, CallBlocked)  # what the tally takes


def _seat(command: KeepCommand, turn: int) -> int:
    return command.seat if command.seat is not None else turn


class TrackMode:
    """Every play, draw and pass, on a tracked ``Table``."""

    def __init__(self, table: Table) -> None:
        self.table = table

    @property
    def core(self) -> Table:
        return self.table

    @property
    def revealing(self) -> bool:
        return self.table.phase is TablePhase.REVEAL

    def check(self, entry: Entry | Call) -> Refusal | None:
        if isinstance(entry, CALLS):
            return Refusal.WRONG_PHASE  # a tally's call has no place on a tracked table
        return self.table.check(entry)

    def apply(self, entry: Entry | Call) -> list[Event]:
        if isinstance(entry, CALLS):
            raise IllegalActionError(Refusal.WRONG_PHASE, entry)
        return self.table.apply(entry)

    def replay(self, entries: Sequence[Entry | Call]) -> None:
        fresh = self.replayed()
        for entry in entries:
            fresh.apply(entry)
        self.table = fresh.table

    def replayed(self) -> TrackMode:
        return TrackMode(Table(self.table.rules, self.table.starting_scores))

    def step(self, command: KeepCommand, text: KeepText) -> Step:
        table = self.table
        if command.kind is KeepKind.TILE:
            return self._tile(command, text)
        if command.kind is KeepKind.DRAW:
            return Enter(DrawTiles(_seat(command, table.turn), command.count))
        if command.kind is KeepKind.PASS:
            return Enter(Pass(_seat(command, table.turn)))
        if command.kind is KeepKind.HOLDING:
            return self._holding(command, text)
        return Reply(text.track_only())

    def _tile(self, command: KeepCommand, text: KeepText) -> Step:
        table = self.table
        tile = command.tile
        assert tile is not None
        if table.phase is TablePhase.OPENING:
            if command.seat is None:
                return Reply(text.who_opens())
            opening = Open(command.seat, tile)
            if table.check(opening) is None and tile != table.rules.expected_opener:
                return Ask(IsOpener(opening))
            return Enter(opening)
        seat = _seat(command, table.turn)
        first_end = End.LEFT if self.table.rules.arms == 2 else 0
        if command.end is None and table.phase is TablePhase.PLAYING and seat == table.turn:
            fits = table.ends_for(tile)
            # beside a lone double too: at a real table the tile lies on one side of it (layout None)
            if must_ask(fits, None) and tile not in table.played and table.counts[seat]:
                return Ask(WhichEnd(Play(seat, tile, fits[0]), fits, table))
            return Enter(Play(seat, tile, fits[0] if fits else first_end))
        return Enter(Play(seat, tile, command.end if command.end is not None else first_end))

    def _holding(self, command: KeepCommand, text: KeepText) -> Step:
        table = self.table
        if table.phase is not TablePhase.REVEAL:
            return Reply(Refusals(text.narrator).entered(Refusal.WRONG_PHASE, Entered(table)))
        seat = (
            command.seat if command.seat is not None else table.rules.seats_of(table.sides_to_reveal()[0])[0]
        )
        side = table.side_of(seat)
        if command.tiles:
            return Enter(Reveal(side, holding_of([mask_of(command.tiles)]), command.tiles))
        numbers = command.numbers
        if table.rules.blocked_rule is BlockedRule.AMERICAN and len(numbers) < 3:
            return Reply(text.need_single_pips())
        reveal = Reveal(side, holding_from_numbers(numbers))
        if not command.confirmed:
            refusal = table.check(reveal)
            if refusal is not None:  # no use asking about what cannot be
                return Reply(Refusals(text.narrator).entered(refusal, Entered(table, None, seat, reveal)))
            return Ask(ConfirmHolding(reveal, outside_given=len(numbers) > 2))
        return Enter(reveal)

    def refused(self, reason: Refusal, entry: Entry | Call, text: KeepText) -> Message:
        tile = getattr(entry, "tile", None)
        seat = getattr(entry, "seat", None)
        reveal = entry if isinstance(entry, Reveal) else None
        return Refusals(text.narrator).entered(reason, Entered(self.table, tile, seat, reveal))

    def prompt(self, text: KeepText) -> Prompt:
        return text.prompt_track(self.table)

    def status(self, text: KeepText) -> Message:
        return text.status(self.table)

    def next_hand(self, text: KeepText) -> Step:
        if self.table.phase in (TablePhase.HAND_OVER, TablePhase.NOT_STARTED):
            return Enter(NewHand())
        return Reply(text.turn(self.table))


class TallyMode:
    """Only what scores, on a ``Tally``: the opening, headers, going out, blocked hands."""

    def __init__(self, tally: Tally) -> None:
        self.tally = tally

    @property
    def core(self) -> Tally:
        return self.tally

    @property
    def revealing(self) -> bool:
        return False

    def check(self, entry: Entry | Call) -> Refusal | None:
        if not isinstance(entry, CALLS):
            return Refusal.WRONG_PHASE  # a tracked entry has no place in the tally
        return self.tally.check(entry)

    def apply(self, entry: Entry | Call) -> list[Event]:
        if not isinstance(entry, CALLS):
            raise IllegalActionError(Refusal.WRONG_PHASE, entry)
        return self.tally.apply(entry)

    def replay(self, entries: Sequence[Entry | Call]) -> None:
        fresh = self.replayed()
        for entry in entries:
            fresh.apply(entry)
        self.tally = fresh.tally

    def replayed(self) -> TallyMode:
        tally = self.tally
        return TallyMode(Tally(tally.rules, tally.starting_scores, openings=tally.openings))

    def step(self, command: KeepCommand, text: KeepText) -> Step:
        tally = self.tally
        if command.kind is KeepKind.TILE and not tally.opened:
            if command.seat is None or command.end is not None:
                return Reply(text.who_opens())
            assert command.tile is not None
            call = CallOpen(command.seat, command.tile)
            if tally.check(call) is None and command.tile != tally.rules.expected_opener:
                return Ask(IsOpener(call))  # asked back as when tracking
            return Enter(call)
        if command.kind is KeepKind.HEADER:
            assert command.seat is not None and command.header is not None
            return Enter(CallHeader(command.seat, command.header))
        if command.kind is KeepKind.OUT:
            assert command.seat is not None
            return Enter(CallOut(command.seat))
        if command.kind is KeepKind.BLOCKED:
            if command.argument == "ask":
                return Ask(WhoWonBlocked())
            winner = None if command.seat is None else tally.rules.side_of(command.seat)
            return Enter(CallBlocked(winner))
        return Reply(text.tally_only())

    def refused(self, reason: Refusal, entry: Entry | Call, text: KeepText) -> Message:
        told = Entered(self.tally, getattr(entry, "tile", None), getattr(entry, "seat", None))
        return Refusals(text.narrator).entered(reason, told)

    def prompt(self, text: KeepText) -> Prompt:
        return text.prompt_tally(self.tally)

    def status(self, text: KeepText) -> Message:
        return text.status(self.tally)

    def next_hand(self, text: KeepText) -> Step:
        if not self.tally.opened:
            return Reply(text.hand_started())
        return Reply(text.score(self.tally))


def mode_of(core: Table | Tally) -> TrackMode | TallyMode:
    return TrackMode(core) if isinstance(core, Table) else TallyMode(core)


__all__ = ["HeaderKind", "Mode", "TallyMode", "TrackMode", "mode_of"]
