"""Delivers each announcement to every channel: printed line, speech, braille, recorders.

Nothing reaches a channel raw: every text passes ``boundary.visible`` (a name
or an echoed line can never move the cursor, retitle the terminal or forge a
line of its own) and speech gets ``boundary.for_speech``. When the output is
gone (a closed pipe, a hung-up terminal) the announcer says so once, by
raising ``OutputClosed``, and stays silent from then on.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from typing import TextIO

from ..boundary import for_speech, visible
from ..present.message import Message, wrap_braille
from .braille_display import BrailleDisplay
from .sounds import SoundPlayer
from .speech import Speaker


class OutputClosed(EOFError):  # noqa: N818 - read like the end of input it is treated as
    """Nobody can read what is printed any more; the program ends as at the end of input."""


def safe(message: Message) -> Message:
    """The message with every control character made visible (printed, braille) or removed (speech)."""
    return Message(
        visible(message.text, keep_newlines=True),
        for_speech(message.speech),
        visible(message.braille, keep_newlines=True),
        message.urgent,
        message.cue,
        message.pick,
    )


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
        self.sounds: SoundPlayer | None = None  # cues beside the text, when on
        #: the game's own braille display (BrlAPI), when one was taken; every announcement waits there
        #: until it is read
        self.braille: BrailleDisplay | None = None
        self.braille_failure_notice: Callable[[str], Message] | None = None
        self.closed = False

    def announce(self, message: Message) -> None:
        """Print, speak and braille one message."""
        if self.closed:
            return
        message = safe(message)
        lines = wrap_braille(message.braille, self.braille_width)
        printed = lines if self.terse else message.text.splitlines() or [""]
        self.write("".join(line + "\n" for line in printed))
        if message.cue is not None and self.sounds is not None:
            self.sounds.play(message.cue)  # queued: never waits
        speaker = self.speaker
        if speaker is not None and speaker.alive:
            speaker.say(message.speech, self.language, interrupt=message.urgent)
            speaker.braille(message.braille)
        display = self.braille
        if display is not None:
            display.show(message)
        for record in self.recorders:
            record(message, lines)
        self.last = message
        self.check_speech()
        self.check_braille()

    def write(self, text: str) -> None:
        """Print; a closed output ends the program quietly (``OutputClosed``), once."""
        if self.closed:
            return
        try:
            self.out.write(text)
            self.out.flush()
        except (OSError, ValueError):  # a closed pipe, a hung-up terminal, a closed stream
            self.closed = True
            silence(self.out)
            raise OutputClosed from None

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

    def check_braille(self) -> None:
        """Say once, in text, that the braille display stopped; then carry on without it."""
        display = self.braille
        if display is None or display.alive:
            return
        self.braille = None
        if display.failure is not None and self.braille_failure_notice is not None:
            self.announce(self.braille_failure_notice(display.failure))

    def braille_status(self, prompt: str) -> None:
        """The prompt as the display's turn state (shown when nothing is waiting to be read)."""
        display = self.braille
        if display is not None:
            display.status(visible(prompt).rstrip().rstrip(">").rstrip())
            self.check_braille()

    def set_braille(self, display: BrailleDisplay | None) -> None:
        """Use ``display`` (None: no display of our own); the one before is given back to BRLTTY."""
        if self.braille is not None and self.braille is not display:
            self.braille.close()
        self.braille = display
        if display is not None:
            self.braille_width = display.width

    def stop_speech(self) -> bool:
        """Stop speaking now; False when there is no speech to stop (the key then says so)."""
        if self.speaker is None:
            return False
        self.speaker.stop()
        return True

    def set_speaker(self, speaker: Speaker | None) -> None:
        if self.speaker is not None:
            self.speaker.close()
        self.speaker = speaker
        self._failure_told = False

    def set_sounds(self, player: SoundPlayer | None) -> None:
        if self.sounds is not None:
            self.sounds.close()
        self.sounds = player

    def close(self) -> None:
        self.set_speaker(None)
        self.set_sounds(None)
        self.set_braille(None)


def silence(stream: TextIO) -> None:
    """Point a dead output at /dev/null so nothing (not even Python's last flush) writes to it again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
