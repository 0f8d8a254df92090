"""The rules of a match as data: one frozen ``Rules`` value, named presets.

Every variant the project knows is a combination of the options below; the
engine reads them and never asks which preset it is playing. Errors carry
codes, not prose: the interface words them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any

from .refused import Refused
from .tiles import HIGHEST_NUMBER, SET_SIZES, Tile, TileSet, tile_set


class Opener(StrEnum):
    """Which double opens every hand."""

    LOWEST = "lowest"
    HIGHEST = "highest"


class NoDouble(StrEnum):
    """What happens when nobody is dealt a double."""

    REDEAL = "redeal"


class HandSize(StrEnum):
    """How many tiles each player is dealt."""

    STANDARD = "standard"  # 6 with 2 or 3 players, 5 with 4
    EIGHT_MINUS_PLAYERS = "eight-minus-players"  # 6 / 5 / 4


class Reduction(StrEnum):
    """How headers shrink near the target."""

    STANDARD = "standard"  # need <= 2: 1; need 3: at most 2
    COUNTERS = "counters"  # Braillespiel discards: double 2 (1 at <= 2), triple 3 (2 at < 4)
    NONE = "none"


class BlockedRule(StrEnum):
    """Who wins a blocked hand."""

    GERMAN = "german"  # fewest doubles, then fewer pips
    AMERICAN = "american"  # no double beats any; then pips; all doubles: single-tile pips
    PIPS = "pips"  # fewest pips
    NONE = "none"  # nobody scores


class Tally(StrEnum):
    """How the score is kept."""

    POINTS = "points"  # points counted up to the target
    COUNTERS = "counters"  # counters held, counted down to zero


class RulesProblem(StrEnum):
    """What is wrong with a rule option or combination."""

    UNKNOWN_PRESET = "unknown-preset"
    UNKNOWN_OPTION = "unknown-option"
    BAD_VALUE = "bad-value"
    PLAYERS_OUT_OF_RANGE = "players-out-of-range"
    PARTNERSHIPS_NEED_FOUR = "partnerships-need-four-players"
    DEAL_TOO_LARGE = "deal-too-large"
    ARMS_FIRST_WITH_LARGER_SETS = "arms-first-with-larger-sets"  # set 9 or 12 needs first-arms-first


class RulesError(Refused):
    """A rule option or combination that cannot be played: ``code`` what, ``option`` and ``value`` where."""

    def __init__(self, code: RulesProblem, option: str = "", value: object = None) -> None:
        super().__init__(code, option=option, value=value)
        self.code: RulesProblem = code
        self.option = option
        self.value = value


MIN_PLAYERS = 2
MAX_PLAYERS = 4


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Every rule option of a match. Defaults are the ``standard`` preset.

    The facts derived from the options (``sides``, ``tiles``, ``arms``, ``tiles_per_player``,
    ``target_score``) are worked out once per value (``cached_property``: the value is frozen, and the
    cache is no field, so equality, hashing and ``options`` never see it); the engine reads them on
    every deal.
    """

    players: int = 2
    partnerships: bool = False
    tile_set: int = 6  # the highest double: 6, 9 or 12
    opener: Opener = Opener.LOWEST
    no_double: NoDouble = NoDouble.REDEAL
    hand_size: HandSize = HandSize.STANDARD
    reserved_tiles: int = 2
    draw_while_able: bool = False
    opening_double_scores: bool = True
    first_arms_first: bool = False
    double_header: int = 2
    triple_header: int = 3
    reduction: Reduction = Reduction.STANDARD
    going_out: int = 2
    blocked_rule: BlockedRule = BlockedRule.GERMAN
    blocked_award: int = 2
    target: int | None = None  # None: 15 for two sides, 10 for three or four
    tally: Tally = Tally.POINTS

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise ``RulesError`` for a value or combination that cannot be played."""
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise RulesError(RulesProblem.PLAYERS_OUT_OF_RANGE, "players", self.players)
        if self.partnerships and self.players != 4:
            raise RulesError(RulesProblem.PARTNERSHIPS_NEED_FOUR, "partnerships", self.players)
        for name in ("reserved_tiles", "going_out", "blocked_award"):
            if getattr(self, name) < 0:
                raise RulesError(RulesProblem.BAD_VALUE, name, getattr(self, name))
        for name in ("double_header", "triple_header"):
            if getattr(self, name) < 1:
                raise RulesError(RulesProblem.BAD_VALUE, name, getattr(self, name))
        if self.target is not None and self.target < 1:
            raise RulesError(RulesProblem.BAD_VALUE, "target", self.target)
        if self.tile_set not in SET_SIZES:
            raise RulesError(RulesProblem.BAD_VALUE, "tile_set", self.tile_set)
        if self.tile_set > HIGHEST_NUMBER and not self.first_arms_first:
            raise RulesError(
                RulesProblem.ARMS_FIRST_WITH_LARGER_SETS, "first_arms_first", self.first_arms_first
            )
        if self.players * self.tiles_per_player + self.reserved_tiles > self.tiles.count:
            raise RulesError(RulesProblem.DEAL_TOO_LARGE, "reserved_tiles", self.reserved_tiles)

    @cached_property
    def sides(self) -> int:
        """Number of sides: players, or two partnerships."""
        return 2 if self.partnerships else self.players

    @cached_property
    def tiles(self) -> TileSet:
        """The set played with."""
        return tile_set(self.tile_set)

    @cached_property
    def arms(self) -> int:
        """Open ends the opening double gives: 2 (double-six), 4 (its four sides), 8 (sides and corners)."""
        return _ARMS[self.tile_set]

    @property
    def expected_opener(self) -> Tile:
        """The double the opener holds unless nobody holds it: the set's lowest (or highest) one; a
        scorekeeper told another asks back before taking it."""
        doubles = self.tiles.doubles
        return doubles[0] if self.opener is Opener.LOWEST else doubles[-1]

    @cached_property
    def tiles_per_player(self) -> int:
        """Tiles dealt to each player (rules.md §1 and §6)."""
        if self.hand_size is HandSize.EIGHT_MINUS_PLAYERS:
            return 8 - self.players
        return _STANDARD_DEAL[self.tile_set][self.players]

    @property
    def stock_size(self) -> int:
        """Tiles left after the deal, reserved ones included."""
        return self.tiles.count - self.players * self.tiles_per_player

    @cached_property
    def target_score(self) -> int:
        """Points to reach (or counters each side starts with)."""
        if self.target is not None:
            return self.target
        return 15 if self.sides == 2 else 10

    def side_of(self, seat: int) -> int:
        """The side a seat plays for; partners sit opposite (0+2, 1+3)."""
        return seat % 2 if self.partnerships else seat

    @cached_property
    def seat_sides(self) -> tuple[int, ...]:
        """The side of every seat, in seat order (``side_of`` for each)."""
        return tuple(map(self.side_of, range(self.players)))

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that play for a side."""
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

    def options(self) -> dict[str, Any]:
        """All options as JSON-friendly values (enums as their strings)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed; values may be strings."""
        return from_options({**self.options(), **changes})


OPTION_NAMES = tuple(f.name for f in dataclasses.fields(Rules))
_ARMS = {6: 2, 9: 4, 12: 8}
_STANDARD_DEAL = {6: {2: 6, 3: 6, 4: 5}, 9: {2: 10, 3: 8, 4: 7}, 12: {2: 12, 3: 11, 4: 10}}

_ENUMS: dict[str, type[StrEnum]] = {
    "opener": Opener,
    "no_double": NoDouble,
    "hand_size": HandSize,
    "reduction": Reduction,
    "blocked_rule": BlockedRule,
    "tally": Tally,
}
_BOOLS = ("partnerships", "draw_while_able", "opening_double_scores", "first_arms_first")
_TRUE = ("yes", "true", "on", "1")
_FALSE = ("no", "false", "off", "0")
_AUTO = ("auto", "none", "")


def parse_option(name: str, value: Any) -> Any:
    """Turn a value given as text (or already typed) into the option's type."""
    if name not in OPTION_NAMES:
        raise RulesError(RulesProblem.UNKNOWN_OPTION, name, value)
    if name in _ENUMS:
        try:
            return _ENUMS[name](value.lower() if isinstance(value, str) else value)
        except ValueError:
            raise RulesError(RulesProblem.BAD_VALUE, name, value) from None
    if name in _BOOLS:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise RulesError(RulesProblem.BAD_VALUE, name, value)
    if name == "target" and (value is None or str(value).strip().lower() in _AUTO):
        return None
    if isinstance(value, bool):
        raise RulesError(RulesProblem.BAD_VALUE, name, value)
    try:
        return int(value)
    except (TypeError, ValueError):
        raise RulesError(RulesProblem.BAD_VALUE, name, value) from None


def option_values(name: str) -> tuple[str, ...]:
    """The values an option takes, for help texts and completion."""
    if name in _ENUMS:
        return tuple(member.value for member in _ENUMS[name])
    if name in _BOOLS:
        return ("yes", "no")
    if name == "target":
        return ("auto", "15", "10")
    if name == "players":
        return ("2", "3", "4")
    return ()


def from_options(options: dict[str, Any]) -> Rules:
    """Build rules from a mapping of option names to values (text allowed)."""
    typed = {name: parse_option(name, value) for name, value in options.items()}
    return Rules(**typed)


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "counters": {
        "reduction": Reduction.COUNTERS,
        "blocked_rule": BlockedRule.PIPS,
        "blocked_award": 1,
        "tally": Tally.COUNTERS,
    },
    "dominoplaza": {
        "hand_size": HandSize.EIGHT_MINUS_PLAYERS,
        "reserved_tiles": 0,
        "opener": Opener.HIGHEST,
        "draw_while_able": True,
        "first_arms_first": True,
        "reduction": Reduction.NONE,
        "going_out": 0,
        "blocked_rule": BlockedRule.NONE,
        "target": 15,
    },
}
PRESET_NAMES = tuple(PRESETS)
DEFAULT_PRESET = "standard"


def preset(name: str, **changes: Any) -> Rules:
    """The rules of a named preset, with any option changed on top of it.

    A larger set brings its arms-first rule with it (rules.md §6), unless an option says otherwise
    (which is then refused).
    """
    try:
        base = PRESETS[name.lower()]
    except KeyError:
        raise RulesError(RulesProblem.UNKNOWN_PRESET, "preset", name) from None
    if "first_arms_first" not in changes and str(changes.get("tile_set", 6)) != "6":
        changes = {**changes, "first_arms_first": True}
    return from_options({**base, **changes})


def preset_of(rules: Rules) -> str | None:
    """The name of the preset these rules match, ignoring the table size."""
    table = {"players": rules.players, "partnerships": rules.partnerships, "tile_set": rules.tile_set}
    for name in PRESETS:
        if preset(name, **table) == rules:
            return name
    return None
