"""The guide's words in ``bergen learn``: what to do next, why a move was refused, and one plain
explanation per rule, said after the game's own message for the move that showed it.

Each explanation has a braille-sized form, which the terse verbosity prints.
"""

from __future__ import annotations

from ..commands.lexicon import CommandKind, Lexicon
from ..core.actions import Action, Draw, End, Play
from ..core.lessons import Lesson
from ..core.rules import Rules
from ..core.tiles import Tile
from .message import Message
from .narrator import Narrator


class LessonWords:
    """The guide's sentences in the player's language."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator
        self.i = narrator.words.i18n
        self.lexicon = Lexicon(self.i)

    @property
    def rules(self) -> Rules:
        """The rules of the part being played: every number the guide names comes from them."""
        return self.narrator.words.rules

    def _say(self, text: str, braille: str | None = None) -> Message:
        return self.narrator.message(
            lambda speech: text, braille if braille is not None else text, urgent=True
        )

    # ------------------------------------------------------------------ the parts

    def welcome(self, parts: int, quit_word: str, hint_word: str) -> Message:
        # Translators: bergen learn, the first line. {parts} is the number of short parts (3); {hint} and
        # {quit} are the command words.
        text = self.i.gettext(
            "Guided practice in {parts} short parts. You make every move; {hint} names the move, "
            "{quit} leaves. Nothing is saved."
        )
        return self._say(text.format(parts=parts, hint=hint_word, quit=quit_word))

    def part(self, number: int, parts: int, lesson: Lesson, scores: tuple[int, ...]) -> Message:
        i = self.i
        if lesson is Lesson.COUNTERS:
            # Translators: bergen learn, the start of the counters part. {number} of {parts}; {you} and
            # {other} are the counters each player still holds.
            text = i.gettext(
                "Part {number} of {parts}: the counter game. You hold {you} counters, Anna {other}."
            )
        elif lesson is Lesson.BLOCKED:
            # Translators: bergen learn, the start of the part with a blocked hand. {you} and {other} are
            # the points the player and Anna have.
            text = i.gettext(
                "Part {number} of {parts}: a hand in which nobody can go out. "
                "You have {you} points, Anna {other}."
            )
        else:
            # Translators: bergen learn, the start of the first part. {you} and {other} are the points the
            # player and Anna start from; the first to {target} points wins.
            text = i.gettext(
                "Part {number} of {parts}: one hand against Anna. "
                "You have {you} points, Anna {other}; the first to {target} wins."
            )
        target = self.rules.target_score
        you, other = (target - s for s in scores) if lesson is Lesson.COUNTERS else scores
        return self._say(text.format(number=number, parts=parts, you=you, other=other, target=target))

    def next_part(self) -> Message:
        # Translators: bergen learn, between two parts.
        return self._say(self.i.gettext("Press Enter for the next part."))

    def finished(self) -> Message:
        # Translators: bergen learn, the last line. Keep "bergen" and "bergen learn" (the commands).
        text = self.i.gettext(
            "Practice done. Type bergen to play a match, or bergen learn to practise again."
        )
        return self._say(text)

    def left(self) -> Message:
        # Translators: bergen learn, the player left the practice (quit). Nothing was saved.
        text = self.i.gettext("You left the practice. Nothing was saved; your own match is untouched.")
        return self._say(text)

    def no_coach(self, hint_word: str) -> Message:
        # Translators: bergen learn, the answer to "coach": the practice has no coach; the guide gives the
        # move. {hint} is the hint command word.
        text = self.i.gettext("In the practice the guide is your coach: {hint} names the move.")
        return self._say(text.format(hint=hint_word))

    def not_saved(self) -> Message:
        # Translators: bergen learn, the answer to "save".
        return self._say(self.i.gettext("The practice is never saved; your own match is untouched."))

    # ------------------------------------------------------------------ moves

    def move(self, action: Action) -> str:
        """The move as the player would type it (the command words): ``2-3 right``, ``draw``, ``pass``."""
        if isinstance(action, Play):
            return f"{action.tile.notation} {self.lexicon.end_word(End(action.end))}"
        return self.lexicon.main_word(CommandKind.DRAW if isinstance(action, Draw) else CommandKind.PASS)

    def task(self, lesson: Lesson | None, action: Action) -> Message:
        """What to do now: the rule's question, or for a move that shows no rule, the move itself."""
        i = self.i
        if lesson is Lesson.DOUBLE_HEADER:
            # Translators: bergen learn, a task: find the play that makes a double header.
            text = i.gettext("Your task: make both open ends show the same number.")
        elif lesson is Lesson.TRIPLE_HEADER:
            # Translators: bergen learn, a task: find the play that makes a triple header.
            text = i.gettext("Your task: make both ends show the number of the double at the other end.")
        elif lesson is Lesson.DRAW_UNTIL_FITS:
            # Translators: bergen learn, a task: nothing fits, the player must draw.
            text = i.gettext("Your task: none of your tiles fits. What now?")
        elif lesson is Lesson.REDUCED:
            # Translators: bergen learn, a task: a header near the target. {target} the points that win.
            text = i.gettext("Your task: make both ends equal again, with 13 points of {target}.").format(
                target=self.rules.target_score
            )
        elif lesson is Lesson.NEVER_DRAWN:
            # Translators: bergen learn, a task: nothing fits and only the two reserved tiles are left.
            text = i.gettext("Your task: nothing fits, and the stock holds 2 tiles. What now?")
        elif lesson is Lesson.GOING_OUT:
            # Translators: bergen learn, a task: lay the last tile.
            text = i.gettext("Your task: lay your last tile.")
        elif lesson is Lesson.COUNTERS:
            # Translators: bergen learn, a task in the counter game: make a header.
            text = i.gettext("Your task: make both ends equal; a header discards counters here.")
        else:
            # Translators: bergen learn, a move that shows no new rule: the move to make, e.g. "0-3 left".
            text = i.gettext("Next move: {move}.").format(move=self.move(action))
        return self._say(text)

    def opening_task(self) -> Message:
        # Translators: bergen learn, the first task, right after the deal: the player holds the double
        # that opens and types it (in a match the game lays it by itself).
        text = self.i.gettext("Your task: which of your tiles opens this hand? Type it.")
        return self._say(text)

    def not_the_opening(self, tile: Tile) -> Message:
        """A tile held that does not open (a higher double, or no double at all): why not."""
        if tile.is_double:
            # Translators: bergen learn, the player chose a double that is not the lowest dealt. {tile}
            # e.g. "3-3".
            text = self.i.gettext("{tile} does not open: the lowest double dealt opens the hand.")
        else:
            # Translators: bergen learn, the player chose a tile that is not a double. {tile} e.g. "2-3".
            text = self.i.gettext("{tile} does not open: only a double opens, the lowest one dealt.")
        return self._say(text.format(tile=tile.notation))

    def opening_hint(self, tile: Tile) -> Message:
        # Translators: bergen learn, the answer to hint before the opening: the double that opens, e.g.
        # "0-0".
        return self._say(self.i.gettext("Hint: {move}.").format(move=tile.notation))

    def hint(self, action: Action) -> Message:
        # Translators: bergen learn, the answer to hint: the move the practice asks for, e.g. "2-3 right".
        return self._say(self.i.gettext("Hint: {move}.").format(move=self.move(action)))

    def try_again(self, task: Message) -> Message:
        """After a refused move (the game said why): nothing changed, the task again."""
        # Translators: bergen learn, after a refused move: nothing changed; {task} is the task again.
        text = self.i.gettext("Nothing changed. {task}")
        return self._say(text.format(task=task.text), text.format(task=task.braille))

    def other_move(self, legal: Action, task: Message) -> Message:
        """A legal move that is not the one the practice needs: not made."""
        # Translators: bergen learn, the player made a legal move the practice does not need; it is not
        # made. {move} e.g. "3-3 left"; {task} is the task again.
        text = self.i.gettext("{move} is allowed, but it does not show this rule. {task}")
        return self._say(text.format(move=self.move(legal), task=task.text))

    # ------------------------------------------------------------------ the rules

    def explain(self, lesson: Lesson) -> Message:
        """The plain explanation of a rule, said once, right after it happened."""
        i = self.i
        if lesson is Lesson.OPENING:
            # Translators: bergen learn, the explanation of the opening (rules 5 and 6).
            text = i.gettext(
                "Why: the lowest double dealt opens; in a match the game lays it for its holder. It counts "
                "as a double header, 2 points."
            )
            # Translators: bergen learn, the same in a braille line (about 40 cells).
            short = i.gettext("Lowest double opens: +2")
        elif lesson is Lesson.DOUBLE_HEADER:
            # Translators: bergen learn, the explanation of a double header.
            text = i.gettext("Why: both open ends show the same number, a double header: 2 points.")
            # Translators: bergen learn, the same in a braille line (about 40 cells).
            short = i.gettext("Ends equal: double header +2")
        elif lesson is Lesson.TRIPLE_HEADER:
            # Translators: bergen learn, the explanation of a triple header.
            text = i.gettext(
                "Why: both ends show the same number and one end tile is a double, a triple header: 3 points."
            )
            # Translators: bergen learn, the same in a braille line (about 40 cells).
            short = i.gettext("Ends equal, one a double: +3")
        elif lesson is Lesson.DRAW_UNTIL_FITS:
            # Translators: bergen learn, the explanation of drawing (rules 8 and 9).
            text = i.gettext(
                "Why: who cannot play draws, one tile at a time, until a tile fits, and then plays it."
            )
            # Translators: bergen learn, the same in a braille line (about 40 cells).
            short = i.gettext("No fit: draw until one fits")
        elif lesson is Lesson.REDUCED:
            # Translators: bergen learn, the explanation of the reduction near the target (rule 12).
            text = i.gettext(
                "Why: near the target a header is worth less. Needing 2 or less it scores 1, needing 3 at "
                "most 2."
            )
            # Translators: bergen learn, the same in a braille line (about 40 cells).
            short = i.gettext("Need 2 or less: header +1")
        elif lesson is Lesson.NEVER_DRAWN:
            # Translators: bergen learn, the explanation of the two reserved stock tiles (rule 3).
            text = i.gettext(
                "Why: the last two tiles of the stock are never drawn; when nothing fits, you pass."
            )
            # Translators: bergen learn, the same in a braille line (about 40 cells).
            short = i.gettext("Last 2 stock tiles: never drawn")
        elif lesson is Lesson.GOING_OUT:
            # Translators: bergen learn, the explanation of going out (rules 13 and 16). {points} what
            # going out scores, {target} the points that win.
            text = i.gettext(
                "Why: laying your last tile scores {points} and ends the hand; "
                "reaching {target} wins at once."
            ).format(points=self.rules.going_out, target=self.rules.target_score)
            # Translators: bergen learn, the same in a braille line (about 40 cells). {points} e.g. 2.
            short = i.gettext("Last tile: +{points}, hand over").format(points=self.rules.going_out)
        elif lesson is Lesson.BLOCKED:
            # Translators: bergen learn, the explanation of a blocked hand (rule 14, the German rule).
            text = i.gettext(
                "Why: nobody can play or draw, so the hand is blocked. The German rule: fewer doubles win "
                "2 points; with equal doubles, fewer pips."
            )
            # Translators: bergen learn, the same in a braille line (about 40 cells).
            short = i.gettext("Blocked: fewer doubles +2")
        else:
            # Translators: bergen learn, the explanation of the counter game's tally (seed 003). {two}
            # the counters each side starts with when two sides play (two players, or two partnerships),
            # {more} with three or four players each for themselves; {double} what a double header discards.
            text = i.gettext(
                "Why: in the counter game each side starts with {two} counters ({more} when three or four "
                "play alone) and discards them: a double header {double}, or 1 when holding 1 or 2. "
                "None left wins."
            ).format(
                two=self.rules.with_options(players=2, partnerships=False).target_score,
                more=self.rules.with_options(players=3, partnerships=False).target_score,
                double=self.rules.double_header,
            )
            # Translators: bergen learn, the same in a braille line (about 40 cells).
            short = i.gettext("Counters: header discards; 0 wins")
        return self._say(text, short)
