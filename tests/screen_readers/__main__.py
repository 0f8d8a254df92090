"""``python -m tests.screen_readers``: measure runs and print their figures as a table.

``--table`` plays the whole grid (every reader, the screen-reader and the plain setting, en/de/tr) and
prints one line of the targets' figures per run. ``--all-settings`` (or ``--mode`` more than once) adds
the other settings a player may choose: line editing (``standard``) and the screen-reader setting at
``--verbosity terse`` and ``verbose``; the tests hold only the first two to the targets.

Like the tests, it keeps away from the player's own folders: the program runs with folders of its own
(``Program.environment``), this process points the data and settings folders at a scratch folder too,
and the system's folders are compared before and after (a change is an error).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from bergen_access.session import paths

from ..folder_guard import changes, snapshot
from . import QUESTIONS, READERS, Case, Program, missing_readers, run_cases
from .measure import Figures, MessageFate
from .program import MODES, PLAIN
from .targets import MAX_CUTS, MAX_NOT_NEW_SHARE, MAX_PROMPT_SHARE, MAX_SYMBOLS, MAX_UNASKED_ENDS_PER_TURN

LANGUAGES = ("en", "de", "tr")
GRID_MODES = ("screenreader", PLAIN)


def rows(f: Figures) -> list[tuple[str, str]]:
    """The figures of one run, each with its label (the target, where there is one, in the label)."""
    qp = f.question_prompt
    return [
        ("turns played", str(f.turns)),
        ("characters spoken", str(f.total)),
        ("  new messages", str(f.chars["message"])),
        ("  messages said again", str(f.chars["again"])),
        ("  prompt", str(f.chars["prompt"])),
        ("  typed echo", str(f.chars["echo"])),
        ("  other", str(f.chars["other"])),
        ("prompt share %", f"{f.prompt_share:.1f}"),
        ("prompt characters a turn", f"{f.per_turn(f.chars['prompt']):.0f}"),
        (f"not a new message % (<= {MAX_NOT_NEW_SHARE:g})", f"{f.not_new_share:.1f}"),
        ("typed echo share %", f"{f.share('echo'):.1f}"),
        (f"symbols read as words (= {MAX_SYMBOLS})", _symbols(f)),
        ("ends said a turn", f"{f.per_turn(f.ends_said):.1f}"),
        ("  of them in the prompt", f"{f.per_turn(f.ends_in_prompt):.1f}"),
        (f"  unasked a turn (<= {MAX_UNASKED_ENDS_PER_TURN:g})", f"{f.per_turn(f.ends_unasked):.1f}"),
        ("  unasked a turn, prompt left out", f"{f.per_turn(f.ends_unasked - f.ends_in_prompt):.1f}"),
        ("messages", str(len(f.messages))),
        ("  said once and whole", str(f.messages_once_whole)),
        ("  missing", str(f.count("missing"))),
        ("  partly missing", str(f.count("partly_missing"))),
        ("  said twice", str(f.count("twice"))),
        ("  split inside a word/tile", str(f.count("splits_inside"))),
        ("  split between words", str(f.count("splits_between"))),
        ("prompts split inside a word", str(sum(1 for p in f.prompts if p.splits_inside))),
        ("old prompt said again", str(f.redraws)),
        ("  with the typed line", str(f.typed_with_old_prompt)),
        ("first-run question: lines", str(len(f.question))),
        ("  utterances", str(f.question_utterances)),
        ("  split inside a word", str(f.question_count("splits_inside"))),
        ("  split between words", str(f.question_count("splits_between"))),
        ("  lines said twice / missing", f"{f.question_count('twice')} / {_missing(f.question)}"),
        ("  its prompt said", "-" if qp is None else f"{qp.utterances}x"),
        ("  answer said with its prompt", _yes(f.question_redraw)),
        ("same match as the plain run", _yes(f.same_match)),
        ("first-run answer gave the mode", _yes(f.mode_chosen)),
        ("steps not seen on the screen", str(f.unseen_steps)),
    ]


def _missing(fates: list[MessageFate]) -> int:
    return sum(1 for fate in fates if fate.missing or fate.partly_missing)


def _yes(value: bool) -> str:
    return "yes" if value else "no"


def _symbols(f: Figures) -> str:
    detail = " ".join(f"{symbol}:{count}" for symbol, count in f.symbols.most_common())
    return f"{f.symbol_count} ({detail})" if detail else "0"


def cuts(f: Figures) -> int:
    """Cuts inside a word or a tile, in the messages and the prompts."""
    return f.splits("splits_inside") + sum(p.splits_inside for p in f.prompts)


def grid(results: dict[Case, Figures]) -> str:
    """One line a run: the figures the targets are about, each beside its target."""
    head = (
        "reader", "setting", "lang", "turns", f"symbol words (={MAX_SYMBOLS})",
        f"prompt % (<={MAX_PROMPT_SHARE:g})", f"not new % (<={MAX_NOT_NEW_SHARE:g})",
        f"ends unasked/turn (<={MAX_UNASKED_ENDS_PER_TURN:g})", f"cuts (={MAX_CUTS})", "once and whole",
    )  # fmt: skip
    body = [
        (
            case.reader,
            case.mode,
            case.language,
            str(f.turns),
            _symbols(f) if f.symbols_counted else "not counted",
            f"{f.prompt_share:.1f}",
            f"{f.not_new_share:.1f}",
            f"{f.per_turn(f.ends_unasked):.1f}",
            str(cuts(f)),
            f"{f.messages_once_whole}/{len(f.messages)}",
        )
        for case, f in results.items()
    ]
    widths = [max(len(row[n]) for row in [head, *body]) for n in range(len(head))]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in [head, *body]
    )


def table(results: dict[Case, Figures]) -> str:
    columns = [f"{c.reader} {c.language} {c.mode[:6]}" for c in results]
    body = [rows(f) for f in results.values()]
    labels = [label for label, _ in body[0]]
    width = max(len(label) for label in labels)
    cell = max([len(c) for c in columns] + [len(v) for r in body for _, v in r])
    lines = [" " * width + "  " + "  ".join(c.rjust(cell) for c in columns)]
    for number, label in enumerate(labels):
        lines.append(label.ljust(width) + "  " + "  ".join(r[number][1].rjust(cell) for r in body))
    return "\n".join(lines)


def details(results: dict[Case, Figures]) -> str:
    """The messages that were not said once and whole, and what was said that we did not write."""
    out: list[str] = []
    for case, f in results.items():
        out.append(f"-- {case.reader} {case.language} {case.mode}")
        for fate in f.messages:
            if not fate.once_whole or fate.splits_between:
                flags = [
                    name
                    for name, on in (
                        ("missing", fate.missing),
                        ("partly missing", fate.partly_missing),
                        ("twice", fate.twice),
                        (f"{fate.splits_inside} split(s) inside a word", fate.splits_inside),
                        (f"{fate.splits_between} split(s) between words", fate.splits_between),
                    )
                    if on
                ]
                out.append(f"   {', '.join(flags)}: {fate.text}")
        if f.other_text:
            out.append(f"   other: {' '.join(f.other_text)[:400]}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.screen_readers", description=__doc__)
    parser.add_argument("--reader", action="append", choices=list(READERS), help="default: all three")
    parser.add_argument("--lang", action="append", choices=LANGUAGES, help="default: en, de and tr")
    parser.add_argument(
        "--mode",
        action="append",
        choices=MODES,
        help="default: screenreader and plain; standard is line editing, terse and verbose the "
        "screen-reader setting at that --verbosity",
    )
    parser.add_argument("--all-settings", action="store_true", help="every setting (every --mode)")
    parser.add_argument(
        "--table",
        action="store_true",
        help="one line of the targets' figures a run (default: the long table)",
    )
    parser.add_argument("--program", type=Path, default=None, help="the program's folder (default: this one)")
    parser.add_argument("--python", default=sys.executable, help="the Python that runs it")
    parser.add_argument("--turns", type=int, default=9)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--questions", default=",".join(QUESTIONS), help="typed at the start of each turn (default: h,i,e)"
    )
    parser.add_argument("--details", action="store_true", help="list the messages not said once and whole")
    parser.add_argument(
        "--dump", action="store_true", help="print every utterance with its class, step by step"
    )
    args = parser.parse_args(argv)
    with scratch_folders():
        return measured(args)


def scratch_folders() -> _Scratch:
    return _Scratch()


class _Scratch:
    """The data and settings folders of this process in a scratch folder; the system's folders must
    not change meanwhile (nothing here may write a match or a setting of the player's)."""

    def __enter__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="bergen-sr-main-"))
        self.saved = {name: os.environ.get(name) for name in (paths.DATA_VARIABLE, paths.CONFIG_VARIABLE)}
        os.environ[paths.DATA_VARIABLE] = str(self.folder / "data")
        os.environ[paths.CONFIG_VARIABLE] = str(self.folder / "config")
        self.watched = [folder for folder in paths.system_folders() if folder is not None]
        self.before = [snapshot(folder) for folder in self.watched]

    def __exit__(self, *exc: object) -> None:
        for name, value in self.saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        shutil.rmtree(self.folder, ignore_errors=True)
        for folder, before in zip(self.watched, self.before, strict=True):
            found = changes(before, snapshot(folder))
            if found:
                raise SystemExit(f"the player's folder {folder} changed during the runs: {found}")


def measured(args: argparse.Namespace) -> int:
    readers = args.reader or list(READERS)
    missing = missing_readers(readers)
    for name, why in missing.items():
        print(f"{name}: {why}", file=sys.stderr)
    cases = [
        Case(reader, language, mode)
        for mode in (MODES if args.all_settings else args.mode or GRID_MODES)
        for reader in readers
        if reader not in missing
        for language in args.lang or LANGUAGES
    ]
    if not cases:
        return 1
    program = Program(args.program.resolve(), args.python) if args.program else Program(python=args.python)
    questions = tuple(word for word in args.questions.split(",") if word)
    results = run_cases(cases, program, args.seed, args.turns, questions)
    print(f"program: {program.root}; seed {args.seed}; questions each turn: {', '.join(questions)}")
    print(grid(results) if args.table else table(results))
    if args.details:
        print(details(results))
    if args.dump:
        for case, figures in results.items():
            print(f"== {case.reader} {case.language} {case.mode}")
            print("\n".join(figures.transcript))
    return 0


if __name__ == "__main__":
    sys.exit(main())
