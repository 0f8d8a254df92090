"""A person on the server: who they are, how they want to be spoken to, where they are.

A connection (``connections.py``) is the line: its framing, limits, GMCP, what waits
for a write. The person on it is a ``Session``, held by the connection and, while
they sit at a table, by their seat too. So a session can outlive its connection: a
line that drops leaves the session at its seat, and ``rejoin CODE`` on a new
connection takes it up there (``tables.take_back``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import I18n
from ..present.message import Verbosity

if TYPE_CHECKING:
    from .table import Seat, Table, Watcher


@functools.cache
def words_in(language: str) -> I18n:
    """One catalog per language for every connection (read once, never changed)."""
    return I18n(language)


@dataclass
class Session:
    """The person: their name (None until they give one), their language and verbosity, and the
    table they are at, seated (``seat``) or watching (``watching``)."""

    name: str | None = None
    language: str = "en"
    verbosity: Verbosity = Verbosity.NORMAL
    table: Table | None = None
    seat: Seat | None = None
    watching: Watcher | None = None
    #: the code of the seat this connection left waiting (``rejoin`` alone takes it back; its name stays
    #: theirs meanwhile)
    left: str | None = None

    @property
    def i18n(self) -> I18n:
        return words_in(self.language)

    def in_lobby(self) -> Session:
        """The same person at no table (their name and words kept): what a connection goes on with
        when its seat keeps this session for a rejoin, or loses it to another connection."""
        return Session(self.name, self.language, self.verbosity, left=self.left)
