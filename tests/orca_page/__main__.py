"""``python -m tests.orca_page --lang en --lang de --moves N``: Orca reads the page; print the figures."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import missing, run
from .measure import table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.orca_page")
    parser.add_argument("--lang", action="append", choices=("en", "de", "tr"))
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--keep", type=Path, help="keep the logs (speech, Orca's debug log) in this folder")
    parser.add_argument("--raw", action="store_true", help="print what was sent and what was said")
    args = parser.parse_args(argv)
    why = missing()
    if why:
        print(why, file=sys.stderr)
        return 2
    runs = run(args.lang or ["en"], args.moves, keep=args.keep)
    if args.raw:
        for recording, _ in runs:
            for frame in recording.frames:
                m = frame.message
                if m.get("kind") == "status":
                    print(f"{frame.at:.2f} STATUS {m.get('text')!r}")
                elif isinstance(m.get("text"), str) and m.get("kind") != "prompt":
                    print(f"{frame.at:.2f} LINE {m['text']!r}")
            for said in recording.spoken:
                print(f"{said.at:.2f} SAID {said.language} {said.text!r}")
    print(table([figures for _, figures in runs]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
