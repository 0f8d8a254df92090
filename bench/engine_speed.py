"""Engine CPU time over whole games, side by side with an older commit and the ``dominoes`` package.

A game of ours is a whole match (deals, openings, every play, draw and pass with its legality
check and events, until a side reaches the target) of the ``standard`` preset, played by random
legal moves: the same seeded dealer and the same seeded move policy (``moves[int(rng.random() *
len(moves))]``) in every tree, so every tree plays the same moves; the bench checks this (a digest
of each game's actions) and stops if they differ. Each tree (this checkout, and each ``--against``
commit in a git worktree at ``/tmp/ref-<commit>``) and the ``dominoes`` package (6.1.0) run in a
child process of their own, kept for the whole run; the parent asks each in turn for one batch,
rotating who goes first every round, so machine load hits all alike. A child times its own CPU
(``time.process_time``) around the games only.

The ``dominoes`` package's game is not Bergen: four players in two partnerships, seven tiles each,
every tile dealt (no stock, no drawing), played out once (its ``Game``, one hand). It is given the
same random policy and compared per move, beside our 2- and 4-player games; the ratio is indicative.

Printed: per set, players and tree the games, moves and median CPU per batch, the medians of the
per-round ratios (ours / each commit, ours / dominoes per move), and with ``--profile`` the top of
a profile of one batch of double-six games in each tree.

    pip install dominoes==6.1.0
    python bench/engine_speed.py [--against 43b866b] [--rounds 9] [--games 200] [--sets 6,9]
                                 [--players 2,4] [--preset standard] [--profile]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
DOMINOES = "dominoes"

#: The child: one engine, batches on request (one JSON line in, one out). ``tree`` first on the
#: path, so its ``bergen_access`` is the one imported (checked).
CHILD = r"""
import cProfile, gc, hashlib, io, json, pstats, random, sys, time
tree = sys.argv[1]
if tree != "dominoes":
    sys.path.insert(0, tree)
    import bergen_access
    from bergen_access.core import Draw, Match, Pass, Phase, Play, SeededDealer, preset
    assert bergen_access.__file__.startswith(tree), bergen_access.__file__
    PLAYING, HAND_OVER = Phase.PLAYING, Phase.HAND_OVER

    def game(rules, seed):
        match = Match(rules, SeededDealer(seed))
        draw = random.Random(seed).random
        legal_actions, apply, start_hand = match.legal_actions, match.apply, match.start_hand
        start_hand()
        while True:
            phase = match.phase
            if phase is PLAYING:
                actions = legal_actions()
                apply(actions[int(draw() * len(actions))])
            elif phase is HAND_OVER:
                start_hand()
            else:
                return match

    def record(match):
        kinds = {Play: 0, Draw: 1, Pass: 2}
        return [(kinds[type(a)], a.seat, int(getattr(a, "tile", -1)), int(getattr(a, "end", -1)))
                for a in match.actions]
else:
    import dominoes

    def game(rules, seed):
        random.seed(seed)  # the package deals with the module's generator
        draw = random.Random(seed).random
        played = dominoes.Game.new()
        make_move = played.make_move
        while played.result is None:
            moves = played.valid_moves
            make_move(*moves[int(draw() * len(moves))])
        return played

    def record(played):
        return [None if m is None else (str(m[0]), m[1]) for m in played.moves]

clock = time.process_time
for line in sys.stdin:
    ask = json.loads(line)
    rules = None if tree == "dominoes" else preset(ask["preset"], players=ask["players"], tile_set=ask["set"])
    seeds = range(ask["first"], ask["first"] + ask["games"])
    gc.collect()
    if ask["profile"]:
        profile = cProfile.Profile()
        profile.enable()
        for seed in seeds:
            game(rules, seed)
        profile.disable()
        text = io.StringIO()
        stats = pstats.Stats(profile, stream=text)
        stats.sort_stats("tottime").print_stats(ask["top"])
        body = text.getvalue()
        print(json.dumps({"profile": body[body.index("ncalls"):]}), flush=True)
        continue
    cpu, moves, digest = 0.0, 0, hashlib.sha256()
    for seed in seeds:
        started = clock()
        played = game(rules, seed)
        cpu += clock() - started
        actions = record(played)
        moves += len(actions)
        digest.update(repr(actions).encode())
    print(json.dumps({"cpu": cpu, "moves": moves, "digest": digest.hexdigest()}), flush=True)
"""


@dataclass
class Child:
    """One engine in a process of its own, answering batches."""

    name: str
    process: subprocess.Popen[str]

    def ask(self, **question: Any) -> dict[str, Any]:
        stdin: IO[str] | None = self.process.stdin
        stdout: IO[str] | None = self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(json.dumps(question) + "\n")
        stdin.flush()
        answer = stdout.readline()
        if not answer:
            raise RuntimeError(f"{self.name}: the child ended without an answer")
        result: dict[str, Any] = json.loads(answer)
        return result


def start(name: str, tree: str) -> Child:
    process = subprocess.Popen(
        [sys.executable, "-c", CHILD, tree], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    return Child(name, process)


def worktree(commit: str) -> Path:
    """A checkout of ``commit`` at /tmp/ref-<commit>, made once."""
    target = Path(tempfile.gettempdir()) / f"ref-{commit}"
    if not (target / "bergen_access").is_dir():
        subprocess.run(["git", "worktree", "add", "--detach", str(target), commit], cwd=ROOT, check=True)
    return target


@dataclass
class Series:
    """One engine's batches on one task."""

    cpu: list[float] = field(default_factory=list)
    moves: int = 0
    games: int = 0
    digest: str = ""


def rotated(children: list[Child], shift: int) -> Iterator[Child]:
    for index in range(len(children)):
        yield children[(index + shift) % len(children)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="43b866b", help="commits to compare with, comma-separated")
    parser.add_argument("--rounds", type=int, default=9, help="interleaved rounds")
    parser.add_argument("--games", type=int, default=200, help="games per batch (the same seeds each round)")
    parser.add_argument("--sets", default="6,9", help="sets (6, 9, 12); dominoes plays only beside 6")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--profile", action="store_true", help="profile one batch of double-six games first")
    parser.add_argument("--top", type=int, default=12, help="profile lines")
    args = parser.parse_args()
    commits = [c for c in args.against.split(",") if c]
    trees = [("here", str(ROOT))] + [(c, str(worktree(c))) for c in commits]
    ours = [start(name, tree) for name, tree in trees]
    reference = start(DOMINOES, DOMINOES)
    sets = [int(s) for s in args.sets.split(",")]
    players = [int(p) for p in args.players.split(",")]
    batch = {"preset": args.preset, "first": 1, "games": args.games, "top": args.top}
    try:
        if args.profile:
            for child in ours:
                for count in players:
                    text = child.ask(**batch, players=count, set=6, profile=True)["profile"]
                    print(f"--- profile: {child.name}, double-six, {count} players, {args.games} games")
                    print(text.rstrip())
            print()
        tasks = [(s, p) for s in sets for p in players]
        series: dict[tuple[int, int, str], Series] = {}
        for round_number in range(args.rounds):
            for tile_set, count in tasks:
                children = ours + ([reference] if tile_set == 6 else [])
                for child in rotated(children, round_number + tile_set + count):
                    if child is reference and count != max(players):
                        continue  # the package's game is one: its 4-player game, timed once a round
                    result = child.ask(**batch, players=count, set=tile_set, profile=False)
                    key = (tile_set, 4 if child is reference else count, child.name)
                    one = series.setdefault(key, Series(digest=result["digest"]))
                    if one.digest != result["digest"]:
                        raise RuntimeError(f"{child.name} played other moves in round {round_number + 1}")
                    one.cpu.append(result["cpu"])
                    one.moves += result["moves"]
                    one.games += args.games
            print(f"round {round_number + 1} of {args.rounds} done", file=sys.stderr, flush=True)
        report(series, sets, players, [name for name, _ in trees])
    finally:
        for child in [*ours, reference]:
            assert child.process.stdin is not None
            child.process.stdin.close()
            child.process.wait()


def report(
    series: dict[tuple[int, int, str], Series], sets: list[int], players: list[int], names: list[str]
) -> None:
    print(f"{'set':>3} {'pl':>2} {'engine':10} {'games':>6} {'moves':>8} {'CPU/batch s':>11} {'us/move':>8}")
    for tile_set in sets:
        for count in players:
            for name in [*names, DOMINOES]:
                one = series.get((tile_set, count, name))
                if one is None:
                    continue
                per_move = 1e6 * sum(one.cpu) / one.moves
                print(
                    f"d{tile_set:<2} {count:>2} {name:10} {one.games:>6} {one.moves:>8} "
                    f"{statistics.median(one.cpu):>11.4f} {per_move:>8.2f}"
                )
    print()
    here = names[0]
    for tile_set in sets:
        for count in players:
            mine = series[(tile_set, count, here)]
            for name in names[1:]:
                other = series[(tile_set, count, name)]
                same = "same moves" if other.digest == mine.digest else "OTHER MOVES"
                ratio = statistics.median(a / b for a, b in zip(mine.cpu, other.cpu, strict=True))
                print(f"d{tile_set} {count}p  {here} / {name:8} CPU median of rounds {ratio:.3f}  ({same})")
            package = series.get((tile_set, 4, DOMINOES))
            if package is not None:
                # per move: the package's games are other games (its 4-player block game, one hand)
                mine_move = [c / (mine.moves / len(mine.cpu)) for c in mine.cpu]
                its_move = [c / (package.moves / len(package.cpu)) for c in package.cpu]
                ratio = statistics.median(a / b for a, b in zip(mine_move, its_move, strict=True))
                print(f"d{tile_set} {count}p  {here} / dominoes (4p block game) CPU per move {ratio:.3f}")


if __name__ == "__main__":
    main()
