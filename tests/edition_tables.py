"""Checks of an edition's bid tables against its rulebook's rows, shared by the editions
whose sources are read as rows (1.4.0's LaTeX, 1.5.1's Lua; see ``rulebook_tex`` and
``rulebook_lua``)."""

from __future__ import annotations

import re

from combowhist import load_profile
from combowhist.bids import Bid, GoalKind

DASHES = {"—", "–", "-"}
YES_NO = {"yes": True, "no": False, "ja": True, "nej": False}
NON_TRUMP_WORDS = {"non-trump bids", "icke-trumf-bud"}


def bid_named(edition: str, designation: str, language: str) -> Bid:
    """The one bid of ``edition`` a table row names (case aside: 1.5.1's Greed row says
    "Taintless bid")."""
    profile = load_profile(edition)
    found = [b for b in profile.bids.values()
             if b.names[language].casefold() == designation.casefold()]
    assert len(found) == 1, f"{designation!r} names {len(found)} bids of {edition}"
    return found[0]


def plain(text: str) -> str:
    """A profile's rules text without its markup, as the rulebook source reads."""
    return " ".join(re.sub(r"</?i>", "", text).split())


def check_standard_row(edition: str, language: str, row: list[str]) -> None:
    """One row of section 4: designation, worth, score, trump, tricks, rules."""
    designation, worth, score, trump, tricks, rules = row
    bid = bid_named(edition, designation, language)
    assert bid.standard
    assert load_profile(edition).bid(designation) is bid
    assert bid.worth == int(worth)
    assert bid.score == (None if score == "*" else int(score))
    assert bid.has_trump is YES_NO[trump]
    assert bid.goal is not None
    least = re.fullmatch(r"min\.? (\d+)", tricks)
    if least:
        assert (bid.goal.kind, bid.goal.n) == (GoalKind.MIN_TRICKS, int(least.group(1)))
    elif tricks == "13":  # all of them
        assert (bid.goal.kind, bid.goal.n) == (GoalKind.MIN_TRICKS, 13)
    elif tricks == "0":
        assert (bid.goal.kind, bid.goal.n) == (GoalKind.MAX_TRICKS, 0)
    else:  # "varies", "see →"
        assert tricks.startswith(("varies", "varierar", "see", "se"))
        assert bid.goal.kind not in (GoalKind.MIN_TRICKS, GoalKind.MAX_TRICKS)
    assert plain(bid.rules[language]) == rules


def check_special_row(edition: str, language: str, row: list[str]) -> None:
    """One row of section 5: designation, worth, order, incompatibility, rules."""
    designation, worth, order, incompatibility, rules = row
    bid = bid_named(edition, designation, language)
    assert not bid.standard
    numbers = [int(n) for n in re.findall(r"-?\d+", worth)]  # "1 or 3": Master's Mail (R10)
    assert bid.worth == numbers[0]
    assert bid.trump_bid_worth == (numbers[1] if len(numbers) == 2 else None)
    assert bid.order == (None if order in DASHES else int(order))
    listed: set[str] = set()
    if incompatibility not in DASHES:
        for name in incompatibility.split(", "):
            if name in NON_TRUMP_WORDS:
                listed |= {b.key for b in load_profile(edition).standard_bids
                           if not b.has_trump}
            else:
                listed.add(bid_named(edition, name, language).key)
    assert listed <= bid.incompatible  # the column lists one direction (R7)
    assert plain(bid.rules[language]) == rules
