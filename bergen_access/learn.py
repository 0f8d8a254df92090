"""``bergen learn``: a guided practice of the rules, and the offer of it at the first start.

Three short parts, each a match dealt by a told deal and played through the
game's own seat (``seat/lesson_seat.py``), so the player hears the messages of a
real match plus the guide's. Nothing is saved: the player's own match save is
never read, locked or written here.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import TextIO

from .commands.lexicon import CommandKind, Lexicon
from .console import Console, add_console_arguments, guarded, open_console, seat_session, start_channels
from .core.dealers import ToldDealer
from .core.engine import Match
from .core.lessons import PLAYER, Part, parts
from .i18n import I18n
from .present import prompts
from .present.message import Prompt
from .seat.lesson_seat import LessonSeat
from .seat.session import QuitGame
from .ui.reader import ask


def add_arguments(parser: argparse.ArgumentParser, i: I18n) -> None:
    """The flags of ``bergen learn``: the console's own."""
    add_console_arguments(parser, i)


def run(parser: argparse.ArgumentParser, args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Carry out ``bergen learn``."""
    console = open_console(parser, args, stdin, stdout)

    def body() -> int:
        speech = args.speech or console.settings.speech or "off"
        start_channels(console, args, speech)
        teach(console, speech)
        return 0

    return guarded(console, body, lambda: console.words)


def teach(console: Console, speech: str) -> bool:
    """Play the practice through; False if the player left it (quit, or the end of input)."""
    session = replace(seat_session(console, speech), storage=None)  # never the player's saves
    language, verbosity = console.language, console.verbosity
    every = parts()
    lexicon = Lexicon(I18n(language))
    first = LessonSeat(
        _match(every[0]),
        every[0],
        language=language,
        verbosity=verbosity,
        announcer=console.announcer,
        session=session,
    )
    quit_word, hint_word = lexicon.main_word(CommandKind.QUIT), lexicon.main_word(CommandKind.HINT)
    first.say(first.guide.welcome(len(every), quit_word, hint_word))
    seat = first
    try:
        for number, part in enumerate(every, 1):
            if number > 1:
                language, verbosity = seat.i18n.language, seat.verbosity  # as the player last chose
                seat.say(seat.guide.next_part())
                ask(console.reader, prompts.next_part(seat.i18n))
                seat = LessonSeat(
                    _match(part),
                    part,
                    language=language,
                    verbosity=verbosity,
                    announcer=console.announcer,
                    session=session,
                )
            _play_part(console, seat, number, len(every))
    except (QuitGame, EOFError, KeyboardInterrupt):
        seat.flush_draws()
        seat.say(seat.guide.left())
        return False
    finally:
        console.target.clear()
    seat.say(seat.guide.finished())
    return True


def _match(part: Part) -> Match:
    return Match(part.rules, ToldDealer([part.deal]), part.scores)


def _play_part(console: Console, seat: LessonSeat, number: int, total: int) -> None:
    part = seat.part
    console.target[:] = [seat]  # Tab completion, the repeat key and refused lines go to this seat
    seat.say(seat.guide.part(number, total, part.theme, part.scores))
    seat.start_hand()
    while seat.opening_pending:  # the player names the tile that opens (a wrong one is refused)
        seat.handle(ask(console.reader, seat.prompt()))
    seat.explain(part.opening)
    while seat.step is not None:
        if seat.match.turn == PLAYER:
            seat.flush_draws()
            seat.announce_turn()
            seat.tell_task()
            seat.handle(ask(console.reader, seat.prompt()))
        else:
            seat.computer_moves()
    seat.flush_draws()


def offer(console: Console) -> bool:
    """The first start's one-line offer of the practice (after the speech question): True if taken.

    Enter, or anything but ``learn``, plays at once; the offer is remembered and never made again.
    """
    i = console.words
    console.settings.learn_offered = "yes"
    console.save_settings()
    # Translators: the word that takes the first start's offer of the practice (as in bergen learn);
    # "learn" itself always works too.
    learn_word = i.pgettext("first start", "learn")
    # Translators: the first start, after the speech question: one line. {learn} is the word that takes
    # the offer; Enter (or anything else) starts the match at once.
    text = i.gettext("New to Bergen? Type {learn} for a guided practice hand, or Enter to play.")
    console.setup.tell(text.format(learn=learn_word))
    # Translators: the prompt of the first start's offer of the practice. {learn} is the word that takes
    # it (as above). Ends with ": ".
    short = i.gettext("{learn} or Enter: ").format(learn=learn_word)
    line = console.setup.answer(Prompt(short.rstrip(": ") + "> ", short)).casefold()
    return line in (learn_word.casefold(), "learn")
