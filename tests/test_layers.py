"""The house's direction: each part of bergen_access/ imports only from the parts below it (README,
"For developers", writes the same order down). An import against the direction fails here."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "bergen_access"

#: from the bottom up; a part may import from its own layer's parts only where ``SIDEWAYS`` says so
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"core", "tournament"}),
    frozenset({"boundary", "system", "catalogs", "web"}),
    frozenset({"i18n"}),
    frozenset({"commands", "players"}),
    frozenset({"session"}),
    frozenset({"present"}),
    frozenset({"output", "keeping"}),
    frozenset({"seat"}),
    frozenset({"ui", "net"}),
    frozenset({"console", "cli_text", "rule_args"}),
    frozenset(
        {"play", "learn", "keep", "club", "join", "serve", "simulate", "record_command", "catalog_tools"}
    ),
    frozenset({"cli", "__main__"}),
)
#: the imports between parts of one layer that are allowed (importer, imported)
SIDEWAYS = frozenset(
    {
        ("console", "cli_text"),
        ("console", "rule_args"),
        ("rule_args", "cli_text"),
        ("__main__", "cli"),
        ("play", "learn"),  # the first start offers the practice
    }
)


def part_of(module: str) -> str:
    """``bergen_access.ui.game`` → ``ui``; ``bergen_access.play`` → ``play``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def layer_of(part: str) -> int:
    for number, layer in enumerate(LAYERS):
        if part in layer:
            return number
    raise AssertionError(f"{part} is in no layer: add it to LAYERS (and to README)")


def imports(path: Path) -> list[tuple[int, str]]:
    """The bergen_access modules ``path`` imports, with the line."""
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    module = list(relative.parts)
    package = module if path.name == "__init__.py" else module[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join([*base, node.module] if node.module else base) if node.level else node.module
            if target and target.startswith("bergen_access"):
                names = [target] if node.module else [f"{target}.{a.name}" for a in node.names]
                found += [(node.lineno, name) for name in names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("bergen_access")]
    return found


def violations() -> list[str]:
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        here = part_of(relative)
        if here in ("__init__",):
            continue
        for line, target in imports(path):
            there = part_of(target)
            if there in (here, "__init__"):
                continue
            mine, theirs = layer_of(here), layer_of(there)
            if theirs > mine or (theirs == mine and (here, there) not in SIDEWAYS):
                where = path.relative_to(PACKAGE.parent)
                wrong.append(f"{where}:{line} imports {target} ({here} -> {there})")
    return wrong


def test_every_import_goes_down_the_house() -> None:
    wrong = violations()
    assert not wrong, "imports against the house's direction:\n" + "\n".join(wrong)


def test_every_part_has_a_layer() -> None:
    modules = (".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts) for p in PACKAGE.rglob("*.py"))
    parts = {part_of(module) for module in modules}
    for part in parts - {"__init__"}:
        layer_of(part)


def test_the_check_sees_an_import_against_the_direction(tmp_path: Path) -> None:
    assert layer_of("core") < layer_of("present") < layer_of("ui")
    assert part_of("bergen_access.ui.game") == "ui" and part_of("bergen_access.play") == "play"
