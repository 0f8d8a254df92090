"""Delivers each announcement to the printed line, to every channel (speech, braille, sounds) and recorders.

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
from ..present.message import Message, wrap_braille, wrap_line
from ..present.words import reader_form
from .braille_display import BrailleDisplay
from .channel import Channel, ChannelKind, ChannelNews, NewsKind
from .sounds import CueChannel, SoundPlayer
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
        message.heading,
    )


#: A recorder receives each message and its braille lines (tests, logs).
Recorder = Callable[[Message, list[str]], None]


class Announcer:
    """One place that tells the player something; nothing else prints.

    Beside the printed line, each message goes to every channel there is (speech, the game's own
    braille display, sound cues: ``channel.py``). A channel's news (it stopped, another voice speaks
    instead) is told once through ``describe``, in the player's language; a channel that stopped is
    dropped and the game goes on.
    """

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
        self.channels: dict[ChannelKind, Channel] = {}
        self.recorders: list[Recorder] = []
        self.last: Message | None = None
        #: a channel's news in words (set by the console; nothing is told without it)
        self.describe: Callable[[ChannelNews], Message | None] | None = None
        self.closed = False
        #: wrap printed lines at spaces to the terminal's width (a terminal, not a pipe or file)
        self.wrap_to_terminal = False
        #: print tiles as every screen reader reads them well, ``3 5`` (console.short_prompts decides)
        self.reader_tiles = False
        if speaker is not None:
            self.channels[ChannelKind.SPEECH] = speaker

    @property
    def speaker(self) -> Speaker | None:
        speaker = self.channels.get(ChannelKind.SPEECH)
        return speaker if isinstance(speaker, Speaker) else None

    @property
    def sounds(self) -> SoundPlayer | None:
        cues = self.channels.get(ChannelKind.SOUNDS)
        return cues.player if isinstance(cues, CueChannel) else None

    @property
    def braille(self) -> BrailleDisplay | None:
        """The game's own braille display (BrlAPI), when one was taken; every announcement waits there
        until it is read."""
        display = self.channels.get(ChannelKind.BRAILLE)
        return display if isinstance(display, BrailleDisplay) else None

    def announce(self, message: Message) -> None:
        """Print one message, and give it to every channel."""
        if self.closed:
            return
        message = safe(message)
        lines = wrap_braille(message.braille, self.braille_width)
        # terse prints the braille lines; a message with none (it answers on the display) prints its text
        if self.terse and message.braille.strip():
            # at a terminal, the braille entries wrapped to the terminal's width (not cut at the display's
            # width mid-sentence); through a pipe or to a seat, the braille lines as the display has them
            printed = message.braille.split("\n") if self.columns() is not None else lines
        else:
            printed = message.text.splitlines() or [""]
            if self.reader_tiles:  # (terse lines stay the braille lines, 3-5 and all)
                printed = [reader_form(line) for line in printed]
        self.print_lines(printed, message)
        for channel in list(self.channels.values()):
            channel.deliver(message, self.language)
        for record in self.recorders:
            record(message, lines)
        self.last = message
        self.hear_news()

    def print_lines(self, lines: list[str], message: Message) -> None:
        """Print a message's lines (wrapped to the terminal); a network seat sends them instead."""
        columns = self.columns()
        if columns is not None:
            lines = [part for line in lines for part in wrap_printed(line, columns)]
        self.write("".join(line + "\n" for line in lines))

    def columns(self) -> int | None:
        """The width printed lines are wrapped to at a terminal: its width, less one (a line that fills
        the terminal exactly would leave some terminals' cursor at its end); None through a pipe or to a
        file, whose lines are never wrapped."""
        if not self.wrap_to_terminal:
            return None
        columns = terminal_columns(self.out)
        return columns - 1 if columns > 1 else None

    def hear_news(self) -> None:
        """Tell what each channel has to say, once; drop the channels that stopped."""
        for kind, channel in list(self.channels.items()):
            for news in channel.take_news():
                if news.kind is NewsKind.STOPPED and self.channels.get(kind) is channel:
                    del self.channels[kind]
                    with contextlib.suppress(Exception):
                        channel.close()
                told = self.describe(news) if self.describe is not None else None
                if told is not None:
                    self.announce(told)

    def write(self, text: str) -> None:
        """Print; a closed output ends the program quietly (``OutputClosed``), once."""
        if self.closed:
            return
        try:
            write_or_end(self.out, text)
        except OutputClosed:
            self.closed = True
            raise

    def braille_status(self, prompt: str) -> None:
        """The prompt as the display's turn state (shown when nothing is waiting to be read)."""
        display = self.braille
        if display is not None:
            display.status(visible(prompt).rstrip().rstrip(">").rstrip())
            self.hear_news()

    def use(self, kind: ChannelKind, channel: Channel | None) -> None:
        """``channel`` carries ``kind`` from now on (None: nothing does); the one before is closed."""
        old = self.channels.pop(kind, None)
        if old is not None and old is not channel:
            with contextlib.suppress(Exception):
                old.close()
        if channel is not None:
            self.channels[kind] = channel

    def set_braille(self, display: BrailleDisplay | None) -> None:
        """Use ``display`` (None: no display of our own); the one before is given back to BRLTTY."""
        self.use(ChannelKind.BRAILLE, display)
        if display is not None:
            self.braille_width = display.width

    def stop_speech(self) -> bool:
        """Stop speaking now; False when there is no speech to stop (the key then says so)."""
        speaker = self.speaker
        if speaker is None:
            return False
        speaker.stop()
        return True

    def set_speaker(self, speaker: Speaker | None) -> None:
        self.use(ChannelKind.SPEECH, speaker)

    def set_sounds(self, player: SoundPlayer | None) -> None:
        self.use(ChannelKind.SOUNDS, CueChannel(player) if player is not None else None)

    def close(self) -> None:
        """The program ends: speech may say what it was saying (briefly); every channel is given back."""
        speaker = self.speaker
        if speaker is not None:
            self.channels.pop(ChannelKind.SPEECH)
            speaker.finish()
        for kind in list(self.channels):
            self.use(kind, None)


FALLBACK_COLUMNS = 80  # a terminal that tells no width, with no COLUMNS either


def terminal_columns(out: TextIO) -> int:
    """The terminal's width: its own, else ``COLUMNS``, else 80 (a dumb terminal may tell none)."""
    try:
        columns = os.get_terminal_size(out.fileno()).columns
    except (OSError, ValueError, AttributeError):  # not a terminal any more, or no file number
        columns = 0
    if columns <= 0:
        try:
            columns = int(os.environ.get("COLUMNS", ""))
        except ValueError:
            columns = 0
    return columns if columns > 0 else FALLBACK_COLUMNS


def wrap_printed(line: str, columns: int) -> list[str]:
    """A printed line at the terminal: as it is when it fits (its spacing kept), else broken at spaces,
    never inside a word or a tile (a word wider than the terminal stays whole on a line of its own)."""
    if len(line) <= columns:
        return [line]
    return wrap_line(line, columns, cut=False)


def write_or_end(stream: TextIO, text: str) -> None:
    """Print ``text`` at once; a closed output ends the program as the end of input does (OutputClosed)."""
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError):  # a closed pipe, a hung-up terminal, a closed stream
        silence(stream)
        raise OutputClosed from None


def silence(stream: TextIO) -> None:
    """Point a dead output at /dev/null so nothing (not even Python's last flush) writes to it again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
