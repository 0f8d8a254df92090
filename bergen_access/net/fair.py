"""Each address's share of the server's work: what one address sends is read only as fast as its
budget allows, so a flood from a few addresses cannot slow the tables of everybody else.

The per-connection rate limit (``telnet.RateLimiter``) refuses lines only after they were read and
framed, and a flooder simply opens another connection (fifty from one address are allowed, for a
club behind one router). The budget is kept per address instead, over all its connections, and is
spent *before* more is read: bytes read, lines taken, the time the server spent on them and the
answers it wrote, and connections opened all cost units; an address in debt is not read from again
until the debt is paid (its connections wait; TCP then holds the sender back, at no cost to the
server). Nothing is dropped: a household or a club stays far inside the budget, a flood only waits.
Time is passed in, so the budget is deterministic.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

#: units an address earns a second for each connection it may have (``--per-address``, 50 by
#: default: 4,000 a second, 20 short lines or about 4 KB of long ones; a host who lets one address
#: have more connections, a club behind one router, gives it as much more work)
RATE_PER_CONNECTION = 80.0
#: units an address may spend at once, for each connection it may have (32,000 by default: a club
#: of fifty all coming in and giving their names in the same second)
BURST_PER_CONNECTION = 640.0
#: a line taken (past its connection's rate limit) costs as much as this many bytes: what the lobby
#: does with it costs more than reading it (and the answer it writes costs its length besides)
LINE_COST = 200.0
#: a second of the server's own time (its thread's CPU time) spent on a line: 250 units a millisecond,
#: so an address at the end of its share has the server working for it at most 16 ms a second (a move
#: at a table takes about one millisecond; ``who`` among a thousand connections, more)
UNITS_PER_CPU_SECOND = 250_000.0
#: a connection opened (its greeting, its place in the lobby): a club's fifty come in at once, a
#: flood that reconnects as fast as it is closed gets ten connections a second
CONNECTION_COST = 400.0
#: the deepest debt an address can run into, in seconds of its budget: a burst of connections
#: all reading at once does not shut out its address for minutes
MOST_DEBT_SECONDS = 30.0
#: addresses remembered at once (the longest idle forgotten first: a forgotten one starts full)
MOST_ADDRESSES = 10_000


@dataclass
class _Bucket:
    units: float
    at: float


class AddressBudgets:
    """One token bucket per address, shared by all its connections; spent after the work, waited
    for before the next."""

    def __init__(self, rate: float, burst: float, most_debt_seconds: float = MOST_DEBT_SECONDS) -> None:
        if rate <= 0 or burst <= 0 or most_debt_seconds < 0:
            raise ValueError("rate and burst must be positive, the debt limit not negative")
        self.rate = rate
        self.burst = burst
        self._floor = -rate * most_debt_seconds
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    @classmethod
    def for_connections(cls, per_address: int) -> AddressBudgets:
        """The budget of an address that may have ``per_address`` connections at once."""
        connections = max(1, per_address)
        return cls(RATE_PER_CONNECTION * connections, BURST_PER_CONNECTION * connections)

    def _bucket(self, address: str, now: float) -> _Bucket:
        bucket = self._buckets.pop(address, None)
        if bucket is None:
            bucket = _Bucket(self.burst, now)
        else:
            bucket.units = min(self.burst, bucket.units + max(0.0, now - bucket.at) * self.rate)
            bucket.at = max(bucket.at, now)
        self._buckets[address] = bucket  # the most recently used last
        while len(self._buckets) > MOST_ADDRESSES:
            self._buckets.popitem(last=False)
        return bucket

    def spend(self, address: str, units: float, now: float) -> None:
        """Work done for ``address`` (bytes read, a line taken, a connection opened)."""
        bucket = self._bucket(address, now)
        bucket.units = max(self._floor, bucket.units - units)

    def wait(self, address: str, now: float) -> float:
        """Seconds before anything more is read from ``address`` (0: now)."""
        bucket = self._bucket(address, now)
        if bucket.units >= 0:
            return 0.0
        return -bucket.units / self.rate

    def __len__(self) -> int:
        return len(self._buckets)
