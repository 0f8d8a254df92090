"""Languages: which one to use, and the translations that speak it.

Words are looked up when they are said (``I18n`` is passed to whoever
speaks), never at import time, so the language can change during play.
"""

from __future__ import annotations

import functools
import gettext
import io
import locale
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path

from .catalogs import mo_bytes, parse_po
from .system import System, ask
from .system import current as current_system

DOMAIN = "bergen_access"
LANGUAGES = ("en", "de", "tr")
DEFAULT_LANGUAGE = "en"
_PACKAGE_LOCALES = Path(__file__).resolve().parent / "locales"
_CHECKOUT_LOCALES = Path(__file__).resolve().parent.parent / "locales"


def normalize_language(value: str | None) -> str | None:
    """``de_DE.UTF-8`` → ``de``; None for a language we do not speak."""
    if not value:
        return None
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str]) -> str | None:
    """The first language we speak named by LANGUAGE, LC_ALL, LC_MESSAGES or LANG."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in environ.get(variable, "").split(":"):
            code = normalize_language(part)
            if code:
                return code
    return None


def choose_language(
    requested: str | None,
    saved: str | None,
    environ: Mapping[str, str],
    system_language: Callable[[], str | None] | None = None,
) -> str:
    """--lang, else the settings file, else the environment, else the system's own setting (Windows and
    macOS set no LANG), else English."""
    return (
        normalize_language(requested)
        or normalize_language(saved)
        or language_from_environment(environ)
        or normalize_language((system_language or platform_language)())
        or DEFAULT_LANGUAGE
    )


def platform_language(system: System | None = None) -> str | None:
    """The user's language as the system keeps it outside the environment: Windows's display language,
    macOS's first preferred language; None on other systems (their language is in LANG) or if unknown."""
    chosen = system or current_system()
    if chosen is System.WINDOWS:
        return windows_ui_language()
    if chosen is System.MACOS:
        return macos_preferred_language()
    return None


def windows_ui_language() -> str | None:
    """``de_DE`` for a German Windows: GetUserDefaultUILanguage, named as ``locale.windows_locale`` does."""
    import ctypes  # noqa: PLC0415 - only on Windows

    windll = getattr(ctypes, "windll", None)  # Windows only
    if windll is None:
        return None
    try:
        language_id = int(windll.kernel32.GetUserDefaultUILanguage())
    except (AttributeError, OSError, ValueError, TypeError):
        return None
    return locale.windows_locale.get(language_id)


def macos_preferred_language() -> str | None:
    """The first of macOS's preferred languages (``defaults read -g AppleLanguages``), e.g. ``de-DE``."""
    result = ask(["defaults", "read", "-g", "AppleLanguages"])
    if result is None or result.returncode != 0:
        return None
    found = re.search(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*", result.stdout)
    return found.group(0) if found else None


def catalog_path(language: str) -> Path | None:
    """Where the catalog of ``language`` lives: BERGEN_LOCALES (tests), the package (wheel), the checkout."""
    extra = os.environ.get("BERGEN_LOCALES")
    for base in (*([Path(extra)] if extra else []), _PACKAGE_LOCALES, _CHECKOUT_LOCALES):
        for suffix in (".mo", ".po"):
            path = base / language / "LC_MESSAGES" / (DOMAIN + suffix)
            if path.is_file():
                return path
    return None


def load_translations(language: str, path: Path | None = None) -> gettext.NullTranslations:
    """The translations of ``language``; English source strings if there is no catalog."""
    path = path or catalog_path(language)
    if path is None:
        return gettext.NullTranslations()
    stat = path.stat()
    return _compiled(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=16)
def _compiled(path: str, mtime_ns: int, size: int) -> gettext.GNUTranslations:
    """A catalog read once per version of its file and shared (nobody changes it after): a server makes
    an ``I18n`` per seat and notice, and parsing a .po file takes about 10 ms. The file's time and size
    are in the key, so an edited catalog is read anew."""
    data = Path(path).read_bytes()
    if path.endswith(".po"):
        data = mo_bytes(parse_po(data.decode("utf-8")))
    return gettext.GNUTranslations(io.BytesIO(data))


# ---------------------------------------------------------------- endings that follow the sound
#
# A Turkish ending takes its vowel from the word before it, and after a number from the number's
# spoken name: 0-4'ü (dört), 1-5'i (beş), 6-6'yı (altı). A translation cannot know which tile or
# count a placeholder will hold, so it writes the ending the way grammars do, with capitals for the
# sounds that change (I: ı i u ü; A: a e; D: d t) and the buffer letter in brackets:
# "{tile}'(y)I sola koydun", "{count}'lI başlık". The ending is settled once the placeholders are
# filled in, from what now stands before it: "0-4'ü sola koydun", "4'lü başlık".

#: the endings a Turkish translation may write after a placeholder
TURKISH_ENDING = re.compile(r"'(\(y\)I|\(y\)A|\(n\)In|lI|DA)(?![\w])")
_BACK, _FRONT, _ROUNDED = "aıou", "eiöü", "ouöü"
_VOICELESS = "çfhkpsşt"
_UNITS = ("sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz")
_TENS = ("", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan")


def turkish_number_word(number: int) -> str:
    """The last word of a number's Turkish name, which its endings follow: 12 → iki, 40 → kırk."""
    if number % 10 or number == 0:
        return _UNITS[number % 10]
    if number % 100:
        return _TENS[number // 10 % 10]
    if number % 1000:
        return "yüz"
    return "bin" if number % 1_000_000 else "milyon"


def _turkish_ending(before: str, ending: str) -> str:
    """``ending`` (``(y)I``, ``(y)A``, ``(n)In``, ``lI``, ``DA``) as it sounds after the word ``before``."""
    digits = re.search(r"(\d+)\W*$", before)
    word = turkish_number_word(int(digits.group(1))) if digits else before.lower()
    letters = [c for c in word if c.isalpha()] or ["e"]
    vowels = [c for c in letters if c in _BACK + _FRONT] or ["e"]
    last = vowels[-1]
    high = ("u" if last in _ROUNDED else "ı") if last in _BACK else ("ü" if last in _ROUNDED else "i")
    low = "a" if last in _BACK else "e"
    open_end = letters[-1] in _BACK + _FRONT
    if ending == "(y)I":
        return ("y" if open_end else "") + high
    if ending == "(y)A":
        return ("y" if open_end else "") + low
    if ending == "(n)In":
        return ("n" if open_end else "") + high + "n"
    if ending == "lI":
        return "l" + high
    return ("t" if letters[-1] in _VOICELESS else "d") + low  # DA


def turkish_endings(text: str) -> str:
    """Every ending written with capitals in ``text`` settled after the word before it."""

    def settled(found: re.Match[str]) -> str:
        before = text[: found.start()].rsplit(None, 1)[-1] if text[: found.start()].strip() else ""
        return "'" + _turkish_ending(before, found.group(1))

    return TURKISH_ENDING.sub(settled, text)


#: per language, what is done to a finished text whose translation writes endings to be settled
ENDINGS: dict[str, Callable[[str], str]] = {"tr": turkish_endings}


class Template(str):
    """A translation whose endings are settled once its placeholders are filled in (``format``)."""

    settle: Callable[[str], str]

    def __new__(cls, text: str, settle: Callable[[str], str]) -> Template:
        template = super().__new__(cls, text)
        template.settle = settle
        return template

    def format(self, *args: object, **kwargs: object) -> str:
        return self.settle(str.format(self, *args, **kwargs))


class I18n:
    """The words of one language, looked up at the moment they are needed."""

    def __init__(self, language: str, translations: gettext.NullTranslations | None = None) -> None:
        self.language = language
        self._t = translations if translations is not None else load_translations(language)
        self._settle = ENDINGS.get(language)

    def _filled(self, text: str) -> str:
        """The translation, as a ``Template`` when it writes endings that follow its placeholders."""
        if self._settle is not None and "'" in text and TURKISH_ENDING.search(text):
            return Template(text, self._settle)
        return text

    def gettext(self, message: str) -> str:
        return self._filled(self._t.gettext(message))

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self._filled(self._t.ngettext(singular, plural, count))

    def pgettext(self, context: str, message: str) -> str:
        return self._filled(self._t.pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        return self._filled(self._t.npgettext(context, singular, plural, count))


def environment() -> Mapping[str, str]:
    """The process environment (a seam for tests)."""
    return os.environ
