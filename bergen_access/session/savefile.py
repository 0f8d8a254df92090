"""The saved match: its text, and a careful read that replays it; the record format is the core's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..core.engine import Match
from ..core.record import RecordError, from_record, to_record
from ..core.schema import Check
from .untrusted import DamagedFile, read_json

MATCH_FILE = "match.json"


def match_text(match: Match, seats: list[dict[str, Any]] | None = None) -> str:
    """A match as its save file's text (rules, dealer seed, seats, actions)."""
    return json.dumps(to_record(match, seats), indent=1) + "\n"


def load_match(path: Path, seat: Check | None = None) -> tuple[Match, list[dict[str, Any]]]:
    """Read and replay a saved match; ``DamagedFile`` if it cannot be used, FileNotFoundError if absent."""
    record = read_json(path)
    try:
        return from_record(record) if seat is None else from_record(record, seat)
    except RecordError as error:
        raise DamagedFile(error.code, "" if error.detail is None else str(error.detail)) from None
