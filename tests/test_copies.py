"""States and profiles are values: copies and pickles of deals, games and profiles keep their
legal moves, and caches are keyed by a profile's content (issue 9).

Frameworks (multiprocessing, Dask, OpenSpiel, gymnasium vector environments) copy and pickle
states; a copy must play exactly like its original.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combowhist import ComboBid, Deal, Game, load_profile, load_profile_file
from combowhist.combos import legal_combos
from combowhist.moves import MakeBid
from combowhist.profiles import _build
from combowhist.state import Phase
from combowhist.strategies import (
    deals_at_phase,
    hands,
    outcomes,
    played_games,
    reachable_phases,
    sheet_games,
)

EDITIONS = ("1.4.0", "1.4.1", "1.4.2", "1.5.1")
PROTOCOLS = range(2, pickle.HIGHEST_PROTOCOL + 1)


def _pickled(value: Any) -> Any:
    return pickle.loads(pickle.dumps(value))


COPIES: dict[str, Callable[[Any], Any]] = {
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
    **{f"pickle{p}": (lambda v, p=p: pickle.loads(pickle.dumps(v, protocol=p)))
       for p in PROTOCOLS},
}


def _spread(length: int) -> list[int]:
    """Indices sampled over a sequence: both ends and a few between."""
    return sorted({0, length - 1, *(length * k // 7 for k in range(1, 7))}) if length else []


def assert_plays_alike(original: Any, twin: Any) -> None:
    """``twin`` (a copy of a Deal or Game) is equal to ``original`` and has the same legal
    moves: same length, same move at sampled indices, membership agreeing both ways, and
    a move of either list applied to either state gives equal states."""
    assert twin == original
    assert hash(twin) == hash(original)
    assert twin.to_json() == original.to_json()
    mine, theirs = original.legal_moves(), twin.legal_moves()
    assert len(theirs) == len(mine)
    for index in _spread(len(mine)):
        assert theirs[index] == mine[index]
        assert mine[index] in theirs
        assert theirs[index] in mine
        assert twin.apply(mine[index]) == original.apply(theirs[index])
        assert twin.apply(theirs[index]) == original.apply(mine[index])


# -- the reported cases ------------------------------------------------------------------------


def test_issue9_deepcopied_fresh_deal_accepts_a_combo_bid() -> None:
    deal = Deal.new(players=4, seed=1)
    twin = copy.deepcopy(deal)
    assert twin.apply("bid masters_game+potential+open_hand") == deal.apply(
        "bid masters_game+potential+open_hand")


def test_issue14_a_deal_and_a_game_copy_to_themselves() -> None:
    """Cheap copies (issue 14): a deal is immutable, so its copies are the deal itself, as
    a tuple's are; so is a game."""
    deal = Deal.new(players=4, seed=1).apply("bid trump+lock")
    assert copy.copy(deal) is deal
    assert copy.deepcopy(deal) is deal
    game = Game.new(players=4, seed=1)
    assert copy.copy(game) is game
    assert copy.deepcopy(game) is game


def test_issue9_pickled_deal_accepts_a_bid_built_on_the_loaded_profile() -> None:
    twin = _pickled(Deal.new(players=4, seed=1))
    combo = ComboBid.parse("masters_game+potential+open_hand", load_profile("1.4.2"))
    after = twin.apply(MakeBid(combo))
    assert after.high_bid == combo


def test_issue9_copy_of_a_deal_after_bids_plays_alike() -> None:
    deal = Deal.new(players=4, seed=1).apply("bid trump+lock").apply("pass")
    for make in COPIES.values():
        assert_plays_alike(deal, make(deal))


# -- profiles -----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_issue9_built_in_profile_pickles_by_reference_and_copies_to_itself(edition: str
                                                                          ) -> None:
    profile = load_profile(edition)
    assert copy.copy(profile) is profile
    assert copy.deepcopy(profile) is profile
    for protocol in PROTOCOLS:
        data = pickle.dumps(profile, protocol=protocol)
        assert pickle.loads(data) is profile
        assert len(data) < 200  # a reference, not the tables


HOUSE = """\
base = "1.4.2"
name = "cheap-lock"

[bids.lock]
worth = 1
"""


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_issue9_house_rule_pickles_its_content(tmp_path: Path) -> None:
    path = _write(tmp_path, "house.toml", HOUSE)
    profile = load_profile_file(path)
    deal = Deal.new(players=4, seed=3, profile=profile).apply("bid trump+lock")
    data = pickle.dumps(deal)
    path.unlink()  # the pickle needs no file
    twin = pickle.loads(data)
    assert twin.profile == profile
    assert twin.profile.bids["lock"].worth == 1
    assert_plays_alike(deal, twin)
    assert copy.deepcopy(profile) is profile


def test_issue9_house_rule_unpickled_twice_is_one_profile(tmp_path: Path) -> None:
    profile = load_profile_file(_write(tmp_path, "house.toml", HOUSE))
    first = _pickled(Deal.new(players=4, seed=3, profile=profile))
    second = _pickled(Deal.new(players=4, seed=4, profile=profile))
    assert first.profile is second.profile


def _played(deal: Deal, moves: int, seed: int = 0) -> Deal:
    rng = random.Random(seed)
    for _ in range(moves):
        if deal.is_over:
            break
        legal = deal.legal_moves()
        deal = deal.apply(legal[rng.randrange(len(legal))])
    return deal


def test_issue9_pickled_fresh_deal_is_under_8_kb() -> None:
    for players in (3, 4):
        deal = Deal.new(players=players, seed=1)
        assert len(pickle.dumps(deal)) < 8_000


def test_issue9_pickled_finished_deal_and_game_stay_small() -> None:
    # Measured: a fresh deal 0.5 kB, this finished deal 3.7 kB, a fresh 5-player game
    # 0.9 kB, this game (over after 10 deals) 23.5 kB, its JSON 14 kB; before, the
    # profile's tables came along (22 kB for a fresh deal).
    finished = _played(Deal.new(players=4, seed=2).apply("bid trump"), 200, seed=2)
    assert finished.is_over
    assert len(pickle.dumps(finished)) < 8_000
    game = Game.new(players=5, seed=1)
    assert len(pickle.dumps(game)) < 8_000
    rng = random.Random(5)
    while game.deals < 20 and not game.is_over:
        legal = game.legal_moves()
        game = game.apply(legal[rng.randrange(len(legal))])
    # A game carries its history; about 2 kB a deal, no tables.
    assert len(pickle.dumps(game)) < 2_000 * (game.deals + 2)


# -- every phase, both editions, 3 and 4 players -----------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("phase", list(Phase), ids=lambda p: p.value)
@settings(max_examples=3, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_issue9_copies_and_pickles_of_a_deal_play_alike_at_every_phase(
    phase: Phase, edition: str, players: int, data: st.DataObject
) -> None:
    if phase not in reachable_phases(edition):  # 1.5.1's Mail has a fixed direction
        with pytest.raises(ValueError, match=f"no deal under profile {edition} reaches"):
            deals_at_phase(phase, players=players, profile=edition)
        return
    deal = data.draw(deals_at_phase(phase, players=players, profile=edition))
    for make in COPIES.values():
        assert_plays_alike(deal, make(deal))


def _hands_game(draw: Callable[..., Any], players: int, edition: str) -> Game:
    """A game in ``hands`` mode a few moves into a deal dealt from drawn hands."""
    game = Game.new(players=players, profile=edition, mode="hands", seed=None)
    game = game.deal_hands(draw(hands(min(players, 4), edition)))
    for _ in range(draw(st.integers(0, 30))):
        if game.deal is None:
            break
        legal = game.legal_moves()
        game = game.apply(legal[draw(st.integers(0, min(len(legal) - 1, 40)))])
    return game


@pytest.mark.parametrize("mode", ["seeded", "hands", "sheet"])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_issue9_copies_and_pickles_of_a_game_play_alike(mode: str, data: st.DataObject
                                                          ) -> None:
    edition = data.draw(st.sampled_from(EDITIONS))
    players = data.draw(st.integers(3, 6))
    if mode == "seeded":
        game = data.draw(played_games(players=players, profile=edition, max_moves=120))
    elif mode == "hands":
        game = _hands_game(data.draw, players, edition)
    else:
        game = data.draw(sheet_games(players=players, profile=edition, max_deals=12))
    for make in COPIES.values():
        twin = make(game)
        assert_plays_alike(game, twin)
        if mode == "sheet" and not game.is_over:
            outcome = data.draw(outcomes(game))
            assert twin.record(outcome) == game.record(outcome)


# -- caches keyed on content --------------------------------------------------------------------


def test_issue9_legal_combos_of_an_equal_profile_copy_hold_its_bids() -> None:
    profile = load_profile("1.4.2")
    space = legal_combos(profile, 4, 1)
    rebuilt = _build(copy.deepcopy(dict(profile.data)), "<a copy>")  # built anew
    assert rebuilt == profile
    assert rebuilt is not profile
    combo = ComboBid.parse("masters_game+potential+open_hand", rebuilt)
    assert combo in space
    assert legal_combos(rebuilt, 4, 1).index(combo) == space.index(combo)


A_RULE = """\
base = "1.4.2"
name = "house"

[bids.lock]
worth = 1
"""
B_RULE = """\
base = "1.4.2"
name = "house"

[auction]
ban_below = 0

[bids.lock]
worth = 9
"""


def _random_deal(profile: Any, seed: int, scores: tuple[int, ...]) -> Deal:
    deal = Deal.new(players=4, seed=seed, profile=profile, scores=scores)
    return _played(deal, 200, seed)


@pytest.mark.parametrize("order", ["a-first", "b-first"])
def test_issue9_house_rules_with_one_name_keep_their_own_contents(tmp_path: Path, order: str
                                                                  ) -> None:
    paths = {"a": _write(tmp_path, "a.toml", A_RULE), "b": _write(tmp_path, "b.toml", B_RULE)}
    names = "ab" if order == "a-first" else "ba"
    loaded = {name: load_profile(paths[name]) for name in names}
    a, b = loaded["a"], loaded["b"]
    assert a != b
    assert a.key == b.key == "house"
    scores = (-1, 0, 0, 0)  # seat 0 is banned under b (ban_below 0) only (R36)
    for name in names:
        profile = loaded[name]
        deal = Deal.new(players=4, seed=7, profile=profile, scores=scores)
        assert deal.banned == (frozenset({0}) if name == "b" else frozenset())
        bid = deal.apply("bid trump+lock")
        lock = 1 if name == "a" else 9
        trump = profile.bids["trump"].worth
        assert bid.high_bid is not None
        assert bid.high_bid.worth == trump + lock
        # Max Trump alone outbids a's trump+lock, not b's.
        space = bid.legal_moves()
        assert (MakeBid(ComboBid.parse("max_trump", profile)) in space) == (
            profile.bids["max_trump"].worth > trump + lock)
        for seed in range(12):
            played = _random_deal(profile, seed, scores)
            again = load_profile(paths[name])  # a new object with the same content
            assert again == profile
            assert again is not profile
            assert Deal.from_json(played.to_json(), profile=again) == played
