"""Events into announcements: who, what, consequence, score, in that order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..commands.said_moves import (
    drew_sentence,
    header_name,
    opened_sentence,
    passed_sentence,
    played_on_arm_sentence,
    played_sentence,
    started_arm_sentence,
    went_out_sentence,
)
from ..core.actions import End
from ..core.events import (
    CountersDiscarded,
    Decider,
    Drew,
    Event,
    HandBlocked,
    HandDealt,
    HandEnded,
    HeaderKind,
    HeaderScored,
    MatchWon,
    Opened,
    Passed,
    Redeal,
    TilePlayed,
    WentOut,
)
from ..core.tiles import Tile
from ..core.told import DrawsTold, EventTold, ScoreTold, Told
from ..i18n import I18n
from . import codes
from .message import Cue, Message, Verbosity
from .words import Words

Phrase = Callable[[bool], str]  # speech? -> words


def stock_sentence(i: I18n, stock: int, drawable: int) -> str:
    """The stock, and how many of it may be drawn when that is not all of it (one number, not two
    equal ones, under rules that let every tile be drawn)."""
    if drawable == stock:
        # Translators: the tiles in the stock, all of which may be drawn (verbose, and the count reply).
        return i.gettext("Stock {stock}.").format(stock=stock)
    # Translators: tiles in the stock and how many of them may be drawn (verbose, and the count reply).
    return i.gettext("Stock {stock}, {drawable} to draw.").format(stock=stock, drawable=drawable)


CUES: dict[type, Cue] = {
    Opened: Cue.PLAY,
    TilePlayed: Cue.PLAY,
    Drew: Cue.DRAW,
    HeaderScored: Cue.HEADER,
    WentOut: Cue.OUT,
    HandBlocked: Cue.BLOCK,
    MatchWon: Cue.WIN,
}


#: More drawn tiles than this are counted, not listed ("You draw 7 tiles"): one short line.
LONGEST_DRAW_LIST = 3


class Narrator:
    """Turns each event into one ``Message`` for the player at ``words.human``."""

    def __init__(self, words: Words, verbosity: Verbosity = Verbosity.NORMAL) -> None:
        self.words = words
        self.verbosity = verbosity
        self._handlers: dict[type, Callable[[Any], Message]] = {
            HandDealt: self._hand_dealt,
            Redeal: self._redeal,
            Opened: self._opened,
            TilePlayed: self._tile_played,
            Passed: self._passed,
            Drew: self._drew,
            HeaderScored: self._header_scored,
            WentOut: self._went_out,
            HandBlocked: self._hand_blocked,
            CountersDiscarded: self._counters_discarded,
            HandEnded: self._hand_ended,
            MatchWon: self._match_won,
        }

    @property
    def t(self) -> Words:
        return self.words

    def message(self, phrase: Phrase, braille: str, urgent: bool = False) -> Message:
        """Build the three renderings; terse prints what braille shows."""
        text = braille if self.verbosity is Verbosity.TERSE else phrase(False)
        return Message(text=text, speech=phrase(True), braille=braille, urgent=urgent)

    # ----------------------------------------------------------------- events

    def narrate(self, event: Event) -> Message | None:
        """The announcement of one event (None for events said elsewhere), with its sound cue."""
        handler = self._handlers.get(type(event))
        if handler is None:
            return None
        message = handler(event)
        cue = CUES.get(type(event))
        return replace(message, cue=cue) if cue is not None else message

    def render(self, told: Told) -> Message:
        """One record of a seat's history (``core/told.py``), said in this narrator's words."""
        if isinstance(told, EventTold):
            message = self.narrate(told.event)
            assert message is not None, "every event has its words"
            return message
        if isinstance(told, ScoreTold):
            return self.narrate_with_counters(told.event, told.counters)
        if isinstance(told, DrawsTold):
            return self.narrate_draws(told.draws)
        return self.narrate_held(told.held)

    def narrate_with_counters(self, event: Event, counters: CountersDiscarded) -> Message:
        """A score and the counters it makes a side discard, as one announcement: the side was just
        named, so the counters follow without the name again ("Anna: double header. 2 counters
        discarded, 13 left.")."""
        first, second = self.narrate(event), self._counters_discarded(counters, named=False)
        if first is None:
            return second
        return Message(
            f"{first.text} {second.text}",
            f"{first.speech} {second.speech}",
            f"{first.braille} {second.braille}",
            first.urgent,
            first.cue,
        )

    def narrate_held(self, held: Sequence[tuple[int, Sequence[Tile]]]) -> Message:
        """At a hand's end: the tiles each other player still held."""
        w, i = self.words, self.words.i18n

        def shown(speech: bool) -> str:
            parts = [
                # Translators: one player's tiles left at the end of a hand, e.g. "Anna 3-4 6-6 (19 pips)".
                i.gettext("{name} {tiles} ({pips})").format(
                    name=w.name(seat),
                    tiles=w.tiles(tiles, speech),
                    pips=i.ngettext("{count} pip", "{count} pips", sum(t.pips for t in tiles)).format(
                        count=sum(t.pips for t in tiles)
                    ),
                )
                for seat, tiles in held
            ]
            # Translators: at the end of a hand, what the other players still held. {list} e.g.
            # "Anna 3-4 6-6 (19 pips); Cem 1-2 (3 pips)".
            return i.gettext("Still held: {list}.").format(list="; ".join(parts))

        return self.message(shown, self._held_braille(held))

    def _held_braille(self, held: Sequence[tuple[int, Sequence[Tile]]]) -> str:
        """One braille line per side (a player, or partners), labelled as the tiles left in hand: a side
        is never split across lines, and a line is never taken for a play."""
        w, i = self.words, self.words.i18n
        sides: dict[int, list[str]] = {}
        for seat, tiles in held:
            sides.setdefault(w.rules.side_of(seat), []).append(f"{w.name(seat)} {w.tiles(tiles)}")
        # Translators: braille at the end of a hand: the tiles one side still holds, one line per side,
        # e.g. "Held: Anna 3-3 5-6" or, for partners, "Held: Anna 3-3; Cem 1-2". Keep it short.
        label = i.pgettext("braille", "Held: {tiles}")
        return "\n".join(label.format(tiles="; ".join(players)) for players in sides.values())

    def narrate_draws(self, draws: Sequence[Drew]) -> Message:
        """Consecutive draws of one seat as one announcement."""
        w, i = self.words, self.words.i18n
        seat = draws[0].seat
        last = draws[-1]
        count = len(draws)
        verbose = self.verbosity is Verbosity.VERBOSE
        if w.is_human(seat):
            tiles = [d.tile for d in draws if d.tile is not None]

            def own(speech: bool) -> str:
                text = self.own_draws(tiles, speech)
                return text + (" " + self._stock_sentence(last) if verbose else "")

            # Translators: braille after a name: drew these tiles, e.g. "You drew 1-2 3-3". Short.
            drew = i.pgettext("braille", "drew")
            return replace(
                self.message(own, f"{w.name(seat)} {drew} {w.tiles(tiles)}", urgent=True),
                cue=Cue.DRAW,
                pick=True,
            )

        def other(speech: bool) -> str:
            text = drew_sentence(i, count).format(name=w.name(seat), count=count)
            return text + (" " + self._stock_sentence(last) if verbose else "")

        # Translators: braille: another player drew {count} tiles, {stock} are left in the stock. Short.
        drew_count = i.pgettext("braille", "drew {count}, stock {stock}").format(
            count=count, stock=last.stock
        )
        return replace(self.message(other, f"{w.name(seat)} {drew_count}"), cue=Cue.DRAW)

    def own_draws(self, tiles: Sequence[Tile], speech: bool) -> str:
        """``You draw 1-2, 3-3.``; a long run of draws is counted, not listed: ``You draw 7 tiles.``"""
        i = self.words.i18n
        if len(tiles) > LONGEST_DRAW_LIST:
            # Translators: the player drew many tiles in a row (nothing fitted); they are not listed
            # ("hand" lists them), e.g. "You draw 7 tiles."
            return i.ngettext("You draw {count} tile.", "You draw {count} tiles.", len(tiles)).format(
                count=len(tiles)
            )
        # Translators: the player drew tiles, e.g. "You draw 1-2, 3-3." {tiles} lists them.
        return i.gettext("You draw {tiles}.").format(tiles=self.words.tiles(tiles, speech))

    def _stock_sentence(self, drew: Drew) -> str:
        return stock_sentence(self.words.i18n, drew.stock, drew.drawable)

    def _hand_dealt(self, event: HandDealt) -> Message:
        w, i = self.words, self.words.i18n
        own = event.hands[w.human] if w.human is not None else None
        if own is None:

            def dealt(speech: bool) -> str:
                # Translators: a new hand was dealt (no player at the keyboard, e.g. scorekeeping).
                return i.gettext("Hand {number}: {each} tiles each, stock {stock}.").format(
                    number=event.hand, each=event.tiles_each, stock=event.stock
                )

            told = self.message(dealt, f"{w.hand_label(event.hand)}: {event.tiles_each}/{event.stock}")
            return replace(told, heading=True)

        def yours(speech: bool) -> str:
            # Translators: start of a hand. {number} counts the hands, {tiles} lists the player's tiles.
            text = i.gettext("Hand {number}. Your tiles: {tiles}.").format(
                number=event.hand, tiles=w.tiles(own, speech)
            )
            if self.verbosity is Verbosity.VERBOSE:
                text += " " + stock_sentence(i, event.stock, event.drawable)
            return text

        hand = self.message(yours, f"{w.hand_label(event.hand)}: {w.tiles(own)}", urgent=True)
        # on a braille display a routing key over a tile plays it; the hand's heading on the web page
        return replace(hand, pick=True, heading=True)

    def _redeal(self, event: Redeal) -> Message:
        i = self.words.i18n
        return self.message(
            # Translators: nobody was dealt a double, so the tiles are shuffled and dealt again.
            lambda speech: i.gettext("Nobody holds a double: the tiles are dealt again."),
            # Translators: braille/terse form of the redeal announcement, at most about 20 cells.
            i.pgettext("braille", "No double: redeal"),
        )

    def _opened(self, event: Opened) -> Message:
        w, i = self.words, self.words.i18n
        if w.is_human(event.seat):

            def yours(speech: bool) -> str:
                # Translators: the player lays the opening double, e.g. "You open with 1-1".
                return i.gettext("You open with {tile}.").format(tile=w.tile(event.tile, speech))

            return self.message(yours, f"{w.name(event.seat)} {event.tile}")

        def other(speech: bool) -> str:
            return opened_sentence(i).format(name=w.name(event.seat), tile=w.tile(event.tile, speech))

        return self.message(other, f"{w.name(event.seat)} {event.tile}")

    def _tile_played(self, event: TilePlayed) -> Message:
        w = self.words
        if w.many_arms:
            ends, doubles = event.ends, event.end_doubles
        else:
            ends, doubles = (event.left, event.right), (event.left_double, event.right_double)
        human = w.is_human(event.seat)

        def played(speech: bool) -> str:
            text = self.played_phrase(event, speech)
            if not self.play_says_ends:
                return text
            # Translators: the open ends after a play (and the reply to "ends"), e.g. "Ends 5 and double 3."
            said = w.i18n.gettext("Ends {ends}.").format(ends=w.ends(ends, doubles, speech))
            return f"{text} {said}"

        braille = (
            f"{w.name(event.seat)} {event.tile} {w.end_letter(event.end)} {w.ends_braille(ends, doubles)}"
        )
        return self.message(played, braille, urgent=human)

    @property
    def play_says_ends(self) -> bool:
        """Whether a play's line says the ends after it: at a player's seat the turn line says them
        once a turn (each fact once; in verbose and terse the plays say them and the turn line does
        not); the scorekeeper, who has no turn line, hears them after every play."""
        return self.words.human is None or self.verbosity is not Verbosity.NORMAL

    def played_phrase(self, event: TilePlayed, speech: bool) -> str:
        w, i = self.words, self.words.i18n
        values = {"name": w.name(event.seat), "tile": w.tile(event.tile, speech)}
        human = w.is_human(event.seat)
        if w.many_arms:
            values["arm"] = str(event.end + 1)
            starts = event.new_arm
            if starts and human:
                # Translators: larger sets: the player laid a tile on a side of the opening double,
                # starting a new arm. {arm} is its number (the open ends may follow).
                return i.gettext("You start arm {arm} with {tile}.").format(**values)
            if starts:
                return started_arm_sentence(i).format(**values)
            if human:
                # Translators: larger sets: the player laid a tile on an arm, e.g.
                # "You play 3-5 on arm 2." (the open ends may follow).
                return i.gettext("You play {tile} on arm {arm}.").format(**values)
            return played_on_arm_sentence(i).format(**values)
        if human and event.end == End.LEFT:
            # Translators: the player laid a tile at the left end, e.g. "You play 3-5 on the left."
            # (the new open ends may follow: "Ends 5 and double 3.").
            return i.gettext("You play {tile} on the left.").format(**values)
        if human:
            # Translators: the player laid a tile at the right end; see the left-end message.
            return i.gettext("You play {tile} on the right.").format(**values)
        return played_sentence(i, End(event.end)).format(**values)

    def end_letter(self, end: int) -> str:
        """Braille: where a tile went (``L``, ``R``, or the arm's number)."""
        return self.words.end_letter(end)

    def _passed(self, event: Passed) -> Message:
        w, i = self.words, self.words.i18n
        if w.is_human(event.seat):
            # Translators: the player passes (nothing fits and nothing may be drawn).
            return self.message(lambda speech: i.gettext("You pass."), f"{w.name(event.seat)} -", urgent=True)
        return self.message(
            lambda speech: passed_sentence(i).format(name=w.name(event.seat)),
            f"{w.name(event.seat)} -",
        )

    def _drew(self, event: Drew) -> Message:
        return self.narrate_draws([event])

    def header_phrase(self, kind: HeaderKind, reduced: bool) -> str:
        i = self.words.i18n
        if kind.size > 3:
            if reduced:
                # Translators: a larger header (larger sets: 4 to 9 ends, or ends and a double, count) worth
                # less near the target, e.g. "4-fold header, reduced".
                return i.pgettext("header", "{count}-fold header, reduced").format(count=kind.size)
            # Translators: a larger header (larger sets): as many points as ends show the number, one
            # more with a double among them, e.g. "4-fold header" (German: vierfacher Treffer).
            return i.pgettext("header", "{count}-fold header").format(count=kind.size)
        if kind is HeaderKind.DOUBLE:
            if reduced:
                # Translators: a double header worth less near the target (name of the scoring event).
                return i.pgettext("header", "double header, reduced")
            return header_name(i, HeaderKind.DOUBLE)
        if reduced:
            # Translators: a triple header worth less near the target.
            return i.pgettext("header", "triple header, reduced")
        return header_name(i, HeaderKind.TRIPLE)

    def header_code(self, kind: HeaderKind, reduced: bool = False) -> str:
        """Braille: a header, marked when it is worth less near the target: ``DH``, ``DH-``."""
        return self.header_braille(kind) + (codes.REDUCED if reduced else "")

    def header_braille(self, kind: HeaderKind) -> str:
        i = self.words.i18n
        if kind.size > 3:
            # Translators: braille abbreviation of a larger header (larger sets), e.g. "4H" for 4-fold.
            return i.pgettext("braille", "{count}H").format(count=kind.size)
        if kind is HeaderKind.DOUBLE:
            # Translators: braille abbreviation of "double header", 2 or 3 letters.
            return i.pgettext("braille", "DH")
        # Translators: braille abbreviation of "triple header", 2 or 3 letters.
        return i.pgettext("braille", "TH")

    def _header_scored(self, event: HeaderScored) -> Message:
        w, i = self.words, self.words.i18n
        reduced = event.value < event.base
        who = w.name(event.seat)
        code = self.header_code(event.kind, reduced)
        verbose = self.verbosity is Verbosity.VERBOSE
        if w.counters:

            def counted(speech: bool) -> str:
                header = self.header_phrase(event.kind, False)
                if w.is_human(event.seat):
                    # Translators: the player made a header in the counter game; the counters follow.
                    # {header} e.g. "triple header" (as a subject: "a triple header for you").
                    return w.sentence(i.gettext("A {header} for you.").format(header=header))
                # Translators: a header in the counter game; the counters follow in the next line.
                # {who} is a name, {header} e.g. "triple header".
                return i.gettext("{who}: {header}.").format(who=who, header=header)

            return self.message(counted, f"{who} {code}")

        def scored(speech: bool) -> str:
            values = {
                "who": who,
                "header": self.header_phrase(event.kind, reduced),
                "points": w.points(event.value),
                "total": w.total(event.side, event.total),
            }
            if w.is_human(event.seat) and reduced:
                values["header"] = self.header_phrase(event.kind, False)
                # Translators: the player scored a header, worth less near the target. {header} e.g.
                # "double header"; {points} e.g. "1 point"; {total} e.g. "total 14".
                text = i.gettext("A {header} for you, reduced: {points}, {total}.").format(**values)
                text = w.sentence(text)
            elif w.is_human(event.seat):
                # Translators: the player scored a header. {header} e.g. "double header" (as a subject:
                # "a double header for you"); {points} e.g. "2 points"; {total} e.g. "total 9".
                text = w.sentence(i.gettext("A {header} for you: {points}, {total}.").format(**values))
            else:
                # Translators: a header scored. {who} is a name; {header} e.g. "double header";
                # {points} e.g. "2 points"; {total} e.g. "total 9".
                # Example: "Anna: double header, 2 points, total 9."
                text = i.gettext("{who}: {header}, {points}, {total}.").format(**values)
            if verbose and reduced:
                # Translators: verbose explanation of a reduced header. {base} is its full value.
                text += " " + i.gettext("Near the target a header is worth less than {base}.").format(
                    base=event.base
                )
            return text

        return self.message(scored, f"{who} {code} {codes.points(event.value, event.total)}")

    def _went_out(self, event: WentOut) -> Message:
        w, i = self.words, self.words.i18n
        human = w.is_human(event.seat)
        name = w.name(event.seat)
        with_points = event.value > 0 and not w.counters

        def out(speech: bool) -> str:
            values = {
                "name": name,
                "points": w.points(event.value),
                "total": w.total(event.side, event.total),
            }
            if with_points and human:
                # Translators: the player laid the last tile.
                # {points} e.g. "2 points", {total} e.g. "total 9".
                return i.gettext("You go out: {points}, {total}.").format(**values)
            if with_points:
                # Translators: another player laid the last tile. {name} is the player.
                return i.gettext("{name} goes out: {points}, {total}.").format(**values)
            if human:
                # Translators: the player laid the last tile (no points for it, or counters follow).
                return i.gettext("You go out.")
            return went_out_sentence(i).format(**values)

        # Translators: braille word for going out, e.g. "Anna out +2=9".
        word = i.pgettext("braille", "out")
        braille = f"{name} {word}" + (f" {codes.points(event.value, event.total)}" if with_points else "")
        return self.message(out, braille)

    def _decision(self, event: HandBlocked) -> str:
        w, i = self.words, self.words.i18n
        side = w.side(event.winner) if event.winner is not None else ""
        if event.decided_by is Decider.FEWEST_DOUBLES:
            # Translators: a blocked hand went to the side holding the fewest doubles. {side} is its name.
            return i.gettext("Fewest doubles: {side}.").format(side=side)
        if event.decided_by is Decider.FEWER_PIPS:
            # Translators: a blocked hand went to the side with the fewest pips (dots) left in hand.
            return i.gettext("Fewest pips: {side}.").format(side=side)
        if event.decided_by is Decider.NO_DOUBLE:
            # Translators: American rule: the only side holding no double wins the blocked hand.
            return i.gettext("No double: {side}.").format(side=side)
        if event.decided_by is Decider.SINGLE_PIPS:
            # Translators: American rule, every side holds a double: fewest pips on the other tiles wins.
            return i.gettext("Fewest pips outside the doubles: {side}.").format(side=side)
        if event.decided_by is Decider.CALLED and event.winner is not None:
            text = w.agreeing(
                event.winner,
                # Translators: scorekeeper's tally: the table said who won the blocked hand. {side} a name.
                one=i.gettext("{side} wins the blocked hand."),
                # Translators: as "{side} wins the blocked hand." for a partnership of two; the verb in
                # the plural. {side} is both names, e.g. "Anna and Mia".
                pair=i.pgettext("partners", "{side} win the blocked hand."),
                # Translators: as "{side} wins the blocked hand." when the player won it.
                you=i.gettext("You win the blocked hand."),
                # Translators: as "{side} wins the blocked hand." when the player and the partner won it:
                # "you" is plural here (German "ihr", Turkish "siz"). {partner} is the partner's name.
                you_pair=i.pgettext("you and partner", "You and {partner} win the blocked hand."),
            )
            return text.format(side=side, partner=w.partner(event.winner))
        if event.decided_by in (Decider.TIE, Decider.CALLED):
            # Translators: a blocked hand ended in a complete tie.
            return i.gettext("A tie: nobody scores.")
        # Translators: the rules give nothing for a blocked hand (DominoPlaza).
        return i.gettext("Nobody scores for a blocked hand.")

    def _hand_blocked(self, event: HandBlocked) -> Message:
        w, i = self.words, self.words.i18n

        def blocked(speech: bool) -> str:
            parts = [
                # Translators: the opening words of the blocked-hand announcement.
                i.gettext("Hand blocked."),
            ]
            for side, holding in enumerate(event.holdings):
                parts.append(
                    # Translators: what one side still holds in a blocked hand,
                    # e.g. "Anna: 1 double, 12 pips."
                    i.gettext("{side}: {doubles}, {pips}.").format(
                        side=w.side(side),
                        # Translators: how many doubles a side holds in a blocked hand, e.g. "1 double".
                        doubles=i.ngettext("{count} double", "{count} doubles", holding.doubles).format(
                            count=holding.doubles
                        ),
                        # Translators: the pip total (dots) a side holds, e.g. "12 pips". Not "points".
                        pips=i.ngettext("{count} pip", "{count} pips", holding.pips).format(
                            count=holding.pips
                        ),
                    )
                )
            parts.append(self._decision(event))
            if event.winner is not None and event.value and event.total is not None and not w.counters:
                parts.append(
                    # Translators: the award for winning a blocked hand, e.g. "Anna: 2 points, total 9."
                    i.gettext("{side}: {points}, {total}.").format(
                        side=w.side(event.winner),
                        points=w.points(event.value),
                        # the side was just named: its total alone, never the partners' names again
                        total=i.gettext("total {total}").format(total=event.total),
                    )
                )
            return " ".join(parts)

        holdings = " ".join(self.holding_braille(s, h.doubles, h.pips) for s, h in enumerate(event.holdings))
        # Translators: braille word for a blocked hand, at most 5 letters.
        blocked_word = i.pgettext("braille", "Blocked")
        braille = f"{blocked_word} {holdings}"
        if event.winner is not None:
            braille += f": {w.side_braille(event.winner)}"
            if event.value and not w.counters:
                braille += f" {codes.points(event.value, event.total)}"
        return self.message(blocked, braille)

    def holding_braille(self, side: int, doubles: int, pips: int) -> str:
        """Braille: what a side holds after a block: ``Anna 1d12p`` (the scorekeeper asks back the same)."""
        # Translators: braille form of one side's remaining tiles: name, doubles "d", pips "p".
        return self.words.i18n.pgettext("braille", "{side} {doubles}d{pips}p").format(
            side=self.words.side_braille(side), doubles=doubles, pips=pips
        )

    def _counters_discarded(self, event: CountersDiscarded, named: bool = True) -> Message:
        w, i = self.words, self.words.i18n
        count, left = event.discarded, event.left
        braille = codes.discarded(w.counters_braille(count), w.counters_braille(left))
        if not named:  # right after the score that named the side

            def followed(speech: bool) -> str:
                if w.is_human(event.seat):  # after the player's own score: "You discard 2 counters"
                    # Translators: counter game: the player puts away counters. {left} counters remain.
                    return i.ngettext(
                        "You discard {count} counter, {left} left.",
                        "You discard {count} counters, {left} left.",
                        count,
                    ).format(count=count, left=left)
                # Translators: counter game, right after the score that named who scored (so no name
                # again), e.g. "Anna: double header. 2 counters discarded, 13 left."
                return i.ngettext(
                    "{count} counter discarded, {left} left.",
                    "{count} counters discarded, {left} left.",
                    count,
                ).format(count=count, left=left)

            return self.message(followed, braille)
        seats = w.rules.seats_of(event.side)
        # A side of one player discards as that player does, in the same words (German "Anna legt 1
        # Zählstein weg" after a blocked hand as in play, never "Anna: 1 Zählstein weggelegt").
        seat = event.seat if event.seat is not None or len(seats) > 1 else seats[0]

        def discarded(speech: bool) -> str:
            if seat is not None and w.is_human(seat):
                # Translators: counter game: the player puts away counters. {left} counters remain.
                return i.ngettext(
                    "You discard {count} counter, {left} left.",
                    "You discard {count} counters, {left} left.",
                    count,
                ).format(count=count, left=left)
            if seat is not None:
                # Translators: counter game: another player puts away counters. {name} is the player.
                return i.ngettext(
                    "{name} discards {count} counter, {left} left.",
                    "{name} discards {count} counters, {left} left.",
                    count,
                ).format(name=w.name(seat), count=count, left=left)
            # Translators: counter game: a partnership puts away counters (after a blocked hand);
            # {side} is both partners, e.g. "You and Mia" or "Anna and Cem".
            return i.ngettext(
                "{side}: {count} counter discarded, {left} left.",
                "{side}: {count} counters discarded, {left} left.",
                count,
            ).format(side=w.side(event.side), count=count, left=left)

        who = w.name(event.seat) if event.seat is not None else w.side_braille(event.side)
        return self.message(discarded, f"{who} {braille}")

    def _hand_ended(self, event: HandEnded) -> Message:
        w, i = self.words, self.words.i18n
        target = w.rules.target_score

        def ended(speech: bool) -> str:
            # Translators: end of a hand. {number} counts the hands;
            # {scores} e.g. "Score: You 9, Anna 7; target 15".
            return i.gettext("Hand {number} over. {scores}.").format(
                number=event.hand, scores=w.scores(event.totals, target)
            )

        return self.message(ended, f"{w.hand_label(event.hand)} {w.scores_braille(event.totals, target)}")

    def _match_won(self, event: MatchWon) -> Message:
        w, i = self.words, self.words.i18n
        target = w.rules.target_score

        def won(speech: bool) -> str:
            scores = w.scores(event.totals, target)
            text = w.agreeing(
                event.side,
                # Translators: another player reached the target. {side} is the player's name.
                one=i.gettext("Match over: {side} wins. {scores}."),
                # Translators: a partnership of two other players reached the target; the verb in the
                # plural. {side} is both names, e.g. "Anna and Mia".
                pair=i.pgettext("partners", "Match over: {side} win. {scores}."),
                # Translators: the player reached the target. {scores} lists every side.
                you=i.gettext("Match over: you win! {scores}."),
                # Translators: the player and the partner reached the target: "you" is plural here
                # (German "ihr", Turkish "siz"). {partner} is the partner's name.
                you_pair=i.pgettext("you and partner", "Match over: you and {partner} win! {scores}."),
            )
            return text.format(side=w.side(event.side), partner=w.partner(event.side), scores=scores)

        # Translators: braille for the end of the match, e.g. "Winner: Anna".
        braille = i.pgettext("braille", "Winner: {side}").format(side=w.side_braille(event.side))
        return self.message(won, f"{braille}. {w.scores_braille(event.totals, target)}")
