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
from typing import TextIO

from .cli_text import early_language, rules_error
from .console import (
    SPEECH_CHOICES,
    Setup,
    add_console_arguments,
    open_console,
    open_speaker,
    report_crash,
    set_aside,
)
from .core.dealers import SeededDealer
from .core.engine import Match
from .core.record import RecordError
from .core.rules import RulesError
from .i18n import I18n, choose_language, environment
from .players.levels import DEFAULT_LEVEL, LEVELS, make_player
from .rule_args import add_rule_arguments, rules_from_arguments
from .session import paths
from .session.savefile import load_match
from .ui.game import Game, Seating, Session

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


def _saved_match(setup: Setup, autosave: Path, new: bool) -> tuple[Match, Seating] | None:
    """The saved match if the player wants it; a damaged file is reported and kept aside."""
    if not autosave.exists():
        return None
    i = setup.i
    try:
        match, seats = load_match(autosave)
        seating = Seating(
            names=[str(s["name"]) for s in seats],
            human=next(n for n, s in enumerate(seats) if s.get("kind") == "human"),
            levels={
                n: str(s.get("level") or DEFAULT_LEVEL)
                for n, s in enumerate(seats)
                if s.get("kind") != "human"
            },
        )
        if len(seating.names) != match.players:
            raise RecordError("seats")
    except (RecordError, KeyError, TypeError, ValueError, StopIteration, OSError) as error:
        kept = set_aside(autosave, "damaged")
        reason = getattr(error, "code", type(error).__name__)
        setup.tell(
            # Translators: the saved match could not be read.
            # {reason} is a technical code; {path} is where the file was kept.
            i.gettext("The saved match could not be read ({reason}). It was kept as {path}.").format(
                reason=reason, path=kept
            )
        )
        return None
    if match.is_over:
        autosave.unlink(missing_ok=True)
        return None
    if not new:
        # Translators: offer to continue the saved match. {hand} is its hand number.
        question = i.gettext("A saved match is waiting, in hand {hand}. Continue it? Yes or no.").format(
            hand=match.hand_number
        )
        if setup.yes_no(question):
            return match, seating
    autosave.replace(autosave.with_name("match.previous.json"))  # the one declined, kept until the next
    return None


def run(parser: argparse.ArgumentParser, args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Carry out ``bergen`` (the game)."""
    console = open_console(parser, args, stdin, stdout)
    words, announcer, setup, settings = console.words, console.announcer, console.setup, console.settings
    try:
        rules = rules_from_arguments(args)
    except RulesError as error:
        parser.error(rules_error(words, error))
    autosave = paths.autosave_path()
    try:
        speech = args.speech or settings.speech
        if speech is None and not console.plain:
            speech = setup.ask_speech()
            settings.speech = speech
            settings.save(console.settings_path)
        speech = speech or "off"
        saved = _saved_match(setup, autosave, args.new)
    except (EOFError, KeyboardInterrupt):
        return 0
    if saved is not None:
        match, seating = saved
    else:
        computers = [seat for seat in range(1, rules.players)]
        levels = _levels(args.opponents, computers)
        if levels is None:
            # Translators: command-line error about --opponents. {levels} lists the level names.
            text = words.gettext("--opponents: one level for all, or one per computer seat ({levels}).")
            parser.error(text.format(levels=", ".join(LEVELS)))
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        match = Match(rules, SeededDealer(seed))
        seating = Seating(names=["You", *COMPUTER_NAMES][: rules.players], human=0, levels=levels)
    seed_base = int(match.dealer.spec().get("seed", 0))
    players = {seat: make_player(level, seed_base * 10 + seat) for seat, level in seating.levels.items()}
    announcer.set_speaker(open_speaker(speech if speech in SPEECH_CHOICES else "off"))
    session = Session(autosave, settings, console.settings_path, speech, open_speaker)
    game = Game(
        match,
        seating,
        players,
        language=console.language,
        verbosity=console.verbosity,
        announcer=announcer,
        reader=console.reader,
        session=session,
    )
    console.target.append(game)
    try:
        return game.run(resumed=saved is not None)
    except Exception:
        return report_crash(game.i18n, announcer)
    finally:
        announcer.close()


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Entry for tests: parse ``argv`` and play."""
    parser = argparse.ArgumentParser(prog="bergen")
    add_arguments(parser, I18n(choose_language(early_language(argv or []), None, environment())))
    return run(parser, parser.parse_args(argv), stdin or sys.stdin, stdout or sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
