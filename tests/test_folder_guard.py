"""The guard that keeps the tests out of the player's own folders sees what it must, and the session
keeps every program it starts in a folder of its own (tests/conftest.py)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from bergen_access.session import paths

from .folder_guard import WriteWatch, changes, snapshot
from .folders import data_env
from .saves import saved_match

ROOT = Path(__file__).resolve().parent.parent


def test_a_snapshot_sees_a_file_made_changed_and_removed(tmp_path: Path) -> None:
    folder = tmp_path / "bergen-access"
    assert snapshot(folder) == {}
    folder.mkdir()
    (folder / "match.json").write_text("{}", encoding="utf-8")
    (folder / "keep.json").write_text("{}", encoding="utf-8")
    before = snapshot(folder)
    (folder / "match.json").write_text('{"a": 1}', encoding="utf-8")
    (folder / "keep.json").unlink()
    (folder / "records").mkdir()
    assert changes(before, snapshot(folder)) == ["made records", "removed keep.json", "changed match.json"]
    assert changes(before, before) == []
    assert changes({}, before) == ["made .", "made keep.json", "made match.json"]


def test_the_watch_names_each_write_under_its_folders_and_no_read(tmp_path: Path) -> None:
    watched, elsewhere = tmp_path / "player", tmp_path / "elsewhere"
    watched.mkdir()
    elsewhere.mkdir()
    (watched / "settings.json").write_text("{}", encoding="utf-8")
    watch = WriteWatch.of([watched])
    watch.current = "tests/x.py::test_y"
    watch.install()
    try:
        (watched / "settings.json").read_text(encoding="utf-8")  # reading is allowed
        os.close(os.open(watched / "settings.json", os.O_RDONLY))
        (elsewhere / "match.json").write_text("{}", encoding="utf-8")
        os.replace(elsewhere / "match.json", elsewhere / "moved.json")
        assert watch.take() == []

        (watched / "match.json").write_text("{}", encoding="utf-8")
        with open(watched / "settings.json", "a", encoding="utf-8"):
            pass
        os.close(os.open(watched / "lock", os.O_WRONLY | os.O_CREAT))
        (watched / "records").mkdir()
        os.replace(elsewhere / "moved.json", watched / "keep.json")
        (watched / "keep.json").unlink()
        shutil.rmtree(watched / "records")
        seen = watch.take()
    finally:
        watch.active = False
    events = [line.split(": ", 1)[1].split(" ", 1)[0] for line in seen]
    assert events[:7] == ["open", "open", "open", "os.mkdir", "os.rename", "os.remove", "shutil.rmtree"], seen
    assert all(line.startswith("tests/x.py::test_y: ") for line in seen)
    assert watch.take() == []


def test_the_session_keeps_this_process_out_of_the_system_folders() -> None:
    session_data, session_config = paths.data_dir(), paths.config_dir()
    assert session_data is not None and session_config is not None
    for system in paths.system_folders():
        assert system is None or system not in (session_data, session_config)
    assert os.environ[paths.DATA_VARIABLE] == str(session_data)


def test_a_started_program_keeps_its_saves_where_it_is_told(tmp_path: Path) -> None:
    """BERGEN_DATA_DIR and BERGEN_CONFIG_DIR work for the real program on this system (on Windows too,
    where the XDG variables mean nothing)."""
    env = {**os.environ, **data_env(tmp_path), "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    result = subprocess.run(
        [sys.executable, "-m", "bergen_access", "--plain", "--speech", "off", "--braille", "off", "--new"],
        input="hand\nverbosity terse\nquit\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert re.search(r"^Your \d tiles: ", result.stdout, re.MULTILINE), result.stdout[-2000:]
    assert saved_match(tmp_path / "data" / "bergen-access") is not None, result.stdout[-2000:]
    assert len(list((tmp_path / "data" / "bergen-access" / "records").glob("*.jsonl"))) == 1
    assert '"verbosity": "terse"' in (tmp_path / "config" / "bergen-access" / "settings.json").read_text(
        encoding="utf-8"
    )


def test_a_relative_or_home_folder_is_taken_as_a_shell_would(tmp_path: Path) -> None:
    assert paths.data_dir({paths.DATA_VARIABLE: str(tmp_path / "d")}) == tmp_path / "d"
    assert paths.data_dir({paths.DATA_VARIABLE: "saves"}) == Path.cwd() / "saves"
    assert paths.config_dir({paths.CONFIG_VARIABLE: "~/bergen"}) == Path.home() / "bergen"
    assert paths.data_dir({paths.DATA_VARIABLE: "  "}) == paths.system_folders()[1]
