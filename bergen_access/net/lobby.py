"""The server's lobby: what a person types before and beside a table.

Each line has passed the connection's limits (``connections.py``); here it
passes the same input boundary as the keyboard and goes where it belongs: at a
seat the seat's game has the first word (its help, language, quit…), else the
lobby's commands (``name``, ``tables``, ``create``, ``join``, ``watch``,
``rejoin``, ``who``, ``say``…), each carried out by its ``on_…`` handler as the
command table names it. What changes a table is the tables' job (``tables.py``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..boundary import InputProblem, Screened, screen, shown, visible
from ..commands.definitions import handler_of
from ..commands.lexicon import CommandKind, names_a_command, verbosity_names
from ..core.engine import Phase
from ..core.refused import CreateProblem
from ..core.rules import RulesError
from ..i18n import LANGUAGES, I18n, normalize_language
from ..present.message import Message, Verbosity
from ..present.refusals import create_problem, input_refused, rules_error
from ..present.table_talk import level_names, rules_name
from . import account_texts, texts
from . import tourney_texts as tourney_said
from .connections import Client, Connections
from .gmcp import Closing, LineKind
from .lobby_words import (
    LEVEL_ORDER,
    MOST_ROUNDS,
    CreateError,
    TournamentError,
    lobby_words,
    parse_create,
    parse_tournament,
)
from .names import alike, good_name
from .per_minute import PerMinute, WrongPassphrases
from .ratings import Ratings
from .registry import Claim, Registry, claim, good_passphrase, matches, passphrase_of
from .settings_line import Settings, parse_settings
from .table import Seat, Table, Watcher
from .tables import Tables, words_of
from .tourney import Tournaments
from .writes import Writes

#: seats left waiting (after leave or a lost line) from one address before it may sit down anew
MOST_WAITING = 3
MOST_SAY = 200
#: lines of the leaderboard (``ratings``) at most, beside the asking person's own
MOST_LISTED = 20


class Lobby:
    """The lobby's commands, for every connection."""

    def __init__(
        self,
        connections: Connections,
        tables: Tables,
        *,
        waiting: int = MOST_WAITING,
        registry: Registry | None = None,
        ratings: Ratings | None = None,
        hashing: Writes | None = None,
        report: Callable[[WrongPassphrases], None] = lambda notice: None,
        tournaments: Tournaments | None = None,
    ) -> None:
        """``registry``: the registered names; ``hashing``: where passphrases are hashed (one thread, off
        the event loop); ``report``: the host hears of wrong passphrases (at most a line a minute per
        address)."""
        self.connections = connections
        self.tables = tables
        self.most_waiting = waiting
        self.registry = registry if registry is not None else Registry(None)
        self.ratings = ratings if ratings is not None else Ratings(None)
        self.hashing = hashing if hashing is not None else Writes(tables.faults.record)
        self.wrong_passphrases = PerMinute(report, WrongPassphrases)
        self.checking: set[str] = set()  # addresses whose passphrase is being checked now
        #: the server's tournament (``tourney.py``)
        self.tournaments = (
            tournaments if tournaments is not None else Tournaments(tables, connections, None, lambda p: None)
        )

    # ------------------------------------------------------------------ lines

    def greet(self, client: Client, first: str | None) -> bool:
        """The greeting, after the first line if it came at once: a line of settings (``name Ayşe
        language tr``) is taken first, so the greeting is in the player's language and asks no name it
        was given. Whether the first line was taken (else it is an ordinary line)."""
        screened = screen(first) if first is not None else None
        settings = parse_settings(screened.text) if screened is not None and screened.ok else None
        if settings is None:
            return self.connections.welcome(client, first)
        refused = self._settle(client, settings)
        client.say(texts.welcome(client.i18n, not client.authorized, client.session.name))
        if refused is not None:
            client.say(refused)
        return True

    def _settle(self, client: Client, settings: Settings) -> Message | None:
        """A settings line's language and verbosity taken, and its name (after the password, if one is
        owed); why the name was not taken, if it was not."""
        if settings.language is not None:
            client.session.language = settings.language
        if settings.verbosity is not None:
            client.session.verbosity = settings.verbosity
        if settings.name is None:
            return None
        if not client.authorized:  # nobody holds a name before the password
            client.pending_name = settings.name
            return None
        return self._take_name(client, settings.name)

    def line(self, client: Client, raw: str, too_long: bool) -> None:
        """One line from a connection, answered once."""
        # a line the framer cut (over its byte limit) is refused as too long, whatever is left of it
        screened = Screened("", InputProblem.TOO_LONG, shown(raw)) if too_long else screen(raw)
        settings = parse_settings(screened.text) if screened.ok and client.session.seat is None else None
        if settings is not None and (not client.authorized or len(screened.text.split()) > 2):
            self._settings_line(client, settings)  # several settings at once (or before the password)
            return
        if not client.authorized:
            if self.connections.password_line(client, screened.text.strip() if screened.ok else None):
                name, client.pending_name = client.pending_name, None
                refused = self._take_name(client, name) if name is not None else None
                client.say(texts.password_ok(client.i18n, client.session.name))
                if refused is not None:
                    client.say(refused)
            return
        client.send_kind(LineKind.REPLY)  # what follows answers this line (GMCP's Bergen.Line)
        if not screened.ok:
            client.send_kind(LineKind.REFUSAL)
            client.say(input_refused(client.i18n, screened, lobby_words(client.i18n).word(CommandKind.HELP)))
            return
        text = screened.text.strip()
        words = text.split()
        head = words[0] if words else ""
        rest = text[len(words[0]) :].strip() if words else ""
        seat = client.session.seat
        if seat is not None and seat.game is not None:
            # at a table the seat's game reads the line first (its own help, language, quit…); only a
            # first word it does not know is looked up among the lobby's
            unknown = self.tables.at_seat(client, text)
            if unknown is None:
                return
            kind = lobby_words(client.i18n).command(head)
            if kind is not None:
                self._command(kind, client, rest)
            else:
                self.tables.refuse_at_seat(client, unknown)
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
        if client.session.seat is not None:  # the table knows the seat by its name
            client.say(texts.name_at_table(client.i18n, client.session.seat.name))
            return
        name, _, passphrase = rest.partition(" ")
        if passphrase.strip():  # a registered name and its passphrase ("name Ayşe blue harbour lantern")
            self._claimed_name(client, name, passphrase_of(passphrase))
            return
        refused = self._take_name(client, rest)
        client.say(refused if refused is not None else texts.named(client.i18n, rest))

    def _take_name(self, client: Client, rest: str) -> Message | None:
        """The name taken; else why not (not a name, someone else's, or registered: its passphrase first)."""
        refused = self._name_refused(client, rest)
        if refused is not None:
            return refused
        held = self.registry.claimed(rest)
        if held is not None:
            return account_texts.name_registered(client.i18n, held.name)
        client.session.name = rest
        return None

    def _claimed_name(self, client: Client, name: str, passphrase: str) -> None:
        """``name NAME PASSPHRASE``: a registered name taken with its passphrase (checked off the event
        loop, under the guess limit of every secret); a name nobody registered takes no more words."""
        held = self.registry.claimed(name) if good_name(name) else None
        if held is None:  # one word, as ever
            client.say(texts.bad_name(client.i18n))
            return
        refused = self._name_refused(client, name)
        if refused is not None:
            client.say(refused)
            return
        if self.connections.barred_now(client):
            return
        if client.address in self.checking:  # one check at a time per address: none pile up uncounted
            client.say(account_texts.still_checking(client.i18n))
            return
        self.checking.add(client.address)

        def checked(right: bool, held: Claim = held) -> None:  # back on the event loop
            self.checking.discard(client.address)
            if client.closed:
                return
            if not right:
                self.wrong_passphrases.arrived(client.address, time.monotonic())
                self.connections.wrong_secret(client, account_texts.wrong_passphrase(client.i18n, held.name))
                return
            again = self._name_refused(client, held.name)  # taken meanwhile, or sat down meanwhile
            if again is None and client.session.seat is not None:
                again = texts.name_at_table(client.i18n, client.session.seat.name)
            if again is not None:
                client.say(again)
                return
            client.session.name = held.name  # as registered (its ratings are kept under it)
            client.say(texts.named(client.i18n, held.name))

        client.hold_until(self.hashing.submit(lambda: matches(held, passphrase), checked))

    def _name_refused(self, client: Client, rest: str) -> Message | None:
        """Why the name cannot be taken now (not a name, or someone else's online or waiting); None if it
        can, as far as who is here goes."""
        if not good_name(rest) or names_a_command(rest, client.i18n):
            return texts.bad_name(client.i18n)
        waiting = {seat.name: table.number for table, seat in self.tables.waiting(but=client.session.left)}
        other = alike(rest, self._names_online(client) + list(waiting))
        if other is not None and other in waiting and other.casefold() == rest.casefold():  # theirs?
            return texts.name_waiting(client.i18n, other, waiting[other])
        if other is not None:  # the same name, or one a reader could take for it ("Аԁа" for "Ada")
            return (
                texts.name_taken(client.i18n, rest)
                if other == rest
                else texts.name_alike(client.i18n, rest, other)
            )
        return None

    def on_register(self, client: Client, rest: str) -> None:
        """``register PASSPHRASE``: the person's name is theirs at this server from now on (the passphrase's
        hash made off the event loop, the names' file written before it is told)."""
        name = client.session.name
        if name is None:
            client.say(texts.name_first(client.i18n))
            return
        passphrase = passphrase_of(rest)
        if not good_passphrase(passphrase):
            client.say(account_texts.register_usage(client.i18n))
            return
        if self.registry.claimed(name) is not None:
            client.say(account_texts.already_registered(client.i18n, name))
            return
        if self.registry.full:
            client.say(account_texts.registry_full(client.i18n, name))
            return

        def hashed(made: Claim) -> None:  # back on the event loop: kept, written, then told
            if self.registry.claimed(name) is not None or client.session.name != name:
                client.say(account_texts.already_registered(client.i18n, name))
                return
            text = self.registry.add(made)
            client.hold_until(self.tables.writes.submit(lambda: self.registry.write(text)))
            client.say(account_texts.registered(client.i18n, name))

        client.hold_until(self.hashing.submit(lambda: claim(name, passphrase), hashed))

    def _settings_line(self, client: Client, settings: Settings) -> None:
        """Settings after the greeting (several in one line, or any before the password): each taken and
        said, the language first; before the password, the password is asked again in their words."""
        refused = self._settle(client, settings)
        i = client.i18n
        if settings.language is not None:
            client.say(texts.language_set(i, client.session.language))
        if settings.verbosity is not None:
            client.say(texts.verbosity_set(i, verbosity_names(i)[client.session.verbosity.value]))
        if not client.authorized:
            client.say(texts.welcome(i, True))
        elif settings.name is not None:
            client.say(refused if refused is not None else texts.named(i, settings.name))

    def _names_taken(self, client: Client) -> list[str]:
        """Everyone else's name online, and the names of seats waiting for their people (but the one
        this connection left: its name is still theirs)."""
        waiting = [seat.name for _, seat in self.tables.waiting(but=client.session.left)]
        return self._names_online(client) + waiting

    def _names_online(self, client: Client) -> list[str]:
        return [c.session.name for c in self.connections.clients if c is not client and c.session.name]

    def on_language(self, client: Client, rest: str) -> None:
        language = normalize_language(rest) if rest else None
        if language is None or language not in LANGUAGES:
            client.say(texts.unknown(client.i18n, visible(rest)))
            return
        client.session.language = language
        client.say(texts.language_set(client.i18n, language))

    def on_verbosity(self, client: Client, rest: str) -> None:
        level = lobby_words(client.i18n).game.verbosity(rest) if rest else None
        if level is None:
            client.say(texts.unknown(client.i18n, visible(rest)))
            return
        client.session.verbosity = Verbosity(level)
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
            free = sum(1 for s in table.seats if s.is_free)
            # who sits there; the free seats are counted after ("Ada; 1 seat free"), never named too
            taken = [_seat_shown(i, s) for s in table.seats if not s.is_free]
            seats = ", ".join(taken or [texts.nobody_seated(i)])
            if match.is_over:
                state = texts.state_over(i)
            elif match.hand_number:
                state = texts.state_hand(i, match.hand_number)
            else:
                state = texts.state_waiting(i)
            played_in = self.tournaments.round_of(table)
            if played_in is not None:
                state = tourney_said.in_round(i, state, played_in + 1)
            client.say(
                texts.table_line(
                    i, number, rules=rules_name(i, match.rules), seats=seats, free=free, state=state
                )
            )

    def _may_sit(self, client: Client) -> bool:
        """Whether this person may sit down now (told why not): named, at no table, and not holding
        too many seats left waiting elsewhere (one person cannot hold table after table by sitting
        down and leaving)."""
        if client.session.name is None:
            client.say(texts.name_first(client.i18n))
            return False
        if client.session.table is not None:
            client.say(texts.already_seated(client.i18n, client.session.table.number))
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
            words = lobby_words(client.i18n)
            levels = [words.shown_level(level) for level in LEVEL_ORDER]
            told = create_problem(client.i18n, problem.code, visible(problem.word), levels)
            client.say(texts.bad_create(client.i18n, told))
            return
        except RulesError as error:
            client.say(texts.bad_create(client.i18n, rules_error(client.i18n, error)))
            return
        if self.tables.is_full():
            client.say(texts.too_many_tables(client.i18n, self.tables.most))
            return
        assert client.session.name is not None  # _may_sit saw to it
        table = self.tables.open(rules, computers, [client.session.name, *self._names_taken(client)])
        self.tables.sit(client, table, table.seats[0])

    def on_join(self, client: Client, rest: str) -> None:
        left = client.session.left
        found = self.tables.seat_of_code(left) if left is not None and client.session.table is None else None
        if found is not None and found[1].client is None and rest == str(found[0].number):
            self.tables.take_back(client, *found)  # back to the seat this connection left: a rejoin
            return
        if not self._may_sit(client):
            return
        table = self._table_named(client, rest)
        if table is None:
            return
        seat = table.free_seat()
        if seat is None:
            client.say(texts.table_full(client.i18n, table.number))
            return
        assert client.session.name is not None
        other = alike(client.session.name, [s.name for s in table.seats if not s.is_free])
        if other is not None:  # no two seats at a table read alike ("Anna 2, Anna 0"): a computer's too
            client.say(texts.name_clash(client.i18n, table.number, other))
            return
        self.tables.sit(client, table, seat)

    def _table_named(self, client: Client, rest: str) -> Table | None:
        """The table a typed number names; None (and said why) if there is none."""
        table = self.tables.by_number.get(int(rest)) if rest.isascii() and rest.isdigit() else None
        if table is None:
            client.say(texts.no_such_table(client.i18n, visible(rest)))
        return table

    def on_watch(self, client: Client, rest: str) -> None:
        person = client.session
        if person.table is not None:
            client.say(texts.already_seated(client.i18n, person.table.number))
            return
        table = self._table_named(client, rest)
        if table is None:
            return
        watcher = Watcher(table, client, language=person.language, verbosity=person.verbosity)
        table.watchers.append(watcher)
        person.table, person.watching = table, watcher
        self.tables.wait_for_writes(client, table)
        client.say(texts.watching(client.i18n, table.number))
        if table.match.phase is not Phase.NOT_STARTED:  # a match under way: whom they watch, to what target
            watcher.orient()

    def on_leave(self, client: Client, rest: str) -> None:
        self.tables.leave(client)

    def on_rejoin(self, client: Client, rest: str) -> None:
        if client.session.table is not None:
            client.say(texts.already_seated(client.i18n, client.session.table.number))
            return
        left = client.session.left
        if not rest.strip() and left is not None:  # the word alone, where a seat was left: that seat
            found = self.tables.seat_of_code(left)
            if found is not None:
                self.tables.take_back(client, *found)
                return
            client.session.left = None  # it waits no more (a computer took it, or the match is over)
        if not rest.strip():  # the word alone is a question, not a wrong code
            client.say(texts.rejoin_usage(client.i18n))
            return
        if self.connections.barred_now(client):
            return
        found = self.tables.seat_of_code(rest.strip())
        if found is None:
            self.connections.wrong_secret(client, texts.bad_token(client.i18n))
            return
        self.tables.take_back(client, *found)

    def on_ratings(self, client: Client, rest: str) -> None:
        """The leaderboard: one line per registered name that played a rated match, the highest first
        (the first ``MOST_LISTED``, and the asking person's own line if it is further down)."""
        i = client.i18n
        board = self.ratings.board()
        if not board:
            client.say(account_texts.no_ratings(i))
            return
        for place, (name, rating) in enumerate(board, start=1):
            if place <= MOST_LISTED or name == client.session.name:
                client.say(account_texts.rating_line(i, place, name, rating.shown, rating.matches))
        if len(board) > MOST_LISTED:
            client.say(account_texts.ratings_more(i, len(board) - MOST_LISTED))

    # ------------------------------------------------------------ the tournament

    def on_tournament(self, client: Client, rest: str) -> None:
        """``tournament`` alone (where it stands), ``tournament new …``, ``join``, ``leave``, ``start``."""
        i = client.i18n
        words = lobby_words(i)
        typed = rest.split()
        if not typed:
            self.tournaments.status(client)
            return
        if client.session.name is None:
            client.say(texts.name_first(i))
            return
        what = words.tournament_word(typed[0])
        if what == "join":
            self.tournaments.join(client)
        elif what == "leave":
            self.tournaments.leave(client)
        elif what == "start":
            self.tournaments.start(client)
        elif what == "new":
            self._new_tournament(client, rest[len(typed[0]) :].strip())
        else:
            levels = [words.shown_level(level) for level in LEVEL_ORDER]
            why = create_problem(i, CreateProblem.WORD, visible(typed[0]), levels)
            client.say(tourney_said.bad_new(i, why))

    def _new_tournament(self, client: Client, rest: str) -> None:
        i = client.i18n
        words = lobby_words(i)
        try:
            rules, rounds, duplicate, level = parse_tournament(words, rest)
        except TournamentError as problem:
            client.say(
                tourney_said.bad_new(i, tourney_said.bad_rounds(i, visible(problem.word), MOST_ROUNDS))
            )
            return
        except CreateError as problem:
            levels = [words.shown_level(level) for level in LEVEL_ORDER]
            client.say(
                tourney_said.bad_new(i, create_problem(i, problem.code, visible(problem.word), levels))
            )
            return
        except RulesError as error:
            client.say(tourney_said.bad_new(i, rules_error(i, error)))
            return
        self.tournaments.open(client, rules, rounds, duplicate, level)

    def on_standings(self, client: Client, rest: str) -> None:
        self.tournaments.standings(client)

    # ------------------------------------------------------------ talking

    def on_who(self, client: Client, rest: str) -> None:
        i = client.i18n
        people = ", ".join(
            f"{person.name} ({texts.at_table(i, person.table.number) if person.table else texts.in_lobby(i)})"
            for person in (c.session for c in self.connections.clients)
            if person.name
        )
        client.say(texts.who(i, people or "-"))

    def on_say(self, client: Client, rest: str) -> None:
        person = client.session
        table = person.table
        if table is None:
            client.say(texts.not_at_table(client.i18n))
            return
        if person.name is None and person.seat is None:
            client.say(texts.name_first(client.i18n))
            return
        said = visible(rest)[:MOST_SAY]
        name = person.seat.name if person.seat is not None else person.name or "?"
        table.say_to_all(lambda other: texts.says(words_of(other, client), name, said), LineKind.CHAT)

    def on_quit(self, client: Client, rest: str) -> None:
        if client.session.table is not None:
            self.tables.leave(client)
        client.say(texts.goodbye(client.i18n))
        client.close(Closing.QUIT)


def _seat_shown(i: I18n, seat: Seat) -> str:
    """A taken seat in the table list: its person's name, or a computer with its level."""
    if not seat.is_person:
        return f"{seat.name} ({level_names(i).get(seat.level or '', seat.level)})"
    return seat.name
