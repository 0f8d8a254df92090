"""Where the game keeps its settings and its saved match, per platform.

``None`` means there is no usable place: no home folder could be found, so
platformdirs would answer with a path relative to wherever the program was
started (``~/.local/share``), which must never be written.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP = "bergen-access"


def _absolute(text: str) -> Path | None:
    path = Path(text)
    return path if path.is_absolute() and not str(path).startswith("~") else None


def config_dir() -> Path | None:
    """The settings folder (XDG_CONFIG_HOME on Linux)."""
    try:
        return _absolute(platformdirs.user_config_dir(APP, appauthor=False))
    except (OSError, RuntimeError, KeyError):
        return None


def data_dir() -> Path | None:
    """The folder of saved matches, score sheets, exports and logs (XDG_DATA_HOME on Linux)."""
    try:
        return _absolute(platformdirs.user_data_dir(APP, appauthor=False))
    except (OSError, RuntimeError, KeyError):
        return None
