"""Scorekeeping sessions as JSON: the rules, the names, the mode and every entry; loading replays them."""

from __future__ import annotations

from typing import Any

from .actions import Pass, Play
from .events import HeaderKind, Holding
from .record import ACTION, RULES, RecordError, action_from_json, action_to_json, check_kind
from .refused import RecordProblem
from .rules import RulesError, from_options
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
VERSION = 1
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


def check_keep_record(record: Any, name: Check) -> None:
    """The shape of a score sheet before any value is used; ``RecordError`` naming the place."""
    check_kind(record, FORMAT, VERSION)
    schema = obj(
        {
            "mode": string(5, None, (TRACK, TALLY)),
            "rules": RULES,
            "names": array(name, 4, 2),
            "entries": array(ENTRY, MOST_ENTRIES),
        },
        {"scores": nullable(array(integer(0, 10_000), 4)), "openings": boolean()},
    )
    try:
        schema(record, "sheet")
    except SchemaError as error:
        raise RecordError(RecordProblem.MALFORMED, error.where) from None


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


def keep_record(core: Table | Tally, names: list[str]) -> dict[str, Any]:
    """The save record of a scorekeeping session."""
    options = {k: (v.value if hasattr(v, "value") else v) for k, v in core.rules.options().items()}
    return {
        "format": FORMAT,
        "version": VERSION,
        "mode": TRACK if isinstance(core, Table) else TALLY,
        **({"openings": core.openings} if isinstance(core, Tally) else {}),
        "rules": options,
        "scores": list(core.starting_scores),
        "names": list(names),
        "entries": [entry_to_json(e) for e in core.entries],
    }


def load_keep(record: Any, name: Check = any_name) -> tuple[Table | Tally, list[str]]:
    """Replay a scorekeeping record (each name checked by ``name``)."""
    check_keep_record(record, name)
    try:
        rules = from_options(dict(record["rules"]))
    except RulesError:
        raise RecordError(RecordProblem.MALFORMED, "sheet.rules") from None
    names = [str(n) for n in record["names"]]
    entries = [entry_from_json(e) for e in record["entries"]]
    mode = record["mode"]
    scores = record.get("scores")
    if len(names) != rules.players:
        raise RecordError(RecordProblem.MALFORMED, "sheet.names")
    if any(isinstance(entry, Call) != (mode == TALLY) for entry in entries):
        # tally calls in a tracked sheet, or the reverse
        raise RecordError(RecordProblem.MALFORMED, "sheet.entries")
    try:
        if mode == TRACK:
            return Table.replay(rules, scores, entries), names  # type: ignore[arg-type]
        openings = bool(record.get("openings", False))  # sheets kept before openings were called
        return Tally.replay(rules, scores, entries, openings=openings), names  # type: ignore[arg-type]
    except ValueError as error:
        raise RecordError(RecordProblem.DOES_NOT_REPLAY, str(error)) from None
