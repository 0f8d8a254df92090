"""The club evening on disk: ``club.jsonl`` in the data folder, a journal created whole once, then
appended to (write-ahead: each result and undo is synced before it is told).

The first line holds the players and the format; then one line per result
(``{"result": [round, table, [score, ...]]}``, one score per side) and, for an undo, a line saying
how many results are kept (``{"keep": n}``). The file mechanics (an unfinished last line left out
and cut off) are the game journal's (``session/appendfile.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.refused import RecordProblem
from ..session.appendfile import AppendFile, JournalText, read_lines
from ..session.storage import Storage
from ..session.untrusted import DamagedFile
from ..tournament import Format, TableResult
from ..tournament.evening import Evening

CLUB_FILE = "club.jsonl"
PREVIOUS_CLUB_FILE = "club.previous.jsonl"  # an evening the director did not continue, until the next
#: the name the evening's lock goes by
CLUB_LOCK = "club.json"
KIND = "bergen-club"
VERSION = 1


def header(evening: Evening) -> dict[str, Any]:
    fmt = evening.fmt
    return {
        "kind": KIND,
        "version": VERSION,
        "names": list(evening.names),
        "table_size": fmt.table_size,
        "rounds": fmt.rounds,
        "partners": fmt.partners,
    }


def result_line(evening: Evening, result: TableResult) -> dict[str, Any]:
    sides = evening.sides_per_table
    return {"result": [result.round, result.table, list(result.final[:sides])]}


def _whole(value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DamagedFile(RecordProblem.MALFORMED, repr(value)[:40])
    return value


def load_evening(text: JournalText) -> Evening:
    """The evening a journal holds, replayed; ``DamagedFile`` if it is not one."""
    head = text.head
    if not isinstance(head, dict) or head.get("kind") != KIND:
        raise DamagedFile(RecordProblem.NOT_A_RECORD)
    if head.get("version") != VERSION:
        raise DamagedFile(RecordProblem.UNKNOWN_VERSION, str(head.get("version"))[:20])
    names = head.get("names")
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names) or not names:
        raise DamagedFile(RecordProblem.MALFORMED, "names")
    try:
        fmt = Format(
            _whole(head.get("table_size"), 2, 4),
            _whole(head.get("rounds"), 1, 1000),
            head.get("partners") is True,
        )
    except ValueError:
        raise DamagedFile(RecordProblem.MALFORMED, "format") from None
    if len(names) < fmt.table_size:
        raise DamagedFile(RecordProblem.MALFORMED, "names")
    evening = Evening(fmt, list(names))
    for number, entry in enumerate(text.entries, start=2):
        where = f"line {number}"
        if isinstance(entry, dict) and set(entry) == {"keep"}:
            for _ in range(len(evening.results) - _whole(entry["keep"], 0, len(evening.results))):
                evening.undo()
            continue
        item = entry.get("result") if isinstance(entry, dict) and set(entry) == {"result"} else None
        if not isinstance(item, list) or len(item) != 3 or not isinstance(item[2], list):
            raise DamagedFile(RecordProblem.BAD_ENTRY, where)
        round_number, table = _whole(item[0], 0, 1000), _whole(item[1], 0, 1000)
        scores = [_whole(score, 0, 100_000) for score in item[2]]
        if evening.is_over or round_number != evening.current.number or evening.check(table, scores):
            raise DamagedFile(RecordProblem.DOES_NOT_REPLAY, where)
        evening.add(table, scores)
    return evening


def read_evening(path: Path) -> tuple[Evening, JournalText]:
    """The evening saved at ``path``; FileNotFoundError if there is none, ``DamagedFile`` if unusable
    (an unfinished last line is left out, and ``torn`` says so)."""
    text = read_lines(path)
    return load_evening(text), text


class ClubFile:
    """The journal of one evening: created when the evening starts, then appended to."""

    def __init__(self, storage: Storage, path: Path | None = None, good_size: int = 0) -> None:
        self.storage = storage
        self.file = AppendFile(path, good_size)

    @property
    def path(self) -> Path | None:
        return self.file.path

    def start(self, evening: Evening) -> bool:
        """Create the file with the evening so far; False if it could not be written."""
        if not self.storage.usable:
            return False
        lines = [header(evening), *(result_line(evening, r) for r in evening.results)]

        def create() -> None:
            path = self.storage.path(CLUB_FILE)
            assert path is not None
            path.parent.mkdir(parents=True, exist_ok=True)
            self.file.create(path, lines)

        return self.storage.attempt(create)

    def append(self, lines: list[dict[str, Any]]) -> bool:
        """Add lines (one fsync); False if they could not be written (the storage says so once)."""
        if self.file.path is None or not self.storage.usable:
            return False
        return self.storage.attempt(lambda: self.file.append(lines))

    def result(self, evening: Evening, result: TableResult) -> bool:
        return self.append([result_line(evening, result)])

    def undo(self, evening: Evening) -> bool:
        return self.append([{"keep": len(evening.results)}])

    def cut_tail(self) -> bool:
        return self.append([])

    def close(self) -> None:
        self.file.close()
