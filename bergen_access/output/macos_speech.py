"""Speech on macOS: VoiceOver through AppleScript, and the system voice through ``say``.

pyttsx3's macOS driver hangs after the first sentence in a loop like ours
(pyttsx3 issues 22, 126 and 361), and accessible-output2's VoiceOver output no
longer works (its issues 8 and 12), so both are done here with the system's own
commands. Each sentence is one run of a command, one after another on a thread
of this module, so speaking never waits; stopping ends the command that runs
and forgets the rest.

VoiceOver speaks for a program only when "Allow VoiceOver to be controlled with
AppleScript" is on (VoiceOver Utility, General); when it is off, the system
voice speaks and the player is told where the setting is. VoiceOver takes no
language from programs, and what it says cannot be cut short from outside.
"""

from __future__ import annotations

import contextlib
import queue
import shutil
import subprocess
import threading
from collections.abc import Sequence
from pathlib import Path

from ..system import ask
from .channel import NewsKind
from .speech_engine import Engine, SpeechUnavailableError
from .voices import VoiceInfo, choose_voice, parse_say_voices

#: seconds what is still being said may go on when the game ends (its goodbye is heard)
FINISH_TIMEOUT = 2.0

#: AppleScript that speaks its argument through VoiceOver, without starting VoiceOver if it is off
VOICEOVER_OUTPUT = (
    "on run argv",
    'if application "VoiceOver" is running then',
    'tell application "VoiceOver" to output (item 1 of argv)',
    "end if",
    "end run",
)
VOICEOVER_RUNNING = ('return application "VoiceOver" is running',)


def _script_arguments(lines: Sequence[str]) -> list[str]:
    arguments = []
    for line in lines:
        arguments += ["-e", line]
    return arguments


class CommandQueue:
    """Runs one command at a time, in order, on a thread of its own; ``clear`` ends the one that runs."""

    def __init__(self, name: str) -> None:
        self._queue: queue.Queue[tuple[list[str], str] | None] = queue.Queue()
        self._running: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()
        self.failure: str | None = None
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def put(self, command: list[str], text: str = "") -> None:
        self._queue.put((command, text))

    def clear(self) -> None:
        with contextlib.suppress(queue.Empty):
            while True:
                self._queue.get_nowait()
        with self._lock:
            running = self._running
        if running is not None:
            with contextlib.suppress(OSError):
                running.kill()

    def close(self, finish: float = 0.0) -> None:
        """End; what is queued may still be said for ``finish`` seconds first (the goodbye)."""
        self._queue.put(None)
        self._thread.join(timeout=finish)
        self.clear()
        self._queue.put(None)
        self._thread.join(timeout=1)

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            command, text = job
            try:
                process = subprocess.Popen(
                    command,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                    text=True,
                    encoding="utf-8",
                    errors="replace",
                )
            except Exception as error:  # a command that cannot start (or take the text): no more speech
                self.failure = f"{command[0]}: {error}"
                continue
            with self._lock:
                self._running = process
            try:
                _, errors = process.communicate(text)
            except (OSError, ValueError):
                errors = ""
            with self._lock:
                self._running = None
            if process.returncode not in (0, -9) and errors and process.returncode is not None:
                self.failure = self.failure or errors.strip().splitlines()[-1][:200]


class CommandBackend(Engine):
    """An engine that runs one of the system's commands per sentence, one after another."""

    def __init__(self, command: str) -> None:
        super().__init__()
        binary = shutil.which(command)
        if binary is None:
            raise SpeechUnavailableError(f"the {command} command is not here")
        self._binary = binary
        self._commands = CommandQueue(command)

    def _speak(self, arguments: list[str], text: str = "") -> None:
        if self._commands.failure is not None:
            raise SpeechUnavailableError(self._commands.failure)
        self._commands.put([self._binary, *arguments], text)

    def cancel(self) -> None:
        self._commands.clear()

    def close(self) -> None:
        self._commands.close()

    def finish(self) -> None:
        self._commands.close(finish=FINISH_TIMEOUT)


class SayBackend(CommandBackend):
    """The macOS system voice, through ``say``, the voice chosen by the game's language."""

    name = "say"

    def __init__(self) -> None:
        super().__init__("say")
        listing = ask([self._binary, "-v", "?"])
        self._voices = parse_say_voices(listing.stdout) if listing is not None else []
        self._chosen: dict[str, VoiceInfo | None] = {}

    def speak(self, text: str, language: str) -> None:
        voice = self._voice_for(language)
        self._speak(["-v", voice.id] if voice is not None else [], text)  # the text on stdin: never an option

    def _voice_for(self, language: str) -> VoiceInfo | None:
        if language not in self._chosen:
            self._chosen[language] = choose_voice(self._voices, language)
            if self._chosen[language] is None and self._voices:
                self.tell(NewsKind.NO_VOICE, language=language)
        return self._chosen[language]


#: the file VoiceOver Utility makes when "Allow VoiceOver to be controlled with AppleScript" is on
SCRIPTING_FLAG = Path("/private/var/db/Accessibility/.VoiceOverAppleScriptEnabled")


def scripting_allowed() -> bool:
    """Whether VoiceOver lets programs speak through it: its flag file, else its own setting."""
    if SCRIPTING_FLAG.exists():
        return True
    result = ask(["defaults", "read", "com.apple.VoiceOver4/default", "SCREnableAppleScript"])
    return result is not None and result.stdout.strip() == "1"


class VoiceOverBackend(CommandBackend):
    """VoiceOver's own speech (and braille), through ``osascript``."""

    name = "VoiceOver"

    def __init__(self) -> None:
        super().__init__("osascript")
        running = ask([self._binary, *_script_arguments(VOICEOVER_RUNNING)])
        if running is None or running.returncode != 0:
            reason = running.stderr.strip()[:200] if running is not None else "osascript did not answer"
            raise SpeechUnavailableError(f"VoiceOver: {reason}")
        if running.stdout.strip() != "true":
            raise SpeechUnavailableError("VoiceOver is not running")
        if not scripting_allowed():
            raise SpeechUnavailableError(
                "VoiceOver does not allow AppleScript control", news=NewsKind.SCRIPTING_OFF
            )

    def speak(self, text: str, language: str) -> None:
        self._speak([*_script_arguments(VOICEOVER_OUTPUT), text])
        self.tell_no_language(language)

    def cancel(self) -> None:
        self._commands.clear()  # what VoiceOver says already cannot be stopped from here
