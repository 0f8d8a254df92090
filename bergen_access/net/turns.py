"""Connections of an address over its share wait in line for their turns, one timer per address.

If every waiting connection slept on its own, fifty connections of a flooding address would all wake
when its debt is paid, one would take the turn and forty-nine would go back to sleep: thousands of
wake-ups a second for twenty such addresses, the very work the share is there to spare. Here they
queue per address, first come first served, and one timer wakes the next when the budget allows.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable

from .fair import AddressBudgets


class Turns:
    """Whose turn it is, per address; ``waits`` counts the times a connection had to queue."""

    def __init__(self, budgets: AddressBudgets, clock: Callable[[], float] = time.monotonic) -> None:
        self.budgets = budgets
        self.clock = clock
        self.waits = 0
        self._lines: dict[str, deque[asyncio.Future[None]]] = {}

    def waiting(self, address: str) -> int:
        """Connections of ``address`` waiting for a turn now."""
        line = self._lines.get(address)
        return sum(1 for turn in line if not turn.done()) if line else 0

    async def take(self, address: str) -> bool:
        """Until it is this connection's turn (at once if the address is within its share and nobody
        of it waits); whether it had to wait. What is done after it, until the next ``await``, is
        the turn: it must be counted (``budgets.spend``) before then."""
        line = self._lines.get(address)
        if line is None and self.budgets.wait(address, self.clock()) <= 0:
            return False
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if line is None:
            line = self._lines[address] = deque()
            self._later(address)
        line.append(turn)
        self.waits += 1
        try:
            await turn
        finally:
            if not turn.done():  # the connection ended while it waited
                turn.cancel()
        return True

    def _later(self, address: str) -> None:
        pause = self.budgets.wait(address, self.clock())
        loop = asyncio.get_running_loop()
        if pause > 0:
            loop.call_later(pause, self._next, address)
        else:
            loop.call_soon(self._next, address)

    def _next(self, address: str) -> None:
        """The first still waiting gets its turn, once the budget allows; the one after it is looked
        at once this turn is taken (its task runs before this callback's successor)."""
        line = self._lines.get(address)
        while line and line[0].done():  # ended while waiting
            line.popleft()
        if not line:
            self._lines.pop(address, None)
            return
        if self.budgets.wait(address, self.clock()) > 0:
            self._later(address)
            return
        line.popleft().set_result(None)
        if line:
            asyncio.get_running_loop().call_soon(self._next, address)
        else:
            del self._lines[address]
