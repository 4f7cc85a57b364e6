"""R8 for Zero without trump (R31: D takes no trick): the counting proof that D cannot lose
every trick (:mod:`combowhist.rules.no_trick`) against an independent brute force over
every deal and play of small decks, and its place in
:func:`~combowhist.rules.possibility.decide`."""

from __future__ import annotations

import pytest
from brute import any_trick, deals
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import CardSet, ComboBid, load_profile
from combowhist.rules import possibility
from combowhist.rules.no_trick import out_of_reach
from combowhist.rules.play import NO_SUIT, first_leader, trick_order, trick_winner
from combowhist.rules.possibility import decide, possibility_key, takes_no_trick

DECLARER = 1
UNSHEDDABLE = "QS 10S 6S 4S 2S AH JH 6H KD QD KC QC 10C"
"""A random hand (1.4.1, 3 participants) on which the SAT solver took 6.5 s to prove Zero
impossible: the A♥ can only be discarded, and the only suit D can run out of by following
(spades, each card under a higher one) then has no unseen spade left to be led."""


def _loses_every_trick(hand: int, unseen: int, players: int, hurry: bool, iron: bool) -> bool:
    """Every split of ``unseen`` among the opponents and every legal play (the engine's
    own rules, R22-R24): can D lose every trick, without trump?"""

    def play(hands: list[int], leader: int, flags: int) -> bool:
        if not hands[DECLARER]:
            return True

        def judge(trick: tuple[tuple[int, int], ...], after: int) -> bool:
            winner = trick_winner(trick, NO_SUIT, iron)
            return winner != DECLARER and play(hands, winner, after)

        return any_trick(hands, trick_order(leader, players, DECLARER, False), DECLARER,
                         NO_SUIT, flags, judge)

    return any(play(hands, first_leader(DECLARER, players, hurry), 0)
               for hands in deals(hand, unseen, players, DECLARER))


@st.composite
def small_decks(draw: st.DrawFn) -> tuple[int, int, int, bool, bool]:
    """A small deal: 3 players with 2-4 cards each, or 4 with 2-3, from a few suits of
    the top ranks (D's high cards are what the proof counts); the play rules."""
    players = draw(st.sampled_from((3, 4)))
    size = draw(st.integers(2, 4 if players == 3 else 3))
    suits = draw(st.integers(2, 4))
    lowest = draw(st.integers(0, 13 - -(-players * size // suits)))
    pool = [13 * suit + rank for suit in range(suits) for rank in range(lowest, 13)]
    cards = draw(st.lists(st.sampled_from(pool), min_size=players * size,
                          max_size=players * size, unique=True))
    hand = sum(1 << card for card in cards[:size])
    unseen = sum(1 << card for card in cards[size:])
    return hand, unseen, players, draw(st.booleans()), draw(st.booleans())


@settings(max_examples=400, deadline=None)
@given(small_decks())
def test_r8_r22_r24_no_trick_proof_agrees_with_a_brute_force_on_small_decks(
        deal: tuple[int, int, int, bool, bool]) -> None:
    """Where the proof says D cannot lose every trick, no split and no play lets D."""
    hand, unseen, players, hurry, iron = deal
    if out_of_reach(hand, hand | unseen, iron, hurry):
        assert not _loses_every_trick(hand, unseen, players, hurry, iron)


def _mask(cards: str) -> int:
    return CardSet.parse(cards).mask


@pytest.mark.parametrize(("hand", "unseen", "hurry", "proven"), [
    # D's A♠ can be discarded only once D is void in hearts, by following the K♥ under the
    # A♥: then no heart is left to be led.
    ("AS KH", "AH 3S 4S 5S", False, True),
    # A second heart to lead after D's K♥ is gone: the A♠ is discarded on it.
    ("AS KH", "AH 2H 3S 4S", False, False),
    # With Hurry, D leads trick 1 and nobody holds a card of its suit above D's.
    ("AS AH", "2S 3S 2H 3H", True, True),
    ("AS AH", "2S 3S 2H 3H", False, True),
    # Low cards: D follows under every trick.
    ("2S 2H", "AS KS AH KH", True, False),
])
def test_r8_r22_r31_no_trick_proof_on_hand_built_small_deals(
        hand: str, unseen: str, hurry: bool, proven: bool) -> None:
    """The proof on small deals worked by hand (3 participants), each checked against the
    brute force: it proves exactly the impossible ones here."""
    mine, theirs = _mask(hand), _mask(unseen)
    assert out_of_reach(mine, mine | theirs, False, hurry) is proven
    assert _loses_every_trick(mine, theirs, 3, hurry, False) is not proven


def test_r8_r24_no_trick_proof_reads_iron() -> None:
    """Under Iron the ace is the lowest card of its suit (R24): D's A♠ follows under any
    spade, and the proof no longer holds."""
    mine, theirs = _mask("AS AH"), _mask("2S 3S 2H 3H")
    assert out_of_reach(mine, mine | theirs, True, True) is False
    assert _loses_every_trick(mine, theirs, 3, True, True)


def _decided_without_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if the search or the solver is asked."""
    def asked(*args: object, **kwargs: object) -> object:
        raise AssertionError("searched, not counted")

    monkeypatch.setattr(possibility, "solved", asked)
    monkeypatch.setattr(possibility, "Search", asked)


@pytest.mark.parametrize("specials", ["", "+hurry"])
def test_r8_r31_zero_with_an_unsheddable_card_is_counted_impossible(
        monkeypatch: pytest.MonkeyPatch, specials: str) -> None:
    """Zero on a hand the solver took seconds over is impossible at once, with and without
    Hurry."""
    profile = load_profile("1.4.1")
    combo = ComboBid.parse(f"zero{specials}+penalty+open_hand", profile, 3)
    assert takes_no_trick(possibility_key(combo))
    possibility.clear_caches()
    _decided_without_search(monkeypatch)
    assert decide(combo, _mask(UNSHEDDABLE), 3) is None


def test_r8_r24_r31_zero_with_iron_on_the_unsheddable_hand_is_possible() -> None:
    """The near neighbour: under Iron the A♥ is the lowest heart (R24), D can shed every
    card, and the proof proves nothing; the search finds the line."""
    profile = load_profile("1.4.1")
    hand = _mask(UNSHEDDABLE)
    assert not out_of_reach(hand, profile.deck(3).mask, True, False)
    possibility.clear_caches()
    assert decide(ComboBid.parse("zero+iron+penalty+open_hand", profile, 3), hand, 3)


def test_r8_r31_zero_holding_all_spades_with_hurry_is_counted_impossible(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules page's example (R8): holding all 13 spades, Zero + Hurry is impossible,
    as D leads a spade nobody can beat; without Hurry the proof proves nothing (the
    opponents lead the other suits, and D discards)."""
    profile = load_profile("1.4.1")
    spades = _mask("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S")
    deck = profile.deck(4).mask
    assert out_of_reach(spades, deck, False, True)
    assert not out_of_reach(spades, deck, False, False)
    possibility.clear_caches()
    _decided_without_search(monkeypatch)
    assert decide(ComboBid.parse("zero+hurry", profile), spades, 4) is None


def test_r8_r29_r31_zero_with_justice_is_left_to_the_search() -> None:
    """Justice lets D award away the trick holding the card of justice (R29), and the mails
    change D's hand: the proof does not hold there, so Zero beside them is not counted.
    On the unsheddable hand, Justice makes Zero possible."""
    profile = load_profile("1.4.1")
    for specials in ("+justice", "+mail", "+mail+masters_mail"):
        combo = ComboBid.parse(f"zero{specials}+penalty+open_hand", profile, 3)
        assert not takes_no_trick(possibility_key(combo)), specials
    possibility.clear_caches()
    combo = ComboBid.parse("zero+justice+penalty+open_hand", profile, 3)
    assert decide(combo, _mask(UNSHEDDABLE), 3) is not None
