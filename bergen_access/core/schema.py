"""A small declarative check of JSON data read from files we do not trust.

Save files, score sheets and settings are checked against a schema before
any of their values is used: types, ranges, known words, lengths. A failure
names the place (``actions[3].seat``) so the player hears one precise
sentence instead of a traceback. Schemas are plain functions, composed:

>>> check = obj({"seat": integer(0, 3)})
>>> check({"seat": 5}, "action")
Traceback (most recent call last):
...
bergen_access.core.schema.SchemaError: action.seat: out of range
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from typing import Any

from .refused import Refused, SchemaProblem

Check = Callable[[Any, str], None]


class SchemaError(Refused):
    """Data that does not have the expected shape; ``where`` is its place, ``code`` what is wrong."""

    def __init__(self, where: str, problem: SchemaProblem) -> None:
        super().__init__(problem, where=where)
        self.where = where
        self.problem = problem

    def __str__(self) -> str:
        return f"{self.where}: {self.problem.value}"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def integer(low: int, high: int) -> Check:
    """A whole number from ``low`` to ``high``."""

    def check(value: Any, where: str) -> None:
        if not _is_int(value):
            raise SchemaError(where, SchemaProblem.NOT_A_WHOLE_NUMBER)
        if not low <= value <= high:
            raise SchemaError(where, SchemaProblem.OUT_OF_RANGE)

    return check


def boolean() -> Check:
    def check(value: Any, where: str) -> None:
        if not isinstance(value, bool):
            raise SchemaError(where, SchemaProblem.NOT_TRUE_OR_FALSE)

    return check


def string(longest: int, pattern: str | None = None, choices: Collection[str] | None = None) -> Check:
    """Text of at most ``longest`` characters, matching ``pattern`` or one of ``choices``."""
    compiled = re.compile(pattern) if pattern is not None else None

    def check(value: Any, where: str) -> None:
        if not isinstance(value, str):
            raise SchemaError(where, SchemaProblem.NOT_TEXT)
        if len(value) > longest:
            raise SchemaError(where, SchemaProblem.TOO_LONG)
        if choices is not None and value not in choices:
            raise SchemaError(where, SchemaProblem.NOT_A_KNOWN_VALUE)
        if compiled is not None and not compiled.fullmatch(value):
            raise SchemaError(where, SchemaProblem.NOT_IN_THE_EXPECTED_FORM)

    return check


def nullable(inner: Check) -> Check:
    """``None`` or what ``inner`` accepts."""

    def check(value: Any, where: str) -> None:
        if value is not None:
            inner(value, where)

    return check


def scalar() -> Check:
    """Text (short), a whole number, true or false, or null: an option's value."""

    def check(value: Any, where: str) -> None:
        if value is None or isinstance(value, bool) or _is_int(value):
            return
        if isinstance(value, str) and len(value) <= 40:
            return
        raise SchemaError(where, SchemaProblem.NOT_A_SIMPLE_VALUE)

    return check


def array(item: Check, longest: int, shortest: int = 0) -> Check:
    """A list of ``shortest`` to ``longest`` items, each checked."""

    def check(value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise SchemaError(where, SchemaProblem.NOT_A_LIST)
        if not shortest <= len(value) <= longest:
            raise SchemaError(where, SchemaProblem.WRONG_NUMBER_OF_ITEMS)
        for number, element in enumerate(value):
            item(element, f"{where}[{number}]")

    return check


def obj(required: Mapping[str, Check], optional: Mapping[str, Check] | None = None) -> Check:
    """An object with these keys (others are ignored: a newer version may add some)."""
    optional = optional or {}

    def check(value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise SchemaError(where, SchemaProblem.NOT_AN_OBJECT)
        for key, inner in required.items():
            if key not in value:
                raise SchemaError(f"{where}.{key}", SchemaProblem.MISSING)
            inner(value[key], f"{where}.{key}")
        for key, inner in optional.items():
            if key in value:
                inner(value[key], f"{where}.{key}")

    return check


def mapping(key: Check, item: Check, longest: int) -> Check:
    """An object used as a dictionary: every key and value checked."""

    def check(value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise SchemaError(where, SchemaProblem.NOT_AN_OBJECT)
        if len(value) > longest:
            raise SchemaError(where, SchemaProblem.TOO_MANY_ENTRIES)
        for name, element in value.items():
            place = f"{where}.{_key_text(name)}"
            key(name, place)
            item(element, place)

    return check


def _key_text(name: object) -> str:
    """A key as a place may name it: a file's own key is shown only when it is a plain word."""
    if isinstance(name, str) and name.isidentifier() and name.isascii() and len(name) <= 40:
        return name
    return "?"


def tagged(tag: str, variants: Mapping[str, Check]) -> Check:
    """An object whose ``tag`` key chooses which schema the rest must follow."""

    def check(value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise SchemaError(where, SchemaProblem.NOT_AN_OBJECT)
        chosen = value.get(tag)
        inner = variants.get(chosen) if isinstance(chosen, str) else None
        if inner is None:
            raise SchemaError(f"{where}.{tag}", SchemaProblem.NOT_A_KNOWN_VALUE)
        inner(value, where)

    return check


TILE_TEXT = (
    r"(?:[0-9]|1[0-2])-(?:[0-9]|1[0-2])"  # a tile of any set; the rules check it is of the match's set
)
TILE_LONGEST = 5  # "10-12"
SET_TILES = 91  # the most tiles of any set
