"""What a screen reader does to text before its synthesizer gets it, so that speech can be held against
the program's own lines: the symbols it says as words, the marks it leaves out.

yasr and tdsr send the screen's text as it is (their synthesizer may name symbols: counted, never seen
in the log); Fenrir writes the words into the text itself at its punctuation level ("3-5" becomes
"3 dash 5", "5|3>" becomes "5 3") and joins the lines of one screen update with "  , ".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

SPACE = re.compile(r"\s+")
Span = tuple[int, int]


@dataclass(frozen=True)
class Voicing:
    """One reader's way with symbols at its default settings."""

    words: Mapping[str, str] = field(default_factory=dict)  # symbol -> the word said for it
    rewrites: bool = False  # the reader puts the words into what it sends (else the synthesizer says them)
    dropped: frozenset[str] = frozenset()  # marks the reader sends as a space
    pause_marks: str = ""  # marks sent after their word, for the pause (Fenrir's respectPunctuationPause)
    separator: str | None = None  # a pattern between two screen lines in one utterance
    #: what the reader says for the empty line the Enter key leaves the cursor on (Fenrir: "blank"):
    #: the echo of the typed line, not a word of the program's
    enter_words: frozenset[str] = frozenset()

    def voiced(self, text: str) -> tuple[str, list[Span]]:
        """``text`` as the synthesizer gets it (runs of white space made one space, none at the ends),
        and for each character of ``text`` the span of the result it became (empty when dropped)."""
        raw = ""
        spans: list[Span] = []
        for char in text:
            start = len(raw)
            if self.rewrites and char in self.words:
                mark = char if char in self.pause_marks else ""
                raw += f" {self.words[char]}{mark} "
                spans.append((start + 1, start + 1 + len(self.words[char])))
                continue
            raw += " " if char in self.dropped else char
            spans.append((start, len(raw)) if char not in self.dropped else (start, start))
        return squeeze(raw, spans)

    def pieces(self, utterance: str) -> list[str]:
        """One utterance in the screen lines it joins (each a piece the reader said on its own)."""
        if self.separator is None:
            return [utterance]
        return [piece for piece in re.split(self.separator, utterance) if piece.strip()]


def squeeze(raw: str, spans: list[Span]) -> tuple[str, list[Span]]:
    """White space made single and stripped; the spans moved along."""
    out: list[str] = []
    place = [0] * (len(raw) + 1)  # where each character of raw lands
    for number, char in enumerate(raw):
        place[number] = len(out)
        if char.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            continue
        out.append(char)
    place[len(raw)] = len(out)
    text = "".join(out)
    trimmed = text.rstrip()
    moved = [(min(place[a], len(trimmed)), min(place[b], len(trimmed))) for a, b in spans]
    return trimmed, [(a, max(a, b)) for a, b in moved]
