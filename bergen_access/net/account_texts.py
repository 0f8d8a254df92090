"""What the server says about registered names (and their passphrases), in each person's language.

A passphrase is never in any of these lines: each says what to type, with the
word PASSPHRASE (or the person's own words) in its place.
"""

from __future__ import annotations

from ..i18n import I18n
from ..present.message import Message
from .registry import SHORTEST_PASSPHRASE
from .texts import _words, line


def register_usage(i: I18n) -> Message:
    # Translators: "register" typed without a passphrase, or with one too short. {register} is the lobby's
    # command word; {least} a number of characters. The example passphrase may be any words of your
    # language; say that it is never said back.
    text = i.gettext(
        "Type {register}, a space, then a passphrase of at least {least} characters, e.g. {register} blue "
        "harbour lantern. Spaces are fine; it is never said back."
    )
    return line(text.format(least=SHORTEST_PASSPHRASE, **_words(i)))


def registered(i: I18n, name: str) -> Message:
    # Translators: the name {player} is registered to the person now. {name} is the lobby's command word.
    text = i.gettext(
        "{player} is registered to you. Next time type {name} {player}, a space, then your passphrase. "
        "Nobody else can take the name."
    )
    return line(text.format(player=name, **_words(i)))


def already_registered(i: I18n, name: str) -> Message:
    # Translators: "register" by someone whose name {player} is registered already.
    return line(i.gettext("{player} is registered already.").format(player=name))


def registry_full(i: I18n, name: str) -> Message:
    # Translators: "register", but the server keeps as many registered names as it can.
    text = i.gettext("The server keeps as many registered names as it can; {player} is not registered.")
    return line(text.format(player=name))


def name_registered(i: I18n, name: str) -> Message:
    # Translators: someone took a registered name ({player}) without its passphrase. {name} is the lobby's
    # command word.
    text = i.gettext(
        "{player} is a registered name. If it is yours, type {name} {player}, a space, then your passphrase."
    )
    return line(text.format(player=name, **_words(i)))


def wrong_passphrase(i: I18n, name: str) -> Message:
    # Translators: the passphrase typed for the registered name {player} is not its passphrase.
    return line(i.gettext("That is not the passphrase of {player}.").format(player=name))


def still_checking(i: I18n) -> Message:
    # Translators: a passphrase typed while the one typed before (from the same address) is still being
    # checked (it takes a moment); nothing was checked this time.
    return line(i.gettext("The passphrase before is still being checked; after its answer, type it again."))


def _decimal(i: I18n, value: float) -> str:
    """A rating as said: one decimal, the language's decimal mark (27.3; 27,3 in German and Turkish)."""
    text = f"{value:.1f}"
    if text == "-0.0":
        text = "0.0"
    # Translators: the decimal mark in numbers such as 55.2 (a comma in German and Turkish).
    return text.replace(".", i.pgettext("number", "."))


def rating_changed(i: I18n, shown: float, change: float) -> Message:
    """After a rated match, to each seat: "Your rating: 27.3, up 1.2."."""
    if round(change, 1) > 0:
        # Translators: after a rated match, to each player: their new rating and how much it rose.
        text = i.gettext("Your rating: {rating}, up {change}.")
    elif round(change, 1) < 0:
        # Translators: after a rated match, to each player: their new rating and how much it fell.
        text = i.gettext("Your rating: {rating}, down {change}.")
    else:
        # Translators: after a rated match, to each player: their rating did not change (to one decimal).
        text = i.gettext("Your rating: {rating}, unchanged.")
    return line(text.format(rating=_decimal(i, shown), change=_decimal(i, abs(change))))


def rating_line(i: I18n, place: int, name: str, shown: float, matches: int) -> Message:
    # Translators: one line of the ratings list, the place first: "1. Ayşe: 27.3, 12 rated matches."
    text = i.ngettext(
        "{place}. {player}: {rating}, {count} rated match.",
        "{place}. {player}: {rating}, {count} rated matches.",
        matches,
    )
    return line(text.format(place=place, player=name, rating=_decimal(i, shown), count=matches))


def no_ratings(i: I18n) -> Message:
    # Translators: "ratings" before any rated match. {register} is the lobby's command word.
    text = i.gettext(
        "No ratings yet. A match is rated when every seat is a registered name: type {register} and a "
        "passphrase."
    )
    return line(text.format(**_words(i)))


def ratings_more(i: I18n, count: int) -> Message:
    # Translators: the ratings list goes on beyond the lines said; {count} more registered names are rated.
    text = i.ngettext("{count} more rated name.", "{count} more rated names.", count)
    return line(text.format(count=count))


def wrong_passphrases(i: I18n, address: str, count: int, first: bool) -> str:
    """The host's line: wrong passphrases for registered names from one address (at most one a minute)."""
    if first:
        # Translators: bergen serve, on the host's console: someone gave a wrong passphrase for a registered
        # name. {address} is their IP address. More from it are counted and told in one line a minute.
        text = i.gettext(
            "A wrong passphrase for a registered name from {address}; more are told once a minute."
        )
        return text.format(address=address)
    # Translators: bergen serve, on the host's console, at most once a minute per address: how many wrong
    # passphrases for registered names came from {address} (an IP address) in the last minute.
    text = i.ngettext(
        "{count} wrong passphrase from {address} in the last minute.",
        "{count} wrong passphrases from {address} in the last minute.",
        count,
    )
    return text.format(count=count, address=address)
