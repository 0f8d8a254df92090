"""The words of ``why``: one score explained, line by line, the key fact first.

The first line is the score's own announcement (the narrator's, so the words
are the ones heard when it happened); then the ends that matched and which was
a double, the full value and where it comes from, the reduction and why (the
side's need near the target), the counters' cap; for a blocked hand the rule
that decided. Each fact once; in terse each line is its braille rendering.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.events import CountersDiscarded, Event, HeaderKind, TilePlayed
from ..core.rules import BlockedRule, Reduction
from ..core.tiles import tile as make_tile
from ..core.why import BlockedFacts, Facts, HeaderFacts, OutFacts, WhyAnswer
from .message import Message
from .narrator import Narrator

Phrase = Callable[[bool], str]


class Explainer:
    """Explains scores for the player at ``narrator.words.human``."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator
        self.words = narrator.words
        self.i18n = narrator.words.i18n

    def _line(self, phrase: Phrase, braille: str) -> Message:
        return self.narrator.message(phrase, braille, urgent=True)

    def _fixed(self, text: str, braille: str) -> Message:
        speakable = self.words.speakable(text)
        return self._line(lambda speech: speakable if speech else text, braille)

    @staticmethod
    def joined(lines: Sequence[Message]) -> Message:
        """The lines as one reply: printed and brailled a line each, spoken one after another."""
        return Message(
            text="\n".join(m.text for m in lines),
            speech=" ".join(m.speech for m in lines),
            braille="\n".join(m.braille for m in lines),
            urgent=True,
        )

    # ---------------------------------------------------------------- scores

    def explain(self, facts: Facts) -> Message:
        """Every line of one score's explanation, as one reply."""
        if isinstance(facts, HeaderFacts):
            lines = self._header(facts)
        elif isinstance(facts, OutFacts):
            lines = self._out(facts)
        else:
            lines = self._blocked(facts)
        return self.joined([line for line in lines if line is not None])

    def _announced(self, event: Event, seat: int | None, side: int, facts: Facts) -> Message:
        counters = facts.counters
        if counters is None:
            said = self.narrator.narrate(event)
        else:
            discarded = CountersDiscarded(seat, side, counters.discarded, counters.left)
            said = self.narrator.narrate_with_counters(event, discarded)
        assert said is not None  # every score is announced
        return said.as_urgent()

    def _header(self, facts: HeaderFacts) -> list[Message | None]:
        event = facts.event
        return [
            self._announced(event, event.seat, event.side, facts),
            self._ends(facts),
            self._full_value(facts),
            self._reduction(facts),
            self._cap(facts.reduced_to, event.value, facts.need),
        ]

    def _ends(self, facts: HeaderFacts) -> Message:
        w, i = self.words, self.i18n
        number = facts.number
        if facts.opening is not None:
            tile = facts.opening
            # Translators: why: the opening double scored by being laid. {tile} e.g. "3-3".
            text = i.gettext("The opening double {tile} counts as a double header.").format(tile=tile)
            # Translators: braille: the opening double scored, e.g. "opening 3-3". Short.
            return self._fixed(text, i.pgettext("braille", "opening {tile}").format(tile=tile))
        double = make_tile(number, number)
        doubles = [end in facts.doubles for end in facts.matched]
        shown = w.ends_braille([number] * len(facts.matched), doubles)
        if facts.many_arms:
            arms = [str(end + 1) for end in facts.matched]
            listed = self._and(arms)
            if facts.doubles:
                # Translators: why: the arms whose ends matched, e.g. "Arms 1, 3 and 4 showed 5, one of
                # them on the double 5-5."
                text = i.gettext("Arms {arms} showed {number}, one of them on the double {tile}.")
            else:
                # Translators: why: the arms whose ends matched, e.g. "Arms 1 and 3 showed 5."
                text = i.gettext("Arms {arms} showed {number}.")
            text = text.format(arms=listed, number=number, tile=double)
            # Translators: braille: the arms that matched and their ends, e.g. "arms 1,3: 5|5". Short.
            braille = i.pgettext("braille", "arms {arms}: {ends}").format(arms=",".join(arms), ends=shown)
            return self._fixed(text, braille)
        if facts.doubles:
            # Translators: why: both open ends showed the same number, one end on a double, e.g.
            # "Both ends showed 5, one of them on the double 5-5."
            text = i.gettext("Both ends showed {number}, one of them on the double {tile}.")
        else:
            # Translators: why: both open ends showed the same number, e.g. "Both ends showed 5."
            text = i.gettext("Both ends showed {number}.")
        return self._fixed(text.format(number=number, tile=double), shown)

    def _and(self, items: Sequence[str]) -> str:
        if len(items) < 2:
            return "".join(items)
        # Translators: the last two of a list joined, e.g. "1, 3 and 4" or "your 3-5 and Anna's 5-6".
        return self.i18n.gettext("{list} and {last}").format(list=", ".join(items[:-1]), last=items[-1])

    def _full_value(self, facts: HeaderFacts) -> Message:
        """The header's value under the rules, said for the header it was: on the larger sets a triple
        header is three ends alike or two and a double, a 4-fold one four alike or three and a double."""
        i = self.i18n
        kind, base = facts.event.kind, facts.event.base
        code = self.narrator.header_code(kind)
        alike = len(facts.matched)
        double = bool(facts.doubles) and facts.opening is None
        if kind is HeaderKind.DOUBLE:
            # Translators: why: a double header's full value under the rules, e.g. "A double header is
            # worth 2: two ends alike."
            text = i.gettext("A double header is worth {base}: two ends alike.")
        elif kind is HeaderKind.TRIPLE and double:
            # Translators: why: a triple header's full value, e.g. "A triple header is worth 3: two ends
            # alike, one of them a double."
            text = i.gettext("A triple header is worth {base}: two ends alike, one of them a double.")
        elif kind is HeaderKind.TRIPLE:
            # Translators: why, larger sets: a triple header made of three ends alike with no double among
            # them, e.g. "A triple header is worth 3: three ends alike."
            text = i.gettext("A triple header is worth {base}: three ends alike.")
        elif double:
            # Translators: why, larger sets: a larger header with a double among its ends, e.g. "A 5-fold
            # header is worth 5: 4 ends alike, one point each, and one more for the double among them."
            text = i.gettext(
                "A {count}-fold header is worth {base}: {alike} ends alike, one point each, "
                "and one more for the double among them."
            )
        else:
            # Translators: why, larger sets: a larger header of ends alike with no double among them, e.g.
            # "A 4-fold header is worth 4: 4 ends alike, one point each."
            text = i.gettext("A {count}-fold header is worth {base}: {alike} ends alike, one point each.")
        return self._fixed(text.format(base=base, count=kind.size, alike=alike), f"{code}={base}")

    def _needed(self, need: int) -> str:
        w = self.words
        return w.counter_count(need) if w.counters else w.points(need)

    def _reduction(self, facts: HeaderFacts) -> Message | None:
        i, w = self.i18n, self.words
        event = facts.event
        if facts.reduction is Reduction.NONE:
            return None
        values = {
            "who": w.side(event.side),
            "partner": w.partner(event.side),
            "need": self._needed(facts.need),
            "base": event.base,
            "value": facts.reduced_to,
        }
        # Translators: braille: what the side needed (or held), e.g. "need 3". Short.
        need_code = i.pgettext("braille", "need {need}").format(need=facts.need)
        reduced = facts.reduced_to < event.base
        text = self._held(event.side, reduced) if w.counters else self._needed_text(event.side, reduced)
        if not reduced:
            return self._fixed(text.format(**values), need_code)
        rule = self._reduction_rule(facts)
        return self._fixed(f"{text.format(**values)} {rule}", f"{need_code}: {event.base}>{facts.reduced_to}")

    def _needed_text(self, side: int, reduced: bool) -> str:
        """Why a header was (not) worth less near the target, the verb agreeing with the side."""
        i = self.i18n
        if not reduced:
            return self.words.agreeing(
                side,
                # Translators: why: the header was not reduced near the target. {who} a name,
                # {need} e.g. "9 points".
                one=i.gettext("Not reduced: {who} needed {need}."),
                # Translators: as "Not reduced: {who} needed {need}." for a partnership of two others; the
                # verb in the plural. {who} e.g. "Anna and Mia".
                pair=i.pgettext("partners", "Not reduced: {who} needed {need}."),
                # Translators: as "Not reduced: {who} needed {need}." for the player.
                you=i.gettext("Not reduced: you needed {need}."),
                # Translators: as "Not reduced: {who} needed {need}." for the player and the partner: "you"
                # is plural here (German "ihr", Turkish "siz"). {partner} the partner's name.
                you_pair=i.pgettext("you and partner", "Not reduced: you and {partner} needed {need}."),
            )
        return self.words.agreeing(
            side,
            # Translators: why: the header was worth less near the target, e.g. "Reduced from 3 to 2:
            # Anna needed 3 points." Then the rule follows.
            one=i.gettext("Reduced from {base} to {value}: {who} needed {need}."),
            # Translators: as "Reduced from {base} to {value}: {who} needed {need}." for a partnership of two
            # others; the verb in the plural. {who} e.g. "Anna and Mia".
            pair=i.pgettext("partners", "Reduced from {base} to {value}: {who} needed {need}."),
            # Translators: as "Reduced from {base} to {value}: {who} needed {need}." for the player.
            you=i.gettext("Reduced from {base} to {value}: you needed {need}."),
            # Translators: as "Reduced from {base} to {value}: {who} needed {need}." for the player and the
            # partner: "you" is plural here (German "ihr", Turkish "siz"). {partner} the partner's name.
            you_pair=i.pgettext(
                "you and partner", "Reduced from {base} to {value}: you and {partner} needed {need}."
            ),
        )

    def _held(self, side: int, reduced: bool) -> str:
        """Counter game: why a header discarded (not) fewer counters, the verb agreeing with the side."""
        i = self.i18n
        if not reduced:
            return self.words.agreeing(
                side,
                # Translators: why, counter game: the header was not reduced. {who} a name,
                # {need} e.g. "9 counters" (what the side held).
                one=i.gettext("Not reduced: {who} held {need}."),
                # Translators: as "Not reduced: {who} held {need}." for a partnership of two others; the verb
                # in the plural. {who} e.g. "Anna and Mia".
                pair=i.pgettext("partners", "Not reduced: {who} held {need}."),
                # Translators: as "Not reduced: {who} held {need}." for the player.
                you=i.gettext("Not reduced: you held {need}."),
                # Translators: as "Not reduced: {who} held {need}." for the player and the partner: "you" is
                # plural here (German "ihr", Turkish "siz"). {partner} the partner's name.
                you_pair=i.pgettext("you and partner", "Not reduced: you and {partner} held {need}."),
            )
        return self.words.agreeing(
            side,
            # Translators: why, counter game: the header discarded fewer counters near the end, e.g.
            # "Reduced from 3 to 2: Anna held 3 counters." Then the rule follows.
            one=i.gettext("Reduced from {base} to {value}: {who} held {need}."),
            # Translators: as "Reduced from {base} to {value}: {who} held {need}." for a partnership of two
            # others; the verb in the plural. {who} e.g. "Anna and Mia".
            pair=i.pgettext("partners", "Reduced from {base} to {value}: {who} held {need}."),
            # Translators: as "Reduced from {base} to {value}: {who} held {need}." for the player.
            you=i.gettext("Reduced from {base} to {value}: you held {need}."),
            # Translators: as "Reduced from {base} to {value}: {who} held {need}." for the player and the
            # partner: "you" is plural here (German "ihr", Turkish "siz"). {partner} the partner's name.
            you_pair=i.pgettext(
                "you and partner", "Reduced from {base} to {value}: you and {partner} held {need}."
            ),
        )

    def _reduction_rule(self, facts: HeaderFacts) -> str:
        i = self.i18n
        if facts.reduction is Reduction.STANDARD and facts.many_arms:
            # Translators: why: the standard reduction on the larger sets.
            return i.gettext("Near the target a header is worth at most 1 less than is needed, at least 1.")
        if facts.reduction is Reduction.STANDARD:
            # Translators: why: the standard reduction near the target (double-six).
            return i.gettext("With 3 to go a header is worth at most 2; with 2 or 1, at most 1.")
        if facts.many_arms:
            # Translators: why, counter game on the larger sets: the reduction.
            return i.gettext("A header worth as many counters as are held, or more, discards 1 less.")
        if facts.event.kind is HeaderKind.TRIPLE:
            # Translators: why, counter game: the reduction of a triple header.
            return i.gettext("With 3 counters or fewer a triple header discards 2.")
        # Translators: why, counter game: the reduction of a double header.
        return i.gettext("With 2 counters or fewer a double header discards 1.")

    def _cap(self, allowed: int, value: int, need: int) -> Message | None:
        if value >= allowed:
            return None
        i = self.i18n
        # Translators: why, counter game: nobody discards more counters than they hold.
        text = i.ngettext(
            "Only {count} counter was left to discard.", "Only {count} counters were left to discard.", need
        ).format(count=need)
        # Translators: braille: at most this many counters could be discarded, e.g. "max 1c". Short.
        return self._fixed(
            text, i.pgettext("braille", "max {count}").format(count=self.words.counters_braille(need))
        )

    def _out(self, facts: OutFacts) -> list[Message | None]:
        i = self.i18n
        event = facts.event
        rules = self.words.rules
        if rules.going_out:
            # Translators: why: what going out is worth under the match's rules, e.g. "2 points".
            text = i.gettext("Going out is worth {points} under these rules.").format(
                points=self.words.counter_count(rules.going_out)
                if self.words.counters
                else self.words.points(rules.going_out)
            )
        else:
            # Translators: why: going out is worth nothing under the match's rules (DominoPlaza).
            text = i.gettext("Going out scores nothing under these rules.")
        # Translators: braille: what going out is worth, e.g. "out=2". Short.
        braille = i.pgettext("braille", "out={value}").format(value=rules.going_out)
        return [
            self._announced(event, event.seat, event.side, facts),
            self._fixed(text, braille),
            self._cap(rules.going_out, event.value, facts.need),
        ]

    def _blocked(self, facts: BlockedFacts) -> list[Message | None]:
        i = self.i18n
        event = facts.event
        rule = event.rule
        if rule is BlockedRule.GERMAN:
            # Translators: why: the German rule for a blocked hand.
            text = i.gettext("German rule: the fewest doubles win; with as many doubles, the fewest pips.")
        elif rule is BlockedRule.AMERICAN:
            # Translators: why: the American rule for a blocked hand.
            text = i.gettext(
                "American rule: a side without a double wins, then the fewest pips; "
                "if all hold doubles, the fewest pips outside them."
            )
        elif rule is BlockedRule.PIPS:
            # Translators: why: the pips rule for a blocked hand.
            text = i.gettext("Pips rule: the fewest pips win.")
        else:
            # Translators: why: the rules give nothing for a blocked hand (DominoPlaza).
            text = i.gettext("A blocked hand scores nothing under these rules.")
        # Translators: braille: the blocked-hand rule's name, e.g. "rule german". Short.
        braille = i.pgettext("braille", "rule {rule}").format(rule=rule.value)
        winner = event.winner
        lines: list[Message | None] = [
            self._announced(event, None, winner if winner is not None else 0, facts),
            self._fixed(text, braille),
        ]
        if winner is not None and facts.need is not None:
            award = self.words.rules.blocked_award
            lines.append(self._cap(award, event.value, facts.need))
        return lines

    # ---------------------------------------------------------- no score

    def why(self, answer: WhyAnswer, why_word: str) -> Message:
        """The answer to ``why``: the score explained, or what the line was and where the last score is."""
        if answer.facts is not None:
            return self.explain(answer.facts)
        return self.nothing(answer.event, answer.pointer, why_word)

    def nothing(self, event: Event | None, pointer: int | None, why_word: str) -> Message:
        """What a line that scored nothing was, briefly why, and where the last score is (``why N``)."""
        w, i = self.words, self.i18n
        lines: list[Message] = []
        if isinstance(event, TilePlayed):
            ends = event.ends if w.many_arms else (event.left, event.right)
            doubles = event.end_doubles if w.many_arms else (event.left_double, event.right_double)
            if w.is_human(event.seat) and not w.many_arms:
                # Translators: why: the player's play scored nothing. {tile} e.g. "3-5"; {ends} the two
                # open ends after it, e.g. "5 and 2".
                text = i.gettext("Your {tile} scored nothing: the ends were {ends}, not alike.")
            elif not w.many_arms:
                # Translators: why: another player's play scored nothing. {name} is the player; {ends} the
                # two open ends after it, e.g. "5 and 2".
                text = i.gettext("{name}'s {tile} scored nothing: the ends were {ends}, not alike.")
            elif w.is_human(event.seat):
                # Translators: why (larger sets): the player's play scored nothing. {tile} e.g. "3-5";
                # {ends} the open ends of every arm after it.
                text = i.gettext("Your {tile} scored nothing: the ends were {ends}, none alike.")
            else:
                # Translators: why (larger sets): another player's play scored nothing. {name} is the
                # player; {ends} the open ends of every arm after it.
                text = i.gettext("{name}'s {tile} scored nothing: the ends were {ends}, none alike.")
            lines.append(
                self._line(
                    lambda speech: text.format(
                        name=w.name(event.seat),
                        tile=w.tile(event.tile, speech),
                        ends=w.ends(ends, doubles, speech),
                    ),
                    f"{w.name(event.seat)} {event.tile}: 0 {w.ends_braille(ends, doubles)}",
                )
            )
        elif event is not None:
            # Translators: why: the last line of history was no score (a draw, a pass, a deal).
            lines.append(self._fixed(i.gettext("That scored nothing."), "0"))
        if pointer is not None:
            # Translators: why: what to type to hear the last score explained, e.g. "For the last score,
            # type why 4." Keep the command word as the game shows it: {why}.
            text = i.gettext("For the last score, type {why} {number}.").format(why=why_word, number=pointer)
            lines.append(self._fixed(text, f"{why_word} {pointer}"))
        else:
            # Translators: why, when nothing has scored in the match yet.
            lines.append(self._fixed(i.gettext("Nothing has scored yet."), "0"))
        return self.joined(lines)
