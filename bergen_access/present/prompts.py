"""The prompts the game, the scorekeeper and the first questions share, each in its two forms.

A prompt's ``facts`` form ends with "> " and carries the state; its ``short`` form, said by a
screen reader before every typed line, is a word or two and ": " (see ``message.Prompt``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.tiles import Tile
from ..core.view import SeatView
from ..i18n import I18n
from .message import Prompt
from .words import Words


def yes_or_no(i: I18n) -> Prompt:
    # Translators: the prompt of a yes-or-no question. Ends with "> ".
    facts = i.gettext("yes or no> ")
    # Translators: the short prompt of a yes-or-no question. Ends with ": ".
    return Prompt(facts, i.gettext("Yes or no: "))


def choice(i: I18n, choices: int) -> Prompt:
    """A numbered question's prompt (the question says which numbers)."""
    # Translators: the short prompt of a numbered question (the question lists the numbers). Ends with ": ".
    return Prompt(f"1-{choices}> ", i.gettext("Number: "))


def which_end(i: I18n, arms: Sequence[int] | None) -> Prompt:
    """Asking where a tile goes: left or right, or (``arms``, larger sets) which arm, numbered from 1."""
    if arms is not None:
        # Translators: prompt asking which arm (larger sets); {arms} e.g. "1 / 3". Ends with "> ".
        facts = i.gettext("arm {arms}> ").format(arms=" / ".join(str(arm) for arm in arms))
        # Translators: the short prompt while asking which arm (larger sets): one word and ": ".
        return Prompt(facts, i.gettext("Arm: "))
    # Translators: prompt while asking which end; keep it very short. Ends with "> ".
    facts = i.gettext("left or right> ")
    # Translators: the short prompt while asking which end: one word and ": ".
    return Prompt(facts, i.gettext("Side: "))


def next_hand(i: I18n) -> Prompt:
    # Translators: prompt between hands. Ends with "> ".
    facts = i.gettext("Enter: next hand> ")
    # Translators: the short prompt between hands (Enter starts the next one). Ends with ": ".
    return Prompt(facts, i.gettext("Next hand: "))


def next_part(i: I18n) -> Prompt:
    """Between two parts of ``bergen learn``: Enter starts the next part (not a hand)."""
    # Translators: bergen learn, the prompt between two parts. Ends with "> ".
    facts = i.gettext("Enter: next part> ")
    # Translators: bergen learn, the short prompt between two parts (Enter starts the next). Ends with ": ".
    return Prompt(facts, i.gettext("Next part: "))


def at_the_table(words: Words, view: SeatView, *, terse: bool, offered: Tile | None = None) -> Prompt:
    """The game's prompt at a seat: the ends and the tile count, led by what Enter plays after a draw
    whose tile is the only legal play (``offered``)."""
    i = words.i18n
    ends = words.ends_braille(view.ends, view.end_is_double) if view.ends is not None else "-"
    count = len(view.hand)
    offer = ""
    if offered is not None:
        # Translators: start of the prompt after a draw when the drawn tile is the only legal play:
        # Enter plays it. {tile} e.g. "3-6"; the usual prompt follows.
        offer = i.gettext("Enter plays {tile}; ").format(tile=offered.notation)
    if terse:
        return move(i, f"{offer}{ends} {count}> ")
    # Translators: the prompt: the open ends (e.g. "5|3") and the player's tile count. Ends with "> ".
    facts = i.ngettext("{ends}, {count} tile> ", "{ends}, {count} tiles> ", count)
    return move(i, offer + facts.format(ends=ends, count=count))


def move(i: I18n, facts: str) -> Prompt:
    """The player's turn (``facts``: the ends and the tile count, made by the caller)."""
    # Translators: the short prompt at the player's turn, said by a screen reader before every line
    # typed: one short word and ": " (the ends and the tiles are in the turn line).
    return Prompt(facts, i.gettext("Move: "))
