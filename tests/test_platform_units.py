"""The per-system code, one piece at a time, with the system's side faked: fast, and run on every machine.

Each test gives a piece the shape another system has (a SAPI5 voice list, a Windows console without
TERM, an event loop without signal handlers, an error with ``winerror``…) and checks what it then does;
``test_foreign_platforms.py`` runs the whole program under such a profile.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import io
import json
import os
import select
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any, NoReturn, cast

import pytest

from bergen_access import cli, console, i18n
from bergen_access import serve as net_run
from bergen_access.commands.lexicon import CommandKind, Lexicon
from bergen_access.i18n import I18n, choose_language, platform_language
from bergen_access.net import connections as net_connections
from bergen_access.output import brlapi, sounds, speech, speech_engine, voice_worker
from bergen_access.output.announcer import Announcer
from bergen_access.output.brlapi import BrlapiError
from bergen_access.output.channel import ChannelKind, ChannelNews, NewsKind
from bergen_access.output.sounds import SoundUnavailableError
from bergen_access.output.speech import (
    Backend,
    Factory,
    Speaker,
    SpeechUnavailableError,
    SsipBackend,
    VoiceBackend,
    open_backend,
)
from bergen_access.output.voices import VoiceInfo, choose_voice, parse_say_voices, voice_infos
from bergen_access.present import notices
from bergen_access.present.message import Message
from bergen_access.session import storage
from bergen_access.system import System
from bergen_access.ui import key_reader
from bergen_access.ui.console_input import KeyRecord
from bergen_access.ui.key_reader import ConsoleKeys, Key, KeyActions, KeyLineReader, KeyName
from bergen_access.ui.reader import (
    EDITLINE_BINDINGS,
    GNU_BINDINGS,
    READ_LIMIT,
    PlainReader,
    readline_bindings,
)

ROOT = Path(__file__).resolve().parent.parent


def eventually(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    """Whether ``condition`` holds within ``timeout`` seconds (for what another thread or process does)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def news_soon(source: Callable[[], list[ChannelNews]], timeout: float = 5.0) -> list[ChannelNews]:
    """The news ``source`` gives within ``timeout`` seconds, gathered until some came (it arrives from
    another thread or process)."""
    told: list[ChannelNews] = []

    def came() -> bool:
        told.extend(source())
        return bool(told)

    eventually(came, timeout)
    return told


class Stop(Exception):  # noqa: N818 - what a braille line or a lost connection raises inside a read
    """The error another thread ends a waiting read with."""


# ------------------------------------------------------------------ 1. choosing the speech engine


class FakeBackend:
    """A speech engine that records each call and the thread it came from."""

    def __init__(self, name: str = "fake", *, news: Sequence[ChannelNews] = (), broken: bool = False) -> None:
        self.name = name
        self.calls: list[tuple[str, ...]] = []
        self.threads: set[str] = set()
        self._news = list(news)
        self.broken = broken

    def _record(self, *call: str) -> None:
        self.calls.append(call)
        self.threads.add(threading.current_thread().name)

    def speak(self, text: str, language: str) -> None:
        self._record("speak", language, text)
        if self.broken:
            raise RuntimeError("the audio device is gone")

    def braille(self, text: str) -> None:
        self._record("braille", text)

    def cancel(self) -> None:
        self._record("cancel")

    def close(self) -> None:
        self._record("close")

    def finish(self) -> None:
        self._record("finish")

    def take_news(self) -> list[ChannelNews]:
        news, self._news = self._news, []
        return news


def starts(name: str, tried: list[str], news: Sequence[ChannelNews] = ()) -> Factory:
    """A factory whose engine starts."""

    def factory() -> Backend:
        tried.append(name)
        return FakeBackend(name, news=news)

    return factory


def fails(name: str, reason: str, tried: list[str], news: NewsKind = NewsKind.FELL_BACK) -> Factory:
    """A factory whose engine cannot start, for ``reason``."""

    def factory() -> Backend:
        tried.append(name)
        raise SpeechUnavailableError(reason, news=news)

    return factory


def use_engines(
    monkeypatch: pytest.MonkeyPatch, system: System, readers: list[Factory], voices: list[Factory]
) -> None:
    monkeypatch.setattr(speech, "SCREEN_READERS", {system: readers})
    monkeypatch.setattr(speech, "VOICES", {system: voices})


@pytest.mark.parametrize("mode", ["screenreader", "auto"])
def test_the_first_screen_reader_that_starts_speaks_and_nothing_is_said_about_it(
    monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    """A screen reader that answers is what the player expects: no news, and the voice is never started."""
    tried: list[str] = []
    readers = [
        fails("NVDA", "NVDA is not running", tried),
        starts("JAWS", tried),
        starts("Other", tried),
    ]
    use_engines(monkeypatch, System.WINDOWS, readers, [starts("voice", tried)])
    backend, news = open_backend(mode, System.WINDOWS)
    assert backend.name == "JAWS"
    assert news == []
    assert tried == ["NVDA", "JAWS"]


def test_when_no_screen_reader_answers_the_voice_speaks_and_the_player_hears_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Falling back is told once, naming who speaks now and every reader's reason."""
    tried: list[str] = []
    readers = [fails("NVDA", "NVDA is not running", tried), fails("JAWS", "JAWS is not running", tried)]
    use_engines(monkeypatch, System.WINDOWS, readers, [starts("voice", tried)])
    backend, news = open_backend("screenreader", System.WINDOWS)
    assert backend.name == "voice"
    assert tried == ["NVDA", "JAWS", "voice"]
    assert news == [
        ChannelNews(
            ChannelKind.SPEECH,
            NewsKind.FELL_BACK,
            name="voice",
            detail="NVDA is not running; JAWS is not running",
        )
    ]


def test_voiceover_refusing_scripts_makes_the_news_scripting_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """The macOS player must hear where the AppleScript setting is, not just that no reader answered."""
    tried: list[str] = []
    readers = [
        fails("VoiceOver", "VoiceOver does not allow AppleScript control", tried, NewsKind.SCRIPTING_OFF),
        fails("Other", "not here", tried),
    ]
    use_engines(monkeypatch, System.MACOS, readers, [starts("say", tried)])
    backend, news = open_backend("auto", System.MACOS)
    assert backend.name == "say"
    assert [(item.kind, item.name) for item in news] == [(NewsKind.SCRIPTING_OFF, "say")]
    assert news[0].detail == "VoiceOver does not allow AppleScript control; not here"


def test_the_voice_mode_never_tries_a_screen_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--speech voice`` is a choice: no reader is started, and there is nothing to fall back from."""
    tried: list[str] = []
    use_engines(monkeypatch, System.LINUX, [starts("Speech Dispatcher", tried)], [starts("voice", tried)])
    backend, news = open_backend("voice", System.LINUX)
    assert backend.name == "voice"
    assert tried == ["voice"]
    assert news == []


def test_the_engines_own_news_follows_the_fall_back_news(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the started engine has to say (no voice for a language) is not lost in the choice."""
    tried: list[str] = []
    own = ChannelNews(ChannelKind.SPEECH, NewsKind.NO_VOICE, "voice", "tr")
    use_engines(
        monkeypatch, System.LINUX, [fails("SD", "no socket", tried)], [starts("voice", tried, news=[own])]
    )
    _, news = open_backend("auto", System.LINUX)
    assert [item.kind for item in news] == [NewsKind.FELL_BACK, NewsKind.NO_VOICE]
    assert news[1] == own


def test_when_nothing_can_speak_every_reason_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one failure the speaker reports must say why each engine did not start."""
    tried: list[str] = []
    readers = [fails("NVDA", "NVDA is not running", tried), fails("JAWS", "JAWS is not running", tried)]
    use_engines(monkeypatch, System.WINDOWS, readers, [fails("voice", "no SAPI5 voice", tried)])
    with pytest.raises(SpeechUnavailableError) as raised:
        open_backend("screenreader", System.WINDOWS)
    assert str(raised.value) == "NVDA is not running; JAWS is not running; no SAPI5 voice"
    with pytest.raises(SpeechUnavailableError, match=r"^no SAPI5 voice$"):
        open_backend("voice", System.WINDOWS)


def test_each_system_has_its_own_screen_readers_and_voice() -> None:
    """Windows speaks through NVDA/JAWS, macOS through VoiceOver and ``say`` (pyttsx3 hangs there),
    Linux through Speech Dispatcher and pyttsx3; the factories are only looked at, never called."""
    readers, voices = speech.SCREEN_READERS, speech.VOICES
    assert readers[System.WINDOWS] == [speech._windows_reader]
    assert "WindowsScreenReader" in speech._windows_reader.__code__.co_names
    assert voices[System.WINDOWS] == [VoiceBackend]
    assert readers[System.MACOS] == [speech._voiceover]
    assert "VoiceOverBackend" in speech._voiceover.__code__.co_names
    assert voices[System.MACOS] == [speech._say]
    assert "SayBackend" in speech._say.__code__.co_names
    assert VoiceBackend not in voices[System.MACOS]
    assert readers[System.LINUX] == [SsipBackend]
    assert voices[System.LINUX] == [VoiceBackend]
    assert set(readers) == set(voices) == set(System)


# ------------------------------------------------------------------ 2. the speaker's thread


def opener_of(backend: FakeBackend, news: Sequence[ChannelNews] = ()) -> speech.Opener:
    return lambda mode: (backend, list(news))


def test_the_speaker_speaks_and_brailles_on_its_own_thread() -> None:
    """JAWS's COM object belongs to the thread that made it: every call must come from "speech"."""
    backend = FakeBackend()
    modes: list[str] = []

    def opener(mode: str) -> tuple[Backend, list[ChannelNews]]:
        modes.append(mode)
        backend.threads.add(threading.current_thread().name)
        return backend, []

    speaker = Speaker("screenreader", opener)
    assert speaker.wait_ready(2)
    speaker.deliver(Message("Du: 3-5.", "Du legst drei fünf.", "Du 3-5"), "de")
    speaker.finish()
    assert modes == ["screenreader"]
    assert backend.calls == [("speak", "de", "Du legst drei fünf."), ("braille", "Du 3-5"), ("finish",)]
    assert backend.threads == {"speech"}


def test_an_urgent_message_cancels_what_is_being_said_first() -> None:
    """A reply to the player's own command interrupts; an ordinary message only queues."""
    backend = FakeBackend()
    speaker = Speaker("auto", opener_of(backend))
    speaker.deliver(Message("a", "first", "a"), "en")
    speaker.deliver(Message("b", "second", "b", urgent=True), "en")
    speaker.finish()
    reply = backend.calls.index(("speak", "en", "second"))
    assert backend.calls[reply - 1] == ("cancel",)
    assert backend.calls.count(("cancel",)) == 1
    assert backend.calls[reply + 1 :] == [("braille", "b"), ("finish",)]


def test_an_engine_that_fails_is_told_once_and_then_left_alone() -> None:
    """A broken engine must never end the game: one STOPPED news, then silence (text goes on)."""
    backend = FakeBackend(broken=True)
    speaker = Speaker("auto", opener_of(backend))
    speaker.deliver(Message("a", "first", "a"), "en")
    assert news_soon(speaker.take_news, 3) == [
        ChannelNews(ChannelKind.SPEECH, NewsKind.STOPPED, detail="the audio device is gone")
    ]
    assert speaker.take_news() == []
    assert not speaker.alive
    speaker.deliver(Message("b", "second", "b", urgent=True), "en")
    speaker.say("third", "en")
    speaker.finish()
    assert [call for call in backend.calls if call[0] != "finish"] == [("speak", "en", "first")]


def test_an_engine_that_cannot_start_is_told_once_as_stopped() -> None:
    """The opener's failure is the reason the player hears; waiting for it says there is no speech."""

    def opener(mode: str) -> tuple[Backend, list[ChannelNews]]:
        raise SpeechUnavailableError("NVDA is not running; no SAPI5 voice")

    speaker = Speaker("auto", opener)
    assert speaker.wait_ready(2) is False
    assert speaker.take_news() == [
        ChannelNews(ChannelKind.SPEECH, NewsKind.STOPPED, detail="NVDA is not running; no SAPI5 voice")
    ]
    assert speaker.take_news() == []
    speaker.close()


def test_the_openers_news_reaches_the_player_through_the_speaker() -> None:
    """The fall-back news made on the speech thread is handed over once."""
    fell_back = ChannelNews(ChannelKind.SPEECH, NewsKind.FELL_BACK, "voice", detail="NVDA is not running")
    speaker = Speaker("auto", opener_of(FakeBackend("voice"), [fell_back]))
    assert speaker.wait_ready(2)
    assert speaker.take_news() == [fell_back]
    assert speaker.take_news() == []
    speaker.close()


def test_finish_lets_the_engine_finish_and_close_closes_it() -> None:
    """Leaving the game lets the goodbye be heard (``finish``); turning speech off stops now (``close``)."""
    finishing = FakeBackend()
    speaker = Speaker("auto", opener_of(finishing))
    speaker.finish()
    assert finishing.calls == [("finish",)]
    closing = FakeBackend()
    speaker = Speaker("auto", opener_of(closing))
    speaker.close()
    assert closing.calls == [("close",)]


# ------------------------------------------------------------------ 3. the voice worker, end to end

FAKE_PYTTSX3 = '''
"""A stand-in for pyttsx3: a German and an English voice; every call is written to FAKE_TTS_LOG."""
import json
import os


def _log(*entry):
    with open(os.environ["FAKE_TTS_LOG"], "a", encoding="utf-8") as stream:
        stream.write(json.dumps(entry) + "\\n")


class _Voice:
    def __init__(self, id, name, languages):
        self.id, self.name, self.languages = id, name, languages


VOICES = [
    _Voice("gmw/en-us", "English (America)", ["en-us"]),
    _Voice("gmw/de", "Deutsch", ["de"]),
]


class _Engine:
    def __init__(self):
        self.voice = VOICES[0].id

    def getProperty(self, name):
        if name == "voices":
            return VOICES
        if name == "voice":
            return self.voice
        raise KeyError(name)

    def setProperty(self, name, value):
        if name == "voice":
            self.voice = value
        _log("setProperty", name, value)

    def say(self, text):
        _log("say", text)

    def runAndWait(self):
        _log("runAndWait")


def init():
    failure = os.environ.get("FAKE_TTS_FAIL")
    if failure:
        raise RuntimeError(failure)
    return _Engine()
'''


@pytest.fixture
def fake_voice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake pyttsx3 and a fake ``aplay`` for the worker process; the file its calls are written to."""
    site = tmp_path / "site"
    (site / "pyttsx3").mkdir(parents=True)
    (site / "pyttsx3" / "__init__.py").write_text(FAKE_PYTTSX3, encoding="utf-8")
    tools = tmp_path / "bin"
    tools.mkdir()
    aplay = tools / "aplay"
    aplay.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    aplay.chmod(aplay.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    log = tmp_path / "tts.jsonl"
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site), str(ROOT)]))
    monkeypatch.setenv("PATH", os.pathsep.join([str(tools), os.environ.get("PATH", "")]))
    monkeypatch.setenv("FAKE_TTS_LOG", str(log))
    monkeypatch.delenv("FAKE_TTS_FAIL", raising=False)
    # Windows gives a pipe its ANSI code page: the requests must reach the worker intact all the same
    monkeypatch.setenv("PYTHONIOENCODING", "cp1252")
    return log


def engine_calls(log: Path) -> list[list[str]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]


def said(log: Path, text: str) -> bool:
    """Whether the fake engine has said ``text`` to its end."""
    calls = engine_calls(log)
    return ["say", text] in calls and calls[calls.index(["say", text]) + 1 :][:1] == [["runAndWait"]]


@pytest.fixture
def voice(fake_voice: Path) -> Iterator[VoiceBackend]:
    backend = VoiceBackend()
    yield backend
    backend.close()


def test_the_voice_worker_chooses_the_voice_of_the_language(fake_voice: Path, voice: VoiceBackend) -> None:
    """German text is read by the German voice, Turkish letters arrive intact through the pipe."""
    voice.speak("Du legst 3-5 links, Jürgen.", "de")
    assert eventually(lambda: said(fake_voice, "Du legst 3-5 links, Jürgen."))
    assert engine_calls(fake_voice) == [
        ["setProperty", "voice", "gmw/de"],
        ["say", "Du legst 3-5 links, Jürgen."],
        ["runAndWait"],
    ]
    voice.speak("Şimdi İstanbul: çift başlık.", "de")
    assert eventually(lambda: said(fake_voice, "Şimdi İstanbul: çift başlık."))
    assert [call[0] for call in engine_calls(fake_voice)].count("setProperty") == 1  # same language
    assert voice.take_news() == []


def test_a_language_without_a_voice_is_told_once(fake_voice: Path, voice: VoiceBackend) -> None:
    """No Turkish voice: the player hears it once, however often the language comes back."""
    voice.speak("Sıra sende.", "tr")
    assert news_soon(voice.take_news) == [ChannelNews(ChannelKind.SPEECH, NewsKind.NO_VOICE, "voice", "tr")]
    assert eventually(lambda: said(fake_voice, "Sıra sende."))
    assert ["setProperty", "voice", "gmw/de"] not in engine_calls(fake_voice)  # another voice reads it
    voice.speak("Du bist dran.", "de")
    voice.speak("Sıra yine sende.", "tr")  # the worker reports the missing voice again; told once
    assert eventually(lambda: said(fake_voice, "Sıra yine sende."))
    time.sleep(0.2)
    assert voice.take_news() == []


def test_finish_lets_the_worker_say_the_goodbye_and_end(fake_voice: Path) -> None:
    """The last sentence is heard, and the worker ends by itself (not killed)."""
    backend = VoiceBackend()
    process = backend._process
    assert process is not None
    backend.speak("Auf Wiedersehen.", "de")
    backend.finish()
    assert process.poll() == 0
    assert said(fake_voice, "Auf Wiedersehen.")


def test_cancel_ends_the_worker_and_the_next_sentence_starts_a_new_one(
    fake_voice: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows has no process groups: cancelling must still end the worker (``kill``), and speech go on."""
    monkeypatch.delattr(os, "killpg", raising=False)
    backend = VoiceBackend()
    try:
        first = backend._process
        assert first is not None
        backend.speak("Eins.", "de")
        assert eventually(lambda: said(fake_voice, "Eins."))
        backend.cancel()
        assert first.poll() is not None
        backend.speak("Zwei.", "de")
        assert eventually(lambda: said(fake_voice, "Zwei."))
        assert backend._process is not None and backend._process is not first
    finally:
        backend.close()


def test_a_worker_whose_engine_cannot_start_says_why(
    fake_voice: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pyttsx3 failing (no SAPI5, no espeak-ng) is the reason the player hears."""
    monkeypatch.setenv("FAKE_TTS_FAIL", "no audio device here")
    with pytest.raises(SpeechUnavailableError, match="RuntimeError: no audio device here"):
        VoiceBackend()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the worker looks for aplay on Linux only")
def test_a_worker_without_aplay_says_which_package_is_missing(
    fake_voice: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pyttsx3's espeak driver plays through aplay: without it the voice would be silent without a word."""
    empty = tmp_path / "nothing"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    with pytest.raises(SpeechUnavailableError, match="aplay is not installed"):
        VoiceBackend()


def test_the_single_file_program_starts_itself_as_the_voice_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """A frozen program has no ``-m``: it is started with the worker flag, which ``cli.main`` hands over."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert speech.voice_worker_command() == [sys.executable, voice_worker.VOICE_WORKER_FLAG]
    monkeypatch.delattr(sys, "frozen")
    assert speech.voice_worker_command() == [sys.executable, "-m", "bergen_access.output.voice_worker"]


# ------------------------------------------------------------------ 4. voices as each system names them

SAPI5 = "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\"


def sapi5_voices() -> list[VoiceInfo]:
    """Windows's voices as pyttsx3's SAPI5 driver gives them (a registry token, a ``de-DE`` tag)."""
    return voice_infos(
        [
            SimpleNamespace(
                id=SAPI5 + "TTS_MS_EN-GB_HAZEL_11.0",
                name="Microsoft Hazel Desktop - English (Great Britain)",
                languages=["en-GB"],
            ),
            SimpleNamespace(
                id=SAPI5 + "TTS_MS_DE-DE_HEDDA_11.0",
                name="Microsoft Hedda Desktop - German",
                languages=["de-DE"],
            ),
            SimpleNamespace(
                id=SAPI5 + "TTS_MS_EN-US_ZIRA_11.0",
                name="Microsoft Zira Desktop - English (United States)",
                languages=["en-US"],
            ),
        ]
    )


def test_sapi5_voices_are_chosen_by_their_language_tag() -> None:
    voices = sapi5_voices()
    assert voices[1] == VoiceInfo(
        SAPI5 + "TTS_MS_DE-DE_HEDDA_11.0", "Microsoft Hedda Desktop - German", ("de-DE",)
    )
    chosen = choose_voice(voices, "de")
    assert chosen is not None and chosen.id.endswith("TTS_MS_DE-DE_HEDDA_11.0")
    assert choose_voice(voices, "tr") is None


def test_english_prefers_american_and_keeps_the_current_voice_that_speaks_it() -> None:
    """en-US over en-GB by default; but a British voice the player chose is not replaced."""
    voices = sapi5_voices()
    english = choose_voice(voices, "en")
    assert english is not None and english.languages == ("en-US",)
    hazel = SAPI5 + "TTS_MS_EN-GB_HAZEL_11.0"
    kept = choose_voice(voices, "en", current=hazel)
    assert kept is not None and kept.id == hazel
    german = choose_voice(voices, "de", current=hazel)  # Hazel speaks no German
    assert german is not None and german.languages == ("de-DE",)


def test_macos_voices_are_chosen_by_their_locale() -> None:
    voices = [
        VoiceInfo("com.apple.voice.compact.en-GB.Daniel", "Daniel", ("en_GB",)),
        VoiceInfo("com.apple.voice.compact.en-US.Samantha", "Samantha", ("en_US",)),
        VoiceInfo("com.apple.voice.compact.de-DE.Anna", "Anna", ("de_DE",)),
        VoiceInfo("com.apple.voice.compact.tr-TR.Yelda", "Yelda", ("tr_TR",)),
    ]
    assert [choose_voice(voices, language).name for language in ("tr", "de", "en")] == [  # type: ignore[union-attr]
        "Yelda",
        "Anna",
        "Samantha",
    ]
    assert choose_voice(voices[:3], "tr") is None


def test_espeak_voices_with_byte_tags_are_decoded_and_chosen() -> None:
    """Older pyttsx3 espeak drivers give ``b"\\x05de"`` (a priority byte, then the tag)."""
    voices = voice_infos(
        [
            SimpleNamespace(id="gmw/en", name="English (Great Britain)", languages=[b"\x02en-gb"]),
            SimpleNamespace(id="gmw/de", name="German", languages=[b"\x05de"]),
            SimpleNamespace(id="gmw/en-us", name="English (America)", languages=[b"\x02en-us"]),
            SimpleNamespace(id="trk/tr", name="Turkish", languages=["tr"]),
            SimpleNamespace(id="mb/mb-de1", name="mbrola", languages=[]),
        ]
    )
    assert [voice.languages for voice in voices] == [("en-gb",), ("de",), ("en-us",), ("tr",), ()]
    assert [choose_voice(voices, language).id for language in ("de", "tr", "en")] == [  # type: ignore[union-attr]
        "gmw/de",
        "trk/tr",
        "gmw/en-us",
    ]
    assert choose_voice(voices, "de", current="gmw/en") is voices[1]
    assert choose_voice(voices, "fr") is None


SAY_LISTING = """\
Albert              en_US    # Hello! My name is Albert.
Anna                de_DE    # Hallo! Ich heiße Anna.
Bad News            en_US    # Hello! My name is Bad News.
Daniel              en_GB    # Hello! My name is Daniel.
Eddy (Deutsch (Deutschland)) de_DE    # Hallo! Ich heiße Eddy.
Fiona               en-scotland # Hello! My name is Fiona.
Mónica              es_ES    # Hola, me llamo Mónica.
Paulina             es_MX    # Hola, me llamo Paulina.
Yelda               tr_TR    # Merhaba, benim adım Yelda.
Eddy (Englisch (Vereinigtes Königreich)) en_GB    # Hello! My name is Eddy.

"""


def test_the_say_listing_is_read_with_names_that_hold_spaces_and_parentheses() -> None:
    """``say -v NAME`` needs the whole name; the locale after it decides the language."""
    voices = parse_say_voices(SAY_LISTING)
    assert [(voice.id, voice.languages) for voice in voices] == [
        ("Albert", ("en_US",)),
        ("Anna", ("de_DE",)),
        ("Bad News", ("en_US",)),
        ("Daniel", ("en_GB",)),
        ("Eddy (Deutsch (Deutschland))", ("de_DE",)),
        ("Fiona", ("en-scotland",)),
        ("Mónica", ("es_ES",)),
        ("Paulina", ("es_MX",)),
        ("Yelda", ("tr_TR",)),
        ("Eddy (Englisch (Vereinigtes Königreich))", ("en_GB",)),
    ]
    assert all(voice.name == voice.id for voice in voices)
    assert [choose_voice(voices, language).id for language in ("tr", "de", "en")] == [  # type: ignore[union-attr]
        "Yelda",
        "Anna",
        "Albert",
    ]
    assert parse_say_voices("say: no voices\n\n") == []


# ------------------------------------------------------------------ 5. the system's language


def test_windows_display_language_comes_from_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows sets no LANG: a German Windows (LANGID 0x0407) makes the game German."""
    kernel32 = SimpleNamespace(GetUserDefaultUILanguage=lambda: 0x0407)
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=kernel32), raising=False)
    language = platform_language(System.WINDOWS)
    assert language is not None and language.startswith("de")
    assert i18n.normalize_language(language) == "de"
    kernel32.GetUserDefaultUILanguage = lambda: 0x041F
    assert i18n.normalize_language(platform_language(System.WINDOWS)) == "tr"


def test_windows_language_is_unknown_without_windll_or_when_the_call_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(ctypes, "windll", raising=False)
    assert platform_language(System.WINDOWS) is None

    def broken() -> int:
        raise OSError("no kernel32")

    monkeypatch.setattr(
        ctypes,
        "windll",
        SimpleNamespace(kernel32=SimpleNamespace(GetUserDefaultUILanguage=broken)),
        raising=False,
    )
    assert platform_language(System.WINDOWS) is None


def defaults_answering(
    stdout: str, returncode: int = 0, calls: list[list[str]] | None = None
) -> Callable[..., subprocess.CompletedProcess[str]]:
    def run(command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
        if calls is not None:
            calls.append(command)
        assert options.get("stdin") == subprocess.DEVNULL  # never the player's typed lines
        assert options.get("timeout") is not None
        return subprocess.CompletedProcess(command, returncode, stdout, "")

    return run


def test_macos_language_is_the_first_preferred_one(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    listing = '(\n    "tr-TR",\n    "en-US"\n)\n'
    monkeypatch.setattr(subprocess, "run", defaults_answering(listing, calls=calls))
    assert platform_language(System.MACOS) == "tr-TR"
    assert calls == [["defaults", "read", "-g", "AppleLanguages"]]


def test_macos_language_is_unknown_when_defaults_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    failed = "The domain/default pair of (kCFPreferencesAnyApplication, AppleLanguages) does not exist\n"
    monkeypatch.setattr(subprocess, "run", defaults_answering(failed, returncode=1))
    assert platform_language(System.MACOS) is None  # what a failing command says is no language

    def missing(command: list[str], **options: Any) -> NoReturn:
        raise FileNotFoundError(2, "No such file or directory", "defaults")

    monkeypatch.setattr(subprocess, "run", missing)
    assert platform_language(System.MACOS) is None

    def slow(command: list[str], **options: Any) -> NoReturn:
        raise subprocess.TimeoutExpired(command, 2.0)

    monkeypatch.setattr(subprocess, "run", slow)
    assert platform_language(System.MACOS) is None


def test_linux_keeps_its_language_in_the_environment_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing is asked on Linux (no process, no ctypes)."""

    def never(*args: object, **options: object) -> NoReturn:
        raise AssertionError("Linux asked the system for its language")

    monkeypatch.setattr(subprocess, "run", never)
    assert platform_language(System.LINUX) is None
    assert platform_language(System.OTHER) is None


def test_the_system_language_comes_after_lang_and_the_environment() -> None:
    german = lambda: "de_DE"  # noqa: E731
    assert choose_language(None, None, {}, system_language=german) == "de"
    assert choose_language(None, None, {"LANG": "tr_TR.UTF-8"}, system_language=german) == "tr"
    assert choose_language("en", None, {"LANG": "tr_TR.UTF-8"}, system_language=german) == "en"
    assert choose_language(None, "tr", {}, system_language=german) == "tr"
    assert choose_language(None, None, {}, system_language=lambda: "fr-FR") == "en"
    assert choose_language(None, None, {}, system_language=lambda: None) == "en"


# ------------------------------------------------------------------ 6. the console's choices


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


PLAIN_OFF = argparse.Namespace(plain=False)


@pytest.mark.parametrize(
    ("system", "plain"),
    [(System.WINDOWS, False), (System.LINUX, True), (System.MACOS, True), (System.OTHER, True)],
)
def test_no_term_means_plain_except_in_the_windows_console(
    monkeypatch: pytest.MonkeyPatch, system: System, plain: bool
) -> None:
    """The Windows console never sets TERM; elsewhere no TERM means no terminal we can trust."""
    monkeypatch.delenv("TERM", raising=False)
    assert console.is_plain(PLAIN_OFF, Terminal(), Terminal(), system) is plain


@pytest.mark.parametrize("system", list(System))
def test_dumb_terminals_pipes_and_plain_are_plain_everywhere(
    monkeypatch: pytest.MonkeyPatch, system: System
) -> None:
    monkeypatch.setenv("TERM", "dumb")
    assert console.is_plain(PLAIN_OFF, Terminal(), Terminal(), system) is True
    monkeypatch.setenv("TERM", "xterm-256color")
    assert console.is_plain(PLAIN_OFF, Terminal(), Terminal(), system) is False
    assert console.is_plain(PLAIN_OFF, io.StringIO(), Terminal(), system) is True
    assert console.is_plain(PLAIN_OFF, Terminal(), io.StringIO(), system) is True
    assert console.is_plain(argparse.Namespace(plain=True), Terminal(), Terminal(), system) is True


class IdleKeys:
    """A key source where nobody types."""

    def key(self, timeout: float) -> Key | None:
        return None


def no_module(*args: object) -> NoReturn:
    raise ImportError("No module named 'readline'")


def key_actions() -> KeyActions:
    return KeyActions(lambda: ["draw"], lambda: None, lambda: True)


def test_without_readline_the_console_keys_are_read_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows has no readline but msvcrt: the write-once reader is the key reader there."""
    keys = IdleKeys()
    monkeypatch.setattr(console, "ReadlineReader", no_module)
    monkeypatch.setattr(console, "ConsoleKeys", lambda: keys)
    out = Terminal()
    actions = key_actions()
    reader = console.write_once_reader(Terminal(), out, actions)
    assert isinstance(reader, KeyLineReader)
    assert reader.keys is keys and reader.out is out and reader.actions is actions


def test_without_readline_and_console_keys_lines_are_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(console, "ReadlineReader", no_module)
    monkeypatch.setattr(console, "ConsoleKeys", no_module)
    stdin, stdout = Terminal(), Terminal()
    reader = console.write_once_reader(stdin, stdout, key_actions())
    assert isinstance(reader, PlainReader)
    assert reader.stdin is stdin and reader.stdout is stdout and reader.echo is False


def test_readline_is_the_write_once_reader_where_there_is_one(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[object] = []

    class FakeReadline:
        def __init__(self, candidates: Callable[[], Iterable[str]]) -> None:
            made.append(candidates)

    def keys_are_not_wanted() -> NoReturn:
        raise AssertionError("console keys were opened although readline is there")

    monkeypatch.setattr(console, "ReadlineReader", FakeReadline)
    monkeypatch.setattr(console, "ConsoleKeys", keys_are_not_wanted)
    actions = key_actions()
    reader = console.write_once_reader(Terminal(), Terminal(), actions)
    assert isinstance(reader, FakeReadline)
    assert made == [actions.candidates]


# ------------------------------------------------------------------ 7. readline flavours and plain reading


def readline_module(doc: str | None, backend: str | None = None) -> ModuleType:
    module = ModuleType("readline", doc)
    if backend is not None:
        module.backend = backend  # type: ignore[attr-defined]
    return module


def test_libedit_gets_its_own_bindings() -> None:
    """macOS Pythons may have libedit under the name readline: GNU syntax would be ignored there."""
    libedit = "Importing this module enables command line editing using libedit readline."
    assert readline_bindings(readline_module(libedit)) == EDITLINE_BINDINGS
    assert readline_bindings(readline_module(None, backend="editline")) == EDITLINE_BINDINGS
    gnu = "Importing this module enables command line editing using GNU readline."
    assert readline_bindings(readline_module(gnu)) == GNU_BINDINGS
    assert readline_bindings(readline_module(None)) == GNU_BINDINGS
    assert readline_bindings(readline_module(libedit, backend="readline")) == GNU_BINDINGS  # 3.13 says


def read_within(reader: PlainReader, prompt: str = "> ", seconds: float = 3.0) -> str:
    """``reader.read`` on a thread of its own, so that a read which never ends fails the test instead of
    hanging it; what the read raised is raised here."""
    outcome: list[str | BaseException] = []

    def read() -> None:
        try:
            outcome.append(reader.read(prompt))
        except BaseException as error:  # handed to the test
            outcome.append(error)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(seconds)
    if not outcome:
        pytest.fail(f"the read did not end within {seconds} s")
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


def test_the_threaded_plain_reader_reads_lines_then_the_end_every_time() -> None:
    out = io.StringIO()
    reader = PlainReader(io.StringIO("hand\nplay 3-5 left\n"), out, echo=False, threaded=True)
    assert read_within(reader) == "hand"
    assert read_within(reader) == "play 3-5 left"
    with pytest.raises(EOFError):
        read_within(reader)
    with pytest.raises(EOFError):  # the end stays the end
        read_within(reader)
    assert out.getvalue() == "> > > \n> \n"


def test_a_threaded_read_that_waits_is_ended_from_another_thread() -> None:
    """Windows has no pthread_kill: a braille line or a lost connection ends the read this way."""
    read_end, write_end = os.pipe()
    stdin = os.fdopen(read_end, "r", encoding="utf-8")
    writer = os.fdopen(write_end, "w", encoding="utf-8")
    reader = PlainReader(stdin, io.StringIO(), echo=False, threaded=True)
    answers: list[bool] = []
    timer = threading.Timer(0.15, lambda: answers.append(reader.interrupt(Stop("a routed line"))))
    try:
        assert reader.interrupt(Stop("too early")) is False
        timer.start()
        with pytest.raises(Stop, match="a routed line"):
            read_within(reader)
        assert answers == [True]
        assert reader.interrupt(Stop("after")) is False
        writer.write("hand\n")  # the line typed after the interruption is not lost
        writer.flush()
        assert read_within(reader) == "hand"
    finally:
        timer.cancel()
        writer.close()
    with pytest.raises(EOFError):  # the reading thread has seen the end and stopped
        read_within(reader)
    stdin.close()


@pytest.mark.skipif(
    not hasattr(signal, "pthread_kill") or not hasattr(signal, "SIGUSR2"),
    reason="needs pthread_kill and SIGUSR2 (POSIX)",
)
def test_a_signal_that_interrupts_no_wait_still_ends_a_read_from_a_pipe() -> None:
    """TERM or HUP that came just before a blocking read began waited for a line that a pipe never
    sent (tests/test_kills.py: the scorekeeper did not end, about once in 20 runs). The stand-in for
    that moment: the signal is delivered to another thread, so it interrupts no wait of the main
    thread; the handler still runs, and ends the read, within a moment."""
    read_end, write_end = os.pipe()
    stdin = os.fdopen(read_end, "r", encoding="utf-8")
    writer = os.fdopen(write_end, "w", encoding="utf-8")
    reader = PlainReader(stdin, io.StringIO(), echo=False)  # as a pipe's reader is made

    def leave(number: int, frame: object) -> None:
        raise Stop("terminated")

    def late_line() -> None:  # a reader that blocks ends only here, long after the signal
        writer.write("late\n")
        writer.flush()

    other = threading.Timer(0.2, lambda: signal.pthread_kill(threading.get_ident(), signal.SIGUSR2))
    rescue = threading.Timer(5.0, late_line)
    previous = signal.signal(signal.SIGUSR2, leave)
    started = time.monotonic()
    try:
        other.start()
        rescue.start()
        with pytest.raises(Stop, match="terminated"):
            reader.read("> ")
        assert time.monotonic() - started < 2.0, "the read ended only when a line came"
    finally:
        signal.signal(signal.SIGUSR2, previous)
        other.cancel()
        rescue.cancel()
        writer.close()


def test_a_pipe_that_floods_is_read_only_a_little_ahead() -> None:
    """The thread reads ahead a few lines, then waits: a writer that never stops (``yes | bergen``)
    waits too, and the program's memory does not grow with lines nobody asked for."""
    read_end, write_end = os.pipe()
    stdin = os.fdopen(read_end, "r", encoding="utf-8")
    writer = os.fdopen(write_end, "w", encoding="utf-8")
    lines = 20_000  # 2 MB: far more than the pipe, the stream's buffer and the lines ahead hold
    written = threading.Event()

    def flood() -> None:
        with contextlib.suppress(OSError, ValueError):  # the reading end closed at the test's end
            for number in range(lines):
                writer.write(f"{number:099d}\n")
            writer.flush()
            written.set()

    flooding = threading.Thread(target=flood, daemon=True)
    flooding.start()
    try:
        reader = PlainReader(stdin, io.StringIO(), echo=False)  # a pipe's reader: threaded
        assert reader.read("> ") == f"{0:099d}"
        assert not written.wait(1.0), "the whole flood was read ahead"
        for number in range(1, 200):  # and the lines still come in order as they are asked for
            assert reader.read("> ") == f"{number:099d}"
        assert not written.is_set()
    finally:
        stdin.close()  # the writer's next write fails, and the flood ends
        flooding.join(5)
        with contextlib.suppress(OSError):
            writer.close()


@pytest.mark.parametrize("threaded", [False, True])
def test_a_line_too_long_is_cut_and_its_rest_skipped(threaded: bool) -> None:
    """The threaded reader cuts as the plain one does (the boundary then refuses the line)."""
    text = "x" * (READ_LIMIT + 500) + "\nnext\n"
    reader = PlainReader(io.StringIO(text), io.StringIO(), echo=False, threaded=threaded)
    assert read_within(reader) == "x" * READ_LIMIT
    assert read_within(reader) == "next"
    with pytest.raises(EOFError):
        read_within(reader)


# ------------------------------------------------------------------ 8. the key reader (Windows console)


class ScriptedKeys:
    """The keys a player types, one per call; then nobody types (briefly: a script that ran out fails)."""

    def __init__(self, keys: Iterable[Key]) -> None:
        self.keys = list(keys)
        self.idle = 0

    def key(self, timeout: float) -> Key | None:
        if self.keys:
            return self.keys.pop(0)
        self.idle += 1
        if self.idle > 600:
            raise AssertionError("the reader waited for a key the script does not have")
        time.sleep(min(timeout, 0.005))
        return None


def typed(text: str) -> list[Key]:
    return [Key(KeyName.CHAR, char) for char in text]


ENTER = Key(KeyName.ENTER)
BACKSPACE = Key(KeyName.BACKSPACE)
TAB = Key(KeyName.TAB)
UP, DOWN = Key(KeyName.UP), Key(KeyName.DOWN)


class Player:
    """The key reader's actions, recorded; what was written when each was called."""

    def __init__(self, words: Sequence[str] = (), *, speaking: bool = True) -> None:
        self.words = list(words)
        self.speaking = speaking
        self.calls: list[str] = []
        self.out = io.StringIO()
        self.written_at: list[str] = []

    def _record(self, name: str) -> None:
        self.calls.append(name)
        self.written_at.append(self.out.getvalue())

    def candidates(self) -> list[str]:
        return self.words

    def repeat(self) -> None:
        self._record("repeat")

    def stop_speech(self) -> bool:
        self._record("stop_speech")
        return self.speaking

    def no_speech(self) -> None:
        self._record("no_speech")

    def reader(self, keys: Iterable[Key]) -> KeyLineReader:
        actions = KeyActions(self.candidates, self.repeat, self.stop_speech, self.no_speech)
        return KeyLineReader(ScriptedKeys(keys), self.out, actions)


def test_typed_characters_are_written_once_each() -> None:
    player = Player()
    assert player.reader([*typed("hand"), ENTER]).read("> ") == "hand"
    assert player.out.getvalue() == "> hand\n"


def test_backspace_rubs_out_one_character() -> None:
    player = Player()
    keys = [BACKSPACE, *typed("hanx"), BACKSPACE, *typed("d"), ENTER]
    assert player.reader(keys).read("> ") == "hand"
    assert player.out.getvalue() == "> hanx\b \bd\n"  # nothing to rub out at first: nothing written


def test_tab_completes_the_one_match_and_adds_a_space() -> None:
    player = Player(["3-5", "draw", "pass", "left", "right"])
    assert player.reader([*typed("dr"), TAB, ENTER]).read("> ") == "draw "
    assert player.out.getvalue() == "> draw \n"
    player = Player(["left", "right"])
    assert player.reader([*typed("play 3-5 l"), TAB, ENTER]).read("> ") == "play 3-5 left "


def test_tab_extends_to_what_several_matches_share() -> None:
    player = Player(["players", "playback", "pass"])
    assert player.reader([*typed("pl"), TAB, ENTER]).read("> ") == "play"
    assert player.out.getvalue() == "> play\n"


def test_tab_lists_the_matches_on_a_line_of_their_own_when_nothing_can_be_added() -> None:
    """Written once, in order: the matches, then the prompt and the line again to go on typing."""
    player = Player(["play", "pass", "draw"])
    assert player.reader([*typed("p"), TAB, *typed("a"), ENTER]).read("> ") == "pa"
    assert player.out.getvalue() == "> p\nplay  pass\n> pa\n"
    player = Player(["draw"])
    assert player.reader([*typed("x"), TAB, ENTER]).read("> ") == "x"
    assert player.out.getvalue() == "> x\n"


def test_up_and_down_bring_back_earlier_lines() -> None:
    player = Player()
    keys = [*typed("hand"), ENTER, *typed("score"), ENTER, UP, UP, DOWN, ENTER, UP, DOWN, ENTER]
    reader = player.reader(keys)
    assert [reader.read("> "), reader.read("> ")] == ["hand", "score"]
    before = player.out.getvalue()
    assert reader.read("> ") == "score"
    assert player.out.getvalue()[len(before) :] == "> score" + "\b \b" * 5 + "hand" + "\b \b" * 4 + "score\n"
    assert reader.read("> ") == ""  # below the newest line: an empty one
    assert reader.history == ["hand", "score"]  # the same line twice in a row is kept once


def test_escape_empties_the_line() -> None:
    player = Player()
    assert player.reader([*typed("pass"), Key(KeyName.ESCAPE), *typed("draw"), ENTER]).read("> ") == "draw"
    assert player.out.getvalue() == "> pass" + "\b \b" * 4 + "draw\n"


def test_f2_repeats_and_writes_the_prompt_and_the_line_again() -> None:
    player = Player()
    assert player.reader([*typed("pl"), Key(KeyName.F2), *typed("ay"), ENTER]).read("> ") == "play"
    assert player.calls == ["repeat"]
    assert player.written_at == ["> pl\n"]  # the repeated announcement starts a line of its own
    assert player.out.getvalue() == "> pl\n> play\n"


def test_f3_stops_speech_and_only_says_there_is_none_when_there_is_none() -> None:
    speaking = Player(speaking=True)
    assert speaking.reader([*typed("h"), Key(KeyName.F3), ENTER]).read("> ") == "h"
    assert speaking.calls == ["stop_speech"]
    assert speaking.out.getvalue() == "> h\n"
    silent = Player(speaking=False)
    assert silent.reader([*typed("h"), Key(KeyName.F3), ENTER]).read("> ") == "h"
    assert silent.calls == ["stop_speech", "no_speech"]
    assert silent.out.getvalue() == "> h\n> h\n"


def test_the_end_of_input_ends_an_empty_line_only() -> None:
    end = Key(KeyName.END_OF_INPUT)
    player = Player()
    reader = player.reader([*typed("x"), end, ENTER, end])
    assert reader.read("> ") == "x"
    with pytest.raises(EOFError):
        reader.read("> ")
    assert player.out.getvalue() == "> x\n> \n"


def test_ctrl_c_as_a_key_is_a_keyboard_interrupt() -> None:
    player = Player()
    with pytest.raises(KeyboardInterrupt):
        player.reader([*typed("pl"), Key(KeyName.INTERRUPT)]).read("> ")
    assert player.out.getvalue() == "> pl\n"


def test_another_thread_ends_a_key_read_that_waits() -> None:
    """A braille routing line or a lost connection must not wait for the player's next key."""
    player = Player()
    reader = player.reader(typed("pl"))
    assert reader.interrupt(Stop("too early")) is False
    answers: list[bool] = []
    timer = threading.Timer(0.1, lambda: answers.append(reader.interrupt(Stop("a routed line"))))
    timer.start()
    try:
        with pytest.raises(Stop, match="a routed line"):
            reader.read("> ")
    finally:
        timer.cancel()
    assert answers == [True]
    assert reader.interrupt(Stop("after")) is False
    assert player.out.getvalue() == "> pl\n"


def test_the_key_reader_never_writes_an_escape_sequence() -> None:
    """Screen readers and braille read what is written: only text, newlines and backspaces."""
    player = Player(["play", "pass", "draw"], speaking=False)
    keys = [
        *typed("p"),
        TAB,
        Key(KeyName.ESCAPE),
        *typed("dr"),
        TAB,
        Key(KeyName.F2),
        Key(KeyName.F3),
        Key(KeyName.OTHER),
        BACKSPACE,
        ENTER,
        UP,
        DOWN,
        UP,
        Key(KeyName.ESCAPE),
        ENTER,
    ]
    reader = player.reader(keys)
    assert reader.read("> ") == "draw"
    assert reader.read("> ") == ""
    written = player.out.getvalue()
    assert "\x1b" not in written
    assert {char for char in written if not char.isprintable()} <= {"\n", "\b"}


class FakeConsoleInput:
    """The console's input records, from a list of (virtual key, character, pressed)."""

    def __init__(self, records: Iterable[tuple[int, str, bool]]) -> None:
        self.records = [KeyRecord(down, key, char) for key, char, down in records]

    def wait(self, timeout: float) -> bool:
        return bool(self.records)

    def read(self) -> KeyRecord | None:
        return self.records.pop(0)


def test_the_windows_console_keys_are_named_by_their_virtual_key() -> None:
    """F2, F3 and the arrows by their key codes; a key let go and Shift alone are no key; Ctrl-Z is the
    end of input there; what Wine's console gives for Enter ("\\n") is Enter too."""
    records = [(0x10, "", True), (0xDC, "ü", True), (0xDC, "ü", False), (0x10, "", False)]
    records += [(0x71, "", True), (0x72, "", True), (0x26, "", True), (0x28, "", True), (0x2E, "", True)]
    records += [(0x0D, "\r", True), (0x0D, "\n", True), (0x08, "\x08", True), (0x09, "\t", True)]
    records += [(0x1B, "\x1b", True), (0x5A, "\x1a", True), (0x43, "\x03", True), (0x47, "\x07", True)]
    records += [(0x12, "", True), (0x51, "@", True)]  # AltGr+Q: Alt held, a character typed
    keys = ConsoleKeys(FakeConsoleInput(records))
    got = [keys.key(0.01) for _ in range(16)]
    assert got == [
        Key(KeyName.CHAR, "ü"),
        Key(KeyName.F2),
        Key(KeyName.F3),
        Key(KeyName.UP),
        Key(KeyName.DOWN),
        Key(KeyName.OTHER),
        Key(KeyName.ENTER),
        Key(KeyName.ENTER),
        Key(KeyName.BACKSPACE),
        Key(KeyName.TAB),
        Key(KeyName.ESCAPE),
        Key(KeyName.END_OF_INPUT),
        Key(KeyName.INTERRUPT),
        Key(KeyName.OTHER),
        Key(KeyName.CHAR, "@"),
        None,  # nobody typed within the time
    ]


def test_a_console_that_cannot_be_read_is_the_end_of_input() -> None:
    class Gone(FakeConsoleInput):
        def read(self) -> KeyRecord | None:
            raise OSError(6, "the handle is invalid")

    assert ConsoleKeys(Gone([(0x41, "a", True)])).key(0.01) == Key(KeyName.END_OF_INPUT)


def test_console_keys_are_unavailable_without_a_windows_console(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(ctypes, "WinDLL", raising=False)
    with pytest.raises(ImportError):
        ConsoleKeys()
    assert key_reader.KEY_POLL <= 0.1  # a read looks for an interruption at least ten times a second


# ------------------------------------------------------------------ 9. replacing a file Windows holds open


def sharing_violation(winerror: int | None = 32) -> PermissionError:
    error = PermissionError(13, "The process cannot access the file because it is being used")
    if winerror is not None:
        error.winerror = winerror  # type: ignore[attr-defined]
    return error


def flaky_replace(failures: list[PermissionError], calls: list[tuple[str, str]]) -> Callable[..., None]:
    real = os.replace

    def replace(source: str | Path, target: str | Path) -> None:
        calls.append((str(source), str(target)))
        if failures:
            raise failures.pop(0)
        real(source, target)

    return replace


@pytest.fixture
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage, "SHARING_RETRIES", (0.001, 0.001, 0.001))


def test_a_file_in_use_is_replaced_once_windows_lets_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick_retries: None
) -> None:
    source, target = tmp_path / "new.tmp", tmp_path / "match.txt"
    source.write_text("new", encoding="utf-8")
    target.write_text("old", encoding="utf-8")
    calls: list[tuple[str, str]] = []
    failures = [sharing_violation(32), sharing_violation(5)]
    monkeypatch.setattr("bergen_access.session.storage.os.replace", flaky_replace(failures, calls))
    storage._replace(source, target)
    assert len(calls) == 3
    assert target.read_text(encoding="utf-8") == "new" and not source.exists()


def test_a_permission_error_that_is_not_windows_sharing_raises_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick_retries: None
) -> None:
    """A read-only folder on Linux is not "in use": waiting would only delay the notice."""
    for error in (sharing_violation(None), sharing_violation(1)):
        calls: list[tuple[str, str]] = []
        monkeypatch.setattr("bergen_access.session.storage.os.replace", flaky_replace([error], calls))
        with pytest.raises(PermissionError) as raised:
            storage._replace(tmp_path / "a", tmp_path / "b")
        assert raised.value is error
        assert len(calls) == 1


def test_a_file_held_open_too_long_raises_after_the_retries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick_retries: None
) -> None:
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr(
        "bergen_access.session.storage.os.replace",
        flaky_replace([sharing_violation() for _ in range(10)], calls),
    )
    with pytest.raises(PermissionError):
        storage._replace(tmp_path / "a", tmp_path / "b")
    assert len(calls) == len(storage.SHARING_RETRIES) + 1


def test_an_atomic_write_waits_for_a_file_in_use_and_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick_retries: None
) -> None:
    path = tmp_path / "match.txt"
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr(
        "bergen_access.session.storage.os.replace", flaky_replace([sharing_violation()], calls)
    )
    storage.write_atomic(path, "Jürgen 3-5\n")
    assert path.read_text(encoding="utf-8") == "Jürgen 3-5\n"
    monkeypatch.setattr(
        "bergen_access.session.storage.os.replace",
        flaky_replace([sharing_violation() for _ in range(10)], calls),
    )
    with pytest.raises(PermissionError):
        storage.write_atomic(path, "lost\n")
    assert path.read_text(encoding="utf-8") == "Jürgen 3-5\n"
    assert [child.name for child in tmp_path.iterdir()] == ["match.txt"]


# ------------------------------------------------------------------ 10. the server stops on signals


class FakeLoop:
    """An event loop's two signal calls; ``handlers`` False is Windows (no loop signal handlers)."""

    def __init__(self, *, handlers: bool) -> None:
        self.handlers = handlers
        self.added: list[tuple[int, object]] = []
        self.soon: list[object] = []

    def add_signal_handler(self, number: int, callback: object) -> None:
        if not self.handlers:
            raise NotImplementedError
        self.added.append((number, callback))

    def call_soon_threadsafe(self, callback: Callable[[], object]) -> None:
        self.soon.append(callback)
        callback()


def test_without_loop_signal_handlers_plain_handlers_wake_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows: Ctrl-C (and TERM, Ctrl-Break) must set ``stop`` through the loop, not raise in it."""
    installed: dict[int, Callable[[int, object], object]] = {}
    monkeypatch.setattr("bergen_access.serve.signal.signal", installed.setdefault)
    loop, stop = FakeLoop(handlers=False), asyncio.Event()
    net_run._stop_on_signals(cast(asyncio.AbstractEventLoop, loop), stop)
    wanted = {getattr(signal, name) for name in net_run.STOP_SIGNALS if hasattr(signal, name)}
    assert set(installed) == wanted
    assert {signal.SIGINT, signal.SIGTERM} <= set(installed)
    assert not stop.is_set()
    installed[signal.SIGINT](signal.SIGINT, None)
    assert loop.soon == [stop.set]
    assert stop.is_set()


def test_without_loop_signal_handlers_a_full_wakeup_socket_is_not_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The loop's wakeup socket stays, without the warning Windows printed at Ctrl-C when it was full."""
    wakeups: list[tuple[int, bool]] = [(7, True)]

    def set_wakeup_fd(fd: int, *, warn_on_full_buffer: bool = True) -> int:
        before = wakeups[-1][0]
        wakeups.append((fd, warn_on_full_buffer))
        return before

    monkeypatch.setattr("bergen_access.serve.signal.signal", lambda number, handler: None)
    monkeypatch.setattr("bergen_access.serve.signal.set_wakeup_fd", set_wakeup_fd)
    net_run._stop_on_signals(cast(asyncio.AbstractEventLoop, FakeLoop(handlers=False)), asyncio.Event())
    assert wakeups[-1] == (7, False)
    wakeups[:] = [(7, True)]
    net_run._stop_on_signals(cast(asyncio.AbstractEventLoop, FakeLoop(handlers=True)), asyncio.Event())
    assert wakeups == [(7, True)]  # the loop's own handlers: nothing to change


def test_loop_signal_handlers_are_used_where_there_are_some(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(number: int, handler: object) -> NoReturn:
        raise AssertionError("signal.signal was called although the loop takes signals")

    monkeypatch.setattr("bergen_access.serve.signal.signal", never)
    loop, stop = FakeLoop(handlers=True), asyncio.Event()
    net_run._stop_on_signals(cast(asyncio.AbstractEventLoop, loop), stop)
    assert (signal.SIGINT, stop.set) in loop.added
    assert (signal.SIGTERM, stop.set) in loop.added


# ------------------------------------------------------------------ 11. keepalive on each system


class RecordingSocket:
    def __init__(self, refused: Iterable[int] = ()) -> None:
        self.options: list[tuple[int, int, int]] = []
        self.refused = set(refused)

    def setsockopt(self, level: int, option: int, value: int) -> None:
        if option in self.refused:
            raise OSError(22, "Invalid argument")
        self.options.append((level, option, value))


class FakeWriter:
    def __init__(self, sock: RecordingSocket | None) -> None:
        self.sock = sock

    def get_extra_info(self, name: str) -> object:
        return self.sock if name == "socket" else None


#: macOS's numbers for its three keepalive options
MAC_TCP_KEEPALIVE, MAC_TCP_KEEPINTVL, MAC_TCP_KEEPCNT = 0x10, 0x101, 0x102


def test_keepalive_on_macos_uses_its_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """macOS has TCP_KEEPALIVE for the idle time, and neither TCP_KEEPIDLE nor TCP_USER_TIMEOUT."""
    monkeypatch.delattr(socket, "TCP_KEEPIDLE", raising=False)
    monkeypatch.delattr(socket, "TCP_USER_TIMEOUT", raising=False)
    monkeypatch.setattr(socket, "TCP_KEEPALIVE", MAC_TCP_KEEPALIVE, raising=False)
    monkeypatch.setattr(socket, "TCP_KEEPINTVL", MAC_TCP_KEEPINTVL, raising=False)
    monkeypatch.setattr(socket, "TCP_KEEPCNT", MAC_TCP_KEEPCNT, raising=False)
    sock = RecordingSocket()
    net_connections.keepalive(cast(asyncio.StreamWriter, FakeWriter(sock)))
    tcp = socket.IPPROTO_TCP
    assert sock.options == [
        (socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1),
        (tcp, MAC_TCP_KEEPALIVE, 20),
        (tcp, MAC_TCP_KEEPINTVL, 10),
        (tcp, MAC_TCP_KEEPCNT, 3),
    ]


def test_keepalive_without_any_tcp_option_only_turns_keepalive_on(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("TCP_KEEPIDLE", "TCP_KEEPALIVE", "TCP_KEEPINTVL", "TCP_KEEPCNT", "TCP_USER_TIMEOUT"):
        monkeypatch.delattr(socket, name, raising=False)
    sock = RecordingSocket()
    net_connections.keepalive(cast(asyncio.StreamWriter, FakeWriter(sock)))
    assert sock.options == [(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)]
    net_connections.keepalive(cast(asyncio.StreamWriter, FakeWriter(None)))  # no socket: nothing to do


def test_keepalive_goes_on_when_the_system_refuses_one_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """An older Windows refusing TCP_KEEPCNT must not leave the others unset (or raise)."""
    monkeypatch.setattr(socket, "TCP_KEEPIDLE", 3, raising=False)
    monkeypatch.setattr(socket, "TCP_KEEPINTVL", 17, raising=False)
    monkeypatch.setattr(socket, "TCP_KEEPCNT", 16, raising=False)
    monkeypatch.delattr(socket, "TCP_KEEPALIVE", raising=False)
    monkeypatch.delattr(socket, "TCP_USER_TIMEOUT", raising=False)
    sock = RecordingSocket(refused=[16])
    net_connections.keepalive(cast(asyncio.StreamWriter, FakeWriter(sock)))
    assert [option for _, option, _ in sock.options] == [socket.SO_KEEPALIVE, 3, 17]


# ------------------------------------------------------------------ 12. sound files that do not decode


def test_sound_files_that_do_not_decode_are_a_sound_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A damaged install must be one notice (SoundUnavailableError), never miniaudio's DecodeError."""
    miniaudio = pytest.importorskip("miniaudio")
    garbage = tmp_path / "cue.wav"
    garbage.write_bytes(b"\x00\x13not a sound at all\xff" * 64)
    monkeypatch.setattr(sounds, "sound_path", lambda cue: garbage)
    with pytest.raises(SoundUnavailableError) as raised:
        sounds.MiniaudioPlayer()
    assert type(raised.value) is SoundUnavailableError
    assert not isinstance(raised.value, miniaudio.DecodeError)
    assert str(raised.value)
    monkeypatch.setattr(sounds, "sound_path", lambda cue: tmp_path / "missing.wav")
    with pytest.raises(SoundUnavailableError, match=r"missing\.wav|No such file"):
        sounds.MiniaudioPlayer()


# ------------------------------------------------------------------ 13. BrlAPI without AF_UNIX or poll


def test_a_local_brlapi_host_without_af_unix_says_how_to_connect_over_tcp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(socket, "AF_UNIX", raising=False)
    with pytest.raises(BrlapiError) as raised:
        brlapi._open_socket(":5", 0.1, [tmp_path])
    assert "BRLAPI_HOST=127.0.0.1:0" in str(raised.value)
    assert ":5" in str(raised.value)


def test_a_tcp_brlapi_host_works_without_af_unix(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows reaches BRLTTY over TCP: port 4101 + N for host:N."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        if port < brlapi.TCP_BASE_PORT:
            pytest.skip("the system gave a port below BrlAPI's base")
        monkeypatch.delattr(socket, "AF_UNIX", raising=False)
        sock = brlapi._open_socket(f"127.0.0.1:{port - brlapi.TCP_BASE_PORT}", 1.0, [])
        with sock:
            assert sock.getpeername() == ("127.0.0.1", port)


def test_readable_works_through_select_where_there_is_no_poll(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(select, "poll", raising=False)
    ours, theirs = socket.socketpair()
    with ours, theirs:
        assert brlapi._readable(ours, 0.05) is False
        theirs.sendall(b"x")
        assert brlapi._readable(ours, 1.0) is True
        assert brlapi._readable(ours, None) is True
    with pytest.raises(BrlapiError):  # a closed connection says so instead of select's ValueError
        brlapi._readable(ours, 0)


# ------------------------------------------------------------------ 14. the news in words


def news_of(kind: NewsKind) -> ChannelNews:
    name = {NewsKind.FELL_BACK: "voice", NewsKind.SCRIPTING_OFF: "say"}.get(kind, "JAWS")
    return ChannelNews(ChannelKind.SPEECH, kind, name=name, language="tr", detail="NVDA is not running")


@pytest.mark.parametrize("language", ["de", "tr", "en"])
@pytest.mark.parametrize("kind", list(NewsKind))
def test_every_news_is_a_translated_sentence_on_every_system(language: str, kind: NewsKind) -> None:
    for system in System:
        told = notices.channel_news(I18n(language), news_of(kind), system)
        assert told is not None
        assert told.text.strip() and told.speech == told.text and told.urgent
        assert "{" not in told.text and "}" not in told.text
        english = notices.channel_news(I18n("en"), news_of(kind), system)
        assert english is not None
        if language != "en":
            assert told.text != english.text


@pytest.mark.parametrize("channel", [ChannelKind.BRAILLE, ChannelKind.SOUNDS])
def test_a_stopped_display_or_sound_is_told_in_its_own_words(channel: ChannelKind) -> None:
    speech_stopped = notices.channel_news(I18n("de"), news_of(NewsKind.STOPPED), System.LINUX)
    told = notices.channel_news(
        I18n("de"), ChannelNews(channel, NewsKind.STOPPED, detail="gone"), System.LINUX
    )
    assert told is not None and speech_stopped is not None
    assert told.text.strip() and told.text != speech_stopped.text


@pytest.mark.parametrize("language", ["de", "tr", "en"])
def test_falling_back_on_windows_says_how_narrator_users_turn_the_voice_off(language: str) -> None:
    """Narrator takes nothing from programs: the hint names the command in the player's own words."""
    i = I18n(language)
    lexicon = Lexicon(i)
    word, off = lexicon.main_word(CommandKind.SPEECH), i.pgettext("speech mode", "off")
    assert lexicon.command(word) is CommandKind.SPEECH and lexicon.speech_mode(off) == "off"
    windows = notices.channel_news(i, news_of(NewsKind.FELL_BACK), System.WINDOWS)
    linux = notices.channel_news(i, news_of(NewsKind.FELL_BACK), System.LINUX)
    assert windows is not None and linux is not None
    assert f"{word} {off}" in windows.text and "Narrator" in windows.text
    assert windows.text.startswith(linux.text) and len(windows.text) > len(linux.text)
    assert f"{word} {off}" not in linux.text and "Narrator" not in linux.text
    assert i.gettext("the game's own voice") in linux.text


@pytest.mark.parametrize("language", ["de", "tr", "en"])
def test_a_missing_voice_says_where_voices_are_added_on_windows_and_macos(language: str) -> None:
    i = I18n(language)
    told = {
        system: notices.channel_news(i, news_of(NewsKind.NO_VOICE), system)
        for system in (System.WINDOWS, System.MACOS, System.LINUX)
    }
    texts = {system: message.text for system, message in told.items() if message is not None}
    windows_hint = i.gettext("Voices are added in Windows Settings, Time and language, Speech.")
    mac_hint = i.gettext("Voices are added in System Settings, Accessibility, Spoken Content, System voice.")
    assert windows_hint in texts[System.WINDOWS] and mac_hint not in texts[System.WINDOWS]
    assert mac_hint in texts[System.MACOS] and windows_hint not in texts[System.MACOS]
    assert windows_hint not in texts[System.LINUX] and mac_hint not in texts[System.LINUX]
    assert texts[System.WINDOWS].startswith(texts[System.LINUX])
    assert notices.language_name(i, "tr") in texts[System.LINUX]


# ------------------------------------------------------------------ 15. the announcer and its channels


class RecordingChannel:
    """A channel that keeps what it is given; ``stops`` gives one STOPPED news after the first message."""

    def __init__(self, *, stops: bool = False) -> None:
        self.delivered: list[tuple[Message, str]] = []
        self.closed = 0
        self._news = [ChannelNews(ChannelKind.SPEECH, NewsKind.STOPPED, detail="the audio device is gone")]
        self.stops = stops

    def deliver(self, message: Message, language: str) -> None:
        self.delivered.append((message, language))

    def take_news(self) -> list[ChannelNews]:
        if not self.stops:
            return []
        news, self._news = self._news, []
        return news

    def close(self) -> None:
        self.closed += 1


def test_a_channel_that_stops_is_dropped_closed_and_told_once() -> None:
    out = io.StringIO()
    announcer = Announcer(out, language="en")
    announcer.describe = lambda news: notices.channel_news(I18n("en"), news, System.LINUX)
    channel = RecordingChannel(stops=True)
    announcer.channels[ChannelKind.SPEECH] = channel
    first = Message("Your turn.", "Your turn.", "Your turn.")
    announcer.announce(first)
    expected = notices.channel_news(
        I18n("en"), ChannelNews(ChannelKind.SPEECH, NewsKind.STOPPED, detail="the audio device is gone")
    )
    assert expected is not None
    assert ChannelKind.SPEECH not in announcer.channels
    assert channel.closed == 1
    assert out.getvalue() == f"Your turn.\n{expected.text}\n"
    announcer.announce(Message("Anna plays.", "Anna plays.", "Anna plays."))
    assert out.getvalue().count(expected.text) == 1
    assert channel.delivered == [(first, "en")]


def test_every_channel_gets_every_message_in_the_current_language() -> None:
    announcer = Announcer(io.StringIO(), language="en")
    speech_channel, sound_channel = RecordingChannel(), RecordingChannel()
    announcer.channels[ChannelKind.SPEECH] = speech_channel
    announcer.channels[ChannelKind.SOUNDS] = sound_channel
    announcer.announce(Message("one", "one", "one"))
    announcer.language = "de"
    announcer.announce(Message("zwei\x1b[2J", "zwei\x1b[2J", "zwei"))
    for channel in (speech_channel, sound_channel):
        assert [
            (message.text.startswith(("one", "zwei")), language) for message, language in channel.delivered
        ] == [
            (True, "en"),
            (True, "de"),
        ]
        assert all("\x1b" not in message.speech + message.text for message, _ in channel.delivered)


def test_closing_the_announcer_lets_the_speaker_finish_and_closes_the_rest() -> None:
    backend = FakeBackend()
    speaker = Speaker("auto", opener_of(backend))
    announcer = Announcer(io.StringIO(), language="en", speaker=speaker)
    sound_channel = RecordingChannel()
    announcer.channels[ChannelKind.SOUNDS] = sound_channel
    announcer.close()
    assert backend.calls == [("finish",)]
    assert sound_channel.closed == 1
    assert announcer.channels == {}


# ------------------------------------------------------------------ 16. the single-file program's worker


def test_the_voice_worker_flag_hands_over_before_anything_else(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's streams are its protocol: nothing may reconfigure them or read settings first."""

    def too_soon(*args: object) -> NoReturn:
        raise AssertionError("cli.main did something before handing over to the voice worker")

    monkeypatch.setattr(cli, "prepare_streams", too_soon)
    monkeypatch.setattr("bergen_access.cli.paths.config_dir", too_soon)
    monkeypatch.setattr(voice_worker, "main", lambda: 7)
    assert cli.main([voice_worker.VOICE_WORKER_FLAG]) == 7


# ------------------------------------------------------------------ a finding


def test_the_screen_readers_language_news_is_told_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """JAWS and VoiceOver read every language with their own voice: said once per other language."""
    monkeypatch.setattr(speech_engine, "platform_language", lambda system=None: "en_US")
    engine = speech_engine.Engine()
    for _ in range(3):
        engine.tell_no_language("tr")
    engine.tell_no_language("en")
    assert engine.take_news() == [ChannelNews(ChannelKind.SPEECH, NewsKind.NO_LANGUAGE, "speech", "tr")]
    engine.tell_no_language("tr")
    assert engine.take_news() == []


def test_the_system_language_is_asked_once_not_for_every_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[System | None] = []

    def system_language(system: System | None = None) -> str:
        asked.append(system)
        return "en"

    monkeypatch.setattr(speech_engine, "platform_language", system_language)
    engine = speech_engine.Engine()
    for _ in range(5):
        engine.tell_no_language("de")
        engine.tell_no_language("en")
    assert len(asked) <= 1
