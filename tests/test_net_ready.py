"""A network table's first words and its pace (issue 22), through real sockets on 127.0.0.1:

the orientation at every match in each seat's (and watcher's) language, again on rejoin; the
settings on the first line, so the greeting is in the player's language and asks no name given;
and the next hand only when every person is ready, an away seat waited for until its hold ends.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pexpect

from bergen_access.commands.lexicon import CommandKind, Lexicon
from bergen_access.core.engine import Phase
from bergen_access.core.rules import Rules
from bergen_access.i18n import I18n
from bergen_access.net import texts
from bergen_access.net.connections import FIRST_LINE_WAIT
from bergen_access.net.lobby_words import lobby_words
from bergen_access.net.server import Server
from bergen_access.net.table import Table
from bergen_access.present.message import Verbosity
from bergen_access.present.table_talk import rules_name

from .blind_play_bot import template_regex
from .join_clients import joiner, serve_process
from .local_server import local_server
from .net_clients import LineClient, one_move, until

EN, DE, TR = I18n("en"), I18n("de"), I18n("tr")


def run(body: Callable[[Server, int], Awaitable[None]], **options: object) -> None:
    async def main() -> None:
        server = local_server(**options)
        port = await server.start("127.0.0.1", 0)
        try:
            await asyncio.wait_for(body(server, port), 120)
        finally:
            await server.close()
        assert server.faults == 0, server.last_fault

    asyncio.run(main())


async def person(port: int, first_line: str) -> LineClient:
    client = await LineClient.connect(port)
    await client.send(first_line)
    await client.wait_for(".")
    return client


def orientation(i: I18n, rules: Rules, names: list[str], levels: dict[int, str], me: int | None) -> str:
    """The orientation line as the seat ``me`` (None: a watcher) must hear it, built from the catalog."""

    def name(seat: int) -> str:
        return i.pgettext("name", "You") if seat == me else names[seat]

    def shown(seat: int) -> str:
        if seat in levels:
            return i.gettext("{name} ({level})").format(
                name=name(seat), level=i.pgettext("level", levels[seat])
            )
        return name(seat)

    partners = ""
    if rules.partnerships:
        sides = []
        for side in range(rules.sides):
            first, second = rules.seats_of(side)
            if me in (first, second):
                partner = names[second if first == me else first]
                sides.append(i.pgettext("side", "You and {partner}").format(partner=partner))
            else:
                sides.append(
                    i.pgettext("side", "{first} and {second}").format(first=name(first), second=name(second))
                )
        partners = " " + i.gettext("Partners: {first} against {second}.").format(
            first=sides[0], second=sides[1]
        )
    text = i.gettext(
        "Bergen. Rules: {rules}; target {target}. Order of play: {order}.{partners} "
        "Type {help} for the commands."
    )
    return text.format(
        rules=rules_name(i, rules),
        target=rules.target_score,
        order=", ".join(shown(seat) for seat in range(rules.players)),
        partners=partners,
        help=Lexicon(i).main_word(CommandKind.HELP),
    )


def dealt_at(i: I18n, lines: list[str], hand: int = 1) -> int:
    pattern = template_regex(i.gettext("Hand {number}. Your tiles: {tiles}."), number=str(hand))
    return next(n for n, line in enumerate(lines) if pattern.fullmatch(line))


# ------------------------------------------------------------------ orientation


def test_every_seat_and_watcher_hears_the_orientation_in_its_own_language_and_again_on_rejoin() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await person(port, "name Ada")
        await ada.send("create standard 4 partners computers normal")
        await ada.wait_for("You sit at table 1")
        dee = await person(port, "name Dee language de")  # watches before the match begins
        await dee.send("zuschauen 1")
        await dee.wait_for("Du schaust Tisch 1 zu")
        bo = await person(port, "name Bo language de")
        await bo.send("join 1")
        cy = await person(port, "ad Cy dil tr")
        await cy.send("otur 1")
        table = server.tables[1]
        await until(lambda: table.match.phase is Phase.PLAYING, what="the match begins")
        rules = table.match.rules
        names = [seat.name for seat in table.seats]
        assert names == ["Ada", "Bo", "Cy", "Anna"]
        levels = {3: "normal"}
        for me, (client, i) in enumerate([(ada, EN), (bo, DE), (cy, TR)]):
            await until(lambda c=client, i=i: _dealt(i, c), what="the deal")
            expected = orientation(i, rules, names, levels, me)
            said = [n for n, line in enumerate(client.lines) if line == expected]
            assert len(said) == 1, (expected, client.lines)
            assert said[0] < dealt_at(i, client.lines), client.lines  # whom they play, then the deal
        watched = orientation(DE, rules, names, levels, None)
        await dee.wait_for("^" + re.escape(watched) + "$")
        assert "Seat2" not in watched and "Partner: Ada und Cy gegen Bo und Anna." in watched
        late = await person(port, "name Eve language tr")  # a watcher who comes in mid-match
        await late.send("izle 1")
        await late.wait_for("^" + re.escape(orientation(TR, rules, names, levels, None)) + "$")

        token = table.seats[2].token
        await cy.close()
        await ada.wait_for("Cy is away")
        back = await person(port, "dil tr")
        since = len(back.lines)
        await back.send(f"rejoin {token}")
        again = orientation(TR, rules, names, levels, 2)
        await back.wait_for("^" + re.escape(again) + "$", since)
        told_back = template_regex(
            TR.ngettext(
                "You are back at table {number}, seat {seat}. {missed} line since your last one:",
                "You are back at table {number}, seat {seat}. {missed} lines since your last one:",
                2,
            ),
            number="1",
            seat="3",
        )
        heard = back.lines[since:]
        assert heard.index(again) < next(n for n, line in enumerate(heard) if told_back.fullmatch(line))
        for client in (ada, bo, back, dee, late):
            await client.close()

    run(body, hold_minutes=5)


def _dealt(i: I18n, client: LineClient) -> bool:
    pattern = template_regex(i.gettext("Hand {number}. Your tiles: {tiles}."), number="1")
    return any(pattern.fullmatch(line) for line in client.lines)


# ------------------------------------------------------------------ the first line


def test_settings_on_the_first_line_greet_in_that_language_and_ask_no_name_given() -> None:
    async def body(server: Server, port: int) -> None:
        ayse = await LineClient.connect(port)
        await ayse.send("ad Ayşe dil tr")  # the Turkish lobby's own words
        await ayse.wait_for(".")
        assert ayse.lines[0] == texts.welcome(TR, False, "Ayşe").text, ayse.lines
        assert "Adın: Ayşe" in ayse.lines[0] and "Anna" not in ayse.lines[0]  # no "type name …"
        await ayse.send(lobby_words(TR).word(CommandKind.WHO))
        await ayse.wait_for("^" + re.escape(texts.who(TR, "Ayşe (" + texts.in_lobby(TR) + ")").text))
        jorg = await LineClient.connect(port)
        await jorg.send("name Jörg sprache de ausführlichkeit knapp")
        await jorg.wait_for(".")
        assert jorg.lines[0] == texts.welcome(DE, False, "Jörg").text, jorg.lines
        assert "Du bist Jörg" in jorg.lines[0] and len(jorg.lines) == 1
        named = {c.session.name: c.session for c in server.clients}
        assert named["Jörg"].language == "de" and named["Jörg"].verbosity is Verbosity.TERSE
        assert named["Ayşe"].language == "tr" and named["Ayşe"].verbosity is Verbosity.NORMAL
        taken = await LineClient.connect(port)
        await taken.send("language de verbosity terse name ayşe")  # someone has that name already
        await taken.wait_for("vergeben")
        refused = texts.name_alike(DE, "ayşe", "Ayşe").text  # the same name but for its case
        assert taken.lines == [texts.welcome(DE, False).text, refused], taken.lines
        later = await person(port, "who")  # no settings: the greeting as it was, then the line's answer
        assert later.lines[0] == texts.welcome(EN, False).text
        await later.wait_for("^Online:")
        since = len(later.lines)
        await later.send("language tr name Lale")  # settings in one line later on: each said
        await later.wait_for("^Adın: Lale", since)
        assert later.lines[since] == texts.language_set(TR, "tr").text
        for client in (ayse, jorg, taken, later):
            await client.close()

    run(body)


def test_a_raw_telnet_user_is_greeted_within_a_moment_without_typing() -> None:
    async def body(server: Server, port: int) -> None:
        started = time.monotonic()
        raw = await LineClient.connect(port)
        await raw.wait_for("^Welcome to Bergen Access", timeout=2)
        waited = time.monotonic() - started
        assert FIRST_LINE_WAIT <= waited < FIRST_LINE_WAIT + 0.5, waited
        assert raw.lines == [texts.welcome(EN, False).text]
        await raw.close()

    run(body)


def test_first_line_settings_before_a_password_are_kept_until_it_is_given() -> None:
    async def body(server: Server, port: int) -> None:
        ayse = await LineClient.connect(port)
        await ayse.send("language tr name Ayşe")
        await ayse.send("sesame")
        await ayse.wait_for("Parola kabul edildi")
        assert ayse.lines == [texts.welcome(TR, True).text, texts.password_ok(TR, "Ayşe").text]
        assert [c.session.name for c in server.clients] == ["Ayşe"]
        await ayse.close()

    run(body, password="sesame")


# ------------------------------------------------------------------ bergen join


def test_bergen_join_is_greeted_in_its_language_by_the_name_it_gave(tmp_path: Path) -> None:
    with serve_process(tmp_path) as port:
        child = joiner(tmp_path, port, "Ayşe", "tr")
        child.expect(re.escape(texts.welcome(TR, False, "Ayşe").text))
        assert "Welcome" not in (child.before or "")  # the first line it shows is already Turkish
        child.sendline(lobby_words(TR).word(CommandKind.WHO))
        child.expect(re.escape(texts.who(TR, "Ayşe (" + texts.in_lobby(TR) + ")").text))
        child.sendline(lobby_words(TR).word(CommandKind.QUIT))
        child.expect(pexpect.EOF)


# ------------------------------------------------------------------ ready, then the next hand


async def to_hand_end(table: Table, clients: dict[int, LineClient]) -> None:
    while table.match.phase is Phase.PLAYING:
        await one_move(table, clients)
    assert table.match.phase is Phase.HAND_OVER and not table.match.is_over


async def still_waits(table: Table, hand: int, seconds: float = 0.4) -> None:
    await asyncio.sleep(seconds)
    assert table.match.hand_number == hand and table.match.phase is Phase.HAND_OVER


def test_two_seats_the_next_hand_waits_for_both_and_an_away_seat_until_its_hold_ends() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await person(port, "name Ada")
        await ada.send("create standard 2 target=200")
        await ada.wait_for("You sit at table 1")
        bo = await person(port, "name Bo language de")
        await bo.send("join 1")
        table = server.tables[1]
        await until(lambda: table.match.phase is Phase.PLAYING)
        await to_hand_end(table, {0: ada, 1: bo})
        await bo.wait_for(re.escape(DE.gettext("Enter: next hand> ").rstrip()))
        since = len(bo.lines), len(ada.lines)
        await ada.send("")  # Ada is ready; Bo may still be reading the hand's end
        await ada.wait_for("^" + re.escape(texts.waiting_ready(EN, ["Bo"]).text) + "$", since[1])
        await bo.wait_for("^" + re.escape(texts.others_ready(DE, "weiter").text) + "$", since[0])
        await still_waits(table, 1)
        await bo.send("weiter")
        await ada.wait_for("^Hand 2\\. Your tiles", since[1])

        await to_hand_end(table, {0: ada, 1: bo})
        token = table.seats[1].token
        await bo.close()  # Bo's line breaks at the hand's end
        await ada.wait_for("^Bo is away")
        since = len(ada.lines)
        await ada.send("next")
        await ada.wait_for("^" + re.escape(texts.waiting_ready(EN, ["Bo (away)"]).text) + "$", since)
        await still_waits(table, 2)
        back = await person(port, "language de")  # Bo back in time: told the others are ready
        await back.send(f"rejoin {token}")
        await back.wait_for("^" + re.escape(texts.others_ready(DE, "weiter").text) + "$")
        await still_waits(table, 2, 0.2)
        await back.send("")
        await ada.wait_for("^Hand 3\\. Your tiles", since)

        await to_hand_end(table, {0: ada, 1: back})
        await back.close()
        await ada.wait_for("^Bo is away", since)
        gone = time.monotonic()
        since = len(ada.lines)
        await ada.send("")
        await ada.wait_for("^" + re.escape(texts.waiting_ready(EN, ["Bo (away)"]).text) + "$", since)
        await still_waits(table, 3)
        await ada.wait_for("^Bo did not come back: a computer plays the seat now", since, timeout=10)
        await ada.wait_for("^Hand 4\\. Your tiles", since)  # the stand-in is ready: the hold ended the wait
        assert time.monotonic() - gone >= table.hold_seconds
        await ada.close()

    run(body, hold_minutes=0.04)


def test_four_seats_with_one_away_the_table_says_whom_it_waits_for_until_the_hold_ends() -> None:
    async def body(server: Server, port: int) -> None:
        spoken = [("Ada", "en", EN), ("Bo", "de", DE), ("Cy", "tr", TR), ("Di", "en", EN)]
        clients: dict[int, LineClient] = {}
        for seat, (name, language, _i) in enumerate(spoken):
            clients[seat] = await person(port, f"name {name} language {language}")
            await clients[seat].send("create standard 4 target=300" if seat == 0 else "join 1")
        table = server.tables[1]
        await until(lambda: table.match.phase is Phase.PLAYING)
        await to_hand_end(table, clients)
        di = clients.pop(3)
        await di.close()
        await clients[0].wait_for("^Di is away")
        since = {seat: len(client.lines) for seat, client in clients.items()}
        await clients[0].send("")
        await clients[0].wait_for(
            "^" + re.escape(texts.waiting_ready(EN, ["Bo", "Cy", "Di (away)"]).text) + "$", since[0]
        )
        await clients[1].wait_for("^" + re.escape(texts.is_ready(DE, ["Ada"], "weiter").text) + "$", since[1])
        await clients[2].wait_for(
            "^" + re.escape(texts.is_ready(TR, ["Ada"], "sonraki").text) + "$", since[2]
        )
        await clients[1].send("weiter")
        await clients[2].wait_for("^" + re.escape(texts.is_ready(TR, ["Bo"], "sonraki").text) + "$", since[2])
        await clients[2].send("sonraki")
        for seat, i in ((0, EN), (1, DE), (2, TR)):
            await clients[seat].wait_for(
                "^" + re.escape(texts.waiting_ready(i, [texts.waited_name(i, "Di", away=True)]).text) + "$",
                since[seat],
            )
        await still_waits(table, 1)
        for seat, i in ((0, EN), (1, DE), (2, TR)):  # Di's hold ends: its stand-in is ready, the hand dealt
            pattern = template_regex(i.gettext("Hand {number}. Your tiles: {tiles}."), number="2")
            await clients[seat].wait_for(pattern.pattern, since[seat], timeout=10)
        assert not table.seats[3].is_person
        for client in clients.values():
            await client.close()

    run(body, hold_minutes=0.04)
