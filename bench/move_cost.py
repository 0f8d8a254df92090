"""What a move costs as a match grows, and what a resume costs, side by side with an older version.

For each tree (this checkout, and by default the code before the journal, ``f5cc0df``, in a git
worktree) a child process plays one long match in-process the way the console loop plays it (a real
``MatchSeat`` saving into a real data folder: ``tests/record_play.py``) and measures the CPU time of
each of the player's moves with everything that follows it until the next prompt (the computers' answers, the
saves). Reported: the mean at moves 1-60 and at the last 200 moves before move N, and their ratio.

Then the resume: the real program (``python -m bergen_access``) started on the data folder that
holds the N-move match, answering "yes" and then "quit", against a fresh start ("--new", "quit"):
the child's CPU time (user + system), median of R runs.

    python bench/move_cost.py [--moves 2000] [--runs 5] [--against f5cc0df] [--only-here]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time, statistics
from pathlib import Path
sys.path.insert(0, "tests")
from record_play import seat_for, play_out
from bergen_access.core.rules import Rules
folder, moves = Path(sys.argv[1]), int(sys.argv[2])
rules = Rules(players=2, target=100000)
seat = seat_for(folder, rules, 5, {1: "easy"})
times, last = [], [time.process_time()]
def moment(s):
    now = time.process_time()
    times.append((len(s.match.actions), now - last[0]))
    last[0] = now
play_out(seat, "easy", moment=moment, most_actions=moves)
early = [t for n, t in times if n <= 60]
late = [t for n, t in times if moves - 200 <= n < moves]
print(json.dumps({"early_ms": 1000 * statistics.mean(early), "late_ms": 1000 * statistics.mean(late),
                  "actions": len(seat.match.actions), "hands": seat.match.hand_number}))
"""


def environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BERGEN_", "XDG_"))}
    env.update(
        HOME=str(home),
        BERGEN_DATA_DIR=str(home / "data"),
        BERGEN_CONFIG_DIR=str(home / "config"),
        LANG="C.UTF-8",
        TERM="dumb",
    )
    return env


def child_cpu(command: list[str], cwd: Path, env: dict[str, str], typed: str = "") -> tuple[float, str]:
    """Run ``command``; its CPU time (user + system, seconds) and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        command, cwd=cwd, env=env, input=typed, text=True, capture_output=True, timeout=600, check=False
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{command} failed: {done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout


def measure(tree: Path, moves: int, runs: int) -> dict[str, float]:
    home = Path(tempfile.mkdtemp(prefix="bergen-bench-"))
    env = environment(home)
    _, out = child_cpu([sys.executable, "-c", CHILD, str(home / "data"), str(moves)], tree, env)
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    # the long match is saved in the data folder: the real program offers it, "yes", then leaves
    game = [sys.executable, "-m", "bergen_access", "--plain", "--speech", "off", "--braille", "off"]
    (home / "config").mkdir(exist_ok=True)
    child_cpu([*game, "--new", "--seed", "1"], tree, environment(Path(tempfile.mkdtemp())), "quit\n")  # warm
    resumes, fresh = [], []
    for _ in range(runs):
        cpu, out = child_cpu(game, tree, env, "yes\nquit\n")
        assert "saved match is waiting" in out, out[-500:]
        resumes.append(cpu)
        other = Path(tempfile.mkdtemp(prefix="bergen-bench-"))
        cpu, _ = child_cpu([*game, "--new", "--seed", "1"], tree, environment(other), "quit\n")
        fresh.append(cpu)
    result["resume_s"] = statistics.median(resumes)
    result["fresh_s"] = statistics.median(fresh)
    return result


def worktree(commit: str) -> Path:
    target = Path(tempfile.gettempdir()) / f"bergen-at-{commit}"
    if not (target / "bergen_access").is_dir():
        subprocess.run(["git", "worktree", "add", "--detach", str(target), commit], cwd=ROOT, check=True)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", default="f5cc0df")
    parser.add_argument("--only-here", action="store_true")
    args = parser.parse_args()
    trees = [("here", ROOT)] + ([] if args.only_here else [(args.against, worktree(args.against))])
    print(
        f"{'tree':10} {'moves':>6} {'ms/move 1-60':>13} {'ms/move last 200':>17} {'ratio':>6} "
        f"{'resume s':>9} {'fresh s':>8} {'ratio':>6}"
    )
    for name, tree in trees:
        r = measure(tree, args.moves, args.runs)
        print(
            f"{name:10} {int(r['actions']):>6} {r['early_ms']:>13.2f} {r['late_ms']:>17.2f} "
            f"{r['late_ms'] / r['early_ms']:>6.2f} {r['resume_s']:>9.3f} {r['fresh_s']:>8.3f} "
            f"{r['resume_s'] / r['fresh_s']:>6.2f}"
        )


if __name__ == "__main__":
    main()
