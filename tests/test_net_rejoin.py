"""Nothing missed on rejoin: the line drops in the very instant the other seat moves, or goes silent
(the socket stays open and stops answering), and the seat taken back on a new connection hears the
move it missed and then the state it is in now, last: whose turn, and "Your turn." with what it can
do when it is its own, followed by its prompt (so a MUD client's triggers fire)."""

from __future__ import annotations

import re

import pytest

from bergen_access.commands.lexicon import CommandKind
from bergen_access.core.engine import Phase
from bergen_access.core.view import SeatView
from bergen_access.i18n import I18n
from bergen_access.net.lobby_words import lobby_words
from bergen_access.net.server import Server

from .blind_play_bot import move
from .net_clients import LineClient, one_move, seat_people, until
from .test_net_server import run

EN = I18n("en")
YOUR_TURN = EN.gettext("Your turn.")
BACK = r"^You are back at table 1, seat 1\.( (\d+) lines? since your last one:)?$"
#: a line at Ada's seat that tells Bo's move (a play, a draw, a pass)
BOS_MOVE = re.compile(r"^Bo (plays|draws|passes|can't|cannot|opens)")


async def ada_to_move_then_bo(server: Server, port: int) -> tuple[LineClient, LineClient, str]:
    """Ada and Bo at a two-seat table, played on until Bo is to move and Ada's last line was a move:
    (Ada, Bo, Ada's code)."""
    table, (ada, bo) = await seat_people(server, port, "standard 2", ["Ada", "Bo"])
    code = re.search(r"rejoin (\w+)", next(line for line in ada.lines if "rejoin" in line))
    assert code is not None
    match = table.match
    await until(lambda: match.phase is Phase.PLAYING)
    for _ in range(40):
        if match.turn == 1 and match.phase is Phase.PLAYING and match.actions and match.actions[-1].seat == 0:
            break
        if match.phase is not Phase.PLAYING:
            pytest.skip("the hand ended before the race could be set up")  # never with these seeds
        await one_move(table, {0: ada, 1: bo})
    assert match.turn == 1
    return ada, bo, code.group(1)


async def rejoined_lines(port: int, code: str) -> list[str]:
    """A new connection takes the seat back; every line it hears up to and including its prompt."""
    back = await LineClient.connect(port)
    await back.send(f"rejoin {code}")
    await back.wait_for(BACK)
    await back.wait_for(r">$", since=next(n for n, line in enumerate(back.lines) if re.match(BACK, line)))
    start = next(n for n, line in enumerate(back.lines) if re.match(BACK, line))
    lines = back.lines[start:]
    await back.close()
    return lines


def assert_nothing_missed(lines: list[str], ada_to_move: bool) -> None:
    said = lines[1:-1]  # between "You are back…" and the prompt
    assert any(BOS_MOVE.match(line) for line in said), lines  # the move made in the instant of the drop
    assert not any("Ada is away" in line for line in said), lines  # said to the others, not to her
    last = said[-1]
    if ada_to_move:
        assert last.startswith(YOUR_TURN) and ("Playable" in last or "draw" in last), lines
    else:
        assert last == EN.gettext("Turn: {name}.").format(name="Bo"), lines
    assert lines[-1].endswith(">"), lines  # the prompt, last, on a line of its own
    counted = re.match(BACK, lines[0])
    assert counted is not None and counted.group(2) is not None
    # the lines told again, then the state, unless the last of them said it already (not twice)
    assert int(counted.group(2)) in (len(said), len(said) - 1), lines
    assert said.count(last) == 1, lines


@pytest.mark.parametrize("order", ["drop-then-move", "move-then-drop", "same-write"])
@pytest.mark.parametrize("attempt", [1, 2, 3])
def test_a_move_in_the_instant_of_the_drop_is_heard_on_rejoin(order: str, attempt: int) -> None:
    async def body(server: Server, port: int) -> None:
        ada, bo, code = await ada_to_move_then_bo(server, port)
        table = server.tables[1]
        match = table.match
        done = len(match.actions)
        typed = (move(SeatView(match, 1)) + "\r\n").encode()
        if order == "drop-then-move":
            ada.writer.transport.abort()
            bo.writer.write(typed)
        elif order == "move-then-drop":
            bo.writer.write(typed)
            await bo.writer.drain()
            ada.writer.transport.abort()
        else:  # both in the same instant of the event loop
            bo.writer.write(typed)
            ada.writer.transport.abort()
        await until(lambda: len(match.actions) > done, what="Bo's move")
        await until(lambda: table.seats[0].client is None, what="the drop noticed")
        lines = await rejoined_lines(port, code)
        assert_nothing_missed(lines, match.turn == 0)
        await bo.wait_for("^Ada is back")
        await bo.close()

    run(body, hold_minutes=5)


def test_a_silent_cut_loses_nothing_when_the_seat_is_taken_back() -> None:
    """The old socket stays open and stops reading (a network cut the server cannot see yet): what it
    was sent is lost with it; the code on a new connection takes the seat over and hears all of it."""

    async def body(server: Server, port: int) -> None:
        ada, bo, code = await ada_to_move_then_bo(server, port)
        table = server.tables[1]
        match = table.match
        ada.writer.transport.pause_reading()  # Ada's side hears nothing more, and says nothing
        heard_before = len(ada.lines)
        done = len(match.actions)
        await bo.send(move(SeatView(match, 1)))
        await until(lambda: len(match.actions) > done, what="Bo's move")
        old = table.seats[0].client
        assert old is not None  # the server still thinks Ada is there
        lines = await rejoined_lines(port, code)
        assert_nothing_missed(lines, match.turn == 0)
        assert len(ada.lines) == heard_before  # the old line heard none of it
        assert old not in server.clients and table.seats[0].client is not old  # the seat taken over
        await bo.close()

    run(body, hold_minutes=5)


def test_a_rejoin_where_nothing_was_missed_still_says_the_state_last() -> None:
    async def body(server: Server, port: int) -> None:
        ada, bo, code = await ada_to_move_then_bo(server, port)
        await ada.send("score")  # her last line: everything before its answer she had
        await ada.wait_for("^Score")
        await ada.close()
        await bo.wait_for("^Ada is away")
        lines = await rejoined_lines(port, code)
        assert re.match(BACK, lines[0]), lines
        assert lines[-2] == EN.gettext("Turn: {name}.").format(name="Bo"), lines
        assert lines[-1].endswith(">")
        await bo.close()

    run(body, hold_minutes=5)


@pytest.mark.parametrize("language", ["en", "de", "tr"])
def test_a_seat_left_is_taken_back_by_rejoin_alone_and_its_name_refused_with_the_rejoin_word(
    language: str,
) -> None:
    """Ada leaves: on her connection her name stays hers and ``rejoin`` alone (``zurückkehren``,
    ``dön``) takes the seat back. She leaves again and her line ends: a new connection that asks for
    the name hears that a seat waits for Ada and the rejoin word to take it back with its code."""
    i = I18n(language)
    words = lobby_words(i)
    rejoin, leave = words.word(CommandKind.REJOIN), words.word(CommandKind.LEAVE)
    name_word = words.word(CommandKind.NAME)

    async def body(server: Server, port: int) -> None:
        table, (ada, _bo) = await seat_people(server, port, "standard 2", ["Ada", "Bo"])
        await until(lambda: table.match.phase is Phase.PLAYING)
        await ada.send(f"language {language}")
        await ada.wait_for(r"\.$", since=len(ada.lines))
        seat = table.seats[0]
        await ada.send(leave)
        await until(lambda: seat.client is None, what="the seat waits")
        since = len(ada.lines)
        await ada.send(f"{name_word} Ada")  # still hers: no refusal
        await ada.wait_for("Ada", since=since)
        assert not any(rejoin in line for line in ada.lines[since:]), ada.lines[since:]
        await ada.send(rejoin)
        await until(lambda: seat.client is not None, what="the seat taken back")
        back = i.gettext("You are back at table {number}, seat {seat}.").format(number=1, seat=1)
        await ada.wait_for(re.escape(back.split(",")[0]), since=since)
        await ada.send(leave)
        await until(lambda: seat.client is None, what="the seat waits again")
        await ada.send(f"{words.word(CommandKind.JOIN)} 1")  # joining the table left: the seat back too
        await until(lambda: seat.client is not None, what="the seat taken back by join")
        await ada.send(leave)
        await until(lambda: seat.client is None, what="the seat waits once more")
        await ada.close()
        other = await LineClient.connect(port)
        await other.send(f"{name_word} Ada language {language}")
        refusal = await other.wait_for("Ada")
        assert rejoin in refusal and "1" in refusal, refusal
        assert other.lines[-1] != i.gettext("{name} is taken; choose another name.").format(name="Ada")
        await other.close()

    run(body)
