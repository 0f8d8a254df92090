"""What the stand-ins for Windows's screen reader APIs were asked, one JSON line a call.

Each line names the call, its arguments, the thread it came from and whether that thread had started
COM (``pythoncom.CoInitialize``), in the file ``BERGEN_FOREIGN_LOG``. ``BERGEN_FOREIGN_READER`` says which
screen reader runs: ``nvda`` (accessible-output2's own, older controller client: plain text only),
``nvda-ssml`` (controller client 2.0 with NVDA 2024.1 or later: SSML), ``nvda-ssml-old`` (client 2.0
with an older NVDA, which answers 1717), ``jaws``, or nothing.
"""

from __future__ import annotations

import json
import os
import threading

_com = threading.local()


def start_com() -> None:
    _com.started = True


def reader_is(*names: str) -> bool:
    return os.environ.get("BERGEN_FOREIGN_READER", "") in names


def record(call: str, *args: object) -> None:
    path = os.environ.get("BERGEN_FOREIGN_LOG")
    if not path:
        return
    line = {
        "call": call,
        "args": [str(a) for a in args],
        "thread": threading.current_thread().name,
        "com": bool(getattr(_com, "started", False)),
    }
    with open(path, "a", encoding="utf-8") as stream:
        stream.write(json.dumps(line) + "\n")
