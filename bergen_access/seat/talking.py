"""The commands that change how the game talks (verbosity, speech, language), shared by game and scorekeeper.

Each change is announced in the new way and remembered in the settings file.
"""

from __future__ import annotations

from typing import Any

from ..commands.definitions import CommandKind, handler_of
from ..commands.lexicon import Lexicon
from ..i18n import LANGUAGES, I18n, normalize_language
from ..output.announcer import Announcer
from ..present import notices
from ..present.feedback import Feedback
from ..present.message import Message, Verbosity
from ..present.narrator import Narrator
from .session import QuitGame, Session


class Talking:
    """Mixin: the commands the game's seat and the score sheet carry out alike (the settings, repeat,
    save, quit)."""

    i18n: I18n
    verbosity: Verbosity
    narrator: Narrator
    feedback: Feedback
    announcer: Announcer
    session: Session
    _spoken_before = "screenreader"  # what "speech on" returns to

    def say(self, message: Message) -> None:
        raise NotImplementedError

    def set_language(self, language: str) -> None:
        raise NotImplementedError

    @property
    def command_words(self) -> Lexicon:
        raise NotImplementedError

    def run_command(self, kind: CommandKind, command: Any) -> None:
        """Carry out a parsed command through its handler, named by the command table (``on_hand``…)."""
        getattr(self, handler_of(kind))(command)

    def repeat(self) -> None:
        raise NotImplementedError

    def save(self) -> None:
        raise NotImplementedError

    def on_save(self, command: Any) -> None:
        refusal = notices.why_not_saved(self.i18n, self.session.storage)
        if refusal is not None:
            self.say(refusal)
            return
        self.save()
        self.say(self.feedback.saved())

    def on_quit(self, command: Any) -> None:
        raise QuitGame

    # the settings commands, alike in the game and the scorekeeper
    def on_repeat(self, command: Any) -> None:
        self.repeat()

    def on_verbosity(self, command: Any) -> None:
        self.change_verbosity(command.argument)

    def on_speech(self, command: Any) -> None:
        self.change_speech(command.argument)

    def on_sounds(self, command: Any) -> None:
        self.change_sounds(command.argument)

    def on_braille(self, command: Any) -> None:
        self.change_braille(command.argument)

    def on_newest(self, command: Any) -> None:
        """The braille display to its newest line (the rest of a long answer left); without one, say so."""
        display = self.announcer.braille
        if display is None:
            self.say(notices.braille_state(self.i18n, None))
            return
        self.say(notices.newest_shown(self.i18n))  # nothing added to the display: it answers by moving
        display.newest()

    def on_language(self, command: Any) -> None:
        self.change_language(command.argument)

    def change_verbosity(self, argument: str) -> None:
        level = self.command_words.verbosity(argument) if argument else None
        if level is None:
            self.say(self.feedback.verbosity_usage(self.verbosity.value))
            return
        self.verbosity = Verbosity(level)
        self.narrator.verbosity = self.verbosity
        self.announcer.terse = self.verbosity is Verbosity.TERSE
        self.remember(verbosity=level)
        self.say(self.feedback.verbosity(level))

    def change_speech(self, argument: str) -> None:
        mode = self.command_words.speech_mode(argument) if argument else None
        if mode == "on":  # as it speaks now, or the way it spoke before it was turned off
            current = self.session.speech_mode
            mode = current if current != "off" else self._spoken_before
        if mode is None:
            self.say(self.feedback.speech_usage(self.session.speech_mode))
            return
        if self.session.speech_mode != "off":
            self._spoken_before = self.session.speech_mode
        self.session.speech_mode = mode
        self.announcer.set_speaker(self.session.open_speaker(mode))
        self.remember(speech=mode)
        self.say(self.feedback.speech(mode))

    def change_sounds(self, argument: str) -> None:
        """``sounds on`` or ``sounds off``: the cues beside the text; remembered."""
        choice = self.command_words.speech_mode(argument) if argument else None
        if choice not in ("on", "off"):
            self.say(self.feedback.sounds_usage(self.announcer.sounds is not None))
            return
        if choice == "off":
            self.announcer.set_sounds(None)
        elif self.announcer.sounds is None:
            player, failure = self.session.open_sounds()
            if player is None:
                self.say(self.feedback.sounds_failed(failure or ""))
                return
            self.announcer.set_sounds(player)
        self.remember(sounds=choice)
        self.say(self.feedback.sounds(choice == "on"))

    def change_braille(self, argument: str) -> None:
        """``braille on`` or ``braille off``: the display of our own through BRLTTY, remembered; bare, it
        says which."""
        choice = self.command_words.speech_mode(argument) if argument else None
        announcer = self.announcer
        if choice == "off":
            announcer.set_braille(None)
        elif choice == "on" and announcer.braille is None:
            display, failure = self.session.open_braille()
            if display is None:
                self.say(notices.no_braille(self.i18n, failure or ""))
                return
            announcer.set_braille(display)
        shown = announcer.braille
        kept = ""
        if choice in ("on", "off"):
            # "on" is kept as auto: next time the display is taken when BRLTTY answers, quietly otherwise
            self.remember(braille="auto" if choice == "on" else "off")
            kept = self.feedback.kept_for_next_time()
        self.say(notices.braille_state(self.i18n, shown.width if shown is not None else None, kept))

    def change_language(self, argument: str) -> None:
        language = normalize_language(argument)
        if language is None or language not in LANGUAGES:
            self.say(self.feedback.language_usage(self.i18n.language))
            return
        self.set_language(language)
        self.remember(language=language)
        self.say(self.feedback.language())

    def remember(self, **values: object) -> None:
        settings = self.session.settings
        for key, value in values.items():
            setattr(settings, key, value)
        self.session.save_settings()
