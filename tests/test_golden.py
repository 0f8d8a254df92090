"""The program says word for word what its golden transcripts say (tests/golden.py tells how to
regenerate them when a change is meant to change what is said)."""

from __future__ import annotations

import pytest

from .golden import CASES, differences, path_of


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_program_says_what_its_golden_transcript_says(name: str) -> None:
    case = CASES[name]
    assert path_of(case).exists(), f"no golden transcript: run python -m tests.golden --write {name}"
    diff = "".join(differences(case))
    assert not diff, (
        f"{name} says something else now (if that is meant: python -m tests.golden --write {name}, "
        f"and read the diff):\n{diff[:6000]}"
    )


def test_every_golden_transcript_has_its_case() -> None:
    """No transcript is left over from a case that is gone (nobody would compare it)."""
    kept = {path.stem for path in path_of(next(iter(CASES.values()))).parent.glob("*.txt")}
    assert kept == set(CASES), kept ^ set(CASES)
