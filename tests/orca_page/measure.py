"""What Orca said, held against what the page was sent: each line heard once, whole, in its burst's
order; none lost; the status line not read unasked.

A burst is the lines the server sends up to its next status (a move and what follows from it). Orca
may speak one line as several utterances (it splits at sentences), so an utterance is matched to the
line it continues, else to the earliest line not yet begun whose text it starts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .stack import Utterance

#: the kinds of messages that are not lines of the log
NOT_LINES = ("status", "prompt", "seat", "seat_left", "seat_gone", "close")


def squeeze(text: str) -> str:
    """A text as compared: without spaces (Orca and Speech Dispatcher change the spacing)."""
    return re.sub(r"\s+", "", text)


@dataclass
class Line:
    """One line the page was sent: its text, its kind, its burst, and how it was heard."""

    text: str
    kind: str
    burst: int
    heard_at: int | None = None  # the index of the utterance that began it
    done: int = 0  # how much of its squeezed text was heard
    again: int = 0  # how often it was begun again once whole

    @property
    def whole(self) -> bool:
        return self.done >= len(squeeze(self.text))


@dataclass
class Figures:
    language: str
    moves: int
    lines: list[Line]
    unmatched: list[str] = field(default_factory=list)  # utterances that are no line
    status_unasked: int = 0
    languages_heard: dict[str, int] = field(default_factory=dict)  # utterances of lines by voice language

    def bursts(self) -> list[list[Line]]:
        grouped: dict[int, list[Line]] = {}
        for line in self.lines:
            grouped.setdefault(line.burst, []).append(line)
        return [grouped[key] for key in sorted(grouped)]

    @staticmethod
    def in_order(burst: Sequence[Line]) -> bool:
        heard = [line.heard_at for line in burst]
        return None not in heard and heard == sorted(heard)  # type: ignore[type-var]

    @property
    def multi(self) -> list[list[Line]]:
        """The bursts of more than one line (a single line is always in order)."""
        return [burst for burst in self.bursts() if len(burst) > 1]

    @property
    def bursts_in_order(self) -> int:
        return sum(1 for burst in self.multi if self.in_order(burst))

    @property
    def with_turn(self) -> list[list[Line]]:
        return [burst for burst in self.bursts() if any(line.kind == "turn" for line in burst)]

    @staticmethod
    def turn_last(burst: Sequence[Line]) -> bool:
        heard = [(line.heard_at, line.kind) for line in burst if line.heard_at is not None]
        return bool(heard) and max(heard, key=lambda pair: pair[0])[1] == "turn"

    @property
    def turn_last_count(self) -> int:
        return sum(1 for burst in self.with_turn if self.turn_last(burst))

    @property
    def heard_once_whole(self) -> int:
        return sum(1 for line in self.lines if line.heard_at is not None and line.whole and not line.again)

    @property
    def lost(self) -> int:
        return sum(1 for line in self.lines if line.heard_at is None)

    @property
    def partial(self) -> int:
        return sum(1 for line in self.lines if line.heard_at is not None and not line.whole)

    @property
    def repeated(self) -> int:
        return sum(1 for line in self.lines if line.again)

    @property
    def behind_later_bursts(self) -> int:
        """Lines heard after a line of a later burst began (order across bursts)."""
        count = 0
        for line in self.lines:
            if line.heard_at is None:
                continue
            if any(
                o.burst > line.burst and o.heard_at is not None and o.heard_at < line.heard_at
                for o in self.lines
            ):
                count += 1
        return count

    def behind_examples(self, most: int = 3) -> list[str]:
        """Lines heard after a line of a later burst, each with that line."""
        shown = []
        for line in self.lines:
            if line.heard_at is None:
                continue
            later = [
                o
                for o in self.lines
                if o.burst > line.burst and o.heard_at is not None and o.heard_at < line.heard_at
            ]
            if later:
                first = later[0]
                shown.append(
                    f"{line.text[:40]!r} (burst {line.burst}) after {first.text[:40]!r} (burst {first.burst})"
                )
        return shown[:most]

    def out_of_order_examples(self, most: int = 3) -> list[list[str]]:
        shown = []
        for burst in self.multi:
            if not self.in_order(burst):
                heard = sorted(
                    (line for line in burst if line.heard_at is not None), key=lambda x: x.heard_at or 0
                )
                shown.append([line.text[:40] for line in heard])
        return shown[:most]


def lines_of(frames: Sequence[dict[str, Any]]) -> tuple[list[Line], list[str]]:
    """The lines the page shows, each with its burst; the status texts sent."""
    lines: list[Line] = []
    statuses: list[str] = []
    burst = 0
    for message in frames:
        kind = message.get("kind") if isinstance(message.get("kind"), str) else "event"
        if kind == "status":
            if isinstance(message.get("text"), str):
                statuses.append(re.sub(r"\s*>\s*$", "", message["text"]).strip())
            burst += 1
            continue
        text = message.get("text")
        if kind in NOT_LINES or not isinstance(text, str) or not text.strip():
            continue
        lines.append(Line(text, kind, burst))
    return lines, statuses


def measure(
    language: str, moves: int, frames: Sequence[dict[str, Any]], spoken: Sequence[Utterance]
) -> Figures:
    lines, statuses = lines_of(frames)
    figures = Figures(language, moves, lines)
    status_texts = {squeeze(text) for text in statuses if text}
    for index, utterance in enumerate(spoken):
        said = squeeze(utterance.text)
        if not said:
            continue
        target = next(
            (
                line
                for line in lines
                if 0 < line.done < len(squeeze(line.text))
                and squeeze(line.text)[line.done :].startswith(said)
            ),
            None,
        )
        if target is None:
            target = next(
                (line for line in lines if line.heard_at is None and squeeze(line.text).startswith(said)),
                None,
            )
            if target is not None:
                target.heard_at = index
        if target is None:
            # a line heard again (once whole): counted, not matched anew
            again = next((line for line in lines if line.whole and squeeze(line.text).startswith(said)), None)
            if again is not None:
                again.again += 1
                continue
            if said in status_texts or any(said and said in text for text in status_texts):
                figures.status_unasked += 1
            figures.unmatched.append(utterance.text)
            continue
        target.done += len(said)
        figures.languages_heard[utterance.language] = figures.languages_heard.get(utterance.language, 0) + 1
    return figures


def table(figures: Sequence[Figures]) -> str:
    """The figures of several runs, one column each."""
    rows = [
        ("language", lambda f: f.language),
        ("moves made", lambda f: str(f.moves)),
        ("bursts (2+ lines) in order", lambda f: f"{f.bursts_in_order}/{len(f.multi)}"),
        ("'Your turn' last in its burst", lambda f: f"{f.turn_last_count}/{len(f.with_turn)}"),
        ("lines heard once and whole", lambda f: f"{f.heard_once_whole}/{len(f.lines)}"),
        ("lines lost", lambda f: str(f.lost)),
        ("lines heard in part", lambda f: str(f.partial)),
        ("lines heard twice", lambda f: str(f.repeated)),
        ("lines heard after a later burst's", lambda f: str(f.behind_later_bursts)),
        ("status read unasked", lambda f: str(f.status_unasked)),
        ("other utterances", lambda f: str(len(f.unmatched))),
        (
            "voice languages of lines",
            lambda f: " ".join(f"{k}:{v}" for k, v in sorted(f.languages_heard.items())),
        ),
    ]
    width = max(len(label) for label, _ in rows)
    out = [f"{label:<{width}}  " + "  ".join(f"{get(f):>14}" for f in figures) for label, get in rows]
    for f in figures:
        for example in f.out_of_order_examples():
            out.append(f"{f.language} out of order: " + " / ".join(example))
        for example in f.behind_examples():
            out.append(f"{f.language} behind a later burst: {example}")
        for text in f.unmatched[:8]:
            out.append(f"{f.language} other: {text!r}")
    return "\n".join(out)
