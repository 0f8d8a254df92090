"""The line's one geometry (``core.layout.Layout``) and the engine's written-out double-six copy agree."""

from __future__ import annotations

import random

import pytest

from bergen_access.core import Match, Phase, Play, SeededDealer, preset
from bergen_access.core.events import HeaderKind, HeaderScored, TilePlayed
from bergen_access.core.layout import Layout, header_kind
from bergen_access.core.rules import PRESET_NAMES
from bergen_access.core.tiles import tile


@pytest.mark.parametrize("tile_set", [6, 9, 12])
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_engine_plays_exactly_where_the_layout_says(name: str, tile_set: int) -> None:
    rng = random.Random(f"{name}{tile_set}")
    checked = headers = 0
    for seed in range(25):
        match = Match(preset(name, players=2 + seed % 3, tile_set=tile_set), SeededDealer(seed))
        match.start_hand()
        while not match.is_over:
            if match.phase is Phase.HAND_OVER:
                match.start_hand()
                continue
            layout = match.layout
            assert layout is not None
            seat = match.turn
            for held in match.hand(seat):
                for end in range(layout.size + 1):
                    assert match.check(Play(seat, held, end)) == layout.refusal(held, end)
                    checked += 1
            assert {(a.tile, a.end) for a in match.legal_actions() if isinstance(a, Play)} == {
                (t, e) for t in match.hand(seat) for e in layout.ends_for(t)
            }
            action = rng.choice(match.legal_actions())
            events = match.apply(action)
            if isinstance(action, Play):
                base = layout.header_base(action.tile, action.end)
                scored = [e for e in events if isinstance(e, HeaderScored)]
                assert [(h.kind, h.base) for h in scored] == (
                    [(header_kind(base), h.base) for h in scored] if base else []
                )
                if base:
                    headers += 1
                    assert scored and scored[0].base in (
                        base,
                        match.rules.double_header,
                        match.rules.triple_header,
                    )
                after = match.layout
                played = next(e for e in events if isinstance(e, TilePlayed))
                assert after is not None and after.ends == layout.played(action.tile, action.end).ends
                assert played.end == action.end
    assert checked > 1000 and headers > 5


def test_two_ends_header_is_section_one_double_and_triple() -> None:
    five = tile(5, 5)
    line = Layout.two((2, 5), (tile(2, 4), five), five, arms_first=False)
    assert line.header_base(tile(2, 5), 0) == 3  # 5 and double 5: a triple header
    assert line.header_kind(tile(2, 5), 0) is HeaderKind.TRIPLE
    plain = Layout.two((2, 4), (tile(2, 3), tile(4, 6)), five, arms_first=False)
    assert plain.header_base(tile(2, 4), 0) == 2
    assert plain.header_base(tile(2, 6), 0) == 0


def test_grouped_ends() -> None:
    line = Layout((5, 2, 5, 7), (tile(3, 5), tile(2, 9), tile(5, 5), tile(7, 9)), 4, tile(9, 9))
    assert line.groups() == [(5, (0, 2), 1), (2, (1,), 0), (7, (3,), 0)]
