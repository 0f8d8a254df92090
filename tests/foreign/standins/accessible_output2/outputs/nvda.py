"""Stand-in for accessible-output2's NVDA output: a controller client whose functions record their calls."""

from __future__ import annotations

from collections.abc import Callable

from foreign_record import reader_is, record

RPC_S_UNKNOWN_IF = 1717


class _Function:
    """Like a ctypes function of the DLL: callable, and takes ``argtypes``."""

    def __init__(self, name: str, answer: Callable[..., int]) -> None:
        self.name = name
        self.answer = answer
        self.argtypes: object = None

    def __call__(self, *args: object) -> int:
        record(self.name, *args)
        return self.answer(*args)


class _Library:
    def __init__(self) -> None:
        self.nvdaController_testIfRunning = _Function(
            "nvdaController_testIfRunning",
            lambda: 0 if reader_is("nvda", "nvda-ssml", "nvda-ssml-old") else 1,
        )
        self.nvdaController_speakText = _Function("nvdaController_speakText", lambda text: 0)
        self.nvdaController_brailleMessage = _Function("nvdaController_brailleMessage", lambda text: 0)
        self.nvdaController_cancelSpeech = _Function("nvdaController_cancelSpeech", lambda: 0)
        if reader_is("nvda-ssml", "nvda-ssml-old"):  # the controller client 2.0 has it
            self.nvdaController_speakSsml = _Function(
                "nvdaController_speakSsml",
                lambda *args: RPC_S_UNKNOWN_IF if reader_is("nvda-ssml-old") else 0,
            )


class NVDA:
    def __init__(self) -> None:
        self.lib = _Library()
