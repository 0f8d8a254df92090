"""``bergen serve`` as its host meets it: wrong flags, a taken port, a second server on the same folder,
damaged or unwritable table files, stopping and starting again — one sentence each, never a traceback."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from .capabilities import pty_spawn, stop_gently
from .folders import data_env
from .local_server import local_server
from .net_clients import LineClient

LISTENING = re.compile(r"listening on [\d.]+:(\d+)")


def environment(home: Path, data: Path | None = None) -> dict[str, str]:
    return {
        **os.environ,
        "HOME": str(home),
        **data_env(home, data=data),
        "LANG": "C.UTF-8",
    }


def serve(env: dict[str, str], *flags: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "bergen_access", "serve", "--port", "0", *flags],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )


def lines_until_listening(process: subprocess.Popen[str]) -> tuple[list[str], int]:
    """What the host was told before the server listened, and its port."""
    assert process.stdout is not None
    told: list[str] = []
    while True:
        line = process.stdout.readline()
        assert line, f"the server ended: {told} {process.stderr.read() if process.stderr else ''}"
        found = LISTENING.search(line)
        if found:
            return told, int(found.group(1))
        told.append(line.rstrip("\n"))


def stop(process: subprocess.Popen[str]) -> tuple[str, str]:
    stop_gently(process)
    out, err = process.communicate(timeout=15)
    assert process.returncode == 0, err
    assert "Traceback" not in err
    return out, err


def one_shot(env: dict[str, str], *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bergen_access", "serve", *flags],
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=30,
        check=False,
    )


async def sit_at_a_new_table(port: int) -> None:
    """Ada opens a table against a computer; the first hand is dealt; she goes."""
    ada = await LineClient.connect(port)
    for line in ("name Ada", "create standard 2 computers easy"):
        await ada.send(line)
    await ada.wait_for(r"^Hand 1\. Your tiles")
    await ada.close()


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--port", "99999"], "argument --port: “99999” is no port: a port is 0 to 65535."),
        (["--port", "²"], "argument --port: “²” is no port: a port is 0 to 65535."),
        (["--hold", "nan"], "argument --hold: “nan” is no number of minutes from 0 to 10080."),
        (["--hold", "-5"], "argument --hold: “-5” is no number of minutes from 0 to 10080."),
    ],
)
def test_a_wrong_flag_is_one_sentence(tmp_path: Path, flags: list[str], said: str) -> None:
    done = one_shot(environment(tmp_path), *flags)
    assert done.returncode == 2
    assert done.stderr.strip().endswith(said), done.stderr
    assert "Traceback" not in done.stderr


def test_an_unknown_host_and_a_taken_port_are_told_not_thrown(tmp_path: Path) -> None:
    done = one_shot(environment(tmp_path), "--host", "nosuchhost.invalid")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stdout.startswith("bergen serve cannot listen on nosuchhost.invalid:4000: "), done.stdout
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = one_shot(environment(tmp_path / "other"), "--port", str(port))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stdout.startswith(f"bergen serve cannot listen on 127.0.0.1:{port}: "), done.stdout
    assert "in use" in done.stdout or "10048" in done.stdout  # Windows: [WinError 10048] (WSAEADDRINUSE)


def test_a_second_server_on_the_same_folder_is_refused_and_the_first_goes_on(tmp_path: Path) -> None:
    env = environment(tmp_path)
    first = serve(env)
    try:
        _, port = lines_until_listening(first)
        done = one_shot(env, "--port", "0")
        folder = tmp_path / "data" / "bergen-access" / "server"
        assert done.returncode == 1
        assert done.stdout.strip() == (
            f"Another bergen serve keeps its tables in {folder}. Stop it first, "
            "or start this one with another BERGEN_DATA_DIR."
        )
        with socket.create_connection(("127.0.0.1", port), timeout=5) as still:
            assert b"Welcome" in still.recv(200)
    finally:
        stop(first)


def test_damaged_and_stray_table_files_are_set_aside_and_told(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "bergen-access" / "server"
    folder.mkdir(parents=True)
    (folder / "table-3.json").write_text('{"nope": 1}')
    (folder / "table-4.json").write_bytes(b"\xff\xfe not json")
    (folder / "table-1.json.k3j2.tmp").write_text("half a save")
    process = serve(environment(tmp_path))
    try:
        told, _ = lines_until_listening(process)
    finally:
        stop(process)
    assert len(told) == 2, told
    for number, reason in ((3, "not a file of Bergen Access"), (4, "not UTF-8 text")):
        said = next(line for line in told if f"table-{number}.damaged-" in line)
        assert said.startswith(
            f"A saved table could not be used ({reason}). It was kept as {folder}{os.sep}table-"
        )
        assert said.endswith("; the server goes on.")
    assert sorted(p.name.split(".")[0] for p in folder.glob("table-*")) == ["table-3", "table-4"]
    assert not list(folder.glob("*.tmp"))


def test_a_folder_that_cannot_be_written_costs_the_saving_never_the_server(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    process = serve(environment(tmp_path, data=blocked / "bergen-access"))
    try:
        told, port = lines_until_listening(process)
        assert len(told) == 1 and told[0].startswith(
            f"Cannot save in {blocked / 'bergen-access' / 'server'} ("
        ), told
        assert told[0].endswith("Everything goes on, but nothing is saved.")

        asyncio.run(sit_at_a_new_table(port))
    finally:
        out, _ = stop(process)
    assert out.strip().endswith("bergen serve stopped.")  # nothing was kept, so nothing is promised


def test_stopping_says_what_is_kept_and_starting_again_brings_it_back(tmp_path: Path) -> None:
    env = environment(tmp_path)
    process = serve(env)
    try:
        _, port = lines_until_listening(process)

        asyncio.run(sit_at_a_new_table(port))
        time.sleep(0.2)
    finally:
        out, _ = stop(process)
    assert out.strip().endswith("bergen serve stopped. 1 table is saved and comes back at the next start.")
    again = serve(env)
    try:
        told, _ = lines_until_listening(again)
    finally:
        stop(again)
    assert told == ["1 saved table is back; its players rejoin with their codes."]


WIDE = (24, 200)  # printed lines are wrapped to the terminal's width; these patterns read whole lines


def joiner(home: Path, port: int, *flags: str) -> pexpect.spawn:
    env = {"HOME": str(home), "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", ""), "BRLAPI_HOST": ":98"}
    env["BERGEN_TEST_RETRY_SCALE"] = "0.1"  # tries after 0.1, 0.2, 0.4, 0.8, 1.5 and 3 s
    arguments = ["-m", "bergen_access", "join", f"127.0.0.1:{port}", "--name", "Ada", *flags]
    arguments += ["--plain", "--speech", "off", "--sounds", "off", "--lang", "en"]
    return pty_spawn(sys.executable, arguments, env=env, encoding="utf-8", timeout=20, dimensions=WIDE)


def at_a_table_through_join(tmp_path: Path, port: int) -> tuple[pexpect.spawn, str]:
    """Ada, through ``bergen join``, at a new table against a computer, her turn come; her seat's code."""
    ada = joiner(tmp_path / "ada", port)
    ada.expect("You are Ada")
    ada.sendline("create standard 2 computers easy")
    ada.expect(r"rejoin ([0-9a-f]+)\.")
    token = str(ada.match.group(1))
    ada.expect("Your turn")
    return ada, token


def test_a_server_restarted_in_time_takes_the_player_back_to_the_seat(tmp_path: Path) -> None:
    env = environment(tmp_path)
    process = serve(env)
    try:
        _, port = lines_until_listening(process)
        ada, token = at_a_table_through_join(tmp_path, port)
        stop(process)
        ada.expect(f"The server is stopping; your seat is kept. When it runs again: rejoin {token}.")
        ada.expect(f"The connection to 127.0.0.1:{port} is lost; trying again for a minute.")
        process = serve(env, "--port", str(port))  # the host starts it again
        lines_until_listening(process)
        ada.expect(f"Connected to 127.0.0.1:{port} again.")
        ada.expect(r"You are back at table 1, seat 1\.")
        ada.expect(r"Your turn\..*\n")  # plain lines at a terminal: the short prompt was written already
        ada.sendline("hand")
        ada.expect(r"Your \d+ tiles: ")
        ada.sendline("quit")
        ada.expect(pexpect.EOF)
        assert "lost" not in ada.before
    finally:
        if process.poll() is None:
            stop(process)


def test_a_server_gone_for_good_is_told_with_the_code_to_come_back(tmp_path: Path) -> None:
    process = serve(environment(tmp_path))
    try:
        _, port = lines_until_listening(process)
        ada, token = at_a_table_through_join(tmp_path, port)
    finally:
        stop(process)
    ada.expect("trying again for a minute")
    ada.expect(
        f"Could not reach 127.0.0.1:{port} again. Your seat waits for a while: join again and type "
        f"rejoin {token}."
    )
    ada.expect(pexpect.EOF)
    ada.close()
    assert ada.exitstatus == 1  # the server is gone: not a success


def test_quitting_is_not_told_as_a_lost_connection(tmp_path: Path) -> None:
    process = serve(environment(tmp_path))
    try:
        _, port = lines_until_listening(process)
        ada = joiner(tmp_path / "ada", port)
        ada.expect("You are Ada")
        ada.sendline("quit")
        ada.expect("Goodbye.")
        ada.expect(pexpect.EOF)
        assert "connection" not in ada.before
    finally:
        stop(process)


def test_people_in_the_lobby_hear_the_server_stop() -> None:
    async def body() -> None:
        server = local_server()
        port = await server.start("127.0.0.1", 0)
        bo = await LineClient.connect(port)
        await bo.wait_for("Welcome")
        await server.close()
        await bo.wait_for(r"^The server is stopping\. Goodbye\.$")
        await asyncio.sleep(0.1)
        assert bo.closed

    asyncio.run(body())


def test_a_wrong_password_is_not_tried_again(tmp_path: Path) -> None:
    process = serve(environment(tmp_path), "--password", "sesame")
    try:
        _, port = lines_until_listening(process)
        ada = joiner(tmp_path / "ada", port, "--password", "guess")
        ada.expect("Wrong password. Goodbye.")
        ada.expect(pexpect.EOF)
        ada.close()
        assert "trying again" not in ada.before and ada.exitstatus == 1
        right = joiner(
            tmp_path / "ada", port, "--password", "sesame"
        )  # one wrong try: no wait for the address
        right.expect("You are Ada")
        right.sendline("quit")
        right.expect(pexpect.EOF)
    finally:
        stop(process)


def test_the_host_hears_the_server_in_the_language_asked_for(tmp_path: Path) -> None:
    env = environment(tmp_path)
    done = one_shot(env, "--lang", "de", "--port", "99999")
    assert done.stderr.strip().endswith("„99999“ ist kein Port: Ein Port liegt zwischen 0 und 65535."), (
        done.stderr
    )
    process = serve(env, "--lang", "tr")
    try:
        lines_until_listening(process)
    finally:
        out, _ = stop(process)
    assert out.strip() == "bergen serve durdu."


def test_the_host_sets_how_many_connections_one_address_may_hold(tmp_path: Path) -> None:
    done = one_shot(environment(tmp_path), "--per-address", "0")
    assert done.returncode == 2 and done.stderr.strip().endswith("“0” is no count from 1 to 1000000.")
    process = serve(environment(tmp_path), "--per-address", "2")
    try:
        _, port = lines_until_listening(process)
        held = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(2)]
        for sock in held:
            assert b"Welcome" in sock.recv(200)
        with socket.create_connection(("127.0.0.1", port), timeout=5) as third:
            assert third.recv(200).startswith(b"2 connections from your address are open already")
        for sock in held:
            sock.close()
    finally:
        stop(process)


def test_bergen_join_alone_comes_back_to_the_server_and_name_joined_last(tmp_path: Path) -> None:
    home = tmp_path / "ada"
    env = {"HOME": str(home), "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", ""), "BRLAPI_HOST": ":98"}
    plain = ["--plain", "--speech", "off", "--sounds", "off", "--lang", "en"]
    nowhere = pty_spawn(
        sys.executable, ["-m", "bergen_access", "join", *plain], env=env, encoding="utf-8", dimensions=WIDE
    )
    nowhere.expect("Which server\\? Type bergen join and its address, e.g. bergen join localhost:4000.")
    nowhere.expect(pexpect.EOF)
    nowhere.close()
    assert nowhere.exitstatus == 2
    process = serve(environment(tmp_path))
    try:
        _, port = lines_until_listening(process)
        first = joiner(home, port)
        first.expect("You are Ada")
        first.sendline("quit")
        first.expect(pexpect.EOF)
        again = pty_spawn(
            sys.executable,
            ["-m", "bergen_access", "join", *plain],
            env=env,
            encoding="utf-8",
            dimensions=WIDE,
        )
        again.expect(f"Joining 127.0.0.1:{port}, the server you joined last.")
        again.expect("You are Ada")  # and the name given last
        again.sendline("quit")
        again.expect(pexpect.EOF)
    finally:
        stop(process)
