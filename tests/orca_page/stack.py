"""The desktop a screen reader needs, private to one run: a virtual display (Xvfb), a session bus of
its own with the accessibility bus on it, a Speech Dispatcher whose only synthesizer appends every
utterance to a file, and Orca. Everything lives in one scratch folder and is stopped in reverse order.

One Orca per user at a time: a lock file in the user's temporary folder is held for the whole run.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # Windows: no Xvfb nor Orca there either (missing_tools says so)
    fcntl = None  # type: ignore[assignment]

#: the programs the stack starts (and Chromium, which Playwright starts on the same display)
TOOLS = {
    "Xvfb": "Xvfb",
    "dbus-daemon": "dbus-daemon",
    "at-spi-bus-launcher": "/usr/libexec/at-spi-bus-launcher",
    "speech-dispatcher": "speech-dispatcher",
    "orca": "orca",
    "dbus-send": "dbus-send",
}
LANGUAGES = ("en", "de", "tr")
#: one Orca per user at a time (the stack runs on Linux only; the name still imports elsewhere)
USER = os.getuid() if hasattr(os, "getuid") else "user"
LOCK = Path(os.environ.get("TMPDIR", "/tmp")) / f"bergen-orca-{USER}.lock"


def missing_tools() -> list[str]:
    """The programs of the stack this machine lacks."""
    missing = [name for name, path in TOOLS.items() if shutil.which(path) is None]
    return missing if fcntl is not None else ["a POSIX system", *missing]


@dataclass(frozen=True)
class Utterance:
    """One text Speech Dispatcher was given to speak: when, in which language, what."""

    at: float
    language: str
    text: str


def speech_config(folder: Path, log: Path) -> None:
    """A Speech Dispatcher configuration whose one synthesizer writes each utterance to ``log``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "modules").mkdir(exist_ok=True)
    # the whole text in one utterance: no splitting at punctuation (what the reader sent is what is logged)
    languages = "".join(f'GenericLanguage "{code}" "{code}" "utf-8"\n' for code in LANGUAGES)
    voices = "".join(f'AddVoice "{code}" "MALE1" "{code}"\n' for code in LANGUAGES)
    (folder / "modules" / "logger.conf").write_text(
        "Debug 0\n"
        'GenericExecuteSynth "printf '
        f"'%s\\\\t%s\\\\t%s\\\\n' \\\"$(date +%s.%N)\\\" '$LANGUAGE' '$DATA' >> {log}\"\n"
        'GenericDelimiters ""\n'
        "GenericMaxChunkLength 100000\n" + languages + voices,
        encoding="utf-8",
    )
    defaults = "".join(f'LanguageDefaultModule "{code}" "logger"\n' for code in LANGUAGES)
    (folder / "speechd.conf").write_text(
        'AddModule "logger" "sd_generic" "logger.conf"\n'
        "DefaultModule logger\n"
        'DefaultLanguage "en"\n' + defaults + 'AudioOutputMethod "libao"\n',
        encoding="utf-8",
    )


def read_speech(log: Path) -> list[Utterance]:
    """The utterances logged so far (a line per utterance; one spoken text may hold no newline)."""
    if not log.exists():
        return []
    spoken = []
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        stamp, _, rest = line.partition("\t")
        language, _, text = rest.partition("\t")
        try:
            at = float(stamp)
        except ValueError:
            continue
        spoken.append(Utterance(at, language, text))
    return spoken


#: Orca's preferences: speech through Speech Dispatcher, nothing echoed, no sounds; the rest its defaults
ORCA_SETTINGS = """{
  "general": {"speechServerFactory": "orca.speechdispatcherfactory", "enableSpeech": true,
              "enableKeyEcho": false, "enableEchoByCharacter": false, "enableEchoByWord": false,
              "enableEchoBySentence": false, "enableTutorialMessages": false, "enableBraille": false,
              "enableSound": false, "playSoundForRole": false, "onlySpeakDisplayedText": false,
              "firstStart": false},
  "keybindings": {}, "pronunciations": {}, "profiles": {"default": {"profile": ["Default", "default"]}}
}
"""


@dataclass
class Stack:
    """The running desktop; ``env`` is what a program on it (Chromium) needs."""

    folder: Path
    env: dict[str, str] = field(default_factory=dict)
    display: str = ""
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)
    lock: IO[str] | None = None

    @property
    def speech_log(self) -> Path:
        return self.folder / "speech.log"

    @property
    def orca_log(self) -> Path:
        return self.folder / "orca-debug.log"

    def spoken(self) -> list[Utterance]:
        return read_speech(self.speech_log)

    def _start(self, argv: list[str], name: str, **kwargs: object) -> subprocess.Popen[bytes]:
        out = open(self.folder / f"{name}.out", "ab")  # noqa: SIM115 - closed with the process
        if sys.platform != "win32":  # each in its own process group, so stop() ends it with its children
            kwargs["start_new_session"] = True
        process = subprocess.Popen(  # type: ignore[call-overload]
            argv, env=self.env, stdout=kwargs.pop("stdout", out), stderr=out, **kwargs
        )
        self.processes.append(process)
        return process

    def start(self, lock_wait: float = 600.0) -> Stack:
        self.lock = open(LOCK, "w")  # noqa: SIM115 - held until stop
        deadline = time.monotonic() + lock_wait
        while True:
            try:
                fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"another run holds {LOCK}") from None
                time.sleep(0.5)
        home = self.folder / "home"
        runtime = self.folder / "run"
        for made in (home, runtime, home / ".config", home / "orca"):
            made.mkdir(parents=True, exist_ok=True)
        runtime.chmod(0o700)
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_DATA_HOME": str(home / ".local" / "share"),
            "XDG_CACHE_HOME": str(home / ".cache"),
            "XDG_RUNTIME_DIR": str(runtime),
            "LANG": "C.UTF-8",
            "NO_AT_BRIDGE": "0",
            "GTK_MODULES": "gail:atk-bridge",
            "GSETTINGS_BACKEND": "keyfile",
            "TMPDIR": str(self.folder),
        }
        # the display: Xvfb picks a free number itself and writes it to a pipe
        read_end, write_end = os.pipe()
        if sys.platform == "win32":  # Xvfb, D-Bus, Orca: Linux's (the test skips elsewhere)
            raise RuntimeError("the Orca stack runs on Linux only")
        else:
            self._start(
                ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                "xvfb",
                pass_fds=(write_end,),
            )
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start: " + (self.folder / "xvfb.out").read_text())
        self.display = ":" + number
        self.env["DISPLAY"] = self.display
        bus = self._start(
            ["dbus-daemon", "--session", "--nofork", "--print-address=1"], "dbus", stdout=subprocess.PIPE
        )
        assert bus.stdout is not None
        address = bus.stdout.readline().decode().strip()
        if not address:
            raise RuntimeError("dbus-daemon did not start")
        self.env["DBUS_SESSION_BUS_ADDRESS"] = address
        self._start([TOOLS["at-spi-bus-launcher"], "--launch-immediately"], "atspi")
        subprocess.run(
            ["gsettings", "set", "org.gnome.desktop.interface", "toolkit-accessibility", "true"],
            env=self.env,
            check=False,
            capture_output=True,
        )
        for _ in range(50):
            done = subprocess.run(
                [
                    "dbus-send",
                    "--session",
                    "--print-reply",
                    "--dest=org.a11y.Bus",
                    "/org/a11y/bus",
                    "org.freedesktop.DBus.Properties.Set",
                    "string:org.a11y.Status",
                    "string:IsEnabled",
                    "variant:boolean:true",
                ],
                env=self.env,
                check=False,
                capture_output=True,
            )
            if done.returncode == 0:
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("the accessibility bus did not start")
        speech_config(home / ".config" / "speech-dispatcher", self.speech_log)
        self.speech_log.touch()
        self._start(
            [
                "speech-dispatcher",
                "-s",
                "-t",
                "0",
                "-C",
                str(home / ".config" / "speech-dispatcher"),
                "-L",
                str(self.folder),
            ],
            "speechd",
        )
        socket = runtime / "speech-dispatcher" / "speechd.sock"
        for _ in range(100):
            if socket.exists():
                break
            time.sleep(0.05)
        (home / "orca" / "user-settings.conf").write_text(ORCA_SETTINGS, encoding="utf-8")
        self._start(["orca", "-u", str(home / "orca"), "--debug-file", str(self.orca_log)], "orca")
        # Orca is up once it has said something (its greeting) through the logger
        for _ in range(300):
            if self.spoken():
                break
            time.sleep(0.1)
        else:
            raise RuntimeError(
                "Orca said nothing within 30 s: " + (self.folder / "orca.out").read_text()[-2000:]
            )
        return self

    def stop(self) -> None:
        for process in reversed(self.processes):
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    if sys.platform != "win32":
                        os.killpg(process.pid, signal.SIGTERM)
                    else:
                        process.terminate()
        for process in reversed(self.processes):
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    if sys.platform != "win32":
                        os.killpg(process.pid, signal.SIGKILL)
                    else:
                        process.kill()
                process.wait(5)
        self.processes.clear()
        if self.lock is not None:
            self.lock.close()
            self.lock = None

    def __enter__(self) -> Stack:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
