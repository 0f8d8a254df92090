"""Scorekeeping sessions as JSON: the rules, the names, the mode and every entry; loading replays them.

Version 2 is the sheet as a journal (``keeping/sheet.py`` keeps the file): a
header (``sheet_header``), then one line per entry, the entry's JSON as
version 1 held it, and a take-back as a line of its own (``undo_line``), so an
entry costs one short line however long the sheet. Version 1, the whole
sheet in one file (``keep_record``), is still read and carried on.
"""

from __future__ import annotations

from typing import Any

from .actions import Pass, Play
from .events import HeaderKind, Holding
from .record import ACTION, RULES, RecordError, action_from_json, action_to_json, check_kind
from .refused import RecordProblem
from .rules import Rules, RulesError, from_options
from .schema import (
    SET_TILES,
    TILE_LONGEST,
    TILE_TEXT,
    Check,
    SchemaError,
    array,
    boolean,
    integer,
    nullable,
    obj,
    string,
    tagged,
)
from .table import DrawTiles, Entry, NewHand, Open, Reveal, Table
from .tally import Call, CallBlocked, CallHeader, CallOpen, CallOut, Tally
from .tiles import LARGEST, parse_tile

FORMAT = "bergen-access-keep"
VERSION = 1  # the whole sheet in one JSON file (``keep.json``)
SHEET_VERSION = 2  # the sheet as a journal: a header, then a line per entry or take-back
TRACK, TALLY = "track", "tally"
MOST_ENTRIES = 200_000

_SEAT = integer(0, 3)
_DRAW_TILES = obj({"seat": _SEAT, "count": integer(1, 28)})


def _draw(value: Any, where: str) -> None:
    """The tracked table's draws carry a count; the game's one-tile draw does not."""
    (_DRAW_TILES if "count" in value else ACTION)(value, where)


ENTRY: Check = tagged(
    "type",
    {
        "new-hand": obj({}),
        "open": obj({"seat": _SEAT, "tile": string(TILE_LONGEST, TILE_TEXT)}),
        "draw": _draw,
        "play": ACTION,
        "pass": ACTION,
        "reveal": obj(
            {
                "side": _SEAT,
                "doubles": integer(0, 28),
                "pips": integer(0, 400),
                "single_pips": integer(0, 400),
            },
            {"tiles": array(string(TILE_LONGEST, TILE_TEXT), SET_TILES)},
        ),
        "called-open": obj({"seat": _SEAT, "tile": string(TILE_LONGEST, TILE_TEXT)}),
        "header": obj({"seat": _SEAT, "kind": string(10, None, tuple(kind.value for kind in HeaderKind))}),
        "out": obj({"seat": _SEAT}),
        "blocked": obj({"winner": nullable(_SEAT)}),
    },
)


def _fields(name: Check) -> tuple[dict[str, Check], dict[str, Check]]:
    """What a sheet is, in both versions: its required and its optional fields (the entries aside)."""
    required: dict[str, Check] = {
        "mode": string(5, None, (TRACK, TALLY)),
        "rules": RULES,
        "names": array(name, 4, 2),
    }
    return required, {"scores": nullable(array(integer(0, 10_000), 4)), "openings": boolean()}


def _check(schema: Check, value: Any, where: str) -> None:
    try:
        schema(value, where)
    except SchemaError as error:
        raise RecordError(RecordProblem.MALFORMED, error.where) from None


def check_keep_record(record: Any, name: Check) -> None:
    """The shape of a score sheet before any value is used; ``RecordError`` naming the place."""
    check_kind(record, FORMAT, VERSION)
    required, optional = _fields(name)
    _check(obj({**required, "entries": array(ENTRY, MOST_ENTRIES)}, optional), record, "sheet")


#: a take-back: the sheet goes back to its first ``at`` entries; ``entries`` are those it takes back
#: a take-back takes back at least one entry
UNDO: Check = obj({"at": integer(0, MOST_ENTRIES), "entries": array(ENTRY, MOST_ENTRIES, 1)})


def any_name(value: Any, where: str) -> None:
    string(100)(value, where)


def entry_to_json(entry: Entry | Call) -> dict[str, Any]:
    """One entry as a JSON-ready dictionary."""
    if isinstance(entry, NewHand):
        return {"type": "new-hand"}
    if isinstance(entry, Open):
        return {"type": "open", "seat": entry.seat, "tile": entry.tile.notation}
    if isinstance(entry, DrawTiles):
        return {"type": "draw", "seat": entry.seat, "count": entry.count}
    if isinstance(entry, Reveal):
        tiles = {"tiles": [t.notation for t in entry.tiles]} if entry.tiles else {}
        return {"type": "reveal", "side": entry.side, **entry.holding._asdict(), **tiles}
    if isinstance(entry, CallOpen):
        return {"type": "called-open", "seat": entry.seat, "tile": entry.tile.notation}
    if isinstance(entry, CallHeader):
        return {"type": "header", "seat": entry.seat, "kind": entry.kind.value}
    if isinstance(entry, CallOut):
        return {"type": "out", "seat": entry.seat}
    if isinstance(entry, CallBlocked):
        return {"type": "blocked", "winner": entry.winner}
    return action_to_json(entry)


def entry_from_json(data: dict[str, Any]) -> Entry | Call:
    """The entry an ``entry_to_json`` dictionary describes."""
    kind = data.get("type")
    try:
        if kind == "new-hand":
            return NewHand()
        if kind == "open":
            return Open(int(data["seat"]), parse_tile(str(data["tile"]), LARGEST))
        if kind == "draw" and "count" in data:
            return DrawTiles(int(data["seat"]), int(data["count"]))
        if kind == "reveal":
            holding = Holding(int(data["doubles"]), int(data["pips"]), int(data["single_pips"]))
            tiles = tuple(parse_tile(str(t), LARGEST) for t in data.get("tiles", []))
            return Reveal(int(data["side"]), holding, tiles)
        if kind == "called-open":
            return CallOpen(int(data["seat"]), parse_tile(str(data["tile"]), LARGEST))
        if kind == "header":
            return CallHeader(int(data["seat"]), HeaderKind(data["kind"]))
        if kind == "out":
            return CallOut(int(data["seat"]))
        if kind == "blocked":
            winner = data.get("winner")
            return CallBlocked(None if winner is None else int(winner))
    except (KeyError, TypeError, ValueError):
        raise RecordError(RecordProblem.BAD_ENTRY, data) from None
    action = action_from_json(data)
    if isinstance(action, Play | Pass):
        return action
    raise RecordError(RecordProblem.BAD_ENTRY, data)


def sheet_header(core: Table | Tally, names: list[str]) -> dict[str, Any]:
    """The first line of a sheet kept as a journal: what version 1 held, all but the entries."""
    options = {k: (v.value if hasattr(v, "value") else v) for k, v in core.rules.options().items()}
    return {
        "format": FORMAT,
        "version": SHEET_VERSION,
        "mode": TRACK if isinstance(core, Table) else TALLY,
        **({"openings": core.openings} if isinstance(core, Tally) else {}),
        "rules": options,
        "scores": list(core.starting_scores),
        "names": list(names),
    }


def undo_line(at: int, taken: list[Entry | Call]) -> dict[str, Any]:
    """A take-back as a line of the journal: back to the first ``at`` entries (``taken`` follow them)."""
    return {"undo": {"at": at, "entries": [entry_to_json(e) for e in taken]}}


def keep_record(core: Table | Tally, names: list[str]) -> dict[str, Any]:
    """The sheet as version 1 saved it, whole (still read and carried on as a journal)."""
    return {
        **sheet_header(core, names),
        "version": VERSION,
        "entries": [entry_to_json(e) for e in core.entries],
    }


def load_keep(record: Any, name: Check = any_name) -> tuple[Table | Tally, list[str]]:
    """Replay a scorekeeping record of version 1 (each name checked by ``name``)."""
    check_keep_record(record, name)
    return _replayed(record, record["entries"])


def load_sheet(head: Any, lines: list[Any], name: Check = any_name) -> tuple[Table | Tally, list[str]]:
    """Replay a sheet kept as a journal: its header, then its lines (entries and take-backs) in order;
    ``RecordError`` naming the first line that is not one, or a take-back of what was never entered."""
    check_kind(head, FORMAT, SHEET_VERSION)
    required, optional = _fields(name)
    _check(obj(required, optional), head, "sheet")
    if len(lines) > 2 * MOST_ENTRIES:
        raise RecordError(RecordProblem.MALFORMED, "sheet")
    entries: list[Any] = []
    for number, line in enumerate(lines, start=1):
        where = f"sheet[{number}]"
        if isinstance(line, dict) and "undo" in line:
            _check(obj({"undo": UNDO}), line, where)
            at, taken = line["undo"]["at"], line["undo"]["entries"]
            if at > len(entries) or entries[at:] != taken:
                raise RecordError(RecordProblem.MALFORMED, f"{where}.undo")
            del entries[at:]
            continue
        _check(ENTRY, line, where)
        entries.append(line)
        if len(entries) > MOST_ENTRIES:
            raise RecordError(RecordProblem.MALFORMED, where)
    return _replayed(head, entries)


def _check_table(entries: list[Entry | Call], rules: Rules) -> None:
    """Before any replay: every seat one at the table, every tile one of its set (the schema knows the
    seats and tiles of every table); ``RecordError`` naming the first entry that is not."""
    for number, entry in enumerate(entries):
        seat = getattr(entry, "seat", 0)
        tiles = [entry.tile] if isinstance(entry, Open | Play | CallOpen) else []
        tiles += list(entry.tiles) if isinstance(entry, Reveal) else []
        if seat >= rules.players or any(tile not in rules.tiles for tile in tiles):
            raise RecordError(RecordProblem.MALFORMED, f"sheet.entries[{number}]")


def _replayed(sheet: dict[str, Any], entries_json: list[Any]) -> tuple[Table | Tally, list[str]]:
    """The sheet (its fields checked) with these entries, replayed."""
    try:
        rules = from_options(dict(sheet["rules"]))
    except RulesError:
        raise RecordError(RecordProblem.MALFORMED, "sheet.rules") from None
    names = [str(n) for n in sheet["names"]]
    entries = [entry_from_json(e) for e in entries_json]
    mode = sheet["mode"]
    scores = sheet.get("scores")
    if len(names) != rules.players:
        raise RecordError(RecordProblem.MALFORMED, "sheet.names")
    if any(isinstance(entry, Call) != (mode == TALLY) for entry in entries):
        # tally calls in a tracked sheet, or the reverse
        raise RecordError(RecordProblem.MALFORMED, "sheet.entries")
    _check_table(entries, rules)
    try:
        if mode == TRACK:
            return Table.replay(rules, scores, entries), names  # type: ignore[arg-type]
        openings = bool(sheet.get("openings", False))  # sheets kept before openings were called
        return Tally.replay(rules, scores, entries, openings=openings), names  # type: ignore[arg-type]
    except ValueError as error:
        raise RecordError(RecordProblem.DOES_NOT_REPLAY, str(error)) from None
