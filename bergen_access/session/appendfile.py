"""A file of JSON lines that is created whole once and then only appended to (a journal).

What the game's journals and the score sheet share: each write adds a few
short lines and syncs them (one fsync) before the news is told (write-ahead),
so nothing is ever rewritten and a write costs the same late as early. A
write cut short (a kill, a full disk) leaves at most one unfinished last line:
``read_lines`` leaves it out and says so, and the owner's next write cuts it
off first. What the lines mean is the owner's.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.refused import RecordProblem
from .hooks import pause_for_a_kill
from .storage import write_new
from .untrusted import MAX_BYTES, DamagedFile, parse_json, read_bytes


def line(value: dict[str, Any]) -> bytes:
    """One value as one line: compact JSON, UTF-8, ending in a newline."""
    return (json.dumps(value, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


def lines(values: list[dict[str, Any]]) -> bytes:
    return b"".join(line(value) for value in values)


@dataclass
class JournalText:
    """A journal file as read: its header and entries, where the good part ends, what was cut."""

    head: Any
    entries: list[Any]
    good_size: int  # bytes up to the end of the last whole line
    torn: bool  # an unfinished last line was found (and is not part of the journal)


def read_lines(path: Path, limit: int = MAX_BYTES) -> JournalText:
    """The lines of a journal; FileNotFoundError if there is none, DamagedFile if it is not one.

    The last line may be unfinished (a write cut short): it is left out and ``torn`` says so. A bad
    line anywhere else means the file was damaged, not cut short."""
    raw = read_bytes(path, limit)
    parts = raw.split(b"\n")
    tail = parts.pop()  # after the last newline: empty, or an unfinished line
    torn = bool(tail)
    good = len(raw) - len(tail)
    if parts and not torn:
        try:
            parse_json(parts[-1], f"line {len(parts)}")
        except DamagedFile:  # a last line that ended with its newline yet is cut (a torn sector)
            torn = True
            good -= len(parts.pop()) + 1
    values = [parse_json(part, f"line {number}") for number, part in enumerate(parts, start=1)]
    if not values:
        raise DamagedFile(RecordProblem.NOT_A_RECORD)
    return JournalText(values[0], values[1:], good, torn)


class AppendFile:
    """One journal's file: where its last whole line ends, and the handle it is appended through.

    ``create`` writes it whole under a name nobody else has; ``append`` first cuts off whatever a write
    cut short left after the last whole line, then adds lines and syncs them. Both raise OSError when
    the system refuses (the owner's ``Storage.attempt`` turns that into one notice)."""

    def __init__(self, path: Path | None = None, good_size: int = 0) -> None:
        self.path = path  # None until ``create``
        self.size = good_size
        self._handle: Any = None

    def create(self, path: Path, values: list[dict[str, Any]]) -> None:
        """The file, new and whole; FileExistsError if ``path`` is taken (nothing is written then)."""
        self.create_bytes(path, lines(values))

    def create_bytes(self, path: Path, text: bytes) -> None:
        """``create`` with the lines made already (a writer thread only writes bytes)."""
        write_new(path, text.decode("utf-8"))
        self.close()
        self.path, self.size = path, len(text)

    def append(self, values: list[dict[str, Any]]) -> None:
        """Add ``values`` (none: only cut an unfinished last line off) with one fsync."""
        self.append_bytes(lines(values))

    def append_bytes(self, text: bytes) -> None:
        """``append`` with the lines made already (a writer thread only writes bytes)."""
        assert self.path is not None
        if self._handle is None:
            self._handle = open(self.path, "r+b")  # noqa: SIM115 - kept open while its owner writes
        handle = self._handle
        try:
            handle.seek(self.size)
            handle.truncate()  # whatever a write cut short left after the last whole line
            stop = _test_stop(len(text)) if text else None
            if stop is None:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            else:
                _stepped_write(handle, text, stop, self.size)
        except OSError:
            self.close()
            raise
        self.size += len(text)

    def close(self) -> None:
        """Let go of the file (Windows moves or removes no file held open)."""
        if self._handle is not None:
            with contextlib.suppress(OSError):
                self._handle.close()
            self._handle = None


# ------------------------------------------------------------- test hook

#: Test hook, inert unless this variable is set: ``<point>[:<bytes>][@<write>]`` stops this run's
#: ``<write>``th append that has bytes (the first if not given) at ``<point>``: ``before`` any byte is
#: written, ``part`` after ``<bytes>`` of them (negative: all but that many; the rest is written only if
#: the program lives on), ``written`` (all flushed to the system, not yet fsynced) or ``synced`` (fsynced,
#: the answer not yet told). There it writes ``bergen-test: journal <point> <bytes done> of <bytes> at
#: <offset>`` (where the write starts in the file) to stderr and sleeps, so that the kill tests
#: (tests/test_kill_sweep.py) kill the program at that point. ``after`` only writes the mark, once
#: synced, and goes on: the tests kill the program once its answer has been read.
PAUSE_HOOK = "BERGEN_TEST_JOURNAL_PAUSE"
PAUSE_SECONDS = 600.0  # far longer than any test waits: the kill always comes first
POINTS = ("before", "part", "written", "synced", "after")
_appends = itertools.count(1)  # the appends with bytes in this run, counted only while the hook is set


@dataclass
class _Stop:
    point: str
    part: int  # bytes written at ``part``


def _test_stop(size: int) -> _Stop | None:
    """Where the hook stops this append (``size`` bytes), or None: hook unset, or another append."""
    wanted = os.environ.get(PAUSE_HOOK)
    if not wanted:
        return None
    where, _, nth = wanted.partition("@")
    point, _, cut = where.partition(":")
    if point not in POINTS or next(_appends) != int(nth or 1):
        return None
    part = int(cut or size // 2)
    return _Stop(point, max(0, min(size, part if part >= 0 else size + part)))


def _stepped_write(handle: Any, text: bytes, stop: _Stop, start: int) -> None:
    """The append of ``append_bytes`` at ``start`` in steps, stopping at the hook's point (bytes
    flushed so far are in the file for whoever reads it next, as a kill leaves them)."""

    def pause(point: str, done: int) -> None:
        if point == stop.point:
            sys.stderr.write(f"bergen-test: journal {point} {done} of {len(text)} at {start}\n")
            sys.stderr.flush()
            if point != "after":
                pause_for_a_kill(PAUSE_SECONDS)

    pause("before", 0)
    handle.write(text[: stop.part])
    handle.flush()
    pause("part", stop.part)
    handle.write(text[stop.part :])
    handle.flush()
    pause("written", len(text))
    os.fsync(handle.fileno())
    pause("synced", len(text))
    pause("after", len(text))
