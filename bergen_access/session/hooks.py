"""The kill tests' pauses (``BERGEN_TEST_PAUSE_AFTER_SAVE``, the journal's stepped write): one way to wait."""

from __future__ import annotations

import time

#: seconds of one step of a pause
STEP = 0.05


def pause_for_a_kill(seconds: float) -> None:
    """Wait ``seconds`` in short steps, so that a TERM or HUP is taken within a step.

    The tests signal the program right after it says it pauses; a signal that comes in the microseconds
    before one long ``time.sleep`` begins interrupts nothing, and Python would run its handler only when
    that sleep ended (the scorekeeper once did not end after a HUP at its save hook).
    """
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        time.sleep(min(STEP, left))
