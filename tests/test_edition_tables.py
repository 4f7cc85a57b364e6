"""Editions 1.4.0 and 1.5.1 against their own rulebooks, row by row: every row of both bid
tables in both languages, as the sources print it (1.4.0's LaTeX and 1.5.1's Lua tables in
``tests/rulebooks/``, GPL-3.0, copied verbatim), is the profile's bid of that name. 1.4.1
and 1.4.2 are checked against their texts in ``test_profiles.py``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from edition_tables import check_special_row, check_standard_row
from rulebook_lua import lua_table
from rulebook_tex import tex_table

SOURCES: dict[str, Callable[[str, str, str], list[list[str]]]] = {
    "1.4.0": tex_table,
    "1.5.1": lua_table,
}
LANGUAGES = ("en", "sv")


def rows(kind: str) -> list[object]:
    return [pytest.param(edition, language, row, id=f"{edition}-{language}-{row[0]}")
            for edition, read in SOURCES.items() for language in LANGUAGES
            for row in read(edition, language, kind)]


@pytest.mark.parametrize(("edition", "language", "row"), rows("standard"))
def test_section4_standard_bid_table_row(edition: str, language: str, row: list[str]) -> None:
    check_standard_row(edition, language, row)


@pytest.mark.parametrize(("edition", "language", "row"), rows("special"))
def test_section5_special_bid_table_row(edition: str, language: str, row: list[str]) -> None:
    check_special_row(edition, language, row)
