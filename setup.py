"""Packaging hook: put the translations of ``locales/`` into the wheel.

The .po files in ``locales/`` are the only source of translations. Building
copies them into ``bergen_access/locales/`` of the wheel, each with its
compiled .mo beside it, so an installed game speaks German and Turkish
without the checkout; an editable install reads ``locales/`` directly.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        sys.path.insert(0, str(ROOT))
        from bergen_access.catalogs import mo_bytes, parse_po  # noqa: PLC0415 - from the tree being built

        for po in sorted((ROOT / "locales").glob("*/LC_MESSAGES/*.po")):
            target = Path(self.build_lib) / "bergen_access" / "locales" / po.relative_to(ROOT / "locales")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(po, target)
            target.with_suffix(".mo").write_bytes(mo_bytes(parse_po(po.read_text(encoding="utf-8"))))


setup(cmdclass={"build_py": BuildWithCatalogs})
