"""Whole deals played to the end, and their results (R31-R34).

Most deals use one layout, built by :func:`layout` from the seat that is to win each trick:

* tricks 1-3 are clubs, 4-6 diamonds, 7-9 hearts, 10-12 spades; every seat plays one card of
  that suit, so everyone follows suit. The three tricks of a suit hold the ranks A K Q J,
  then 10 9 8 7, then 6 5 4 3; the chosen winner holds the highest rank of its trick, the
  other seats get the other ranks in seat order. (Under Iron the ace is lowest, so the
  winner of a first trick of a suit gets the king and the ace goes to a loser.)
* trick 13 holds the four 2s. With a trump suit T the trick-13 winner holds 2T: the
  winner of trick 12 leads (its own 2), and 2T wins. Without trump the winner of trick 12
  must win trick 13 too: it leads its 2, which nobody can follow.

Each seat's hand is then the cards it plays, and every deal is played card by card from the
layout: a fixed move list, 52 plays, with the play order left to the engine. So each trick's
winner, each seat's trick count and the plague cards each seat brings home are known by
construction; the results below are worked out by hand from them and the rulings.

Unless a test says otherwise the dealer is seat 0, seat 1 bids and the others pass: D = 1.
"""

from __future__ import annotations

import pytest

from combowhist import Deal, Phase

SUITS = "CDHS"
GROUPS = (("A", "K", "Q", "J"), ("10", "9", "8", "7"), ("6", "5", "4", "3"))
IRON_GROUPS = (("K", "Q", "J", "A"), ("10", "9", "8", "7"), ("6", "5", "4", "3"))


def layout(winners, trump=None, iron=False):
    """The 13 tricks as {seat: card} for a 13-digit string of trick winners (see above)."""
    seats = [int(w) for w in winners]
    assert len(seats) == 13
    groups = IRON_GROUPS if iron else GROUPS
    rows = []
    for number in range(12):
        suit = SUITS[number // 3]
        ranks = groups[number % 3]
        winner = seats[number]
        losers = [s for s in range(4) if s != winner]
        row = {winner: ranks[0] + suit}
        for seat, rank in zip(losers, ranks[1:], strict=True):
            row[seat] = rank + suit
        rows.append(row)
    if trump is None:
        assert seats[12] == seats[11], "without trump, trick 12's winner also wins trick 13"
        top = "C"
    else:
        top = trump
    others = [s for s in SUITS if s != top]
    row = {seats[12]: "2" + top}
    for seat, suit in zip([s for s in range(4) if s != seats[12]], others, strict=True):
        row[seat] = "2" + suit
    rows.append(row)
    return rows


def hands_of(rows):
    return [" ".join(row[seat] for row in rows) for seat in range(len(rows[0]))]


def bid_and_play(rows, bid, *setup, hands=None, awards=None):
    """Seat 1 bids ``bid`` (dealer 0, the others pass), then the setup moves, then every
    trick as laid out in ``rows``; ``awards`` maps a trick number to the seat D awards the
    trick with the card of justice to."""
    deal = Deal.from_hands(hands or hands_of(rows), dealer=0)
    deal = deal.apply(f"bid {bid}")
    for _ in range(3):
        deal = deal.apply("pass")
    for move in setup:
        deal = deal.apply(move)
    return play_out(deal, rows, awards)


def play_out(deal, rows, awards=None):
    while not deal.is_over:
        if deal.phase is Phase.AWARD:
            deal = deal.apply(f"award {awards[deal.trick_number]}")
        else:
            assert deal.phase is Phase.PLAY
            deal = deal.apply(f"play {rows[deal.trick_number - 1][deal.to_move]}")
    assert deal.phase is Phase.OVER
    assert deal.to_move is None
    return deal


def check(deal, completed, tricks, points, potential=False):
    result = deal.result
    assert result is not None
    assert not result.redeal
    assert result.declarer == 1
    assert result.completed is completed
    assert result.tricks == tricks
    assert result.points == points
    assert result.potential is potential
    return result


def test_layout_gives_each_trick_to_the_chosen_seat():
    winners = "0123012301230"
    rows = layout(winners, trump="C")
    deal = bid_and_play(rows, "trump", "trump C")
    assert deal.result.trick_winners == (0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0)
    assert deal.tricks_won == (4, 3, 3, 3)


# -- R31 standard bids -----------------------------------------------------------------------


def test_r31_bid_of_shame_completed_with_fewer_than_the_most():
    # (Bid of Shame is worth 0: Ending Dog makes it a legal bid; D never takes trick 13.)
    # tricks 1-3 seat 0, 4-6 D, 7-9 seat 2, 10-13 seat 3: D 3 < 4.
    deal = bid_and_play(layout("0001112223333"), "bid_of_shame+ending_dog")
    check(deal, True, (3, 3, 3, 4), (0, 1, 0, 0))


def test_r31_bid_of_shame_fails_on_a_tie_for_the_most():
    # D 4 (tricks 4-7), seat 3 4 (10-13): D shares the most.
    deal = bid_and_play(layout("0001111223333"), "bid_of_shame+ending_dog")
    check(deal, False, (3, 4, 2, 4), (0, -2, 0, 0))


def test_r31_approximate_completed_with_either_guess():
    deal = bid_and_play(layout("1111100022333"), "approximate", "guess 3 5")
    result = check(deal, True, (3, 5, 2, 3), (0, 1, 0, 0))
    assert result.guesses == (3, 5)


def test_r31_approximate_fails_between_the_guesses():
    deal = bid_and_play(layout("1111000022333"), "approximate", "guess 3 5")
    check(deal, False, (4, 4, 2, 3), (0, -2, 0, 0))


def test_r31_trump_completed_with_five_tricks():
    deal = bid_and_play(layout("1111100022333", trump="H"), "trump", "trump H")
    check(deal, True, (3, 5, 2, 3), (0, 1, 0, 0))


def test_r31_trump_fails_with_four_tricks():
    deal = bid_and_play(layout("1111000022333", trump="H"), "trump", "trump H")
    check(deal, False, (4, 4, 2, 3), (0, -2, 0, 0))


def test_r31_grill_completed_with_five_tricks():
    # Trick 13's trump is the suit led in trick 12: spades (R25).
    deal = bid_and_play(layout("0002221111133", trump="S"), "grill", "trump H")
    check(deal, True, (3, 5, 3, 2), (0, 2, 0, 0))


def test_r31_block_trump_completed_with_five_tricks():
    # Trump clubs: seat 0 leads trick 1 (a trump), so D may follow and lead clubs after.
    deal = bid_and_play(layout("1111122200033", trump="C"), "block_trump", "trump C")
    check(deal, True, (3, 5, 3, 2), (0, 1, 0, 0))


def test_r31_limbo_completed_with_fewer_in_the_first_seven():
    # D: trick 1 of the first 7; tricks 11, 12, 13 of the last 6.
    deal = bid_and_play(layout("1000222333111"), "limbo")
    check(deal, True, (3, 4, 3, 3), (0, 1, 0, 0))


def test_r31_limbo_fails_on_equal_halves():
    # D: tricks 1, 2 of the first 7; tricks 10, 11 of the last 6.
    deal = bid_and_play(layout("1100022201133"), "limbo")
    check(deal, False, (4, 4, 3, 2), (0, -2, 0, 0))


def test_r31_game_completed_with_five_tricks():
    deal = bid_and_play(layout("1111100022333"), "game")
    check(deal, True, (3, 5, 2, 3), (0, 2, 0, 0))


def test_r31_masters_bid_of_shame_completed_on_a_tie_for_the_least():
    deal = bid_and_play(layout("0001112223333"), "masters_bid_of_shame")
    check(deal, True, (3, 3, 3, 4), (0, 2, 0, 0))


def test_r31_masters_bid_of_shame_fails_with_more_than_the_least():
    deal = bid_and_play(layout("0001111222333"), "masters_bid_of_shame")
    check(deal, False, (3, 4, 3, 3), (0, -2, 0, 0))


def test_r31_precise_completed_with_the_guess():
    deal = bid_and_play(layout("0001111222333"), "precise", "guess 4")
    check(deal, True, (3, 4, 3, 3), (0, 2, 0, 0))


def test_r31_precise_fails_off_the_guess():
    deal = bid_and_play(layout("0001111222333"), "precise", "guess 5")
    check(deal, False, (3, 4, 3, 3), (0, -2, 0, 0))


def test_r31_max_trump_completed_with_seven_tricks():
    deal = bid_and_play(layout("1111111000223", trump="D"), "max_trump", "trump D")
    check(deal, True, (3, 7, 2, 1), (0, 3, 0, 0))


def test_r31_max_trump_fails_with_six_tricks():
    deal = bid_and_play(layout("1111110000223", trump="D"), "max_trump", "trump D")
    check(deal, False, (4, 6, 2, 1), (0, -2, 0, 0))


def test_r31_sub_trump_completed_with_five_tricks():
    rows = layout("1111100022333", trump="H")
    # D's 2 is 2D (the 2s other than 2H go to seats 0, 1, 2 in order): 4 diamonds, 3 of
    # every other suit, so diamonds may not be trump (R13) and hearts may.
    assert "2D" in hands_of(rows)[1].split()
    deal = Deal.from_hands(hands_of(rows), dealer=0).apply("bid sub_trump")
    for _ in range(3):
        deal = deal.apply("pass")
    assert {str(m) for m in deal.legal_moves()} == {"trump C", "trump H", "trump S"}
    deal = play_out(deal.apply("trump H"), rows)
    check(deal, True, (3, 5, 2, 3), (0, 3, 0, 0))


def test_r31_rank_trump_completed_with_five_tricks():
    rows = layout("1111100022333", trump="H")
    played = hands_of(rows)
    # In the layout D plays KH (trick 7) and seat 2 plays QC (trick 1). Deal KH to seat 2
    # and QC to D instead: D lays QC, seat 2 KH, seat 3 3C, seat 0 5C; D must take KH,
    # the only laid king and the highest card, and the swap restores the layout (R14).
    assert "KH" in played[1].split()
    assert "QC" in played[2].split()
    assert "3C" in played[3].split()
    assert "5C" in played[0].split()
    hands = list(played)
    hands[1] = played[1].replace("KH", "QC")
    hands[2] = played[2].replace("QC", "KH")
    deal = bid_and_play(rows, "rank_trump", "commit QC", "commit KH", "commit 3C",
                        "commit 5C", "take KH", hands=hands)
    assert deal.trump.letter == "H"
    check(deal, True, (3, 5, 2, 3), (0, 4, 0, 0))


def test_r31_masters_game_completed_with_the_solitary_most():
    deal = bid_and_play(layout("0001111222333"), "masters_game")
    check(deal, True, (3, 4, 3, 3), (0, 3, 0, 0))


def test_r31_masters_game_fails_on_a_tie_for_the_most():
    deal = bid_and_play(layout("0001111223333"), "masters_game")
    check(deal, False, (3, 4, 2, 4), (0, -2, 0, 0))


def test_r31_zero_completed_with_no_tricks():
    deal = bid_and_play(layout("0000222333000"), "zero")
    check(deal, True, (7, 0, 3, 3), (0, 4, 0, 0))


def test_r31_zero_fails_with_one_trick():
    deal = bid_and_play(layout("0000122333000"), "zero")
    check(deal, False, (7, 1, 2, 3), (0, -2, 0, 0))


def test_r31_masters_trump_completed_with_five_tricks():
    # left(D) = seat 2 chooses; seats 3 and 0 state preferences first (R15).
    deal = bid_and_play(layout("1111100022333", trump="H"), "masters_trump",
                        "prefer H 5", "prefer none", "trump H")
    check(deal, True, (3, 5, 2, 3), (0, 6, 0, 0))


def test_r31_taintless_masters_game_completed_with_twelve_tricks():
    deal = bid_and_play(layout("0111111111111"), "taintless_masters_game")
    check(deal, True, (1, 12, 0, 0), (0, 8, 0, 0))


def test_r31_taintless_masters_game_fails_with_eleven_tricks():
    deal = bid_and_play(layout("0011111111111"), "taintless_masters_game")
    check(deal, False, (2, 11, 0, 0), (0, -2, 0, 0))


def test_r31_lock_completed_without_tricks_one_to_three():
    deal = bid_and_play(layout("0231111100222", trump="S"), "trump+lock", "trump S")
    check(deal, True, (3, 5, 4, 1), (0, 1, 0, 0))


def test_r31_lock_fails_with_trick_three():
    deal = bid_and_play(layout("0211111100222", trump="S"), "trump+lock", "trump S")
    check(deal, False, (3, 6, 4, 0), (0, -2, 0, 0))


def test_r31_ending_dog_fails_with_the_last_trick():
    deal = bid_and_play(layout("1111100022331", trump="S"), "trump+ending_dog", "trump S")
    check(deal, False, (3, 6, 2, 2), (0, -2, 0, 0))


def test_r31_ending_dog_completed_without_the_last_trick():
    deal = bid_and_play(layout("1111100022333", trump="S"), "trump+ending_dog", "trump S")
    check(deal, True, (3, 5, 2, 3), (0, 1, 0, 0))


# -- R31 with whole suits: each seat holds one suit -------------------------------------------

SUIT_HANDS = (
    "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
    "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
)


def play_lowest(deal):
    """Every seat plays its lowest legal card (by rank, ties by suit C D H S)."""
    while not deal.is_over:
        move = min(deal.legal_moves(), key=lambda m: (m.card.rank, m.card.suit))
        deal = deal.apply(move)
    return deal


def whole_suits(bid, *setup):
    deal = Deal.from_hands(SUIT_HANDS, dealer=0).apply(f"bid {bid}")
    for _ in range(3):
        deal = deal.apply("pass")
    for move in setup:
        deal = deal.apply(move)
    return play_lowest(deal)


def test_r31_zero_whole_suits_leader_takes_everything():
    # No trump: seat 0 (right(D)) leads a club each trick; nobody else holds one.
    deal = whole_suits("zero")
    assert deal.result.trick_winners == (0,) * 13
    check(deal, True, (13, 0, 0, 0), (0, 4, 0, 0))


def test_r31_trump_whole_suits_trump_holder_takes_everything():
    # Seat 3 holds all 13 spades: it trumps trick 1 and leads spades thereafter.
    deal = whole_suits("trump", "trump S")
    check(deal, False, (0, 0, 0, 13), (0, -2, 0, 0))


def test_r31_taintless_whole_suits_with_hurry():
    # D leads diamonds from trick 1 and takes all 13 tricks; worth 8 - 2 = 6.
    deal = whole_suits("taintless_masters_game+hurry")
    check(deal, True, (0, 13, 0, 0), (0, 6, 0, 0))


# -- R32 Greed --------------------------------------------------------------------------------


def test_r32_greed_trump_completed_with_six_and_one_extra_point():
    deal = bid_and_play(layout("1111110002333", trump="S"), "trump+greed", "trump S")
    check(deal, True, (3, 6, 1, 3), (0, 2, 0, 0))


def test_r32_greed_trump_fails_with_five():
    deal = bid_and_play(layout("1111100022333", trump="S"), "trump+greed", "trump S")
    check(deal, False, (3, 5, 2, 3), (0, -2, 0, 0))


def test_r32_greed_approximate_completed_between_the_guesses():
    # 4 - 1 = 3 and 4 + 1 = 5 are both guesses.
    deal = bid_and_play(layout("1111000022333"), "approximate+greed", "guess 3 5")
    check(deal, True, (4, 4, 2, 3), (0, 2, 0, 0))


def test_r32_greed_approximate_fails_on_a_guess():
    deal = bid_and_play(layout("1111100022333"), "approximate+greed", "guess 3 5")
    check(deal, False, (3, 5, 2, 3), (0, -2, 0, 0))


def test_r32_greed_limbo_completed_with_a_margin_of_two():
    # first 7: trick 1; last 6: tricks 11, 12, 13. 3 - 1 = 2.
    deal = bid_and_play(layout("1000222333111"), "limbo+greed")
    check(deal, True, (3, 4, 3, 3), (0, 2, 0, 0))


def test_r32_greed_limbo_fails_with_a_margin_of_one():
    # first 7: trick 1; last 6: tricks 10, 11. 2 - 1 = 1 (plain Limbo would complete).
    deal = bid_and_play(layout("1000222331133"), "limbo+greed")
    check(deal, False, (3, 3, 3, 4), (0, -2, 0, 0))
    plain = bid_and_play(layout("1000222331133"), "limbo")
    check(plain, True, (3, 3, 3, 4), (0, 1, 0, 0))


def test_r32_greed_masters_bid_of_shame_completed_below_the_least():
    deal = bid_and_play(layout("0001122223333"), "masters_bid_of_shame+greed")
    check(deal, True, (3, 2, 4, 4), (0, 3, 0, 0))


def test_r32_greed_masters_bid_of_shame_fails_on_a_tie():
    deal = bid_and_play(layout("0001112223333"), "masters_bid_of_shame+greed")
    check(deal, False, (3, 3, 3, 4), (0, -2, 0, 0))


def test_r32_greed_does_not_touch_lock():
    # D takes tricks 4-9: 6 tricks, none of 1-3.
    deal = bid_and_play(layout("0231111110222", trump="S"), "trump+greed+lock", "trump S")
    check(deal, True, (2, 6, 4, 1), (0, 2, 0, 0))


# -- R33 Plague -------------------------------------------------------------------------------
# Plague clubs: tricks 1-3 hold 4 clubs each, trick 13 holds the 2C (and three other 2s).
# Seat 0 leads trick 1 (right(D)), so clubs are played before D leads.


def test_r33_plague_beplagued_declarer_fails():
    # D takes tricks 1, 2 (8 clubs) and 4-6; seat 0 trick 3 (4); seat 3 trick 13 (1).
    deal = bid_and_play(layout("1101110222333", trump="H"), "trump+plague",
                        "trump H", "plague C")
    result = check(deal, False, (2, 5, 3, 3), (0, -2, 0, 0))
    assert result.beplagued is True
    assert result.honorably_beplagued is False


def test_r33_plague_tie_for_most_plague_cards_is_fine():
    # D trick 1 (4 clubs), seat 0 trick 2 (4), seat 2 trick 3 (4), seat 3 trick 13 (1).
    deal = bid_and_play(layout("1021111002223", trump="H"), "trump+plague",
                        "trump H", "plague C")
    result = check(deal, True, (3, 5, 4, 1), (0, 1, 0, 0))
    assert result.beplagued is False


def test_r33_plague_counts_cards_not_tricks():
    # D takes more tricks than anyone but no club; seat 0 takes 12 clubs in 3 tricks.
    deal = bid_and_play(layout("0001111122333", trump="H"), "trump+plague",
                        "trump H", "plague C")
    result = check(deal, True, (3, 5, 2, 3), (0, 1, 0, 0))
    assert result.beplagued is False


def test_r33_plague_honorably_beplagued_scores_one_extra():
    # D takes tricks 1-4 and 13: all 12 clubs of tricks 1-3 and the 2C of trick 13.
    deal = bid_and_play(layout("1111002223331", trump="H"), "trump+plague",
                        "trump H", "plague C")
    result = check(deal, True, (2, 5, 3, 3), (0, 2, 0, 0))
    assert result.beplagued is True
    assert result.honorably_beplagued is True


def test_r33_plague_all_plague_cards_but_bid_failed():
    # D takes every club (tricks 1-3 and 13) but only 4 tricks: Trump fails.
    deal = bid_and_play(layout("1110002223331", trump="H"), "trump+plague",
                        "trump H", "plague C")
    result = check(deal, False, (3, 4, 3, 3), (0, -2, 0, 0))
    assert result.honorably_beplagued is False


def test_r33_plague_not_affected_by_greed():
    # D 6 tricks (Greed completes Trump) and a tie of 4 clubs with seats 0 and 2.
    deal = bid_and_play(layout("1021111102223", trump="H"), "trump+plague+greed",
                        "trump H", "plague C")
    result = check(deal, True, (2, 6, 4, 1), (0, 2, 0, 0))
    assert result.beplagued is False


# -- R34 points -------------------------------------------------------------------------------


def test_r34_penalty_failed_costs_four():
    deal = bid_and_play(layout("1111000022333", trump="H"), "trump+penalty", "trump H")
    check(deal, False, (4, 4, 2, 3), (0, -4, 0, 0))


def test_r34_penalty_completed_scores_the_standard_bid():
    deal = bid_and_play(layout("1111100022333", trump="H"), "trump+penalty", "trump H")
    check(deal, True, (3, 5, 2, 3), (0, 1, 0, 0))


def test_r34_taintless_scores_the_combo_worth():
    # worth 8 + 2 (Penalty) = 10
    deal = bid_and_play(layout("0111111111111"), "taintless_masters_game+penalty")
    check(deal, True, (1, 12, 0, 0), (0, 10, 0, 0))


def test_r34_taintless_with_penalty_failed_costs_four():
    deal = bid_and_play(layout("0011111111111"), "taintless_masters_game+penalty")
    check(deal, False, (2, 11, 0, 0), (0, -4, 0, 0))


def test_r34_potential_completed_earns_a_p():
    deal = bid_and_play(layout("1111111000223", trump="D"), "max_trump+potential", "trump D")
    check(deal, True, (3, 7, 2, 1), (0, 3, 0, 0), potential=True)


def test_r34_potential_failed_earns_nothing():
    deal = bid_and_play(layout("1111110000223", trump="D"), "max_trump+potential", "trump D")
    check(deal, False, (4, 6, 2, 1), (0, -2, 0, 0), potential=False)


@pytest.mark.parametrize(
    ("bid", "setup", "points"),
    [
        ("masters_game", (), 3),
        ("masters_game+greed", (), 4),
        ("masters_game+penalty", (), 3),
        ("masters_game+iron", (), 3),
    ],
)
def test_r34_score_column_with_specials(bid, setup, points):
    # D 6 tricks, the others 3, 2, 2: solitary most, and still with Greed's 5 and 7.
    iron = "iron" in bid
    deal = bid_and_play(layout("0001111112233", iron=iron), bid, *setup)
    check(deal, True, (3, 6, 2, 2), (0, points, 0, 0))


# -- R29 in a whole deal: an awarded trick counts for the seat it is awarded to ---------------


def test_r29_justice_awarded_tricks_count_in_the_result():
    # The card of justice 7D lies in trick 5 (10D 9D 8D 7D), which D's 10D would win.
    rows = layout("0001111222333")
    assert rows[4] == {1: "10D", 0: "9D", 2: "8D", 3: "7D"}
    deal = bid_and_play(rows, "masters_game+justice+penalty", "justice 7D", awards={5: 2})
    # Trick 5 (10 9 8 7 of diamonds), won by D's 10D, is awarded to seat 2: D 3, seat 2 4.
    result = check(deal, False, (3, 3, 4, 3), (0, -4, 0, 0))
    assert result.trick_winners == (0, 0, 0, 1, 2, 1, 1, 2, 2, 2, 3, 3, 3)


def test_r29_justice_award_counts_for_lock():
    # D takes tricks 4-10 by the cards; trick 2 (10C 9C 8C 7C) holds the card of justice 8C.
    rows = layout("0231111111023", trump="D")
    assert rows[1] == {2: "10C", 0: "9C", 1: "8C", 3: "7C"}
    setup = ("trump D", "justice 8C")
    fair = bid_and_play(rows, "max_trump+justice+lock", *setup, awards={2: 2})
    check(fair, True, (2, 7, 2, 2), (0, 3, 0, 0))
    # Awarded to D itself, trick 2 is D's: 8 tricks, but Lock is broken.
    own = bid_and_play(rows, "max_trump+justice+lock", *setup, awards={2: 1})
    result = check(own, False, (2, 8, 1, 2), (0, -2, 0, 0))
    assert result.trick_winners[:4] == (0, 1, 3, 1)


def test_r29_justice_award_counts_for_plague_cards():
    # Trick 1 (AC KC QC JC) holds the card of justice QC; by the cards seat 0's AC wins it.
    # Plague clubs: D takes trick 3 (4 clubs), seat 2 trick 2 (4), seat 3 trick 13 (2C).
    rows = layout("0211111110233", trump="D")
    assert rows[0] == {0: "AC", 1: "KC", 2: "QC", 3: "JC"}
    setup = ("trump D", "justice QC", "plague C")
    fair = bid_and_play(rows, "max_trump+justice+plague", *setup, awards={1: 0})
    result = check(fair, True, (2, 7, 2, 2), (0, 3, 0, 0))
    assert result.beplagued is False
    # Awarded to D, trick 1's 4 clubs are D's too: 8 of 13, beplagued.
    own = bid_and_play(rows, "max_trump+justice+plague", *setup, awards={1: 1})
    result = check(own, False, (1, 8, 2, 2), (0, -2, 0, 0))
    assert result.beplagued is True


def test_r34_taintless_with_greed_scores_worth_plus_one():
    # D leads (Hurry) and takes all 13: 13 - 1 = 12 still completes. Worth 8 - 2 + 0 = 6.
    deal = whole_suits("taintless_masters_game+greed+hurry")
    check(deal, True, (0, 13, 0, 0), (0, 7, 0, 0))
