"""A screen reader harness: what yasr and tdsr actually say while a person plays ``bergen``.

A seeded match is played twice with the same lines: first through a plain pipe, which gives the
program's own messages and prompts and, from its save file, the player's moves (no wording needed);
then inside a real terminal screen reader at 80x24, typed key by key, with a logging synthesizer that
writes down everything the reader sends to be spoken. ``measure`` holds the two against each other.

    python -m tests.screen_readers [--reader yasr|tdsr|fenrir] [--lang en|de|tr]
                                   [--mode screenreader|plain|standard|terse|verbose] [--all-settings]
                                   [--program DIR] [--turns N] [--seed N]

prints the figures as a table; ``tests/test_screen_readers.py`` holds the program to the targets.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .drive import record
from .measure import Figures, measure
from .program import QUESTIONS, Program, Reference, reference
from .readers import READERS

__all__ = ["QUESTIONS", "READERS", "Case", "Figures", "Program", "missing_readers", "run", "run_cases"]


@dataclass(frozen=True)
class Case:
    """One run: a reader, a language, a way of reading lines (the first-run answer 1 or 4)."""

    reader: str
    language: str = "en"
    mode: str = "screenreader"


def missing_readers(names: Iterable[str] = READERS) -> dict[str, str]:
    """The readers that cannot run here, each with why."""
    found = {name: READERS[name].missing() for name in names}
    return {name: why for name, why in found.items() if why is not None}


def run(
    case: Case,
    program: Program | None = None,
    seed: int = 7,
    turns: int = 9,
    questions: tuple[str, ...] = QUESTIONS,
    base: Path | None = None,
    known: Reference | None = None,
) -> Figures:
    """Play ``turns`` of the player's turns under the case's reader and measure what it said."""
    program = program or Program()
    with tempfile.TemporaryDirectory(prefix="bergen-sr-", dir=base) as folder:
        work = Path(folder)
        plain = known or reference(program, work / "plain", case.language, seed, case.mode, turns, questions)
        recording = record(case.reader, program, work / "reader", case.language, seed, case.mode, plain)
    return measure(recording, case.language, case.mode, plain.turns)


def run_cases(
    cases: Iterable[Case],
    program: Program | None = None,
    seed: int = 7,
    turns: int = 9,
    questions: tuple[str, ...] = QUESTIONS,
    workers: int = 6,
) -> dict[Case, Figures]:
    """Several runs at once (each has its own folders, port and terminal); the plain reference of a
    language and mode is played once for all readers."""
    cases = list(cases)
    program = program or Program()
    with tempfile.TemporaryDirectory(prefix="bergen-sr-") as folder:
        base = Path(folder)
        keys = sorted({(c.language, c.mode) for c in cases})

        def plain_run(key: tuple[str, str]) -> Reference:
            language, mode = key
            return reference(program, base / f"{language}-{mode}", language, seed, mode, turns, questions)

        def reader_run(case: Case) -> Figures:
            return run(case, program, seed, turns, questions, base, plain[(case.language, case.mode)])

        with ThreadPoolExecutor(max_workers=workers) as pool:
            plain = dict(zip(keys, pool.map(plain_run, keys), strict=True))
            return dict(zip(cases, pool.map(reader_run, cases), strict=True))
