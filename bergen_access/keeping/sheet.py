"""The score sheet on disk: ``keep.jsonl`` in the data folder, a journal created whole once, then appended to.

Every entry, take-back and redo adds a line or two with one fsync before its
answer is told (write-ahead); nothing is rewritten, so an entry costs the same
at entry 2,000 as at entry 2. The file mechanics (an unfinished last line left
out and cut off) are the game journal's (``session/appendfile.py``); what the
lines mean is ``core/keep_record.py``'s. A sheet of version 1 (``keep.json``,
the whole sheet rewritten at every entry) is carried on here and then removed.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.keep_record import (
    any_name,
    entry_to_json,
    load_keep,
    load_sheet,
    sheet_header,
    undo_line,
)
from ..core.record import RecordError
from ..core.schema import Check
from ..core.table import Entry, Table
from ..core.tally import Call, Tally
from ..session.appendfile import AppendFile, JournalText, read_lines
from ..session.storage import Storage
from ..session.untrusted import DamagedFile, read_json

SHEET_FILE = "keep.jsonl"
LEGACY_FILE = "keep.json"  # version 1: still read, carried on as ``SHEET_FILE``, then removed
PREVIOUS_FILE = "keep.previous.jsonl"  # a sheet the keeper did not continue, until the next one
#: the name the sheet's lock goes by (the one earlier versions take too: never two writers of a sheet),
#: and what the kill tests' hook names (``pause_after_save``)
SHEET = "keep.json"

Sheet = tuple[Table | Tally, list[str]]


def read_sheet(path: Path, name: Check = any_name) -> tuple[Sheet, JournalText]:
    """A sheet kept as a journal, replayed; FileNotFoundError if there is none, ``DamagedFile`` if it
    cannot be used (an unfinished last line can: it is left out, and ``torn`` says so)."""
    text = read_lines(path)
    try:
        return load_sheet(text.head, text.entries, name), text
    except RecordError as error:
        raise DamagedFile(error.code, "" if error.detail is None else str(error.detail)) from None


def read_legacy(path: Path, name: Check = any_name) -> Sheet:
    """A sheet of version 1 (``keep.json``), replayed; as ``read_sheet``."""
    try:
        return load_keep(read_json(path), name)
    except RecordError as error:
        raise DamagedFile(error.code, "" if error.detail is None else str(error.detail)) from None


def continues(sheet: Sheet, legacy: Sheet) -> bool:
    """``sheet`` is ``legacy`` carried on (a carrying-on cut short before the old file was removed)."""
    (core, names), (old, old_names) = sheet, legacy
    return sheet_header(core, names) == sheet_header(old, old_names) and list(
        core.entries[: len(old.entries)]
    ) == list(old.entries)


class SheetFile:
    """The journal one score sheet is kept in: created at its first write, appended to after.

    ``sync`` adds what changed since the last write that worked (entries, take-backs) in one write
    with one fsync. It is called after every change (the keeper saves after each entry, undo and redo),
    so the entries before the shortest the sheet has been since that write are the ones on disk. A
    write that fails costs the save, never the sheet: the storage says so once, and the next write that
    works adds everything missed."""

    def __init__(
        self,
        storage: Storage,
        names: list[str],
        *,
        path: Path | None = None,
        written: Sequence[Entry | Call] = (),
        good_size: int = 0,
        replaces: str | None = None,
    ) -> None:
        self.storage = storage
        self.names = list(names)
        self.file = AppendFile(path, good_size)
        self.written: list[Entry | Call] = list(written)  # the entries the file holds now
        self._low = len(self.written)  # the fewest entries the sheet has had since the last write
        self.replaces = replaces  # a file of version 1 this one takes the place of, once written
        self._failed = False  # a write failed: what it left after the last whole line is cut off next

    @property
    def path(self) -> Path | None:
        return self.file.path

    def sync(self, core: Table | Tally) -> bool:
        """Write what ``core`` changed since the last write; False if it could not be written."""
        now: list[Entry | Call] = list(core.entries) if self.file.path is None else []
        entries: Sequence[Entry | Call] = core.entries
        self._low = min(self._low, len(entries))
        if not self.storage.usable:
            return False
        if self.file.path is None:
            done = self.storage.attempt(lambda: self._create(core, now))
        else:
            at = self._low
            while at and self.written[at - 1] != entries[at - 1]:
                at -= 1  # (only if a change was not synced: never trust more than what is equal)
            lines: list[dict[str, Any]] = []
            if at < len(self.written):
                lines.append(undo_line(at, self.written[at:]))
            lines += [entry_to_json(entry) for entry in entries[at:]]
            if not lines and not self._failed:
                return True
            done = self.storage.attempt(lambda: self.file.append(lines))
            if done:
                del self.written[at:]
                self.written.extend(entries[at:])
        self._failed = not done
        if done:
            self._low = len(self.written)
            if self.replaces is not None:
                self.storage.remove(self.replaces)
                self.replaces = None
        return done

    def cut_tail(self) -> bool:
        """Cut off an unfinished last line now (at the start), not only at the next write."""
        return self.file.path is not None and self.storage.attempt(lambda: self.file.append([]))

    def close(self) -> None:
        self.file.close()

    def _create(self, core: Table | Tally, entries: list[Entry | Call]) -> None:
        path = self.storage.path(SHEET_FILE)
        assert path is not None
        path.parent.mkdir(parents=True, exist_ok=True)
        self.file.create(path, [sheet_header(core, self.names), *(entry_to_json(e) for e in entries)])
        self.written = entries
