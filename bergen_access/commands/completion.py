"""Tab completion in the game: the legal plays, then only the commands that can be used now."""

from __future__ import annotations

from ..core.actions import Draw, Pass, Play
from ..core.engine import Phase
from ..core.view import SeatView
from .definitions import HELP_ORDER, CommandKind
from .lexicon import Lexicon

#: the game's commands in the order help lists them, then ``next`` (Enter deals, but it may be typed)
ORDER = (*HELP_ORDER, CommandKind.NEXT)


def completions(view: SeatView, lexicon: Lexicon) -> list[str]:
    """The words Tab offers now, in the player's language: a draw or a pass only when legal."""
    legal = view.legal_actions if view.phase is Phase.PLAYING else ()
    words = list(dict.fromkeys(a.tile.notation for a in legal if isinstance(a, Play)))
    usable = {
        CommandKind.DRAW: any(isinstance(a, Draw) for a in legal),
        CommandKind.PASS: any(isinstance(a, Pass) for a in legal),
        CommandKind.NEXT: view.phase is Phase.HAND_OVER,
    }
    for kind in ORDER:
        if kind is not CommandKind.PLAY and usable.get(kind, True):
            words.extend(lexicon.words_for(kind)[:1])
    return words


__all__ = ["completions"]
