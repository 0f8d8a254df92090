"""Registered names at ``bergen serve``: a name claimed with a passphrase is taken only with it (real
sockets, a raw line client as a telnet player has); wrong passphrases are refused and counted under
the guess limit of rejoin codes, and the host hears of them; the file holds a slow hash, never the
passphrase; a restart keeps the names; unregistered play is as it was."""

from __future__ import annotations

import json
import time
from pathlib import Path

from bergen_access.i18n import I18n
from bergen_access.net import registry
from bergen_access.net.guard import MOST_WRONG, WrongSecrets
from bergen_access.net.per_minute import WrongPassphrases
from bergen_access.net.registry import KeptFileProblem, Registry
from bergen_access.net.server import HostNotice, Server
from bergen_access.session.storage import Storage

from .net_clients import LineClient, until
from .test_net_server import run

EN = I18n("en")
SECRET = "seven quiet otters"
WRONG = "seven quiet beavers"


async def named(port: int, line: str) -> LineClient:
    person = await LineClient.connect(port)
    await person.wait_for("^Welcome")
    await person.send(line)
    return person


def test_a_registered_name_is_taken_only_with_its_passphrase_and_wrong_ones_are_counted(
    tmp_path: Path,
) -> None:
    heard: list[HostNotice] = []
    everything: list[str] = []

    async def register(server: Server, port: int) -> None:
        ayse = await named(port, "name Ayşe")
        await ayse.wait_for("^You are Ayşe")
        await ayse.send("register short")  # too short: told exactly what to type
        await ayse.wait_for(r"^Type register, a space, then a passphrase of at least 8 characters")
        await ayse.send(f"register {SECRET}")
        await ayse.wait_for(r"^Ayşe is registered to you\. Next time type name Ayşe, a space, then your")
        everything.extend(ayse.lines)
        await ayse.close()

    async def come_back(server: Server, port: int) -> None:
        plain = await named(port, "name Ayşe")  # the name alone: what to type, no guess counted
        await plain.wait_for(r"^Ayşe is a registered name\. If it is yours, type name Ayşe, a space, then")
        other_case = await named(port, f"name AYŞE {WRONG}")  # the same name to a reader
        await other_case.wait_for("^That is not the passphrase of Ayşe.$")
        assert not server.failures.barred("127.0.0.1", time.monotonic())
        guesser = await named(port, f"name Ayşe {WRONG}")
        for count in range(1, MOST_WRONG - 1):  # each answered before the next (one check at a time)
            await until(lambda c=count: len(guesser.lines) >= c + 1, what="an answer")
            await guesser.send(f"name Ayşe {WRONG}")
        await until(lambda: guesser.closed, what="the guesser barred")
        assert guesser.lines.count("That is not the passphrase of Ayşe.") == MOST_WRONG - 2
        assert guesser.lines[-1].startswith("Too many wrong passwords or codes from your address")
        # the same limit as rejoin codes, one count per address: the right passphrase waits too now
        barred = await LineClient.connect(port)  # the address waits: not even greeted
        await barred.wait_for("^Too many wrong passwords or codes")
        told = next(n for n in heard if isinstance(n, WrongPassphrases))
        assert told == WrongPassphrases("127.0.0.1", 1, True)
        server.failures = WrongSecrets()  # the minute is over
        owner = await named(port, f"name ayşe   {SECRET} ")  # any case, spaces evened out
        await owner.wait_for("^You are Ayşe. Type tables")  # as registered
        await owner.send("who")
        await owner.wait_for(r"^Online: Ayşe \(lobby\)")
        for person in (plain, other_case, guesser, barred, owner):
            everything.extend(person.lines)
            await person.close()
        plain_name = await named(port, "name Bo")  # unregistered play as it was
        await plain_name.wait_for("^You are Bo. Type tables")
        await plain_name.close()

    run(register, tmp_path, report=heard.append)
    run(come_back, tmp_path, report=heard.append)  # a new server on the same folder: the name holds
    assert not any(SECRET in line or WRONG in line for line in everything)  # never said back
    stored = (tmp_path / registry.FILE).read_text(encoding="utf-8")
    assert SECRET not in stored and SECRET.encode().hex() not in stored
    entry = json.loads(stored)["names"][0]
    assert entry["name"] == "Ayşe" and (entry["n"], entry["r"], entry["p"]) == (2**15, 8, 1)
    held = Registry(Storage.open(tmp_path))
    assert held.load() is None and registry.matches(held.claims["Ayşe"], SECRET)
    assert not registry.matches(held.claims["Ayşe"], WRONG)
    for path in tmp_path.rglob("*"):  # nowhere in the server's files
        assert not path.is_file() or SECRET.encode() not in path.read_bytes(), path


def test_two_names_never_share_a_salt_and_a_damaged_file_is_set_aside_and_told(tmp_path: Path) -> None:
    first, second = registry.claim("Ada", SECRET), registry.claim("Bo", SECRET)
    assert first.salt != second.salt and first.digest != second.digest
    (tmp_path / registry.FILE).write_text(
        json.dumps({"format": registry.FORMAT, "version": 1, "names": [{"name": "Ada", "n": 3}]}),
        encoding="utf-8",
    )
    problem = Registry(Storage.open(tmp_path)).load()
    assert isinstance(problem, KeptFileProblem) and problem.what == "names"
    assert problem.problem.kept is not None and problem.problem.kept.exists()
    assert not (tmp_path / registry.FILE).exists()
    from bergen_access.present.notices import file_problem  # noqa: PLC0415

    told = file_problem(EN, "names", problem.problem).text
    assert told.startswith("The registered names could not be used (") and told.count(". ") <= 1


def test_register_asks_for_a_name_first_and_a_registered_name_cannot_be_registered_again() -> None:
    async def body(server: Server, port: int) -> None:
        nameless = await LineClient.connect(port)
        await nameless.wait_for("^Welcome")
        await nameless.send(f"register {SECRET}")
        await nameless.wait_for("^First your name")
        ada = await named(port, "name Ada")
        await ada.wait_for("^You are Ada")
        await ada.send(f"register {SECRET}")
        await ada.wait_for("^Ada is registered to you")
        await ada.send(f"register {WRONG}")
        await ada.wait_for("^Ada is registered already.$")
        cyrillic = await named(port, f"name Аԁа {SECRET}")  # Cyrillic, yet "Ada" by its skeleton
        await cyrillic.wait_for("^Аԁа is taken: it reads like Ada. Choose another name.$")
        await ada.close()
        await until(lambda: len(server.clients) == 2, what="Ada gone")
        await cyrillic.send(f"name Аԁа {WRONG}")
        await cyrillic.wait_for("^That is not the passphrase of Ada.$")
        await cyrillic.send("name Аԁа")
        await cyrillic.wait_for("^Ada is a registered name")
        for person in (nameless, cyrillic):
            await person.close()

    run(body)
