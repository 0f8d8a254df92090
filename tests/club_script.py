"""A whole ``bergen club`` evening typed through: six players entered by name, three Swiss rounds at
tables of 2, a wrong line or two, an undo, the standings.

Shared by ``tests/test_club.py`` and the English transcript in ``docs/club-transcript-en.txt``,
which this module writes (never by hand):

    .venv/bin/python -m tests.club_script --write
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from .drivers import ROOT, environment

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
    done = subprocess.run(
        [sys.executable, "-m", "bergen_access", "club", "--plain", "--speech", "off", "--lang", language],
        cwd=str(ROOT),
        env=environment(home, TERM="dumb"),
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    return done.stdout, done.returncode


def transcript() -> str:
    """The English transcript of the evening."""
    with tempfile.TemporaryDirectory() as home:
        text, status = run_plain(Path(home), "en", TYPED)
    if status != 0:
        raise SystemExit(f"bergen club ended with {status}")
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {TRANSCRIPT.relative_to(ROOT)}")
    args = parser.parse_args()
    text = transcript()
    if args.write:
        TRANSCRIPT.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
