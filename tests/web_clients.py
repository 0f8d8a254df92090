"""A page's WebSocket for the server's tests, without a browser: real sockets, every wait bounded."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

import aiohttp

from .net_clients import WAIT, Waiting


class SocketClient(Waiting):
    """What the page does on its socket: sends ``{"line": ...}``, keeps every message it is sent."""

    def __init__(self, session: aiohttp.ClientSession, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.session = session
        self.socket = socket
        self.messages: list[dict[str, Any]] = []
        self.closed = False
        self.close_code: int | None = None
        self._new = asyncio.Event()
        self._task = asyncio.ensure_future(self._read())

    @classmethod
    async def connect(cls, port: int, origin: str | None = "same", **headers: str) -> SocketClient:
        session = aiohttp.ClientSession()
        if origin == "same":
            origin = f"http://127.0.0.1:{port}"
        try:
            socket = await session.ws_connect(
                f"http://127.0.0.1:{port}/ws",
                origin=origin,
                headers=headers,
                timeout=aiohttp.ClientWSTimeout(ws_close=2.0),
            )
        except BaseException:
            await session.close()
            raise
        return cls(session, socket)

    async def _read(self) -> None:
        try:
            async for message in self.socket:
                if message.type is aiohttp.WSMsgType.TEXT:
                    self.messages.append(json.loads(message.data))
                    self._new.set()
        finally:
            self.closed = True
            self.close_code = self.socket.close_code
            self._new.set()

    @property
    def lines(self) -> list[str]:
        """The texts of the lines (not the status, the seat, the close)."""
        return [m["text"] for m in self.messages if "text" in m and m.get("kind") != "status"]

    def last(self, kind: str) -> dict[str, Any] | None:
        return next((m for m in reversed(self.messages) if m.get("kind") == kind), None)

    async def send(self, line: str) -> None:
        await self.socket.send_str(json.dumps({"line": line}))

    async def wait_closed(self, timeout: float = WAIT) -> None:
        deadline = time.monotonic() + timeout
        while not self.closed:
            if time.monotonic() > deadline:
                raise AssertionError("still open")
            self._new.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new.wait(), 0.1)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.close(), 2.0)
        self._task.cancel()
        await self.session.close()
