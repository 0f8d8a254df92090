"""What every speech engine is: the protocol, the shared part, and how one says it cannot speak.

Apart from ``speech.py``, which chooses among the engines, so the engines of
one platform (``windows_readers.py``, ``macos_speech.py``) need not import the
module that imports them.
"""

from __future__ import annotations

from typing import Protocol

from ..i18n import platform_language
from .channel import ChannelKind, ChannelNews, NewsKind
from .voices import primary_language


class SpeechUnavailableError(RuntimeError):
    """An engine that cannot speak here; ``news`` says how the player hears of it when another speaks."""

    def __init__(self, reason: str, news: NewsKind = NewsKind.FELL_BACK) -> None:
        super().__init__(reason)
        self.news = news


class Backend(Protocol):
    """A speech engine (and perhaps the screen reader's braille)."""

    #: who speaks, for the player ("NVDA", "the game's own voice")
    name: str

    def speak(self, text: str, language: str) -> None: ...

    def braille(self, text: str) -> None: ...

    def cancel(self) -> None: ...

    def close(self) -> None:
        """Stop now and give everything back."""

    def finish(self) -> None:
        """The program ends: what is being said may end first (briefly), then ``close``."""

    def take_news(self) -> list[ChannelNews]: ...


class Engine:
    """What most engines share: no braille of their own, and news kept until taken."""

    name = "speech"

    def __init__(self) -> None:
        self._news: list[ChannelNews] = []
        self._told: set[tuple[NewsKind, str]] = set()
        self._system_language: str | None = None

    def tell(self, kind: NewsKind, *, language: str = "", detail: str = "", name: str = "") -> None:
        """Keep news for the player, once per kind and language."""
        if (kind, language) in self._told:
            return
        self._told.add((kind, language))
        self._news.append(ChannelNews(ChannelKind.SPEECH, kind, name or self.name, language, detail))

    def tell_no_language(self, language: str) -> None:
        """The screen reader reads every language with its own voice: worth saying once when the game
        speaks another language than the system's (the voice a screen reader was set up with)."""
        if (NewsKind.NO_LANGUAGE, language) in self._told:
            return
        if self._system_language is None:  # asked once: on macOS it is a command to run
            self._system_language = primary_language(platform_language() or "en")
        if self._system_language != primary_language(language):
            self.tell(NewsKind.NO_LANGUAGE, language=language)

    def take_news(self) -> list[ChannelNews]:
        news, self._news = self._news, []
        return news

    def braille(self, text: str) -> None:
        return None

    def close(self) -> None:
        return None

    def finish(self) -> None:
        self.close()


__all__ = ["Backend", "Engine", "SpeechUnavailableError"]
