"""The score sheet as files: plain text a person reads, CSV a spreadsheet reads.

The text starts with what the sheet is (date, players, rules, starting score)
and then tells every event as it was announced, without the keeper's prompts
and guidance; the CSV has one row per scoring event.
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Sequence
from pathlib import Path

from ..core.events import Event, HandBlocked, HandEnded, HeaderScored, MatchWon, WentOut
from ..present.message import Message
from ..present.narrator import Narrator
from ..present.table_talk import rules_name
from ..session.storage import write_new


def record_text(
    narrator: Narrator,
    records: Sequence[Message],
    scores: Sequence[int],
    starting: Sequence[int],
    target: int,
    *,
    date: str | None = None,
) -> str:
    """The sheet as text: a header, the events, the score (``date``: when it was played; default now)."""
    w = narrator.words
    i = w.i18n
    preset = rules_name(i, w.rules)
    lines = [
        # Translators: first line of the exported score sheet. {date} is the date and time.
        i.gettext("Bergen Access score sheet, {date}.").format(date=date or time.strftime("%Y-%m-%d %H:%M")),
        # Translators: exported score sheet: the players in playing order.
        i.gettext("Players: {names}.").format(names=", ".join(w.names)),
        # Translators: exported score sheet: the rules (a preset's name, or "own rules") and the target.
        i.gettext("Rules: {preset}, {players} players, target {target}.").format(
            preset=preset, players=w.rules.players, target=target
        ),
    ]
    if any(starting):
        # Translators: exported score sheet: the score the sheet started from. {score} as in "Score: …".
        began = i.gettext("The sheet began from an earlier score. {score}.")
        lines.append(began.format(score=w.scores(starting, target)))
    lines.append("")
    lines.extend(message.text for message in records)
    lines.append(w.scores(scores, target) + ".")
    return "\n".join(lines) + "\n"


def record_csv(narrator: Narrator, events: Sequence[Event], target: int) -> str:
    """One row per scoring event: hand, player, side, event, full value, points (or counters), total."""
    w = narrator.words
    i = w.i18n
    stream = io.StringIO()
    writer = csv.writer(stream)
    counters = w.counters
    if counters:
        # Translators: CSV export column, counter game: counters discarded.
        scored = i.gettext("counters discarded")
        # Translators: CSV export column, counter game: counters the side has left.
        left = i.gettext("counters left")
    else:
        # Translators: CSV export column: points actually scored.
        scored = i.gettext("points")
        # Translators: CSV export column: the side's total after the score.
        left = i.gettext("total")
    writer.writerow(
        [
            # Translators: CSV export column: the hand number.
            i.gettext("hand"),
            # Translators: CSV export column: the player who scored.
            i.gettext("player"),
            # Translators: CSV export column: the side that scored.
            i.gettext("side"),
            # Translators: CSV export column: what scored.
            i.gettext("event"),
            # Translators: CSV export column: the full value before any reduction.
            i.gettext("full value"),
            scored,
            left,
        ]
    )
    hand = 1
    for event in events:
        row: list[object] | None = None
        if isinstance(event, HeaderScored):
            what = narrator.header_phrase(event.kind, False)
            row = [hand, w.name(event.seat), w.side(event.side), what, event.base, event.value, event.total]
        elif isinstance(event, WentOut):
            # Translators: CSV export: the event of going out.
            what = i.gettext("went out")
            row = [hand, w.name(event.seat), w.side(event.side), what, event.base, event.value, event.total]
        elif isinstance(event, HandBlocked) and event.winner is not None and event.total is not None:
            # Translators: CSV export: the event of winning a blocked hand.
            what = i.gettext("blocked hand")
            row = [hand, "", w.side(event.winner), what, w.rules.blocked_award, event.value, event.total]
        if row is not None:
            if counters:
                row[-1] = target - int(str(row[-1]))
            writer.writerow(row)
        if isinstance(event, HandEnded | MatchWon):
            hand += 1
    return stream.getvalue()


def write_export(folder: Path, base: str, text: str, table: str) -> tuple[Path, Path]:
    """``base``.txt and ``base``.csv in ``folder``, never over an earlier file (``base-2`` and so on when
    those exist); OSError if they cannot be written."""
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(1, 1000):
        stem = base if number == 1 else f"{base}-{number}"
        text_path, csv_path = folder / f"{stem}.txt", folder / f"{stem}.csv"
        if text_path.exists() or csv_path.exists():
            continue
        try:
            write_new(text_path, text)
        except FileExistsError:
            continue
        try:
            write_new(csv_path, table)
        except FileExistsError:
            text_path.unlink()
            continue
        return text_path, csv_path
    raise FileExistsError(base)
