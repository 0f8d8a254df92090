"""Answers to what the player did: refusals that say what is legal, questions, confirmations."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..commands.lexicon import speech_mode_names, verbosity_names
from ..core.actions import End
from ..core.tiles import Tile
from ..core.view import SeatView
from . import codes
from .message import Cue, Message, joined
from .narrator import Narrator
from .options import OptionWords, choices
from .replying import Replying


class Feedback(Replying):
    """Short replies; each is one urgent message."""

    def __init__(self, narrator: Narrator, *, remembers: bool = True) -> None:
        super().__init__(narrator)
        self.remembers = remembers  # changed settings are kept for the next games (not at a network seat)

    def ask_end(
        self,
        tile: Tile,
        ends: Sequence[int] = (),
        shown: Sequence[int] = (),
        doubles: Sequence[bool] = (),
    ) -> Message:
        """The tile fits more than one end: ask which, never choose. With arms, list them with their ends
        (``shown`` and ``doubles``: the number at each open end, and whether its tile is a double)."""
        w, i = self.narrator.words, self.narrator.words.i18n
        if w.many_arms:

            def listed(speech: bool) -> str:
                return ", ".join(
                    # Translators: one arm a tile fits, with the number at its end, in the question
                    # "3-5 fits arm 1 (5), arm 3 (double 3). Which arm?"
                    i.gettext("{arm} ({number})").format(
                        arm=w.end_word(e), number=w.end_number(shown[e], doubles[e], speech)
                    )
                    for e in ends
                )

            asked = self._say(
                # Translators: larger sets: the tile fits several arms; the player must choose, never chosen
                # for them. {places} lists the arms with their ends, e.g. "arm 1 (5), arm 3 (double 3)".
                lambda speech: i.gettext("{tile} fits {places}. Which arm?").format(
                    tile=w.tile(tile, speech), places=listed(speech)
                ),
                w.which_end(tile, ends),
            )
            return replace(asked, pick=True)
        return replace(
            self._say(
                # Translators: the tile fits both ends; the player must choose. Never chosen for them.
                lambda speech: i.gettext("{tile} fits both ends: left or right?").format(
                    tile=w.tile(tile, speech)
                ),
                w.which_end(tile, (End.LEFT, End.RIGHT)),
            ),
            pick=True,  # on a braille display a routing key over an end's letter answers
        )

    def drew(self, tiles: Sequence[Tile], view: SeatView) -> Message:
        """The tiles drawn, then what can be done now (from the legal actions, never a guess)."""
        w, i = self.narrator.words, self.narrator.words.i18n
        options = OptionWords(self.narrator)
        choice = choices(view)
        playable = {tile: ends for tile, ends in choice.plays}
        fitting = [t for t in tiles if t in playable]
        fits = fitting[-1] if fitting else None
        offered = choice.offered(tiles)

        def said(speech: bool) -> str:
            text = self.narrator.own_draws(tiles, speech)
            if fits is not None:
                where = options.marked_words(choice.lone_double, playable[fits])
                # Translators: after drawing: the tile that fits and where, e.g. "1-6 fits: right.",
                # "1-6 fits: left or right." or, beside the lone opening double, "1-6 fits: either side."
                fitting = i.gettext("{tile} fits: {ends}.")
                text += " " + fitting.format(tile=w.tile(fits, speech), ends=where)
                if offered is not None and offered.tile == fits:
                    # Translators: after drawing, the drawn tile is the only legal play: Enter plays it.
                    text += " " + i.gettext("Enter plays it.")
                return text
            if choice.plays:
                # Translators: after a voluntary draw (DominoPlaza) when the drawn tile does not fit.
                text += " " + i.gettext("It does not fit.")
            return text + " " + options.sentence(choice, speech, reason=False)  # the turn line said why

        now = f"{fits}{w.fit_letters(playable[fits])}" if fits is not None else options.braille(choice)
        return replace(self._options(said, codes.drawn(w.tiles(tiles), now)), cue=Cue.DRAW)

    def hand_not_over(self) -> Message:
        i = self.narrator.words.i18n
        # Translators: the player asked for the next hand while the hand is still being played.
        return self.plain(i.gettext("The hand is still being played."))

    def saved(self) -> Message:
        i = self.narrator.words.i18n
        # Translators: reply to the save command.
        return self.plain(i.gettext("Match saved."))

    def goodbye(self, saved: bool = True) -> Message:
        i = self.narrator.words.i18n
        if not saved:
            # Translators: on leaving the game when the match could not be saved (see the notice before).
            return self.plain(i.gettext("Goodbye. This match was not saved."))
        # Translators: on leaving the game; the match is saved and offered again next time.
        return self.plain(i.gettext("Match saved. Run bergen again to continue it. Goodbye."))

    def another_match(self) -> Message:
        i = self.narrator.words.i18n
        # Translators: after a match is over: offer another with the same options.
        text = i.gettext("Another match with the same options? Yes or no.")
        return Message(text, text, text)  # follows the end of the match; interrupts nothing

    def goodbye_after_match(self) -> Message:
        i = self.narrator.words.i18n
        # Translators: leaving after the match is over (nothing is left to save).
        return self.plain(i.gettext("Thank you for playing. Goodbye."))  # answers "no"

    def resumed(self, last: Message | None = None) -> Message:
        i = self.narrator.words.i18n
        if last is None:
            # Translators: a saved match was loaded and continues.
            return self.plain(i.gettext("The saved match continues."))
        # Translators: a saved match was loaded and continues; {last} is the last announcement before
        # it was left, e.g. "Anna plays 3-5 on the left. Ends 3 and 6."
        text = i.gettext("The saved match continues. Last: {last}")
        return Message(
            text.format(last=last.text), text.format(last=last.speech), f"> {last.braille}", urgent=True
        )

    def verbosity(self, level: str) -> Message:
        i = self.narrator.words.i18n
        # Translators: reply to the verbosity command. {level} is terse, normal or verbose.
        text = i.gettext("Verbosity: {level}.").format(level=verbosity_names(i)[level])
        return self.plain(joined(text, self.kept_for_next_time()))

    def kept_for_next_time(self) -> str:
        """That a changed setting holds for the next games too ("" where nothing is remembered)."""
        if not self.remembers:
            return ""
        # Translators: after a change of verbosity, language, sounds or braille during play: it is remembered.
        return self.narrator.words.i18n.gettext("Kept for your next games too.")

    def verbosity_usage(self, level: str) -> Message:
        i = self.narrator.words.i18n
        return self.plain(
            # Translators: the verbosity command needs terse, normal or verbose. {level} is the current one.
            i.gettext("Verbosity is {level}. Choose {choices}.").format(
                level=verbosity_names(i)[level], choices=", ".join(verbosity_names(i).values())
            )
        )

    def speech(self, mode: str) -> Message:
        i = self.narrator.words.i18n
        # Translators: reply to the speech command. {mode} is off, screenreader or voice.
        return self.plain(i.gettext("Speech: {mode}.").format(mode=speech_mode_names(i)[mode]))

    def speech_usage(self, mode: str) -> Message:
        i = self.narrator.words.i18n
        # Translators: the speech command needs off, screenreader or voice. {mode} is the current one.
        text = i.gettext("Speech is {mode}. Choose {choices}.")
        names = speech_mode_names(i)
        return self.plain(text.format(mode=names.get(mode, mode), choices=", ".join(names.values())))

    def sounds(self, on: bool) -> Message:
        i = self.narrator.words.i18n
        said = {
            # Translators: reply to "sounds on": the sound cues play from now on.
            True: i.gettext("Sounds on."),
            # Translators: reply to "sounds off".
            False: i.gettext("Sounds off."),
        }
        return self.plain(joined(said[on], self.kept_for_next_time()))

    def sounds_usage(self, on: bool) -> Message:
        i = self.narrator.words.i18n
        now = i.pgettext("speech mode", "on") if on else i.pgettext("speech mode", "off")
        word = i.pgettext("command", "sounds").split()[0]
        # Translators: the sounds command needs on or off. {now} is the current state, {word} the sounds
        # command word, {on} {off} the words for on and off.
        text = i.gettext("Sounds are {now}. Type {word} {on} or {word} {off}.")
        on_word, off_word = i.pgettext("speech mode", "on"), i.pgettext("speech mode", "off")
        return self.plain(text.format(now=now, word=word, on=on_word, off=off_word))

    def sounds_failed(self, reason: str) -> Message:
        from . import notices  # noqa: PLC0415 - notices needs no narrator; one sentence, one place

        return notices.sounds_unavailable(self.narrator.words.i18n, reason)

    def language_usage(self, language: str) -> Message:
        i = self.narrator.words.i18n
        return self.plain(
            # Translators: the language command needs de, tr or en. {language} is the current one.
            i.gettext("The language is {language}. Choose de, tr or en.").format(language=language)
        )

    def language(self) -> Message:
        i = self.narrator.words.i18n
        # Translators: reply after switching to this language; say the language's own name.
        said = i.gettext("Language: English.")
        return self.plain(joined(said, self.kept_for_next_time()))

    def history(self, messages: Sequence[Message]) -> Message:
        i = self.narrator.words.i18n
        if not messages:
            # Translators: reply to history when nothing has happened yet.
            return self.plain(i.gettext("Nothing has happened yet."))
        return Message(
            text="\n".join(m.text for m in messages),
            speech=" ".join(m.speech for m in messages),
            braille="\n".join(m.braille for m in messages),
            urgent=True,
        )

    def lines(self, lines: Sequence[str]) -> Message:
        """Several finished lines as one reply (rules, help)."""
        speech = self.narrator.words.speakable(" ".join(lines))
        return Message(text="\n".join(lines), speech=speech, braille="\n".join(lines), urgent=True)

    def commands(self, lines: Sequence[str]) -> Message:
        """The help's lines, whose command words a braille display's routing key runs."""
        return replace(self.lines(lines), pick=True)
