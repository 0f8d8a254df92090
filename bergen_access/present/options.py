"""What the player can do now: said from the engine's legal actions, and from nothing else.

Every sentence that tells the player what is possible (the turn line, the
answer to a draw, a refusal, the hint) is built from one ``Choices``, which is
read off ``SeatView.legal_actions``; so a message can never say "pass" while
the engine wants a play. Under the arms-first rule the reason a matching tile
may not be laid yet is part of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import Draw, Pass, Play
from ..core.tiles import Tile, in_order
from ..core.view import SeatView
from .narrator import Narrator


@dataclass(frozen=True)
class Choices:
    """The legal actions of one turn, grouped as the player hears them."""

    plays: tuple[tuple[Tile, tuple[int, ...]], ...]  # each playable tile with the ends (arms) it may go to
    may_draw: bool
    may_pass: bool
    arms_number: int | None  # arms-first holds back a matching tile: only this number may be laid
    lone_double: bool = False  # only the opening double lies: its two sides are alike, no end is said
    arms_started: tuple[int, int] | None = None  # larger sets, while arms are started: (started, arms)

    @property
    def only_play(self) -> Play | None:
        """The one legal play, when there is exactly one (and nothing else but perhaps drawing); beside
        the lone opening double one tile is one play, its two sides being alike."""
        if len(self.plays) != 1 or self.may_pass:
            return None
        tile, ends = self.plays[0]
        if len(ends) == 1 or self.lone_double:
            return Play(-1, tile, ends[0])
        return None

    def offered(self, drawn: Sequence[Tile]) -> Play | None:
        """After a draw of ``drawn``: the play Enter makes (a drawn tile that is the only legal play)."""
        only = self.only_play
        return only if only is not None and only.tile in drawn else None


def choices(view: SeatView) -> Choices:
    """The player's legal actions, read off the engine."""
    legal = view.legal_actions
    ends: dict[Tile, list[int]] = {}
    for action in legal:
        if isinstance(action, Play):
            ends.setdefault(action.tile, []).append(action.end)
    plays = tuple((tile, tuple(sorted(ends[tile]))) for tile in in_order(ends))
    layout = view.layout
    arms_started = None
    if layout is not None and not layout.two_ends and not layout.all_started:
        arms_started = (layout.started, layout.size)
    return Choices(
        plays,
        any(isinstance(a, Draw) for a in legal),
        any(isinstance(a, Pass) for a in legal),
        held_back_number(view),
        layout is not None and layout.lone_double,
        arms_started,
    )


def held_back_number(view: SeatView) -> int | None:
    """Under arms-first, the opening double's number when a tile in hand matches an end that is closed."""
    layout = view.layout
    if layout is None or layout.waiting is None:
        return None
    if any(layout.held_back(tile) for tile in view.hand):
        return layout.opening_number
    return None


class OptionWords:
    """The sentences of ``Choices``: printed, spoken and brailled."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator

    def fit_words(self, ends: tuple[int, ...]) -> str:
        return self.narrator.words.fit_words(ends)

    def where_words(self, lone_double: bool, ends: tuple[int, ...]) -> str:
        """Where a play may go, in words; nothing beside the lone opening double, whose two sides are
        alike (the turn line, the hand and the hint offer no side there)."""
        return "" if lone_double else self.narrator.words.fit_words(ends)

    def marked_words(self, lone_double: bool, ends: tuple[int, ...]) -> str:
        """Where a tile fits, for the hand and after a draw, where a tile that fits must be marked:
        beside the lone opening double ``either side`` (its sides are alike), else as ``fit_words``."""
        if lone_double and len(ends) > 1:
            return self.narrator.words.either_side()
        return self.narrator.words.fit_words(ends)

    def where_letters(self, lone_double: bool, ends: tuple[int, ...]) -> str:
        """The same in braille letters, right after the tile (``LR``)."""
        return "" if lone_double else self.narrator.words.fit_letters(ends)

    def listed(self, tile: Tile, where: str, speech: bool) -> str:
        """A tile in a list, with where it fits if that is said: ``3-4 (left)``."""
        w = self.narrator.words
        if not where:
            return w.tile(tile, speech)
        # Translators: a tile and where it fits, in a list, e.g. "3-4 (left)".
        return w.i18n.gettext("{tile} ({ends})").format(tile=w.tile(tile, speech), ends=where)

    def plays(self, choice: Choices, speech: bool) -> str:
        """``1-1 (left), 5-6 (left or right)``."""
        return ", ".join(
            self.listed(tile, self.where_words(choice.lone_double, ends), speech)
            for tile, ends in choice.plays
        )

    def arms_reason(self, number: int) -> str:
        w = self.narrator.words
        if w.many_arms:
            # Translators: larger sets, in the turn line, a refusal or the hint: why a tile that matches
            # an end may not be laid yet. {number} is the opening double's number.
            return w.i18n.gettext(
                "All arms first: only a {number} can be laid, each starting the next arm."
            ).format(number=number)
        # Translators: the arms-first rule (DominoPlaza) in the turn line, a refusal or the hint:
        # why a tile that matches an end may not be laid yet. {number} is the opening double's number.
        return w.i18n.gettext("First both sides of the opening double: only a {number} can be laid.").format(
            number=number
        )

    def sentence(self, choice: Choices, speech: bool, reason: bool = True) -> str:
        """What can be done: the plays (and that drawing is allowed too), or draw, or pass; with the
        arms-first reason unless it was said this turn already (``reason=False``)."""
        i = self.narrator.words.i18n
        held_back = choice.arms_number if reason else None
        reason_text = f" {self.arms_reason(held_back)}" if held_back is not None else ""
        if choice.plays:
            # Translators: the tiles the player can play, with where, e.g. "Playable: 3-4 (left)."
            text = i.gettext("Playable: {playable}.").format(playable=self.plays(choice, speech))
            if choice.may_draw:
                # Translators: the rules let the player draw although a tile fits (DominoPlaza).
                text += " " + i.gettext("You may also draw.")
            return text + reason_text
        if choice.may_draw:
            # Translators: nothing fits: the player must draw.
            return i.gettext("Nothing fits: draw.") + reason_text
        if choice.may_pass:
            # Translators: nothing fits and nothing may be drawn: the player must pass.
            return i.gettext("Nothing fits and nothing can be drawn: pass.") + reason_text
        return ""

    def braille(self, choice: Choices) -> str:
        i = self.narrator.words.i18n
        if choice.plays:
            text = " ".join(
                f"{tile}{self.where_letters(choice.lone_double, ends)}" for tile, ends in choice.plays
            )
            # Translators: braille, "or draw" after the playable tiles (DominoPlaza); very short.
            return text + (" " + i.pgettext("braille", "+draw") if choice.may_draw else "")
        if choice.may_draw:
            # Translators: braille for "you must draw", one short word.
            return i.pgettext("braille", "draw")
        # Translators: braille for "you must pass", one short word.
        return i.pgettext("braille", "pass")
