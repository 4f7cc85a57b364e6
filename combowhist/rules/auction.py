"""The auction (R5-R8, R34's equal overbid, R36's ban, R38's redeal)."""

from __future__ import annotations

from functools import lru_cache

from combowhist.bids import ComboBid
from combowhist.combos import legal_combos
from combowhist.errors import IllegalMoveError
from combowhist.legal import BidMoves, LegalMoves, PossibleBidMoves
from combowhist.moves import MakeBid, Move, Pass
from combowhist.profiles import RuleProfile
from combowhist.rules import legality, setup
from combowhist.rules.possibility import possible_with
from combowhist.state import Auction, DealResult, LogCell, Phase, State, Table

__all__ = ["ALL_PASSED", "WON", "apply", "bid_moves", "following", "least_worth", "legal",
           "minimum_worth", "next_bidder"]

_PASS = Pass()


def minimum_worth(state: State, seat: int) -> int:
    """The least worth ``seat`` may bid now: above the high bid, or equal to it with
    strictly more potentials than the high bidder (R7, R34)."""
    auction = state.auction
    return least_worth(state.table, auction.high, auction.high_bidder, seat)


def least_worth(table: Table, high: ComboBid | None, high_bidder: int, seat: int) -> int:
    """:func:`minimum_worth` from the high bid and its bidder."""
    if high is None:
        return table.profile.min_worth
    potentials = table.potentials
    if potentials[seat] > potentials[high_bidder]:
        return high.worth
    return high.worth + 1


def following(passed: int, high_bidder: int, last: int, players: int) -> int:
    """Who bids after ``last`` (R5): the next seat clockwise not in ``passed``; or
    :data:`ALL_PASSED` when every seat has passed (R6, R38), or :data:`WON` when only the
    high bidder is left (R6)."""
    if passed == (1 << players) - 1:
        return ALL_PASSED
    if high_bidder >= 0 and passed | 1 << high_bidder == (1 << players) - 1:
        return WON
    seat = (last + 1) % players
    while passed >> seat & 1:
        seat = (seat + 1) % players
    return seat


ALL_PASSED = -1
WON = -2


def legal(state: State) -> LegalMoves:
    """Pass, then every legal combo bid (lazily); where the profile enforces R8's exact
    layer, only the bids possible with the bidder's hand (:class:`PossibleBidMoves`)."""
    seat = state.to_move
    assert seat is not None
    table = state.table
    profile, players = table.profile, table.players
    if profile.exact_impossible_bids:
        return _possible_offers(profile, players, minimum_worth(state, seat), state.hands[seat])
    return _offers(profile, players, minimum_worth(state, seat))


@lru_cache(maxsize=512)
def _offers(profile: RuleProfile, players: int, minimum: int) -> LegalMoves:
    """Pass and the combo bids worth at least ``minimum``: values, so shared."""
    return LegalMoves((_PASS,), bid_moves(profile, players, minimum))


@lru_cache(maxsize=64)
def _possible_offers(profile: RuleProfile, players: int, minimum: int, hand: int
                     ) -> LegalMoves:
    """:func:`_offers` for a bidder holding ``hand``, where the profile enforces R8's exact
    layer: kept, so that a hand's bids are listed once."""
    return LegalMoves((_PASS,), PossibleBidMoves(bid_moves(profile, players, minimum),
                                                 possible_with(hand, players)))


@lru_cache(maxsize=512)
def bid_moves(profile: RuleProfile, players: int, minimum: int) -> BidMoves:
    """The ``bid`` moves of the combo bids worth at least ``minimum`` (R7, static R8),
    after ``pass`` in the legal moves: shared, with the moves they have made."""
    return BidMoves(legal_combos(profile, players, minimum))


def apply(state: State, seat: int, move: Move) -> State:
    auction = state.auction
    if isinstance(move, Pass):
        after = Auction(auction.passed | 1 << seat, auction.high, auction.high_bidder)
    elif isinstance(move, MakeBid):
        combo = move.combo
        profile, players = state.table.profile, state.table.players
        if combo.profile is not profile and combo.profile != profile:  # `is`: fast
            raise IllegalMoveError.refused(seat, move, f"the combo bid is of profile "
                                                       f"{combo.profile}, the deal's is {profile}")
        least = minimum_worth(state, seat)
        if not combo.checked_for(players):  # else R7 and R8 were checked when it was built
            reason = legality.problem(profile, combo.bids, players)
            if reason is not None:
                raise IllegalMoveError.refused(seat, move, reason)
        if combo.worth < least:
            raise IllegalMoveError.refused(seat, move, _too_low(state, combo.worth, least))
        if profile.exact_impossible_bids and not possible_with(state.hands[seat], players)(
                combo):
            raise IllegalMoveError.refused(seat, move, f"{combo} is impossible to complete "
                                                       f"with this hand: no split of the "
                                                       f"unseen cards and no play completes "
                                                       f"it (R8)")
        after = Auction(auction.passed, combo, seat)
    else:
        raise IllegalMoveError.refused(seat, move, "in the auction the moves are pass and bid "
                                                   "(R5)")
    return next_bidder(state, seat, after, (state.log, seat, move, Phase.AUCTION))


def _too_low(state: State, worth: int, least: int) -> str:
    high = state.auction.high
    if high is None:
        return f"worth {worth}; a combo bid must be worth at least {least} (R7)"
    bidder = state.auction.high_bidder
    if least == high.worth:
        return (f"worth {worth} is below the high bid {high} (worth {high.worth}) by seat "
                f"{bidder} (R7, R34)")
    return (f"worth {worth} does not beat the high bid {high} (worth {high.worth}) by seat "
            f"{bidder}; equal worth needs more potentials than seat {bidder} (R7, R34)")


def next_bidder(state: State, last: int, auction: Auction, log: LogCell | None) -> State:
    """After ``last``'s turn (or, at the start, the dealer's position) left the auction as
    ``auction`` and the log as ``log``: end the auction if it is over (R6), else give the
    turn to the next seat clockwise still in it (R5)."""
    players = state.table.players
    seat = following(auction.passed, auction.high_bidder, last, players)
    if seat == ALL_PASSED:  # R6, R38: everyone passed without a winning bid
        result = DealResult(
            declarer=None, combo=None, completed=False, tricks=(0,) * players,
            points=(0,) * players, potential=False, redeal=True,
        )
        return state.but(phase=Phase.OVER, to_move=None, result=result, auction=auction,
                         log=log)
    if seat == WON:
        assert auction.high is not None
        return setup.begin(state.but(auction=auction, log=log), auction.high_bidder,
                           auction.high)
    return state.but(to_move=seat, auction=auction, log=log)
