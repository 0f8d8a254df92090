"""Answers to the review commands: hand, ends, line, score, counts, turn, hint.

Each function reads one seat's view and returns one ``Message``: every command
answers exactly once, and these answers interrupt speech.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from ..core.engine import Phase
from ..core.events import HeaderKind
from ..core.scoring import header_value
from ..core.tiles import Tile
from ..core.view import SeatView
from . import codes
from .message import Cue, Message, Verbosity
from .narrator import Narrator, Phrase, stock_sentence
from .options import OptionWords, choices


class Board(Protocol):
    """The public facts of the table: what a seat's view and the scorekeeper's table both show."""

    @property
    def ends(self) -> tuple[int, ...] | None: ...

    @property
    def end_is_double(self) -> tuple[bool, ...]: ...

    @property
    def line(self) -> Sequence[tuple[Tile, int, int]]: ...

    @property
    def arm_lines(self) -> Sequence[Sequence[tuple[Tile, int, int]]]: ...

    @property
    def opening(self) -> Tile | None: ...

    @property
    def tile_counts(self) -> tuple[int, ...]: ...

    @property
    def stock_size(self) -> int: ...

    @property
    def drawable(self) -> int: ...


class Replies:
    """Review answers for the player at ``narrator.words.human``."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator
        self.options = OptionWords(narrator)

    def _reply(self, phrase: Phrase, braille: str) -> Message:
        return self.narrator.message(phrase, braille, urgent=True)

    # ------------------------------------------------------------------ pieces

    def _ends_phrase(self, view: Board, speech: bool) -> str:
        w = self.narrator.words
        assert view.ends is not None
        return w.ends(view.ends, view.end_is_double, speech)

    def _tile_list(self, view: SeatView, tiles: Sequence[Tile], speech: bool) -> str:
        """Tiles with where each fits: ``1-1, 3-4 (left), 5-6 (left or right)``."""
        lone = view.layout is not None and view.layout.lone_double
        return ", ".join(
            self.options.listed(tile, self.options.marked_words(lone, view.ends_for(tile)), speech)
            if view.ends_for(tile)
            else self.narrator.words.tile(tile, speech)
            for tile in tiles
        )

    def _tile_list_braille(self, view: SeatView, tiles: Sequence[Tile]) -> str:
        return " ".join(f"{t}{self.narrator.words.fit_letters(view.ends_for(t))}" for t in tiles)

    # ---------------------------------------------------------------- replies

    def hand(self, view: SeatView) -> Message:
        """Your tiles, sorted, with where each fits."""
        i = self.narrator.words.i18n
        tiles = view.hand
        pips = sum(t.pips for t in tiles)

        if not tiles:
            # Translators: reply to "hand" when the player holds no tile (after going out).
            return self._reply(lambda speech: i.gettext("You hold no tiles."), "-")

        def phrase(speech: bool) -> str:
            # Translators: the pip total at the end of the "hand" reply, e.g. "40 pips".
            total = i.ngettext("{count} pip", "{count} pips", pips).format(count=pips)
            # Translators: reply to the "hand" command. {list} lists the tiles with where they fit,
            # {count} is the number of tiles, {pips} their pip total, e.g. "40 pips".
            return i.ngettext(
                "Your {count} tile: {list}. {pips}.",
                "Your {count} tiles: {list}. {pips}.",
                len(tiles),
            ).format(count=len(tiles), list=self._tile_list(view, tiles, speech), pips=total)

        return replace(self._reply(phrase, self._tile_list_braille(view, tiles) or "-"), pick=True)

    def ends(self, view: Board) -> Message:
        """The open ends."""
        w, i = self.narrator.words, self.narrator.words.i18n
        if view.ends is None:
            # Translators: reply to "ends" when no tile lies on the table.
            return self._reply(lambda speech: i.gettext("No tile on the table yet."), "-")
        return self._reply(
            # Translators: reply to "ends". {ends} e.g. "5 and double 3".
            lambda speech: i.gettext("Ends {ends}.").format(ends=self._ends_phrase(view, speech)),
            w.ends_braille(view.ends, view.end_is_double),
        )

    def line(self, view: Board) -> Message:
        """The whole line from left to right; with more arms, arm by arm from the centre."""
        w, i = self.narrator.words, self.narrator.words.i18n
        placed = list(view.line)
        if not placed:
            return self._reply(lambda speech: i.gettext("No tile on the table yet."), "-")
        if w.many_arms:
            return self._arm_lines(view)

        def shown(speech: bool) -> str:
            if speech:
                return ", ".join(w.tile(t, speech=True) if t.is_double else f"{a} {b}" for t, a, b in placed)
            return " ".join(f"{a}-{b}" for _, a, b in placed)

        def phrase(speech: bool) -> str:
            # Translators: reply to "line": the tiles on the table from left to right, as they lie.
            return i.ngettext(
                "Line of {count} tile, left to right: {tiles}.",
                "Line of {count} tiles, left to right: {tiles}.",
                len(placed),
            ).format(count=len(placed), tiles=shown(speech))

        return self._reply(phrase, shown(False))

    def _arm_lines(self, view: Board) -> Message:
        """``Opening double 9-9. Arm 1: 9-3, 3-5. Arm 2: 9-5.`` Each tile as it lies, from the centre out."""
        w, i = self.narrator.words, self.narrator.words.i18n
        arms = [list(arm) for arm in view.arm_lines]
        opening = view.opening
        assert opening is not None

        def shown(arm: list[tuple[Tile, int, int]], speech: bool) -> str:
            if speech:
                return ", ".join(w.tile(t, speech=True) if t.is_double else f"{a} {b}" for t, a, b in arm)
            return " ".join(f"{a}-{b}" for _, a, b in arm)

        def phrase(speech: bool) -> str:
            # Translators: reply to "line" with the larger sets, first part: the opening double in the centre.
            parts = [i.gettext("Opening double {tile}.").format(tile=w.tile(opening, speech))]
            for number, arm in enumerate(arms, start=1):
                # Translators: reply to "line" with the larger sets: one arm's tiles from the centre
                # outwards, as they lie, e.g. "Arm 2: 9-5 5-5."
                arm_text = i.gettext("Arm {number}: {tiles}.")
                parts.append(arm_text.format(number=number, tiles=shown(arm, speech)))
            if len(arms) < self.narrator.words.rules.arms:
                parts.append(
                    w.i18n.pgettext("ends", "{started} of {arms} arms started").format(
                        started=len(arms), arms=w.rules.arms
                    )
                    + "."
                )
            return " ".join(parts)

        braille = " ".join([opening.notation] + [f"{n}:{shown(arm, False)}" for n, arm in enumerate(arms, 1)])
        return self._reply(phrase, braille)

    def score(self, view: SeatView) -> Message:
        """Every side's score or counters, and the target."""
        w = self.narrator.words
        return self._reply(
            lambda speech: w.scores(view.scores, view.target) + ".",
            w.scores_braille(view.scores, view.target),
        )

    def counts(self, view: Board) -> Message:
        """Tiles held by each player, and the stock."""
        w, i = self.narrator.words, self.narrator.words.i18n
        counts = view.tile_counts

        def phrase(speech: bool) -> str:
            held = ", ".join(
                # Translators: one player's tile count in the "count" reply, e.g. "Anna 5".
                i.gettext("{name} {count}").format(name=w.name(s), count=c)
                for s, c in enumerate(counts)
            )
            # Translators: reply to "count". {held} e.g. "You 5, Anna 6"; the stock follows.
            tiles = i.gettext("Tiles: {held}.").format(held=held)
            return f"{tiles} {stock_sentence(i, view.stock_size, view.drawable)}"

        held = " ".join(f"{w.name(s)} {c}" for s, c in enumerate(counts))
        # Translators: braille word for "stock" (the count and, when not all, the drawable count
        # follow: "stock 16/14").
        stock_word = i.pgettext("braille", "stock")
        drawable = f"/{view.drawable}" if view.drawable != view.stock_size else ""
        return self._reply(phrase, f"{held} {stock_word} {view.stock_size}{drawable}")

    def turn(self, view: SeatView) -> Message:
        """Whose turn it is and, for the player, what is legal."""
        w, i = self.narrator.words, self.narrator.words.i18n
        if view.phase is Phase.HAND_OVER:
            return self._reply(
                # Translators: reply to "turn" between hands.
                lambda speech: i.gettext("The hand is over. Press Enter for the next hand."),
                "Enter",
            )
        if view.phase is Phase.OVER:
            # Translators: reply to "turn" after the match.
            return self._reply(lambda speech: i.gettext("The match is over."), "-")
        if view.turn is not None and not view.is_my_turn:
            return self._reply(
                # Translators: reply to "turn" when another player is to move. {name} is the player.
                lambda speech: i.gettext("Turn: {name}.").format(name=w.name(view.turn or 0)),
                w.name(view.turn),
            )
        return self.your_turn(view)

    def your_turn(self, view: SeatView, urgent: bool = True, ends_told: bool = False) -> Message:
        """What the player needs at the start of a turn: the ends (unless just said), what is legal."""
        i = self.narrator.words.i18n
        choice = choices(view)
        playable = {tile for tile, _ in choice.plays}
        rest = [t for t in view.hand if t not in playable]
        verbose = self.narrator.verbosity is Verbosity.VERBOSE
        show_ends = not ends_told  # each fact once a turn, in every verbosity

        def phrase(speech: bool) -> str:
            if show_ends:
                # Translators: start of the player's turn. {ends} the open ends, e.g. "6 and double 1".
                text = i.gettext("Your turn. Ends {ends}.").format(ends=self._ends_phrase(view, speech))
            else:
                # Translators: start of the player's turn when the ends were just said.
                text = i.gettext("Your turn.")
            text += " " + self.options.sentence(choice, speech)
            if choice.plays and rest:
                # Translators: the player's tiles that do not fit now, after the playable ones.
                text += " " + i.gettext("Also in hand: {others}.").format(
                    others=self.narrator.words.tiles(rest, speech)
                )
            if verbose:
                text += " " + self.counts(view).text
            return text

        assert view.ends is not None
        braille = self.options.braille(choice)
        if show_ends:
            ends = self.narrator.words.ends_braille(view.ends, view.end_is_double)
            braille = codes.turn_line(ends, braille)
        if choice.plays and rest:
            braille += codes.others(rest)
        return replace(self.narrator.message(phrase, braille, urgent=urgent), cue=Cue.TURN, pick=True)

    def hint(self, view: SeatView) -> Message:
        """The legal plays, the best first: what scores (each fact once), then the rest."""
        w, i = self.narrator.words, self.narrator.words.i18n
        if not view.is_my_turn:
            return self.turn(view)
        choice = choices(view)
        if not choice.plays:  # what can be done, without the turn line's ends (not asked for here)
            return self._reply(
                lambda speech: self.options.sentence(choice, speech), self.options.braille(choice)
            )
        layout = view.layout
        assert layout is not None
        need = view.needs[view.side]
        ranked: list[tuple[int, Tile, tuple[int, ...], HeaderKind | None]] = []
        for tile, ends in choice.plays:
            by_kind: dict[HeaderKind | None, list[int]] = {}
            for end in ends:
                by_kind.setdefault(layout.header_kind(tile, end), []).append(end)
            for kind, kind_ends in by_kind.items():
                value = header_value(view.rules, kind, need) if kind is not None else 0
                ranked.append((value, tile, tuple(kind_ends), kind))
        ranked.sort(key=lambda entry: -entry[0])
        scoring = [r for r in ranked if r[3] is not None]
        others = [r for r in ranked if r[3] is None]

        def where(tile: Tile, ends: tuple[int, ...], speech: bool) -> str:
            return " ".join(
                filter(None, (w.tile(tile, speech), self.options.where_words(choice.lone_double, ends)))
            )

        def phrase(speech: bool) -> str:
            parts = []
            for value, tile, ends, kind in scoring:
                assert kind is not None
                # Translators: reply to "hint": a play that scores, best first. {play} e.g. "5-6 right",
                # {header} e.g. "double header", {points} e.g. "2 points".
                scores = i.gettext("{play}: {header}, {points}.")
                parts.append(
                    scores.format(
                        play=where(tile, ends, speech),
                        header=self.narrator.header_phrase(kind, False),
                        points=w.counter_count(value) if w.counters else w.points(value),
                    )
                )
            if others:
                listed = ", ".join(where(tile, ends, speech) for _, tile, ends, _ in others)
                if scoring:
                    # Translators: reply to "hint", after the scoring plays: the plays that do not score.
                    parts.append(i.gettext("Not scoring: {plays}.").format(plays=listed))
                else:
                    # Translators: reply to "hint" when no legal play scores: the legal plays.
                    parts.append(i.gettext("Nothing scores. You can play {plays}.").format(plays=listed))
            if choice.arms_number is not None:
                parts.append(self.options.arms_reason(choice.arms_number))
            return " ".join(parts)

        braille = " ".join(
            self.hint_play(f"{tile}{self.options.where_letters(choice.lone_double, ends)}", kind, value)
            for value, tile, ends, kind in ranked
        )
        return replace(self._reply(phrase, braille), pick=True)

    def hint_play(self, play: str, kind: HeaderKind | None, value: int) -> str:
        """One play of the hint in braille, with what it scores in the codes the score's announcement
        uses: ``5-6L DH +2``; counters ``5-6L DH -2c`` (as ``Anna DH -2c =8c``)."""
        if kind is None:
            return play
        w = self.narrator.words
        award = codes.discarded(w.counters_braille(value)) if w.counters else codes.points(value)
        return codes.hint_play(play, self.narrator.header_braille(kind), award)

    def must(self, view: SeatView) -> str:
        """What the player can do now, for error messages: the playable tiles, ``draw`` or ``pass``."""
        choice = choices(view)
        i = self.narrator.words.i18n
        if choice.plays:
            return self.options.plays(choice, False)
        if choice.may_draw:
            # Translators: what the player must do, inside an error message: "draw".
            return i.pgettext("must", "draw")
        if choice.may_pass:
            # Translators: what the player must do, inside an error message: "pass".
            return i.pgettext("must", "pass")
        return "-"
