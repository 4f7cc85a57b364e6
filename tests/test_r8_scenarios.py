"""R8's exact layer (issue 13): one hand-built scenario per special bid not covered in
``tests/test_analysis.py`` (Iron, Justice, Rank Trump, Plague), and the issue's two
examples accepted by 1.5.1, which allows impossible bids (issue 9)."""

from __future__ import annotations

import pytest

from combowhist import CardSet, ComboBid, Deal, DealResult, load_profile
from combowhist.analysis import Witness, is_possible, witness
from combowhist.cards import Suit
from combowhist.moves import Award, MakeBid, Take

TWELVE_SPADES_AND_ACE_OF_CLUBS = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S AC"
SPADES = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
LOW_HAND = "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C"


def _completing(hand: str, combo: str, edition: str) -> tuple[Witness, DealResult]:
    """A witness that ``combo`` is possible with ``hand``, and its deal's result."""
    found = witness(hand, combo, profile=edition)
    assert found is not None
    result = found.deal.result
    assert result is not None
    assert result.completed
    return found, result


@pytest.mark.parametrize("edition", ["1.4.1", "1.4.2"])
def test_r8_iron_makes_zero_hurry_possible_with_twelve_spades_and_the_ace_of_clubs(
        edition: str) -> None:
    # Without Iron, D leads trick 1 (Hurry) and every card D holds wins it: the AC is the
    # top club, and any spade beats the one spade out (2S) or finds the others void.
    assert witness(TWELVE_SPADES_AND_ACE_OF_CLUBS, "zero+hurry", profile=edition) is None
    # With Iron (R24) the AC is the lowest club, and the AS the lowest spade: D loses.
    found, result = _completing(TWELVE_SPADES_AND_ACE_OF_CLUBS, "zero+hurry+iron", edition)
    assert result.tricks[found.declarer] == 0


@pytest.mark.parametrize("edition", ["1.4.1", "1.4.2"])
def test_r8_justice_makes_zero_hurry_possible_with_thirteen_spades(edition: str) -> None:
    # Penalty and Open Hand only make the combos worth bidding (R7); they change nothing
    # of what is possible.
    assert not is_possible(SPADES, "zero+hurry+penalty", profile=edition)
    # R29: D names a spade as the card of justice, leads it and awards the trick away.
    found, result = _completing(SPADES, "zero+justice+hurry+penalty+open_hand", edition)
    assert result.tricks[found.declarer] == 0
    awards = [move for seat, move in found.moves if isinstance(move, Award)]
    assert len(awards) == 1


def _deal_with(hand: str, profile: str) -> Deal:
    """A 4-player deal in which seat 1 (the first to bid) holds ``hand``."""
    mine = CardSet.parse(hand).mask
    rest = [c for c in range(52) if not mine >> c & 1]
    hands = [CardSet(sum(1 << c for c in rest[13 * i:13 * i + 13])) for i in range(3)]
    return Deal.from_hands([hands[0], CardSet(mine), hands[1], hands[2]], profile=profile,
                           dealer=0)


@pytest.mark.parametrize(("hand", "bid", "alias"),
                         [(SPADES, "zero+hurry", "zero+hurry"),
                          (LOW_HAND, "game", "abundance")])
def test_r8_issue13_examples_are_accepted_in_1_5_1(hand: str, bid: str, alias: str) -> None:
    # Impossible where R8 holds (1.4.x) ...
    assert not is_possible(hand, bid, profile="1.4.1")
    # ... and bid as any other in 1.5.1, which dropped R8 (forbid_impossible_bids false).
    profile = load_profile("1.5.1")
    assert not profile.forbid_impossible_bids
    deal = _deal_with(hand, "1.5.1")
    combo = ComboBid.parse(alias, profile)
    after = deal.apply(MakeBid(combo))
    assert after.log[-1] == (1, MakeBid(combo))
    assert MakeBid(combo) in deal.legal_moves()


def test_r8_rank_trump_makes_lock_possible_with_thirteen_spades() -> None:
    # Trump + Lock is impossible holding all 13 spades (tests/test_analysis.py): spades
    # trump take trick 1, another trump leaves D without a trick. Rank Trump (R14): D lays
    # a spade and takes a card of another suit, which is trump; D loses tricks 1-3 and
    # wins the spades once the spade D laid is led.
    assert not is_possible(SPADES, "trump+lock", profile="1.4.1")
    found, result = _completing(SPADES, "rank_trump+lock", "1.4.1")
    takes = [move for seat, move in found.moves if isinstance(move, Take)]
    assert len(takes) == 1
    assert takes[0].card.suit is not Suit.SPADES
    assert found.deal.trump == takes[0].card.suit
    assert result.tricks[found.declarer] >= 5


@pytest.mark.parametrize("edition", ["1.4.1", "1.4.2"])
def test_r8_r33_honourable_plague_keeps_trump_possible_with_thirteen_spades(
        edition: str) -> None:
    # Spades trump: D ruffs trick 1 and takes every trick after it (any other trump and D
    # takes none). So whatever suit D names (R18), D's tricks hold more plague cards than
    # anyone's: D is beplagued, and only R33's honourable exception (D took every plague
    # card) completes the bid. The search has to know it.
    found, result = _completing(SPADES, "trump+plague", edition)
    assert result.tricks[found.declarer] == 13
    assert result.beplagued
    assert result.honorably_beplagued
    plain, plain_result = _completing(SPADES, "trump", edition)
    # R34: honourable Plague's extra point.
    assert result.points[found.declarer] == plain_result.points[plain.declarer] + 1
