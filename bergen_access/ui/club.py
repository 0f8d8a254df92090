"""The club director's loop at the console: one line in, one answer out, until the director leaves.

What each line means is the director's (``seat/club.py``); this loop only reads and hands over.
"""

from __future__ import annotations

from ..seat.club import Director
from ..seat.session import QuitGame
from .reader import LineReader, ask


def run_evening(director: Director, reader: LineReader, *, resumed: bool = False) -> int:
    """Read and answer lines until the director quits or the input ends; the exit status."""
    try:
        director.start(resumed)
        while True:
            try:
                line = ask(reader, director.prompt())
            except (EOFError, KeyboardInterrupt):
                raise QuitGame from None
            director.handle(line)
    except (QuitGame, KeyboardInterrupt):
        director.leave()
        return 0
