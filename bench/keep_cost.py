"""What a scorekeeper's entry costs as the sheet grows, side by side with an older version.

A long two-player match of random legal moves (this checkout's engine, seeded) is written out as the
lines a table calls out to ``bergen keep`` (an opening and its confirmation, plays with their end,
draws, passes, an empty line for the next hand). For each tree (this checkout, and by default the code
at ``43b866b``, before the sheet was a journal, in a git worktree) a child process runs the real
``bergen keep`` in-process on a real data folder, typed those lines; its stdin notes the CPU time at
every line read, so each line's cost is everything the program does with it until it asks for the
next (parse, apply, save with its fsync, announce). Reported: the mean CPU time of a line around
entries 5-60 and in the last 200 entries before entry N, and their ratio.

    python bench/keep_cost.py [--entries 2000] [--seed 1] [--against 43b866b] [--only-here]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bergen_access.core.actions import Draw, Pass, Play  # noqa: E402
from bergen_access.core.dealers import SeededDealer  # noqa: E402
from bergen_access.core.engine import Match, Phase  # noqa: E402
from bergen_access.core.events import Opened  # noqa: E402
from bergen_access.core.keep_record import load_keep  # noqa: E402
from bergen_access.core.rules import BlockedRule, Rules  # noqa: E402

NAMES = ("Anna", "Cem")
TARGET = 5000
KEEP = ["keep", "--names", ",".join(NAMES), "--target", str(TARGET), "--blocked-rule", "none"]
KEEP += ["--speech", "off", "--new"]

CHILD = r"""
import io, json, os, sys, time
sys.path.insert(0, os.getcwd())
typed = json.load(open(sys.argv[1], encoding="utf-8"))
marks = []

class TimedLines(io.TextIOBase):
    '''The keeper's typing: the CPU time is noted each time the program asks for a line.'''
    def __init__(self):
        self.next = 0
    def readable(self):
        return True
    def isatty(self):
        return False
    def readline(self, limit=-1):
        marks.append(time.process_time())
        if self.next >= len(typed):
            return ""
        self.next += 1
        return typed[self.next - 1] + "\n"

sys.stdin = TimedLines()
out = open(os.devnull, "w", encoding="utf-8")
sys.stdout = out
from bergen_access.cli import main
main(json.loads(sys.argv[2]))
sys.stdout = sys.__stdout__
print(json.dumps(marks))
"""


def typed_lines(entries: int, seed: int) -> tuple[list[str], list[int]]:
    """The lines a table calls out for a match of at least ``entries`` entries, and for each line the
    number of entries on the sheet once it is answered."""
    rules = Rules(players=2, target=TARGET, blocked_rule=BlockedRule.NONE)
    match = Match(rules, SeededDealer(seed))
    choose = random.Random(seed * 7 + 1).choice
    lines: list[str] = []
    counts: list[int] = []
    count = 0

    def say(line: str, adds: int) -> None:
        nonlocal count
        count += adds
        lines.append(line)
        counts.append(count)

    while count < entries and not match.is_over:
        if match.phase in (Phase.NOT_STARTED, Phase.HAND_OVER):
            events = match.start_hand()
            count += 1  # the deal: the first at the start, each later one at the empty line
            if match.hand_number > 1:
                lines.append("")
                counts.append(count)
            opened = [e for e in events if isinstance(e, Opened)][-1]
            say(f"{NAMES[opened.seat]} {opened.tile.notation}", 0)
            say("yes", 1)  # the opening, confirmed
            continue
        action = choose(match.legal_actions())
        match.apply(action)
        if isinstance(action, Play):
            say(f"{action.tile.notation} {action.end.name.lower()}", 1)
        elif isinstance(action, Draw):
            say("draw 1", 1)
        elif isinstance(action, Pass):
            say("pass", 1)
    return lines, counts


def saved_entries(home: Path) -> int:
    """How many entries the run left on its sheet (either version's file, wherever that version keeps
    its data folder: ``BERGEN_DATA_DIR`` or the XDG one)."""
    for journal in home.rglob("keep.jsonl"):
        from bergen_access.keeping.sheet import read_sheet  # noqa: PLC0415

        return len(read_sheet(journal)[0][0].entries)
    for whole in home.rglob("keep.json"):
        return len(load_keep(json.loads(whole.read_text(encoding="utf-8")))[0].entries)
    return 0


def measure(tree: Path, lines: list[str], counts: list[int], entries: int) -> dict[str, float]:
    home = Path(tempfile.mkdtemp(prefix="bergen-keep-bench-"))
    script = home / "typed.json"
    script.write_text(json.dumps([*lines, "quit"]), encoding="utf-8")
    env = {
        "HOME": str(home),
        "BERGEN_DATA_DIR": str(home / "data"),
        "BERGEN_CONFIG_DIR": str(home / "config"),
        "XDG_DATA_HOME": str(home / "xdg-data"),  # where older versions keep their data folder
        "XDG_CONFIG_HOME": str(home / "xdg-config"),
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(script), json.dumps(KEEP)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    marks: list[float] = json.loads(done.stdout.strip().splitlines()[-1])
    # marks[k] is when line k was asked for; line k's cost runs to the next mark
    costs = [(counts[k], marks[k + 1] - marks[k]) for k in range(len(lines)) if k + 1 < len(marks)]
    early = [cost for count, cost in costs if 5 <= count <= 60]
    late = [cost for count, cost in costs if entries - 200 <= count <= entries]
    kept = saved_entries(home)
    if kept < entries:
        raise RuntimeError(f"{tree}: only {kept} entries were kept (a line was not taken as expected)")
    return {
        "early_ms": 1000 * sum(early) / len(early),
        "late_ms": 1000 * sum(late) / len(late),
        "entries": kept,
    }


def worktree(commit: str) -> Path:
    target = Path(tempfile.gettempdir()) / f"ref-{commit}"
    if not (target / "bergen_access").is_dir():
        subprocess.run(["git", "worktree", "add", "--detach", str(target), commit], cwd=ROOT, check=True)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", default="43b866b")
    parser.add_argument("--only-here", action="store_true")
    args = parser.parse_args()
    lines, counts = typed_lines(args.entries, args.seed)
    trees = [("here", ROOT)] + ([] if args.only_here else [(args.against, worktree(args.against))])
    print(f"{'tree':10} {'entries':>8} {'ms/entry 5-60':>14} {'ms/entry last 200':>18} {'ratio':>6}")
    for name, tree in trees:
        r = measure(tree, lines, counts, args.entries)
        print(
            f"{name:10} {int(r['entries']):>8} {r['early_ms']:>14.2f} {r['late_ms']:>18.2f} "
            f"{r['late_ms'] / r['early_ms']:>6.2f}"
        )


if __name__ == "__main__":
    main()
