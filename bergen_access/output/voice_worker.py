"""The game's own voice: pyttsx3 (espeak-ng on Linux, SAPI5 on Windows) in a process of its own.

Run as ``python -m bergen_access.output.voice_worker`` (or, in the single-file
build, as the program itself with ``--voice-worker``). It talks over its
standard streams only, so it starts the same way on every system (nothing is
inherited but the pipes): it reads one JSON object per line on stdin,
``{"text": "...", "language": "de"}``, and speaks it; it answers on stdout with
one JSON object per line: ``{"status": "ready"}`` or ``{"status": "failed",
"reason": "..."}`` once, then ``{"voice": "de", "found": true, "name": "..."}``
whenever the language changes. The voice is chosen by the language among the
installed ones (SAPI5 and espeak-ng name their voices differently; see
``voices.py``). Whatever pyttsx3 and its audio player print goes to the null
device, so nothing reaches the game's screen. The game stops speech by ending
this process.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from typing import TextIO

from .voices import choose_voice, voice_infos

#: the first argument that makes the single-file program its own voice worker (it has no ``-m``)
VOICE_WORKER_FLAG = "--voice-worker"


def _private_answers() -> TextIO:
    """Our stdout for the answers; file descriptors 1 and 2 go to the null device (engines print there)."""
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.close(null)
    return answers


def _answer(stream: TextIO, **fields: object) -> None:
    stream.write(json.dumps(fields) + "\n")
    stream.flush()


def main() -> int:
    answers = _private_answers()
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(encoding="utf-8", errors="replace")
    try:
        import pyttsx3  # noqa: PLC0415 - optional dependency, only in this process

        engine = pyttsx3.init()
        voices = voice_infos(engine.getProperty("voices") or [])
    except Exception as error:  # any failure means: no voice
        _answer(answers, status="failed", reason=f"{type(error).__name__}: {error}")
        return 1
    if sys.platform.startswith("linux") and shutil.which("aplay") is None:
        _answer(answers, status="failed", reason="aplay is not installed (package alsa-utils)")
        return 1
    _answer(answers, status="ready")
    language = None
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except json.JSONDecodeError:
            continue
        wanted = request.get("language")
        if isinstance(wanted, str) and wanted and wanted != language:
            language = wanted
            chosen = choose_voice(voices, wanted, current=_current_voice(engine))
            if chosen is not None:
                engine.setProperty("voice", chosen.id)
            _answer(answers, voice=wanted, found=chosen is not None, name=chosen.name if chosen else "")
        engine.say(str(request.get("text", "")))
        engine.runAndWait()
    return 0


def _current_voice(engine: object) -> str | None:
    try:
        voice = engine.getProperty("voice")  # type: ignore[attr-defined]
    except Exception:  # an engine that cannot say which: choose by language alone
        return None
    return str(voice) if voice else None


if __name__ == "__main__":
    sys.exit(main())
