"""Sphinx directives that render rule-profile data, so the docs cannot drift from it.

``.. bid-tables:: 1.4.2``
    The standard-bid and special-bid tables of a profile, every column read from the
    profile's :class:`~combowhist.bids.Bid` rows with the same column helpers that
    ``combowhist rules`` prints with, and a "Type" column with the notation to type.

``.. three-player-decks::``
    The cards each built-in profile removes for 3 players (R2), and how they differ.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from combowhist import CombowhistError, available_profiles, load_profile
from combowhist.bids import Bid
from combowhist.cli.rules import (
    incompatibility_text,
    order_text,
    score_text,
    tricks_text,
    trump_text,
    worth_text,
)
from combowhist.profiles import RuleProfile

Cell = str | list[nodes.Node]

_ITALIC = re.compile(r"<i>(.*?)</i>")
_SPACE_BEFORE_PUNCTUATION = re.compile(r"(</i>) ([.,;:])")


def rich_text(text: str) -> list[nodes.Node]:
    """The rulebook's rules text as inline nodes: ``<i>…</i>`` becomes emphasis."""
    text = _SPACE_BEFORE_PUNCTUATION.sub(r"\1\2", text)
    out: list[nodes.Node] = []
    position = 0
    for match in _ITALIC.finditer(text):
        out.append(nodes.Text(text[position:match.start()]))
        out.append(nodes.emphasis(text=match.group(1).strip()))
        position = match.end()
    out.append(nodes.Text(text[position:]))
    return out


def _row(cells: Sequence[Cell]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        paragraph = nodes.paragraph()
        if isinstance(cell, str):
            paragraph += nodes.Text(cell)
        else:
            paragraph.extend(cell)
        entry = nodes.entry()
        entry += paragraph
        row += entry
    return row


def table(title: str, header: Sequence[str], rows: Sequence[Sequence[Cell]],
          widths: Sequence[int]) -> nodes.table:
    """A docutils table with a caption, a header row and body rows."""
    result = nodes.table(classes=["bid-table"])
    result += nodes.title(text=title)
    group = nodes.tgroup(cols=len(header))
    result += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    head += _row(header)
    group += head
    body = nodes.tbody()
    for cells in rows:
        body += _row(cells)
    group += body
    return result


def notation(bid: Bid) -> list[nodes.Node]:
    """What to type for a bid in a combo (``bid trump+lock``): its key, as literal text."""
    return [nodes.literal(text=bid.key)]


def standard_bid_table(profile: RuleProfile) -> nodes.table:
    """Rulebook section 4 for a profile, English and Swedish names."""
    rows: list[list[Cell]] = [
        [bid.name("en"), bid.name("sv"), notation(bid), worth_text(bid), score_text(bid),
         trump_text(bid), tricks_text(bid), rich_text(bid.rules["en"])]
        for bid in profile.standard_bids
    ]
    return table(
        f"Standard bids of profile {profile}",
        ["Name", "Swedish", "Type", profile.term("worth"), "Score", "Trump", "Tricks", "Rules"],
        rows,
        [13, 12, 12, 5, 5, 5, 6, 44],
    )


def special_bid_table(profile: RuleProfile) -> nodes.table:
    """Rulebook section 5 for a profile, English and Swedish names."""
    rows: list[list[Cell]] = [
        [bid.name("en"), bid.name("sv"), notation(bid), worth_text(bid), order_text(bid),
         incompatibility_text(profile, bid), rich_text(bid.rules["en"])]
        for bid in profile.special_bids
    ]
    return table(
        f"Special bids of profile {profile}",
        ["Name", "Swedish", "Type", profile.term("worth"), profile.term("order"),
         "Incompatibility", "Rules"],
        rows,
        [11, 11, 11, 6, 5, 13, 43],
    )


def _edition_file(name: str) -> Path | None:
    path = Path(str(resources.files("combowhist.profiles") / "editions" / f"{name}.toml"))
    return path if path.is_file() else None


class ProfileDirective(SphinxDirective):
    """Shared by the directives here: load a profile, failing the build cleanly."""

    def profile(self, name: str) -> RuleProfile:
        try:
            profile = load_profile(name)
        except CombowhistError as error:
            raise self.error(f"cannot load profile {name!r}: {error}") from None
        path = _edition_file(profile.key)
        if path is not None:
            self.env.note_dependency(str(path))
        return profile


class BidTables(ProfileDirective):
    """``.. bid-tables:: PROFILE``: the standard-bid and special-bid tables."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        profile = self.profile(self.arguments[0])
        return [standard_bid_table(profile), special_bid_table(profile)]


class ThreePlayerDecks(ProfileDirective):
    """``.. three-player-decks::``: each built-in profile's 3-player deck (R2)."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        profiles = [self.profile(name) for name in available_profiles()]
        rows: list[list[Cell]] = [
            [str(p), str(p.three_players_removed), str(len(p.deck(3)))] for p in profiles
        ]
        out: list[nodes.Node] = [
            table("The deck for 3 players", ["Profile", "Removed cards", "Cards left"], rows,
                  [8, 40, 8])
        ]
        for first, second in itertools.pairwise(profiles):
            only_first = first.three_players_removed - second.three_players_removed
            only_second = second.three_players_removed - first.three_players_removed
            common = first.three_players_removed & second.three_players_removed
            text = (f"{first} removes {only_first or 'nothing'} where {second} removes "
                    f"{only_second or 'nothing'}; both remove {common or 'nothing'}.")
            out.append(nodes.paragraph(text=text))
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("bid-tables", BidTables)
    app.add_directive("three-player-decks", ThreePlayerDecks)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
