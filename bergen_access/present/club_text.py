"""What the club director hears (``bergen club``): rounds and tables, results, standings, refusals.

One answer per line, the key fact first ("1. Ayşe: 2 wins, +14 over the field, 45 points"); every
sentence through the catalogs.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..boundary import NameProblem
from ..commands.definitions import CommandKind, Place
from ..commands.lexicon import Lexicon
from ..i18n import I18n
from ..tournament import Round, Standing, TableResult
from ..tournament.evening import MOST_POINTS, Evening, ResultProblem
from .message import Message, Prompt
from .record_talk import exported
from .refusals import result_refused

#: the command words a refused result may name
_REFUSAL_WORDS = (CommandKind.STANDINGS, CommandKind.EXPORT, CommandKind.UNDO, CommandKind.QUIT)
#: languages that write a decimal comma
_DECIMAL_COMMA = frozenset({"de", "tr"})


def plain(text: str) -> Message:
    """An answer to the director: the same words printed, spoken and on the braille line."""
    return Message(text, text, text, urgent=True)


def said_number(value: Fraction, language: str) -> str:
    """Points over the field with their sign: ``+14``, ``-3``, ``0``, ``+13.8`` (``+13,8`` in German and
    Turkish): whole numbers as they are, others to one decimal place."""
    if value == 0:
        return "0"
    sign = "+" if value > 0 else "-"
    size = abs(value)
    tenths = int(size * 10 + Fraction(1, 2))  # to one decimal place, a half away from 0
    text = str(tenths // 10) if tenths % 10 == 0 else f"{tenths // 10}.{tenths % 10}"
    if language in _DECIMAL_COMMA:
        text = text.replace(".", ",")
    return sign + text


class ClubText:
    """The director's words in one language, for one evening's names."""

    def __init__(self, i: I18n, names: Sequence[str]) -> None:
        self.i = i
        self.names = list(names)
        self.words = Lexicon(i, Place.CLUB)

    def word(self, kind: CommandKind) -> str:
        return self.words.main_word(kind)

    def _names(self, entrants: Sequence[int]) -> str:
        return ", ".join(self.names[e] for e in entrants)

    # ------------------------------------------------------------ the rounds

    def table_line(self, number: int, seats: Sequence[int], partners: bool) -> str:
        """``Table 1: Anna, Cem.`` (partners: ``Table 1: Anna and Jürgen against Cem and Mia.``)."""
        i = self.i
        if partners:
            a, b, c, d = (self.names[e] for e in seats)
            # Translators: club: one table of partners. {first} and {second} are the two sides, each
            # "Anna and Jürgen" (made by the next sentence).
            line = i.gettext("Table {number}: {first} against {second}.")
            # Translators: club: two partners, within "Table 1: Anna and Jürgen against Cem and Mia."
            side = i.gettext("{one} and {other}")
            return line.format(
                number=number, first=side.format(one=a, other=c), second=side.format(one=b, other=d)
            )
        # Translators: club: one table of a round and its players in seat order. {names}: "Anna, Cem".
        return i.gettext("Table {number}: {names}.").format(number=number, names=self._names(seats))

    def round_lines(self, paired: Round, partners: bool) -> list[str]:
        """``Round 2. Table 1: Anna, Cem. Table 2: Jürgen, Mia.`` as lines, and who sits out."""
        i = self.i
        # Translators: club: a round begins; its tables follow. {number} counts from 1.
        lines = [i.gettext("Round {number}.").format(number=paired.number + 1)]
        lines += [self.table_line(n + 1, seats, partners) for n, seats in enumerate(paired.tables)]
        if paired.byes:
            # Translators: club: players who sit this round out (there are not enough for another table).
            sits = i.ngettext("Sits out: {names}.", "Sit out: {names}.", len(paired.byes))
            lines.append(sits.format(names=self._names(paired.byes)))
        return lines

    def round_message(self, paired: Round, partners: bool) -> Message:
        lines = self.round_lines(paired, partners)
        return Message("\n".join(lines), " ".join(lines), "\n".join(lines), urgent=True, heading=True)

    def waiting(self, tables: Sequence[int]) -> str:
        # Translators: club: the tables of this round whose result is still to come. {tables}: "2, 3".
        text = self.i.ngettext(
            "Still to come: table {tables}.", "Still to come: tables {tables}.", len(tables)
        )
        return text.format(tables=", ".join(str(t + 1) for t in tables))

    # ------------------------------------------------------------ results

    def scores(self, evening: Evening, result: TableResult) -> str:
        """``Anna 15, Cem 9`` (partners: ``Anna and Jürgen 15, Cem and Mia 9``)."""
        seats = evening.rounds[result.round].tables[result.table]
        if evening.fmt.partners:
            # Translators: club: two partners, within "Table 1: Anna and Jürgen 15, Cem and Mia 9."
            side = self.i.gettext("{one} and {other}")
            sides = [side.format(one=self.names[seats[s]], other=self.names[seats[s + 2]]) for s in (0, 1)]
            return ", ".join(f"{name} {score}" for name, score in zip(sides, result.final[:2], strict=True))
        return ", ".join(f"{self.names[e]} {score}" for e, score in zip(seats, result.final, strict=True))

    def result_taken(self, evening: Evening, result: TableResult) -> str:
        """``Table 1: Anna 15, Cem 9. Anna wins.``"""
        i = self.i
        won = evening.winners(result)
        if won:
            if len(won) == 2:
                # Translators: club: two partners, within "Anna and Mia win."
                names = i.gettext("{one} and {other}").format(
                    one=self.names[won[0]], other=self.names[won[1]]
                )
            else:
                names = self._names(won)
            # Translators: club: who won a table's match. {names}: one name, or two partners "Anna and Mia".
            verdict = i.ngettext("{names} wins.", "{names} win.", len(won)).format(names=names)
        else:
            # Translators: club: a table's result with the top score shared: nobody wins it.
            verdict = i.gettext("Level at the top: nobody wins.")
        # Translators: club: a table's result as entered. {scores}: "Anna 15, Cem 9"; {verdict}: who won.
        text = i.gettext("Table {number}: {scores}. {verdict}")
        return text.format(number=result.table + 1, scores=self.scores(evening, result), verdict=verdict)

    def taken_back(self, evening: Evening, result: TableResult) -> str:
        # Translators: club: undo took back a table's result. {scores}: "Anna 15, Cem 9".
        text = self.i.gettext("Taken back: round {round}, table {number}: {scores}.")
        return text.format(
            round=result.round + 1, number=result.table + 1, scores=self.scores(evening, result)
        )

    def nothing_to_undo(self) -> str:
        # Translators: club: undo with no result entered.
        return self.i.gettext("Nothing to undo: no result has been entered.")

    # ------------------------------------------------------------ standings

    def standing_line(self, place: int, standing: Standing) -> str:
        """``1. Ayşe: 2 wins, +14 over the field, 45 points.`` (and the rounds sat out, if any)."""
        i = self.i
        # Translators: club standings: the number of matches won, first in a player's line.
        wins = i.ngettext("{count} win", "{count} wins", standing.wins).format(count=standing.wins)
        # Translators: club standings: points scored above the average of the field (e.g. "+14", "-3,5").
        field = i.gettext("{number} over the field").format(
            number=said_number(standing.over_the_field, i.language)
        )
        # Translators: club standings: all points scored in the evening's matches.
        points = i.ngettext("{count} point", "{count} points", standing.points).format(count=standing.points)
        facts = [wins, field, points]
        if standing.byes:
            # Translators: club standings: rounds the player sat out.
            sat = i.ngettext("sat out {count} round", "sat out {count} rounds", standing.byes)
            facts.append(sat.format(count=standing.byes))
        # Translators: one line of the club standings. {place} from 1, {facts}: "2 wins, +14 over the
        # field, 45 points".
        text = i.gettext("{place}. {name}: {facts}.")
        return text.format(place=place, name=self.names[standing.entrant], facts=", ".join(facts))

    def standings_lines(self, evening: Evening) -> list[str]:
        i = self.i
        done = sum(1 for paired in evening.rounds if not _open(evening, paired))
        if evening.is_over:
            # Translators: club: the heading of the standings when every round is played.
            title = i.gettext("Final standings:")
        elif done == 0:
            # Translators: club: the heading of the standings before any round is finished.
            title = i.gettext("Standings before the first round is finished:")
        else:
            # Translators: club: the heading of the standings after a round. {number} counts from 1.
            title = i.gettext("Standings after round {number}:").format(number=done)
        table = evening.standings()
        return [title, *(self.standing_line(place, s) for place, s in enumerate(table, start=1))]

    def lines(self, lines: Sequence[str]) -> Message:
        return Message("\n".join(lines), " ".join(lines), "\n".join(lines), urgent=True)

    def over(self) -> str:
        # Translators: club: the last result is in; the final standings follow. {export}, {quit} are the
        # director's command words.
        text = self.i.gettext("The evening is over. {export} writes it as text and CSV; {quit} leaves.")
        return text.format(export=self.word(CommandKind.EXPORT), quit=self.word(CommandKind.QUIT))

    # ------------------------------------------------------------ refusals

    def example(self, evening: Evening) -> str:
        """A result line for the first table still waiting: ``1 15 9``."""
        tables = evening.waiting() or [0]
        numbers = [15] + [9] * (evening.sides_per_table - 1)
        return " ".join(str(n) for n in [tables[0] + 1, *numbers])

    def not_a_result(self, line: str, evening: Evening) -> str:
        # Translators: club: a line that is neither a result nor a command. {line} is what was typed,
        # {example} a result line ("1 15 9": table 1, then the final scores), {help} the help command word.
        text = self.i.gettext(
            "“{line}” is not a result. Type a table's number, then its final scores in the order the "
            "table was announced, like {example}; {help} lists the commands."
        )
        return text.format(line=line, example=self.example(evening), help=self.word(CommandKind.HELP))

    def refused(self, problem: ResultProblem, evening: Evening, table: int) -> str:
        """Why a result is not taken, and what is possible (the words are ``refusals.RESULT_WORDS``)."""
        i = self.i
        current = evening.current
        facts: dict[str, object] = {
            "round": current.number + 1,
            "number": table + 1,
            "count": len(current.tables),
            "most": MOST_POINTS,
            "sides": evening.sides_per_table,
            **{kind.value: self.word(kind) for kind in _REFUSAL_WORDS},
        }
        result = evening.result_of(current.number, table) if 0 <= table < len(current.tables) else None
        facts["scores"] = self.scores(evening, result) if result is not None else ""
        if 0 <= table < len(current.tables):
            seats = current.tables[table]
            if evening.fmt.partners:
                # Translators: club: two partners, within "… in this order: Anna and Jürgen, Cem and Mia."
                side = i.gettext("{one} and {other}")
                pairs = (
                    side.format(one=self.names[seats[s]], other=self.names[seats[s + 2]]) for s in (0, 1)
                )
                facts["order"] = ", ".join(pairs)
            else:
                facts["order"] = self._names(seats)
        return result_refused(i, problem, facts)

    # ------------------------------------------------------------ a result from a keep sheet

    def sheet_usage(self) -> str:
        # Translators: club: how to take a table's result from its bergen keep score sheet. {sheet} is the
        # command word; keep.jsonl is the sheet's file name (do not translate it).
        text = self.i.gettext(
            "Type {sheet} and a table's number: {sheet} 2 takes table 2's final scores from the score sheet "
            "of bergen keep in this data folder; {sheet} 2 FILE from a sheet copied elsewhere (keep.jsonl)."
        )
        return text.format(sheet=self.word(CommandKind.SHEET))

    def no_sheet(self, path: str) -> str:
        # Translators: club: there is no bergen keep score sheet at this path.
        return self.i.gettext("There is no score sheet at {path}.").format(path=path)

    def sheet_unreadable(self, path: str, reason: str) -> str:
        # Translators: club: a bergen keep score sheet could not be read. {reason} says why.
        return self.i.gettext("The score sheet {path} could not be read ({reason}).").format(
            path=path, reason=reason
        )

    def sheet_of_others(self, table: int, names: Sequence[str], evening: Evening) -> str:
        seats = evening.current.tables[table]
        # Translators: club: the score sheet's players are not the table's (with partners: not its
        # partnerships). {names} and {players}: "Anna, Cem".
        text = self.i.gettext(
            "That score sheet is of {names}; table {number} is {players}. Nothing was entered."
        )
        return text.format(names=", ".join(names), number=table + 1, players=self._names(seats))

    def sheet_not_over(self, names: Sequence[str], scores: Sequence[int], partners: bool) -> str:
        sides = 2 if partners else len(names)
        said = ", ".join(f"{names[side]} {scores[side]}" for side in range(sides))
        # Translators: club: the match on the score sheet is still going on. {scores}: "Anna 7, Cem 9".
        text = self.i.gettext(
            "The match on that score sheet is not over: {scores}. If it ended early, type the final scores."
        )
        return text.format(scores=said)

    # ------------------------------------------------------------ prompts, help, leaving

    def prompt(self, evening: Evening) -> Prompt:
        i = self.i
        if evening.is_over:
            # Translators: club: the prompt when the evening is over (a screen reader says it before
            # every line; keep it short).
            return Prompt.same(i.gettext("Evening over: "))
        number = evening.current.number + 1
        waiting = evening.waiting()
        tables = ",".join(str(t + 1) for t in waiting)
        # Translators: club: the prompt with its facts: the round and the tables still to come ("1,3": short
        # for a braille line).
        facts = i.ngettext(
            "Round {number}, table {tables}> ", "Round {number}, tables {tables}> ", len(waiting)
        )
        facts = facts.format(number=number, tables=tables)
        # Translators: club: the short prompt a screen reader says before every line.
        return Prompt(facts, i.gettext("Round {number}: ").format(number=number))

    def help_lines(self, evening: Evening) -> list[str]:
        i = self.i
        word = {kind.value: self.word(kind) for kind in CommandKind if self.words.words_for(kind)}
        return [
            # Translators: club help: entering a result. {example} is a result line like "1 15 9".
            i.gettext(
                "A table's result: its number, then the final scores in the order the table was "
                "announced, like {example}."
            ).format(example=self.example(evening)),
            # Translators: club help: a result from a table's bergen keep score sheet. {sheet} is the
            # command word.
            i.gettext(
                "{sheet} 2: table 2's final scores from its bergen keep score sheet (in this data folder, "
                "or give the sheet's file)."
            ).format(**word),
            # Translators: club help. Every {…} is a command word of the director.
            i.gettext(
                "{tables}: this round's tables again; {standings}: the standings so far; {undo}: take back "
                "the last result; {export}: the evening as text and CSV."
            ).format(**word),
            # Translators: club help: settings and leaving. Every {…} is a command word.
            i.gettext(
                "{repeat}, {verbosity}, {speech}, {sounds}, {braille}, {language}; {quit} saves and leaves."
            ).format(**word),
        ]

    # ------------------------------------------------------------ the players

    def names_intro(self) -> str:
        # Translators: club: how the director enters the players, before the first name.
        return self.i.gettext(
            "Type each player's name on a line of its own, then an empty line when all are in."
        )

    def name_prompt(self, number: int) -> Prompt:
        # Translators: club: the prompt for the next player's name. {number} counts from 1.
        return Prompt.same(self.i.gettext("Player {number}: ").format(number=number))

    def name_taken(self, number: int, name: str) -> str:
        # Translators: club: a player's name was entered; {count} players are in now.
        text = self.i.ngettext("{name} is in: {count} player.", "{name} is in: {count} players.", number)
        return text.format(count=number, name=name)

    def name_refused(self, name: str, problem: NameProblem | None, most: int) -> str:
        """Why a name cannot be entered (``problem`` None: it is a command word)."""
        i = self.i
        if problem is NameProblem.TOO_LONG:
            # Translators: club: a player's name is too long. {most} is the number of characters allowed.
            text = i.gettext("“{name}” is longer than {most} characters; type a shorter name.")
        elif problem is not None:
            # Translators: club: a name must be one word of letters (digits, - ' . after the first letter).
            text = i.gettext("“{name}” must be one word that starts with a letter, e.g. Anna or Jean-Luc.")
        else:
            # Translators: club: a name is also a command word, so typing it would run the command.
            text = i.gettext("“{name}” is a command word; type another name.")
        return text.format(name=name, most=most)

    def name_twice(self, name: str) -> str:
        # Translators: club: the same name entered twice.
        return self.i.gettext("{name} is in already; every player needs a name of their own.").format(
            name=name
        )

    def too_few(self, size: int, count: int) -> str:
        # Translators: club: the empty line came before enough players were entered. {size} players per
        # table; {count} entered so far.
        text = self.i.ngettext(
            "Tables of {size} need at least {size} players; {count} is in. Type another name.",
            "Tables of {size} need at least {size} players; {count} are in. Type another name.",
            count,
        )
        return text.format(size=size, count=count)

    def exported(self, name: str, folder: str) -> str:
        return exported(self.i, name, folder)

    def goodbye(self, saved: bool) -> str:
        if not saved:
            # Translators: club: leaving when the evening could not be saved (a notice said why before).
            return self.i.gettext("Goodbye. This evening was not saved.")
        # Translators: club: leaving mid-evening; it is saved and offered again next time.
        return self.i.gettext("Evening saved. Run bergen club again to continue it. Goodbye.")

    def closed(self) -> str:
        # Translators: club: leaving after the last round.
        return self.i.gettext("The evening is over and closed. Goodbye.")

    def continue_question(self, evening: Evening) -> str:
        # Translators: club: offer to continue a saved evening. {round} is the round it is in.
        text = self.i.gettext("A saved club evening is waiting, in round {round}. Continue it? Yes or no.")
        return text.format(round=evening.current.number + 1)

    def started(self, evening: Evening) -> str:
        i = self.i
        fmt = evening.fmt
        # Translators: club: the evening's format, said when it starts. {players} players, {rounds}
        # rounds, {size} players per table.
        text = i.ngettext(
            "{players} players, {rounds} round, tables of {size}.",
            "{players} players, {rounds} rounds, tables of {size}.",
            fmt.rounds,
        )
        line = text.format(players=evening.entrants, rounds=fmt.rounds, size=fmt.table_size)
        if fmt.partners:
            # Translators: club: added to the format when partners play (partners change every round).
            line += " " + i.gettext("Partners sit opposite and change every round.")
        return line


def _open(evening: Evening, paired: Round) -> bool:
    done = {r.table for r in evening.results if r.round == paired.number}
    return len(done) < len(paired.tables)


def evening_text(text: ClubText, evening: Evening, when: str) -> str:
    """The evening as text: every round with its tables and results, then the standings."""
    i = text.i
    # Translators: club export: the first line of the text file. {when} is the date and time.
    lines = [i.gettext("Bergen club evening, {when}").format(when=when), text.started(evening), ""]
    for paired in evening.rounds:
        lines += text.round_lines(paired, evening.fmt.partners)
        for table in range(len(paired.tables)):
            result = evening.result_of(paired.number, table)
            if result is not None:
                lines.append(text.result_taken(evening, result))
        lines.append("")
    lines += text.standings_lines(evening)
    return "\n".join(lines) + "\n"


def evening_csv(text: ClubText, evening: Evening) -> str:
    """The standings as CSV, one row per player, best first."""
    import csv  # noqa: PLC0415 - only for an export
    import io  # noqa: PLC0415

    i = text.i
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            # Translators: club export: a CSV column heading (the standings): place.
            i.pgettext("club csv", "place"),
            # Translators: club export: a CSV column heading (the standings): name.
            i.pgettext("club csv", "name"),
            # Translators: club export: a CSV column heading (the standings): wins.
            i.pgettext("club csv", "wins"),
            # Translators: club export: a CSV column heading (the standings): over the field.
            i.pgettext("club csv", "over the field"),
            # Translators: club export: a CSV column heading (the standings): points.
            i.pgettext("club csv", "points"),
            # Translators: club export: a CSV column heading (the standings): matches.
            i.pgettext("club csv", "matches"),
            # Translators: club export: a CSV column heading (the standings): rounds sat out.
            i.pgettext("club csv", "rounds sat out"),
        ]
    )
    for place, standing in enumerate(evening.standings(), start=1):
        field = f"{float(standing.over_the_field):.2f}"
        writer.writerow(
            [
                place,
                text.names[standing.entrant],
                standing.wins,
                field,
                standing.points,
                standing.played,
                standing.byes,
            ]
        )
    return out.getvalue()
