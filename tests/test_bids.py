"""Combo bids: notation, worth, score and the legality checks of R7, R9, R10 (and R34's
Taintless score). R8's impossibility is pinned in test_feasibility.py."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import (
    Bid,
    ComboBid,
    InvalidBidError,
    NotationError,
    RuleProfile,
    load_profile,
)
from combowhist.bids import special_worth
from combowhist.combos import ComboSpace

PROFILES = ("1.4.1", "1.4.2")
R9_TRUMPLESS = (
    "bid_of_shame", "approximate", "limbo", "game", "masters_bid_of_shame", "precise",
    "masters_game", "zero", "taintless_masters_game",
)
R10_THREE = ("trump", "block_trump", "max_trump", "sub_trump", "rank_trump", "masters_trump")


def spaces() -> list[ComboSpace]:
    return [ComboSpace(load_profile(p), players=n) for p in PROFILES for n in (3, 4)]


combos = st.sampled_from(spaces()).flatmap(
    lambda space: st.integers(0, len(space) - 1).map(space.__getitem__)
)


# --- Notation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("trump+lock+penalty", "trump+lock+penalty"),
        ("Trump+Lock+Penalty", "trump+lock+penalty"),
        ("Trumf+Lås+Straff", "trump+lock+penalty"),
        ("trumf + lås + straff", "trump+lock+penalty"),
        ("penalty+lock+trump", "trump+lock+penalty"),
        ("lock+trump+penalty", "trump+lock+penalty"),
        ("mästar-brev+trump", "trump+masters_mail"),
        ("Mästar-Brev+Trumf", "trump+masters_mail"),
        ("Master's Mail+Block Trump", "block_trump+masters_mail"),
        ("masters mail+BLOCK TRUMP", "block_trump+masters_mail"),
        ("masters_mail+block_trump", "block_trump+masters_mail"),
        ("Obesudlat Mästarspel+Straff", "taintless_masters_game+penalty"),
        ("Taintless Master's Game+Open Hand+Penalty",
         "taintless_masters_game+penalty+open_hand"),
        ("Skambud+Lås", "bid_of_shame+lock"),
        ("Noll+Öppen Hand", "zero+open_hand"),
        ("Slut-Hund+Girighet+Mästarspel", "masters_game+greed+ending_dog"),
        ("open hand+ending dog+justice+masters trump",
         "masters_trump+justice+ending_dog+open_hand"),
        ("Rättvisa+Mästartrumf", "masters_trump+justice"),
    ],
)
@pytest.mark.parametrize("profile_name", PROFILES)
def test_r7_parse_to_canonical_str(profile_name: str, text: str, canonical: str) -> None:
    combo = ComboBid.parse(text, profile_name)
    assert str(combo) == canonical
    assert ComboBid.parse(str(combo), profile_name) == combo
    assert combo.profile is load_profile(profile_name)


def test_r7_any_order_of_parts_gives_one_canonical_combo() -> None:
    profile = load_profile("1.4.2")
    parts = ["penalty", "Järn", "trump", "lock", "plague", "Mail"]
    expected = "trump+iron+mail+lock+penalty+plague"  # standard, then the table's order
    for order in itertools.permutations(parts):
        combo = ComboBid.parse("+".join(order), profile)
        assert str(combo) == expected
    assert hash(ComboBid.parse("+".join(parts), profile)) == hash(
        ComboBid.parse(expected, profile))


def test_r7_combo_parts_and_names() -> None:
    profile = load_profile("1.4.2")
    combo = ComboBid.parse("penalty+Lås+trump", profile)
    assert combo.standard is profile.bids["trump"]
    assert combo.specials == (profile.bids["lock"], profile.bids["penalty"])
    assert combo.bids == (profile.bids["trump"], profile.bids["lock"], profile.bids["penalty"])
    assert combo.has("trump")
    assert combo.has("lock")
    assert not combo.has("zero")
    assert combo.name("en") == "Trump + Lock + Penalty"
    assert combo.name("sv") == "Trumf + Lås + Straff"
    assert repr(combo) == "ComboBid.parse('trump+lock+penalty', '1.4.2')"
    assert ComboBid.parse(combo.name("sv"), profile) == combo
    assert ComboBid.parse(combo.name("en"), profile) == combo


def test_r7_of_takes_keys_names_and_rows() -> None:
    profile = load_profile("1.4.2")
    by_keys = ComboBid.of(profile, "trump", "lock")
    assert ComboBid.of("1.4.2", "Trumf", "Lås") == by_keys
    assert ComboBid.of(profile, profile.bids["lock"], profile.bids["trump"]) == by_keys
    assert ComboBid.of(profile, "trump", "lock", players=3) == by_keys


def test_r1_combos_of_different_editions_differ() -> None:
    old, new = ComboBid.parse("trump+lock", "1.4.1"), ComboBid.parse("trump+lock", "1.4.2")
    assert old != new
    assert old.worth == new.worth
    assert str(old) == str(new)


@given(combos)
@settings(max_examples=300, deadline=None)
def test_r7_any_legal_combo_str_round_trip(combo: ComboBid) -> None:
    assert ComboBid.parse(str(combo), combo.profile) == combo
    assert str(ComboBid.parse(str(combo), combo.profile)) == str(combo)
    assert ComboBid.parse(combo.name("en"), combo.profile) == combo
    assert ComboBid.parse(combo.name("sv"), combo.profile) == combo
    shuffled = "+".join(reversed([b.names["sv"] for b in combo.bids]))
    assert ComboBid.parse(shuffled, combo.profile) == combo
    assert hash(ComboBid.parse(shuffled, combo.profile)) == hash(combo)


@given(combos)
@settings(max_examples=300, deadline=None)
def test_r7_canonical_str_standard_first_specials_in_table_order(combo: ComboBid) -> None:
    keys = str(combo).split("+")
    assert keys[0] == combo.standard.key
    table = [b.key for b in combo.profile.special_bids]
    assert keys[1:] == sorted(keys[1:], key=table.index)
    assert len(set(keys)) == len(keys)


@pytest.mark.parametrize(
    "text", ["trump+frob", "frob", "Trumpf", "trump+lock+", "+trump", "trump++lock", "", "  "]
)
def test_r7_unknown_names_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as error:
        ComboBid.parse(text, "1.4.2")
    message = str(error.value)
    unknown = [p for p in text.split("+") if p.strip() and p.strip() not in ("trump", "lock")]
    named = unknown[0] if unknown else text
    assert repr(named) in message or repr(named.strip()) in message


def test_r7_unknown_name_in_of_raises_notation_error() -> None:
    with pytest.raises(NotationError, match="frob"):
        ComboBid.of("1.4.2", "trump", "frob")


# --- Worth and score (R10, R34) ------------------------------------------------------


@given(combos)
@settings(max_examples=300, deadline=None)
def test_r7_worth_is_sum_of_bids(combo: ComboBid) -> None:
    expected = combo.standard.worth
    for bid in combo.specials:
        if bid.key == "masters_mail" and combo.standard.key in R10_THREE:
            expected += 3
        else:
            expected += bid.worth
    assert combo.worth == expected
    assert combo.worth >= 1


@pytest.mark.parametrize("profile_name", PROFILES)
@pytest.mark.parametrize(
    "standard",
    ["bid_of_shame", "approximate", "trump", "grill", "block_trump", "limbo", "game",
     "masters_bid_of_shame", "precise", "max_trump", "sub_trump", "rank_trump",
     "masters_game", "zero", "masters_trump", "taintless_masters_game"],
)
def test_r10_masters_mail_worth(profile_name: str, standard: str) -> None:
    profile = load_profile(profile_name)
    combo = ComboBid.of(profile, standard, "masters_mail")
    mail = 3 if standard in R10_THREE else 1
    assert combo.worth == profile.bids[standard].worth + mail
    assert special_worth(profile.bids["masters_mail"], profile.bids[standard]) == mail


def test_r10_masters_mail_examples() -> None:
    assert ComboBid.parse("trump+masters_mail", "1.4.2").worth == 4
    assert ComboBid.parse("grill+masters_mail", "1.4.2").worth == 2
    assert ComboBid.parse("rank_trump+masters_mail", "1.4.2").worth == 6
    assert ComboBid.parse("zero+masters_mail", "1.4.2").worth == 5
    assert ComboBid.parse("bid_of_shame+masters_mail", "1.4.2").worth == 1


def test_r10_other_specials_have_fixed_worth() -> None:
    profile = load_profile("1.4.2")
    for bid in profile.special_bids:
        if bid.key == "masters_mail":
            continue
        assert {special_worth(bid, s) for s in profile.standard_bids} == {bid.worth}


@pytest.mark.parametrize(
    ("text", "worth", "score"),
    [
        ("trump", 1, 1),
        ("grill", 1, 2),
        ("trump+lock+penalty", 5, 1),
        ("masters_trump+penalty", 8, 6),
        ("zero+hurry", 2, 4),
        ("taintless_masters_game", 8, 8),
        ("taintless_masters_game+penalty", 10, 10),
        ("taintless_masters_game+open_hand+penalty+plague", 15, 15),
        ("taintless_masters_game+justice+sloth", 1, 1),
        ("taintless_masters_game+masters_mail", 9, 9),
    ],
)
def test_r34_score_is_standard_score_or_taintless_worth(text: str, worth: int,
                                                        score: int) -> None:
    combo = ComboBid.parse(text, "1.4.2")
    assert combo.worth == worth
    assert combo.score == score


@given(combos)
@settings(max_examples=200, deadline=None)
def test_r34_score_property(combo: ComboBid) -> None:
    if combo.standard.key == "taintless_masters_game":
        assert combo.score == combo.worth
    else:
        assert combo.score == combo.standard.score


# --- R7 errors -------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["trump+zero", "trump+grill+lock", "Noll+Skambud",
                                  "zero+masters_trump"])
def test_r7_two_standard_bids_raise(text: str) -> None:
    with pytest.raises(InvalidBidError, match=r"exactly one standard bid.*\(R7\)"):
        ComboBid.parse(text, "1.4.2")


@pytest.mark.parametrize("text", ["lock", "lock+penalty", "Straff", "open_hand+plague"])
def test_r7_no_standard_bid_raises(text: str) -> None:
    with pytest.raises(InvalidBidError, match=r"exactly one standard bid.*\(R7\)"):
        ComboBid.parse(text, "1.4.2")


@pytest.mark.parametrize("text", ["trump+lock+lock", "trump+lock+Lås", "Trumf+Straff+penalty",
                                  "trump+greed+Girighet+Greed"])
def test_r7_repeated_special_bid_raises(text: str) -> None:
    with pytest.raises(InvalidBidError) as error:
        ComboBid.parse(text, "1.4.2")
    assert "twice" in str(error.value)
    assert "(R7)" in str(error.value)


def incompatible_pairs(profile: RuleProfile) -> list[tuple[Bid, Bid]]:
    return sorted(
        {tuple(sorted((a, profile.bids[b]), key=lambda x: x.key))
         for a in profile.bids.values() for b in a.incompatible},
        key=lambda pair: (pair[0].key, pair[1].key),
    )


def pair_params() -> list[object]:
    out = []
    for name in PROFILES:
        for a, b in incompatible_pairs(load_profile(name)):
            out.append(pytest.param(name, a.key, b.key, id=f"{name}-{a.key}-{b.key}"))
    return out


@pytest.mark.parametrize(("profile_name", "first", "second"), pair_params())
def test_r7_incompatible_pair_raises_both_ways(profile_name: str, first: str,
                                               second: str) -> None:
    profile = load_profile(profile_name)
    rows = [profile.bids[first], profile.bids[second]]
    if not any(b.standard for b in rows):  # two specials: add a standard both accept
        standard = next(s for s in profile.standard_bids
                        if not (s.incompatible & {first, second}))
        rows.append(standard)
    for order in itertools.permutations(rows):
        for language in ("key", "en", "sv"):
            parts = [b.key if language == "key" else b.names[language] for b in order]
            with pytest.raises(InvalidBidError) as error:
                ComboBid.parse("+".join(parts), profile)
            message = str(error.value)
            assert "incompatible" in message
            assert first in message
            assert second in message
            assert "(R7)" in message


def test_r7_incompatible_pair_count() -> None:
    # Atelier-Open Hand, Ending Dog-Zero, Open Trump x (9 trumpless + Grill + Open Hand),
    # Lock-Zero, Plague x (Bid of Shame, Master's Bid of Shame, Zero).
    for name in PROFILES:
        assert len(incompatible_pairs(load_profile(name))) == 1 + 1 + 11 + 1 + 3


def test_r7_lock_zero_message() -> None:
    with pytest.raises(InvalidBidError, match=r"^lock is incompatible with zero \(R7\)$"):
        ComboBid.parse("lock+zero", "1.4.2")
    with pytest.raises(InvalidBidError, match=r"^zero is incompatible with lock \(R7\)$"):
        ComboBid.parse("zero+lock", "1.4.2")


@pytest.mark.parametrize("standard", [*R9_TRUMPLESS, "grill"])
@pytest.mark.parametrize("profile_name", PROFILES)
def test_r9_open_trump_with_trumpless_bid_or_grill_raises(profile_name: str,
                                                          standard: str) -> None:
    message = rf"^{standard} is incompatible with open_trump \(R7\)$"
    with pytest.raises(InvalidBidError, match=message):
        ComboBid.parse(f"{standard}+open_trump", profile_name)
    with pytest.raises(InvalidBidError, match="open_trump"):
        ComboBid.of(profile_name, "open_trump", standard, "penalty")


@pytest.mark.parametrize("standard", R10_THREE)
def test_r9_open_trump_with_trump_bids_is_legal(standard: str) -> None:
    combo = ComboBid.parse(f"{standard}+open_trump", "1.4.2")
    assert combo.has("open_trump")
    assert "trumps" in combo.exposes


@pytest.mark.parametrize(
    ("text", "worth"),
    [
        ("bid_of_shame", 0),
        ("Skambud", 0),
        ("trump+iron", 0),
        ("trump+justice+sloth", -6),
        ("approximate+potential", -1),
        ("bid_of_shame+greed", 0),
        ("masters_trump+justice+sloth", -1),
    ],
)
def test_r7_worth_below_one_raises(text: str, worth: int) -> None:
    with pytest.raises(InvalidBidError) as error:
        ComboBid.parse(text, "1.4.2")
    assert f"worth {worth}" in str(error.value)
    assert "at least 1" in str(error.value)
    assert "(R7)" in str(error.value)


@pytest.mark.parametrize(("text", "worth"), [("bid_of_shame+iron+atelier+ending_dog", 1),
                                             ("trump", 1), ("bid_of_shame+atelier", 1)])
def test_r7_worth_one_is_enough(text: str, worth: int) -> None:
    assert ComboBid.parse(text, "1.4.2").worth == worth


def test_r7_a_set_of_specials_combos_compare_by_content() -> None:
    a = ComboBid.parse("trump+lock+penalty", "1.4.2")
    b = ComboBid.of("1.4.2", "trump", "penalty", "lock")
    assert a == b
    assert hash(a) == hash(b)
    assert a != ComboBid.parse("trump+lock", "1.4.2")
    assert len({a, b, ComboBid.parse("trump+penalty", "1.4.2")}) == 2
    assert a != "trump+lock+penalty"
