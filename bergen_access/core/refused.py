"""The one shape of a refusal: something asked for what cannot be, said by a typed code and its facts.

Every checker refuses this way: the engine and the tables (``Refusal``), the game's
and the scorekeeper's parsers (``ParseProblem``, ``EntryProblem``), the lobby's
``create`` (``CreateProblem``), the rules (``RulesProblem``), the records and files
(``RecordProblem``), the shape of data (``SchemaProblem``), the told deals
(``DealProblem``). A refusal holds no words: ``code`` says what is wrong and
``data`` the facts its sentence needs (the line as typed, the option, where in
a file); present/refusals.py says it in the player's language, one table per family
(tests/test_refusal_words.py checks every code has its words). The classes that
subclass ``Refused`` only name a family to catch, as python-chess's three
error classes do for all wrong input.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class Refused(ValueError):  # noqa: N818 - reads as what it says: the request was refused
    """What cannot be: ``code`` (a checker's StrEnum) and ``data`` (the facts, by name)."""

    def __init__(self, code: StrEnum, **data: Any) -> None:
        super().__init__(code.value, data)
        self.code = code
        self.data = data


class RecordProblem(StrEnum):
    """Why a record (a save, a score sheet, a table) or its file cannot be used."""

    NOT_A_RECORD = "not-a-record"
    UNKNOWN_VERSION = "unknown-version"
    MALFORMED = "malformed"
    BAD_ACTION = "bad-action"
    BAD_ENTRY = "bad-entry"
    DOES_NOT_REPLAY = "does-not-replay"
    # the file itself
    NOT_A_FILE = "not-a-file"
    UNREADABLE = "unreadable"
    TOO_LARGE = "too-large"
    NOT_TEXT = "not-text"
    NOT_JSON = "not-json"
    TOO_DEEP = "too-deep"


class SchemaProblem(StrEnum):
    """How a value read from a file is not of the expected shape."""

    NOT_A_WHOLE_NUMBER = "not a whole number"
    OUT_OF_RANGE = "out of range"
    NOT_TRUE_OR_FALSE = "not true or false"
    NOT_TEXT = "not text"
    TOO_LONG = "too long"
    NOT_A_KNOWN_VALUE = "not a known value"
    NOT_IN_THE_EXPECTED_FORM = "not in the expected form"
    NOT_A_SIMPLE_VALUE = "not a simple value"
    NOT_A_LIST = "not a list"
    WRONG_NUMBER_OF_ITEMS = "wrong number of items"
    NOT_AN_OBJECT = "not an object"
    MISSING = "missing"
    TOO_MANY_ENTRIES = "too many entries"
    NOT_A_NAME = "not a name"


class CreateProblem(StrEnum):
    """Why the lobby's ``create`` cannot make that table."""

    WORD = "word"  # a word create does not take
    LEVEL = "level"  # a computer level that does not exist
    PEOPLE = "people"  # every seat would be a computer's


class DealProblem(StrEnum):
    """Why a told deal (the scorekeeper's tiles by hand, a test's) cannot be dealt."""

    TILE_TWICE = "tile-twice"
    DOES_NOT_FIT_THE_TABLE = "does-not-fit-the-table"
    NOT_EACH_TILE_ONCE = "not-each-tile-once"
    UNKNOWN_DEALER = "unknown-dealer"
