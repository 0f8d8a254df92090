"""Screenshots of the table page mid-hand, at phone width (390x844) and desktop width (1280x800).

Starts a server with its page in this process (port 0), seats one person at the
page against a computer, plays a few moves from the page's own field until a
tile fits both ends (its end buttons shown open) or the hand is well under way,
and writes ``docs/screenshots/web-phone.png`` and ``web-desktop.png``. Needs
Chromium (``/usr/bin/chromium``) and Playwright for Python, as the page's tests do:

    python tools/web_screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from bergen_access.core.actions import Play  # noqa: E402
from bergen_access.core.engine import Phase  # noqa: E402
from bergen_access.core.view import SeatView  # noqa: E402
from bergen_access.net.server import Server  # noqa: E402
from tests.test_web_page import ARGS  # noqa: E402 - the browser's flags, as the page's tests start it

SIZES = {"web-phone.png": (390, 844), "web-desktop.png": (1280, 800)}


def look(loop: asyncio.AbstractEventLoop, what: Any) -> Any:
    async def read() -> Any:
        return what()

    return asyncio.run_coroutine_threadsafe(read(), loop).result(10)


def mid_hand(page: Page, loop: asyncio.AbstractEventLoop, server: Server, name: str) -> None:
    """Sit at a table against a computer and play from the field until the picture is worth taking."""
    page.locator("#line").fill(f"name {name}")
    page.locator("#line").press("Enter")
    page.locator("#log p", has_text=f"You are {name}").wait_for()
    page.locator("#line").fill("create standard 2 computers normal")
    page.locator("#line").press("Enter")
    page.locator("#tiles button.play").first.wait_for()
    rng = random.Random(7)
    for _ in range(60):
        table = look(loop, lambda: next(t for t in server.tables.values() if t.seats[0].name == name))
        match = table.match
        if look(loop, lambda m=match: m.phase is not Phase.PLAYING):
            page.locator("#moves button").last.click()  # the next hand
            page.wait_for_timeout(300)
            continue
        if not look(loop, lambda m=match: m.turn == 0):
            page.wait_for_timeout(100)
            continue
        view = SeatView(match, 0)
        plays = look(loop, lambda v=view: [a for a in v.legal_actions if isinstance(a, Play)])
        both = look(loop, lambda v=view: [t for t in v.hand if len(v.ends_for(t)) > 1])
        played = look(loop, lambda m=match: len(m.actions))
        if both and played >= 4:
            page.locator(f'#tiles button.play[data-line="{both[0].notation}"][aria-controls]').click()
            page.locator("#tiles .ends button").first.wait_for()
            return
        if played >= 10 and plays:
            return
        chosen = plays[rng.randrange(len(plays))] if plays else None
        line = f"{chosen.tile.notation} {chosen.end.word}" if chosen is not None else "draw"
        page.locator("#line").fill(line)
        page.locator("#line").press("Enter")
        page.wait_for_timeout(400)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    server = Server(None)
    asyncio.run_coroutine_threadsafe(server.start("127.0.0.1", 0), loop).result(10)
    port = asyncio.run_coroutine_threadsafe(server.start_web("127.0.0.1", 0), loop).result(10)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=args.chromium, args=ARGS)
            for index, (name, (width, height)) in enumerate(SIZES.items()):
                context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
                page = context.new_page()
                page.goto(f"http://127.0.0.1:{port}/")
                mid_hand(page, loop, server, ["Ada", "Bo"][index])
                page.wait_for_timeout(500)
                page.locator("#line").focus()
                page.screenshot(path=str(args.out / name))
                print(args.out / name)
                context.close()
            browser.close()
    finally:
        asyncio.run_coroutine_threadsafe(server.close(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
    return 0


if __name__ == "__main__":
    sys.exit(main())
