"""The scorekeeper's own words: prompts, questions, refusals, undo, reviews of a tracked table, export."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import End, Refusal
from ..core.rules import BlockedRule, Opener
from ..core.table import Table, TablePhase
from ..core.tiles import Tile
from .message import Message
from .narrator import Narrator, Phrase


class KeepText:
    """Replies of the scorekeeper; each one urgent (it answers what was typed)."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator
        self.words = narrator.words
        self.i = narrator.words.i18n

    def _say(self, phrase: Phrase, braille: str) -> Message:
        return self.narrator.message(phrase, braille, urgent=True)

    def plain(self, text: str, braille: str | None = None) -> Message:
        spoken = self.words.speakable(text)
        shown = braille if braille is not None else text
        return self.narrator.message(lambda speech: spoken if speech else text, shown, urgent=True)

    # --------------------------------------------------------------- prompts

    def prompt_track(self, table: Table) -> str:
        i = self.i
        if table.phase is TablePhase.OPENING:
            # Translators: scorekeeper prompt at the start of a hand. Ends with "> ".
            return i.gettext("who opens> ")
        if table.phase is TablePhase.REVEAL:
            side = table.sides_to_reveal()[0]
            # Translators: scorekeeper prompt after a block: what this side holds. Ends with "> ".
            return i.gettext("{side} holds> ").format(side=self.words.side_braille(side))
        if table.phase is TablePhase.HAND_OVER:
            return i.gettext("Enter: next hand> ")
        if table.phase is TablePhase.OVER:
            # Translators: scorekeeper prompt after the match. Ends with "> ".
            return i.gettext("match over> ")
        ends = self.words.ends_braille(table.ends, table.end_is_double) if table.ends else "-"
        return f"{ends} {self.words.name(table.turn)}> "

    def prompt_tally(self, scores: Sequence[int], target: int, over: bool) -> str:
        if over:
            return self.i.gettext("match over> ")
        return self.words.scores_braille(scores, target) + "> "

    # ------------------------------------------------------------- questions

    def hand_started(self) -> Message:
        i = self.i
        if self.words.rules.opener is Opener.LOWEST:
            # Translators: scorekeeper, start of a hand: who opens, with the lowest double.
            text = i.gettext("Who opens? Type the name and the lowest double, for example Anna 1-1.")
        else:
            # Translators: scorekeeper, start of a hand: who opens, with the highest double.
            text = i.gettext("Who opens? Type the name and the highest double, for example Anna 6-6.")
        return self.plain(text)

    def confirm_opener(self, tile: Tile) -> Message:
        w, i = self.words, self.i
        if self.words.rules.opener is Opener.LOWEST:
            return self._say(
                # Translators: scorekeeper: the declared opening double is not 0-0; ask to make sure.
                lambda speech: i.gettext("Is {tile} the lowest double at the table? Yes or no.").format(
                    tile=w.tile(tile, speech)
                ),
                f"{tile}?",
            )
        return self._say(
            # Translators: scorekeeper: the declared opening double is not 6-6; ask to make sure.
            lambda speech: i.gettext("Is {tile} the highest double at the table? Yes or no.").format(
                tile=w.tile(tile, speech)
            ),
            f"{tile}?",
        )

    def opener_declined(self) -> Message:
        # Translators: scorekeeper: the table said a lower (or higher) double is held; ask again.
        return self.plain(self.i.gettext("Then whoever holds that double opens with it. Who opens?"))

    def who_opens(self) -> Message:
        # Translators: scorekeeper: a tile was typed at the start of a hand without a name.
        return self.plain(self.i.gettext("Say who opens: a name and the double, for example Anna 1-1."))

    def ask_end(self, tile: Tile) -> Message:
        w, i = self.words, self.i
        return self._say(
            lambda speech: i.gettext("{tile} fits both ends: left or right?").format(
                tile=w.tile(tile, speech)
            ),
            f"{tile}: {self.narrator.end_letter(End.LEFT)}/{self.narrator.end_letter(End.RIGHT)}?",
        )

    def reveal_needed(self, table: Table) -> Message:
        i = self.i
        if self.words.rules.blocked_rule is BlockedRule.AMERICAN:
            # Translators: scorekeeper after a block, American rule: what each side holds.
            text = i.gettext(
                "Blocked. For each side type a name and its tiles (Anna 6-6 1-2), "
                "or doubles, pips and the pips outside the doubles (Anna 1 15 3)."
            )
        else:
            # Translators: scorekeeper after a block: what each side holds.
            text = i.gettext(
                "Blocked. For each side type a name and its tiles (Anna 6-6 1-2), "
                "or doubles and pips (Anna 1 15)."
            )
        return self.plain(text)

    def holding_noted(self, side: int, doubles: int, pips: int) -> Message:
        """The answer to one side's holding after a block (the last one settles the hand instead)."""
        i, w = self.i, self.words
        # Translators: scorekeeper: a side's holding after a block was taken down. {side} is the player
        # (or both partners), {doubles} the number of doubles, {pips} the pip total.
        text = i.ngettext(
            "Noted: {side} holds {doubles} double and {pips} pips.",
            "Noted: {side} holds {doubles} doubles and {pips} pips.",
            doubles,
        ).format(side=w.side(side), doubles=doubles, pips=pips)
        return self.plain(text, f"{w.side_braille(side)} {doubles}d {pips}")

    def next_opener(self) -> Message:
        i = self.i
        if self.words.rules.opener is Opener.LOWEST:
            # Translators: scorekeeper at the end of a hand: who opens the next hand.
            return self.plain(i.gettext("Next hand: whoever holds the lowest double opens."))
        # Translators: scorekeeper at the end of a hand: who opens the next hand.
        return self.plain(i.gettext("Next hand: whoever holds the highest double opens."))

    # ------------------------------------------------------------- refusals

    def refused(self, reason: Refusal, table: Table, tile: Tile | None, seat: int | None) -> Message:
        """Why an entry cannot be, and what can."""
        w, i = self.words, self.i
        name = w.name(seat) if seat is not None else ""
        if reason is Refusal.NOT_YOUR_TURN:
            return self.plain(
                # Translators: scorekeeper: someone other than the player to move was named.
                # {turn} is the player to move.
                i.gettext("Not {name}: {turn} is to play.").format(name=name, turn=w.name(table.turn))
            )
        if reason is Refusal.ALREADY_PLAYED and tile is not None:
            # Translators: scorekeeper: that tile lies on the table already.
            return self.plain(i.gettext("{tile} is already on the table.").format(tile=tile.notation))
        if reason in (Refusal.DOES_NOT_FIT, Refusal.OTHER_END_ONLY, Refusal.ARMS_FIRST) and tile is not None:
            ends = w.ends(table.ends, table.end_is_double) if table.ends else "-"
            fits = table.ends_for(tile)
            if fits:
                return self.plain(
                    # Translators: scorekeeper: the tile fits only the other end.
                    i.gettext("{tile} fits only on the {end}.").format(
                        tile=tile.notation, end=w.end_word(fits[0])
                    )
                )
            return self.plain(
                # Translators: scorekeeper: the tile fits neither end. {ends} e.g. "4 and 6".
                i.gettext("{tile} does not fit. Ends {ends}.").format(tile=tile.notation, ends=ends)
            )
        if reason is Refusal.TOO_MANY_DRAWS:
            return self.plain(
                # Translators: scorekeeper: more draws than the stock allows. {count} may still be drawn.
                i.ngettext(
                    "Only {count} tile can be drawn.", "Only {count} tiles can be drawn.", table.drawable
                ).format(count=table.drawable)
            )
        if reason is Refusal.NOTHING_TO_DRAW:
            return self.plain(i.gettext("Nothing can be drawn. Pass."))
        if reason is Refusal.MUST_DRAW:
            # Translators: scorekeeper: a pass while tiles can still be drawn.
            return self.plain(i.gettext("{name} cannot pass: tiles can still be drawn.").format(name=name))
        if reason is Refusal.NO_TILES_LEFT:
            # Translators: scorekeeper: the player holds no tile.
            return self.plain(i.gettext("{name} holds no tile.").format(name=name))
        if reason is Refusal.NOT_A_DOUBLE:
            # Translators: scorekeeper: the opening tile must be a double.
            return self.plain(i.gettext("The opening tile must be a double."))
        if reason is Refusal.ALREADY_REVEALED:
            # Translators: scorekeeper: this side's tiles were entered already.
            return self.plain(i.gettext("That side was entered already; undo to change it."))
        if reason is Refusal.BAD_HOLDING:
            # Translators: scorekeeper: more doubles, tiles or pips than the side can hold.
            return self.plain(i.gettext("That is not what this side can hold: check the tiles or numbers."))
        if reason is Refusal.HAND_OVER:
            return self.plain(i.gettext("The hand is over. Press Enter for the next hand."))
        if reason is Refusal.MATCH_OVER:
            # Translators: scorekeeper: an entry after the match ended.
            return self.plain(i.gettext("The match is over. You can undo, export or quit."))
        if table.phase is TablePhase.OPENING:
            return self.who_opens()
        if table.phase is TablePhase.REVEAL:
            return self.reveal_needed(table)
        # Translators: scorekeeper: an entry that does not belong here; what is expected now follows.
        now = i.gettext("That is not possible now.")
        expected = self.turn(table)
        return Message(f"{now} {expected.text}", f"{now} {expected.speech}", expected.braille, urgent=True)

    def wrong_count(self, side: int, expected: int) -> Message:
        w, i = self.words, self.i
        # Translators: scorekeeper: the revealed tiles do not match what the side holds. {count} tiles held.
        text = i.ngettext(
            "{side} holds {count} tile: type exactly that one.",
            "{side} holds {count} tiles: type exactly those.",
            expected,
        )
        return self.plain(text.format(side=w.side(side), count=expected))

    def need_single_pips(self) -> Message:
        return self.plain(
            # Translators: scorekeeper, American rule: a third number is needed.
            self.i.gettext("For the American rule, add the pips outside the doubles as a third number.")
        )

    def unknown(self, text: str) -> Message:
        i = self.i
        return self.plain(
            # Translators: scorekeeper: a line that is not an entry or command.
            i.gettext("I did not understand “{text}”. Type help for the entries.").format(text=text),
            f"? {text}",
        )

    def unknown_name(self, text: str) -> Message:
        names = ", ".join(self.words.names)
        return self.plain(
            # Translators: scorekeeper: a name that is not at the table. {names} lists the players.
            self.i.gettext("Who is that? The players are {names}.").format(names=names),
            f"? {text}",
        )

    def tally_only(self) -> Message:
        return self.plain(
            # Translators: scorekeeper in tally mode: only scoring calls are entered.
            self.i.gettext(
                "In the tally, call only what scores: Anna double, Cem triple, Mia out, blocked Anna."
            )
        )

    def track_only(self) -> Message:
        return self.plain(
            # Translators: scorekeeper in tracking mode: tally calls are not used; plays are.
            self.i.gettext("While tracking, enter the plays: the headers are found by themselves.")
        )

    # ----------------------------------------------------------- undo, export

    def undone(self, what: Message | None) -> Message:
        i = self.i
        if what is None:
            # Translators: scorekeeper: undo of an entry that said nothing.
            return self.plain(i.gettext("Undone."))
        # Translators: scorekeeper: an entry was undone. {what} is what it had announced.
        text = i.gettext("Undone: {what}").format(what=what.text)
        return Message(
            text, i.gettext("Undone: {what}").format(what=what.speech), f"- {what.braille}", urgent=True
        )

    def redone(self, what: Message | None) -> Message:
        i = self.i
        if what is None:
            # Translators: scorekeeper: redo of an entry that said nothing.
            return self.plain(i.gettext("Redone."))
        # Translators: scorekeeper: an undone entry was made again. {what} is what it announces.
        text = i.gettext("Redone: {what}").format(what=what.text)
        return Message(
            text, i.gettext("Redone: {what}").format(what=what.speech), f"+ {what.braille}", urgent=True
        )

    def goodbye(self, saved: bool = True) -> Message:
        if not saved:
            # Translators: on leaving the scorekeeper when the sheet could not be saved
            # (a notice said why before).
            return self.plain(self.i.gettext("Goodbye. This score sheet was not saved."))
        # Translators: on leaving the scorekeeper; the record is saved and offered again next time.
        return self.plain(self.i.gettext("Score sheet saved. Run bergen keep again to continue it. Goodbye."))

    def closed(self) -> Message:
        # Translators: on leaving the scorekeeper after the match is over.
        return self.plain(self.i.gettext("The match is over and the score sheet closed. Goodbye."))

    def nothing_to_undo(self) -> Message:
        # Translators: scorekeeper: undo with nothing entered.
        return self.plain(self.i.gettext("Nothing to undo."))

    def nothing_to_redo(self) -> Message:
        # Translators: scorekeeper: redo with nothing undone.
        return self.plain(self.i.gettext("Nothing to redo."))

    def exported(self, text_path: str, csv_path: str, renamed: bool = False) -> Message:
        if renamed:
            # Translators: scorekeeper: the record was written to two files under a new name, because
            # files of the name asked for exist already (they are never overwritten).
            text = self.i.gettext("Files of that name exist already, so the record went to {text} and {csv}.")
        else:
            # Translators: scorekeeper: the record was written to two files.
            text = self.i.gettext("Exported: {text} and {csv}.")
        return self.plain(text.format(text=text_path, csv=csv_path), f"{text_path}")

    def export_failed(self, reason: str) -> Message:
        # Translators: scorekeeper: the files could not be written. {reason} is the system's message.
        return self.plain(self.i.gettext("Could not export: {reason}.").format(reason=reason))

    # ---------------------------------------------------------------- reviews

    def turn(self, table: Table) -> Message:
        i = self.i
        if table.phase is TablePhase.PLAYING:
            return self.plain(i.gettext("Turn: {name}.").format(name=self.words.name(table.turn)))
        if table.phase is TablePhase.OPENING:
            return self.hand_started()
        if table.phase is TablePhase.REVEAL:
            return self.reveal_needed(table)
        if table.phase is TablePhase.HAND_OVER:
            return self.plain(i.gettext("The hand is over. Press Enter for the next hand."))
        return self.plain(i.gettext("The match is over."))

    def history(self, messages: Sequence[Message]) -> Message:
        if not messages:
            return self.plain(self.i.gettext("Nothing has happened yet."))
        return Message(
            text="\n".join(m.text for m in messages),
            speech=" ".join(m.speech for m in messages),
            braille=" / ".join(m.braille for m in messages),
            urgent=True,
        )
