"""What every output beside the printed line offers the announcer: speech, a braille display, sounds.

A channel takes each message and carries it its own way without ever making
the game wait or fail: a channel that breaks says so once, as news, and the
announcer drops it and tells the player (the printed line always goes on).
News is data, not words: the presenter (``present/notices.py``) says it in the
player's language. Which channels exist is chosen per system (``speech.py``
for the speech engines); adding one is a class with these three methods.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol

from ..present.message import Message


class ChannelKind(enum.StrEnum):
    SPEECH = "speech"
    BRAILLE = "braille"
    SOUNDS = "sounds"


class NewsKind(enum.StrEnum):
    """What a channel has to tell the player, once."""

    #: the channel stopped working (``detail``: why, technical); it is dropped, the game goes on
    STOPPED = "stopped"
    #: no screen reader answered; ``name`` speaks instead (``detail``: why, technical)
    FELL_BACK = "fell-back"
    #: no installed voice speaks ``language``; another voice reads it
    NO_VOICE = "no-voice"
    #: the screen reader ``name`` takes no language from programs: it reads ``language`` with its voice
    NO_LANGUAGE = "no-language"
    #: VoiceOver does not allow programs to speak through it (an AppleScript setting); ``name`` speaks
    SCRIPTING_OFF = "scripting-off"


@dataclass(frozen=True)
class ChannelNews:
    channel: ChannelKind
    kind: NewsKind
    name: str = ""
    language: str = ""
    detail: str = ""


class Channel(Protocol):
    """An output beside the printed line."""

    def deliver(self, message: Message, language: str) -> None:
        """Carry ``message`` (spoken in ``language``); never blocks for long, never raises."""

    def take_news(self) -> list[ChannelNews]:
        """What happened since the last call, for the player to hear once."""

    def close(self) -> None:
        """Give everything back (the device, the process, the display)."""
