"""Speech and braille through NVDA or JAWS on Windows, with accessible-output2's bindings.

Everything here runs on the speaker's thread only: it is made there and every
sentence and braille line is sent from there. JAWS's API is a COM object,
which belongs to the thread that made it (and that thread must have COM
started); calling it from the game's thread would lose the braille without a
word, as accessible-output2's own ``Auto`` does. accessible-output2's ``Auto``
is not used: it falls to SAPI5 without saying so and hides JAWS's errors.

Languages: NVDA's controller client 2.0 (NVDA 2024.1 and later) takes SSML, so
a German sentence is marked German and NVDA's automatic language switching
reads it with a German voice. accessible-output2 ships the older client, which
has only plain text; with it (or with an older NVDA, which answers 1717,
RPC_S_UNKNOWN_IF) NVDA reads with its current voice and the player is told
once. JAWS's API (``SayString``) takes no language.
"""

from __future__ import annotations

import contextlib
import ctypes
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from .speech_engine import Engine, SpeechUnavailableError

SYMBOL_LEVEL_UNCHANGED = -1
SPEECH_PRIORITY_NORMAL = 0


def ssml(text: str, language: str) -> str:
    """``text`` as an SSML document in ``language``.

    >>> ssml("Anna spielt 3-5 & gewinnt <2>.", "de")
    '<speak xml:lang="de">Anna spielt 3-5 &amp; gewinnt &lt;2&gt;.</speak>'
    """
    return f"<speak xml:lang={quoteattr(language)}>{escape(text)}</speak>"


def _start_com() -> None:
    """COM for this thread (JAWS's API needs it); without pywin32 there is nothing to start."""
    try:
        import pythoncom  # noqa: PLC0415 - Windows only (pywin32)
    except ImportError:
        return
    with contextlib.suppress(Exception):
        pythoncom.CoInitialize()


class Nvda:
    """NVDA's controller client."""

    name = "NVDA"

    def __init__(self) -> None:
        try:
            from accessible_output2.outputs.nvda import NVDA  # noqa: PLC0415 - Windows only

            self._lib: Any = NVDA().lib
            running = self._lib.nvdaController_testIfRunning()
        except Exception as error:  # no DLL, no accessible-output2: NVDA cannot be reached
            raise SpeechUnavailableError(f"NVDA: {type(error).__name__}: {error}") from None
        if running != 0:
            raise SpeechUnavailableError("NVDA is not running")
        self._ssml: Any = getattr(self._lib, "nvdaController_speakSsml", None)  # client 2.0 only
        if self._ssml is not None:
            self._ssml.argtypes = (ctypes.c_wchar_p, ctypes.c_int, ctypes.c_int, ctypes.c_bool)

    @property
    def takes_language(self) -> bool:
        return self._ssml is not None

    def speak(self, text: str, language: str) -> None:
        if self._ssml is not None:
            answer = self._ssml(ssml(text, language), SYMBOL_LEVEL_UNCHANGED, SPEECH_PRIORITY_NORMAL, True)
            if answer == 0:
                return
            self._ssml = None  # an NVDA older than 2024.1: plain text from now on
        self._lib.nvdaController_speakText(text)

    def braille(self, text: str) -> None:
        self._lib.nvdaController_brailleMessage(text)

    def cancel(self) -> None:
        self._lib.nvdaController_cancelSpeech()


class Jaws:
    """JAWS's COM API (FreedomSci.JawsApi)."""

    name = "JAWS"

    def __init__(self) -> None:
        try:
            import win32gui  # noqa: PLC0415 - Windows only (pywin32)

            running = win32gui.FindWindow("JFWUI2", "JAWS") != 0
        except Exception as error:
            raise SpeechUnavailableError(f"JAWS: {type(error).__name__}: {error}") from None
        if not running:
            raise SpeechUnavailableError("JAWS is not running")
        try:
            from accessible_output2.outputs.jaws import Jaws as Ao2Jaws  # noqa: PLC0415 - Windows only

            self._api: Any = Ao2Jaws().object
        except Exception as error:  # JAWS runs, but its API did not open: say why, never hide it
            raise SpeechUnavailableError(f"JAWS's API: {type(error).__name__}: {error}") from None

    takes_language = False

    def speak(self, text: str, language: str) -> None:
        self._api.SayString(text, False)

    def braille(self, text: str) -> None:
        # JAWS reads the argument as a script string: its quotes cannot be escaped
        self._api.RunFunction('BrailleString("{}")'.format(text.replace('"', "'")))

    def cancel(self) -> None:
        self._api.StopSpeech()


class WindowsScreenReader(Engine):
    """NVDA, else JAWS: speech and braille, from the one thread that made it."""

    def __init__(self) -> None:
        super().__init__()
        _start_com()
        reasons = []
        for reader in (Nvda, Jaws):
            try:
                self._reader: Nvda | Jaws = reader()
                break
            except SpeechUnavailableError as error:
                reasons.append(str(error))
        else:
            raise SpeechUnavailableError("; ".join(reasons))
        self.name = self._reader.name

    def speak(self, text: str, language: str) -> None:
        self._reader.speak(text, language)
        if not self._reader.takes_language:
            self.tell_no_language(language)

    def braille(self, text: str) -> None:
        self._reader.braille(text)

    def cancel(self) -> None:
        self._reader.cancel()

    def close(self) -> None:
        return None
