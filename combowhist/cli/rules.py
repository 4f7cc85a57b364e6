"""``combowhist rules``: the bid tables as text.

``combowhist rules [--profile NAME] [--language en|sv]`` prints a profile's bid tables as the
rulebook has them; ``combowhist rules --diff A B`` prints everything that differs between two
profiles. A profile is named as :func:`~combowhist.profiles.load_profile` takes it: a
built-in edition, an alias, or the path of a TOML file.

The column helpers (:func:`worth_text`, :func:`incompatibility_text`, …) are shared with the
documentation, whose bid tables are generated from the same profile data.

>>> from combowhist import load_profile
>>> print(rules_text(load_profile("1.4.1")))  # doctest: +ELLIPSIS
Combo Whist 1.4.1 ...
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from combowhist.bids import Bid, Goal, GoalKind
from combowhist.primitives import BID_REFERENCES
from combowhist.profiles import RuleProfile

__all__ = [
    "diff_text",
    "incompatibility_text",
    "order_text",
    "profile_differences",
    "rules_text",
    "score_text",
    "special_table",
    "standard_table",
    "text_table",
    "tricks_text",
    "trump_text",
    "worth_text",
]

_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "designation": "Designation",
        "score": "Score",
        "trump": "Trump",
        "tricks": "Tricks",
        "incompatibility": "Incompatibility",
        "yes": "yes",
        "no": "no",
        "or": "or",
        "trumpless": "trumpless bids",
        "standard_bids": "Standard bids",
        "special_bids": "Special bids",
        "score_footnote": "* the combo bid's",
        "three_players": "Three players",
        "cards_without": "cards, without",
    },
    "sv": {
        "designation": "Benämning",
        "score": "Poäng",
        "trump": "Trumf",
        "tricks": "Stick",
        "incompatibility": "Inkompatibilitet",
        "yes": "ja",
        "no": "nej",
        "or": "el.",
        "trumpless": "trumflösa bud",
        "standard_bids": "Standardbud",
        "special_bids": "Specialbud",
        "score_footnote": "* kombinationsbudets",
        "three_players": "Tre spelare",
        "cards_without": "kort, utan",
    },
}

NONE_MARK = "—"
"""What an empty Order or Incompatibility cell shows, as in the rulebook."""


def _word(key: str, language: str) -> str:
    return _WORDS[language][key]


def worth_text(bid: Bid, language: str = "en") -> str:
    """The Worth column: ``"1 or 3"`` for a bid worth more with a trump bid (R10)."""
    if bid.trump_bid_worth is not None and bid.trump_bid_worth != bid.worth:
        return f"{bid.worth} {_word('or', language)} {bid.trump_bid_worth}"
    return str(bid.worth)


def score_text(bid: Bid) -> str:
    """The Score column: the points, or ``*`` for the combo bid's worth (R34)."""
    return "*" if bid.score is None else str(bid.score)


def trump_text(bid: Bid, language: str = "en") -> str:
    """The Trump column: ``yes``/``no`` (``ja``/``nej``)."""
    return _word("yes" if bid.has_trump else "no", language)


def tricks_text(bid: Bid, language: str = "en") -> str:
    """The Tricks column, from the bid's goal (``min 5``, ``0``, ``varies``)."""
    return bid.goal.column(language) if bid.goal is not None else NONE_MARK


def order_text(bid: Bid) -> str:
    """The Order column: when the bid's pre-game event happens (R12), or ``—``."""
    return NONE_MARK if bid.order is None else str(bid.order)


def incompatibility_text(profile: RuleProfile, bid: Bid, language: str = "en") -> str:
    """The Incompatibility column: the bids this one cannot be combined with (R7), in
    table order, with every trumpless standard bid summed up as "trumpless bids" (R9)."""
    trumpless = {b.key for b in profile.standard_bids if not b.has_trump}
    others = [b for b in profile.bids.values() if b.key in bid.incompatible]
    parts = []
    if not bid.standard and trumpless and trumpless <= bid.incompatible:
        parts.append(_word("trumpless", language))
        others = [b for b in others if b.key not in trumpless]
    parts.extend(b.name(language) for b in others)
    return ", ".join(parts) if parts else NONE_MARK


def standard_table(profile: RuleProfile, language: str = "en") -> list[list[str]]:
    """The standard-bid table (rulebook section 4) as rows of cells, header first:
    Designation, Worth, Score, Trump, Tricks."""
    header = [_word("designation", language), profile.term("worth", language),
              *(_word(w, language) for w in ("score", "trump", "tricks"))]
    rows = [
        [bid.name(language), worth_text(bid, language), score_text(bid),
         trump_text(bid, language), tricks_text(bid, language)]
        for bid in profile.standard_bids
    ]
    return [header, *rows]


def special_table(profile: RuleProfile, language: str = "en") -> list[list[str]]:
    """The special-bid table (rulebook section 5) as rows of cells, header first:
    Designation, Worth, Order, Incompatibility."""
    header = [_word("designation", language), profile.term("worth", language),
              profile.term("order", language), _word("incompatibility", language)]
    rows = [
        [bid.name(language), worth_text(bid, language), order_text(bid),
         incompatibility_text(profile, bid, language)]
        for bid in profile.special_bids
    ]
    return [header, *rows]


def text_table(rows: Sequence[Sequence[str]]) -> str:
    """Rows of cells as aligned plain text: the first row is the header, underlined."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]

    def line(cells: Iterable[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(rows[0]), rule, *(line(row) for row in rows[1:])])


def rules_text(profile: RuleProfile, language: str = "en") -> str:
    """What ``combowhist rules`` prints: the title, both bid tables and the 3-player deck."""
    removed = profile.three_players_removed
    three_deck = profile.deck(3)
    parts = [
        profile.title,
        "",
        _word("standard_bids", language),
        "",
        text_table(standard_table(profile, language)),
    ]
    if any(bid.score is None for bid in profile.standard_bids):
        parts.append(f"{_word('score_footnote', language)} "
                     f"{profile.term('worth', language).lower()}")
    parts += [
        "",
        _word("special_bids", language),
        "",
        text_table(special_table(profile, language)),
        "",
        f"{_word('three_players', language)}: {len(three_deck)} "
        f"{_word('cards_without', language)} {removed}",
    ]
    return "\n".join(parts)


# Differences between profiles ------------------------------------------------------------

# Compared apart (bids, the 3-player deck) or derived from the bids (the tables, positions).
_NOT_COMPARED = {"bids", "three_players_removed", "source", "data", "_by_name",
                 "standard_bids", "special_bids", "position", "content"}
_LABELS = {"key": "name"}


def _show(value: object) -> str:
    """A field value as short text for the diff."""
    if value is None:
        return NONE_MARK
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Goal):
        if value.kind in (GoalKind.MIN_TRICKS, GoalKind.MAX_TRICKS):
            return f"{value.kind.value} {value.n}"
        if value.kind is GoalKind.LIMBO:
            return f"limbo {value.first}/{value.last}"
        return str(value.kind.value)
    if isinstance(value, (frozenset, set)):
        return ", ".join(sorted(str(v) for v in value)) if value else NONE_MARK
    if isinstance(value, (tuple, list)):
        return ", ".join(str(v) for v in value) if value else NONE_MARK
    enum_value = getattr(value, "value", None)
    if isinstance(enum_value, str):
        return enum_value
    return str(value)


def _fields(obj: Any, skip: set[str]) -> dict[str, object]:
    """An attrs instance's fields by name, dict-valued fields flattened to ``field.key``."""
    out: dict[str, object] = {}
    for field in attrs.fields(type(obj)):
        if field.name in skip:
            continue
        value = getattr(obj, field.name)
        if isinstance(value, Mapping):
            for key in value:
                out[f"{field.name}.{key}"] = value[key]
        else:
            out[_LABELS.get(field.name, field.name)] = value
    return out


def _compare(prefix: str, first: Mapping[str, object], second: Mapping[str, object]
             ) -> list[tuple[str, str, str]]:
    rows = []
    for name in [*first, *(n for n in second if n not in first)]:
        a, b = first.get(name), second.get(name)
        if a != b:
            rows.append((prefix + name, *_shown_apart(a, b)))
    return rows


def _shown_apart(a: object, b: object) -> tuple[str, str]:
    """Two differing values as text; of two sets that share members, only what each has
    and the other lacks, and how many they share."""
    if isinstance(a, frozenset) and isinstance(b, frozenset) and a & b:
        shared = f"(and {len(a & b)} in both)"
        return (f"{_show(a - b)} {shared}", f"{_show(b - a)} {shared}")
    return _show(a), _show(b)


def profile_differences(first: RuleProfile, second: RuleProfile) -> list[tuple[str, str, str]]:
    """Everything that differs between two profiles, as ``(what, in first, in second)``:
    profile-level values, the 3-player deck (R2) and every field of every bid."""
    rows = _compare("", _fields(first, _NOT_COMPARED), _fields(second, _NOT_COMPARED))
    only_first = first.three_players_removed - second.three_players_removed
    only_second = second.three_players_removed - first.three_players_removed
    if only_first or only_second:
        rows.append(("3-player deck: removes", str(only_first) or NONE_MARK,
                     str(only_second) or NONE_MARK))
        rows.append(("3-player deck: keeps", str(only_second) or NONE_MARK,
                     str(only_first) or NONE_MARK))
    partners = _partners(first, second)
    matched = {b.key for b in partners.values()}
    back = {b.key: key for key, b in partners.items()}
    for key in [*first.bids, *(k for k in second.bids if k not in matched)]:
        a = first.bids.get(key)
        b = partners.get(key) if a is not None else second.bids[key]
        if a is None or b is None:
            rows.append((f"bids.{key}", "present" if a else "absent",
                         "present" if b else "absent"))
            continue
        if a.key != b.key:  # the same bid renamed (its ``continues``)
            rows.append((f"bids.{key}.key", a.key, b.key))
        theirs = _fields(b, _APART)
        for name in BID_REFERENCES:  # the other bids it names, by their keys in ``first``
            theirs[name] = frozenset(back.get(k, k) for k in getattr(b, name))
        rows += _compare(f"bids.{key}.", _fields(a, _APART), theirs)
    common = [partners[k].key for k in first.bids if k in partners]
    if common != [k for k in second.bids if k in matched]:
        rows.append(("bid table order", ", ".join(first.bids), ", ".join(second.bids)))
    return rows


def reworded_rules(first: RuleProfile, second: RuleProfile) -> list[str]:
    """The bids (of ``first``, by key) whose rules text the two profiles word differently,
    each with the language: ``["limbo (sv)", …]``."""
    return [f"{key} ({language})" for key, b in _partners(first, second).items()
            for language, text in first.bids[key].rules.items()
            if text != b.rules.get(language)]


def _partners(first: RuleProfile, second: RuleProfile) -> dict[str, Bid]:
    """Each bid of ``first`` (by key) that ``second`` has too, as ``second``'s bid."""
    return {a.key: b for a in first.bids.values() if (b := _same_bid(a, second)) is not None}


_APART = {"key", "continues", "rules"}
"""Compared apart: a bid's identity (two bids are the same bid when their keys match or one
continues the other, a renamed bid) and its rules text (a rewording is listed once, in a
last row, not as a change of rule)."""


def _same_bid(bid: Bid, other: RuleProfile) -> Bid | None:
    """The bid of ``other`` that is ``bid``: the same key, or the same bid renamed (one
    continues the other's key, or both continue the same key)."""
    if bid.key in other.bids:
        return other.bids[bid.key]
    for candidate in other.bids.values():
        if candidate.continues == bid.key or (
                bid.continues is not None and bid.continues in (candidate.key,
                                                                candidate.continues)):
            return candidate
    return None


def diff_text(first: RuleProfile, second: RuleProfile) -> str:
    """What ``combowhist rules --diff`` prints."""
    rows = profile_differences(first, second)
    if not rows:
        return f"Profiles {first} and {second} do not differ."
    header = f"Profiles {first} and {second} differ in:"
    table = text_table([["", str(first), str(second)], *(list(row) for row in rows)])
    same_bids = not any(what.startswith("bid") for what, _, _ in rows)
    footer = ["", "Every bid is the same in both."] if same_bids else []
    reworded = reworded_rules(first, second)
    if reworded:
        footer += ["", *textwrap.wrap("Rules texts worded differently (the rows above list "
                                      "every change of rule): " + ", ".join(reworded) + ".",
                                      width=88)]
    return "\n".join([header, "", table, *footer])
