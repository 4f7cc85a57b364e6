"""The playout kernel: the rest of a deal played with uniformly random legal moves.

:func:`playout` returns the state that the checked loop ::

    while deal.to_move is not None:
        moves = deal.legal_moves()
        deal = deal.apply(moves.draw(rng))

(``moves[rng.randrange(len(moves))]`` but where a profile enforces R8's exact layer, see
:meth:`~combowhist.legal.LegalMoves.draw`) reaches from the same ``rng`` state, and leaves
``rng`` as that loop does: the same draws, in the same order, with the same bounds. Trick
play, most of a deal's moves, runs on plain
ints with the rule primitives of :mod:`combowhist.rules.play` (:func:`legal_play_mask`,
:func:`declarer_bound`, :func:`flags_after`, :data:`TRICK_KEYS`, :func:`next_trump`); the
auction draws its moves by index from the very ``bid`` moves the checked path offers
(:func:`~combowhist.rules.auction.bid_moves`), with the auction's own rules
(:func:`~combowhist.rules.auction.least_worth`,
:func:`~combowhist.rules.auction.following`). Every pre-game move is drawn from its step's
legal moves (or by the step's ``draw``, which makes the same move without building them)
and applied by the step's handler in the registry (:data:`~combowhist.rules.setup.STEPS`),
which still checks it. A play that empties a
card from the atelier goes through the checked path (R21's refill); a trick holding the card
of justice, and the last trick, are closed by :func:`~combowhist.rules.play.close_trick`
(R29's award, the scoring). So the result is a real state: its history, result, views and
JSON are those of the checked loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from combowhist.cards import SUIT_MASKS
from combowhist.draws import below, bits
from combowhist.legal import BidMoves
from combowhist.moves import PLAYS, Pass, Play
from combowhist.profiles import RuleProfile
from combowhist.rules.auction import bid_moves, following, least_worth, next_bidder
from combowhist.rules.phases import PHASES
from combowhist.rules.play import (
    NO_SUIT,
    OPPONENT_TRUMPED,
    PLAGUE_PLAYED,
    TRICK_KEYS,
    TRICKS,
    close_trick,
    declarer_bound,
    flags_after,
    legal_play_mask,
    next_trump,
    play,
    trick_mask,
    winning_play,
)
from combowhist.rules.possibility import possible_with
from combowhist.rules.setup import STEPS
from combowhist.state import Auction, LogCell, Phase, State, make

__all__ = ["playout"]


def playout(state: State, rng: random.Random) -> State:
    """``state`` played to its end with a uniformly random legal move at every decision,
    exactly as the checked loop above plays it from the same ``rng`` state."""
    randrange = below(rng)
    while (seat := state.to_move) is not None:
        if state.phase is Phase.PLAY:
            state = _play_tricks(state, randrange, bits(rng))
        elif state.phase is Phase.AUCTION:
            state = _bid(state, randrange, bits(rng))
        elif (step := STEPS.get(state.phase)) is not None:  # a pre-game step
            if step.draw is None:
                moves = step.legal(state)
                move = moves[randrange(len(moves))]
            else:
                move = step.draw(state, randrange)
            assert state.contract is not None
            state = step.apply(state, state.contract, seat, move,
                               (state.log, seat, move, step.phase))
        else:
            rules = PHASES[state.phase]
            moves = rules.legal(state)
            state = rules.apply(state, seat, moves[randrange(len(moves))])
    return state


def _bid(state: State, randrange: Callable[[int], int],
         getrandbits: Callable[[int], int] | None) -> State:
    """Random auction moves from ``state`` (in the auction) until it ends; the state after
    the last one. The legal moves are ``pass`` then the ``bid`` moves of
    :func:`~combowhist.rules.auction.bid_moves`, so a random one is a draw over both
    (``getrandbits`` as in :func:`_play_tricks`); where the profile enforces R8's exact
    layer, a bid impossible with the bidder's hand is drawn again, as
    :meth:`~combowhist.legal.LegalMoves.draw` does."""
    table, seat, log, bidding = state.table, state.to_move, state.log, state.auction
    assert seat is not None
    passed, high, bidder = bidding.passed, bidding.high, bidding.high_bidder
    phase = Phase.AUCTION
    players = table.players
    offers = _offers(table.profile, players)
    exact = table.profile.exact_impossible_bids
    while True:
        count, bids = offers[least_worth(table, high, bidder, seat)]
        while True:
            if getrandbits is None:
                pick = randrange(count)
            else:  # randrange(count), drawn as random.Random draws it (see draws.bits)
                size = count.bit_length()
                pick = getrandbits(size)
                while pick >= count:
                    pick = getrandbits(size)
            if not (pick and exact) or possible_with(state.hands[seat], players)(
                    bids._item(pick - 1).combo):
                break
        if pick:
            move = bids._item(pick - 1)  # in range: drawn below count
            high = move.combo
            bidder = seat
            log = (log, seat, move, phase)
        else:
            passed |= 1 << seat
            log = (log, seat, _PASS, phase)
        following_seat = following(passed, bidder, seat, players)
        if following_seat < 0:
            return next_bidder(state, seat, Auction(passed, high, bidder), log)
        seat = following_seat


_PASS = Pass()


class _Offers(dict[int, tuple[int, BidMoves]]):
    """The ``bid`` moves of a profile for a number of players, by the least worth, each
    with the number of legal moves they make with ``pass``."""

    def __init__(self, profile: RuleProfile, players: int) -> None:
        super().__init__()
        self.profile = profile
        self.players = players

    def __missing__(self, minimum: int) -> tuple[int, BidMoves]:
        bids = bid_moves(self.profile, self.players, minimum)
        offer = self[minimum] = (len(bids) + 1, bids)
        return offer


@lru_cache(maxsize=64)
def _offers(profile: RuleProfile, players: int) -> _Offers:
    return _Offers(profile, players)


def _play_tricks(state: State, randrange: Callable[[int], int],
                 getrandbits: Callable[[int], int] | None) -> State:
    """Random plays on ints from ``state`` (in the play phase) until a play the checked
    path must make; returns the state after that play. ``getrandbits``, where
    :func:`~combowhist.draws.bits` gives it, draws as ``randrange`` does without a call
    per draw."""
    (table, _, seat, log, hands_now, auction, contract, leader, trick_now, winners_now,
     taken_now, flags, atelier, trump, _) = state
    assert contract is not None
    declarer, block, plague = contract.declarer, contract.block_suit, contract.plague
    justice, orders, iron, grill = contract.justice, contract.orders, contract.iron, contract.grill
    justice_bit = 1 << justice if justice >= 0 else 0
    plague_cards = SUIT_MASKS[plague] if plague >= 0 else 0
    hands = list(hands_now)
    winners = list(winners_now)
    taken = list(taken_now)
    bound = declarer_bound(block, plague, flags)
    earlier = trick_now  # the plays of the first trick made before the kernel took over
    play_phase = Phase.PLAY
    plays = PLAYS
    suit_masks = SUIT_MASKS
    flagging = _flagging(flags, trump, plague_cards)
    watched = flagging | atelier  # the cards whose play needs more than the common path
    while True:  # a trick, from where it stands
        order = orders[leader]
        last_seat = order[-1]
        last_trick = len(winners) + 1 == TRICKS
        if earlier:
            led = earlier[0][1] // 13
            led_cards = suit_masks[led]
            keys = TRICK_KEYS[iron, trump, led]
            best_seat, best_card = winning_play(earlier, trump, iron)
            best_key = keys[best_card]
            in_trick = trick_mask(earlier)
        else:
            led, led_cards, keys, best_seat, best_key, in_trick = NO_SUIT, 0, (), -1, -1, 0
        for seat in order[len(earlier):] if earlier else order:
            hand = hands[seat]
            if seat == declarer and bound:
                legal = legal_play_mask(hand, led, True, block, plague, flags)
            else:
                legal = hand & led_cards or hand  # R23 (led_cards is 0 when leading)
            # The legal moves list cards from the highest index down: the k-th is the
            # (count - 1 - k)-th set bit from the bottom.
            count = legal.bit_count()
            if getrandbits is None:
                pick = randrange(count)
            else:  # randrange(count), drawn as random.Random draws it (see draws.bits)
                size = count.bit_length()
                pick = getrandbits(size)
                while pick >= count:
                    pick = getrandbits(size)
            skip = count - 1 - pick
            while skip:
                legal &= legal - 1
                skip -= 1
            bit = legal & -legal
            card = bit.bit_length() - 1
            if bit & watched:  # rare
                if atelier & bit:  # (the atelier is D's)
                    # R21: D empties a place in the atelier: the checked play settles it.
                    trick = earlier + _plays(log, in_trick.bit_count() - len(earlier))
                    before = make(table, play_phase, seat, log, tuple(hands), auction,
                                  contract, leader, trick, tuple(winners), tuple(taken), flags,
                                  atelier, trump, None)
                    return play(before, seat, card)
                flags = flags_after(flags, card, seat == declarer, led < 0, trump, plague)
                bound = declarer_bound(block, plague, flags)
                flagging = _flagging(flags, trump, plague_cards)
                watched = flagging | atelier
            hands[seat] = hand ^ bit
            in_trick |= bit
            log = (log, seat, plays[card], play_phase)
            if seat == last_seat and (last_trick or in_trick & justice_bit):
                # R29: D awards the trick; the last trick is scored: the rule modules
                # close the trick.
                trick = earlier + _plays(log, in_trick.bit_count() - len(earlier))
                return close_trick(make(table, play_phase, seat, log, tuple(hands), auction,
                                        contract, leader, trick, tuple(winners),
                                        tuple(taken), flags, atelier, trump, None))
            if led < 0:
                led = card // 13
                led_cards = suit_masks[led]
                keys = TRICK_KEYS[iron, trump, led]
                best_seat, best_key = seat, keys[card]
            elif keys[card] > best_key:
                best_seat, best_key = seat, keys[card]
        taken[best_seat] |= in_trick
        winners.append(best_seat)
        following_trump = next_trump(trump, led, grill)
        if following_trump != trump:  # Grill (R25)
            trump = following_trump
            flagging = _flagging(flags, trump, plague_cards)
            watched = flagging | atelier
        leader = best_seat
        earlier = ()


def _flagging(flags: int, trump: int, plague_cards: int) -> int:
    """The cards whose play may raise a play flag not yet raised: only an opponent's trump
    or a plague card can (R27, R28)."""
    return ((0 if flags & PLAGUE_PLAYED else plague_cards)
            | (0 if flags & OPPONENT_TRUMPED or trump < 0 else SUIT_MASKS[trump]))


def _plays(log: LogCell | None, count: int) -> tuple[tuple[int, int], ...]:
    """The last ``count`` plays of a log as a trick's ``(seat, card index)`` pairs."""
    plays = []
    for _ in range(count):
        assert log is not None
        log, seat, move, _ = log
        assert isinstance(move, Play)
        plays.append((seat, move.card.index))
    return tuple(reversed(plays))
