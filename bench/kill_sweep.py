"""Kill -9 at every point of a move's write, many times: the share of kills after which the journal and
what the player was told agree (issue 29 asks for 100 %), per point and per write.

Each kill runs the real game twice on one data folder (``tests/kill_sweep.py``): once with the
journal's test hook stopping the chosen write of the run at the chosen point (before its bytes, after
its first byte, half-way, all but its last byte, written but not synced, synced but not told; or right
after its answer) and a SIGKILL there, then again to continue, ask ``history`` and compare. Write 1 is
the player's move's; 2 and 3 are the computer's moves after it (its draws one write each).

    python bench/kill_sweep.py [--kills 70] [--writes 1]
    python bench/kill_sweep.py --kills 210 --writes 1,2,3   # 70 kills per write
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.kill_sweep import sweep  # noqa: E402 - after the path is set


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=70)
    parser.add_argument("--writes", default="1", help="which writes of each run, e.g. 1,2,3 (1: the move's)")
    args = parser.parse_args()
    writes = tuple(int(number) for number in args.writes.split(","))
    with tempfile.TemporaryDirectory(prefix="bergen-kills-") as home:
        run = sweep(Path(home), args.kills, writes)
    print(run.table())
    for problem in run.problems():
        print(problem)
    sys.exit(1 if run.problems() else 0)


if __name__ == "__main__":
    main()
