"""What the player hears when something from outside is not right: a refused line, a damaged file,
a folder that cannot be written, a second copy of the program, an export that would go astray.

Each is one sentence: what was wrong, that nothing changed (or what the
program did instead), and what is possible. Game, scorekeeper and the
questions before them all use these, so the same trouble sounds the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..boundary import shown, visible
from ..commands.lexicon import CommandKind, Lexicon
from ..i18n import I18n
from ..session.storage import NoticeKind, Storage, StorageNotice
from ..session.untrusted import FileProblem
from ..system import System
from ..system import current as current_system
from .message import Message, joined, notice
from .news import ChannelKind, ChannelNews, NewsKind
from .refusals import file_reason


def storage_notice(i: I18n, told: StorageNotice) -> Message:
    """Saving stopped working, or works again."""
    if told.kind is NoticeKind.SAVING_AGAIN:
        # Translators: saving had failed and now works again. {where} is the folder.
        return notice(i.gettext("Saving works again, in {where}.").format(where=told.where))
    if not told.where:
        # Translators: no home folder was found, so neither the match nor the settings can be saved.
        return notice(i.gettext("Nothing can be saved: no home folder was found. Everything else works."))
    if told.settings:
        # Translators: the settings cannot be saved: their folder cannot be written. {where} is the folder,
        # {reason} the system's reason in English. Changed settings last until the program ends.
        text = i.gettext("Settings cannot be saved in {where} ({reason}); changes last until you leave.")
        return notice(text.format(where=told.where, reason=told.reason))
    # Translators: nothing can be saved: the folder cannot be written. {where} is the folder,
    # {reason} the system's reason in English (e.g. "Read-only file system"). The game goes on.
    text = i.gettext("Cannot save in {where} ({reason}). Everything goes on, but nothing is saved.")
    return notice(text.format(where=told.where, reason=told.reason))


def torn_journal(i: I18n, path: str) -> Message:
    """A resumed match (or a server's table) whose last write was cut short (a kill, a power cut):
    that write is not kept."""
    # Translators: a saved match's last write was cut short (the program was stopped while saving).
    # That unfinished part is dropped; the match goes on from the last move saved whole. {path} is the file.
    text = i.gettext("A match's last save was cut short and is left out ({path}); it goes on from there.")
    return notice(text.format(path=path))


def torn_sheet(i: I18n, path: str) -> Message:
    """A resumed score sheet whose last write was cut short (a kill, a power cut): that write is not kept."""
    # Translators: a saved score sheet's last write was cut short (the program was stopped while saving).
    # That unfinished part is dropped; the sheet goes on from the last entry saved whole. {path} is the file.
    text = i.gettext(
        "A score sheet's last save was cut short and is left out ({path}); it goes on from there."
    )
    return notice(text.format(path=path))


def why_not_saved(i: I18n, storage: Storage | None) -> Message | None:
    """The answer to ``save`` when nothing can be saved (None when it can)."""
    if storage is None or storage.folder is None:
        # Translators: reply to save when there is no folder to save in (no home folder).
        return notice(i.gettext("Nothing can be saved: there is no data folder."))
    if not storage.enabled:
        return notice(not_saving(i))
    if storage.problem is not None:
        return storage_notice(i, StorageNotice(NoticeKind.CANNOT_SAVE, str(storage.folder), storage.problem))
    return None


def file_problem(i: I18n, what: str, problem: FileProblem) -> Message:
    """One sentence about a damaged file: what, why, where it is kept, what happens now."""
    reason = file_reason(i, problem.code, problem.detail)
    values = {"reason": reason, "path": str(problem.kept or problem.path)}
    if what == "match" and problem.kept is not None:
        # Translators: the saved match could not be used and was moved aside. {reason} says why,
        # {path} is where it is kept now.
        text = i.gettext(
            "The saved match could not be used ({reason}). It was kept as {path}; a new match starts."
        )
    elif what == "match":
        # Translators: the saved match could not be used and could not be moved aside either.
        text = i.gettext("The saved match could not be used ({reason}) and stays where it is: {path}.")
    elif what == "sheet" and problem.kept is not None:
        # Translators: the scorekeeper's saved score sheet could not be used and was moved aside.
        text = i.gettext(
            "The saved score sheet could not be used ({reason}). It was kept as {path}; a new sheet starts."
        )
    elif what == "sheet":
        # Translators: the saved score sheet could not be used and could not be moved aside either.
        text = i.gettext("The saved score sheet could not be used ({reason}) and stays where it is: {path}.")
    elif what == "club" and problem.kept is not None:
        # Translators: bergen club: the saved evening could not be used and was moved aside.
        text = i.gettext(
            "The saved club evening could not be used ({reason}). It was kept as {path}; "
            "a new evening starts."
        )
    elif what == "club":
        # Translators: bergen club: the saved evening could not be used and could not be moved aside either.
        text = i.gettext("The saved club evening could not be used ({reason}) and stays where it is: {path}.")
    elif what == "table" and problem.kept is not None:
        # Translators: told to the host of bergen serve: a saved table could not be used and was moved
        # aside; the server starts without it.
        text = i.gettext(
            "A saved table could not be used ({reason}). It was kept as {path}; the server goes on."
        )
    elif what == "table":
        # Translators: told to the host of bergen serve: a saved table could not be used or moved aside.
        text = i.gettext("A saved table could not be used ({reason}) and stays where it is: {path}.")
    elif what == "names" and problem.kept is not None:
        # Translators: told to the host of bergen serve: the file of the server's registered names could not
        # be used and was moved aside; the server starts without them (the names are free again).
        text = i.gettext(
            "The registered names could not be used ({reason}). They were kept as {path}; the server goes "
            "on without them."
        )
    elif what == "ratings" and problem.kept is not None:
        # Translators: told to the host of bergen serve: the file of the players' ratings could not be used
        # and was moved aside; the ratings start anew.
        text = i.gettext(
            "The ratings could not be used ({reason}). They were kept as {path}; the ratings start anew."
        )
    elif what == "tournament" and problem.kept is not None:
        # Translators: told to the host of bergen serve: the file of the server's tournament could not be
        # used and was moved aside; the server goes on without a tournament.
        text = i.gettext(
            "The tournament could not be used ({reason}). It was kept as {path}; the server goes on "
            "without it."
        )
    elif what in ("names", "ratings", "tournament"):
        # Translators: told to the host of bergen serve: the registered names' or the ratings' file could
        # not be used or moved aside; the server goes on without it.
        text = i.gettext("A server file could not be used ({reason}) and stays where it is: {path}.")
    elif what == "record" and problem.kept is not None:
        # Translators: bergen record: the record of one played match could not be used and was moved
        # aside; the other records are listed.
        text = i.gettext(
            "A match record could not be used ({reason}). It was kept as {path}; the rest follow."
        )
    elif what == "record":
        # Translators: bergen record: a match record could not be used or moved aside.
        text = i.gettext("A match record could not be used ({reason}) and stays where it is: {path}.")
    elif problem.kept is not None:
        # Translators: the settings file could not be used and was moved aside; the defaults are used.
        text = i.gettext(
            "The settings file could not be used ({reason}). It was kept as {path}; "
            "default settings are used."
        )
    else:
        # Translators: the settings file could not be used and could not be moved aside either.
        text = i.gettext(
            "The settings file could not be used ({reason}) and stays where it is: {path}. "
            "Default settings are used."
        )
    return notice(text.format(**values))


def settings_values_wrong(i: I18n, wrong: tuple[tuple[str, str], ...], kept: str | None) -> Message:
    """Settings whose values are not allowed: named as the file's, never as a flag."""
    listed = ", ".join(f"{name} {value}" for name, value in wrong)
    if kept:
        # Translators: the settings file holds values that are not allowed. {values} lists them
        # (e.g. verbosity "loud"); {path} is where the file was kept. The defaults are used instead.
        text = i.gettext(
            "The settings file holds values that are not allowed ({values}); defaults are used. "
            "The file was kept as {path}."
        )
    else:
        # Translators: the settings file holds values that are not allowed ({values} lists them, e.g.
        # verbosity "loud"); the defaults are used. Said when the file could not be moved aside.
        text = i.gettext("The settings file holds values that are not allowed ({values}); defaults are used.")
    return notice(text.format(values=listed, path=kept or ""))


def name_is_a_word(i: I18n, name: str) -> str:
    name = shown(name)
    # Translators: command-line error: a name is also a command word, so entries would be ambiguous.
    return i.gettext("--names: “{name}” is a command word; choose another name.").format(name=name)


def lock_question(i: I18n, what: str) -> str:
    """Another copy of the program owns the save file."""
    if what == "sheet":
        # Translators: another copy of bergen keep uses the same data folder. Keep the numbers 1 to 3.
        text = i.gettext(
            "A score sheet is open in another Bergen Access, with the same data folder. "
            "1: keep score here without saving. 2: wait until the other one closes. 3: quit. Type 1, 2 or 3."
        )
    elif what == "club":
        # Translators: another copy of bergen club uses the same data folder. Keep the numbers 1 to 3.
        text = i.gettext(
            "A club evening is open in another Bergen Access, with the same data folder. "
            "1: run it here without saving. 2: wait until the other one closes. 3: quit. Type 1, 2 or 3."
        )
    else:
        # Translators: another copy of bergen uses the same data folder. Keep the numbers 1 to 3.
        text = i.gettext(
            "A match is open in another Bergen Access, with the same data folder. "
            "1: play here without saving. 2: wait until the other one closes. 3: quit. Type 1, 2 or 3."
        )
    return text


def waiting_for_lock(i: I18n) -> str:
    # Translators: waiting for the other copy of the program to close. Ctrl-C stops waiting.
    return i.gettext("Waiting for the other Bergen Access to close. Ctrl-C stops.")


def not_saving(i: I18n) -> str:
    # Translators: the player chose to go on while another copy of the program owns the save.
    return i.gettext("Nothing is saved here; the other copy of Bergen Access goes on saving its own.")


def no_folder(i: I18n) -> str:
    # Translators: the reason an export failed: there is no data folder (no home folder was found).
    return i.gettext("there is no data folder")


def export_refused(i: I18n, given: str, folder: str, word: str) -> Message:
    """``export`` was given a path: files go only into the export folder."""
    # Translators: scorekeeper: export takes a file name, not a path. {name} is what was typed,
    # {word} the export command word, {folder} the export folder.
    text = i.gettext("“{name}” was not used: {word} takes a file name only; files go to {folder}.")
    return notice(text.format(name=shown(given), folder=folder, word=word))


def sounds_unavailable(i: I18n, reason: str) -> Message:
    # Translators: the sound cues cannot play here (no audio device). {reason} is technical, English.
    text = i.gettext("Sounds are not available ({reason}). The game goes on without them.")
    return notice(text.format(reason=reason))


def no_speech(i: I18n) -> Message:
    # Translators: the key that stops speech (F3) was pressed while the game does not speak.
    return notice(i.gettext("Speech is off; there is nothing to stop."))


def goodbye(i: I18n) -> str:
    # Translators: Ctrl-C before a match began: nothing was started or changed.
    return i.gettext("Goodbye. Nothing was changed.")


def crash_text(i: I18n, log: str | None, saved: bool) -> str:
    """Something went wrong inside: one sentence, where the details are."""
    if saved and log:
        # Translators: something went wrong inside the program; the match was saved. {path} is the log.
        return i.gettext("Something went wrong. The match is saved; details are in {path}.").format(path=log)
    if log:
        # Translators: something went wrong inside the program. {path} is the log file.
        return i.gettext("Something went wrong; details are in {path}.").format(path=log)
    # Translators: something went wrong inside the program, and not even the log could be written.
    return i.gettext("Something went wrong, and no details could be written.")


def braille_stopped(i: I18n, reason: str) -> Message:
    """The game's own braille display failed during the game: said once; text and speech go on."""
    # Translators: the braille display (through BRLTTY) stopped working. {reason} says why, in English.
    text = i.gettext("The braille display stopped ({reason}); the game goes on without it.")
    return notice(text.format(reason=visible(reason)))


def no_braille(i: I18n, reason: str) -> Message:
    """A braille display was asked for (``--braille brltty``, ``braille on``) and none answered."""
    # Translators: no braille display could be taken through BRLTTY. {reason} says why, in English.
    text = i.gettext("No braille display: {reason}. The game goes on without it.")
    return notice(text.format(reason=visible(reason)))


def braille_state(i: I18n, cells: int | None, kept: str = "") -> Message:
    """The answer to ``braille on``, ``braille off`` and a bare ``braille``, with the words that change it
    (and ``kept``: that the choice holds for the next games too)."""
    word = i.pgettext("command", "braille").split()[0]
    if cells is None:
        # Translators: the game's own braille display is off. {word} is the braille command word, {on}
        # the word for on: "Type braille on to take it again."
        text = i.gettext("Braille display off. Type {word} {on} to take it again.")
        return notice(joined(text.format(word=word, on=i.pgettext("speech mode", "on")), kept))
    # Translators: the game's own braille display is on; {cells} is its length. {word} is the braille
    # command word, {off} the word for off: "Type braille off to give it back."
    text = i.ngettext(
        "Braille display on: {cells} cell. Type {word} {off} to give it back.",
        "Braille display on: {cells} cells. Type {word} {off} to give it back.",
        cells,
    )
    return notice(joined(text.format(cells=cells, word=word, off=i.pgettext("speech mode", "off")), kept))


@dataclass(frozen=True)
class DisplaySigns:
    """What the game's own braille display shows for a moment when a key does nothing (the line then
    comes back as it was): 20 cells at most, so a small display shows them whole."""

    nothing_here: str
    no_further: str


def display_signs(i: I18n) -> DisplaySigns:
    return DisplaySigns(
        # Translators: shown for a moment on the braille display when a routing key was pressed over
        # something that does nothing (or a key the game does not use). At most 20 letters.
        nothing_here=i.pgettext("braille", "Nothing to do here"),
        # Translators: shown for a moment on the braille display when a pan or line key can go no
        # further (the end or the start of what was shown). At most 20 letters.
        no_further=i.pgettext("braille", "No further"),
    )


def newest_shown(i: I18n) -> Message:
    """The answer to ``newest``: the braille display shows its newest line (and nothing is added there:
    the line shown is the point)."""
    # Translators: the answer to the command that takes the braille display to its newest line.
    return notice(i.gettext("The braille display shows its newest line."), braille="")


def language_name(i: I18n, code: str) -> str:
    """A language the game speaks, named in the player's language."""
    names = {
        # Translators: a language's name, in sentences such as "No German voice is installed".
        "de": i.pgettext("language", "German"),
        # Translators: a language's name, in sentences such as "No Turkish voice is installed".
        "tr": i.pgettext("language", "Turkish"),
        # Translators: a language's name, in sentences such as "No English voice is installed".
        "en": i.pgettext("language", "English"),
    }
    return names.get(code, code)


def _who_speaks(i: I18n, name: str) -> str:
    """An engine's name as the player knows it: the screen reader's own, or the game's voice."""
    if name in ("voice", "say"):
        # Translators: who speaks when no screen reader does: the game's own voice (SAPI5 on Windows,
        # espeak-ng on Linux, the system voice on macOS).
        return i.gettext("the game's own voice")
    return name


def _voice_hint(i: I18n, system: System) -> str:
    if system is System.WINDOWS:
        # Translators: where Windows users add a voice for a language (the names of Windows's settings).
        return i.gettext("Voices are added in Windows Settings, Time and language, Speech.")
    if system is System.MACOS:
        # Translators: where macOS users add a voice (the names of macOS's settings).
        return i.gettext("Voices are added in System Settings, Accessibility, Spoken Content, System voice.")
    return ""


def channel_news(i: I18n, news: ChannelNews, system: System | None = None) -> Message | None:
    """What a channel (speech, braille display, sounds) has to tell, in one sentence; None: nothing."""
    where = system or current_system()
    kind = news.kind
    if kind is NewsKind.STOPPED and news.channel is ChannelKind.BRAILLE:
        return braille_stopped(i, news.detail)
    if kind is NewsKind.STOPPED and news.channel is ChannelKind.SOUNDS:
        return sounds_unavailable(i, news.detail)
    if kind is NewsKind.STOPPED:
        # Translators: speech could not start or stopped working; the game goes on in text.
        # {reason} is a technical detail in English.
        text = i.gettext("Speech is not available ({reason}). Text only.")
        return notice(text.format(reason=visible(news.detail)))
    if kind is NewsKind.FELL_BACK:
        # Translators: no screen reader could be spoken through; {who} speaks instead (e.g. "the game's
        # own voice"). {reason} is a technical detail in English.
        text = i.gettext("No screen reader answered ({reason}); {who} speaks instead.")
        said = text.format(reason=visible(news.detail), who=_who_speaks(i, news.name))
        if where is System.WINDOWS:
            # Translators: said after "No screen reader answered" on Windows: programs cannot speak
            # through Narrator. {word} {off} is the command that turns the game's speech off.
            hint = i.gettext("With Narrator, type {word} {off}: Narrator then reads the text.")
            word = Lexicon(i).main_word(CommandKind.SPEECH)
            said = joined(said, hint.format(word=word, off=i.pgettext("speech mode", "off")))
        return notice(said)
    if kind is NewsKind.SCRIPTING_OFF:
        # Translators: macOS: VoiceOver lets programs speak through it only with a setting; {who} speaks
        # until then. Keep the names of VoiceOver Utility's settings as macOS shows them.
        text = i.gettext(
            "VoiceOver does not let programs speak through it, so {who} speaks. To allow it: VoiceOver "
            "Utility, General, Allow VoiceOver to be controlled with AppleScript; then start the game again."
        )
        return notice(text.format(who=_who_speaks(i, news.name)))
    language = language_name(i, news.language)
    if kind is NewsKind.NO_VOICE:
        # Translators: no installed voice speaks the game's language; another voice reads it. {language}
        # is a language's name, e.g. "German".
        text = i.gettext("No {language} voice is installed, so another voice reads {language}.")
        return notice(joined(text.format(language=language), _voice_hint(i, where)))
    # Translators: the screen reader ({reader}, e.g. JAWS) reads with its own voice and takes no language
    # from programs. {language} is a language's name, e.g. "Turkish".
    text = i.gettext(
        "{reader} reads with its own voice: for {language}, choose a {language} voice in {reader}."
    )
    return notice(text.format(reader=news.name, language=language))
