"""Trick play: who plays next, which cards are legal, who wins a trick (R22-R28)."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from combowhist.bids import Exposure, PlayRule, TrumpRule
from combowhist.cards import ALL_CARDS, SUIT_MASKS, CardSet, Suit, card_strength
from combowhist.errors import IllegalMoveError
from combowhist.legal import LegalMoves
from combowhist.moves import PLAYS, Award, Move, Play, Refill
from combowhist.rules.outcome import finished_record, score
from combowhist.rules.seats import right
from combowhist.state import Contract, DealResult, LogCell, Phase, State, Table, make

__all__ = [
    "NO_SUIT",
    "OPPONENT_TRUMPED",
    "PLAGUE_PLAYED",
    "TRICK_KEYS",
    "PlayFlag",
    "atelier_eligible",
    "beats",
    "begin_play",
    "close_trick",
    "declarer_bound",
    "finish_trick",
    "flags_after",
    "illegal_play_reason",
    "legal_play_mask",
    "next_trump",
    "trick_mask",
    "trick_order",
    "trick_winner",
    "tricks_per_seat",
    "winning_play",
]

class PlayFlag(enum.IntFlag):
    """What trick play remembers beyond the cards (a state's ``flags``): the events that
    lift D's restrictions for the rest of the deal."""

    OPPONENT_TRUMPED = 1
    """An opponent of D has played a trump (lifts Block Trump's restriction, R27)."""
    PLAGUE_PLAYED = 2
    """A plague card has been played other than as D's lead (lifts Plague's, R28)."""


OPPONENT_TRUMPED: Final = int(PlayFlag.OPPONENT_TRUMPED)
PLAGUE_PLAYED: Final = int(PlayFlag.PLAGUE_PLAYED)
"""The flags as plain ints, for the hot paths."""
NO_SUIT: Final = -1
TRICKS: Final = 13


def trick_order(leader: int, players: int, declarer: int, declarer_last: bool) -> tuple[int, ...]:
    """The seats in playing order for a trick: clockwise from the leader (R22), or under
    Sloth, when D does not lead, clockwise skipping D and then D last (R26)."""
    order = tuple((leader + i) % players for i in range(players))
    if declarer_last and leader != declarer:
        order = (*(s for s in order if s != declarer), declarer)
    return order


@lru_cache(maxsize=64)
def _orders(players: int, declarer: int, declarer_last: bool) -> tuple[tuple[int, ...], ...]:
    """The playing order of a trick for each leader (see :func:`trick_order`)."""
    return tuple(trick_order(leader, players, declarer, declarer_last)
                 for leader in range(players))


def legal_play_mask(
    hand: int,
    led_suit: int,
    is_declarer: bool,
    block_suit: int,
    plague_suit: int,
    flags: int,
) -> int:
    """The cards of ``hand`` that may be played.

    ``led_suit`` is the suit led in this trick (``-1`` when leading). For the declarer,
    ``block_suit`` is Block Trump's trump (``-1`` if none) and ``plague_suit`` Plague's
    suit (``-1`` if none).
    """
    cards = hand
    if led_suit >= 0:
        cards = (hand & SUIT_MASKS[led_suit]) or hand  # R23
    if not is_declarer:
        return cards
    if _block_binds(block_suit, flags):
        non_trumps = hand & ~SUIT_MASKS[block_suit]
        if non_trumps:  # R27: unless every card D holds is a trump
            cards &= non_trumps
    if led_suit < 0 and _plague_binds(plague_suit, flags):
        non_plague = hand & ~SUIT_MASKS[plague_suit]
        # R28: unless D holds only plague cards; and it gives way to Block Trump.
        if non_plague and cards & non_plague:
            cards &= non_plague
    return cards


def declarer_bound(block_suit: int, plague_suit: int, flags: int) -> bool:
    """Whether D's plays may still be narrower than R23's: Block Trump's restriction (R27)
    or Plague's (R28) not yet lifted by ``flags``."""
    return _block_binds(block_suit, flags) or _plague_binds(plague_suit, flags)


def _block_binds(block_suit: int, flags: int) -> bool:
    """R27: Block Trump keeps D off trumps until an opponent has played one."""
    return block_suit >= 0 and not flags & OPPONENT_TRUMPED


def _plague_binds(plague_suit: int, flags: int) -> bool:
    """R28: Plague keeps D from leading it until a plague card is played otherwise."""
    return plague_suit >= 0 and not flags & PLAGUE_PLAYED


def flags_after(flags: int, card: int, is_declarer: bool, leading: bool, trump: int,
                plague_suit: int) -> int:
    """The play flags after ``card`` is played: an opponent's trump lifts Block Trump's
    restriction (R27), a plague card played other than as D's lead lifts Plague's (R28)."""
    suit = card // 13
    if not is_declarer and suit == trump:
        flags |= OPPONENT_TRUMPED
    if suit == plague_suit and not (is_declarer and leading):
        flags |= PLAGUE_PLAYED
    return flags


def illegal_play_reason(
    card: int,
    hand: int,
    led_suit: int,
    is_declarer: bool,
    block_suit: int,
    plague_suit: int,
    flags: int,
) -> str:
    """Why ``card`` may not be played (it is assumed illegal), naming the rule: the first
    rule of :func:`legal_play_mask` that, switched on in turn, takes the card away."""
    if not hand >> card & 1:
        return "it is not in their hand"
    if not legal_play_mask(hand, led_suit, False, NO_SUIT, NO_SUIT, flags) >> card & 1:
        return f"must follow {Suit(led_suit).letter} (R23)"
    if not legal_play_mask(hand, led_suit, is_declarer, block_suit, NO_SUIT, flags) >> card & 1:
        return (f"the declarer may not play trump {Suit(block_suit).letter} before an opponent "
                f"has played trump (R27)")
    return (f"the declarer may not lead the plague suit {Suit(plague_suit).letter} before a "
            f"plague card has been played otherwise (R28)")


def trick_winner(trick: tuple[tuple[int, int], ...], trump: int, iron: bool) -> int:
    """The seat that wins a complete trick: the highest trump, else the highest card of the
    suit led (R23); aces rank lowest under Iron (R24)."""
    return winning_play(trick, trump, iron)[0]


def winning_play(trick: Sequence[tuple[int, int]], trump: int, iron: bool) -> tuple[int, int]:
    """The ``(seat, card)`` winning a trick so far (or complete): the highest trump, else
    the highest card of the suit led (R23); aces rank lowest under Iron (R24)."""
    keys = TRICK_KEYS[iron, trump, trick[0][1] // 13]
    best = trick[0]
    for play in trick:
        if keys[play[1]] > keys[best[1]]:
            best = play
    return best


def beats(card: int, best: int, trump: int, iron: bool) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it so far (R23,
    R24): :func:`winning_play` of the two."""
    return winning_play(((0, best), (1, card)), trump, iron)[0] == 1


def _trick_keys(trump: int, led: int, iron: bool) -> tuple[int, ...]:
    return tuple(100 + card_strength(card, iron) if card // 13 == trump else
                 card_strength(card, iron) if card // 13 == led else -1 for card in range(52))


TRICK_KEYS = {(iron, trump, led): _trick_keys(trump, led, iron)
              for iron in (False, True) for trump in (NO_SUIT, *range(4)) for led in range(4)}
"""Each card's claim on a trick, by ``(iron, trump, suit led)``: the card with the highest
key wins it (R23, R24); a card of neither the trump nor the suit led claims nothing (-1)."""


def trick_mask(trick: Sequence[tuple[int, int]]) -> int:
    """The cards of a trick as a bitmask."""
    cards = 0
    for _, card in trick:
        cards |= 1 << card
    return cards


def next_trump(trump: int, led: int, grill: bool) -> int:
    """The trump of the trick after one led in suit ``led``: under Grill that suit (R25),
    else the same."""
    return led if grill else trump


# -- state transitions ---------------------------------------------------------------------


def begin_play(state: State, contract: Contract, log: LogCell | None) -> State:
    """After the pre-game events (``log`` the log so far): trick 1 is led by right(D), or
    D under Hurry (R22)."""
    declarer = contract.declarer
    leads_first, plays_last, iron = _play_rules_held(contract.play_rules)
    players = state.table.players
    leader = first_leader(declarer, players, leads_first)
    trump = contract.combo.standard.trump
    contract = contract.replace(
        block_suit=contract.trump_suit if trump is TrumpRule.BLOCK else NO_SUIT,
        orders=_orders(players, declarer, plays_last),
        iron=iron,
        grill=trump is TrumpRule.GRILL,
    )
    return state.but(phase=Phase.PLAY, to_move=leader, leader=leader, contract=contract,
                     trump=contract.trump_suit, log=log)


def first_leader(declarer: int, players: int, hurry: bool) -> int:
    """Who leads trick 1: the seat on D's right, or D under Hurry (R22)."""
    return declarer if hurry else right(declarer, players)


@lru_cache(maxsize=64)
def _play_rules_held(rules: frozenset[PlayRule]) -> tuple[bool, bool, bool]:
    """Whether ``rules`` hold Hurry (D leads first, R22), Sloth (D plays last, R26) and
    Iron (aces low, R24): asked once per set of rules (enum members hash slowly)."""
    return (PlayRule.DECLARER_LEADS_FIRST in rules, PlayRule.DECLARER_PLAYS_LAST in rules,
            PlayRule.ACES_LOW in rules)


def atelier_eligible(hands: tuple[int, ...], atelier: int, contract: Contract) -> int:
    """The cards D may put into the atelier now: the hand outside it, less trumps under
    Open Trump (R21) and the cards a capture goal shows (Taintless Bid's 2s, E4)."""
    hand = hands[contract.declarer] & ~atelier & ~contract.combo.shown_cards
    if Exposure.TRUMPS in contract.combo.exposes and contract.trump_suit >= 0:
        hand &= ~SUIT_MASKS[contract.trump_suit]
    return hand


def legal(state: State) -> LegalMoves:
    """The seat to move's legal plays."""
    contract = state.contract
    seat = state.to_move
    assert contract is not None
    assert seat is not None
    trick = state.trick
    led = trick[0][1] // 13 if trick else NO_SUIT
    mask = legal_play_mask(state.hands[seat], led, seat == contract.declarer,
                           contract.block_suit, contract.plague, state.flags)
    return LegalMoves.of_cards(mask, Play)


def apply(state: State, seat: int, move: Move) -> State:
    if not isinstance(move, Play):
        raise IllegalMoveError.refused(seat, move, "the deal is at trick play: the move now "
                                                   "is 'play' (R22)")
    return play(state, seat, move.card.index)


def play(state: State, seat: int, card: int) -> State:
    """``seat`` plays ``card`` (an index) to the trick, checked (R23, R27, R28)."""
    (table, _, _, log, hands, auction, contract, leader, trick, winners, taken, flags,
     atelier, trump, _) = state
    assert contract is not None
    hand = hands[seat]
    led = trick[0][1] // 13 if trick else NO_SUIT
    is_declarer = seat == contract.declarer
    plague = contract.plague
    if not legal_play_mask(hand, led, is_declarer, contract.block_suit, plague,
                           flags) >> card & 1:
        reason = illegal_play_reason(card, hand, led, is_declarer, contract.block_suit,
                                     plague, flags)
        raise IllegalMoveError.refused(seat, f"play {ALL_CARDS[card]}", reason)
    if card // 13 in (trump, plague):
        flags = flags_after(flags, card, is_declarer, not trick, trump, plague)
    hands = (*hands[:seat], hand & ~(1 << card), *hands[seat + 1:])
    trick = (*trick, (seat, card))
    log = (log, seat, PLAYS[card], Phase.PLAY)
    if is_declarer and atelier >> card & 1:
        atelier &= ~(1 << card)
        if atelier_eligible(hands, atelier, contract):  # R21: D refills at once
            return make(table, Phase.REFILL, seat, log, hands, auction, contract, leader,
                        trick, winners, taken, flags, atelier, trump, None)
    if len(trick) < table.players:  # the common case: the next seat plays
        return make(table, Phase.PLAY, contract.orders[leader][len(trick)], log, hands,
                    auction, contract, leader, trick, winners, taken, flags, atelier, trump,
                    None)
    return close_trick(make(table, Phase.PLAY, seat, log, hands, auction, contract, leader,
                             trick, winners, taken, flags, atelier, trump, None))


def close_trick(state: State) -> State:
    """Every seat has played (``state`` holds the whole trick, the last play's seat to
    move): D awards a trick holding the card of justice (R29), else its winner brings it
    home."""
    contract = state.contract
    assert contract is not None
    if contract.justice >= 0 and any(card == contract.justice for _, card in state.trick):
        return state.but(phase=Phase.AWARD, to_move=contract.declarer)  # R29
    return finish_trick(state, trick_winner(state.trick, state.trump, contract.iron))


def finish_trick(state: State, winner: int) -> State:
    """``winner`` brings the trick home and leads the next (R22); after 13, score."""
    (table, _, _, log, hands, auction, contract, _, trick, winners, taken, flags, atelier,
     trump, _) = state
    assert contract is not None
    taken = (*taken[:winner], taken[winner] | trick_mask(trick), *taken[winner + 1:])
    winners = (*winners, winner)
    trump = next_trump(trump, trick[0][1] // 13, contract.grill)
    if len(winners) < TRICKS:
        return make(table, Phase.PLAY, winner, log, hands, auction, contract, winner, (),
                    winners, taken, flags, atelier, trump, None)
    return make(table, Phase.OVER, None, log, hands, auction, contract, winner, (), winners,
                taken, flags, atelier, trump, _result(table, contract, winners, taken))


def _result(table: Table, contract: Contract, winners: tuple[int, ...],
            taken: tuple[int, ...]) -> DealResult:
    players = table.players
    record = finished_record(winners, taken, contract.declarer, contract.plague, table.deck,
                             contract.combo.shown_cards)
    outcome = score(contract.combo, contract.declarer, players, record, contract.guesses,
                    table.profile.fail_points)
    points = [0] * players
    points[contract.declarer] = outcome.points
    return DealResult(
        declarer=contract.declarer,
        combo=contract.combo,
        completed=outcome.completed,
        tricks=tricks_per_seat(winners, players),
        points=tuple(points),
        potential=outcome.potential,
        trick_winners=winners,
        guesses=contract.guesses,
        beplagued=outcome.beplagued,
        honorably_beplagued=outcome.honorably_beplagued,
    )


def tricks_per_seat(winners: tuple[int, ...], players: int) -> tuple[int, ...]:
    """How many tricks each seat brought home, from the winner of each trick."""
    return tuple(map(winners.count, range(players)))


def _eligible(state: State) -> int:
    assert state.contract is not None
    return atelier_eligible(state.hands, state.atelier, state.contract)


def legal_refills(state: State) -> LegalMoves:
    return LegalMoves.of_cards(_eligible(state), Refill)


def apply_refill(state: State, seat: int, move: Move) -> State:
    if not isinstance(move, Refill):
        raise IllegalMoveError.refused(seat, move, "the declarer must first refill the "
                                                   "atelier (R21)")
    eligible = _eligible(state)
    if not eligible >> move.card.index & 1:
        assert state.contract is not None
        what = "non-trump card" if Exposure.TRUMPS in state.contract.combo.exposes else "card"
        raise IllegalMoveError.refused(seat, move, f"refill with a {what} of the hand outside "
                                                   f"the atelier: {CardSet(eligible)} (R21)")
    contract = state.contract
    assert contract is not None
    after = state.but(log=(state.log, seat, move, Phase.REFILL), phase=Phase.PLAY,
                      atelier=state.atelier | move.card.mask)
    trick = after.trick
    if len(trick) < state.table.players:
        return after.but(to_move=contract.orders[after.leader][len(trick)])
    return close_trick(after)


def legal_awards(state: State) -> LegalMoves:
    return _AWARDS[state.table.players]


_AWARDS = {players: LegalMoves(tuple(Award(seat) for seat in range(players)))
           for players in (3, 4)}
"""Moves are values: the awards are made once."""


def apply_award(state: State, seat: int, move: Move) -> State:
    if not isinstance(move, Award):
        raise IllegalMoveError.refused(seat, move, "the declarer must first award the trick "
                                                   "with the card of justice (R29)")
    players = state.table.players
    if not 0 <= move.seat < players:
        raise IllegalMoveError.refused(seat, move, f"award it to a participant, "
                                                   f"0-{players - 1} (R29)")
    return finish_trick(state.but(log=(state.log, seat, move, Phase.AWARD)), move.seat)
