"""The garbage collector of ``bergen serve``: short pauses with hundreds of tables.

Python's full collection looks at every object the process holds; with 300
busy tables that is a pause of 150-250 ms every 15 seconds or so (measured with
bench/server_load.py), and every move made meanwhile waits for it. So after each
full collection what survived it is set apart (``gc.freeze``): the next one looks
only at what is newer. What was set apart is looked at again once every
``EVERY`` seconds (one such pause in ten minutes), so a closed table's objects
that refer to each other are still freed.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

EVERY = 600.0  # seconds between full collections of everything


def _after(phase: str, info: dict[str, Any]) -> None:
    if phase == "stop" and info.get("generation") == 2:
        gc.freeze()  # what survived a full collection is not looked at by the next ones


async def keep_pauses_short(every: float = EVERY) -> None:
    """For as long as the server runs (a task of its own); the collector as it was when it ends."""
    gc.callbacks.append(_after)
    gc.freeze()
    try:
        while True:
            await asyncio.sleep(every)
            gc.unfreeze()
            gc.collect()  # everything, once: cycles among old objects are freed
            gc.freeze()
    finally:
        gc.callbacks.remove(_after)
        gc.unfreeze()
