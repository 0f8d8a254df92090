"""A real screen reader reads the table's web page: Orca with Chromium over AT-SPI on a virtual
display, its speech written down by a Speech Dispatcher whose one synthesizer is a logger
(docs/orca-harness.md).

    python -m tests.orca_page --lang en --lang de --moves N [--keep DIR] [--raw]

plays N moves at the page per language against two computers and prints what Orca made of the
lines; ``tests/test_orca_page.py`` holds the page to it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .measure import Figures, measure
from .play import CHROMIUM, Recording, Served, play
from .stack import Stack, missing_tools

__all__ = ["Figures", "Recording", "missing", "run"]


def missing() -> str | None:
    """Why Orca cannot read the page here, or None."""
    tools = missing_tools()
    if not os.path.exists(CHROMIUM):
        tools.append(CHROMIUM)
    if importlib.util.find_spec("playwright") is None:
        tools.append("playwright (Python)")
    return ("missing: " + ", ".join(tools)) if tools else None


def run(languages: Sequence[str], moves: int, keep: Path | None = None) -> list[tuple[Recording, Figures]]:
    """One Orca and one server for all the languages; a new table and browser per language."""
    folder = Path(tempfile.mkdtemp(prefix="bergen-orca-"))
    results = []
    try:
        served = Served(folder)
        try:
            with Stack(folder) as stack:
                for language in languages:
                    recording = play(stack, served.url, language, moves)
                    frames = [frame.message for frame in recording.frames]
                    results.append((recording, measure(language, recording.moves, frames, recording.spoken)))
        finally:
            served.close()
    finally:
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            for name in ("speech.log", "orca-debug.log"):
                if (folder / name).exists():
                    shutil.copy(folder / name, keep / name)
        shutil.rmtree(folder, ignore_errors=True)
    return results
