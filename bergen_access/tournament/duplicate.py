"""Duplicate deals: one seed per round, the same deals at every table, the seats rotated.

Table ``t`` of a round plays the round's deals with its seat ``s`` holding the hand dealt to seat
``(s + t) % size`` of the deal: the same hands go round the tables to different players, and a
seat's neighbours keep their order (the rotation is cyclic), so the play goes round as dealt.
"""

from __future__ import annotations

import hashlib


def deal_seat(table: int, seat: int, size: int) -> int:
    """The seat of the round's deals whose hand seat ``seat`` of table ``table`` (both from 0) holds."""
    if not 0 <= seat < size or table < 0:
        raise ValueError("a seat of the table, and a table from 0")
    return (seat + table) % size


def holder(table: int, hand: int, size: int) -> int:
    """The seat of table ``table`` that holds the hand dealt to ``hand`` (the inverse of ``deal_seat``)."""
    if not 0 <= hand < size or table < 0:
        raise ValueError("a seat of the deal, and a table from 0")
    return (hand - table) % size


def round_seed(seed: int, round_number: int) -> int:
    """The one seed of round ``round_number`` (from 0) of a tournament begun with ``seed``: every table
    of the round deals from it (the same deals everywhere); rounds differ, and the same tournament
    seed always gives the same rounds' seeds (a restarted server deals the same)."""
    digest = hashlib.blake2b(f"bergen-round:{seed}:{round_number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1  # 63 bits: a seed any dealer takes
