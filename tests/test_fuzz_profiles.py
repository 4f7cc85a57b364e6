"""Fuzzing house-rule TOML files (issue 9): a mutated profile document either loads as a
profile that plays, or raises ProfileError naming the file, never another error or a hang.

Mutations: random values of random types for random known keys, deleted keys, extra keys,
new bid rows and deep nesting, on a whole edition renamed or on a small house rule with a ``base``.
"""

from __future__ import annotations

import json
import math
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from checks import fuzz_settings
from hypothesis import event, given
from hypothesis import strategies as st

from combowhist import Deal, Game, ProfileError, load_profile
from combowhist.profiles.schema import (
    _SECTIONS,
    _SPECIAL_BID,
    _STANDARD_BID,
    BOOL,
    INT,
    INT_LIST,
    STR,
    STR_LIST,
)

EDITION = load_profile("1.4.2")

# -- a small TOML writer (values here are what TOML can hold; nesting comes inline) ------------


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ("nan" if value != value else
                                                        "inf" if value > 0 else "-inf")
    if isinstance(value, str):
        return json.dumps(value)  # JSON's escapes are TOML basic-string escapes
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {_value(v)}" for k, v in value.items()) + "}"


def to_toml(document: dict[str, Any]) -> str:
    lines = [f"{json.dumps(k)} = {_value(v)}" for k, v in document.items()
             if not isinstance(v, dict)]
    for key, table in document.items():
        if not isinstance(table, dict):
            continue
        if key == "bids":
            for bid, row in table.items():
                if isinstance(row, dict):
                    lines.append(f"[bids.{json.dumps(bid)}]")
                    lines += [f"{json.dumps(k)} = {_value(v)}" for k, v in row.items()]
                else:
                    lines.append(f"bids.{json.dumps(bid)} = {_value(row)}")
            continue
        lines.append(f"[{json.dumps(key)}]")
        lines += [f"{json.dumps(k)} = {_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


# -- mutations -----------------------------------------------------------------------------------

_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
_SCALARS = st.one_of(
    st.integers(-20, 20), st.integers(), st.integers(-10**12, 10**12), _TEXT, st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["worth", "none", "declarer", "atelier", "justice", "hand", "guessed",
                     "standard", "special", "trumpless", "lock", "trump", "least"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(["min_tricks", "max_tricks",
                                                             "limbo", "x"]), inner,
                                            max_size=2)),
    max_leaves=8,
)
_WORDS = st.sampled_from(["worth", "none", "declarer", "block", "rank", "atelier", "justice",
                          "plague", "mail", "hand", "trumps", "guessed", "least",
                          "declarer_plays_last", "aces_low", "trumpless", *EDITION.bids])
_SMALL = st.integers(-3, 15) | st.integers(-120, 120)
_TYPED = {
    INT: _SMALL,
    STR: _WORDS,
    BOOL: st.booleans(),
    STR_LIST: st.lists(_WORDS, max_size=3),
    INT_LIST: st.lists(_SMALL, max_size=3),
    "a goal": st.one_of(_WORDS, st.fixed_dictionaries({"min_tricks": _SMALL}),
                        st.fixed_dictionaries({"max_tricks": _SMALL}),
                        st.fixed_dictionaries({"limbo": st.lists(_SMALL, max_size=3)})),
}
"""Values of the type each key expects, often in range: most mutations should load."""
_TYPES = {**{f"{s}.{k}": t for s, keys in _SECTIONS.items() for k, (t, _) in keys.items()},
          **{f"bids.*.{k}": t for k, (t, _) in {**_STANDARD_BID, **_SPECIAL_BID}.items()}}
_KNOWN = [*(f"{s}.{k}" for s, keys in _SECTIONS.items() for k in keys),
          *(f"bids.*.{k}" for k in {**_STANDARD_BID, **_SPECIAL_BID}),
          "name", "aliases", "title", "forbid_impossible_bids", "schema"]


def _nested(depth: int, value: Any) -> Any:
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def mutated_documents(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    """A profile document, mutated, and how deeply one value is nested in brackets that
    the writer adds as text (0 for none)."""
    if draw(st.booleans()):  # a whole edition under a new name
        document: dict[str, Any] = json.loads(json.dumps(EDITION.data))
        document["name"] = "fuzzed"
    else:  # a house rule over the edition
        document = {"base": "1.4.2", "name": "fuzzed", "bids": {"lock": {"worth": 1}}}
    rows = list(EDITION.bids)
    for _ in range(draw(st.integers(1, 3))):
        action = draw(st.sampled_from(["set", "set", "set", "delete", "extra", "new bid"]))
        if action == "new bid":  # a copy of a row, renamed
            number = len(document.setdefault("bids", {})) if isinstance(
                document.get("bids"), dict) else 0
            row = dict(EDITION.data["bids"][draw(st.sampled_from(rows))])
            row.update(en=f"New {number}", sv=f"Ny {number}")
            if isinstance(document.get("bids"), dict):
                document["bids"][f"new{number}"] = row
            continue
        key = draw(st.sampled_from(_KNOWN))
        path = key.split(".")
        if path[0] == "bids":
            path[1] = draw(st.sampled_from(rows))
        table = document
        for part in path[:-1]:
            child = table.get(part)
            if not isinstance(child, dict):
                child = table[part] = {}
            table = child
        if action == "set":
            typed = _TYPED.get(_TYPES.get(key, ""), _SMALL | st.just("worth"))
            table[path[-1]] = draw(typed if draw(st.integers(0, 3)) else _VALUES)
        elif action == "delete":
            table.pop(path[-1], None)
        else:
            table[draw(_TEXT.filter(bool))] = draw(_VALUES)
    text = to_toml(document)
    depth = draw(st.sampled_from([0] * 12 + [5, 50, 500, 3000]))
    if depth:
        text += f"[auction]\nextra = {'[' * depth}1{']' * depth}\n" if "[auction]" not in text \
            else f"nested = {'[' * depth}1{']' * depth}\n"
    return document, text


def _plays(path: Path) -> None:
    """The loaded profile starts deals and a game, counts its moves and plays quickly."""
    began = time.perf_counter()
    profile = load_profile(path)
    rng = random.Random(0)
    for players in (3, 4):
        deal = Deal.new(players=players, seed=players, profile=profile)
        assert len(deal.legal_moves()) >= 0
        for _ in range(60):
            if deal.is_over:
                break
            moves = deal.legal_moves()
            deal = deal.apply(moves[rng.randrange(len(moves))])
        assert Deal.from_json(deal.to_json(), profile=load_profile(path)) == deal
    Game.new(players=5, profile=profile, seed=1)
    assert time.perf_counter() - began < 20, "a fuzzed profile plays too slowly"


@pytest.mark.fuzz
@fuzz_settings(80)
@given(mutated_documents())
def test_issue9_fuzzed_profile_loads_and_plays_or_is_a_profile_error(
    case: tuple[dict[str, Any], str]
) -> None:
    _, text = case
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzzed.toml"
        path.write_text(text, encoding="utf-8")
        try:
            load_profile(path)
        except ProfileError as error:
            message = str(error)
        else:
            message = ""
        event("ProfileError" if message else "loaded")
        if message:
            assert str(path) in message  # the error names the file
        else:
            _plays(path)
