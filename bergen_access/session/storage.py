"""The data folder: one owner at a time, atomic writes, damaged files set aside, and no save is worth a crash.

Saving is how nothing gets lost, so it is careful: every write goes to a
temporary file that is flushed and synced, then renamed over the old one, and
the folder is synced so the rename itself survives a power cut. A folder that
cannot be written costs the save, never the game: ``Storage`` keeps playing,
remembers why it cannot save and leaves one notice for the player (and one
more if saving works again). Only the program holding a file's lock writes it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from filelock import FileLock, Timeout


class NoticeKind(StrEnum):
    """What the player should hear about saving."""

    CANNOT_SAVE = "cannot-save"  # from now on nothing is saved (where, why)
    SAVING_AGAIN = "saving-again"  # a write worked again after failing


@dataclass(frozen=True)
class StorageNotice:
    kind: NoticeKind
    where: str  # the folder ("" when there is none)
    reason: str = ""
    settings: bool = False  # the settings folder (the saves go on) rather than the data folder


class LockState(StrEnum):
    """The answer to taking a file's lock."""

    OWNED = "owned"  # this program writes the file
    TAKEN = "taken"  # another program holds it
    UNAVAILABLE = "unavailable"  # the folder cannot hold a lock (and cannot be saved in)


def reason_of(error: BaseException) -> str:
    """The system's one-line reason (``Read-only file system``), never a traceback."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; a no-op where folders cannot be opened)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def _synced_temporary(path: Path, text: str) -> Path:
    """``text`` in a new temporary file beside ``path``, on the disk (its name is ``path``'s, then .tmp)."""
    handle, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:  # the same bytes on every system
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            Path(temporary).unlink()
        raise
    return Path(temporary)


#: seconds to wait before each new try when Windows will not replace a file another program holds open
SHARING_RETRIES = (0.02, 0.05, 0.1, 0.2, 0.4)
_SHARING_ERRORS = (5, 32)  # ERROR_ACCESS_DENIED, ERROR_SHARING_VIOLATION


def _replace(source: Path, target: Path) -> None:
    """``os.replace``, tried again for about a second while Windows says the target is in use.

    A virus scanner, a search indexer or a second copy reading the save holds it open for a moment;
    only Windows reports that (its errors carry ``winerror``), so nothing else ever waits here.
    """
    for delay in (*SHARING_RETRIES, None):
        try:
            os.replace(source, target)
            return
        except PermissionError as error:
            if delay is None or getattr(error, "winerror", None) not in _SHARING_ERRORS:
                raise
            time.sleep(delay)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new text, never half; OSError if not."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = _synced_temporary(path, text)
    try:
        _replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    sync_folder(path.parent)


def write_new(path: Path, text: str) -> None:
    """Write a new file whole (temporary file, then linked in); FileExistsError if ``path`` exists."""
    temporary = _synced_temporary(path, text)
    try:
        try:
            os.link(temporary, path)  # never over an existing file
        except FileExistsError:
            raise
        except OSError:  # no hard links here: create exclusively instead
            with path.open("x", encoding="utf-8", newline="") as stream:
                stream.write(text)
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
    sync_folder(path.parent)


def set_aside(path: Path, label: str) -> Path:
    """Move ``path`` to a name of its own (``match.damaged-20261130-175302.json``), never over another."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for number in range(1, 1000):
        suffix = "" if number == 1 else f"-{number}"
        target = path.with_name(f"{path.stem}.{label}-{stamp}{suffix}{path.suffix}")
        try:
            os.link(path, target)  # fails if the target exists: nothing is ever overwritten
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links
            if target.exists():
                continue
            path.replace(target)
            return target
        path.unlink()
        return target
    raise FileExistsError(path)


class Storage:
    """A data folder the program may or may not be able to write."""

    def __init__(self, folder: Path | None, problem: str | None = None, *, settings: bool = False) -> None:
        self.folder = folder
        self.settings = settings
        self.problem = problem  # why nothing is saved now; None while saving works
        self.enabled = True  # False when the player chose to play without saving
        self._notices: list[StorageNotice] = []
        self._locks: dict[str, FileLock] = {}
        if problem is not None:
            self._notice(NoticeKind.CANNOT_SAVE, problem)

    @classmethod
    def open(cls, folder: Path | None, *, settings: bool = False) -> Storage:
        """The folder, created if need be and tried with a real write."""
        if folder is None:
            return cls(None, "no home folder", settings=settings)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle, probe = tempfile.mkstemp(prefix=".probe.", suffix=".tmp", dir=folder)
            os.close(handle)
            os.unlink(probe)
        except OSError as error:
            return cls(folder, reason_of(error), settings=settings)
        return cls(folder, settings=settings)

    @property
    def saves(self) -> bool:
        """Whether what is written now really lands in the folder."""
        return self.usable and self.problem is None

    @property
    def usable(self) -> bool:
        return self.enabled and self.folder is not None

    def path(self, name: str) -> Path | None:
        """Where a file of this folder lives (None without a folder)."""
        return self.folder / name if self.folder is not None else None

    # ----------------------------------------------------------------- notices

    def _notice(self, kind: NoticeKind, reason: str = "") -> None:
        self._notices.append(StorageNotice(kind, str(self.folder or ""), reason, self.settings))

    def take_notices(self) -> list[StorageNotice]:
        """What the player has not been told yet (each failure once, each recovery once)."""
        notices, self._notices = self._notices, []
        return notices

    # ------------------------------------------------------------------ writing

    def write(self, name: str, text: str) -> bool:
        """Save ``text`` as ``name`` atomically; False (and one notice) if it cannot be saved."""
        path = self.path(name)
        if path is None:
            return False
        return self.attempt(lambda: write_atomic(path, text))

    def attempt(self, write: Callable[[], object]) -> bool:
        """Run one write of this folder's files; False (and one notice) if the system refused it, and
        one more notice when a write works again after failing."""
        if not self.usable:
            return False
        try:
            write()
        except OSError as error:
            if self.problem is None:
                self.problem = reason_of(error)
                self._notice(NoticeKind.CANNOT_SAVE, self.problem)
            return False
        if self.problem is not None:
            self.problem = None
            self._notice(NoticeKind.SAVING_AGAIN)
        return True

    def remove(self, name: str) -> None:
        path = self.path(name)
        if path is not None and self.enabled:
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)

    def set_aside(self, name: str, label: str) -> Path | None:
        """Keep a file under a new name (None if it cannot be moved; it is then left where it is)."""
        path = self.path(name)
        if path is None or not self.enabled:
            return None
        try:
            return set_aside(path, label)
        except OSError:
            return None

    def clean_temporary(self, name: str) -> int:
        """Remove what a killed writer of ``name`` left behind (call while holding its lock)."""
        if self.folder is None or not self.enabled:
            return 0
        removed = 0
        with contextlib.suppress(OSError):
            for stray in self.folder.glob(f"{name}.*.tmp"):
                with contextlib.suppress(OSError):
                    stray.unlink()
                    removed += 1
        return removed

    # ------------------------------------------------------------------- owning

    def lock(self, name: str, wait: float = 0.0) -> LockState:
        """Take the lock of ``name`` for this program's lifetime (the system frees it when it ends)."""
        path = self.path(name + ".lock")
        if path is None or self.problem is not None:
            return LockState.UNAVAILABLE
        lock = self._locks.get(name) or FileLock(
            path, blocking=wait > 0, timeout=wait, fallback_to_soft=False, preserve_lock_file=True
        )
        try:
            lock.acquire(timeout=wait, blocking=wait > 0)
        except Timeout:
            return LockState.TAKEN
        except OSError:
            return LockState.UNAVAILABLE
        self._locks[name] = lock
        return LockState.OWNED

    def play_without_saving(self) -> None:
        """The player chose to go on while another program owns the folder: write nothing at all."""
        self.enabled = False

    def release(self) -> None:
        for lock in self._locks.values():
            with contextlib.suppress(Exception):
                lock.release()
        self._locks.clear()
