"""A wheel built from a clean clone, installed in a fresh virtual environment, plays in German and Turkish."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bergen_access.i18n import I18n, load_translations

from .capabilities import needs_tool
from .folders import data_env

ROOT = Path(__file__).resolve().parent.parent


def _run(command: list[str], cwd: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, encoding="utf-8", check=True, **kwargs
    )  # type: ignore[call-overload]


@pytest.mark.slow
@needs_tool("git")
def test_wheel_from_a_clean_clone_plays_in_german_and_turkish(tmp_path: Path) -> None:
    pytest.importorskip("venv", reason="this Python has no venv (the embeddable Windows build has none)")
    clone = tmp_path / "clone"
    _run(["git", "clone", "--quiet", "--no-local", str(ROOT), str(clone)], tmp_path)
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dist), "."], clone)
    wheels = list(dist.glob("bergen_access-*.whl"))
    assert len(wheels) == 1
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], tmp_path)
    programs = venv / ("Scripts" if sys.platform == "win32" else "bin")
    _run([str(programs / "pip"), "install", "--quiet", str(wheels[0])], tmp_path)
    home = tmp_path / "home"
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        **data_env(home),
        "TERM": "dumb",
    }
    for name in ("SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "TEMP", "TMP"):  # Windows starts nothing without them
        if name in os.environ:
            env[name] = os.environ[name]
    for language in ("de", "tr"):
        catalog = clone / "locales" / language / "LC_MESSAGES" / "bergen_access.po"
        words = I18n(language, load_translations(language, catalog))
        expected = words.gettext("Hand {number}. Your tiles: {tiles}.").split("{")[0]
        assert expected and expected != "Hand ", f"{language} catalog is not translated"
        result = subprocess.run(
            [str(programs / "bergen"), "--lang", language, "--seed", "3", "--new", "--plain"],
            cwd=tmp_path,  # away from the checkout: only the installed catalogs can speak
            input="hand\nquit\n",
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=120,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        assert expected in result.stdout, result.stdout[:500]
        assert "Your tiles" not in result.stdout
