"""Registered names at a server: a name claimed with a passphrase, so nobody else can play under it.

A person with a name types ``register`` and a passphrase; from then on the name
is theirs at this server: taking it (``name Ayşe`` and the passphrase, or any name
that reads like it by the server's name rules, ``names.py``) asks for the
passphrase. The passphrase itself is never kept, said back or logged: only a slow
hash of it, scrypt (RFC 7914) with a random salt of its own per name, and the
parameters it was made with (so they can be raised later without losing a name):

- ``n`` = 2**15, ``r`` = 8, ``p`` = 1: 32 MiB of memory and about 0.2 s of one
  CPU per hash on the 2-CPU bench machine. A guesser who took the file pays as much for
  each guess; a guesser at the server is held back by the wrong-secret limit
  (``guard.py``: five a minute per address, as for rejoin codes). The hashes are
  made off the event loop, one at a time (``Writes``), so nobody's table waits.
- a passphrase is taken as typed, its spaces evened out (one space between
  words, none around them) and in Unicode's composed form (NFC), so what is
  typed the same way is the same passphrase on every client; at least
  ``SHORTEST_PASSPHRASE`` characters.

The file (``names.json`` in the server's folder) is rewritten whole and
atomically, before the person hears their name is registered (write-ahead, like
the tables). It is read as untrusted: anything wrong in it and it is set aside
whole, the host told in one sentence.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.record import check_kind
from ..core.refused import RecordProblem
from ..session.storage import Storage
from ..session.untrusted import DamagedFile, FileProblem, read_json
from .names import alike, good_name

FILE = "names.json"
FORMAT = "bergen-access-names"
VERSION = 1
SCRYPT_N = 2**15
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16
HASH_BYTES = 32
#: the most memory one hash may take (scrypt needs 128 * n * r bytes: 32 MiB with the values above)
SCRYPT_MEMORY = 64 * 1024 * 1024
SHORTEST_PASSPHRASE = 8
LONGEST_PASSPHRASE = 200
#: registered names a server keeps (its file stays below 10 MB)
MOST_NAMES = 50_000
#: the most a file's parameters may ask (a file is untrusted: no hash of a gigabyte)
MOST_N = 2**20


@dataclass(frozen=True)
class KeptFileProblem:
    """For the host: the server's names (``what``: "names") or ratings ("ratings") file could not be used."""

    what: str
    problem: FileProblem


@dataclass(frozen=True)
class Claim:
    """A registered name: the name as registered, and its passphrase's scrypt hash with its salt."""

    name: str
    salt: bytes
    digest: bytes
    n: int = SCRYPT_N
    r: int = SCRYPT_R
    p: int = SCRYPT_P


def passphrase_of(typed: str) -> str:
    """The passphrase as compared: composed (NFC), its words one space apart."""
    return " ".join(unicodedata.normalize("NFC", typed).split())


def good_passphrase(passphrase: str) -> bool:
    return SHORTEST_PASSPHRASE <= len(passphrase) <= LONGEST_PASSPHRASE


def _scrypt(passphrase: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        passphrase.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=SCRYPT_MEMORY, dklen=HASH_BYTES
    )


def claim(name: str, passphrase: str) -> Claim:
    """A new claim of ``name``: a fresh random salt, the passphrase's hash (slow: off the event loop)."""
    salt = os.urandom(SALT_BYTES)
    return Claim(name, salt, _scrypt(passphrase, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P))


def matches(held: Claim, passphrase: str) -> bool:
    """Whether ``passphrase`` is the claim's (slow: off the event loop); compared in constant time."""
    return hmac.compare_digest(_scrypt(passphrase, held.salt, held.n, held.r, held.p), held.digest)


class Registry:
    """The registered names of one server, and their file."""

    def __init__(self, storage: Storage | None) -> None:
        self.storage = storage
        self.claims: dict[str, Claim] = {}

    def claimed(self, name: str) -> Claim | None:
        """The registered name that reads like ``name`` (the same name rules as online), if any."""
        held = self.claims.get(name)
        if held is not None:
            return held
        other = alike(name, list(self.claims))
        return self.claims[other] if other is not None else None

    def is_registered(self, name: str) -> bool:
        """Whether ``name`` is a registered name exactly as it was registered."""
        return name in self.claims

    @property
    def full(self) -> bool:
        return len(self.claims) >= MOST_NAMES

    def add(self, held: Claim) -> str:
        """The claim kept; the file's text to write (in the writer thread: ``write``)."""
        self.claims[held.name] = held
        return self.text()

    def text(self) -> str:
        names = [
            {"name": c.name, "salt": c.salt.hex(), "hash": c.digest.hex(), "n": c.n, "r": c.r, "p": c.p}
            for c in self.claims.values()
        ]
        return json.dumps({"format": FORMAT, "version": VERSION, "names": names}, ensure_ascii=False) + "\n"

    def write(self, text: str) -> bool:
        """The file rewritten whole, atomically (in the writer thread); whether it is on the disk."""
        return self.storage is not None and self.storage.write(FILE, text)

    def load(self) -> KeptFileProblem | None:
        """The names registered by earlier runs; a file that cannot be used is set aside (what to tell the
        host is returned) and the server goes on without it."""
        path = self.storage.path(FILE) if self.storage is not None else None
        if self.storage is None or path is None:
            return None
        self.storage.clean_temporary(FILE)
        try:
            self.claims = read_claims(path)
        except FileNotFoundError:
            return None
        except ValueError as error:  # DamagedFile, RecordError: the reason; anything else: malformed
            code = getattr(error, "code", RecordProblem.MALFORMED)
            detail = getattr(error, "detail", "")
            kept = self.storage.set_aside(FILE, "damaged")
            return KeptFileProblem("names", FileProblem(str(code), str(detail), path, kept))
        return None


def read_claims(path: Path) -> dict[str, Claim]:
    """The claims a names file holds, every field checked; DamagedFile (a ValueError) if any is wrong."""
    kept = read_json(path)
    check_kind(kept, FORMAT, VERSION)
    names = kept.get("names")
    if not isinstance(names, list) or len(names) > MOST_NAMES:
        raise DamagedFile(RecordProblem.MALFORMED, "names")
    claims: dict[str, Claim] = {}
    for place, entry in enumerate(names):
        held = _claim_of(entry)
        if held is None or alike(held.name, list(claims)) is not None:
            raise DamagedFile(RecordProblem.MALFORMED, f"names[{place}]")
        claims[held.name] = held
    return claims


def _claim_of(entry: Any) -> Claim | None:
    if not isinstance(entry, dict):
        return None
    name, salt, digest = entry.get("name"), entry.get("salt"), entry.get("hash")
    costs = [entry.get(key) for key in ("n", "r", "p")]
    if not (isinstance(name, str) and good_name(name)):
        return None
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in costs):
        return None
    n, r, p = costs
    assert isinstance(n, int) and isinstance(r, int) and isinstance(p, int)
    # scrypt's own rules (n a power of two), within what one hash may cost here
    power_of_two = 1 < n <= MOST_N and n & (n - 1) == 0
    if not (power_of_two and 1 <= r <= 32 and 1 <= p <= 16 and 128 * n * r <= SCRYPT_MEMORY):
        return None
    try:
        salt_bytes = bytes.fromhex(salt) if isinstance(salt, str) else None
        digest_bytes = bytes.fromhex(digest) if isinstance(digest, str) else None
    except ValueError:
        return None
    if salt_bytes is None or digest_bytes is None or len(salt_bytes) < 8 or len(digest_bytes) != HASH_BYTES:
        return None
    return Claim(name, salt_bytes, digest_bytes, n, r, p)
