"""Ratings at a server: each registered name's skill, from the matches it played against other
registered names, by OpenSkill's Weng-Lin model.

Why OpenSkill (``openskill`` on PyPI, MIT licence, no dependencies, a pure-Python wheel beside its
compiled ones, so the Windows tier installs it too): it is a well-kept library of Weng and Lin's
Bayesian rating (2011), and rates what Bergen has, which Elo does not: tables of 2, 3 and 4 players,
each finishing in a place, and partnerships (two teams of two). Of its Weng-Lin models the library's
default, Plackett-Luce, is used. Each player has a mean ``mu`` (25 at first) and an uncertainty
``sigma`` (25/3 at first); every rated match moves both.

What counts (a *rated match*): a match at a table of this server, played to its end, at which every
seat was taken by a registered name (``registry.py``) and no computer played: no computer seat, no
computer standing in for someone who did not come back. Its places: the side that won first, the
others by their points (or counters) at the end, equal points sharing a place.

What is shown is the library's ordinal, ``mu - 3 * sigma``: the conservative rating, the skill the
model is about 99.7 % sure the player has at least. A newcomer shows 0 and climbs as matches make
the model surer, so one lucky first win does not put anyone at the top of the list; a player's mean
alone would.

The file (``ratings.json`` in the server's folder) is rewritten whole and atomically by the server's
writer thread before anyone at the table hears their new rating (write-ahead, like the tables and
names); read as untrusted, a file with anything wrong in it is set aside whole and the host told.
"""

from __future__ import annotations

import json
import math
from collections.abc import Container, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from ..core.record import check_kind
from ..core.refused import RecordProblem
from ..session.storage import Storage
from ..session.untrusted import DamagedFile, FileProblem, read_json
from .names import good_name
from .registry import MOST_NAMES, KeptFileProblem

FILE = "ratings.json"
FORMAT = "bergen-access-ratings"
VERSION = 1
#: the model every rating is made with (its defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300)
MODEL = PlackettLuce()
#: the newest rated matches remembered (their journals' names), so none is rated twice
MOST_RATED = 1_000
MOST_KEY = 80  # a journal's name is 21 characters or a few more
MOST_MU = 1_000.0  # a file's mean beyond this is no rating of ours
MOST_MATCHES = 10_000_000


@dataclass(frozen=True)
class Rating:
    """A registered name's rating: the model's mean and uncertainty, and the rated matches it played."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    matches: int = 0

    @property
    def shown(self) -> float:
        """The conservative rating shown to people: the library's ordinal, ``mu - 3 * sigma``."""
        return float(MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal())


@dataclass(frozen=True)
class Change:
    """One player's rating before and after a rated match."""

    name: str
    before: Rating
    after: Rating

    @property
    def change(self) -> float:
        return self.after.shown - self.before.shown


def places(scores: Sequence[int], winner: int | None) -> list[int]:
    """Each side's place (1 first): the winner first, then by points, equal points sharing a place.

    >>> places([15, 9, 12], 0)
    [1, 3, 2]
    >>> places([4, 15, 4], 1)
    [2, 1, 2]
    """

    def key(side: int) -> tuple[bool, int]:
        return (side != winner, -scores[side])

    return [
        1 + sum(1 for other in range(len(scores)) if key(other) < key(side)) for side in range(len(scores))
    ]


def rate(ratings: dict[str, Rating], sides: Sequence[Sequence[str]], ranks: Sequence[int]) -> list[Change]:
    """Each player's rating after a match of ``sides`` (a side: its players' names) that finished in
    ``ranks`` (1 first), by the library's own update; the players' changes, in the sides' order."""
    teams = [[MODEL.rating(*_of(ratings, name), name=name) for name in side] for side in sides]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    changes = []
    for side, team in zip(sides, rated, strict=True):
        for name, after in zip(side, team, strict=True):
            before = ratings.get(name, Rating())
            changes.append(Change(name, before, Rating(after.mu, after.sigma, before.matches + 1)))
    return changes


def _of(ratings: dict[str, Rating], name: str) -> tuple[float, float]:
    rating = ratings.get(name, Rating())
    return rating.mu, rating.sigma


class Ratings:
    """The ratings of one server's registered names, and their file."""

    def __init__(self, storage: Storage | None) -> None:
        self.storage = storage
        self.by_name: dict[str, Rating] = {}
        #: the newest rated matches, by their journals' names (a restart rates a match whose end was on
        #: the disk but whose ratings were not, and never one twice)
        self.rated: list[str] = []

    def record(self, changes: list[Change], key: str | None = None) -> str:
        """The new ratings kept (``key``: the match's journal name); the file's text to write (in the
        writer thread: ``write``)."""
        for change in changes:
            self.by_name[change.name] = change.after
        if key is not None:
            self.rated = [*self.rated, key][-MOST_RATED:]
        return self.text()

    def board(self) -> list[tuple[str, Rating]]:
        """Every rated name, the highest shown rating first (then by name)."""
        return sorted(self.by_name.items(), key=lambda item: (-item[1].shown, item[0]))

    def text(self) -> str:
        players = [
            {"name": name, "mu": r.mu, "sigma": r.sigma, "matches": r.matches}
            for name, r in self.by_name.items()
        ]
        kept = {"format": FORMAT, "version": VERSION, "players": players, "rated": self.rated}
        return json.dumps(kept, ensure_ascii=False) + "\n"

    def write(self, text: str) -> bool:
        """The file rewritten whole, atomically (in the writer thread); whether it is on the disk."""
        return self.storage is not None and self.storage.write(FILE, text)

    def load(self) -> KeptFileProblem | None:
        """The ratings of earlier runs; a file that cannot be used is set aside (what to tell the host is
        returned) and the ratings start anew."""
        path = self.storage.path(FILE) if self.storage is not None else None
        if self.storage is None or path is None:
            return None
        self.storage.clean_temporary(FILE)
        try:
            self.by_name, self.rated = read_ratings(path)
        except FileNotFoundError:
            return None
        except ValueError as error:  # DamagedFile, RecordError: the reason; anything else: malformed
            code = getattr(error, "code", RecordProblem.MALFORMED)
            kept = self.storage.set_aside(FILE, "damaged")
            return KeptFileProblem(
                "ratings", FileProblem(str(code), str(getattr(error, "detail", "")), path, kept)
            )
        return None


def read_ratings(path: Path) -> tuple[dict[str, Rating], list[str]]:
    """The ratings a file holds, and the matches rated; every field checked, DamagedFile (a ValueError)
    if any is wrong."""
    kept = read_json(path)
    check_kind(kept, FORMAT, VERSION)
    players, rated = kept.get("players"), kept.get("rated")
    if not isinstance(players, list) or len(players) > MOST_NAMES:
        raise DamagedFile(RecordProblem.MALFORMED, "players")
    if not isinstance(rated, list) or len(rated) > MOST_RATED:
        raise DamagedFile(RecordProblem.MALFORMED, "rated")
    if not all(isinstance(key, str) and 0 < len(key) <= MOST_KEY for key in rated):
        raise DamagedFile(RecordProblem.MALFORMED, "rated")
    ratings: dict[str, Rating] = {}
    for place, entry in enumerate(players):
        found = _rating_of(entry)
        if found is None or found[0] in ratings:
            raise DamagedFile(RecordProblem.MALFORMED, f"players[{place}]")
        ratings[found[0]] = found[1]
    return ratings, list(rated)


def _rating_of(entry: Any) -> tuple[str, Rating] | None:
    if not isinstance(entry, dict):
        return None
    name, mu, sigma, matches = (entry.get(key) for key in ("name", "mu", "sigma", "matches"))
    if not (isinstance(name, str) and good_name(name)):
        return None
    numbers = (mu, sigma)
    if not all(isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in numbers):
        return None
    assert isinstance(mu, int | float) and isinstance(sigma, int | float)
    if not (abs(mu) <= MOST_MU and 0 < sigma <= MOST_MU):
        return None
    if not (isinstance(matches, int) and not isinstance(matches, bool) and 0 <= matches <= MOST_MATCHES):
        return None
    return name, Rating(float(mu), float(sigma), matches)


def rated_sides(
    seats: Sequence[tuple[str, bool]], side_seats: Sequence[Sequence[int]], registered: Container[str]
) -> list[list[str]] | None:
    """The names on each side of a rated match, or None if it is not rated: ``seats`` are each seat's name
    and whether a person played it to the end; ``side_seats`` each side's seats."""
    if not all(person and name in registered for name, person in seats):
        return None
    return [[seats[seat][0] for seat in side] for side in side_seats]
