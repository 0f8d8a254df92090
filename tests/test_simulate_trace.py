"""``bergen simulate``'s trace, checked by a referee that knows only the rules and the trace.

The referee below imports nothing from the program: it reads the rules from the trace's ``rules``
line, replays every deal from its ``hand-dealt`` line, and holds each play, draw, pass and award to
rules.md (§1-§4 for double-six, §6 for the larger sets). Every entry the rules make follow from an
action (headers, counters, going out, a blocked hand, the end of a hand or of the match) must come
next in the trace, exactly as the referee works it out; the tiles of each deal must be accounted
for when the hand's stock is revealed. The real program is run as a user would run it.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

Entry = dict[str, Any]
Tile = tuple[int, int]

#: rules.md: tiles dealt to each player by set and players (hand-size "standard"), and the arms.
STANDARD_DEAL = {6: {2: 6, 3: 6, 4: 5}, 9: {2: 10, 3: 8, 4: 7}, 12: {2: 12, 3: 11, 4: 10}}
ARMS = {6: 2, 9: 4, 12: 8}
KIND_OF_VALUE = {2: "double", 3: "triple", 4: "quadruple", 5: "quintuple", 6: "sextuple"}
KIND_OF_VALUE |= {7: "septuple", 8: "octuple", 9: "nonuple"}
#: rules.md §1-§4: the options each preset sets (the table options and the set aside).
STANDARD = {
    "opener": "lowest",
    "no_double": "redeal",
    "hand_size": "standard",
    "reserved_tiles": 2,
    "draw_while_able": False,
    "opening_double_scores": True,
    "double_header": 2,
    "triple_header": 3,
    "reduction": "standard",
    "going_out": 2,
    "blocked_rule": "german",
    "blocked_award": 2,
    "tally": "points",
}
PRESETS = {
    "standard": STANDARD,
    "counters": STANDARD
    | {"reduction": "counters", "blocked_rule": "pips", "blocked_award": 1, "tally": "counters"},
    "dominoplaza": STANDARD
    | {
        "hand_size": "eight-minus-players",
        "reserved_tiles": 0,
        "opener": "highest",
        "draw_while_able": True,
        "first_arms_first": True,
        "reduction": "none",
        "going_out": 0,
        "blocked_rule": "none",
        "target": 15,
    },
}
ACTIONS = ("tile-played", "drew", "passed")
ENTRY_TYPES = (
    "rules",
    "hand-dealt",
    "redeal",
    "opened",
    *ACTIONS,
    "header-scored",
    "went-out",
    "hand-blocked",
    "counters-discarded",
    "hand-ended",
    "match-won",
    "revealed",
)
RESULT = re.compile(
    r"match (\d+) seed (-?\d+): side (\d+) \(seat ([\d,]+)\) "
    r"wins(?: ([\d-]+)|, counters held ([\d-]+),) after (\d+) hands?, (\d+) actions"
)


class FoulError(AssertionError):
    """The trace breaks the rules, or does not say enough to check them."""


def need(condition: bool, what: str, *detail: object) -> None:
    if not condition:
        raise FoulError(what, *detail)


def tile_of(text: str) -> Tile:
    low, high = (int(part) for part in text.split("-"))
    need(low <= high, "tile written high first", text)
    return low, high


def other(tile: Tile, number: int) -> int:
    return tile[1] if tile[0] == number else tile[0]


# ----------------------------------------------------------------------------------- reading


def parse_text(stdout: str) -> list[Entry]:
    """Trace lines (``kind key=value ...``, every value JSON), results and the summary's first line."""
    entries: list[Entry] = []
    for line in stdout.splitlines():
        kind, _, rest = line.partition(" ")
        if kind in ENTRY_TYPES:
            entry: Entry = {"type": kind}
            for token in rest.split(" "):
                key, _, value = token.partition("=")
                need(re.fullmatch(r"[a-z_]+", key) is not None and key not in entry, "bad field", line)
                entry[key] = json.loads(value)
            entries.append(entry)
        elif found := RESULT.fullmatch(line):
            number, seed, side, seats, totals, held, hands, actions = found.groups()
            stated = {"text_totals": totals} if totals else {"text_held": held}
            entries.append(
                {
                    "type": "match-result",
                    "match": int(number),
                    "seed": int(seed),
                    "winner": int(side),
                    "seats": [int(s) for s in seats.split(",")],
                    **{key: [int(t) for t in value.split("-")] for key, value in stated.items()},
                    "hands": int(hands),
                    "actions": int(actions),
                }
            )
        elif found := re.fullmatch(r"summary: (\d+) match(es)?", line):
            entries.append({"type": "summary", "matches": int(found.group(1))})
        else:
            need(line.startswith(("level ", "side ")), "a line of no known kind", line)
    return entries


def parse_json(stdout: str) -> list[Entry]:
    return [json.loads(line) for line in stdout.splitlines()]


# ----------------------------------------------------------------------------------- the referee


@dataclass
class Line:
    """The open ends: two (left, right) on double-six, one per started arm on the larger sets."""

    opening: Tile
    arms: int
    ends: list[int] = field(default_factory=list)
    tiles: list[Tile] = field(default_factory=list)  # the tile at each end
    laid: int = 1  # tiles in the line, the opening double included

    @classmethod
    def opened(cls, opening: Tile, arms: int) -> Line:
        if arms == 2:
            return cls(opening, arms, [opening[0]] * 2, [opening] * 2)
        return cls(opening, arms)

    @property
    def all_started(self) -> bool:
        return len(self.ends) == self.arms

    def places(self, tile: Tile, arms_first: bool) -> list[int]:
        """Where ``tile`` may go: 0 left, 1 right on double-six; an arm's index on the larger sets."""
        if self.arms == 2:
            open_ends = [0, 1]
            if arms_first and self.laid == 2:  # rules.md §4: the opening double's other side first
                open_ends = [self.tiles.index(self.opening)]
            return [end for end in open_ends if self.ends[end] in tile]
        if not self.all_started:  # §6: every arm first, each new tile bearing the opening number
            return [len(self.ends)] if self.opening[0] in tile else []
        return [arm for arm, number in enumerate(self.ends) if number in tile]

    def lay(self, tile: Tile, place: int) -> int:
        """Lay ``tile`` and return the header's value before reduction (0: none)."""
        scoring = self.arms == 2 or self.all_started
        if place == len(self.ends):  # a new arm
            self.ends.append(other(tile, self.opening[0]))
            self.tiles.append(tile)
        else:
            self.ends[place] = other(tile, self.ends[place])
            self.tiles[place] = tile
        self.laid += 1
        if not scoring:
            return 0  # starting an arm never scores, the last one neither (§6)
        number = self.ends[place]
        matching = [arm for arm, n in enumerate(self.ends) if n == number]
        if len(matching) < 2:
            return 0
        return len(matching) + any(self.tiles[arm][0] == self.tiles[arm][1] for arm in matching)


@dataclass
class Referee:
    """One match, replayed from its trace alone."""

    rules: Entry
    deals: int  # deals seen before this match in the run
    hand: int = 0
    over: bool = False
    actions: int = 0
    turn: int = 0
    passes: int = 0
    winner: int | None = None
    hands: list[set[Tile]] = field(default_factory=list)
    stock: set[Tile] = field(default_factory=set)
    drawn: set[Tile] = field(default_factory=set)
    laid: set[Tile] = field(default_factory=set)
    drawable: int = 0
    line: Line | None = None
    expected: list[Entry] = field(default_factory=list)  # what the rules make follow, in order
    reveal_due: bool = False  # a hand has ended: its stock must be shown next
    redealing: bool = False  # the last deal was thrown in: the next one is the same hand

    def __post_init__(self) -> None:
        r = self.rules
        self.players = r["players"]
        need(2 <= self.players <= 4 and (not r["partnerships"] or self.players == 4), "table", r)
        self.sides = 2 if r["partnerships"] else self.players
        self.highest = r["tile_set"]
        self.larger = self.highest > 6
        self.counters = r["tally"] == "counters"
        self.target = r["target"]
        self.score = [self.target if self.counters else 0] * self.sides  # counters held, or points
        self.every_tile = {(a, b) for a in range(self.highest + 1) for b in range(a, self.highest + 1)}
        each = 8 - self.players if r["hand_size"] == "eight-minus-players" else None
        self.each = each or STANDARD_DEAL[self.highest][self.players]
        need(r["arms"] == ARMS[self.highest] and r["sides"] == self.sides, "arms or sides", r)
        need(r["tiles"] == len(self.every_tile) and r["tiles_each"] == self.each, "set or deal size", r)
        need(r["first_arms_first"] or not self.larger, "larger sets play every arm first (§6)", r)
        need(len(r["levels"]) == self.players, "a level per seat", r)
        if r["preset"] is not None:
            options = PRESETS[r["preset"]]
            need(
                all(r.get(name, False) == value for name, value in options.items() if name != "target"),
                "preset",
            )
            default_target = 15 if self.sides == 2 else 10
            need(self.target == options.get("target", default_target), "the preset's target", r)

    # ------------------------------------------------------------------------ the facts

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.rules["partnerships"] else seat

    def seats_of(self, side: int) -> list[int]:
        return [seat for seat in range(self.players) if self.side_of(seat) == side]

    def to_go(self, side: int) -> int:
        """Points still needed, or counters still held."""
        return self.score[side] if self.counters else self.target - self.score[side]

    def stated(self, side: int) -> dict[str, int]:
        """How the trace states a side's score: ``held`` with counters, ``total`` with points."""
        return {"held": self.score[side]} if self.counters else {"total": self.score[side]}

    def all_stated(self) -> dict[str, list[int]]:
        return {"held" if self.counters else "totals": list(self.score)}

    def playable(self, seat: int) -> list[Tile]:
        assert self.line is not None
        return [t for t in self.hands[seat] if self.line.places(t, self.rules["first_arms_first"])]

    # ------------------------------------------------------------------------ scoring

    def reduced(self, base: int, value: int, to_go: int) -> int:
        """A header's award: §1.12 / §3.4 on double-six, §6 on the larger sets; never more than held."""
        reduction = self.rules["reduction"]
        triple = value == 3
        if self.larger and reduction == "standard":
            base = max(1, min(base, to_go - 1))
        elif self.larger and reduction == "counters":
            base = base - 1 if to_go <= base else base
        elif reduction == "standard":
            base = min(base, 1) if to_go <= 2 else min(base, 2) if to_go == 3 else base
        elif reduction == "counters" and to_go <= (3 if triple else 2):
            base = min(base, 2 if triple else 1)
        return min(base, to_go) if self.counters else base

    def award(self, seat: int | None, side: int, value: int) -> None:
        """Score ``value`` (already capped) for a side: its counters, and the match's end at the target."""
        self.score[side] += -value if self.counters else value
        if self.counters and value:
            self.expected.append(
                {
                    "type": "counters-discarded",
                    "seat": seat,
                    "side": side,
                    "discarded": value,
                    "held": self.score[side],
                }
            )
        if self.to_go(side) <= 0:
            self.over, self.winner = True, side
            self.expected.append({"type": "match-won", "side": side, **self.all_stated()})

    def stated_after(self, side: int, value: int) -> dict[str, int]:
        """A side's score after an award of ``value``, as the trace states it."""
        if self.counters:
            return {"held": self.score[side] - value}
        return {"total": self.score[side] + value}

    def header(self, seat: int, value: int) -> None:
        side = self.side_of(seat)
        r = self.rules
        base = r["double_header"] if value == 2 else r["triple_header"] if value == 3 else value
        points = self.reduced(base, value, self.to_go(side))
        self.expected.append(
            {"type": "header-scored", "seat": seat, "side": side, "kind": KIND_OF_VALUE[value], "base": base}
            | {"value": points, **self.stated_after(side, points)}
        )
        self.award(seat, side, points)

    def end_of_hand(self) -> None:
        if not self.over:
            self.expected.append({"type": "hand-ended", "hand": self.hand, **self.all_stated()})

    def went_out(self, seat: int) -> None:
        side = self.side_of(seat)
        going_out = self.rules["going_out"]
        value = min(going_out, self.to_go(side)) if self.counters else going_out
        self.expected.append(
            {"type": "went-out", "seat": seat, "side": side, "base": going_out, "value": value}
            | self.stated_after(side, value)
        )
        self.award(seat, side, value)
        self.end_of_hand()

    def blocked(self) -> None:
        holdings = []
        for side in range(self.sides):
            tiles = [t for seat in self.seats_of(side) for t in self.hands[seat]]
            doubles = sum(1 for a, b in tiles if a == b)
            pips = sum(a + b for a, b in tiles)
            holdings.append(
                {
                    "doubles": doubles,
                    "pips": pips,
                    "single_pips": pips - sum(a + b for a, b in tiles if a == b),
                }
            )
        winner, decided_by = settle(self.rules["blocked_rule"], holdings)
        award = self.rules["blocked_award"]
        value = 0 if winner is None else min(award, self.to_go(winner)) if self.counters else award
        total = None if winner is None else next(iter(self.stated_after(winner, value).values()))
        self.expected.append(
            {
                "type": "hand-blocked",
                "rule": self.rules["blocked_rule"],
                "holdings": holdings,
                "hands": [sorted_tiles(h) for h in self.hands],
                "decided_by": decided_by,
                "winner": winner,
                "value": value,
                "held" if self.counters else "total": total,
            }
        )
        if winner is not None:
            self.award(None, winner, value)
        self.end_of_hand()

    # ------------------------------------------------------------------------ the entries

    def take(self, entry: Entry) -> None:
        """One trace entry: what the rules made follow, or an action to judge."""
        kind = entry["type"]
        if self.expected:
            wanted = self.expected.pop(0)
            if kind == "hand-blocked" and "hands" in entry:  # the same tiles, whatever their order
                entry = entry | {
                    "hands": [sorted_tiles({tile_of(t) for t in hand}) for hand in entry["hands"]]
                }
            need(entry == wanted, "the rules make another entry follow", wanted, entry)
            self.reveal_due = kind in ("hand-ended", "match-won")
            return
        if self.reveal_due:
            need(kind == "revealed", "the stock is not revealed at the end of the hand", entry)
            self.revealed(entry)
            self.reveal_due = False
            return
        need(not self.over, "an entry after the match was won", entry)
        if kind == "hand-dealt":
            self.dealt(entry)
        elif kind == "tile-played":
            self.played(entry)
        elif kind == "drew":
            self.drew(entry)
        elif kind == "passed":
            self.passed(entry)
        else:
            raise FoulError("an entry nothing called for", entry)

    def dealt(self, entry: Entry) -> None:
        need(self.line is None, "a deal while a hand is under way", entry)
        self.deals += 1
        self.hand += 0 if self.redealing else 1
        self.redealing = False
        stock = len(self.every_tile) - self.players * self.each
        need(
            entry["deal"] == self.deals and entry["hand"] == self.hand and entry["tiles_each"] == self.each,
            "deal or hand number, or deal size",
            entry,
        )
        need(
            entry["stock"] == stock and entry["drawable"] == stock - self.rules["reserved_tiles"],
            "stock",
            entry,
        )
        self.hands = [{tile_of(t) for t in hand} for hand in entry["hands"]]
        dealt = [t for hand in self.hands for t in hand]
        need(
            len(self.hands) == self.players and all(len(h) == self.each for h in self.hands),
            "hand sizes",
            entry,
        )
        need(
            len(set(dealt)) == len(dealt) and set(dealt) <= self.every_tile,
            "tiles dealt twice or foreign",
            entry,
        )
        self.stock, self.drawn, self.laid = self.every_tile - set(dealt), set(), set()
        self.drawable = stock - self.rules["reserved_tiles"]
        doubles = [(t[0], seat) for seat, hand in enumerate(self.hands) for t in hand if t[0] == t[1]]
        if not doubles:  # §1.4: nobody holds a double, the tiles are dealt again
            self.expected.append({"type": "redeal", "deal": self.deals, "hand": self.hand})
            self.redealing = True
            return
        number, seat = min(doubles) if self.rules["opener"] == "lowest" else max(doubles)
        opening = (number, number)
        self.expected.append({"type": "opened", "seat": seat, "tile": f"{number}-{number}"})
        self.hands[seat].remove(opening)
        self.laid.add(opening)
        self.line = Line.opened(opening, ARMS[self.highest])
        self.passes = 0
        self.turn = (seat + 1) % self.players
        if self.rules["opening_double_scores"]:
            self.header(seat, 2)  # §1.6: a double header, not a triple

    def played(self, entry: Entry) -> None:
        seat, tile = entry["seat"], tile_of(entry["tile"])
        line = self.line
        assert line is not None
        need(seat == self.turn, "played out of turn", entry)
        need(tile in self.hands[seat], "a tile the seat does not hold", entry)
        places = line.places(tile, self.rules["first_arms_first"])
        new_arm = self.larger and not line.all_started
        if self.larger:
            need({"ends", "end_doubles", "arm"} <= entry.keys() and "left" not in entry, "arm fields", entry)
            place = entry["arm"] - 1
        else:
            need("ends" not in entry and "arm" not in entry, "double-six states left and right", entry)
            place = {"left": 0, "right": 1}.get(entry["end"], -1)
        need(place in places, "the tile does not go there on the stated ends", entry, line.ends)
        value = line.lay(tile, place)
        doubles = [t[0] == t[1] for t in line.tiles]
        if self.larger:
            need(
                entry["ends"] == line.ends and entry["end_doubles"] == doubles, "the arms' ends", entry, line
            )
            need(entry.get("new_arm", new_arm) == new_arm, "new arm", entry)
        else:
            stated = [entry["left"], entry["right"], entry["left_double"], entry["right_double"]]
            need(stated == [*line.ends, *doubles], "the ends", entry, line)
        self.hands[seat].remove(tile)
        self.laid.add(tile)
        self.actions += 1
        self.passes = 0
        if value:
            self.header(seat, value)
        if self.over:
            return
        if not self.hands[seat]:
            self.line = None
            self.went_out(seat)
        else:
            self.turn = (seat + 1) % self.players

    def drew(self, entry: Entry) -> None:
        seat, tile = entry["seat"], tile_of(entry["tile"])
        need(seat == self.turn and self.drawable > 0, "drew out of turn or from the reserved tiles", entry)
        need(self.rules["draw_while_able"] or not self.playable(seat), "drew while able to play", entry)
        need(tile in self.stock and tile not in self.drawn, "a tile that is not in the stock", entry)
        self.drawn.add(tile)
        self.hands[seat].add(tile)
        self.drawable -= 1
        stock = self.drawable + self.rules["reserved_tiles"]
        need(entry["stock"] == stock and entry["drawable"] == self.drawable, "stock count", entry)
        self.actions += 1

    def passed(self, entry: Entry) -> None:
        seat = entry["seat"]
        need(seat == self.turn and self.drawable == 0 and not self.playable(seat), "passed while able", entry)
        self.actions += 1
        self.passes += 1
        if self.passes < self.players:
            self.turn = (seat + 1) % self.players
            return
        self.line = None
        self.blocked()

    def revealed(self, entry: Entry) -> None:
        """The hand is over: each tile of the deal is in the line, a hand, the stock or the reserve."""
        need(entry["deal"] == self.deals and entry["hand"] == self.hand, "revealed deal", entry)
        undrawn = [tile_of(t) for t in entry["undrawn"]]
        reserved = [tile_of(t) for t in entry["reserved"]]
        hands = [{tile_of(t) for t in hand} for hand in entry["hands"]]
        need(hands == self.hands, "the hands left", entry, self.hands)
        need(
            len(undrawn) == self.drawable and len(reserved) == self.rules["reserved_tiles"],
            "stock left",
            entry,
        )
        need(set(undrawn) | set(reserved) == self.stock - self.drawn, "the stock left", entry)
        everything = [*self.laid, *undrawn, *reserved, *(t for hand in hands for t in hand)]
        need(len(everything) == len(self.every_tile) == len(set(everything)), "tiles missing or twice", entry)
        self.line = None

    def finish(self, result: Entry) -> None:
        """The match's result line agrees with the trace."""
        need(self.over and not self.expected and not self.reveal_due, "the match did not end", self.expected)
        need(
            self.winner is not None and sum(1 for s in range(self.sides) if self.to_go(s) <= 0) == 1,
            "one winner",
        )
        assert self.winner is not None
        facts = {
            "winner": self.winner,
            "seats": self.seats_of(self.winner),
            "hands": self.hand,
            "actions": self.actions,
        }
        need(all(result[key] == value for key, value in facts.items()), "result", result, facts)
        # points are stated as totals, counters as held (never as discarded)
        if "text_totals" in result:
            need(not self.counters and result["text_totals"] == self.score, "result totals", result)
        if "text_held" in result:
            need(self.counters and result["text_held"] == self.score, "result counters held", result)
        if "totals" in result or "held" in result:
            need(
                {key: result[key] for key in ("totals", "held") if key in result} == self.all_stated(),
                "result",
            )
        if self.counters:  # nobody discards more than held (§3.4)
            need(
                self.score[self.winner] == 0 and min(self.score) >= 0, "counters held at the end", self.score
            )


def sorted_tiles(tiles: set[Tile]) -> list[str]:
    return [f"{a}-{b}" for a, b in sorted(tiles, key=lambda t: (t[1], t[0]))]


def settle(rule: str, holdings: list[dict[str, int]]) -> tuple[int | None, str]:
    """rules.md §1.14 and §2: the side that wins a blocked hand, and what decided it."""

    def lowest(sides: list[int], key: str) -> int | None:
        least = min(holdings[s][key] for s in sides)
        winners = [s for s in sides if holdings[s][key] == least]
        return winners[0] if len(winners) == 1 else None

    every = list(range(len(holdings)))
    if rule == "none":
        return None, "no-award"
    if rule == "pips":
        winner = lowest(every, "pips")
        return winner, "fewer-pips" if winner is not None else "tie"
    if rule == "german":
        fewest = min(h["doubles"] for h in holdings)
        tied = [s for s in every if holdings[s]["doubles"] == fewest]
        if len(tied) == 1:
            return tied[0], "fewest-doubles"
        winner = lowest(tied, "pips")
        return winner, "fewer-pips" if winner is not None else "tie"
    free = [s for s in every if holdings[s]["doubles"] == 0]
    if len(free) == 1:
        return free[0], "no-double"
    winner = lowest(free, "pips") if free else lowest(every, "single_pips")
    decided = "fewer-pips" if free else "single-pips"
    return winner, decided if winner is not None else "tie"


def referee_run(entries: list[Entry], matches: int) -> dict[str, int]:
    """Check a whole run; return what it saw (for the tests to know what was exercised)."""
    seen = {
        "matches": 0,
        "deals": 0,
        "redeals": 0,
        "headers": 0,
        "blocked": 0,
        "went-out": 0,
        "max-header": 0,
    }
    referee: Referee | None = None
    deals = 0
    stream: Iterator[Entry] = iter(entries)
    for entry in stream:
        kind = entry["type"]
        if kind == "rules":
            need(referee is None, "a match began inside another", entry)
            referee = Referee(entry, deals)
            need(entry["match"] == seen["matches"] + 1, "match number", entry)
        elif kind == "match-result":
            need(
                referee is not None and entry["match"] == referee.rules["match"], "result of no match", entry
            )
            assert referee is not None
            need(entry["seed"] == referee.rules["seed"], "result seed", entry)
            referee.finish(entry)
            deals = referee.deals
            seen["matches"] += 1
            referee = None
        elif kind == "summary":
            need(referee is None and entry["matches"] == seen["matches"] == matches, "summary", entry)
            seen["summaries"] = seen.get("summaries", 0) + 1
        else:
            need(referee is not None, "an entry outside a match", entry)
            assert referee is not None
            referee.take(entry)
            seen["redeals"] += kind == "redeal"
            seen["headers"] += kind == "header-scored"
            seen["blocked"] += kind == "hand-blocked"
            seen["went-out"] += kind == "went-out"
            if kind == "header-scored":
                seen["max-header"] = max(seen["max-header"], int(entry["base"]))
    need(referee is None and seen.get("summaries") == 1, "the run ended inside a match or without a summary")
    seen["deals"] = deals
    return seen


# ----------------------------------------------------------------------------------- running


def simulate(*args: str, as_json: bool = False) -> list[Entry]:
    command = [sys.executable, "-m", "bergen_access", "simulate", *args, *(["--json"] if as_json else [])]
    result = subprocess.run(
        command, capture_output=True, text=True, encoding="utf-8", check=False, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return parse_json(result.stdout) if as_json else parse_text(result.stdout)


CASES = [
    # (set, preset, table options, levels, first seed, matches, JSON lines)
    ("6", "standard", ["--players", "2"], "normal,easy", 1, 3, False),
    ("6", "counters", ["--players", "4", "--partners"], "normal", 11, 2, True),
    ("6", "dominoplaza", ["--players", "3"], "easy", 21, 2, False),
    ("9", "standard", ["--players", "2"], "random", 31, 2, True),
    ("9", "counters", ["--players", "3"], "random", 41, 2, False),
    ("9", "dominoplaza", ["--players", "4", "--partners"], "random", 51, 2, True),
    ("12", "standard", ["--players", "4"], "random", 61, 2, False),
    ("12", "counters", ["--players", "2"], "random", 71, 2, True),
    ("12", "dominoplaza", ["--players", "2"], "random", 81, 3, False),
]


@pytest.mark.parametrize(("tile_set", "name", "table", "levels", "seed", "matches", "as_json"), CASES)
def test_the_referee_accepts_every_trace(
    tile_set: str, name: str, table: list[str], levels: str, seed: int, matches: int, as_json: bool
) -> None:
    options = ["--set", tile_set, "--preset", name, *table, "--opponents", levels]
    entries = simulate(*options, "--seed", str(seed), "--matches", str(matches), as_json=as_json)
    seen = referee_run(entries, matches)
    assert seen["matches"] == matches and seen["headers"] > 0 and seen["deals"] >= matches


@pytest.mark.parametrize(
    "options",
    [
        ["--set", "9", "--tally", "counters", "--blocked-rule", "american", "--players", "3", "--seed", "5"],
        [
            "--set",
            "12",
            "--reduction",
            "counters",
            "--draw-while-able",
            "yes",
            "--going-out",
            "5",
            "--seed",
            "7",
        ],
        [
            "--blocked-rule",
            "american",
            "--reduction",
            "none",
            "--target",
            "10",
            "--players",
            "4",
            "--seed",
            "9",
        ],
        [
            "--set",
            "9",
            "--preset",
            "dominoplaza",
            "--reserved-tiles",
            "2",
            "--opener",
            "lowest",
            "--seed",
            "3",
        ],
        ["--players", "3", "--double-header", "3", "--triple-header", "5", "--opening-double-scores", "no"],
    ],
)
def test_the_referee_accepts_mixed_options(options: list[str]) -> None:
    seen = referee_run(simulate(*options, "--matches", "3"), 3)
    assert seen["matches"] == 3


def test_text_and_json_say_the_same() -> None:
    options = ("--set", "9", "--preset", "counters", "--players", "3", "--seed", "4", "--matches", "2")
    text, data = simulate(*options), simulate(*options, as_json=True)
    assert [e for e in text if e["type"] in ENTRY_TYPES] == [e for e in data if e["type"] in ENTRY_TYPES]
    results = [e for e in data if e["type"] == "match-result"]
    assert [r["winner"] for r in results] == [e["winner"] for e in text if e["type"] == "match-result"]
    assert all("held" in r and "totals" not in r for r in results)  # counters held, never discarded


def test_a_redeal_has_a_deal_number_of_its_own() -> None:
    entries = simulate(
        "--set", "12", "--preset", "dominoplaza", "--players", "2", "--seed", "5", "--matches", "3"
    )
    seen = referee_run(entries, 3)
    assert seen["redeals"] > 0
    deals = [e for e in entries if e["type"] == "hand-dealt"]
    assert [e["deal"] for e in deals] == list(range(1, len(deals) + 1))  # counted across the whole run
    redeal = next(i for i, e in enumerate(entries) if e["type"] == "redeal")
    thrown, again = entries[redeal - 1], entries[redeal + 1]
    assert (thrown["type"], again["type"]) == ("hand-dealt", "hand-dealt")
    assert entries[redeal]["deal"] == thrown["deal"] == again["deal"] - 1 and thrown["hand"] == again["hand"]


def test_larger_headers_are_exercised() -> None:
    entries = simulate("--set", "12", "--players", "4", "--seed", "100", "--matches", "6")
    assert referee_run(entries, 6)["max-header"] >= 4


@pytest.mark.parametrize(
    ("rule", "tally"),
    [("german", "points"), ("american", "counters"), ("pips", "points"), ("none", "points")],
)
def test_blocked_hands_under_every_rule(rule: str, tally: str) -> None:
    options = ["--set", "12", "--players", "3", "--reserved-tiles", "50", "--seed", "100", "--matches", "2"]
    entries = simulate(*options, "--blocked-rule", rule, "--tally", tally)
    assert referee_run(entries, 2)["blocked"] > 0


def test_the_first_line_gives_every_rule_and_the_summary_follows_one_match() -> None:
    entries = simulate("--set", "9", "--players", "4", "--partners", "--opponents", "random", "--seed", "2")
    first = entries[0]
    assert first["type"] == "rules" and first["preset"] == "standard" and first["levels"] == ["random"] * 4
    assert (first["tile_set"], first["partnerships"], first["target"], first["tally"]) == (
        9,
        True,
        15,
        "points",
    )
    assert (
        set(STANDARD) | {"players", "partnerships", "tile_set", "first_arms_first", "target"} <= first.keys()
    )
    assert entries[-1] == {"type": "summary", "matches": 1}
    quiet = simulate("--set", "9", "--target", "10", "--seed", "2", "--quiet")
    assert [e["type"] for e in quiet] == ["match-result", "summary"]


# ----------------------------------------------------------------------------------- the referee can fail


def _mutations(entries: list[Entry]) -> dict[str, list[Entry]]:
    """Traces that lie in one place each."""

    def changed(index: int, **fields: Any) -> list[Entry]:
        twin = copy.deepcopy(entries)
        twin[index].update(fields)
        return twin

    def first(kind: str, test: Any = lambda e: True) -> int:
        return next(i for i, e in enumerate(entries) if e["type"] == kind and test(e))

    play = first("tile-played", lambda e: e["arm"] > 1)
    header = first("header-scored", lambda e: e["kind"] != "double" or e["value"] > 1)
    revealed = first("revealed", lambda e: e["undrawn"])
    dealt = first("hand-dealt")
    lies = {
        "wrong arm": changed(play, arm=entries[play]["arm"] % 4 + 1),
        "wrong ends": changed(play, ends=[*entries[play]["ends"][:-1], 99]),
        "header value": changed(header, value=entries[header]["value"] + 1),
        "held as discarded": changed(header, held=15 - entries[header]["held"]),
        "stock hidden": changed(revealed, undrawn=entries[revealed]["undrawn"][1:]),
        "deal number": changed(dealt, deal=2),
    }
    swapped = copy.deepcopy(entries)
    swapped[dealt]["hands"] = swapped[dealt]["hands"][::-1]
    lies["hands swapped"] = swapped
    return lies


def test_the_referee_catches_a_trace_that_lies() -> None:
    entries = simulate("--set", "9", "--preset", "counters", "--seed", "6", "--matches", "1")
    referee_run(entries, 1)
    for name, lie in _mutations(entries).items():
        with pytest.raises(FoulError):
            referee_run(lie, 1)
        assert lie != entries, name
