"""The record of played matches in words: one line per match, the statistics, the replay's own lines.

Each line is short enough for a braille display's line or two: the key fact
first (which match, when), then rules, players and the result. The
statistics come in lines by kind (levels, presets, players, sets, headers,
hands), each a heading and its figures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.engine import Match
from ..core.events import HeaderKind
from ..core.statistics import Figures, Played, Tally, figures
from ..i18n import I18n
from ..session.match_log import Entry
from .message import Message, Prompt, Verbosity
from .narrator import Narrator
from .rules_text import preset_names
from .table_talk import level_names, rules_name
from .words import Words


def when(stamp: str) -> str:
    """``2026-12-02T18:30:05`` → ``2026-12-02 18:30``."""
    return stamp.replace("T", " ")[:16]


def players_text(i: I18n, words: Words, levels: Mapping[int, str]) -> str:
    """``You, Anna (normal)``: every seat in order, the computers with their levels."""
    names = []
    for seat in range(words.rules.players):
        name = words.name(seat)
        level = levels.get(seat)
        if level is not None:
            # Translators: a computer player with its level, e.g. "Anna (normal)".
            name = i.gettext("{name} ({level})").format(name=name, level=level_names(i).get(level, level))
        names.append(name)
    return ", ".join(names)


def result_text(i: I18n, words: Words, match: Match, *, short: bool = False) -> str:
    """Who won and the final score, each side named (``Anna won; counters left: You 7, Anna 0``), or how
    far an unfinished match went; ``short`` (braille) gives the bare figures (``16 : 4``)."""
    named = words.score_phrase(match.scores, match.target)
    scores = " : ".join(map(str, match.scores)) if short else named
    winner = match.winner
    if winner is None:
        # Translators: the result of a recorded match that was left before its end. {hand} is the hand
        # it was left in, {scores} each side's score, e.g. "score: You 9, Anna 7" ("9 : 7" on braille).
        return i.gettext("not finished, hand {hand}; {scores}").format(hand=match.hand_number, scores=scores)
    text = words.agreeing(
        winner,
        # Translators: the result of a recorded match another player won. {side} e.g. "Anna",
        # {scores} e.g. "score: You 9, Anna 15" or "counters left: You 7, Anna 0" ("9 : 15" on braille).
        one=i.gettext("{side} won; {scores}"),
        # Translators: the result of a recorded match a partnership of two others won; the verb in the
        # plural. {side} e.g. "Anna and Mia", {scores} e.g. "score: you and Cem 9, Anna and Mia 15".
        pair=i.pgettext("partners", "{side} won; {scores}"),
        # Translators: the result of a recorded match the player won. {scores} e.g. "score: You 15, Anna 9".
        you=i.gettext("you won; {scores}"),
        # Translators: the result of a recorded match the player and the partner won: "you" is plural here
        # (German "ihr", Turkish "siz"). {partner} is the partner's name, {scores} e.g.
        # "score: you and Mia 15, Anna and Cem 9".
        you_pair=i.pgettext("you and partner", "you and {partner} won; {scores}"),
    )
    return text.format(side=words.side(winner), partner=words.partner(winner), scores=scores)


def match_line(
    i: I18n,
    number: int,
    stamp: str,
    match: Match,
    *,
    names: Sequence[str],
    human: int | None,
    levels: Mapping[int, str],
    table: int | None = None,
) -> str:
    """One match of the list: ``1. 2026-12-02 18:30, standard: You, Anna (normal); you won; score: You 15,
    Anna 9.``
    (a network table's: ``standard at table 3: Ada, Bo; Bo won, …``, nobody there is "you")."""
    words = Words(i, match.rules, names, human)
    rules = rules_name(i, match.rules)
    if table is not None:
        # Translators: the rules of a recorded match played at a table of bergen serve, in the list of
        # bergen record. {rules} e.g. "standard", {table} the table's number.
        rules = i.gettext("{rules} at table {table}").format(rules=rules, table=table)
    # Translators: one recorded match in the list of bergen record. {number} is its number (1 is the
    # newest), {date} when it started, {rules} e.g. "standard", {players} "You, Anna (normal)",
    # {result} e.g. "you won; score: You 15, Anna 9".
    line = i.gettext("{number}. {date}, {rules}: {players}; {result}.")
    return line.format(
        number=number,
        date=when(stamp),
        rules=rules,
        players=players_text(i, words, levels),
        result=result_text(i, words, match),
    )


def match_braille(
    i: I18n, number: int, stamp: str, match: Match, *, names: Sequence[str], human: int | None
) -> str:
    """The braille form of a match's line: which, when and the result (``1. 2026-12-02 18:30: you won;
    16 : 4.``); the rules and players are in the printed line."""
    words = Words(i, match.rules, names, human)
    # Translators: a recorded match on a braille display, short: {number} its number in the list, {date}
    # when it started, {result} e.g. "you won; 15 : 9".
    line = i.gettext("{number}. {date}: {result}.")
    return line.format(number=number, date=when(stamp), result=result_text(i, words, match, short=True))


def taken_back_text(i: I18n, count: int) -> str:
    """`` 2 moves taken back.`` after a match's line (nothing when none were)."""
    if count <= 0:
        return ""
    # Translators: after a recorded match's line: moves taken back during it (undo).
    text = i.ngettext("{count} move taken back.", "{count} moves taken back.", count)
    return " " + text.format(count=count)


def hurried_text(i: I18n, count: int) -> str:
    """`` 2 computer moves made in haste.`` after a match's line (nothing when none were): those moves
    were cut short by a machine too busy for the work, so they are not the seed's alone."""
    if count <= 0:
        return ""
    # Translators: after a recorded match's line: computers' moves cut short because the machine was too
    # busy to finish thinking (replaying the match from its seed may give other moves there).
    text = i.ngettext(
        "{count} computer move made in haste (a busy machine).",
        "{count} computer moves made in haste (a busy machine).",
        count,
    )
    return " " + text.format(count=count)


def entry_line(i: I18n, number: int, entry: Entry) -> str:
    """A recorded match's line in the list, with the moves taken back."""
    line = match_line(
        i,
        number,
        entry.started,
        entry.match,
        names=entry.names,
        human=entry.player,
        levels=entry.seat_levels,
        table=entry.table,
    )
    return line + taken_back_text(i, entry.taken_back) + hurried_text(i, entry.hurried)


def entry_message(i: I18n, number: int, entry: Entry) -> Message:
    """A recorded match as the list says it: the whole line, on braille which, when and the result."""
    line = entry_line(i, number, entry)
    braille = (
        match_braille(i, number, entry.started, entry.match, names=entry.names, human=entry.player)
        + taken_back_text(i, entry.taken_back)
        + hurried_text(i, entry.hurried)
    )
    return Message(line, line, braille)


def listing(
    i: I18n, entries: Sequence[Entry], most: int | None = None, *, recording: bool = True
) -> list[Message]:
    """The recorded matches, newest first, one message each (the newest ``most`` of them); ``recording``:
    whether matches are recorded now (the data folder can be written)."""
    if not entries:
        return [_plain(no_records(i, recording))]
    shown = entries if most is None else entries[:most]
    return [entry_message(i, number, entry) for number, entry in enumerate(shown, 1)]


def statistics_message(
    i: I18n, entries: Sequence[Entry], verbosity: Verbosity, *, recording: bool = True
) -> Message:
    """The statistics of the matches played at this keyboard (a network table's matches are listed, but
    have no player here whose wins they would be)."""
    mine = [(number, entry) for number, entry in enumerate(entries, 1) if entry.player is not None]
    played = [
        Played(entry.match, entry.human, tuple(entry.seat_levels.values()), number) for number, entry in mine
    ]
    if not entries:
        return _plain(no_records(i, recording))
    first = mine[0][1] if mine else entries[0]
    words = Words(i, first.match.rules, first.names, first.player)
    return _plain("\n".join(statistics_lines(i, figures(played), Narrator(words, verbosity))))


def more_recorded(i: I18n, more: int) -> str:
    # Translators: after the newest matches listed by the record command in a match: how many older
    # ones there are. Keep "bergen record".
    text = i.ngettext(
        "{count} older match is recorded; bergen record lists them all.",
        "{count} older matches are recorded; bergen record lists them all.",
        more,
    )
    return text.format(count=more)


def record_usage(i: I18n, word: str, stats: str) -> str:
    # Translators: the record command in a match with a word it does not take. {record} and {stats} are
    # the command's words in the player's language, e.g. "record" and "stats".
    text = i.gettext("{record}: the newest matches recorded; {record} {stats}: the statistics.")
    return text.format(record=word, stats=stats)


def record_action_refused(i: I18n, word: str, stats: str) -> str:
    # Translators: bergen record followed by a word it does not take. {word} is what was typed, {stats}
    # the catalog's word for the statistics; keep the words list, export and replay.
    text = i.gettext(
        "bergen record does not take {word}. It takes list (the matches), {stats} (the statistics), "
        "export N or replay N, N being a match's number in the list."
    )
    return text.format(word=word, stats=stats)


def not_recorded_here(i: I18n) -> str:
    # Translators: the record command at a table of a network server: the record of matches is kept
    # on the player's own computer (bergen record there), not shown at the server's tables.
    return i.gettext("The record of your matches is on your own computer: bergen record there lists it.")


def _plain(text: str) -> Message:
    return Message(text, text, text)


def no_records(i: I18n, recording: bool = True) -> str:
    """No match recorded yet; whether the next ones will be (not while nothing can be saved)."""
    if not recording:
        # Translators: bergen record, or the record command, when no match has been recorded and none can
        # be now: the data folder cannot be written (the player was told why), or they play without saving.
        return i.gettext("No match has been recorded yet, and none is recorded while nothing can be saved.")
    # Translators: bergen record when no match has been recorded yet.
    return i.gettext("No match has been recorded yet. Every match you play is recorded from now on.")


def _tally(i: I18n, name: str, tally: Tally) -> str:
    # Translators: one entry of the statistics, e.g. "normal 5 matches, 3 won". {name} is what the
    # figures are of (a level, a preset, a set, a number of players).
    text = i.ngettext("{name} {count} match, {won} won", "{name} {count} matches, {won} won", tally.matches)
    return text.format(name=name, count=tally.matches, won=tally.wins)


def _heading(heading: str, parts: Sequence[str]) -> str:
    return f"{heading}: {'; '.join(parts)}."


def statistics_lines(i: I18n, figures: Figures, narrator: Narrator) -> list[str]:
    """The statistics, a line for each kind of figure."""
    # Translators: first line of the statistics. {recorded} matches recorded, {finished} played to the
    # end, {won} won by the player.
    first = i.ngettext(
        "Statistics of {recorded} match: {finished} finished, {won} won.",
        "Statistics of {recorded} matches: {finished} finished, {won} won.",
        figures.recorded,
    )
    lines = [first.format(recorded=figures.recorded, finished=figures.finished, won=figures.wins)]
    levels = level_names(i)
    if figures.by_level:
        parts = [
            _tally(i, "+".join(levels.get(part, part) for part in key.split("+")), tally)
            for key, tally in sorted(figures.by_level.items())
        ]
        # Translators: heading of the statistics by the computers' level.
        lines.append(_heading(i.gettext("By level"), parts))
    if figures.by_preset:
        presets = sorted(figures.by_preset.items(), key=lambda item: item[0] or "~")
        # Translators: a match of no preset, in the statistics by preset.
        own = i.gettext("own rules")
        parts = [_tally(i, preset_names(i).get(key, key) if key else own, tally) for key, tally in presets]
        # Translators: heading of the statistics by preset (standard, counters, DominoPlaza).
        lines.append(_heading(i.gettext("By preset"), parts))
    if figures.by_players:
        parts = [
            # Translators: a number of players in the statistics, e.g. "2 players 4 matches, 1 won".
            _tally(i, i.ngettext("{count} player", "{count} players", key).format(count=key), tally)
            for key, tally in sorted(figures.by_players.items())
        ]
        # Translators: heading of the statistics by number of players.
        lines.append(_heading(i.gettext("By players"), parts))
    if figures.by_set:
        parts = [
            # Translators: a set of tiles in the statistics, e.g. "double-6 3 matches, 2 won".
            _tally(i, i.gettext("double-{highest}").format(highest=key), tally)
            for key, tally in sorted(figures.by_set.items())
        ]
        # Translators: heading of the statistics by set of tiles.
        lines.append(_heading(i.gettext("By set"), parts))
    headers = [
        f"{narrator.header_phrase(kind, False)} {figures.headers[kind]}"
        for kind in HeaderKind
        if figures.headers[kind]
    ]
    # Translators: heading of the statistics: the headers the player made, by kind.
    heading = i.gettext("Your headers")
    # Translators: the player made no header in the recorded matches (after "Your headers:").
    nothing = i.gettext("none")
    lines.append(_heading(heading, headers) if headers else f"{heading}: {nothing}.")
    if figures.best is not None and figures.average is not None:
        best = figures.best
        # Translators: the statistics' last line. {best} the most points the player's side scored in one
        # hand, {number} which match (its number in the list), {hand} which hand; {average} points per hand
        # over {hands} hands.
        text = i.ngettext(
            "Best hand: {best} points, match {number} hand {hand}. "
            "Average {average} points over {hands} hand.",
            "Best hand: {best} points, match {number} hand {hand}. "
            "Average {average} points over {hands} hands.",
            figures.hands,
        )
        lines.append(
            text.format(
                best=best.points,
                number=best.number,
                hand=best.hand,
                average=_decimal(i, figures.average),
                hands=figures.hands,
            )
        )
    return lines


def no_such_match(i: I18n, number: int, count: int) -> str:
    # Translators: bergen record export/replay with a number not in the list. {number} as typed, {count}
    # how many matches are recorded.
    text = i.ngettext(
        "There is no match {number}: {count} match is recorded (1 is the newest).",
        "There is no match {number}: {count} matches are recorded (1 is the newest).",
        count,
    )
    return text.format(number=number, count=count)


def number_needed(i: I18n, what: str) -> str:
    # Translators: bergen record export or replay without a number. {what} is export or replay.
    return i.gettext("Which match? Type bergen record {what} and its number from the list.").format(what=what)


def replay_start(i: I18n, line: str, commands: str, leave: str) -> str:
    # Translators: the start of bergen record replay. {match} is the match's line from the list, its number
    # first ("Replay of match 4. 2026-12-02 18:30, …"),
    # {commands} the commands that can be asked (e.g. "hand, ends, line, score"), {quit} the word that
    # leaves.
    text = i.gettext(
        "Replay of match {match} Enter: the next move. Ask {commands} at any moment; {quit} leaves."
    )
    return text.format(match=line, commands=commands, quit=leave)


def replay_refusal(i: I18n, commands: str, leave: str) -> str:
    # Translators: bergen record replay: a move or other command typed; a replay only shows the record.
    # {commands} the commands that can be asked (e.g. "hand, ends, line, score"), {quit} the word that
    # leaves.
    text = i.gettext("This is a replay: Enter shows the next move. Ask {commands}; {quit} leaves.")
    return text.format(commands=commands, quit=leave)


def replay_help(i: I18n, commands: str, leave: str) -> str:
    # Translators: help typed during bergen record replay. {commands} the commands that can be asked (e.g.
    # "hand, ends, line, score, why, hint"), {quit} the word that leaves.
    text = i.gettext(
        "Replay: Enter shows the next move, as you heard it then. Ask {commands} at any moment: they "
        "answer as at that moment of the match. {quit} leaves."
    )
    return text.format(commands=commands, quit=leave)


def replay_prompt(i: I18n, steps: int, total: int) -> Prompt:
    """The replay's prompt: where it is, ``Move 4 of 31: `` (``4/31> `` on the display)."""
    if steps == 0:
        # Translators: the prompt of bergen record replay before its first move; ends with ": ".
        short = i.gettext("Enter for move 1 of {total}: ").format(total=total)
    else:
        # Translators: the prompt of bergen record replay: the move just shown and how many there are;
        # ends with ": ".
        short = i.gettext("Move {number} of {total}: ").format(number=steps, total=total)
    return Prompt(f"{steps}/{total}> ", short)


def replay_over(i: I18n, leave: str) -> str:
    # Translators: bergen record replay: every move of the record has been shown. {quit} the word that
    # leaves.
    return i.gettext("End of the replay. Ask what you like; Enter or {quit} leaves.").format(quit=leave)


def exported_text(i: I18n) -> str:
    """A record was written to two files: fields {name} (without .txt or .csv) and {folder}."""
    # Translators: a record was written to two files, {name}.txt and {name}.csv. {name} is the file name
    # without .txt or .csv, {folder} the folder, shortened (e.g. "exports" or "~/exports").
    return i.gettext("Exported {name}.txt and .csv to {folder}.")


def exported(i: I18n, name: str, folder: str) -> str:
    return exported_text(i).format(name=name, folder=folder)


def export_failed(i: I18n, reason: str) -> str:
    # Translators: the files could not be written. {reason} is the system's message.
    return i.gettext("Could not export: {reason}.").format(reason=reason)


def _decimal(i: I18n, value: float) -> str:
    """``4.14`` in English, ``4,14`` in German and Turkish."""
    text = f"{value:.2f}"
    return text if i.language == "en" else text.replace(".", ",")
