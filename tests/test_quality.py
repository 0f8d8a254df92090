"""The code checks that run with the tests: ruff on everything, mypy --strict, a light core."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from .capabilities import wine_limit

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, encoding="utf-8", check=False
    )


@wine_limit("ruff.exe does not start (STATUS_DLL_NOT_FOUND)")
def test_ruff_is_clean() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


@wine_limit("mypy stops with an internal error under Wine (its compiled modules)")
def test_mypy_strict_on_the_package() -> None:
    result = run("mypy", "--strict", "bergen_access")
    assert result.returncode == 0, result.stdout + result.stderr


def test_core_imports_nothing_heavy_and_nothing_of_the_interface() -> None:
    code = (
        "import sys, bergen_access.core, bergen_access.core.view, bergen_access.core.record;"
        "print('\\n'.join(sorted(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, encoding="utf-8", check=True
    )
    modules = set(result.stdout.split())
    for heavy in ("numpy", "gettext", "prompt_toolkit", "pyttsx3", "accessible_output2", "speechd", "babel"):
        assert heavy not in modules
    ours = {m for m in modules if m.startswith("bergen_access.")}
    assert ours and all(m.startswith("bergen_access.core") for m in ours)


def test_core_does_no_io() -> None:
    forbidden = (
        r"\bprint\(",
        r"\bopen\(",
        r"\binput\(",
        r"import os\b",
        r"import sys\b",
        r"import time\b",
        r"\blogging\b",
        r"\bgettext\b",
    )
    for path in (ROOT / "bergen_access" / "core").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for pattern in forbidden:
            assert not re.search(pattern, text), f"{path.name} uses {pattern}"
