"""What a screen reader said, held against what the program printed: the figures of one run.

Each utterance of a step is found in the step's own text (the prompt the line was typed at, the typed
line, the program's messages, the next prompt), nearest after what was said before it; a piece found
nowhere is "other". So every spoken character has a class: a new message, a message said again, the
prompt, the echo of what the player typed, or other. Characters are counted after runs of white space
are made one space. What the reader says of itself (tdsr's and Fenrir's greeting) is left out.

A reader that writes words for symbols into what it sends (Fenrir: "3 dash 5") is measured against
the program's text as that reader sends it (``voicing.py``); each symbol said as a word is counted,
whether the reader or (for yasr and tdsr, which send the text as it is) its speech chain says it.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, field

from .drive import Heard, Recording
from .readers import READERS, YASR_CONF
from .voicing import Span, Voicing

MESSAGE, AGAIN, PROMPT, ECHO, OTHER = "message", "again", "prompt", "echo", "other"
CLASSES = (MESSAGE, AGAIN, PROMPT, ECHO, OTHER)
OLD_PROMPT = "old prompt"  # the prompt the line was typed at: said again in its step, it is a redraw
QUESTION = "question"  # the first-run question's lines: messages, told apart for their own figures
ASKS_FOR_ENDS = frozenset({"e", "ends", "l", "line", "table"})  # the game's commands whose answer says them
ENDS_COMMAND = frozenset({"e", "ends"})  # those that say nothing else: where the harness checks itself
#: the plural word for the ends of the line; followed by a number in the same sentence it says them
ENDS_WORDS = {"en": r"ends", "de": r"enden", "tr": r"uçlar\w*"}
BAR_ENDS = re.compile(r"(?<![\w-])\d+(?:-\d+)?\|\d+(?:-\d+)?")  # "5|3", "5-5|5-5"
PUNCTUATION = set(".,;:!?()[]\"'“”„«»")  # a split next to these is between words, not inside one
SPACE = re.compile(r"\s+")


def normal(text: str) -> str:
    return SPACE.sub(" ", text).strip()


def ends_pattern(language: str) -> re.Pattern[str]:
    word = ENDS_WORDS.get(language, ENDS_WORDS["en"])
    return re.compile(rf"\b(?:{word})\b[^.!?\n]{{0,40}}?\d|{BAR_ENDS.pattern}", re.IGNORECASE)


@dataclass
class Item:
    """One piece of a step's text: its class (message, prompt, old prompt, echo, question) and words,
    as the program wrote it (``original``) and as the reader sends it (``text``)."""

    kind: str
    original: str
    voicing: Voicing = field(default_factory=Voicing)
    text: str = ""
    spans: list[Span] = field(default_factory=list)  # per character of original: its part of text
    start: int = 0  # where it begins in the step's stream
    coverage: list[int] = field(default_factory=list)  # per character: how many utterances said it
    speaker: list[int] = field(default_factory=list)  # per character: the first utterance that said it

    def __post_init__(self) -> None:
        self.text, self.spans = self.voicing.voiced(self.original)
        self.coverage = [0] * len(self.text)
        self.speaker = [-1] * len(self.text)

    def times_said(self, first: int, last: int) -> int:
        """How often the characters ``original[first:last]`` were said (the least of them)."""
        start, end = self.spans[first][0], self.spans[last - 1][1]
        said = [self.coverage[i] for i in range(start, end) if not self.text[i].isspace()]
        return min(said) if said else 0

    def symbols_said(self) -> Counter[str]:
        """Each symbol of the program's text that was said as a word, as often as it was said."""
        found: Counter[str] = Counter()
        if self.kind not in (MESSAGE, QUESTION, PROMPT, OLD_PROMPT):
            return found
        for number, char in enumerate(self.original):
            if char in self.voicing.words:
                times = self.times_said(number, number + 1)
                if times:
                    found[char] += times
        return found


@dataclass
class MessageFate:
    """How one message (or one prompt) was spoken."""

    text: str
    missing: bool = False  # not a character of it said
    partly_missing: bool = False
    twice: bool = False
    splits_inside: int = 0  # cut inside a word or a tile ("0-" / "5.", "ti" / "les")
    splits_between: int = 0  # cut at a space or a mark between words (the reader's own timing)
    utterances: int = 0

    @property
    def once_whole(self) -> bool:
        return not (self.missing or self.partly_missing or self.twice or self.splits_inside)


@dataclass(repr=False)
class Figures:
    """The figures of one run (one reader, one language, one way of reading lines)."""

    reader: str
    language: str
    mode: str
    turns: int
    chars: Counter[str] = field(default_factory=Counter)
    symbols: Counter[str] = field(default_factory=Counter)  # yasr's words for symbols, in our own text
    symbols_counted: bool = True
    ends_said: int = 0
    ends_in_prompt: int = 0
    ends_unasked: int = 0  # includes those in the prompt
    messages: list[MessageFate] = field(default_factory=list)
    prompts: list[MessageFate] = field(default_factory=list)
    question: list[MessageFate] = field(default_factory=list)  # the first-run question, line by line
    question_prompt: MessageFate | None = None
    question_utterances: int = 0
    question_redraw: bool = False  # the answer to it said with the question's prompt again
    redraws: int = 0  # utterances that said the old prompt again (after a line was typed)
    typed_with_old_prompt: int = 0  # ... together with the typed line
    same_match: bool = True
    unseen_steps: int = 0  # steps ended by silence alone (their last line not found on the screen)
    mode_chosen: bool = True  # the first-run answer gave speech off and the mode measured
    utterances: int = 0
    cancels: int = 0
    other_text: list[str] = field(default_factory=list)
    transcript: list[str] = field(default_factory=list)  # step by step: the typed line, each utterance

    def question_count(self, attribute: str) -> int:
        """Over the first-run question's lines: how many splits (or lines said twice, missing)."""
        return sum(int(getattr(fate, attribute)) for fate in self.question)

    def __repr__(self) -> str:  # short: pytest shows it beside every failed assertion
        return f"Figures({self.reader} {self.language} {self.mode}, {self.turns} turns)"

    @property
    def total(self) -> int:
        return sum(self.chars.values())

    def share(self, *classes: str, without_echo: bool = False) -> float:
        whole = self.total - (self.chars[ECHO] if without_echo else 0)
        return 100.0 * sum(self.chars[c] for c in classes) / whole if whole else 0.0

    @property
    def prompt_share(self) -> float:
        """The prompt's share of all that was sent to be spoken (%)."""
        return self.share(PROMPT)

    @property
    def not_new_share(self) -> float:
        """The share (%) of speech that is not a new message: the prompt, messages said again and
        anything else; the echo of the player's keys is left out of both sides (reported apart)."""
        return self.share(PROMPT, AGAIN, OTHER, without_echo=True)

    def per_turn(self, count: float) -> float:
        return count / self.turns if self.turns else 0.0

    @property
    def symbol_count(self) -> int:
        return sum(self.symbols.values())

    @property
    def messages_once_whole(self) -> int:
        return sum(1 for fate in self.messages if fate.once_whole)

    def count(self, attribute: str) -> int:
        return sum(1 for fate in self.messages if getattr(fate, attribute))

    def splits(self, attribute: str) -> int:
        return sum(getattr(fate, attribute) for fate in self.messages)


class Step:
    """One step's text as a stream of items, and the utterances found in it."""

    def __init__(self, heard: Heard, first: bool, voicing: Voicing | None = None) -> None:
        expected = heard.expected
        v = voicing or Voicing()
        items: list[Item] = []
        if first:
            items += [Item(QUESTION, normal(line), v) for line in expected.messages]
        else:
            items.append(Item(OLD_PROMPT, normal(heard.previous_prompt), v))
            items.append(Item(ECHO, normal(expected.typed), v))
            items += [Item(MESSAGE, normal(line), v) for line in expected.messages]
        items.append(Item(PROMPT, normal(expected.prompt), v))
        self.items = [item for item in items if item.text]
        position = 0
        owners: list[int] = []
        for number, item in enumerate(self.items):
            item.start = position
            owners += [number] * len(item.text) + [-1]  # -1: the space between two items
            position += len(item.text) + 1
        self.stream = " ".join(item.text for item in self.items)
        self.owners = owners
        # the reader has said the old prompt already (in the step before): what follows it is new
        old = [item for item in self.items if item.kind == OLD_PROMPT]
        self.pointer = old[0].start + len(old[0].text) + 1 if old else 0

    def find(self, text: str) -> int:
        """Where ``text`` was said from: the nearest place at or after the pointer, else before it."""
        places = [m.start() for m in re.finditer(re.escape(text), self.stream)]
        after = [p for p in places if p >= self.pointer]
        if after:
            return after[0]
        return places[-1] if places else -1

    def locate(self, text: str) -> tuple[list[tuple[int, int]], list[str]]:
        """The spans of the stream an utterance said, and the pieces of it found nowhere."""
        spans: list[tuple[int, int]] = []
        lost: list[str] = []
        rest = text
        while rest:
            place = self.find(rest)
            if place >= 0:
                spans.append((place, place + len(rest)))
                self.pointer = place + len(rest)
                break
            size = len(rest) - 1  # the longest beginning that was said somewhere
            while size >= 3 and self.find(rest[:size]) < 0:
                size -= 1
            if size < 3:
                word, _, rest = rest.partition(" ")
                lost.append(word)
                continue
            place = self.find(rest[:size])
            spans.append((place, place + size))
            self.pointer = place + size
            rest = rest[size:].lstrip()
        return spans, lost


def typed_key(letter: str, typed: str) -> bool:
    """Whether a letter the reader said is one of the keys of the typed line (a reader says a space
    as its name); yasr also says the character under a moving cursor, which is no echo."""
    if len(letter) == 1:
        return letter in typed
    return letter.lower() == "space" and " " in typed


def fate_of(item: Item) -> MessageFate:
    fate = MessageFate(item.text)
    said = [i for i, ch in enumerate(item.text) if not ch.isspace()]
    covered = [item.coverage[i] for i in said]
    fate.missing = bool(said) and not any(covered)
    fate.partly_missing = not fate.missing and 0 in covered
    fate.twice = any(c > 1 for c in covered)
    speakers = {item.speaker[i] for i in said if item.speaker[i] >= 0}
    fate.utterances = len(speakers)
    for before, after in itertools.pairwise(said):
        one, two = item.speaker[before], item.speaker[after]
        if one < 0 or two < 0 or one == two:
            continue
        adjacent = after == before + 1
        marks = item.text[before] in PUNCTUATION or item.text[after] in PUNCTUATION
        if adjacent and not marks:
            fate.splits_inside += 1
        else:
            fate.splits_between += 1
    return fate


def voicing_of(reader: str, symbols: dict[str, str] | None) -> tuple[Voicing, bool]:
    """How the reader sends text, and whether its symbols can be counted: ``symbols`` given (the
    harness's own tests), else the reader's own (yasr's table for yasr and tdsr: not there without yasr)."""
    if symbols is not None:
        return Voicing(symbols), True
    known = READERS.get(reader)
    if known is None:
        return Voicing(), False
    return known.voicing(), reader == "fenrir" or YASR_CONF.is_file()


def measure(
    recording: Recording,
    language: str,
    mode: str,
    turns: int,
    symbols: dict[str, str] | None = None,
    voicing: Voicing | None = None,
) -> Figures:
    """The figures of a recorded run; ``symbols``: the symbols read as words (default: the reader's own,
    see ``voicing_of``; where they cannot be known they are not counted, and ``symbols_counted`` says
    so); ``voicing``: the reader's way with symbols, given whole (the harness's own tests)."""
    figures = Figures(recording.reader, language, mode, turns, same_match=recording.same_match)
    figures.unseen_steps = recording.unseen
    figures.mode_chosen = recording.chosen
    if voicing is None:
        voicing, figures.symbols_counted = voicing_of(recording.reader, symbols)
    ends = ends_pattern(language)
    greeting = {normal(g) for g in recording.greeting}
    for number, heard in enumerate(recording.steps):
        first = number == 0 and recording.asked
        step = Step(heard, first, voicing)
        figures.transcript.append(f"> {heard.expected.typed!r}" if number else "> (start)")
        utterance = 0
        pieces = [
            (said, piece)
            for said in heard.said
            for piece in (voicing.pieces(said.text) if said.kind == "speak" else [said.text])
        ]
        for said, piece in pieces:
            if said.kind == "cancel":
                figures.cancels += 1
                continue
            text = normal(piece)
            if not text or text in greeting:
                continue
            figures.utterances += 1
            utterance += 1
            if said.kind == "letter":  # one key's echo, if it is a key of the line typed
                kind = ECHO if typed_key(text, heard.expected.typed if number else "") else OTHER
                figures.chars[kind] += len(text)
                if kind == OTHER:
                    figures.other_text.append(f"[letter {text}]")
                figures.transcript.append(f"    [letter {kind}] {text}")
                continue
            if number and text in voicing.enter_words:  # the reader's word for the new empty line
                figures.chars[ECHO] += len(text)
                figures.transcript.append(f"    [echo] {text}")
                continue
            spans, lost = step.locate(text)
            for word in lost:
                figures.chars[OTHER] += len(word) + 1
                figures.other_text.append(word)
                figures.ends_said += len(ends.findall(word))
                figures.ends_unasked += len(ends.findall(word))
            touched: set[str] = set()
            for start, end in spans:
                for position in range(start, end):
                    owner = step.owners[position] if position < len(step.owners) else -1
                    if owner < 0:
                        figures.chars[OTHER if not touched else _class_of(step, touched)] += 1
                        continue
                    item = step.items[owner]
                    index = position - item.start
                    again = item.coverage[index] > 0
                    item.coverage[index] += 1
                    if item.speaker[index] < 0:
                        item.speaker[index] = utterance
                    kind = _char_class(item.kind, again)
                    figures.chars[kind] += 1
                    touched.add(item.kind)
            label = "+".join(sorted(touched | ({OTHER} if lost else set()))) or OTHER
            figures.transcript.append(f"    [{label}] {text}")
            if OLD_PROMPT in touched:
                if number == 1 and recording.asked:
                    figures.question_redraw = True
                else:
                    figures.redraws += 1
                    figures.typed_with_old_prompt += ECHO in touched
        if first:
            figures.question_utterances = utterance
        _step_figures(figures, step, heard, first, ends)
    return figures


def _class_of(step: Step, touched: set[str]) -> str:
    """The class of a space between two items one utterance said: that of the items."""
    for kind in (MESSAGE, QUESTION, PROMPT, OLD_PROMPT, ECHO):
        if kind in touched:
            return _char_class(kind, False)
    return OTHER


def _char_class(kind: str, again: bool) -> str:
    if kind in (MESSAGE, QUESTION):
        return AGAIN if again else MESSAGE
    if kind in (PROMPT, OLD_PROMPT):
        return PROMPT
    return ECHO


def _step_figures(figures: Figures, step: Step, heard: Heard, first: bool, ends: re.Pattern[str]) -> None:
    typed = heard.expected.typed.strip().lower()
    asked = typed in ASKS_FOR_ENDS
    answer = [item.original for item in step.items if item.kind == MESSAGE]
    if typed in ENDS_COMMAND and not any(ends.search(text) for text in answer):
        raise AssertionError(
            f"the answer to {heard.expected.typed!r} does not say the ends as the harness knows them "
            f"({ends.pattern}): {answer}; update ENDS_WORDS"
        )
    for item in step.items:
        if item.kind == ECHO:
            continue
        figures.symbols += item.symbols_said()
        for match in ends.finditer(item.original):
            times = item.times_said(match.start(), match.end())
            figures.ends_said += times
            if item.kind in (PROMPT, OLD_PROMPT):
                figures.ends_in_prompt += times
            if not (asked and item.kind == MESSAGE):
                figures.ends_unasked += times
        if item.kind == MESSAGE:
            figures.messages.append(fate_of(item))
        elif item.kind == PROMPT:
            figures.prompts.append(fate_of(item))
    if first:
        figures.question = [fate_of(item) for item in step.items if item.kind == QUESTION]
        prompt = [item for item in step.items if item.kind == PROMPT]
        figures.question_prompt = fate_of(prompt[0]) if prompt else None
