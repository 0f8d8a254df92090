"""The scorekeeper's own words: prompts, questions, refusals, undo, reviews of a tracked table, export."""

from __future__ import annotations

from collections.abc import Sequence

from ..commands.definitions import CommandKind, Place
from ..commands.keep_parser import KeepKind, keep_word
from ..commands.lexicon import Lexicon
from ..commands.said_moves import drew_sentence, opened_sentence, passed_sentence, played_sentence
from ..core.actions import End
from ..core.events import (
    Drew,
    Event,
    HandBlocked,
    HeaderKind,
    HeaderScored,
    Holding,
    MatchWon,
    Opened,
    Passed,
    TilePlayed,
    WentOut,
)
from ..core.rules import BlockedRule, Opener
from ..core.table import Table, TablePhase
from ..core.tally import Tally
from ..core.tiles import Tile, tile
from . import prompts
from .feedback import Feedback
from .message import Message, Prompt
from .narrator import Narrator, Phrase
from .record_talk import exported_text

#: the scorekeeper's commands as its help lists them: reviews, settings and leaving, corrections
KEEP_REVIEWS = (
    CommandKind.SCORE,
    CommandKind.ENDS,
    CommandKind.LINE,
    CommandKind.COUNT,
    CommandKind.TURN,
    CommandKind.HISTORY,
    CommandKind.REPEAT,
    CommandKind.RULES,
)
KEEP_SETTINGS = (
    CommandKind.VERBOSITY,
    CommandKind.SPEECH,
    CommandKind.LANGUAGE,
    CommandKind.SAVE,
    CommandKind.QUIT,
)
KEEP_CORRECTIONS = (CommandKind.UNDO, CommandKind.REDO, CommandKind.EXPORT)


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

    def prompt_track(self, table: Table) -> Prompt:
        i = self.i
        if table.phase is TablePhase.OPENING:
            return self._who_opens()
        if table.phase is TablePhase.REVEAL:
            side = table.sides_to_reveal()[0]
            # Translators: scorekeeper prompt after a block: what this side holds. Ends with "> ".
            return Prompt.same(i.gettext("{side} holds> ").format(side=self.words.side_braille(side)))
        if table.phase is TablePhase.HAND_OVER:
            return prompts.next_hand(i)
        if table.phase is TablePhase.OVER:
            return self._match_over()
        ends = self.words.ends_braille(table.ends, table.end_is_double) if table.ends is not None else "-"
        name = self.words.name(table.turn)
        # Translators: the scorekeeper's short prompt while tracking: whose turn it is. {name} e.g. "Anna".
        return Prompt(f"{ends} {name}> ", i.gettext("{name}: ").format(name=name))

    def prompt_tally(self, tally: Tally) -> Prompt:
        if tally.is_over:
            return self._match_over()
        if not tally.opened:
            return self._who_opens()
        # Translators: the scorekeeper's short prompt while keeping the tally (the scores are on the
        # braille display and asked with score). Ends with ": ".
        short = self.i.gettext("Entry: ")
        return Prompt(self.words.scores_braille(tally.scores, tally.target) + "> ", short)

    def _who_opens(self) -> Prompt:
        # Translators: scorekeeper prompt at the start of a hand. Ends with "> ".
        facts = self.i.gettext("who opens> ")
        # Translators: the scorekeeper's short prompt at the start of a hand. Ends with ": ".
        return Prompt(facts, self.i.gettext("Who opens: "))

    def _match_over(self) -> Prompt:
        # Translators: scorekeeper prompt after the match. Ends with "> ".
        facts = self.i.gettext("match over> ")
        # Translators: the scorekeeper's short prompt after the match. Ends with ": ".
        return Prompt(facts, self.i.gettext("Match over: "))

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

    def remind_end(self, tile: Tile, ends: Sequence[int] = ()) -> Message:
        w, i = self.words, self.i
        if w.many_arms:
            return self._say(
                # Translators: scorekeeper, larger sets: the line did not say which arm; the question stands.
                # {arms} e.g. "arm 1 or 3".
                lambda speech: i.gettext("Which arm for {tile}: {arms}? Or undo to leave it out.").format(
                    tile=w.tile(tile, speech), arms=w.fit_words(ends)
                ),
                w.which_end(tile, ends),
            )
        return self._say(
            # Translators: scorekeeper: the line did not say which end; the question stands.
            lambda speech: i.gettext("Which end for {tile}: left or right? Or undo to leave it out.").format(
                tile=w.tile(tile, speech)
            ),
            w.which_end(tile, (End.LEFT, End.RIGHT)),
        )

    def remind_yes_no(self, question: Message) -> Message:
        i = self.i
        # Translators: scorekeeper: the line was neither yes nor no; the question follows again.
        # {question} is that question.
        text = i.gettext("Please answer yes or no, or undo to leave it out. {question}")
        return Message(
            text.format(question=question.text),
            text.format(question=question.speech),
            f"? {question.braille}",
            urgent=True,
        )

    def not_entered_tile(self, tile: Tile) -> Message:
        # Translators: scorekeeper: undo while asking which end: the play was left out.
        return self.plain(self.i.gettext("{tile} was not entered.").format(tile=tile.notation))

    def not_entered_opening(self) -> Message:
        # Translators: scorekeeper: undo while asking about the opening double: it was left out.
        return self.plain(self.i.gettext("The opening was not entered. Who opens?"))

    def _doubles(self, count: int) -> str:
        # Translators: a number of doubles in a side's holding, e.g. "1 double", "2 doubles".
        return self.i.ngettext("{count} double", "{count} doubles", count).format(count=count)

    def _pips(self, count: int) -> str:
        return self.i.ngettext("{count} pip", "{count} pips", count).format(count=count)

    def confirm_holding(self, side: int, holding: Holding, outside_given: bool) -> Message:
        """Bare numbers after a block, asked back: never taken for a tile, never taken silently."""
        w, i = self.words, self.i
        values = {
            "side": w.side(side),
            "doubles": self._doubles(holding.doubles),
            "pips": self._pips(holding.pips),
        }
        if outside_given:
            # Translators: scorekeeper: bare numbers typed after a block, asked back before they count.
            # {doubles} e.g. "1 double", {pips} e.g. "15 pips", {outside} the pips outside the doubles.
            text = i.gettext("{side}: {doubles}, {pips}, {outside} outside the doubles? Yes or no.").format(
                outside=self._pips(holding.single_pips), **values
            )
        else:
            # Translators: scorekeeper: bare numbers typed after a block, asked back before they count.
            # {doubles} e.g. "1 double", {pips} e.g. "15 pips".
            text = i.gettext("{side}: {doubles} and {pips}? Yes or no.").format(**values)
        return self.plain(text, self.narrator.holding_braille(side, holding.doubles, holding.pips) + "?")

    def holding_declined(self, side: int) -> Message:
        # Translators: scorekeeper: the numbers asked back were not right; how to type the holding.
        text = self.i.gettext(
            "Not entered. Type the holding of {side} again: the tiles with a dash (6-6 1-2), "
            "or the numbers with their words (doubles 1 pips 15)."
        )
        return self.plain(text.format(side=self.words.side(side)))

    def not_entered_holding(self, side: int) -> Message:
        # Translators: scorekeeper: undo while asking about a holding: it was left out.
        text = self.i.gettext("Nothing was entered for {side}.")
        return self.plain(text.format(side=self.words.side(side)))

    def ask_blocked_winner(self, again: bool = False) -> Message:
        nobody = self.i.pgettext("keep command", "nobody none tie").split()[0]
        names = ", ".join(self.words.names)
        if again:
            # Translators: scorekeeper tally: the answer named nobody at the table; the question stands.
            # {names} lists the players, {nobody} is the word for nobody.
            text = self.i.gettext(
                "Who won the blocked hand? Type one of {names}, or {nobody}; undo leaves it out."
            )
        else:
            # Translators: scorekeeper tally: a bare "blocked": who won? {names} lists the players,
            # {nobody} is the word for nobody.
            text = self.i.gettext("Who won the blocked hand? Type one of {names}, or {nobody}.")
        return self.plain(text.format(names=names, nobody=nobody))

    def not_entered_blocked(self) -> Message:
        # Translators: scorekeeper tally: undo while asking who won the blocked hand.
        return self.plain(self.i.gettext("The blocked hand was not entered."))

    def opener_declined(self) -> Message:
        # Translators: scorekeeper: the table said a lower (or higher) double is held; ask again.
        return self.plain(self.i.gettext("Then whoever holds that double opens with it. Who opens?"))

    def who_opens(self) -> Message:
        # Translators: scorekeeper: a tile was typed at the start of a hand without a name.
        return self.plain(self.i.gettext("Say who opens: a name and the double, for example Anna 1-1."))

    def ask_end(self, tile: Tile, table: Table | None = None, ends: Sequence[int] = ()) -> Message:
        """Which end (with more arms: which arm, listed with their ends), never chosen for the table."""
        w, i = self.words, self.i
        if w.many_arms and table is not None:
            return Feedback(self.narrator).ask_end(tile, ends, table.ends or (), table.end_is_double)
        return self._say(
            lambda speech: i.gettext("{tile} fits both ends: left or right?").format(
                tile=w.tile(tile, speech)
            ),
            w.which_end(tile, (End.LEFT, End.RIGHT)),
        )

    def reveal_needed(self, table: Table) -> Message:
        i = self.i
        if self.words.rules.blocked_rule is BlockedRule.AMERICAN:
            # Translators: scorekeeper after a block, American rule: what each side holds. Keep the examples.
            text = i.gettext(
                "Blocked. For each side type its tiles with a dash (Anna 6-6 1-2), or its numbers with "
                "their words (Anna doubles 1 pips 15 outside 3)."
            )
        else:
            # Translators: scorekeeper after a block: what each side holds. Keep the examples.
            text = i.gettext(
                "Blocked. For each side type its tiles with a dash (Anna 6-6 1-2), or its numbers with "
                "their words (Anna doubles 1 pips 15)."
            )
        return self.plain(text)

    def holding_noted(self, side: int, doubles: int, pips: int) -> Message:
        """The answer to one side's holding after a block (the last one settles the hand instead)."""
        i, w = self.i, self.words
        # Translators: scorekeeper: a side's holding after a block was taken down. {side} is the player
        # (or both partners), {doubles} e.g. "1 double", {pips} e.g. "13 pips".
        text = i.gettext("{side}: {doubles}, {pips}.").format(
            side=w.side(side), doubles=self._doubles(doubles), pips=self._pips(pips)
        )
        return self.plain(text, self.narrator.holding_braille(side, doubles, pips))

    def next_opener(self) -> Message:
        i = self.i
        if self.words.rules.opener is Opener.LOWEST:
            # Translators: scorekeeper at the end of a hand: who opens the next hand.
            return self.plain(i.gettext("Next hand: whoever holds the lowest double opens."))
        # Translators: scorekeeper at the end of a hand: who opens the next hand.
        return self.plain(i.gettext("Next hand: whoever holds the highest double opens."))

    def need_single_pips(self) -> Message:
        return self.plain(
            # Translators: scorekeeper, American rule: a third number is needed.
            self.i.gettext("For the American rule, add the pips outside the doubles as a third number.")
        )

    def tally_calls(self, *, nobody: bool = False) -> str:
        """Calls to show as examples, with the names at this table and the words of this language:
        ``Anna double, Cem triple, Anna out, blocked Anna`` (``nobody``: and ``blocked nobody``)."""
        names = self.words.names
        i = self.i
        blocked = keep_word(KeepKind.BLOCKED, i)
        calls = [
            f"{names[0]} {keep_word(HeaderKind.DOUBLE, i)}",
            f"{names[1 % len(names)]} {keep_word(HeaderKind.TRIPLE, i)}",
            f"{names[2 % len(names)]} {keep_word(KeepKind.OUT, i)}",
            f"{blocked} {names[0]}",
        ]
        if nobody:
            calls.append(f"{blocked} {keep_word('nobody', i)}")
        return ", ".join(calls)

    def tally_only(self) -> Message:
        # Translators: scorekeeper keeping the tally: a play was typed; only scoring calls are entered.
        # {calls} are examples with the names at the table, e.g. "Anna double, Cem triple, Anna out,
        # blocked Anna".
        text = self.i.gettext("Keeping the tally, call only what scores, for example {calls}.")
        return self.plain(text.format(calls=self.tally_calls()))

    def track_only(self) -> Message:
        return self.plain(
            # Translators: scorekeeper in tracking mode: tally calls are not used; plays are.
            self.i.gettext("While tracking, enter the plays: the headers are found by themselves.")
        )

    # ----------------------------------------------------------- undo, export

    def score_line(self, core: Table | Tally) -> str:
        return self.words.scores(core.scores, core.target) + "."

    def score(self, core: Table | Tally) -> Message:
        return self.plain(self.score_line(core), self.words.scores_braille(core.scores, core.target))

    @staticmethod
    def awards(events: Sequence[Event]) -> list[Event]:
        """The events of an entry that changed the score (undo and redo then say the score)."""
        return [
            event
            for event in events
            if (isinstance(event, HeaderScored | WentOut) and event.value)
            or (isinstance(event, HandBlocked) and event.winner is not None and event.value)
            or isinstance(event, MatchWon)
        ]

    def taken_back(self, events: Sequence[Event], core: Table | Tally) -> str:
        """What undoing an entry did to the score: each award taken back, a win reopened, the score now."""
        w, i = self.words, self.i
        parts = []
        for event in self.awards(events):
            if isinstance(event, HeaderScored | WentOut):
                what = (
                    self.narrator.header_phrase(event.kind, False)
                    if isinstance(event, HeaderScored)
                    # Translators: what was taken back by undo: going out.
                    else i.gettext("going out")
                )
                parts.append(self._award(w.name(event.seat), what, event.value))
            elif isinstance(event, HandBlocked) and event.winner is not None:
                # Translators: what was taken back by undo: the award for a blocked hand.
                parts.append(self._award(w.side(event.winner), i.gettext("blocked hand"), event.value))
        sentences = []
        if parts:
            # Translators: undo took awards back. {awards} lists them,
            # e.g. "3 points for Ada (triple header)".
            sentences.append(i.gettext("Taken back: {awards}.").format(awards="; ".join(parts)))
        if any(isinstance(event, MatchWon) for event in events):
            # Translators: undo took back the entry that won the match.
            sentences.append(i.gettext("The win is taken back: the match goes on."))
        if sentences:
            sentences.append(self.score_line(core))
        return " ".join(sentences)

    def _award(self, who: str, what: str, value: int) -> str:
        i = self.i
        if self.words.counters:
            # Translators: an award taken back, counter game: e.g. "2 counters for Ada (double header)".
            amount = i.ngettext("{count} counter", "{count} counters", value).format(count=value)
        else:
            # Translators: an award taken back: e.g. "3 points for Ada (triple header)".
            amount = i.ngettext("{count} point", "{count} points", value).format(count=value)
        # Translators: one award taken back: {amount} e.g. "3 points", {who} the player, {what} the header.
        return i.gettext("{amount} for {who} ({what})").format(amount=amount, who=who, what=what)

    def _move(self, events: Sequence[Event], speech: bool) -> str | None:
        """The play, draw or pass an entry was, named without the ends it left: ``Cem plays 0-4 on the
        left.``; None for any other entry."""
        w, i = self.words, self.i
        for event in events:
            if isinstance(event, TilePlayed):
                return self.narrator.played_phrase(event, speech)
            if isinstance(event, Opened):
                return opened_sentence(i).format(name=w.name(event.seat), tile=w.tile(event.tile, speech))
            if isinstance(event, Drew):
                count = sum(1 for e in events if isinstance(e, Drew) and e.seat == event.seat)
                return drew_sentence(i, count).format(name=w.name(event.seat), count=count)
            if isinstance(event, Passed):
                return passed_sentence(i).format(name=w.name(event.seat))
        return None

    def _move_braille(self, events: Sequence[Event]) -> str:
        w = self.words
        for event in events:
            if isinstance(event, TilePlayed):
                return f"{w.name(event.seat)} {event.tile} {w.end_letter(event.end)}"
            if isinstance(event, Opened):
                return f"{w.name(event.seat)} {event.tile}"
            if isinstance(event, Drew):
                count = sum(1 for e in events if isinstance(e, Drew) and e.seat == event.seat)
                # Translators: braille: someone drew tiles, e.g. "Cem drew 2". Short.
                return f"{w.name(event.seat)} {self.i.pgettext('braille', 'drew')} {count}"
            if isinstance(event, Passed):
                return f"{w.name(event.seat)} -"
        return ""

    def undone_move(self, events: Sequence[Event], table: Table, change: str = "") -> Message | None:
        """Undo of a play, draw or pass: the move named (not the ends it left, which are gone), then where
        the table stands now: any award taken back and the score, the ends and whose turn it is, e.g.
        "Undone: Cem plays 3-5 on the left. Ends now 2 and 4. Turn: Cem."."""
        text, speech = self._move(events, False), self._move(events, True)
        if text is None or speech is None:
            return None
        i, w = self.i, self.words
        # Translators: scorekeeper: an entry was undone. {what} is the move, e.g. "Cem plays 3-5 on the left."
        undone = i.gettext("Undone: {what}")
        now, now_speech, now_braille = [], [], []
        if table.ends is not None and table.phase is TablePhase.PLAYING:
            # Translators: scorekeeper, after undo: the open ends as they are again, e.g. "Ends now 2 and 4."
            ends_now = i.gettext("Ends now {ends}.")
            now.append(ends_now.format(ends=w.ends(table.ends, table.end_is_double)))
            now_speech.append(ends_now.format(ends=w.ends(table.ends, table.end_is_double, True)))
            now_braille.append(w.ends_braille(table.ends, table.end_is_double))
        turn = self.turn(table)
        now.append(turn.text)
        now_speech.append(turn.speech)
        now_braille.append(turn.braille)
        return Message(
            " ".join(part for part in [undone.format(what=text), change, *now] if part),
            " ".join(part for part in [undone.format(what=speech), w.speakable(change), *now_speech] if part),
            f"- {self._move_braille(events)}. {' '.join(now_braille)}",
            urgent=True,
        )

    def undone(self, what: Message | None, change: str = "") -> Message:
        i = self.i
        if what is None:
            # Translators: scorekeeper: undo of an entry that said nothing.
            text = i.gettext("Undone.")
            return self.plain(f"{text} {change}".strip())
        # Translators: scorekeeper: an entry was undone. {what} is what it had announced.
        undone = i.gettext("Undone: {what}")
        return Message(
            f"{undone.format(what=what.text)} {change}".strip(),
            f"{undone.format(what=what.speech)} {self.words.speakable(change)}".strip(),
            f"- {what.braille}",
            urgent=True,
        )

    def redone(self, what: Sequence[Message], core: Table | Tally, with_score: bool = True) -> Message:
        """One answer for redo: everything the entry announces again, then the score (unless it said it)."""
        i = self.i
        if not what:
            # Translators: scorekeeper: redo of an entry that said nothing.
            return self.plain(i.gettext("Redone."))
        # Translators: scorekeeper: an undone entry was made again. {what} is what it announces.
        redone = i.gettext("Redone: {what}")
        score = f" {self.score_line(core)}" if with_score else ""
        return Message(
            f"{redone.format(what=' '.join(m.text for m in what))}{score}",
            f"{redone.format(what=' '.join(m.speech for m in what))}{score}",
            f"+ {what[0].braille}",
            urgent=True,
        )

    def hand_begins(self, number: int) -> Message:
        # Translators: scorekeeper: a new hand begins (in the history and the export).
        return self.plain(self.i.gettext("Hand {number}.").format(number=number), f"#{number}")

    def status(self, core: Table | Tally) -> Message:
        """Where a resumed sheet stands: the hand, what is awaited, the score."""
        i = self.i
        # Translators: scorekeeper: a saved score sheet continues. {hand} is the hand number, {now} what
        # is awaited (e.g. "Turn: Cem."), {score} the score sentence.
        text = i.gettext("The score sheet continues in hand {hand}. {now} {score}")
        now = self.turn(core) if isinstance(core, Table) else self.tally_now(core)
        score = self.score_line(core)
        return Message(
            text.format(hand=core.hand_number, now=now.text, score=score),
            text.format(hand=core.hand_number, now=now.speech, score=score),
            f"#{core.hand_number} {now.braille} {self.words.scores_braille(core.scores, core.target)}",
            urgent=True,
        )

    def tally_now(self, tally: Tally) -> Message:
        if tally.is_over:
            return self.plain(self.i.gettext("The match is over."))
        if not tally.opened:
            return self.hand_started()
        # Translators: scorekeeper tally: the hand is being played; calls are awaited.
        return self.plain(self.i.gettext("Call what scores."))

    def said_examples(self) -> str:
        """A draw, a pass and a play in the keeper's own sentences, with the names at the table."""
        i, w = self.i, self.words
        first, second = w.name(0), w.name(1 % w.rules.players)
        return ", ".join(
            sentence.rstrip(".")
            for sentence in (
                drew_sentence(i, 3).format(name=first, count=3),
                passed_sentence(i).format(name=second),
                played_sentence(i, End.LEFT).format(name=first, tile=w.tile(tile(3, 5), False)),
            )
        )

    def help_lines(self, tracking: bool) -> list[str]:
        i = self.i
        lines: list[str]
        if tracking:
            lines = [
                # Translators: scorekeeper help, tracking mode. Keep the examples.
                i.gettext("At the start of a hand: the opener's name and double, e.g. Anna 1-1."),
                # Translators: scorekeeper help, tracking mode.
                i.gettext(
                    "Each play: the tile and, if it fits both ends, the end: 3-5, 3-5 left, Cem 3-5 r."
                ),
                # Translators: scorekeeper help, tracking mode.
                i.gettext("Draws and passes: draw 3, Cem draw, pass."),
                # Translators: scorekeeper help, tracking mode: the entries can also be typed as the keeper
                # says them. {examples} are the keeper's own sentences, e.g. "Cem draws 3, Mia passes".
                i.gettext("Typed as the keeper says them, they work too: {examples}.").format(
                    examples=self.said_examples()
                ),
                # Translators: scorekeeper help, tracking mode: after a blocked hand. Keep the examples.
                i.gettext(
                    "After a block: each side's tiles with a dash (Anna 6-6 1-2), "
                    "or its numbers with their words (Anna doubles 1 pips 15)."
                ),
            ]
        else:
            lines = [
                # Translators: scorekeeper help, tally mode: each hand starts with its opening.
                i.gettext("At the start of a hand: the opener's name and double, e.g. Anna 1-1."),
                # Translators: scorekeeper help, tally mode. {calls} are examples with the names at
                # the table, e.g. "Anna double, Cem triple, Anna out, blocked Anna, blocked nobody".
                i.gettext("Call what scores, for example {calls}.").format(
                    calls=self.tally_calls(nobody=True)
                ),
            ]
        words = Lexicon(i, Place.KEEP)
        word = {
            kind.value: words.main_word(kind) for kind in (*KEEP_REVIEWS, *KEEP_SETTINGS, *KEEP_CORRECTIONS)
        }
        # Translators: scorekeeper help: corrections and records. {undo}, {redo} and {export} are the
        # scorekeeper's command words.
        corrections = i.gettext("{undo} and {redo} correct the record; {export} writes it as text and CSV.")
        # Translators: scorekeeper help: reviews. {commands} lists the command words; {history} and {all}
        # are words the scorekeeper takes: "history 5", "history all".
        reviews = i.gettext(
            "To review: {commands}; {history} 5 gives the last five entries, {history} {all} the whole match."
        )
        # Translators: scorekeeper help: settings and leaving. {commands} lists the command words.
        settings = i.gettext("{commands}. Enter deals the next hand.")
        lines += [
            corrections.format(**word),
            reviews.format(
                commands=", ".join(word[kind.value] for kind in KEEP_REVIEWS),
                history=word[CommandKind.HISTORY.value],
                all=keep_word("all", i),
            ),
            settings.format(commands=", ".join(word[kind.value] for kind in KEEP_SETTINGS)),
        ]
        return lines

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

    def exported(self, name: str, folder: str, renamed: bool = False) -> Message:
        """The two files written: their name once (``bergen-… .txt and .csv``) and the folder once, as
        ``said_folder`` shortens it."""
        if renamed:
            # Translators: scorekeeper: the record was written to two files under a new name, because
            # files of the name asked for exist already (they are never overwritten). {name} is the file
            # name without .txt or .csv, {folder} the folder, shortened (e.g. "exports" or "~/exports").
            text = self.i.gettext(
                "Files of that name exist already, so the record went to {name}.txt and .csv in {folder}."
            )
        else:
            text = exported_text(self.i)
        return self.plain(text.format(name=name, folder=folder), f"{name}.txt .csv {folder}")

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
            braille="\n".join(m.braille for m in messages),
            urgent=True,
        )
