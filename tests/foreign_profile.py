"""The real program as Windows or macOS would run it, on this Linux machine (see tests/foreign/).

``foreign_env`` makes the environment: the profile's ``sitecustomize`` first on
PYTHONPATH (it takes away what the other system lacks), the program told which
system's choices to make (``BERGEN_TEST_SYSTEM``), no TERM and no LANG (Windows
sets neither), Python's own UTF-8 mode off, and the standard streams in the
system's code page when they are pipes (cp1252, a German or English Windows) or
UTF-8 when they are the console (Windows's console speaks UTF-16 to Python);
macOS's are UTF-8, as its file names always are.
On Windows the stand-ins for msvcrt, pywin32 and accessible-output2 come first
too; what they were asked is in the log ``calls(log)`` reads.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from .folders import data_env

ROOT = Path(__file__).resolve().parent.parent
FOREIGN = ROOT / "tests" / "foreign"
DROPPED = ("LC_", "LANG", "TERM", "PYTHON", "BRLAPI_", "SPEECHD_", "XDG_", "BERGEN_")


def foreign_env(
    home: Path,
    system: str = "windows",
    *,
    console: bool = False,
    reader: str = "",
    ui_language: str = "0x0409",
    **extra: str,
) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(DROPPED)}
    paths = [str(FOREIGN), *([str(FOREIGN / "standins")] if system == "windows" else []), str(ROOT)]
    env.update(
        {
            "HOME": str(home / "home"),
            **data_env(home),
            "PYTHONPATH": os.pathsep.join(paths),
            "BERGEN_FOREIGN": system,
            "BERGEN_TEST_SYSTEM": system,
            "BERGEN_FOREIGN_LOG": str(home / "calls.jsonl"),
            "BERGEN_FOREIGN_READER": reader,
            "BERGEN_FOREIGN_UI_LANGUAGE": ui_language,
            # Windows: the code page, not UTF-8, for files and pipes; macOS: UTF-8 always
            "PYTHONUTF8": "0" if system == "windows" else "1",
            "PYTHONCOERCECLOCALE": "0",
            "PYTHONIOENCODING": "utf-8" if console or system != "windows" else "cp1252",
        }
    )
    for key in ("BERGEN_REQUIRE_SPEECH", "BERGEN_REQUIRE_BRLTTY"):
        if key in os.environ:
            env[key] = os.environ[key]
    env.update(extra)
    (home / "home").mkdir(parents=True, exist_ok=True)
    return env


def calls(home: Path) -> list[dict[str, Any]]:
    """What the stand-ins for the screen reader APIs were asked, in order."""
    log = home / "calls.jsonl"
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


def program() -> list[str]:
    return [sys.executable, "-m", "bergen_access"]
