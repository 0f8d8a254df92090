"""The journal (issue 29): appended, never rewritten, and it always replays to the match it keeps.

* for any seeded match, any presets and table sizes, with take-backs and writes that fail for a while,
  the journal read back is the match: its actions, its hand, the moves taken back, whether it ended;
* every write only adds bytes at the end (what was written stays byte for byte);
* a write cut short at any byte is left out by a reader, and the next write cuts it off first;
* saves of version 2 go on as journals with their take-backs.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bergen_access.core.dealers import SeededDealer
from bergen_access.core.engine import Match, Phase
from bergen_access.core.record import from_record, to_record
from bergen_access.core.rules import preset
from bergen_access.core.takeback import take_back
from bergen_access.session import appendfile as journal_module
from bergen_access.session import journal
from bergen_access.session.journal import Journal, read_journal, read_text
from bergen_access.session.storage import NoticeKind, Storage

SEATS = [{"name": n, "kind": "human" if i == 0 else "computer", "level": None} for i, n in enumerate("ABCD")]
PRESETS = ("standard", "counters", "dominoplaza")


@contextlib.contextmanager
def _failing_sync() -> Iterator[None]:
    """The journal's fsync fails while inside (its bytes may be in the file already, half or whole)."""

    def refuse(fd: int) -> None:
        raise OSError(5, "Input/output error")

    original = journal_module.os.fsync
    journal_module.os.fsync = refuse  # type: ignore[attr-defined]
    try:
        yield
    finally:
        journal_module.os.fsync = original  # type: ignore[attr-defined]


def _one_step(match: Match, chance: random.Random) -> Match:
    """The next thing a table does: deal, a move, or (now and then) a take-back of seat 0's last move."""
    if match.phase in (Phase.NOT_STARTED, Phase.HAND_OVER):
        match.start_hand()
        return match
    if chance.random() < 0.05:
        taken = take_back(match, 0)
        if taken is not None:
            rebuilt, actions = taken
            rebuilt.taken_back = [*match.taken_back, (len(rebuilt.actions), actions)]
            return rebuilt
    match.apply(chance.choice(match.legal_actions()))
    return match


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    name=st.sampled_from(PRESETS),
    players=st.sampled_from((2, 3, 4)),
    steps=st.integers(1, 400),
    failing=st.sets(st.integers(0, 400), max_size=20),
)
def test_the_journal_replays_to_the_match_at_every_step(
    tmp_path_factory: object, seed: int, name: str, players: int, steps: int, failing: set[int]
) -> None:
    folder = Path(tmp_path_factory.mktemp("journal"))  # type: ignore[attr-defined]
    storage = Storage.open(folder)
    rules = preset(name, players=players)
    match = Match(rules, SeededDealer(seed))
    journal = Journal(storage)
    chance = random.Random(seed)
    written = b""
    for step in range(steps):
        if match.is_over:
            break
        match = _one_step(match, chance)
        journal = journal.for_match(match)
        if step in failing:  # this write fails after its bytes went out (a full disk, an I/O error)
            with _failing_sync():
                assert not journal.sync(match, SEATS[:players]) or journal.path is None
        else:
            assert journal.sync(match, SEATS[:players])
        if journal.path is not None and not failing.intersection(range(step - 1, step + 1)):
            now = journal.path.read_bytes()
            assert now.startswith(written)  # appended, never rewritten
            written = now
    journal.sync(match, SEATS[:players])  # a write that works adds everything missed
    assert journal.path is not None
    replayed = read_journal(journal.path)[0]
    assert replayed.match.actions == match.actions
    assert replayed.match.hand_number == match.hand_number
    assert replayed.match.scores == match.scores
    assert replayed.match.taken_back == match.taken_back
    assert (replayed.envelope["ended"] is not None) == match.is_over


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), cut=st.floats(0.0, 1.0))
def test_a_write_cut_at_any_byte_is_left_out_and_cut_off_at_the_next_write(
    tmp_path_factory: object, seed: int, cut: float
) -> None:
    folder = Path(tmp_path_factory.mktemp("torn"))  # type: ignore[attr-defined]
    storage = Storage.open(folder)
    match = Match(preset("standard"), SeededDealer(seed))
    journal = Journal(storage)
    chance = random.Random(seed)
    for _ in range(20):
        match = _one_step(match, chance)
        journal.sync(match, SEATS[:2])
    assert journal.path is not None
    whole = journal.path.read_bytes()
    before = list(match.actions)
    match = _one_step(match, chance)
    journal.sync(match, SEATS[:2])
    longer = journal.path.read_bytes()
    torn = longer[: len(whole) + int(cut * (len(longer) - len(whole) - 1))]  # the last write, cut short
    journal.close()
    journal.path.write_bytes(torn)
    replayed, text = read_journal(journal.path)
    assert replayed.match.actions == before and text.good_size == len(whole)
    assert text.torn == (len(torn) > len(whole))
    resumed = Journal.resume(storage, journal.path, replayed, text)
    match = replayed.match
    for _ in range(3):
        match = _one_step(match, chance)
        resumed = resumed.for_match(match)
        resumed.sync(match, SEATS[:2])
    after = journal.path.read_bytes()
    assert after.startswith(whole) and not read_text(journal.path).torn
    assert read_journal(journal.path)[0].match.actions == match.actions


def test_a_save_of_version_2_goes_on_as_a_journal_with_its_take_backs(tmp_path: Path) -> None:
    match = Match(preset("standard"), SeededDealer(4))
    chance = random.Random(4)
    while len(match.taken_back) < 2 or len(match.actions) < 10:
        match = _one_step(match, chance)
    old, _ = from_record(to_record(match, SEATS[:2]))  # as a save of version 2 would load it
    journal = Journal(Storage.open(tmp_path))
    assert journal.sync(old, SEATS[:2])
    assert journal.path is not None
    head = read_text(journal.path).head
    assert len(head["taken_back"]) == len(match.taken_back)
    replayed = read_journal(journal.path)[0]
    assert replayed.match.actions == match.actions and replayed.match.taken_back == match.taken_back
    assert replayed.envelope["taken_back"] == sum(len(a) for _, a in match.taken_back)


def test_a_journal_never_grows_past_what_its_reader_takes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cap of saves (2 MB, far beyond any real match) holds for the writer too: a match that would
    make its journal larger is no longer saved, said once as any refused write is, and the file stays
    one its reader takes (the match up to there), never one it sets aside as too large."""
    monkeypatch.setattr(journal, "MAX_SAVE_BYTES", 3000)  # a few hands' worth, for the test
    storage = Storage.open(tmp_path)
    match = Match(preset("standard"), SeededDealer(3))
    chance = random.Random(3)
    writer = Journal(storage)
    refused, saved = 0, []
    for _ in range(400):
        if match.is_over:
            break
        match = _one_step(match, chance)
        writer = writer.for_match(match)
        if writer.sync(match, SEATS[:2]):
            saved = list(match.actions)
        else:
            refused += 1
    assert refused and writer.path is not None
    assert writer.path.stat().st_size <= 3000
    notices = storage.take_notices()
    assert [n.kind for n in notices] == [NoticeKind.CANNOT_SAVE] and notices[0].reason, notices
    replayed = read_journal(writer.path)[0].match  # readable: the match as far as it was saved
    assert replayed.actions == saved and saved
