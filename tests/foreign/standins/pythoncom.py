"""Stand-in for pywin32's pythoncom (the foreign-platform profile): starting COM is recorded per thread."""

from __future__ import annotations

from foreign_record import record, start_com


def CoInitialize() -> None:  # noqa: N802 - pywin32's name
    start_com()
    record("CoInitialize")
