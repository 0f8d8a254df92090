"""``bergen``: a match against computer players at the console.

Sets up everything around the game loop: the language, how the player wants
to be spoken to (asked once, remembered), the saved match to resume, the
computer players, and a safety net that saves and explains instead of
crashing.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from .cli_text import early_language
from .console import (
    Console,
    add_console_arguments,
    guarded,
    open_console,
    seat_session,
    start_channels,
)
from .core.dealers import SeededDealer
from .core.engine import Match
from .core.journal import Replayed
from .core.refused import RecordProblem
from .core.rules import Rules, RulesError, from_options
from .core.takeback import TakeBack
from .i18n import I18n, choose_language, environment
from .players.base import Player
from .players.levels import DEFAULT_LEVEL, LEVELS, play_player, seat_seed
from .present import notices
from .present.refusals import rules_error
from .present.table_talk import rules_name, saved_match
from .present.words import Words
from .rule_args import add_rule_arguments, rules_from_arguments
from .session.appendfile import JournalText
from .session.journal import Journal, clean_strays, current_journal, read_journal
from .session.match_log import legacy_record_of
from .session.savefile import MATCH_FILE, checked_seat, load_match
from .session.untrusted import DamagedFile
from .ui.game import Game, Seating

COMPUTER_NAMES = ("Anna", "Cem", "Mia")  # names that read well in German, Turkish and English


def add_arguments(parser: argparse.ArgumentParser, i: I18n) -> None:
    """The flags of the game itself (``bergen`` with no command)."""
    add_rule_arguments(parser, i)
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        # Translators: --help of --seed.
        help=i.gettext("seed of the deal, to replay a match"),
    )
    add_console_arguments(parser, i)
    parser.add_argument(
        "--opponents",
        default=None,
        metavar="LEVEL[,LEVEL...]",
        # Translators: --help of --opponents.
        help=i.gettext("computer level for all, or one per computer seat"),
    )
    parser.add_argument(
        "--take-back",
        choices=("yes", "no"),
        default=None,
        # Translators: --help of --take-back. Keep the words yes, no and undo.
        help=i.gettext("whether undo takes back your last move (yes by default; remembered)"),
    )
    parser.add_argument(
        "--new",
        action="store_true",
        # Translators: --help of --new.
        help=i.gettext("start a new match even if one is saved"),
    )


def _levels(spec: str | None, computers: Sequence[int]) -> dict[int, str] | None:
    names = [part.strip().lower() for part in (spec or DEFAULT_LEVEL).split(",") if part.strip()]
    if any(name not in LEVELS for name in names):
        return None
    if len(names) == 1:
        names = names * len(computers)
    if len(names) != len(computers):
        return None
    return dict(zip(computers, names, strict=True))


def computer_players(match: Match, seating: Seating) -> dict[int, Player]:
    """The computer seats' players, seeded from the match's deal so a replay plays the same."""
    return {seat: play_player(level, seat_seed(match, seat)) for seat, level in seating.levels.items()}


def _seating(seats: list[dict[str, Any]], players: int) -> Seating:
    humans = [n for n, seat in enumerate(seats) if seat["kind"] == "human"]
    if len(seats) != players or len(humans) != 1:
        raise DamagedFile(RecordProblem.MALFORMED, "match.seats")
    levels = {n: str(seat.get("level") or DEFAULT_LEVEL) for n, seat in enumerate(seats) if n != humans[0]}
    return Seating(names=[str(seat["name"]) for seat in seats], human=humans[0], levels=levels)


def _saved_match(console: Console, new: bool, asked: Rules) -> tuple[Match, Seating, Journal] | None:
    """The saved match if the player wants it (said which it is, and whether the command line asked for
    other rules), with the journal it goes on in; a damaged file is reported and kept aside. A match
    the player does not continue stays in the record, marked as left."""
    i = console.words
    saved = _legacy_save(console) or _open_journal(console)
    if saved is None:
        return None
    match, seating, journal = saved
    if not new:
        words = Words(i, match.rules, seating.names, seating.human)
        described = saved_match(words, match.scores, match.target)
        # Translators: offer to continue the saved match. {hand} is its hand number, {match} says which
        # match it is, e.g. "rules: standard; You, Anna; score: You 9, Anna 7".
        question = i.gettext("A saved match is waiting, in hand {hand}: {match}. Continue it? Yes or no.")
        question = question.format(hand=match.hand_number, match=described)
        if asked != match.rules and asked != from_options({"players": asked.players}):
            # Translators: the command line asked for other rules than the saved match has. {rules} is
            # what was asked for. Yes continues the saved match, no starts one with the new rules.
            other = i.gettext("You asked for other rules ({rules}): no starts a new match with them.")
            question += " " + other.format(rules=rules_name(i, asked))
        if console.setup.yes_no(question):
            return match, seating, journal
    journal.leave()
    journal.close()
    console.tell_storage()
    return None


def _open_journal(console: Console) -> tuple[Match, Seating, Journal] | None:
    """The match this console was playing: the newest journal of its own that neither ended nor was
    left. An unfinished last line (a write cut short) is said and cut off."""
    name = current_journal(console.data)
    if name is None:
        return None

    def load(path: Path) -> tuple[Replayed, JournalText, Seating]:
        replayed, text = read_journal(path, checked_seat)
        return replayed, text, _seating(replayed.seats, replayed.match.players)  # one player, here

    loaded = console.load_saved(name, "match", load)
    if loaded is None:
        return None
    replayed, text, seating = loaded
    if replayed.match.is_over or replayed.left:
        return None
    path = console.data.path(name)
    assert path is not None
    if text.torn:
        console.announcer.announce(notices.torn_journal(console.words, str(path)))
    journal = Journal.resume(console.data, path, replayed, text)
    if text.torn:
        journal.cut_tail()
    return replayed.match, seating, journal


def _legacy_save(console: Console) -> tuple[Match, Seating, Journal] | None:
    """A save of an earlier version (``match.json``, versions 1 and 2): carried on as a journal, which
    takes the place of the save and of its record; None if there is none or it is over."""

    def load(path: Path) -> tuple[Match, Seating]:
        match, seats = load_match(path, checked_seat)
        return match, _seating(seats, match.players)

    saved = console.load_saved(MATCH_FILE, "match", load)
    if saved is None:
        return None
    match, seating = saved
    if match.is_over:
        console.data.remove(MATCH_FILE)
        return None
    legacy = legacy_record_of(console.data, match)
    journal = Journal(console.data, started=str(legacy[1]["started"]) if legacy else None)
    if journal.sync(match, seating.to_json()):
        console.data.remove(MATCH_FILE)
        if legacy is not None:
            legacy[0].unlink(missing_ok=True)
    return match, seating, journal


def _take_back(console: Console, flag: str | None) -> TakeBack:
    """Take-back on or off: the flag (remembered), else as remembered, else on.

    On by default: the match is against computers only, nothing is at stake, the save records every
    take-back honestly, and a learner is helped most by trying a move again; ``--take-back no`` is for a
    player who wants every move to stand.
    """
    if flag is not None and flag != console.settings.take_back:
        console.settings.take_back = flag
        console.save_settings()
    return TakeBack.OFF if (flag or console.settings.take_back) == "no" else TakeBack.ON


def run(parser: argparse.ArgumentParser, args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Carry out ``bergen`` (the game)."""
    console = open_console(parser, args, stdin, stdout, asks_how_to_speak=True)
    words, announcer, setup, settings = console.words, console.announcer, console.setup, console.settings
    try:
        rules = rules_from_arguments(args)
    except RulesError as error:
        parser.error(rules_error(words, error))
    levels = _levels(args.opponents, list(range(1, rules.players)))
    if levels is None:
        # Translators: command-line error about --opponents. {levels} lists the level names.
        text = words.gettext("--opponents: one level for all, or one per computer seat ({levels}).")
        parser.error(text.format(levels=", ".join(LEVELS)))
    games: list[Game] = []
    started: list[bool] = []  # the channels are open already (the practice was played first)

    def play() -> int:
        if not console.claim(MATCH_FILE, "match"):
            return 0
        speech = args.speech or settings.speech
        if console.first_run:
            speech, reader = setup.ask_speech()
            settings.speech, settings.reader = speech, reader
            if args.reader is None:
                console.use_reader(reader)
            console.save_settings()
        if console.first_run and settings.learn_offered is None:
            from .learn import offer, teach  # noqa: PLC0415 - the practice is loaded only at the first start

            if offer(console):
                start_channels(console, args, speech or "off")
                teach(console, speech or "off")
                started.append(True)
        speech = speech or "off"
        saved = _saved_match(console, args.new, rules)
        journal = Journal(console.data)
        if saved is not None:
            match, seating, journal = saved
        else:
            seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
            match = Match(rules, SeededDealer(seed))
            seating = Seating(names=["You", *COMPUTER_NAMES][: rules.players], human=0, levels=levels)
        players = computer_players(match, seating)

        def new_match() -> tuple[Match, dict[int, Player]]:
            fresh = Match(match.rules, SeededDealer(random.SystemRandom().randrange(2**31)))
            return fresh, computer_players(fresh, seating)

        if not started:
            start_channels(console, args, speech)
        session = seat_session(console, speech, new_match=new_match)
        session.take_back = _take_back(console, args.take_back)
        session.journal = journal
        clean_strays(console.data)
        game = Game(
            match,
            seating,
            players,
            language=console.language,
            verbosity=console.verbosity,
            announcer=announcer,
            reader=console.reader,
            session=session,
            make_players=lambda replayed: computer_players(replayed, seating),
        )
        games.append(game)
        console.target.append(game)
        return game.run(resumed=saved is not None)

    return guarded(console, play, lambda: games[0].i18n if games else words)


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Entry for tests: parse ``argv`` and play."""
    parser = argparse.ArgumentParser(prog="bergen")
    add_arguments(parser, I18n(choose_language(early_language(argv or []), None, environment())))
    return run(parser, parser.parse_args(argv), stdin or sys.stdin, stdout or sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
