"""Damaged and foreign files, unusable folders and two copies at once, through the real program.

Every damaged save, score sheet or settings file is announced in one sentence, kept byte for byte under a
name of its own, and the program starts afresh; a folder that cannot be written costs the saving, never
the game; a second copy with the same data folder is asked what to do and never touches the first one's
files. Each case runs ``python -m bergen_access`` through pipes (plain mode, no speech), with its XDG
folders in ``tmp_path``.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import filelock
import pytest

from bergen_access.i18n import I18n
from bergen_access.present import notices
from bergen_access.present.refusals import file_reason
from bergen_access.session.savefile import match_text

from .drivers import ROOT, PipeSession, environment
from .saves import journal_path, replayed, save_record, saved_sheet, sheet_path, sheet_text

GAME = ["--seed", "5", "--plain", "--speech", "off"]
KEEP = ["keep", "--names", "Anna,Cem", "--plain", "--speech", "off"]
NEW_DEAL = "Hand 1. Your tiles: 0-6 1-5 2-5 4-5 5-5 5-6."  # seed 5: what a new match begins with
WHO_OPENS = "Who opens?"
PLAYED = "You play 1-5 on the left."
ENGLISH = I18n("en")
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0  # POSIX only; chmod does not stop root


# --------------------------------------------------------------------------------------------- running


@dataclass(frozen=True)
class Run:
    out: str
    err: str
    status: int

    def lines(self, text: str) -> list[str]:
        return [line for line in self.out.splitlines() if text in line]

    def cannot_save(self) -> list[str]:
        """Every sentence saying that something cannot be saved (data folder, settings, no home)."""
        marks = ("Cannot save in", "Settings cannot be saved in", "Nothing can be saved")
        return [line for line in self.out.splitlines() if any(mark in line for mark in marks)]


def run(
    home: Path,
    args: list[str],
    typed: str,
    *,
    env: dict[str, str] | None = None,
    cwd: Path = ROOT,
    prefix: tuple[str, ...] = (),
) -> Run:
    """The program with ``typed`` on its input (``bergen … < typed.txt``)."""
    result = subprocess.run(
        [*prefix, sys.executable, "-m", "bergen_access", *args],
        input=typed.encode("utf-8"),
        capture_output=True,
        cwd=cwd,
        env=env or environment(home, TERM="dumb"),
        timeout=60,
        check=False,
    )
    return Run(  # Windows's line ends read as "\n"
        result.stdout.decode("utf-8", "replace").replace("\r\n", "\n"),
        result.stderr.decode("utf-8", "replace").replace("\r\n", "\n"),
        result.returncode,
    )


def assert_clean(result: Run, status: int = 0) -> None:
    """The expected exit status, and nothing but the program's own sentences: no traceback, no stderr."""
    assert "Traceback" not in result.out and "Traceback" not in result.err, result.out + result.err
    assert result.err.strip() == "", result.err
    assert result.status == status, result.out[-1500:]


def data_of(home: Path) -> Path:
    return home / "data" / "bergen-access"


def config_of(home: Path) -> Path:
    return home / "config" / "bergen-access"


def reason_parts(code: str, detail: str | None) -> list[str]:
    """The program's own clause for a file problem (split where an unpredictable detail goes)."""
    if detail is not None:
        return [file_reason(ENGLISH, code, detail)]
    clause = file_reason(ENGLISH, code, "")
    return [part for part in clause.split("?") if part]


def assert_kept_aside(result: Run, folder: Path, stem: str, original: bytes | None, what: str) -> Path:
    """One sentence about the file (naming where it is kept), and the file itself kept unchanged."""
    told = result.lines(what)
    assert len(told) == 1, result.out
    kept = sorted(folder.glob(f"{stem}.damaged-*.json"))
    assert len(kept) == 1, sorted(p.name for p in folder.iterdir())
    assert str(kept[0]) in told[0], told[0]
    if original is None:  # it was a folder: the folder itself is kept, with what it held
        assert kept[0].is_dir() and (kept[0] / "inside.txt").read_text() == "kept"
    else:
        assert kept[0].read_bytes() == original
    return kept[0]


def put(path: Path, content: bytes | None) -> None:
    """Write ``content`` to ``path``; None makes ``path`` a folder (with a file in it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if content is None:
        path.mkdir()
        (path / "inside.txt").write_text("kept")
    else:
        path.write_bytes(content)


# ------------------------------------------------------------------------------- real files to damage


def _real_sheet(home: Path, args: list[str], typed: str) -> bytes:
    """The sheet a real run kept, as a file of version 1 held it."""
    assert_clean(run(home, args, typed))
    return sheet_text(data_of(home)).encode("utf-8")


def kept_file(home: Path, name: str) -> Path:
    """Where a program keeps its state: the score sheet's journal, or the match's."""
    if name == "keep.json":
        return sheet_path(data_of(home))
    if name != "match.json":
        return data_of(home) / name
    path = journal_path(data_of(home))
    assert path is not None, "no journal"
    return path


@pytest.fixture(scope="module")
def match_save(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A save of version 2 (``match.json``, as earlier versions wrote it; still read and carried on as
    a journal) of a real match: one move played (and the computer's answer), then quit."""
    home = tmp_path_factory.mktemp("match")
    assert_clean(run(home, GAME, "1-5 left\nquit\n"))
    found = replayed(data_of(home))
    assert found is not None and len(found.match.actions) == 2
    return match_text(found.match, found.seats).encode("utf-8")


@pytest.fixture(scope="module")
def track_sheet(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A score sheet of version 1 (``keep.json``, as earlier versions wrote it; still read and carried on
    as a journal) of a real sheet: an opening, its confirmation and a play, then quit."""
    typed = "Cem 5-5\nyes\n2-5 left\nquit\n"
    sheet = _real_sheet(tmp_path_factory.mktemp("track"), KEEP, typed)
    assert json.loads(sheet)["mode"] == "track" and len(json.loads(sheet)["entries"]) == 3
    return sheet


@pytest.fixture(scope="module")
def tally_sheet(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    sheet = _real_sheet(tmp_path_factory.mktemp("tally"), [*KEEP, "--mode", "tally"], "Anna 1-1\nyes\nquit\n")
    assert json.loads(sheet)["mode"] == "tally" and len(json.loads(sheet)["entries"]) == 1
    return sheet


Maker = Callable[[bytes], bytes | None]  # the real file's bytes -> the damaged bytes (None: a folder)


DRAW = {"type": "draw", "seat": 0}
PLAY_7_9 = {"type": "play", "seat": 0, "tile": "7-9", "end": "left"}


def edited(change: Callable[[dict[str, Any]], object]) -> Maker:
    """The real file with its JSON changed by ``change`` (which edits the record in place)."""

    def make(real: bytes) -> bytes:
        record = json.loads(real)
        change(record)
        return json.dumps(record, indent=1).encode("utf-8")

    return make


def replaced(old: str, new: str) -> Maker:
    """The real file's text with ``old`` (which it must hold) replaced by ``new``."""

    def make(real: bytes) -> bytes:
        text = real.decode("utf-8")
        assert old in text
        return text.replace(old, new, 1).encode("utf-8")

    return make


def fixed(content: bytes | None) -> Maker:
    return lambda real: content


def truncated(real: bytes) -> bytes:
    return real[: len(real) // 2]


def not_utf8(real: bytes) -> bytes:
    return real.replace(b'"Anna"', b'"An\xff\xfea"', 1)


def deeply_nested(real: bytes) -> bytes:
    record = json.loads(real)
    record["actions"] = "@DEEP@"
    text = json.dumps(record, indent=1).replace('"@DEEP@"', "[" * 100_000 + "]" * 100_000)
    return text.encode("utf-8")


def huge(real: bytes) -> bytes:
    record = json.loads(real)
    record["padding"] = "x" * (20 * 1024 * 1024)
    return json.dumps(record).encode("utf-8")


def padded(size: int) -> Maker:
    """The real file, still good JSON (its record unchanged), made ``size`` bytes by spaces after its
    first brace."""

    def make(real: bytes) -> bytes:
        head, rest = real.split(b"{", 1)
        return head + b"{" + b" " * (size - len(real)) + rest

    return make


def set_in(*keys: Any, value: Any) -> Callable[[dict[str, Any]], None]:
    """``record[k1][k2]… = value``."""

    def change(record: dict[str, Any]) -> None:
        place: Any = record
        for key in keys[:-1]:
            place = place[key]
        place[keys[-1]] = value

    return change


@dataclass(frozen=True)
class Case:
    name: str
    make: Maker
    code: str
    detail: str | None = None  # None: the detail is not predictable (a system message, a move number)

    def __str__(self) -> str:
        return self.name


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda record: record.pop(key)


def _append(key: str, item: Any) -> Callable[[dict[str, Any]], None]:
    return lambda record: record[key].append(item)


TOLD_BAD_DEAL = {"kind": "told", "deals": [{"hands": [["0-0", "0-0", "0-1"], ["0-0"]], "stock": []}]}
TOLD_BAD_TILE = {"kind": "told", "deals": [{"hands": [["9-9"], ["0-0"]], "stock": []}]}
A_SHEET = {
    "format": "bergen-access-keep",
    "version": 1,
    "mode": "track",
    "rules": {},
    "names": [],
    "entries": [],
}

MATCH_CASES = [
    Case("truncated", truncated, "not-json"),
    Case("not-utf8", not_utf8, "not-text"),
    Case("empty", fixed(b""), "not-json"),
    Case("json-list", fixed(b"[1, 2, 3]\n"), "not-a-record"),
    Case("json-null", fixed(b"null"), "not-a-record"),
    Case("png-bytes", fixed(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "not-text"),
    Case("trailing-garbage", lambda real: real + b"}{", "not-json"),
    Case("actions-numbers", edited(set_in("actions", value=[1])), "malformed", "match.actions[0]"),
    Case("actions-words", edited(set_in("actions", value=["draw"])), "malformed", "match.actions[0]"),
    Case(
        "actions-dict",
        edited(set_in("actions", value={"0": {"type": "draw", "seat": 0}})),
        "malformed",
        "match.actions",
    ),
    Case("actions-missing", edited(_drop("actions")), "malformed", "match.actions"),
    Case(
        "action-seat-9", edited(set_in("actions", 0, "seat", value=9)), "malformed", "match.actions[0].seat"
    ),
    Case(
        "action-seat-true",
        edited(set_in("actions", 1, "seat", value=True)),
        "malformed",
        "match.actions[1].seat",
    ),
    Case(
        "action-type-unknown",
        edited(set_in("actions", 0, "type", value="swap")),
        "malformed",
        "match.actions[0].type",
    ),
    Case(
        "action-tile-7-7",
        edited(set_in("actions", 0, "tile", value="7-7")),
        "malformed",
        "match.actions[0].tile",
    ),
    Case(
        "seat-level-godlike",
        edited(set_in("seats", 1, "level", value="godlike")),
        "malformed",
        "match.seats[1].level",
    ),
    Case(
        "seat-name-newline",
        edited(set_in("seats", 1, "name", value="An\nna")),
        "malformed",
        "match.seats[1].name",
    ),
    Case(
        "seat-name-esc",
        edited(set_in("seats", 1, "name", value="\x1b[31mAnna")),
        "malformed",
        "match.seats[1].name",
    ),
    Case(
        "seat-name-500",
        edited(set_in("seats", 1, "name", value="A" * 500)),
        "malformed",
        "match.seats[1].name",
    ),
    Case(
        "seats-three-for-two",
        edited(_append("seats", {"name": "Mia", "kind": "computer", "level": "easy"})),
        "malformed",
        "match.seats",
    ),
    Case("seats-no-human", edited(set_in("seats", 0, "kind", value="computer")), "malformed", "match.seats"),
    Case("scores-nan", edited(set_in("scores", value=[float("nan"), 0])), "not-json"),
    Case("seed-infinity", edited(set_in("dealer", "seed", value=float("inf"))), "not-json"),
    Case("seed-1e400", replaced('"seed": 5', '"seed": 1e400'), "malformed", "match.dealer.seed"),
    Case("seed-text", edited(set_in("dealer", "seed", value="x")), "malformed", "match.dealer.seed"),
    Case("seed-2-to-70", edited(set_in("dealer", "seed", value=2**70)), "malformed", "match.dealer.seed"),
    Case("nested-100000", deeply_nested, "too-deep"),
    Case("twenty-megabytes", huge, "too-large"),
    Case("a-folder", fixed(None), "not-a-file"),
    Case("unknown-version", edited(set_in("version", value=3)), "unknown-version", "3"),
    Case(
        "taken-back-beyond-the-actions",
        edited(set_in("taken_back", value=[{"at": 99_999, "actions": [DRAW]}])),
        "malformed",
        "match.taken_back[0].at",
    ),
    # issue 31: take-backs checked in full before anything is replayed
    Case(
        "taken-back-tile-7-9",
        edited(set_in("taken_back", value=[{"at": 2, "actions": [PLAY_7_9]}])),
        "malformed",
        "match.taken_back[0].actions[0].tile",
    ),
    Case(
        "taken-back-seat-3-of-2",
        edited(set_in("taken_back", value=[{"at": 2, "actions": [{"type": "draw", "seat": 3}]}])),
        "malformed",
        "match.taken_back[0].actions[0].seat",
    ),
    Case(
        "taken-back-arm-on-double-six",
        edited(
            set_in(
                "taken_back",
                value=[{"at": 2, "actions": [{"type": "play", "seat": 0, "tile": "1-2", "arm": 2}]}],
            )
        ),
        "malformed",
        "match.taken_back[0].actions[0]",
    ),
    Case(
        "taken-back-empty",
        edited(set_in("taken_back", value=[{"at": 2, "actions": []}])),
        "malformed",
        "match.taken_back[0].actions",
    ),
    Case(
        "taken-back-going-backwards",
        edited(set_in("taken_back", value=[{"at": 2, "actions": [DRAW]}, {"at": 0, "actions": [DRAW]}])),
        "malformed",
        "match.taken_back[1].at",
    ),
    Case(
        "taken-back-10001",  # the most a match may hold is 10,000 (0.9 MB here: under the cap of saves)
        edited(set_in("taken_back", value=[{"at": 2, "actions": [DRAW]}] * 10_001)),
        "malformed",
        "match.taken_back",
    ),
    # 13 MB: beyond the cap of saves (2 MB), refused before any of it is read as JSON
    Case(
        "taken-back-100000",
        edited(set_in("taken_back", value=[{"at": 2, "actions": [DRAW]}] * 100_000)),
        "too-large",
    ),
    # a good save, but 3 MB of it spaces: far beyond any real match (44 KB at most), so no real save
    Case("three-megabytes", padded(3 * 1024 * 1024), "too-large"),
    Case(
        "taken-back-not-a-list",
        edited(set_in("taken_back", value={"at": 1})),
        "malformed",
        "match.taken_back",
    ),
    Case("a-score-sheet", fixed(json.dumps(A_SHEET).encode()), "not-a-record"),
    Case("settings-file", fixed(b'{"verbosity": "terse"}'), "not-a-record"),
    Case("rules-players-9", edited(set_in("rules", "players", value=9)), "malformed", "match.rules"),
    Case(
        "rules-one-option-too-many",
        edited(set_in("rules", "colour", value="red")),
        "malformed",
        "match.rules",
    ),
    Case(
        "rules-unknown-option",
        edited(lambda r: r["rules"].update(colour=r["rules"].pop("tally"))),
        "malformed",
        "match.rules.colour",
    ),
    Case("moves-break-rules", edited(set_in("actions", 0, "tile", value="6-6")), "does-not-replay", "0"),
    Case("moves-wrong-order", edited(lambda r: r["actions"].reverse()), "does-not-replay", "0"),
    Case("draw-while-able", edited(_append("actions", {"type": "draw", "seat": 0})), "does-not-replay", "2"),
    Case("told-dealer-bad-deal", edited(set_in("dealer", value=TOLD_BAD_DEAL)), "does-not-replay"),
    Case(
        "told-dealer-bad-tile",
        edited(set_in("dealer", value=TOLD_BAD_TILE)),
        "malformed",
        "match.dealer.deals[0].hands[0][0]",
    ),
    Case("scores-text", edited(set_in("scores", value=["x", "y"])), "malformed", "match.scores[0]"),
    Case("scores-above-target", edited(set_in("scores", value=[9999, 0])), "malformed"),
    Case("scores-three-for-two", edited(set_in("scores", value=[0, 0, 0])), "malformed"),
    Case("hands-minus-1", edited(set_in("hands", value=-1)), "malformed", "match.hands"),
    Case("hands-5-of-1", edited(set_in("hands", value=5)), "does-not-replay"),
]


# -------------------------------------------------------------------------------- 1. damaged match saves


@pytest.mark.parametrize("case", MATCH_CASES, ids=str)
def test_a_damaged_match_save_is_kept_and_a_new_match_starts(
    tmp_path: Path, match_save: bytes, case: Case
) -> None:
    save = data_of(tmp_path) / "match.json"
    damaged = case.make(match_save)
    put(save, damaged)
    result = run(tmp_path, GAME, "quit\n")
    assert_clean(result)
    assert_kept_aside(result, save.parent, "match", damaged, "could not be used")
    told = result.lines("could not be used")[0]
    assert told.startswith("The saved match could not be used"), told
    for part in reason_parts(case.code, case.detail):
        assert part in told, (part, told)
    assert "A saved match is waiting" not in result.out
    assert result.out.index(told) < result.out.index(NEW_DEAL)  # said first, then the new match
    fresh = replayed(data_of(tmp_path))  # the new match is saved, in a journal of its own
    assert (
        fresh is not None
        and fresh.match.actions == []
        and fresh.match.dealer.spec()
        == {
            "kind": "seeded",
            "seed": 5,
        }
    )


def test_a_journal_beyond_the_cap_of_saves_is_kept_and_a_new_match_starts(tmp_path: Path) -> None:
    """A real match's journal, still good JSON lines, made 2 MB and more by spaces inside a line: no real
    match comes near it (44 KB at most, session/untrusted.py), so it is refused in one sentence, kept
    byte for byte, never replayed, and a new match starts."""
    assert_clean(run(tmp_path, GAME, "1-5 left\nquit\n"))
    path = journal_path(data_of(tmp_path))
    assert path is not None
    lines = path.read_bytes().split(b"\n")
    lines[1] = b"{" + b" " * (2 * 1024 * 1024) + lines[1][1:]  # the first move's line
    damaged = b"\n".join(lines)
    path.write_bytes(damaged)
    result = run(tmp_path, GAME, "quit\n")
    assert_clean(result)
    [told] = result.lines("could not be used")
    assert told.startswith("The saved match could not be used (far too large)"), told
    assert "A saved match is waiting" not in result.out
    kept = sorted(path.parent.glob(f"{path.stem}.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged and str(kept[0]) in told
    assert result.out.index(told) < result.out.index(NEW_DEAL)  # said first, then the new match


# ------------------------------------------------------------------- 2. two set aside in the same second


def test_files_set_aside_in_the_same_second_do_not_overwrite_each_other(
    tmp_path: Path, match_save: bytes
) -> None:
    folder = data_of(tmp_path)
    folder.mkdir(parents=True)
    # Files already kept under every name of the next half minute: whichever second the program sets
    # its file aside in, the plain name is taken, as it is when two are set aside in one second.
    now = time.time()
    earlier = {}
    for second in range(-2, 31):
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now + second))
        path = folder / f"match.damaged-{stamp}.json"
        earlier[path] = f"kept earlier, {second}".encode()
        path.write_bytes(earlier[path])
    first, second = truncated(match_save), b"not json either"
    kept: list[Path] = []
    for damaged in (first, second):
        put(folder / "match.json", damaged)
        result = run(tmp_path, GAME, "quit\n")
        assert_clean(result)
        new = sorted(set(folder.glob("match.damaged-*.json")) - set(earlier) - set(kept))
        assert len(new) == 1, [p.name for p in new]
        assert new[0].read_bytes() == damaged
        assert new[0].stem.count("-") == 3, new[0].name  # match.damaged-DATE-TIME-N: a name of its own
        assert str(new[0]) in result.lines("could not be used")[0]
        kept.append(new[0])
    assert kept[0] != kept[1] and kept[0].read_bytes() == first
    for path, content in earlier.items():
        assert path.read_bytes() == content


# --------------------------------------------------------------------------- 3. damaged score sheets


def _entry(key: str, index: int, field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return set_in(key, index, field, value=value)


KEEP_CASES = [  # (case, built from the tracked sheet or the tally)
    (Case("entries-numbers", edited(set_in("entries", value=[1])), "malformed", "sheet.entries[0]"), "track"),
    (
        Case("scores-text", edited(set_in("scores", value=["x", "y"])), "malformed", "sheet.scores[0]"),
        "track",
    ),
    (
        Case(
            "tally-call-in-track",
            edited(_append("entries", {"type": "header", "seat": 0, "kind": "double"})),
            "malformed",
            "sheet.entries",
        ),
        "track",
    ),
    (
        Case(
            "play-in-tally",
            edited(_append("entries", {"type": "play", "seat": 0, "tile": "1-2", "end": "left"})),
            "malformed",
            "sheet.entries",
        ),
        "tally",
    ),
    (
        Case(
            "name-control-char", edited(set_in("names", 0, value="An\x07na")), "malformed", "sheet.names[0]"
        ),
        "track",
    ),
    (
        Case("name-esc", edited(set_in("names", 1, value="\x1b]0;pwned\x07")), "malformed", "sheet.names[1]"),
        "tally",
    ),
    (Case("truncated", truncated, "not-json"), "track"),
    (Case("not-utf8", not_utf8, "not-text"), "track"),
    (Case("one-name", edited(set_in("names", value=["Anna"])), "malformed", "sheet.names"), "track"),
    (
        Case(
            "three-names-two-players",
            edited(set_in("names", value=["Anna", "Cem", "Mia"])),
            "malformed",
            "sheet.names",
        ),
        "track",
    ),
    (  # the command line refuses this ("every player needs a name of their own"): "anna" could never play
        Case("names-same-but-case", edited(set_in("names", value=["Anna", "anna"])), "malformed"),
        "tally",
    ),
    (Case("mode-golf", edited(set_in("mode", value="golf")), "malformed", "sheet.mode"), "track"),
    (
        Case("open-seat-7", edited(_entry("entries", 1, "seat", 7)), "malformed", "sheet.entries[1].seat"),
        "track",
    ),
    (
        Case(
            "reveal-pips-999",
            edited(
                _append("entries", {"type": "reveal", "side": 0, "doubles": 0, "pips": 999, "single_pips": 0})
            ),
            "malformed",
            "sheet.entries[3].pips",
        ),
        "track",
    ),
    (
        Case(
            "does-not-replay",
            edited(_append("entries", {"type": "play", "seat": 1, "tile": "5-5", "end": "left"})),
            "does-not-replay",
        ),
        "track",
    ),
    (Case("unknown-version", edited(set_in("version", value=99)), "unknown-version", "99"), "tally"),
    (Case("a-folder", fixed(None), "not-a-file"), "track"),
    (
        Case("a-match-save", fixed(b'{"format": "bergen-access-match", "version": 1}'), "not-a-record"),
        "track",
    ),
]


@pytest.mark.parametrize(("case", "base"), KEEP_CASES, ids=[str(case) for case, _ in KEEP_CASES])
def test_a_damaged_score_sheet_is_kept_and_a_new_sheet_starts(
    tmp_path: Path, track_sheet: bytes, tally_sheet: bytes, case: Case, base: str
) -> None:
    sheet = data_of(tmp_path) / "keep.json"
    damaged = case.make(track_sheet if base == "track" else tally_sheet)
    put(sheet, damaged)
    result = run(tmp_path, KEEP, "quit\n")
    assert_clean(result)
    assert_kept_aside(result, sheet.parent, "keep", damaged, "could not be used")
    told = result.lines("could not be used")[0]
    assert told.startswith("The saved score sheet could not be used"), told
    for part in reason_parts(case.code, case.detail):
        assert part in told, (part, told)
    assert "A saved score sheet is waiting" not in result.out
    assert result.out.index(told) < result.out.index(WHO_OPENS)  # a new sheet starts: who opens?


# -------------------------------------------------------------------------------------- 4. settings


SETTINGS_CASES = [  # (name, file, what the sentence says about it)
    ("verbosity-loud", b'{"verbosity": "loud"}', ['(verbosity "loud")']),
    ("language-5", b'{"language": 5}', ["(language 5)"]),
    ("braille-width-3", b'{"braille_width": 3}', ["(braille_width 3)"]),
    ("braille-width-true", b'{"braille_width": true}', ["(braille_width true)"]),
    ("braille-width-1e400", b'{"braille_width": 1e400}', ["(braille_width Infinity)"]),
    ("speech-shout", b'{"speech": "shout", "verbosity": "loud"}', ['speech "shout"', 'verbosity "loud"']),
    ("corrupt", b'{"verbosity": "terse"', reason_parts("not-json", None)),
    ("nan", b'{"braille_width": NaN}', reason_parts("not-json", None)),
    ("a-list", b'["terse"]', reason_parts("malformed", "settings")),
    ("not-utf8", b'{"verbosity": "\xff"}', reason_parts("not-text", None)),
    ("too-large", b'{"x": "' + b"y" * 70_000 + b'"}', reason_parts("too-large", None)),
    ("a-folder", None, reason_parts("not-a-file", None)),
]


@pytest.mark.parametrize(
    ("content", "said"), [c[1:] for c in SETTINGS_CASES], ids=[c[0] for c in SETTINGS_CASES]
)
def test_a_wrong_settings_file_is_named_kept_and_the_game_starts(
    tmp_path: Path, content: bytes | None, said: list[str]
) -> None:
    settings = config_of(tmp_path) / "settings.json"
    put(settings, content)
    result = run(tmp_path, GAME, "quit\n")
    assert_clean(result)  # a value from the file is never refused as if it were a flag (status 2)
    assert "--braille-width" not in result.out + result.err
    told = assert_kept_aside(result, settings.parent, "settings", content, "settings file")
    sentence = result.lines("settings file")[0]
    assert sentence.startswith("The settings file"), sentence
    for part in said:
        assert part in sentence, (part, sentence)
    assert told.name.startswith("settings.damaged-")
    assert NEW_DEAL in result.out and "Goodbye" in result.out


def test_the_good_values_of_a_partly_wrong_settings_file_are_kept(tmp_path: Path) -> None:
    wrong = b'{"language": "en", "speech": "off", "verbosity": "terse", "braille_width": 3}'
    settings = config_of(tmp_path) / "settings.json"
    put(settings, wrong)
    result = run(tmp_path, GAME, "quit\n")
    assert_clean(result)
    kept = sorted(settings.parent.glob("settings.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == wrong
    terse = run(tmp_path / "reference", [*GAME, "--verbosity", "terse"], "quit\n")
    assert result.out.endswith(terse.out)  # played tersely, as the file says
    told = result.out[: -len(terse.out)]  # the notice, wrapped to the braille line as terse text is
    assert told.startswith("The settings file") and "(braille_width 3)" in told.replace("\n", " ")
    assert str(kept[0]) in told.replace("\n", "")
    assert json.loads(settings.read_text()) == {
        "language": "en",
        "speech": "off",
        "verbosity": "terse",
        "braille_width": None,
        "reader": None,
        "sounds": None,
        "braille": None,
        "server": None,
        "player_name": None,
        "take_back": None,
        "learn_offered": None,
        "coach": None,
    }


def test_a_good_language_is_kept_when_another_setting_is_wrong(tmp_path: Path) -> None:
    put(config_of(tmp_path) / "settings.json", b'{"language": "de", "verbosity": "loud"}')
    result = run(tmp_path, GAME, "quit\n")
    assert_clean(result)
    german = run(tmp_path / "reference", [*GAME, "--lang", "de"], "quit\n")
    assert result.out.split("\n", 1)[1] == german.out  # the notice, then the game in German
    assert 'verbosity "loud"' in result.out.split("\n", 1)[0]
    assert json.loads((config_of(tmp_path) / "settings.json").read_text())["language"] == "de"


# ----------------------------------------------------------------------------------- 5. unusable places


@contextlib.contextmanager
def read_only(folder: Path, files: dict[str, bytes | None] | None = None) -> Iterator[None]:
    """``folder`` holding ``files`` and nothing more can be written in it: a read-only tmpfs as root
    (chmod does not stop root), a folder without write permission otherwise."""
    if sys.platform == "win32":
        pytest.skip("a folder nobody may write is made with POSIX permissions; Windows has ACLs instead")
    folder.mkdir(parents=True, exist_ok=True)
    if not IS_ROOT:
        for name, content in (files or {}).items():
            put(folder / name, content)
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    mounted = subprocess.run(["mount", "-t", "tmpfs", "tmpfs", str(folder)], capture_output=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"running as root and cannot mount a read-only tmpfs: {mounted.stderr.decode().strip()}")
    try:
        for name, content in (files or {}).items():
            put(folder / name, content)
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True, capture_output=True)
        yield
    finally:
        subprocess.run(["umount", str(folder)], check=False, capture_output=True)


@dataclass
class Place:
    """How one unusable place is made, and what the player must be told."""

    env: dict[str, str]
    folders: list[str]  # the folders the player must hear "Cannot save in" about
    cwd: Path = ROOT
    prefix: tuple[str, ...] = ()
    match_saved: Path | None = None  # the data folder, where the match is still saved (it works)


def _no_home_prefix() -> tuple[str, ...]:
    """A user with no home at all (no HOME, no passwd entry) — as root, through setpriv."""
    if not IS_ROOT or shutil.which("setpriv") is None:
        pytest.skip("a user without a home folder needs root and setpriv")
    caps = ("--inh-caps", "+dac_read_search", "--ambient-caps", "+dac_read_search")  # to reach the Python
    return ("setpriv", "--reuid", "54321", "--regid", "54321", "--clear-groups", *caps)


PLACES = [
    "data-read-only",
    "home-read-only",
    "data-home-is-a-file",
    "config-home-is-a-file",
    "no-home",
    "settings-folder-in-read-only-config",
]


@contextlib.contextmanager
def unusable(kind: str, home: Path) -> Iterator[Place]:
    # the system's own folders (platformdirs: XDG on Linux), as a player without BERGEN_*_DIR has them
    plain = {k: v for k, v in environment(home, TERM="dumb").items() if not k.startswith(("XDG_", "BERGEN_"))}
    if kind == "data-read-only":
        with read_only(data_of(home)):
            yield Place(environment(home, TERM="dumb"), [str(data_of(home))])
    elif kind == "home-read-only":
        with read_only(home / "home"):
            yield Place(
                {**plain, "HOME": str(home / "home")}, [str(home / "home" / ".local/share/bergen-access")]
            )
    elif kind == "data-home-is-a-file":
        (home / "a-file").write_text("not a folder")
        yield Place(
            environment(home, TERM="dumb", BERGEN_DATA_DIR=str(home / "a-file" / "bergen-access")),
            [str(home / "a-file/bergen-access")],
        )
    elif kind == "config-home-is-a-file":
        (home / "a-file").write_text("not a folder")
        env = environment(home, TERM="dumb", BERGEN_CONFIG_DIR=str(home / "a-file" / "bergen-access"))
        yield Place(env, [str(home / "a-file/bergen-access")], match_saved=data_of(home))
    elif kind == "no-home":
        prefix = _no_home_prefix()
        cwd = home / "cwd"
        cwd.mkdir()
        cwd.chmod(0o777)  # writable by that user: nothing may be written relative to where it starts
        env = {k: v for k, v in plain.items() if k != "HOME"}
        yield Place(env, ["no home folder was found"], cwd=cwd, prefix=prefix)
    elif kind == "settings-folder-in-read-only-config":
        with read_only(config_of(home), {"settings.json": None}):
            yield Place(
                environment(home, TERM="dumb"),
                [str(config_of(home))],
                match_saved=data_of(home),
            )
    else:
        raise AssertionError(kind)


MOVES = "1-5 left\nhand\nverbosity terse\n5-5 left\nquit\n"  # each move and the setting try to save


@pytest.mark.parametrize("kind", PLACES)
def test_the_game_plays_where_nothing_can_be_saved_and_says_so_once(tmp_path: Path, kind: str) -> None:
    with unusable(kind, tmp_path) as place:
        result = run(tmp_path, GAME, MOVES, env=place.env, cwd=place.cwd, prefix=place.prefix)
        assert_clean(result)
        assert NEW_DEAL in result.out and PLAYED in result.out
        assert "Your 5 tiles: 0-6 (right)" in result.out and "Verbosity: terse." in result.out
        assert "Goodbye" in result.out.replace("\n", " ")
        if place.match_saved is not None:  # only the settings are lost: the match is saved
            assert len(save_record(place.match_saved)["actions"]) == 4
        if kind == "no-home":
            assert list(place.cwd.iterdir()) == []  # no "~/.local/share" made where the program started
        cannot = result.cannot_save()
        for folder in place.folders:
            assert len([line for line in cannot if folder in line]) == 1, cannot
        assert len(cannot) == len(set(cannot)), cannot  # the same sentence never twice


def test_a_read_only_data_folder_offers_its_match_and_keeps_a_damaged_one_where_it_is(
    tmp_path: Path, match_save: bytes
) -> None:
    folder = data_of(tmp_path)
    with read_only(folder, {"match.json": match_save}):
        result = run(tmp_path, GAME, "yes\nhand\n5-5 left\nquit\n")
        assert_clean(result)
        assert "A saved match is waiting, in hand 1:" in result.out
        assert "The saved match continues. Last: Anna plays 1-6 on the right." in result.out
        assert "You play 5-5 on the left." in result.out
        assert len(result.lines("Cannot save in")) == 1
        assert (folder / "match.json").read_bytes() == match_save
    with read_only(folder, {"match.json": truncated(match_save)}):
        result = run(tmp_path, GAME, "1-5 left\nquit\n")
        assert_clean(result)
        told = result.lines("could not be used")
        assert len(told) == 1 and str(folder / "match.json") in told[0], result.out
        assert NEW_DEAL in result.out and PLAYED in result.out
        assert (folder / "match.json").read_bytes() == truncated(match_save)


@pytest.mark.parametrize("kind", ["data-home-is-a-file", "config-home-is-a-file"])
def test_a_folder_that_cannot_exist_is_not_reported_as_a_damaged_file(tmp_path: Path, kind: str) -> None:
    """With no folder there is no file: "Cannot save in …" says it all; "could not be used" is not so."""
    with unusable(kind, tmp_path) as place:
        result = run(tmp_path, GAME, "quit\n", env=place.env)
        assert_clean(result)
        assert result.lines("could not be used") == [], result.out


@pytest.mark.parametrize(
    ("program", "kind"),
    [
        ("game", "data-read-only"),
        ("game", "data-home-is-a-file"),
        ("game", "no-home"),
        ("game", "another-copy"),
        ("keep", "data-read-only"),
        ("keep", "another-copy"),
    ],
)
def test_leaving_does_not_claim_a_save_that_was_not_made(tmp_path: Path, program: str, kind: str) -> None:
    args, name, typed, done = (
        (GAME, "match.json", "1-5 left\nquit\n", PLAYED)
        if program == "game"
        else (KEEP, "keep.json", "Cem 5-5\nyes\nquit\n", "Cem opens with 5-5.")
    )
    if kind == "another-copy":  # another program holds the file's lock: go on here without saving
        data_of(tmp_path).mkdir(parents=True)
        with filelock.FileLock(data_of(tmp_path) / f"{name}.lock", timeout=0):  # as the other copy holds it
            result = run(tmp_path, args, "1\n" + typed)
        assert not (data_of(tmp_path) / name).exists()
        assert not list(data_of(tmp_path).rglob("*.jsonl"))  # no journal either
    else:
        with unusable(kind, tmp_path) as place:
            result = run(tmp_path, args, typed, env=place.env, cwd=place.cwd, prefix=place.prefix)
    assert_clean(result)
    assert done in result.out
    last = result.out.strip().splitlines()[-1]
    assert "Goodbye" in last, last
    assert "Match saved" not in last and "Score sheet saved" not in last, last  # nothing was saved
    assert "again to continue" not in last, last


CRASH = """
import bergen_access.ui.game as game


def broken(self, *args, **kwargs):
    raise RuntimeError("injected fault")


game.Game._human_turn = broken
"""


@pytest.mark.parametrize(
    "where", ["writable", "data-home-is-a-file", "data-read-only", "crash-log-is-a-folder"]
)
def test_an_internal_error_is_one_sentence_even_when_its_report_cannot_be_written(
    tmp_path: Path, where: str
) -> None:
    inject = tmp_path / "inject"
    inject.mkdir()
    (inject / "sitecustomize.py").write_text(CRASH)  # a fault inside the game, where the player moves
    extra = {"PYTHONPATH": f"{inject}{os.pathsep}{ROOT}"}
    log = data_of(tmp_path) / "crash.log"
    with contextlib.ExitStack() as stack:
        if where == "data-home-is-a-file":
            (tmp_path / "a-file").write_text("not a folder")
            extra["BERGEN_DATA_DIR"] = str(tmp_path / "a-file" / "bergen-access")
        elif where == "data-read-only":
            stack.enter_context(read_only(data_of(tmp_path)))
        elif where == "crash-log-is-a-folder":
            log.mkdir(parents=True)
        result = run(tmp_path, GAME, "hand\n", env=environment(tmp_path, TERM="dumb", **extra))
        assert_clean(result, status=1)
    said = result.lines("Something went wrong")
    assert len(said) == 1, result.out
    if where == "writable":
        assert str(log) in said[0]
        assert "injected fault" in log.read_text() and "Traceback" in log.read_text()
    else:
        assert "no details could be written" in said[0], said[0]


# ------------------------------------------------------------------------------ 6. two copies at once


def prompt(session: PipeSession) -> str:
    """The text up to the next prompt, with the prompt."""
    got = session.read_to_prompt()
    assert got is not None, session.transcript[-500:]
    return got[0] + got[1]


@dataclass(frozen=True)
class Mode:
    args: list[str]
    file: str
    question: str
    first: list[str]  # what the first copy types before the second starts (each answered)
    second: list[str]  # what the second copy types when it plays without saving
    offer: str  # how the saved file is offered once the first copy is gone
    resumed: str

    def __str__(self) -> str:
        return self.file


MODES = [
    Mode(
        GAME,
        "match.json",
        notices.lock_question(ENGLISH, "match"),
        ["1-5 left"],
        ["1-5 left", "hand"],
        "A saved match is waiting, in hand 1:",
        "The saved match continues. Last: Anna plays 1-6 on the right.",
    ),
    Mode(
        KEEP,
        "keep.json",
        notices.lock_question(ENGLISH, "sheet"),
        ["Cem 5-5", "yes"],
        ["Anna 1-1", "yes", "Cem 1-2 right"],
        "A saved score sheet is waiting, in hand 1.",
        "5-5|5-5 Anna> ",
    ),
]


def start_first(home: Path, mode: Mode) -> tuple[PipeSession, bytes]:
    """The first copy, at its prompt after saving its first entries; its file's bytes."""
    first = PipeSession(mode.args, home)
    prompt(first)
    for line in mode.first:
        first.type(line)
        prompt(first)
    return first, kept_file(home, mode.file).read_bytes()


def folder_state(home: Path) -> dict[str, bytes]:
    folder = data_of(home)
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("mode", MODES, ids=str)
def test_a_second_copy_can_go_on_without_saving_and_leaves_the_first_ones_files_alone(
    tmp_path: Path, mode: Mode
) -> None:
    first, saved = start_first(tmp_path, mode)
    try:
        stray = data_of(tmp_path) / f"{mode.file}.4711.tmp"  # as if the first were writing right now
        stray.write_text("the first copy's write in progress")
        before = folder_state(tmp_path)
        second = PipeSession(mode.args, tmp_path)
        asked = prompt(second)
        assert mode.question in asked and asked.endswith("1-3> "), asked
        second.type("9")
        assert "Please type one of 1, 2, 3." in prompt(second)
        second.type("1")
        started = prompt(second)
        assert notices.not_saving(ENGLISH) in started
        assert "is waiting" not in started  # the first one's file is not offered to be taken over
        for line in mode.second:
            second.type(line)
            prompt(second)
        second.type("quit")
        assert second.finish() == 0
        assert "Traceback" not in second.transcript and "Cannot save" not in second.transcript
        assert folder_state(tmp_path) == before  # not a byte written, moved or removed
        assert kept_file(tmp_path, mode.file).read_bytes() == saved
        first.type("quit")
        assert first.finish() == 0
        assert kept_file(tmp_path, mode.file).read_bytes() == saved  # the first's own state, untouched
    finally:
        first.kill()


@pytest.mark.parametrize("mode", MODES, ids=str)
def test_a_second_copy_can_quit_at_once(tmp_path: Path, mode: Mode) -> None:
    first, _saved = start_first(tmp_path, mode)
    try:
        before = folder_state(tmp_path)
        second = PipeSession(mode.args, tmp_path)
        assert mode.question in prompt(second)
        second.type("3")
        assert second.read_to_prompt() is None  # no further question, no game
        assert second.finish() == 0
        assert "Traceback" not in second.transcript and WHO_OPENS not in second.transcript
        assert "Hand 1" not in second.transcript
        assert folder_state(tmp_path) == before
        first.type("quit")
        assert first.finish() == 0
    finally:
        first.kill()


@pytest.mark.parametrize("mode", MODES, ids=str)
def test_a_second_copy_can_wait_and_then_continues_the_first_ones_file(tmp_path: Path, mode: Mode) -> None:
    first, _saved = start_first(tmp_path, mode)
    second = PipeSession(mode.args, tmp_path)
    try:
        assert mode.question in prompt(second)
        second.type("2")
        second.read_until(notices.waiting_for_lock(ENGLISH))
        assert second.quiet_for(1.2)  # more than two looks at the lock: it keeps waiting
        first.type("quit")
        assert first.finish() == 0
        offered = prompt(second)  # the first is gone: its file is offered
        assert mode.offer in offered and offered.endswith("yes or no> "), offered
        second.type("yes")
        resumed = prompt(second)
        assert mode.resumed in resumed, resumed
        second.type("quit")
        assert second.finish() == 0
        assert "Traceback" not in second.transcript
    finally:
        first.kill()
        second.kill()


def test_a_match_and_a_score_sheet_are_kept_at_the_same_time(tmp_path: Path) -> None:
    game, _saved = start_first(tmp_path, MODES[0])
    try:
        result = run(tmp_path, KEEP, "Cem 5-5\nyes\nquit\n")
        assert_clean(result)
        assert notices.lock_question(ENGLISH, "sheet") not in result.out and "1-3> " not in result.out
        assert (saved_sheet(data_of(tmp_path)) or {})["entries"][1]["tile"] == "5-5"
        game.type("quit")
        assert game.finish() == 0
    finally:
        game.kill()


# ------------------------------------------------------------------------------ 7. stray temporary files


@pytest.mark.parametrize(
    ("args", "name", "other"), [(GAME, "match.json", "keep.json"), (KEEP, "keep.json", "match.json")]
)
def test_stray_temporary_files_of_a_killed_write_are_removed_at_start(
    tmp_path: Path, args: list[str], name: str, other: str
) -> None:
    folder = data_of(tmp_path)
    folder.mkdir(parents=True)
    strays = [folder / f"{name}.123.tmp", folder / f"{name}.k2j_x9.tmp"]
    others = [folder / f"{other}.123.tmp", folder / "notes.json.1.tmp", folder / "notes.txt"]
    for path in [*strays, *others]:
        path.write_text('{"half": ')
    result = run(tmp_path, args, "quit\n")
    assert_clean(result)
    assert [p for p in strays if p.exists()] == []
    assert [p for p in others if not p.exists()] == []  # another file's (another copy's) are not ours


@pytest.mark.parametrize(
    ("language", "word", "goodbye"), [("en", "quit", "Goodbye."), ("de", "beenden", "Tschüss.")]
)
def test_quit_at_the_resume_question_leaves_and_changes_nothing(
    tmp_path: Path, language: str, word: str, goodbye: str
) -> None:
    assert_clean(run(tmp_path, [*GAME, "--new"], "15\nquit\n"))
    saved = folder_state(tmp_path)
    result = run(tmp_path, [*GAME, "--lang", language], f"{word}\n")
    assert_clean(result)
    assert result.out.rstrip().endswith(goodbye), result.out[-300:]
    assert folder_state(tmp_path) == saved
