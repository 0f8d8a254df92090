"""The garbage collector of ``bergen serve``: short pauses with hundreds of tables.

Python's full collection looks at every object the process holds. With 300 busy
tables that is a pause of 150-250 ms every 10-15 seconds (bench/server_load.py),
and every move made meanwhile waits for it: it set the 99th percentile. So what
survives a full collection is set apart (``gc.freeze``) and the next one looks
only at what is newer, a few milliseconds' work. What was set apart is looked at
again once every ``EVERY`` seconds, so cycles among old objects (a closed table's
seats and games) are still freed: one long pause in ten minutes instead of forty.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

EVERY = 600.0  # seconds between full collections of everything


def _after(phase: str, info: dict[str, Any]) -> None:
    """After each full collection: what survived it is not looked at by the next ones."""
    if phase == "stop" and info.get("generation") == 2:
        gc.freeze()


async def keep_pauses_short(every: float = EVERY) -> None:
    """Runs for as long as the server does (a task of its own); leaves the collector as it found it."""
    gc.callbacks.append(_after)
    gc.freeze()
    try:
        while True:
            await asyncio.sleep(every)
            gc.unfreeze()
            gc.collect()  # everything, once (the callback sets apart what survives)
    finally:
        gc.callbacks.remove(_after)
        gc.unfreeze()
