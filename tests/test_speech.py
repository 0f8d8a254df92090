"""Speech for real: a private Speech Dispatcher hears the game; espeak-ng writes real audio."""

from __future__ import annotations

import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bergen_access.core import tile
from bergen_access.core.rules import Rules
from bergen_access.i18n import I18n
from bergen_access.output.speech import Speaker
from bergen_access.output.ssip import SsipClient
from bergen_access.present.words import Words

from .capabilities import needs_linux
from .drivers import PipeSession, environment
from .speech_fixtures import SpeechServer, need, start_speech_server

pytestmark = needs_linux  # Speech Dispatcher, espeak-ng, aplay; Windows speaks with NVDA, JAWS, SAPI5


@pytest.fixture
def server(tmp_path: Path) -> Iterator[SpeechServer]:
    running = start_speech_server(tmp_path / "spd")
    yield running
    running.stop()


def wait_for(condition: object, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def test_ssip_client_speaks_in_the_given_language_and_cancels(server: SpeechServer) -> None:
    client = SsipClient(server.socket)
    client.speak("Du legst 3 5 links.", "de")
    client.speak("Sen: çift başlık, 2 puan.", "tr")
    assert wait_for(lambda: len(server.spoken()) >= 2)
    assert ("de", "Du legst 3 5 links.") in server.spoken()
    assert ("tr", "Sen: çift başlık, 2 puan.") in server.spoken()
    client.cancel()
    client.close()
    assert "CANCEL self" in server.log_text()


@pytest.mark.parametrize("language", ["de", "tr", "en"])
def test_the_game_speaks_through_speech_dispatcher_and_interrupts(
    tmp_path: Path, server: SpeechServer, language: str
) -> None:
    env = environment(tmp_path, TERM="dumb", SPEECHD_ADDRESS=server.address)
    args = ["--seed", "4", "--sounds", "off", "--speech", "screenreader", "--lang", language]
    session = PipeSession(args, tmp_path, env)
    assert session.read_to_prompt() is not None
    # the hand announcement reaches the server before the first reply may interrupt it (a reply typed
    # at once would rightly drop what is still queued)
    opening = I18n(language).gettext("Hand {number}. Your tiles: {tiles}.").split("{")[0].strip()
    assert wait_for(lambda: f"DATA:|{opening}" in server.log_text(), 15), opening
    for command in ("hand", "ends", "score"):
        session.type(command)
        assert session.read_to_prompt() is not None
    session.type("quit")
    assert session.finish() == 0
    assert wait_for(lambda: any(lang == language for lang, _ in server.spoken()), 15)
    spoken = server.spoken()
    assert all(lang == language for lang, _ in spoken)
    # the words are the language's own: the hand announcement as the catalog has it was sent (it may
    # have been cut short by the next reply, so look at what was sent, not spoken)
    sent = [line.split("DATA:|", 1)[1] for line in server.log_text().splitlines() if "DATA:|" in line]
    assert not any(re.search(r"\d-\d", text) for text in sent)  # no tile is ever "3 minus 5"
    # the replies to the player's commands interrupted what was still being said
    assert server.log_text().count("CANCEL self") >= 1
    assert "Speech is not available" not in session.transcript


def test_a_dead_speech_server_degrades_to_text_with_one_notice(tmp_path: Path, server: SpeechServer) -> None:
    env = environment(tmp_path, TERM="dumb", SPEECHD_ADDRESS=server.address)
    session = PipeSession(["--seed", "4", "--sounds", "off", "--speech", "screenreader"], tmp_path, env)
    assert session.read_to_prompt() is not None
    server.stop()
    for command in ("hand", "ends", "line", "score", "count"):
        session.type(command)
        assert session.read_to_prompt() is not None
        time.sleep(0.3)  # a person types slower than this; speech fails in its own thread meanwhile
    session.type("quit")
    assert session.finish() == 0
    assert session.transcript.count("Speech is not available") == 1
    assert "Traceback" not in session.transcript


def test_no_speech_server_the_game_voice_speaks_and_says_so(tmp_path: Path) -> None:
    need("espeak-ng")
    need("aplay")
    env = environment(tmp_path, TERM="dumb", SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'none.sock'}")
    session = PipeSession(["--seed", "4", "--sounds", "off", "--speech", "screenreader"], tmp_path, env)
    assert session.read_to_prompt() is not None
    session.type("hand")
    assert session.read_to_prompt() is not None
    session.type("quit")
    assert session.finish() == 0
    told = "No screen reader answered ("
    assert session.transcript.count(told) == 1, session.transcript
    assert "the game's own voice speaks instead." in session.transcript
    assert "Speech is not available" not in session.transcript


def test_no_speech_server_and_no_voice_degrades_to_text(tmp_path: Path) -> None:
    bare = tmp_path / "bin"  # no aplay on the PATH: the game's own voice cannot play either
    bare.mkdir()
    env = environment(
        tmp_path, TERM="dumb", SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'none.sock'}", PATH=str(bare)
    )
    session = PipeSession(["--seed", "4", "--sounds", "off", "--speech", "screenreader"], tmp_path, env)
    assert session.read_to_prompt() is not None
    session.type("hand")
    assert session.read_to_prompt() is not None
    session.type("quit")
    assert session.finish() == 0
    assert session.transcript.count("Speech is not available") == 1
    assert "aplay" in session.transcript  # why, in the notice


def _sox_stats(path: Path) -> tuple[float, float]:
    """Length in seconds and RMS amplitude of a sound file, measured by sox."""
    command = [need("sox"), str(path), "-n", "stat"]
    result = subprocess.run(command, capture_output=True, text=True, encoding="utf-8", check=True)
    pairs = (line.partition(":") for line in result.stderr.splitlines())
    stats = {key.strip(): value.strip() for key, _, value in pairs}
    return float(stats["Length (seconds)"]), float(stats["RMS     amplitude"])


@pytest.mark.parametrize("language", ["en", "de", "tr"])
def test_espeak_voice_writes_real_audio_of_a_spoken_tile(tmp_path: Path, language: str) -> None:
    need("espeak-ng")
    pyttsx3 = pytest.importorskip("pyttsx3")
    words = Words(I18n(language), Rules(), ["You", "Anna"], 0)
    spoken = words.tile(tile(3, 5), speech=True) + ". " + words.tile(tile(4, 4), speech=True)
    engine = pyttsx3.init()
    engine.setProperty("voice", language)
    target = tmp_path / f"tile-{language}.wav"
    engine.save_to_file(spoken, str(target))
    engine.runAndWait()
    length, rms = _sox_stats(target)
    assert 0.5 < length < 6.0, (spoken, length)
    assert rms > 0.01, (spoken, rms)


def test_the_game_voice_process_plays_real_audio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    need("espeak-ng")
    need("aplay")
    pytest.importorskip("pyttsx3")
    capture = tmp_path / "played.wav"
    home = tmp_path / "home"
    home.mkdir()
    # ALSA's file plugin writes what aplay plays into a WAV file: no sound card needed.
    pcm = f'pcm.!default {{ type file; slave.pcm "null"; file "{capture}"; format "wav" }}\n'
    (home / ".asoundrc").write_text(pcm)
    monkeypatch.setenv("HOME", str(home))
    speaker = Speaker("voice")
    assert speaker.wait_ready(10), speaker.failure
    speaker.say("Anna plays 3 5 on the left.", "en")
    assert wait_for(lambda: capture.exists() and capture.stat().st_size > 20000, 15)
    speaker.close()
    length, rms = _sox_stats(capture)
    assert length > 0.5 and rms > 0.01
