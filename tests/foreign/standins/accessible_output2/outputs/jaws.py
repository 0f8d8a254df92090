"""Stand-in for accessible-output2's JAWS output: a COM object whose methods record their calls."""

from __future__ import annotations

from foreign_record import record


class _JawsApi:
    def SayString(self, text: str, flush: bool) -> bool:  # noqa: N802 - JAWS's names
        record("SayString", text, flush)
        return True

    def RunFunction(self, function: str) -> bool:  # noqa: N802
        record("RunFunction", function)
        return True

    def StopSpeech(self) -> None:  # noqa: N802
        record("StopSpeech")


class Jaws:
    def __init__(self) -> None:
        record("load_com", "FreedomSci.JawsApi")
        self.object = _JawsApi()
