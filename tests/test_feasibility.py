"""The static layer of R8: which combo bids no hand can complete.

RULINGS.md R8 says the static search must find exactly Zero+Greed, Precise+Greed,
Taintless+Lock, Taintless+Greed+Ending Dog and their supersets. This is checked over every
structurally valid combo bid (one standard bid, any set of compatible special bids, worth
ignored) of both editions, for 3 and 4 participants.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from combowhist import ComboBid, InvalidBidError, RuleProfile, load_profile, load_profile_file
from combowhist.combos import ComboSpace
from combowhist.feasibility import Witness, impossibility, is_possible, witness

PROFILES = ("1.4.1", "1.4.2")
PARTICIPANTS = (3, 4)
TRICKS = 13
MINIMAL_IMPOSSIBLE = (
    frozenset({"zero", "greed"}),
    frozenset({"precise", "greed"}),
    frozenset({"taintless_masters_game", "lock"}),
    frozenset({"taintless_masters_game", "greed", "ending_dog"}),
)


MINIMAL_IMPOSSIBLE_140 = (
    frozenset({"zero", "greed"}),
    frozenset({"exact", "greed"}),
    frozenset({"taintless_masters_game", "lock"}),
    frozenset({"taintless_masters_game", "ending_dog"}),
    frozenset({"taintless_masters_game", "greed"}),
)
"""1.4.0's, derived from its Taintless Master's Game, which must take all 13 tricks:
Lock forbids tricks 1-3, Ending Dog trick 13, and Greed's virtual trick would make it 14;
Precise is called Exact."""
MINIMAL_BY_PROFILE = {"1.4.0": MINIMAL_IMPOSSIBLE_140,
                      **dict.fromkeys(PROFILES, MINIMAL_IMPOSSIBLE)}


def keys_of(combo: ComboBid) -> frozenset[str]:
    return combo.special_keys | {combo.standard.key}


def contains_minimal_set(keys: frozenset[str], profile_name: str = "1.4.2") -> bool:
    return any(m <= keys for m in MINIMAL_BY_PROFILE[profile_name])


def structurally_valid(profile: RuleProfile) -> Iterator[ComboBid]:
    """Every combo of one standard bid and a set of special bids, no two incompatible (R7,
    worth and R8 not checked), built directly so that nothing is filtered out."""
    for standard in profile.standard_bids:
        allowed = [b for b in profile.special_bids if standard.key not in b.incompatible]
        index = {b.key: i for i, b in enumerate(allowed)}
        forbidden = [
            1 << index[a.key] | 1 << index[other]
            for a in allowed for other in a.incompatible if other in index
        ]
        for mask in range(1 << len(allowed)):
            if any(mask & pair == pair for pair in forbidden):
                continue
            specials = tuple(b for i, b in enumerate(allowed) if mask >> i & 1)
            yield ComboBid.unchecked(profile, standard, specials)


def check_witness_shape(w: Witness, participants: int) -> None:
    """A witness is a real trick pattern: 13 tricks split among the participants."""
    assert 0 <= w.won < 1 << TRICKS
    assert len(w.others) == participants - 1
    assert all(0 <= n <= TRICKS for n in w.others)
    assert w.won.bit_count() + sum(w.others) == TRICKS
    assert all(0 <= g <= TRICKS for g in w.guesses)
    assert len(set(w.guesses)) == len(w.guesses)


def check_witness(combo: ComboBid, participants: int, w: Witness | None) -> None:
    assert w is not None, f"{combo} has no witness for {participants}"
    check_witness_shape(w, participants)
    assert len(w.guesses) == combo.standard.guesses
    assert combo.conditions.met(w.won, w.others, w.guesses), (combo, w)


def splits(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every ordered way to give ``total`` tricks to ``parts`` opponents."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in splits(total - first, parts - 1):
            yield (first, *rest)


def completes_somehow(combo: ComboBid, participants: int) -> bool:
    """An independent search over trick patterns (R31): which tricks D wins matters only
    through the avoided tricks, D's count and D's count among the first 7 (Limbo)."""
    shapes: dict[tuple[int, int], int] = {}
    for won in range(1 << TRICKS):
        if won & combo.avoid_tricks:
            continue
        shapes.setdefault((won.bit_count(), (won & 0b1111111).bit_count()), won)
    guess_sets = list(combinations(range(TRICKS + 1), combo.standard.guesses))
    for (count, _), won in shapes.items():
        for others in splits(TRICKS - count, participants - 1):
            for guesses in guess_sets:
                if combo.conditions.met(won, others, guesses):
                    return True
    return False


# --- Exhaustive: every structurally valid combo --------------------------------------


@pytest.mark.parametrize("profile_name", ["1.4.0", *PROFILES])
def test_r8_static_impossible_iff_contains_a_minimal_set(profile_name: str) -> None:
    profile = load_profile(profile_name)
    total = impossible = 0
    shapes_checked: set[tuple[Witness, int]] = set()
    for combo in structurally_valid(profile):
        total += 1
        possible = not contains_minimal_set(keys_of(combo), profile_name)
        impossible += not possible
        for participants in PARTICIPANTS:
            assert is_possible(combo, participants) is possible, (str(combo), participants)
            w = witness(combo, participants)
            if not possible:
                assert w is None, (str(combo), participants, w)
                assert impossibility(combo, participants) is not None
                continue
            assert w is not None
            if (w, participants) not in shapes_checked:
                check_witness_shape(w, participants)
                shapes_checked.add((w, participants))
            assert len(w.guesses) == combo.standard.guesses, str(combo)
            assert combo.conditions.met(w.won, w.others, w.guesses), (str(combo), w)
    assert total > 200_000
    assert 0 < impossible < total


def impossible_class_params() -> list[object]:
    """One combo per impossible class: a standard bid with a set of the special bids that
    carry trick conditions (Greed, Lock, Ending Dog), padded with every other compatible
    special bid it can take (Open Hand rather than Atelier and Open Trump), so that the
    oracle sees the largest combo of the class."""
    out = []
    profile = load_profile("1.4.2")
    for standard in profile.standard_bids:
        allowed = [b for b in profile.special_bids if standard.key not in b.incompatible]
        conditions = [b for b in allowed if b.greed or b.avoid_tricks]
        padding = [b for b in allowed if b not in conditions
                   and b.key not in ("atelier", "open_trump")]
        for size in range(len(conditions) + 1):
            for chosen in combinations(conditions, size):
                keys = frozenset({standard.key, *(b.key for b in chosen)})
                if contains_minimal_set(keys):
                    text = "+".join([standard.key, *(b.key for b in (*chosen, *padding))])
                    name = "+".join([standard.key, *(b.key for b in chosen)])
                    out.append(pytest.param(text, id=f"{name}+padding"))
    return out


@pytest.mark.parametrize("text", impossible_class_params())
@pytest.mark.parametrize("profile_name", PROFILES)
@pytest.mark.parametrize("participants", PARTICIPANTS)
def test_r8_impossible_classes_no_trick_pattern_completes(
    text: str, profile_name: str, participants: int
) -> None:
    profile = load_profile(profile_name)
    standard, *specials = text.split("+")
    combo = ComboBid.unchecked(profile, profile.bids[standard],
                               tuple(b for b in profile.special_bids if b.key in specials))
    assert not completes_somehow(combo, participants)
    assert not is_possible(combo, participants)


def test_r8_impossible_class_count() -> None:
    # Zero+Greed; Precise+Greed (x Lock x Ending Dog); Taintless+Lock (x Greed x Ending Dog);
    # Taintless+Greed+Ending Dog.
    assert len(impossible_class_params()) == 1 + 4 + 4 + 1


@given(
    st.sampled_from(PROFILES),
    st.sampled_from(PARTICIPANTS),
    st.sampled_from([b.key for b in load_profile("1.4.2").standard_bids]),
    st.sets(st.sampled_from([b.key for b in load_profile("1.4.2").special_bids])),
)
@settings(max_examples=200, deadline=None)
def test_r8_witness_completes_random_combo_by_independent_search(
    profile_name: str, participants: int, standard: str, specials: set[str]
) -> None:
    profile = load_profile(profile_name)
    rows = [profile.bids[standard], *(profile.bids[k] for k in specials)]
    assume(not any(b.key in a.incompatible for a in rows for b in rows))
    chosen = tuple(b for b in profile.special_bids if b.key in specials)
    combo = ComboBid.unchecked(profile, rows[0], chosen)
    possible = is_possible(combo, participants)
    assert possible is not contains_minimal_set(keys_of(combo))
    if possible:
        check_witness(combo, participants, witness(combo, participants))
    elif combo.standard.guesses < 2:  # the oracle is slow with two guesses; none are needed
        assert not completes_somehow(combo, participants)


# --- Named scenarios ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "zero+greed",
        "precise+greed",
        "taintless_masters_game+lock",
        "taintless_masters_game+greed+ending_dog",
    ],
)
@pytest.mark.parametrize("profile_name", PROFILES)
@pytest.mark.parametrize("participants", PARTICIPANTS)
def test_r8_parse_rejects_the_four_minimal_impossible_combos(
    text: str, profile_name: str, participants: int
) -> None:
    with pytest.raises(InvalidBidError) as error:
        ComboBid.parse(text, profile_name, players=participants)
    message = str(error.value)
    assert "(R8)" in message
    assert "impossible" in message
    assert text in message
    assert f"{participants} participants" in message


@pytest.mark.parametrize(
    "text",
    [
        "zero+greed+hurry",
        "Noll+Girighet+Straff+Öppen Hand",
        "precise+greed+lock+ending_dog+penalty",
        "taintless_masters_game+lock+penalty+plague",
        "taintless_masters_game+greed+ending_dog+masters_mail",
        "taintless_masters_game+lock+greed+ending_dog",
    ],
)
def test_r8_supersets_of_minimal_sets_rejected(text: str) -> None:
    with pytest.raises(InvalidBidError, match=r"\(R8\)"):
        ComboBid.parse(text, "1.4.2")


def test_r8_zero_greed_impossible() -> None:
    profile = load_profile("1.4.2")
    combo = ComboBid.unchecked(profile, profile.bids["zero"], (profile.bids["greed"],))
    for participants in PARTICIPANTS:
        assert not is_possible(combo, participants)
        assert witness(combo, participants) is None
        reason = impossibility(combo, participants)
        assert reason is not None
        assert "zero" in reason
        assert "Greed" in reason
    # Even taking no trick at all fails: the virtual trick makes it 1 (R32).
    assert not combo.conditions.met(0, (13, 0, 0), ())


def test_r8_precise_greed_impossible() -> None:
    profile = load_profile("1.4.1")
    combo = ComboBid.unchecked(profile, profile.bids["precise"], (profile.bids["greed"],))
    assert not is_possible(combo, 4)
    assert not any(combo.conditions.met((1 << t) - 1, (13 - t, 0, 0), (g,))
                   for t in range(14) for g in range(14))


def test_r8_taintless_lock_impossible() -> None:
    profile = load_profile("1.4.2")
    bids = profile.bids
    combo = ComboBid.unchecked(profile, bids["taintless_masters_game"], (bids["lock"],))
    assert not is_possible(combo, 3)
    assert not is_possible(combo, 4)
    reason = impossibility(combo, 4)
    assert reason is not None
    assert "1, 2, 3" in reason
    # Lock leaves at most 10 tricks; Taintless needs 12.
    assert not combo.conditions.met(0b1111111111000, (3, 0, 0), ())


def test_r8_taintless_greed_ending_dog_impossible() -> None:
    profile = load_profile("1.4.2")
    bids = profile.bids
    combo = ComboBid.unchecked(profile, bids["taintless_masters_game"],
                               (bids["greed"], bids["ending_dog"]))
    assert not is_possible(combo, 4)
    assert not is_possible(combo, 3)


def test_r8_taintless_ending_dog_possible_without_greed() -> None:
    combo = ComboBid.parse("taintless_masters_game+ending_dog", "1.4.2")
    assert combo.worth == 9
    w = witness(combo, 4)
    check_witness(combo, 4, w)
    assert w is not None
    assert w.won.bit_count() == 12
    assert not w.won & 1 << 12  # not the last trick


def test_r8_taintless_greed_possible_with_all_thirteen_tricks() -> None:
    combo = ComboBid.parse("taintless_masters_game+greed", "1.4.2", players=3)
    w = witness(combo, 3)
    check_witness(combo, 3, w)
    assert w is not None
    assert w.won == (1 << 13) - 1
    assert w.others == (0, 0)


def test_r8_approximate_greed_possible_with_guesses_around() -> None:
    combo = ComboBid.parse("approximate+greed", "1.4.2")
    w = witness(combo, 4)
    check_witness(combo, 4, w)
    assert w is not None
    t = w.won.bit_count()
    assert sorted(w.guesses) == [t - 1, t + 1]
    five = 0b11111
    assert combo.conditions.met(five, (8, 0, 0), (4, 6))
    assert not combo.conditions.met(five, (8, 0, 0), (5, 6))


@pytest.mark.parametrize(
    "text",
    [
        "zero+hurry",  # static layer only: the exact layer is not enforced yet
        "zero+hurry+sloth+open_hand",
        "precise+lock+ending_dog",
        "masters_game+greed+lock+ending_dog",
        "limbo+greed+lock+ending_dog",
        "max_trump+greed+lock+ending_dog",
        "masters_bid_of_shame+greed+lock",
        "bid_of_shame+greed+lock+ending_dog",
        "taintless_masters_game+greed+plague",
        "taintless_masters_game+ending_dog+plague+open_hand+penalty",
    ],
)
@pytest.mark.parametrize("participants", PARTICIPANTS)
def test_r8_possible_combos_parse_and_have_witnesses(text: str, participants: int) -> None:
    combo = ComboBid.parse(text, "1.4.2", players=participants)
    assert is_possible(combo, participants)
    assert impossibility(combo, participants) is None
    check_witness(combo, participants, witness(combo, participants))


def test_r8_limbo_greed_witness_has_a_margin_of_two() -> None:
    combo = ComboBid.parse("limbo+greed+lock+ending_dog", "1.4.1")
    w = witness(combo, 4)
    check_witness(combo, 4, w)
    assert w is not None
    first, last = (w.won & 0b1111111).bit_count(), (w.won >> 7).bit_count()
    assert last - first >= 2
    assert not w.won & 0b111
    assert not w.won & 1 << 12


def test_r8_witness_is_cached_per_features() -> None:
    profile = load_profile("1.4.2")
    a = ComboBid.parse("masters_game+greed+lock", profile)
    b = ComboBid.parse("masters_game+greed+lock+penalty+justice+masters_mail", profile)
    assert witness(a, 4) == witness(b, 4)
    assert witness(a, 4) is witness(a, 4)


def test_r8_house_rule_without_r8_allows_impossible_bids(tmp_path: Path) -> None:
    path = tmp_path / "no-r8.toml"
    path.write_text('base = "1.4.2"\nname = "no-r8"\nforbid_impossible_bids = false\n',
                    encoding="utf-8")
    house = load_profile_file(path)
    combo = ComboBid.parse("zero+greed", house)
    assert combo.worth == 4
    assert not is_possible(combo, 4)
    with pytest.raises(InvalidBidError, match=r"\(R8\)"):
        ComboBid.parse("zero+greed", "1.4.2")


@pytest.mark.parametrize(("profile_name", "forbidden"), [("1.5.1", False), ("1.4.2", True)])
@pytest.mark.parametrize("participants", PARTICIPANTS)
def test_r8_151_forbids_no_combo_bid(profile_name: str, forbidden: bool,
                                     participants: int) -> None:
    """1.5.1 allows impossible combo bids: the auction's combo bids are every structurally
    valid combo worth enough (R7), impossible ones included; 1.4.2 leaves R8's out."""
    profile = load_profile(profile_name)
    assert profile.forbid_impossible_bids is forbidden
    worthy = [c for c in structurally_valid(profile) if c.worth >= profile.min_worth]
    impossible = sum(not is_possible(c, participants) for c in worthy)
    assert impossible > 0  # the tables hold impossible combos (Zero + Greed, …)
    offered = len(ComboSpace(profile, participants))
    assert offered == len(worthy) - (impossible if forbidden else 0)
