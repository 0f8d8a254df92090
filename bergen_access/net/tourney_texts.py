"""What entrants of a server's tournament hear, in their own language: one line each, the key fact first.

The standings themselves are the club's lines (``present/club_text.py``: "1. Ayşe: 2 wins, +14 over the
field, 45 points."), so a tournament at the server and an evening at physical tables say them alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import Rules
from ..i18n import I18n
from ..present.message import Message
from ..present.table_talk import level_names, rules_name
from ..tournament import Format
from .lobby_words import lobby_words
from .texts import _words, line


def _names(i: I18n) -> dict[str, str]:
    """The lobby's words and the tournament's own (``new``, ``start``, ``rounds``, ``duplicate``)."""
    words = lobby_words(i)
    own = {word: words.shown_tournament_word(word) for word in ("new", "start", "rounds", "duplicate")}
    return {
        **_words(i),
        **own,
        "partners": words.shown_create_word("partners"),
        "computers": words.shown_create_word("computers"),
    }


def help_names(i: I18n) -> dict[str, str]:
    """What the lobby's help line of ``tournament`` fills in."""
    return _names(i)


def usage(i: I18n) -> str:
    """How ``tournament new`` is typed, with an example."""
    # Translators: how to open a tournament at the server. PRESET, PLAYERS, N and LEVEL stand for what is
    # typed; every {…} is a word in the person's language; {example} is a whole example line.
    text = i.gettext(
        "Type {tournament} {new} PRESET PLAYERS [{partners}] [{rounds} N] [{duplicate}] "
        "[{computers} LEVEL], like {example}."
    )
    names = _names(i)
    words = lobby_words(i)
    example = " ".join(
        [
            names["tournament"],
            names["new"],
            words.shown_preset("standard"),
            "2",
            names["rounds"],
            "3",
            names["duplicate"],
            names["computers"],
            words.shown_level("easy"),
        ]
    )
    return text.format(example=example, **names)


def bad_new(i: I18n, why: str) -> Message:
    # Translators: "tournament new" could not open that tournament. {why} says why (one sentence);
    # {usage} is how to type it.
    return line(i.gettext("No tournament: {why} {usage}").format(why=why, usage=usage(i)))


def bad_rounds(i: I18n, word: str, most: int) -> str:
    # Translators: "tournament new … rounds X": X is no number of rounds. {word} as typed.
    return i.gettext("“{word}” is no number of rounds from 1 to {most}.").format(word=word, most=most)


def described(i: I18n, rules: Rules, fmt: Format, level: str) -> str:
    """``standard, tables of 2, 3 rounds, duplicate deals, computers: easy``."""
    # Translators: a tournament's format. {rules} the rules' name, {size} players per table.
    parts = [rules_name(i, rules), i.gettext("tables of {size}").format(size=fmt.table_size)]
    if fmt.partners:
        # Translators: a tournament's format: partners play at each table (they change every round).
        parts.append(i.gettext("partners"))
    # Translators: a tournament's format: how many rounds.
    parts.append(i.ngettext("{count} round", "{count} rounds", fmt.rounds).format(count=fmt.rounds))
    if fmt.duplicate:
        # Translators: a tournament's format: every table of a round plays the same deals.
        parts.append(i.gettext("duplicate deals"))
    # Translators: a tournament's format: the level of the computers that fill empty seats.
    parts.append(i.gettext("computers: {level}").format(level=level_names(i).get(level, level)))
    return ", ".join(parts)


def opened(i: I18n, name: str, format_said: str) -> Message:
    # Translators: told to everyone in the lobby: someone opened a tournament. {format} is its format;
    # {tournament} and {join} are the lobby's words.
    text = i.gettext("{player} opens a tournament: {format}. Type {tournament} {join} to enter.")
    return line(text.format(player=name, format=format_said, **_names(i)))


def you_opened(i: I18n, format_said: str, code: str) -> Message:
    # Translators: the person opened a tournament and is its first entrant. {code} is their tournament
    # code; {rejoin}, {tournament}, {start} are words in their language.
    text = i.gettext(
        "Your tournament is open: {format}. Others enter with {tournament} {join}; {tournament} {start} "
        "begins it. Your code is {code}: if your connection drops, {rejoin} {code} takes your seat back."
    )
    return line(text.format(format=format_said, code=code, **_names(i)))


def entered(i: I18n, count: int, code: str) -> Message:
    # Translators: the person entered the tournament. {count} entrants so far; {code} their tournament
    # code; {rejoin} the lobby's word.
    text = i.ngettext(
        "You are in the tournament: {count} entrant. Your code is {code}: if your connection drops, "
        "{rejoin} {code} takes your seat back.",
        "You are in the tournament: {count} entrants. Your code is {code}: if your connection drops, "
        "{rejoin} {code} takes your seat back.",
        count,
    )
    return line(text.format(count=count, code=code, **_names(i)))


def someone_entered(i: I18n, name: str, count: int) -> Message:
    # Translators: told to the other entrants: someone entered the tournament.
    text = i.ngettext(
        "{name} enters the tournament: {count} entrant.",
        "{name} enters the tournament: {count} entrants.",
        count,
    )
    return line(text.format(name=name, count=count))


def you_left(i: I18n) -> Message:
    # Translators: the person left the tournament before it began.
    return line(i.gettext("You are out of the tournament."))


def someone_left(i: I18n, name: str, count: int) -> Message:
    # Translators: told to the other entrants: someone left the tournament before it began.
    text = i.ngettext(
        "{name} leaves the tournament: {count} entrant.",
        "{name} leaves the tournament: {count} entrants.",
        count,
    )
    return line(text.format(name=name, count=count))


def called_off(i: I18n, name: str) -> Message:
    # Translators: the one who opened the tournament left it before it began: it is called off.
    return line(i.gettext("{name} called the tournament off.").format(name=name))


def no_tournament(i: I18n) -> Message:
    # Translators: there is no tournament at this server. {usage} says how to open one.
    return line(i.gettext("No tournament here. {usage}").format(usage=usage(i)))


def one_already(i: I18n, name: str) -> Message:
    # Translators: "tournament new" while a tournament is open or under way. {tournament} the lobby's word.
    text = i.gettext("{player}'s tournament is on already; {tournament} says where it stands.")
    return line(text.format(player=name, **_names(i)))


def already_in(i: I18n) -> Message:
    # Translators: "tournament join" by someone who entered already.
    return line(i.gettext("You are in the tournament already."))


def not_in(i: I18n) -> Message:
    # Translators: "tournament leave" or "tournament start" by someone who did not enter.
    return line(i.gettext("You are not in the tournament."))


def under_way(i: I18n) -> Message:
    # Translators: "tournament join" or "tournament leave" once the tournament has begun. {rejoin} is the
    # lobby's word.
    text = i.gettext(
        "The tournament has begun: nobody enters or leaves now. A seat waits for its player; {rejoin} and "
        "the code take it back."
    )
    return line(text.format(**_names(i)))


def only_the_opener(i: I18n, name: str) -> Message:
    # Translators: "tournament start" by someone other than the one who opened it.
    return line(i.gettext("Only {name}, who opened the tournament, begins it.").format(name=name))


def name_like_entrant(i: I18n, name: str, other: str) -> Message:
    # Translators: "tournament join": the person's name reads like an entrant's; standings would mix them.
    text = i.gettext("{name} reads like {other}, who is in the tournament: take another name first.")
    return line(text.format(name=name, other=other))


def begins(i: I18n, count: int, computers: int) -> Message:
    # Translators: the tournament begins. {count} entrants in all, {computers} of them computers.
    text = i.ngettext(
        "The tournament begins: {count} entrant, {computers} of them computers.",
        "The tournament begins: {count} entrants, {computers} of them computers.",
        count,
    )
    return line(text.format(count=count, computers=computers))


def your_table(
    i: I18n, round_number: int, rounds: int, *, table: int, seat: int, others: Sequence[str]
) -> Message:
    # Translators: an entrant's place in a round. {round} of {rounds}, {table} the server's table number,
    # {seat} from 1, {names} who else sits there ("Bo, Cem").
    text = i.gettext("Round {round} of {rounds}: table {table}, seat {seat}, with {names}.")
    return line(
        text.format(round=round_number, rounds=rounds, table=table, seat=seat, names=", ".join(others))
    )


def your_seat_waits(i: I18n, table: int, code: str) -> Message:
    # Translators: an entrant at another table (or watching) when their round began: their seat waits for
    # them. {rejoin} the lobby's word, {code} their tournament code.
    text = i.gettext("Your seat at table {table} waits for you: {leave}, then {rejoin} {code}.")
    return line(text.format(table=table, code=code, **_names(i)))


def round_waits(i: I18n, round_number: int, playing: int) -> Message:
    # Translators: an entrant's table is over; the next round begins when the other tables are. {round}
    # from 1, {playing} tables still playing.
    text = i.ngettext(
        "Round {round}: {playing} table still plays; the next round begins when it is over.",
        "Round {round}: {playing} tables still play; the next round begins when they are over.",
        playing,
    )
    return line(text.format(round=round_number, playing=playing))


def status_open(i: I18n, name: str, format_said: str, names: Sequence[str]) -> Message:
    # Translators: "tournament" alone, before it begins. {names} the entrants so far ("Ada, Bo").
    text = i.ngettext(
        "{name}'s tournament: {format}. {count} entrant: {names}. It waits for {name} to begin it.",
        "{name}'s tournament: {format}. {count} entrants: {names}. It waits for {name} to begin it.",
        len(names),
    )
    return line(text.format(name=name, format=format_said, count=len(names), names=", ".join(names)))


def status_round(i: I18n, round_number: int, rounds: int, playing: int) -> Message:
    # Translators: "tournament" alone, while a round is played. {playing} tables of the round still play.
    text = i.ngettext(
        "Round {round} of {rounds}: {playing} table still plays.",
        "Round {round} of {rounds}: {playing} tables still play.",
        playing,
    )
    return line(text.format(round=round_number, rounds=rounds, playing=playing))


def over(i: I18n) -> Message:
    # Translators: every round of the tournament is played; its final standings were just said (or follow).
    # {standings} is the lobby's word.
    text = i.gettext("The tournament is over; {standings} says the final standings.")
    return line(text.format(**_names(i)))


def kept_for_the_host(i: I18n, text: str, table: str) -> str:
    # Translators: told to the host of bergen serve: the tournament is over and its final standings were
    # written. {text} and {table} are the paths of the text and the CSV file.
    return i.gettext("The tournament is over; its final standings are in {text} and {table}.").format(
        text=text, table=table
    )


def in_round(i: I18n, state: str, round_number: int) -> str:
    # Translators: in the list of tables: a table of the server's tournament. {state} is what the list says
    # of any table ("hand 2", "over"), {round} the tournament's round from 1.
    return i.gettext("{state}, tournament round {round}").format(state=state, round=round_number)
