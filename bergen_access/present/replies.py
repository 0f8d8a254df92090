"""Answers to the review commands: hand, ends, line, score, counts, turn, hint.

Each function reads one seat's view and returns one ``Message``: every command
answers exactly once, and these answers interrupt speech.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..core.actions import Draw, End, Pass, Play
from ..core.engine import Phase
from ..core.scoring import header_after, header_value
from ..core.tiles import Tile
from ..core.view import SeatView
from .message import Message, Verbosity
from .narrator import Narrator, Phrase


class Board(Protocol):
    """The public facts of the table: what a seat's view and the scorekeeper's table both show."""

    @property
    def ends(self) -> tuple[int, int] | None: ...

    @property
    def end_is_double(self) -> tuple[bool, bool]: ...

    @property
    def line(self) -> Sequence[tuple[Tile, int, int]]: ...

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

    def _reply(self, phrase: Phrase, braille: str) -> Message:
        return self.narrator.message(phrase, braille, urgent=True)

    # ------------------------------------------------------------------ pieces

    def _ends_phrase(self, view: Board, speech: bool) -> str:
        w = self.narrator.words
        assert view.ends is not None
        return w.ends(view.ends, view.end_is_double, speech)

    def _fit_words(self, ends: Sequence[End]) -> str:
        w, i = self.narrator.words, self.narrator.words.i18n
        if len(ends) == 2:
            # Translators: a tile fits both ends, in the list of tiles, e.g. "5-6 (left or right)".
            return i.gettext("left or right")
        return w.end_word(ends[0])

    def _fit_letters(self, ends: Sequence[End]) -> str:
        return "".join(self.narrator.end_letter(e) for e in ends)

    def _tile_list(self, view: SeatView, tiles: Sequence[Tile], speech: bool) -> str:
        """Tiles with where each fits: ``1-1, 3-4 (left), 5-6 (left or right)``."""
        w, i = self.narrator.words, self.narrator.words.i18n
        parts = []
        for tile in tiles:
            ends = view.ends_for(tile)
            if ends:
                parts.append(
                    # Translators: a tile and where it fits, in a list, e.g. "3-4 (left)".
                    i.gettext("{tile} ({ends})").format(tile=w.tile(tile, speech), ends=self._fit_words(ends))
                )
            else:
                parts.append(w.tile(tile, speech))
        return ", ".join(parts)

    def _tile_list_braille(self, view: SeatView, tiles: Sequence[Tile]) -> str:
        return " ".join(f"{t}{self._fit_letters(view.ends_for(t))}" for t in tiles)

    # ---------------------------------------------------------------- replies

    def hand(self, view: SeatView) -> Message:
        """Your tiles, sorted, with where each fits."""
        i = self.narrator.words.i18n
        tiles = view.hand
        pips = sum(t.pips for t in tiles)

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

        return self._reply(phrase, self._tile_list_braille(view, tiles) or "-")

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
        """The whole line from left to right."""
        w, i = self.narrator.words, self.narrator.words.i18n
        placed = list(view.line)
        if not placed:
            return self._reply(lambda speech: i.gettext("No tile on the table yet."), "-")

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
            # Translators: reply to "count". {held} e.g. "You 5, Anna 6"; {stock} tiles in the stock,
            # {drawable} of them may be drawn.
            return i.gettext("Tiles: {held}. Stock {stock}, {drawable} to draw.").format(
                held=held, stock=view.stock_size, drawable=view.drawable
            )

        held = " ".join(f"{w.name(s)} {c}" for s, c in enumerate(counts))
        # Translators: braille abbreviation of "stock", 2 or 3 letters.
        stock_word = i.pgettext("braille", "St")
        return self._reply(phrase, f"{held} {stock_word} {view.stock_size}/{view.drawable}")

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

    def your_turn(self, view: SeatView, urgent: bool = True) -> Message:
        """What the player needs at the start of a turn: ends, tiles, what is legal."""
        i = self.narrator.words.i18n
        legal = view.legal_actions
        plays = [a for a in legal if isinstance(a, Play)]
        playable = sorted({a.tile for a in plays})
        rest = [t for t in view.hand if t not in playable]
        verbose = self.narrator.verbosity is Verbosity.VERBOSE

        def phrase(speech: bool) -> str:
            ends = self._ends_phrase(view, speech)
            if playable:
                # Translators: start of the player's turn. {ends} the open ends, {playable} the tiles
                # that fit with where, {others} the player's other tiles.
                text = i.gettext("Your turn. Ends {ends}. Playable: {playable}.").format(
                    ends=ends, playable=self._tile_list(view, playable, speech)
                )
                if rest:
                    # Translators: the player's tiles that do not fit now, after the playable ones.
                    text += " " + i.gettext("Also in hand: {others}.").format(
                        others=self.narrator.words.tiles(rest, speech)
                    )
                if any(isinstance(a, Draw) for a in legal):
                    # Translators: the rules let the player draw although a tile fits (DominoPlaza).
                    text += " " + i.gettext("You may also draw.")
            elif any(isinstance(a, Draw) for a in legal):
                # Translators: start of the player's turn when nothing fits: the player must draw.
                text = i.gettext("Your turn. Ends {ends}. Nothing fits: draw.").format(ends=ends)
            else:
                # Translators: start of the player's turn when nothing fits and nothing may be drawn.
                text = i.gettext(
                    "Your turn. Ends {ends}. Nothing fits and nothing can be drawn: pass."
                ).format(ends=ends)
            if verbose:
                text += " " + self.counts(view).text
            return text

        assert view.ends is not None
        ends_b = self.narrator.words.ends_braille(view.ends, view.end_is_double)
        if playable:
            braille = f"{ends_b}: {self._tile_list_braille(view, playable)}"
            if rest:
                braille += " / " + " ".join(t.notation for t in rest)
        elif any(isinstance(a, Draw) for a in legal):
            # Translators: braille for "you must draw", one short word.
            braille = f"{ends_b}: " + i.pgettext("braille", "draw")
        else:
            # Translators: braille for "you must pass", one short word.
            braille = f"{ends_b}: " + i.pgettext("braille", "pass")
        return self.narrator.message(phrase, braille, urgent=urgent)

    def hint(self, view: SeatView) -> Message:
        """The legal plays and which of them would score."""
        w, i = self.narrator.words, self.narrator.words.i18n
        if not view.is_my_turn:
            return self.turn(view)
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if not plays:
            return self.your_turn(view)
        assert view.ends is not None and view.end_tiles is not None
        scoring = []
        for play in plays:
            kind = header_after(view.ends, view.end_tiles, play.tile, play.end)
            if kind is not None:
                need = view.needs[view.side]
                scoring.append((play, kind, header_value(view.rules, kind, need)))

        def phrase(speech: bool) -> str:
            listed = ", ".join(f"{w.tile(p.tile, speech)} {w.end_word(p.end)}" for p in plays)
            # Translators: reply to "hint": every legal play, e.g. "3-4 left, 5-6 right".
            text = i.gettext("You can play {plays}.").format(plays=listed)
            for play, kind, value in scoring:
                # Translators: reply to "hint": a play that would score. {play} e.g. "5-6 right",
                # {header} e.g. "double header", {points} e.g. "2 points".
                text += " " + i.gettext("{play} makes a {header}: {points}.").format(
                    play=f"{w.tile(play.tile, speech)} {w.end_word(play.end)}",
                    header=self.narrator.header_phrase(kind, False),
                    points=w.counter_count(value) if w.counters else w.points(value),
                )
            if not scoring:
                # Translators: reply to "hint" when no legal play scores ({count} legal plays).
                text += " " + i.ngettext("It does not score.", "None of them scores.", len(plays)).format(
                    count=len(plays)
                )
            return text

        braille = " ".join(f"{p.tile}{self.narrator.end_letter(p.end)}" for p in plays)
        if scoring:
            braille += " | " + " ".join(
                f"{p.tile}{self.narrator.end_letter(p.end)} {self.narrator.header_braille(k)}+{v}"
                for p, k, v in scoring
            )
        return self._reply(phrase, braille)

    def must(self, view: SeatView) -> str:
        """What the player must do now, for error messages: ``draw``, ``pass`` or the playable tiles."""
        legal = view.legal_actions
        i = self.narrator.words.i18n
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return self._tile_list(view, sorted({a.tile for a in plays}), False)
        if any(isinstance(a, Draw) for a in legal):
            # Translators: what the player must do, inside an error message: "draw".
            return i.pgettext("must", "draw")
        if any(isinstance(a, Pass) for a in legal):
            # Translators: what the player must do, inside an error message: "pass".
            return i.pgettext("must", "pass")
        return "-"
