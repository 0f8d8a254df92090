"""What every output beside the printed line offers the announcer: speech, a braille display, sounds.

A channel takes each message and carries it its own way without ever making
the game wait or fail: a channel that breaks says so once, as news, and the
announcer drops it and tells the player (the printed line always goes on).
News is data, not words: the presenter (``present/notices.py``) says it in the
player's language. Which channels exist is chosen per system (``speech.py``
for the speech engines); adding one is a class with these three methods.
"""

from __future__ import annotations

from typing import Protocol

from ..present.message import Message
from ..present.news import ChannelKind, ChannelNews, NewsKind

__all__ = ["Channel", "ChannelKind", "ChannelNews", "NewsKind"]


class Channel(Protocol):
    """An output beside the printed line."""

    def deliver(self, message: Message, language: str) -> None:
        """Carry ``message`` (spoken in ``language``); never blocks for long, never raises."""

    def take_news(self) -> list[ChannelNews]:
        """What happened since the last call, for the player to hear once."""

    def close(self) -> None:
        """Give everything back (the device, the process, the display)."""
