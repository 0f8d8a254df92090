"""Choosing a voice for a language among the voices a system has installed.

Every speech engine names its voices differently: espeak-ng by code (``gmw/de``,
languages ``["de"]``), Windows's SAPI5 by a registry token with a language such
as ``de-DE``, macOS by an identifier with a locale such as ``de_DE``. What they
share is a language tag per voice; the voice is chosen by its first part.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class VoiceInfo:
    """One installed voice: what the engine calls it, what a person calls it, the languages it speaks."""

    id: str
    name: str
    languages: tuple[str, ...]


def primary_language(tag: str) -> str:
    """``de-DE``, ``de_AT``, ``de`` → ``de``.

    >>> primary_language("tr_TR"), primary_language("en-gb-scotland"), primary_language("DE")
    ('tr', 'en', 'de')
    """
    return re.split(r"[-_.@]", tag.strip(), maxsplit=1)[0].lower()


def _region(tag: str) -> str:
    parts = re.split(r"[-_.@]", tag.strip())
    return parts[1].lower() if len(parts) > 1 else ""


def choose_voice(voices: Iterable[VoiceInfo], language: str, current: str | None = None) -> VoiceInfo | None:
    """The voice to read ``language``: the current one if it speaks it, else the one of the language's
    home region (``de-DE``, ``tr-TR``; ``en-US`` for English), else the first that speaks it; None if no
    installed voice speaks it.

    >>> voices = [VoiceInfo("a", "Anna", ("de-AT",)), VoiceInfo("b", "Bernd", ("de-DE",))]
    >>> choose_voice(voices, "de").name, choose_voice(voices, "de", current="a").name
    ('Bernd', 'Anna')
    >>> choose_voice(voices, "tr") is None
    True
    """
    wanted = primary_language(language)
    speaking = [voice for voice in voices if any(primary_language(tag) == wanted for tag in voice.languages)]
    if not speaking:
        return None
    for voice in speaking:
        if current is not None and voice.id == current:
            return voice
    home = "us" if wanted == "en" else wanted
    for voice in speaking:
        if any(primary_language(tag) == wanted and _region(tag) in ("", home) for tag in voice.languages):
            return voice
    return speaking[0]


_SAY_LINE = re.compile(r"^(?P<name>\S.*?)\s+(?P<locale>[a-z]{2,3}(?:[_-][A-Za-z0-9]+)+)\s+#")


def parse_say_voices(listing: str) -> list[VoiceInfo]:
    """The voices ``say -v '?'`` lists on macOS (``Anna    de_DE    # Hallo, ich heiße Anna.``).

    >>> listing = "Anna      de_DE    # Hallo!\\nEddy (Deutsch (Deutschland)) de_DE    # Hallo!"
    >>> [(voice.id, voice.languages) for voice in parse_say_voices(listing)]
    [('Anna', ('de_DE',)), ('Eddy (Deutsch (Deutschland))', ('de_DE',))]
    """
    voices = []
    for line in listing.splitlines():
        found = _SAY_LINE.match(line)
        if found:
            name = found.group("name").strip()
            voices.append(VoiceInfo(name, name, (found.group("locale"),)))
    return voices


def voice_infos(engine_voices: Sequence[object]) -> list[VoiceInfo]:
    """pyttsx3's voice objects (``id``, ``name``, ``languages``) as ``VoiceInfo``; byte tags decoded."""
    infos = []
    for voice in engine_voices:
        languages = []
        for tag in getattr(voice, "languages", None) or ():
            text = tag.decode("utf-8", "replace") if isinstance(tag, bytes) else str(tag)
            languages.append(text.lstrip("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a"))
        name = str(getattr(voice, "name", ""))
        infos.append(VoiceInfo(str(getattr(voice, "id", "")), name, tuple(languages)))
    return infos
