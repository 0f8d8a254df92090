"""A whole ``bergen club`` evening typed through: six players entered by name, three Swiss rounds at
tables of 2, a wrong line or two, an undo, the standings.

Shared by ``tests/test_club.py`` and the English transcript in ``docs/club-transcript-en.txt``,
which this module writes (never by hand):

    .venv/bin/python -m tests.club_script --write
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from .drivers import ROOT, run_piped, transcript_main

TRANSCRIPT = ROOT / "docs" / "club-transcript-en.txt"
PLAYERS = ["Anna", "Cem", "Jürgen", "Mia", "Ayşe", "Tom"]

TYPED = [
    *PLAYERS,
    "",
    "1 15 9",
    "2 15",  # one score short
    "2 11 15",
    "3 15 12",
    "standings",
    "1 15 14",
    "2 15 8",
    "3 6 15",
    "undo",  # table 3 again: the scores were the other way round
    "3 15 6",
    "tables",
    "1 15 10",
    "2 12 15",
    "3 15 13",
    "4 15 0",  # the evening is over
    "quit",
]


def run_plain(home: Path, language: str, lines: list[str]) -> tuple[str, int]:
    """``bergen club`` through pipes, every line typed at once: its output and exit status."""
    return run_piped("club", home, language, lines)


def transcript() -> str:
    """The English transcript of the evening."""
    with tempfile.TemporaryDirectory() as home:
        text, status = run_plain(Path(home), "en", TYPED)
    if status != 0:
        raise SystemExit(f"bergen club ended with {status}")
    return text


def main() -> int:
    return transcript_main(__doc__ or "", TRANSCRIPT, transcript)


if __name__ == "__main__":
    sys.exit(main())
