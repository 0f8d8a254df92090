"""What yasr and tdsr say in the plain setting (``--plain`` at a terminal: what many console screen
readers get), held to the targets of the screen-reader setting (issue 30).

Before, the plain setting's prompt was the facts (``5-5|5-5, 6 tiles>``) before every line: yasr read
"bar" and "greater than" about 80 times in nine turns, the prompt was 17 % of speech and the ends were
said unasked 5.4 times a turn; tdsr, reading screen lines that were not wrapped to the terminal, cut
words and tiles in two. The same harness as ``test_screen_readers.py`` (tests/screen_readers/), the
runs in parallel, once for the module; without the readers the tests skip, unless
BERGEN_REQUIRE_READERS=1 (CI sets it).
"""

from __future__ import annotations

import pytest

from .screen_readers import Case, Figures, missing_readers, run_cases
from .screen_readers.program import PLAIN
from .screen_readers.targets import MAX_CUTS, MAX_PROMPT_SHARE, MAX_SYMBOLS, MAX_UNASKED_ENDS_PER_TURN
from .test_screen_readers import REQUIRED, unavailable

TURNS = 5
CASES = [Case(reader, language, PLAIN) for reader in ("yasr", "tdsr") for language in ("en", "de", "tr")]
IDS = [f"{c.reader}-{c.language}" for c in CASES]


@pytest.fixture(scope="module")
def runs() -> dict[Case, Figures]:
    missing = missing_readers(["yasr", "tdsr"])
    if missing and REQUIRED:
        unavailable("; ".join(missing.values()))
    return run_cases([c for c in CASES if c.reader not in missing], turns=TURNS)


def figures_of(runs: dict[Case, Figures], case: Case) -> Figures:
    if case not in runs:
        unavailable(missing_readers([case.reader])[case.reader])
    return runs[case]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_plain_setting_at_a_terminal_is_as_quiet_as_the_screen_reader_setting(
    runs: dict[Case, Figures], case: Case
) -> None:
    figures = figures_of(runs, case)
    assert figures.same_match and figures.unseen_steps == 0
    assert figures.turns == TURNS and len(figures.messages) > 3 * TURNS
    assert figures.prompt_share <= MAX_PROMPT_SHARE, f"the prompt is {figures.prompt_share:.1f} % of speech"
    if figures.symbols_counted:
        assert figures.symbol_count <= MAX_SYMBOLS, dict(figures.symbols)
    unasked = figures.per_turn(figures.ends_unasked)
    assert unasked <= MAX_UNASKED_ENDS_PER_TURN, f"the ends said unasked {unasked:.1f} times a turn"
    cuts = figures.splits("splits_inside") + sum(prompt.splits_inside for prompt in figures.prompts)
    assert cuts <= MAX_CUTS, [fate.text for fate in figures.messages if fate.splits_inside]
    assert figures.messages_once_whole == len(figures.messages)
