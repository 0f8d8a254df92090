"""``bergen serve``'s server in the test's own process, with the limits a test's people need.

Every client of these tests is 127.0.0.1, types faster than anyone could and joins by the dozen, so
each limit meant for strangers on the network would hold the test back instead: the lines a second of
a connection, the connections waiting per address, and the address's share of the server's work (a
line is charged the CPU it took, in steps of 10 ms under Wine, and a cold process's first lines could
put the one address 30 s in debt, holding its next lines past every wait). Each limit keeps its own
tests, which pass it explicitly (``tests/test_fair_share.py`` builds its servers itself).
"""

from __future__ import annotations

from typing import Any

from bergen_access.net.fair import AddressBudgets
from bergen_access.net.server import Server
from bergen_access.session.storage import Storage

#: lines a second and at once for each connection
TEST_RATE = (1000.0, 1000)
#: connections that may wait at once from one address
TEST_WAITING = 1000


def local_server(storage: Storage | None = None, **options: Any) -> Server:
    """A server nothing is kept by (unless ``storage``), its limits out of the test's way but for those
    ``options`` name."""
    options.setdefault("rate", TEST_RATE)
    options.setdefault("waiting", TEST_WAITING)
    options.setdefault("budgets", AddressBudgets(1e9, 1e9))
    return Server(storage, **options)
