"""Fuzzing saved deals and games (issue 9): valid files mutated (keys dropped or repeated,
values swapped for other types, huge numbers, deep nesting, truncated or corrupted moves)
either load to the state a replay of their moves gives, or raise a
:class:`~combowhist.errors.CombowhistError`: never another exception."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from checks import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_moves import mutated

from combowhist import Deal, Game
from combowhist.errors import CombowhistError
from combowhist.strategies import played_deals, played_games

pytestmark = pytest.mark.fuzz

JUNK = st.sampled_from((None, True, 0, -1, 3, 2**63, 10**12, 10**4000, 1.5, "", "x",
                        "1.4.2\x00", "a" * 300, [], [1], {}, {"a": 1}, ["pass"])
                       ).map(copy.deepcopy)
"""Values of the wrong kind. Each draw is a copy: a drawn list put in place of the moves is
then mutated, and a shared one would change what later examples draw."""
NEST = "NESTED"


@st.composite
def mutate(draw: st.DrawFn, data: dict[str, Any], listed: str) -> str:
    """``data`` as JSON text after a few drawn mutations; ``listed`` names its list of
    moves or actions."""
    data = json.loads(json.dumps(data))
    extra = ""
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(data)))
        edit = draw(st.integers(0, 5))
        items = data.get(listed)
        if edit == 0:
            del data[key]
            if not data:
                break
        elif edit == 1:
            data[key] = draw(JUNK)
        elif edit == 2:
            data[key] = NEST
        elif edit == 3 and isinstance(items, list) and items:
            del items[draw(st.integers(0, len(items) - 1)):]
        elif edit == 4 and isinstance(items, list) and items:
            spot = draw(st.integers(0, len(items) - 1))
            item = items[spot]
            items[spot] = draw(mutated(item)) if isinstance(item, str) else draw(JUNK)
        else:
            extra = f', "{key}": {json.dumps(draw(JUNK))}'  # a repeated key
    text = json.dumps(data)
    if extra and text.endswith("}"):
        text = text[:-1] + extra + "}"
    depth = draw(st.sampled_from((5, 990, 100_000)))
    return text.replace(json.dumps(NEST), "[" * depth + "]" * depth)


@fuzz_settings(60)
@given(data=st.data())
def test_issue9_fuzz_saved_deals_load_as_a_replay_or_are_refused(data: st.DataObject) -> None:
    deal = data.draw(played_deals(), label="deal")
    text = data.draw(mutate(json.loads(deal.to_json()), "moves"), label="text")
    try:
        loaded = Deal.from_json(text)
    except CombowhistError:
        return
    saved = json.loads(text)
    replay = Deal.from_hands(saved["hands"], dealer=saved["dealer"],
                             profile=saved["profile"], scores=saved["scores"],
                             potentials=saved["potentials"])
    for move in saved["moves"]:
        replay = replay.apply(move)
    assert loaded == replay
    assert Deal.from_json(loaded.to_json()) == loaded


@fuzz_settings(40)
@given(data=st.data())
def test_issue9_fuzz_saved_games_load_as_a_replay_or_are_refused(data: st.DataObject) -> None:
    game = data.draw(played_games(max_moves=60), label="game")
    text = data.draw(mutate(json.loads(game.to_json()), "actions"), label="text")
    try:
        loaded = Game.from_json(text)
    except CombowhistError:
        return
    assert Game.from_json(loaded.to_json()) == loaded
    assert len(loaded.actions) == len(json.loads(text)["actions"])
