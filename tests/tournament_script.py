"""A whole tournament at ``bergen serve`` as one blind entrant hears it: five people on raw line clients
and three computers, three rounds of duplicate deals at tables of 4, played by the tests' bot (a legal
move on each turn, ready after each hand). Ada's lines, from her greeting to the final standings, are
written to ``docs/tournament-transcript-en.txt`` (an example run: the deals and codes differ each run):

    .venv/bin/python -m tests.tournament_script --write
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

from bergen_access.core.engine import Match

from .drivers import ROOT, transcript_main
from .folders import data_env
from .local_server import local_server

TRANSCRIPT = ROOT / "docs" / "tournament-transcript-en.txt"


def transcript() -> list[str]:
    """Ada's lines of a whole tournament (the server in this process, its folder a temporary one)."""
    from bergen_access.session.storage import Storage  # noqa: PLC0415

    from .test_net_tournament import NEW, PEOPLE, entrant, play_tournament  # noqa: PLC0415

    heard: list[str] = []

    async def main(folder: Path) -> None:
        server = local_server(Storage.open(folder))
        port = await server.start("127.0.0.1", 0)
        try:
            people = {name: await entrant(port, name) for name in PEOPLE}
            ada = people["Ada"]
            await ada.send("help")
            await ada.wait_for("^At a table every command")
            await ada.send(NEW)
            await ada.wait_for("^Your tournament is open")
            for name in PEOPLE[1:]:
                await people[name].send("tournament join")
                await people[name].wait_for("^You are in the tournament")
            await ada.send("tournament start")
            seen: dict[tuple[int, int], Match] = {}
            await play_tournament(server, people, seen)
            await ada.wait_for("^The tournament is over")
            await asyncio.sleep(0.3)
            heard.extend(ada.lines)
            for person in people.values():
                await person.close()
        finally:
            await server.close()

    with tempfile.TemporaryDirectory() as home:
        os.environ.update(data_env(Path(home)))
        asyncio.run(main(Path(home) / "server"))
    return heard


def main() -> int:
    return transcript_main(
        __doc__ or "", TRANSCRIPT, lambda: "\n".join(f"< {line}" for line in transcript()) + "\n"
    )


if __name__ == "__main__":
    sys.exit(main())
