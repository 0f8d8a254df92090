"""Malformed HTTP requests to ``bergen serve --web``, told to the host in a few lines, never a traceback.

aiohttp logs each request it cannot parse (a bad request line, a header too long, bytes that are
not HTTP) with its traceback on its server logger; unconfigured, that lands on the host's console:
100 bad requests were 775 lines. The web side gives aiohttp ``quiet_logger`` instead: it prints
nothing, and hands each bad request's address (a request aiohttp could not read: an
``HttpProcessingError``) to ``BadRequests``, which tells the host at most one
line per address and minute: the first at once, then how many came in the last minute
(``per_minute.py``).
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable

from aiohttp.http_exceptions import HttpProcessingError

from .per_minute import MalformedRequests, PerMinute

__all__ = ["BadRequests", "MalformedRequests", "quiet_logger"]


class BadRequests(PerMinute[MalformedRequests]):
    """Malformed requests counted per address; the host hears at most one line per address and minute."""

    def __init__(self, tell: Callable[[MalformedRequests], None]) -> None:
        super().__init__(tell, MalformedRequests)


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
