"""The Windows tier: the test files that run under the real Windows Python in CI (under Wine).

The whole suite can run on Windows (``py -m pytest``); this tier is what `.ci/run` runs there every
time, within its ten minutes: the files below get the ``windows`` marker, so ``pytest -m windows``
runs them on any system. Kept in this one place; ``tests/test_tiers.py`` checks that every name is a
file of the suite.
"""

from __future__ import annotations

from pathlib import Path

import pytest

WINDOWS_TIER = frozenset(
    {
        # the folders, the guard that keeps tests out of the player's own, files that are not trusted
        "test_folder_guard.py",
        "test_files_and_folders.py",
        # languages and what is said, word for word
        "test_languages.py",
        "test_i18n.py",
        "test_golden.py",
        # take-back, the scorekeeper, records
        "test_take_back.py",
        "test_keep.py",
        "test_keep_larger_sets.py",
        "test_match_record.py",
        "test_journal.py",
        "test_keep_journal.py",
        "test_record_command.py",
        "test_rules_and_records.py",
        "test_tiers.py",
        # the Windows paths themselves
        "test_platform_units.py",
        "test_platform_names.py",
        "test_foreign_platforms.py",
        "test_command_line.py",
        # the network table with bergen join, and the web page with a line over its socket
        "test_net_join.py",
        "test_net_web.py",
        # the single file: bergen.exe built and played
        "test_single_file.py",
    }
)


def mark_tiers(items: list[pytest.Item]) -> None:
    """Give each test of a tier file its marker."""
    for item in items:
        if Path(str(item.path)).name in WINDOWS_TIER:
            item.add_marker(pytest.mark.windows)
