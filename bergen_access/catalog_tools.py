"""Translators' tools: extract the messages, update the catalogs, check them.

    python -m bergen_access.catalog_tools extract   # bergen_access/**.py -> locales/bergen_access.pot
    python -m bergen_access.catalog_tools update    # merge the template into locales/{de,tr,en}
    python -m bergen_access.catalog_tools check     # msgfmt --check and untranslated/fuzzy counts

Needs Babel (``pip install -e '.[test]'``); the game itself only reads the .po files.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
TEMPLATE = LOCALES / "bergen_access.pot"
DOMAIN = "bergen_access"
KEYWORDS = {
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
TRANSLATED = ("de", "tr")
ALL = ("de", "tr", "en")


def extract() -> int:
    """Write the template from the sources; returns the number of messages."""
    from babel.messages.catalog import Catalog  # noqa: PLC0415 - a translators' tool
    from babel.messages.extract import extract_from_dir  # noqa: PLC0415
    from babel.messages.pofile import write_po  # noqa: PLC0415

    catalog = Catalog(project="bergen-access", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT / "bergen_access"),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=False,
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    with TEMPLATE.open("wb") as stream:
        write_po(stream, catalog, width=100, no_location=True, sort_output=True, omit_header=False)
    return len(catalog)


def update() -> None:
    """Merge the template into each language's catalog, keeping translations."""
    from babel.messages.pofile import read_po, write_po  # noqa: PLC0415

    with TEMPLATE.open("rb") as stream:
        template = read_po(stream)
    for language in ALL:
        path = LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as stream:
                catalog = read_po(stream, locale=language)
            catalog.update(template, no_fuzzy_matching=True)
        else:
            from babel.messages.catalog import Catalog  # noqa: PLC0415

            catalog = Catalog(locale=language, project="bergen-access", charset="utf-8")
            catalog.update(template, no_fuzzy_matching=True)
        with path.open("wb") as stream:
            write_po(stream, catalog, width=100, no_location=True, sort_output=True, ignore_obsolete=True)


def check() -> int:
    """msgfmt --check every catalog; count what is not translated where it must be."""
    from babel.messages.pofile import read_po  # noqa: PLC0415

    problems = 0
    for language in ALL:
        path = LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        result = subprocess.run(
            ["msgfmt", "--check", "--statistics", "-o", os.devnull, str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        print(f"{language}: {result.stderr.strip()}")
        problems += result.returncode != 0
        if language in TRANSLATED:
            with path.open("rb") as stream:
                catalog = read_po(stream, locale=language)
            missing = [m.id for m in catalog if m.id and (not m.string or m.fuzzy or not all(m.string))]
            if isinstance(missing, list) and missing:
                print(f"{language}: {len(missing)} untranslated or fuzzy")
                problems += 1
    return problems


def main() -> int:
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "extract":
        print(f"{extract()} messages in {TEMPLATE.relative_to(ROOT)}")
        return 0
    if command == "update":
        update()
        return 0
    if command == "check":
        return 1 if check() else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
