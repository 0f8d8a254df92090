"""A match's journal on disk: one file in ``records``, created whole once, then only appended to.

Each write adds a few short JSON lines and syncs them (one fsync), before the
news is told (write-ahead); nothing is ever rewritten, so the cost of a move
does not grow with the match. A write cut short (a kill, a full disk) leaves
at most one unfinished last line: a reader ignores it, and the owner cuts it
off before it writes again (and says so when a resumed match lost it). The
data (header, entries, replay) is the core's (``core/journal.py``).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import journal as data
from ..core.engine import Match
from ..core.journal import Progress, Replayed
from ..core.record import RecordError, any_seat
from ..core.schema import Check
from .appendfile import AppendFile, JournalText, line, read_lines
from .storage import Storage
from .untrusted import MAX_SAVE_BYTES, DamagedFile

FOLDER = "records"
SUFFIX = ".jsonl"
JOURNAL = "journal"  # what the kill tests' hook names (``pause_after_save``)


def stamp() -> str:
    """Now, local time, to the second: ``2026-12-02T18:30:05``."""
    return time.strftime("%Y-%m-%dT%H:%M:%S")


@dataclass(frozen=True)
class Lines:
    """One write of a journal, made on the owner's thread: its bytes, and whether the match ends."""

    data: bytes
    last: bool = False


#: a journal's lines: its header, its entries, and whether an unfinished last line was left out
read_text = read_lines


def read_journal(path: Path, seat: Check | None = None) -> tuple[Replayed, JournalText]:
    """A journal replayed; ``DamagedFile`` if it cannot be used (its unfinished last line is not)."""
    text = read_text(path, MAX_SAVE_BYTES)
    try:
        replayed = data.replay(text.head, text.entries, seat or any_seat)
    except RecordError as error:
        raise DamagedFile(error.code, "" if error.detail is None else str(error.detail)) from None
    return replayed, text


class Journal:
    """The journal a match is kept in: created at its first write, appended to after.

    ``sync`` adds whatever the match did since the last write (moves, a deal, take-backs, its end) in
    one write with one fsync. A write that fails costs the save, never the game: the storage says so
    once, and the next write that works adds everything missed. ``sync`` is ``prepare`` (reads the
    match) then ``write`` (the file); the server does the second in its writer thread."""

    def __init__(
        self,
        storage: Storage,
        *,
        table: int | None = None,
        path: Path | None = None,
        progress: Progress | None = None,
        good_size: int = 0,
        started: str | None = None,
    ) -> None:
        self.storage = storage
        self.table = table
        self.started = started
        self.done = progress or Progress()
        self.file = AppendFile(path, good_size)  # no path until the first write creates the file
        self._unwritten = b""  # the lines of writes that failed, written first by the next
        self._headed = path is not None  # the header is among the lines made (or in the file)
        self.match: Match | None = None
        self.seats: list[dict[str, Any]] | None = None  # as the lines made last said them
        self._notes: list[dict[str, Any]] = []  # entries not read off the match, for the next lines

    @classmethod
    def resume(
        cls, storage: Storage, path: Path, replayed: Replayed, text: JournalText, *, table: int | None = None
    ) -> Journal:
        """Go on writing a journal that was read back (its unfinished last line is cut off at the
        first write)."""
        journal = cls(
            storage,
            table=table,
            path=path,
            progress=Progress.of(replayed.match),
            good_size=text.good_size,
            started=str(replayed.envelope["started"]),
        )
        journal.match, journal.seats = replayed.match, replayed.seats
        return journal

    def sync(self, match: Match, seats: list[dict[str, Any]]) -> bool:
        """Write what ``match`` did since the last write; False if it could not be written."""
        lines = self.prepare(match, seats)
        if lines is None:
            return False
        if not lines.data and not self.owed:
            return True
        return self.storage.attempt(lambda: self.write(lines))

    def prepare(self, match: Match, seats: list[dict[str, Any]]) -> Lines | None:
        """What ``match`` did since the last ``prepare``, as the bytes to add (the header first when
        the file is new); None if nothing can be written. The owner calls it, on its own thread: the
        match is read here and nowhere else, so a writer thread (``write``) touches only bytes."""
        if self.match is not None and match is not self.match and not _rebuilt(match, self.match):
            raise ValueError("a journal keeps one match")  # a new match gets a new journal
        self.match = match
        if not self.storage.usable:
            return None
        entries: list[dict[str, Any]] = []
        if not self._headed:
            self.started = self.started or stamp()
            self.done = Progress(taken_back=len(match.taken_back))
            entries.append(
                data.header(match, seats, self.started, table=self.table, taken_back=match.taken_back)
            )
            self._headed = True
        elif seats != self.seats:
            entries.append(data.seats_now(seats))
        self.seats = list(seats)
        entries += data.entries_since(match, self.done, stamp())
        entries += self._notes
        self._notes = []
        return Lines(b"".join(line(entry) for entry in entries), self.done.ended)

    def note(self, entry: dict[str, Any]) -> None:
        """An entry the match does not hold (a computer's move the clock cut short: ``data.hurried``),
        written after the moves by the next ``prepare``."""
        self._notes.append(entry)

    @property
    def owed(self) -> bool:
        """A write failed: its lines are still to be written (by the next write that works)."""
        return bool(self._unwritten)

    def write(self, lines: Lines) -> None:
        """Add ``lines`` (after those of any write that failed) to the file in one write and one fsync,
        creating it at the first; OSError if that fails, the lines then kept for the next write. Only
        the file is touched here, so it may run in a writer thread (one write at a time, in order)."""
        text = self._unwritten + lines.data
        self._unwritten = text
        if self.file.size + len(text) > MAX_SAVE_BYTES:  # a reader would refuse the file: it stays readable
            raise OSError(errno.EFBIG, os.strerror(errno.EFBIG))  # said once, as any write refused
        if self.path is None:
            self._create(text)
        else:
            self._append(text)
        self._unwritten = b""
        if lines.last:
            self.close()  # nothing more comes: the file is free (Windows moves no file held open)

    def cut_tail(self) -> bool:
        """Cut off an unfinished last line now (the owner, at the start), not only at the next write."""
        return self.storage.attempt(lambda: self.write(Lines(b"")))

    def for_match(self, match: Match) -> Journal:
        """This journal if it keeps ``match`` (or has none yet), else a new one for it."""
        if self.match is None or match is self.match or _rebuilt(match, self.match):
            return self
        self.close()
        return Journal(self.storage, table=self.table)

    def leave(self) -> bool:
        """The player starts another match instead of this one: said at its end, kept in the record."""
        if self.path is None or self.done.ended or not self.storage.usable:
            return False
        return self.storage.attempt(lambda: self.write(Lines(line(data.left(stamp())), last=True)))

    @property
    def path(self) -> Path | None:
        return self.file.path

    def close(self) -> None:
        self.file.close()

    # ------------------------------------------------------------- writing

    def _create(self, text: bytes) -> None:
        assert self.started is not None
        folder = self.storage.path(FOLDER)
        assert folder is not None
        folder.mkdir(parents=True, exist_ok=True)
        base = self.started.replace("-", "").replace(":", "").replace("T", "-")
        for number in range(1, 1000):
            path = folder / (f"{base}{SUFFIX}" if number == 1 else f"{base}-{number}{SUFFIX}")
            if path.exists():  # taken: looked at first, since each try writes and syncs a file (a server
                continue  # starts many tables a second: it was one synced file per journal before)
            try:
                self.file.create_bytes(path, text)
            except FileExistsError:
                continue
            return
        raise FileExistsError(folder / base)

    def _append(self, text: bytes) -> None:
        self.file.append_bytes(text)


def _rebuilt(match: Match, before: Match) -> bool:
    """``match`` is ``before`` with moves taken back: a new match object, the same match."""
    return (
        len(match.taken_back) > len(before.taken_back)
        and match.dealer.spec() == before.dealer.spec()
        and match.rules == before.rules
    )


def journal_files(storage: Storage) -> list[Path]:
    """The journals in the records folder, newest first (by name: the time each match started)."""
    folder = storage.path(FOLDER)
    if folder is None or not folder.is_dir():
        return []
    try:
        paths = [path for path in folder.iterdir() if path.suffix == SUFFIX and path.is_file()]
    except OSError:
        return []
    return sorted(paths, key=lambda path: journal_order(path.name), reverse=True)


def journal_order(name: str) -> tuple[str, int]:
    """``20261202-183005-2.jsonl`` → ``("20261202-183005", 2)``: the start, then the number that second."""
    stem = name.removesuffix(SUFFIX).removesuffix(".json")
    base, number = stem[:15], stem[16:]
    return base, int(number) if number.isdigit() else 1


def _firstline(path: Path) -> Any:
    try:
        with path.open("rb") as stream:
            return json.loads(stream.readline(MAX_LINE).decode("utf-8"))
    except (OSError, ValueError):
        return None


MAX_LINE = 64 * 1024  # a header is well under 2 KB


def current_journal(storage: Storage) -> str | None:
    """The journal of the console's own newest match (a server's tables keep theirs beside it), as a
    name in the data folder; None if there is none. Whether it ended is the reader's to find."""
    for path in journal_files(storage):
        head = _firstline(path)
        if isinstance(head, dict) and "table" in head:
            continue  # a table of ``bergen serve`` on the same data folder
        return f"{FOLDER}/{path.name}"
    return None


STRAY_AGE = 60.0  # seconds: a temporary file older than this was left by a writer that was killed


def clean_strays(storage: Storage) -> None:
    """Remove what a writer killed while creating a journal left behind (never one being written now,
    by this program or another on the same data folder)."""
    folder = storage.path(FOLDER)
    if folder is None or not storage.usable or not folder.is_dir():
        return
    now = time.time()
    for stray in folder.glob("*.tmp"):
        with contextlib.suppress(OSError):
            if now - stray.stat().st_mtime > STRAY_AGE:
                stray.unlink()
