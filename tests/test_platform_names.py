"""Every name that only POSIX or only Windows (or macOS) has sits behind a capability test or a platform
check in bergen_access/, so no system meets an AttributeError or ImportError at a player's table.

The list of such names is kept here. A use is guarded when, in the function (or class) around it, the
same name is tested (``hasattr(x, "NAME")``, ``getattr(x, "NAME", None)``), or it sits in a ``try`` or
``contextlib.suppress`` that catches what a missing name raises, or an ``if`` on the platform; an import
that a caller catches is named in ``RAISED_TO_THE_CALLER`` with the caller, and the caller is checked. The
foreign-platform profile (tests/test_foreign_platforms.py) then runs these paths with the names gone.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "bergen_access"

#: attributes that some system's Python lacks
ATTRIBUTES = frozenset(
    {
        # Windows lacks these
        "AF_UNIX",
        "poll",
        "epoll",
        "killpg",
        "getpgid",
        "setsid",
        "fork",
        "getuid",
        "geteuid",
        "O_DIRECTORY",
        "SIGUSR1",
        "SIGUSR2",
        "SIGHUP",
        "SIGQUIT",
        "SIGTSTP",
        "SIGWINCH",
        "SIGALRM",
        "SIGPIPE",
        "pthread_kill",
        "setitimer",
        "TCP_USER_TIMEOUT",
        # macOS lacks this one (it has TCP_KEEPALIVE); old Windows lack the other two
        "TCP_KEEPIDLE",
        "TCP_KEEPINTVL",
        "TCP_KEEPCNT",
        # only Windows (or only macOS) has these
        "windll",
        "WinDLL",
        "SIGBREAK",
        "TCP_KEEPALIVE",
        "startfile",
        # asyncio has no signal handlers on Windows
        "add_signal_handler",
    }
)
#: what the tests themselves may not count on: pexpect's pty spawn and SIGKILL are POSIX only (a child's
#: pipes are read by threads, tests/drivers.py: Windows's select() takes sockets only)
TEST_ATTRIBUTES = frozenset({"spawn", "SIGKILL"})
#: names that are common elsewhere (``Popen.poll``) count only on their module
QUALIFIED = {
    "poll": "select",
    "epoll": "select",
    "fork": "os",
    "startfile": "os",
    "spawn": "pexpect",
}
#: in the tests, a skip that names the system counts as a test: these markers and conditions
TEST_GUARDS = (
    "needs_pty",
    "needs_posix",
    "needs_linux",
    "macos_profile",
    "PTY",
    "IS_ROOT",
    "skipif(sys.platform",
)
#: the foreign-platform profile takes Windows's missing names away on Linux: it is all about them
NOT_CHECKED = ("foreign/",)
#: keyword arguments of subprocess that Windows refuses (or ignores)
KEYWORDS = frozenset({"pass_fds", "preexec_fn", "start_new_session"})
#: modules that some system does not have
MODULES = frozenset(
    {
        "fcntl",
        "termios",
        "tty",
        "pty",
        "resource",
        "readline",
        "grp",
        "pwd",
        "msvcrt",
        "winreg",
        "_winapi",
        "pythoncom",
        "win32gui",
        "win32api",
        "pywintypes",
        "objc",
        "AppKit",
        "Foundation",
    }
)
#: what a missing attribute or module raises, and the catches that count as its test
CATCHES = frozenset(
    {"ImportError", "ModuleNotFoundError", "AttributeError", "NotImplementedError", "Exception"}
)
PLATFORM_WORDS = ("sys.platform", "os.name", "System.", "current_system", "is_windows")

#: imports left to raise ImportError out of their function, and the caller that catches it:
#: (module file, imported module) -> (module file of the caller, the caller's function, what it calls)
RAISED_TO_THE_CALLER = {
    ("ui/reader.py", "readline"): ("console.py", "write_once_reader", "ReadlineReader"),
}


@dataclass(frozen=True)
class Use:
    path: str
    line: int
    name: str
    guarded: bool


def _tested_names(node: ast.AST) -> set[str]:
    """The names a scope tests for: hasattr(x, "N") / getattr(x, "N", default)."""
    found = set()
    for call in ast.walk(node):
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id in ("hasattr", "getattr")
            and len(call.args) >= 2
            and isinstance(call.args[1], ast.Constant)
            and isinstance(call.args[1].value, str)
        ):
            found.add(call.args[1].value)
    return found


def _catches(handler_type: ast.expr | None) -> set[str]:
    if handler_type is None:
        return {"Exception"}
    names = handler_type.elts if isinstance(handler_type, ast.Tuple) else [handler_type]
    return {n.id if isinstance(n, ast.Name) else ast.unparse(n).rsplit(".", 1)[-1] for n in names}


def _guards(parents: list[ast.AST], node: ast.AST) -> bool:
    """Whether ``node`` sits in a try/suppress that catches a missing name, or an if on the platform."""
    for parent in parents:
        inside = isinstance(parent, ast.Try) and any(node in ast.walk(s) for s in parent.body)
        if inside and any(_catches(h.type) & CATCHES for h in parent.handlers):
            return True
        if isinstance(parent, ast.With):
            for item in parent.items:
                text = ast.unparse(item.context_expr)
                if "suppress(" in text and any(c in text for c in CATCHES):
                    return True
        if isinstance(parent, ast.If | ast.IfExp) and any(
            w in ast.unparse(parent.test) for w in PLATFORM_WORDS
        ):
            return True
    return False


def _is_annotation(node: ast.AST, child: ast.AST) -> bool:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return child is node.returns
    if isinstance(node, ast.arg | ast.AnnAssign):
        return child is node.annotation
    return False


def _skipped_elsewhere(parents: list[ast.AST], module: ast.Module) -> bool:
    """Whether a test's use sits under a skip that names the system (tests only): the module's
    ``pytestmark``, a decorator of the function around it, or an ``if`` on a capability."""
    marks = [
        ast.unparse(statement)
        for statement in module.body
        if isinstance(statement, ast.Assign) and "pytestmark" in ast.unparse(statement.targets[0])
    ]
    for parent in parents:
        if isinstance(parent, ast.FunctionDef | ast.ClassDef):
            marks += [ast.unparse(decorator) for decorator in parent.decorator_list]
        if isinstance(parent, ast.If | ast.IfExp):
            marks.append(ast.unparse(parent.test))
    return any(guard in mark for mark in marks for guard in TEST_GUARDS)


def _uses(path: Path, root: Path = PACKAGE, names: frozenset[str] = ATTRIBUTES) -> Iterator[Use]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    relative = path.relative_to(root).as_posix()
    tests = names is not ATTRIBUTES

    def visit(node: ast.AST, parents: list[ast.AST]) -> Iterator[Use]:
        name = None
        if isinstance(node, ast.Attribute) and node.attr in names:
            base = node.value.id if isinstance(node.value, ast.Name) else None
            if node.attr not in QUALIFIED or base == QUALIFIED[node.attr]:
                name = node.attr
        elif isinstance(node, ast.keyword) and node.arg in KEYWORDS:
            name = node.arg
        elif isinstance(node, ast.Import):
            name = next((a.name for a in node.names if a.name.split(".")[0] in MODULES), None)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in MODULES:
            name = node.module
        if name is not None:
            scopes = [p for p in parents if isinstance(p, ast.FunctionDef | ast.ClassDef)]
            scopes = scopes or parents[1:2]  # at the top of a module: the statement around it
            tested = any(name in _tested_names(scope) for scope in scopes[-2:])
            caught = _guards(parents, node) or (relative, name) in RAISED_TO_THE_CALLER
            skipped = tests and _skipped_elsewhere(parents, tree)
            yield Use(relative, getattr(node, "lineno", 0), name, tested or caught or skipped)
        for child in ast.iter_child_nodes(node):
            if tests and _is_annotation(node, child):
                continue  # "-> pexpect.spawn" is a string under "from __future__ import annotations"
            yield from visit(child, [*parents, node])

    yield from visit(tree, [])


def all_uses() -> list[Use]:
    return [use for path in sorted(PACKAGE.rglob("*.py")) for use in _uses(path)]


def uses_in_tests() -> list[Use]:
    """The same names in the tests, with what only the tests count on, and the tests' skips as tests."""
    tests = PACKAGE.parent / "tests"
    paths = [
        path
        for path in sorted(tests.rglob("*.py"))
        if not path.relative_to(tests).as_posix().startswith(NOT_CHECKED)
    ]
    return [use for path in paths for use in _uses(path, tests, ATTRIBUTES | TEST_ATTRIBUTES)]


def test_every_platform_only_name_is_behind_a_test() -> None:
    unguarded = [f"{u.path}:{u.line} {u.name}" for u in all_uses() if not u.guarded]
    assert not unguarded, "names another system lacks, used without a test:\n" + "\n".join(unguarded)


def test_the_tests_use_no_platform_only_name_without_a_test_or_a_skip() -> None:
    """A test suite that can pass on Windows: every POSIX-only name in tests/ is behind a capability test
    or a skip that names the system (tests/capabilities.py)."""
    unguarded = [f"{u.path}:{u.line} {u.name}" for u in uses_in_tests() if not u.guarded]
    assert not unguarded, "tests that would fail on another system:\n" + "\n".join(unguarded)


def test_the_list_finds_what_it_should() -> None:
    """The scan is not empty-handed: the known platform paths are found (and guarded)."""
    found = {(u.path, u.name) for u in all_uses()}
    for expected in [
        ("output/brlapi.py", "AF_UNIX"),
        ("output/brlapi.py", "poll"),
        ("output/ssip.py", "AF_UNIX"),
        ("ui/reader.py", "termios"),
        ("ui/reader.py", "readline"),
        ("serve.py", "add_signal_handler"),
        ("serve.py", "resource"),
        ("output/windows_readers.py", "pythoncom"),
    ]:
        assert expected in found, expected


def test_an_unguarded_use_is_caught(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os, socket\n"
        "def a():\n    return socket.AF_UNIX\n"
        "def b():\n    if hasattr(socket, 'AF_UNIX'):\n        return socket.AF_UNIX\n"
        "def c():\n    try:\n        import termios\n    except ImportError:\n        return None\n"
        "def d():\n    os.killpg(1, 9)\n",
        encoding="utf-8",
    )
    uses = list(_uses(sample, tmp_path))
    assert [(u.line, u.name, u.guarded) for u in uses] == [
        (3, "AF_UNIX", False),
        (6, "AF_UNIX", True),
        (9, "termios", True),
        (13, "killpg", False),
    ]


def test_imports_raised_to_a_caller_are_caught_there() -> None:
    for (module, _imported), (caller_file, function, called) in RAISED_TO_THE_CALLER.items():
        assert (PACKAGE / module).exists(), module
        tree = ast.parse((PACKAGE / caller_file).read_text(encoding="utf-8"))
        caller = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == function)
        guarded_calls = [
            call
            for block in ast.walk(caller)
            if isinstance(block, ast.Try) and any("ImportError" in _catches(h.type) for h in block.handlers)
            for statement in block.body
            for call in ast.walk(statement)
            if isinstance(call, ast.Call) and ast.unparse(call.func) == called
        ]
        assert guarded_calls, f"{caller_file}:{function} must call {called} inside try/except ImportError"
