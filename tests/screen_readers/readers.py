"""The three terminal screen readers, each at its default settings with a logging synthesizer.

- yasr (Debian's 0.6.9): runs a program in a pty and speaks through Speech Dispatcher over SSIP/TCP.
  Its configuration is the system's ``/etc/yasr/yasr.conf`` with only the synthesizer's port changed,
  given as ``$HOME/.yasr.conf`` (``-C`` misbehaves with a program argument); yasr execs its first
  argument, so the program runs through a small script.
- tdsr (PyPI's tdsr2, module ``tdsr``): reads the screen with pyte and writes lines to a speech server
  command (``-s``); with no configuration of its own it starts from its shipped ``tdsr.cfg.dist``.
- Fenrir (Debian's 1.9.5): ``fenrir -e -s CONF`` runs its own pty with the program as its "shell";
  CONF is Debian's ``settings.conf`` with the speech command set to a logger (``fenrirText``), sound
  and the remote socket off, screen and keyboard through the pty. It speaks about 0.5 s after the
  screen changes, at its default punctuation level ``some`` from ``punctuation/default.conf``.

Each gets a private HOME, so nothing of this machine's settings leaks in.
"""

from __future__ import annotations

import importlib.util
import re
import shlex
import shutil
import string
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from .synths import PipeSynth, Said, SsipSynth
from .voicing import Voicing

YASR_CONF = Path("/etc/yasr/yasr.conf")
FENRIR_SETTINGS = Path("/etc/fenrirscreenreader/settings/settings.conf")
FENRIR_PUNCTUATION = Path("/etc/fenrirscreenreader/punctuation/default.conf")
#: what Fenrir says of itself (its start, its end, a missing spell checker): not the program's
FENRIR_GREETING = ("Start Fenrir", "Quit Fenrir", "pychant is not installed")
PORT_LINE = re.compile(r"^synthesizer port=.*$", re.MULTILINE)
TDSR_MODULES = ("tdsr", "pyte", "setproctitle", "wcwidth")  # tdsr2 does not declare the last three


class Synth(Protocol):
    def said(self) -> list[Said]: ...

    def close(self) -> None: ...


@dataclass
class Started:
    """How to start a reader around the program: its command line and environment, and its synthesizer."""

    argv: list[str]
    env: dict[str, str]
    synth: Synth
    greeting: tuple[str, ...] = ()  # what the reader says of itself at start (not the program's)


def yasr_symbols(conf: Path = YASR_CONF) -> dict[str, str]:
    """The ``[dict]`` table of yasr's configuration: each symbol it reads as a word, and the word.
    Without yasr there is no table to read: then the symbols cannot be counted (say so, never 0)."""
    if not conf.is_file():
        raise FileNotFoundError(f"{conf}: yasr is not installed, its symbol table cannot be read")
    table: dict[str, str] = {}
    inside = False
    for line in conf.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("["):
            inside = line.strip() == "[dict]"
            continue
        if inside and "=" in line[1:]:
            key, word = line.split("=", 1) if not line.startswith("=") else ("=", line[2:])
            symbol = chr(int(key, 16)) if key.lower().startswith("0x") else key
            table[symbol] = word
    return table


def counted_symbols() -> dict[str, str]:
    """The symbols counted as read aloud for yasr and tdsr, which send the text as it is: yasr's table
    (the words a speech chain says for them); empty when yasr is not installed (then not counted)."""
    return yasr_symbols() if YASR_CONF.is_file() else {}


class Yasr:
    name = "yasr"
    settle = 0.3  # seconds of silence after which it has said all a step made it say

    def voicing(self) -> Voicing:
        return Voicing(counted_symbols())

    def missing(self) -> str | None:
        if shutil.which("yasr") is None or not YASR_CONF.is_file():
            return "yasr is not installed (apt-get install yasr)"
        return None

    def start(self, home: Path, script: Path) -> Started:
        synth = SsipSynth()
        conf = YASR_CONF.read_text(encoding="utf-8", errors="replace")
        (home / ".yasr.conf").write_text(PORT_LINE.sub(f"synthesizer port=127.0.0.1:{synth.port}", conf))
        yasr = shutil.which("yasr")
        assert yasr is not None
        return Started([yasr, str(script)], {"HOME": str(home), "TERM": "xterm"}, synth)


class Tdsr:
    name = "tdsr"
    settle = 0.3

    def voicing(self) -> Voicing:
        return Voicing(counted_symbols())  # process_symbols is off by default: the text goes as it is

    def missing(self) -> str | None:
        absent = [name for name in TDSR_MODULES if importlib.util.find_spec(name) is None]
        if absent:
            return f"tdsr cannot run: {', '.join(absent)} not installed (pip install tdsr2 pyte ...)"
        return None

    def start(self, home: Path, script: Path) -> Started:
        synth = PipeSynth(home / "tdsr-speech.log")
        (home / ".config" / "tdsr").mkdir(parents=True, exist_ok=True)  # it writes its settings there
        run = "import sys; from tdsr import main; sys.argv[0] = 'tdsr'; sys.exit(main())"
        argv = [sys.executable, "-c", run, "-s", synth.command, str(script)]
        greeting = ("tdsr, presented by Lighthouse of San Francisco",)
        return Started(argv, {"HOME": str(home), "TERM": "xterm"}, synth, greeting)


def fenrir_punctuation(conf: Path = FENRIR_PUNCTUATION, level: str = "some") -> tuple[dict[str, str], str]:
    """Fenrir's words for the symbols of a punctuation level, and the level's symbols
    (``[levelDict]`` and ``[punctDict]`` of its profile; entries are ``key:===:value``)."""
    section, levels, words = "", {}, {}
    for line in conf.read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("#") or not line.strip():
            continue
        if line.strip().startswith("[") and line.strip().upper().endswith("DICT]"):
            section = line.strip()[1:-5].upper()
            continue
        if ":===:" in line:
            key, value = line.split(":===:", 1)
            (levels if section == "LEVEL" else words if section == "PUNCT" else {})[key] = value
    marks = levels[level]
    return {char: words[char] for char in marks if char in words}, marks


def fenrir_settings(speech_command: str, shell: Path, debug_file: Path) -> str:
    """Debian's settings.conf with the logger for speech, no sound, no remote socket, and the pty."""
    values = {
        ("sound", "enabled"): "False",
        ("speech", "driver"): "genericDriver",
        ("speech", "genericSpeechCommand"): speech_command,
        ("screen", "driver"): "ptyDriver",
        ("keyboard", "driver"): "ptyDriver",
        ("keyboard", "keyboardLayout"): "pty",
        ("remote", "enable"): "False",
        ("general", "shell"): shlex.quote(str(shell)),
        ("general", "debugFile"): str(debug_file),
    }
    out: list[str] = []
    section: str | None = None
    done: set[tuple[str, str]] = set()

    def missing_of(name: str | None) -> None:
        for (where, key), value in values.items():
            if where == name and (where, key) not in done:
                out.append(f"{key}={value}")
                done.add((where, key))

    for line in FENRIR_SETTINGS.read_text(encoding="utf-8").splitlines():
        bare = line.strip()
        if bare.startswith("[") and bare.endswith("]"):
            missing_of(section)
            section = bare[1:-1]
        elif "=" in bare and not bare.startswith("#") and (section, bare.split("=", 1)[0]) in values:
            key = bare.split("=", 1)[0]
            out.append(f"{key}={values[(section or '', key)]}")
            done.add((section or "", key))
            continue
        out.append(line)
    missing_of(section)
    return "\n".join(out) + "\n"


class Fenrir:
    name = "fenrir"
    settle = 0.8  # it speaks about half a second after the screen changes

    def missing(self) -> str | None:
        files = FENRIR_SETTINGS.is_file() and FENRIR_PUNCTUATION.is_file()
        if shutil.which("fenrir") is None or not files:
            return "Fenrir is not installed (apt-get install fenrir)"
        return None

    def voicing(self) -> Voicing:
        words, level = fenrir_punctuation()
        # what its punctuationManager does: the level's marks said as words, the other ASCII marks sent
        # as a space except those that make a pause (and "-", said at this level anyway)
        dropped = frozenset(set(string.punctuation + "§") - set(level) - set("'.,;:?!-"))
        return Voicing(
            words,
            rewrites=True,
            dropped=dropped,
            pause_marks="',.;:?!",
            separator=r"\s\s,\s",
            enter_words=frozenset({"blank"}),
        )

    def start(self, home: Path, script: Path) -> Started:
        synth = PipeSynth(home / "fenrir-speech.log")
        conf = home / "fenrir-settings.conf"
        conf.write_text(fenrir_settings(synth.fenrir_command, script, home / "fenrir-debug.log"))
        fenrir = shutil.which("fenrir")
        assert fenrir is not None
        env = {"HOME": str(home), "TERM": "xterm"}
        return Started([fenrir, "-e", "-s", str(conf)], env, synth, FENRIR_GREETING)


READERS: dict[str, Yasr | Tdsr | Fenrir] = {"yasr": Yasr(), "tdsr": Tdsr(), "fenrir": Fenrir()}
