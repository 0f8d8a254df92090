"""Malformed HTTP requests to ``bergen serve --web``, told to the host in a few lines, never a traceback.

aiohttp logs each request it cannot parse (a bad request line, a header too long, bytes that are
not HTTP) with its traceback on its server logger; unconfigured, that lands on the host's console:
100 bad requests were 775 lines. The web side gives aiohttp ``quiet_logger`` instead: it prints
nothing, and hands each bad request's address (a request aiohttp could not read: an
``HttpProcessingError``) to ``BadRequests``, which tells the host at most one
line per address and minute: the first at once, then how many came in the last minute.
"""

from __future__ import annotations

import logging
import traceback
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from aiohttp.http_exceptions import HttpProcessingError

WINDOW = 60.0  # seconds between two lines about one address
MOST_ADDRESSES = 1_000  # addresses counted at once (the oldest are forgotten first)


@dataclass(frozen=True)
class MalformedRequests:
    """``count`` malformed requests came from ``address``; ``first``: the first of a quiet spell."""

    address: str
    count: int
    first: bool


@dataclass
class _Spell:
    since: float
    count: int = 0


class BadRequests:
    """Counts malformed requests per address; ``tell`` hears at most one line per address and window."""

    def __init__(self, tell: Callable[[MalformedRequests], None], window: float = WINDOW) -> None:
        self.tell = tell
        self.window = window
        self._spells: OrderedDict[str, _Spell] = OrderedDict()

    def arrived(self, address: str, now: float) -> None:
        spell = self._spells.get(address)
        if spell is not None and now - spell.since >= self.window:
            self._flush(address, spell, now)
            spell = self._spells.get(address)
        if spell is None:  # the first after a quiet minute: told at once
            self._spells[address] = _Spell(since=now)
            while len(self._spells) > MOST_ADDRESSES:
                self._spells.popitem(last=False)
            self.tell(MalformedRequests(address, 1, first=True))
            return
        spell.count += 1

    def tick(self, now: float) -> None:
        """Tell what each address sent in its last window (called now and then)."""
        for address, spell in list(self._spells.items()):
            if now - spell.since >= self.window:
                self._flush(address, spell, now)

    def _flush(self, address: str, spell: _Spell, now: float) -> None:
        if spell.count:
            self.tell(MalformedRequests(address, spell.count, first=False))
            self._spells[address] = _Spell(since=now)  # another window: the flood may go on
        else:
            del self._spells[address]


class _Counted(logging.Handler):
    def __init__(self, seen: Callable[[str], None], fault: Callable[[str], None]) -> None:
        super().__init__(logging.DEBUG)
        self.seen = seen
        self.fault = fault

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        if str(record.msg).startswith("Error handling request") and isinstance(error, HttpProcessingError):
            address = record.args[0] if isinstance(record.args, tuple) and record.args else None
            self.seen(str(address) if address is not None else "?")
        elif record.levelno >= logging.ERROR:  # a fault of ours in a handler: counted as the server's faults
            detail = record.getMessage()
            if error is not None:
                detail += "\n" + "".join(traceback.format_exception(error))
            self.fault(detail)


def quiet_logger(seen: Callable[[str], None], fault: Callable[[str], None]) -> logging.Logger:
    """A logger for aiohttp's server that prints nothing: each bad request's address goes to ``seen``,
    a fault of one of our handlers (its traceback) to ``fault``."""
    logger = logging.Logger("bergen_access.web.requests", logging.DEBUG)  # not registered: one per side
    logger.propagate = False
    logger.addHandler(_Counted(seen, fault))
    return logger
