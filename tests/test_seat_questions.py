"""What a seat says and keeps open around a move (issue 30), at a network table and at the console alike:

the answer to a draw (where the drawn tile fits, and that Enter plays it) from one place; the lone
opening double's "either side"; equal ends whose placements differ, still asked; review commands at
the which-end question, answered with the tile still waiting.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import pytest

from bergen_access.commands.lexicon import CommandKind, Lexicon
from bergen_access.core import Match, SeededDealer, preset
from bergen_access.core.actions import Play
from bergen_access.core.engine import Phase
from bergen_access.i18n import I18n
from bergen_access.net.table import Seat, SeatGame, Table
from bergen_access.output.announcer import Announcer
from bergen_access.players.random_player import RandomPlayer
from bergen_access.present.message import Message, Verbosity
from bergen_access.seat.match_seat import MatchSeat, Seating
from bergen_access.seat.session import quiet_session
from bergen_access.session.settings import Settings
from bergen_access.ui.game import Game, Session

from .blind_play_bot import ScriptedReader, game_in_process, play_line

LANGUAGES = ("en", "de", "tr")


@dataclass
class Client:
    """A network seat's connection: the lines and prompts it was sent."""

    lines: list[str] = field(default_factory=list)
    prompts: list[str] = field(default_factory=list)

    def send_line(self, text: str, number: int | None = None) -> None:
        self.lines.append(text)

    def send_prompt(self, text: str) -> None:
        self.prompts.append(text)


def network_table(seed: int, language: str) -> tuple[Table, list[Client]]:
    """Two people at a network table (standard rules), the first hand dealt."""
    match = Match(preset("standard", players=2), SeededDealer(seed))
    seats = [Seat(0, "Ada"), Seat(1, "Bo")]
    table = Table(1, match, seats)
    clients = []
    for seat in seats:
        client = Client()
        seat.client = client
        seat.game = SeatGame(table, seat, language=language, verbosity=Verbosity.NORMAL)
        clients.append(client)
    table.start()
    return table, clients


def play_until_a_forced_draw(table: Table) -> int:
    """Each seat types its first legal play until a seat has nothing to play: that seat."""
    match = table.match
    while match.phase is Phase.PLAYING:
        plays = [a for a in match.legal_actions() if isinstance(a, Play)]
        seat = match.turn
        if not plays:
            return seat
        game = table.seats[seat].game
        assert game is not None
        game.handle(f"{plays[0].tile.notation} {'left' if plays[0].end == 0 else 'right'}")
    raise AssertionError("no forced draw")


def console_seat(seed: int, language: str) -> tuple[MatchSeat, list[Message]]:
    """The console's seat (seat 0) at the same deal; its messages as said."""
    announcer = Announcer(io.StringIO(), language=language)
    said: list[Message] = []
    announcer.recorders.append(lambda message, lines: said.append(message))
    seat = MatchSeat(
        Match(preset("standard", players=2), SeededDealer(seed)),
        Seating(["You", "Bo"], 0, {}),
        language=language,
        verbosity=Verbosity.NORMAL,
        announcer=announcer,
        session=quiet_session(),
    )
    seat.start_hand()
    return seat, said


def gettext(language: str, text: str) -> str:
    return I18n(language).gettext(text)


# ------------------------------------------------------------------ the answer to a draw


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_draw_beside_the_lone_opening_double_says_either_side_and_enter_plays_it(language: str) -> None:
    """Seed 1: 0-0 opens alone; the seat to move draws four tiles, the last (0-5) fits both sides of
    the double alike. The network seat and the console say the same line: where, and that Enter plays
    it; Enter does; ``hand`` marks it."""
    table, clients = network_table(1, language)
    seat = play_until_a_forced_draw(table)
    layout = table.match.layout
    assert seat == 0 and layout is not None and layout.lone_double
    game, client = table.seats[seat].game, clients[seat]
    assert game is not None
    before = len(client.lines)
    game.handle("d")
    drawn = client.lines[before]
    fits = gettext(language, "{tile} fits: {ends}.").format(tile="0-5", ends=gettext(language, "either side"))
    assert fits in drawn and drawn.endswith(gettext(language, "Enter plays it.")), drawn
    assert client.prompts[-1].startswith(gettext(language, "Enter plays {tile}; ").format(tile="0-5"))

    console, said = console_seat(1, language)
    console.handle("d")
    assert said[-1].text == drawn  # one wording, one rule: the console's reply is the network seat's

    before = len(client.lines)
    game.handle("hand")
    (hand,) = client.lines[before:]
    assert (
        gettext(language, "{tile} ({ends})").format(tile="0-5", ends=gettext(language, "either side")) in hand
    )
    game.handle("")
    assert table.match.actions[-1] == Play(seat, table.match.actions[-1].tile, 0)
    assert table.match.actions[-1].tile.notation == "0-5"  # type: ignore[union-attr]


def test_the_lone_double_marks_its_tiles_on_the_braille_line_of_hand() -> None:
    table, _ = network_table(1, "en")
    seat = play_until_a_forced_draw(table)
    game = table.seats[seat].game
    assert game is not None
    game.handle("d")
    assert "0-5LR" in game.replies.hand(game.view).braille.split()


@pytest.mark.parametrize("language", LANGUAGES)
def test_equal_ends_whose_placements_differ_are_still_asked_and_marked(language: str) -> None:
    """Seed 4: ends 0 and double 0; the drawn 0-2 fits both, the side matters: the draw line says both
    ends, offers no Enter, ``hand`` marks the tile, the play asks which end."""
    table, clients = network_table(4, language)
    seat = play_until_a_forced_draw(table)
    game, client = table.seats[seat].game, clients[seat]
    assert game is not None
    game.handle("d")
    view = game.view
    layout = view.layout
    assert layout is not None and not layout.lone_double and len(set(view.ends or ())) == 1
    both = gettext(language, "left or right")
    drawn = client.lines[-1]
    assert gettext(language, "{tile} fits: {ends}.").format(tile="0-2", ends=both) in drawn, drawn
    assert gettext(language, "Enter plays it.") not in drawn
    game.handle("hand")
    assert gettext(language, "{tile} ({ends})").format(tile="0-2", ends=both) in client.lines[-1]
    game.handle("0-2")
    assert game.move_commands.asking is not None


# ------------------------------------------------------------------ reviews at the which-end question


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", [CommandKind.SCORE, CommandKind.HAND, CommandKind.HISTORY, CommandKind.WHY])
def test_a_review_at_the_which_end_question_is_answered_and_the_question_asked_again(
    language: str, kind: CommandKind
) -> None:
    """Seed 4: the drawn 0-2 fits both ends and is typed without one: the question. ``s`` (or ``hand``,
    ``history``, ``why``) is answered, the question is asked again, and the end's word then plays it."""
    table, clients = network_table(4, language)
    seat = play_until_a_forced_draw(table)
    game, client = table.seats[seat].game, clients[seat]
    assert game is not None
    game.handle("d")
    game.handle("0-2")
    question = client.lines[-1]
    assert question == gettext(language, "{tile} fits both ends: left or right?").format(tile="0-2")
    before = len(client.lines)
    game.handle(game.lexicon.main_word(kind))
    answer = client.lines[before:]
    assert len(answer) >= 2 and answer[-1] == question, answer
    if kind is CommandKind.SCORE:
        assert answer[0].startswith(gettext(language, "Score: {list}; target {target}").split("{")[0])
    assert game.move_commands.asking is not None
    assert game.prompt().facts == gettext(language, "left or right> ")
    game.handle(I18n(language).pgettext("command", "left l").split()[0])
    assert table.match.actions[-1] == Play(seat, table.match.actions[-1].tile, 0)  # type: ignore[union-attr]
    assert table.match.actions[-1].tile.notation == "0-2"  # type: ignore[union-attr]


def test_a_move_at_the_which_end_question_drops_it() -> None:
    """Another command that moves (``draw`` here, refused: a tile fits) drops the question: no tile
    waits any more, and no question is asked again."""
    table, clients = network_table(4, "en")
    seat = play_until_a_forced_draw(table)
    game, client = table.seats[seat].game, clients[seat]
    assert game is not None
    game.handle("d")
    game.handle("0-2")
    before = len(client.lines)
    game.handle("pass")
    assert game.move_commands.asking is None
    assert not any("left or right?" in line for line in client.lines[before:])


# ------------------------------------------------------------------ another match?


@pytest.mark.parametrize("language", LANGUAGES)
def test_why_score_history_and_help_are_answered_at_another_match(language: str) -> None:
    """At "Another match with the same options?" the reviews are answered (``why`` explains the last
    score, not "Please answer yes or no."), the question is asked again; a word that is none of them
    hears "Please answer yes or no."; then no ends the loop."""
    i = I18n(language)
    lexicon = Lexicon(i)
    after = [lexicon.main_word(kind) for kind in (CommandKind.WHY, CommandKind.SCORE, CommandKind.HISTORY)]
    after += [lexicon.main_word(CommandKind.HELP), "xyzzy", i.pgettext("answer", "no n").split()[0]]
    rules = preset("standard", players=2, target=3)
    holder: list[Game] = []
    typed: list[str] = []

    def answer(prompt: str) -> str | None:
        line = play_line(holder[0])
        if line is None:
            line = after.pop(0) if after else None
        if line is not None:
            typed.append(line)
        return line

    session = Session(None, Settings(), lambda: None, "off", lambda mode: None)
    session.new_match = lambda: (Match(rules, SeededDealer(8)), {1: RandomPlayer(9)})
    game, out = game_in_process(
        Match(rules, SeededDealer(7)), ScriptedReader(answer), language=language, session=session
    )
    holder.append(game)
    assert game.run() == 0
    text = out.getvalue()
    question = i.gettext("Another match with the same options? Yes or no.")
    offered = text[text.index(question) :]
    assert offered.count(question) == 5, offered  # once, then again after why, score, history, help
    assert offered.count(i.gettext("Please answer yes or no.")) == 1  # only after "xyzzy"
    assert i.gettext("Score: {list}; target {target}").split("{")[0] in offered
    assert i.gettext("The list of commands; help and a command explains it.") in offered
    assert offered.rstrip().endswith(i.gettext("Thank you for playing. Goodbye."))
    assert not after


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_line_not_understood_at_the_which_end_question_keeps_the_tile_waiting(language: str) -> None:
    """A typo at the question is refused, the question asked again, and the end's word then plays."""
    table, clients = network_table(4, language)
    seat = play_until_a_forced_draw(table)
    game, client = table.seats[seat].game, clients[seat]
    assert game is not None
    game.handle("d")
    game.handle("0-2")
    question = client.lines[-1]
    before = len(client.lines)
    game.handle("lfet")
    assert len(client.lines) - before >= 2 and client.lines[-1] == question, client.lines[before:]
    game.handle(I18n(language).pgettext("command", "left l").split()[0])
    assert table.match.actions[-1].tile.notation == "0-2"  # type: ignore[union-attr]
