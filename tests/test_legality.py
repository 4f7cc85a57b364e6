"""rules/legality: the one authority for a combo's legality, R7 and static R8 (issue 11).

ComboBid's constructors, ComboSpace's tables and the auction all ask it; these tests pin
its answers on bid rows and that the others agree with it.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import attrs
import pytest

from combowhist import Bid, ComboBid, Deal, IllegalMoveError, InvalidBidError, load_profile
from combowhist.combos import legal_combos
from combowhist.moves import MakeBid
from combowhist.primitives import TrickConditions
from combowhist.rules import legality

PROFILE = load_profile("1.4.2")
BIDS = PROFILE.bids


def rows(*keys: str) -> list[Bid]:
    return [BIDS[k] for k in keys]


@pytest.mark.parametrize(
    ("keys", "reason"),
    [
        (("lock",), "lock: a combo bid has exactly one standard bid, this has 0 (R7)"),
        (("trump", "game"), "trump+game: a combo bid has exactly one standard bid, this has 2 "
                            "(R7)"),
        (("trump", "lock", "lock"), "trump+lock+lock: lock named twice; special bids are a set "
                                    "(R7)"),
        (("zero", "lock"), "zero is incompatible with lock (R7)"),
        (("game", "open_trump"), "game is incompatible with open_trump (R7)"),
        (("bid_of_shame", "justice"), "bid_of_shame+justice: worth -4; a combo bid must be "
                                      "worth at least 1 (R7)"),
        (("taintless_masters_game", "lock"),
         "taintless_masters_game+lock: impossible to complete: no pattern of tricks meets the "
         "goal of taintless_masters_game with never taking trick 1, 2, 3 for 4 participants "
         "(R8)"),
    ],
)
def test_r7_r8_problem_names_the_bids_and_the_rule(keys: tuple[str, ...], reason: str) -> None:
    assert legality.problem(PROFILE, rows(*keys)) == reason
    with pytest.raises(InvalidBidError) as error:
        legality.check(PROFILE, rows(*keys))
    assert str(error.value) == reason


def test_r7_problem_refuses_a_row_of_another_profile() -> None:
    other = attrs.evolve(BIDS["lock"], worth=1)
    reason = legality.problem(PROFILE, [BIDS["trump"], other])
    assert reason == "trump+lock: lock is not a bid of profile 1.4.2"


def test_r7_check_gives_the_standard_bid_and_the_specials_in_table_order() -> None:
    standard, specials = legality.check(PROFILE, rows("open_hand", "lock", "trump", "greed"))
    assert standard is BIDS["trump"]
    assert [b.key for b in specials] == [k for k in BIDS if k in {"open_hand", "lock", "greed"}]


def test_r7_compatibility_is_symmetric_and_is_what_the_table_says() -> None:
    for first, second in itertools.permutations(BIDS.values(), 2):
        assert legality.compatible(first, second) == legality.compatible(second, first)
        assert legality.compatible(first, second) == (second.key not in first.incompatible)
    assert legality.incompatible_pair(rows("trump", "lock", "zero")) == (BIDS["lock"],
                                                                         BIDS["zero"])
    assert legality.incompatible_pair(rows("trump", "lock")) is None


@pytest.mark.parametrize("players", [3, 4])
def test_r8_witness_meets_the_conditions_it_proves(players: int) -> None:
    for standard in PROFILE.standard_bids:
        for special in (None, "greed", "lock", "ending_dog"):
            specials = rows(special) if special else []
            conditions = TrickConditions.of(standard, specials)
            found = legality.witness(conditions, players)
            reason = legality.impossibility(standard, conditions, players)
            assert (found is None) == (reason is not None)
            if found is not None:
                assert conditions.met(found.won, found.others, found.guesses)
                assert len(found.others) == players - 1
                assert found.won.bit_count() + sum(found.others) == 13


def test_r8_possible_follows_the_profile_switch(tmp_path: Path) -> None:
    path = tmp_path / "anything.toml"
    path.write_text('base = "1.4.2"\nname = "anything"\nforbid_impossible_bids = false\n',
                    encoding="utf-8")
    anything = load_profile(path)
    assert not legality.possible(PROFILE, BIDS["taintless_masters_game"], rows("lock"))
    assert legality.possible(anything, anything.bids["taintless_masters_game"],
                             [anything.bids["lock"]])
    assert legality.problem(anything, [anything.bids["taintless_masters_game"],
                                       anything.bids["lock"]]) is None


@pytest.mark.parametrize("players", [3, 4])
def test_r7_r8_combo_space_holds_exactly_what_legality_allows(players: int) -> None:
    # Every standard bid with up to two specials: the space and the authority agree.
    space = legal_combos(PROFILE, players)
    for standard in PROFILE.standard_bids:
        for count in (0, 1, 2):
            for specials in itertools.combinations(PROFILE.special_bids, count):
                combo = ComboBid.unchecked(PROFILE, standard, specials)
                legal = legality.problem(PROFILE, combo.bids, players) is None
                assert (combo in space) == legal, str(combo)


def test_r7_r8_parse_and_the_auction_give_the_authoritys_reason() -> None:
    deal = Deal.new(players=4, dealer=0, profile=PROFILE, seed=1)
    for keys in (("zero", "lock"), ("taintless_masters_game", "lock"),
                 ("bid_of_shame", "justice")):
        reason = legality.problem(PROFILE, rows(*keys))
        assert reason is not None
        with pytest.raises(InvalidBidError) as parsed:
            ComboBid.parse("+".join(keys), PROFILE)
        assert str(parsed.value) == reason
        move = MakeBid(ComboBid.unchecked(PROFILE, BIDS[keys[0]], tuple(rows(*keys[1:]))))
        with pytest.raises(IllegalMoveError) as refused:
            deal.apply(move)
        assert reason in str(refused.value)
