"""The server's garbage collector (net/collector.py): what survives a full collection is set
apart, so the next ones look only at newer objects; cycles among old objects are still freed by
the full collection that comes every ``every`` seconds; stopping leaves the collector as it was."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import weakref

from bergen_access.net.collector import _after, keep_pauses_short


class Node:
    """A cycle of two, freed only by the collector (never by counting references)."""

    def __init__(self) -> None:
        self.other: Node | None = None


def _cycle() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_what_survives_a_full_collection_is_set_apart_and_old_cycles_are_freed_in_time() -> None:
    async def run() -> tuple[int, bool, bool, int]:
        task = asyncio.ensure_future(keep_pauses_short(every=0.3))
        await asyncio.sleep(0)  # the task starts: everything now held is set apart
        kept = Node()
        kept.other = kept
        gc.collect()  # a full collection: the callback sets apart what survived it, ``kept`` too
        frozen = gc.get_freeze_count()
        held = Node()
        held.other = Node()
        held.other.other = held
        old = weakref.ref(held)
        gc.collect()  # held here, so it survives and is set apart
        del held
        gc.collect()  # the cycle is garbage now, but set apart: the full collection does not see it
        alive_before = old() is not None
        await asyncio.sleep(0.6)  # the collection of everything has come
        freed_after = old() is None
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return frozen, alive_before, freed_after, gc.get_freeze_count()

    frozen, alive_before, freed_after, frozen_after_stop = asyncio.run(run())
    assert frozen > 0
    assert alive_before, "a cycle set apart is not looked at by the next full collections"
    assert freed_after, "the full collection every few seconds frees old cycles"
    assert frozen_after_stop == 0
    assert _after not in gc.callbacks


def test_young_cycles_are_freed_by_the_next_full_collection_as_always() -> None:
    async def run() -> bool:
        task = asyncio.ensure_future(keep_pauses_short(every=60))
        await asyncio.sleep(0)
        young = _cycle()
        gc.collect()
        freed = young() is None
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return freed

    assert asyncio.run(run())
    assert gc.get_freeze_count() == 0
