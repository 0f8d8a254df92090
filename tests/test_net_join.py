"""``bergen join`` against the real ``bergen serve``: two people through the program's own client, one
through a raw line client, one computer seat — each hears the game in their own language."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from bergen_access.join import address

from .join_clients import joiner, serve_process
from .net_clients import LineClient


@pytest.fixture
def server(tmp_path: Path) -> Iterator[int]:
    with serve_process(tmp_path) as port:
        yield port


def test_two_joiners_a_line_client_and_a_computer_play_at_one_table(tmp_path: Path, server: int) -> None:
    async def line_client() -> LineClient:
        cy = await LineClient.connect(server)
        await cy.send("name Cy")
        await cy.send("create standard 4 computers normal")
        await cy.wait_for("You sit at table 1")
        return cy

    loop = asyncio.new_event_loop()
    try:
        cy = loop.run_until_complete(line_client())
        ada = joiner(tmp_path, server, "Ada", "en")
        ada.expect("You are Ada")
        ada.sendline("join 1")
        ada.expect("You sit at table 1, seat 2")
        bo = joiner(tmp_path, server, "Bo", "de")
        bo.expect("Du bist Bo")
        bo.sendline("join 1")
        bo.expect(r"Tisch 1")
        ada.expect(r"Hand 1\. Your tiles: ")
        bo.expect(r"Runde 1\. Deine Steine: ")
        loop.run_until_complete(cy.wait_for(r"Hand 1\. Your tiles: "))
        ada.sendline("score")
        ada.expect(r"Score|target")
        bo.sendline("say hallo")
        ada.expect("Bo says: hallo")
        loop.run_until_complete(cy.wait_for("Bo says: hallo"))
        for child in (ada, bo):
            child.sendline("quit")
        for child in (ada, bo):
            child.expect(pexpect.EOF)
        heard = "\n".join(cy.lines)
        assert re.search(r"(Ada|Bo|Anna) (opens|plays)|You open", heard), heard
        loop.run_until_complete(cy.close())
    finally:
        loop.close()


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("localhost", ("localhost", 4000)),
        ("localhost:4001", ("localhost", 4001)),
        ("192.168.1.5:65535", ("192.168.1.5", 65535)),
        ("::1", ("::1", 4000)),
        ("[::1]:4002", ("::1", 4002)),
        ("[fe80::1]", ("fe80::1", 4000)),
        ("localhost:99999", None),
        ("localhost:0", None),
        ("localhost:4x", None),
        ("localhost:٤٠٠٠", None),
        (":4000", None),
        ("[::1]x", None),
        ("a b:4000", None),
    ],
)
def test_an_address_is_read_or_refused_never_guessed(typed: str, expected: tuple[str, int] | None) -> None:
    assert address(typed) == expected


def test_a_wrong_address_is_told_in_one_sentence(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path), "LANG": "C.UTF-8", "BRLAPI_HOST": ":98"}
    done = subprocess.run(
        [sys.executable, "-m", "bergen_access", "join", "localhost:99999", "--plain", "--speech", "off"],
        env=env,
        input="",
        check=False,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=30,
    )
    assert done.returncode == 2
    assert done.stdout.strip().endswith(
        "“localhost:99999” is no address: type HOST or HOST:PORT, e.g. localhost:4000."
    ), done.stdout
    assert "Traceback" not in done.stderr


# the seat's code, the closes and the prompt's state come by GMCP: tests/test_net_gmcp.py
