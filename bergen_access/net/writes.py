"""The server's disk writes, off its event loop: one thread, one write at a time, in the order asked.

A table's write is a few journal lines and one fsync; an fsync may wait for the
disk for tens of milliseconds, and while the event loop waits nobody at any
table is answered. So the loop prepares each write (the bytes; the match is read
only there) and hands it to one writer thread; what the table says after it waits
for it (``Ticket``, ``Client.hold_until``): nobody is told a move before it is on
the disk, and the loop answers everyone else meanwhile. One thread for all tables
keeps every table's writes in order (and a closed table's files are gone before a
new table of its number writes). Stopping waits for every write asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Generic, TypeVar

T = TypeVar("T")


class Ticket:
    """One write asked for: done once it is on the disk (or failed, and told so)."""

    def __init__(self) -> None:
        self.done = False
        self._then: list[Callable[[], None]] = []

    def then(self, action: Callable[[], None]) -> None:
        """``action`` once the write is done (at once if it is); on the event loop's thread."""
        if self.done:
            action()
        else:
            self._then.append(action)

    def finish(self) -> None:
        """Done: every action waiting for it runs, each whatever another one raised (a connection's
        lines that could not go out must never keep the others' lines waiting for good)."""
        self.done = True
        waiting, self._then = self._then, []
        failed: Exception | None = None
        for action in waiting:
            try:
                action()
            except Exception as error:
                failed = failed or error
        if failed is not None:
            raise failed  # told as a fault by whoever finished it, once every action has run


class _Outcome(Generic[T]):
    """What a job gave, or the exception it raised, carried from the writer thread to the loop."""

    def __init__(self, job: Callable[[], T]) -> None:
        self.error: BaseException | None = None
        try:
            self.value: T | None = job()
        except Exception as error:  # a fault of ours: raised again on the loop, where faults are told
            self.value, self.error = None, error

    def get(self) -> T:
        if self.error is not None:
            raise self.error
        return self.value  # type: ignore[return-value]


class Writes:
    """One writer thread for the server's files; without a running event loop (or once stopped), each
    write is done at once where it is asked, as before there was a thread."""

    def __init__(self, fault: Callable[[], None]) -> None:
        self._fault = fault  # called while a job's exception is handled (on the loop)
        self._pool: ThreadPoolExecutor | None = None
        self._last = Ticket()
        self._last.finish()
        self._stopped = False

    def submit(self, job: Callable[[], T], done: Callable[[T], None] = lambda result: None) -> Ticket:
        """Run ``job`` in the writer thread after every job asked before; then ``done`` with its result
        on the loop, and the ticket is done."""
        ticket = Ticket()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self._stopped:
            self._finished(_Outcome(job), done, ticket)
            return ticket
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bergen-writes")

        def work() -> None:
            outcome = _Outcome(job)
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody is left to tell
                loop.call_soon_threadsafe(self._finished, outcome, done, ticket)

        self._pool.submit(work)
        self._last = ticket
        return ticket

    def _finished(self, outcome: _Outcome[T], done: Callable[[T], None], ticket: Ticket) -> None:
        try:
            done(outcome.get())
        except Exception:
            self._fault()
        try:
            ticket.finish()
        except Exception:
            self._fault()

    async def drain(self) -> None:
        """Until every write asked for so far (and any asked for meanwhile) is done."""
        while not self._last.done:
            waited: asyncio.Future[None] = asyncio.get_running_loop().create_future()

            def wake(future: asyncio.Future[None] = waited) -> None:
                if not future.done():
                    future.set_result(None)

            self._last.then(wake)
            await waited

    async def stop(self) -> None:
        """Every write done, the thread ended; a write asked for after this is done where it is asked."""
        await self.drain()
        self._stopped = True
        if self._pool is not None:
            self._pool.shutdown(wait=True)  # nothing is left in it: ends at once
            self._pool = None
