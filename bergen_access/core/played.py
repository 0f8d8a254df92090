"""A played match as a record of its own: the save record (rules, seed, seats, every action) and when.

The save keeps only the match being played; these records keep every match,
finished or left, so the player can look back. Each is the save's record
(``record.py``, replayed to be trusted) inside a small envelope: when it
started and ended, and what the save may not say (moves taken back; the
network table it was played at). The envelope has its own version: a reader
of version N reads every version up to N (``upgrade``), and ignores keys it
does not know, so the format can grow. Version 2 added ``table``: a match of
``bergen serve``, whose seats may be several people (version 1 had one player).
"""

from __future__ import annotations

from typing import Any

from .engine import Match
from .record import RecordError, check_kind, from_record, to_record
from .refused import RecordProblem
from .schema import Check, SchemaError, integer, nullable, obj, string

FORMAT = "bergen-access-played-match"
VERSION = 2
FIRST_VERSION = 1
MOST_TABLE = 1_000_000
TABLE_VERSION = 2  # the version that added ``table``
STAMP: Check = string(40, r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")  # local time, to the second
MOST_TAKEN_BACK = 1_000_000


def played_record(
    match: Match,
    seats: list[dict[str, Any]],
    started: str,
    ended: str | None,
    taken_back: int = 0,
    *,
    table: int | None = None,
) -> dict[str, Any]:
    """The record of a match as played so far (``ended`` once it is over; ``table``: the server's
    table it is played at)."""
    inner = to_record(match, seats)
    record = {
        "format": FORMAT,
        "version": VERSION,
        "started": started,
        "ended": ended,
        "taken_back": max(taken_back, _taken_back_of(inner)),
    }
    if table is not None:
        record["table"] = table
    return {**record, "match": inner}


def _taken_back_of(inner: dict[str, Any]) -> int:
    """Moves the save itself says were taken back (a count, or the list of them), if it says so."""
    value = inner.get("taken_back", 0)
    if isinstance(value, list):  # each take-back with the actions it took back: the moves are counted
        return sum(
            len(e["actions"]) for e in value if isinstance(e, dict) and isinstance(e.get("actions"), list)
        )
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def upgrade(record: dict[str, Any]) -> dict[str, Any]:
    """A record of any version this program reads, as the newest version: version 2 only added
    ``table`` (in a version-1 record a key of that name meant nothing, and is dropped)."""
    upgraded = {**record, "version": VERSION}
    if record["version"] < TABLE_VERSION:
        upgraded.pop("table", None)
    return upgraded


ENVELOPE: Check = obj(
    {"started": STAMP, "match": obj({})},
    {
        "ended": nullable(STAMP),
        "taken_back": integer(0, MOST_TAKEN_BACK),
        "table": integer(1, MOST_TABLE),
    },
)


def check_played(record: Any) -> dict[str, Any]:
    """The envelope's kind, version and shape; the record as the newest version, or ``RecordError``."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(RecordProblem.NOT_A_RECORD)
    version = record.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not FIRST_VERSION <= version <= VERSION:
        check_kind(record, FORMAT, VERSION)  # the one refusal for a version we do not read
    upgraded = upgrade(record)
    try:
        ENVELOPE(upgraded, "record")
    except SchemaError as error:
        raise RecordError(RecordProblem.MALFORMED, error.where) from None
    return upgraded


def from_played(record: Any, seat: Check) -> tuple[Match, list[dict[str, Any]], dict[str, Any]]:
    """The match a record holds, replayed, with its seats and the (upgraded) envelope."""
    envelope = check_played(record)
    match, seats = from_record(envelope["match"], seat)
    return match, seats, envelope
