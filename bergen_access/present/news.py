"""What an output channel (speech, a braille display, sound cues) has to tell the player: news as data.

A channel reports what happened to it (it stopped, another voice speaks, no
voice speaks the language); the presenter (``notices.channel_news``) says it in
the player's language, once.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


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
