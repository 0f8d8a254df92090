"""Each decision's chance: a function of the player's seed, its seat and the position, never of the past.

A computer player does not keep one random generator for the whole match: after an ``undo``, a
resume, in ``bergen simulate``, at a network table or on another machine, the same position must
get the same answer, so it cannot depend on how many numbers were drawn before. Every decision
takes a fresh generator seeded by a stable hash (not Python's ``hash``, salted per process) of the
player's seed (the match's seed and the seat), the seat, the hand and the number of moves made.
"""

from __future__ import annotations

import hashlib
import random

from ..core.view import SeatView


def decision_key(seed: int, view: SeatView) -> int:
    """A 64-bit number naming this decision: the same on every machine and in every process."""
    text = f"bergen-decision:{seed}:{view.seat}:{view.hand_number}:{view.action_count}"
    return int.from_bytes(hashlib.blake2b(text.encode("ascii"), digest_size=8).digest(), "big")


def decision_rng(seed: int, view: SeatView) -> random.Random:
    """A generator for one decision at ``view`` (see the module docstring)."""
    return random.Random(decision_key(seed, view))
