"""The playout kernel: the rest of a deal played with uniformly random legal moves.

:func:`playout` returns the state that the checked loop ::

    while deal.to_move is not None:
        moves = deal.legal_moves()
        deal = deal.apply(moves[rng.randrange(len(moves))])

reaches from the same ``rng`` state, and leaves ``rng`` as that loop does: the same draws,
in the same order, with the same bounds. Trick play, most of a deal's moves, runs on plain
ints with the rule primitives of :mod:`combowhist.rules.play` (:func:`legal_play_mask`,
:func:`flags_after`, :func:`trick_winner`, :func:`next_trump`); every play the kernel cannot
settle alone (one that empties a card from the atelier, or completes a trick holding the card
of justice, or the last trick) and every decision outside trick play goes through the checked
path. So the result is a real state: its history, result, views and JSON are those of the
checked loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from combowhist.moves import PLAYS
from combowhist.rules.play import (
    NO_SUIT,
    TRICKS,
    flags_after,
    legal_play_mask,
    next_trump,
    play,
    trick_mask,
    trick_winner,
)
from combowhist.state import Phase

if TYPE_CHECKING:
    from combowhist.deal import Deal

__all__ = ["playout"]


def playout(deal: Deal, rng: random.Random) -> Deal:
    """``deal`` played to its end with a uniformly random legal move at every decision,
    exactly as the checked loop above plays it from the same ``rng`` state."""
    randrange = rng.randrange
    while deal.to_move is not None:
        if deal.phase is Phase.PLAY:
            deal = _play_tricks(deal, randrange)
        else:
            moves = deal.legal_moves()
            deal = deal.apply(moves[randrange(len(moves))])
    return deal


def _play_tricks(deal: Deal, randrange: Callable[[int], int]) -> Deal:
    """Random plays on ints from ``deal`` (in the play phase) until a play the checked path
    must make; returns the state after that play."""
    contract = deal.contract
    assert contract is not None
    assert deal.to_move is not None
    declarer, block, plague = contract.declarer, contract.block_suit, contract.plague
    justice, orders, iron, grill = contract.justice, contract.orders, contract.iron, contract.grill
    players = deal.players
    hands = list(deal.hand_masks)
    log = list(deal.log)
    trick = list(deal.trick_cards)
    winners = list(deal.winners)
    taken = list(deal.taken)
    flags, atelier, trump, leader = deal.flags, deal.atelier_mask, deal.trump_now, deal.leader
    seat = deal.to_move
    while True:
        hand = hands[seat]
        is_declarer = seat == declarer
        led = trick[0][1] // 13 if trick else NO_SUIT
        legal = legal_play_mask(hand, led, is_declarer, block, plague, flags)
        # The legal moves list cards from the highest index down: the k-th is the
        # (count - 1 - k)-th set bit from the bottom.
        count = legal.bit_count()
        for _ in range(count - 1 - randrange(count)):
            legal &= legal - 1
        bit = legal & -legal
        card = bit.bit_length() - 1
        last_of_trick = len(trick) + 1 == players
        refill = is_declarer and atelier & bit  # R21: D empties a place in the atelier
        award = justice >= 0 and (justice == card or any(c == justice for _, c in trick))
        if refill or (last_of_trick and (award or len(winners) + 1 == TRICKS)):
            state = type(deal)(deal.table, Phase.PLAY, seat, tuple(log), tuple(hands),
                               deal.auction, contract, leader, tuple(trick), tuple(winners),
                               tuple(taken), flags, atelier, trump, None)
            return play(state, seat, card)
        flags = flags_after(flags, card, is_declarer, not trick, trump, plague)
        hands[seat] = hand ^ bit
        trick.append((seat, card))
        log.append((seat, PLAYS[card]))
        if not last_of_trick:
            seat = orders[leader][len(trick)]
            continue
        played = tuple(trick)
        winner = trick_winner(played, trump, iron)
        taken[winner] |= trick_mask(played)
        winners.append(winner)
        trump = next_trump(trump, played, grill)
        leader = seat = winner
        trick.clear()
