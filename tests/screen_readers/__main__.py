"""``python -m tests.screen_readers``: measure runs and print their figures as a table."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import QUESTIONS, Case, Program, missing_readers, run_cases
from .measure import Figures, MessageFate
from .targets import MAX_NOT_NEW_SHARE, MAX_SYMBOLS, MAX_UNASKED_ENDS_PER_TURN

LANGUAGES = ("en", "de", "tr")
MODES = ("screenreader", "standard")


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
    parser.add_argument("--reader", action="append", choices=["yasr", "tdsr"], help="default: both")
    parser.add_argument("--lang", action="append", choices=LANGUAGES, help="default: en, de and tr")
    parser.add_argument("--mode", action="append", choices=MODES, help="default: screenreader")
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
    readers = args.reader or ["yasr", "tdsr"]
    missing = missing_readers(readers)
    for name, why in missing.items():
        print(f"{name}: {why}", file=sys.stderr)
    cases = [
        Case(reader, language, mode)
        for mode in args.mode or ["screenreader"]
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
    print(table(results))
    if args.details:
        print(details(results))
    if args.dump:
        for case, figures in results.items():
            print(f"== {case.reader} {case.language} {case.mode}")
            print("\n".join(figures.transcript))
    return 0


if __name__ == "__main__":
    sys.exit(main())
