"""Golden transcripts: what the program says, word for word, in complete seeded sessions.

Each case runs the real program (the game and the scorekeeper through pipes, a
network table through real sockets to an in-process server) and keeps every
line it printed or sent, prompts and echoed input included, in
``tests/golden/<case>.txt``. ``tests/test_golden.py`` holds the program to
them exactly. When a change is meant to change what is said, regenerate them
and read the diff before committing it:

    .venv/bin/python -m tests.golden --write        # all cases
    .venv/bin/python -m tests.golden --write NAME…  # some

The player in the game cases reads the legal move from the save file (the
program saves before it speaks), so it plays the same in every language; the
computers are the ``normal`` level, which has no time budget, so every run is
the same on any machine.
"""

from __future__ import annotations

import argparse
import asyncio
import difflib
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from unittest import mock

from bergen_access.core.engine import Phase

from .blind_play_bot import Bot, Step, run_bot
from .drivers import ROOT, environment

GOLDEN = ROOT / "tests" / "golden"


@dataclass(frozen=True)
class Case:
    """One session: ``kind`` game, keep or table; the program's arguments; the lines a keeper types."""

    name: str
    kind: str
    args: tuple[str, ...]
    typed: tuple[str, ...] = ()
    seats: tuple[str, ...] = field(default=())  # a network table: the people who sit, in order


def game(name: str, args: str) -> Case:
    return Case(name, "game", tuple(args.split()))


GAMES = [
    game("game-standard-2-en", "--seed 11 --lang en"),
    game("game-standard-3-de-verbose", "--players 3 --seed 12 --lang de --verbosity verbose"),
    game("game-standard-4-partners-tr", "--players 4 --partners --seed 13 --lang tr"),
    game("game-standard-4-en-terse", "--players 4 --seed 14 --lang en --verbosity terse"),
    game("game-counters-2-de", "--preset counters --seed 15 --lang de"),
    game("game-counters-3-tr-terse", "--preset counters --players 3 --seed 16 --lang tr --verbosity terse"),
    game("game-dominoplaza-2-en-verbose", "--preset dominoplaza --seed 17 --lang en --verbosity verbose"),
    game("game-dominoplaza-4-partners-de", "--preset dominoplaza --players 4 --partners --seed 18 --lang de"),
    game("game-set9-2-en", "--set 9 --seed 19 --lang en"),
    game("game-set9-3-tr-verbose", "--set 9 --players 3 --seed 20 --lang tr --verbosity verbose"),
    game("game-set12-2-de-terse", "--set 12 --seed 21 --lang de --verbosity terse"),
    game("game-set12-4-partners-en", "--set 12 --players 4 --partners --seed 22 --lang en"),
]

KEEPS = [
    Case(  # rules.md 5.4: a double header and a triple, then the table reviewed
        "keep-track-en",
        "keep",
        ("--names", "Anna,Cem", "--lang", "en"),
        ("Cem 5-5", "yes", "2-5 left", "Cem 0-5 right", "02 right", "draw", "2-2 left", "score", "line",
         "history 3", "quit"),
    ),
    Case(  # rules.md 5.11: going out, with a mistake undone and one refused
        "keep-track-going-out-de",
        "keep",
        ("--names", "Anna,Cem", "--scores", "3,0", "--lang", "de"),
        ("Anna 0-0", "Cem 0-4 links", "0-1 rechts", "4-6 links", "1-3 rechts", "2-6 links", "3-5 rechts",
         "2-2 links", "5-6 rechts", "2-4 links", "rückgängig", "2-3 links", "3-5", "3-6 rechts", "stand",
         "beenden"),
    ),
    Case(  # the counters reach zero
        "keep-tally-counters-en",
        "keep",
        ("--mode", "tally", "--preset", "counters", "--names", "Anna,Cem,Mia", "--lang", "en"),
        ("Cem 1-1", "yes", "Anna double", "Cem triple", "Mia out", "Mia 0-0", "blocked Mia", "Anna 0-0",
         "Anna double", "Anna double", "Anna triple", "score", "quit"),
    ),
    Case(  # partners, in Turkish, with an undo and a redo
        "keep-tally-partners-tr",
        "keep",
        ("--mode", "tally", "--players", "4", "--partners", "--names", "Anna,Cem,Mia,Tom", "--lang", "tr"),
        ("Anna 1-1", "evet", "Anna çift", "Mia üçlü", "geri", "yinele", "Cem bitirdi", "Tom 0-0",
         "kilit kimse", "Cem 2-2", "hayır", "Cem 2-2", "evet", "Tom çift", "puan", "çık"),
    ),
]  # fmt: skip

TABLES = [
    Case("table-two-seats-and-a-computer-en", "table", ("standard 3 computers normal",), seats=("Ada", "Bo")),
]

CASES = {case.name: case for case in [*GAMES, *KEEPS, *TABLES]}


#: what the player asks between moves, one at each of the first turns, in the game's language (and a
#: few in English, which always works, and two lines that are refused)
REVIEWS = {
    "en": ["hand", "hint", "ends", "line", "score", "count", "turn", "seats", "unseen", "history 2",
           "repeat", "help", "help hint", "rules", "xyzzy", "7-7", "verbosity", "speech", "language"],
    "de": ["hand", "tipp", "enden", "reihe", "stand", "anzahl", "zug", "plätze", "ungesehen", "verlauf 2",
           "wiederholen", "hilfe", "hilfe tipp", "regeln", "hint", "xyzzy", "7-7", "ausführlichkeit"],
    "tr": ["el", "ipucu", "uçlar", "dizi", "puan", "say", "sıra", "oyuncular", "kalanlar", "geçmiş 2",
           "tekrar", "yardım", "yardım ipucu", "kurallar", "score", "xyzzy", "7-7", "ayrıntı"],
}  # fmt: skip


def _game(case: Case, home: Path) -> str:
    language = case.args[case.args.index("--lang") + 1]
    asked = list(REVIEWS[language])

    def review(step: Step) -> str | None:
        """On the player's turn, one question first (the turn stays, so the move follows it)."""
        state = step.state
        if asked and state is not None and state.phase is Phase.PLAYING and state.turn == 0:
            return asked.pop(0)
        return None

    transcript, status = run_bot(home, ["--new", *case.args], Bot(home, extra=review))
    assert status == 0, transcript[-2000:]
    return transcript


def _keep(case: Case, home: Path) -> str:
    import subprocess  # noqa: PLC0415 - only here

    result = subprocess.run(
        [sys.executable, "-m", "bergen_access", "keep", *case.args],
        input="".join(line + "\n" for line in case.typed),
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=environment(home, TERM="dumb"),
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def _table(case: Case, home: Path) -> str:
    """The people sit at one table through real sockets and play it out; each one's lines, in turn."""
    from .net_clients import play_out, seat_people  # noqa: PLC0415 - the server only for table cases

    async def session() -> list[list[str]]:
        from .local_server import local_server  # noqa: PLC0415

        server = local_server()  # nothing kept; these people type faster than anyone, all from 127.0.0.1
        port = await server.start("127.0.0.1", 0)
        try:
            table, clients = await seat_people(server, port, f"{case.args[0]}", list(case.seats))
            await play_out(table, dict(enumerate(clients)))
            await asyncio.sleep(0.2)  # the last lines reach every seat
            heard = [list(client.lines) for client in clients]
            for client in clients:
                await client.close()
            return heard
        finally:
            await server.close()

    from bergen_access.core import SeededDealer  # noqa: PLC0415

    with mock.patch("bergen_access.net.tables.SeededDealer", lambda _random: SeededDealer(7)):
        heard = asyncio.run(session())
    parts = []
    for name, lines in zip(case.seats, heard, strict=True):
        parts.append(f"=== {name}\n" + "".join(CODE.sub(r"\1 CODE", line) + "\n" for line in lines))
    return "".join(parts)


#: a seat's rejoin code is random: the transcripts say CODE
CODE = re.compile(r"(\S+) [0-9a-f]{8}\b")


RUNS: dict[str, Callable[[Case, Path], str]] = {"game": _game, "keep": _keep, "table": _table}


def transcript(case: Case) -> str:
    """What the program said in ``case``, with a heading that says how it was run."""
    with tempfile.TemporaryDirectory(prefix="golden-") as folder:
        said = RUNS[case.kind](case, Path(folder))
    heading = f"# {case.kind}: {' '.join(case.args)}\n"
    if case.typed:
        heading += f"# typed: {' | '.join(case.typed)}\n"
    if case.seats:
        heading += f"# seats: {', '.join(case.seats)}\n"
    return heading + said


def path_of(case: Case) -> Path:
    return GOLDEN / f"{case.name}.txt"


def differences(case: Case) -> Iterator[str]:
    """The lines where the program now says something else than its golden transcript."""
    expected = path_of(case).read_text(encoding="utf-8").splitlines(keepends=True)
    now = transcript(case).splitlines(keepends=True)
    yield from difflib.unified_diff(expected, now, f"golden/{case.name}.txt", "now", n=2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the transcripts anew")
    parser.add_argument("names", nargs="*", help="only these cases")
    args = parser.parse_args(argv)
    chosen = [CASES[name] for name in args.names] if args.names else list(CASES.values())
    GOLDEN.mkdir(exist_ok=True)
    changed = 0
    for case in chosen:
        if args.write:
            path_of(case).write_text(transcript(case), encoding="utf-8")
            print(f"wrote {path_of(case).relative_to(ROOT)}")
            continue
        diff = list(differences(case))
        changed += bool(diff)
        sys.stdout.writelines(diff)
    return 1 if changed else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONPATH", str(ROOT))
    sys.exit(main())
