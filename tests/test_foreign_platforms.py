"""The real program on Windows and macOS terms, on this Linux machine: the foreign-platform profile.

Each test starts ``bergen`` with what the other system lacks taken away
(``tests/foreign/sitecustomize.py``: no AF_UNIX, poll, process groups, POSIX-only
signals, pass_fds, asyncio signal handlers, fcntl/termios/readline/pty/resource
in our code), with no TERM and no LANG, and with the standard streams in
cp1252 when they are pipes; the screen reader APIs are stand-ins that record
every call (``tests/foreign/standins``). What a real Windows or macOS machine
can still show is listed in docs/platform-checklist.md.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from .brltty_fixture import running_brltty
from .capabilities import needs_posix, needs_pty, press_ctrl_c, pty_spawn, spared_from_ctrl_c, wine_limit
from .console_bot import Typist, fast_opponent
from .drivers import PipeSession
from .foreign_profile import ROOT, calls, foreign_env, program
from .speech_fixtures import need

TRACEBACK = "Traceback"


def run(home: Path, args: list[str], typed: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    """The program with pipes in the profile, ``typed`` on its input (UTF-8 bytes, as a file would be)."""
    return subprocess.run(
        [*program(), *args],
        input=typed.encode("utf-8"),
        capture_output=True,
        cwd=ROOT,
        env=foreign_env(home, **env),
        timeout=120,
        check=False,
    )


def typed_slowly(home: Path, args: list[str], lines: list[str], **env: str) -> str:
    """The program with pipes in the profile, each line typed once the prompt is there (and a moment
    later, as a person types: speech gets to say what it was given before a reply interrupts it)."""
    session = PipeSession(args, home, foreign_env(home, **env))
    for line in lines:
        assert session.read_to_prompt() is not None
        time.sleep(0.3)
        session.type(line)
    assert session.finish() == 0
    assert TRACEBACK not in session.transcript
    return session.transcript


def text_of(result: subprocess.CompletedProcess[bytes]) -> str:
    out = result.stdout.decode("utf-8")  # strict: every byte written is UTF-8
    assert TRACEBACK not in out and TRACEBACK not in result.stderr.decode("utf-8", "replace"), out
    return out


# ------------------------------------------------------------------ Windows: the console game


def test_windows_a_whole_match_with_braille_auto(tmp_path: Path) -> None:
    """braille auto (the default) meets no AF_UNIX; a whole match is played through pipes and ends."""
    env = foreign_env(tmp_path, BERGEN_TEST_RETRY_SCALE="0.01")
    args = ["--new", "--seed", "21", "--lang", "en", "--sounds", "off", "--speech", "off"]
    session = PipeSession([*args, "--opponents", fast_opponent()], tmp_path, env)
    assert session.play(Typist().answer) == 0
    transcript = session.transcript
    assert "Match over" in transcript
    assert TRACEBACK not in transcript
    assert "No braille display" not in transcript  # auto takes none, silently


#: the game's own voice: espeak-ng through aplay on Linux (the profile), SAPI5 on Windows
windows_voice = (
    wine_limit("no SAPI5 voice (comtypes.gen.SpeechLib cannot be made: Wine has no SAPI type library)")
    if sys.platform == "win32"
    else pytest.mark.usefixtures("espeak_and_aplay")
)


@pytest.fixture
def espeak_and_aplay() -> None:
    need("espeak-ng")
    need("aplay")


@windows_voice
def test_windows_the_games_own_voice_starts_without_process_groups(tmp_path: Path) -> None:
    """The voice worker starts without pass_fds or process groups and speaks; nothing fails."""
    args = ["--new", "--seed", "21", "--lang", "en", "--sounds", "off", "--speech", "voice"]
    out = typed_slowly(tmp_path, args, ["hand", "quit"])
    assert re.search(r"^Your \d tiles: ", out, re.MULTILINE), out
    assert "Speech is not available" not in out


def test_windows_turkish_letters_through_a_cp1252_pipe(tmp_path: Path) -> None:
    out = text_of(run(tmp_path, ["--new", "--seed", "3", "--lang", "tr"], "hand\nquit\n"))
    assert "Taşların" in out and "Hoşça kal" in out
    assert "?" not in out.replace("?>", "")  # nothing replaced for want of a letter


@needs_posix  # a real Windows's display language is its own: the profile's stand-in for ctypes.windll
def test_windows_the_language_comes_from_the_display_language(tmp_path: Path) -> None:
    turkish = text_of(run(tmp_path / "tr", ["--new", "--seed", "3"], "quit\n", ui_language="0x041f"))
    assert "Kurallar" in turkish
    german = text_of(run(tmp_path / "de", ["--new", "--seed", "3"], "quit\n", ui_language="0x0407"))
    assert "Regeln" in german
    english = text_of(run(tmp_path / "en", ["--new", "--seed", "3"], "quit\n", ui_language="0x0409"))
    assert "Rules" in english


def test_windows_keep_reads_a_utf8_sheet_with_umlauts_and_a_byte_order_mark(tmp_path: Path) -> None:
    sheet = "\ufeffAyşe 5-5\nyes\n2-5 left\nAyşe 0-5 right\n02 right\ndraw\n2-2 left\nscore\nquit\n"
    result = run(tmp_path, ["keep", "--lang", "en", "--names", "Jürgen,Ayşe"], sheet)
    out = text_of(result)
    assert result.returncode == 0
    assert "Ayşe opens with 5-5." in out
    assert "Jürgen" in out and "JÃ¼rgen" not in out
    assert "Ayşe 5, Jürgen 2" in out or ("Ayşe" in out and "5" in out)


# ------------------------------------------------------------------ Windows: the screen readers


def _speech_calls(home: Path) -> list[dict[str, object]]:
    return [c for c in calls(home) if c["call"] not in ("FindWindow", "load_com")]


@pytest.mark.parametrize(
    ("reader", "spoken_as", "told"),
    [
        ("nvda-ssml", "nvdaController_speakSsml", False),  # NVDA 2024.1+ with the 2.0 client: SSML
        ("nvda", "nvdaController_speakText", True),  # accessible-output2's own client: plain text
        ("nvda-ssml-old", "nvdaController_speakText", True),  # client 2.0, older NVDA: 1717, then text
        ("jaws", "SayString", True),
    ],
)
def test_windows_screen_reader_speech_and_braille_from_one_thread_in_the_language(
    tmp_path: Path, reader: str, spoken_as: str, told: bool
) -> None:
    args = ["--new", "--seed", "3", "--lang", "de", "--speech", "screenreader", "--sounds", "off"]
    out = typed_slowly(tmp_path, args, ["hand", "quit"], reader=reader, ui_language="0x0409")
    made = _speech_calls(tmp_path)
    assert made, "nothing reached the screen reader"
    threads = {c["thread"] for c in made if c["call"] != "CoInitialize"}
    assert threads == {"speech"}, threads  # made, spoken to and brailled from the speech thread only
    assert all(c["com"] for c in made if c["call"] != "CoInitialize"), "COM not started on that thread"
    said = [c["args"] for c in made if c["call"] == spoken_as]
    assert any("Du hast 6 Steine" in str(a) for a in said), said  # the answer to hand
    if spoken_as == "nvdaController_speakSsml":
        assert all(str(a[0]).startswith('<speak xml:lang="de">') for a in said)
        assert not [c for c in made if c["call"] == "nvdaController_speakText"]
    brailled = [c["args"][0] for c in made if c["call"] in ("nvdaController_brailleMessage", "RunFunction")]
    assert any("0-5" in str(b) for b in brailled), brailled
    name = "JAWS" if reader == "jaws" else "NVDA"
    notice = f"{name} liest mit seiner eigenen Stimme"
    assert out.count(notice) == (1 if told else 0), out


@windows_voice
def test_windows_no_screen_reader_the_voice_speaks_and_narrator_is_explained(tmp_path: Path) -> None:
    args = ["--new", "--seed", "3", "--lang", "en", "--speech", "screenreader", "--sounds", "off"]
    out = typed_slowly(tmp_path, args, ["hand", "quit"], reader="")
    assert out.count("No screen reader answered (NVDA is not running; JAWS is not running)") == 1, out
    assert "the game's own voice speaks instead. With Narrator, type speech off" in out
    assert "Speech is not available" not in out


# ------------------------------------------------------------------ Windows: the console's keys


def console(tmp_path: Path, args: list[str], **env: str) -> pexpect.spawn:
    """The program in the Windows console (a pty, TERM unset): keys come through the msvcrt stand-in."""
    return pty_spawn(
        sys.executable,
        ["-m", "bergen_access", *args],
        cwd=str(ROOT),
        env=foreign_env(tmp_path, console=True, **env),
        encoding="utf-8",
        timeout=20,
        dimensions=(40, 200),
    )


@needs_pty  # the msvcrt stand-in reads a pty; the real console's keys: tests/test_wine_console.py
def test_windows_console_writes_once_with_tab_f2_and_f3(tmp_path: Path) -> None:
    child = console(
        tmp_path, ["--new", "--seed", "3", "--lang", "en", "--speech", "off", "--reader", "screenreader"]
    )
    child.expect("Move: ")  # the screen-reader setting: the short prompt, once per state
    child.send("ha\t")  # Tab completes the command word
    child.expect_exact("hand ")
    child.send("\r")
    child.expect(r"Your 6 tiles[^\n]*pips\.\r\n")  # nothing changed: no prompt after it
    child.send("\x1bOQ")  # F2: the last announcement again
    child.expect("Your 6 tiles")
    child.send("\x1bOR")  # F3 with speech off: said so
    child.expect("Speech is off; there is nothing to stop.")
    child.send("xyz\x7f\x7fhnd\r")  # backspaces erase on the line: "xhnd" is what was typed
    child.expect("I did not understand “xhnd”")
    child.send("\x1b[A")  # up: the line before comes back
    child.expect_exact("xhnd")
    child.send("\x1b\r")  # Escape empties the line; Enter on an empty line repeats the turn
    child.expect("Your turn")
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "\x1b[" not in (child.before or "")  # nothing drawn: no escape sequence written


@needs_pty
def test_windows_braille_display_over_tcp(tmp_path: Path) -> None:
    """BRLTTY for Windows serves BrlAPI over TCP: the game's own display is reached there."""
    with running_brltty(columns=40, tcp=True) as (brltty, display):
        quiet = ["--speech", "off", "--sounds", "off", "--reader", "screenreader"]
        child = console(
            tmp_path,
            ["--new", "--seed", "3", "--lang", "en", *quiet, "--braille", "brltty"],
            BRLAPI_HOST=f"127.0.0.1:{brltty.number}",
            BRLAPI_AUTH="none",
        )
        child.expect("Move: ")
        shown = display.wait_for_text(lambda text: "Anna" in text)  # the orientation line's braille
        assert "/15" in shown
        child.send("quit\r")
        child.expect(pexpect.EOF)
        child.close()
    assert "No braille display" not in (child.before or "")


# ------------------------------------------------------------------ Windows: the network


def test_windows_serve_stops_on_ctrl_c_and_join_notices_a_lost_line_without_enter(tmp_path: Path) -> None:
    serve = subprocess.Popen(
        [*program(), "serve", "--port", "0", "--lang", "en"],
        cwd=ROOT,
        env=foreign_env(tmp_path / "host"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert serve.stdout is not None
        first = serve.stdout.readline().decode("utf-8")
        found = re.search(r"listening on [\d.]+:(\d+)", first)
        assert found is not None, first
        port = found.group(1)
        join = PipeSession(
            ["join", f"127.0.0.1:{port}", "--name", "Ada", "--lang", "en", "--speech", "off"],
            tmp_path,
            foreign_env(tmp_path / "ada", BERGEN_TEST_RETRY_SCALE="0.01"),
            **spared_from_ctrl_c(),
        )
        assert join.read_to_prompt() is not None
        press_ctrl_c(serve)  # there are no asyncio signal handlers on Windows
        rest, errors = serve.communicate(timeout=20)
        assert serve.returncode == 0, errors.decode()
        assert b"bergen serve stopped" in rest and b"Traceback" not in errors
        deadline = time.monotonic() + 20  # nothing is typed: the lost line is noticed at the prompt
        while "is lost; trying again" not in join.transcript and time.monotonic() < deadline:
            join.read_to_prompt(timeout=20)
        assert "The connection to 127.0.0.1:" in join.transcript
        assert join.finish(timeout=30) == 1
        assert "Could not reach" in join.transcript and TRACEBACK not in join.transcript
    finally:
        if serve.poll() is None:
            serve.kill()


def test_windows_serve_web_gives_the_page_and_its_socket_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    """The web page's server (aiohttp, the page's files read from the package) on the Windows profile:
    the page, a line over its WebSocket answered, then Ctrl-C."""
    aiohttp = pytest.importorskip("aiohttp")
    serve = subprocess.Popen(
        [*program(), "serve", "--port", "0", "--web", "--lang", "en"],
        cwd=ROOT,
        env=foreign_env(tmp_path / "host"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert serve.stdout is not None
        lines = [serve.stdout.readline().decode("utf-8") for _ in range(2)]
        found = re.search(r"http://([\d.]+:\d+)/", "".join(lines))
        assert found is not None, lines
        address = found.group(1)

        async def visit() -> tuple[str, str]:
            async with aiohttp.ClientSession() as session:
                async with session.get(f"http://{address}/") as page:
                    html = await page.text()
                async with session.ws_connect(f"http://{address}/ws", origin=f"http://{address}") as socket:
                    await socket.send_str(json.dumps({"line": "name Ada"}))
                    said = ""
                    while "You are Ada" not in said:
                        said += (await socket.receive_str(timeout=10)) + "\n"
            return html, said

        html, said = asyncio.run(visit())
        assert 'role="log"' in html and "You are Ada" in said
        press_ctrl_c(serve)  # there are no asyncio signal handlers on Windows
        rest, errors = serve.communicate(timeout=20)
        assert serve.returncode == 0, errors.decode()
        assert b"bergen serve stopped" in rest and b"Traceback" not in errors
    finally:
        if serve.poll() is None:
            serve.kill()


# ------------------------------------------------------------------ macOS


#: the macOS profile's stand-ins for say, osascript and defaults are scripts with a #! line
macos_profile = pytest.mark.skipif(
    sys.platform == "win32", reason="the stand-ins for macOS's say, osascript and defaults need a POSIX shell"
)


def _stand_in(folder: Path, name: str, body: str) -> None:
    """An executable of macOS (say, osascript, defaults) that records how it was called."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"#!{sys.executable}\n" + body, encoding="utf-8")
    path.chmod(0o755)


MAC_TOOLS = r"""
import json, os, sys
text = "" if sys.stdin.isatty() else sys.stdin.read()
log = os.environ["BERGEN_FOREIGN_LOG"]
with open(log, "a", encoding="utf-8") as stream:
    stream.write(json.dumps({"call": os.path.basename(sys.argv[0]), "args": sys.argv[1:], "stdin": text,
                             "thread": "", "com": False}) + "\n")
name, args = os.path.basename(sys.argv[0]), sys.argv[1:]
if name == "say" and args[:2] == ["-v", "?"]:
    print("Anna                de_DE    # Hallo, ich heiße Anna.")
    print("Samantha            en_US    # Hello, my name is Samantha.")
    print("Yelda               tr_TR    # Merhaba, benim adım Yelda.")
elif name == "osascript" and "return application \"VoiceOver\" is running" in args:
    print(os.environ.get("FAKE_VOICEOVER", "false"))
elif name == "defaults" and args[-1:] == ["SCREnableAppleScript"]:
    print(os.environ.get("FAKE_VOICEOVER_SCRIPTING", "0"))
elif name == "defaults" and args[-1:] == ["AppleLanguages"]:
    print("(\n    \"" + os.environ.get("FAKE_APPLE_LANGUAGE", "en-US") + "\",\n    \"en-US\"\n)")
"""


def mac(tmp_path: Path, args: list[str], typed: list[str], **env: str) -> tuple[str, list[dict[str, object]]]:
    tools = tmp_path / "bin"
    for name in ("say", "osascript", "defaults"):
        _stand_in(tools, name, MAC_TOOLS)
    path = f"{tools}{os.pathsep}{os.environ.get('PATH', '')}"
    out = typed_slowly(tmp_path, [*args, "--sounds", "off"], typed, PATH=path, system="macos", **env)
    return out, calls(tmp_path)


@macos_profile
def test_macos_the_voice_is_say_with_a_voice_of_the_language(tmp_path: Path) -> None:
    out, made = mac(tmp_path, ["--new", "--seed", "3", "--lang", "de", "--speech", "voice"], ["hand", "quit"])
    spoken = [c for c in made if c["call"] == "say" and c["args"] != ["-v", "?"]]
    assert spoken and all(c["args"] == ["-v", "Anna"] for c in spoken), spoken
    assert any("Deine" in str(c["stdin"]) or "Runde" in str(c["stdin"]) for c in spoken)
    assert "Sprachausgabe nicht verfügbar" not in out


@macos_profile
def test_macos_voiceover_speaks_when_it_allows_scripts(tmp_path: Path) -> None:
    args = ["--new", "--seed", "3", "--lang", "de", "--speech", "screenreader"]
    out, made = mac(tmp_path, args, ["hand", "quit"], FAKE_VOICEOVER="true", FAKE_VOICEOVER_SCRIPTING="1")
    outputs = [
        c for c in made if c["call"] == "osascript" and "output (item 1 of argv)" in " ".join(c["args"])
    ]
    assert outputs, made
    assert not [c for c in made if c["call"] == "say" and c["args"] != ["-v", "?"]]
    assert out.count("VoiceOver liest mit seiner eigenen Stimme") == 1  # the Mac speaks English here


@macos_profile
def test_macos_voiceover_without_scripting_says_where_to_allow_it_and_say_speaks(tmp_path: Path) -> None:
    args = ["--new", "--seed", "3", "--lang", "en", "--speech", "screenreader"]
    out, made = mac(tmp_path, args, ["hand", "quit"], FAKE_VOICEOVER="true", FAKE_VOICEOVER_SCRIPTING="0")
    assert out.count("Allow VoiceOver to be controlled with AppleScript") == 1
    assert [c for c in made if c["call"] == "say" and c["args"] != ["-v", "?"]]


@macos_profile
def test_macos_the_language_comes_from_the_preferred_languages(tmp_path: Path) -> None:
    out, _ = mac(tmp_path, ["--new", "--seed", "3"], ["quit"], FAKE_APPLE_LANGUAGE="tr-TR")
    assert "Kurallar" in out
