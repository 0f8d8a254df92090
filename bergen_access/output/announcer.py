"""Delivers each announcement to every channel: printed line, speech, braille, recorders."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from ..present.message import Message, wrap_braille
from .speech import Speaker

#: A recorder receives each message and its braille lines (tests, logs).
Recorder = Callable[[Message, list[str]], None]


class Announcer:
    """One place that tells the player something; nothing else prints."""

    def __init__(
        self,
        out: TextIO,
        *,
        language: str,
        braille_width: int = 40,
        terse: bool = False,
        speaker: Speaker | None = None,
    ) -> None:
        self.out = out
        self.language = language
        self.braille_width = braille_width
        self.terse = terse
        self.speaker = speaker
        self.recorders: list[Recorder] = []
        self.last: Message | None = None
        self.speech_failure_notice: Callable[[str], Message] | None = None
        self._failure_told = False

    def announce(self, message: Message) -> None:
        """Print, speak and braille one message."""
        lines = wrap_braille(message.braille, self.braille_width)
        printed = lines if self.terse else message.text.splitlines() or [""]
        self.out.write("".join(line + "\n" for line in printed))
        self.out.flush()
        speaker = self.speaker
        if speaker is not None and speaker.alive:
            speaker.say(message.speech, self.language, interrupt=message.urgent)
            speaker.braille(message.braille)
        for record in self.recorders:
            record(message, lines)
        self.last = message
        self.check_speech()

    def check_speech(self) -> None:
        """Say once, in text, that speech failed; then carry on without it."""
        speaker = self.speaker
        if speaker is None or speaker.alive or self._failure_told:
            return
        self._failure_told = True
        if self.speech_failure_notice is not None:
            notice = self.speech_failure_notice(speaker.failure or "")
            self.speaker = None
            self.announce(notice)

    def stop_speech(self) -> None:
        if self.speaker is not None:
            self.speaker.stop()

    def set_speaker(self, speaker: Speaker | None) -> None:
        if self.speaker is not None:
            self.speaker.close()
        self.speaker = speaker
        self._failure_told = False

    def close(self) -> None:
        self.set_speaker(None)
