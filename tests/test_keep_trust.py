"""A scorekeeper you can trust at a real table (issue 11), through the real ``bergen keep``.

Every test types into the real program: through pipes with ``--plain`` (the
whole record at once, or line by line with the saved ``keep.json`` read after
each answer), and under a pseudo-terminal. The typed words come from the
catalogs (what a player of that language types) and the expected sentences
are the English message ids through ``I18n(language).gettext``, so German and
Turkish are checked the same way as English. The blocked hands are the real
blocked hands of seeded matches (``tests/table_script.py``): the keeper's
score after each must be the engine's.
"""

from __future__ import annotations

import csv
import io
import itertools
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pexpect
import pytest

from bergen_access.commands.keep_parser import Holder, KeepKind, KeepLexicon
from bergen_access.commands.lexicon import CommandKind, Lexicon
from bergen_access.core import preset
from bergen_access.core.actions import End, Pass, Play
from bergen_access.core.events import HandBlocked, HandEnded, HeaderKind, HeaderScored, WentOut
from bergen_access.core.keep_record import load_keep
from bergen_access.core.rules import BlockedRule, Rules
from bergen_access.core.table import DrawTiles, Entry, NewHand, Open, Reveal, Table, TablePhase
from bergen_access.core.tally import Tally
from bergen_access.core.tiles import TILES, Tile, parse_tile
from bergen_access.i18n import I18n
from bergen_access.session.paths import said_folder

from .capabilities import pty_spawn
from .drivers import ROOT, PipeSession, clean, environment
from .saves import saved_sheet, sheet_path
from .table_script import Script, play_match

LANGUAGES = ["en", "de", "tr"]
NAMES = ["Ada", "Bo", "Cem", "Dan"]
DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")


# ----------------------------------------------------------------- words and sentences


@cache
def i18n(language: str) -> I18n:
    return I18n(language)


def t(language: str, msgid: str, **values: object) -> str:
    """The program's sentence in ``language``: the English message id through the catalog."""
    return i18n(language).gettext(msgid).format(**values)


def nt(language: str, singular: str, plural: str, n: int, **values: object) -> str:
    return i18n(language).ngettext(singular, plural, n).format(**values)


def scores_phrase(
    language: str, names: Sequence[str], scores: Sequence[int], target: int, counters: bool
) -> str:
    """The score as the catalogs word it: "Score: Ada 2, Bo 0; target 15", or the counters left."""
    i = i18n(language)
    if counters:
        parts = [
            i.gettext("{side} {count}").format(side=n, count=target - v)
            for n, v in zip(names, scores, strict=True)
        ]
        return i.gettext("Counters left: {list}").format(list=", ".join(parts))
    parts = [i.gettext("{side} {count}").format(side=n, count=v) for n, v in zip(names, scores, strict=True)]
    return i.gettext("Score: {list}; target {target}").format(list=", ".join(parts), target=target)


def score_line(
    language: str, names: Sequence[str], scores: Sequence[int], target: int = 15, counters: bool = False
) -> str:
    return scores_phrase(language, names, scores, target, counters) + "."


def doubles_phrase(language: str, count: int) -> str:
    return nt(language, "{count} double", "{count} doubles", count, count=count)


def pips_phrase(language: str, count: int) -> str:
    return nt(language, "{count} pip", "{count} pips", count, count=count)


def confirm_holding(language: str, side: str, doubles: int, pips: int, outside: int | None) -> str:
    """The question that asks bare numbers back."""
    values = {"side": side, "doubles": doubles_phrase(language, doubles), "pips": pips_phrase(language, pips)}
    if outside is None:
        return t(language, "{side}: {doubles} and {pips}? Yes or no.", **values)
    return t(
        language,
        "{side}: {doubles}, {pips}, {outside} outside the doubles? Yes or no.",
        outside=pips_phrase(language, outside),
        **values,
    )


def holding_noted(language: str, side: str, doubles: int, pips: int) -> str:
    return t(
        language,
        "{side}: {doubles}, {pips}.",
        side=side,
        doubles=doubles_phrase(language, doubles),
        pips=pips_phrase(language, pips),
    )


def holding_form(language: str, american: bool = False) -> str:
    if american:
        return t(
            language,
            "After a block, type the tiles with a dash (Anna 6-6 1-2), "
            "or the numbers with their words (Anna doubles 1 pips 15 outside 3).",
        )
    return t(
        language,
        "After a block, type the tiles with a dash (Anna 6-6 1-2), "
        "or the numbers with their words (Anna doubles 1 pips 15).",
    )


def cannot_hold(language: str, side: str, held: int) -> str:
    return t(
        language, "{side}: that cannot be; no tiles not yet played make those numbers. Check them.", side=side
    )


def wrong_count(language: str, side: str, held: int) -> str:
    return nt(
        language,
        "{side}: {count} tile left; type exactly that one.",
        "{side}: {count} tiles left; type exactly those.",
        held,
        side=side,
        count=held,
    )


def unknown_name(language: str, names: Sequence[str]) -> str:
    return t(language, "Who is that? The players are {names}.", names=", ".join(names))


def remind_yes_no(language: str, question: str) -> str:
    return t(language, "Please answer yes or no, or undo to leave it out. {question}", question=question)


class Words:
    """The typed words of one language, from its catalog (as ``tests/test_keep.py`` takes them)."""

    def __init__(self, language: str) -> None:
        i = i18n(language)
        game, keep = Lexicon(i), KeepLexicon(i, [])
        self.language = language
        self.values = {
            "draw": game.main_word(CommandKind.DRAW),
            "pass": game.main_word(CommandKind.PASS),
            "score": game.main_word(CommandKind.SCORE),
            "history": game.main_word(CommandKind.HISTORY),
            "quit": game.main_word(CommandKind.QUIT),
            "left": game.end_word(End.LEFT),
            "right": game.end_word(End.RIGHT),
            "yes": i.pgettext("answer", "yes y").split()[0],
            "no": i.pgettext("answer", "no n").split()[0],
            "undo": keep.game.main_word(CommandKind.UNDO),
            "redo": keep.game.main_word(CommandKind.REDO),
            "export": keep.game.main_word(CommandKind.EXPORT),
            "double": keep.word(HeaderKind.DOUBLE, i),
            "triple": keep.word(HeaderKind.TRIPLE, i),
            "out": keep.word(KeepKind.OUT, i),
            "blocked": keep.word(KeepKind.BLOCKED, i),
            "nobody": keep.word("nobody", i),
            "all": keep.word("all", i),
            "doubles": keep.word(Holder.DOUBLES, i),
            "pips": keep.word(Holder.PIPS, i),
            "outside": keep.word(Holder.OUTSIDE, i),
        }

    def __getitem__(self, key: str) -> str:
        return self.values[key]

    def line(self, text: str) -> str:
        return text.format(**self.values)

    def lines(self, record: Sequence[str]) -> list[str]:
        return [self.line(text) for text in record]


# ------------------------------------------------------------------ the real program


def keep_file(home: Path) -> Path:
    return sheet_path(home / "data" / "bergen-access")


def saved(home: Path) -> dict[str, Any] | None:
    return saved_sheet(home / "data" / "bergen-access")


def saved_core(home: Path) -> Table | Tally | None:
    record = saved(home)
    return None if record is None else load_keep(record)[0]


def command(language: str, args: Sequence[str]) -> list[str]:
    return [
        sys.executable,
        "-m",
        "bergen_access",
        "keep",
        "--plain",
        "--speech",
        "off",
        "--lang",
        language,
        *args,
    ]


@dataclass
class Run:
    """One whole run of ``bergen keep`` with its record piped in."""

    out: str
    typed: list[str]
    replies: list[str]  # the answer to each typed line (between its echo and the next prompt)
    prompts: list[str]  # the prompt each typed line answered
    home: Path

    def reply(self, line: str, nth: int = 0) -> str:
        """The answer to the ``nth`` time ``line`` was typed."""
        found = [n for n, typed in enumerate(self.typed) if typed == line]
        return self.replies[found[nth]]

    @property
    def core(self) -> Table | Tally | None:
        return saved_core(self.home)


def split_replies(out: str, typed: Sequence[str]) -> tuple[list[str], list[str]]:
    """Each typed line's answer and the prompt it was typed at, from the piped transcript.

    Through pipes the program echoes each line after its prompt, so the transcript
    is: prompt + line, then the answer, then the next prompt + line, and so on.
    """
    spans: list[tuple[int, int, str]] = []
    position = 0
    for line in typed:
        echo = f"> {line}\n"
        found = out.find(echo, position)
        assert found >= 0, (
            f"{line!r} was not echoed after a prompt; output from there: {out[position:][:800]!r}"
        )
        start = out.rfind("\n", 0, found) + 1
        spans.append((start, found + len(echo), out[start : found + 2]))
        position = found + len(echo)
    replies = []
    for index, (_, end, _) in enumerate(spans):
        stop = spans[index + 1][0] if index + 1 < len(spans) else len(out)
        replies.append(out[end:stop].rstrip("\n"))
    return replies, [prompt for _, _, prompt in spans]


def keep(home: Path, args: Sequence[str], typed: Sequence[str], language: str = "en") -> Run:
    """``bergen keep --plain … < record``: every line echoed, every answer split out."""
    result = subprocess.run(
        command(language, args),
        input="".join(line + "\n" for line in typed),
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=environment(home, TERM="dumb"),
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    replies, prompts = split_replies(result.stdout, typed)
    return Run(result.stdout, list(typed), replies, prompts, home)


class Sheet:
    """``bergen keep --plain`` through pipes, one line at a time: each answer and prompt, and the save."""

    def __init__(self, home: Path, args: Sequence[str], language: str = "en") -> None:
        self.home = home
        self.session = PipeSession([*command(language, args)[3:]], home)
        got = self.session.read_to_prompt()
        assert got is not None, self.session.transcript
        self.greeting, self.prompt = got

    def type(self, line: str) -> str:
        """Type one line; its answer (the echo taken off). The next prompt is ``self.prompt``."""
        asked = self.prompt
        self.session.type(line)
        got = self.session.read_to_prompt()
        assert got is not None, f"the program ended after {line!r}: {self.session.transcript[-800:]}"
        text, self.prompt = got
        echo, _, answer = text.partition("\n")
        assert echo == line, (asked, line, text)
        return answer.rstrip("\n")

    def entries(self) -> list[dict[str, Any]]:
        record = saved(self.home)
        return [] if record is None else list(record["entries"])

    def close(self, quit_word: str) -> str:
        self.session.type(quit_word)
        assert self.session.finish() == 0
        return self.session.transcript


@contextmanager
def sheet(home: Path, args: Sequence[str], language: str = "en") -> Iterator[Sheet]:
    opened = Sheet(home, args, language)
    try:
        yield opened
    finally:
        if opened.session.process.poll() is None:
            opened.session.kill()


# ------------------------------------------------------- real blocked hands of seeded matches


@dataclass
class Blocked:
    """The first blocked hand of a seeded match: what the table called out, and what each side held."""

    rules: Rules
    seed: int
    script: Script
    before: list[Entry]  # every entry of the match up to the block (the deal of hand 1 included)
    reveals: list[Reveal]  # each side's true holding, side by side
    after: tuple[int, ...]  # the engine's scores after the hand

    @property
    def hand(self) -> int:
        return sum(isinstance(entry, NewHand) for entry in self.before)

    def at_block(self) -> list[int]:
        """The engine's scores when the hand blocked, before the block was settled."""
        told = self.script.told[len(self.before) + self.rules.sides - 1]
        block = next(event for event in told if isinstance(event, HandBlocked))
        scores = list(self.after)
        if block.winner is not None:
            scores[block.winner] -= block.value or 0
        return scores

    def held(self, side: int) -> tuple[Tile, ...]:
        return self.reveals[side].tiles

    def played(self) -> set[Tile]:
        """Tiles on the table in the blocked hand."""
        start = max(n for n, entry in enumerate(self.before) if isinstance(entry, NewHand))
        return {e.tile for e in self.before[start:] if isinstance(e, Open | Play)}

    def ends(self) -> tuple[int, int]:
        """The open ends at the block, followed from the plays (independently of the program)."""
        start = max(n for n, entry in enumerate(self.before) if isinstance(entry, NewHand))
        left = right = -1
        for entry in self.before[start:]:
            if isinstance(entry, Open):
                left = right = entry.tile.low
            elif isinstance(entry, Play):
                if entry.end is End.LEFT:
                    left = entry.tile.other(left)
                else:
                    right = entry.tile.other(right)
        return left, right

    def fits(self, tile: Tile) -> bool:
        left, right = self.ends()
        return tile.has(left) or tile.has(right)

    def out(self) -> list[Tile]:
        """Tiles not on the table: in the sides' hands or in the stock."""
        played = self.played()
        return [tile for tile in TILES if tile not in played]

    def stock(self) -> list[Tile]:
        held = {tile for reveal in self.reveals for tile in reveal.tiles}
        return [tile for tile in self.out() if tile not in held]


def first_blocked(rules: Rules, seed: int) -> Blocked | None:
    """The first blocked hand of the match ``seed`` (None if it has none, or if it ends the match)."""
    script = play_match(rules, seed)
    first = next((n for n, entry in enumerate(script.entries) if isinstance(entry, Reveal)), None)
    if first is None:
        return None
    last = first + rules.sides - 1
    reveals = script.entries[first : last + 1]
    ended = next((e for e in script.told[last] if isinstance(e, HandEnded)), None)
    if ended is None:  # the block won the match: the sheet is closed and gone
        return None
    assert all(isinstance(r, Reveal) for r in reveals)
    return Blocked(rules, seed, script, script.entries[:first], reveals, tuple(ended.totals))  # type: ignore[arg-type]


def find_blocked(rules: Rules, wanted: Callable[[Blocked], bool], seeds: int = 3000) -> Blocked:
    for seed in range(seeds):
        blocked = first_blocked(rules, seed)
        if blocked is not None and wanted(blocked):
            return blocked
    raise AssertionError(f"no seed below {seeds} has such a first blocked hand")


def table_lines(blocked: Blocked, words: Words, names: Sequence[str]) -> list[str]:
    """What the keeper types for the match up to the block: names in playing order, every end named."""
    rules = blocked.rules
    highest = rules.opener.value == "highest"
    lines: list[str] = []
    for entry in blocked.before[1:]:  # the first deal is the sheet's start
        if isinstance(entry, NewHand):
            lines.append("")  # Enter: next hand
        elif isinstance(entry, Open):
            lines.append(f"{names[entry.seat]} {entry.tile.notation}")
            if entry.tile.low != (6 if highest else 0):  # asked whether it is the lowest (highest) double
                lines.append(words["yes"])
        elif isinstance(entry, Play):
            end = words["left"] if entry.end is End.LEFT else words["right"]
            lines.append(f"{names[entry.seat]} {entry.tile.notation} {end}")
        elif isinstance(entry, DrawTiles):
            lines.append(f"{names[entry.seat]} {words['draw']}")
        elif isinstance(entry, Pass):
            lines.append(f"{names[entry.seat]} {words['pass']}")
        else:
            raise AssertionError(entry)
    return lines


FORMS = ("tiles", "words", "bare", "unnamed-tiles", "numbers-first", "unnamed-bare")


def holding_lines(form: str, name: str, reveal: Reveal, words: Words, american: bool) -> list[str]:
    """One side's holding typed in one of its accepted forms (bare numbers need a yes)."""
    h = reveal.holding
    tiles = " ".join(tile.notation for tile in reveal.tiles)
    bare = f"{h.doubles} {h.pips}" + (f" {h.single_pips}" if american else "")
    if form == "tiles":
        return [f"{name} {tiles}"]
    if form == "unnamed-tiles":
        return [tiles]
    if form == "words":
        outside = f" {words['outside']} {h.single_pips}" if american else ""
        return [f"{name} {words['doubles']} {h.doubles} {words['pips']} {h.pips}{outside}"]
    if form == "numbers-first":
        outside = f" {h.single_pips} {words['outside']}" if american else ""
        return [f"{name} {h.doubles} {words['doubles']} {h.pips} {words['pips']}{outside}"]
    if form == "bare":
        return [f"{name} {bare}", words["yes"]]
    if form == "unnamed-bare":
        return [bare, words["yes"]]
    raise AssertionError(form)


def looks_like_a_tile(reveal: Reveal) -> bool:
    """Bare numbers that could be read as a tile: "Bo 1 2" is 1 double and 2 pips, never 1-2."""
    return reveal.holding.doubles <= 6 and reveal.holding.pips <= 6


def rule_args(rules_name: str) -> list[str]:
    return {
        "german": ["--preset", "standard"],
        "american": ["--preset", "standard", "--blocked-rule", "american"],
        "pips": ["--preset", "standard", "--blocked-rule", "pips"],
        "counters": ["--preset", "counters"],
    }[rules_name]


def rules_of(rules_name: str, players: int, partners: bool = False) -> Rules:
    table: dict[str, Any] = {"players": players, "partnerships": partners}
    if rules_name == "counters":
        return preset("counters", **table)
    options = {} if rules_name == "german" else {"blocked_rule": rules_name}
    return preset("standard", **options, **table)


def table_args(rules: Rules) -> list[str]:
    return ["--names", ",".join(NAMES[: rules.players]), *(["--partners"] if rules.partnerships else [])]


# ============================================================ 1. holdings never taken for a tile


def only_ada_holds_1_1(blocked: Blocked) -> bool:
    """Ada's holding in bare numbers, "Ada 1 2 0", reads like the tile 1-2; Bo holds one tile."""
    return (
        blocked.hand == 1
        and blocked.held(0) == (parse_tile("1-1"),)
        and len(blocked.held(1)) == 1
        and blocked.held(1)[0].is_double
    )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rule", ["american", "german"])
def test_bare_numbers_after_a_block_are_asked_back_and_count_only_after_yes(
    tmp_path: Path, rule: str, language: str
) -> None:
    blocked = find_blocked(rules_of(rule, 2), only_ada_holds_1_1)
    american = rule == "american"
    words = Words(language)
    bo_tile = blocked.held(1)[0]
    bo = blocked.reveals[1].holding
    ada_bare = "Ada 1 2 0" if american else "Ada 1 2"
    with sheet(tmp_path, [*rule_args(rule), "--names", "Ada,Bo"], language) as keeper:
        for line in table_lines(blocked, words, NAMES):
            keeper.type(line)
        holds = i18n(language).gettext("{side} holds> ")
        assert keeper.prompt == holds.format(side="Ada")
        before = keeper.entries()

        # Bare numbers: asked back, nothing counts until yes; no lets them be typed again.
        assert keeper.type(ada_bare) == confirm_holding(language, "Ada", 1, 2, 0 if american else None)
        assert keeper.prompt == t(language, "yes or no> ")
        assert keeper.entries() == before
        declined = keeper.type(words["no"])
        assert declined == t(
            language,
            "Not entered. Type the holding of {side} again: the tiles with a dash (6-6 1-2), "
            "or the numbers with their words (doubles 1 pips 15).",
            side="Ada",
        )
        assert keeper.prompt == holds.format(side="Ada") and keeper.entries() == before
        assert keeper.type(ada_bare) == confirm_holding(language, "Ada", 1, 2, 0 if american else None)
        assert keeper.type(words["yes"]) == holding_noted(language, "Ada", 1, 2)
        ada = {"type": "reveal", "side": 0, "doubles": 1, "pips": 2, "single_pips": 0 if american else 2}
        assert keeper.entries() == [*before, ada]  # never the tile 1-2

        # Tiles need their dash; numbers run together are neither form.
        assert keeper.prompt == holds.format(side="Bo")
        squeezed = f"Bo {bo.doubles}{bo.pips}"  # "Bo 14": the tile 1-4, or 1 double and 4 pips?
        assert keeper.type(squeezed) == holding_form(language, american)
        undashed = f"Bo {bo_tile.low}{bo_tile.high}"  # "Bo 44"
        assert keeper.type(undashed) == holding_form(language, american)
        # "Bo 4 4 0" is 4 doubles and 4 pips, which one tile cannot be: refused at once, not asked.
        lookalike = f"Bo {bo_tile.low} {bo_tile.high}" + (" 0" if american else "")
        assert keeper.type(lookalike) == cannot_hold(language, "Bo", 1)
        assert keeper.entries() == [*before, ada] and keeper.prompt == holds.format(side="Bo")

        # The word form is taken at once and settles the hand.
        outside = f" {words['outside']} {bo.single_pips}" if american else ""
        settled = keeper.type(f"Bo {words['doubles']} {bo.doubles} {words['pips']} {bo.pips}{outside}")
        assert t(language, "Yes or no.") not in settled
        assert keeper.prompt == t(language, "Enter: next hand> ")
        assert keeper.entries()[-1] == {
            "type": "reveal",
            "side": 1,
            "doubles": bo.doubles,
            "pips": bo.pips,
            "single_pips": bo.single_pips if american else bo.pips,
        }
        keeper.close(words["quit"])
    core = saved_core(tmp_path)
    assert core is not None and tuple(core.scores) == blocked.after


def test_tiles_typed_with_their_dash_are_a_holding_at_once(tmp_path: Path) -> None:
    blocked = find_blocked(rules_of("german", 2), only_ada_holds_1_1)
    words = Words("en")
    with sheet(tmp_path, ["--names", "Ada,Bo"]) as keeper:
        for line in table_lines(blocked, words, NAMES):
            keeper.type(line)
        before = keeper.entries()
        assert keeper.type("Ada 1-1") == holding_noted("en", "Ada", 1, 2)
        assert keeper.entries() == [
            *before,
            {"type": "reveal", "side": 0, "doubles": 1, "pips": 2, "single_pips": 0, "tiles": ["1-1"]},
        ]
        keeper.close("quit")


# ============================================================ 2. holdings checked against the table


def refusable(blocked: Blocked) -> bool:
    """Ada holds two tiles or more (one not a double), Bo one; a stock tile fits an open end."""
    ada, bo = blocked.held(0), blocked.held(1)
    return (
        len(ada) >= 2
        and any(not tile.is_double for tile in ada)
        and len(bo) == 1
        and any(blocked.fits(tile) for tile in blocked.stock())
        and bool(impossible_numbers(blocked, 0))
        and one_more(blocked) is not None
    )


def one_more(blocked: Blocked) -> Tile | None:
    """A tile out that, typed with Ada's, still makes numbers her count could hold (so only the count is
    wrong)."""
    ada = blocked.held(0)
    room = 12 * len(ada) - sum(tile.pips for tile in ada)
    extra = [tile for tile in blocked.out() if tile not in ada and not tile.is_double and tile.pips <= room]
    return min(extra, key=lambda tile: tile.pips, default=None)


def makeable(tiles: Sequence[Tile], count: int) -> set[tuple[int, int]]:
    """Every (doubles, pips) that ``count`` of ``tiles`` make."""
    return {
        (sum(tile.is_double for tile in chosen), sum(tile.pips for tile in chosen))
        for chosen in itertools.combinations(tiles, count)
    }


def impossible_numbers(blocked: Blocked, side: int) -> list[tuple[int, int]]:
    """Doubles and pips within what a side's tile count allows that no set of the tiles out can make,
    nearest first to what the side truly holds (a slip of the keeper's)."""
    held = len(blocked.held(side))
    true = blocked.reveals[side].holding
    possible = makeable(blocked.out(), held)
    wrong = [
        (doubles, pips)
        for doubles in range(held + 1)
        for pips in range(1, 12 * held + 1)
        if (doubles, pips) not in possible
    ]
    return sorted(wrong, key=lambda numbers: (abs(numbers[0] - true.doubles), abs(numbers[1] - true.pips)))


@pytest.mark.parametrize("language", LANGUAGES)
def test_holdings_that_cannot_be_are_refused_with_their_reason_and_change_nothing(
    tmp_path: Path, language: str
) -> None:
    blocked = find_blocked(rules_of("german", 2), refusable)
    words = Words(language)
    ada, bo = blocked.held(0), blocked.held(1)
    single = next(tile for tile in ada if not tile.is_double)
    fitting = next(tile for tile in blocked.stock() if blocked.fits(tile))
    on_table = sorted(blocked.played())[0]
    doubles, pips = impossible_numbers(blocked, 0)[0]
    extra = one_more(blocked)
    assert extra is not None

    def tiles(*chosen: Tile) -> str:
        return " ".join(tile.notation for tile in chosen)

    with sheet(tmp_path, ["--names", "Ada,Bo"], language) as keeper:
        for line in table_lines(blocked, words, NAMES):
            keeper.type(line)
        holds = i18n(language).gettext("{side} holds> ")
        before = keeper.entries()
        refusals = [
            (f"Ada {tiles(*ada[:-1])}", wrong_count(language, "Ada", len(ada))),  # one too few
            (f"Ada {tiles(*ada, extra)}", wrong_count(language, "Ada", len(ada))),  # one too many
            (
                f"Ada {tiles(*ada[:-1], on_table)}",
                t(language, "{tile} is already on the table.", tile=on_table.notation),
            ),
            (
                f"Ada {tiles(*ada[:-1], fitting)}",
                t(
                    language,
                    "{tile} fits an open end, so it could have been played. Check the tiles of {side}.",
                    tile=fitting.notation,
                    side="Ada",
                ),
            ),
            (
                f"Ada {words['doubles']} {doubles} {words['pips']} {pips}",
                cannot_hold(language, "Ada", len(ada)),
            ),
            (f"Ada {doubles} {pips}", cannot_hold(language, "Ada", len(ada))),  # refused, not asked back
        ]
        for line, reason in refusals:
            assert keeper.type(line) == reason, line
            assert keeper.entries() == before, line
            assert keeper.prompt == holds.format(side="Ada"), line

        assert keeper.type(f"Ada {tiles(*ada)}") == holding_noted(
            language, "Ada", blocked.reveals[0].holding.doubles, blocked.reveals[0].holding.pips
        )
        with_ada = keeper.entries()
        assert len(with_ada) == len(before) + 1
        # The same tile for two sides.
        claimed = t(language, "{tile} was entered for another side already.", tile=single.notation)
        assert keeper.type(f"Bo {single.notation}") == claimed
        assert keeper.entries() == with_ada and keeper.prompt == holds.format(side="Bo")
        keeper.type(f"Bo {bo[0].notation}")
        assert keeper.prompt == t(language, "Enter: next hand> ")
        keeper.close(words["quit"])
    core = saved_core(tmp_path)
    assert core is not None and tuple(core.scores) == blocked.after


def test_numbers_only_a_tile_fitting_an_open_end_could_make_are_refused(tmp_path: Path) -> None:
    """A holding the block rules out: only with a tile that fits an end (its holder was not blocked)."""

    def wanted(blocked: Blocked) -> bool:
        return len(blocked.held(1)) == 1 and bool(ruled_out(blocked))

    def ruled_out(blocked: Blocked) -> list[tuple[int, int]]:
        free = [tile for tile in blocked.out() if tile not in blocked.held(0)]
        not_fitting = [tile for tile in free if not blocked.fits(tile)]
        return sorted(makeable(free, 1) - makeable(not_fitting, 1))

    blocked = find_blocked(rules_of("german", 2), wanted)
    doubles, pips = ruled_out(blocked)[0]
    words = Words("en")
    with sheet(tmp_path, ["--names", "Ada,Bo"]) as keeper:
        for line in table_lines(blocked, words, NAMES):
            keeper.type(line)
        keeper.type("Ada " + " ".join(tile.notation for tile in blocked.held(0)))
        before = keeper.entries()
        assert keeper.type(f"Bo doubles {doubles} pips {pips}") == cannot_hold("en", "Bo", 1)
        assert keeper.type(f"Bo {doubles} {pips}") == cannot_hold("en", "Bo", 1)
        assert keeper.entries() == before
        keeper.close("quit")


def test_too_many_tiles_are_told_as_too_many_even_when_their_pips_could_not_be_held(tmp_path: Path) -> None:
    """Two tiles typed for a side that holds one: the reason is the count, not "those numbers"."""
    blocked = find_blocked(rules_of("german", 2), lambda b: len(b.held(1)) == 1 and b.held(1)[0].is_double)
    extra = next(tile for tile in blocked.out() if tile.is_double and tile not in blocked.held(1))
    words = Words("en")
    with sheet(tmp_path, ["--names", "Ada,Bo"]) as keeper:
        for line in table_lines(blocked, words, NAMES):
            keeper.type(line)
        keeper.type("Ada " + " ".join(tile.notation for tile in blocked.held(0)))
        before = keeper.entries()
        two_doubles = f"Bo {blocked.held(1)[0].notation} {extra.notation}"  # two tiles, two doubles
        assert keeper.type(two_doubles) == wrong_count("en", "Bo", 1)
        assert keeper.entries() == before
        keeper.close("quit")


# ============================================================ 3. the side the prompt asks for


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_holding_without_a_name_is_the_prompted_sides_and_undo_says_what_it_undid(
    tmp_path: Path, language: str
) -> None:
    blocked = find_blocked(rules_of("german", 2), lambda b: b.hand == 1)
    words = Words(language)
    ada, bo = blocked.reveals
    lines = table_lines(blocked, words, NAMES)
    ada_tiles = " ".join(tile.notation for tile in ada.tiles)
    noted = holding_noted(language, "Ada", ada.holding.doubles, ada.holding.pips)
    with sheet(tmp_path, ["--names", "Ada,Bo"], language) as keeper:
        for line in lines:
            keeper.type(line)
        before = keeper.entries()
        assert keeper.prompt == t(language, "{side} holds> ", side="Ada")
        assert keeper.type(ada_tiles) == noted
        assert keeper.entries()[-1]["side"] == 0
        assert keeper.prompt == t(language, "{side} holds> ", side="Bo")
        assert keeper.type(words["undo"]) == t(language, "Undone: {what}", what=noted)
        assert keeper.entries() == before and keeper.prompt == t(language, "{side} holds> ", side="Ada")
        # as undo, redo says the score only after an entry that changed it (a holding does not)
        assert keeper.type(words["redo"]) == t(language, "Redone: {what}", what=noted)
        # Bo's bare numbers, without a name, under Bo's prompt: Bo's, asked back.
        question = confirm_holding(language, "Bo", bo.holding.doubles, bo.holding.pips, None)
        assert keeper.type(f"{bo.holding.doubles} {bo.holding.pips}") == question
        keeper.type(words["yes"])
        assert keeper.prompt == t(language, "Enter: next hand> ")
        keeper.close(words["quit"])
    core = saved_core(tmp_path)
    assert core is not None and tuple(core.scores) == blocked.after


# ============================================================ 4. --counters and --scores


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("mode", ["track", "tally"])
def test_counters_start_from_what_each_side_holds(tmp_path: Path, language: str, mode: str) -> None:
    words = Words(language)
    typed = words.lines(["{score}", "Anna 0-0", "{quit}"])
    run = keep(
        tmp_path,
        ["--preset", "counters", "--players", "3", "--counters", "3,2,9", "--mode", mode],
        typed,
        language,
    )
    names = ["Anna", "Cem", "Mia"]
    assert run.reply(typed[0]) == score_line(language, names, [7, 8, 1], target=10, counters=True)
    record = saved(tmp_path)
    assert record is not None and record["scores"] == [7, 8, 1]  # counters discarded: 10 minus those held


@pytest.mark.parametrize("language", LANGUAGES)
def test_counters_with_the_points_tally_is_refused(tmp_path: Path, language: str) -> None:
    result = subprocess.run(
        command(language, ["--counters", "3,2"]),
        input="",
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=environment(tmp_path, TERM="dumb"),
        timeout=30,
        check=False,
    )
    assert result.returncode == 2
    assert (
        t(language, "--counters is for the counter tally (--preset counters); use --scores.") in result.stderr
    )
    assert not keep_file(tmp_path).exists()


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_explains_scores_for_both_tallies(tmp_path: Path, language: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bergen_access", "keep", "--lang", language, "--help"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=environment(tmp_path, TERM="dumb", COLUMNS="100"),
        timeout=30,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    flat = " ".join(result.stdout.split())
    scores = t(
        language,
        "start from these scores, one per side: points scored (with the counter tally: counters "
        "already discarded; see --counters)",
    )
    counters = t(language, "counter tally: start from the counters each side still holds, one per side")
    assert " ".join(scores.split()) in flat
    assert " ".join(counters.split()) in flat


# ============================================================ 5. the opening question insists


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_opening_question_insists_answers_reviews_and_takes_the_next_play_as_yes(
    tmp_path: Path, language: str
) -> None:
    words = Words(language)
    question = t(language, "Is {tile} the lowest double at the table? Yes or no.", tile="1-1")
    nonsense = [words["yes"] + "x", "foo bar", "Ada"]
    if language != "de":
        nonsense.append("ja")  # German for yes, not English or Turkish
    typed = [
        "Ada 1-1",
        *nonsense,
        words["score"],
        "1-3",  # Bo's play, typed early: the opening stood
        "foo",
        words["score"],
        "Bo 1-3",  # not an end
        words["left"],
        words["quit"],
    ]
    run = keep(tmp_path, ["--names", "Ada,Bo"], typed, language)
    yes_or_no = t(language, "yes or no> ")
    assert run.reply("Ada 1-1") == question
    for line in nonsense:
        assert run.reply(line) == remind_yes_no(language, question), line
    assert run.reply(words["score"], 0) == score_line(language, ["Ada", "Bo"], [0, 0])
    assert run.prompts[1 : 3 + len(nonsense)] == [yes_or_no] * (len(nonsense) + 2)  # until "1-3"
    early = run.reply("1-3")
    assert early.startswith(t(language, "{name} opens with {tile}.", name="Ada", tile="1-1"))
    assert early.endswith(t(language, "{tile} fits both ends: left or right?", tile="1-3"))
    # The which-end question insists the same way.
    remind_end = t(language, "Which end for {tile}: left or right? Or undo to leave it out.", tile="1-3")
    assert run.reply("foo") == remind_end
    assert run.reply("Bo 1-3") == remind_end
    assert run.reply(words["score"], 1) == score_line(language, ["Ada", "Bo"], [2, 0])
    assert run.prompts[-5:-1] == [t(language, "left or right> ")] * 4
    core = run.core
    assert isinstance(core, Table)
    assert [(t_.notation, l_, r_) for t_, l_, r_ in core.line] == [("1-3", 3, 1), ("1-1", 1, 1)]
    assert core.scores == [2, 0] and core.turn == 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_draw_typed_during_the_opening_question_confirms_it_and_counts(
    tmp_path: Path, language: str
) -> None:
    words = Words(language)
    typed = ["Ada 2-2", f"Cem {words['draw']}", words["quit"]]
    run = keep(tmp_path, ["--names", "Ada,Cem"], typed, language)
    assert run.reply("Ada 2-2") == t(
        language, "Is {tile} the lowest double at the table? Yes or no.", tile="2-2"
    )
    drew = run.reply(typed[1])
    assert drew.startswith(t(language, "{name} opens with {tile}.", name="Ada", tile="2-2"))
    assert (
        nt(language, "{name} draws {count} tile.", "{name} draws {count} tiles.", 1, name="Cem", count=1)
        in drew
    )
    record = saved(tmp_path)
    assert record is not None and record["entries"] == [
        {"type": "new-hand"},
        {"type": "open", "seat": 0, "tile": "2-2"},
        {"type": "draw", "seat": 1, "count": 1},
    ]
    core = run.core
    assert isinstance(core, Table) and core.counts == [5, 7] and core.scores == [2, 0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_undo_during_a_question_leaves_its_entry_out(tmp_path: Path, language: str) -> None:
    words = Words(language)
    typed = ["Ada 1-1", words["undo"], "Bo 0-0", "Ada 0-3", words["undo"], words["quit"]]
    run = keep(tmp_path, ["--names", "Ada,Bo"], typed, language)
    assert run.reply(words["undo"], 0) == t(language, "The opening was not entered. Who opens?")
    assert run.prompts[2] == t(language, "who opens> ")
    assert run.reply("Bo 0-0").startswith(t(language, "{name} opens with {tile}.", name="Bo", tile="0-0"))
    assert run.reply("Ada 0-3") == t(language, "{tile} fits both ends: left or right?", tile="0-3")
    assert run.reply(words["undo"], 1) == t(language, "{tile} was not entered.", tile="0-3")
    core = run.core
    assert isinstance(core, Table)
    assert [tile.notation for tile, _, _ in core.line] == ["0-0"] and core.counts == [6, 5] and core.turn == 0


# ============================================================ 6. undo and redo tell the score


TRIPLE_FOR_ADA = [  # Ada opens 5-5 (+2); Bo 2-5 left; Ada 0-5 right; Bo 0-2 right (+2); Ada draws; 2-2 (+3)
    "Ada 5-5",
    "{yes}",
    "Bo 2-5 {left}",
    "Ada 0-5 {right}",
    "Bo 0-2 {right}",
    "Ada {draw}",
    "Ada 2-2 {left}",
    "{undo}",
    "{redo}",
    "{quit}",
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_undo_and_redo_of_a_triple_header_say_what_they_did_to_the_score(
    tmp_path: Path, language: str
) -> None:
    words = Words(language)
    typed = words.lines(TRIPLE_FOR_ADA)
    run = keep(tmp_path, ["--names", "Ada,Bo"], typed, language)
    names = ["Ada", "Bo"]
    triple = i18n(language).pgettext("header", "triple header")
    points = nt(language, "{count} point", "{count} points", 3, count=3)
    award = t(language, "{amount} for {who} ({what})", amount=points, who="Ada", what=triple)
    said = run.reply(typed[6]).splitlines()  # Ada plays 2-2 … / Ada: triple header, 3 points, total 5.
    assert len(said) == 2
    taken_back = t(language, "Taken back: {awards}.", awards=award)
    move = said[0].split(" " + t(language, "Ends {ends}.", ends="").split()[0])[0]  # without its ends
    undone = run.reply(words["undo"])
    assert undone.startswith(
        " ".join([t(language, "Undone: {what}", what=move), taken_back, score_line(language, names, [2, 2])])
    )
    assert undone.endswith(t(language, "Turn: {name}.", name="Ada"))  # then the ends now, and the turn
    assert run.reply(words["redo"]) == " ".join(
        [t(language, "Redone: {what}", what=" ".join(said)), score_line(language, names, [5, 2])]
    )
    core = run.core
    assert isinstance(core, Table) and core.scores == [5, 2]


@pytest.mark.parametrize("language", LANGUAGES)
def test_undoing_the_winning_entry_says_the_match_goes_on(tmp_path: Path, language: str) -> None:
    words = Words(language)
    typed = words.lines(["Ada 0-0", "Ada {out}", "{undo}", "{score}", "{redo}", "{undo}", "{quit}"])
    run = keep(tmp_path, ["--names", "Ada,Bo", "--mode", "tally", "--scores", "12,3"], typed, language)
    names = ["Ada", "Bo"]
    goes_on = t(language, "The win is taken back: the match goes on.")
    won = run.reply(typed[1]).splitlines()  # Ada goes out … / Match over: Ada wins …
    points = nt(language, "{count} point", "{count} points", 2, count=2)
    award = t(
        language, "{amount} for {who} ({what})", amount=points, who="Ada", what=t(language, "going out")
    )
    assert run.reply(words["undo"], 0) == " ".join(  # not the old total again: what was taken back
        [
            t(language, "Undone."),
            t(language, "Taken back: {awards}.", awards=award),
            goes_on,
            score_line(language, names, [14, 3]),
        ]
    )
    assert run.prompts[3] == "Ada 14 Bo 3 /15> "  # the match goes on: the score, not "match over"
    redone = run.reply(words["redo"])
    assert redone.startswith(t(language, "Redone: {what}", what=" ".join(won)))
    assert redone.endswith(score_line(language, names, [16, 3]))
    assert run.prompts[5] == t(language, "match over> ")
    assert goes_on in run.reply(words["undo"], 1)
    core = run.core  # the match goes on, so the sheet is kept
    assert isinstance(core, Tally) and core.scores == [14, 3] and not core.is_over


# ============================================================ 7. DominoPlaza: both sides of the double first


@pytest.mark.parametrize("language", LANGUAGES)
def test_dominoplaza_refuses_a_tile_that_must_wait_and_says_why(tmp_path: Path, language: str) -> None:
    words = Words(language)
    typed = words.lines(
        ["Ada 6-6", "Bo 6-1 {left}", "Ada 1-3 {left}", "Ada 1-3", "Ada 6-2", "Bo 1-3 {left}", "{quit}"]
    )
    run = keep(tmp_path, ["--preset", "dominoplaza", "--names", "Ada,Bo"], typed, language)
    why = t(
        language,
        "{tile} does not fit yet: both sides of the opening double come first, "
        "so only a tile with a {number} fits.",
        tile="1-3",
        number=6,
    )
    assert run.reply(typed[2]) == why
    assert run.reply("Ada 1-3") == why
    core = run.core
    assert isinstance(core, Table)
    assert [tile.notation for tile, _, _ in core.line] == ["1-3", "1-6", "6-6", "2-6"]


# ============================================================ 8. the tally: each hand starts with its opening


@pytest.mark.parametrize("language", LANGUAGES)
def test_tally_hands_start_with_their_opening_and_blocked_asks_who_won(tmp_path: Path, language: str) -> None:
    words = Words(language)
    typed = words.lines(
        [
            "Ada {out}",  # before the opening
            "Bo {double}",
            "{blocked} {nobody}",
            "Ada 0-0",  # the opening double scores 2
            "{blocked}",
            "xyz",
            "Zed",
            "{score}",
            "Bo",
            "Bo {out}",  # the next hand has not been opened
            "Bo 0-0",
            "{blocked} {nobody}",
            "{quit}",
        ]
    )
    run = keep(tmp_path, ["--mode", "tally", "--names", "Ada,Bo"], typed, language)
    first = t(language, "First say who opened: a name and the double, for example Anna 1-1.")
    for line in typed[:3]:
        assert run.reply(line) == first, line
    assert run.reply("Bo " + words["out"]) == first
    assert run.reply("Ada 0-0").startswith(t(language, "{name} opens with {tile}.", name="Ada", tile="0-0"))
    nobody = words["nobody"]
    asked = t(
        language,
        "Who won the blocked hand? Type one of {names}, or {nobody}.",
        names="Ada, Bo",
        nobody=nobody,
    )
    again = t(
        language,
        "Who won the blocked hand? Type one of {names}, or {nobody}; undo leaves it out.",
        names="Ada, Bo",
        nobody=nobody,
    )
    assert run.reply(words["blocked"]) == asked
    assert run.reply("xyz") == again and run.reply("Zed") == again
    assert run.reply(words["score"]) == score_line(language, ["Ada", "Bo"], [2, 0])
    assert run.prompts[5:9] == [t(language, "name or nobody> ")] * 4
    assert score_line(language, ["Ada", "Bo"], [2, 2]).removesuffix(".") in run.reply("Bo")  # the hand's end
    assert t(language, "name or nobody> ") not in run.prompts[10:]  # "blocked nobody" needs no question
    core = run.core
    assert isinstance(core, Tally)
    assert core.scores == [2, 4] and core.hand_number == 3 and not core.opened


def test_the_tally_opening_scores_only_where_the_rules_say_so(tmp_path: Path) -> None:
    typed = ["Ada 0-0", "Ada double", "quit"]
    run = keep(tmp_path, ["--mode", "tally", "--names", "Ada,Bo", "--opening-double-scores", "no"], typed)
    assert run.reply("Ada 0-0") == t("en", "{name} opens with {tile}.", name="Ada", tile="0-0")
    core = run.core
    assert isinstance(core, Tally) and core.scores == [2, 0]  # only the double header


# ============================================================ 9. unknown names


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unknown_name_is_told_who_the_players_are(tmp_path: Path, language: str) -> None:
    words = Words(language)
    tracked = words.lines(["Zed 3-5", "Ada 0-0", "Zed 3-5", "Zed {draw}", "{blocked} Zed", "{quit}"])
    run = keep(tmp_path, ["--names", "Ada,Bo"], tracked, language)
    who = unknown_name(language, ["Ada", "Bo"])
    assert run.reply("Zed 3-5", 0) == who and run.reply("Zed 3-5", 1) == who
    assert run.reply(tracked[3]) == who and run.reply(tracked[4]) == who
    core = run.core
    assert isinstance(core, Table) and len(core.entries) == 2  # the deal and the opening

    tally = words.lines(["{blocked} Zed", "Zed 1-1", "Ada 0-0", "{blocked} Zed", "{quit}"])
    run = keep(tmp_path / "tally", ["--names", "Ada,Bo", "--mode", "tally"], tally, language)
    for line in (tally[0], tally[1], tally[3]):
        assert run.reply(line) == who, line
    core = run.core
    assert isinstance(core, Tally) and len(core.entries) == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unknown_name_in_a_tally_call_is_told_who_the_players_are(tmp_path: Path, language: str) -> None:
    """Calls with a name nobody has ("Zed out", "Zed double") are told so, as "Zed 3-5" and "blocked Zed"
    are."""
    words = Words(language)
    tally = words.lines(["Ada 0-0", "Zed {out}", "Zed {double}", "Zed {triple}", "{quit}"])
    run = keep(tmp_path, ["--names", "Ada,Bo", "--mode", "tally"], tally, language)
    who = unknown_name(language, ["Ada", "Bo"])
    assert [run.reply(line) for line in tally[1:4]] == [who] * 3
    core = run.core
    assert isinstance(core, Tally) and len(core.entries) == 1


# ============================================================ 10. history


GOING_OUT = [  # rules.md 5.11 with Ada and Bo: Ada opens 0-0 (+2), a double header (+2), goes out (+2)
    "Ada 0-0",
    "Bo 0-4 {left}",
    "0-1 {right}",
    "4-6 {left}",
    "1-3 {right}",
    "2-6 {left}",
    "3-5 {right}",
    "2-2 {left}",
    "5-6 {right}",
    "2-3 {left}",
    "3-6 {right}",
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_history_of_the_last_announcements_this_hand_and_the_match(tmp_path: Path, language: str) -> None:
    words = Words(language)
    typed = words.lines(
        [
            *GOING_OUT,
            "",
            "Bo 1-1",
            "{yes}",
            "Ada 1-3 {left}",
            "{history} 2",
            "{history}",
            "{history} {all}",
            "{quit}",
        ]
    )
    run = keep(tmp_path, ["--names", "Ada,Bo"], typed, language)
    opened = run.reply(words["yes"]).splitlines()  # Bo opens with 1-1. / Bo: double header ...
    played = run.reply(typed[len(GOING_OUT) + 3]).splitlines()
    assert len(opened) == 2 and len(played) == 1
    assert run.reply(f"{words['history']} 2").splitlines() == [opened[-1], *played]
    hand_2 = t(language, "Hand {number}.", number=2)
    assert run.reply(words["history"]).splitlines() == [hand_2, *opened, *played]
    everything = run.reply(f"{words['history']} {words['all']}").splitlines()
    assert everything[0] == t(language, "Hand {number}.", number=1)
    assert everything[-4:] == [hand_2, *opened, *played]
    hand_1 = [line for n, text in enumerate(typed[: len(GOING_OUT)]) for line in run.replies[n].splitlines()]
    guidance = {
        t(language, "Who opens? Type the name and the lowest double, for example Anna 1-1."),
        t(language, "Next hand: whoever holds the lowest double opens."),
    }
    assert everything[1:-4] == [line for line in hand_1 if line not in guidance]
    assert not guidance & set(everything)


@pytest.mark.parametrize("language", LANGUAGES)
def test_tally_history_of_this_hand_holds_only_this_hand(tmp_path: Path, language: str) -> None:
    words = Words(language)
    typed = words.lines(["Ada 0-0", "Bo {out}", "Bo 0-0", "{history}", "{history} {all}", "{quit}"])
    run = keep(tmp_path, ["--names", "Ada,Bo", "--mode", "tally"], typed, language)
    hand_2 = run.reply("Bo 0-0").splitlines()
    assert run.reply(words["history"]).splitlines() == hand_2  # not the end of hand 1
    everything = run.reply(f"{words['history']} {words['all']}").splitlines()
    assert everything[-len(hand_2) :] == hand_2 and len(everything) > len(hand_2)


# ============================================================ 11. export


@pytest.mark.parametrize("language", LANGUAGES)
def test_export_has_a_header_no_guidance_and_one_csv_row_per_score(tmp_path: Path, language: str) -> None:
    words = Words(language)
    folder = tmp_path / "exports"
    typed = words.lines([*GOING_OUT, "{history} {all}", "{export} evening", "{quit}"])
    run = keep(
        tmp_path, ["--names", "Ada,Bo", "--scores", "3,0", "--export-dir", str(folder)], typed, language
    )
    assert run.reply(typed[-2]) == t(  # the name once, the folder once (issue 30)
        language, "Exported {name}.txt and .csv to {folder}.", name="evening", folder=said_folder(folder)
    )
    text = (folder / "evening.txt").read_text(encoding="utf-8").splitlines()
    start, _, end = i18n(language).gettext("Bergen Access score sheet, {date}.").partition("{date}")
    assert text[0].startswith(start) and text[0].endswith(end)
    assert DATE.fullmatch(text[0][len(start) : len(text[0]) - len(end)])
    assert text[1] == t(language, "Players: {names}.", names="Ada, Bo")
    assert text[2] == t(
        language,
        "Rules: {preset}, {players} players, target {target}.",
        preset=i18n(language).pgettext("preset", "standard"),
        players=2,
        target=15,
    )
    assert text[3] == t(
        language,
        "The sheet began from an earlier score. {score}.",
        score=scores_phrase(language, ["Ada", "Bo"], [3, 0], 15, False),
    )
    guidance = [
        t(language, "Who opens? Type the name and the lowest double, for example Anna 1-1."),
        t(language, "Next hand: whoever holds the lowest double opens."),
    ]
    body = "\n".join(text)
    assert not any(line in body for line in guidance) and "> " not in body
    assert text[4] == "" and text[5:-1] == run.reply(typed[-3]).splitlines()  # the record: history all
    assert text[-1] == score_line(language, ["Ada", "Bo"], [9, 0])
    rows = list(csv.reader(io.StringIO((folder / "evening.csv").read_text(encoding="utf-8"))))
    header = ["hand", "player", "side", "event", "full value", "points", "total"]
    assert rows[0] == [t(language, column) for column in header]
    double = i18n(language).pgettext("header", "double header")
    assert rows[1:] == [  # the opening double, the double header 2|2, going out: nothing else
        ["1", "Ada", "Ada", double, "2", "2", "5"],
        ["1", "Ada", "Ada", double, "2", "2", "7"],
        ["1", "Ada", "Ada", t(language, "went out"), "2", "2", "9"],
    ]


def test_export_of_a_blocked_hand_has_its_row_and_no_start_line_from_zero(tmp_path: Path) -> None:
    blocked = find_blocked(rules_of("german", 2), lambda b: b.hand == 1)
    words = Words("en")
    folder = tmp_path / "out"
    typed = table_lines(blocked, words, NAMES)
    for side, reveal in enumerate(blocked.reveals):
        typed += holding_lines("tiles", NAMES[side], reveal, words, american=False)
    typed += ["export sheet", "quit"]
    keep(tmp_path, ["--names", "Ada,Bo", "--export-dir", str(folder)], typed)
    text = (folder / "sheet.txt").read_text(encoding="utf-8").splitlines()
    assert text[3] == "" and text[4] == t("en", "Hand {number}.", number=1)  # no "Started from" at zero
    reveal_needed = t(
        "en",
        "Blocked. For each side type its tiles with a dash (Anna 6-6 1-2), "
        "or its numbers with their words (Anna doubles 1 pips 15).",
    )
    assert reveal_needed not in text
    rows = list(csv.reader(io.StringIO((folder / "sheet.csv").read_text(encoding="utf-8"))))
    engine = [event for told in blocked.script.told[: len(blocked.before) + 2] for event in told]
    scoring = [
        event
        for event in engine
        if isinstance(event, HeaderScored | WentOut)
        or (isinstance(event, HandBlocked) and event.winner is not None)
    ]
    assert len(rows) == 1 + len(scoring)  # one row per scoring event, nothing else
    block = next(event for event in engine if isinstance(event, HandBlocked))
    assert block.winner is not None
    assert rows[-1] == [
        "1",
        "",
        NAMES[block.winner],
        t("en", "blocked hand"),
        str(blocked.rules.blocked_award),
        str(block.value),
        str(block.total),
    ]


# ============================================================ 12. a resumed sheet says where it stands


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_resumed_sheet_says_the_hand_what_is_awaited_and_the_score(tmp_path: Path, language: str) -> None:
    words = Words(language)
    keep(
        tmp_path, ["--names", "Ada,Bo"], words.lines([*GOING_OUT, "", "Bo 1-1", "{yes}", "{quit}"]), language
    )
    typed = [words["yes"], words["quit"]]
    run = keep(tmp_path, [], typed, language)
    now = t(language, "Turn: {name}.", name="Ada")
    expected = t(
        language,
        "The score sheet continues in hand {hand}. {now} {score}",
        hand=2,
        now=now,
        score=score_line(language, ["Ada", "Bo"], [6, 2]),
    )
    assert run.reply(words["yes"]) == expected


def test_a_resumed_tally_says_the_hand_and_the_score(tmp_path: Path) -> None:
    keep(tmp_path, ["--names", "Ada,Bo", "--mode", "tally"], ["Ada 1-1", "yes", "Bo out", "Bo 0-0", "quit"])
    run = keep(tmp_path, [], ["yes", "quit"])
    assert run.reply("yes") == t(
        "en",
        "The score sheet continues in hand {hand}. {now} {score}",
        hand=2,
        now=t("en", "Call what scores."),
        score=score_line("en", ["Ada", "Bo"], [2, 4]),
    )


# ============================================================ 13. nothing more to draw


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_draw_from_an_empty_stock_does_not_advise_a_pass(tmp_path: Path, language: str) -> None:
    words = Words(language)
    typed = words.lines(["Ada 0-0", "Bo {draw} 14", "Bo {draw}", "{quit}"])
    run = keep(tmp_path, ["--names", "Ada,Bo"], typed, language)
    assert run.reply(typed[2]) == t(language, "Nothing more can be drawn: play a tile that fits, or pass.")
    core = run.core
    assert isinstance(core, Table) and core.counts == [5, 20] and core.drawable == 0


# ============================================================ 14. blocked hands by every rule, every form


RULES = ["german", "american", "pips", "counters"]
TABLES = [(2, False), (3, False), (4, True)]
PLAIN_FORMS = ["tiles", "unnamed-tiles", "words", "numbers-first"]
BARE_FORMS = ["bare", "unnamed-bare", "bare"]


def confusable(blocked: Blocked) -> bool:
    return any(looks_like_a_tile(reveal) for reveal in blocked.reveals)


def decided_by(blocked: Blocked) -> str:
    told = blocked.script.told[len(blocked.before) + blocked.rules.sides - 1]
    return next(event.decided_by.value for event in told if isinstance(event, HandBlocked))


@cache
def blocked_plan(rule: str) -> list[tuple[Blocked, list[str]]]:
    """For one rule, the first blocked hand of each table with a holding that reads like a tile, and the
    form each side's holding is typed in: every form once at least, bare numbers where they look like a
    tile."""
    plan = []
    plain = itertools.cycle(PLAIN_FORMS)
    for index, (players, partners) in enumerate(TABLES):
        blocked = find_blocked(rules_of(rule, players, partners), confusable)
        forms = [BARE_FORMS[index] if looks_like_a_tile(r) else next(plain) for r in blocked.reveals]
        plan.append((blocked, forms))
    if rule == "american":  # and a tie: the same holdings left on both sides of the table
        tie = find_blocked(rules_of(rule, 2), lambda b: decided_by(b) == "tie")
        plan.append((tie, ["numbers-first", "bare"]))
    return plan


def side_name(language: str, rules: Rules, side: int) -> str:
    """How the keeper names a side: the player, or both partners."""
    seats = rules.seats_of(side)
    if len(seats) == 1:
        return NAMES[seats[0]]
    return (
        i18n(language)
        .pgettext("side", "{first} and {second}")
        .format(first=NAMES[seats[0]], second=NAMES[seats[1]])
    )


BLOCKED_CASES = [(rule, n) for rule in RULES for n in range(len(TABLES) + (rule == "american"))]


@pytest.mark.parametrize(("rule", "case"), BLOCKED_CASES, ids=[f"{r}-{n}" for r, n in BLOCKED_CASES])
def test_a_real_blocked_hand_typed_in_every_form_scores_what_the_engine_scored(
    tmp_path: Path, rule: str, case: int
) -> None:
    blocked, forms = blocked_plan(rule)[case]
    rules = blocked.rules
    language = LANGUAGES[(RULES.index(rule) + case) % len(LANGUAGES)]
    american = rules.blocked_rule is BlockedRule.AMERICAN
    words = Words(language)
    typed = table_lines(blocked, words, NAMES)
    asked: dict[str, str] = {}  # bare numbers and the question they must get
    for side, (reveal, form) in enumerate(zip(blocked.reveals, forms, strict=True)):
        name = NAMES[rules.seats_of(side)[-1]]  # a partnership is named by either partner
        lines = holding_lines(form, name, reveal, words, american)
        if form.endswith("bare"):
            h = reveal.holding
            who = side_name(language, rules, side)
            asked[lines[0]] = confirm_holding(
                language, who, h.doubles, h.pips, h.single_pips if american else None
            )
        typed += lines
    typed += [words["score"], words["quit"]]
    run = keep(tmp_path, [*rule_args(rule), *table_args(rules)], typed, language)
    for line, question in asked.items():
        assert run.reply(line) == question, line  # "Bo 0 2" is 0 doubles and 2 pips, asked back; not 0-2
    core = run.core
    assert isinstance(core, Table), run.out[-2000:]
    assert core.phase is TablePhase.HAND_OVER and core.hand_number == blocked.hand
    assert tuple(core.scores) == blocked.after, (blocked.seed, run.out[-1500:])
    counters = rules.tally.value == "counters"
    names = [side_name(language, rules, side) for side in range(rules.sides)]
    assert run.reply(words["score"]) == score_line(
        language, names, blocked.after, rules.target_score, counters
    )


def test_the_blocked_hands_typed_cover_every_form_and_every_decider() -> None:
    """A check on the choice of hands above: each rule meets every form; the deciders all come up."""
    deciders = set()
    for rule in RULES:
        plan = blocked_plan(rule)
        assert set(FORMS) <= {form for _, forms in plan for form in forms}, rule
        deciders |= {decided_by(blocked) for blocked, _ in plan}
    assert {"fewest-doubles", "fewer-pips", "single-pips", "no-double", "tie"} <= deciders, deciders


# ============================================================ under a pseudo-terminal


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_blocked_hand_and_the_questions_under_a_pseudo_terminal(tmp_path: Path, language: str) -> None:
    """prompt_toolkit in a real terminal: the same questions, the same answers, the same score."""
    blocked = find_blocked(rules_of("american", 2), only_ada_holds_1_1)
    words = Words(language)
    lines = table_lines(blocked, words, NAMES)
    bo = blocked.reveals[1].holding
    args = ["keep", "--speech", "off", "--lang", language, *rule_args("american"), "--names", "Ada,Bo"]
    child = pty_spawn(
        sys.executable,
        ["-m", "bergen_access", *args],
        cwd=str(ROOT),
        env=environment(tmp_path, TERM="xterm"),
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 200),
    )
    child.delaybeforesend = None  # each line is sent only once its prompt is there
    i = i18n(language)
    holds = i.gettext("{side} holds> ")
    prompts = {
        "opens": i.gettext("who opens> "),
        "yes or no": i.gettext("yes or no> "),
        "left or right": i.gettext("left or right> "),
        "next hand": i.gettext("Enter: next hand> "),
        "Ada holds": holds.format(side="Ada"),
        "Bo holds": holds.format(side="Bo"),
        "Ada": "Ada> ",
        "Bo": "Bo> ",
    }
    # Under a terminal the prompt's last space is drawn as a cursor move: match up to the ">".
    pattern = "|".join(re.escape(prompt.rstrip()) for prompt in prompts.values())

    def answer(line: str, expect: str | None = None) -> str:
        """Type a line; what was said before the next prompt (the prompt's name is returned)."""
        child.send(line + "\r")
        child.expect("\n")
        child.expect(pattern)
        said = " ".join(clean(child.before or "").split())
        if expect is not None:
            assert expect in said, (line, said)
        return next(name for name, prompt in prompts.items() if prompt.rstrip() == child.after)

    try:
        child.expect(pattern)
        for line in lines:
            answer(line)
        question = confirm_holding(language, "Ada", 1, 2, 0)
        assert answer("Ada 1 2 0", question) == "yes or no"
        assert answer("maybe", remind_yes_no(language, question)) == "yes or no"
        declined = t(
            language,
            "Not entered. Type the holding of {side} again: the tiles with a dash (6-6 1-2), "
            "or the numbers with their words (doubles 1 pips 15).",
            side="Ada",
        )
        assert answer(words["no"], declined) == "Ada holds"
        assert answer("Ada 1 2 0", question) == "yes or no"
        assert answer(words["yes"], holding_noted(language, "Ada", 1, 2)) == "Bo holds"
        assert answer("Bo 14", holding_form(language, american=True)) == "Bo holds"
        outside = f"{words['outside']} {bo.single_pips}"
        in_words = f"Bo {words['doubles']} {bo.doubles} {words['pips']} {bo.pips} {outside}"
        assert answer(in_words) == "next hand"
        child.send(words["quit"] + "\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    core = saved_core(tmp_path)
    assert isinstance(core, Table) and tuple(core.scores) == blocked.after
