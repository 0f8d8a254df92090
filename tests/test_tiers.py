"""The Windows tier names files of the suite, and what issue 28 asked of it is in it."""

from __future__ import annotations

from pathlib import Path

from .tiers import WINDOWS_TIER

TESTS = Path(__file__).resolve().parent


def test_every_file_of_the_windows_tier_exists() -> None:
    missing = sorted(name for name in WINDOWS_TIER if not (TESTS / name).is_file())
    assert not missing, missing


def test_the_windows_tier_holds_what_windows_players_depend_on() -> None:
    for name in (
        "test_languages.py",
        "test_golden.py",
        "test_take_back.py",
        "test_keep.py",
        "test_files_and_folders.py",
        "test_match_record.py",
        "test_platform_units.py",
        "test_foreign_platforms.py",
        "test_net_join.py",
        "test_net_web.py",
        "test_single_file.py",
        "test_folder_guard.py",
    ):
        assert name in WINDOWS_TIER, name
