"""What every test run shares: the player's own folders are never touched, on any system.

Before anything is collected, the session points ``BERGEN_DATA_DIR`` and ``BERGEN_CONFIG_DIR`` at a
folder of its own, so a test (or a program it starts) that names no folder still keeps away from the
player's saves; tests that need their own folders name them with ``tests.folders.data_env``. Then the
system's own folders (``paths.system_folders()``: ``~/.local/share/bergen-access`` on Linux,
``%LOCALAPPDATA%\\bergen-access`` on Windows, ``~/Library/Application Support/bergen-access`` on macOS)
are watched: a write this process makes there fails the test that made it, and any change found there
at the end (a started program's) fails the run. See ``tests/folder_guard.py``.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bergen_access.session import paths

from .folder_guard import Snapshot, WriteWatch, changes, snapshot
from .tiers import mark_tiers

_SYSTEM = tuple(folder for folder in paths.system_folders() if folder is not None)
_WATCH = WriteWatch.of(_SYSTEM)
_BEFORE: dict[Path, Snapshot] = {}
_SESSION_FOLDER: list[Path] = []


def pytest_configure(config: pytest.Config) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bergen-tests-"))
    _SESSION_FOLDER.append(folder)
    os.environ[paths.DATA_VARIABLE] = str(folder / "data")
    os.environ[paths.CONFIG_VARIABLE] = str(folder / "config")
    for system in _SYSTEM:
        _BEFORE[system] = snapshot(system)
    _WATCH.install()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    mark_tiers(items)


@pytest.fixture(autouse=True)
def _keeps_away_from_the_players_folders(request: pytest.FixtureRequest) -> Iterator[None]:
    _WATCH.current = request.node.nodeid
    yield
    written = _WATCH.take()
    if written:
        pytest.fail("a test wrote to the player's own folder:\n" + "\n".join(written), pytrace=False)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _WATCH.active = False
    found = [
        f"{system}: {change}" for system in _SYSTEM for change in changes(_BEFORE[system], snapshot(system))
    ]
    if found:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        text = "the player's own folders changed during the tests:\n" + "\n".join(found)
        if reporter is not None:
            reporter.write_line(text, red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    for folder in _SESSION_FOLDER:
        shutil.rmtree(folder, ignore_errors=True)


#: the foreign-platform profile's programs (sitecustomize, stand-ins) are not tests
collect_ignore_glob = ["foreign/*"]
