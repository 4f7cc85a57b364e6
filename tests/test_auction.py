"""The auction, pinned ruling by ruling: R5 (turn order), R6 (end), R7 (legal combo bid),
R8 (impossible bids), R34's equal-worth overbid with more potentials, R36's ban and R38's
redeal. Every expectation is worked out by hand from RULINGS.md; dealer 0 unless a test
says otherwise, so seat 1 bids first."""

from __future__ import annotations

import pytest
from checks import assert_move_refused
from hands import THREE_142, WHOLE_SUITS

from combowhist import (
    ComboBid,
    Deal,
    IllegalMoveError,
    InvalidBidError,
    MakeBid,
    Pass,
    Phase,
    load_profile,
)

PROFILE = load_profile("1.4.2")

# Four hand-built 4-player hands: seat i holds one whole suit. The cards do not matter to
# the auction (R8 is static), only the seats do.
HANDS = list(WHOLE_SUITS)
HANDS_3 = list(THREE_142)


def deal(dealer: int = 0, players: int = 4, **kwargs: object) -> Deal:
    hands = HANDS if players == 4 else HANDS_3
    return Deal.from_hands(hands, dealer=dealer, **kwargs)  # type: ignore[arg-type]


def to_play(state: Deal, *moves: str) -> Deal:
    """Apply moves in order, checking each is made by the seat to move."""
    for move in moves:
        state = state.apply(move)
    return state


def turns(state: Deal, *moves: str) -> tuple[list[int | None], Deal]:
    """The seat to move before each move, and then after the last one."""
    seats: list[int | None] = []
    for move in moves:
        seats.append(state.to_move)
        state = state.apply(move)
    seats.append(state.to_move)
    return seats, state


def unchecked(standard: str, *specials: str) -> MakeBid:
    """A bid move around a ComboBid that skipped R7/R8's checks. The public constructor
    refuses to build one; only the private bypass can (as a corrupted object would be), and
    apply must still refuse it."""
    rows = tuple(PROFILE.bids[key] for key in specials)
    with pytest.raises(InvalidBidError, match=r"\(R[78]\)"):
        ComboBid(PROFILE, PROFILE.bids[standard], rows)
    return MakeBid(ComboBid.unchecked(PROFILE, PROFILE.bids[standard], rows))



# --- R5 Turn order ---------------------------------------------------------------------


@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_r5_first_bidder_is_left_of_dealer(dealer: int, first: int) -> None:
    state = deal(dealer)
    assert state.phase is Phase.AUCTION
    assert state.to_move == first


@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (1, 2), (2, 0)])
def test_r5_first_bidder_is_left_of_dealer_with_3_players(dealer: int, first: int) -> None:
    assert deal(dealer, players=3).to_move == first


def test_r5_turns_go_clockwise_from_dealers_left() -> None:
    seats, state = turns(deal(2), "bid trump", "bid game", "bid precise", "bid masters_game")
    # dealer 2: 3, 0, 1, 2, then 3 again
    assert seats == [3, 0, 1, 2, 3]
    assert state.phase is Phase.AUCTION
    assert state.high_bid == ComboBid.parse("masters_game", PROFILE)
    assert state.high_bidder == 2


def test_r5_passed_seats_are_skipped_and_a_pass_is_final() -> None:
    seats, state = turns(
        deal(0),
        "bid trump",  # 1
        "pass",  # 2: out for the deal
        "bid game",  # 3
        "pass",  # 0: out
        "bid max_trump",  # 1 again: 2 and 0 are skipped from now on
        "bid masters_game+penalty",  # 3
    )
    assert seats == [1, 2, 3, 0, 1, 3, 1]
    assert state.passed == frozenset({0, 2})
    assert state.high_bidder == 3
    # seat 1 passes: seat 3 is the only one left and holds the high bid (R6)
    state = state.apply("pass")
    assert state.declarer == 3
    assert state.passed == frozenset({0, 1, 2})


def test_r5_pass_counts_once_even_for_the_seat_that_led_the_bidding() -> None:
    # seat 1 bids, is overbid, then passes: it never gets the turn again
    seats, state = turns(deal(0), "bid trump", "bid game", "bid precise", "bid masters_game",
                         "pass", "pass", "bid masters_trump")
    assert seats == [1, 2, 3, 0, 1, 2, 3, 0]
    state = state.apply("pass")  # seat 0 passes; 3 holds the high bid alone
    assert state.declarer == 3
    assert state.combo == ComboBid.parse("masters_trump", PROFILE)


def test_r5_banned_seat_is_skipped_every_time_round() -> None:
    state = deal(0, scores=[0, -6, 0, 0])
    assert state.banned == frozenset({1})
    assert state.passed == frozenset({1})  # R5: banned seats pass automatically
    seats, state = turns(state, "bid trump", "bid game", "bid precise", "bid masters_game")
    assert seats == [2, 3, 0, 2, 3]


def test_r5_other_move_types_are_refused_in_the_auction() -> None:
    state = deal(0)
    assert_move_refused(state, "trump S", "seat 1", "trump S", "R5", "pass", "bid")
    assert_move_refused(state, "play AS", "seat 1", "play AS", "R5")
    assert_move_refused(state, "guess 5", "seat 1", "guess 5", "R5")


# --- R6 End ----------------------------------------------------------------------------


def test_r6_auction_ends_when_the_high_bidder_is_the_only_one_left() -> None:
    state = to_play(deal(0), "bid trump+lock", "pass", "pass")
    assert state.phase is Phase.AUCTION
    assert state.to_move == 0
    assert state.declarer is None
    state = state.apply("pass")
    assert state.declarer == 1
    assert state.combo == ComboBid.parse("trump+lock", PROFILE)
    assert state.phase is Phase.TRUMP  # R12: the trump choice comes first
    assert state.to_move == 1
    assert state.result is None


def test_r6_auction_goes_on_while_a_non_passed_seat_is_below_the_high_bid() -> None:
    state = to_play(deal(0), "bid trump", "bid game", "pass", "pass")
    # seat 1 has not passed and does not hold the high bid: it gets another turn
    assert state.phase is Phase.AUCTION
    assert state.to_move == 1
    assert state.high_bidder == 2
    state = state.apply("pass")
    assert state.declarer == 2
    assert state.combo == ComboBid.parse("game", PROFILE)
    assert state.phase is Phase.PLAY  # Game has no pre-game event
    assert state.to_move == 1  # right(D) leads trick 1 (R22)


def test_r6_last_player_left_who_never_bid_still_gets_a_turn() -> None:
    state = to_play(deal(0), "pass", "pass", "pass")
    assert state.phase is Phase.AUCTION
    assert state.to_move == 0
    moves = state.legal_moves()
    assert moves[0] == Pass()
    assert MakeBid(ComboBid.parse("trump", PROFILE)) in moves
    after = state.apply("bid trump")
    assert after.declarer == 0
    assert after.phase is Phase.TRUMP
    assert after.to_move == 0


def test_r6_last_player_left_passing_too_is_a_redeal() -> None:
    state = to_play(deal(0), "pass", "pass", "pass", "pass")
    assert state.result is not None
    assert state.result.redeal is True
    assert state.declarer is None


def test_r6_with_3_players() -> None:
    seats, state = turns(deal(0, players=3), "bid trump", "bid game", "pass", "pass")
    # seat 1 passes: seat 2 is D with Game (no events), right(D) = seat 1 leads (R22)
    assert seats == [1, 2, 0, 1, 1]
    assert state.declarer == 2
    assert state.phase is Phase.PLAY


# --- R7 Legal combo bid ------------------------------------------------------------------


def test_r7_a_bid_must_be_worth_at_least_1() -> None:
    state = deal(0)
    # as text: refused by the deal, naming the seat (the combo itself is invalid too)
    assert_move_refused(state, "bid bid_of_shame", "seat 1", "bid_of_shame", "R7")
    assert_move_refused(state, "bid trump+justice", "seat 1", "trump+justice", "R7")
    with pytest.raises(InvalidBidError, match=r"worth 0.*\(R7\)"):
        ComboBid.parse("bid_of_shame", PROFILE)
    # the same worthless bids, built without the checks, are not legal moves either
    assert unchecked("bid_of_shame") not in state.legal_moves()
    assert_move_refused(state, unchecked("bid_of_shame"), "seat 1", "bid bid_of_shame",
                   "worth 0", "R7")
    assert_move_refused(state, unchecked("trump", "justice"), "seat 1", "bid trump+justice",
                   "R7")
    # worth exactly 1 is fine: 0 - 1 + 2
    assert MakeBid(ComboBid.parse("bid_of_shame+iron+penalty", PROFILE)) in state.legal_moves()
    ok = state.apply("bid bid_of_shame+iron+penalty")
    assert ok.high_bid is not None
    assert ok.high_bid.worth == 1


def test_r7_a_bid_must_beat_the_high_bids_worth() -> None:
    state = to_play(deal(0), "bid game")  # worth 2, seat 1
    assert state.to_move == 2
    # equal worth, equal potentials: refused
    assert_move_refused(state, "bid limbo", "seat 2", "bid limbo", "R7")
    assert_move_refused(state, "bid trump", "seat 2", "bid trump", "R7")  # worth 1: lower
    assert MakeBid(ComboBid.parse("limbo", PROFILE)) not in state.legal_moves()
    assert MakeBid(ComboBid.parse("trump", PROFILE)) not in state.legal_moves()
    assert MakeBid(ComboBid.parse("trump+lock", PROFILE)) in state.legal_moves()  # 3
    after = state.apply("bid trump+lock")
    assert after.high_bid == ComboBid.parse("trump+lock", PROFILE)
    assert after.high_bidder == 2


def test_r7_legal_bids_are_exactly_pass_and_bids_above_the_high_worth() -> None:
    state = to_play(deal(0), "bid masters_trump+masters_mail+open_hand+lock+penalty+ending_dog")
    high = state.high_bid
    assert high is not None
    assert high.worth == 6 + 3 + 3 + 2 + 2 + 1  # 17 (Master's Mail is 3 here, R10)
    # Worth 18+ needs Master's Trump (every other standard bid tops out at 17 or less).
    # With it the positive specials are MM 3, Open Hand 3 (or Open Trump 1 + Atelier 1),
    # Ending Dog 1, Lock 2, Penalty 2, Plague 2: 19 at most. Greed (0) is free.
    top = "masters_trump+masters_mail+open_hand+lock+penalty+plague"
    expected = {
        f"{top}+ending_dog",  # 19
        top,  # 18
        "masters_trump+masters_mail+atelier+open_trump+lock+penalty+plague+ending_dog",
        f"{top}+ending_dog+iron",  # 19 - 1
        f"{top}+ending_dog+mail",  # 19 - 1
    }
    expected |= {f"{text}+greed" for text in expected}
    moves = state.legal_moves()
    assert moves[0] == Pass()
    bids = list(moves)[1:]
    assert len(moves) == 1 + len(expected) == 11
    assert all(isinstance(m, MakeBid) for m in bids)
    assert {m.combo for m in bids} == {ComboBid.parse(t, PROFILE) for t in expected}


def test_r7_incompatible_bids_are_refused_both_ways() -> None:
    state = deal(0)
    for text in ("zero+lock", "lock+zero", "game+open_trump", "open_trump+zero",
                 "trump+atelier+open_hand", "bid_of_shame+plague+penalty"):
        assert_move_refused(state, f"bid {text}", "seat 1", "incompatible", "R7")
        with pytest.raises(InvalidBidError, match=r"incompatible.*\(R7\)"):
            ComboBid.parse(text, PROFILE)


def test_r7_one_standard_bid_and_a_set_of_specials() -> None:
    state = deal(0)
    assert_move_refused(state, "bid trump+game", "seat 1", "exactly one standard bid", "R7")
    assert_move_refused(state, "bid lock+penalty", "seat 1", "exactly one standard bid", "R7")
    assert_move_refused(state, "bid trump+lock+lock", "seat 1", "lock", "R7")


@pytest.mark.parametrize(
    ("standard", "specials", "why"),
    [
        ("zero", ("lock",), "incompatible"),
        ("game", ("open_trump",), "incompatible"),
        ("trump", ("lock", "lock"), "repeated special"),
        ("trump", ("game",), "two standard bids"),
    ],
)
def test_r7_apply_refuses_a_combo_built_past_the_checks(
    standard: str, specials: tuple[str, ...], why: str
) -> None:
    state = deal(0)
    move = unchecked(standard, *specials)
    assert move not in state.legal_moves(), why
    assert_move_refused(state, move, "seat 1", str(move), "R7")


def test_r7_text_bid_errors_name_the_seat_the_bid_and_the_ruling() -> None:
    # DESIGN principle 5: errors name the move, the player and the rule.
    state = to_play(deal(0), "pass")
    assert_move_refused(state, "bid zero+lock", "seat 2", "zero", "lock", "R7")


# --- R34 Equal-worth overbid with more potentials ----------------------------------------


def test_r34_more_potentials_may_overbid_at_equal_worth() -> None:
    state = deal(0, potentials=[2, 0, 1, 0])
    state = state.apply("bid game")  # seat 1, 0 potentials, worth 2
    # seat 2 has 1 potential > seat 1's 0: worth 2 is enough
    assert MakeBid(ComboBid.parse("limbo", PROFILE)) in state.legal_moves()
    assert MakeBid(ComboBid.parse("trump", PROFILE)) not in state.legal_moves()
    state = state.apply("bid limbo")
    assert state.high_bidder == 2
    # seat 3 has 0 potentials, fewer than seat 2's 1: worth 2 is refused, 3 is needed
    assert MakeBid(ComboBid.parse("game", PROFILE)) not in state.legal_moves()
    assert_move_refused(state, "bid game", "seat 3", "bid game", "R7", "R34")
    state = state.apply("pass")
    # seat 0 has 2 potentials > seat 2's 1: equal worth again
    state = state.apply("bid masters_bid_of_shame+iron")  # 3 - 1 = 2
    assert state.high_bidder == 0
    assert state.high_bid is not None
    assert state.high_bid.worth == 2
    # seat 1 (0 potentials) is below seat 0 (2): needs 3
    assert state.to_move == 1
    assert_move_refused(state, "bid game", "seat 1", "R34")
    state = state.apply("bid precise")  # worth 3
    assert state.high_bidder == 1


def test_r34_equal_potentials_may_not_overbid_at_equal_worth() -> None:
    state = deal(0, potentials=[1, 1, 1, 1]).apply("bid game")
    assert MakeBid(ComboBid.parse("limbo", PROFILE)) not in state.legal_moves()
    assert_move_refused(state, "bid limbo", "seat 2", "bid limbo", "R34")


def test_r34_potentials_are_compared_with_the_high_bidder_only() -> None:
    # seat 3 has more potentials than seat 1 (the high bidder) but fewer than seat 2
    state = deal(0, potentials=[0, 0, 5, 1]).apply("bid game")
    state = state.apply("pass")  # seat 2 passes
    assert state.to_move == 3
    assert MakeBid(ComboBid.parse("limbo", PROFILE)) in state.legal_moves()
    state = state.apply("bid limbo")
    assert state.high_bidder == 3


# --- R8 Impossible bids ------------------------------------------------------------------


R8_IMPOSSIBLE = [
    ("zero", ("greed",)),
    ("precise", ("greed",)),
    ("taintless_masters_game", ("lock",)),
    ("taintless_masters_game", ("greed", "ending_dog")),
    # supersets
    ("zero", ("greed", "penalty")),
    ("precise", ("greed", "open_hand")),
    ("taintless_masters_game", ("lock", "penalty", "plague")),
    ("taintless_masters_game", ("greed", "ending_dog", "open_hand")),
]


@pytest.mark.parametrize(("standard", "specials"), R8_IMPOSSIBLE)
@pytest.mark.parametrize("players", [3, 4])
def test_r8_statically_impossible_bids_are_refused(
    standard: str, specials: tuple[str, ...], players: int
) -> None:
    state = deal(0, players=players)
    text = "+".join((standard, *specials))
    assert_move_refused(state, f"bid {text}", f"seat {state.to_move}", text, "impossible", "R8")
    with pytest.raises(InvalidBidError, match=r"impossible.*\(R8\)"):
        ComboBid.parse(text, PROFILE, players=players)
    move = unchecked(standard, *specials)
    assert move not in state.legal_moves()
    assert_move_refused(state, move, "seat 1", f"bid {move.combo}", "R8")


@pytest.mark.parametrize(
    "text",
    [
        "taintless_masters_game+greed",  # 13 tricks survive the virtual trick
        "taintless_masters_game+ending_dog",  # 12 tricks, not the last
        "masters_game+greed",
        "trump+greed+lock",
        "limbo+greed",
        "approximate+greed",  # guesses t-1 and t+1 (R32)
        "precise+lock+ending_dog",
    ],
)
def test_r8_possible_neighbours_are_legal(text: str) -> None:
    state = deal(0)
    move = MakeBid(ComboBid.parse(text, PROFILE))
    assert move in state.legal_moves()
    assert state.apply(move).high_bid == move.combo


# --- R36 Ban -----------------------------------------------------------------------------


def test_r36_score_below_minus_5_is_banned_and_skipped() -> None:
    state = deal(0, scores=[0, -6, 0, 0])
    assert state.to_move == 2
    assert state.banned == frozenset({1})
    state = to_play(state, "bid trump", "pass", "pass")
    # seat 1 never got a turn: seat 2 is the only seat left
    assert state.declarer == 2
    assert [seat for seat, _ in state.log] == [2, 3, 0]


def test_r36_score_of_exactly_minus_5_may_bid() -> None:
    state = deal(0, scores=[-5, -5, -5, -5])
    assert state.banned == frozenset()
    assert state.passed == frozenset()
    assert state.to_move == 1
    state = state.apply("bid trump")
    assert state.high_bidder == 1


def test_r36_all_banned_is_an_immediate_redeal() -> None:
    state = deal(0, scores=[-6, -7, -10, -6])
    assert state.banned == frozenset({0, 1, 2, 3})
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.to_move is None
    assert len(state.legal_moves()) == 0
    assert state.result is not None
    assert state.result.redeal is True
    assert state.result.declarer is None
    assert state.result.points == (0, 0, 0, 0)
    assert state.log == ()
    with pytest.raises(IllegalMoveError):
        state.apply("pass")


def test_r36_the_one_unbanned_seat_still_gets_a_turn() -> None:
    # seats 1, 2, 3 banned: dealer 0 is the last player left who never bid (R6)
    state = deal(0, scores=[0, -6, -6, -6])
    assert state.phase is Phase.AUCTION
    assert state.to_move == 0
    bid = state.apply("bid trump")
    assert bid.declarer == 0
    assert bid.phase is Phase.TRUMP
    passed = state.apply("pass")
    assert passed.result is not None
    assert passed.result.redeal is True


def test_r36_ban_with_3_players() -> None:
    state = deal(0, players=3, scores=[-6, 3, -9])
    assert state.to_move == 1
    state = state.apply("bid trump")
    assert state.declarer == 1


# --- R38 Redeal --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_r38_all_pass_is_a_redeal_with_no_points(players: int) -> None:
    state = deal(1 % players, players=players)
    state = to_play(state, *["pass"] * players)
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.to_move is None
    result = state.result
    assert result is not None
    assert result.redeal is True
    assert result.declarer is None
    assert result.combo is None
    assert result.completed is False
    assert result.points == (0,) * players
    assert result.tricks == (0,) * players
    assert len(state.legal_moves()) == 0
    assert_move_refused(state, "pass", "over")
    assert_move_refused(state, "bid trump", "over")
