"""Orientation: who sits where, what is still out, and which match a save holds.

A sighted player sees the table at a glance: the seats, the partner, the
tile counts, the tiles not yet seen. These replies say it, once at the start
of a match (``orientation``) and whenever asked (``seats``, ``unseen``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..core.engine import Phase
from ..core.rules import Rules, preset_of
from ..core.tiles import NUMBERS, Tile
from ..core.view import SeatView
from ..i18n import I18n
from .message import Message, Verbosity
from .narrator import Narrator
from .rules_text import preset_names
from .words import Words


def level_names(i: I18n) -> dict[str, str]:
    """The computer levels' names in the player's language."""
    return {
        # Translators: a computer player's level, after its name, e.g. "Anna (easy)".
        "easy": i.pgettext("level", "easy"),
        # Translators: a computer player's level, e.g. "Anna (normal)".
        "normal": i.pgettext("level", "normal"),
        # Translators: a computer player's level, e.g. "Anna (strong)".
        "strong": i.pgettext("level", "strong"),
        # Translators: a computer player's level that plays at random, e.g. "Anna (random)".
        "random": i.pgettext("level", "random"),
    }


def rules_name(i: I18n, rules: Rules) -> str:
    """``standard``, or "own rules" when options were changed; with a larger set, which one."""
    name = preset_of(rules)
    # Translators: the rules of a match are no preset but options of their own.
    text = preset_names(i)[name] if name is not None else i.gettext("own rules")
    if rules.arms > 2:
        # Translators: the rules' name with a larger set, e.g. "standard, double-nine set, 4 arms".
        # {rules} is the preset's name, {highest} 9 or 12, {arms} 4 or 8.
        text = i.gettext("{rules}, double-{highest} set, {arms} arms").format(
            rules=text, highest=rules.tiles.highest, arms=rules.arms
        )
    return text


class TableTalk:
    """Replies about the table itself, for the player at ``narrator.words.human``."""

    def __init__(self, narrator: Narrator, levels: Mapping[int, str]) -> None:
        self.narrator = narrator
        self.levels = levels

    def _seat(self, seat: int, count: int | None = None) -> str:
        w, i = self.narrator.words, self.narrator.words.i18n
        name = w.name(seat)
        level = self.levels.get(seat)
        if level is not None:
            # Translators: a computer player with its level, e.g. "Anna (normal)".
            name = i.gettext("{name} ({level})").format(name=name, level=level_names(i).get(level, level))
        if count is None:
            return name
        # Translators: a seat with its tile count, e.g. "Anna (normal), 5 tiles".
        return i.ngettext("{seat}, {count} tile", "{seat}, {count} tiles", count).format(
            seat=name, count=count
        )

    def _partners(self) -> str:
        w, i = self.narrator.words, self.narrator.words.i18n
        rules = w.rules
        if not rules.partnerships:
            return ""
        sides = [w.side(side) for side in range(rules.sides)]
        # Translators: the partnerships, e.g. "Partners: you and Mia against Anna and Cem."
        return " " + i.gettext("Partners: {first} against {second}.").format(first=sides[0], second=sides[1])

    def orientation(self, rules: Rules, help_word: str) -> Message:
        """Said once, when a new match begins: the rules, the order of play, partners, help."""
        w, i = self.narrator.words, self.narrator.words.i18n
        order = ", ".join(self._seat(seat) for seat in range(rules.players))
        # Translators: the first line of a new match. {rules} e.g. "standard", {target} the target,
        # {order} the players in the order of play with the computers' levels, {partners} the
        # partnerships (or nothing), {help} the help command word.
        text = i.gettext(
            "Bergen. Rules: {rules}; target {target}. Order of play: {order}.{partners} "
            "Type {help} for the commands."
        )
        values = {
            "rules": rules_name(i, rules),
            "target": rules.target_score,
            "order": order,
            "partners": self._partners(),
            "help": help_word,
        }
        braille = " ".join(w.side_braille(side) for side in range(rules.sides)) + f" /{rules.target_score}"
        if rules.arms > 2:
            braille += f" d{rules.tiles.highest}"
        # an announcement, not an answer: it interrupts nothing; on a braille display its help word routes
        message = self.narrator.message(lambda speech: text.format(**values), f"{braille}. {help_word}")
        return replace(message, pick=True)

    def seats(self, view: SeatView) -> Message:
        """The table: seats in order with tile counts, partners, score, whose turn."""
        w, i = self.narrator.words, self.narrator.words.i18n
        counts = view.tile_counts
        order = "; ".join(self._seat(seat, counts[seat]) for seat in range(len(counts)))
        turn = view.turn
        # Translators: reply to "seats". {order} the seats in the order of play with tile counts,
        # {partners} the partnerships (or nothing), {scores} e.g. "Score: You 9, Anna 7; target 15".
        text = i.gettext("Order of play: {order}.{partners} {scores}.").format(
            order=order, partners=self._partners(), scores=w.scores(view.scores, view.target)
        )
        if turn is not None and view.phase is Phase.PLAYING:
            text += " " + i.gettext("Turn: {name}.").format(name=w.name(turn))
        braille = " ".join(f"{w.name(seat)} {counts[seat]}" for seat in range(len(counts)))
        return self.narrator.message(lambda speech: text, braille, urgent=True)

    def unseen(self, view: SeatView) -> Message:
        """Tiles the player has not seen (in the stock or other hands): how many show each number."""
        return self.unseen_of(view.unseen)

    def unseen_of(self, tiles: Sequence[Tile]) -> Message:
        """The answer to ``unseen`` for these tiles (``help terse`` shows it for a few)."""
        i = self.narrator.words.i18n
        per_number = [sum(1 for t in tiles if t.has(n)) for n in NUMBERS]
        listed = ", ".join(f"{n}: {c}" for n, c in zip(NUMBERS, per_number, strict=True))
        verbose = self.narrator.verbosity is Verbosity.VERBOSE

        def phrase(speech: bool) -> str:
            # Translators: reply to "unseen": tiles not in your hand and not on the line. {count} of them;
            # {numbers} how many show each number, e.g. "0: 3, 1: 2, 2: 4".
            text = i.ngettext(
                "{count} tile you have not seen. Per number: {numbers}.",
                "{count} tiles you have not seen. Per number: {numbers}.",
                len(tiles),
            ).format(count=len(tiles), numbers=listed)
            if verbose:
                text += " " + self.narrator.words.tiles(tiles, speech) + "."
            return text

        braille = f"{len(tiles)}: " + " ".join(f"{n}:{c}" for n, c in zip(NUMBERS, per_number, strict=True))
        return self.narrator.message(phrase, braille, urgent=True)


def saved_match(words: Words, scores: Sequence[int], target: int) -> str:
    """Which match a save holds: rules, players and each side's score by name (for the resume question)."""
    i, rules = words.i18n, words.rules
    players = ", ".join(words.name(seat) for seat in range(rules.players))
    # Translators: describes a saved match in the resume question. {rules} e.g. "standard",
    # {players} the names in order of play, {scores} each side's score, e.g. "score: You 9, Anna 7".
    return i.gettext("rules: {rules}; {players}; {scores}").format(
        rules=rules_name(i, rules), players=players, scores=words.score_phrase(scores, target)
    )
