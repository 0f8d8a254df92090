"""A match at the page with Orca listening: ``bergen serve --web`` in a process of its own, Chromium on
the stack's display (headful: Orca reads only what a window shows), the moves made by the page's
buttons with the pointer (the focus stays in the field, as a player's would), and a pause for Orca's
silence after each burst, so every burst is heard before the next move is made.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .stack import Stack, Utterance

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - missing() says so
    sync_playwright = None

CHROMIUM = os.environ.get("BERGEN_CHROMIUM", "/usr/bin/chromium")
#: a burst is heard once no utterance came for this long (Orca speaks a change within ~0.3 s)
QUIET = 1.2
WAIT = 20.0
#: a name per language (one server serves every language's table in turn)
NAMES = {"en": "Ada", "de": "Berta", "tr": "Cemile"}
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--force-renderer-accessibility",
    "--window-size=1200,780",
]


@dataclass
class Frame:
    """One message the page's socket received, when the harness saw it."""

    at: float
    message: dict[str, Any]


@dataclass
class Recording:
    """What the page was sent (from the first measured frame) and what Orca said (from then on)."""

    language: str
    moves: int
    frames: list[Frame] = field(default_factory=list)
    spoken: list[Utterance] = field(default_factory=list)


class Served:
    """``bergen serve --web`` on 127.0.0.1, ports of its choosing, its folders in ``folder``."""

    def __init__(self, folder: Path) -> None:
        env = dict(os.environ)
        env.update(
            BERGEN_DATA_DIR=str(folder / "data"),
            BERGEN_CONFIG_DIR=str(folder / "config"),
            PYTHONUNBUFFERED="1",
        )
        own_session: dict[str, bool] = {}
        if sys.platform != "win32":  # its own process group, so the server ends with its children
            own_session["start_new_session"] = True
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bergen_access",
                "serve",
                "--web",
                "--port",
                "0",
                "--host",
                "127.0.0.1",
                "--lang",
                "en",
            ],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            **own_session,
        )
        assert self.process.stdout is not None
        seen = []
        deadline = time.monotonic() + WAIT
        self.url = ""
        while time.monotonic() < deadline:
            line = self.process.stdout.readline().decode("utf-8", "replace")
            if not line:
                break
            seen.append(line)
            found = re.search(r"http://[0-9.]+:\d+/", line)
            if found:
                self.url = found.group(0)
                break
        if not self.url:
            self.close()
            raise RuntimeError("bergen serve --web named no page: " + "".join(seen))

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


class Table:
    """One player at the page: the frames its socket received and the moves it makes by its buttons."""

    def __init__(self, stack: Stack, page: Any) -> None:
        self.stack = stack
        self.page = page
        self.frames: list[Frame] = []
        page.on("websocket", self._socket)
        page.set_default_timeout(WAIT * 1000)

    def _socket(self, socket: Any) -> None:
        socket.on(
            "framereceived", lambda payload: self.frames.append(Frame(time.time(), json.loads(payload)))
        )

    def status(self) -> dict[str, Any]:
        return next((f.message for f in reversed(self.frames) if f.message.get("kind") == "status"), {})

    def type(self, line: str) -> None:
        self.page.locator("#line").fill(line)
        self.page.locator("#line").press("Enter")

    def wait_for_text(self, pattern: str) -> None:
        self.page.locator("#log > *", has_text=re.compile(pattern)).last.wait_for()

    def quiet(self, spoken_before: int | None = None) -> None:
        """Wait until Orca said nothing for QUIET s (and the page got nothing for as long)."""
        deadline = time.monotonic() + WAIT
        count, changed = -1, time.monotonic()
        frames = -1
        while time.monotonic() < deadline:
            self.page.wait_for_timeout(100)
            now = len(self.stack.spoken())
            if now != count or len(self.frames) != frames:
                count, frames, changed = now, len(self.frames), time.monotonic()
            elif time.monotonic() - changed >= QUIET and (spoken_before is None or now > spoken_before):
                return
        # no news for WAIT s: what was said is what is measured

    def loaded(self, said: int) -> None:
        """Wait until Orca told the page loaded (its own words: its interface is in English here), then
        for its silence: what it says about a new window must not run into the measured part."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if any("Finished loading" in u.text for u in self.stack.spoken()[said:]):
                break
            self.page.wait_for_timeout(100)
        self.quiet()

    def next_action(self) -> str | None:
        """Wait for a status that asks something of the seat; the move it offers (a tile that fits, else
        a draw or a pass, or the next hand); None when the match is over."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            state = self.status()
            if state.get("phase") == "over":
                return None
            if not state.get("pending"):
                if state.get("yours"):
                    return "tile"
                if any(m.get("line") == "" for m in state.get("moves", [])):
                    return "next"
            self.page.wait_for_timeout(50)
        raise AssertionError(f"the page was never asked to move: {self.status()}")

    def move(self) -> bool:
        """One move by the buttons, as offered now; False once the match is over."""
        action = self.next_action()
        if action is None:
            return False
        state = self.status()
        if action == "next":
            self.page.locator('#moves button[data-line=""]').click()
            return True
        playable = [e for e in state.get("hand", []) if not e.get("disabled")]
        if playable:
            entry = playable[0]
            if entry.get("ends"):
                main = self.page.locator(f'#tiles button.play[data-line="{entry["line"]}"][aria-controls]')
                if main.get_attribute("aria-expanded") != "true":
                    main.click()
                self.page.locator(f'#tiles .ends button[data-line="{entry["ends"][0]["line"]}"]').click()
            else:
                self.page.locator(
                    f'#tiles button.play[data-line="{entry["line"]}"]:not([aria-controls])'
                ).click()
            return True
        line = next(m["line"] for m in state.get("moves", []) if m.get("line"))  # a draw, else a pass
        self.page.locator(f'#moves button[data-line="{line}"]').click()
        return True


def play(stack: Stack, url: str, language: str, moves: int) -> Recording:
    """Sit at a new table with two computers in ``language`` and make ``moves`` moves; what was sent to
    the page and what Orca said from the first move on."""
    env = dict(stack.env)
    env["PATH"] = os.environ.get("PATH", "/usr/bin:/bin")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=False, args=[*ARGS, f"--lang={language}"], env=env
        )
        try:
            context = browser.new_context(locale=language, no_viewport=True)
            page = context.new_page()
            table = Table(stack, page)
            said = len(stack.spoken())
            page.goto(url)
            page.locator("#log p").first.wait_for()
            table.loaded(said)
            name = NAMES[language]
            table.type(f"name {name}")
            table.wait_for_text(name)
            table.type("create standard 2 computers easy")
            page.locator("#tiles button.play").first.wait_for()
            table.next_action()
            table.quiet()
            recording = Recording(language, 0)
            first_frame, first_said = len(table.frames), len(stack.spoken())
            # what came while sitting down is heard; the measured part begins with the first move
            while recording.moves < moves:
                said = len(stack.spoken())
                if not table.move():
                    break
                recording.moves += 1
                table.next_action() if table.status().get("phase") != "over" else None
                table.quiet(said)
            table.quiet()
            recording.frames = table.frames[first_frame:]
            recording.spoken = stack.spoken()[first_said:]
            context.close()
        finally:
            browser.close()
    return recording
