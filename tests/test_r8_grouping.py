"""Issue 13, step 2: combos grouped by what can matter to R8's exact layer
(:func:`combowhist.analysis.possibility_key`), derived from the rule primitives and checked
by the search itself."""

from __future__ import annotations

import functools
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import CardSet, ComboBid, Deal, load_profile
from combowhist.analysis import (
    DECIDING_RULES,
    INDIFFERENT_EVENTS,
    INDIFFERENT_RULES,
    ORDER_BLIND,
    PossibilityKey,
    is_possible,
    possibility_key,
    witness,
)
from combowhist.bids import CompiledRules, Event, GoalKind, PlayRule, TrumpRule
from combowhist.errors import AnalysisError
from combowhist.moves import Play
from combowhist.rules.auction import bid_moves
from combowhist.rules.possibility import _OUTCOMES, Search, clear_caches

EDITIONS = ("1.4.0", "1.4.1", "1.4.2", "1.5.1")


def test_r8_grouping_every_compiled_rule_is_classified_once() -> None:
    # A new primitive must be classified (deciding or indifferent) before the key uses it.
    names = {field.name for field in attrs.fields(CompiledRules)}
    assert set(DECIDING_RULES) | set(INDIFFERENT_RULES) == names
    assert not set(DECIDING_RULES) & set(INDIFFERENT_RULES)
    assert set(Event) >= INDIFFERENT_EVENTS


def _changes_key(profile_name: str, key: str) -> bool:
    """Whether adding the special bid ``key`` to some standard bid it combines with
    changes the combo's possibility key."""
    profile = load_profile(profile_name)
    special = profile.bids[key]
    for standard in profile.bids.values():
        if not standard.standard or key in standard.incompatible:
            continue
        alone = ComboBid.unchecked(profile, standard)
        if possibility_key(alone) != possibility_key(
                ComboBid.unchecked(profile, standard, (special,))):
            return True
    return False


@pytest.mark.parametrize("edition", EDITIONS)
def test_r8_grouping_every_special_of_every_edition_is_classified(edition: str) -> None:
    profile = load_profile(edition)
    specials = [b for b in profile.bids.values() if not b.standard]
    indifferent = {b.key for b in specials if not _changes_key(edition, b.key)}
    # Scoring and exposure only; the atelier restricts no play (R21).
    assert indifferent == {"potential", "penalty", "open_hand", "open_trump", "atelier"}
    # Master's Mail alone can reach any split of the unseen cards (R20): no change with
    # Trump; beside Mail or Rank Trump, it may pass on the cards they put in given hands.
    masters = "master_mail" if edition == "1.5.1" else "masters_mail"
    bids = profile.bids

    def key(*keys: str) -> PossibilityKey:
        return possibility_key(ComboBid.unchecked(profile, bids[keys[0]],
                                                  tuple(bids[k] for k in keys[1:])))
    assert key("trump") == key("trump", masters)
    assert key("trump", "mail") != key("trump", "mail", masters)
    assert key("rank_trump") != key("rank_trump", masters)


def test_r8_grouping_a_free_choice_of_trump_is_one_key() -> None:
    profile = load_profile("1.4.1")
    trump = possibility_key(ComboBid.parse("trump+lock", profile))
    assert trump == possibility_key(ComboBid.parse("masters_trump+lock", profile))
    assert trump.trump is TrumpRule.DECLARER
    assert trump != possibility_key(ComboBid.parse("sub_trump+lock", profile))
    assert trump != possibility_key(ComboBid.parse("max_trump+lock", profile))


def _search(hand: int, combo: ComboBid, players: int) -> bool:
    """The search itself, no cache."""
    deck = combo.profile.deck(players).mask
    return Search(combo, players, 1, deck, hand, 400).run() is not None


def _covered(combo: ComboBid) -> bool:
    """Whether the search covers it (Rank Trump only without Mail, which these leave
    out anyway; not the capture goal)."""
    assert combo.standard.goal is not None
    return (combo.standard.goal.kind is not GoalKind.CAPTURE
            and not (combo.standard.trump is TrumpRule.RANK
                     and Event.MASTERS_MAIL in combo.events))


@functools.cache
def _small(edition: str, players: int) -> list[ComboBid]:
    """The auction's combos with few specials (quick to decide). Mail's pre-game branches
    are too many for a bounded test; the rest is covered."""
    return [m.combo for m in bid_moves(load_profile(edition), players, 1)
            if len(m.combo.specials) <= 3 and _covered(m.combo)
            and Event.MAIL not in m.combo.events]


def _partner(combo: ComboBid, rng: random.Random) -> ComboBid:
    """Another combination with the same key: its specials that change no key added or
    removed at random (where compatible), Trump and Master's Trump swapped."""
    profile = combo.profile
    bids = profile.bids
    standard = combo.standard
    swap = {"trump": "masters_trump", "masters_trump": "trump"}
    if standard.key in swap and rng.random() < 0.5:
        standard = bids[swap[standard.key]]
    specials = {b.key: b for b in combo.specials}
    for key in ("potential", "penalty", "open_hand", "open_trump", "atelier"):
        if rng.random() < 0.5:
            specials.pop(key, None)
        elif all(key not in b.incompatible for b in (standard, *specials.values())):
            specials[key] = bids[key]
    return ComboBid.unchecked(profile, standard, tuple(specials.values()))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), edition=st.sampled_from(("1.4.1", "1.4.2")),
       players=st.sampled_from((3, 4)))
def test_r8_grouping_combos_with_one_key_get_one_answer_from_the_search(
        seed: int, edition: str, players: int) -> None:
    rng = random.Random(seed)
    profile = load_profile(edition)
    hand = Deal.new(players, profile=profile, rng=rng).dealt_hands[1].mask
    small = _small(edition, players)
    first = small[rng.randrange(len(small))]
    second = _partner(first, rng)
    assert possibility_key(first) == possibility_key(second)
    try:
        answers = {_search(hand, first, players), _search(hand, second, players)}
    except AnalysisError:
        return  # undecided within the bound
    assert len(answers) == 1, (str(first), str(second))


def test_r8_grouping_is_possible_is_cached_per_hand_and_key() -> None:
    profile = load_profile("1.4.1")
    hand = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
    clear_caches()
    assert not is_possible(hand, "zero+hurry", profile=profile)
    assert len(_OUTCOMES) == 1
    # Same key: answered from the cache, no new search.
    assert not is_possible(hand, "zero+hurry+penalty+open_hand", profile=profile)
    assert len(_OUTCOMES) == 1
    assert is_possible(hand, "zero", profile=profile)
    assert len(_OUTCOMES) == 2


@pytest.mark.parametrize("bid", ["zero+hurry", "trump+lock"])
def test_r8_grouping_every_auction_combo_of_an_impossible_key_is_impossible(bid: str) -> None:
    # Holding all 13 spades both are impossible; so is every combo of the auction's list
    # with the same key, each searched on its own.
    profile = load_profile("1.4.1")
    spades = CardSet.parse("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S").mask
    key = possibility_key(ComboBid.parse(bid, profile))
    # (A combo with another goal has another key: read only those with this one.)
    same = [m.combo for m in bid_moves(profile, 4, 1)
            if m.combo.standard.goal == key.conditions.goal
            and possibility_key(m.combo) == key]
    assert len(same) > 4
    for combo in same:
        assert Search(combo, 4, 1, profile.deck(4).mask, spades, 20_000).run() is None, combo


def test_r8_r26_sloth_is_in_the_key_only_beside_block_trump() -> None:
    profile = load_profile("1.4.2")

    def key(bid: str) -> PossibilityKey:
        return possibility_key(ComboBid.parse(bid, profile))

    assert key("zero+sloth+penalty+open_hand") == key("zero+penalty")
    assert key("max_trump+sloth+lock") == key("max_trump+lock")
    assert key("block_trump+sloth+penalty+open_hand") != key("block_trump+penalty")
    assert {PlayRule.DECLARER_PLAYS_LAST} == ORDER_BLIND


def test_r8_r26_a_witness_with_sloth_replays_in_sloths_order() -> None:
    # The key (and so the search) leaves Sloth out; the witness deal is the engine's, in
    # which D plays last in every trick D does not lead.
    found = witness("AS KS QS 10S AH KH AD KD JD AC KC QC JC",
                    "taintless_masters_game+sloth", profile="1.4.2")
    assert found is not None
    assert found.deal.result is not None
    assert found.deal.result.completed
    plays = [(seat, move) for seat, move in found.moves if isinstance(move, Play)]
    d = found.declarer
    tricks = [plays[i:i + 4] for i in range(0, 52, 4)]
    led_by_others = [trick for trick in tricks if trick[0][0] != d]
    assert led_by_others
    assert all(trick[-1][0] == d for trick in led_by_others)


@pytest.mark.parametrize("wrong", ["trump", None, 3])
def test_r8_grouping_a_key_is_read_off_a_combo_bid_only(wrong: object) -> None:
    # Bad input gets a TypeError naming what was wanted and what was given, in the
    # pure-Python build as in the compiled one, never an AttributeError from inside.
    with pytest.raises(TypeError, match="ComboBid"):
        possibility_key(wrong)  # type: ignore[arg-type]
