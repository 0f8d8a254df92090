"""The two terminal screen readers, each at its default settings with a logging synthesizer.

- yasr (Debian's 0.6.9): runs a program in a pty and speaks through Speech Dispatcher over SSIP/TCP.
  Its configuration is the system's ``/etc/yasr/yasr.conf`` with only the synthesizer's port changed,
  given as ``$HOME/.yasr.conf`` (``-C`` misbehaves with a program argument); yasr execs its first
  argument, so the program runs through a small script.
- tdsr (PyPI's tdsr2, module ``tdsr``): reads the screen with pyte and writes lines to a speech server
  command (``-s``); with no configuration of its own it starts from its shipped ``tdsr.cfg.dist``.

Both get a private HOME, so nothing of this machine's settings leaks in.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from .synths import PipeSynth, Said, SsipSynth

YASR_CONF = Path("/etc/yasr/yasr.conf")
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


class Yasr:
    name = "yasr"

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


READERS: dict[str, Yasr | Tdsr] = {"yasr": Yasr(), "tdsr": Tdsr()}
