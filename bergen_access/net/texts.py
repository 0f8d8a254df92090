"""What the server says in the lobby and around the tables, in each person's language.

Line beginnings stay stable for a client's triggers: "Anna says:", "Table 2:",
"Waiting for", "Welcome".
"""

from __future__ import annotations

from ..i18n import I18n
from ..present.message import Message


def line(text: str, urgent: bool = True) -> Message:
    return Message(text, text, text, urgent=urgent)


def welcome(i: I18n, needs_password: bool) -> Message:
    if needs_password:
        # Translators: the server's first line when it asks for a password. Keep "password".
        return line(i.gettext("Welcome to Bergen Access. Type the password."))
    return line(
        # Translators: the server's first line. Keep the command words name and help.
        i.gettext("Welcome to Bergen Access. Type name and your name, e.g. name Anna; help lists all.")
    )


def wrong_password(i: I18n) -> Message:
    # Translators: the password was wrong; the connection closes.
    return line(i.gettext("Wrong password. Goodbye."))


def password_ok(i: I18n) -> Message:
    # Translators: the password was right. Keep the command words name and help.
    return line(i.gettext("Password accepted. Type name and your name, e.g. name Anna; help lists all."))


def named(i: I18n, name: str) -> Message:
    return line(
        # Translators: the server took the player's name. Keep the command words tables, create and join.
        i.gettext("You are {name}. Type tables, create or join and a table's number.").format(name=name)
    )


def bad_name(i: I18n) -> Message:
    # Translators: a name the server does not take.
    return line(i.gettext("A name is one word: letters first, at most 20 characters, e.g. name Anna."))


def name_taken(i: I18n, name: str) -> Message:
    # Translators: someone else online has this name.
    return line(i.gettext("{name} is taken; choose another name.").format(name=name))


def name_first(i: I18n) -> Message:
    # Translators: a command that needs a name before it. Keep the command word name.
    return line(i.gettext("First your name: type name and your name, e.g. name Anna."))


def no_tables(i: I18n) -> Message:
    # Translators: the table list is empty. Keep the command word create.
    return line(i.gettext("No tables yet. Type create to open one, e.g. create standard 2."))


def table_line(i: I18n, number: int, *, rules: str, seats: str, free: int, state: str) -> Message:
    # Translators: one table in the list. {rules} e.g. "standard", {seats} the names (computers with
    # their level), {free} the free seats, {state} e.g. "hand 2" or "waiting".
    text = i.ngettext(
        "Table {number}: {rules}; {seats}; {free} seat free; {state}.",
        "Table {number}: {rules}; {seats}; {free} seats free; {state}.",
        free,
    )
    return line(text.format(number=number, rules=rules, seats=seats, free=free, state=state))


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
    # seat back after a lost connection ("rejoin" is the command word).
    text = i.gettext(
        "You sit at table {number}, seat {seat}. To come back after a lost connection: rejoin {token}."
    )
    return line(text.format(number=number, seat=seat, token=token))


def joins(i: I18n, name: str) -> Message:
    # Translators: told at a table: someone sat down.
    return line(i.gettext("{name} sits down.").format(name=name))


def watching(i: I18n, number: int) -> Message:
    # Translators: the player watches a table. Keep the command word leave.
    return line(i.gettext("You watch table {number}. Type leave to go back.").format(number=number))


def no_such_table(i: I18n, text: str) -> Message:
    # Translators: join or watch with a number that is no table. Keep the command word tables.
    return line(i.gettext("There is no table {text}. Type tables for the list.").format(text=text))


def table_full(i: I18n, number: int) -> Message:
    return line(
        # Translators: join a table whose seats are all taken. Keep the command word watch.
        i.gettext("Table {number} has no free seat. Type watch {number} to watch it.").format(number=number)
    )


def already_seated(i: I18n, number: int) -> Message:
    # Translators: join, create or watch while at a table. Keep the command word leave.
    return line(i.gettext("You are at table {number}. Type leave first.").format(number=number))


def left_table(i: I18n, number: int, minutes: int, token: str) -> Message:
    # Translators: the player left a table; the seat is kept. Keep the command word rejoin.
    text = i.ngettext(
        "You leave table {number}. Your seat waits {minutes} minute: rejoin {token}.",
        "You leave table {number}. Your seat waits {minutes} minutes: rejoin {token}.",
        minutes,
    )
    return line(text.format(number=number, minutes=minutes, token=token))


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
    # Translators: the player took the seat back; what was missed follows. {missed} counts lines.
    text = i.ngettext(
        "You are back at table {number}, seat {seat}. You missed {missed} line:",
        "You are back at table {number}, seat {seat}. You missed {missed} lines:",
        missed,
    )
    return line(text.format(number=number, seat=seat, missed=missed))


def bad_token(i: I18n) -> Message:
    # Translators: rejoin with a code that holds no seat.
    return line(i.gettext("No seat waits for that code."))


def stand_in(i: I18n, name: str) -> Message:
    # Translators: told at a table: a player did not come back in time; a computer plays the seat.
    return line(i.gettext("{name} did not come back: a computer plays the seat now.").format(name=name))


def waiting_for(i: I18n, name: str) -> Message:
    # Translators: a move was typed while the table waits on an away player's turn.
    return line(i.gettext("Waiting for {name}, who is away.").format(name=name))


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
    # Translators: a table command typed in the lobby. Keep the command words join and watch.
    return line(i.gettext("You are not at a table. Type join or watch and a table's number."))


def unknown(i: I18n, text: str) -> Message:
    # Translators: a lobby line the server does not understand. Keep the command word help.
    return line(i.gettext("I did not understand “{text}”. Type help.").format(text=text))


def bad_create(i: I18n, problem: str) -> Message:
    # Translators: create with options the server cannot use; {problem} says which, in English.
    text = i.gettext(
        "That table cannot be made ({problem}). Example: create standard 4 set 9 computers normal,easy."
    )
    return line(text.format(problem=problem))


def flooding(i: I18n) -> Message:
    # Translators: the client sent too many lines too fast; the connection closes.
    return line(i.gettext("Too many lines too fast. Goodbye."))


def goodbye(i: I18n) -> Message:
    # Translators: the player typed quit in the lobby.
    return line(i.gettext("Goodbye."))


def match_over(i: I18n) -> Message:
    # Translators: after the match at a table. Keep the command word leave.
    return line(i.gettext("The match is over. Type leave to go back to the lobby."))


def lobby_help(i: I18n) -> list[str]:
    # Translators: the lobby's help, one line per command; keep the command words as they are.
    return i.gettext(
        "name Anna: your name. language de, tr or en. verbosity terse, normal or verbose.\n"
        "tables: the tables. create PRESET PLAYERS [set 9] [partners] [computers normal,easy]: a new table.\n"
        "join N: sit at table N. watch N: watch it. leave: back to the lobby. rejoin CODE: your seat again.\n"
        "who: who is online. say TEXT: talk to your table. quit: leave the server.\n"
        "At a table every command of the game works for your seat; help lists them."
    ).split("\n")


def language_set(i: I18n, language: str) -> Message:
    # Translators: the lobby took a language (de, tr or en).
    return line(i.gettext("Language: {language}.").format(language=language))


def verbosity_set(i: I18n, verbosity: str) -> Message:
    # Translators: the lobby took a verbosity (terse, normal or verbose).
    return line(i.gettext("Verbosity: {verbosity}.").format(verbosity=verbosity))


def waiting_for_players(i: I18n, free: int) -> Message:
    # Translators: at a table whose match has not begun: seats are still free. Keep the command word say.
    text = i.ngettext(
        "The match begins when the last seat is taken: {free} seat is free. Type say and a message to talk.",
        "The match begins when the last seats are taken: {free} seats are free. "
        "Type say and a message to talk.",
        free,
    )
    return line(text.format(free=free))


def fault(i: I18n) -> Message:
    # Translators: the server met a fault of its own while answering a line; nothing else is lost.
    return line(i.gettext("Something went wrong with that line on the server; the table goes on."))


def too_fast(i: I18n) -> Message:
    # Translators: the client sent lines faster than the server takes them; those lines were not used.
    return line(i.gettext("Too fast: lines are not used until you slow down."))
