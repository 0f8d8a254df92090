"""The BrlAPI client against a real BRLTTY (virtual braille driver, no screen driver)."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bergen_access.output import brlapi
from bergen_access.output.brlapi import BrlapiError, Key, KeyCommand
from tests.brltty_fixture import Brltty, VirtualDisplay, free_api_number, running_brltty
from tests.capabilities import kill_now, needs_linux

pytestmark = needs_linux  # BRLTTY with its virtual display, started by tests/brltty_fixture.py

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def brltty40() -> Iterator[tuple[Brltty, VirtualDisplay]]:
    with running_brltty(40) as running:
        yield running


@pytest.fixture
def brltty(brltty40: tuple[Brltty, VirtualDisplay]) -> Iterator[tuple[Brltty, VirtualDisplay]]:
    """The shared 40-cell BRLTTY, showing its own line again before and after each test."""
    server, display = brltty40
    display.wait_for_release()
    yield server, display
    display.wait_for_release()


def _shows(prefix: str) -> Callable[[str], bool]:
    return lambda text: text.startswith(prefix)


def _settled_dots(display: VirtualDisplay) -> list[str]:
    """The cells once the driver's lines for the last write (text, then dots) have all come."""
    display.settle()
    return display.dots


def _wait_for(condition: Callable[[], bool], timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)


def _take_display(server: Brltty, text: str) -> brlapi.Connection:
    connection = brlapi.connect(server.host, auth="none")
    connection.enter_tty_mode()
    connection.write_text(text)
    return connection


def test_driver_name_size_and_a_write_shown_on_the_display(brltty: tuple[Brltty, VirtualDisplay]) -> None:
    server, display = brltty
    with brlapi.connect(server.host, auth="none") as connection:
        assert connection.driver_name() == "Virtual"
        assert connection.display_size() == (40, 1)
        connection.enter_tty_mode()
        connection.write_text("Anna 3-5 R DT +2", cursor=2)
        shown = display.wait_for_text(_shows("Anna"))
        assert shown == "Anna 3-5 R DT +2".ljust(40)
        dots = _settled_dots(display)
        assert dots[0] == "17"  # a capital A: dot 1 and dot 7 in computer braille
        assert "7" in dots[2] and "8" in dots[2]  # the cursor on the third cell
        assert "78" not in dots[3]


def test_twenty_cells_and_text_cut_to_the_display() -> None:
    with running_brltty(20) as (server, display), brlapi.connect(server.host) as connection:
        assert connection.display_size() == (20, 1)
        connection.enter_tty_mode()
        connection.write_text("0123456789abcdefghijKLMNOP")
        assert display.wait_for_text(_shows("0123")) == "0123456789abcdefghij"
        with pytest.raises(ValueError):
            connection.write_text("x", cursor=20)


def test_leave_tty_mode_gives_the_display_back(brltty: tuple[Brltty, VirtualDisplay]) -> None:
    server, display = brltty
    with brlapi.connect(server.host) as connection:
        connection.enter_tty_mode()
        connection.write_text("taken by the game")
        display.wait_for_text(_shows("taken"))
        connection.leave_tty_mode()
        display.wait_for_release()
        with pytest.raises(BrlapiError):
            connection.write_text("not in tty mode")
        connection.enter_tty_mode()
        connection.write_text("taken again")
        display.wait_for_text(_shows("taken again"))
    display.wait_for_release()  # close() left tty mode


def test_explicit_tty_numbers_work_without_a_screen_driver(brltty: tuple[Brltty, VirtualDisplay]) -> None:
    server, display = brltty
    for tty in (1, 7):
        with brlapi.connect(server.host) as connection:
            connection.enter_tty_mode(tty)
            connection.write_text(f"on tty {tty}")
            display.wait_for_text(_shows(f"on tty {tty}"))
        display.wait_for_release()


def test_german_letters_arrive_through_the_german_table(brltty: tuple[Brltty, VirtualDisplay]) -> None:
    server, display = brltty  # started with -t de
    with brlapi.connect(server.host) as connection:
        connection.enter_tty_mode()
        line = "Zählsteine äöüß aou"
        connection.write_text(line)
        assert display.wait_for_text(_shows("Zä")) == line.ljust(40)
        dots = dict(zip(line, _settled_dots(display), strict=False))
        assert len({dots["ä"], dots["a"], dots["ö"], dots["o"], dots["ü"], dots["u"], dots["ß"]}) == 7


def test_turkish_letters_arrive_through_the_turkish_table() -> None:
    with running_brltty(40, text_table="tr") as (server, display), brlapi.connect(server.host) as connection:
        connection.enter_tty_mode()
        line = "başlık ğüşıöç gusioc"
        connection.write_text(line)
        assert display.wait_for_text(_shows("baş")) == line.ljust(40)
        dots = dict(zip(line, _settled_dots(display), strict=False))
        pairs = [("ğ", "g"), ("ü", "u"), ("ş", "s"), ("ı", "i"), ("ö", "o"), ("ç", "c")]
        assert all(dots[letter] != dots[plain] for letter, plain in pairs)
        assert len({dots[letter] for letter, _ in pairs}) == 6


def test_display_keys_arrive_decoded(brltty: tuple[Brltty, VirtualDisplay]) -> None:
    server, display = brltty
    with _take_display(server, "keys") as connection:
        display.wait_for_text(_shows("keys"))
        expected = [
            ("Route 6", KeyCommand.ROUTE, 6),
            ("FWinRt", KeyCommand.PAN_RIGHT, None),
            ("FWinLt", KeyCommand.PAN_LEFT, None),
            ("LnUp", KeyCommand.LINE_UP, None),
            ("LnDn", KeyCommand.LINE_DOWN, None),
            ("Top", KeyCommand.TOP, None),
            ("Bot", KeyCommand.BOTTOM, None),
            ("Return", KeyCommand.RETURN, None),
            ("KEY_ENTER", KeyCommand.RETURN, None),
            ("Route 39", KeyCommand.ROUTE, 39),
        ]
        for name, command, argument in expected:
            display.press(name)
            key = connection.read_key(2.0)
            assert key is not None, name
            assert key.command is command, (name, key)
            if argument is not None:
                assert key.argument == argument
        assert connection.read_key(0.05) is None


def test_an_event_loop_can_watch_the_file_descriptor(brltty: tuple[Brltty, VirtualDisplay]) -> None:
    server, display = brltty
    with _take_display(server, "event loop") as connection:
        display.wait_for_text(_shows("event loop"))
        assert connection.read_key(0) is None
        assert select.select([connection.fileno()], [], [], 0.05)[0] == []
        display.press("Route 3")
        assert select.select([connection.fileno()], [], [], 2.0)[0] == [connection.fileno()]
        key = connection.read_key(0)  # what already arrived is taken even with no time to wait
        assert key is not None
        assert (key.command, key.argument) == (KeyCommand.ROUTE, 3)


def test_key_codes_decode_from_the_headers() -> None:
    assert brlapi.decode_key(0x20010000 | 12) == Key(KeyCommand.ROUTE, 12, 0x20010000 | 12)
    assert brlapi.decode_key(0x20000018).command is KeyCommand.PAN_RIGHT
    assert brlapi.decode_key(0x20000017).command is KeyCommand.PAN_LEFT
    assert brlapi.decode_key(0x0000FF0D).command is KeyCommand.RETURN  # keysym Return
    assert brlapi.decode_key(0x00000061) == Key(KeyCommand.OTHER, 0x61, 0x61)  # keysym "a"
    assert brlapi.decode_key(0x20220000).command is KeyCommand.OTHER  # another block (PASSDOTS)
    flagged = 0x00040000 << 32 | 0x20000018  # a pan with BRLTTY's "route the cursor" flag
    assert brlapi.decode_key(flagged).command is KeyCommand.PAN_RIGHT


def test_no_brltty_fails_fast(tmp_path: Path) -> None:
    unused = f":{free_api_number()}"
    for host, dirs in ((unused, None), (":0", [tmp_path]), ("127.0.0.1:1", None)):
        start = time.perf_counter()
        with pytest.raises(BrlapiError):
            brlapi.connect(host, socket_dirs=dirs)
        assert time.perf_counter() - start < 0.1, host


def test_brlapi_host_from_the_environment(
    brltty: tuple[Brltty, VirtualDisplay], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, _ = brltty
    monkeypatch.setenv("BRLAPI_HOST", server.host)
    with brlapi.connect() as connection:
        assert connection.driver_name() == "Virtual"
    monkeypatch.setenv("BRLAPI_HOST", f":{free_api_number()}")
    with pytest.raises(BrlapiError):
        brlapi.connect()


def test_key_file_authorization(tmp_path: Path) -> None:
    key = tmp_path / "brlapi.key"
    key.write_bytes(os.urandom(32).hex().encode())
    wrong = tmp_path / "wrong.key"
    wrong.write_bytes(b"not the key")
    with running_brltty(20, auth=f"keyfile:{key}") as (server, display):
        with brlapi.connect(server.host, auth=f"keyfile:{key}") as connection:
            connection.enter_tty_mode()
            connection.write_text("with a key")
            display.wait_for_text(_shows("with a key"))
        with pytest.raises(BrlapiError) as refused:
            brlapi.connect(server.host, auth=str(wrong))
        assert refused.value.code == brlapi.ERROR_AUTHENTICATION
        with pytest.raises(BrlapiError):
            brlapi.connect(server.host, auth="none")
        with pytest.raises(BrlapiError):
            brlapi.connect(server.host, auth=f"keyfile:{tmp_path / 'missing.key'}")


@pytest.mark.parametrize("next_call", ["read_key", "driver_name"])
def test_an_asynchronous_exception_surfaces_on_the_next_call(
    brltty: tuple[Brltty, VirtualDisplay], next_call: str
) -> None:
    server, _ = brltty
    connection = _take_display(server, "about to break")
    try:
        connection._send(ord("w"), b"\0\0\0\x02")  # a write the server rejects, with an exception packet
        with pytest.raises(BrlapiError) as raised:
            if next_call == "read_key":
                connection.read_key(2.0)
            else:
                connection.driver_name()
        assert raised.value.code == 7  # BRLAPI_ERROR_INVALID_PACKET
        with pytest.raises(BrlapiError):
            connection.write_text("after the failure")
    finally:
        connection.close()
        connection.close()  # idempotent


def test_a_reader_thread_and_the_main_thread_share_the_connection(
    brltty: tuple[Brltty, VirtualDisplay],
) -> None:
    server, display = brltty
    connection = _take_display(server, "threads")
    received: list[Key] = []
    failures: list[BaseException] = []

    def reader() -> None:
        while not connection.closed:
            try:
                key = connection.read_key(None)
            except BrlapiError as error:
                if not connection.closed:
                    failures.append(error)
                return
            if key is not None:
                received.append(key)

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    try:
        for cell in range(1, 16):
            display.press(f"Route {cell}")
            connection.write_text(f"write {cell}")
            assert connection.driver_name() == "Virtual"  # its answer is read by the reader thread
            assert connection.display_size() == (40, 1)
        _wait_for(lambda: len(received) >= 15)
        connection.leave_tty_mode()
        connection.enter_tty_mode()
        connection.write_text("after re-entering")
        display.wait_for_text(_shows("after re-entering"))
        display.press("Route 20")
        _wait_for(lambda: len(received) >= 16)
    finally:
        connection.close()
        thread.join(2.0)
    assert not thread.is_alive()
    assert not failures
    assert [(key.command, key.argument) for key in received] == [
        (KeyCommand.ROUTE, cell) for cell in [*range(1, 16), 20]
    ]


CHILD = """
import sys, time
from bergen_access.output import brlapi
connection = brlapi.connect()
connection.enter_tty_mode()
connection.write_text("held by a killed client")
print("ready", flush=True)
time.sleep(60)
"""


def test_the_server_releases_the_display_of_a_killed_client(brltty: tuple[Brltty, VirtualDisplay]) -> None:
    server, display = brltty
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        env=server.env(),
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        display.wait_for_text(_shows("held by"))
        kill_now(child.pid)
        child.wait(5)
        display.wait_for_release()
        with _take_display(server, "another client") as connection:
            display.wait_for_text(_shows("another client"))
            assert connection.in_tty_mode
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(5)


def test_tty_path_follows_the_c_library(tmp_path: Path) -> None:
    stat = tmp_path / "stat"
    stat.write_text(f"123 (py thon) S 1 2 3 {os.makedev(4, 3)} 0 0\n")
    assert brlapi.tty_path(None, {}, stat) == [3]  # running on the Linux console tty3
    stat.write_text(f"123 (python) S 1 2 3 {os.makedev(136, 2)} 0 0\n")
    assert brlapi.tty_path(None, {}, stat) == []  # a pseudo-terminal alone: the whole display
    assert brlapi.tty_path(None, {"CONTROLVT": "5"}, stat) == [5]
    assert brlapi.tty_path(None, {"XDG_VTNR": "2"}, stat) == [2]
    x11 = {"DISPLAY": ":0", "WINDOWPATH": "7", "WINDOWID": "41943047", "XDG_VTNR": "7"}
    assert brlapi.tty_path(None, x11, stat) == [7, 41943047]
    wayland = {"WAYLAND_DISPLAY": "wayland-0", "XDG_VTNR": "2"}
    assert brlapi.tty_path(None, wayland, stat) == [2]
    assert brlapi.tty_path(4, {"WINDOWPATH": "1:7"}, stat) == [1, 7, 4]


def test_host_and_key_file_settings() -> None:
    assert brlapi.parse_host(":37") == (None, "37")
    assert brlapi.parse_host("") == (None, "0")
    assert brlapi.parse_host("host:1") == ("host", "4102")
    assert brlapi.parse_host("[::1]:0") == ("::1", "4101")
    assert brlapi.key_file(None, {}) == Path(brlapi.DEFAULT_KEY_FILE)
    assert brlapi.key_file(None, {"BRLAPI_AUTH": "none"}) is None
    assert brlapi.key_file("/tmp/k", {}) == Path("/tmp/k")
    assert brlapi.key_file("polkit+keyfile:/tmp/k", {}) == Path("/tmp/k")
