"""Where the game keeps its settings and its saved match, per platform.

``BERGEN_DATA_DIR`` and ``BERGEN_CONFIG_DIR`` name the folders themselves on
every system (Windows ignores ``XDG_*``, and platformdirs asks Windows for
``%LOCALAPPDATA%`` directly): a player with the game on a USB stick, a second
set of saves, or a test run keeps away from the usual folders with them.
Without them platformdirs decides.

``None`` means there is no usable place: no home folder could be found, so
platformdirs would answer with a path relative to wherever the program was
started (``~/.local/share``), which must never be written.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

import platformdirs

APP = "bergen-access"
#: the environment variables that name the folders themselves, on every system
DATA_VARIABLE = "BERGEN_DATA_DIR"
CONFIG_VARIABLE = "BERGEN_CONFIG_DIR"


def _absolute(text: str) -> Path | None:
    path = Path(text)
    return path if path.is_absolute() and not str(path).startswith("~") else None


def _chosen(variable: str, env: Mapping[str, str]) -> Path | None:
    """The folder an environment variable names (``~`` and a relative path are taken as a shell would)."""
    text = env.get(variable, "").strip()
    if not text:
        return None
    try:
        return Path(text).expanduser().absolute()
    except (OSError, RuntimeError):  # no home for "~", or no working folder
        return None


def _folder(variable: str, ask: Callable[..., str], env: Mapping[str, str] | None) -> Path | None:
    chosen = _chosen(variable, os.environ if env is None else env)
    if chosen is not None:
        return chosen
    try:
        return _absolute(ask(APP, appauthor=False))
    except (OSError, RuntimeError, KeyError):
        return None


def config_dir(env: Mapping[str, str] | None = None) -> Path | None:
    """The settings folder: BERGEN_CONFIG_DIR, else the system's (XDG_CONFIG_HOME on Linux)."""
    return _folder(CONFIG_VARIABLE, platformdirs.user_config_dir, env)


def data_dir(env: Mapping[str, str] | None = None) -> Path | None:
    """The folder of saved matches, score sheets, exports and logs: BERGEN_DATA_DIR, else the system's
    (XDG_DATA_HOME on Linux, %LOCALAPPDATA% on Windows)."""
    return _folder(DATA_VARIABLE, platformdirs.user_data_dir, env)


def system_folders() -> tuple[Path | None, Path | None]:
    """The system's own settings and data folders, whatever BERGEN_* say (the tests guard them)."""
    return _folder(CONFIG_VARIABLE, platformdirs.user_config_dir, {}), _folder(
        DATA_VARIABLE, platformdirs.user_data_dir, {}
    )


def said_folder(folder: Path, here: Path | None = None, home: Path | None = None) -> str:
    """A folder as it is said after an export: short for speech and braille, still findable. Under the
    folder the program was started in, relative to it (``exports``; ``.`` for that folder itself); else
    under the home folder, from ``~`` (``~/.local/share/bergen-access/exports``); else whole."""
    try:
        here = here if here is not None else Path.cwd()
        home = home if home is not None else Path.home()
    except (OSError, RuntimeError):  # no working folder, or no home
        return str(folder)
    for base, prefix in ((here, ""), (home, "~")):
        try:
            relative = folder.relative_to(base)
        except ValueError:
            continue
        if not prefix:
            return str(relative)
        return str(Path(prefix) / relative) if relative.parts else prefix
    return str(folder)
