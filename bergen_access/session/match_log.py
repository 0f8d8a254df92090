"""Every match played, one file each in the data folder's ``records``, written as the match goes.

One file per match: each save of the match (write-ahead, before its news is
told) rewrites that match's record atomically beside the save, so a kill
loses nothing the save keeps, and a damaged file costs one match, never the
list. A resumed match goes on in its own record (found by its deal and its
actions). Records are read like every file: within limits, checked, replayed;
one that cannot be used is set aside and the rest are still listed.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.engine import Match
from ..core.played import from_played, played_record
from ..core.record import RecordError, to_record
from ..core.refused import RecordProblem
from ..core.schema import Check
from .storage import Storage, reason_of, write_atomic, write_new
from .untrusted import DamagedFile, FileProblem, read_json

FOLDER = "records"
NAME = re.compile(r"\d{8}-\d{6}(-\d+)?\.json")  # 20261202-183005.json; -2 when two start in one second


def stamp() -> str:
    """Now, local time, to the second: ``2026-12-02T18:30:05``."""
    return time.strftime("%Y-%m-%dT%H:%M:%S")


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


def _same_match(match: Match, record: dict[str, Any]) -> bool:
    """The record holds this match so far (or a move more or less than its save): deal, rules, actions."""
    inner, mine = record.get("match"), to_record(match)
    if not isinstance(inner, dict) or any(inner.get(key) != mine[key] for key in ("dealer", "rules")):
        return False
    actions = inner.get("actions")
    if not isinstance(actions, list):
        return False
    shorter = min(len(actions), len(mine["actions"]))
    return bool(actions[:shorter] == mine["actions"][:shorter])


def _rebuilt(match: Match, before: Match | None) -> bool:
    """``match`` is ``before`` with moves taken back (a new match object, not a new match)."""
    return (
        before is not None
        and len(match.taken_back) > len(before.taken_back)
        and _same_match(match, {"match": to_record(before)})
    )


class Recorder:
    """Writes the record of the match at a seat (or a server's table), every time the match is saved."""

    def __init__(self, storage: Storage, table: int | None = None) -> None:
        self.storage = storage
        self.table = table  # the server's table the match is played at (None: at the console)
        self._match: Match | None = None
        self._name = ""
        self._started = ""
        self._ended: str | None = None
        self.problem: str | None = None  # why the last write failed (None: it worked)

    def record(self, match: Match, seats: list[dict[str, Any]]) -> str | None:
        """Write ``match``'s record now. Returns why it could not be written, the first time only (the
        player hears it once; the game goes on, and so do the tries)."""
        path = self.storage.path(FOLDER)
        if path is None or not self.storage.saves:
            return None  # nothing is saved at all: the storage's own notice says so
        if match is not self._match:
            if _rebuilt(match, self._match):
                self._match = match  # the same match rebuilt (moves taken back): its record goes on
            else:
                self._begin(match)
        if match.is_over and self._ended is None:
            self._ended = stamp()
        text = _text(played_record(match, seats, self._started, self._ended, table=self.table))
        try:
            if self._name:
                write_atomic(path / self._name, text)
            else:
                self._name = self._claim(path, text)
        except OSError as error:
            first = self.problem is None
            self.problem = reason_of(error)
            return self.problem if first else None
        self.problem = None
        return None

    def _begin(self, match: Match) -> None:
        self._match, self._ended = match, None
        found = self._resumed(match) if match.actions else None
        if found is not None:
            self._name, self._started, self._ended = found
            return
        self._started, self._name = stamp(), ""  # named when first written (``_claim``)

    def _claim(self, folder: Path, text: str) -> str:
        """Write a new match's first record under a name nobody has: two matches begun in one second,
        here or by another program on this data folder (``bergen serve`` beside the game), never
        share a file. The name; OSError if none could be written."""
        base = self._started.replace("-", "").replace(":", "").replace("T", "-")
        folder.mkdir(parents=True, exist_ok=True)
        for number in range(1, 1000):
            name = f"{base}.json" if number == 1 else f"{base}-{number}.json"
            try:
                write_new(folder / name, text)
            except FileExistsError:
                continue
            return name
        raise FileExistsError(folder / base)

    def _resumed(self, match: Match) -> tuple[str, str, str | None] | None:
        """The record a resumed match goes on in: the newest whose deal and actions are this match's."""
        for path in record_files(self.storage):
            try:
                data = read_json(path)
            except (DamagedFile, FileNotFoundError):
                continue
            if isinstance(data, dict) and _same_match(match, data) and isinstance(data.get("started"), str):
                ended = data.get("ended")
                return path.name, data["started"], ended if isinstance(ended, str) else None
        return None

    def clean(self) -> None:
        """Remove what a writer killed in the middle of an atomic write left in the records folder."""
        folder = self.storage.path(FOLDER)
        if folder is None or not self.storage.usable or not folder.is_dir():
            return
        for stray in folder.glob("*.tmp"):
            try:
                stray.unlink()
            except OSError:
                continue


def _text(record: dict[str, Any]) -> str:
    return json.dumps(record, indent=1) + "\n"


def record_files(storage: Storage) -> list[Path]:
    """The records in the folder, newest first (by name: the time each match started)."""
    folder = storage.path(FOLDER)
    if folder is None or not folder.is_dir():
        return []
    try:
        names = [path for path in folder.iterdir() if NAME.fullmatch(path.name)]
    except OSError:
        return []
    return sorted(names, key=lambda path: _sort_key(path.name), reverse=True)


def _sort_key(name: str) -> tuple[str, int]:
    stem = name.removesuffix(".json")
    base, _, number = stem[:15], stem[15:16], stem[16:]
    return base, int(number) if number.isdigit() else 1


def read_records(storage: Storage, seat: Check) -> tuple[list[Entry], list[FileProblem]]:
    """Every record that can be used, newest first, and each one that could not (set aside)."""
    entries: list[Entry] = []
    problems: list[FileProblem] = []
    for path in record_files(storage):
        try:
            match, seats, envelope = from_played(read_json(path), seat)
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
