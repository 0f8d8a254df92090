"""What real terminal screen readers say while a person plays (issues 21 and 30), held to the targets.

yasr, tdsr and Fenrir each run the real program at 80x24 with a logging synthesizer, in English, German
and Turkish, in the screen-reader setting (the first-run answer 1: the screen reader reads the text)
and in the plain setting (``--plain`` at a terminal); a few seeded turns with the player's questions
between moves (tests/screen_readers/). The runs go in parallel, once for the module. Without a reader
the tests of that reader skip, unless BERGEN_REQUIRE_READERS=1 (CI sets it): then they fail. The
harness's own counting is tested first, on made-up speech, so that a figure that looks good cannot
come from a harness that sees nothing. ``python -m tests.screen_readers --table`` prints the figures.
"""

from __future__ import annotations

import os
import socket
import sys
import time
from pathlib import Path
from typing import NoReturn

import pytest

from bergen_access.session import paths

from .capabilities import needs_linux, needs_pty
from .screen_readers import READERS, Case, Figures, missing_readers, run_cases
from .screen_readers.__main__ import cuts, scratch_folders
from .screen_readers.drive import Heard, Recording, Run
from .screen_readers.measure import AGAIN, ECHO, MESSAGE, OTHER, PROMPT, measure
from .screen_readers.program import PLAIN, Step
from .screen_readers.readers import FENRIR_SETTINGS, Started, fenrir_settings, yasr_symbols
from .screen_readers.synths import PipeSynth, Said, SsipSynth
from .screen_readers.targets import (
    MAX_CUTS,
    MAX_NOT_NEW_SHARE,
    MAX_PROMPT_SHARE,
    MAX_SYMBOLS,
    MAX_UNASKED_ENDS_PER_TURN,
)
from .screen_readers.voicing import Voicing

REQUIRED = os.environ.get("BERGEN_REQUIRE_READERS") == "1"  # CI sets it: a missing reader fails
TURNS = 3  # the player's turns of each run (18 runs: a few turns each keeps the grid near a minute)
SETTINGS = ("screenreader", PLAIN)
CASES = [
    Case(reader, language, mode) for mode in SETTINGS for reader in READERS for language in ("en", "de", "tr")
]
IDS = [f"{c.reader}-{c.mode}-{c.language}" for c in CASES]
ASKED = [c for c in CASES if c.mode != PLAIN]  # the plain setting asks no first-run question
# ------------------------------------------------------------------ the harness's own counting


def said(*texts: str) -> list[Said]:
    return [Said(float(n), "speak", text) for n, text in enumerate(texts)]


def recording(steps: list[Heard]) -> Recording:
    return Recording("test", steps, (), "", True)


QUESTION = Heard(Step("", ["Which one? Type 1 or 2."], "1-2> "), said("Which one? Type 1 or 2.", "1-2>"), "")


def test_each_character_gets_its_class_and_a_redraw_is_seen() -> None:
    move = Step("3-4", ["You play 3-4. Ends 5 and 4.", "Anna plays 4-6."], "5|6> ", turn=1)
    heard = Heard(
        move,
        said("5|3> 3-4", "You play 3-4. Ends 5 and 4.", "Anna plays 4-6.", "Anna plays", "5|6>"),
        "5|3> ",
    )
    steps = [QUESTION, Heard(Step("1", [], "5|3> "), said("5|3>"), "1-2> "), heard]
    figures = measure(recording(steps), "en", "x", 1, symbols={"|": "bar", ">": "greater than"})
    assert figures.redraws == 1 and figures.typed_with_old_prompt == 1
    assert figures.chars[ECHO] == len("3-4")
    assert figures.chars[AGAIN] == len("Anna plays")  # said a second time: not new
    # the prompts; the old one twice (said again with the typed line, and the space before it)
    assert figures.chars[PROMPT] == len("1-2>") + len("5|3>") * 2 + 1 + len("5|6>")
    assert figures.chars[OTHER] == 0
    assert figures.symbols == {"|": 3, ">": 4}
    # the ends: in the message (not asked: the line was a move) and in each of three prompts
    assert (figures.ends_said, figures.ends_in_prompt, figures.ends_unasked) == (4, 3, 4)
    assert [fate.twice for fate in figures.messages] == [False, True]


def test_splits_inside_a_word_or_tile_are_told_from_splits_between_words() -> None:
    lines = ["Your turn. Also in hand: 0-0 0-5.", "Bergen. Type help for the commands."]
    spoken = said("Your turn. Also in hand: 0-0 0-", "5.", "Bergen. Type help", "for the commands.", "1>")
    figures = measure(recording([QUESTION, Heard(Step("1", lines, "1> "), spoken, "1-2> ")]), "en", "x", 1)
    tile, words = figures.messages
    assert (tile.splits_inside, tile.splits_between, tile.once_whole) == (1, 0, False)
    assert (words.splits_inside, words.splits_between, words.once_whole) == (0, 1, True)


def test_a_missing_message_an_unknown_utterance_and_an_asked_for_answer() -> None:
    lines = ["Ends 2 and 4.", "Nothing else."]
    figures = measure(
        recording([QUESTION, Heard(Step("e", lines, "> "), said("Ends 2 and 4.", "beep boop"), "1-2> ")]),
        "en",
        "x",
        2,
    )
    asked, lost = figures.messages
    assert asked.once_whole and lost.missing
    assert figures.chars[OTHER] == len("beep boop") + 1
    assert (figures.ends_said, figures.ends_unasked) == (1, 0)
    assert figures.chars[MESSAGE] == len("Which one? Type 1 or 2.") + len("Ends 2 and 4.")


def test_the_first_run_question_split_and_said_with_its_answer() -> None:
    question = Heard(
        Step("", ["Which one? Type 1 or 2."], "1-2> "), said("Which one? Ty", "pe 1 or 2.", "1-2>"), ""
    )
    answer = Heard(Step("1", ["Started."], "> "), said("1-2> 1", "Started.", ">"), "1-2> ")
    figures = measure(recording([question, answer]), "en", "x", 1)
    assert figures.question_count("splits_inside") == 1 and figures.question_utterances == 3
    assert figures.question_redraw and figures.redraws == 0


def test_a_letter_is_the_echo_only_when_it_is_a_key_that_was_typed() -> None:
    cursor = [Said(0.0, "letter", "space"), *said("Which one? Type 1 or 2.", "1-2>")]
    question = Heard(Step("", ["Which one? Type 1 or 2."], "1-2> "), cursor, "")
    keys = [Said(0.0, "letter", "h"), Said(0.1, "letter", "x"), *said("Your hand.", ">")]
    answer = Heard(Step("h", ["Your hand."], "> "), keys, "1-2> ")
    figures = measure(recording([question, answer]), "en", "x", 1)
    assert (figures.chars[ECHO], figures.chars[OTHER]) == (1, len("space") + 1)
    assert figures.other_text == ["[letter space]", "[letter x]"]


def test_the_harness_knows_the_ends_in_every_language_or_says_so() -> None:
    for language, answer in (("de", "Enden 2 und Doppel-4."), ("tr", "Uçlar: 2 ve çift 4.")):
        heard = Heard(Step("e", [answer], "> "), said(answer, ">"), "1-2> ")
        assert measure(recording([QUESTION, heard]), language, "x", 1).ends_said == 1
    unknown = Heard(Step("e", ["Left 2, right 4."], "> "), said("Left 2, right 4."), "1-2> ")
    with pytest.raises(AssertionError, match="ENDS_WORDS"):
        measure(recording([QUESTION, unknown]), "en", "x", 1)


def test_fenrir_speech_is_measured_as_fenrir_sends_it() -> None:
    """Fenrir writes its words into the text ("3 dash 5"), drops marks it does not say ("5|3>" is
    "5 3") and joins the lines of one screen update with "  , ": the harness holds that against the
    program's text and counts each symbol said as a word; "blank" after Enter is the Enter's echo."""
    fenrir = Voicing({"-": "dash"}, rewrites=True, dropped=frozenset("|>"), separator=r"\s\s,\s")
    move = Step("3-4", ["You play 3-4.", "Anna plays 4-6."], "5|6> ", turn=1)
    spoken = said("3 dash 4", "You play 3 dash 4.  , Anna plays 4 dash 6.  , 5 6")
    heard = Heard(move, spoken, "5|3> ")
    question = Heard(Step("", ["Which one?"], "1-2> "), said("Which one?  , 1 dash 2"), "")
    figures = measure(recording([question, heard]), "en", "x", 1, voicing=fenrir)
    assert figures.chars[OTHER] == 0 and figures.chars[ECHO] == len("3 dash 4")
    assert figures.symbols == {"-": 3}  # the question's prompt and two tiles; the echo is the player's
    assert [fate.once_whole for fate in figures.messages] == [True, True]
    assert figures.ends_in_prompt == 1  # "5|6" said as "5 6" is still the ends
    assert Voicing(enter_words=frozenset({"blank"})).pieces("blank") == ["blank"]


def test_fenrir_runs_with_the_logger_through_its_own_pty(tmp_path: Path) -> None:
    if not FENRIR_SETTINGS.is_file():
        unavailable("Fenrir is not installed (apt-get install fenrir)")
    conf = fenrir_settings("LOGGER fenrirText", tmp_path / "run.sh", tmp_path / "debug.log")
    sections: dict[str, dict[str, str]] = {}
    section = ""
    for line in conf.splitlines():
        if line.startswith("["):
            section = line.strip("[]")
        elif "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            sections.setdefault(section, {})[key] = value
    assert sections["speech"]["genericSpeechCommand"] == "LOGGER fenrirText"
    assert sections["speech"]["driver"] == "genericDriver"
    assert sections["screen"]["driver"] == sections["keyboard"]["driver"] == "ptyDriver"
    assert sections["sound"]["enabled"] == sections["remote"]["enable"] == "False"
    assert sections["general"]["shell"] == str(tmp_path / "run.sh")


def test_the_table_by_hand_keeps_to_a_scratch_folder() -> None:
    """``python -m tests.screen_readers`` runs outside pytest: it points the data and settings folders
    at a scratch folder of its own, and gives the ones before back."""
    before = {name: os.environ.get(name) for name in (paths.DATA_VARIABLE, paths.CONFIG_VARIABLE)}
    with scratch_folders():
        inside = Path(os.environ[paths.DATA_VARIABLE])
        assert inside.name == "data" and inside.parent.name.startswith("bergen-sr-main-")
        assert paths.data_dir() == inside
    assert {name: os.environ.get(name) for name in before} == before
    assert not inside.parent.exists()


@needs_pty
@needs_linux
def test_closing_a_run_ends_what_the_reader_forked(tmp_path: Path) -> None:
    """A reader that forks helpers (Fenrir does) and is slow to end on a hang-up: closing its run ends
    the helpers too. Killing only the reader left them running, a few a suite, until a later run's
    Fenrir found the machine crowded and said nothing."""
    helper_file = tmp_path / "helper.pid"
    reader = (
        "import os, signal, sys, time\n"
        "signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        "helper = os.fork()\n"
        "if helper == 0:\n"
        "    time.sleep(120)\n"
        "    os._exit(0)\n"
        f"open({str(helper_file)!r}, 'w').write(str(helper))\n"
        "print('ready', flush=True)\n"
        "time.sleep(120)\n"
    )
    started = Started([sys.executable, "-c", reader], {}, PipeSynth(tmp_path / "speech.log"))
    run = Run(started, tmp_path)
    try:
        run.child.expect("ready", timeout=30)
        helper = int(helper_file.read_text())
    finally:
        run.close(tmp_path)
    deadline = time.monotonic() + 10
    while alive(helper) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(helper), "the reader's helper outlived the run"


def alive(pid: int) -> bool:
    """Whether a process of ours still runs (a zombie, reaped by init soon, counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_yasr_symbols_come_from_its_dict_section(tmp_path: Path) -> None:
    conf = tmp_path / "yasr.conf"
    conf.write_text(
        '[options]\nkey echo=off\n[dict]\n"=quote\n0x23=number\n|=bar\n>=greater than\n==equals\n'
    )
    assert yasr_symbols(conf) == {'"': "quote", "#": "number", "|": "bar", ">": "greater than", "=": "equals"}


def test_the_logging_ssip_server_answers_as_speech_dispatcher_does() -> None:
    synth = SsipSynth()
    try:
        with socket.create_connection(("127.0.0.1", synth.port), timeout=5) as client:
            reader = client.makefile("rb")
            client.sendall(b"SET SELF RATE 0\r\n")
            assert reader.readline() == b"208 OK\r\n"
            client.sendall(b"SPEAK\r\n")
            assert reader.readline() == b"230 OK RECEIVING DATA\r\n"
            client.sendall(b"..a dot first\r\nand a line\r\n.\r\n")
            assert [reader.readline(), reader.readline()] == [b"225-1\r\n", b"225 OK MESSAGE QUEUED\r\n"]
            client.sendall(b"CANCEL SELF\r\n")
            assert reader.readline() == b"208 OK\r\n"
        assert [(s.kind, s.text) for s in synth.said()] == [
            ("speak", ".a dot first\nand a line"),
            ("cancel", ""),
        ]
    finally:
        synth.close()


# ------------------------------------------------------------------ the program under yasr and tdsr


def unavailable(reason: str) -> NoReturn:
    """Skip, or fail where the readers are required (CI)."""
    if REQUIRED:
        pytest.fail(f"{reason}; BERGEN_REQUIRE_READERS is set")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def runs() -> dict[Case, Figures]:
    """Every case at once (each has its own folders, port and terminal; the plain setting is played at a
    terminal: through a pipe it writes for programs). A case that misses a target is played once more
    and the second run counts: a reader on a busy machine may read a line the program is still writing
    (a cut seen once in about 50 runs, never again in the same case), while what the program does
    wrong (a line wrapped inside a word, a symbol, the prompt) comes back every time."""
    missing = missing_readers()
    if missing and REQUIRED:
        unavailable("; ".join(missing.values()))
    found = run_cases([c for c in CASES if c.reader not in missing], turns=TURNS, workers=9)
    again = [case for case, figures in found.items() if misses(figures)]
    if again:
        print("played again:", ", ".join(f"{c.reader}-{c.mode}-{c.language}" for c in again))
        found.update(run_cases(again, turns=TURNS, workers=9))
    return found


def misses(figures: Figures) -> bool:
    """Whether a run misses a target (the same figures the tests below hold)."""
    return (
        figures.not_new_share > MAX_NOT_NEW_SHARE
        or figures.prompt_share > MAX_PROMPT_SHARE
        or figures.symbol_count > MAX_SYMBOLS
        or figures.per_turn(figures.ends_unasked) > MAX_UNASKED_ENDS_PER_TURN
        or cuts(figures) > MAX_CUTS
        or figures.messages_once_whole < len(figures.messages)
    )


def figures_of(runs: dict[Case, Figures], case: Case) -> Figures:
    if case not in runs:
        unavailable(missing_readers([case.reader])[case.reader])
    return runs[case]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_reader_heard_the_match_the_plain_run_played(runs: dict[Case, Figures], case: Case) -> None:
    figures = figures_of(runs, case)
    assert figures.same_match, "the game under the reader went another way than through the pipe"
    assert figures.unseen_steps == 0, "steps whose answer never showed on the screen"
    assert figures.mode_chosen, "the first-run answer 1 did not give speech off, each line written once"
    assert figures.turns == TURNS and len(figures.messages) > 3 * TURNS
    assert figures.chars[MESSAGE] > 0.5 * figures.total


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_at_most_5_percent_of_speech_is_not_a_new_message(runs: dict[Case, Figures], case: Case) -> None:
    figures = figures_of(runs, case)
    assert figures.not_new_share <= MAX_NOT_NEW_SHARE, (
        f"{figures.not_new_share:.1f} % is not a new message (prompt {figures.chars[PROMPT]}, said again "
        f"{figures.chars[AGAIN]}, other {figures.chars[OTHER]} of {figures.total - figures.chars[ECHO]} "
        f"characters): {figures.other_text[:10]}"
    )


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_prompt_is_at_most_5_percent_of_speech(runs: dict[Case, Figures], case: Case) -> None:
    figures = figures_of(runs, case)
    assert figures.prompt_share <= MAX_PROMPT_SHARE, (
        f"prompt {figures.prompt_share:.1f} %, {figures.per_turn(figures.chars[PROMPT]):.0f} characters a turn"  # noqa: E501
    )


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_no_symbol_of_ours_is_read_as_a_word(runs: dict[Case, Figures], case: Case) -> None:
    """Each reader at its default punctuation: Fenrir says "dash" for every "-" (a tile "3-5" is
    printed "3 5" for it), yasr's table names "|" and ">"."""
    figures = figures_of(runs, case)
    if not figures.symbols_counted:
        unavailable("yasr's symbol table is not installed (apt-get install yasr)")
    assert figures.symbol_count <= MAX_SYMBOLS, dict(figures.symbols)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_ends_are_said_unasked_at_most_once_a_turn(runs: dict[Case, Figures], case: Case) -> None:
    figures = figures_of(runs, case)
    unasked = figures.per_turn(figures.ends_unasked)
    assert unasked <= MAX_UNASKED_ENDS_PER_TURN, (
        f"{unasked:.1f} a turn unasked ({figures.per_turn(figures.ends_in_prompt):.1f} in the prompt)"
    )


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_nothing_is_cut_inside_a_word_or_tile(runs: dict[Case, Figures], case: Case) -> None:
    figures = figures_of(runs, case)
    cut = [fate.text for fate in [*figures.messages, *figures.prompts] if fate.splits_inside]
    assert cuts(figures) <= MAX_CUTS, (cut, figures.transcript)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_message_is_said_once_and_whole(runs: dict[Case, Figures], case: Case) -> None:
    figures = figures_of(runs, case)
    wrong = [
        (fate.text, "missing" if fate.missing or fate.partly_missing else "twice" if fate.twice else "cut")
        for fate in figures.messages
        if not fate.once_whole
    ]
    assert not wrong, wrong


@pytest.mark.parametrize("case", ASKED, ids=[f"{c.reader}-{c.language}" for c in ASKED])
def test_the_first_run_question_is_said_once_and_whole(runs: dict[Case, Figures], case: Case) -> None:
    figures = figures_of(runs, case)
    assert figures.question, "the first-run question was not asked"
    wrong = [fate.text for fate in figures.question if not fate.once_whole]
    assert not wrong, wrong
    assert figures.question_prompt is not None and not figures.question_prompt.twice
    assert not figures.question_redraw, "the answer was said again with the question's prompt"
