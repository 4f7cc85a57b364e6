"""The auction (R5-R8, R34's equal overbid, R36's ban, R38's redeal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combowhist.combos import legal_combos
from combowhist.legal import BidMoves, LegalMoves
from combowhist.moves import MakeBid, Move, Pass
from combowhist.rules import legality, setup
from combowhist.state import Auction, DealResult, Phase

if TYPE_CHECKING:
    from combowhist.deal import Deal

__all__ = ["apply", "legal", "minimum_worth", "next_bidder"]


def minimum_worth(deal: Deal, seat: int) -> int:
    """The least worth ``seat`` may bid now: above the high bid, or equal to it with
    strictly more potentials than the high bidder (R7, R34)."""
    high = deal.auction.high
    if high is None:
        return deal.profile.min_worth
    potentials = deal.table.potentials
    if potentials[seat] > potentials[deal.auction.high_bidder]:
        return high.worth
    return high.worth + 1


def legal(deal: Deal) -> LegalMoves:
    """Pass, then every legal combo bid (lazily)."""
    assert deal.to_move is not None
    space = legal_combos(deal.profile, deal.players, minimum_worth(deal, deal.to_move))
    return LegalMoves((Pass(),), BidMoves(space))


def apply(deal: Deal, seat: int, move: Move) -> Deal:
    state = deal.auction
    if isinstance(move, Pass):
        after = Auction(state.passed | 1 << seat, state.high, state.high_bidder)
    elif isinstance(move, MakeBid):
        combo = move.combo
        if combo.profile != deal.profile:
            raise deal.refuse(seat, move, f"the combo bid is of profile {combo.profile}, the "
                                          f"deal's is {deal.profile}")
        least = minimum_worth(deal, seat)
        if not combo.checked_for(deal.players):  # else R7 and R8 were checked when it was built
            reason = legality.problem(deal.profile, combo.bids, deal.players)
            if reason is not None:
                raise deal.refuse(seat, move, reason)
        if combo.worth < least:
            raise deal.refuse(seat, move, _too_low(deal, seat, combo.worth, least))
        after = Auction(state.passed, combo, seat)
    else:
        raise deal.refuse(seat, move, "in the auction the moves are pass and bid (R5)")
    return next_bidder(deal, seat, after, (*deal.log, (seat, move)))


def _too_low(deal: Deal, seat: int, worth: int, least: int) -> str:
    high = deal.auction.high
    if high is None:
        return f"worth {worth}; a combo bid must be worth at least {least} (R7)"
    bidder = deal.auction.high_bidder
    if least == high.worth:
        return (f"worth {worth} is below the high bid {high} (worth {high.worth}) by seat "
                f"{bidder} (R7, R34)")
    return (f"worth {worth} does not beat the high bid {high} (worth {high.worth}) by seat "
            f"{bidder}; equal worth needs more potentials than seat {bidder} (R7, R34)")


def next_bidder(
    deal: Deal,
    last: int,
    state: Auction | None = None,
    log: tuple[tuple[int, Move], ...] | None = None,
) -> Deal:
    """After ``last``'s turn (or, at the start, the dealer's position) left the auction in
    ``state`` with ``log``: end the auction if it is over (R6), else give the turn to the
    next seat clockwise still in it (R5)."""
    players = deal.players
    state = state if state is not None else deal.auction
    log = log if log is not None else deal.log
    active = [s for s in range(players) if not state.passed >> s & 1]
    if not active:  # R6, R38: everyone passed without a winning bid
        result = DealResult(
            declarer=None, combo=None, completed=False, tricks=(0,) * players,
            points=(0,) * players, potential=False, redeal=True,
        )
        return deal.replace(auction=state, log=log, phase=Phase.OVER, to_move=None,
                            result=result)
    if active == [state.high_bidder]:
        assert state.high is not None
        return setup.begin(deal.replace(auction=state, log=log), state.high_bidder, state.high)
    seat = (last + 1) % players
    while state.passed >> seat & 1:
        seat = (seat + 1) % players
    return deal.replace(auction=state, log=log, to_move=seat)
