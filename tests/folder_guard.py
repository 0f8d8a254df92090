"""The player's own folders stay untouched by the tests, on every system: how it is watched.

Two watches, because a test writes either itself or through the program it starts:
- ``WriteWatch``, a Python audit hook, sees every write this process makes (open for writing, mkdir,
  rename and replace, remove, rmdir, link) under the watched folders and names the test that made it;
- ``snapshot`` lists every file under a folder with its size and time, so the session can compare the
  folders at its end with their start: what a started program wrote is seen there.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: a file's size and modification time; None for a folder
Entry = tuple[int, int] | None
Snapshot = dict[str, Entry]

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
#: audit events whose arguments are (path, ...) and always change the folder
_CHANGING = {"os.mkdir", "os.remove", "os.rmdir", "os.truncate", "os.chmod", "shutil.rmtree", "os.utime"}
#: audit events whose first two arguments are (source, destination)
_MOVING = {"os.rename", "os.link", "os.symlink", "shutil.copyfile", "shutil.move"}


def snapshot(folder: Path) -> Snapshot:
    """Every entry under ``folder`` (relative names with "/"), or nothing when it does not exist."""
    found: Snapshot = {}
    if not folder.exists():
        return found
    found["."] = None
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        try:
            status = path.stat()
        except OSError:
            continue
        found[name] = None if path.is_dir() else (status.st_size, status.st_mtime_ns)
    return found


def changes(before: Snapshot, after: Snapshot) -> list[str]:
    """What happened between two snapshots, one phrase each."""
    made = [f"made {name}" for name in sorted(after.keys() - before.keys())]
    gone = [f"removed {name}" for name in sorted(before.keys() - after.keys())]
    kept = sorted(before.keys() & after.keys())
    changed = [f"changed {name}" for name in kept if before[name] != after[name]]
    return made + gone + changed


def _as_path(value: Any) -> Path | None:
    if isinstance(value, bytes):
        value = os.fsdecode(value)
    if not isinstance(value, str | os.PathLike):
        return None
    try:
        return Path(os.path.abspath(os.fspath(value)))
    except (TypeError, ValueError, OSError):
        return None


def _writes(event: str, args: tuple[Any, ...]) -> list[Any]:
    """The paths an audit event writes to (none for a read)."""
    if event == "open" and args:
        mode, flags = (args[1], args[2]) if len(args) >= 3 else (None, 0)
        if isinstance(mode, str):
            return [args[0]] if any(c in mode for c in "wax+") else []
        return [args[0]] if isinstance(flags, int) and flags & _WRITE_FLAGS else []
    if event in _CHANGING and args:
        return [args[0]]
    if event in _MOVING and len(args) >= 2:
        return [args[0], args[1]]
    return []


@dataclass
class WriteWatch:
    """Records every write this process makes under ``folders``, with the test that made it."""

    folders: tuple[Path, ...]
    current: str = "(no test)"
    seen: list[str] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    active: bool = True

    @classmethod
    def of(cls, folders: Iterable[Path | None]) -> WriteWatch:
        return cls(tuple(Path(os.path.abspath(f)) for f in folders if f is not None))

    def inside(self, path: Path) -> bool:
        return any(path == folder or folder in path.parents for folder in self.folders)

    def hear(self, event: str, args: tuple[Any, ...]) -> None:
        """The audit hook itself: cheap for every event it does not watch."""
        if not self.active or not (event == "open" or event in _CHANGING or event in _MOVING):
            return
        for value in _writes(event, args):
            path = _as_path(value)
            if path is not None and self.inside(path):
                with self._lock:
                    self.seen.append(f"{self.current}: {event} {path}")

    def install(self) -> None:
        """Audit hooks cannot be removed: ``active`` turns this one off."""
        sys.addaudithook(self.hear)

    def take(self) -> list[str]:
        with self._lock:
            seen, self.seen = self.seen, []
        return seen
