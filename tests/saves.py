"""What the program keeps of the console's match and of the score sheet, read as the program reads them.

The save is the newest journal of the console in ``records`` (``session/journal.py``); these helpers
let a test ask for the match in it, its actions as JSON, or whether it ended, without knowing the format.
The score sheet is a journal too (``keep.jsonl``, ``keeping/sheet.py``): ``saved_sheet`` shows it as
the whole sheet of version 1 (``keep.json``) showed it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bergen_access.core.engine import Match
from bergen_access.core.journal import Replayed
from bergen_access.core.keep_record import keep_record
from bergen_access.core.record import action_to_json
from bergen_access.keeping.sheet import SHEET_FILE, read_sheet
from bergen_access.session.journal import (
    FOLDER,
    SUFFIX,
    current_journal,
    journal_files,
    read_journal,
    read_text,
)
from bergen_access.session.storage import Storage


def data_folder(home: Path) -> Path:
    """The data folder of a test's home (tests/drivers.py's environment)."""
    return home / "data" / "bergen-access"


def journals(data: Path) -> list[Path]:
    """Every journal in the data folder, oldest first."""
    return list(reversed(journal_files(Storage(data))))


def journal_path(data: Path) -> Path | None:
    """The console's current journal (the newest not of a server's table), or None."""
    name = current_journal(Storage(data))
    return data / name if name is not None else None


def replayed(data: Path) -> Replayed | None:
    path = journal_path(data)
    return read_journal(path)[0] if path is not None else None


def saved_match(data: Path) -> Match | None:
    """The match the program saved last, while it goes on (None before it starts, after it ended or
    was left): what the save of earlier versions held."""
    found = replayed(data)
    if found is None or found.match.is_over or found.left:
        return None
    return found.match


def saved_actions(data: Path) -> list[dict[str, Any]]:
    """The saved match's actions as the save of version 2 wrote them (``[]`` if none)."""
    found = replayed(data)
    return [action_to_json(a) for a in found.match.actions] if found is not None else []


def save_record(data: Path) -> dict[str, Any]:
    """The console's journal as the save of version 2 showed it: ``actions`` (as JSON) and ``hands``; a
    match that ended still shows (the save of earlier versions was removed only after the match's end
    was told). FileNotFoundError if there is no journal."""
    found = replayed(data)
    if found is None:
        raise FileNotFoundError(data)
    return {
        "actions": [action_to_json(a) for a in found.match.actions],
        "hands": found.match.hand_number,
        "taken_back": found.envelope["taken_back"],
    }


def cut_journal(path: Path, actions: int) -> None:
    """Make a journal what it was when it held its first ``actions`` moves (what a kill then leaves)."""
    text = read_text(path)
    kept: list[Any] = [text.head]
    count = 0
    for entry in text.entries:
        if count >= actions:
            break
        if "moves" in entry:
            moves = entry["moves"][: actions - count]
            count += len(moves)
            kept.append({"moves": moves})
        else:
            kept.append(entry)
    path.write_text("".join(json.dumps(e) + "\n" for e in kept), encoding="utf-8")


def sheet_path(data: Path) -> Path:
    """Where the score sheet is kept (it may not be there)."""
    return data / SHEET_FILE


def saved_sheet(data: Path) -> dict[str, Any] | None:
    """The score sheet as the whole sheet of version 1 held it (its entries after every take-back), read
    back from its journal as the program reads it; None if there is none."""
    path = sheet_path(data)
    if not path.exists():
        return None
    (core, names), _text = read_sheet(path)
    return keep_record(core, names)


def sheet_text(data: Path) -> str:
    """The score sheet as a file of version 1 (``keep.json``) held it: what earlier versions wrote."""
    sheet = saved_sheet(data)
    assert sheet is not None, "no score sheet"
    return json.dumps(sheet, indent=1) + "\n"


def entries(path: Path) -> list[Any]:
    """A journal's entries after its header."""
    return read_text(path).entries


__all__ = [
    "FOLDER",
    "SUFFIX",
    "cut_journal",
    "data_folder",
    "entries",
    "journal_path",
    "journals",
    "replayed",
    "saved_actions",
    "saved_match",
    "saved_sheet",
    "sheet_path",
    "sheet_text",
]
