"""The server's lobby in German and Turkish: its own words, the game's words first at a table.

Real sockets on 127.0.0.1 against the real server, as nc or a MUD client would talk.
"""

from __future__ import annotations

import pytest

from bergen_access.commands.definitions import CommandKind
from bergen_access.commands.lexicon import Lexicon
from bergen_access.i18n import I18n
from bergen_access.net.lobby_words import LOBBY_KINDS, LobbyWords
from bergen_access.net.server import Server

from .net_clients import LineClient, until
from .test_net_server import run

#: the game's own words
SHARED = {CommandKind.LANGUAGE, CommandKind.VERBOSITY, CommandKind.HELP, CommandKind.QUIT}


@pytest.mark.parametrize("language", ["en", "de", "tr"])
def test_each_lobby_word_means_one_thing(language: str) -> None:
    i = I18n(language)
    words, game = LobbyWords(i), Lexicon(i)
    for kind in LOBBY_KINDS:
        shown = words.word(kind)
        assert words.command(shown) is kind, (kind, shown)
        assert words.command(kind.value) is kind, kind  # English always works too
        if kind not in SHARED:
            assert game.command(shown) is None, f"{shown!r} is a lobby word and a game word"
    for english in ("set", "partners", "computers"):
        assert words.create_word(words.shown_create_word(english)) == english


async def lobby_client(port: int, *lines: str) -> LineClient:
    client = await LineClient.connect(port)
    await client.wait_for("Welcome")
    for line in lines:
        await client.send(line)
    return client


def test_a_german_evening_in_german_words() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await lobby_client(port, "language de", "name Ada")
        await ada.wait_for(r"^Du bist Ada\. Tippe tische für die Liste, erstellen für einen neuen Tisch")
        since = len(ada.lines)
        await ada.send("hilfe")
        await ada.wait_for(r"^An einem Tisch gelten alle Befehle", since)
        helped = ada.lines[since:]
        assert "erstellen REGELSATZ SPIELER [satz 9] [partner] [computer STUFEN]: ein neuer Tisch." in helped
        assert (
            "Regelsätze: standard, zählsteine, dominoplaza. Stufen: leicht, normal, stark, zufällig, "
            "eine je Computer, mit Kommas getrennt." in helped
        )
        since = len(ada.lines)
        await ada.send("erstellen standard 2 computer gottgleich")
        told = await ada.wait_for("lässt sich nicht anlegen", since)
        assert "„gottgleich“ ist keine Computerstufe; es gibt leicht, normal, stark, zufällig." in told
        assert told.endswith("Beispiel: erstellen standard 4 satz 9 computer normal,leicht.")
        await ada.send("neu zählsteine 3 computer stark,leicht")  # "neu" is create too
        seated = await ada.wait_for(r"^Du sitzt an Tisch 1, Platz 1\. .*: zurückkehren [0-9a-f]+\.$")
        table = server.tables[1]
        assert table.match.rules.players == 3 and [s.level for s in table.seats[1:]] == ["strong", "easy"]
        assert table.match.rules.tally.value == "counters"
        since = len(ada.lines)
        await ada.send("online")
        await ada.wait_for(r"^Online: Ada \(Tisch 1\)\.$", since)
        await ada.send("aufstehen")
        await ada.wait_for(
            r"^Du verlässt Tisch 1\. Dein Platz wartet \d+ Minuten: zurückkehren [0-9a-f]+\.$", since
        )
        await ada.send("zurückkehren " + seated.rsplit(" ", 1)[1].rstrip("."))
        await ada.wait_for(r"^Du bist zurück an Tisch 1, Platz 1\.", since)
        await ada.close()

    run(body)


def test_turkish_say_counts_at_a_table_and_soyle_talks() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await lobby_client(port, "language tr", "name Ada")
        await ada.wait_for(r"^Adın: Ada\. Masalar için masalar, yeni masa için kur")
        await ada.send("kur fişli 2")
        await ada.wait_for(r"^Masa 1, koltuk 1 senin\. .*: dön [0-9a-f]+\.$")
        assert server.tables[1].match.rules.tally.value == "counters"
        bo = await lobby_client(port, "name Bo", "join 1")
        await bo.wait_for("You sit at table 1, seat 2")
        await until(lambda: server.tables[1].match.hand_number == 1, what="the match begins")
        since_ada, since_bo = len(ada.lines), len(bo.lines)
        await ada.send("say")  # Turkish "say" is the game's count of tiles and stock, not chat
        await ada.wait_for(r"[Yy]edek", since_ada)
        await ada.send("söyle merhaba")
        await bo.wait_for(r"^Ada says: merhaba$", since_bo)
        assert not any("says:" in line for line in bo.lines[since_bo:] if "merhaba" not in line)
        since_bo = len(bo.lines)
        await bo.send("say hello")  # in English "say" is chat
        await ada.wait_for(r"^Bo diyor ki: hello$", since_ada)  # Ada hears it in her words
        await bo.send("who")
        await bo.wait_for(r"^Online: Ada \(table 1\), Bo \(table 1\)\.$", since_bo)
        await ada.send("kimler")
        await ada.wait_for(r"^Çevrimiçi: Ada \(masa 1\), Bo \(masa 1\)\.$", since_ada)
        for client in (ada, bo):
            await client.close()

    run(body)


def test_lobby_verbosity_and_create_problems_in_the_persons_words() -> None:
    async def body(server: Server, port: int) -> None:
        cem = await lobby_client(port, "language tr", "name Cem")
        await cem.wait_for("^Adın: Cem")
        since = len(cem.lines)
        await cem.send("ayrıntı kısa")  # the game's Turkish words for verbosity and terse
        await cem.wait_for(r"^Ayrıntı düzeyi: kısa\.$", since)
        assert server.clients[-1].session.verbosity.value == "terse"
        await cem.send("verbosity verbose")  # English always works too
        await cem.wait_for(r"^Ayrıntı düzeyi: ayrıntılı\.$", since)
        await cem.send("kur standart 5")
        told = await cem.wait_for("Bu masa açılamıyor", since)
        assert told.endswith("Örnek: kur standart 4 takım 9 bilgisayar normal,kolay.")
        await cem.send("create standard 2 computers easy,normal")
        await cem.wait_for("En az bir koltukta bir insan oturmalı.", since)
        assert not server.tables
        await cem.close()

    run(body)


def test_turkish_words_match_in_capitals_and_without_their_marks() -> None:
    words = LobbyWords(I18n("tr"))
    assert words.command("KATIL") is CommandKind.JOIN  # dotless I
    assert words.command("İZLE") is CommandKind.WATCH  # dotted İ
    assert words.command("soyle") is CommandKind.SAY and words.command("Söyle") is CommandKind.SAY
    assert words.level("GÜÇLÜ") == "strong" and words.preset("Fişli") == "counters"


def test_the_table_list_names_who_sits_and_counts_the_free_seats_in_the_persons_words() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await lobby_client(port, "name Ada", "create standard 3 computers easy")
        await ada.wait_for("You sit at table 1")
        bo = await lobby_client(port, "name Bo", "tables")
        listed = await bo.wait_for("^Table 1: ")
        assert listed == "Table 1: standard; Ada, Anna (easy); 1 seat free; waiting.", listed
        cem = await lobby_client(port, "language de", "name Cem", "tische")
        listed = await cem.wait_for("^Tisch 1: ")
        assert "Ada, Anna (leicht); 1 Platz frei" in listed, listed
        for client in (ada, bo, cem):
            await client.close()

    run(body)


def test_help_at_a_table_adds_the_tables_own_commands_and_waiting_gets_the_lobby_help() -> None:
    async def body(server: Server, port: int) -> None:
        ada = await lobby_client(port, "language de", "name Ada", "neu standard 2")
        await ada.wait_for("^Du sitzt an Tisch 1")
        since = len(ada.lines)
        await ada.send("hilfe")  # nobody else yet: the match has not begun
        await ada.wait_for("^sag TEXT: den anderen am Tisch etwas sagen.$", since)
        await ada.wait_for("^Die Partie beginnt, wenn der letzte Platz besetzt ist", since)
        bo = await lobby_client(port, "name Bo", "join 1")
        await bo.wait_for("^Hand 1")
        since = len(bo.lines)
        await bo.send("help")
        also = await bo.wait_for("^At this table also: ", since)
        assert also == "At this table also: say and a message to talk, who, leave to go back to the lobby."
        game_help = bo.lines[since : bo.lines.index(also)]
        assert any(line.startswith("hint, i") or "hint" in line for line in game_help), game_help
        for client in (ada, bo):
            await client.close()

    run(body)
