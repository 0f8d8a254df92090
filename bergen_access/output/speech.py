"""Speech: the engines each system offers, and the speaker that keeps them from ever blocking the game.

- ``screenreader``: the running screen reader. On Linux that is Speech
  Dispatcher, spoken to directly (SSIP), so the voice follows the game's
  language and can be cancelled; on Windows NVDA or JAWS (``windows_readers``),
  which also braille; on macOS VoiceOver through AppleScript (``macos_speech``).
  When none answers, the game's own voice speaks, and the player is told so.
- ``voice``: the game's own voice: pyttsx3 in a process of its own (espeak-ng on
  Linux, SAPI5 on Windows), the macOS ``say`` command on macOS (pyttsx3's macOS
  driver hangs after the first sentence).

Every engine is made and used on the speaker's own thread only (JAWS's API is
a COM object, which belongs to the thread that made it). An engine that cannot
start, or fails later, is reported once; the game then goes on in text.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TextIO

from ..present.message import Message
from ..system import System
from ..system import current as current_system
from .channel import ChannelKind, ChannelNews, NewsKind
from .speech_engine import Backend, Engine, SpeechUnavailableError
from .ssip import SsipClient, SsipError
from .voice_worker import VOICE_WORKER_FLAG


class SsipBackend(Engine):
    """Speech Dispatcher over SSIP (Linux)."""

    name = "Speech Dispatcher"

    def __init__(self) -> None:
        super().__init__()
        try:
            self._client = SsipClient()
        except SsipError as error:
            raise SpeechUnavailableError(str(error)) from None

    def speak(self, text: str, language: str) -> None:
        self._client.speak(text, language)

    def cancel(self) -> None:
        self._client.cancel()

    def close(self) -> None:
        self._client.close()


#: seconds the voice process may take to say it is ready
VOICE_START_TIMEOUT = 15.0
#: seconds what is still being said may go on when the game ends (its goodbye is heard)
FINISH_TIMEOUT = 2.0


def voice_worker_command() -> list[str]:
    """How to start the voice process: this Python with the worker module, or the single-file program."""
    if getattr(sys, "frozen", False):  # PyInstaller's one file: it is its own interpreter
        return [sys.executable, VOICE_WORKER_FLAG]
    return [sys.executable, "-m", "bergen_access.output.voice_worker"]


class VoiceBackend(Engine):
    """pyttsx3 in a worker process that talks over its standard streams only (so it starts the same way
    on every system); cancelling ends the process and the next sentence starts a fresh one."""

    name = "voice"

    def __init__(self) -> None:
        super().__init__()
        self._process: subprocess.Popen[str] | None = None
        self._answers: queue.Queue[dict[str, object] | None] = queue.Queue()
        self._start()

    def _start(self) -> None:
        # a process group of its own on POSIX, so that ending it ends the audio player it started too;
        # Windows has no groups (and SAPI5 plays inside the worker, which ends with it)
        group = {"start_new_session": True} if hasattr(os, "killpg") else {}
        try:
            process = subprocess.Popen(
                voice_worker_command(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                errors="replace",
                **group,  # type: ignore[call-overload]
            )
        except OSError as error:
            raise SpeechUnavailableError(f"the voice did not start: {error}") from None
        answers: queue.Queue[dict[str, object] | None] = queue.Queue()
        threading.Thread(
            target=_read_answers, args=(process.stdout, answers), name="voice-answers", daemon=True
        ).start()
        try:
            first = answers.get(timeout=VOICE_START_TIMEOUT)
        except queue.Empty:
            first = {"status": "failed", "reason": "the voice did not answer"}
        if first is None or first.get("status") != "ready":
            _end(process)
            reason = first.get("reason") if first else None
            raise SpeechUnavailableError(str(reason or "the voice did not start"))
        self._process, self._answers = process, answers

    def speak(self, text: str, language: str) -> None:
        if self._process is None or self._process.poll() is not None:
            self._start()
        assert self._process is not None and self._process.stdin is not None
        try:
            self._process.stdin.write(json.dumps({"text": text, "language": language}) + "\n")
            self._process.stdin.flush()
        except (OSError, ValueError) as error:
            raise SpeechUnavailableError(f"the voice stopped: {error}") from None
        self._hear_answers()

    def _hear_answers(self) -> None:
        """The worker's news: a language none of the installed voices speaks."""
        with contextlib.suppress(queue.Empty):
            while True:
                answer = self._answers.get_nowait()
                if answer is not None and answer.get("found") is False:
                    self.tell(NewsKind.NO_VOICE, language=str(answer.get("voice", "")))

    def take_news(self) -> list[ChannelNews]:
        self._hear_answers()
        return super().take_news()

    def cancel(self) -> None:
        self.close()

    def close(self) -> None:
        if self._process is not None:
            _end(self._process)
            self._process = None

    def finish(self) -> None:
        """The worker says what it has (the goodbye) for ``FINISH_TIMEOUT`` seconds at most, then ends."""
        process, self._process = self._process, None
        if process is None:
            return
        with contextlib.suppress(OSError, ValueError):
            if process.stdin is not None:
                process.stdin.close()  # the end of its input: it ends when it has said everything
        try:
            process.wait(timeout=FINISH_TIMEOUT)
        except subprocess.TimeoutExpired:
            _end(process)


def _read_answers(stream: TextIO | None, answers: queue.Queue[dict[str, object] | None]) -> None:
    """The worker's answer lines as dictionaries, then None at its end (its own thread)."""
    if stream is None:
        answers.put(None)
        return
    with contextlib.suppress(OSError, ValueError):
        for line in stream:
            with contextlib.suppress(json.JSONDecodeError):
                answer = json.loads(line)
                if isinstance(answer, dict):
                    answers.put(answer)
    answers.put(None)


def _end(process: subprocess.Popen[str]) -> None:
    """End the process now (with its group where there are groups) and wait for it."""
    killpg = getattr(os, "killpg", None)
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        if killpg is not None:
            killpg(process.pid, 9)
        else:
            process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)


def _windows_reader() -> Backend:
    from .windows_readers import WindowsScreenReader  # noqa: PLC0415 - Windows only

    return WindowsScreenReader()


def _voiceover() -> Backend:
    from .macos_speech import VoiceOverBackend  # noqa: PLC0415 - macOS only

    return VoiceOverBackend()


def _say() -> Backend:
    from .macos_speech import SayBackend  # noqa: PLC0415 - macOS only

    return SayBackend()


Factory = Callable[[], Backend]

#: the screen readers a system's programs can speak through, in the order they are tried
SCREEN_READERS: dict[System, list[Factory]] = {
    System.LINUX: [SsipBackend],
    System.OTHER: [SsipBackend],
    System.WINDOWS: [_windows_reader],
    System.MACOS: [_voiceover],
}
#: the game's own voice on each system
VOICES: dict[System, list[Factory]] = {
    System.LINUX: [VoiceBackend],
    System.OTHER: [VoiceBackend],
    System.WINDOWS: [VoiceBackend],
    System.MACOS: [_say],
}


def open_backend(mode: str, system: System | None = None) -> tuple[Backend, list[ChannelNews]]:
    """The first engine of ``mode`` that starts, and what the player should hear about the choice.

    ``screenreader`` and ``auto`` try the system's screen readers, then its voice (then saying that no
    screen reader answered, and why); ``voice`` tries the voice only.
    """
    chosen = system or current_system()
    readers = SCREEN_READERS[chosen] if mode in ("screenreader", "auto") else []
    reasons: list[str] = []
    kind = NewsKind.FELL_BACK
    news: list[ChannelNews] = []
    for factory in [*readers, *VOICES[chosen]]:
        try:
            backend = factory()
        except SpeechUnavailableError as error:
            reasons.append(str(error))
            if error.news is not NewsKind.FELL_BACK:
                kind = error.news
            continue
        if factory not in readers and readers:
            news.append(ChannelNews(ChannelKind.SPEECH, kind, backend.name, detail="; ".join(reasons)))
        news.extend(backend.take_news())
        return backend, news
    raise SpeechUnavailableError("; ".join(reasons))


Opener = Callable[[str], "tuple[Backend, Sequence[ChannelNews]]"]


class Speaker:
    """Speaks through an engine in a thread of its own, so input never waits: the speech channel.

    ``say(..., interrupt=True)`` drops what is queued and cancels what is being
    said; other messages queue so nothing is lost. Braille for the screen
    reader goes through the same thread. The first failure is kept in
    ``failure`` (the player hears it once) and the speaker falls silent.
    """

    def __init__(self, mode: str, opener: Opener = open_backend) -> None:
        self.mode = mode
        self.failure: str | None = None
        self._opener = opener
        self._queue: queue.Queue[tuple[str, str, str]] = queue.Queue()
        self._backend: Backend | None = None
        self._news: list[ChannelNews] = []
        self._news_lock = threading.Lock()
        self._failure_told = False
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    @property
    def alive(self) -> bool:
        return self.failure is None

    def wait_ready(self, timeout: float = 5.0) -> bool:
        """Wait until the engine has started (or failed); True if it speaks."""
        self._ready.wait(timeout)
        return self._backend is not None and self.failure is None

    def deliver(self, message: Message, language: str) -> None:
        """Speak ``message`` (urgent ones interrupt) and braille it through the screen reader."""
        self.say(message.speech, language, interrupt=message.urgent)
        if self.failure is None:
            self._queue.put(("braille", message.braille, ""))

    def say(self, text: str, language: str, *, interrupt: bool = False) -> None:
        if self.failure is not None:
            return
        if interrupt:
            self._drop_queued()
            self._queue.put(("cancel", "", ""))
        self._queue.put(("say", text, language))

    def stop(self) -> None:
        """Stop speaking now and forget what is queued."""
        self._drop_queued()
        self._queue.put(("cancel", "", ""))

    def take_news(self) -> list[ChannelNews]:
        with self._news_lock:
            news, self._news = self._news, []
        if self.failure is not None and not self._failure_told:
            self._failure_told = True
            news.append(ChannelNews(ChannelKind.SPEECH, NewsKind.STOPPED, detail=self.failure))
        return news

    def close(self) -> None:
        """Silent now (speech is turned off or changed)."""
        self._queue.put(("close", "", ""))
        self._thread.join(timeout=3)

    def finish(self) -> None:
        """The program ends: what is queued may still be said, briefly (the goodbye is heard)."""
        self._queue.put(("finish", "", ""))
        self._thread.join(timeout=FINISH_TIMEOUT + 1)

    def _drop_queued(self) -> None:
        with contextlib.suppress(queue.Empty):
            while True:
                self._queue.get_nowait()

    def _keep_news(self, news: Sequence[ChannelNews]) -> None:
        if news:
            with self._news_lock:
                self._news.extend(news)

    def _run(self) -> None:
        try:
            self._backend, news = self._opener(self.mode)
            self._keep_news(news)
        except Exception as error:  # an engine failing must never end the game
            self.failure = str(error) or type(error).__name__
        finally:
            self._ready.set()
        backend = self._backend
        while True:
            kind, text, language = self._queue.get()
            if kind in ("close", "finish"):
                if backend is not None:
                    with contextlib.suppress(Exception):
                        backend.close() if kind == "close" else backend.finish()
                return
            if backend is None or self.failure is not None:
                continue
            try:
                if kind == "cancel":
                    backend.cancel()
                elif kind == "braille":
                    backend.braille(text)
                elif text:
                    backend.speak(text, language)
                self._keep_news(backend.take_news())
            except Exception as error:  # degrade to text, never crash
                self.failure = str(error) or type(error).__name__
