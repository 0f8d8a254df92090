"""The guided practice (``bergen learn``) typed through: one wrong move per rule, then the right one.

Shared by ``tests/test_learn.py`` (under a pty, in every language) and the English transcript
in ``docs/learn-transcript-en.txt``, which this module writes (never by hand):

    .venv/bin/python -m tests.learn_script --write
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from bergen_access.commands.lexicon import CommandKind, Lexicon
from bergen_access.core.actions import End
from bergen_access.core.lessons import Lesson, parts
from bergen_access.i18n import I18n
from bergen_access.present.lessons import LessonWords
from bergen_access.present.message import Verbosity
from bergen_access.present.narrator import Narrator
from bergen_access.present.words import Words

from .drivers import ROOT, run_piped, transcript_main

TRANSCRIPT = ROOT / "docs" / "learn-transcript-en.txt"
#: the rules explained, in the order they happen
ORDER = (
    Lesson.OPENING,
    Lesson.DOUBLE_HEADER,
    Lesson.TRIPLE_HEADER,
    Lesson.DRAW_UNTIL_FITS,
    Lesson.REDUCED,
    Lesson.NEVER_DRAWN,
    Lesson.GOING_OUT,
    Lesson.BLOCKED,
    Lesson.COUNTERS,
)
#: the wrong moves that are refused, by the game or (the opening) the guide, each followed by the guide's
#: "Nothing changed"
REFUSED = 8


def typed(language: str) -> list[str]:
    """Every line typed, in the player's language: a wrong move before each rule's right move
    (the opening: a higher double before the lowest); ``hint`` once."""
    lexicon = Lexicon(I18n(language))
    draw, pass_ = lexicon.main_word(CommandKind.DRAW), lexicon.main_word(CommandKind.PASS)
    hint, right = lexicon.main_word(CommandKind.HINT), lexicon.end_word(End.RIGHT)
    return [
        # part 1
        "3-3", "0-0",  # the opening: the higher double first, then the lowest, which opens
        "0-3",
        hint, "5-6", "2-3",  # double header: a tile that does not fit first
        "3-3",
        "5-6", "3-4",  # triple header
        "5-6", draw, "",  # drawing until a tile fits (a play first), then Enter plays the drawn tile
        "4-5", "5-6",  # the reduced header: 4-5 is allowed but scores nothing
        draw, pass_,  # the last two tiles: drawing is refused
        f"4-5 {right}", "4-5",  # going out: the wrong end first
        "",  # the next part
        # part 2
        "0-2", "1-3", "1-2", draw, "", "1-6",
        draw, pass_,  # the blocked hand: drawing is refused, then the pass that blocks it
        "",
        # part 3
        "0-1",
        "3-5", "0-4",  # the counter game's header
    ]  # fmt: skip


def explanations(language: str, verbosity: Verbosity = Verbosity.NORMAL) -> list[str]:
    """The explanation lines of ``ORDER`` as the guide says them (terse: their braille lines)."""
    i = I18n(language)
    narrator = Narrator(Words(i, parts()[0].rules, ["You", "Anna"], 0), verbosity)
    guide = LessonWords(narrator)
    return [guide.explain(lesson).text for lesson in ORDER]


def run_plain(home: Path, language: str, lines: list[str], *flags: str) -> tuple[str, int]:
    """``bergen learn`` in plain mode through pipes, every line typed at once: its output (prompts and
    echoed lines included) and exit status."""
    return run_piped("learn", home, language, lines, *flags)


def transcript() -> str:
    """The English transcript of the whole practice, typed through with the wrong moves."""
    with tempfile.TemporaryDirectory() as home:
        text, status = run_plain(Path(home), "en", typed("en"))
    if status != 0:
        raise SystemExit(f"bergen learn ended with {status}")
    return text


def main() -> int:
    return transcript_main(__doc__, TRANSCRIPT, transcript)


if __name__ == "__main__":
    sys.exit(main())
