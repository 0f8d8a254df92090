"""Reading files we did not write just now: saves, score sheets, settings.

A file may be truncated by a crash, edited by hand, written by another
version, or be something else entirely (a folder, a huge file, JSON nested a
hundred thousand deep). ``read_json`` reads it within limits and turns every
way it can fail into a ``DamagedFile`` with a code the player's sentence is
made from; the file's own schema is checked by whoever knows its shape.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.refused import RecordProblem, Refused
from .storage import reason_of

MAX_BYTES = 16 * 1024 * 1024  # any file we read: far more than any of ours
#: a match's save or journal (and a server table's file): the longest real match measured (issue 31:
#: 162 matches of every preset, 2 to 4 players, double-six to double-twelve, one player taking back
#: every move once) kept 44 KB; a double-twelve match to 100 points with the same take-backs, 42 KB as a
#: journal, 53 KB as a save of version 2 (to 1,000 points: 513 KB). 2 MB is forty times the first: a
#: file beyond it is not a real match, and it is refused after reading no more than 2 MB, never
#: replayed; a journal is never written past it (``Journal.write``: its match is no longer saved).
MAX_SAVE_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 32  # our files nest five deep at most


class DamagedFile(Refused):
    """A file that cannot be used; ``code`` says why, ``detail`` where or what the system said."""

    def __init__(self, code: RecordProblem, detail: str = "") -> None:
        super().__init__(code, detail=detail)
        self.code: RecordProblem = code
        self.detail = detail


@dataclass(frozen=True)
class FileProblem:
    """What to tell the player about a file that was not used, and where it was kept."""

    code: str
    detail: str
    path: Path
    kept: Path | None  # None: it could not be moved and was left where it is


def _refuse_constant(name: str) -> Any:
    raise DamagedFile(RecordProblem.NOT_JSON, name)  # NaN and Infinity are not JSON


def depth(value: Any) -> int:
    """How deeply lists and objects nest (iteratively: no recursion to exhaust)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            if level > MAX_DEPTH:
                return level
            stack.extend((child, level + 1) for child in item)
    return deepest


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """A file's bytes, within ``limit``; FileNotFoundError if there is none, DamagedFile if it is a
    folder, unreadable or too large."""
    try:
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except (FileNotFoundError, NotADirectoryError):  # no file (or its folder is not a folder): none saved
        raise FileNotFoundError(path) from None
    except IsADirectoryError:
        raise DamagedFile(RecordProblem.NOT_A_FILE) from None
    except OSError as error:
        if path.is_dir():  # Windows opens no folder and says "Permission denied" (EACCES) instead
            raise DamagedFile(RecordProblem.NOT_A_FILE) from None
        raise DamagedFile(RecordProblem.UNREADABLE, reason_of(error)) from None
    if len(data) > limit:
        raise DamagedFile(RecordProblem.TOO_LARGE)
    return data


def read_json(path: Path, limit: int = MAX_BYTES) -> Any:
    """The JSON value in ``path``; FileNotFoundError if there is none, DamagedFile for anything else."""
    return parse_json(read_bytes(path, limit))


def parse_json(data: bytes, where: str = "") -> Any:
    """The JSON value in ``data`` (a file, or one line of a journal: ``where`` says which line);
    DamagedFile if it is not UTF-8, not JSON, or nested too deeply."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedFile(RecordProblem.NOT_TEXT, where) from None
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise DamagedFile(RecordProblem.TOO_DEEP) from None
    except ValueError as error:
        if isinstance(error, DamagedFile):
            raise
        raise DamagedFile(RecordProblem.NOT_JSON, where) from None
    if depth(value) > MAX_DEPTH:
        raise DamagedFile(RecordProblem.TOO_DEEP)
    return value
