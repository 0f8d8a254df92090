"""The coach's words: one short line after the player's move when another was clearly better."""

from __future__ import annotations

from ..core.actions import Play
from ..players.coach import Advice
from .message import Message
from .narrator import Narrator


class CoachWords:
    """The coach's advice and the answers to ``coach``, ``coach on`` and ``coach off``."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator

    def _move(self, advice: Advice, speech: bool) -> str:
        """The better move: ``5-6 right``, ``double 4`` (the lone opening double), or drawing."""
        w = self.narrator.words
        better = advice.better
        if not isinstance(better, Play):
            # Translators: the coach's advice: the better move was to draw a tile, e.g. "Coach: drawing
            # was better: ...".
            return w.i18n.gettext("drawing")
        tile = w.tile(better.tile, speech)
        return tile if advice.alike else f"{tile} {w.fit_words((better.end,))}"

    def _move_braille(self, advice: Advice) -> str:
        better = advice.better
        if not isinstance(better, Play):
            # Translators: braille for "draw", one short word.
            return self.narrator.words.i18n.pgettext("braille", "draw")
        letters = "" if advice.alike else self.narrator.words.fit_letters((better.end,))
        return f"{better.tile}{letters}"

    def advice(self, advice: Advice, next_name: str) -> Message:
        """``Coach: 5-6 right was better: it scores 2 points now.`` (or: yours gives Anna more to score;
        or: 6% more chance to win), the key fact first."""
        w, i = self.narrator.words, self.narrator.words.i18n
        percent = max(1, round(100 * advice.margin))
        # Translators: braille, the coach's tag at the start of its line, very short.
        tag = i.pgettext("braille", "coach")
        if advice.scores:
            amount = w.counter_count(advice.scores) if w.counters else w.points(advice.scores)

            def phrase(speech: bool) -> str:
                # Translators: the coach, after the player's move: another move scored at once. {move} e.g.
                # "5-6 right", {points} e.g. "2 points".
                text = i.gettext("Coach: {move} was better: it scores {points} now.")
                return text.format(move=self._move(advice, speech), points=amount)

            award = w.counters_braille(advice.scores) if w.counters else str(advice.scores)
            braille = f"{tag}: {self._move_braille(advice)} +{award}"
        elif advice.handed:

            def phrase(speech: bool) -> str:
                # Translators: the coach, after the player's move: the move made left the next player a
                # likely header; another did not. {move} e.g. "5-6 right", {name} the next player.
                text = i.gettext("Coach: {move} was better: yours gives {name} more to score.")
                return text.format(move=self._move(advice, speech), name=next_name)

            # Translators: braille, the coach: the better move gives the next player less, one short word.
            safer = i.pgettext("braille", "safer")
            braille = f"{tag}: {self._move_braille(advice)} {safer}"
        else:

            def phrase(speech: bool) -> str:
                # Translators: the coach, after the player's move: another move was better by the strong
                # level's estimate. {move} e.g. "5-6 right", {percent} a whole number, e.g. 6.
                text = i.gettext("Coach: {move} was better: {percent}% more chance to win.")
                return text.format(move=self._move(advice, speech), percent=percent)

            braille = f"{tag}: {self._move_braille(advice)} +{percent}%"
        return self.narrator.message(phrase, braille)

    def state(self, on: bool) -> Message:
        """The answer to ``coach``, ``coach on``, ``coach off``: whether it is on, and how to change it."""
        i = self.narrator.words.i18n
        if on:
            # Translators: reply to "coach on" (or "coach" when it is on). Keep the words "coach off".
            text = i.gettext(
                "Coach on: after your move it says when another move was clearly better. Coach off stops it."
            )
        else:
            # Translators: reply to "coach off" (or "coach" when it is off). Keep the words "coach on".
            text = i.gettext(
                "Coach off. Coach on: after your move it says when another move was clearly better."
            )
        return self._plain(text)

    def unavailable(self) -> Message:
        """At a network table the coach is not offered (the server would think for every seat)."""
        i = self.narrator.words.i18n
        # Translators: reply to "coach" at a network table.
        return self._plain(i.gettext("The coach is not available at a network table."))

    def _plain(self, text: str) -> Message:
        speakable = self.narrator.words.speakable(text)
        return self.narrator.message(lambda speech: speakable if speech else text, text, urgent=True)
