"""What one address does too often, told to the host in at most one line a minute per address.

A host with a screen reader hears every line the server prints: a scanner's malformed requests or
an address flooding the tables must not become hundreds of lines. The first of a quiet spell is told
at once, then how many came in each minute while it goes on.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

WINDOW = 60.0  # seconds between two lines about one address
MOST_ADDRESSES = 1_000  # addresses counted at once (the oldest are forgotten first)


@dataclass(frozen=True)
class AddressCount:
    """``count`` times from ``address``; ``first``: the first of a quiet spell (told at once)."""

    address: str
    count: int
    first: bool


@dataclass(frozen=True)
class MalformedRequests(AddressCount):
    """Requests to the web page that were not proper HTTP."""


@dataclass(frozen=True)
class OverShare(AddressCount):
    """Times the address's connections waited because it sent more than its share (``fair.py``)."""


@dataclass(frozen=True)
class WrongPassphrases(AddressCount):
    """Wrong passphrases for registered names (``registry.py``)."""


Told = TypeVar("Told", bound=AddressCount)


@dataclass
class _Spell:
    since: float
    count: int = 0


class PerMinute(Generic[Told]):
    """Counts per address; ``tell`` hears at most one ``kind`` per address and window."""

    def __init__(self, tell: Callable[[Told], None], kind: type[Told], window: float = WINDOW) -> None:
        self.tell = tell
        self.kind = kind
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
            self.tell(self.kind(address, 1, first=True))
            return
        spell.count += 1

    def tick(self, now: float) -> None:
        """Tell what each address did in its last window (called now and then)."""
        for address, spell in list(self._spells.items()):
            if now - spell.since >= self.window:
                self._flush(address, spell, now)

    def _flush(self, address: str, spell: _Spell, now: float) -> None:
        if spell.count:
            self.tell(self.kind(address, spell.count, first=False))
            self._spells[address] = _Spell(since=now)  # another window: it may go on
        else:
            del self._spells[address]
