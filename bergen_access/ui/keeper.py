"""The scorekeeper at the console: one line in, one answer out, until the keeper leaves.

What each line means and what it changes is the sheet's (``seat/keeper.py``);
this loop only reads the lines and hands them over.
"""

from __future__ import annotations

from ..seat.keeper import Keeper
from ..seat.session import QuitGame
from .reader import LineReader, ask


def keep_score(keeper: Keeper, reader: LineReader, *, resumed: bool = False) -> int:
    """Read and answer lines until the keeper quits or the input ends; the exit status."""
    try:
        keeper.start(resumed)
        while True:
            try:
                line = ask(reader, keeper.prompt())
            except (EOFError, KeyboardInterrupt):
                raise QuitGame from None
            keeper.handle(line)
    except (QuitGame, KeyboardInterrupt):
        keeper.leave()
        return 0
