"""The bid tables of edition 1.5.1's rulebook source, kept as Lua data
(``standard-bids.lua``, ``special-bids.lua``), read as plain rows.

A standard row is (designation, rank, score, trump, tricks, rules) and a special row
(designation, rank, priority, incompatibility, rules), each cell a string in the plain text
the profiles hold (the LaTeX markup read as :func:`rulebook_tex.plain` reads it); a
missing priority or incompatibility (``nil``) is an em dash, an incompatibility list is its
entries joined by ", ".
"""

from __future__ import annotations

import re
from pathlib import Path

from rulebook_tex import plain

RULEBOOKS = Path(__file__).parent / "rulebooks"
FILES = {"standard": "standard-bids.lua", "special": "special-bids.lua"}
NON_TRUMP = {"en": "non-trump bids", "sv": "icke-trumf-bud"}
"""What the tables' ``\\nonTrumpText`` macro prints in each language."""

_TOKEN = re.compile(r'\s*(?:(?P<string>"(?:[^"\\]|\\.)*")|(?P<number>-?\d+)|(?P<nil>nil)'
                    r'|(?P<open>\{)|(?P<close>\})|(?P<comma>,))')
Value = str | int | None | list["Value"]


def lua_table(edition: str, language: str, kind: str) -> list[list[str]]:
    """Every row of one bid table of ``tests/rulebooks/v{edition}/{language}/``."""
    text = (RULEBOOKS / f"v{edition}" / language / FILES[kind]).read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("--"))
    body = text[text.index("{"):]
    rows, _ = _value(body, 0)
    assert isinstance(rows, list)
    macros = {"nonTrumpText": NON_TRUMP[language]}
    return [[_cell(cell, macros) for cell in row] for row in rows if isinstance(row, list)]


def _cell(value: Value, macros: dict[str, str]) -> str:
    if value is None:
        return "—"
    if isinstance(value, list):
        return ", ".join(_cell(v, macros) for v in value)
    return plain(str(value), macros)


def _value(text: str, position: int) -> tuple[Value, int]:
    """The Lua value starting at ``position``: a string, an integer, ``nil`` or a table
    (a list of values); (it, the position after it)."""
    match = _TOKEN.match(text, position)
    if match is None:
        raise ValueError(f"not Lua data at {text[position:position + 40]!r}")
    position = match.end()
    if match["string"]:
        return re.sub(r"\\(.)", r"\1", match["string"][1:-1]), position
    if match["number"]:
        return int(match["number"]), position
    if match["nil"]:
        return None, position
    if not match["open"]:
        raise ValueError(f"unexpected {match.group().strip()!r}")
    items: list[Value] = []
    while True:
        close = _TOKEN.match(text, position)
        if close is not None and close["close"]:
            return items, close.end()
        item, position = _value(text, position)
        items.append(item)
        separator = _TOKEN.match(text, position)
        if separator is not None and separator["comma"]:
            position = separator.end()
