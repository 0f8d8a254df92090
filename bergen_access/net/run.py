"""``bergen serve`` and ``bergen join``: the command lines of the table server and its console client."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
from typing import TextIO

from ..i18n import I18n
from ..session import paths
from ..session.storage import Storage
from .server import Server


def add_serve_arguments(parser: argparse.ArgumentParser, i: I18n) -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        # Translators: --help of bergen serve --host.
        help=i.gettext("address to listen on (default: this machine only)"),
    )
    parser.add_argument(
        "--port",
        type=int,
        default=4000,
        # Translators: --help of bergen serve --port.
        help=i.gettext("port to listen on (default 4000)"),
    )
    parser.add_argument(
        "--password",
        default=None,
        # Translators: --help of bergen serve --password.
        help=i.gettext("a password every player must type first"),
    )
    parser.add_argument(
        "--hold",
        type=float,
        default=15.0,
        metavar="MINUTES",
        # Translators: --help of bergen serve --hold.
        help=i.gettext("minutes a seat waits for a player whose connection dropped (default 15)"),
    )


def serve(args: argparse.Namespace, out: TextIO) -> int:
    """Run the server until SIGINT or SIGTERM; tables are saved in the data folder's ``server``."""
    data = paths.data_dir()
    storage = Storage.open(data / "server" if data is not None else None)

    async def main() -> None:
        server = Server(storage, password=args.password, hold_minutes=args.hold)
        port = await server.start(args.host, args.port)
        out.write(f"bergen serve: listening on {args.host}:{port}\n")
        out.flush()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(number, stop.set)
        await stop.wait()
        await server.close()

    asyncio.run(main())
    return 0
