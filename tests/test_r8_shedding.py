"""R8's exact search, issue 13: the opponents' two orders of cards. Before the solver, a
short search runs with the opponents keeping their strong cards (their weakest played
first) and, if that runs out of its bound, shedding them where D would rather take a
later trick (``Search.shedding``). The order is the search's alone: it changes which
line is found first, never whether one exists."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from combowhist import CardSet, ComboBid, load_profile
from combowhist.analysis import witness
from combowhist.errors import AnalysisError
from combowhist.rules.play import NO_SUIT
from combowhist.rules.possibility import DEFAULT_MAX_NODES, Search, Setup, _sampled_line

HAND = "KS AH 3H KD 10D 8D 5D 4D 3D 8C 7C 4C 3C"
"""Six diamonds (trumps here), the ace of hearts and the king of spades: Max Trump needs
the opponents' high diamonds gone before D's small ones ruff."""
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def _plays(combo_text: str, hand_text: str, shedding: bool, want: bool, leader: int = 1,
           trump: int = DIAMONDS, players: int = 4, plague: int = NO_SUIT
           ) -> list[tuple[str, ...]]:
    """The tricks the search would make in trick 1 with ``trump`` (and ``plague``) and
    ``leader`` leading, D in seat 1, in order."""
    profile = load_profile("1.4.1")
    combo = ComboBid.parse(combo_text, profile, players)
    hand = CardSet.parse(hand_text).mask
    deck = profile.deck(players).mask
    search = Search(combo, players, 1, deck, hand, 200, shedding)
    search.setup = Setup(trump=trump, plague=plague)
    nobody = (0,) * players
    plays = search._plays(0, leader, hand, deck & ~hand, nobody, nobody, trump, 0, 0, want)
    return [tuple(str(CardSet(1 << card)) for _, card in trick) for trick, *_ in plays]


def _first_plays(combo_text: str, shedding: bool, want: bool, plague: int = NO_SUIT
                 ) -> list[tuple[str, ...]]:
    """:func:`_plays` of :data:`HAND`, diamonds trump, D leading under Hurry."""
    return _plays(combo_text, HAND, shedding, want, plague=plague)


def _second_cards(combo_text: str, led: str, shedding: bool, want: bool,
                  plague: int = NO_SUIT) -> list[str]:
    """The cards the first opponent tries after D leads ``led``, in order."""
    out: list[str] = []
    for trick in _first_plays(combo_text, shedding, want, plague):
        if trick[0] == led and trick[1] not in out:
            out.append(trick[1])
    return out


def test_r8_shedding_in_a_trick_d_takes_the_opponents_play_their_strongest_cards_under_ds() -> None:
    # D leads the ace of hearts and wants later tricks: shedding, the opponents follow
    # with the king, queen and jack (cards that could take D's later heart tricks);
    # keeping, they throw their lowest cards.
    assert _first_plays("max_trump+hurry+ending_dog", True, True)[0] == (
        "AH", "KH", "QH", "JH")
    assert _first_plays("max_trump+hurry+ending_dog", False, True)[0] == (
        "AH", "2C", "2S", "2H")


def test_r8_shedding_in_a_trick_d_loses_the_cheapest_card_that_beats_d_then_the_strongest() -> None:
    # Lock: D must lose trick 1 and leads the 3 of clubs. The first opponent to play
    # beats it as cheaply as can be in either order (5C first, then up to the trumps);
    # of the cards that do not beat it, shedding plays the strongest first, keeping the
    # weakest.
    shed = _second_cards("max_trump+hurry+lock", "3C", True, False)
    kept = _second_cards("max_trump+hurry+lock", "3C", False, False)
    beaters = ["5C", "6C", "9C", "AC", "2D", "6D", "7D", "9D", "JD", "QD", "AD"]
    assert shed[:len(beaters)] == kept[:len(beaters)] == beaters
    assert shed[len(beaters):len(beaters) + 3] == ["2C", "AS", "4H"]
    assert kept[len(beaters)] in ("2H", "2S")


def test_r33_shedding_sends_plague_cards_to_tricks_d_loses_rather_than_ones_d_takes(
        ) -> None:
    # Of cards with the same claim (here discards), a plague card goes last into a trick
    # D takes (D leads the ace of hearts), first into one D loses (Lock, D leads the 3 of
    # clubs), the strongest first either way.
    taken = _second_cards("max_trump+hurry+ending_dog+plague", "AH", True, True, SPADES)
    assert taken.index("2C") < taken.index("AS")
    taken = _second_cards("max_trump+hurry+ending_dog+plague", "AH", True, True, CLUBS)
    assert taken.index("2S") < taken.index("9C")
    lost = _second_cards("max_trump+hurry+lock+plague", "3C", True, False, HEARTS)
    assert lost.index("2H") < lost.index("AS")
    lost = _second_cards("max_trump+hurry+lock+plague", "3C", True, False, SPADES)
    assert lost.index("2S") < lost.index("4H")


def test_r8_shedding_finds_a_max_trump_line_the_keeping_order_misses() -> None:
    # Max Trump with Hurry and Ending Dog: keeping their high diamonds, the opponents
    # overruff D's small trumps, and 200 tricks of the search find no line; shedding them
    # under D's king and ten, the search finds one within 100.
    profile = load_profile("1.4.1")
    combo = ComboBid.parse("max_trump+hurry+ending_dog", profile)
    hand = CardSet.parse(HAND).mask
    deck = profile.deck(4).mask
    with pytest.raises(AnalysisError):
        Search(combo, 4, 1, deck, hand, 200).run()
    found = Search(combo, 4, 1, deck, hand, 200, shedding=True)
    line = found.run()
    assert line is not None
    assert found.nodes < 100
    assert sum(taker == 1 for taker in line.takers) >= 7
    assert line.takers[-1] != 1


COMBOS = ("max_trump+lock", "max_trump+greed+ending_dog", "game+lock+ending_dog",
          "trump+greed+plague", "masters_game+lock", "taintless_masters_game+ending_dog",
          "grill+lock+sloth+penalty", "zero", "masters_game+greed+hurry", "limbo+greed")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), weight=st.sampled_from((-1, 0)),
       combo_text=st.sampled_from(COMBOS), players=st.sampled_from((3, 4)))
def test_r8_either_order_gives_the_same_answer(seed: int, weight: int, combo_text: str,
                                               players: int) -> None:
    # Exhaustive in either order: where both decide within the bound, they agree. Hands
    # of low cards (weight -1) make some of these combos impossible.
    profile = load_profile("1.4.2")
    combo = ComboBid.parse(combo_text, profile, players)
    rng = random.Random(seed)
    deck = profile.deck(players)
    hand = CardSet(sorted(deck, key=lambda c: rng.random() + weight * int(c.rank) / 6)[:13])
    answers = []
    for shedding in (False, True):
        try:
            answers.append(Search(combo, players, 1, deck.mask, hand.mask, 1_000, shedding)
                           .run() is not None)
        except AnalysisError:
            answers.append(None)
    assume(None not in answers)
    assert answers[0] == answers[1]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), combo_text=st.sampled_from(COMBOS),
       players=st.sampled_from((3, 4)), trump=st.integers(-1, 3), want=st.booleans(),
       data=st.data())
def test_r8_either_order_makes_the_same_plays(seed: int, combo_text: str, players: int,
                                              trump: int, want: bool,
                                              data: st.DataObject) -> None:
    # The order only reorders: every trick of one order is a trick of the other.
    deck = load_profile("1.4.1").deck(players)
    hand = CardSet(random.Random(seed).sample(sorted(deck), 13))
    leader = data.draw(st.integers(0, players - 1))
    kept = _plays(combo_text, str(hand), False, want, leader, trump, players)
    shed = _plays(combo_text, str(hand), True, want, leader, trump, players)
    assert sorted(shed) == sorted(kept)
    assert len(set(shed)) == len(shed)


def test_r8_r14_rank_trump_before_the_mails_is_looked_for_in_the_shedding_order_too(
        ) -> None:
    # Rank Trump with Justice, Master's Mail, Greed and Lock: the fast pass in the keeping
    # order finds no line within the 1,000 tricks it may open before the solver; in the
    # shedding order it finds one within 200, and the witness built from it completes.
    profile = load_profile("1.4.1")
    combo = ComboBid.parse("rank_trump+justice+potential+greed+masters_mail+open_trump+lock",
                           profile)
    hand = CardSet.parse("KS 10S 8S 4S JH 7H 6H 4H 2H 9D 7D 6D 10C")
    deck = profile.deck(4).mask
    with pytest.raises(AnalysisError):
        Search(combo, 4, 1, deck, hand.mask, 1_000).sample()
    assert Search(combo, 4, 1, deck, hand.mask, 200, shedding=True).sample() is not None
    assert _sampled_line(combo, 4, 1, deck, hand.mask, DEFAULT_MAX_NODES) is not None
    found = witness(hand, combo)
    assert found is not None
    assert found.deal.result is not None
    assert found.deal.result.completed
