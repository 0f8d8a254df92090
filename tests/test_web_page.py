"""The table's web page in a real browser: Debian's Chromium, driven by Playwright, against a real
``bergen serve --web`` on 127.0.0.1 (its own event loop in a thread).

Playwright, not Selenium: one Python package that drives the system's Chromium by its DevTools
protocol (the accessibility tree comes from the same session), waits for what the page shows
without sleeps, and needs no chromedriver of the same version beside it. It is launched on
/usr/bin/chromium; ``playwright install`` (a browser of its own) is never used.

Every test skips cleanly without Chromium or Playwright, unless BERGEN_REQUIRE_BROWSER=1 (CI),
and so does the axe-core check without BERGEN_AXE_DIR (``npm install --prefix DIR axe-core@4``).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import threading
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bergen_access.boundary import visible
from bergen_access.core.engine import Phase
from bergen_access.core.events import HandDealt
from bergen_access.core.view import SeatView
from bergen_access.net.connections import Client

from .blind_play_bot import move
from .local_server import local_server
from .net_clients import LineClient

T = TypeVar("T")
CHROMIUM = os.environ.get("BERGEN_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("BERGEN_REQUIRE_BROWSER") == "1"
WAIT_MS = 10_000
#: Playwright adds --headless and gives every launch a fresh profile folder of its own (a fresh user-data dir)
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

try:
    from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
except ImportError:  # pragma: no cover - told by the skip
    sync_playwright = None  # type: ignore[assignment]

#: on Windows only a Chromium named by BERGEN_CHROMIUM counts (under Wine, /usr/bin/chromium would be Linux's)
if (
    sync_playwright is None
    or not Path(CHROMIUM).exists()
    or (sys.platform == "win32" and "BERGEN_CHROMIUM" not in os.environ)
):
    if REQUIRED:
        raise RuntimeError(f"BERGEN_REQUIRE_BROWSER=1 but Playwright or {CHROMIUM} is missing")
    pytest.skip("Chromium or Playwright is not installed", allow_module_level=True)


class Served:
    """A server with its page, in an event loop of its own thread (the browser drives the main one)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        # every page of these tests comes from 127.0.0.1: the seats they leave are not counted against it
        self.server = local_server()
        self.port = self.call(self.server.start("127.0.0.1", 0))
        self.web_port = self.call(self.server.start_web("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.web_port}/"

    def call(self, work: Coroutine[Any, Any, T], timeout: float = 20) -> T:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout)

    def look(self, what: Callable[[], T]) -> T:
        """Read the server's state in its own thread (nothing changes it meanwhile)."""

        async def read() -> T:
            return what()

        return self.call(read())

    def deals(self, number: int) -> list[int]:
        """The hand number of every deal at table ``number`` so far: a hand nobody was dealt a double in is
        dealt again under its number (rules.md §1), so its number comes twice, as its headings do."""
        history = self.look(lambda: list(self.server.tables[number].match.history))
        return [event.hand for event in history if isinstance(event, HandDealt)]

    def close(self) -> None:
        self.call(self.server.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        assert self.server.faults == 0, self.server.last_fault


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    serving = Served()
    yield serving
    serving.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    made = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844})
    yield made
    made.close()


class AtPage:
    """A person at the page: what the socket brought, the log as shown, the buttons and the field."""

    def __init__(self, page: Page, served: Served) -> None:
        self.page = page
        self.served = served
        self.frames: list[dict[str, Any]] = []
        self.since_open = 0  # where the frames of the page's newest socket begin
        page.on("websocket", self._socket)
        page.set_default_timeout(WAIT_MS)

    def _socket(self, socket: Any) -> None:
        self.since_open = len(self.frames)
        socket.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))

    def open(self) -> AtPage:
        self.page.goto(self.served.url)
        self.page.locator("#log p").first.wait_for()
        return self

    def type(self, line: str) -> None:
        self.page.locator("#line").fill(line)
        self.page.locator("#line").press("Enter")

    def heard(self, text: str) -> None:
        try:
            self.page.locator("#log > *", has_text=re.compile(text)).last.wait_for()
        except Exception as error:
            raise AssertionError(f"no {text!r} in the log: {self.log()[-10:]}") from error

    def shown_all(self, shown: frozenset[int] = frozenset()) -> None:
        """Wait until the log shows every line the socket brought (but those in ``shown``): the page adds
        them one at a time, a moment apart, so that a screen reader hears them in order
        (docs/orca-harness.md)."""
        told = len(self.told(shown))
        self.page.wait_for_function("n => document.querySelectorAll('#log > *').length >= n", arg=told)

    def log(self) -> list[str]:
        """The live log: the lines said since the page (re)loaded."""
        return self.page.locator("#log > *").all_text_contents()

    def earlier(self) -> list[str]:
        """The lines kept from before the last reload (shown above the live log, not live)."""
        return self.page.locator("#earlier > *").all_text_contents()

    def told(self, shown: frozenset[int] = frozenset()) -> list[str]:
        """Every line the server sent for the log since the page (re)loaded, in order (not the status,
        the seat, the prompt), but the seat's lines numbered in ``shown`` (on the page already)."""
        return [
            m["text"]
            for m in self.frames[self.since_open :]
            if isinstance(m.get("text"), str)
            and m.get("kind") not in ("status", "prompt")
            and m["text"].strip()
            and m.get("n") not in shown
        ]

    def status(self) -> dict[str, Any]:
        """The last status the page was sent."""
        return next((m for m in reversed(self.frames) if m.get("kind") == "status"), {})

    def my_turn_shown(self, tiles: list[str]) -> dict[str, Any]:
        """Wait until the page was told it is its turn, with these tiles; that status."""
        for _ in range(500):
            status = self.status()
            if status.get("yours") and [e["line"] for e in status.get("hand", [])] == tiles:
                return status
            self.page.wait_for_timeout(20)
        raise AssertionError(f"the page was not told its turn: {self.status()}")

    def press_move(self, line: str, tiles: list[str]) -> None:
        """The move by its buttons: the tile's (and its end's, when it fits more than one), or draw/pass."""
        status = self.my_turn_shown(tiles)
        if line in ("draw", "pass"):
            self.page.locator(f'#moves button[data-line="{line}"]').click()
            return
        tile = line.split(maxsplit=1)[0]
        entry = next(e for e in status["hand"] if e["line"] == tile)
        if "ends" in entry:
            main = self.page.locator(f'#tiles button.play[data-line="{tile}"][aria-controls]')
            if main.get_attribute("aria-expanded") != "true":
                main.click()
            self.page.locator(f'#tiles .ends button[data-line="{line}"]').click()
        else:
            self.page.locator(f'#tiles button.play[data-line="{tile}"]:not([aria-controls])').click()


def seat_of(served: Served, name: str) -> tuple[int, int]:
    def find() -> tuple[int, int]:
        for number, table in served.server.tables.items():
            for seat in table.seats:
                if seat.name == name and seat.client is not None:
                    return number, seat.index
        raise LookupError(name)

    return served.look(find)


def play_at_page(
    at: AtPage, served: Served, table_number: int, seat: int, others: dict[int, LineClient] | None = None
) -> int:
    """Play the match out from the page, by buttons and by the field in turn; each other person at a
    line client types their move; computers move themselves. The moves made at the page."""
    others = others or {}
    made = 0
    for _ in range(600):
        table = served.look(lambda: served.server.tables[table_number])
        phase, turn, over, done = served.look(
            lambda t=table: (t.match.phase, t.match.turn, t.match.is_over, len(t.match.actions))
        )
        if over:
            return made
        if phase is Phase.HAND_OVER:
            hand = served.look(lambda t=table: t.match.hand_number)
            if seat not in served.look(lambda t=table: set(t.ready)):
                at.page.locator('#moves button[data-line=""]').click()  # ready for the next hand
            for index, client in others.items():
                if index not in served.look(lambda t=table: set(t.ready)):
                    served.call(client.send(""))
            served.call(wait_until(lambda t=table, h=hand: t.match.hand_number > h or t.match.is_over))
            continue
        if phase is Phase.PLAYING and turn == seat:
            line = served.look(lambda t=table: move(SeatView(t.match, seat)))
            tiles = served.look(lambda t=table: [tile.notation for tile in t.match.hand(seat)])
            if made % 2:
                at.type(line)  # the field
            else:
                at.press_move(line, tiles)  # the buttons
            made += 1
            served.call(wait_until(lambda t=table, d=done: len(t.match.actions) > d or t.match.is_over))
            continue
        if phase is Phase.PLAYING and turn in others:
            line = served.look(lambda t=table, s=turn: move(SeatView(t.match, s)))
            served.call(others[turn].send(line))
        served.call(
            wait_until(lambda t=table, d=done, p=phase: len(t.match.actions) > d or t.match.phase != p)
        )
    raise AssertionError("the match did not end")


async def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.01)


def sit(at: AtPage, name: str, line: str) -> None:
    at.type(f"name {name}")
    at.heard(f"You are {name}")
    at.type(line)
    at.heard("You sit at table")


def test_a_whole_match_at_the_page_against_a_computer_every_line_once_in_order(
    served: Served, context: BrowserContext
) -> None:
    at = AtPage(context.new_page(), served).open()
    sit(at, "Ada", "create standard 2 computers easy")
    number, seat = seat_of(served, "Ada")
    at.page.locator("#tiles button.play").first.wait_for()
    made = play_at_page(at, served, number, seat)
    at.heard("Match over|wins")
    at.page.wait_for_function("() => document.querySelector('#log').lastElementChild !== null")
    at.shown_all()
    at.page.wait_for_timeout(300)  # and no more
    assert made >= 2
    assert at.log() == at.told()  # every line once, in the order sent
    headings = at.page.locator("#log h3").all_text_contents()
    assert headings and headings[0].startswith("Hand 1.")
    # one heading a deal
    assert [h.split(".")[0] for h in headings] == [f"Hand {n}" for n in served.deals(number)], headings
    assert at.page.evaluate("document.activeElement.id") == "line"  # the field kept the focus
    # after the match: the status says who won, and Leave goes back to the lobby
    at.page.locator("#status", has_text=re.compile(r"^Match over: .+ Score: .+target")).wait_for()
    at.page.get_by_role("button", name="Leave").click()
    at.heard("You leave table")
    at.page.locator("#status", has_text="In the lobby").wait_for()


def test_a_telnet_player_and_the_page_at_one_table_and_a_reload_rejoins_the_seat(
    served: Served, context: BrowserContext
) -> None:
    at = AtPage(context.new_page(), served).open()
    sit(at, "Cy", "create standard 2")
    number, seat = seat_of(served, "Cy")
    bo = served.call(LineClient.connect(served.port))
    served.call(bo.send("name Bo"))
    served.call(bo.send(f"join {number}"))
    served.call(bo.wait_for("You sit at table"))
    at.heard("Bo sits down")
    at.page.locator("#tiles button.play").first.wait_for()
    code = at.page.evaluate("localStorage.getItem('bergen.code')")
    assert code == served.look(lambda: served.server.tables[number].seats[seat].token)
    served.call(bo.send("say hello from telnet"))
    at.heard("Bo says: hello from telnet")
    at.type("say hello from the page")
    served.call(bo.wait_for("Cy says: hello from the page"))
    served.call(bo.send("say one more"))
    at.heard("Bo says: one more")  # told after Cy's last line: the rejoin tells it again
    at.page.wait_for_timeout(200)
    at.shown_all()
    before, shown = at.log(), frozenset(numbers_shown(at))
    headings_before = at.page.locator("#log h3").all_text_contents()
    assert len(headings_before) == len(served.deals(number)) and headings_before[-1].startswith("Hand 1.")
    at.page.reload()
    at.heard("You are back at table")
    served.call(bo.wait_for("Cy is back"))
    at.page.locator("#tiles button.play").first.wait_for()
    assert at.page.locator("#status").text_content()
    at.page.wait_for_timeout(200)
    at.shown_all(shown)
    # the transcript survives the reload: every line before it, above the live log, each line once
    assert at.earlier() == before
    assert at.log() == at.told(shown)  # then the way back; a line told again is not shown twice
    assert at.log().count("Bo says: one more") == 0
    # the page told the server the last line it shows: the way back counts no line it does not show
    # (never "1 line since your last one:" with nothing after it)
    assert [line for line in at.log() if line.startswith("You are back")] == [
        f"You are back at table {number}, seat {seat + 1}."
    ]
    assert at.page.locator("#earlier h3").all_text_contents() == headings_before
    assert at.page.locator("#log h3").count() == 0  # the way back (the rules) is no heading
    numbers = numbers_shown(at)
    assert numbers == sorted(set(numbers)), numbers
    play_at_page(at, served, number, seat, {1 - seat: bo})
    at.heard("Match over|wins")
    served.call(bo.wait_for("Match over|wins"))
    headings = at.page.locator("#transcript h3").all_text_contents()
    assert [h.split(".")[0] for h in headings] == [f"Hand {n}" for n in served.deals(number)], headings
    served.call(bo.close())


def test_a_new_tab_at_a_rejoin_shows_the_hand_under_its_heading_and_counts_what_follows(
    served: Served, context: BrowserContext
) -> None:
    """A new tab (the code kept, the transcript not: it is the old tab's) rejoins the seat: the hand's
    heading comes first, then the way back, whose count is that of the lines that follow it."""
    old = AtPage(context.new_page(), served).open()
    sit(old, "Ida", "create standard 2")
    number, seat = seat_of(served, "Ida")
    uma = served.call(LineClient.connect(served.port))
    served.call(uma.send("name Uma"))
    served.call(uma.send(f"join {number}"))
    served.call(uma.wait_for("You sit at table"))
    old.page.locator("#tiles button.play").first.wait_for()
    old.type("say ready")  # after the hand's heading: a telnet rejoin would not tell it again
    served.call(uma.wait_for("Ida says: ready"))
    old.heard("Ida says: ready")
    old.page.close()
    served.call(uma.wait_for("Ida is away"))
    at = AtPage(context.new_page(), served).open()
    at.heard("You are back at table")
    at.page.locator("#tiles button.play").first.wait_for()
    at.page.wait_for_timeout(200)
    at.shown_all()
    headings = at.page.locator("#log h3").all_text_contents()
    assert len(headings) == 1 and headings[0].startswith("Hand 1. Your tiles"), headings
    log = at.log()
    back = next(k for k, line in enumerate(log) if line.startswith("You are back"))
    assert log.index(headings[0]) < back  # the hand's heading opens the transcript
    assert log[back] == f"You are back at table {number}, seat {seat + 1}. 1 line since your last one:"
    assert log[back + 1] == "Ida says: ready"
    served.call(uma.close())


def test_a_lost_network_without_a_reload_rejoins_and_shows_each_line_once(
    served: Served, context: BrowserContext
) -> None:
    """The page reconnects by itself and rejoins; the lines told again (since its last move) are on
    the page already, so none is shown twice; what comes after is shown."""
    at = AtPage(context.new_page(), served).open()
    sit(at, "Hal", "create standard 2")
    number, seat = seat_of(served, "Hal")
    bo = served.call(LineClient.connect(served.port))
    served.call(bo.send("name Bo"))
    served.call(bo.send(f"join {number}"))
    served.call(bo.wait_for("You sit at table"))
    at.page.locator("#tiles button.play").first.wait_for()
    at.type("say ready")
    served.call(bo.wait_for("Hal says: ready"))
    served.call(bo.send("say one"))
    served.call(bo.send("say two"))
    at.heard("Bo says: two")
    client = served.look(lambda: served.server.tables[number].seats[seat].client)
    served.look(client.cut_off)  # the network goes
    served.call(bo.wait_for("Hal is away"))
    at.heard("You are back at table")  # it reconnected and rejoined by itself
    served.call(bo.wait_for("Hal is back"))
    served.call(bo.send("say three"))
    at.heard("Bo says: three")
    at.page.wait_for_timeout(300)
    shown = at.log()
    for said in ("Bo says: one", "Bo says: two", "Bo says: three"):
        assert shown.count(said) == 1, shown
    numbers = numbers_shown(at)
    assert len(numbers) > 3
    assert numbers == sorted(set(numbers)), numbers  # each of the seat's lines once, in order
    served.call(bo.close())


def numbers_shown(at: AtPage) -> list[int]:
    """The numbers of the seat's lines the page's log shows, in the log's order."""
    script = "elements => elements.map(element => element.dataset.n)"
    return [int(n) for n in at.page.eval_on_selector_all("#transcript [data-n]", script)]


def test_a_line_lost_with_the_network_is_shown_once_the_page_is_back(
    served: Served, context: BrowserContext
) -> None:
    """A line told in the instant the network went (the server did not know it yet) is lost with the
    line. The rejoin tells it again, after the seat's orientation, whose number is later: the page shows
    it all the same, once, as it shows every line of the seat it has not shown."""
    at = AtPage(context.new_page(), served).open()
    sit(at, "Ivo", "create standard 2")
    number, seat = seat_of(served, "Ivo")
    jo = served.call(LineClient.connect(served.port))
    served.call(jo.send("name Jo"))
    served.call(jo.send(f"join {number}"))
    served.call(jo.wait_for("You sit at table"))
    at.page.locator("#tiles button.play").first.wait_for()
    at.type("say ready")
    served.call(jo.wait_for("Ivo says: ready"))
    table = served.server.tables[number]

    def lose_a_line() -> None:
        ivo = table.seats[seat].client
        jo_here = table.seats[1 - seat].client
        assert isinstance(ivo, Client) and isinstance(jo_here, Client)
        ivo.cut_off()  # the network goes, and before the server knows it …
        served.server.lobby.line(jo_here, "say lost with the line", False)  # … Jo speaks

    served.look(lose_a_line)
    served.call(jo.wait_for("Ivo is away"))
    at.heard("You are back at table")  # it reconnected and rejoined by itself
    served.call(jo.wait_for("Ivo is back"))
    served.call(jo.send("say after"))
    at.heard("Jo says: after")
    at.page.wait_for_timeout(300)
    shown = at.log()
    for said in ("Ivo says: ready", "Jo says: lost with the line", "Jo says: after"):
        assert shown.count(said) == 1, shown
    numbers = numbers_shown(at)
    assert len(numbers) == len(set(numbers)), numbers  # each of the seat's lines once
    served.call(jo.close())


def test_the_language_follows_the_browser_then_the_choice_on_the_page(
    served: Served, browser: Browser
) -> None:
    context = browser.new_context(locale="de-DE")
    try:
        at = AtPage(context.new_page(), served).open()
        at.heard("Willkommen")
        assert at.page.evaluate("document.documentElement.lang") == "de"
        assert at.page.get_by_role("log", name="Am Tisch").count() == 1
        assert at.page.get_by_role("button", name="Senden").count() == 1
        at.page.locator("#status", has_text="In der Lobby: name, tische, erstellen, beitreten.").wait_for()
        assert not at.page.get_by_label("Klänge").is_checked()  # sounds are off until turned on
        at.page.get_by_label("Sprache").select_option("tr")
        at.page.get_by_role("button", name="Gönder").wait_for()
        at.heard("Dil")  # the server's answer, in Turkish
        assert at.page.evaluate("document.documentElement.lang") == "tr"
        # each line keeps the language it was said in: the greeting German, the answer Turkish
        langs = at.page.eval_on_selector_all("#log > *", "elements => elements.map(e => e.lang)")
        assert langs[0] == "de" and langs[-1] == "tr", langs
        assert langs == sorted(langs), langs  # German up to the switch, Turkish after it
        assert at.page.evaluate("localStorage.getItem('bergen.language')") == "tr"
    finally:
        context.close()


def test_markup_in_chat_and_names_is_shown_as_text(served: Served, context: BrowserContext) -> None:
    at = AtPage(context.new_page(), served).open()
    at.type("name <b>Di</b>")  # a name with markup is no name: refused at the door, said as text
    at.page.wait_for_timeout(200)
    at.shown_all()
    assert at.page.locator("#log b").count() == 0
    assert at.log() == at.told()
    sit(at, "Di", "create standard 2")
    number, _ = seat_of(served, "Di")
    bo = served.call(LineClient.connect(served.port))
    served.call(bo.send("name Eve"))
    served.call(bo.send(f"join {number}"))
    said = '<img src=x onerror="window.owned=1"><b>bold</b>'
    served.call(bo.send(f"say {said}"))
    at.heard("Eve says")
    assert at.page.locator("#log p", has_text="Eve says").last.text_content() == f"Eve says: {said}"
    assert at.page.locator("#log img, #log b").count() == 0
    assert at.page.evaluate("window.owned === undefined")
    served.call(bo.close())


def test_a_foreign_page_cannot_open_the_socket(served: Served, context: BrowserContext) -> None:
    page = context.new_page()
    socket_url = f"ws://127.0.0.1:{served.web_port}/ws"
    script = (
        f"<!doctype html><title>x</title><script>const s = new WebSocket({json.dumps(socket_url)});"
        "s.onopen = () => document.title = 'open'; s.onerror = () => document.title = 'refused';</script>"
    )
    page.route("http://foreign.example/", lambda route: route.fulfill(body=script, content_type="text/html"))
    before = served.look(lambda: len(served.server.clients))
    page.goto("http://foreign.example/")
    page.wait_for_function("document.title !== 'x'")
    assert page.title() == "refused"
    assert served.look(lambda: len(served.server.clients)) == before


def test_the_accessibility_tree_names_the_log_the_field_and_every_button(
    served: Served, context: BrowserContext
) -> None:
    at = AtPage(context.new_page(), served).open()
    sit(at, "Flo", "create standard 2 computers easy")
    playable = at.page.locator("#tiles button.play:not([aria-disabled])")
    draw = at.page.locator('#moves button[data-line="draw"]')
    for _ in range(20):  # our turn with a tile that fits (nothing fits: draw until one does)
        at.page.locator("#tiles button.play:not([aria-disabled]), #moves button").first.wait_for()
        if playable.count():
            break
        if draw.count():
            draw.first.click()
        at.page.wait_for_timeout(200)
    playable.first.wait_for()
    cdp = context.new_cdp_session(at.page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]

    def value(node: dict[str, Any], key: str) -> Any:
        return (node.get(key) or {}).get("value")

    def prop(node: dict[str, Any], name: str) -> Any:
        return next((value(p, "value") for p in node.get("properties", []) if p["name"] == name), None)

    logs = [n for n in nodes if value(n, "role") == "log"]
    assert [value(n, "name") for n in logs] == ["Table talk"]
    assert prop(logs[0], "live") == "polite"
    fields = [n for n in nodes if value(n, "role") == "textbox"]
    assert [value(n, "name") for n in fields] == ["Command"]
    shown = [n for n in nodes if value(n, "role") == "button" and not n.get("ignored")]
    buttons = [value(n, "name") for n in shown]
    assert "Send" in buttons and {"Hand", "Ends", "Score", "Line"} <= set(buttons)
    assert any(name.startswith("Play ") for name in buttons)
    assert all(name for name in buttons)
    # a tile that fits no end is a button that says so and is marked unavailable; a playable one is not
    for node in shown:
        name = value(node, "name")
        assert bool(prop(node, "disabled")) == name.endswith(", does not fit"), name
    # a draw or a pass is offered only when it is legal: here a tile fits, so neither is
    assert not {"Draw", "Pass"} & set(buttons)
    status = [n for n in nodes if value(n, "role") == "region" and value(n, "name") == "Status"]
    assert status and prop(status[0], "live") is None  # the status line is not live: it is not re-read


def test_focus_stays_where_the_player_put_it_and_the_page_fits_a_narrow_phone(
    served: Served, browser: Browser
) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 640})
    try:
        at = AtPage(context.new_page(), served).open()
        sit(at, "Gus", "create standard 2 computers easy")
        number, seat = seat_of(served, "Gus")
        at.page.locator("#tiles button.play").first.wait_for()
        assert at.page.evaluate("document.documentElement.scrollWidth") <= 320  # no sideways scrolling
        review = at.page.locator('#review button[data-line="score"]')
        review.focus()
        review.press("Enter")  # by the keyboard: the button keeps the focus, its answer is in the log
        at.heard("[Ss]core|points|target")
        assert at.page.evaluate("document.activeElement.dataset.line") == "score"
        for _ in range(100):  # until it is this seat's turn with a tile to play that needs no end
            status = at.status()
            table = served.server.tables[number]
            if status.get("yours") and served.look(lambda t=table: t.match.turn == seat):
                line = served.look(lambda t=table: move(SeatView(t.match, seat)))
                tile = line.split(maxsplit=1)[0]
                entry = next((e for e in status.get("hand", []) if e["line"] == tile), None)
                if entry is not None and "ends" not in entry:
                    break
            if served.look(lambda t=table: t.match.phase is not Phase.PLAYING):
                pytest.skip("the hand ended before a plain play came up")
            at.page.wait_for_timeout(50)
            if served.look(lambda t=table: t.match.turn == seat):
                at.type(served.look(lambda t=table: move(SeatView(t.match, seat))))
                at.page.wait_for_timeout(100)
        else:
            raise AssertionError("no plain play came up")
        button = at.page.locator(f'#tiles button.play[data-line="{tile}"]')
        button.focus()
        button.press("Enter")  # the tile is played and its button goes: the focus goes to the field
        at.page.locator(f'#tiles button.play[data-line="{tile}"]').wait_for(state="detached")
        assert at.page.evaluate("document.activeElement.id") == "line"
        at.page.get_by_label("Verbosity").select_option("terse")
        assert at.page.evaluate("localStorage.getItem('bergen.verbosity')") == "terse"
        at.page.get_by_label("Sound cues").check()
        assert at.page.evaluate("localStorage.getItem('bergen.sounds')") == "on"
    finally:
        context.close()


AXE = Path(os.environ.get("BERGEN_AXE_DIR", "/nonexistent")) / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.skipif(not AXE.exists() and not REQUIRED, reason="axe-core not installed (BERGEN_AXE_DIR)")
@pytest.mark.parametrize("width", [390, 1280])
def test_axe_core_finds_no_violation_mid_hand(served: Served, browser: Browser, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 844 if width < 500 else 800})
    try:
        at = AtPage(context.new_page(), served).open()
        sit(at, f"Axe{width}", "create standard 2 computers easy")
        at.page.locator("#tiles button.play").first.wait_for()
        at.page.wait_for_timeout(300)
        at.page.evaluate(AXE.read_text(encoding="utf-8") + ";0")  # evaluated, not injected: the CSP holds
        result = at.page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        violations = [(v["id"], [n["html"] for n in v["nodes"]][:3]) for v in result["violations"]]
        assert violations == []
        assert len(result["passes"]) > 10  # axe ran its rules
        if os.environ.get("BERGEN_SCREENSHOTS"):  # tools/web_screenshots.py
            name = "web-phone.png" if width < 500 else "web-desktop.png"
            at.page.screenshot(path=str(Path(os.environ["BERGEN_SCREENSHOTS"]) / name), full_page=False)
    finally:
        context.close()


def shown_headings(at: AtPage) -> list[str]:
    return [text.strip() for text in at.page.locator("main h2:visible").all_text_contents()]


def test_a_section_with_nothing_in_it_is_not_shown(served: Served, context: BrowserContext) -> None:
    """No empty heading: the lobby has no tiles, moves or review; another seat's turn has no moves."""
    at = AtPage(context.new_page(), served).open()
    at.page.locator("#status", has_text="In the lobby").wait_for()
    assert shown_headings(at) == ["Table talk", "Status", "Settings"]
    sit(at, "Kai", "create standard 2")
    number, seat = seat_of(served, "Kai")
    bo = served.call(LineClient.connect(served.port))
    served.call(bo.send("name Lu"))
    served.call(bo.send(f"join {number}"))
    table = served.server.tables[number]
    served.call(wait_until(lambda: table.match.phase is Phase.PLAYING))
    for _ in range(30):  # Kai moves first: the move (a draw keeps the turn: another), then Bo's turn
        if not served.look(lambda: table.match.turn == seat and table.match.phase is Phase.PLAYING):
            break
        tiles = served.look(lambda: [tile.notation for tile in table.match.hand(seat)])
        at.my_turn_shown(tiles)
        done = served.look(lambda: len(table.match.actions))
        at.type(served.look(lambda: move(SeatView(table.match, seat))))
        served.call(wait_until(lambda d=done: len(table.match.actions) > d))
    if served.look(lambda: table.match.phase is not Phase.PLAYING):
        pytest.skip("the hand ended at once")
    at.page.wait_for_function("() => document.querySelector('#moves').children.length === 0")
    at.page.wait_for_timeout(200)
    assert served.look(lambda: table.match.turn != seat)
    assert shown_headings(at) == ["Table talk", "Status", "Your tiles", "Review", "At the table", "Settings"]
    served.call(bo.close())


def test_the_tournament_section_shows_your_table_and_the_standings(
    served: Served, context: BrowserContext
) -> None:
    """A tournament entrant's page has a Tournament section: their table in the round, then the
    standings, one line each (quiet: the log says them as they come)."""
    at = AtPage(context.new_page(), served).open()
    at.type("name Ines")
    at.heard("You are Ines")
    at.type("tournament new standard 2 rounds 1 computers easy target=5")
    at.heard("Your tournament is open")
    assert "Tournament" not in shown_headings(at)
    at.type("tournament start")
    at.heard("Round 1 of 1: table")
    at.page.locator("#tournament-place", has_text="Round 1 of 1: table").wait_for()
    assert "Tournament" in shown_headings(at)
    assert (
        at.page.locator("#standings li")
        .all_text_contents()[0]
        .startswith("Standings before the first round is finished")
    )
    assert at.page.locator("#standings li").count() == 3  # the heading, Ines and a computer


def test_keys_say_the_last_line_the_status_the_turn_and_who_is_at_the_table(
    served: Served, context: BrowserContext
) -> None:
    """Alt+Shift+L, S, Y, W put what they read into a polite live region of their own (not the log)."""
    at = AtPage(context.new_page(), served).open()
    said = at.page.locator("#said")
    assert said.get_attribute("aria-live") == "polite"
    assert "Alt+Shift+L" in (at.page.locator("#keys").text_content() or "")  # the page says its keys

    def key(letter: str) -> str:
        at.page.locator("#line").focus()
        at.page.keyboard.press(f"Alt+Shift+{letter}")
        at.page.wait_for_function("() => document.querySelector('#said').textContent !== ''")
        return said.text_content() or ""

    at.page.locator("#status", has_text="In the lobby").wait_for()
    assert key("W") == "You are at no table."
    assert at.page.locator("#line").input_value() == ""  # the key typed nothing into the field
    sit(at, "Mo", "create standard 2 computers easy")
    number, seat = seat_of(served, "Mo")
    table = served.server.tables[number]
    served.call(wait_until(lambda: table.match.phase is Phase.PLAYING and table.match.turn == seat))
    tiles = served.look(lambda: [tile.notation for tile in table.match.hand(seat)])
    at.my_turn_shown(tiles)
    at.page.wait_for_timeout(200)
    at.shown_all()
    log_before = at.log()
    assert key("L") == log_before[-1]
    assert key("S") == at.page.locator("#status").text_content()
    turn = at.page.locator("#log .turn").last.text_content()
    assert turn and key("Y") == turn
    who = key("W")
    computer = served.look(lambda: table.seats[1 - seat].name)
    assert who.startswith("At the table: ") and who.endswith("; Target: 15 points."), who
    assert re.search(r"\bYou: \d+ points?;", who), who
    assert re.search(rf"\b{computer}, computer: \d+ points?;", who), who
    assert at.page.locator("#people li").count() == 3
    assert at.log() == log_before  # nothing the keys said went into the log


def test_controls_from_the_socket_are_shown_as_tokens_never_raw(
    served: Served, context: BrowserContext
) -> None:
    """The page's own output boundary (issue 31): a socket that sends controls, direction overrides and
    zero-width characters (a stand-in server here) has them shown as ``<ESC>``, ``<U+202E>`` in the log,
    the status, the list of who is at the table, the buttons and what the keys say, as the server's
    ``boundary.visible`` shows them."""
    hostile = "Bo\u202e\x1b]0;PWNED\x07\x9b2J\u200b\u2066"
    token = "Bo<U+202E><ESC>]0;PWNED<BEL><U+009B>2J<U+200B><U+2066>"
    frames = [
        {"kind": "reply", "text": f"{hostile} says: hi"},
        {
            "kind": "status",
            "text": f"{hostile} is to play>",
            "where": "table",
            "turn": hostile,
            "yours": False,
            "people": [f"{hostile}: 3 points"],
            "hand": [
                {
                    "label": f"Play {hostile}",
                    "line": "1-2",
                    "question": hostile,
                    "ends": [{"label": hostile, "line": "1-2 left"}, {"label": "right", "line": "1-2 right"}],
                }
            ],
            "moves": [{"label": hostile, "line": "draw"}],
            "review": [{"label": hostile, "line": "hand"}],
        },
    ]

    def stand_in(socket: Any) -> None:
        for frame in frames:
            socket.send(json.dumps(frame))

    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.route_web_socket(re.compile(r"/ws$"), stand_in)
    page.goto(served.url)
    page.locator("#log p", has_text="says: hi").wait_for()
    page.locator("#people li").first.wait_for()
    page.locator("#tiles button.play").click()  # opens the group of ends (labelled by the question)
    texts: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('#log > *, #status, #people li, button, [aria-label]')]
            .flatMap((e) => [e.textContent, e.getAttribute('aria-label') || ''])"""
    )
    raw = [text for text in texts if visible(text) != text]
    assert raw == [], raw
    assert page.locator("#log p").last.text_content() == f"{token} says: hi"
    assert page.locator("#status").text_content() == f"{token} is to play"
    assert page.locator("#people li").all_text_contents() == [f"{token}: 3 points"]
    assert page.locator("#moves button").text_content() == token
    assert page.locator("#review button").text_content() == token
    assert page.locator("#tiles .ends").get_attribute("aria-label") == token
    assert page.locator("#tiles .ends button").first.text_content() == token
    page.locator("#line").focus()
    page.keyboard.press("Alt+Shift+Y")
    page.wait_for_function("() => document.querySelector('#said').textContent !== ''")
    assert page.locator("#said").text_content() == f"It is not your turn: {token} is to play."
