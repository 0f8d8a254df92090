"""The player's remembered choices: language, how to be spoken to, verbosity, braille width.

The file is read as untrusted: a damaged file is reported and kept aside, a
wrong value is named as the settings file's (never as a flag the player did
not type) and replaced by the default, and the good values are kept.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from ..core.schema import Check, SchemaError, integer, string
from .untrusted import DamagedFile, read_json

SETTINGS_FILE = "settings.json"
SPEECH_MODES = ("off", "screenreader", "voice")
VERBOSITIES = ("terse", "normal", "verbose")
LANGUAGE_CODES = ("en", "de", "tr")
BRAILLE_WIDTHS = (10, 200)  # cells: the smallest line that still reads, the widest display made
READERS = ("screenreader", "standard")  # lines written once (readline), or prompt_toolkit's editing
BRAILLE_MODES = ("auto", "brltty", "off")  # the game's own display: when BRLTTY answers, insist, never

_CHECKS: dict[str, Check] = {
    "language": string(2, None, LANGUAGE_CODES),
    "speech": string(20, None, SPEECH_MODES),
    "verbosity": string(10, None, VERBOSITIES),
    "braille_width": integer(*BRAILLE_WIDTHS),
    "reader": string(20, None, READERS),
    "sounds": string(3, None, ("on", "off")),
    "coach": string(3, None, ("on", "off")),
    "braille": string(6, None, BRAILLE_MODES),
    "server": string(300),
    "player_name": string(20),
    "take_back": string(3, None, ("yes", "no")),
    "learn_offered": string(3, None, ("yes",)),
}


@dataclass(frozen=True)
class SettingsProblem:
    """The settings file was not (wholly) used: ``code`` of a damaged file, or the ``wrong`` values."""

    code: str = ""
    detail: str = ""
    wrong: tuple[tuple[str, str], ...] = ()  # (setting, the value as written)


@dataclass
class Settings:
    """Saved between runs; each value may be None (not chosen yet)."""

    language: str | None = None
    speech: str | None = None
    verbosity: str | None = None
    braille_width: int | None = None
    reader: str | None = None
    sounds: str | None = None
    coach: str | None = None  # the coach after the player's moves (off unless "on")
    braille: str | None = None
    server: str | None = None  # the table server joined last (bergen join without an address)
    player_name: str | None = None  # the name given there last
    take_back: str | None = None  # "yes" or "no": whether undo takes back moves (bergen --take-back)
    learn_offered: str | None = None  # "yes": the first start's offer of bergen learn was made

    @classmethod
    def read(cls, path: Path | None) -> tuple[Settings, SettingsProblem | None]:
        """The saved settings and what was wrong with the file (defaults where it was)."""
        if path is None:
            return cls(), None
        try:
            data = read_json(path, limit=64 * 1024)
        except FileNotFoundError:
            return cls(), None
        except DamagedFile as error:
            return cls(), SettingsProblem(error.code, error.detail)
        if not isinstance(data, dict):
            return cls(), SettingsProblem("malformed", "settings")
        settings, wrong = cls(), []
        for field in fields(cls):
            value = data.get(field.name)
            if value is None:
                continue
            try:
                _CHECKS[field.name](value, field.name)
            except SchemaError:
                wrong.append((field.name, _shown(value)))
                continue
            setattr(settings, field.name, value)
        return settings, SettingsProblem(wrong=tuple(wrong)) if wrong else None

    def text(self) -> str:
        return json.dumps(asdict(self), indent=1) + "\n"

    @property
    def any_chosen(self) -> bool:
        return any(value is not None for value in asdict(self).values())


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 30 else text[:29] + "…"
