"""Every match played, one journal each in the data folder's ``records``, read back for the listing.

Each match is kept in its own journal (``journal.py``), which is also its
save, so the record can never be a move behind it. Records of earlier
versions (one whole JSON file per match) are still listed. Records are read
like every file: within limits, checked, replayed; one that cannot be used is
set aside and the rest are still listed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.engine import Match
from ..core.played import from_played
from ..core.record import RecordError, to_record
from ..core.refused import RecordProblem
from ..core.schema import Check
from .journal import FOLDER, SUFFIX, journal_order, read_journal, stamp
from .storage import Storage
from .untrusted import MAX_SAVE_BYTES, DamagedFile, FileProblem, read_json

__all__ = ["FOLDER", "NAME", "Entry", "legacy_record_of", "read_records", "record_files", "stamp"]

#: 20261202-183005.jsonl (a journal) or .json (a record of version 1 or 2); -2 when two start in one second
NAME = re.compile(r"\d{8}-\d{6}(-\d+)?\.jsonl?")


@dataclass
class Entry:
    """A record read back: its file, the match replayed, its seats and envelope."""

    path: Path
    match: Match
    seats: list[dict[str, Any]]
    envelope: dict[str, Any]

    @property
    def started(self) -> str:
        return str(self.envelope["started"])

    @property
    def table(self) -> int | None:
        """The server's table it was played at (None: at this keyboard)."""
        table = self.envelope.get("table")
        return table if isinstance(table, int) and not isinstance(table, bool) else None

    @property
    def human(self) -> int:
        """The seat a replay or an export takes: the player's, at a network table the first person's."""
        return next((n for n, seat in enumerate(self.seats) if seat.get("kind") == "human"), 0)

    @property
    def player(self) -> int | None:
        """The seat of the player at this keyboard, whose wins the statistics count (None at a table)."""
        return None if self.table is not None else self.human

    @property
    def names(self) -> list[str]:
        return [str(seat.get("name", "?")) for seat in self.seats] or ["You"]

    @property
    def seat_levels(self) -> dict[int, str]:
        """The computers' levels by seat."""
        return {
            n: str(seat.get("level") or "normal")
            for n, seat in enumerate(self.seats)
            if seat.get("kind") == "computer"
        }

    @property
    def levels(self) -> tuple[str, ...]:
        return tuple(str(s.get("level") or "normal") for s in self.seats if s.get("kind") == "computer")

    @property
    def taken_back(self) -> int:
        return int(self.envelope.get("taken_back", 0))

    @property
    def hurried(self) -> int:
        """The computers' moves the wall-clock ceiling cut short (a machine too busy for the work)."""
        return int(self.envelope.get("hurried", 0))


def same_match(match: Match, record: Any) -> bool:
    """A record of version 1 or 2 holds this match so far (or a move more or less): deal, rules, actions."""
    inner, mine = record.get("match") if isinstance(record, dict) else None, to_record(match)
    if not isinstance(inner, dict) or any(inner.get(key) != mine[key] for key in ("dealer", "rules")):
        return False
    actions = inner.get("actions")
    if not isinstance(actions, list):
        return False
    shorter = min(len(actions), len(mine["actions"]))
    return bool(actions[:shorter] == mine["actions"][:shorter])


def legacy_record_of(storage: Storage, match: Match) -> tuple[Path, dict[str, Any]] | None:
    """The record (version 1 or 2, a whole JSON file) an older version kept of ``match``, if any."""
    for path in record_files(storage):
        if path.suffix != ".json":
            continue
        try:
            record = read_json(path, MAX_SAVE_BYTES)
        except (DamagedFile, FileNotFoundError):
            continue
        if same_match(match, record) and isinstance(record.get("started"), str):
            return path, record
    return None


def record_files(storage: Storage) -> list[Path]:
    """The records in the folder, newest first (by name: the time each match started)."""
    folder = storage.path(FOLDER)
    if folder is None or not folder.is_dir():
        return []
    try:
        names = [path for path in folder.iterdir() if NAME.fullmatch(path.name)]
    except OSError:
        return []
    return sorted(names, key=lambda path: journal_order(path.name), reverse=True)


def read_records(storage: Storage, seat: Check) -> tuple[list[Entry], list[FileProblem]]:
    """Every record that can be used, newest first, and each one that could not (set aside)."""
    entries: list[Entry] = []
    problems: list[FileProblem] = []
    for path in record_files(storage):
        try:
            if path.suffix == SUFFIX:
                replayed, _ = read_journal(path, seat)
                match, seats, envelope = replayed.match, replayed.seats, replayed.envelope
            else:
                match, seats, envelope = from_played(read_json(path, MAX_SAVE_BYTES), seat)
            people = sum(s.get("kind") == "human" for s in seats)
            if len(seats) != match.players or (people != 1 and "table" not in envelope):
                raise RecordError(RecordProblem.MALFORMED, "match.seats")  # one player at the keyboard
        except FileNotFoundError:
            continue
        except (DamagedFile, RecordError) as error:
            detail = error.detail
            kept = storage.set_aside(f"{FOLDER}/{path.name}", "damaged")
            problems.append(FileProblem(error.code, "" if detail is None else str(detail), path, kept))
            continue
        entries.append(Entry(path, match, seats, envelope))
    return entries, problems
