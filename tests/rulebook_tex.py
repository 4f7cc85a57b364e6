"""The bid tables of a LaTeX rulebook source (editions 1.4.0 and later), read as plain rows.

A row is the arguments of one ``\\standardBidItem`` (designation, worth, score, trump,
tricks, rules) or ``\\specialBidItem`` (designation, worth, order, incompatibility, rules),
with the markup turned into the plain text the profiles hold: ``---`` is an em dash, ``--``
an en dash, ``~`` a space, ``\\emph{x}`` and the like are ``x``.
"""

from __future__ import annotations

import re
from pathlib import Path

RULEBOOKS = Path(__file__).parent / "rulebooks"
ITEMS = {"standard": ("standard-bids.tex", r"\standardBidItem", 6),
         "special": ("special-bids.tex", r"\specialBidItem", 5)}


def tex_table(edition: str, language: str, kind: str) -> list[list[str]]:
    """Every row of one bid table of ``tests/rulebooks/v{edition}/{language}/``."""
    name, command, arguments = ITEMS[kind]
    text = (RULEBOOKS / f"v{edition}" / language / name).read_text(encoding="utf-8")
    macros = dict(re.findall(r"\\newcommand\{\\(\w+)\}\{\\textnormal\{([^}]*)\}\}", text))
    rows = []
    start = text.find(command + "%")
    while start >= 0:
        position = start + len(command) + 1
        cells = []
        for _ in range(arguments):
            cell, position = _group(text, position)
            cells.append(plain(cell, macros))
        rows.append(cells)
        start = text.find(command + "%", position)
    return rows


def _group(text: str, position: int) -> tuple[str, int]:
    """The brace group starting at the first ``{`` from ``position``; (its inside, the
    position after it)."""
    start = text.index("{", position)
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return text[start + 1:index], index + 1
    raise ValueError("unbalanced braces")


def plain(cell: str, macros: dict[str, str]) -> str:
    """A cell's LaTeX as plain text."""
    text = cell.strip().lstrip("%").strip()
    for name, value in macros.items():
        text = text.replace("\\" + name, value)
    text = re.sub(r"\\(?:emph|textit|textnormal|textsc)\{([^}]*)\}", r"\1", text)
    text = text.replace("---", "—").replace("--", "–").replace("~", " ")
    text = text.replace("{", "").replace("}", "")
    return " ".join(text.split())
