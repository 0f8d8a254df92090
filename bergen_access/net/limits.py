"""The server's limits that its clients and its host also need to know."""

from __future__ import annotations

#: connections at once from one address (a household or a club behind one router stays far below;
#: bergen serve --per-address raises it)
MOST_PER_ADDRESS = 50
