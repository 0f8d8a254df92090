"""Save files: atomic writes, careful reads; the record format is the core's."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..core.engine import Match
from ..core.record import RecordError, from_record, to_record


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new text, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def save_match(path: Path, match: Match, seats: list[dict[str, Any]] | None = None) -> None:
    """Save a match (its rules, dealer seed, seats and actions) atomically."""
    write_atomic(path, json.dumps(to_record(match, seats), indent=1) + "\n")


def load_match(path: Path) -> tuple[Match, list[dict[str, Any]]]:
    """Load and replay a saved match; ``RecordError`` if it is damaged."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise RecordError("unreadable", str(error)) from None
    return from_record(record)
