"""Wrong secrets per address: a few wrong passwords or rejoin codes, then a minute's wait.

Without it one address could try thousands of passwords a second (a new
connection for each) or walk the rejoin codes of waiting seats.
"""

from __future__ import annotations

from collections import OrderedDict, deque

WINDOW = 60.0  # seconds a wrong secret is remembered
MOST_WRONG = 5  # wrong secrets within the window before the address waits
MOST_ADDRESSES = 10_000  # addresses remembered at once (the oldest are forgotten first)


class WrongSecrets:
    """When each address last gave a wrong password or code; whether it must wait now."""

    def __init__(self, window: float = WINDOW, most: int = MOST_WRONG) -> None:
        self.window = window
        self.most = most
        self._times: OrderedDict[str, deque[float]] = OrderedDict()

    def wrong(self, address: str, now: float) -> None:
        times = self._times.pop(address, None) or deque(maxlen=self.most)
        times.append(now)
        self._times[address] = times  # newest last
        while len(self._times) > MOST_ADDRESSES:
            self._times.popitem(last=False)

    def barred(self, address: str, now: float) -> bool:
        """``most`` wrong secrets within the window: the address waits until the oldest is forgotten."""
        times = self._times.get(address)
        if times is None:
            return False
        recent = sum(1 for at in times if now - at < self.window)
        if recent == 0:
            del self._times[address]
        return recent >= self.most
