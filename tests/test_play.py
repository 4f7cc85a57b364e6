"""Trick play, hand-built scenarios, one or more per ruling R21 (refill), R22-R30.

Every deal here starts with ``Deal.from_hands``; unless a test says otherwise the dealer is
seat 0, seat 1 bids and the others pass, so D = seat 1 and right(D) = seat 0. Expected legal
plays, winners and orders are worked out by hand from the hands written out in each test.
"""

from __future__ import annotations

import re

import pytest
from hands import start

from combowhist import Phase
from combowhist.cards import CardSet
from combowhist.errors import IllegalMoveError

# -- helpers ---------------------------------------------------------------------------------

#: Each seat holds one whole suit: 0 clubs, 1 diamonds, 2 hearts, 3 spades.
SUIT_HANDS = (
    "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
    "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
)

#: A deal for following suit: seat 3 is void in diamonds, seat 0 in hearts and spades.
FOLLOW_HANDS = (
    "2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 7D 8D",
    "8C 9C 10C 9D 10D JD 2H 3H 4H 5H 2S 3S 4S",
    "JC QC KC QD KD AD 6H 7H 8H 9H 5S 6S 7S",
    "AC 10H JH QH KH AH 8S 9S 10S JS QS KS AS",
)

#: Seats 2 and 3 are both void in clubs and hold spades (trumps with ``trump S``).
VOID_HANDS = (
    "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
    "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    "2H 3H 4H 5H 6H 7H 8H 2S 3S 4S 5S 6S 7S",
    "9H 10H JH QH KH AH 8S 9S 10S JS QS KS AS",
)



def play(deal, *cards):
    """Play ``cards`` in turn, each by the seat to move."""
    for card in cards:
        deal = deal.apply(f"play {card}")
    return deal


def legal(deal):
    """The legal plays (or refills) now, as a set of card strings."""
    return {str(move.card) for move in deal.legal_moves()}


def cards(text):
    return set(text.split())


def refused(seat, move, rule):
    """A ``pytest.raises`` for an IllegalMoveError naming the seat, the move and the rule."""
    return pytest.raises(
        IllegalMoveError, match=rf"^seat {seat} cannot {re.escape(move)}: .*\({rule}\)$"
    )


def legal_atelier_cards(deal):
    """Every card some legal atelier choice contains."""
    union = set()
    for move in deal.legal_moves():
        union |= {str(c) for c in move.cards}
    return union


def order_of_trick(deal, cards_in_order):
    """Play one trick, returning the seats in the order the engine asked them to play.

    ``cards_in_order`` maps seat -> card, so the play order is the engine's alone."""
    seats = []
    for _ in range(len(cards_in_order)):
        seat = deal.to_move
        seats.append(seat)
        deal = deal.apply(f"play {cards_in_order[seat]}")
    return seats, deal


# -- R22 leads -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "declarer", "leader"),
    [(0, 1, 0), (1, 2, 1), (2, 3, 2), (3, 0, 3)],
)
def test_r22_right_of_declarer_leads_trick_one(dealer, declarer, leader):
    deal = start(SUIT_HANDS, "trump", "trump S", dealer=dealer)
    assert deal.declarer == declarer
    assert deal.phase is Phase.PLAY
    assert deal.to_move == leader
    assert deal.trick_number == 1
    assert legal(deal) == cards(SUIT_HANDS[leader])


def test_r22_right_of_declarer_leads_trick_one_with_three_players():
    hands = (
        "AC KC QC JC 6C 5C 4C 3C 2C AD KD QD JD",
        "7D 6D 5D 4D 3D 2D AH KH QH JH 7H 6H 5H",
        "4H 3H 2H AS KS QS JS 7S 6S 5S 4S 3S 2S",
    )
    # dealer 2: seat 0 bids, seats 1 and 2 pass; D = 0 and right(0) = 2 leads.
    deal = start(hands, "trump", "trump S", dealer=2)
    assert deal.declarer == 0
    assert deal.to_move == 2


def test_r22_hurry_declarer_leads_trick_one():
    deal = start(SUIT_HANDS, "max_trump+hurry", "trump S")
    assert deal.declarer == 1
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 1
    assert legal(deal) == cards(SUIT_HANDS[1])


def test_r22_hurry_declarer_leads_trick_one_whoever_deals():
    # dealer 3: seat 0 bids and is D; with Hurry seat 0 leads (not right(0) = 3).
    deal = start(SUIT_HANDS, "max_trump+hurry", "trump H", dealer=3)
    assert deal.declarer == 0
    assert deal.to_move == 0


def test_r22_trick_winner_leads_next_trick():
    deal = start(FOLLOW_HANDS, "trump", "trump S")
    # Seat 0 leads 7C; 8C, JC and AC follow: seat 3's ace wins.
    deal = play(deal, "7C", "8C", "JC", "AC")
    assert deal.winners == (3,)
    assert deal.tricks_won == (0, 0, 0, 1)
    assert deal.trick == ()
    assert deal.trick_number == 2
    assert deal.to_move == 3
    assert legal(deal) == cards("10H JH QH KH AH 8S 9S 10S JS QS KS AS")
    # Seat 3 leads 10H; seat 0 (no hearts) discards 2D; D 2H; seat 2 9H: 10H wins.
    deal = play(deal, "10H", "2D", "2H", "9H")
    assert deal.winners == (3, 3)
    assert deal.to_move == 3


def test_r22_a_non_leader_who_wins_leads_next():
    deal = start(FOLLOW_HANDS, "trump", "trump S")
    # Seat 0 leads 8D; D 9D; seat 2 AD; seat 3 (void) discards AC: seat 2 wins.
    deal = play(deal, "8D", "9D", "AD", "AC")
    assert deal.winners == (2,)
    assert deal.to_move == 2
    assert legal(deal) == cards("JC QC KC QD KD 6H 7H 8H 9H 5S 6S 7S")


# -- R23 following ---------------------------------------------------------------------------


def test_r23_must_follow_suit_led():
    deal = start(FOLLOW_HANDS, "trump", "trump S")
    deal = play(deal, "8D")
    assert deal.to_move == 1
    assert legal(deal) == cards("9D 10D JD")
    deal = play(deal, "9D")
    assert deal.to_move == 2
    assert legal(deal) == cards("QD KD AD")


def test_r23_void_may_play_any_card_no_duty_to_trump():
    deal = start(FOLLOW_HANDS, "trump", "trump S")
    deal = play(deal, "8D", "9D", "QD")
    assert deal.to_move == 3
    # Seat 3 holds no diamond: every card is legal, non-trumps as well as trumps.
    assert legal(deal) == cards(FOLLOW_HANDS[3])
    assert "AC" in legal(deal)
    assert "10H" in legal(deal)


def test_r23_refuses_a_card_off_the_suit_led():
    deal = start(FOLLOW_HANDS, "trump", "trump S")
    deal = play(deal, "8D", "9D")
    with refused(2, "play 5S", "R23"):
        deal.apply("play 5S")
    with pytest.raises(IllegalMoveError, match=r"must follow D \(R23\)"):
        deal.apply("play 6H")
    # the refused state is unchanged
    assert deal.to_move == 2
    assert len(deal.trick) == 2


def test_r23_declarer_must_follow_suit_too():
    deal = start(FOLLOW_HANDS, "trump", "trump S")
    deal = play(deal, "7C")
    with refused(1, "play 2S", "R23"):
        deal.apply("play 2S")
    assert legal(deal) == cards("8C 9C 10C")


def test_r23_trump_beats_the_suit_led():
    deal = start(FOLLOW_HANDS, "trump", "trump S")
    deal = play(deal, "8D", "9D", "AD", "8S")
    assert deal.winners == (3,)
    assert deal.to_move == 3


def test_r23_off_suit_discards_never_win():
    deal = start(VOID_HANDS, "trump", "trump S")
    # Seat 0 leads 2C; D discards AD, seat 2 8H, seat 3 AH: none of them is a club or a trump.
    deal = play(deal, "2C", "AD", "8H", "AH")
    assert deal.winners == (0,)
    assert deal.to_move == 0


def test_r23_off_suit_discards_never_win_without_trump():
    deal = start(VOID_HANDS, "game")
    deal = play(deal, "2C", "AD", "7S", "AS")  # no trump: AS is a mere discard
    assert deal.winners == (0,)


def test_r23_highest_trump_wins():
    deal = start(VOID_HANDS, "trump", "trump S")
    after_lead = play(deal, "AC", "2D")
    assert legal(after_lead) == cards(VOID_HANDS[2])
    overtrumped = play(after_lead, "7S", "8S")
    assert overtrumped.winners == (3,)
    trumped = play(after_lead, "7S", "AH")
    assert trumped.winners == (2,)
    low_trump_wins = play(after_lead, "2H", "8S")
    assert low_trump_wins.winners == (3,)


# -- R24 Iron ---------------------------------------------------------------------------------


def test_r24_iron_ace_is_lowest_of_the_suit_led():
    plain = start(FOLLOW_HANDS, "max_trump", "trump S")
    iron = start(FOLLOW_HANDS, "max_trump+iron", "trump S")
    assert play(plain, "7C", "8C", "KC", "AC").winners == (3,)
    assert play(iron, "7C", "8C", "KC", "AC").winners == (2,)


def test_r24_iron_ace_loses_to_a_nine():
    iron = start(FOLLOW_HANDS, "max_trump+iron", "trump S")
    deal = play(iron, "8D", "9D", "AD", "KH")  # AD ranks lowest: 9D wins for D
    assert deal.winners == (1,)
    assert deal.to_move == 1


def test_r24_iron_ace_is_lowest_trump():
    plain = start(VOID_HANDS, "max_trump", "trump S")
    iron = start(VOID_HANDS, "max_trump+iron", "trump S")
    assert play(plain, "AC", "2D", "2S", "AS").winners == (3,)
    assert play(iron, "AC", "2D", "2S", "AS").winners == (2,)
    # Under Iron the trump ace still beats every non-trump.
    assert play(iron, "KC", "3D", "2H", "AS").winners == (3,)


def test_r24_iron_in_rank_trump_highest_laid_card():
    # Rank Trump: D (seat 1) lays first, then 2, 3, 0 (R14). Seat 2 lays KD, seat 3 AS.
    moves = ("commit 2S", "commit KD", "commit AS", "commit 2C")
    plain = start(FOLLOW_HANDS, "rank_trump", *moves)
    iron = start(FOLLOW_HANDS, "rank_trump+iron", *moves)
    assert plain.phase is Phase.RANK_TAKE
    assert legal(plain) == {"AS"}
    assert legal(iron) == {"KD"}
    with refused(1, "take AS", "R14"):
        iron.apply("take AS")
    taken = iron.apply("take KD")
    assert taken.trump.letter == "D"
    assert "KD" in {str(c) for c in taken.hands[1]}
    assert "2S" in {str(c) for c in taken.hands[2]}


# -- R25 Grill ---------------------------------------------------------------------------------

GRILL_HANDS = (
    "2D 3D 4D 5D 6D 7D 8D 9D 10D AS KS QS JS",
    "2H 3H 4H 5H 6H 7H 2C 3C 4C 5C 6C 7C JD",
    "8H 9H 10H JH 8C 9C 10C JC QC QD KD AD 10S",
    "QH KH AH KC AC 2S 3S 4S 5S 6S 7S 8S 9S",
)


def test_r25_grill_trick_one_trump_is_the_chosen_suit():
    deal = start(GRILL_HANDS, "grill", "trump S")
    assert deal.trump.letter == "S"
    # 2D led; JD, QD follow; seat 3 (no diamonds) trumps with 2S and wins.
    deal = play(deal, "2D", "JD", "QD", "2S")
    assert deal.winners == (3,)


def test_r25_grill_trump_becomes_the_suit_led_in_the_previous_trick():
    deal = start(GRILL_HANDS, "grill", "trump S")
    deal = play(deal, "2D", "JD", "QD", "2S")
    assert deal.trump.letter == "D"  # trick 1 was led in diamonds
    deal = play(deal, "AH")  # seat 3 leads hearts in trick 2
    assert deal.to_move == 0
    # Seat 0 has no hearts. Its 3D is a trump now and beats the ace of hearts ...
    with_diamond = play(deal, "3D", "2H", "8H")
    assert with_diamond.winners == (3, 0)
    # ... and its AS, trump in trick 1, is a mere discard in trick 2.
    with_spade = play(deal, "AS", "2H", "8H")
    assert with_spade.winners == (3, 3)
    assert with_diamond.trump.letter == "H"
    assert with_spade.trump.letter == "H"


def test_r25_grill_trump_keeps_changing():
    deal = start(GRILL_HANDS, "grill", "trump S")
    deal = play(deal, "2D", "JD", "QD", "2S")  # trick 1: trump S, seat 3 wins
    deal = play(deal, "AH", "3D", "2H", "8H")  # trick 2: trump D, seat 0 wins with 3D
    assert deal.to_move == 0
    assert deal.trump.letter == "H"
    # Trick 3, trump H: seat 0 leads 4D; D (no diamond left) plays 3H, a trump;
    # seat 2 follows KD; seat 3 (no diamond) discards 3S, no longer a trump.
    deal = play(deal, "4D", "3H", "KD", "3S")
    assert deal.winners == (3, 0, 1)
    assert deal.trump.letter == "D"


# -- R26 Sloth --------------------------------------------------------------------------------

SLOTH_HANDS = (
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D",
    "AC 2S 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
    "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S AD",
)
SLOTH_TRICKS = (
    {0: "2C", 1: "AC", 2: "2H", 3: "3S"},  # led by seat 0: D's AC wins
    {0: "3C", 1: "2S", 2: "3H", 3: "4S"},  # led by D: seat 3's 4S wins
    {0: "2D", 1: "3D", 2: "4H", 3: "AD"},  # led by seat 3: its AD wins
)


def test_r26_sloth_declarer_plays_last_in_tricks_it_does_not_lead():
    deal = start(SLOTH_HANDS, "masters_game+sloth")
    order, deal = order_of_trick(deal, SLOTH_TRICKS[0])
    assert order == [0, 2, 3, 1]
    assert deal.winners == (1,)
    order, deal = order_of_trick(deal, SLOTH_TRICKS[1])
    assert order == [1, 2, 3, 0]  # D leads: plain clockwise
    assert deal.winners == (1, 3)
    order, deal = order_of_trick(deal, SLOTH_TRICKS[2])
    assert order == [3, 0, 2, 1]
    assert deal.winners == (1, 3, 3)


def test_r26_without_sloth_play_is_clockwise():
    deal = start(SLOTH_HANDS, "masters_game")
    order, deal = order_of_trick(deal, SLOTH_TRICKS[0])
    assert order == [0, 1, 2, 3]
    order, deal = order_of_trick(deal, SLOTH_TRICKS[1])
    assert order == [1, 2, 3, 0]
    order, deal = order_of_trick(deal, SLOTH_TRICKS[2])
    assert order == [3, 0, 1, 2]


def test_r26_sloth_declarer_is_asked_last_and_follows_suit():
    deal = start(SLOTH_HANDS, "masters_game+sloth")
    deal = play(deal, "2C", "2H", "3S")
    assert deal.to_move == 1
    assert legal(deal) == {"AC"}


def test_r26_sloth_with_hurry_declarer_leads_trick_one_then_plays_last():
    deal = start(SLOTH_HANDS, "taintless_masters_game+sloth+hurry")
    assert deal.to_move == 1
    order, deal = order_of_trick(deal, SLOTH_TRICKS[1])  # D leads 2S, seat 3 wins with 4S
    assert order == [1, 2, 3, 0]
    assert deal.winners == (3,)
    order, deal = order_of_trick(deal, SLOTH_TRICKS[2])  # seat 3 leads AD
    assert order == [3, 0, 2, 1]
    assert deal.winners == (3, 3)


SLOTH3_HANDS = (
    "2C 3C 4C 5C 6C JC QC KC AC 2D 3D 4D 5D",
    "6D 7D JD QD KD AD 2S 3S 4S 5S 6S 7S JS",
    "AH KH QH JH 7H 6H 5H 4H 3H 2H QS KS AS",
)


def test_r26_sloth_with_three_players():
    deal = start(SLOTH3_HANDS, "masters_game+sloth")
    assert deal.declarer == 1
    order, deal = order_of_trick(deal, {0: "2D", 1: "6D", 2: "2H"})
    assert order == [0, 2, 1]
    assert deal.winners == (1,)
    order, deal = order_of_trick(deal, {0: "3D", 1: "2S", 2: "QS"})
    assert order == [1, 2, 0]
    assert deal.winners == (1, 2)


def test_r26_three_players_without_sloth():
    deal = start(SLOTH3_HANDS, "masters_game")
    order, _ = order_of_trick(deal, {0: "2D", 1: "6D", 2: "2H"})
    assert order == [0, 1, 2]


# -- R27 Block Trump --------------------------------------------------------------------------

BLOCK_HANDS = (
    "2C 3C 4C 5C 6C 7C 2S 3S 4S 2H 3H 4H 5H",
    "6H 7H 8H 9H 10H JH QH 5S 6S 7S 8S 9S AS",
    "8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D 7D",
    "KH AH 8D 9D 10D JD QD KD AD 10S JS QS KS",
)
D_HEARTS = "6H 7H 8H 9H 10H JH QH"


def test_r27_block_trump_declarer_may_not_discard_trump_until_opponent_trumps():
    deal = start(BLOCK_HANDS, "block_trump", "trump S")
    deal = play(deal, "2C")
    assert deal.to_move == 1
    assert legal(deal) == cards(D_HEARTS)  # void in clubs, yet no spade
    with refused(1, "play AS", "R27"):
        deal.apply("play AS")


def test_r27_block_trump_binds_only_the_declarer():
    deal = start(BLOCK_HANDS, "block_trump", "trump S")
    deal = play(deal, "2C", "6H", "AC")
    assert legal(deal) == cards(BLOCK_HANDS[3])  # seat 3 may trump or discard


def test_r27_block_trump_opponent_discard_does_not_free_the_declarer():
    deal = start(BLOCK_HANDS, "block_trump", "trump S")
    deal = play(deal, "2C", "6H", "AC", "8D")  # seat 2 wins with AC
    deal = play(deal, "2D", "9D", "2H")  # seat 0 (no diamonds) discards a heart
    assert deal.to_move == 1
    assert legal(deal) == cards("7H 8H 9H 10H JH QH")


def test_r27_block_trump_earlier_in_the_same_trick_counts():
    deal = start(BLOCK_HANDS, "block_trump", "trump S")
    deal = play(deal, "2C", "6H", "AC", "8D")  # seat 2 wins, leads trick 2
    deal = play(deal, "2D", "9D", "2S")  # seat 0 (no diamonds) trumps
    assert deal.to_move == 1
    assert legal(deal) == cards("7H 8H 9H 10H JH QH 5S 6S 7S 8S 9S AS")
    deal = play(deal, "AS")
    assert deal.winners == (2, 1)
    # From now on D may lead trump too.
    assert legal(deal) == cards("7H 8H 9H 10H JH QH 5S 6S 7S 8S 9S")


def test_r27_block_trump_declarer_may_not_lead_trump_before_an_opponent_trumps():
    deal = start(BLOCK_HANDS, "block_trump+hurry+lock", "trump S")
    assert deal.to_move == 1
    assert legal(deal) == cards(D_HEARTS)
    with refused(1, "play 5S", "R27"):
        deal.apply("play 5S")


def test_r27_block_trump_only_trumps_exception_when_following():
    hands = (SUIT_HANDS[0], SUIT_HANDS[3], SUIT_HANDS[2], SUIT_HANDS[1])  # D holds spades
    deal = start(hands, "block_trump", "trump S")
    deal = play(deal, "2C")
    assert legal(deal) == cards(SUIT_HANDS[3])


def test_r27_block_trump_declarer_leads_trump_when_holding_only_trumps():
    hands = (SUIT_HANDS[0], SUIT_HANDS[3], SUIT_HANDS[2], SUIT_HANDS[1])
    deal = start(hands, "block_trump+hurry+lock", "trump S")
    assert deal.to_move == 1
    assert legal(deal) == cards(SUIT_HANDS[3])
    deal = play(deal, "2S", "2H", "2D", "2C")
    assert deal.winners == (1,)


def test_r27_plain_trump_has_no_block():
    deal = start(BLOCK_HANDS, "trump", "trump S")
    deal = play(deal, "2C")
    assert legal(deal) == cards(BLOCK_HANDS[1])


# -- R28 Plague --------------------------------------------------------------------------------

PLAGUE_HANDS = (
    "3C 4C 5C 6C 7C 6D 7D 8D 4H 5H 6H 8S 9S",
    "2C AD KD QD JD AH KH QH JH 10H 2S 3S 4S",
    "8C 9C 10C 9D 10D 7H 8H 9H 10S JS QS KS AS",
    "AC KC QC JC 2D 3D 4D 5D 2H 3H 5S 6S 7S",
)


def plague_deal(bid="trump+plague+hurry", hands=PLAGUE_HANDS):
    return start(hands, bid, "trump S", "plague H")


def test_r28_plague_declarer_may_not_lead_plague_suit():
    deal = plague_deal()
    assert deal.to_move == 1
    assert legal(deal) == cards("2C AD KD QD JD 2S 3S 4S")
    with refused(1, "play AH", "R28"):
        deal.apply("play AH")


def test_r28_plague_restriction_does_not_bind_opponents():
    deal = plague_deal()
    deal = play(deal, "2C", "8C", "AC", "3C")  # seat 3 wins
    assert deal.to_move == 3
    assert {"2H", "3H"} <= legal(deal)


def test_r28_plague_declarer_own_discard_lifts_the_restriction():
    deal = plague_deal()
    deal = play(deal, "2C", "8C", "AC", "3C")  # seat 3 wins trick 1
    deal = play(deal, "KC", "4C")  # seat 3 leads clubs, seat 0 follows
    assert deal.to_move == 1
    discarded = play(deal, "10H", "9C")  # D, void in clubs, discards a plague card
    assert discarded.winners == (3, 3)
    discarded = play(discarded, "2D", "6D", "AD", "9D")  # D wins trick 3
    assert discarded.winners == (3, 3, 1)
    assert legal(discarded) == cards("KD QD JD AH KH QH JH 2S 3S 4S")


def test_r28_plague_trumping_in_does_not_lift_the_restriction():
    deal = plague_deal()
    deal = play(deal, "2C", "8C", "AC", "3C", "KC", "4C")
    trumped = play(deal, "2S", "9C")  # D trumps: no plague card played yet
    assert trumped.winners == (3, 1)
    assert trumped.to_move == 1
    assert legal(trumped) == cards("AD KD QD JD 3S 4S")


def test_r28_plague_opponents_lead_lifts_the_restriction():
    deal = plague_deal()
    deal = play(deal, "2C", "8C", "AC", "3C")  # seat 3 wins trick 1
    deal = play(deal, "2H", "4H", "AH", "7H")  # seat 3 leads a plague card; D's AH wins
    assert deal.winners == (3, 1)
    assert legal(deal) == cards("AD KD QD JD KH QH JH 10H 2S 3S 4S")


def test_r28_plague_only_plague_cards_exception():
    hands = (SUIT_HANDS[0], SUIT_HANDS[2], SUIT_HANDS[1], SUIT_HANDS[3])  # D holds hearts
    deal = plague_deal(hands=hands)
    assert deal.to_move == 1
    assert legal(deal) == cards(SUIT_HANDS[2])


def test_r28_plague_gives_way_to_block_trump():
    hands = (
        SUIT_HANDS[0],
        "2H 3H 4H 5H 6H 7H 8H 2S 3S 4S 5S 6S 7S",
        SUIT_HANDS[1],
        "9H 10H JH QH KH AH 8S 9S 10S JS QS KS AS",
    )
    deal = plague_deal("block_trump+plague+hurry", hands=hands)
    assert deal.to_move == 1
    # Block Trump forbids the spades, Plague the hearts: Plague gives way.
    assert legal(deal) == cards("2H 3H 4H 5H 6H 7H 8H")
    with refused(1, "play 2S", "R27"):
        deal.apply("play 2S")


def test_r28_block_trump_and_plague_together_leave_the_other_suits():
    deal = start(PLAGUE_HANDS, "block_trump+plague+hurry", "trump S", "plague H")
    assert legal(deal) == cards("2C AD KD QD JD")


# -- R29 Justice -------------------------------------------------------------------------------


def justice_deal(card="5C"):
    return start(SUIT_HANDS, "masters_game+justice+penalty", f"justice {card}")


def test_r29_justice_trick_goes_to_award_phase():
    deal = justice_deal()
    assert deal.justice_card is not None
    assert str(deal.justice_card) == "5C"
    deal = play(deal, "5C", "2D", "2H", "2S")
    assert deal.phase is Phase.AWARD
    assert deal.to_move == 1
    assert [str(m) for m in deal.legal_moves()] == ["award 0", "award 1", "award 2", "award 3"]
    assert deal.winners == ()


def test_r29_justice_awarded_seat_leads_next_and_counts_the_trick():
    deal = play(justice_deal(), "5C", "2D", "2H", "2S")
    deal = deal.apply("award 3")
    assert deal.phase is Phase.PLAY
    assert deal.winners == (3,)
    assert deal.tricks_won == (0, 0, 0, 1)
    assert deal.to_move == 3
    assert deal.trick == ()
    assert deal.taken[3] == CardSet.parse("5C 2D 2H 2S").mask
    assert legal(deal) == cards(SUIT_HANDS[3]) - {"2S"}


def test_r29_justice_award_to_the_declarer():
    deal = play(justice_deal(), "5C", "2D", "2H", "2S").apply("award 1")
    assert deal.winners == (1,)
    assert deal.to_move == 1


def test_r29_justice_card_played_as_a_discard():
    deal = play(justice_deal("9H"), "AC", "2D", "9H", "2S")
    assert deal.phase is Phase.AWARD
    deal = deal.apply("award 2")
    assert deal.winners == (2,)
    assert deal.to_move == 2


def test_r29_trick_without_the_justice_card_is_won_as_usual():
    deal = play(justice_deal(), "AC", "2D", "2H", "2S")
    assert deal.phase is Phase.PLAY
    assert deal.winners == (0,)
    assert deal.to_move == 0


def test_r29_award_refuses_other_moves_and_seats():
    deal = play(justice_deal(), "5C", "2D", "2H", "2S")
    with refused(1, "award 4", "R29"):
        deal.apply("award 4")
    with refused(1, "play 3D", "R29"):
        deal.apply("play 3D")


# -- R30 exposure ------------------------------------------------------------------------------


def exposed(deal):
    """D's cards exposed now, the same for every seat, as a set of strings."""
    views = {str(deal.view(seat).exposed) for seat in range(deal.players)}
    assert len(views) == 1
    return cards(views.pop())


def test_r30_open_hand_exposes_the_declarers_current_hand():
    before = start(FOLLOW_HANDS, "trump+open_hand")
    assert before.phase is Phase.TRUMP
    assert exposed(before) == set()
    deal = before.apply("trump S")
    deal = play(deal, "7C")
    assert exposed(deal) == cards(FOLLOW_HANDS[1])
    deal = play(deal, "8C")
    assert exposed(deal) == cards(FOLLOW_HANDS[1]) - {"8C"}
    deal = play(deal, "JC", "AC", "AH", "2D", "2H")
    assert exposed(deal) == cards(FOLLOW_HANDS[1]) - {"8C", "2H"}


def test_r30_nothing_exposed_before_the_first_lead():
    deal = start(FOLLOW_HANDS, "trump+open_hand", "trump S")
    assert deal.phase is Phase.PLAY
    assert deal.trick == ()
    assert exposed(deal) == set()
    deal = start(FOLLOW_HANDS, "trump+atelier", "trump S", "atelier 8C 9D 2H 2S")
    assert exposed(deal) == set()
    assert cards(str(deal.view(1).atelier)) == cards("8C 9D 2H 2S")  # D knows its own
    assert str(deal.view(0).atelier) == ""


def test_r30_without_exposing_bids_nothing_is_exposed():
    deal = play(start(FOLLOW_HANDS, "trump", "trump S"), "7C", "8C")
    assert exposed(deal) == set()


def test_r30_open_trump_exposes_only_the_declarers_trumps():
    before = start(BLOCK_HANDS, "trump+open_trump")
    assert exposed(before) == set()
    deal = play(before.apply("trump S"), "2C")
    assert exposed(deal) == cards("5S 6S 7S 8S 9S AS")
    deal = play(deal, "5S")  # D, void in clubs, trumps
    assert exposed(deal) == cards("6S 7S 8S 9S AS")


def test_r30_atelier_is_exposed_from_the_first_lead():
    deal = start(FOLLOW_HANDS, "trump+atelier", "trump S")
    assert deal.phase is Phase.ATELIER
    deal = deal.apply("atelier 8C 9D 2H 2S")
    assert deal.atelier == CardSet.parse("8C 9D 2H 2S")
    deal = play(deal, "7C")
    assert exposed(deal) == cards("8C 9D 2H 2S")
    assert cards(str(deal.view(3).atelier)) == cards("8C 9D 2H 2S")


def test_r30_atelier_exposed_from_the_declarers_own_first_lead():
    deal = start(FOLLOW_HANDS, "trump+atelier+hurry+lock", "trump S")
    deal = deal.apply("atelier 8C 9D 2H 2S")
    assert deal.phase is Phase.PLAY
    deal = play(deal, "9C")  # D leads (Hurry), a card outside the atelier
    assert exposed(deal) == cards("8C 9D 2H 2S")


def test_r30_open_trump_with_atelier_exposes_both():
    deal = start(FOLLOW_HANDS, "trump+atelier+open_trump", "trump S")
    assert legal_atelier_cards(deal) == cards("8C 9C 10C 9D 10D JD 2H 3H 4H 5H")
    deal = play(deal.apply("atelier 8C 9D 2H 3H"), "7C")
    assert exposed(deal) == cards("8C 9D 2H 3H 2S 3S 4S")


# -- R21 refill (R30's atelier stays at 4) ----------------------------------------------------


def test_r21_refill_right_after_declarer_plays_an_atelier_card():
    deal = start(FOLLOW_HANDS, "trump+atelier", "trump S", "atelier 8C 9D 2H 2S")
    deal = play(deal, "7C", "8C")
    assert deal.phase is Phase.REFILL
    assert deal.to_move == 1
    assert legal(deal) == cards("9C 10C 10D JD 3H 4H 5H 3S 4S")
    assert deal.atelier == CardSet.parse("9D 2H 2S")
    with refused(1, "play 9C", "R21"):
        deal.apply("play 9C")
    with refused(1, "refill 9D", "R21"):
        deal.apply("refill 9D")
    deal = deal.apply("refill 10C")
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 2
    assert deal.atelier == CardSet.parse("10C 9D 2H 2S")
    assert exposed(deal) == cards("10C 9D 2H 2S")


def test_r21_refill_before_the_trick_closes():
    # Sloth: D plays last in trick 1, so D's atelier card completes the trick.
    deal = start(FOLLOW_HANDS, "trump+atelier+sloth+lock", "trump S", "atelier 8C 9D 2H 2S")
    deal = play(deal, "7C", "JC", "AC", "8C")
    assert deal.phase is Phase.REFILL
    assert deal.to_move == 1
    assert deal.winners == ()
    deal = deal.apply("refill 3H")
    assert deal.phase is Phase.PLAY
    assert deal.winners == (3,)
    assert deal.to_move == 3
    assert deal.atelier == CardSet.parse("9D 3H 2H 2S")


def test_r21_refill_refusal_names_the_eligible_cards():
    deal = start(FOLLOW_HANDS, "trump+atelier", "trump S", "atelier 8C 9D 2H 2S")
    deal = play(deal, "7C", "8C")
    with pytest.raises(IllegalMoveError) as error:
        deal.apply("refill 9D")
    message = str(error.value)
    assert message.startswith("seat 1 cannot refill 9D: ")
    assert message.endswith("(R21)")
    # Without Open Trump, trumps are eligible: the message lists 3S and 4S among the
    # choices, so it must not say the refill has to be a non-trump.
    assert {"3S", "4S", "9C", "5H"} <= set(message.replace(":", " ").split())
    assert "not trump" not in message


def test_r21_no_refill_after_playing_a_card_outside_the_atelier():
    deal = start(FOLLOW_HANDS, "trump+atelier", "trump S", "atelier 8C 9D 2H 2S")
    deal = play(deal, "7C", "9C")
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 2
    assert deal.atelier == CardSet.parse("8C 9D 2H 2S")


def test_r21_atelier_cards_count_for_following_suit():
    deal = start(FOLLOW_HANDS, "trump+atelier", "trump S", "atelier 8C 9C 10C 2S")
    deal = play(deal, "7C")
    assert legal(deal) == cards("8C 9C 10C")


def test_r21_open_trump_refill_only_with_non_trumps():
    deal = start(FOLLOW_HANDS, "trump+atelier+open_trump", "trump S", "atelier 8C 9D 2H 3H")
    deal = play(deal, "7C", "8C")
    assert deal.phase is Phase.REFILL
    assert legal(deal) == cards("9C 10C 10D JD 4H 5H")
    with refused(1, "refill 2S", "R21"):
        deal.apply("refill 2S")


REFILL0_HANDS = (
    "6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D",
    "2C 3C 4C 5C 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    "6D 7D 8D 9D 10D JD QD KD AD 2H 3H 4H 5H",
    "6H 7H 8H 9H 10H JH QH KH AH JS QS KS AS",
)


def test_r21_no_refill_when_nothing_is_eligible():
    deal = start(REFILL0_HANDS, "trump+atelier+open_trump", "trump S")
    assert [str(m) for m in deal.legal_moves()] == ["atelier 5C 4C 3C 2C"]
    deal = deal.apply("atelier 5C 4C 3C 2C")
    deal = play(deal, "6C", "2C")
    assert deal.phase is Phase.PLAY
    assert deal.to_move == 2
    assert deal.atelier == CardSet.parse("5C 4C 3C")
    assert exposed(deal) == cards("5C 4C 3C 2S 3S 4S 5S 6S 7S 8S 9S 10S")


# -- every trump restriction with each suit (issue 9) ----------------------------------------
#
# The scenarios above choose spades as trump. Here each runs with every suit as trump: the
# hands and moves are relabeled by swapping spades with that suit, which changes nothing
# a rule may depend on (suits are unordered in play), so the expectations relabel too.

SUITS = "CDHS"


def suited(suit, text, base="S"):
    """``text`` (hands, cards or moves) with ``base`` (spades) and ``suit`` swapped."""
    swap = {base: suit, suit: base}
    return " ".join(token[:-1] + swap.get(token[-1], token[-1]) for token in text.split())


def suited_start(suit, hands, bid, *setup, **kwargs):
    return start([suited(suit, hand) for hand in hands], bid,
                 *(suited(suit, move) for move in setup), **kwargs)


def suited_play(suit, deal, *cards_played):
    return play(deal, *(suited(suit, card) for card in cards_played))


def suited_cards(suit, text):
    return cards(suited(suit, text))


@pytest.mark.parametrize("suit", SUITS)
def test_r27_block_trump_with_each_suit(suit):
    deal = suited_start(suit, BLOCK_HANDS, "block_trump", "trump S")
    assert deal.trump.letter == suit
    follow = suited_play(suit, deal, "2C")
    assert legal(follow) == suited_cards(suit, D_HEARTS)  # void in the suit led, no trump
    with refused(1, suited(suit, "play AS"), "R27"):
        follow.apply(suited(suit, "play AS"))
    freed = suited_play(suit, deal, "2C", "6H", "AC", "8D", "2D", "9D", "2S")  # 0 trumps
    assert legal(freed) == suited_cards(suit, "7H 8H 9H 10H JH QH 5S 6S 7S 8S 9S AS")
    hurry = suited_start(suit, BLOCK_HANDS, "block_trump+hurry+lock", "trump S")
    assert legal(hurry) == suited_cards(suit, D_HEARTS)  # nor lead one
    with refused(1, suited(suit, "play 5S"), "R27"):
        hurry.apply(suited(suit, "play 5S"))


@pytest.mark.parametrize("suit", SUITS)
def test_r27_block_trump_only_trumps_with_each_suit(suit):
    hands = (SUIT_HANDS[0], SUIT_HANDS[3], SUIT_HANDS[2], SUIT_HANDS[1])  # D holds spades
    deal = suited_start(suit, hands, "block_trump+hurry+lock", "trump S")
    assert legal(deal) == suited_cards(suit, SUIT_HANDS[3])
    led = suited_start(suit, hands, "block_trump", "trump S")
    assert legal(suited_play(suit, led, "2C")) == suited_cards(suit, SUIT_HANDS[3])


@pytest.mark.parametrize("suit", SUITS)
def test_r23_follow_suit_and_trumping_with_each_suit(suit):
    deal = suited_start(suit, FOLLOW_HANDS, "trump", "trump S")
    assert deal.trump.letter == suit
    led = suited_play(suit, deal, "7C")
    assert legal(led) == suited_cards(suit, "8C 9C 10C")  # D holds trumps, yet follows
    with refused(1, suited(suit, "play 2S"), "R23"):
        led.apply(suited(suit, "play 2S"))
    void = suited_play(suit, deal, "8D", "9D", "QD")
    assert legal(void) == suited_cards(suit, FOLLOW_HANDS[3])  # no duty to trump
    assert suited_play(suit, void, "8S").winners == (3,)  # a trump beats the suit led
    assert suited_play(suit, void, "AC").winners == (2,)  # a discard never wins


@pytest.mark.parametrize("suit", SUITS)
def test_r23_highest_trump_wins_with_each_suit(suit):
    deal = suited_play(suit, suited_start(suit, VOID_HANDS, "trump", "trump S"), "AC", "2D")
    assert suited_play(suit, deal, "7S", "8S").winners == (3,)
    assert suited_play(suit, deal, "7S", "AH").winners == (2,)
    assert suited_play(suit, deal, "2H", "8S").winners == (3,)


@pytest.mark.parametrize("suit", SUITS)
def test_r25_grill_changing_trump_with_each_suit(suit):
    deal = suited_start(suit, GRILL_HANDS, "grill", "trump S")
    assert deal.trump.letter == suit
    deal = suited_play(suit, deal, "2D", "JD", "QD", "2S")
    assert deal.winners == (3,)
    assert deal.trump.letter == suited(suit, "D")  # the suit led in trick 1
    deal = suited_play(suit, deal, "AH")
    assert suited_play(suit, deal, "3D", "2H", "8H").winners == (3, 0)
    assert suited_play(suit, deal, "AS", "2H", "8H").winners == (3, 3)
    deal = suited_play(suit, deal, "3D", "2H", "8H", "4D", "3H", "KD", "3S")
    assert deal.winners == (3, 0, 1)


@pytest.mark.parametrize("suit", SUITS)
def test_r13_sub_trump_with_each_suit(suit):
    # D (seat 1) holds 4 hearts, 3 of each other suit: hearts may not be Sub Trump.
    deal = suited_start(suit, FOLLOW_HANDS, "sub_trump")
    most = suited(suit, "H")
    assert {str(m) for m in deal.legal_moves()} == {f"trump {s}" for s in SUITS if s != most}
    with refused(1, f"trump {most}", "R13"):
        deal.apply(f"trump {most}")
    deal = deal.apply(suited(suit, "trump S"))
    assert deal.trump.letter == suit
    void = suited_play(suit, deal, "8D", "9D", "QD")
    assert suited_play(suit, void, "8S").winners == (3,)


@pytest.mark.parametrize("suit", SUITS)
def test_r30_r21_open_trump_with_each_suit(suit):
    deal = suited_play(suit, suited_start(suit, BLOCK_HANDS, "trump+open_trump", "trump S"),
                       "2C")
    assert exposed(deal) == suited_cards(suit, "5S 6S 7S 8S 9S AS")
    atelier = suited_start(suit, FOLLOW_HANDS, "trump+atelier+open_trump", "trump S")
    assert legal_atelier_cards(atelier) == suited_cards(suit, "8C 9C 10C 9D 10D JD 2H 3H 4H 5H")
    refill = suited_play(suit, atelier.apply(suited(suit, "atelier 8C 9D 2H 3H")), "7C", "8C")
    assert refill.phase is Phase.REFILL
    assert legal(refill) == suited_cards(suit, "9C 10C 10D JD 4H 5H")
    with refused(1, suited(suit, "refill 2S"), "R21"):
        refill.apply(suited(suit, "refill 2S"))


@pytest.mark.parametrize("suit", SUITS)
def test_r24_iron_aces_low_in_trumps_with_each_suit(suit):
    plain = suited_start(suit, VOID_HANDS, "max_trump", "trump S")
    iron = suited_start(suit, VOID_HANDS, "max_trump+iron", "trump S")
    assert suited_play(suit, plain, "AC", "2D", "2S", "AS").winners == (3,)
    assert suited_play(suit, iron, "AC", "2D", "2S", "AS").winners == (2,)
    assert suited_play(suit, iron, "KC", "3D", "2H", "AS").winners == (3,)


@pytest.mark.parametrize("suit", SUITS)
def test_r26_r22_sloth_and_hurry_with_trumps_with_each_suit(suit):
    hands = (VOID_HANDS[0], VOID_HANDS[3], VOID_HANDS[2], VOID_HANDS[1])  # D: 8S-AS
    # Sloth: D (seat 1) plays last in a trick it does not lead, and overtrumps last.
    deal = suited_start(suit, hands, "masters_trump+sloth", "prefer none", "prefer none",
                        "trump S")  # R15: seat 2, left of D, chooses trump
    order, deal = order_of_trick(deal, {s: suited(suit, c) for s, c in
                                        {0: "2C", 1: "8S", 2: "3S", 3: "2D"}.items()})
    assert order == [0, 2, 3, 1]
    assert deal.winners == (1,)
    # Hurry: D leads trick 1 and its trump lead wins.
    hurry = suited_start(suit, hands, "max_trump+hurry", "trump S")
    assert hurry.to_move == 1
    assert suited_play(suit, hurry, "AS", "2S", "2D", "2C").winners == (1,)


@pytest.mark.parametrize("suit", SUITS)
def test_r28_plague_with_each_suit(suit):
    def relabel(text):
        return suited(suit, text, base="H")  # the scenarios above name hearts the plague

    hands = [relabel(hand) for hand in PLAGUE_HANDS]
    deal = start(hands, "trump+plague+hurry", relabel("trump S"), relabel("plague H"))
    assert legal(deal) == cards(relabel("2C AD KD QD JD 2S 3S 4S"))
    with refused(1, relabel("play AH"), "R28"):
        deal.apply(relabel("play AH"))
    opened = play(deal, *map(relabel, ["2C", "8C", "AC", "3C", "2H", "4H", "AH", "7H"]))
    assert opened.winners == (3, 1)  # an opponent led a plague card: D may lead one now
    assert legal(opened) == cards(relabel("AD KD QD JD KH QH JH 10H 2S 3S 4S"))
    only = [relabel(h) for h in (SUIT_HANDS[0], SUIT_HANDS[2], SUIT_HANDS[1], SUIT_HANDS[3])]
    only_plague = start(only, "trump+plague+hurry", relabel("trump S"), relabel("plague H"))
    assert legal(only_plague) == cards(relabel(SUIT_HANDS[2]))


@pytest.mark.parametrize("card", ["2C", "AC", "2D", "AD", "2H", "AH", "2S", "AS"])
def test_r29_justice_with_the_lowest_and_highest_card_of_each_suit(card):
    # SUIT_HANDS: seat 0 holds the clubs, 1 the diamonds, 2 the hearts, 3 the spades.
    trick = ["3C", "3D", "3H", "3S"]
    trick["CDHS".index(card[-1])] = card
    deal = play(justice_deal(card), *trick)
    assert deal.phase is Phase.AWARD  # R29: D awards the trick holding the card
    assert deal.to_move == 1
    assert deal.apply("award 2").winners == (2,)
