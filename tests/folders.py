"""A test's own settings and data folders, named the one way every system obeys (BERGEN_*_DIR).

The folders sit where the XDG layout put them under a test's home (``home/data/bergen-access``,
``home/config/bergen-access``), so the tests find the files there on every system.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bergen_access.session.paths import APP, CONFIG_VARIABLE, DATA_VARIABLE


def data_folder(home: Path) -> Path:
    return home / "data" / APP


def config_folder(home: Path) -> Path:
    return home / "config" / APP


def data_env(home: Path, *, data: Path | None = None, config: Path | None = None) -> dict[str, str]:
    """The environment variables that give a started program ``home``'s folders (or the ones named)."""
    return {
        DATA_VARIABLE: str(data if data is not None else data_folder(home)),
        CONFIG_VARIABLE: str(config if config is not None else config_folder(home)),
    }


def use_folders(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """This process's settings and data in ``home`` for one test (the program run in-process)."""
    for name, value in data_env(home).items():
        monkeypatch.setenv(name, value)
