"""Matches as JSON-ready data: actions, events, and the save record.

A record holds the rules, the dealer (its seed), the seats (whatever the
interface wants to keep about them) and the list of actions. Loading starts
a new match and replays every action through ``apply``, so a record that
does not replay is detected instead of trusted. Reading and writing files is
the session layer's job.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from .actions import Action, Draw, End, Pass, Play
from .dealers import dealer_from_spec
from .engine import Match, Phase
from .events import Event
from .refused import RecordProblem, Refused
from .rules import OPTION_NAMES, Rules, RulesError, from_options
from .schema import (
    SET_TILES,
    TILE_LONGEST,
    TILE_TEXT,
    Check,
    SchemaError,
    array,
    integer,
    mapping,
    nullable,
    obj,
    scalar,
    string,
    tagged,
)
from .tiles import LARGEST, Tile, parse_tile

FORMAT = "bergen-access-match"
VERSION = 2  # 2: the taken-back actions kept apart ("taken_back")
READABLE_VERSIONS = (1, 2)  # a save of version 1 has no take-backs
MOST_ACTIONS = 200_000  # far beyond any match (about 30 actions a hand)
MOST_HANDS = 20_000
MOST_ARMS = 8
#: take-backs in one match: ``undo`` is a command a person types (one every three seconds for eight hours
#: is under 10,000), and each takes back at least one action
MOST_TAKE_BACKS = 10_000
SEED = integer(-(2**63), 2**63)

ACTION: Check = tagged(
    "type",
    {
        "play": obj(
            {"seat": integer(0, 3), "tile": string(TILE_LONGEST, TILE_TEXT)},
            {"end": string(5, None, ("left", "right")), "arm": integer(1, MOST_ARMS)},
        ),
        "draw": obj({"seat": integer(0, 3)}),
        "pass": obj({"seat": integer(0, 3)}),
    },
)
RULES: Check = mapping(string(40, None, OPTION_NAMES), scalar(), len(OPTION_NAMES))
DEALER: Check = tagged(
    "kind",
    {
        "seeded": obj({"seed": SEED}, {"shift": integer(0, 3)}),
        "told": obj(
            {
                "deals": array(
                    obj(
                        {
                            "hands": array(array(string(TILE_LONGEST, TILE_TEXT), SET_TILES), 4),
                            "stock": array(string(TILE_LONGEST, TILE_TEXT), SET_TILES),
                        }
                    ),
                    MOST_HANDS,
                )
            },
            {"then_seed": SEED},
        ),
    },
)
SCORES: Check = nullable(array(integer(0, 10_000), 4))
#: one take-back: where it cut the actions, and the actions it took back (at least one: core/takeback.py)
TAKE_BACK: Check = obj({"at": integer(0, MOST_ACTIONS), "actions": array(ACTION, MOST_ACTIONS, 1)})
TAKEN_BACK: Check = array(TAKE_BACK, MOST_TAKE_BACKS)


class RecordError(Refused):
    """A record that cannot be loaded; ``code`` says why, ``detail`` where (or what)."""

    def __init__(self, code: RecordProblem, detail: object = None) -> None:
        super().__init__(code, detail=detail)
        self.code: RecordProblem = code
        self.detail = detail


def action_to_json(action: Action) -> dict[str, Any]:
    """``{"type": "play", "seat": 0, "tile": "3-5", "end": "left"}``; on larger sets ``"arm": 2``."""
    if isinstance(action, Play):
        where = {"end": action.end.word} if isinstance(action.end, End) else {"arm": action.end + 1}
        return {"type": "play", "seat": action.seat, "tile": action.tile.notation, **where}
    return {"type": "draw" if isinstance(action, Draw) else "pass", "seat": action.seat}


def action_from_json(data: dict[str, Any]) -> Action:
    """The action an ``action_to_json`` dictionary describes."""
    kind = data.get("type")
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise RecordError(RecordProblem.BAD_ACTION, data)
    if kind == "play":
        arm = data.get("arm")
        end: int | None = {"left": End.LEFT, "right": End.RIGHT}.get(str(data.get("end")))
        if end is None and isinstance(arm, int) and not isinstance(arm, bool) and 1 <= arm <= MOST_ARMS:
            end = arm - 1
        try:
            tile = parse_tile(str(data.get("tile")), LARGEST)
        except ValueError:
            raise RecordError(RecordProblem.BAD_ACTION, data) from None
        if end is None:
            raise RecordError(RecordProblem.BAD_ACTION, data)
        return Play(seat, tile, end)
    if kind == "draw":
        return Draw(seat)
    if kind == "pass":
        return Pass(seat)
    raise RecordError(RecordProblem.BAD_ACTION, data)


def _plain(value: Any) -> Any:
    if isinstance(value, Tile):
        return value.notation
    if isinstance(value, Enum):
        return value.value if not isinstance(value, End) else value.word
    if hasattr(value, "_asdict"):
        return {k: _plain(v) for k, v in value._asdict().items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def event_type_name(event: Event) -> str:
    """``TilePlayed`` → ``tile-played``."""
    name = type(event).__name__
    return "".join("-" + c.lower() if c.isupper() else c for c in name).lstrip("-")


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as a JSON-ready dictionary with a ``type`` key."""
    return {"type": event_type_name(event), **_plain(event)}


def to_record(match: Match, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The save record of a match."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": _plain(match.rules.options()),
        "dealer": match.dealer.spec(),
        "scores": list(match.starting_scores),
        "seats": list(seats or []),
        "hands": match.hand_number,
        "actions": [action_to_json(a) for a in match.actions],
        "taken_back": [
            {"at": at, "actions": [action_to_json(a) for a in actions]} for at, actions in match.taken_back
        ],
    }


def check_kind(record: Any, format_name: str, version: int | tuple[int, ...]) -> None:
    """A record of ours at all (``format``), and of a version this program reads; ``RecordError`` if not."""
    if not isinstance(record, dict) or record.get("format") != format_name:
        raise RecordError(RecordProblem.NOT_A_RECORD)
    versions = version if isinstance(version, tuple) else (version,)
    found = record.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found not in versions:
        raise RecordError(RecordProblem.UNKNOWN_VERSION, record.get("version"))


def check_record(record: Any, seat: Check) -> None:
    """The record's shape, before any value is used; ``RecordError`` naming the place if it is wrong."""
    check_kind(record, FORMAT, READABLE_VERSIONS)
    optional: dict[str, Check] = {"taken_back": TAKEN_BACK} if record.get("version") >= 2 else {}
    schema = obj(
        {
            "rules": RULES,
            "dealer": DEALER,
            "actions": array(ACTION, MOST_ACTIONS),
        },
        {
            "seats": array(seat, 4),
            "scores": SCORES,
            "hands": integer(1, MOST_HANDS),
            **optional,
        },
    )
    try:
        schema(record, "match")
    except SchemaError as error:
        raise RecordError(RecordProblem.MALFORMED, error.where) from None


def any_seat(value: Any, where: str) -> None:
    """Seats as the core sees them: whatever the interface keeps, as long as it is an object."""
    obj({})(value, where)


def _check_told_tiles(spec: dict[str, Any], rules: Rules) -> None:
    """Told deals hold tiles of the match's set only (the schema knows tiles of every set)."""
    for number, deal in enumerate(spec.get("deals", [])) if spec.get("kind") == "told" else ():
        places = [
            (f"hands[{h}][{t}]", text) for h, hand in enumerate(deal["hands"]) for t, text in enumerate(hand)
        ]
        places += [(f"stock[{t}]", text) for t, text in enumerate(deal["stock"])]
        for where, text in places:
            if parse_tile(text, LARGEST) not in rules.tiles:
                raise RecordError(RecordProblem.MALFORMED, f"match.dealer.deals[{number}].{where}")


def _check_actions(actions: list[Action], rules: Rules, where: str) -> None:
    """Actions of this match's table: tiles of its set, a seat at it, and "end" on double-six, "arm"
    on the larger sets; ``RecordError`` naming the first that is not."""
    for number, action in enumerate(actions):
        if action.seat >= rules.players:
            raise RecordError(RecordProblem.MALFORMED, f"{where}[{number}].seat")
        if isinstance(action, Play) and action.tile not in rules.tiles:
            raise RecordError(RecordProblem.MALFORMED, f"{where}[{number}].tile")
        if isinstance(action, Play) and isinstance(action.end, End) != (rules.arms == 2):
            raise RecordError(RecordProblem.MALFORMED, f"{where}[{number}]")


def _taken_back(
    entries: list[dict[str, Any]], rules: Rules, actions: int
) -> list[tuple[int, tuple[Action, ...]]]:
    """The take-backs of a record, checked in full before anything is replayed.

    Actions only grow between two take-backs, so each one starts from at least as many actions as the
    one before it left (``at`` plus what it took back is not below the previous ``at``), and the last
    cut at most where the actions end now. A take-back takes back at least one action (the schema).
    """
    taken: list[tuple[int, tuple[Action, ...]]] = []
    if sum(len(entry["actions"]) for entry in entries) > MOST_ACTIONS:
        raise RecordError(RecordProblem.MALFORMED, "match.taken_back")
    left = 0  # how many actions the previous take-back left
    for number, entry in enumerate(entries):
        where = f"match.taken_back[{number}]"
        undone = [action_from_json(a) for a in entry["actions"]]
        if entry["at"] + len(undone) < left:
            raise RecordError(RecordProblem.MALFORMED, f"{where}.at")
        _check_actions(undone, rules, f"{where}.actions")
        taken.append((entry["at"], tuple(undone)))
        left = entry["at"]
    if left > actions:
        raise RecordError(RecordProblem.MALFORMED, f"match.taken_back[{len(entries) - 1}].at")
    return taken


def from_record(record: Any, seat: Check = any_seat) -> tuple[Match, list[dict[str, Any]]]:
    """Rebuild a match by replaying a record; returns it with the seats (each checked by ``seat``)."""
    check_record(record, seat)
    try:
        rules = from_options(dict(record["rules"]))
    except RulesError:
        raise RecordError(RecordProblem.MALFORMED, "match.rules") from None
    _check_told_tiles(record["dealer"], rules)
    try:
        dealer = dealer_from_spec(dict(record["dealer"]))
    except ValueError:
        raise RecordError(RecordProblem.MALFORMED, "match.dealer") from None
    actions = [action_from_json(a) for a in record["actions"]]
    _check_actions(actions, rules, "match.actions")
    # version 1 knew no take-backs: a key of that name there is not ours
    taken = _taken_back(record.get("taken_back", []), rules, len(actions)) if record["version"] >= 2 else []
    try:
        match = Match(rules, dealer, record.get("scores"))
    except ValueError:
        raise RecordError(RecordProblem.MALFORMED, "match.scores") from None
    hands = record.get("hands", 1)
    try:
        match.start_hand()
        for number, action in enumerate(actions):
            if match.phase is Phase.HAND_OVER:
                match.start_hand()
            if match.check(action) is not None:
                raise RecordError(RecordProblem.DOES_NOT_REPLAY, number)
            match.apply(action)
        if match.phase is Phase.HAND_OVER and match.hand_number < hands:
            match.start_hand()
    except RecordError:
        raise
    except ValueError as error:  # a told deal that does not fit the table
        raise RecordError(RecordProblem.DOES_NOT_REPLAY, str(error)) from None
    if match.hand_number != hands:
        raise RecordError(RecordProblem.DOES_NOT_REPLAY, len(actions))
    match.taken_back = taken
    return match, list(record.get("seats", []))
