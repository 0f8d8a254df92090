"""``bergen serve`` and ``bergen join``: the command lines of the table server and its console client."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
from collections.abc import Callable
from typing import TextIO

from .boundary import visible
from .i18n import LANGUAGES, I18n
from .net import account_texts, texts, tourney_texts
from .net.collector import keep_pauses_short
from .net.limits import MOST_PER_ADDRESS
from .net.per_minute import MalformedRequests, OverShare, WrongPassphrases
from .net.registry import KeptFileProblem
from .net.server import HostNotice, Server, TornJournal
from .net.tables import TournamentKept
from .present import notices
from .session import paths
from .session.storage import LockState, Storage, StorageNotice, reason_of
from .session.untrusted import FileProblem

SERVER_LOCK = "server"  # one server per data folder: two would write the same table files
MOST_HOLD = 7 * 24 * 60.0  # minutes: a week


def add_serve_arguments(parser: argparse.ArgumentParser, i: I18n) -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        # Translators: --help of bergen serve --host.
        help=i.gettext("address to listen on (default: this machine only)"),
    )
    parser.add_argument(
        "--port",
        type=port_number(i),
        default=4000,
        # Translators: --help of bergen serve --port.
        help=i.gettext("port to listen on (default 4000)"),
    )
    parser.add_argument(
        "--web",
        action="store_true",
        # Translators: --help of bergen serve --web.
        help=i.gettext("serve a web page for the same tables too (phones, any browser)"),
    )
    parser.add_argument(
        "--web-port",
        type=port_number(i),
        default=None,
        metavar="N",
        # Translators: --help of bergen serve --web-port.
        help=i.gettext("port of the web page (default: the port after --port; 0 with --port 0)"),
    )
    parser.add_argument(
        "--lang",
        default=None,
        # Translators: --help of bergen serve --lang. {languages} lists the language codes.
        help=i.gettext("language of what the host is told: {languages}").format(
            languages=", ".join(LANGUAGES)
        ),
    )
    parser.add_argument(
        "--password",
        default=None,
        # Translators: --help of bergen serve --password.
        help=i.gettext("a password every player must type first"),
    )
    parser.add_argument(
        "--per-address",
        type=count(i),
        default=MOST_PER_ADDRESS,
        metavar="N",
        # Translators: --help of bergen serve --per-address.
        help=i.gettext(
            "connections one address may hold (default 50; a club behind one router may need more)"
        ),
    )
    parser.add_argument(
        "--hold",
        type=minutes(i),
        default=15.0,
        metavar="MINUTES",
        # Translators: --help of bergen serve --hold.
        help=i.gettext("minutes a seat waits for a player whose connection dropped (default 15)"),
    )


def whole_number(low: int, high: int, refusal: str) -> Callable[[str], int]:
    """A flag's whole number from ``low`` to ``high`` in ASCII digits; else ``refusal`` ({value} as typed)."""

    def read(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(refusal.format(value=visible(text)))
        return int(text)

    return read


def port_number(i: I18n) -> Callable[[str], int]:
    """``--port``: 0 (any free port) to 65535."""
    # Translators: bergen serve --port got something else. {value} as typed.
    return whole_number(0, 65535, i.gettext("“{value}” is no port: a port is 0 to 65535."))


def count(i: I18n) -> Callable[[str], int]:
    """``--per-address``: 1 to a million."""
    # Translators: a flag that takes a count got something else. {value} as typed.
    return whole_number(1, 1_000_000, i.gettext("“{value}” is no count from 1 to 1000000."))


def minutes(i: I18n) -> Callable[[str], float]:
    """``--hold``: 0 to a week of minutes."""

    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not 0 <= value <= MOST_HOLD:  # NaN too
            # Translators: bergen serve --hold got something else. {value} as typed; {most} minutes.
            refusal = i.gettext("“{value}” is no number of minutes from 0 to {most}.")
            raise argparse.ArgumentTypeError(refusal.format(value=visible(text), most=int(MOST_HOLD)))
        return value

    return read


def serve(args: argparse.Namespace, out: TextIO, i: I18n) -> int:
    """Run the server until SIGINT or SIGTERM; tables are saved in the data folder's ``server``, and
    their matches kept in its ``records`` (listed by ``bergen record``).

    The host hears, in their language: where it listens, saved tables back or set aside, saving that
    stops or works again, and why it cannot start (the port, the address, another server's folder)."""
    data = paths.data_dir()
    storage = Storage.open(data / "server" if data is not None else None)
    records = Storage.open(data) if data is not None else None  # bergen record lists the tables' matches
    _more_files()

    def tell(text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            out.write(visible(text) + "\n")
            out.flush()

    def told(notice: HostNotice) -> None:
        if isinstance(notice, StorageNotice):
            tell(notices.storage_notice(i, notice).text)
        elif isinstance(notice, FileProblem):
            tell(notices.file_problem(i, "table", notice).text)
        elif isinstance(notice, TornJournal):
            tell(notices.torn_journal(i, notice.path).text)
        elif isinstance(notice, MalformedRequests):
            tell(texts.malformed_requests(i, visible(notice.address), notice.count, notice.first))
        elif isinstance(notice, WrongPassphrases):
            tell(account_texts.wrong_passphrases(i, visible(notice.address), notice.count, notice.first))
        elif isinstance(notice, KeptFileProblem):
            tell(notices.file_problem(i, notice.what, notice.problem).text)
        elif isinstance(notice, TournamentKept):
            tell(tourney_texts.kept_for_the_host(i, notice.text, notice.csv))
        elif isinstance(notice, OverShare):
            tell(texts.over_share(i, visible(notice.address), notice.count, notice.first))
        else:
            tell(texts.tables_back(i, notice.count))

    if storage.lock(SERVER_LOCK) is LockState.TAKEN:
        tell(texts.another_server(i, str(storage.folder)))
        return 1
    where = f"[{args.host}]:{args.port}" if ":" in args.host else f"{args.host}:{args.port}"

    async def main() -> int:
        stop = asyncio.Event()
        _stop_on_signals(asyncio.get_running_loop(), stop)
        server = Server(
            storage,
            password=args.password,
            hold_minutes=args.hold,
            report=told,
            per_address=args.per_address,
            records=records,
        )
        try:
            port = await server.start(args.host, args.port)
        except (OSError, OverflowError, UnicodeError) as error:
            await server.close()
            tell(texts.cannot_listen(i, visible(where), reason_of(error)))
            return 1
        host = where.rsplit(":", 1)[0]
        if args.web:
            web_port = args.web_port if args.web_port is not None else (args.port + 1 if args.port else 0)
            try:
                web_port = await server.start_web(args.host, web_port)
            except (OSError, OverflowError, UnicodeError) as error:
                await server.close()
                tell(texts.cannot_listen(i, visible(f"{host}:{web_port}"), reason_of(error)))
                return 1
        tell(texts.listening(i, host + f":{port}", storage.saves))
        if args.web:
            tell(texts.web_listening(i, f"http://{host}:{web_port}/"))
        collector = asyncio.ensure_future(keep_pauses_short())
        await stop.wait()
        collector.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await collector
        await server.close()
        begun = [t for t in server.tables.values() if t.match.hand_number and not t.match.is_over]
        tell(texts.stopped(i, len(begun), storage.saves))
        return 0

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:  # Ctrl-C before the handlers were in place: nothing was begun
        return 130


#: the signals that stop the server: Ctrl-C, TERM, and on Windows Ctrl-Break
STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGBREAK")


def _stop_on_signals(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> None:
    """Each stop signal sets ``stop``, so the host hears the stop line instead of a traceback.

    The event loop's own handlers where it has them (Unix); elsewhere (Windows) a plain handler that
    wakes the loop from the signal.
    """
    plain = False
    for name in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            loop.add_signal_handler(number, stop.set)
        except (NotImplementedError, RuntimeError):
            with contextlib.suppress(ValueError, OSError):
                signal.signal(number, lambda _number, _frame: _wake(loop, stop))
                plain = True
    if plain:
        _quiet_wakeup()


def _quiet_wakeup() -> None:
    """Windows: Python wakes the loop from a signal through a socket, and when that socket is full a wake
    is already on its way; it would print "Exception ignored … BlockingIOError" to the host at Ctrl-C
    (seen under Wine). The same socket, without that warning."""
    with contextlib.suppress(ValueError, OSError):
        socket = signal.set_wakeup_fd(-1)
        if socket != -1:
            signal.set_wakeup_fd(socket, warn_on_full_buffer=False)


def _wake(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> None:
    with contextlib.suppress(RuntimeError):  # the loop has already closed: the server is stopping anyway
        loop.call_soon_threadsafe(stop.set)


def _more_files() -> None:
    """Every connection is a file: take the most the system allows (often 1,024 soft, far more hard)."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource  # noqa: PLC0415 (not on Windows)

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
