"""The game's own voice: pyttsx3 (espeak-ng on Linux) in a process of its own.

Run as ``python -m bergen_access.output.voice_worker``. It reads one JSON
object per line on stdin, ``{"text": "...", "language": "de"}``, and speaks it.
It reports ``ready`` or ``failed: reason`` once, on the file descriptor given as
its argument; everything pyttsx3 and its audio player print goes to the null
device, so nothing reaches the game's screen. The game stops speech by ending
this process, which also ends a playing ``aplay``.
"""

from __future__ import annotations

import json
import os
import shutil
import sys


def _silence_output() -> None:
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.close(null)


def main() -> int:
    status = os.fdopen(int(sys.argv[1]), "w", buffering=1) if len(sys.argv) > 1 else sys.stderr
    _silence_output()
    try:
        import pyttsx3  # noqa: PLC0415 - optional dependency, only in this process

        engine = pyttsx3.init()
    except Exception as error:  # any failure means: no voice
        status.write(f"failed: {type(error).__name__}: {error}\n")
        return 1
    if sys.platform.startswith("linux") and shutil.which("aplay") is None:
        status.write("failed: aplay is not installed (package alsa-utils)\n")
        return 1
    status.write("ready\n")
    status.flush()
    language = None
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except json.JSONDecodeError:
            continue
        if request.get("language") and request["language"] != language:
            language = request["language"]
            engine.setProperty("voice", language)
        engine.say(str(request.get("text", "")))
        engine.runAndWait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
