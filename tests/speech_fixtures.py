"""Real speech stacks for tests: a private Speech Dispatcher that writes down what it is asked to say."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from .capabilities import kill_now

REQUIRED = os.environ.get("BERGEN_REQUIRE_SPEECH") == "1"  # CI sets it: missing tools fail, never skip


def need(tool: str) -> str:
    """The path of a tool, or skip (fail in CI) when it is missing."""
    path = shutil.which(tool)
    if path is None:
        message = f"{tool} is not installed"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    return path


@dataclass
class SpeechServer:
    """A running private speech-dispatcher."""

    socket: Path
    capture: Path
    log: Path
    conf: Path

    @property
    def address(self) -> str:
        return f"unix_socket:{self.socket}"

    def spoken(self) -> list[tuple[str, str]]:
        """(language, text) of everything synthesized so far."""
        if not self.capture.exists():
            return []
        lines = self.capture.read_text(encoding="utf-8", errors="replace").splitlines()
        return [(line.split("|", 2)[0], line.split("|", 2)[2]) for line in lines if line.count("|") >= 2]

    def log_text(self) -> str:
        return "".join(p.read_text(errors="replace") for p in self.log.glob("*.log"))

    def stop(self) -> None:
        """Kill the daemon and its output module (found by their private configuration path)."""
        marker = str(self.conf).encode()
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if marker in (entry / "cmdline").read_bytes():
                    kill_now(int(entry.name))
            except (OSError, ProcessLookupError):
                continue


def start_speech_server(base: Path) -> SpeechServer:
    binary = need("speech-dispatcher")
    conf = base / "conf"
    shutil.copytree("/etc/speech-dispatcher", conf)
    capture = base / "capture.txt"
    log = base / "log"
    log.mkdir()
    with (conf / "speechd.conf").open("a") as stream:
        stream.write(
            'LogLevel 5\nAudioOutputMethod "alsa"\nAudioALSADevice "null"\n'
            'AddModule "capture" "sd_generic" "capture.conf"\nDefaultModule capture\n'
        )
    printf = r"""printf '%s|%s|%s\\n' \'$LANGUAGE\' \'$VOICE\' \'$DATA\'"""
    command = f'GenericExecuteSynth "{printf} >> {capture}"\n'
    voices = "".join(
        f'GenericLanguage "{code}" "{code}" "utf-8"\nAddVoice "{code}" "MALE1" "{code}"\n'
        for code in ("de", "tr", "en")
    )
    (conf / "modules" / "capture.conf").write_text(command + voices)
    sock = base / "speechd.sock"
    pidfile = base / "speechd.pid"
    subprocess.run(
        [
            binary,
            "-d",
            "-l",
            "5",
            "-L",
            str(log),
            "-C",
            str(conf),
            "-c",
            "unix_socket",
            "-S",
            str(sock),
            "-t",
            "0",
            "-P",
            str(pidfile),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:  # the daemon writes its pid file while starting: it may vanish between two looks
            if sock.exists() and pidfile.read_text().strip():
                break
        except FileNotFoundError:
            pass
        time.sleep(0.05)
    else:
        pytest.fail("speech-dispatcher did not start")
    return SpeechServer(sock, capture, log, conf)
