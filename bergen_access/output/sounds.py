"""Sound cues (earcons): short sounds beside the text, never instead of it.

Blindfold and PlayAural players rely on them: your turn, a play, a draw, a
header, going out, a block, the match won. The sounds ship with the package
(``bergen_access/sounds``, made by ``tools/make_sounds.py``, CC0) and are
played through miniaudio, which installs from wheels on Linux, Windows and
macOS and needs no system package. Playing never blocks: the sounds are
queued to the audio device's own thread. No device means one notice and the
game goes on in text (and speech).
"""

from __future__ import annotations

import contextlib
import os
import threading
from array import array
from collections import deque
from collections.abc import Generator
from pathlib import Path
from typing import Any, Protocol

from ..present.message import Cue, Message
from .channel import ChannelNews

SOUNDS = Path(__file__).resolve().parent.parent / "sounds"
RATE = 22050


def sound_path(cue: Cue) -> Path:
    return SOUNDS / f"{cue.value}.wav"


class SoundUnavailableError(RuntimeError):
    """No way to play sounds here (no library, no audio device)."""


class SoundPlayer(Protocol):
    """Plays cues without ever blocking the caller."""

    def play(self, cue: Cue) -> None: ...

    def close(self) -> None: ...


@contextlib.contextmanager
def _quiet_stderr() -> Any:
    """ALSA prints its complaints straight to file descriptor 2; hide them while the device opens."""
    try:
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


class MiniaudioPlayer:
    """One playback device, opened once; cues are queued and played one after another."""

    MOST_QUEUED = 3  # a burst of events never builds a backlog of sounds

    def __init__(self) -> None:
        try:
            import miniaudio  # noqa: PLC0415 - optional at run time
        except ImportError as error:
            raise SoundUnavailableError(f"miniaudio is not installed ({error})") from None
        self._sounds: dict[Cue, array[int]] = {}
        self._queue: deque[array[int]] = deque()
        self._lock = threading.Lock()
        try:
            for cue in Cue:
                # read by Python, decoded from memory: miniaudio's C code opens a path in the system's
                # code page on Windows, which a user folder such as C:\Users\Jürgen need not fit
                decoded = miniaudio.decode(
                    sound_path(cue).read_bytes(),
                    miniaudio.SampleFormat.SIGNED16,
                    nchannels=1,
                    sample_rate=RATE,
                )
                self._sounds[cue] = decoded.samples
            with _quiet_stderr():
                self._device: Any = miniaudio.PlaybackDevice(
                    output_format=miniaudio.SampleFormat.SIGNED16, nchannels=1, sample_rate=RATE
                )
                stream = self._stream()
                next(stream)
                self._device.start(stream)
        except Exception as error:  # no sound files, no audio device: one notice, the game goes on
            first = error.args[0] if error.args else None
            reason = first if isinstance(first, str) else str(error) or type(error).__name__
            raise SoundUnavailableError(reason) from None

    def _stream(self) -> Generator[bytes | array[int], int, None]:
        """The device pulls frames from here, on its own thread: queued cues, else silence."""
        current: array[int] = array("h")
        position = 0
        wanted = yield b""
        while True:
            chunk = array("h")
            while len(chunk) < wanted:
                if position >= len(current):
                    with self._lock:
                        current = self._queue.popleft() if self._queue else array("h")
                    position = 0
                    if not current:
                        chunk.extend([0] * (wanted - len(chunk)))
                        break
                take = min(wanted - len(chunk), len(current) - position)
                chunk.extend(current[position : position + take])
                position += take
            wanted = yield chunk

    def play(self, cue: Cue) -> None:
        with self._lock:
            if len(self._queue) < self.MOST_QUEUED:
                self._queue.append(self._sounds[cue])

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._device.close()


class CueChannel:
    """The sound cues as one of the announcer's channels: each message's cue, if it has one."""

    def __init__(self, player: SoundPlayer) -> None:
        self.player = player

    def deliver(self, message: Message, language: str) -> None:
        if message.cue is not None:
            self.player.play(message.cue)  # queued: never waits

    def take_news(self) -> list[ChannelNews]:
        return []

    def close(self) -> None:
        self.player.close()


class RecordingPlayer:
    """Keeps the cues it is asked to play (tests)."""

    def __init__(self) -> None:
        self.played: list[Cue] = []

    def play(self, cue: Cue) -> None:
        self.played.append(cue)

    def close(self) -> None:
        return None


def open_player() -> SoundPlayer:
    """The sound player of this machine; ``SoundUnavailableError`` says why there is none."""
    return MiniaudioPlayer()
