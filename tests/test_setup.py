"""The events before the first lead, pinned ruling by ruling: R9 and R10 (as bids), R11
(publicity), R12 (event order), R13 (trump choice, Sub Trump), R14 (Rank Trump), R15
(Master's Trump), R16 (guesses), R17 (Justice), R18 (Plague), R19 (Mail), R20 (Master's
Mail) and R21 (Atelier; its refill is pinned with trick play). Plus: an illegal move in
any phase is refused and leaves the deal as it was.

Every expectation is worked out by hand from RULINGS.md. Dealer is seat 0 throughout, so
the auction starts at seat 1."""

from __future__ import annotations

from math import comb

import pytest
from checks import assert_move_refused
from hands import THREE_142

from combowhist import (
    Card,
    CardSet,
    ComboBid,
    Deal,
    InvalidBidError,
    MakeBid,
    Phase,
    Prefer,
    Suit,
    load_profile,
)

PROFILE = load_profile("1.4.2")

# Seat i holds one whole suit: 0 clubs, 1 spades, 2 hearts, 3 diamonds.
CLUBS = "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"
SPADES = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D"
SUIT_HANDS = [CLUBS, SPADES, HEARTS, DIAMONDS]

# Seat 1 holds 4-4-4-1 (spades, hearts, diamonds tied for most; one club).
MIXED = [
    "2S 2H 2D JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
    "AS KS QS JS AH KH QH JH AD KD QD JD AC",
    "10S 9S 8S 7S 10H 9H 8H 7H 10D 9D 8D 7D KC",
    "6S 5S 4S 3S 6H 5H 4H 3H 6D 5D 4D 3D QC",
]

# 3 players, 1.4.2 deck (R2: no 7C, 8s, 9s, 10s).
HANDS_3 = list(THREE_142)
# 3 players, 1.4.1 deck (R2: no 6C, 7s, 8s, 9s).
HANDS_3_141 = [
    "AC KC QC JC 10C 5C 4C 3C 2C AS KS QS JS",
    "10S 6S 5S 4S 3S 2S AH KH QH JH 10H 6H 5H",
    "4H 3H 2H AD KD QD JD 10D 6D 5D 4D 3D 2D",
]

ALL_SUITS = {"C", "D", "H", "S"}


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


def fill(declarer_hand: str, declarer: int = 1) -> list[str]:
    """Four hands: ``declarer_hand`` for the declarer, the rest of the deck dealt to the
    other seats in a fixed order (their cards do not matter to the test)."""
    mine = cards(declarer_hand)
    rest = [c for c in PROFILE.deck(4) if c not in mine]
    assert len(mine) == 13
    hands = []
    for seat in range(4):
        if seat == declarer:
            hands.append(declarer_hand)
        else:
            hands.append(" ".join(str(c) for c in rest[:13]))
            rest = rest[13:]
    return hands


def declare(combo: str, declarer: int = 1, hands: list[str] | None = None,
            profile: str = "1.4.2") -> Deal:
    """A deal (dealer 0) whose auction made ``declarer`` D with ``combo``: D bids it, the
    others pass."""
    hands = hands if hands is not None else SUIT_HANDS
    players = len(hands)
    state = Deal.from_hands(hands, dealer=0, profile=profile)
    for seat in [*range(1, players), 0]:
        state = state.apply(f"bid {combo}" if seat == declarer else "pass")
    assert state.declarer == declarer
    assert state.combo == ComboBid.parse(combo, profile, players=players)
    return state


def to_play(state: Deal, *moves: str) -> Deal:
    for move in moves:
        state = state.apply(move)
    return state


def walk(state: Deal, *moves: str) -> tuple[list[tuple[Phase, int | None]], Deal]:
    """(phase, seat to move) before each move and after the last one."""
    steps = []
    for move in moves:
        steps.append((state.phase, state.to_move))
        state = state.apply(move)
    steps.append((state.phase, state.to_move))
    return steps, state


def texts(state: Deal) -> set[str]:
    return {str(m) for m in state.legal_moves()}



def history(state: Deal, seat: int) -> list[tuple[int, str]]:
    return list(state.view(seat).log)


# --- R9 Trumpless bids (only as bids) -----------------------------------------------------

R9_TRUMPLESS = ("bid_of_shame", "approximate", "limbo", "game", "masters_bid_of_shame",
                "precise", "masters_game", "zero", "taintless_masters_game")


@pytest.mark.parametrize("standard", R9_TRUMPLESS)
def test_r9_open_trump_is_refused_with_a_trumpless_bid(standard: str) -> None:
    state = Deal.from_hands(SUIT_HANDS)
    text = f"{standard}+open_trump+penalty"
    with pytest.raises(InvalidBidError, match=r"incompatible.*\(R7\)"):
        ComboBid.parse(text, PROFILE)
    assert_move_refused(state, f"bid {text}", "seat 1", "open_trump", "incompatible", "R7")


@pytest.mark.parametrize("standard", ["trump", "block_trump", "max_trump", "sub_trump",
                                      "rank_trump", "masters_trump"])
def test_r9_open_trump_is_legal_with_a_trump_bid(standard: str) -> None:
    state = Deal.from_hands(SUIT_HANDS)
    move = MakeBid(ComboBid.parse(f"{standard}+open_trump", PROFILE))
    assert move in state.legal_moves()
    assert state.apply(move).high_bid == move.combo


# --- R10 Master's Mail worth, seen in the auction -------------------------------------------


@pytest.mark.parametrize(
    ("standard", "worth", "equal", "above"),
    [
        ("trump", 1 + 3, "masters_game", "masters_game+ending_dog"),
        ("block_trump", 2 + 3, "masters_game+ending_dog", "masters_game+lock"),
        ("max_trump", 3 + 3, "masters_game+lock", "masters_game+lock+ending_dog"),
        ("sub_trump", 3 + 3, "masters_game+lock", "masters_game+lock+ending_dog"),
        ("rank_trump", 3 + 3, "masters_game+lock", "masters_game+lock+ending_dog"),
        ("masters_trump", 6 + 3, "masters_trump+masters_mail",
         "masters_trump+masters_mail+ending_dog"),
        ("grill", 1 + 1, "game", "precise"),
        ("game", 2 + 1, "precise", "masters_game"),
        ("zero", 4 + 1, "masters_game+ending_dog", "masters_game+lock"),
    ],
)
def test_r10_masters_mail_worth_in_the_auction(
    standard: str, worth: int, equal: str, above: str
) -> None:
    state = Deal.from_hands(SUIT_HANDS).apply(f"bid {standard}+masters_mail")
    assert state.high_bid is not None
    assert state.high_bid.worth == worth
    assert_move_refused(state, f"bid {equal}", "seat 2", f"bid {equal}", "R7")
    assert MakeBid(ComboBid.parse(equal, PROFILE)) not in state.legal_moves()
    assert MakeBid(ComboBid.parse(above, PROFILE)) in state.legal_moves()
    assert state.apply(f"bid {above}").high_bidder == 2


# --- R11 Publicity --------------------------------------------------------------------------


def test_r11_bids_passes_and_trump_are_public() -> None:
    state = declare("trump+penalty", declarer=2).apply("trump H")
    public = [(1, "pass"), (2, "bid trump+penalty"), (3, "pass"), (0, "pass"), (2, "trump H")]
    for seat in range(4):
        view = state.view(seat)
        assert list(view.log) == public
        assert view.declarer == 2
        assert view.combo == ComboBid.parse("trump+penalty", PROFILE)
        assert view.trump is Suit.HEARTS
        assert view.hand == cards(SUIT_HANDS[seat])  # own cards only


def test_r11_guesses_justice_and_plague_are_public() -> None:
    state = declare("precise+justice+plague+lock", declarer=3)
    state = to_play(state, "guess 4", "justice QS", "plague H")
    for seat in range(4):
        view = state.view(seat)
        assert view.guesses == (4,)
        assert view.justice_card == Card.parse("QS")
        assert view.plague_suit is Suit.HEARTS
        assert list(view.log)[-3:] == [(3, "guess 4"), (3, "justice QS"), (3, "plague H")]
        assert view.to_dict()["guesses"] == [4]
        assert view.to_dict()["justice_card"] == "QS"
        assert view.to_dict()["plague_suit"] == "H"


def test_r11_approximate_guesses_are_public() -> None:
    state = declare("approximate").apply("guess 9 2")
    for seat in range(4):
        assert state.view(seat).guesses == (2, 9)
        assert history(state, seat)[-1] == (1, "guess 2 9")


# --- R12 Order ------------------------------------------------------------------------------


def test_r12_event_order_of_a_rich_combo() -> None:
    state = declare("trump+atelier+masters_mail+mail+plague+justice")  # D = seat 1
    assert state.combo is not None
    assert state.combo.worth == 1 + 1 + 3 - 1 + 2 - 4
    steps, state = walk(
        state,
        "trump H",
        "justice 2C",
        "plague D",
        "mail left",
        "send AS KS QS",  # seat 1 (D) to seat 2
        "send AH KH QH",  # seat 2 to seat 3
        "send AD KD QD",  # seat 3 to seat 0
        "send AC KC QC",  # seat 0 to seat 1
        "send JH 10H 9H",  # Master's Mail: seat 2 (left(D)) to seat 0 (right(D))
        "send JD 10D 9D",  # seat 3 (middle) to seat 2
        "send JC 10C 9C",  # seat 0 (right(D)) to seat 3
        "atelier AC KC QC JS",
    )
    assert steps == [
        (Phase.TRUMP, 1),
        (Phase.JUSTICE, 1),
        (Phase.PLAGUE, 1),
        (Phase.MAIL, 1),
        (Phase.SEND, 1),
        (Phase.SEND, 2),
        (Phase.SEND, 3),
        (Phase.SEND, 0),
        (Phase.MASTERS_MAIL, 2),
        (Phase.MASTERS_MAIL, 3),
        (Phase.MASTERS_MAIL, 0),
        (Phase.ATELIER, 1),
        (Phase.PLAY, 0),  # right(D) leads trick 1 (R22)
    ]
    assert state.trump is Suit.HEARTS
    assert state.justice_card == Card.parse("2C")
    assert state.plague_suit is Suit.DIAMONDS
    assert state.mail_direction == "left"
    assert state.atelier == cards("AC KC QC JS")
    assert state.hands == (
        cards("8C 7C 6C 5C 4C 3C 2C AD KD QD JH 10H 9H"),
        cards("JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AC KC QC"),
        cards("8H 7H 6H 5H 4H 3H 2H AS KS QS JD 10D 9D"),
        cards("8D 7D 6D 5D 4D 3D 2D AH KH QH JC 10C 9C"),
    )


def test_r12_guess_comes_first_then_justice_then_plague() -> None:
    # listed in another order in the bid: the order column decides
    steps, _ = walk(declare("plague+lock+justice+precise"), "guess 3", "justice AH",
                    "plague C")
    assert steps == [(Phase.GUESS, 1), (Phase.JUSTICE, 1), (Phase.PLAGUE, 1), (Phase.PLAY, 0)]


def test_r12_rank_trump_comes_before_mail() -> None:
    steps, state = walk(
        declare("rank_trump+mail"),
        "commit 2S", "commit KH", "commit 3D", "commit 4C",  # D first, then clockwise
        "take KH",
        "mail across",
        "send AS KS QS", "send AH QH JH", "send AD KD QD", "send AC KC QC",
    )
    assert steps == [
        (Phase.RANK_COMMIT, 1), (Phase.RANK_COMMIT, 2), (Phase.RANK_COMMIT, 3),
        (Phase.RANK_COMMIT, 0), (Phase.RANK_TAKE, 1), (Phase.MAIL, 1),
        (Phase.SEND, 1), (Phase.SEND, 2), (Phase.SEND, 3), (Phase.SEND, 0), (Phase.PLAY, 0),
    ]
    assert state.trump is Suit.HEARTS


def test_r12_masters_trump_then_plague_then_masters_mail() -> None:
    steps, state = walk(
        declare("masters_trump+masters_mail+plague", declarer=2),
        "prefer S 3",  # seat 0: the first opponent clockwise after the chooser (3)
        "prefer none",  # seat 1
        "trump D",  # seat 3 = left(D), the chooser
        "plague C",  # D
        "send AD KD QD",  # seat 3 = left(D) first, then clockwise skipping D
        "send AC KC QC",  # seat 0
        "send AS KS QS",  # seat 1
    )
    assert steps == [
        (Phase.PREFERENCE, 0), (Phase.PREFERENCE, 1), (Phase.TRUMP, 3), (Phase.PLAGUE, 2),
        (Phase.MASTERS_MAIL, 3), (Phase.MASTERS_MAIL, 0), (Phase.MASTERS_MAIL, 1),
        (Phase.PLAY, 1),
    ]
    assert state.trump is Suit.DIAMONDS
    assert state.plague_suit is Suit.CLUBS


def test_r12_guess_then_mail_then_atelier() -> None:
    steps, _ = walk(
        declare("approximate+atelier+mail"),
        "guess 4 6", "mail right",
        "send 2S 3S 4S", "send 2H 3H 4H", "send 2D 3D 4D", "send 2C 3C 4C",
        "atelier AS KS QS JS",
    )
    assert steps == [
        (Phase.GUESS, 1), (Phase.MAIL, 1), (Phase.SEND, 1), (Phase.SEND, 2),
        (Phase.SEND, 3), (Phase.SEND, 0), (Phase.ATELIER, 1), (Phase.PLAY, 0),
    ]


def test_r12_standing_rules_are_not_events() -> None:
    state = declare("trump+iron+lock+greed+penalty+open_trump+ending_dog")
    assert state.phase is Phase.TRUMP
    state = state.apply("trump S")
    assert state.phase is Phase.PLAY
    assert state.to_move == 0
    state = declare("game+sloth+hurry+potential+open_hand+penalty+lock", declarer=3)
    assert state.phase is Phase.PLAY
    assert state.to_move == 3  # Hurry: D leads trick 1
    assert len(state.log) == 4


# --- R13 Trump choice -----------------------------------------------------------------------


@pytest.mark.parametrize("standard", ["trump", "grill", "block_trump", "max_trump"])
def test_r13_declarer_names_any_suit(standard: str) -> None:
    state = declare(standard, declarer=2)
    assert state.phase is Phase.TRUMP
    assert state.to_move == 2
    assert texts(state) == {f"trump {s}" for s in ALL_SUITS}
    for suit in "CDHS":
        named = state.apply(f"trump {suit}")
        assert named.trump is Suit.parse(suit)
        assert named.phase is Phase.PLAY


def test_r13_sub_trump_excludes_every_tied_longest_suit() -> None:
    state = declare("sub_trump", hands=MIXED)  # D holds 4 S, 4 H, 4 D, 1 C
    assert texts(state) == {"trump C"}
    for suit in "SHD":
        assert_move_refused(state, f"trump {suit}", "seat 1", f"trump {suit}", "Sub Trump", "R13")
    assert state.apply("trump C").trump is Suit.CLUBS


def test_r13_sub_trump_two_suits_tied_for_most() -> None:
    hands = fill("AS KS QS JS 10S AH KH QH JH 10H AD KD AC")  # 5 S, 5 H, 2 D, 1 C
    state = declare("sub_trump", hands=hands)
    assert texts(state) == {"trump D", "trump C"}
    assert_move_refused(state, "trump S", "seat 1", "trump S", "R13")
    assert_move_refused(state, "trump H", "seat 1", "trump H", "R13")


def test_r13_sub_trump_one_longest_suit() -> None:
    hands = fill("AS KS QS JS 10S 9S AH KH QH AD KD AC KC", declarer=0)  # 6 3 2 2
    state = declare("sub_trump", declarer=0, hands=hands)
    assert texts(state) == {"trump H", "trump D", "trump C"}
    assert_move_refused(state, "trump S", "seat 0", "trump S", "R13")


def test_r13_sub_trump_with_a_one_suit_hand() -> None:
    state = declare("sub_trump")  # seat 1 holds all 13 spades
    assert texts(state) == {"trump H", "trump D", "trump C"}


# --- R14 Rank Trump ------------------------------------------------------------------------


def test_r14_commit_order_d_first_then_clockwise() -> None:
    state = declare("rank_trump", declarer=2)
    steps, state = walk(state, "commit 2H", "commit 5D", "commit 6C", "commit 7S")
    assert steps == [(Phase.RANK_COMMIT, 2), (Phase.RANK_COMMIT, 3), (Phase.RANK_COMMIT, 0),
                     (Phase.RANK_COMMIT, 1), (Phase.RANK_TAKE, 2)]


def test_r14_commit_order_with_3_players() -> None:
    steps, _ = walk(declare("rank_trump", declarer=0, hands=HANDS_3),
                    "commit 2C", "commit 7H", "commit 4H")
    assert steps == [(Phase.RANK_COMMIT, 0), (Phase.RANK_COMMIT, 1), (Phase.RANK_COMMIT, 2),
                     (Phase.RANK_TAKE, 0)]


def test_r14_commit_any_card_of_own_hand_only() -> None:
    state = declare("rank_trump")
    assert texts(state) == {f"commit {c}" for c in cards(SPADES)}
    assert_move_refused(state, "commit AH", "seat 1", "commit AH", "R14")


def test_r14_commits_are_hidden_from_other_seats_until_all_have_laid() -> None:
    state = declare("rank_trump")
    state = to_play(state, "commit 2S", "commit KH", "commit QD")
    # seat 0 has not laid yet
    assert state.phase is Phase.RANK_COMMIT
    assert history(state, 1)[-3:] == [(1, "commit 2S"), (2, "commit ?"), (3, "commit ?")]
    assert history(state, 2)[-3:] == [(1, "commit ?"), (2, "commit KH"), (3, "commit ?")]
    assert history(state, 0)[-3:] == [(1, "commit ?"), (2, "commit ?"), (3, "commit ?")]
    two = Card.parse("2S")
    assert state.view(1).laid == (None, two, None, None)
    assert state.view(2).laid == (None, None, Card.parse("KH"), None)
    assert state.view(0).laid == (None, None, None, None)
    for seat in (0, 1, 3):
        assert "KH" not in str(state.view(seat).to_dict()["log"])
        assert "QD" not in str(state.view(seat).to_dict()["log"]) or seat == 3
    # the last one lays: everything is revealed to everyone
    state = state.apply("commit 10C")
    laid = (Card.parse("10C"), two, Card.parse("KH"), Card.parse("QD"))
    for seat in range(4):
        assert state.view(seat).laid == laid
        assert history(state, seat)[-4:] == [(1, "commit 2S"), (2, "commit KH"),
                                             (3, "commit QD"), (0, "commit 10C")]


def test_r14_take_only_the_highest_opponent_card() -> None:
    state = to_play(declare("rank_trump"), "commit 2S", "commit KH", "commit QD", "commit 10C")
    assert state.phase is Phase.RANK_TAKE
    assert state.to_move == 1
    assert texts(state) == {"take KH"}
    assert_move_refused(state, "take QD", "seat 1", "take QD", "R14")
    assert_move_refused(state, "take 2S", "seat 1", "take 2S", "R14")  # D's own card
    state = state.apply("take KH")
    assert state.trump is Suit.HEARTS
    assert state.hands == (
        cards(CLUBS),  # 10C went back
        cards(SPADES) - cards("2S") | cards("KH"),
        cards(HEARTS) - cards("KH") | cards("2S"),
        cards(DIAMONDS),  # QD went back
    )
    assert state.phase is Phase.PLAY
    assert state.to_move == 0


def test_r14_declarers_own_card_is_never_taken() -> None:
    state = to_play(declare("rank_trump"), "commit AS", "commit 3H", "commit 4D", "commit 2C")
    assert texts(state) == {"take 4D"}
    assert_move_refused(state, "take AS", "seat 1", "take AS", "R14")
    state = state.apply("take 4D")
    assert state.trump is Suit.DIAMONDS
    assert state.hands[1] == cards(SPADES) - cards("AS") | cards("4D")
    assert state.hands[3] == cards(DIAMONDS) - cards("4D") | cards("AS")


def test_r14_tie_for_highest_gives_declarer_the_choice() -> None:
    state = to_play(declare("rank_trump"), "commit 9S", "commit KH", "commit KD", "commit 5C")
    assert texts(state) == {"take KH", "take KD"}
    assert_move_refused(state, "take 5C", "seat 1", "take 5C", "R14")
    took_d = state.apply("take KD")
    assert took_d.trump is Suit.DIAMONDS
    assert took_d.hands == (
        cards(CLUBS),
        cards(SPADES) - cards("9S") | cards("KD"),
        cards(HEARTS),  # KH went back
        cards(DIAMONDS) - cards("KD") | cards("9S"),
    )
    took_h = state.apply("take KH")
    assert took_h.trump is Suit.HEARTS
    assert took_h.hands[3] == cards(DIAMONDS)


def test_r14_iron_makes_aces_lowest() -> None:
    state = to_play(declare("rank_trump+iron"), "commit 2S", "commit AH", "commit KD",
                    "commit QC")
    assert texts(state) == {"take KD"}
    assert_move_refused(state, "take AH", "seat 1", "take AH", "R14")
    assert state.apply("take KD").trump is Suit.DIAMONDS


def test_r14_iron_a_two_beats_aces() -> None:
    state = to_play(declare("rank_trump+iron"), "commit KS", "commit AH", "commit AD",
                    "commit 2C")
    assert texts(state) == {"take 2C"}
    state = state.apply("take 2C")
    assert state.trump is Suit.CLUBS
    assert state.hands[0] == cards(CLUBS) - cards("2C") | cards("KS")
    assert state.hands[1] == cards(SPADES) - cards("KS") | cards("2C")


def test_r14_without_iron_aces_are_highest() -> None:
    state = to_play(declare("rank_trump"), "commit 2S", "commit AH", "commit AD",
                    "commit KC")
    assert texts(state) == {"take AH", "take AD"}


# --- R15 Master's Trump ----------------------------------------------------------------------


def test_r15_four_players_preferences_then_chooser() -> None:
    state = declare("masters_trump")  # D = 1: chooser 2, then 3 and 0 may state
    assert state.phase is Phase.PREFERENCE
    assert state.to_move == 3
    moves = texts(state)
    assert len(state.legal_moves()) == 1 + 4 * 5
    assert moves == {"prefer none"} | {f"prefer {s} {n}" for s in ALL_SUITS
                                       for n in range(1, 6)}
    steps, state = walk(state, "prefer S 5", "prefer none")
    assert steps == [(Phase.PREFERENCE, 3), (Phase.PREFERENCE, 0), (Phase.TRUMP, 2)]
    assert texts(state) == {f"trump {s}" for s in ALL_SUITS}
    state = state.apply("trump C")  # statements bind nobody
    assert state.trump is Suit.CLUBS
    assert state.phase is Phase.PLAY
    assert state.to_move == 0
    # D said nothing: every move after the auction is by 3, 0, 2
    assert [seat for seat, _ in state.log[4:]] == [3, 0, 2]
    for seat in range(4):  # statements are public (R11)
        assert history(state, seat)[4:] == [(3, "prefer S 5"), (0, "prefer none"),
                                            (2, "trump C")]


def test_r15_four_players_declarer_0() -> None:
    steps, state = walk(declare("masters_trump", declarer=0), "prefer H 1", "prefer D 2",
                        "trump H")
    assert steps == [(Phase.PREFERENCE, 2), (Phase.PREFERENCE, 3), (Phase.TRUMP, 1),
                     (Phase.PLAY, 3)]
    assert state.trump is Suit.HEARTS


def test_r15_three_players_one_statement() -> None:
    steps, state = walk(declare("masters_trump", hands=HANDS_3), "prefer D 4", "trump S")
    # D = 1: chooser left(D) = 2; the other opponent is 0
    assert steps == [(Phase.PREFERENCE, 0), (Phase.TRUMP, 2), (Phase.PLAY, 0)]
    assert state.trump is Suit.SPADES
    steps, _ = walk(declare("masters_trump", declarer=0, hands=HANDS_3), "prefer none",
                    "trump C")
    assert steps == [(Phase.PREFERENCE, 2), (Phase.TRUMP, 1), (Phase.PLAY, 2)]


@pytest.mark.parametrize("text", ["prefer S 0", "prefer S 6", "prefer H 10"])
def test_r15_strength_outside_1_to_5_is_refused(text: str) -> None:
    state = declare("masters_trump")
    assert_move_refused(state, text, "seat 3", text, "R15")


def test_r15_malformed_preferences_are_refused() -> None:
    state = declare("masters_trump")
    assert_move_refused(state, Prefer(None, 3), "seat 3", "R15")
    assert_move_refused(state, Prefer(Suit.SPADES, None), "seat 3", "R15")


def test_r15_declarer_and_chooser_cannot_jump_the_statements() -> None:
    state = declare("masters_trump")
    # seat 3 is to state a preference; naming trump now is the wrong move
    assert_move_refused(state, "trump S", "seat 3", "trump S", "'prefer'")


# --- R16 Guesses ------------------------------------------------------------------------


def test_r16_precise_one_number_0_to_13() -> None:
    state = declare("precise", declarer=3)
    assert state.phase is Phase.GUESS
    assert state.to_move == 3
    assert len(state.legal_moves()) == 14
    assert texts(state) == {f"guess {n}" for n in range(14)}
    for bad in ("guess 14", "guess 4 6", "guess 20"):
        assert_move_refused(state, bad, "seat 3", bad, "R16")
    assert state.apply("guess 13").guesses == (13,)
    assert state.apply("guess 0").guesses == (0,)


def test_r16_approximate_two_different_numbers() -> None:
    state = declare("approximate")
    assert len(state.legal_moves()) == comb(14, 2) == 91
    assert texts(state) == {f"guess {a} {b}" for a in range(14) for b in range(a + 1, 14)}
    for bad in ("guess 5 5", "guess 5", "guess 3 14", "guess 1 2 3"):
        assert_move_refused(state, bad, "seat 1", "R16")
    assert state.apply("guess 12 0").guesses == (0, 12)


def test_r16_guesses_are_not_filtered_for_feasibility() -> None:
    low = "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C"  # cannot take 13 tricks
    state = declare("precise", hands=fill(low))
    assert "guess 13" in texts(state)
    assert state.apply("guess 13").guesses == (13,)
    state = declare("approximate", hands=fill(low))
    assert state.apply("guess 12 13").guesses == (12, 13)


# --- R17 Justice ------------------------------------------------------------------------


def test_r17_any_card_of_the_4_player_deck() -> None:
    state = declare("masters_game+justice+ending_dog", declarer=2)
    assert state.phase is Phase.JUSTICE
    assert state.to_move == 2
    assert len(state.legal_moves()) == 52
    assert texts(state) == {f"justice {c}" for c in PROFILE.deck(4)}
    state = state.apply("justice 7D")  # in another seat's hand: fine
    assert state.justice_card == Card.parse("7D")
    assert state.phase is Phase.PLAY


def test_r17_removed_3_player_card_is_refused_1_4_2() -> None:
    state = declare("masters_game+justice+ending_dog", hands=HANDS_3)
    assert len(state.legal_moves()) == 39
    assert texts(state) == {f"justice {c}" for c in PROFILE.deck(3)}
    for removed in ("10S", "9H", "8D", "7C"):
        assert_move_refused(state, f"justice {removed}", "seat 1", f"justice {removed}", "R17")
    assert state.apply("justice 7S").justice_card == Card.parse("7S")


def test_r17_removed_3_player_card_is_refused_1_4_1() -> None:
    state = declare("masters_game+justice+ending_dog", hands=HANDS_3_141, profile="1.4.1")
    assert len(state.legal_moves()) == 39
    for removed in ("7S", "9H", "8D", "6C"):
        assert_move_refused(state, f"justice {removed}", "seat 1", f"justice {removed}", "R17")
    assert state.apply("justice 10S").justice_card == Card.parse("10S")
    assert state.apply("justice 5C").justice_card == Card.parse("5C")


# --- R18 Plague ---------------------------------------------------------------------------


def test_r18_declarer_names_a_suit() -> None:
    state = declare("game+plague", declarer=3)
    assert state.phase is Phase.PLAGUE
    assert state.to_move == 3
    assert texts(state) == {f"plague {s}" for s in ALL_SUITS}
    for suit in "CDHS":
        named = state.apply(f"plague {suit}")
        assert named.plague_suit is Suit.parse(suit)
        assert named.phase is Phase.PLAY
        assert named.to_move == 2


# --- R19 Mail -------------------------------------------------------------------------------


def test_r19_directions_with_4_players() -> None:
    state = declare("game+mail")
    assert state.phase is Phase.MAIL
    assert state.to_move == 1
    assert texts(state) == {"mail left", "mail right", "mail across"}


def test_r19_directions_with_3_players() -> None:
    state = declare("game+mail", hands=HANDS_3)
    assert texts(state) == {"mail left", "mail right"}
    assert_move_refused(state, "mail across", "seat 1", "mail across", "R19")


def test_r19_every_participant_picks_3_nothing_moves_until_all_have() -> None:
    state = declare("game+mail").apply("mail left")
    assert state.phase is Phase.SEND
    assert len(state.legal_moves()) == comb(13, 3) == 286
    dealt = state.hands
    steps, state = walk(state, "send AS KS QS", "send AH KH QH", "send AD KD QD")
    assert steps == [(Phase.SEND, 1), (Phase.SEND, 2), (Phase.SEND, 3), (Phase.SEND, 0)]
    assert state.hands == dealt  # three have picked: nothing moved yet
    for seat in range(4):
        assert state.view(seat).hand == dealt[seat]
    state = state.apply("send AC KC QC")
    assert state.phase is Phase.PLAY
    assert state.to_move == 0
    assert state.hands == (
        cards("JC 10C 9C 8C 7C 6C 5C 4C 3C 2C AD KD QD"),  # from seat 3
        cards("JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AC KC QC"),  # from seat 0
        cards("JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AS KS QS"),  # from seat 1
        cards("JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AH KH QH"),  # from seat 2
    )


def test_r19_right_and_across() -> None:
    picks = ("send 2S 3S 4S", "send 2H 3H 4H", "send 2D 3D 4D", "send 2C 3C 4C")
    right = to_play(declare("game+mail"), "mail right", *picks)
    # right(s) = s - 1: 1 -> 0, 2 -> 1, 3 -> 2, 0 -> 3
    assert right.hands == (
        cards(CLUBS) - cards("2C 3C 4C") | cards("2S 3S 4S"),
        cards(SPADES) - cards("2S 3S 4S") | cards("2H 3H 4H"),
        cards(HEARTS) - cards("2H 3H 4H") | cards("2D 3D 4D"),
        cards(DIAMONDS) - cards("2D 3D 4D") | cards("2C 3C 4C"),
    )
    across = to_play(declare("game+mail"), "mail across", *picks)
    # across: 1 <-> 3, 2 <-> 0
    assert across.hands == (
        cards(CLUBS) - cards("2C 3C 4C") | cards("2H 3H 4H"),
        cards(SPADES) - cards("2S 3S 4S") | cards("2D 3D 4D"),
        cards(HEARTS) - cards("2H 3H 4H") | cards("2C 3C 4C"),
        cards(DIAMONDS) - cards("2D 3D 4D") | cards("2S 3S 4S"),
    )


def test_r19_three_players_left() -> None:
    state = declare("game+mail", declarer=2, hands=HANDS_3).apply("mail left")
    steps, state = walk(state, "send 2D 3D 4D", "send 2C 3C 4C", "send 5H 6H 7H")
    assert steps == [(Phase.SEND, 2), (Phase.SEND, 0), (Phase.SEND, 1), (Phase.PLAY, 1)]
    # left: 2 -> 0, 0 -> 1, 1 -> 2
    assert state.hands == (
        cards(HANDS_3[0]) - cards("2C 3C 4C") | cards("2D 3D 4D"),
        cards(HANDS_3[1]) - cards("5H 6H 7H") | cards("2C 3C 4C"),
        cards(HANDS_3[2]) - cards("2D 3D 4D") | cards("5H 6H 7H"),
    )


def test_r19_a_received_card_cannot_be_passed_on() -> None:
    state = to_play(declare("game+mail"), "mail left", "send AS KS QS")
    # AS is on its way to seat 2 but is not in seat 2's hand: it cannot be sent on
    assert_move_refused(state, "send AS 2H 3H", "seat 2", "send AS 3H 2H", "R19")
    assert "send AS 3H 2H" not in texts(state)
    state = to_play(state, "send 2H 3H 4H", "send 2D 3D 4D", "send 2C 3C 4C")
    assert state.hands[2] == cards(HEARTS) - cards("2H 3H 4H") | cards("AS KS QS")
    assert state.hands[3] == cards(DIAMONDS) - cards("2D 3D 4D") | cards("2H 3H 4H")


@pytest.mark.parametrize("bad", ["send AS KS", "send AS KS QS JS", "send AH KH QH"])
def test_r19_a_pick_is_3_cards_of_ones_own_hand(bad: str) -> None:
    state = declare("game+mail").apply("mail left")
    assert_move_refused(state, bad, "seat 1", "R19")


def test_r19_views_only_sender_and_receiver_see_the_cards() -> None:
    state = to_play(declare("game+mail"), "mail left", "send AS KS QS")
    # before the exchange, nobody but the sender knows the pick
    assert history(state, 1)[-1] == (1, "send AS KS QS")
    for seat in (0, 3):
        assert history(state, seat)[-1] == (1, "send ? ? ?")
    state = to_play(state, "send AH KH QH", "send AD KD QD", "send AC KC QC")
    picks = {1: "send AS KS QS", 2: "send AH KH QH", 3: "send AD KD QD", 0: "send AC KC QC"}
    for viewer in range(4):
        shown = dict(history(state, viewer)[-4:])
        for sender, pick in picks.items():
            receiver = (sender + 1) % 4
            expected = pick if viewer in (sender, receiver) else "send ? ? ?"
            assert shown[sender] == expected, (viewer, sender)
    view = state.view(2)
    assert view.sent == cards("AH KH QH")
    assert view.received == cards("AS KS QS")
    assert "AD" not in str(view.to_dict()["log"])
    assert "AC" not in str(view.to_dict()["log"])


# --- R20 Master's Mail ------------------------------------------------------------------


def test_r20_routing_with_4_participants() -> None:
    state = declare("game+masters_mail")  # D = 1
    assert state.phase is Phase.MASTERS_MAIL
    assert len(state.legal_moves()) == 286
    steps, state = walk(state, "send AH KH QH", "send AD KD QD", "send AC KC QC")
    # left(D)=2 first, then 3, then 0; D picks nothing
    assert steps == [(Phase.MASTERS_MAIL, 2), (Phase.MASTERS_MAIL, 3),
                     (Phase.MASTERS_MAIL, 0), (Phase.PLAY, 0)]
    # left(D)=2 -> right(D)=0; middle 3 -> left(D)=2; right(D)=0 -> middle 3
    assert state.hands == (
        cards(CLUBS) - cards("AC KC QC") | cards("AH KH QH"),
        cards(SPADES),
        cards(HEARTS) - cards("AH KH QH") | cards("AD KD QD"),
        cards(DIAMONDS) - cards("AD KD QD") | cards("AC KC QC"),
    )


def test_r20_routing_with_declarer_3() -> None:
    steps, state = walk(declare("game+masters_mail", declarer=3),
                        "send 2C 3C 4C", "send 2S 3S 4S", "send 2H 3H 4H")
    assert steps == [(Phase.MASTERS_MAIL, 0), (Phase.MASTERS_MAIL, 1),
                     (Phase.MASTERS_MAIL, 2), (Phase.PLAY, 2)]
    # left(D)=0 -> right(D)=2; middle 1 -> 0; right(D)=2 -> 1
    assert state.hands == (
        cards(CLUBS) - cards("2C 3C 4C") | cards("2S 3S 4S"),
        cards(SPADES) - cards("2S 3S 4S") | cards("2H 3H 4H"),
        cards(HEARTS) - cards("2H 3H 4H") | cards("2C 3C 4C"),
        cards(DIAMONDS),
    )


def test_r20_nothing_moves_until_all_have_picked() -> None:
    state = to_play(declare("game+masters_mail"), "send AH KH QH", "send AD KD QD")
    assert state.hands == state.dealt_hands
    assert_move_refused(state, "send AH 2C 3C", "seat 0", "R20")  # AH is not seat 0's yet


def test_r20_three_participants_swap() -> None:
    steps, state = walk(declare("game+masters_mail", hands=HANDS_3), "send AD KD QD",
                        "send AC KC QC")
    assert steps == [(Phase.MASTERS_MAIL, 2), (Phase.MASTERS_MAIL, 0), (Phase.PLAY, 0)]
    assert state.hands == (
        cards(HANDS_3[0]) - cards("AC KC QC") | cards("AD KD QD"),
        cards(HANDS_3[1]),
        cards(HANDS_3[2]) - cards("AD KD QD") | cards("AC KC QC"),
    )


def test_r20_views_only_sender_and_receiver_see_the_cards() -> None:
    state = to_play(declare("game+masters_mail"), "send AH KH QH", "send AD KD QD",
                    "send AC KC QC")
    expected = {
        0: [(2, "send AH KH QH"), (3, "send ? ? ?"), (0, "send AC KC QC")],
        1: [(2, "send ? ? ?"), (3, "send ? ? ?"), (0, "send ? ? ?")],
        2: [(2, "send AH KH QH"), (3, "send AD KD QD"), (0, "send ? ? ?")],
        3: [(2, "send ? ? ?"), (3, "send AD KD QD"), (0, "send AC KC QC")],
    }
    for seat, shown in expected.items():
        assert history(state, seat)[-3:] == shown, seat
    assert state.view(0).received == cards("AH KH QH")
    assert state.view(0).sent == cards("AC KC QC")
    assert state.view(1).received == CardSet.parse("")
    assert state.view(1).sent == CardSet.parse("")


def test_r19_r20_views_after_mail_then_masters_mail() -> None:
    state = to_play(
        declare("trump+masters_mail+mail"), "trump S", "mail left",
        "send AS KS QS", "send AH KH QH", "send AD KD QD", "send AC KC QC",  # Mail
        "send JH 10H 9H", "send JD 10D 9D", "send JC 10C 9C",  # Master's Mail
    )
    hidden = "send ? ? ?"
    # seat 0 got Mail from 3 and Master's Mail from 2 (left(D) -> right(D))
    assert history(state, 0)[-7:] == [
        (1, hidden), (2, hidden), (3, "send AD KD QD"), (0, "send AC KC QC"),
        (2, "send JH 10H 9H"), (3, hidden), (0, "send JC 10C 9C"),
    ]
    # D got Mail from 0 and nothing by Master's Mail
    assert history(state, 1)[-7:] == [
        (1, "send AS KS QS"), (2, hidden), (3, hidden), (0, "send AC KC QC"),
        (2, hidden), (3, hidden), (0, hidden),
    ]
    assert state.view(0).received == cards("AD KD QD JH 10H 9H")
    assert state.view(0).sent == cards("AC KC QC JC 10C 9C")
    assert state.view(1).received == cards("AC KC QC")
    assert state.view(1).sent == cards("AS KS QS")


# --- R21 Atelier ---------------------------------------------------------------------------


def test_r21_declarer_picks_4_cards_that_stay_in_hand() -> None:
    state = declare("game+atelier")
    assert state.phase is Phase.ATELIER
    assert state.to_move == 1
    assert len(state.legal_moves()) == comb(13, 4) == 715
    state = state.apply("atelier AS 10S 5S 2S")
    assert state.atelier == cards("AS 10S 5S 2S")
    assert state.hands[1] == cards(SPADES)  # still part of D's hand
    assert state.phase is Phase.PLAY
    assert state.to_move == 0


@pytest.mark.parametrize("bad", ["atelier AS KS QS", "atelier AS KS QS JS 10S",
                                 "atelier AS KS QS AH"])
def test_r21_the_atelier_is_4_of_ds_cards(bad: str) -> None:
    state = declare("game+atelier")
    assert_move_refused(state, bad, "seat 1", "R21")


def test_r21_open_trump_only_non_trumps() -> None:
    state = declare("trump+atelier+open_trump", hands=MIXED).apply("trump S")
    assert state.phase is Phase.ATELIER
    eligible = cards("AH KH QH JH AD KD QD JD AC")
    assert len(state.legal_moves()) == comb(9, 4) == 126
    assert all(m.cards.mask & ~eligible.mask == 0 for m in state.legal_moves())
    assert_move_refused(state, "atelier AS AH AD AC", "seat 1", "R21")
    assert state.apply("atelier AH AD AC JD").atelier == cards("AH AD AC JD")


def test_r21_fewer_eligible_cards_make_a_smaller_atelier() -> None:
    hands = fill("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S AH KH")
    state = declare("trump+atelier+open_trump", hands=hands).apply("trump S")
    assert state.phase is Phase.ATELIER
    assert texts(state) == {"atelier AH KH"}
    assert_move_refused(state, "atelier AH", "seat 1", "R21")
    assert_move_refused(state, "atelier AH KH AS QS", "seat 1", "R21")
    state = state.apply("atelier AH KH")
    assert state.atelier == cards("AH KH")
    assert state.phase is Phase.PLAY


def test_r21_no_eligible_card_means_no_atelier_phase() -> None:
    state = declare("trump+atelier+open_trump").apply("trump S")  # D holds 13 spades
    assert state.phase is Phase.PLAY
    assert state.to_move == 0
    assert state.atelier == CardSet.parse("")
    # with another trump suit every card is eligible
    other = declare("trump+atelier+open_trump").apply("trump H")
    assert other.phase is Phase.ATELIER
    assert len(other.legal_moves()) == 715


# --- Illegal moves in every phase ------------------------------------------------------

PHASE_CASES = [
    # (combo, declarer, hands, moves to reach the phase, phase, seat, illegal move, ruling)
    ("sub_trump", 1, MIXED, (), Phase.TRUMP, 1, "trump S", "R13"),
    ("masters_trump", 1, SUIT_HANDS, (), Phase.PREFERENCE, 3, "prefer S 6", "R15"),
    ("rank_trump", 1, SUIT_HANDS, (), Phase.RANK_COMMIT, 1, "commit AH", "R14"),
    ("rank_trump", 1, SUIT_HANDS, ("commit 2S", "commit KH", "commit QD", "commit 10C"),
     Phase.RANK_TAKE, 1, "take QD", "R14"),
    ("precise", 1, SUIT_HANDS, (), Phase.GUESS, 1, "guess 14", "R16"),
    ("masters_game+justice+ending_dog", 1, HANDS_3, (), Phase.JUSTICE, 1, "justice 10S",
     "R17"),
    ("game+mail", 1, HANDS_3, (), Phase.MAIL, 1, "mail across", "R19"),
    ("game+mail", 1, SUIT_HANDS, ("mail left", "send AS KS QS"), Phase.SEND, 2,
     "send AS KS QS", "R19"),
    ("game+masters_mail", 1, SUIT_HANDS, (), Phase.MASTERS_MAIL, 2, "send AS KS QS", "R20"),
    ("game+atelier", 1, SUIT_HANDS, (), Phase.ATELIER, 1, "atelier AS KS QS", "R21"),
]
EXPECTED_WORD = {
    Phase.TRUMP: "trump", Phase.PREFERENCE: "prefer", Phase.RANK_COMMIT: "commit",
    Phase.RANK_TAKE: "take", Phase.GUESS: "guess", Phase.JUSTICE: "justice",
    Phase.PLAGUE: "plague", Phase.MAIL: "mail", Phase.SEND: "send",
    Phase.MASTERS_MAIL: "send", Phase.ATELIER: "atelier",
}


def reach(combo: str, declarer: int, hands: list[str], moves: tuple[str, ...]) -> Deal:
    return to_play(declare(combo, declarer, hands), *moves)


@pytest.mark.parametrize(("combo", "declarer", "hands", "moves", "phase", "seat", "bad",
                          "ruling"), PHASE_CASES, ids=[c[4].value for c in PHASE_CASES])
def test_r12_illegal_move_in_each_phase_is_refused_and_changes_nothing(
    combo: str, declarer: int, hands: list[str], moves: tuple[str, ...], phase: Phase,
    seat: int, bad: str, ruling: str,
) -> None:
    state = reach(combo, declarer, hands, moves)
    assert state.phase is phase
    assert state.to_move == seat
    assert bad not in texts(state)
    assert_move_refused(state, bad, f"seat {seat}", bad, ruling)
    # the deal still works: a legal move goes through
    assert state.apply(state.legal_moves()[0]).log[-1] == (seat, state.legal_moves()[0])


WRONG_TYPE_CASES = [
    *[(c[0], c[1], c[2], c[3], c[4], c[5]) for c in PHASE_CASES],
    ("game+plague", 1, SUIT_HANDS, (), Phase.PLAGUE, 1),
]


@pytest.mark.parametrize(("combo", "declarer", "hands", "moves", "phase", "seat"),
                         WRONG_TYPE_CASES, ids=[c[4].value for c in WRONG_TYPE_CASES])
@pytest.mark.parametrize("wrong", ["play AS", "pass", "award 1"])
def test_r12_wrong_move_type_names_the_expected_move(
    combo: str, declarer: int, hands: list[str], moves: tuple[str, ...], phase: Phase,
    seat: int, wrong: str,
) -> None:
    state = reach(combo, declarer, hands, moves)
    assert state.phase is phase
    assert_move_refused(state, wrong, f"seat {seat}", wrong, f"'{EXPECTED_WORD[phase]}'")


def test_r12_play_during_trump_is_refused() -> None:
    state = declare("trump")
    assert_move_refused(state, "play AS", "seat 1", "play AS", "'trump'")
    assert_move_refused(state, "plague S", "seat 1", "plague S", "'trump'")
    assert state.apply("trump S").trump is Suit.SPADES
