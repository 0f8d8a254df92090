"""Where the game keeps its settings and its saved match, per platform."""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP = "bergen-access"


def config_dir() -> Path:
    """The settings folder (XDG_CONFIG_HOME on Linux)."""
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    """The folder of saved matches and logs (XDG_DATA_HOME on Linux)."""
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def autosave_path() -> Path:
    """The match in progress, rewritten after every action."""
    return data_dir() / "match.json"


def settings_path() -> Path:
    return config_dir() / "settings.json"
