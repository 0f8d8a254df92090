"""What README promises of the command line is what the parser takes: every example it shows, and
``--lang`` after every command that speaks (issue 28: ``bergen simulate --lang de`` was refused)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from bergen_access import cli
from bergen_access.i18n import I18n

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_examples() -> list[str]:
    """The ``bergen …`` lines of README's shell blocks, without comments and redirections."""
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    lines = [
        line.split("#", 1)[0].split("<", 1)[0].strip() for block in blocks for line in block.splitlines()
    ]
    return [line for line in lines if line.startswith("bergen ")]


def parses(arguments: list[str]) -> None:
    parser, _ = cli.build_parser(I18n("en"), cli.chosen_command(arguments))
    parser.parse_args(arguments)  # SystemExit (status 2) when refused


def test_readme_shows_examples_of_every_command() -> None:
    shown = {shlex.split(line)[1] for line in readme_examples()}
    assert {"keep", "record", "simulate", "serve", "join"} <= shown, shown


@pytest.mark.parametrize("line", readme_examples())
def test_every_example_in_readme_is_taken(line: str) -> None:
    parses(shlex.split(line)[1:])


@pytest.mark.parametrize("command", ["simulate", "keep", "learn", "record", "serve", "join"])
def test_every_command_takes_the_language_after_it(command: str) -> None:
    parses([command, "--lang", "de"])


def test_simulate_speaks_the_language_it_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--lang", "de", "--quiet", "--matches", "1", "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Partie 1, Startwert 3: "), printed
    assert "Übersicht: 1 Partie" in printed


def test_simulate_refuses_a_language_it_does_not_speak(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        cli.main(["simulate", "--lang", "xx", "--quiet"])
    assert ended.value.code == 2
    assert "--lang: choose en, de, tr." in capsys.readouterr().err
