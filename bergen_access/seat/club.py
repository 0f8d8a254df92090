"""The club director at the console (``bergen club``): one line in, one answer out.

A line is a table's result (``1 15 9``: table 1, then its final scores in the order the table was
announced) or a command of the command table's club place. Each result and undo is written to the
evening's journal before it is told (write-ahead); the rounds and the standings are recomputed from
the results by the tournament core.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path

from ..boundary import Screened, ascii_number
from ..commands.definitions import CommandKind, Place
from ..commands.lexicon import Lexicon, fold
from ..core.rules import Rules
from ..i18n import I18n
from ..keeping.club_sheet import CLUB_FILE, CLUB_LOCK, ClubFile
from ..keeping.export import write_export
from ..keeping.sheet import SHEET_FILE, read_sheet
from ..output.announcer import Announcer
from ..present import notices
from ..present.club_text import ClubText, evening_csv, evening_text, plain
from ..present.feedback import Feedback
from ..present.message import Message, Prompt, Verbosity
from ..present.narrator import Narrator
from ..present.refusals import file_reason, input_refused
from ..present.words import Words
from ..session.paths import said_folder
from ..session.untrusted import DamagedFile
from ..tournament.evening import Evening
from .keeper import export_name_ok
from .session import Session, pause_after_save
from .talking import Talking

_SEPARATORS = re.compile(r"[\s,;:]+")


@dataclass(frozen=True)
class ClubCommand:
    """A command word and what followed it."""

    kind: CommandKind
    argument: str = ""


class Director(Talking):
    """Runs one club evening."""

    def __init__(
        self,
        evening: Evening,
        *,
        language: str,
        verbosity: Verbosity,
        announcer: Announcer,
        session: Session,
        file: ClubFile | None = None,
    ) -> None:
        self.evening = evening
        self.announcer = announcer
        self.session = session
        self.verbosity = verbosity
        storage = session.storage
        self.file = file if file is not None or storage is None else ClubFile(storage)
        self.set_language(language)

    # --------------------------------------------------------------- language

    def set_language(self, language: str) -> None:
        self.i18n = I18n(language)
        names = self.evening.names
        self.narrator = Narrator(Words(self.i18n, Rules(players=2), names[:2], None), self.verbosity)
        self.feedback = Feedback(self.narrator)
        self.text = ClubText(self.i18n, names)
        self.lexicon = Lexicon(self.i18n, Place.CLUB)
        self.announcer.language = language
        self.announcer.terse = self.verbosity is Verbosity.TERSE

    @property
    def command_words(self) -> Lexicon:
        return self.lexicon

    # -------------------------------------------------------------- the loop

    def say(self, message: Message) -> None:
        self.announcer.announce(message)

    def tell(self, text: str) -> None:
        self.say(plain(text))

    def repeat(self) -> None:
        last = self.announcer.last
        if last is not None:
            self.say(Message(last.text, last.speech, last.braille, urgent=True))

    def candidates(self) -> list[str]:
        """Tab completion: the director's command words."""
        return [words[0] for kind in CommandKind if (words := self.lexicon.words_for(kind))]

    def refuse_input(self, screened: Screened) -> None:
        self.say(input_refused(self.i18n, screened, self.lexicon.main_word(CommandKind.HELP)))

    def prompt(self) -> Prompt:
        return self.text.prompt(self.evening)

    def start(self, resumed: bool) -> None:
        """A new evening is written down at once, then its first round told; a resumed one says where it
        stands."""
        evening = self.evening
        if not resumed and self.file is not None:
            self.file.start(evening)
            self._storage_notices()
        self.tell(self.text.started(evening))
        if resumed and evening.results:
            self.say(self.text.lines(self.text.standings_lines(evening)))
        if evening.is_over:
            self.tell(self.text.over())
            return
        self.say(self.text.round_message(evening.current, evening.fmt.partners))
        if resumed:
            self.tell(self.text.waiting(evening.waiting()))

    def leave(self) -> None:
        """The director leaves: an evening that is over is closed, one going on kept; said so."""
        if self.file is not None:
            self.file.close()
        storage = self.session.storage
        if self.evening.is_over and storage is not None:
            storage.remove(CLUB_FILE)
            self.tell(self.text.closed())
            return
        saved = storage is not None and storage.saves and self.file is not None and self.file.path is not None
        self.tell(self.text.goodbye(saved))

    def save(self) -> None:
        """Nothing waits to be written: each result and undo is written as it is made."""

    def _storage_notices(self) -> None:
        storage = self.session.storage
        if storage is not None:
            for told in storage.take_notices():
                self.say(notices.storage_notice(self.i18n, told))

    def handle(self, line: str) -> None:
        """Answer one line, exactly once."""
        line = self.lexicon.joined(line.strip())
        if not line:
            self.on_empty(ClubCommand(CommandKind.EMPTY))
            return
        first, _, rest = line.partition(" ")
        kind = self.lexicon.command(first)
        if kind is not None:
            self.run_command(kind, ClubCommand(kind, rest.strip()))
            return
        numbers = [ascii_number(part) for part in _SEPARATORS.split(line) if part]
        if len(numbers) < 2 or any(n is None for n in numbers):
            self.tell(self.text.not_a_result(line, self.evening))
            return
        table, *scores = [n for n in numbers if n is not None]
        self._result(table - 1, scores)

    # ------------------------------------------------------------- results

    def _result(self, table: int, scores: list[int]) -> None:
        evening = self.evening
        problem = evening.check(table, scores)
        if problem is not None:
            self.tell(self.text.refused(problem, evening, table))
            return
        before = len(evening.rounds)
        result = evening.add(table, scores)
        if self.file is not None:
            self.file.result(evening, result)
            pause_after_save(CLUB_LOCK)
            self._storage_notices()
        self.tell(self.text.result_taken(evening, result))
        if evening.is_over:
            self.say(self.text.lines(self.text.standings_lines(evening)))
            self.tell(self.text.over())
        elif len(evening.rounds) > before:
            self.say(self.text.lines(self.text.standings_lines(evening)))
            self.say(self.text.round_message(evening.current, evening.fmt.partners))
        else:
            self.tell(self.text.waiting(evening.waiting()))

    # ------------------------------------------------------------ commands

    def on_empty(self, command: ClubCommand) -> None:
        """Enter: where the evening stands (the tables still to come, or that it is over)."""
        evening = self.evening
        self.tell(self.text.over() if evening.is_over else self.text.waiting(evening.waiting()))

    def on_undo(self, command: ClubCommand) -> None:
        evening = self.evening
        last = evening.results[-1] if evening.results else None
        if last is None:
            self.tell(self.text.nothing_to_undo())
            return
        evening.undo()
        if self.file is not None:
            self.file.undo(evening)
            pause_after_save(CLUB_LOCK)
            self._storage_notices()
        self.tell(self.text.taken_back(evening, last))
        self.on_empty(command)

    def on_tables(self, command: ClubCommand) -> None:
        evening = self.evening
        self.say(self.text.round_message(evening.current, evening.fmt.partners))

    def on_standings(self, command: ClubCommand) -> None:
        self.say(self.text.lines(self.text.standings_lines(self.evening)))

    def on_sheet(self, command: ClubCommand) -> None:
        """``sheet 2 [FILE]``: table 2's final scores from its ``bergen keep`` sheet (without FILE, the
        sheet kept in this data folder), matched to the table by the players' names."""
        number, _, where = command.argument.partition(" ")
        table = ascii_number(number)
        storage = self.session.storage
        path = Path(where.strip()) if where.strip() else (storage.path(SHEET_FILE) if storage else None)
        if table is None or path is None:
            self.tell(self.text.sheet_usage())
            return
        evening = self.evening
        problem = evening.check(table - 1, [0] * evening.sides_per_table)
        if problem is not None:
            self.tell(self.text.refused(problem, evening, table - 1))
            return
        try:
            (core, names), _ = read_sheet(path)
        except FileNotFoundError:
            self.tell(self.text.no_sheet(str(path)))
            return
        except DamagedFile as error:
            self.tell(self.text.sheet_unreadable(str(path), file_reason(self.i18n, error.code, error.detail)))
            return
        except OSError as error:
            self.tell(self.text.sheet_unreadable(str(path), error.strerror or str(error)))
            return
        scores = sheet_scores(evening, table - 1, names, core.scores, self.i18n.language)
        if scores is None:
            self.tell(self.text.sheet_of_others(table - 1, names, evening))
            return
        if not core.is_over:
            self.tell(self.text.sheet_not_over(names, core.scores, evening.fmt.partners))
            return
        self._result(table - 1, scores)

    def on_help(self, command: ClubCommand) -> None:
        self.say(self.feedback.commands(self.text.help_lines(self.evening)))

    def on_export(self, command: ClubCommand) -> None:
        """The evening as text and CSV, only inside the export folder, never over an earlier file."""
        folder = self.session.export_dir
        if folder is None:
            self.tell(self._export_failed(notices.no_folder(self.i18n)))
            return
        name = command.argument.strip() or f"bergen-club-{time.strftime('%Y%m%d-%H%M%S')}"
        if not export_name_ok(name):
            word = self.lexicon.main_word(CommandKind.EXPORT)
            self.say(notices.export_refused(self.i18n, name, said_folder(folder), word))
            return
        base = name.removesuffix(".txt").removesuffix(".csv")
        text = evening_text(self.text, self.evening, time.strftime("%Y-%m-%d %H:%M"))
        try:
            text_path, _ = write_export(folder, base, text, evening_csv(self.text, self.evening))
        except OSError as error:
            self.tell(self._export_failed(error.strerror or str(error)))
            return
        self.tell(self.text.exported(text_path.stem, said_folder(text_path.parent)))

    def _export_failed(self, reason: str) -> str:
        # Translators: club: the export files could not be written. {reason} is the system's message.
        return self.i18n.gettext("Could not export: {reason}.").format(reason=reason)


def sheet_scores(
    evening: Evening, table: int, names: list[str], scores: list[int], language: str
) -> list[int] | None:
    """A keep sheet's final scores in the order of the table's sides, if the sheet's players are the
    table's (with partners: the same partnerships); None if not."""
    seats = [evening.names[e] for e in evening.current.tables[table]]
    sides = evening.sides_per_table
    if len(names) != len(seats) or len(scores) != sides:
        return None

    def side_of(players: list[str], seat: int) -> frozenset[str]:
        return frozenset(fold(players[s], language) for s in range(seat % sides, len(players), sides))

    theirs = {side_of(names, side): scores[side] for side in range(sides)}
    ours = [side_of(seats, side) for side in range(sides)]
    if set(ours) != set(theirs):
        return None
    return [theirs[side] for side in ours]
