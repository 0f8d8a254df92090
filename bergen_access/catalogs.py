"""Gettext catalogs without a build step: read a .po file, produce .mo bytes.

The .po files in ``locales/`` are the single source. A wheel carries them
(and compiled .mo files) inside the package; an editable install reads the
.po files of the checkout. Either way they are turned into a
``GNUTranslations`` in memory, so the game speaks the same words both ways.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field


@dataclass
class Entry:
    """One message of a .po file."""

    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)

    @property
    def is_translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr) and "fuzzy" not in self.flags


def _unquote(text: str) -> str:
    value = ast.literal_eval(text)
    if not isinstance(value, str):
        raise ValueError(f"not a string: {text!r}")
    return value


def parse_po(text: str) -> list[Entry]:
    """The entries of a .po file (the header is the entry with an empty msgid)."""
    entries: list[Entry] = []
    current: Entry | None = None
    flags: set[str] = set()
    comments: list[str] = []
    key = ""
    index = 0

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if current is not None and key.startswith("msgstr"):
                finish()
            if line.startswith("#,"):
                flags.update(flag.strip() for flag in line[2:].split(","))
            elif line.startswith("#."):
                comments.append(line[2:].strip())
            continue
        if line.startswith('"'):
            chunk = _unquote(line)
            if current is None:
                raise ValueError(f"continuation line outside an entry: {raw!r}")
            if key == "msgctxt":
                current.msgctxt = (current.msgctxt or "") + chunk
            elif key == "msgid":
                current.msgid += chunk
            elif key == "msgid_plural":
                current.msgid_plural = (current.msgid_plural or "") + chunk
            else:
                current.msgstr[index] += chunk
            continue
        word, _, rest = line.partition(" ")
        if word in ("msgctxt", "msgid") and (current is None or key.startswith("msgstr")):
            finish()
            current = Entry(msgid="", flags=flags, comments=comments)
            flags, comments = set(), []
        if current is None:
            raise ValueError(f"unexpected line: {raw!r}")
        if word == "msgctxt":
            key, current.msgctxt = "msgctxt", _unquote(rest)
        elif word == "msgid":
            key, current.msgid = "msgid", _unquote(rest)
        elif word == "msgid_plural":
            key, current.msgid_plural = "msgid_plural", _unquote(rest)
        elif word.startswith("msgstr"):
            index = int(word[7:-1]) if word.startswith("msgstr[") else 0
            while len(current.msgstr) <= index:
                current.msgstr.append("")
            current.msgstr[index] = _unquote(rest)
            key = "msgstr"
        else:
            raise ValueError(f"unexpected line: {raw!r}")
    finish()
    return entries


def mo_bytes(entries: list[Entry], *, include_untranslated: bool = False) -> bytes:
    """A GNU .mo file holding the translated entries (and the header)."""
    table: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.msgid and not entry.is_translated and not include_untranslated:
            continue
        if "fuzzy" in entry.flags and entry.msgid:
            continue
        key = entry.msgid
        if entry.msgid_plural is not None:
            key += "\0" + entry.msgid_plural
        if entry.msgctxt is not None:
            key = entry.msgctxt + "\x04" + key
        table[key.encode("utf-8")] = "\0".join(entry.msgstr).encode("utf-8")
    keys = sorted(table)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(table[k] + b"\0" for k in keys)
    count = len(keys)
    key_start = 7 * 4 + 16 * count
    value_start = key_start + len(ids)
    offsets: list[int] = []
    position = 0
    for k in keys:
        offsets += [len(k), key_start + position]
        position += len(k) + 1
    position = 0
    for k in keys:
        offsets += [len(table[k]), value_start + position]
        position += len(table[k]) + 1
    header = struct.pack("Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
    key_table = struct.pack(f"{2 * count}i", *offsets[: 2 * count])
    value_table = struct.pack(f"{2 * count}i", *offsets[2 * count :])
    return header + key_table + value_table + ids + strs
