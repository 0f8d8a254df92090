"""The game's ``record`` command: the newest matches kept here, or their statistics.

Read from the data folder as ``bergen record`` reads it, and said by the same
presenter; a file that cannot be read is set aside and said in one sentence.
"""

from __future__ import annotations

from ..commands.lexicon import CommandKind, Lexicon
from ..present import notices
from ..present.feedback import Feedback
from ..present.message import Message
from ..present.record_talk import listing, more_recorded, not_recorded_here, record_usage, statistics_message
from ..session.match_log import read_records
from ..session.savefile import checked_seat
from ..session.storage import Storage

MOST_LISTED = 10  # the record command's newest matches (bergen record lists them all)


def record_replies(
    feedback: Feedback, lexicon: Lexicon, storage: Storage | None, argument: str | None
) -> list[Message]:
    """``record``: the newest matches recorded here, this one too; ``record stats``: the statistics."""
    i = lexicon.i18n
    if argument and not lexicon.is_stats_word(argument):
        word, stats = lexicon.main_word(CommandKind.RECORD), lexicon.stats_words()[0]
        return [feedback.plain(record_usage(i, word, stats))]
    if storage is None:
        return [feedback.plain(not_recorded_here(i))]
    entries, problems = read_records(storage, checked_seat)
    said = [notices.file_problem(i, "record", problem) for problem in problems]
    if argument:
        return [*said, statistics_message(i, entries, feedback.narrator.verbosity, recording=storage.saves)]
    shown = listing(i, entries, MOST_LISTED, recording=storage.saves)
    lines = [message.text for message in shown]
    braille = [message.braille for message in shown]
    if len(entries) > MOST_LISTED:
        more = more_recorded(i, len(entries) - MOST_LISTED)
        lines.append(more)
        braille.append(more)
    return [*said, feedback.plain("\n".join(lines), "\n".join(braille))]


__all__ = ["MOST_LISTED", "record_replies"]
