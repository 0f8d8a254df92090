"""Stand-in for pywin32's win32gui (the foreign-platform profile): JAWS's window exists when JAWS runs."""

from __future__ import annotations

from foreign_record import reader_is, record


def FindWindow(class_name: str, title: str) -> int:  # noqa: N802 - pywin32's name
    record("FindWindow", class_name, title)
    return 4242 if reader_is("jaws") and (class_name, title) == ("JFWUI2", "JAWS") else 0
