"""ComboSpace: the legal combo bids (R7, static R8) at or above a worth, as a lazy sequence.

Ground truth is a brute force over every subset of special bids for every standard bid:
once through ``ComboBid.of`` itself (one profile and player count, the slow way), and for
every profile and player count through a direct model of R7 and R8 that the slow way
confirms.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import ComboBid, InvalidBidError, RuleProfile, load_profile
from combowhist.combos import ComboSpace, legal_combos

PROFILES = ("1.4.1", "1.4.2")
PAIRS = [(p, n) for p in PROFILES for n in (3, 4)]
MINIMUMS = (1, 5, 10, 13, 19, 20, 40)
R8_MINIMAL_IMPOSSIBLE = (
    frozenset({"zero", "greed"}),
    frozenset({"precise", "greed"}),
    frozenset({"taintless_masters_game", "lock"}),
    frozenset({"taintless_masters_game", "greed", "ending_dog"}),
)
R10_THREE = {"trump", "block_trump", "max_trump", "sub_trump", "rank_trump", "masters_trump"}

Key = tuple[str, frozenset[str]]


def key_of(combo: ComboBid) -> Key:
    return combo.standard.key, combo.special_keys


def brute_force_via_of(profile: RuleProfile, players: int) -> dict[Key, int]:
    """Every subset of special bids with every standard bid, kept if ``ComboBid.of`` takes
    it: key → worth."""
    found = {}
    specials = profile.special_bids
    for standard in profile.standard_bids:
        for mask in range(1 << len(specials)):
            chosen = [b for i, b in enumerate(specials) if mask >> i & 1]
            try:
                combo = ComboBid.of(profile, standard, *chosen, players=players)
            except InvalidBidError:
                continue
            found[key_of(combo)] = combo.worth
    return found


def model(profile: RuleProfile) -> dict[Key, int]:
    """R7 and R8 read directly from the tables: no two bids incompatible, worth ≥ 1 (Master's
    Mail by R10), none of R8's minimal impossible sets. Key → worth."""
    specials = profile.special_bids
    keys = [b.key for b in specials]
    found = {}
    for standard in profile.standard_bids:
        worths = [3 if b.key == "masters_mail" and standard.key in R10_THREE else b.worth
                  for b in specials]
        bad_singles = sum(1 << i for i, b in enumerate(specials)
                          if standard.key in b.incompatible)
        bad_pairs = [1 << i | 1 << j for i, a in enumerate(specials)
                     for j, b in enumerate(specials) if i < j and b.key in a.incompatible]
        impossible = [sum(1 << keys.index(k) for k in m - {standard.key})
                      for m in R8_MINIMAL_IMPOSSIBLE if standard.key in m]
        worth = [standard.worth] * (1 << len(specials))
        for mask in range(1, 1 << len(specials)):
            low = (mask & -mask).bit_length() - 1
            worth[mask] = worth[mask & (mask - 1)] + worths[low]
            if (
                mask & bad_singles
                or worth[mask] < 1
                or any(mask & p == p for p in bad_pairs)
                or any(mask & m == m for m in impossible)
            ):
                continue
            found[standard.key, frozenset(k for i, k in enumerate(keys) if mask >> i & 1)] = (
                worth[mask])
        if standard.worth >= 1:
            found[standard.key, frozenset()] = standard.worth
    return found


_models: dict[str, dict[Key, int]] = {}


def cached_model(profile_name: str) -> dict[Key, int]:
    if profile_name not in _models:
        _models[profile_name] = model(load_profile(profile_name))
    return _models[profile_name]


@pytest.fixture(scope="module")
def slow_truth() -> dict[Key, int]:
    """The slow brute force, for one edition and player count (1.4.1, 3 players)."""
    return brute_force_via_of(load_profile("1.4.1"), 3)


def histogram(found: dict[Key, int]) -> Counter[int]:
    return Counter(found.values())


def at_least(found: dict[Key, int], minimum: int) -> int:
    return sum(1 for w in found.values() if w >= minimum)


# --- Counts ----------------------------------------------------------------------------


def test_r7_r8_model_equals_brute_force_through_combobid_of(slow_truth: dict[Key, int]) -> None:
    assert cached_model("1.4.1") == slow_truth
    assert len(slow_truth) > 100_000


@pytest.mark.parametrize("minimum", MINIMUMS)
def test_r7_r8_len_equals_brute_force_through_combobid_of(slow_truth: dict[Key, int],
                                                          minimum: int) -> None:
    space = ComboSpace(load_profile("1.4.1"), players=3, minimum=minimum)
    assert len(space) == at_least(slow_truth, minimum)


@pytest.mark.parametrize(("profile_name", "players"), PAIRS)
@pytest.mark.parametrize("minimum", MINIMUMS)
def test_r7_r8_len_equals_brute_force(profile_name: str, players: int, minimum: int) -> None:
    space = ComboSpace(load_profile(profile_name), players=players, minimum=minimum)
    assert len(space) == at_least(cached_model(profile_name), minimum)


@pytest.mark.parametrize(("profile_name", "players"), PAIRS)
def test_r7_r8_model_agrees_with_combobid_of_on_samples(profile_name: str,
                                                        players: int) -> None:
    profile = load_profile(profile_name)
    truth = cached_model(profile_name)
    rng = random.Random(f"{profile_name}-{players}")
    specials = profile.special_bids
    legal = 0
    for _ in range(1500):
        standard = rng.choice(profile.standard_bids)
        chosen = [b for b in specials if rng.random() < 0.3]
        key = (standard.key, frozenset(b.key for b in chosen))
        try:
            combo = ComboBid.of(profile, standard, *chosen, players=players)
        except InvalidBidError:
            assert key not in truth, key
            continue
        legal += 1
        assert truth[key] == combo.worth
    assert legal > 100


def test_r7_worth_range_of_legal_combos() -> None:
    found = cached_model("1.4.2")
    worths = histogram(found)
    assert min(worths) == 1
    # Master's Trump + Master's Mail + Lock + Penalty + Plague + Ending Dog + Open Hand:
    assert max(worths) == 19
    assert worths[19] == 2
    top = ComboSpace(load_profile("1.4.2"), minimum=19)
    assert {str(c) for c in top} == {
        "masters_trump+greed+ending_dog+masters_mail+lock+penalty+plague+open_hand",
        "masters_trump+ending_dog+masters_mail+lock+penalty+plague+open_hand",
    }


def test_r7_minimum_below_one_is_one() -> None:
    profile = load_profile("1.4.2")
    assert len(ComboSpace(profile, 4)) == len(ComboSpace(profile, 4, minimum=1))
    assert len(ComboSpace(profile, 4, minimum=-10)) == len(ComboSpace(profile, 4, minimum=1))
    assert ComboSpace(profile, 4, minimum=-10).minimum == 1
    assert len(legal_combos(profile, 4, 5)) == len(ComboSpace(profile, 4, 5))


# --- Members ---------------------------------------------------------------------------


@pytest.mark.parametrize(("profile_name", "players", "minimum"),
                         [("1.4.2", 4, 10), ("1.4.1", 3, 13)])
def test_r7_r8_members_are_exactly_the_brute_force_set(profile_name: str, players: int,
                                                       minimum: int) -> None:
    space = ComboSpace(load_profile(profile_name), players=players, minimum=minimum)
    members = list(space)
    keys = [key_of(c) for c in members]
    assert len(set(keys)) == len(keys) == len(space)  # distinct
    truth = {k for k, w in cached_model(profile_name).items() if w >= minimum}
    assert set(keys) == truth
    assert members == [space[i] for i in range(len(space))]  # iteration order = indexing
    assert all(c.worth >= minimum for c in members)
    order = [b.key for b in space.profile.standard_bids]
    standards = [order.index(c.standard.key) for c in members]
    assert standards == sorted(standards)  # by standard bid in table order


def spaces() -> list[ComboSpace]:
    return [ComboSpace(load_profile(p), players=n, minimum=m)
            for p, n in PAIRS for m in (1, 5, 10)]


@st.composite
def space_and_index(draw: st.DrawFn) -> tuple[ComboSpace, int]:
    space = draw(st.sampled_from(spaces()))
    return space, draw(st.integers(0, len(space) - 1))


@given(space_and_index())
@settings(max_examples=300, deadline=None)
def test_r7_r8_every_member_is_legal_and_indexed(drawn: tuple[ComboSpace, int]) -> None:
    space, i = drawn
    combo = space[i]
    assert combo.worth >= space.minimum
    assert combo.profile is space.profile
    again = ComboBid.of(space.profile, combo.standard, *combo.specials, players=space.players)
    assert again == combo
    assert again.worth == combo.worth
    assert ComboBid.parse(str(combo), space.profile, players=space.players) == combo
    assert space.index(combo) == i
    assert combo in space
    assert space[i - len(space)] == combo  # negative index


@given(space_and_index(), space_and_index())
@settings(max_examples=200, deadline=None)
def test_r7_r8_distinct_indices_give_distinct_combos(a: tuple[ComboSpace, int],
                                                     b: tuple[ComboSpace, int]) -> None:
    space, i = a
    j = b[1] % len(space)
    assert (space[i] == space[j]) is (i == j)


@pytest.mark.parametrize(("profile_name", "players"), PAIRS)
def test_r7_r8_first_hundred_in_iteration_order(profile_name: str, players: int) -> None:
    space = ComboSpace(load_profile(profile_name), players=players, minimum=1)
    head = list(itertools.islice(iter(space), 100))
    assert head == [space[i] for i in range(100)]
    assert head == space[:100]
    assert space[5:8] == [space[5], space[6], space[7]]
    assert space[-3:] == [space[len(space) - 3], space[len(space) - 2], space[len(space) - 1]]
    assert len({key_of(c) for c in head}) == 100


@pytest.mark.parametrize(("profile_name", "players"), PAIRS)
def test_r7_index_out_of_range(profile_name: str, players: int) -> None:
    space = ComboSpace(load_profile(profile_name), players=players, minimum=5)
    assert space[-1] == space[len(space) - 1]
    assert space[-len(space)] == space[0]
    with pytest.raises(IndexError):
        space[len(space)]
    with pytest.raises(IndexError):
        space[-len(space) - 1]


def test_r7_empty_space() -> None:
    space = ComboSpace(load_profile("1.4.2"), minimum=20)
    assert len(space) == 0
    assert list(space) == []
    with pytest.raises(IndexError):
        space[0]
    assert ComboBid.parse("masters_trump+lock+penalty+plague+open_hand", "1.4.2") not in space


@pytest.mark.parametrize(
    ("text", "minimum"),
    [
        ("trump", 5),  # worth 1
        ("trump+lock+penalty", 6),  # worth 5
        ("masters_trump", 7),  # worth 6
        ("taintless_masters_game+penalty+open_hand", 14),  # worth 13
    ],
)
def test_r7_lower_worth_not_in_space(text: str, minimum: int) -> None:
    profile = load_profile("1.4.2")
    combo = ComboBid.parse(text, profile)
    assert combo not in ComboSpace(profile, 4, minimum=minimum)
    assert combo in ComboSpace(profile, 4, minimum=combo.worth)
    with pytest.raises(ValueError, match=re.escape(str(combo))):
        ComboSpace(profile, 4, minimum=minimum).index(combo)


@pytest.mark.parametrize("text", ["zero+greed", "precise+greed", "taintless_masters_game+lock",
                                  "taintless_masters_game+greed+ending_dog",
                                  "zero+greed+open_hand+penalty"])
@pytest.mark.parametrize(("profile_name", "players"), PAIRS)
def test_r8_impossible_combos_not_in_space(text: str, profile_name: str, players: int) -> None:
    profile = load_profile(profile_name)
    standard, *specials = text.split("+")
    combo = ComboBid.unchecked(profile, profile.bids[standard],
                               tuple(b for b in profile.special_bids if b.key in specials))
    assert combo.worth >= 1
    space = ComboSpace(profile, players)
    assert combo not in space
    with pytest.raises(ValueError, match=r"not a legal combo bid"):
        space.index(combo)


def test_r7_worthless_and_foreign_values_not_in_space() -> None:
    profile = load_profile("1.4.2")
    space = ComboSpace(profile)
    bid_of_shame = ComboBid.unchecked(profile, profile.bids["bid_of_shame"], ())
    assert bid_of_shame.worth == 0
    assert bid_of_shame not in space
    assert "trump" not in space
    assert None not in space
    assert ComboBid.parse("trump", "1.4.1") not in space  # another profile
    assert ComboBid.parse("trump", "1.4.1") in ComboSpace(load_profile("1.4.1"))


def test_r7_index_respects_start_and_stop() -> None:
    space = ComboSpace(load_profile("1.4.2"), minimum=10)
    combo = space[50]
    assert space.index(combo, 10, 60) == 50
    with pytest.raises(ValueError, match="between"):
        space.index(combo, 51)
    with pytest.raises(ValueError, match="between"):
        space.index(combo, 0, 50)
