"""A typist for end-to-end tests: reads the game's own words and answers as a person would.

It decides from what was printed since the last prompt (``Playable: 3-4 (left)``,
``Nothing fits: draw.``), so it exercises the same text a player reads, and it
makes a few typical mistakes on the way.
"""

from __future__ import annotations

import re

PLAYABLE = re.compile(r"(?:Playable|must play): ⟦?(\d-\d)")  # ⟦ marks the pseudo-locale of the i18n test
# "5|3: 3-4L 5-6LR / 1-1", or without the ends when they were just said: "3-4L 5-6LR / 1-1"
# (the lone opening double's plays carry no end letter; "H1: …" is the dealt hand, not a turn)
TERSE_PLAYABLE = re.compile(r"^(?:[^H\s⟦]\S*: )?(\d-\d)(?:⟦?[LR]⟧?)*(?:\s|$)", re.MULTILINE)
TERSE_MUST = re.compile(r"^(?:\S+: )?⟦?(draw|pass)⟧?$", re.MULTILINE)
MISTAKES = ["xyzzy", "7-7", "3-5 up", "pass", "draw", "99"]
REVIEWS = ["hand", "e", "line", "s", "c", "w", "hint", "y 3", "r"]


class Typist:
    """Chooses the next line to type from the transcript since the previous prompt."""

    def __init__(self, mistakes: bool = True) -> None:
        self.mistakes = list(MISTAKES) if mistakes else []
        self.reviews = list(REVIEWS)
        self.turns = 0
        self.last_playable: str | None = None
        self.typed: str | None = None  # the line typed last

    def answer(self, prompt: str, recent: str) -> str:
        line = self._answer(prompt, self._unechoed(recent))
        self.typed = line
        return line

    def _unechoed(self, recent: str) -> str:
        """What the program said: without the line just typed, which the terminal (or the program,
        echoing what a pipe gave it) shows first, so that a typed ``draw`` is never read as a terse
        turn's ``draw``. Windows ends that line with CR LF."""
        first, _, rest = recent.partition("\n")
        if self.typed is not None and first.rstrip("\r") == self.typed:
            return rest
        return recent

    def _answer(self, prompt: str, recent: str) -> str:
        if "left or right" in prompt:
            return "l"
        if "next hand" in prompt:
            return ""
        if prompt.startswith(("Enter plays", "⟦Enter plays")):  # the drawn tile is the only play: Enter
            return ""
        if "Continue it?" in recent:
            return "yes"
        if "or no" in prompt:  # after the match: another one? (these tests play one)
            return "no"
        playable = PLAYABLE.findall(recent) or TERSE_PLAYABLE.findall(recent)
        must = TERSE_MUST.findall(recent)
        if playable:
            self.last_playable = playable[0]
        self.turns += 1
        if self.turns % 7 == 3 and self.mistakes:
            return self.mistakes.pop(0)
        if self.turns % 5 == 2 and self.reviews:
            return self.reviews.pop(0)
        lowered = recent.lower()
        if must and not playable:
            return must[-1]
        if "nothing fits: draw" in lowered or "you can: draw" in lowered:
            return "draw"
        if ": pass." in lowered or ". pass." in lowered or "you can: pass" in lowered:
            return "pass"
        if playable:
            return playable[0].replace("-", "")
        return "turn"


def fast_opponent() -> str:
    """The quickest computer level that exists (easy once it is there)."""
    from bergen_access.players.levels import LEVELS  # noqa: PLC0415

    return "easy" if "easy" in LEVELS else "random"
