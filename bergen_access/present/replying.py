"""How a presenter of replies makes one: an urgent message in its narrator's words.

Shared by the short replies (``feedback.py``) and the refusals (``refusals.py``).
"""

from __future__ import annotations

from dataclasses import replace

from .message import Message
from .narrator import Narrator, Phrase


class Replying:
    """Replies said with ``narrator``: each one urgent (it answers what was just typed)."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator

    def _say(self, phrase: Phrase, braille: str) -> Message:
        return self.narrator.message(phrase, braille, urgent=True)

    def _options(self, phrase: Phrase, braille: str) -> Message:
        """A reply that lists what can be done: on a braille display a routing key over a tile or a
        command word of it types that."""
        return replace(self._say(phrase, braille), pick=True)

    def plain(self, text: str, braille: str | None = None) -> Message:
        """A reply whose words are already made."""
        speakable = self.narrator.words.speakable(text)
        return self.narrator.message(
            lambda speech: speakable if speech else text,
            braille if braille is not None else text,
            urgent=True,
        )


__all__ = ["Replying"]
