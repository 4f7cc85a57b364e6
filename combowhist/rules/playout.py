"""The playout kernel: the rest of a deal played with uniformly random legal moves.

:func:`playout` returns the state that the checked loop ::

    while deal.to_move is not None:
        moves = deal.legal_moves()
        deal = deal.apply(moves[rng.randrange(len(moves))])

reaches from the same ``rng`` state, and leaves ``rng`` as that loop does: the same draws,
in the same order, with the same bounds. Trick play, most of a deal's moves, runs on plain
ints with the rule primitives of :mod:`combowhist.rules.play` (:func:`legal_play_mask`,
:func:`flags_after`, :func:`trick_winner`, :func:`next_trump`); the auction draws its bids
by index from the combo spaces the checked path offers, with the auction's own rules
(:func:`~combowhist.rules.auction.least_worth`,
:func:`~combowhist.rules.auction.following`). Every play the kernel cannot settle alone
(one that empties a card from the atelier, or completes a trick holding the card of
justice, or the last trick) and every pre-game event goes through the registry's checked
path. So the result is a real state: its history, result, views and JSON are those of the
checked loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from combowhist.cards import SUIT_MASKS
from combowhist.combos import ComboSpace, legal_combos
from combowhist.moves import PLAYS, MakeBid, Pass
from combowhist.profiles import RuleProfile
from combowhist.rules.auction import following, least_worth, next_bidder
from combowhist.rules.phases import PHASES
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
from combowhist.state import Auction, Phase, State, make

__all__ = ["playout"]


def playout(state: State, rng: random.Random) -> State:
    """``state`` played to its end with a uniformly random legal move at every decision,
    exactly as the checked loop above plays it from the same ``rng`` state."""
    randrange = _draw(rng)
    while (seat := state.to_move) is not None:
        if state.phase is Phase.PLAY:
            state = _play_tricks(state, randrange)
        elif state.phase is Phase.AUCTION:
            state = _bid(state, randrange)
        else:
            rules = PHASES[state.phase]
            moves = rules.legal(state)
            state = rules.apply(state, seat, moves[randrange(len(moves))])
    return state


def _bid(state: State, randrange: Callable[[int], int]) -> State:
    """Random auction moves from ``state`` (in the auction) until it ends; the state after
    the last one. The legal moves are ``pass`` then the combo bids of a
    :class:`~combowhist.combos.ComboSpace`, so a random one is a draw over both."""
    table, seat, log, bidding = state.table, state.to_move, state.log, state.auction
    assert seat is not None
    passed, high, bidder = bidding.passed, bidding.high, bidding.high_bidder
    phase = Phase.AUCTION
    players = table.players
    spaces = _spaces(table.profile, players)
    while True:
        space = spaces[least_worth(table, high, bidder, seat)]
        pick = randrange(len(space) + 1)
        if pick:
            high = space[pick - 1]
            bidder = seat
            log = (log, seat, MakeBid(high), phase)
        else:
            passed |= 1 << seat
            log = (log, seat, _PASS, phase)
        following_seat = following(passed, bidder, seat, players)
        if following_seat < 0:
            return next_bidder(state, seat, Auction(passed, high, bidder), log)
        seat = following_seat


_PASS = Pass()


class _Spaces(dict[int, ComboSpace]):
    """The combo bids of a profile for a number of players, by the least worth."""

    def __init__(self, profile: RuleProfile, players: int) -> None:
        super().__init__()
        self.profile = profile
        self.players = players

    def __missing__(self, minimum: int) -> ComboSpace:
        space = self[minimum] = legal_combos(self.profile, self.players, minimum)
        return space


@lru_cache(maxsize=64)
def _spaces(profile: RuleProfile, players: int) -> _Spaces:
    return _Spaces(profile, players)


def _play_tricks(state: State, randrange: Callable[[int], int]) -> State:
    """Random plays on ints from ``state`` (in the play phase) until a play the checked
    path must make; returns the state after that play."""
    (table, _, seat, log, hands_now, auction, contract, leader, trick_now, winners_now,
     taken_now, flags, atelier, trump, _) = state
    assert contract is not None
    assert seat is not None
    declarer, block, plague = contract.declarer, contract.block_suit, contract.plague
    justice, orders, iron, grill = contract.justice, contract.orders, contract.iron, contract.grill
    players = table.players
    hands = list(hands_now)
    trick = list(trick_now)
    winners = list(winners_now)
    taken = list(taken_now)
    play_phase = Phase.PLAY
    while True:  # a trick, from where it stands
        order = orders[leader]
        last_trick = len(winners) + 1 == TRICKS
        if trick:  # a trick under way (the kernel started in it)
            led = trick[0][1] // 13
            justice_in = justice >= 0 and any(card == justice for _, card in trick)
            in_trick = trick_mask(tuple(trick))
        else:
            led, justice_in, in_trick = NO_SUIT, False, 0
        while True:  # a play
            hand = hands[seat]
            is_declarer = seat == declarer
            if is_declarer:
                legal = legal_play_mask(hand, led, True, block, plague, flags)
            elif led >= 0:
                legal = hand & SUIT_MASKS[led] or hand  # R23
            else:
                legal = hand
            # The legal moves list cards from the highest index down: the k-th is the
            # (count - 1 - k)-th set bit from the bottom.
            count = legal.bit_count()
            for _ in range(count - 1 - randrange(count)):
                legal &= legal - 1
            bit = legal & -legal
            card = bit.bit_length() - 1
            justice_in = justice_in or card == justice
            last_of_trick = len(trick) + 1 == players
            if (is_declarer and atelier & bit) or (last_of_trick and (last_trick
                                                                     or justice_in)):
                # R21: D empties a place in the atelier; R29: D awards the trick; the
                # last trick is scored: the checked path settles these.
                before = make(table, play_phase, seat, log, tuple(hands), auction, contract,
                              leader, tuple(trick), tuple(winners), tuple(taken), flags,
                              atelier, trump, None)
                return play(before, seat, card)
            suit = card // 13
            if suit in (trump, plague):
                flags = flags_after(flags, card, is_declarer, not trick, trump, plague)
            hands[seat] = hand ^ bit
            in_trick |= bit
            trick.append((seat, card))
            log = (log, seat, PLAYS[card], play_phase)
            if last_of_trick:
                break
            if led < 0:
                led = suit
            seat = order[len(trick)]
        played = tuple(trick)
        winner = trick_winner(played, trump, iron)
        taken[winner] |= in_trick
        winners.append(winner)
        trump = next_trump(trump, played, grill)
        leader = seat = winner
        trick.clear()


def _draw(rng: random.Random) -> Callable[[int], int]:
    """``rng.randrange`` for a bound above 0, drawing exactly as it does; its internal
    ``_randbelow`` when ``rng`` is a plain :class:`random.Random`, which ``randrange`` calls
    with the same bound after checks a positive bound passes anyway."""
    if type(rng) is random.Random and hasattr(rng, "_randbelow"):
        below: Callable[[int], int] = rng._randbelow
        return below
    return rng.randrange
