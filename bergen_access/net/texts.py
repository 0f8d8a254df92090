"""What the server says in the lobby and around the tables, in each person's language.

Line beginnings stay stable for a client's triggers: "Anna says:", "Table 2:",
"Waiting for", "Welcome".
"""

from __future__ import annotations

from ..commands.definitions import BY_KIND, CommandKind, Place
from ..commands.lexicon import verbosity_names
from ..i18n import I18n
from ..present.message import Message
from .lobby_words import LEVEL_ORDER, LOBBY_KINDS, lobby_words


def _words(i: I18n) -> dict[str, str]:
    """The lobby's command words in this language, by their English names, for ``str.format``."""
    words = lobby_words(i)
    return {kind.value: words.word(kind) for kind in LOBBY_KINDS}


def line(text: str, urgent: bool = True) -> Message:
    return Message(text, text, text, urgent=urgent)


def welcome(i: I18n, needs_password: bool, name: str | None = None) -> Message:
    if needs_password:
        # Translators: the server's first line when it asks for a password. Keep "password".
        return line(i.gettext("Welcome to Bergen Access. Type the password."))
    if name is not None:
        # Translators: the server's first line when the first line the client sent gave the name
        # ({player}). Keep "Welcome" first and "You are {player}." {tables}, {create}, {join} and {help}
        # are the lobby's command words.
        text = i.gettext(
            "Welcome to Bergen Access. You are {player}. Type {tables}, {create} or {join} and a table's "
            "number; {help} lists all."
        )
        return line(text.format(player=name, **_words(i)))
    # Translators: the server's first line. {name} and {help} are the lobby's command words.
    text = i.gettext(
        "Welcome to Bergen Access. Type {name} and your name, e.g. {name} Anna; {help} lists all."
    )
    return line(text.format(**_words(i)))


def wrong_password(i: I18n) -> Message:
    # Translators: the password was wrong; the connection closes.
    return line(i.gettext("Wrong password. Goodbye."))


def password_ok(i: I18n, name: str | None = None) -> Message:
    if name is not None:
        # Translators: the password was right, and the client's first line gave the name ({player}).
        # {tables}, {create} and {join} are the lobby's command words.
        text = i.gettext(
            "Password accepted. You are {player}. Type {tables}, {create} or {join} and a table's number."
        )
        return line(text.format(player=name, **_words(i)))
    # Translators: the password was right. {name} and {help} are the lobby's command words.
    text = i.gettext("Password accepted. Type {name} and your name, e.g. {name} Anna; {help} lists all.")
    return line(text.format(**_words(i)))


def named(i: I18n, name: str) -> Message:
    return line(
        # Translators: the server took the player's name ({player}). {tables}, {create} and {join} are the
        # lobby's command words.
        i.gettext("You are {player}. Type {tables}, {create} or {join} and a table's number.").format(
            player=name, **_words(i)
        )
    )


def bad_name(i: I18n) -> Message:
    # Translators: a name the server does not take. {name} is the lobby's command word.
    text = i.gettext("A name is one word: letters first, at most 20 characters, e.g. {name} Anna.")
    return line(text.format(**_words(i)))


def name_at_table(i: I18n, name: str) -> Message:
    # Translators: "name" typed at a table: the table knows the seat by its name. {leave} is the lobby's
    # command word.
    text = i.gettext("At this table you are {player}; type {leave} first to take another name.")
    return line(text.format(player=name, **_words(i)))


def barred(i: I18n) -> Message:
    # Translators: too many wrong passwords or rejoin codes came from this address; it must wait.
    text = i.gettext("Too many wrong passwords or codes from your address; try again in a minute. Goodbye.")
    return line(text)


def too_many_connections(i: I18n, most: int) -> Message:
    # Translators: more connections than the server takes come from one address; this one closes.
    text = i.gettext(
        "{most} connections from your address are open already, as many as one address may. Goodbye."
    )
    return line(text.format(most=most))


def too_many_waiting(i: I18n, waiting: int) -> Message:
    # Translators: this address left seats waiting at other tables; it must take one back first.
    # {rejoin} is the lobby's command word.
    text = i.gettext(
        "{waiting} seats left from your address wait at other tables: {rejoin} one of them first, "
        "or sit down again once computers have taken them."
    )
    return line(text.format(waiting=waiting, **_words(i)))


def too_many_tables(i: I18n, most: int) -> Message:
    # Translators: create when the server holds as many tables as it can. {join} and {tables} are the
    # lobby's command words.
    text = i.gettext("The server holds {most} tables, as many as it can: {join} one of them (see {tables}).")
    return line(text.format(most=most, **_words(i)))


def name_taken(i: I18n, name: str) -> Message:
    # Translators: someone else online has this name.
    return line(i.gettext("{name} is taken; choose another name.").format(name=name))


def name_waiting(i: I18n, name: str, number: int) -> Message:
    # Translators: the name typed ({player}) is the name of a seat at table {number} that waits for its
    # person (who left, or whose line dropped); that person takes it back with the rejoin command and
    # the seat's code. {rejoin} is the lobby's command word.
    text = i.gettext(
        "{player} is taken: a seat at table {number} waits for {player}. If it is yours, type {rejoin} and "
        "your code."
    )
    return line(text.format(player=name, number=number, **_words(i)))


def name_alike(i: I18n, name: str, other: str) -> Message:
    # Translators: the name typed ({player}) reads like one someone else has ({other}): the same
    # letters in another case, or another script's letters that look the same ("Аԁа" for "Ada").
    text = i.gettext("{player} is taken: it reads like {other}. Choose another name.")
    return line(text.format(player=name, other=other))


def name_clash(i: I18n, number: int, other: str) -> Message:
    # Translators: join refused: a seat at the table ({other}: a person or a computer) has a name
    # that reads like the joining player's. {name} and {join} are the lobby's command words.
    text = i.gettext(
        "At table {number} sits {other}, a name that reads like yours: type {name} and another name, "
        "then {join} {number}."
    )
    return line(text.format(number=number, other=other, **_words(i)))


def name_first(i: I18n) -> Message:
    # Translators: a command that needs a name before it. {name} is the lobby's command word.
    told = i.gettext("First your name: type {name} and your name, e.g. {name} Anna.")
    return line(told.format(**_words(i)))


def no_tables(i: I18n) -> Message:
    # Translators: the table list is empty. {create} is the lobby's command word, {standard} the preset's
    # name.
    text = i.gettext("No tables yet. Type {create} to open one, e.g. {create} {standard} 2.")
    return line(text.format(standard=lobby_words(i).shown_preset("standard"), **_words(i)))


def table_line(i: I18n, number: int, *, rules: str, seats: str, free: int, state: str) -> Message:
    # Translators: one table in the list. {rules} e.g. "standard", {seats} the names (computers with
    # their level), {free} the free seats, {state} e.g. "hand 2" or "waiting".
    text = i.ngettext(
        "Table {number}: {rules}; {seats}; {free} seat free; {state}.",
        "Table {number}: {rules}; {seats}; {free} seats free; {state}.",
        free,
    )
    return line(text.format(number=number, rules=rules, seats=seats, free=free, state=state))


def nobody_seated(i: I18n) -> str:
    # Translators: in the table list, in place of the names when nobody sits at the table yet.
    return i.gettext("nobody yet")


def state_waiting(i: I18n) -> str:
    # Translators: a table's state in the list: nobody has sat down yet.
    return i.gettext("waiting")


def state_hand(i: I18n, hand: int) -> str:
    # Translators: a table's state in the list: the hand being played.
    return i.gettext("hand {hand}").format(hand=hand)


def state_over(i: I18n) -> str:
    # Translators: a table's state in the list: its match is over.
    return i.gettext("match over")


def seated(i: I18n, number: int, seat: int, token: str) -> Message:
    # Translators: the player sat down at a table. {seat} counts from 1. {token} is a code to take the
    # seat back after a lost connection; {rejoin} is the lobby's command word.
    text = i.gettext(
        "You sit at table {number}, seat {seat}. To come back after a lost connection: {rejoin} {token}."
    )
    return line(text.format(number=number, seat=seat, token=token, **_words(i)))


def joins(i: I18n, name: str) -> Message:
    # Translators: told at a table: someone sat down.
    return line(i.gettext("{name} sits down.").format(name=name))


def watching(i: I18n, number: int) -> Message:
    # Translators: the player watches a table. {leave} is the lobby's command word.
    text = i.gettext("You watch table {number}. Type {leave} to go back.")
    return line(text.format(number=number, **_words(i)))


def no_such_table(i: I18n, text: str) -> Message:
    # Translators: join or watch with a number that is no table. {tables} is the lobby's command word.
    told = i.gettext("There is no table {text}. Type {tables} for the list.")
    return line(told.format(text=text, **_words(i)))


def table_full(i: I18n, number: int) -> Message:
    return line(
        # Translators: join a table whose seats are all taken. {watch} is the lobby's command word.
        i.gettext("Table {number} has no free seat. Type {watch} {number} to watch it.").format(
            number=number, **_words(i)
        )
    )


def already_seated(i: I18n, number: int) -> Message:
    # Translators: join, create or watch while at a table. {leave} is the lobby's command word.
    told = i.gettext("You are at table {number}. Type {leave} first.")
    return line(told.format(number=number, **_words(i)))


def left_table(i: I18n, number: int, minutes: int, token: str) -> Message:
    # Translators: the player left a table; the seat is kept. {rejoin} is the lobby's command word.
    text = i.ngettext(
        "You leave table {number}. Your seat waits {minutes} minute: {rejoin} {token}.",
        "You leave table {number}. Your seat waits {minutes} minutes: {rejoin} {token}.",
        minutes,
    )
    return line(text.format(number=number, minutes=minutes, token=token, **_words(i)))


def seat_freed(i: I18n, number: int) -> Message:
    # Translators: the player left a table whose match had not begun: no seat is kept for them.
    text = i.gettext("You leave table {number}; its match had not begun, so your seat is free again.")
    return line(text.format(number=number))


def left_before_start(i: I18n, name: str) -> Message:
    # Translators: told at a table whose match has not begun: someone left; their seat is free again.
    return line(i.gettext("{name} leaves; the seat is free again.").format(name=name))


def table_closed(i: I18n, number: int) -> Message:
    # Translators: the player left a table whose match had not begun or was over, and nobody else was
    # there: the table is gone (no seat waits).
    text = i.gettext("You leave table {number}, and it closes: nobody else is there.")
    return line(text.format(number=number))


def table_gone(i: I18n, number: int) -> Message:
    # Translators: told to someone watching a table that closed (nobody sits there any more); they are
    # back in the lobby.
    text = i.gettext("Table {number} is closed: nobody sits there any more. You are in the lobby.")
    return line(text.format(number=number))


def left_after_match(i: I18n, number: int) -> Message:
    # Translators: the player left a table whose match is over (others are still there).
    return line(i.gettext("You leave table {number}; its match is over.").format(number=number))


def stopped_watching(i: I18n, number: int) -> Message:
    # Translators: the player stopped watching a table.
    return line(i.gettext("You stop watching table {number}.").format(number=number))


def away(i: I18n, name: str, minutes: int) -> Message:
    # Translators: told at a table: a player's connection is gone; the seat is kept.
    text = i.ngettext(
        "{name} is away; the seat waits {minutes} minute, and the table waits on their turn.",
        "{name} is away; the seat waits {minutes} minutes, and the table waits on their turn.",
        minutes,
    )
    return line(text.format(name=name, minutes=minutes))


def back(i: I18n, name: str) -> Message:
    # Translators: told at a table: a player came back.
    return line(i.gettext("{name} is back.").format(name=name))


def rejoined(i: I18n, number: int, seat: int, missed: int) -> Message:
    """The seat is taken back; the lines told since the player's last line follow (some of them may
    have been heard already, if the old line died just after them: better twice than never)."""
    if not missed:
        # Translators: the player took the seat back (rejoin); nothing was said since their last line.
        text = i.gettext("You are back at table {number}, seat {seat}.")
        return line(text.format(number=number, seat=seat))
    # Translators: the player took the seat back (rejoin); the lines said since the player's last typed
    # line follow, each on a line of its own. {missed} counts them.
    text = i.ngettext(
        "You are back at table {number}, seat {seat}. {missed} line since your last one:",
        "You are back at table {number}, seat {seat}. {missed} lines since your last one:",
        missed,
    )
    return line(text.format(number=number, seat=seat, missed=missed))


def taken_over(i: I18n) -> Message:
    # Translators: the seat's code was typed on a new connection (the player came back after a broken
    # line); this old connection closes.
    return line(i.gettext("Your seat was taken back with its code on a new connection. Goodbye."))


def rejoin_usage(i: I18n) -> Message:
    # Translators: rejoin typed without its code. {rejoin} is the lobby's command word.
    text = i.gettext("Type {rejoin} and the code you were told when you sat down, e.g. {rejoin} 3f9a0c12.")
    return line(text.format(**_words(i)))


def bad_token(i: I18n) -> Message:
    # Translators: rejoin with a code that holds no seat.
    return line(i.gettext("No seat waits for that code."))


def stand_in(i: I18n, name: str) -> Message:
    # Translators: told at a table: a player did not come back in time; a computer plays the seat.
    return line(i.gettext("{name} did not come back: a computer plays the seat now.").format(name=name))


def says(i: I18n, name: str, text: str) -> Message:
    # Translators: table chat. Keep "says:" short and stable; {text} is what they typed.
    return line(i.gettext("{name} says: {text}").format(name=name, text=text), urgent=False)


def who(i: I18n, people: str) -> Message:
    # Translators: who is online; {people} e.g. "Anna (table 1), Bo (lobby)".
    return line(i.gettext("Online: {people}.").format(people=people))


def in_lobby(i: I18n) -> str:
    # Translators: where someone is, in the who list: not at a table.
    return i.gettext("lobby")


def at_table(i: I18n, number: int) -> str:
    # Translators: where someone is, in the who list.
    return i.gettext("table {number}").format(number=number)


def not_at_table(i: I18n) -> Message:
    # Translators: a table command typed in the lobby. {join} and {watch} are the lobby's command words.
    told = i.gettext("You are not at a table. Type {join} or {watch} and a table's number.")
    return line(told.format(**_words(i)))


def unknown(i: I18n, text: str) -> Message:
    # Translators: a lobby line the server does not understand. {help} is the command word.
    return line(i.gettext("I did not understand “{text}”. Type {help}.").format(text=text, **_words(i)))


def bad_create(i: I18n, problem: str) -> Message:
    """``create`` that cannot be made: why, then an example in the person's words."""
    words = lobby_words(i)
    # Translators: create with options the server cannot use; {problem} says why. The rest is an example
    # in the lobby's words: {create} the command, {standard} a preset, {set} and {computers} words of
    # create, {normal} and {easy} computer levels.
    text = i.gettext(
        "That table cannot be made: {problem} "
        "Example: {create} {standard} 4 {set} 9 {computers} {normal},{easy}."
    )
    return line(
        text.format(
            problem=problem,
            standard=words.shown_preset("standard"),
            set=words.shown_create_word("set"),
            computers=words.shown_create_word("computers"),
            normal=words.shown_level("normal"),
            easy=words.shown_level("easy"),
            **_words(i),
        )
    )


def flooding(i: I18n) -> Message:
    # Translators: the client sent too many lines too fast; the connection closes.
    return line(i.gettext("Too many lines too fast. Goodbye."))


def goodbye(i: I18n) -> Message:
    # Translators: the player typed quit in the lobby.
    return line(i.gettext("Goodbye."))


def table_also(i: I18n) -> Message:
    # Translators: after the game's help at a network table: the table's own commands. {say}, {who} and
    # {leave} are the lobby's command words.
    text = i.gettext(
        "At this table also: {say} and a message to talk, {who}, {leave} to go back to the lobby."
    )
    return line(text.format(**_words(i)))


def match_over(i: I18n) -> Message:
    # Translators: after the match at a table. {leave} is the lobby's command word.
    return line(i.gettext("The match is over. Type {leave} to go back to the lobby.").format(**_words(i)))


#: the lobby's help: one line per command, in this order (the presets and levels after create)
LOBBY_HELP_ORDER = (
    CommandKind.NAME,
    CommandKind.LANGUAGE,
    CommandKind.VERBOSITY,
    CommandKind.TABLES,
    CommandKind.CREATE,
    CommandKind.JOIN,
    CommandKind.WATCH,
    CommandKind.LEAVE,
    CommandKind.REJOIN,
    CommandKind.REGISTER,
    CommandKind.RATINGS,
    CommandKind.TOURNAMENT,
    CommandKind.STANDINGS,
    CommandKind.WHO,
    CommandKind.SAY,
    CommandKind.QUIT,
)


def lobby_help(i: I18n) -> list[str]:
    """One line per command (a braille line each), in the person's words; English ones work too."""
    words = lobby_words(i)
    names = {
        **_words(i),
        "set": words.shown_create_word("set"),
        "partners": words.shown_create_word("partners"),
        "computers": words.shown_create_word("computers"),
        **{word: words.shown_tournament_word(word) for word in ("new", "start", "rounds", "duplicate")},
        "presets": ", ".join(words.shown_preset(name) for name in ("standard", "counters", "dominoplaza")),
        "levels": ", ".join(words.shown_level(level) for level in LEVEL_ORDER),
        **verbosity_names(i),
    }

    def said(kind: CommandKind) -> str:
        text = BY_KIND[kind].help_in(Place.LOBBY)
        assert text is not None, kind
        return str(text(i))

    lines = [said(kind) for kind in LOBBY_HELP_ORDER[:5]]
    # Translators: a line of the lobby's help: the presets and computer levels create takes.
    lines.append(i.gettext("Presets: {presets}. Levels: {levels}, one per computer, with commas."))
    lines += [said(kind) for kind in LOBBY_HELP_ORDER[5:]]
    # Translators: the last line of the lobby's help.
    lines.append(i.gettext("At a table every command of the game works for your seat; {help} lists them."))
    return [text.format(**names) for text in lines]


def language_set(i: I18n, language: str) -> Message:
    # Translators: the lobby took a language (de, tr or en).
    return line(i.gettext("Language: {language}.").format(language=language))


def verbosity_set(i: I18n, verbosity: str) -> Message:
    # Translators: the lobby took a verbosity (terse, normal or verbose).
    return line(i.gettext("Verbosity: {verbosity}.").format(verbosity=verbosity))


def waiting_for_players(i: I18n, free: int) -> Message:
    # Translators: at a table whose match has not begun: seats are still free. {say} is the lobby's
    # command word.
    text = i.ngettext(
        "The match begins when the last seat is taken: {free} seat is free. "
        "Type {say} and a message to talk.",
        "The match begins when the last seats are taken: {free} seats are free. "
        "Type {say} and a message to talk.",
        free,
    )
    return line(text.format(free=free, **_words(i)))


def waited_name(i: I18n, name: str, away: bool) -> str:
    """A name in "Waiting for …": an away seat's marked, so nobody waits for a reply that cannot come."""
    if not away:
        return name
    # Translators: a player the next hand waits for whose connection is gone, in "Waiting for Bo (away)".
    return i.gettext("{name} (away)").format(name=name)


def waiting_ready(i: I18n, names: list[str]) -> Message:
    # Translators: after a hand, to a player who is ready: the next hand waits for these players
    # ({names}, e.g. "Bo, Cem (away)"). Keep "Waiting for" first for triggers.
    return line(i.gettext("Waiting for {names} to be ready.").format(names=", ".join(names)))


def is_ready(i: I18n, names: list[str], next_word: str) -> Message:
    # Translators: after a hand, to a player who is not ready yet: these players ({names}, e.g. "Ada" or
    # "Ada, Bo") are. {next} is the game's command word for the next hand.
    text = i.ngettext(
        "{names} is ready for the next hand; press Enter or type {next} when you are.",
        "{names} are ready for the next hand; press Enter or type {next} when you are.",
        len(names),
    )
    return line(text.format(names=", ".join(names), next=next_word))


def others_ready(i: I18n, next_word: str) -> Message:
    # Translators: after a hand, to the last player not ready yet: everyone else is. {next} is the game's
    # command word for the next hand.
    text = i.gettext("Everyone else is ready for the next hand: press Enter or type {next}.")
    return line(text.format(next=next_word))


def fault(i: I18n) -> Message:
    # Translators: the server met a fault of its own while answering a line; nothing else is lost.
    return line(i.gettext("Something went wrong with that line on the server; the table goes on."))


def too_fast(i: I18n) -> Message:
    # Translators: the client sent lines faster than the server takes them; those lines were not used.
    return line(i.gettext("Too fast: lines are not used until you slow down."))


def server_stopping(i: I18n, token: str | None) -> Message:
    """The server stops: a seated person hears how to take the seat back when it is running again."""
    if token is None:
        # Translators: the server is stopping (its host stopped it); the connection closes.
        return line(i.gettext("The server is stopping. Goodbye."))
    # Translators: the server is stopping; the player's seat is saved. {rejoin} is the lobby's command
    # word, {token} the seat's code.
    text = i.gettext("The server is stopping; your seat is kept. When it runs again: {rejoin} {token}.")
    return line(text.format(token=token, **_words(i)))


# ------------------------------------------------------------------ the host's console


def listening(i: I18n, address: str, kept: bool) -> str:
    if not kept:
        # Translators: bergen serve started, and cannot save its tables (told just before). {address} is
        # host:port. Keep "listening on" for scripts.
        return i.gettext("bergen serve: listening on {address}. Ctrl-C stops it.").format(address=address)
    # Translators: bergen serve started. {address} is host:port. Keep "listening on" for scripts.
    text = i.gettext("bergen serve: listening on {address}. Ctrl-C stops it; the tables are kept.")
    return text.format(address=address)


def web_listening(i: I18n, url: str) -> str:
    # Translators: bergen serve --web started its page. {url} is the address to open in a browser, e.g.
    # http://127.0.0.1:4001/. Keep "web page at" for scripts.
    return i.gettext("bergen serve: the web page at {url} (the same tables).").format(url=url)


def malformed_requests(i: I18n, address: str, count: int, first: bool) -> str:
    if first:
        # Translators: bergen serve --web, on the host's console: a request to the web page that is not
        # proper HTTP (a scanner, a broken client). {address} is its IP address. More from that address
        # are counted and told in one line a minute.
        return i.gettext("A malformed web request from {address}; more are told once a minute.").format(
            address=address
        )
    # Translators: bergen serve --web, on the host's console, at most once a minute per address: how many
    # requests that were not proper HTTP came from {address} (an IP address) in the last minute.
    text = i.ngettext(
        "{count} malformed web request from {address} in the last minute.",
        "{count} malformed web requests from {address} in the last minute.",
        count,
    )
    return text.format(count=count, address=address)


def over_share(i: I18n, address: str, count: int, first: bool) -> str:
    if first:
        # Translators: bergen serve, on the host's console: one address sends far more lines or
        # connections than people do (a flood); what it sends is now read only as fast as its share
        # allows, so other people's tables stay quick. {address} is its IP address.
        return i.gettext(
            "{address} sends more than its share: it is read more slowly; how often is told once a minute."
        ).format(address=address)
    # Translators: bergen serve, on the host's console, at most once a minute per address: how many
    # times what {address} (an IP address) sent had to wait for its share in the last minute.
    text = i.ngettext(
        "{address} was held back {count} time in the last minute for sending more than its share.",
        "{address} was held back {count} times in the last minute for sending more than its share.",
        count,
    )
    return text.format(count=count, address=address)


def cannot_listen(i: I18n, address: str, reason: str) -> str:
    # Translators: bergen serve could not listen. {address} host:port, {reason} the system's reason in
    # English (e.g. "Address already in use").
    return i.gettext("bergen serve cannot listen on {address}: {reason}.").format(
        address=address, reason=reason
    )


def another_server(i: I18n, folder: str) -> str:
    # Translators: a second bergen serve was started with the same data folder. {folder} is the folder.
    text = i.gettext(
        "Another bergen serve keeps its tables in {folder}. Stop it first, "
        "or start this one with another BERGEN_DATA_DIR."
    )
    return text.format(folder=folder)


def tables_back(i: I18n, count: int) -> str:
    # Translators: bergen serve started and saved tables came back; their players type rejoin and
    # their code.
    text = i.ngettext(
        "{count} saved table is back; its players rejoin with their codes.",
        "{count} saved tables are back; their players rejoin with their codes.",
        count,
    )
    return text.format(count=count)


def stopped(i: I18n, count: int, saved: bool) -> str:
    if not saved or not count:
        # Translators: bergen serve stopped, with no table to keep (or nowhere to keep it).
        return i.gettext("bergen serve stopped.")
    # Translators: bergen serve stopped. {count} tables are saved and come back at the next start.
    text = i.ngettext(
        "bergen serve stopped. {count} table is saved and comes back at the next start.",
        "bergen serve stopped. {count} tables are saved and come back at the next start.",
        count,
    )
    return text.format(count=count)
