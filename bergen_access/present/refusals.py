"""Every refusal in words, in one place: for each family of refusal codes, a table from each code to
its sentence.

A checker refuses with a code and the facts its sentence needs (``core/refused.py``): the engine
and the scorekeeper's table and tally (``Refusal``), the parsers (``ParseProblem``, ``EntryProblem``),
the input boundary (``InputProblem``, ``NameProblem``), the files (``RecordProblem``), the rules
(``RulesProblem``) and the lobby's ``create`` (``CreateProblem``). The seats, the lobby and the
command line hand the code and its facts here and say what comes back; none chooses words itself.
Each table holds every code of its family, and ``tests/test_refusal_words.py`` asks each for its
words in every language, so a code added without words fails there.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from ..boundary import MAX_LINE, MAX_NAME, InputProblem, NameProblem, Screened, shown
from ..commands.definitions import CommandKind, Place
from ..commands.keep_parser import MOST_DRAWN, EntryProblem, KeepParseError, keep_word
from ..commands.lexicon import MOST_HISTORY, Lexicon
from ..commands.parser import ParseError, ParseProblem
from ..core.actions import Action, Play, Refusal
from ..core.refused import CreateProblem, DealProblem, RecordProblem, SchemaProblem
from ..core.rules import BlockedRule, RulesError, RulesProblem
from ..core.table import Reveal, Table, TablePhase
from ..core.tally import Tally
from ..core.tiles import Tile
from ..core.view import SeatView
from ..i18n import I18n
from ..tournament.evening import ResultProblem
from . import codes
from .keep_text import KeepText
from .message import Message, notice
from .narrator import Narrator
from .options import OptionWords, choices, held_back_number
from .replies import Replies
from .replying import Replying

# ------------------------------------------------------------------ facts that go with a code


@dataclass(frozen=True)
class Move:
    """A refused move at a game seat: what the seat sees, and the move (None where none was made yet:
    a move asked for between hands or out of turn)."""

    view: SeatView
    action: Action | None = None
    hand: Sequence[Tile] | None = None  # the tiles to list when one is not held, where not the view's


@dataclass(frozen=True)
class Entered:
    """A refused scorekeeper entry: the table (or tally) that refused it, and the entry's tile, seat and
    holding where it has them."""

    core: Table | Tally
    tile: Tile | None = None
    seat: int | None = None
    reveal: Reveal | None = None


# ------------------------------------------------------------------ the words said with a narrator


class Refusals(Replying):
    """The game's and the scorekeeper's refusals; each one urgent (it answers what was typed)."""

    def __init__(self, narrator: Narrator) -> None:
        super().__init__(narrator)
        self.words = narrator.words
        self.i = narrator.words.i18n

    def move(self, reason: Refusal | None, move: Move) -> Message:
        """Why a move cannot be made at a game seat, and what can (``None``, no reason: what can)."""
        return self._move_otherwise(move) if reason is None else MOVE_WORDS[reason](self, move)

    def line(self, error: ParseError) -> Message:
        """Why a line typed at a game seat is not a command, and what is possible."""
        return LINE_WORDS[error.problem](self, error)

    def entry(self, error: KeepParseError) -> Message:
        """Why a line typed to the scorekeeper is not an entry, and what is possible."""
        return ENTRY_WORDS[error.problem](self, error)

    def entered(self, reason: Refusal, entered: Entered) -> Message:
        """Why a scorekeeper's entry cannot be, and what can."""
        return ENTERED_WORDS[reason](self, entered)

    # ------------------------------------------------------------ how a reply is made

    # ------------------------------------------------------------ a game seat's moves

    def not_your_turn(self, name: str) -> Message:
        i = self.i
        # Translators: the player tried to play while another player is to move. {name} is that player.
        return self.plain(i.gettext("Not your turn: {name} is to play.").format(name=name))

    def not_in_hand(self, tile: Tile, hand: Sequence[Tile]) -> Message:
        w, i = self.words, self.i
        # Translators: braille for "you do not hold this tile", short.
        not_held = i.pgettext("braille", "not held")
        return self._options(
            # Translators: the player typed a tile they do not hold. {tiles} lists their tiles.
            lambda speech: i.gettext("You do not hold {tile}. Your tiles: {tiles}.").format(
                tile=w.tile(tile, speech), tiles=w.tiles(hand, speech)
            ),
            f"{not_held}: {tile}. {w.tiles(hand)}",
        )

    def does_not_fit(
        self, tile: Tile, ends: str, ends_braille: str, must: str, must_braille: str | None = None
    ) -> Message:
        """The tile fits no end: the ends, and what can be done (``must_braille``: the same in the terse
        line's codes, ``1-4L +draw``; the words of ``must`` where it is not given)."""
        w, i = self.words, self.i
        # Translators: braille for "does not fit", short.
        no_fit = i.pgettext("braille", "no fit")
        return self._options(
            # Translators: the tile fits no end. {ends} e.g. "4 and 6"; {must} what the player can do,
            # e.g. "1-4 (left)" or "draw".
            lambda speech: i.gettext("{tile} does not fit. Ends {ends}. You can: {must}.").format(
                tile=w.tile(tile, speech), ends=ends, must=must
            ),
            f"{tile} {no_fit}. {ends_braille}. {must if must_braille is None else must_braille}",
        )

    def only_end(self, tile: Tile, ends: Sequence[int], reason_arms: bool) -> Message:
        """The tile may go elsewhere only: where (one end; with arms, perhaps several)."""
        w, i = self.words, self.i
        end = ends[0]

        def said(speech: bool) -> str:
            values = {"tile": w.tile(tile, speech), "end": w.fit_words(ends)}
            if w.many_arms:
                if reason_arms:
                    # Translators: larger sets: the tile matches a started arm, but every arm of the opening
                    # double comes first; {end} is where it can go now, e.g. "arm 3".
                    return i.gettext("All arms first: {tile} can only start {end}.").format(**values)
                # Translators: larger sets: the tile fits one arm only, not the one named. {end}: "arm 2".
                return i.gettext("{tile} fits only {end}.").format(**values)
            if reason_arms:
                # Translators: DominoPlaza: the opening double's other side must be covered first.
                # {end} is "left" or "right": where the tile can go.
                return i.gettext(
                    "Both sides of the opening double come first: {tile} can only go {end}."
                ).format(**values)
            # Translators: the tile fits only the other end. {end} is "left" or "right".
            return i.gettext("{tile} fits only on the {end}.").format(**values)

        # Translators: braille: a tile may go to one end only, e.g. "1-4 only r".
        only = i.pgettext("braille", "only")
        return self._say(
            said, f"{tile} {only} {w.fit_letters(ends).lstrip(':') if w.many_arms else w.end_letter(end)}"
        )

    def held_back(self, tile: Tile, number: int, must: str) -> Message:
        """Arms-first: the tile matches an end, but only the opening double's number may be laid yet."""
        w, i = self.words, self.i
        reason = OptionWords(self.narrator).arms_reason(number)
        # Translators: the tile matches an end but may not be laid yet (arms-first rule); {reason} says
        # why, {must} what the player can do, e.g. "draw" or "0-5 (left)".
        text = i.gettext("{tile} does not fit yet. {reason} You can: {must}.")
        return self._say(
            lambda speech: text.format(tile=w.tile(tile, speech), reason=reason, must=must),
            f"{tile} {number}!",
        )

    def must_play(self, must: str) -> Message:
        i = self.i
        # Translators: the player tried to draw or pass while a tile fits. {must} lists the tiles.
        told = self.plain(i.gettext("A tile fits, so you must play: {must}.").format(must=must))
        return replace(told, pick=True)  # on a braille display a routing key over a tile plays it

    def nothing_to_draw(self, view: SeatView) -> Message:
        i = self.i
        options = OptionWords(self.narrator)
        choice = choices(view)
        if not choice.plays:  # "Nothing fits and nothing can be drawn: pass." says it all, once
            return self._options(lambda speech: options.sentence(choice, speech), options.braille(choice))
        # Translators: the player tried to draw but nothing may be drawn; the playable tiles follow.
        text = i.gettext("Nothing more can be drawn.")
        return self._options(
            lambda speech: f"{text} {options.sentence(choice, speech)}", options.braille(choice)
        )

    def must_draw(self) -> Message:
        i = self.i
        # Translators: the player tried to pass while tiles can still be drawn.
        return self.plain(i.gettext("You cannot pass while tiles can be drawn. Draw."))

    def hand_over(self) -> Message:
        i = self.i
        # Translators: the player tried to play between hands; also the reply to "turn" then.
        text = i.gettext("The hand is over. Press Enter for the next hand.")
        return self.plain(text, self.words.enter())

    def _must(self, view: SeatView) -> str:
        return Replies(self.narrator).must(view)

    def _move_not_your_turn(self, move: Move) -> Message:
        turn = move.view.turn
        return self.not_your_turn(self.words.name(turn) if turn is not None else "")

    def _move_not_in_hand(self, move: Move) -> Message:
        if not isinstance(move.action, Play):
            return self._move_otherwise(move)
        return self.not_in_hand(move.action.tile, move.hand if move.hand is not None else move.view.hand)

    def _move_other_end(self, move: Move) -> Message:
        return self._move_elsewhere(move, arms_first=False)

    def _move_arms_first(self, move: Move) -> Message:
        return self._move_elsewhere(move, arms_first=True)

    def _move_elsewhere(self, move: Move, *, arms_first: bool) -> Message:
        """The tile goes elsewhere only (or, arms first, not yet): where, else that it does not fit."""
        view, action = move.view, move.action
        if not isinstance(action, Play):
            return self._move_otherwise(move)
        legal = [a.end for a in view.legal_actions if isinstance(a, Play) and a.tile == action.tile]
        held_back = held_back_number(view)
        if legal:
            return self.only_end(action.tile, legal, arms_first)
        if arms_first and held_back is not None:
            return self.held_back(action.tile, held_back, self._must(view))
        return self._move_does_not_fit(action.tile, view)

    def _move_does_not_fit(self, tile: Tile, view: SeatView) -> Message:
        assert view.ends is not None
        ends = self.words.ends(view.ends, view.end_is_double)
        shown_ends = self.words.ends_braille(view.ends, view.end_is_double)
        terse = OptionWords(self.narrator).braille(choices(view))  # what can be done, in the terse codes
        return self.does_not_fit(tile, ends, shown_ends, self._must(view), terse)

    def _move_otherwise(self, move: Move) -> Message:
        """A play that does not fit there; any other move: whose turn it is and what can be done."""
        if isinstance(move.action, Play):
            return self._move_does_not_fit(move.action.tile, move.view)
        return Replies(self.narrator).turn(move.view)

    # ------------------------------------------------------------ lines that are not commands

    def unknown(self, text: str, help_word: str) -> Message:
        i = self.i
        return self.plain(
            # Translators: the player typed something that is not a command. {help} is the help command word.
            i.gettext("I did not understand “{text}”. Type a tile such as 3-5, or {help}.").format(
                text=text, help=help_word
            ),
            codes.refused(text, f"3-5{codes.APART}{help_word}"),
        )

    def bad_end(self, text: str) -> Message:
        """A tile with something after it (or on it) that is not where it goes: which ends there are."""
        i = self.i
        legal = codes.refused(text, self.words.places.every_end())
        if self.words.many_arms:
            return self.plain(
                # Translators: larger sets: a tile was followed by something that is not one arm number.
                # {arms} is the number of arms (4 or 8).
                i.gettext(
                    "“{text}” was not used: after the tile, write one arm, 1 to {arms}, e.g. 3-5 2."
                ).format(text=text, arms=self.words.rules.arms),
                legal,
            )
        return self.plain(
            # Translators: a tile was followed by something that is not one end word ("3-5 left right").
            i.gettext("“{text}” was not used: after the tile, write one end, left or right.").format(
                text=text
            ),
            legal,
        )

    def ambiguous_tile(self, text: str, readings: Sequence[str]) -> Message:
        """Digits that can be read as more than one tile (larger sets): never guess, offer each reading."""
        i = self.i
        if len(readings) == 1:
            # Translators: larger sets: digits without a dash that can be only one tile, e.g.
            # "“1012” needs a dash: type 10-12." Nothing was entered.
            said = i.gettext("“{text}” needs a dash: type {reading}.").format(text=text, reading=readings[0])
            return self.plain(said, codes.refused(text, readings[0]))
        # Translators: larger sets: digits without a dash that can mean different tiles, e.g.
        # "“112” can be read more than one way: type 1-12 or 2-11." {readings} lists what to type.
        text_said = i.gettext("“{text}” can be read more than one way: type {readings}.")
        # Translators: joins the last two readings in that message, e.g. "1-12 or 2-11".
        joined = i.gettext("{first} or {last}").format(first=", ".join(readings[:-1]), last=readings[-1])
        shown_readings = codes.refused(text, f" {codes.APART} ".join(readings))
        return self.plain(text_said.format(text=text, readings=joined), shown_readings)

    def not_in_set(self, text: str) -> Message:
        """A number above the set's highest."""
        w, i = self.words, self.i
        # Translators: a tile with a number the set does not have, e.g. "“13-2” is not a tile of this set:
        # numbers go from 0 to 12."
        said = i.gettext("“{text}” is not a tile of this set: numbers go from 0 to {highest}.")
        highest = w.rules.tiles.highest
        shown_span = codes.refused(text, codes.span(0, highest))
        return self.plain(said.format(text=text, highest=highest), shown_span)

    def _help_word(self) -> str:
        return Lexicon(self.i).main_word(CommandKind.HELP)

    @staticmethod
    def _typed(error: ParseError | KeepParseError) -> str:
        return error.text.strip()

    def _first_word(self, error: ParseError) -> str:
        text = self._typed(error)
        return text.split()[0] if text else ""

    # ------------------------------------------------------------ the scorekeeper's lines

    def keep_unknown(self, text: str) -> Message:
        i = self.i
        return self.plain(
            # Translators: scorekeeper: a line that is not an entry or command.
            i.gettext("I did not understand “{text}”. Type help for the entries.").format(text=text),
            codes.refused(text, Lexicon(i, Place.KEEP).main_word(CommandKind.HELP)),
        )

    def header_value(self, text: str) -> Message:
        """Larger sets' tally: a name with a number no header here is worth (``Anna 6`` on double-nine)."""
        most = self.words.rules.arms + 1
        name = self.words.names[0]
        return self.plain(
            # Translators: scorekeeper tally, double-nine and double-twelve: a name with a number that is
            # no header's value. {most} is 5 (double-nine) or 9 (double-twelve); {name} a player's name.
            self.i.gettext(
                "“{text}” is no header on this set: a header is worth 2 to {most}; "
                "type the name and its value, for example {name} 4."
            ).format(text=text, most=most, name=name),
            codes.refused(text, codes.span(2, most)),
        )

    def unknown_name(self, text: str) -> Message:
        names = ", ".join(self.words.names)
        return self.plain(
            # Translators: scorekeeper: a name that is not at the table. {names} lists the players.
            self.i.gettext("Who is that? The players are {names}.").format(names=names),
            codes.refused(text, codes.APART.join(self.words.names)),
        )

    def holding_form(self) -> Message:
        if self.words.rules.blocked_rule is BlockedRule.AMERICAN:
            # Translators: scorekeeper after a block, American rule: the line was neither form of a holding.
            text = self.i.gettext(
                "After a block, type the tiles with a dash (Anna 6-6 1-2), "
                "or the numbers with their words (Anna doubles 1 pips 15 outside 3)."
            )
        else:
            # Translators: scorekeeper after a block: the line was neither form of a holding.
            text = self.i.gettext(
                "After a block, type the tiles with a dash (Anna 6-6 1-2), "
                "or the numbers with their words (Anna doubles 1 pips 15)."
            )
        return self.plain(text)

    # ------------------------------------------------------------ the scorekeeper's entries

    def _name(self, entered: Entered) -> str:
        return self.words.name(entered.seat) if entered.seat is not None else ""

    def _not_now(self, entered: Entered) -> Message:
        """An entry that has no place now: what the tally takes, or what the table expects."""
        text = KeepText(self.narrator)
        core = entered.core
        if isinstance(core, Tally):
            return text.tally_only()
        if core.phase is TablePhase.OPENING:
            return text.who_opens()
        if core.phase is TablePhase.REVEAL:
            return text.reveal_needed(core)
        # Translators: scorekeeper: an entry that does not belong here; what is expected now follows.
        now = self.i.gettext("That is not possible now.")
        expected = text.turn(core)
        return Message(f"{now} {expected.text}", f"{now} {expected.speech}", expected.braille, urgent=True)

    def _cannot_be(self, side: int) -> Message:
        # Translators: scorekeeper after a block: no set of the tiles not yet played (as many as the side
        # holds) makes these numbers.
        text = self.i.gettext(
            "{side}: that cannot be; no tiles not yet played make those numbers. Check them."
        )
        return self.plain(text.format(side=self.words.side(side)))

    def _cannot_be_or_not_now(self, entered: Entered) -> Message:
        if isinstance(entered.core, Table) and entered.reveal is not None:
            return self._cannot_be(entered.reveal.side)
        return self._not_now(entered)

    def _at_table(self, entered: Entered) -> Table | None:
        return entered.core if isinstance(entered.core, Table) else None

    def _entered_not_your_turn(self, entered: Entered) -> Message:
        table = self._at_table(entered)
        if table is None:
            return self._not_now(entered)
        return self.plain(
            # Translators: scorekeeper: someone other than the player to move was named.
            # {turn} is the player to move.
            self.i.gettext("Not {name}: {turn} is to play.").format(
                name=self._name(entered), turn=self.words.name(table.turn)
            )
        )

    def _entered_already_played(self, entered: Entered) -> Message:
        table = self._at_table(entered)
        if table is not None and entered.reveal is not None:
            played = next(t for t in entered.reveal.tiles if t in table.played)
            return self.plain(self.i.gettext("{tile} is already on the table.").format(tile=played.notation))
        if table is not None and entered.tile is not None:
            # Translators: scorekeeper: that tile lies on the table already.
            text = self.i.gettext("{tile} is already on the table.")
            return self.plain(text.format(tile=entered.tile.notation))
        return self._not_now(entered)

    def _entered_arms_first(self, entered: Entered) -> Message:
        """DominoPlaza: both sides of the opening double come first; say so, and where the tile may go."""
        table, tile = self._at_table(entered), entered.tile
        if table is None or tile is None:
            return self._cannot_be_or_not_now(entered)
        w, i = self.words, self.i
        fits = table.ends_for(tile)
        number = table.opening.low if table.opening is not None else 0
        if w.many_arms and fits:
            return self.only_end(tile, fits, True)
        if w.many_arms:
            # Translators: scorekeeper, larger sets: the tile matches an arm's end, but every arm of the
            # opening double is started first, so only its number can be laid. {number} is that number.
            text = i.gettext(
                "{tile} does not fit yet: every arm of the opening double comes first, "
                "so only a tile with a {number} fits."
            )
            return self.plain(text.format(tile=tile.notation, number=number))
        if fits:
            # Translators: DominoPlaza: the opening double's other side must be covered first.
            # {end} is "left" or "right": where the tile can go.
            text = i.gettext("Both sides of the opening double come first: {tile} can only go {end}.")
            return self.plain(text.format(tile=tile.notation, end=w.end_word(fits[0])))
        # Translators: scorekeeper, DominoPlaza: the tile matches an end, but first both sides of the
        # opening double are covered, so only its number can be laid. {number} is that number.
        text = i.gettext(
            "{tile} does not fit yet: both sides of the opening double come first, "
            "so only a tile with a {number} fits."
        )
        return self.plain(text.format(tile=tile.notation, number=number))

    def _entered_elsewhere(self, entered: Entered) -> Message:
        """The tile fits the other end only, or no end."""
        table, tile = self._at_table(entered), entered.tile
        if table is None or tile is None:
            return self._cannot_be_or_not_now(entered)
        w, i = self.words, self.i
        ends = w.ends(table.ends, table.end_is_double) if table.ends is not None else "-"
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

    def _entered_too_many_draws(self, entered: Entered) -> Message:
        table = self._at_table(entered)
        if table is None:
            return self._not_now(entered)
        return self.plain(
            # Translators: scorekeeper: more draws than the stock allows. {count} may still be drawn.
            self.i.ngettext(
                "Only {count} tile can be drawn.", "Only {count} tiles can be drawn.", table.drawable
            ).format(count=table.drawable)
        )

    def _entered_nothing_to_draw(self, entered: Entered) -> Message:
        # Translators: scorekeeper: a draw when the stock allows none; the drawn tiles may still fit.
        return self.plain(self.i.gettext("Nothing more can be drawn: play a tile that fits, or pass."))

    def _entered_must_draw(self, entered: Entered) -> Message:
        # Translators: scorekeeper: a pass while tiles can still be drawn.
        text = self.i.gettext("{name} cannot pass: tiles can still be drawn.")
        return self.plain(text.format(name=self._name(entered)))

    def _entered_no_tiles_left(self, entered: Entered) -> Message:
        # Translators: scorekeeper: the player holds no tile.
        return self.plain(self.i.gettext("{name} holds no tile.").format(name=self._name(entered)))

    def _entered_already_revealed(self, entered: Entered) -> Message:
        # Translators: scorekeeper: this side's tiles were entered already.
        return self.plain(self.i.gettext("That side was entered already; undo to change it."))

    def wrong_count(self, side: int, expected: int) -> Message:
        w, i = self.words, self.i
        # Translators: scorekeeper: the revealed tiles do not match what the side holds. {count} tiles held.
        text = i.ngettext(
            "{side}: {count} tile left; type exactly that one.",
            "{side}: {count} tiles left; type exactly those.",
            expected,
        )
        return self.plain(text.format(side=w.side(side), count=expected))

    def _claimed(self, table: Table, reveal: Reveal) -> Message:
        claimed = next(t for t in reveal.tiles if t in table.claimed)
        # Translators: scorekeeper after a block: a tile was entered for another side already.
        text = self.i.gettext("{tile} was entered for another side already.")
        return self.plain(text.format(tile=claimed.notation))

    def _would_fit(self, table: Table, reveal: Reveal) -> Message:
        fitting = table.first_fitting(reveal.tiles)
        # Translators: scorekeeper after a block: a tile fits an open end, so it could have been played.
        text = self.i.gettext(
            "{tile} fits an open end, so it could have been played. Check the tiles of {side}."
        )
        return self.plain(
            text.format(tile=fitting.notation if fitting else "?", side=self.words.side(reveal.side))
        )

    def _entered_hand_over(self, entered: Entered) -> Message:
        if not isinstance(entered.core, Table):
            return self._not_now(entered)
        return self.plain(self.i.gettext("The hand is over. Press Enter for the next hand."))

    def _entered_opening_first(self, entered: Entered) -> Message:
        return self.plain(
            # Translators: scorekeeper tally: a call before the hand's opening was said.
            self.i.gettext("First say who opened: a name and the double, for example Anna 1-1.")
        )

    def _entered_hand_under_way(self, entered: Entered) -> Message:
        # Translators: scorekeeper: an opening while the hand has one already.
        return self.plain(self.i.gettext("This hand was opened already; undo to change the opening."))

    def _entered_not_a_double(self, entered: Entered) -> Message:
        # Translators: scorekeeper: the opening tile must be a double.
        return self.plain(self.i.gettext("The opening tile must be a double."))

    def _entered_match_over(self, entered: Entered) -> Message:
        # Translators: scorekeeper: an entry after the match ended.
        return self.plain(self.i.gettext("The match is over. You can undo, export or quit."))

    def _entered_no_such_seat(self, entered: Entered) -> Message:
        return self.unknown_name(self._name(entered))


# ------------------------------------------------------------------ the tables, one per family and place

Said = Callable[[Refusals, Move], Message]

#: a game seat's moves (the engine's refusals); the scorekeeper's own codes never reach a game seat
MOVE_WORDS: Mapping[Refusal, Said] = {
    Refusal.NOT_STARTED: Refusals._move_otherwise,
    Refusal.HAND_OVER: lambda r, move: r.hand_over(),
    Refusal.HAND_UNDER_WAY: Refusals._move_otherwise,
    Refusal.MATCH_OVER: Refusals._move_otherwise,
    Refusal.NOT_YOUR_TURN: Refusals._move_not_your_turn,
    Refusal.NO_SUCH_SEAT: Refusals._move_otherwise,
    Refusal.NOT_IN_HAND: Refusals._move_not_in_hand,
    Refusal.DOES_NOT_FIT: Refusals._move_otherwise,
    Refusal.OTHER_END_ONLY: Refusals._move_other_end,
    Refusal.ARMS_FIRST: Refusals._move_arms_first,
    Refusal.MUST_PLAY: lambda r, move: r.must_play(r._must(move.view)),
    Refusal.NOTHING_TO_DRAW: lambda r, move: r.nothing_to_draw(move.view),
    Refusal.MUST_DRAW: lambda r, move: r.must_draw(),
    Refusal.WRONG_PHASE: Refusals._move_otherwise,
    Refusal.NOT_A_DOUBLE: Refusals._move_otherwise,
    Refusal.ALREADY_PLAYED: Refusals._move_otherwise,
    Refusal.NO_TILES_LEFT: Refusals._move_otherwise,
    Refusal.TOO_MANY_DRAWS: Refusals._move_otherwise,
    Refusal.ALREADY_REVEALED: Refusals._move_otherwise,
    Refusal.BAD_HOLDING: Refusals._move_otherwise,
    Refusal.WRONG_COUNT: Refusals._move_otherwise,
    Refusal.CLAIMED: Refusals._move_otherwise,
    Refusal.WOULD_FIT: Refusals._move_otherwise,
    Refusal.OPENING_FIRST: Refusals._move_otherwise,
}

#: a line at a game seat that is not a command
LINE_WORDS: Mapping[ParseProblem, Callable[[Refusals, ParseError], Message]] = {
    ParseProblem.UNKNOWN: lambda r, e: r.unknown(r._typed(e), r._help_word()),
    ParseProblem.BAD_END: lambda r, e: r.bad_end(r._typed(e)),
    ParseProblem.EXTRA_WORDS: lambda r, e: extra_words(r.i, r._typed(e), r._first_word(e)),
    ParseProblem.BAD_NUMBER: lambda r, e: bad_number(r.i, r._typed(e), r._first_word(e), MOST_HISTORY),
    ParseProblem.AMBIGUOUS_TILE: lambda r, e: r.ambiguous_tile(r._typed(e), e.readings),
    ParseProblem.NOT_IN_SET: lambda r, e: r.not_in_set(r._typed(e)),
}

#: a line to the scorekeeper that is not an entry
ENTRY_WORDS: Mapping[EntryProblem, Callable[[Refusals, KeepParseError], Message]] = {
    EntryProblem.UNKNOWN: lambda r, e: r.keep_unknown(r._typed(e)),
    EntryProblem.UNKNOWN_NAME: lambda r, e: r.unknown_name(r._typed(e)),
    EntryProblem.NOTHING_AFTER_NAME: lambda r, e: r.keep_unknown(r._typed(e)),
    EntryProblem.BAD_END: lambda r, e: r.bad_end(r._typed(e)),
    EntryProblem.EXTRA_WORDS: lambda r, e: extra_words(r.i, r._typed(e), e.word),
    EntryProblem.BAD_COUNT: lambda r, e: bad_number(r.i, r._typed(e), e.word, MOST_DRAWN),
    EntryProblem.BAD_HISTORY: lambda r, e: bad_number(r.i, r._typed(e), e.word, MOST_HISTORY),
    EntryProblem.ONE_NAME: lambda r, e: one_name(r.i, r._typed(e), e.word, keep_word("nobody", r.i)),
    EntryProblem.HOLDING_FORM: lambda r, e: r.holding_form(),
    EntryProblem.AMBIGUOUS_TILE: lambda r, e: r.ambiguous_tile(r._typed(e), e.readings),
    EntryProblem.NOT_IN_SET: lambda r, e: r.not_in_set(r._typed(e)),
    EntryProblem.HEADER_VALUE: lambda r, e: r.header_value(r._typed(e)),
}


Told = Callable[[Refusals, Entered], Message]


def _or_cannot_be(said: Told) -> Told:
    """``said``, unless a holding was refused at the table: then that no tiles make it."""

    def words(r: Refusals, entered: Entered) -> Message:
        if isinstance(entered.core, Table) and entered.reveal is not None:
            return r._cannot_be(entered.reveal.side)
        return said(r, entered)

    return words


def _table_only(said: Told) -> Told:
    """``said`` at a tracked table; in the tally, what it takes instead."""

    def words(r: Refusals, entered: Entered) -> Message:
        return said(r, entered) if isinstance(entered.core, Table) else r._not_now(entered)

    return words


def _holding(said: Callable[[Refusals, Table, Reveal], Message]) -> Told:
    """A holding that does not agree with what the table knows: ``said``; any other entry: not now."""

    def words(r: Refusals, entered: Entered) -> Message:
        table, reveal = r._at_table(entered), entered.reveal
        if table is None or reveal is None:
            return r._not_now(entered)
        return said(r, table, reveal)

    return words


_not_now = Refusals._not_now

#: a scorekeeper's entry refused by its table or tally
ENTERED_WORDS: Mapping[Refusal, Told] = {
    Refusal.NOT_STARTED: _or_cannot_be(_not_now),
    Refusal.HAND_OVER: _or_cannot_be(Refusals._entered_hand_over),
    Refusal.HAND_UNDER_WAY: _or_cannot_be(Refusals._entered_hand_under_way),
    Refusal.MATCH_OVER: _or_cannot_be(Refusals._entered_match_over),
    Refusal.NOT_YOUR_TURN: Refusals._entered_not_your_turn,
    Refusal.NO_SUCH_SEAT: _or_cannot_be(Refusals._entered_no_such_seat),
    Refusal.NOT_IN_HAND: _or_cannot_be(_not_now),
    Refusal.DOES_NOT_FIT: Refusals._entered_elsewhere,
    Refusal.OTHER_END_ONLY: Refusals._entered_elsewhere,
    Refusal.ARMS_FIRST: Refusals._entered_arms_first,
    Refusal.MUST_PLAY: _or_cannot_be(_not_now),
    Refusal.NOTHING_TO_DRAW: _table_only(Refusals._entered_nothing_to_draw),
    Refusal.MUST_DRAW: _table_only(Refusals._entered_must_draw),
    Refusal.WRONG_PHASE: _or_cannot_be(_not_now),
    Refusal.NOT_A_DOUBLE: _or_cannot_be(Refusals._entered_not_a_double),
    Refusal.ALREADY_PLAYED: Refusals._entered_already_played,
    Refusal.NO_TILES_LEFT: _table_only(Refusals._entered_no_tiles_left),
    Refusal.TOO_MANY_DRAWS: Refusals._entered_too_many_draws,
    Refusal.ALREADY_REVEALED: _table_only(Refusals._entered_already_revealed),
    Refusal.BAD_HOLDING: _or_cannot_be(_not_now),
    Refusal.WRONG_COUNT: _holding(
        lambda r, table, reveal: r.wrong_count(reveal.side, table.held_by(reveal.side))
    ),
    Refusal.CLAIMED: _holding(Refusals._claimed),
    Refusal.WOULD_FIT: _holding(Refusals._would_fit),
    Refusal.OPENING_FIRST: _or_cannot_be(Refusals._entered_opening_first),
}


# ------------------------------------------------------------------ the words said with a language only


def input_refused(i: I18n, screened: Screened, help_word: str) -> Message:
    """A line the input boundary did not let through (``screened.problem`` says why)."""
    assert screened.problem is not None
    text = INPUT_WORDS[screened.problem](i).format(line=screened.shown, limit=MAX_LINE, help=help_word)
    return notice(text, codes.refused(screened.shown, help_word))


#: a typed or piped line the input boundary stopped
INPUT_WORDS: Mapping[InputProblem, Callable[[I18n], str]] = {
    # Translators: a typed or piped line held bytes that are not UTF-8 text. {line} shows it, with the
    # bad bytes written like <0xFF>; {help} is the help command word.
    InputProblem.NOT_TEXT: lambda i: i.gettext(
        "That line was not used: it holds bytes that are not text ({line}). Type {help} for the commands."
    ),
    # Translators: a typed or piped line was too long. {limit} is the number of characters allowed.
    InputProblem.TOO_LONG: lambda i: i.gettext(
        "That line was not used: it is longer than {limit} characters. Type {help} for the commands."
    ),
    # Translators: a typed or piped line held control characters (escape sequences and the like).
    # {line} shows it with them written like <ESC>.
    InputProblem.CONTROL: lambda i: i.gettext(
        "That line was not used: it holds control characters ({line}). Type {help} for the commands."
    ),
}


def extra_words(i: I18n, line: str, word: str) -> Message:
    """A command followed by words it does not take."""
    # Translators: a command was typed with words after it that it does not take, e.g. "draw draw".
    # Nothing was done. {line} is the line, {word} the command word.
    text = i.gettext("“{line}” was not used: {word} takes nothing after it. Type {word} alone.")
    return notice(text.format(line=line, word=word), codes.refused(line, word))


def one_name(i: I18n, line: str, word: str, nobody: str) -> Message:
    """``blocked`` followed by more than one word."""
    # Translators: scorekeeper: "blocked" takes one player's name or the word for nobody, nothing more.
    # {word} is the blocked command word, {nobody} the word for nobody.
    text = i.gettext("“{line}” was not used: after {word}, type one name, or {nobody}.")
    return notice(text.format(line=line, word=word, nobody=nobody), codes.refused(line, f"{word} {nobody}"))


def bad_number(i: I18n, line: str, word: str, most: int) -> Message:
    """A command that takes a count, followed by something that is not one."""
    # Translators: a command that takes a number got something else ("history ²", "draw -3").
    # {word} is the command word, {most} the largest number it takes. Digits mean 0 to 9.
    text = i.gettext("“{line}” was not used: after {word}, type a number from 1 to {most} in digits.")
    shown_span = codes.refused(line, f"{word} {codes.span(1, most)}")
    return notice(text.format(line=line, word=word, most=most), shown_span)


def name_refused(i: I18n, name: str, problem: NameProblem) -> str:
    """A player's name that cannot be used (for the command line's error)."""
    return NAME_WORDS[problem](i).format(name=shown(name), most=MAX_NAME)


#: a player's name given on the command line that cannot be used
NAME_WORDS: Mapping[NameProblem, Callable[[I18n], str]] = {
    # Translators: command-line error: an empty name in --names.
    NameProblem.EMPTY: lambda i: i.gettext("--names: a name is empty."),
    # Translators: command-line error: a name is too long. {most} is the number of characters allowed.
    NameProblem.TOO_LONG: lambda i: i.gettext("--names: “{name}” is longer than {most} characters."),
    # Translators: command-line error: a name must be one word of letters
    # (digits, - ' . after the first letter).
    NameProblem.CHARACTERS: lambda i: i.gettext(
        "--names: “{name}” must be one word that starts with a letter, e.g. Anna or Jean-Luc."
    ),
}


def file_reason(i: I18n, code: str, detail: str) -> str:
    """Why a file was not used, as a short phrase (it goes in parentheses). ``code`` is a
    ``RecordProblem`` (a code unknown here, from an older file's reader, is said as a wrong value)."""
    detail = shown(detail or "?")
    return RECORD_WORDS[_record_problem(code)](i).format(where=detail, move=detail, reason=detail)


def _record_problem(code: str) -> RecordProblem:
    if code in TOLD_AS:
        return TOLD_AS[code]
    try:
        return RecordProblem(code)
    except ValueError:
        return RecordProblem.MALFORMED  # a code no reader gives now: said as a wrong value


def _wrong_value(i: I18n) -> str:
    # Translators: why a saved file was not used (in parentheses). {where} names the place in the
    # file, e.g. "match.actions[3].seat"; keep it as it is.
    return i.gettext("wrong value at {where}")


#: why a file (a save, a record, a score sheet, a table, the settings) was not used
RECORD_WORDS: Mapping[RecordProblem, Callable[[I18n], str]] = {
    # Translators: why a saved file was not used (in parentheses): it is some other file.
    RecordProblem.NOT_A_RECORD: lambda i: i.gettext("not a file of Bergen Access"),
    # Translators: why a saved file was not used (in parentheses): written by another version.
    RecordProblem.UNKNOWN_VERSION: lambda i: i.gettext("from another version of Bergen Access"),
    RecordProblem.MALFORMED: _wrong_value,
    RecordProblem.BAD_ACTION: _wrong_value,
    RecordProblem.BAD_ENTRY: _wrong_value,
    # Translators: why a saved match was not used (in parentheses). {move} is a move number.
    RecordProblem.DOES_NOT_REPLAY: lambda i: i.gettext("moves that break the rules, from move {move}"),
    # Translators: why a saved file was not used (in parentheses): it is a folder.
    RecordProblem.NOT_A_FILE: lambda i: i.gettext("a folder, not a file"),
    # Translators: why a saved file was not used (in parentheses). {reason} is the system's reason
    # in English.
    RecordProblem.UNREADABLE: lambda i: i.gettext("unreadable: {reason}"),
    # Translators: why a saved file was not used (in parentheses).
    RecordProblem.TOO_LARGE: lambda i: i.gettext("far too large"),
    # Translators: why a saved file was not used (in parentheses).
    RecordProblem.NOT_TEXT: lambda i: i.gettext("not UTF-8 text"),
    # Translators: why a saved file was not used; a short phrase shown in parentheses.
    RecordProblem.NOT_JSON: lambda i: i.gettext("not JSON"),
    # Translators: why a saved file was not used (in parentheses): JSON nested too deeply.
    RecordProblem.TOO_DEEP: lambda i: i.gettext("nested too deeply"),
}

#: the families that never reach a person on their own: a record's reader (core/record.py) turns a
#: value of the wrong shape into ``MALFORMED`` at its place, and a told deal that does not fit into
#: ``DOES_NOT_REPLAY`` (an unknown dealer into ``MALFORMED``); each is said as that
TOLD_AS: Mapping[str, RecordProblem] = {
    **{problem: RecordProblem.MALFORMED for problem in SchemaProblem},
    DealProblem.TILE_TWICE: RecordProblem.DOES_NOT_REPLAY,
    DealProblem.DOES_NOT_FIT_THE_TABLE: RecordProblem.DOES_NOT_REPLAY,
    DealProblem.NOT_EACH_TILE_ONCE: RecordProblem.DOES_NOT_REPLAY,
    DealProblem.UNKNOWN_DEALER: RecordProblem.MALFORMED,
}


def rules_error(i: I18n, error: RulesError) -> str:
    """Why the rules asked for cannot be played, in words."""
    text = RULES_WORDS[error.code](i)
    return text.format(option=shown(error.option.replace("_", "-")), value=shown(str(error.value)))


#: rules that cannot be played (the command line's options, the lobby's create)
RULES_WORDS: Mapping[RulesProblem, Callable[[I18n], str]] = {
    # Translators: command-line error: partnerships need four players.
    RulesProblem.PARTNERSHIPS_NEED_FOUR: lambda i: i.gettext("Partnerships need four players (--players 4)."),
    # Translators: command-line error: the number of players.
    RulesProblem.PLAYERS_OUT_OF_RANGE: lambda i: i.gettext("Bergen is played by 2, 3 or 4 players."),
    # Translators: command-line error: the deal does not fit the set. {option} is an option name.
    RulesProblem.DEAL_TOO_LARGE: lambda i: i.gettext("That many tiles do not fit in the set ({option})."),
    # Translators: command-line error: the double-nine and double-twelve sets are always played
    # with all arms of the opening double first.
    RulesProblem.ARMS_FIRST_WITH_LARGER_SETS: lambda i: i.gettext(
        "The double-nine and double-twelve sets are played with all arms first (--first-arms-first yes)."
    ),
    # Translators: command-line error: an unknown preset. {value} is what was given.
    RulesProblem.UNKNOWN_PRESET: lambda i: i.gettext("There is no preset “{value}”."),
    # Translators: command-line error: an unknown rule option.
    RulesProblem.UNKNOWN_OPTION: lambda i: i.gettext("There is no rule option “{option}”."),
    # Translators: command-line error: a value an option cannot take. {option} and {value} as given.
    RulesProblem.BAD_VALUE: lambda i: i.gettext("The option {option} cannot be “{value}”."),
}


def create_problem(i: I18n, code: CreateProblem, word: str, levels: Sequence[str]) -> str:
    """Why ``create`` could not read what was typed, as a sentence (``levels``: the computer levels
    there are, in the person's words)."""
    return CREATE_WORDS[code](i).format(word=word, levels=", ".join(levels))


#: what the lobby's create could not read
CREATE_WORDS: Mapping[CreateProblem, Callable[[I18n], str]] = {
    # Translators: create with a word it does not take. {word} as typed.
    CreateProblem.WORD: lambda i: i.gettext("“{word}” is not understood."),
    # Translators: create with a computer level that does not exist. {word} as typed, {levels} the
    # levels there are.
    CreateProblem.LEVEL: lambda i: i.gettext("“{word}” is no computer level; there are {levels}."),
    # Translators: create where every seat would be a computer's.
    CreateProblem.PEOPLE: lambda i: i.gettext("At least one seat must be a person's."),
}


#: every family of refusal codes with the tables that say its codes (a family said in two places, the
#: game seat's moves and the scorekeeper's entries, has a table for each)
#: a club table's result the director cannot enter (bergen club). The facts: {round} and {number} (the
#: table) from 1, {count} tables in the round, {scores} ("Anna 15, Cem 9"), {order} ("Anna, Cem"), {sides}
#: scores needed, {most} the highest, and the command words {standings}, {export}, {undo}, {quit}
RESULT_WORDS: Mapping[ResultProblem, Callable[[I18n], str]] = {
    # Translators: club: a result typed after the last round. The {…} are command words.
    ResultProblem.OVER: lambda i: i.gettext(
        "The evening is over: no table waits. {standings}, {export}, {undo} or {quit}."
    ),
    # Translators: club: a result for a table the round does not have. {count}: its last table.
    ResultProblem.NO_TABLE: lambda i: i.gettext(
        "Round {round} has no table {number}: its tables are 1 to {count}."
    ),
    # Translators: club: a second result for a table. {scores}: "Anna 15, Cem 9"; {undo}: the undo
    # command word.
    ResultProblem.HAS_RESULT: lambda i: i.gettext(
        "Table {number} has its result already: {scores}. {undo} takes back the last result."
    ),
    # Translators: club: a result with the wrong number of scores, or a score out of range. {sides}
    # scores are needed, each from 0 to {most}, in the order {order} ("Anna, Cem").
    ResultProblem.SCORES: lambda i: i.gettext(
        "Table {number} needs {sides} final scores, each from 0 to {most}, in this order: {order}."
    ),
}


def result_refused(i: I18n, problem: ResultProblem, facts: Mapping[str, object]) -> str:
    """Why a club table's result is not taken, with its facts (see ``RESULT_WORDS``)."""
    return RESULT_WORDS[problem](i).format(**facts)


TABLES: Mapping[type[StrEnum], tuple[Collection[str], ...]] = {
    Refusal: (MOVE_WORDS, ENTERED_WORDS),
    ParseProblem: (LINE_WORDS,),
    EntryProblem: (ENTRY_WORDS,),
    InputProblem: (INPUT_WORDS,),
    NameProblem: (NAME_WORDS,),
    RecordProblem: (RECORD_WORDS,),
    SchemaProblem: (TOLD_AS,),
    DealProblem: (TOLD_AS,),
    RulesProblem: (RULES_WORDS,),
    CreateProblem: (CREATE_WORDS,),
    ResultProblem: (RESULT_WORDS,),
}
