"""The player's remembered choices: language, how to be spoken to, verbosity, braille width."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from .savefile import write_atomic

SPEECH_MODES = ("off", "screenreader", "voice")


@dataclass
class Settings:
    """Saved between runs; each value may be None (not chosen yet)."""

    language: str | None = None
    speech: str | None = None
    verbosity: str | None = None
    braille_width: int | None = None

    @classmethod
    def load(cls, path: Path) -> Settings:
        """The saved settings; defaults if the file is missing or unreadable."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(data, dict):
            return cls()
        known = {f.name for f in fields(cls)}
        settings = cls(**{k: v for k, v in data.items() if k in known})
        if settings.speech not in (None, *SPEECH_MODES):
            settings.speech = None
        if not isinstance(settings.braille_width, int | None):
            settings.braille_width = None
        return settings

    def save(self, path: Path) -> None:
        write_atomic(path, json.dumps(asdict(self), indent=1) + "\n")
