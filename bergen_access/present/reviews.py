"""The game's read-only reviews: a question about the table, answered from the seat's view.

``hand``, ``ends``, ``line``, ``score``, ``count``, ``turn``, ``seats``,
``unseen`` and ``rules`` change nothing and need nothing but what the player
may see; the command table names each one's answer (its ``review`` column), and
this is the one place that words them, so a seat carries them out without a
method each.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.view import SeatView
from .feedback import Feedback
from .message import Message
from .replies import Replies
from .rules_text import rules_sentences
from .table_talk import TableTalk


class Reviews:
    """The answers of the reviews, by the names the command table gives them."""

    def __init__(self, replies: Replies, table_talk: TableTalk, feedback: Feedback) -> None:
        i18n = replies.narrator.words.i18n
        self._answers: dict[str, Callable[[SeatView], Message]] = {
            "hand": replies.hand,
            "ends": replies.ends,
            "line": replies.line,
            "score": replies.score,
            "counts": replies.counts,
            "turn": replies.turn,
            "seats": table_talk.seats,
            "unseen": table_talk.unseen,
            "rules": lambda view: feedback.lines(rules_sentences(i18n, view.rules)),
        }

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self._answers)

    def answer(self, name: str, view: SeatView) -> Message:
        """The review ``name`` answered from ``view``."""
        return self._answers[name](view)


__all__ = ["Reviews"]
