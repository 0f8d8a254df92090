"""The requirements of the project on 64-bit Windows, for ``pip download --platform win_amd64``.

pip judges environment markers by the machine it runs on, so on Linux it would leave out
accessible-output2 (``sys_platform == 'win32'``) and every Windows-only package the dependencies ask for.
This script reads pyproject.toml, keeps what Windows needs (the dependencies and the test extra, judged
as Windows would), and adds the Windows-only packages the dependencies declare with markers of their own:

    python3 tools/windows_requirements.py [--all]       # one requirement per line

Without ``--all`` the test tools the Windows tier does not use are left out (mypy and ruff run in
test_quality.py, Playwright drives Chromium in test_web_page.py): a smaller download for CI.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

try:
    from packaging.markers import Marker
    from packaging.requirements import Requirement
except ImportError:  # a bare Python: pip carries packaging too
    from pip._vendor.packaging.markers import Marker  # type: ignore[no-redef]
    from pip._vendor.packaging.requirements import Requirement  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parent.parent
#: how Windows (x64, CPython 3.13, the build tools/windows_python.sh installs) answers the markers
WINDOWS = {
    "sys_platform": "win32",
    "platform_system": "Windows",
    "os_name": "nt",
    "platform_machine": "AMD64",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "python_version": "3.13",
    "python_full_version": "3.13.2",
}
#: Windows-only packages that the dependencies ask for behind their own markers (read in their METADATA):
#: accessible-output2 -> libloader, platform_utils, pywin32; pyttsx3 -> comtypes, pypiwin32, pywin32;
#: pytest -> colorama; PyInstaller -> pefile, pywin32-ctypes
WINDOWS_ONLY = (
    "pywin32",
    "pypiwin32",
    "comtypes",
    "libloader",
    "platform_utils",
    "colorama",
    "pefile",
    "pywin32-ctypes",
)
#: test tools the Windows tier does not run
NOT_IN_THE_TIER = {"mypy", "ruff", "playwright"}


def requirements(everything: bool) -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = []
    for text in [*project["dependencies"], *project["optional-dependencies"]["test"]]:
        requirement = Requirement(text)
        if requirement.marker is not None and not Marker(str(requirement.marker)).evaluate(WINDOWS):
            continue
        if not everything and requirement.name.lower() in NOT_IN_THE_TIER:
            continue
        requirement.marker = None
        wanted.append(str(requirement))
    return [*wanted, *WINDOWS_ONLY]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="the whole test extra, for the whole suite")
    args = parser.parse_args()
    sys.stdout.write("".join(line + "\n" for line in requirements(args.all)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
