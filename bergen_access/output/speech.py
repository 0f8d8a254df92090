"""Speech backends and the speaker that keeps them from ever blocking the game.

- ``screenreader``: the running screen reader. On Linux that is Speech
  Dispatcher, spoken to directly (SSIP), so the voice follows the game's
  language and can be cancelled; elsewhere accessible-output2 (NVDA, JAWS,
  VoiceOver), which can also braille.
- ``voice``: the game's own voice, pyttsx3 in a process of its own.

A backend that cannot start, or fails later, makes the speaker report one
failure; the game then says so once and goes on in text.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any, Protocol

from .ssip import SsipClient, SsipError


class SpeechUnavailableError(RuntimeError):
    """A backend that cannot speak here."""


class Backend(Protocol):
    """Something that speaks (and perhaps brailles)."""

    def speak(self, text: str, language: str) -> None: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


class SsipBackend:
    """Speech Dispatcher over SSIP."""

    def __init__(self) -> None:
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


class Ao2Backend:
    """accessible-output2: the screen reader's own speech and braille (Windows, macOS)."""

    def __init__(self) -> None:
        captured = io.StringIO()
        try:
            with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
                from accessible_output2.outputs.auto import Auto  # noqa: PLC0415 - optional, prints on import

                self._auto: Any = Auto()
                active = self._auto.get_first_available_output()
        except Exception as error:  # any failure means: not available
            raise SpeechUnavailableError(f"accessible-output2: {error}") from None
        if active is None:
            raise SpeechUnavailableError("no screen reader is running")

    def speak(self, text: str, language: str) -> None:
        self._auto.speak(text, interrupt=False)

    def braille(self, text: str) -> None:
        with contextlib.suppress(Exception):
            self._auto.braille(text)

    def cancel(self) -> None:
        with contextlib.suppress(Exception):
            self._auto.speak("", interrupt=True)

    def close(self) -> None:
        return None


class VoiceBackend:
    """pyttsx3 in a worker process; cancelling ends the process and starts a fresh one."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[str] | None = None
        self._start()

    def _start(self) -> None:
        status_read, status_write = os.pipe()
        try:
            process = subprocess.Popen(
                [sys.executable, "-m", "bergen_access.output.voice_worker", str(status_write)],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(status_write,),
                text=True,
                start_new_session=True,
            )
        finally:
            os.close(status_write)
        with os.fdopen(status_read) as status:
            answer = status.readline().strip()
        if answer != "ready":
            process.kill()
            process.wait()
            raise SpeechUnavailableError(answer or "the voice did not start")
        self._process = process

    def speak(self, text: str, language: str) -> None:
        if self._process is None or self._process.poll() is not None:
            self._start()
        assert self._process is not None and self._process.stdin is not None
        try:
            self._process.stdin.write(json.dumps({"text": text, "language": language}) + "\n")
            self._process.stdin.flush()
        except OSError as error:
            raise SpeechUnavailableError(f"the voice stopped: {error}") from None

    def cancel(self) -> None:
        self.close()

    def close(self) -> None:
        if self._process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._process.pid, 9)
            self._process.wait()
            self._process = None


BACKENDS: dict[str, list[Callable[[], Backend]]] = {
    "screenreader": [SsipBackend, Ao2Backend] if sys.platform.startswith("linux") else [Ao2Backend],
    "voice": [VoiceBackend],
}


def open_backend(mode: str) -> Backend:
    """The first backend of ``mode`` (or of any mode for ``auto``) that starts."""
    factories = BACKENDS["screenreader"] + BACKENDS["voice"] if mode == "auto" else BACKENDS[mode]
    reasons = []
    for factory in factories:
        try:
            return factory()
        except SpeechUnavailableError as error:
            reasons.append(str(error))
    raise SpeechUnavailableError("; ".join(reasons))


class Speaker:
    """Speaks through a backend in a thread of its own, so input never waits.

    ``say(..., interrupt=True)`` drops what is queued and cancels what is being
    said; other messages queue so nothing is lost. The first failure is kept in
    ``failure`` (the game reports it once) and the speaker falls silent.
    """

    def __init__(self, mode: str, opener: Callable[[str], Backend] = open_backend) -> None:
        self.mode = mode
        self.failure: str | None = None
        self._opener = opener
        self._queue: queue.Queue[tuple[str, str, str]] = queue.Queue()
        self._backend: Backend | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    @property
    def alive(self) -> bool:
        return self.failure is None

    def wait_ready(self, timeout: float = 5.0) -> bool:
        """Wait until the backend has started (or failed); True if it speaks."""
        self._ready.wait(timeout)
        return self._backend is not None and self.failure is None

    def say(self, text: str, language: str, *, interrupt: bool = False) -> None:
        if self.failure is not None:
            return
        if interrupt:
            with contextlib.suppress(queue.Empty):
                while True:
                    self._queue.get_nowait()
            self._queue.put(("cancel", "", ""))
        self._queue.put(("say", text, language))

    def braille(self, text: str) -> None:
        backend = self._backend
        if self.failure is None and backend is not None and hasattr(backend, "braille"):
            backend.braille(text)

    def stop(self) -> None:
        """Stop speaking now and forget what is queued."""
        with contextlib.suppress(queue.Empty):
            while True:
                self._queue.get_nowait()
        self._queue.put(("cancel", "", ""))

    def close(self) -> None:
        self._queue.put(("close", "", ""))
        self._thread.join(timeout=3)

    def _run(self) -> None:
        try:
            self._backend = self._opener(self.mode)
        except Exception as error:  # a backend failing must never end the game
            self.failure = str(error) or type(error).__name__
        finally:
            self._ready.set()
        backend = self._backend
        while True:
            kind, text, language = self._queue.get()
            if kind == "close":
                if backend is not None:
                    with contextlib.suppress(Exception):
                        backend.close()
                return
            if backend is None or self.failure is not None:
                continue
            try:
                if kind == "cancel":
                    backend.cancel()
                elif text:
                    backend.speak(text, language)
            except Exception as error:  # degrade to text, never crash
                self.failure = str(error) or type(error).__name__
