"""The words of a take-back (``undo`` in a match against computers): what went, and where it stands.

Key fact first: what was taken back, each seat's moves in the order made (a run
of draws counted once), then whose turn and the score after it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import Action, Draw, Play
from ..core.engine import Match
from ..core.takeback import TakeBack
from .message import Message
from .narrator import Narrator


def _runs(actions: Sequence[Action]) -> list[tuple[Action, int]]:
    """Consecutive equal draws (one seat's) as one entry with their count; every other action alone."""
    runs: list[tuple[Action, int]] = []
    for action in actions:
        if runs and isinstance(action, Draw) and runs[-1][0] == action:
            runs[-1] = (action, runs[-1][1] + 1)
        else:
            runs.append((action, 1))
    return runs


class TakeBackWords:
    """Says a take-back and its refusals for the player at ``narrator.words.human``."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator

    def _item(self, action: Action, count: int, speech: bool) -> str:
        w = self.narrator.words
        i = w.i18n
        mine = w.is_human(action.seat)
        name = w.name(action.seat)
        if isinstance(action, Play):
            tile = w.tile(action.tile, speech)
            if mine:
                # Translators: in "Taken back: your 3-5, Anna's 5-6": the player's play. {tile} e.g. "3-5".
                return i.gettext("your {tile}").format(tile=tile)
            # Translators: in "Taken back: your 3-5, Anna's 5-6": another player's play. {name} is the
            # player, {tile} the tile (German e.g. "{tile} von {name}").
            return i.gettext("{name}'s {tile}").format(name=name, tile=tile)
        if isinstance(action, Draw) and mine:
            # Translators: in "Taken back: ...": the player's draws, e.g. "your 2 draws".
            return i.ngettext("your {count} draw", "your {count} draws", count).format(count=count)
        if isinstance(action, Draw):
            # Translators: in "Taken back: ...": another player's draws, e.g. "Anna's 2 draws".
            return i.ngettext("{name}'s {count} draw", "{name}'s {count} draws", count).format(
                name=name, count=count
            )
        if mine:
            # Translators: in "Taken back: ...": the player's pass.
            return i.gettext("your pass")
        # Translators: in "Taken back: ...": another player's pass. {name} is the player.
        return i.gettext("{name}'s pass").format(name=name)

    def _braille_item(self, action: Action, count: int) -> str:
        w = self.narrator.words
        name = w.name(action.seat)
        if isinstance(action, Play):
            return f"{name} {action.tile}"
        if isinstance(action, Draw):
            # Translators: braille: a player's draws taken back, e.g. "Anna drew 2". Short.
            return f"{name} " + w.i18n.pgettext("braille", "drew {count}").format(count=count)
        return f"{name} -"

    def taken_back(self, actions: Sequence[Action], match: Match) -> Message:
        """``Taken back: your 3-5 and Anna's 5-6. Score: You 4, Anna 6; target 15.`` (the turn line
        follows, as after any move: "Your turn" once)."""
        w = self.narrator.words
        i = w.i18n
        runs = _runs(actions)
        scores = w.scores(match.scores, match.target)

        def said(speech: bool) -> str:
            items = [self._item(action, count, speech) for action, count in runs]
            listed = ", ".join(items[:-1])
            if listed:
                # Translators: the last two of a list joined, e.g. "your 3-5, Anna's 5-6 and Cem's pass".
                listed = i.gettext("{list} and {last}").format(list=listed, last=items[-1])
            else:
                listed = items[-1]
            # Translators: undo in a match against computers (your turn is said next). {moves} lists what
            # was taken back, e.g. "your 3-5 and Anna's 5-6"; {scores} e.g. "Score: You 4, Anna 6; target 15".
            return i.gettext("Taken back: {moves}. {scores}.").format(moves=listed, scores=scores)

        # Translators: braille: the start of the line after undo, e.g. "Undone: You 3-5, Anna 5-6". Short.
        undone = i.pgettext("braille", "Undone")
        listed = ", ".join(self._braille_item(action, count) for action, count in runs)
        braille = f"{undone}: {listed}. {w.scores_braille(match.scores, match.target)}"
        return self.narrator.message(said, braille, urgent=True)

    def refused(self, why: TakeBack | None) -> Message:
        """Why nothing was taken back: not at this table, switched off, or nothing of the player's."""
        i = self.narrator.words.i18n
        if why is TakeBack.NOT_HERE:
            # Translators: undo at a network table: refused.
            text = i.gettext("No take-back at a network table: the other players have seen the move.")
        elif why is TakeBack.OFF:
            # Translators: undo when the match was started with --take-back no. Keep "--take-back yes".
            text = i.gettext("Take-back is off in this match; bergen --take-back yes turns it on.")
        else:
            # Translators: undo when the player has made no move in this hand yet (or the hand is over
            # and the next one dealt).
            text = i.gettext("Nothing of yours to take back in this hand.")
        return self.narrator.message(lambda speech: text, text, urgent=True)
