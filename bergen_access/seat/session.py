"""What a seat needs from outside: where it saves, the remembered settings, how it speaks."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.takeback import TakeBack
from ..output.braille_display import BrailleDisplay
from ..output.sounds import SoundPlayer
from ..output.speech import Speaker
from ..session.hooks import pause_for_a_kill
from ..session.journal import Journal
from ..session.settings import Settings
from ..session.storage import Storage

if TYPE_CHECKING:
    from ..core.engine import Match
    from ..players.base import Player


class QuitGame(Exception):  # noqa: N818 - a signal to leave the loop, not an error
    """The player asked to leave (or input ended)."""


@dataclass
class Session:
    """One seat's outside world, for the game and the scorekeeper alike."""

    storage: Storage | None
    settings: Settings
    save_settings: Callable[[], None]
    speech_mode: str
    open_speaker: Callable[[str], Speaker | None]
    #: the sound player, or why there is none
    open_sounds: Callable[[], tuple[SoundPlayer | None, str | None]] = lambda: (None, "off")
    #: the game's own braille display, or why there is none
    open_braille: Callable[[], tuple[BrailleDisplay | None, str | None]] = lambda: (None, "off")
    #: changed settings are kept for the next games (False at a network seat: nothing is kept there)
    remembers: bool = True
    #: a fresh match with the same options and its computer players (None: the loop ends with the match)
    new_match: Callable[[], tuple[Match, dict[int, Player]]] | None = None
    #: where the scorekeeper writes its exports
    export_dir: Path | None = None
    #: whether undo takes back moves (never at a network table, which has no console session)
    take_back: TakeBack = TakeBack.NOT_HERE
    #: the journal the match is kept in, its save and its record (None: nothing kept, as at a network seat)
    journal: Journal | None = None
    #: where the record command reads the matches played here (None: at a network seat, which has none)
    records: Storage | None = None
    #: the coach may think at this seat (not at a network table: the server would think for every seat)
    coaching: bool = True


def quiet_session() -> Session:
    """A seat that saves nothing and speaks no way of its own (a network seat, a replay)."""
    return Session(None, Settings(), lambda: None, "off", lambda mode: None, remembers=False, coaching=False)


def pause_after_save(name: str) -> None:
    """Test hook (``BERGEN_TEST_PAUSE_AFTER_SAVE=seconds``): mark the moment between save and answer.

    The kill tests stop the program exactly here, where a move is saved but not yet announced.
    """
    seconds = os.environ.get("BERGEN_TEST_PAUSE_AFTER_SAVE")
    if seconds:
        sys.stderr.write(f"bergen-test: saved {name}\n")
        sys.stderr.flush()
        pause_for_a_kill(float(seconds))
