"""The score sheet as a journal (issue 29): appended, never rewritten, and it always reads back as the sheet.

* for any tracked match, any preset and table size, with take-backs, redos and writes that fail for a
  while, the sheet read back after every write is the sheet in memory (its entries, scores, hand);
* every write only adds bytes at the end (what was written stays byte for byte);
* a write cut short at any byte is left out by a reader, and the next write cuts it off first;
* a sheet of version 1 (``keep.json``) goes on as a journal and the old file is removed; a torn last line
  is said once and cut off; a damaged journal is reported in one sentence and set aside.
"""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bergen_access.core.keep_record import keep_record
from bergen_access.core.rules import preset
from bergen_access.core.table import Entry, Table
from bergen_access.i18n import I18n
from bergen_access.keeping.sheet import SheetFile, read_sheet
from bergen_access.present import notices
from bergen_access.session import appendfile
from bergen_access.session.storage import Storage

from .drivers import ROOT, environment
from .saves import saved_sheet, sheet_path
from .table_script import PRESETS, play_match

NAMES = ["Anna", "Cem", "Mia", "Tom"]


@contextlib.contextmanager
def _failing_sync() -> Iterator[None]:
    """The sheet's fsync fails while inside (its bytes may be in the file already, half or whole)."""

    def refuse(fd: int) -> None:
        raise OSError(5, "Input/output error")

    original = appendfile.os.fsync
    appendfile.os.fsync = refuse  # type: ignore[attr-defined]
    try:
        yield
    finally:
        appendfile.os.fsync = original  # type: ignore[attr-defined]


class Sheet:
    """A tracked sheet as the keeper changes it: an entry, an undo (the sheet replayed without its last
    entry, as ``Keeper.on_undo`` does) or a redo."""

    def __init__(self, table: Table, script: list[Entry]) -> None:
        self.table, self.script, self.undone = table, script, list[Entry]()

    def step(self, chance: random.Random) -> bool:
        """One change; False when the match is over."""
        entries = list(self.table.entries)
        if entries and chance.random() < 0.15:
            self.undone.append(entries.pop())
            self.table = Table.replay(self.table.rules, self.table.starting_scores, entries)
            return True
        if self.undone and chance.random() < 0.5:
            self.table.apply(self.undone.pop())
            return True
        if len(entries) >= len(self.script):
            return False
        self.undone.clear()
        self.table.apply(self.script[len(entries)])
        return True


def _same(path: Path, table: Table) -> None:
    (core, names), text = read_sheet(path)
    assert not text.torn
    assert core.entries == table.entries
    assert core.scores == table.scores and core.hand_number == table.hand_number
    assert names == NAMES[: table.rules.players]


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    name=st.sampled_from(PRESETS),
    players=st.sampled_from((2, 3, 4)),
    steps=st.integers(1, 150),
    failing=st.sets(st.integers(0, 150), max_size=20),
)
def test_the_sheet_reads_back_as_the_sheet_at_every_step(
    tmp_path_factory: object, seed: int, name: str, players: int, steps: int, failing: set[int]
) -> None:
    folder = Path(tmp_path_factory.mktemp("sheet"))  # type: ignore[attr-defined]
    storage = Storage.open(folder)
    rules = preset(name, players=players)
    sheet = Sheet(Table(rules), play_match(rules, seed).entries)
    kept = SheetFile(storage, NAMES[:players])
    chance = random.Random(seed)
    written = b""
    for step in range(steps):
        if not sheet.step(chance):
            break
        if step in failing:  # this write fails after its bytes went out (a full disk, an I/O error)
            with _failing_sync():
                assert not kept.sync(sheet.table) or kept.path is None
            continue
        assert kept.sync(sheet.table)
        assert kept.path is not None
        now = kept.path.read_bytes()
        if step - 1 not in failing:
            assert now.startswith(written)  # appended, never rewritten
        written = now
        _same(kept.path, sheet.table)
    kept.sync(sheet.table)  # a write that works adds everything missed
    assert kept.path is not None
    _same(kept.path, sheet.table)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), cut=st.floats(0.0, 1.0), undo=st.booleans())
def test_a_write_cut_at_any_byte_is_left_out_and_cut_off_at_the_next_write(
    tmp_path_factory: object, seed: int, cut: float, undo: bool
) -> None:
    folder = Path(tmp_path_factory.mktemp("torn"))  # type: ignore[attr-defined]
    storage = Storage.open(folder)
    rules = preset("standard")
    script = play_match(rules, seed).entries
    table = Table(rules)
    kept = SheetFile(storage, NAMES[:2])
    for entry in script[:20]:
        table.apply(entry)
        assert kept.sync(table)
    assert kept.path is not None
    whole = kept.path.read_bytes()
    before = list(table.entries)
    if undo:  # the last write is a take-back
        table = Table.replay(rules, None, before[:-1])
    else:
        table.apply(script[20])
    assert kept.sync(table)
    longer = kept.path.read_bytes()
    torn = longer[: len(whole) + int(cut * (len(longer) - len(whole) - 1))]  # the last write, cut short
    kept.close()
    kept.path.write_bytes(torn)
    (core, names), text = read_sheet(kept.path)
    assert core.entries == before and text.good_size == len(whole)
    assert text.torn == (len(torn) > len(whole))
    resumed = SheetFile(storage, names, path=kept.path, written=core.entries, good_size=text.good_size)
    table = core  # type: ignore[assignment]
    for entry in script[20:23]:
        table.apply(entry)
        assert resumed.sync(table)
    after = kept.path.read_bytes()
    assert after.startswith(whole)
    _same(kept.path, table)


# ------------------------------------------------------------------------------ the real program


def _keep(home: Path, typed: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "bergen_access", "keep", "--names", "Anna,Cem", "--speech", "off"],
        input=typed,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=environment(home, TERM="dumb"),
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


def _folder(home: Path) -> Path:
    folder = home / "data" / "bergen-access"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _first(entries: int) -> Table:
    rules = preset("standard")
    table = Table(rules)
    for entry in play_match(rules, 3).entries[:entries]:
        table.apply(entry)
    return table


def test_a_sheet_of_version_1_goes_on_as_a_journal_and_the_old_file_is_removed(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    table = _first(6)
    (folder / "keep.json").write_text(json.dumps(keep_record(table, ["Anna", "Cem"]), indent=1), "utf-8")
    out = _keep(tmp_path, "yes\nundo\nquit\n")
    assert "A saved score sheet is waiting, in hand 1." in out
    assert not (folder / "keep.json").exists()
    sheet = saved_sheet(folder)
    assert sheet is not None and sheet["names"] == ["Anna", "Cem"]
    assert sheet["entries"] == keep_record(table, ["Anna", "Cem"])["entries"][:5]  # the undo, kept too
    lines = sheet_path(folder).read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["version"] == 2 and "undo" in json.loads(lines[-1])


def test_a_version_1_sheet_left_beside_its_journal_is_removed(tmp_path: Path) -> None:
    """Carrying a sheet of version 1 on was cut short after its journal was written, before the old file
    was removed: the journal goes on, the old file goes."""
    folder = _folder(tmp_path)
    table = _first(6)
    (folder / "keep.json").write_text(json.dumps(keep_record(table, ["Anna", "Cem"]), indent=1), "utf-8")
    assert SheetFile(Storage.open(folder), ["Anna", "Cem"]).sync(table)
    out = _keep(tmp_path, "yes\nquit\n")
    assert out.count("A saved score sheet is waiting, in hand 1.") == 1
    assert not (folder / "keep.json").exists()
    assert (saved_sheet(folder) or {})["entries"] == keep_record(table, ["Anna", "Cem"])["entries"]


def test_a_torn_last_line_is_said_once_and_cut_off(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    table = _first(6)
    assert SheetFile(Storage.open(folder), ["Anna", "Cem"]).sync(table)
    path = sheet_path(folder)
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"type":"pla')
    out = _keep(tmp_path, "yes\nquit\n")
    said = notices.torn_sheet(I18n("en"), str(path)).text
    assert out.count(said) == 1, out
    assert path.read_bytes() == whole  # cut off at the start
    assert _keep(tmp_path, "yes\nquit\n").count("cut short") == 0  # said once: the file is whole now


def test_a_damaged_journal_is_reported_in_one_sentence_and_set_aside(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    table = _first(6)
    assert SheetFile(Storage.open(folder), ["Anna", "Cem"]).sync(table)
    path = sheet_path(folder)
    lines = path.read_bytes().split(b"\n")
    lines[3] = b'{"type": "play", "seat": 7}'  # a line in the middle: damage, not a write cut short
    damaged = b"\n".join(lines)
    path.write_bytes(damaged)
    out = _keep(tmp_path, "quit\n")
    told = [line for line in out.splitlines() if "could not be used" in line]
    assert len(told) == 1 and told[0].startswith("The saved score sheet could not be used"), out
    kept = list(folder.glob("keep.damaged-*.jsonl"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged and str(kept[0]) in told[0]
    assert "is waiting" not in out
