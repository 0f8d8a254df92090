"""What a scorekeeping mode makes of one parsed line, and the questions it may ask first.

A question insists: it is asked again until it is answered, or ``undo``
leaves its entry out; review commands are answered meanwhile; and a line that
is clearly the next entry answers the opening question with yes. No entry is
ever dropped without a word.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from ..commands.keep_parser import KeepCommand, KeepKind, KeepLexicon
from ..commands.lexicon import yes_or_no
from ..commands.which_end import EndQuestion
from ..core.actions import Play
from ..core.events import Holding
from ..core.table import Entry, Open, Reveal, Table
from ..core.tally import Call, CallBlocked, CallOpen
from ..present import prompts
from ..present.keep_text import KeepText
from ..present.message import Message, Prompt


@dataclass(frozen=True)
class Enter:
    """Make this entry."""

    entry: Entry | Call


@dataclass(frozen=True)
class Reply:
    """Nothing is entered; say this."""

    message: Message


@dataclass(frozen=True)
class Ask:
    """Ask this question before anything is entered."""

    question: Question


Step = Enter | Reply | Ask


class Question(ABC):
    """Something the keeper must know before an entry counts."""

    @abstractmethod
    def message(self, text: KeepText) -> Message:
        """The question as it is first asked."""

    @abstractmethod
    def reminder(self, text: KeepText) -> Message:
        """The question again, after a line that did not answer it."""

    @abstractmethod
    def prompt(self, text: KeepText) -> Prompt: ...

    @abstractmethod
    def answer(self, line: str, lexicon: KeepLexicon, text: KeepText) -> Step | None:
        """What a line answers (None: it is no answer)."""

    @abstractmethod
    def dropped(self, text: KeepText) -> Message:
        """Said when ``undo`` leaves the entry out."""

    def taken_as_yes(self, command: KeepCommand) -> Entry | Call | None:
        """The entry a line that is clearly the next one confirms (None: it confirms nothing)."""
        return None


@dataclass(frozen=True)
class WhichEnd(Question):
    """A tile that fits both ends (with more arms: several arms): which one."""

    play: Play
    ends: tuple[int, ...] = ()  # the ends (arms) it fits
    table: Table | None = field(default=None, compare=False)  # for the arms' numbers in the question

    def message(self, text: KeepText) -> Message:
        return text.ask_end(self.play.tile, self.table, self.ends)

    def reminder(self, text: KeepText) -> Message:
        return text.remind_end(self.play.tile, self.ends)

    def prompt(self, text: KeepText) -> Prompt:
        return prompts.which_end(text.i, [end + 1 for end in self.ends] if text.words.many_arms else None)

    def answer(self, line: str, lexicon: KeepLexicon, text: KeepText) -> Step | None:
        end = EndQuestion(self.ends, lexicon.arms > 2).answer(line, lexicon.game)
        return None if end is None else Enter(Play(self.play.seat, self.play.tile, end))

    def dropped(self, text: KeepText) -> Message:
        return text.not_entered_tile(self.play.tile)


@dataclass(frozen=True)
class IsOpener(Question):
    """An opening with a double other than 0-0 (6-6): is it the lowest (highest) at the table?"""

    opening: Open | CallOpen

    def message(self, text: KeepText) -> Message:
        return text.confirm_opener(self.opening.tile)

    def reminder(self, text: KeepText) -> Message:
        return text.remind_yes_no(text.confirm_opener(self.opening.tile))

    def prompt(self, text: KeepText) -> Prompt:
        return prompts.yes_or_no(text.i)

    def answer(self, line: str, lexicon: KeepLexicon, text: KeepText) -> Step | None:
        answer = yes_or_no(line, text.i)
        if answer is None:
            return None
        return Enter(self.opening) if answer else Reply(text.opener_declined())

    def dropped(self, text: KeepText) -> Message:
        return text.not_entered_opening()

    def taken_as_yes(self, command: KeepCommand) -> Entry | Call | None:
        """The next play, draw or pass means the opening stood."""
        if (
            command.kind in (KeepKind.TILE, KeepKind.DRAW, KeepKind.PASS)
            and command.seat != self.opening.seat
        ):
            return self.opening
        return None


@dataclass(frozen=True)
class ConfirmHolding(Question):
    """Bare numbers after a block: doubles and pips (and pips outside the doubles)?"""

    reveal: Reveal
    outside_given: bool

    def message(self, text: KeepText) -> Message:
        return text.confirm_holding(self.reveal.side, self.reveal.holding, self.outside_given)

    def reminder(self, text: KeepText) -> Message:
        return text.remind_yes_no(self.message(text))

    def prompt(self, text: KeepText) -> Prompt:
        return prompts.yes_or_no(text.i)

    def answer(self, line: str, lexicon: KeepLexicon, text: KeepText) -> Step | None:
        answer = yes_or_no(line, text.i)
        if answer is None:
            return None
        return Enter(self.reveal) if answer else Reply(text.holding_declined(self.reveal.side))

    def dropped(self, text: KeepText) -> Message:
        return text.not_entered_holding(self.reveal.side)


@dataclass(frozen=True)
class WhoWonBlocked(Question):
    """The tally: a bare "blocked" — who won the blocked hand?"""

    def message(self, text: KeepText) -> Message:
        return text.ask_blocked_winner()

    def reminder(self, text: KeepText) -> Message:
        return text.ask_blocked_winner(again=True)

    def prompt(self, text: KeepText) -> Prompt:
        # Translators: scorekeeper prompt: who won the blocked hand. Ends with "> ".
        facts = text.i.gettext("name or nobody> ")
        # Translators: the scorekeeper's short prompt: who won the blocked hand. Ends with ": ".
        return Prompt(facts, text.i.gettext("Winner: "))

    def answer(self, line: str, lexicon: KeepLexicon, text: KeepText) -> Step | None:
        words = line.split()
        if len(words) != 1:
            return None
        if lexicon.meaning(words[0]) == "nobody":
            return Enter(CallBlocked(None))
        seat = lexicon.seat(words[0])
        return None if seat is None else Enter(CallBlocked(text.words.rules.side_of(seat)))

    def dropped(self, text: KeepText) -> Message:
        return text.not_entered_blocked()


def holding_from_numbers(numbers: tuple[int, ...]) -> Holding:
    """Doubles, pips and (when given) pips outside the doubles; otherwise the pips stand for both."""
    doubles, pips = numbers[0], numbers[1]
    return Holding(doubles, pips, numbers[2] if len(numbers) > 2 else pips)
