"""A match's journal as data: a header, then what happened, one small entry at a time.

The journal is both the save and the match's record: a writer only ever adds
entries at its end (the moves made, a hand dealt, moves taken back, the match
ended or left), so a move costs the same at move 2,000 as at move 2, and the
save and the record can never disagree. Reading replays the entries through
the engine (``record.from_record``), so a journal that does not replay is
detected, not trusted. Files, fsync and damaged tails are the session layer's.

Version 3 is the first journal; saves and records of versions 1 and 2 (whole
JSON files) are still read by ``record.py`` and ``played.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .engine import Match
from .played import STAMP
from .record import (
    ACTION,
    DEALER,
    MOST_ACTIONS,
    MOST_HANDS,
    MOST_TAKE_BACKS,
    RULES,
    SCORES,
    TAKE_BACK,
    TAKEN_BACK,
    RecordError,
    action_to_json,
    any_seat,
    check_kind,
    from_record,
    to_record,
)
from .record import VERSION as MATCH_VERSION
from .refused import RecordProblem
from .schema import Check, SchemaError, array, integer, obj

FORMAT = "bergen-access-journal"
VERSION = 3
MOST_TABLE = 1_000_000
MOST_ENTRIES = 400_000  # far beyond any match: about 30 moves and one deal a hand
MOST_WORK = 10**9  # playouts of one decision

HEADER: Check = obj(
    {"rules": RULES, "dealer": DEALER, "started": STAMP},
    {
        "scores": SCORES,
        "seats": array(obj({}), 4),
        "table": integer(1, MOST_TABLE),
        #: take-backs made before the journal began (a save of version 2 carried on as a journal)
        "taken_back": TAKEN_BACK,
    },
)

#: one entry: exactly one of these keys
ENTRY_KINDS: dict[str, Check] = {
    "moves": array(ACTION, MOST_ACTIONS),  # moves made, in order
    "deal": integer(1, MOST_HANDS),  # the hand of this number was dealt
    "undo": TAKE_BACK,
    "ended": STAMP,  # the match is over
    "left": STAMP,  # the player started another match instead of going on with this one
    "seats": array(obj({}), 4),  # who sits where from now on (a network table's seats change)
    #: a computer's move (the action at ``at``) whose search the wall-clock ceiling cut short: ``work`` of
    #: ``of`` playouts done, so that move is the busy machine's, not a function of the seed alone
    "hurried": obj(
        {
            "at": integer(0, MOST_ACTIONS),
            "seat": integer(0, 3),
            "work": integer(0, MOST_WORK),
            "of": integer(1, MOST_WORK),
        }
    ),
}


def header(
    match: Match,
    seats: Sequence[dict[str, Any]],
    started: str,
    *,
    table: int | None = None,
    taken_back: Sequence[tuple[int, Sequence[Action]]] = (),
) -> dict[str, Any]:
    """The journal's first line: what the match is (rules, deal, seats) and when it started."""
    whole = to_record(match)  # the rules and the deal as the save of version 2 wrote them
    head: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "started": started,
        "rules": whole["rules"],
        "dealer": whole["dealer"],
        "scores": whole["scores"],
        "seats": list(seats),
    }
    if table is not None:
        head["table"] = table
    if taken_back:
        head["taken_back"] = [
            {"at": at, "actions": [action_to_json(a) for a in actions]} for at, actions in taken_back
        ]
    return head


def moves(actions: Iterable[Action]) -> dict[str, Any]:
    return {"moves": [action_to_json(a) for a in actions]}


def deal(hand: int) -> dict[str, Any]:
    return {"deal": hand}


def undo(at: int, actions: Iterable[Action]) -> dict[str, Any]:
    return {"undo": {"at": at, "actions": [action_to_json(a) for a in actions]}}


def seats_now(seats: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {"seats": list(seats)}


def hurried(at: int, seat: int, work: int, of: int) -> dict[str, Any]:
    """The computer at ``seat`` chose the action at ``at`` with ``work`` of its ``of`` playouts: the
    wall-clock ceiling stopped its search (a machine too busy to finish)."""
    return {"hurried": {"at": at, "seat": seat, "work": work, "of": of}}


def ended(stamp: str) -> dict[str, Any]:
    return {"ended": stamp}


def left(stamp: str) -> dict[str, Any]:
    return {"left": stamp}


@dataclass
class Progress:
    """How much of a match a journal holds: what a writer compares the match with to know what to add."""

    actions: int = 0
    hands: int = 0
    taken_back: int = 0
    ended: bool = False

    @classmethod
    def of(cls, match: Match) -> Progress:
        return cls(len(match.actions), match.hand_number, len(match.taken_back), match.is_over)


def entries_since(match: Match, done: Progress, stamp: str) -> list[dict[str, Any]]:
    """What ``match`` did since ``done`` (updated to now), as entries: moves taken back first, then the
    moves, the deals and the end. Each take-back cuts at or before the moves written (core/takeback)."""
    entries: list[dict[str, Any]] = []
    for at, taken in match.taken_back[done.taken_back :]:
        entries.append(undo(at, taken))
        done.actions = min(done.actions, at)
    done.taken_back = len(match.taken_back)
    if len(match.actions) > done.actions:
        entries.append(moves(match.actions[done.actions :]))
        done.actions = len(match.actions)
    if match.hand_number > done.hands:
        entries.append(deal(match.hand_number))
        done.hands = match.hand_number
    if match.is_over and not done.ended:
        entries.append(ended(stamp))
        done.ended = True
    return entries


@dataclass
class Replayed:
    """A journal read back: the match replayed, its seats, and what the record listing needs."""

    match: Match
    seats: list[dict[str, Any]]
    envelope: dict[str, Any] = field(default_factory=dict)

    @property
    def left(self) -> bool:
        return bool(self.envelope.get("left"))


def check_header(head: Any) -> dict[str, Any]:
    check_kind(head, FORMAT, VERSION)
    try:
        HEADER(head, "journal")
    except SchemaError as error:
        raise RecordError(RecordProblem.MALFORMED, error.where) from None
    return dict(head)


def check_entry(entry: Any, number: int) -> tuple[str, Any]:
    """The one kind an entry is and its value; ``RecordError`` naming the entry otherwise."""
    where = f"journal[{number}]"
    if not isinstance(entry, dict) or len(entry) != 1 or next(iter(entry)) not in ENTRY_KINDS:
        raise RecordError(RecordProblem.BAD_ENTRY, where)
    kind, value = next(iter(entry.items()))
    try:
        ENTRY_KINDS[kind](value, f"{where}.{kind}")
    except SchemaError as error:
        raise RecordError(RecordProblem.MALFORMED, error.where) from None
    return kind, value


def replay(head: Any, entries: Sequence[Any], seat: Check = any_seat) -> Replayed:
    """The match a journal holds (the header, then its entries), replayed through the engine."""
    head = check_header(head)
    actions: list[dict[str, Any]] = []
    taken: list[dict[str, Any]] = list(head.get("taken_back", []))  # checked with the rest by from_record
    hands, finished, left_at, hurried_moves = 1, None, None, 0
    for number, entry in enumerate(entries, start=1):
        kind, value = check_entry(entry, number)
        if finished is not None or left_at is not None:
            raise RecordError(RecordProblem.BAD_ENTRY, f"journal[{number}]")  # nothing after the end
        if kind == "moves":
            actions.extend(value)
        elif kind == "deal":
            hands = value
        elif kind == "undo":
            if value["at"] > len(actions):
                raise RecordError(RecordProblem.MALFORMED, f"journal[{number}].undo.at")
            if len(taken) >= MOST_TAKE_BACKS:
                raise RecordError(RecordProblem.MALFORMED, f"journal[{number}].undo")
            del actions[value["at"] :]
            taken.append(value)
        elif kind == "seats":
            head["seats"] = value
        elif kind == "hurried":
            if value["at"] >= len(actions):
                raise RecordError(RecordProblem.MALFORMED, f"journal[{number}].hurried.at")
            hurried_moves += 1
        elif kind == "ended":
            finished = value
        else:
            left_at = value
    record = {
        "format": "bergen-access-match",
        "version": MATCH_VERSION,
        "rules": head["rules"],
        "dealer": head["dealer"],
        "scores": head.get("scores"),
        "seats": head.get("seats", []),
        "hands": hands,
        "actions": actions,
        "taken_back": taken,
    }
    match, seats = from_record(record, seat)  # every action and take-back checked before the replay
    envelope: dict[str, Any] = {
        "started": head["started"],
        "ended": finished,
        "taken_back": sum(len(a) for _, a in match.taken_back),
        "left": left_at,
        "hurried": hurried_moves,  # computers' moves the wall-clock ceiling cut short
    }
    if "table" in head:
        envelope["table"] = head["table"]
    return Replayed(match, seats, envelope)
