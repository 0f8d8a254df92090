"""A full seeded match in German and in Turkish through the real program, typed in that language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bergen_access.commands.lexicon import CommandKind, Lexicon
from bergen_access.core import Play
from bergen_access.core.engine import Phase
from bergen_access.i18n import TURKISH_ENDING, I18n

from .console_bot import fast_opponent
from .drivers import PipeSession
from .saves import data_folder, saved_match

ROOT = Path(__file__).resolve().parent.parent


def english_sentences() -> list[str]:
    """Whole English messages long enough that finding one verbatim means a missed translation."""
    with (ROOT / "locales" / "bergen_access.pot").open("rb") as stream:
        template = read_po(stream)
    found = []
    for message in template:
        text = message.id[0] if isinstance(message.id, tuple) else message.id
        for piece in re.split(r"\{[a-z_]+\}", text or ""):
            if len(piece.strip()) >= 14 and not piece.strip().startswith("%"):
                found.append(piece.strip())
    return found


class LocalTypist:
    """Types in the game's language; knows the state from the autosave, as a second pair of eyes would."""

    def __init__(self, language: str, save: Path) -> None:
        self.i18n = I18n(language)
        self.lexicon = Lexicon(self.i18n)
        self.save = save
        self.asked_end = self.i18n.gettext("left or right> ")
        self.reviews = [
            CommandKind.HAND,
            CommandKind.ENDS,
            CommandKind.LINE,
            CommandKind.SCORE,
            CommandKind.HINT,
        ]
        self.turns = 0

    def word(self, kind: CommandKind) -> str:
        return self.lexicon.main_word(kind)

    def answer(self, prompt: str, recent: str) -> str:
        if prompt == self.asked_end:
            return self.lexicon.end_word(self.last_end)
        if prompt == self.i18n.gettext("yes or no> "):  # after the match: another? (one is enough here)
            return self.i18n.pgettext("answer", "no n").split()[0]
        match = saved_match(self.save)
        assert match is not None
        if match.phase is Phase.HAND_OVER:
            return ""
        self.turns += 1
        if self.turns % 6 == 0 and self.reviews:
            return self.word(self.reviews.pop(0)).upper()  # commands are case-insensitive
        legal = match.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            self.last_end = plays[0].end
            return plays[0].tile.notation
        return self.word(CommandKind.DRAW if match.drawable else CommandKind.PASS)


@pytest.mark.parametrize("language", ["de", "tr"])
@pytest.mark.parametrize("preset", ["standard", "counters"])
def test_a_full_match_in_the_players_language(tmp_path: Path, language: str, preset: str) -> None:
    session = PipeSession(
        [
            "--lang",
            language,
            "--seed",
            "41",
            "--preset",
            preset,
            "--players",
            "3",
            "--opponents",
            fast_opponent(),
        ],
        tmp_path,
    )
    typist = LocalTypist(language, data_folder(tmp_path))
    status = session.play(typist.answer)
    transcript = session.transcript
    assert status == 0, transcript[-1000:]
    i = I18n(language)
    over = i.gettext("Match over: {side} wins. {scores}.").split("{")[0]
    won = i.gettext("Match over: you win! {scores}.").split("{")[0]
    assert over in transcript or won in transcript
    leaked = [sentence for sentence in english_sentences() if sentence in transcript]
    assert not leaked, leaked[:5]
    assert not TURKISH_ENDING.search(transcript)  # every ending written after a placeholder was settled
    if language == "tr":  # a play's tile takes the ending its last number sounds for: 0-4'ü, 6-6'yı
        assert re.search(r"\d'y?[ıiuü] (sola|sağa) koydu", transcript), transcript[-1000:]
