"""Duplicate deals: one seed per round, the same deals at every table, the seats rotated.

Table ``t`` of a round plays the round's deals with its seat ``s`` holding the hand dealt to seat
``(s + t) % size`` of the deal: the same hands go round the tables to different players, and a
seat's neighbours keep their order (the rotation is cyclic), so the play goes round as dealt.
"""

from __future__ import annotations


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
