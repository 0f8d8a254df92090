"""The saved match: its text, and a careful read that replays it; the record format is the core's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..boundary import MAX_NAME, name_problem
from ..core.engine import Match
from ..core.record import RecordError, from_record, to_record
from ..core.refused import SchemaProblem
from ..core.schema import Check, SchemaError, nullable, obj, string
from ..players.levels import LEVELS
from .untrusted import MAX_SAVE_BYTES, DamagedFile, read_json

MATCH_FILE = "match.json"


def checked_name(value: Any, where: str) -> None:
    """A name read from a file: the same rule as a name typed on the command line."""
    string(MAX_NAME)(value, where)
    if name_problem(value) is not None:
        raise SchemaError(where, SchemaProblem.NOT_A_NAME)


def checked_seat(value: Any, where: str) -> None:
    """A seat of a saved match: a name, human or computer, and a level we have."""
    obj(
        {"name": checked_name, "kind": string(10, None, ("human", "computer"))},
        {"level": nullable(string(10, None, tuple(LEVELS)))},
    )(value, where)


def match_text(match: Match, seats: list[dict[str, Any]] | None = None) -> str:
    """A match as its save file's text (rules, dealer seed, seats, actions)."""
    return json.dumps(to_record(match, seats), indent=1) + "\n"


def load_match(path: Path, seat: Check | None = None) -> tuple[Match, list[dict[str, Any]]]:
    """Read and replay a saved match; ``DamagedFile`` if it cannot be used, FileNotFoundError if absent."""
    record = read_json(path, MAX_SAVE_BYTES)
    try:
        return from_record(record) if seat is None else from_record(record, seat)
    except RecordError as error:
        raise DamagedFile(error.code, "" if error.detail is None else str(error.detail)) from None
