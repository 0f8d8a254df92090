"""The server's lobby: what a person types before and beside a table.

Each line has passed the connection's limits (``connections.py``); here it
passes the same input boundary as the keyboard and goes where it belongs: at a
seat the seat's game has the first word (its help, language, quit…), else the
lobby's commands (``name``, ``tables``, ``create``, ``join``, ``watch``,
``rejoin``, ``who``, ``say``…), each carried out by its ``on_…`` handler as the
command table names it. What changes a table is the tables' job (``tables.py``).
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Callable

from ..boundary import InputProblem, Screened, screen, shown, visible
from ..commands.definitions import handler_of
from ..commands.lexicon import CommandKind, names_a_command, verbosity_names
from ..core.rules import RulesError
from ..i18n import LANGUAGES, I18n, normalize_language
from ..present import notices
from ..present.message import Verbosity
from ..present.rules_text import rules_error
from ..present.table_talk import level_names, rules_name
from . import texts
from .connections import Client, Connections
from .gmcp import Closing, LineKind
from .lobby_words import CreateError, lobby_words, parse_create
from .table import Seat, Table, Watcher
from .tables import Tables, words_of

NAME = re.compile(r"[^\W\d_][\w-]{0,19}")
#: seats left waiting (after leave or a lost line) from one address before it may sit down anew
MOST_WAITING = 3
MOST_SAY = 200


class Lobby:
    """The lobby's commands, for every connection."""

    def __init__(self, connections: Connections, tables: Tables, *, waiting: int = MOST_WAITING) -> None:
        self.connections = connections
        self.tables = tables
        self.most_waiting = waiting

    # ------------------------------------------------------------------ lines

    def line(self, client: Client, raw: str, too_long: bool) -> None:
        """One line from a connection, answered once."""
        # a line the framer cut (over its byte limit) is refused as too long, whatever is left of it
        screened = Screened("", InputProblem.TOO_LONG, shown(raw)) if too_long else screen(raw)
        if not client.authorized:
            self.connections.password_line(client, screened.text.strip() if screened.ok else None)
            return
        client.send_kind(LineKind.REPLY)  # what follows answers this line (GMCP's Bergen.Line)
        if not screened.ok:
            client.send_kind(LineKind.REFUSAL)
            client.say(
                notices.input_refused(client.i18n, screened, lobby_words(client.i18n).word(CommandKind.HELP))
            )
            return
        text = screened.text.strip()
        words = text.split()
        head = words[0] if words else ""
        rest = text[len(words[0]) :].strip() if words else ""
        if client.seat is not None and client.seat.game is not None:
            # at a table the seat's game has the first word (its own help, language, quit…)
            if not words or client.seat.game.command_words.command(head) is not None:
                self.tables.at_seat(client, text)
                return
            kind = lobby_words(client.i18n).command(head)
            if kind is not None:
                self._command(kind, client, rest)
            else:
                self.tables.at_seat(client, text)
            return
        kind = lobby_words(client.i18n).command(head) if words else CommandKind.HELP
        if kind is not None:
            self._command(kind, client, rest)
        else:
            client.send_kind(LineKind.REFUSAL)
            client.say(texts.unknown(client.i18n, visible(text)))

    def _command(self, kind: CommandKind, client: Client, rest: str) -> None:
        """A lobby command, carried out by its handler (named by the command table: ``on_join``…)."""
        handler: Callable[[Client, str], None] = getattr(self, handler_of(kind))
        handler(client, rest)

    # ------------------------------------------------------------ who one is

    def on_name(self, client: Client, rest: str) -> None:
        if client.seat is not None:  # the table knows the seat by its name
            client.say(texts.name_at_table(client.i18n, client.seat.name))
            return
        if not good_name(rest) or names_a_command(rest, client.i18n):
            client.say(texts.bad_name(client.i18n))
            return
        if any(same_name(rest, taken) for taken in self._names_taken(client)):
            client.say(texts.name_taken(client.i18n, rest))
            return
        client.name = rest
        client.say(texts.named(client.i18n, rest))

    def _names_taken(self, client: Client) -> list[str]:
        """Everyone else's name online, and the names of seats waiting for their people."""
        online = [c.name for c in self.connections.clients if c is not client and c.name]
        return online + self.tables.waiting_names()

    def on_language(self, client: Client, rest: str) -> None:
        language = normalize_language(rest) if rest else None
        if language is None or language not in LANGUAGES:
            client.say(texts.unknown(client.i18n, visible(rest)))
            return
        client.language = language
        client.say(texts.language_set(client.i18n, language))

    def on_verbosity(self, client: Client, rest: str) -> None:
        level = lobby_words(client.i18n).game.verbosity(rest) if rest else None
        if level is None:
            client.say(texts.unknown(client.i18n, visible(rest)))
            return
        client.verbosity = Verbosity(level)
        client.say(texts.verbosity_set(client.i18n, verbosity_names(client.i18n)[level]))

    def on_help(self, client: Client, rest: str) -> None:
        for part in texts.lobby_help(client.i18n):
            client.send_line(part)

    # ---------------------------------------------------------------- tables

    def on_tables(self, client: Client, rest: str) -> None:
        i = client.i18n
        if not self.tables.by_number:
            client.say(texts.no_tables(i))
            return
        for number, table in sorted(self.tables.by_number.items()):
            match = table.match
            seats = ", ".join(_seat_shown(i, s) for s in table.seats)
            free = sum(1 for s in table.seats if s.is_free)
            if match.is_over:
                state = texts.state_over(i)
            elif match.hand_number:
                state = texts.state_hand(i, match.hand_number)
            else:
                state = texts.state_waiting(i)
            client.say(
                texts.table_line(
                    i, number, rules=rules_name(i, match.rules), seats=seats, free=free, state=state
                )
            )

    def _may_sit(self, client: Client) -> bool:
        """Whether this person may sit down now (told why not): named, at no table, and not holding
        too many seats left waiting elsewhere (one person cannot hold table after table by sitting
        down and leaving)."""
        if client.name is None:
            client.say(texts.name_first(client.i18n))
            return False
        if client.table is not None:
            client.say(texts.already_seated(client.i18n, client.table.number))
            return False
        waiting = self.tables.waiting_from(client.address)
        if waiting >= self.most_waiting:
            client.say(texts.too_many_waiting(client.i18n, waiting))
            return False
        return True

    def on_create(self, client: Client, rest: str) -> None:
        if not self._may_sit(client):
            return
        try:
            rules, computers = parse_create(lobby_words(client.i18n), rest)
        except CreateError as problem:
            told = texts.create_problem(client.i18n, problem.code, visible(problem.word))
            client.say(texts.bad_create(client.i18n, told))
            return
        except RulesError as error:
            client.say(texts.bad_create(client.i18n, rules_error(client.i18n, error)))
            return
        if self.tables.is_full():
            client.say(texts.too_many_tables(client.i18n, self.tables.most))
            return
        taken = {c.name.casefold() for c in self.connections.clients if c.name}
        table = self.tables.open(rules, computers, taken)
        self.tables.sit(client, table, table.seats[0])

    def on_join(self, client: Client, rest: str) -> None:
        if not self._may_sit(client):
            return
        table = self._table_named(client, rest)
        if table is None:
            return
        seat = table.free_seat()
        if seat is None:
            client.say(texts.table_full(client.i18n, table.number))
            return
        self.tables.sit(client, table, seat)

    def _table_named(self, client: Client, rest: str) -> Table | None:
        """The table a typed number names; None (and said why) if there is none."""
        table = self.tables.by_number.get(int(rest)) if rest.isascii() and rest.isdigit() else None
        if table is None:
            client.say(texts.no_such_table(client.i18n, visible(rest)))
        return table

    def on_watch(self, client: Client, rest: str) -> None:
        if client.table is not None:
            client.say(texts.already_seated(client.i18n, client.table.number))
            return
        table = self._table_named(client, rest)
        if table is None:
            return
        watcher = Watcher(table, client, language=client.language, verbosity=client.verbosity)
        table.watchers.append(watcher)
        client.table, client.watching = table, watcher
        client.say(texts.watching(client.i18n, table.number))

    def on_leave(self, client: Client, rest: str) -> None:
        self.tables.leave(client)

    def on_rejoin(self, client: Client, rest: str) -> None:
        if client.table is not None:
            client.say(texts.already_seated(client.i18n, client.table.number))
            return
        if not rest.strip():  # the word alone is a question, not a wrong code
            client.say(texts.rejoin_usage(client.i18n))
            return
        failures = self.connections.failures
        found = self.tables.seat_of_code(rest.strip())
        if found is None:
            failures.wrong(client.address, time.monotonic())
            if failures.barred(client.address, time.monotonic()):
                client.say(texts.barred(client.i18n))
                client.close(Closing.BARRED)
            else:
                client.say(texts.bad_token(client.i18n))
            return
        self.tables.take_back(client, *found)

    # ------------------------------------------------------------ talking

    def on_who(self, client: Client, rest: str) -> None:
        i = client.i18n
        people = ", ".join(
            f"{c.name} ({texts.at_table(i, c.table.number) if c.table else texts.in_lobby(i)})"
            for c in self.connections.clients
            if c.name
        )
        client.say(texts.who(i, people or "-"))

    def on_say(self, client: Client, rest: str) -> None:
        table = client.table
        if table is None:
            client.say(texts.not_at_table(client.i18n))
            return
        if client.name is None and client.seat is None:
            client.say(texts.name_first(client.i18n))
            return
        said = visible(rest)[:MOST_SAY]
        name = client.seat.name if client.seat is not None else client.name or "?"
        table.say_to_all(lambda other: texts.says(words_of(other, client), name, said), LineKind.CHAT)

    def on_quit(self, client: Client, rest: str) -> None:
        if client.table is not None:
            self.tables.leave(client)
        client.say(texts.goodbye(client.i18n))
        client.close(Closing.QUIT)


def _seat_shown(i: I18n, seat: Seat) -> str:
    """A seat in the table list: its person's name, a computer with its level, or that it is free."""
    if not seat.is_person:
        return f"{seat.name} ({level_names(i).get(seat.level or '', seat.level)})"
    if seat.is_free:
        return texts.free_seat(i)
    return seat.name


def good_name(name: str) -> bool:
    """One word, letters first, at most 20 characters; written as it looks (no fullwidth or mathematical
    letters, which NFKC would change) and in one script (no Cyrillic А inside a Latin name)."""
    if not NAME.fullmatch(name) or unicodedata.normalize("NFKC", name) != name:
        return False
    scripts = {_script(ch) for ch in name if ch.isalpha()}
    return len(scripts) == 1


def _script(letter: str) -> str:
    word = unicodedata.name(letter, "?").split()[0]
    return "CJK" if word in ("CJK", "HIRAGANA", "KATAKANA") else word


def same_name(a: str, b: str) -> bool:
    """Names that read the same: case (ß and SS too) and compatibility forms folded."""
    return unicodedata.normalize("NFKC", a).casefold() == unicodedata.normalize("NFKC", b).casefold()
