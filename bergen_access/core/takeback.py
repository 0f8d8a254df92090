"""Taking back moves: the match replayed from its seed without them, so nothing of them is left.

A take-back never edits the state it undoes: it starts the match again with the
same rules, dealer seed and starting scores, and replays the recorded actions
before the taken-back one. The seeded dealer deals the same tiles, so the state
afterwards is exactly the one before the move (history and actions included).
The taken-back actions are kept apart on the new match (``Match.taken_back``),
so the save and the match record say honestly how many moves were taken back.
"""

from __future__ import annotations

from enum import StrEnum

from .actions import Action, Draw
from .dealers import dealer_from_spec
from .engine import Match, Phase
from .events import Drew, HandDealt, Passed, TilePlayed


class TakeBack(StrEnum):
    """Whether ``undo`` may take back a move in a match."""

    ON = "yes"
    OFF = "no"  # --take-back no
    NOT_HERE = "not-here"  # a network table: the other players have seen the move


#: the events that each action causes first (an action causes exactly one of them)
_ACTION_EVENTS = (TilePlayed, Drew, Passed)


def hand_start(match: Match) -> int:
    """How many of ``match.actions`` came before the hand under way (or the hand just ended)."""
    history = match.history
    dealt = max((n for n, event in enumerate(history) if type(event) is HandDealt), default=0)
    return sum(1 for event in history[:dealt] if type(event) in _ACTION_EVENTS)


def last_move(match: Match, seat: int) -> int | None:
    """Where ``seat``'s last move in this hand starts in ``match.actions``; None if it made none.

    A run of the seat's own draws is one move (the draw command draws until a tile fits); a play or
    a pass after draws is a move of its own. A take-back never reaches into an earlier hand: once
    the next hand is dealt, the last one stands.
    """
    if match.phase is Phase.OVER or match.phase is Phase.NOT_STARTED:
        return None
    actions = match.actions
    first = hand_start(match)
    index = next((n for n in range(len(actions) - 1, first - 1, -1) if actions[n].seat == seat), None)
    if index is None:
        return None
    if type(actions[index]) is Draw:
        while index > first and actions[index - 1] == actions[index]:
            index -= 1
    return index


def replayed(match: Match, keep: int) -> Match:
    """A fresh match of the same seed with only ``match.actions[:keep]`` played, in the same hand.

    The actions from ``keep`` on are kept apart in ``taken_back`` (after those taken back before).
    """
    if not 0 <= keep <= len(match.actions):
        raise ValueError("nothing to take back there")
    dealer = dealer_from_spec(match.dealer.spec())
    twin = Match(match.rules, dealer, match.starting_scores)
    twin.start_hand()
    for action in match.actions[:keep]:
        if twin.phase is Phase.HAND_OVER:
            twin.start_hand()
        twin.apply(action)
    while twin.phase is Phase.HAND_OVER and twin.hand_number < match.hand_number:
        twin.start_hand()
    twin.taken_back = [*match.taken_back, (keep, tuple(match.actions[keep:]))]
    return twin


def take_back(match: Match, seat: int) -> tuple[Match, tuple[Action, ...]] | None:
    """The match as it was before ``seat``'s last move of this hand, and the actions taken back
    (that move and every one after it); None when there is nothing to take back."""
    start = last_move(match, seat)
    if start is None:
        return None
    return replayed(match, start), tuple(match.actions[start:])


def moves_taken_back(match: Match) -> int:
    """How many actions were taken back in this match, all take-backs together."""
    return sum(len(actions) for _, actions in match.taken_back)
