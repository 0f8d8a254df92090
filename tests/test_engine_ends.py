"""``apply`` and ``check`` agree on ends that are neither left nor right (double-six).

A fast path once laid ``Play(seat, tile, 2)`` on the right end whenever the tile
fitted there, while ``check`` refused it: the engine must never do what it says
it will not.
"""

from __future__ import annotations

import random

import pytest

from bergen_access.core import IllegalActionError, Match, Phase, Play, SeededDealer, preset


@pytest.mark.parametrize("name", ["standard", "counters", "dominoplaza"])
def test_a_play_to_no_end_is_refused_by_apply_as_by_check(name: str) -> None:
    tried = 0
    for seed in range(20):
        match = Match(preset(name, players=2).with_options(target=1000), SeededDealer(seed))
        chooser = random.Random(seed)
        match.start_hand()
        while match.phase is Phase.PLAYING:
            for action in match.legal_actions():
                if not isinstance(action, Play):
                    continue
                for end in (2, 3, -1, 99):
                    wrong = Play(action.seat, action.tile, end)  # type: ignore[arg-type]
                    reason = match.check(wrong)
                    assert reason is not None, wrong
                    before = match.state_key()
                    with pytest.raises(IllegalActionError) as refused:
                        match.apply(wrong)
                    assert refused.value.reason == reason
                    assert match.state_key() == before
                    tried += 1
            match.apply(chooser.choice(match.legal_actions()))
    assert tried > 1000
