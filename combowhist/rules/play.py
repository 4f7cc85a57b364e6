"""Trick play: who plays next, which cards are legal, who wins a trick (R22-R28)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from combowhist.bids import TrumpRule
from combowhist.cards import ALL_CARDS, SUIT_MASKS, CardSet, Suit, rank_strength
from combowhist.legal import LegalMoves, card_moves
from combowhist.moves import PLAYS, Award, Move, Play, Refill
from combowhist.rules.outcome import TrickRecord, score
from combowhist.rules.seats import right
from combowhist.state import DealResult, Phase

if TYPE_CHECKING:
    from combowhist.deal import Deal

__all__ = [
    "NO_SUIT",
    "OPPONENT_TRUMPED",
    "PLAGUE_PLAYED",
    "atelier_eligible",
    "begin_play",
    "finish_trick",
    "flags_after",
    "illegal_play_reason",
    "legal_play_mask",
    "next_trump",
    "trick_mask",
    "trick_order",
    "trick_winner",
]

OPPONENT_TRUMPED: Final = 1
"""Flag: an opponent of D has played a trump this deal (Block Trump, R27)."""
PLAGUE_PLAYED: Final = 2
"""Flag: a plague card has been played other than as D's lead (R28)."""
NO_SUIT: Final = -1
TRICKS: Final = 13


def trick_order(leader: int, players: int, declarer: int, declarer_last: bool) -> tuple[int, ...]:
    """The seats in playing order for a trick: clockwise from the leader (R22), or under
    Sloth, when D does not lead, clockwise skipping D and then D last (R26)."""
    order = tuple((leader + i) % players for i in range(players))
    if declarer_last and leader != declarer:
        order = (*(s for s in order if s != declarer), declarer)
    return order


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
    if block_suit >= 0 and not flags & OPPONENT_TRUMPED:
        non_trumps = hand & ~SUIT_MASKS[block_suit]
        if non_trumps:  # R27: unless every card D holds is a trump
            cards &= non_trumps
    if led_suit < 0 and plague_suit >= 0 and not flags & PLAGUE_PLAYED:
        non_plague = hand & ~SUIT_MASKS[plague_suit]
        # R28: unless D holds only plague cards; and it gives way to Block Trump.
        if non_plague and cards & non_plague:
            cards &= non_plague
    return cards


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
    led = trick[0][1] // 13
    best_seat = trick[0][0]
    best_key = -1
    for seat, card in trick:
        suit = card // 13
        rank = rank_strength(card % 13 + 2, iron)
        if suit == trump:
            key = 100 + rank
        elif suit == led:
            key = rank
        else:
            continue
        if key > best_key:
            best_seat, best_key = seat, key
    return best_seat


def trick_mask(trick: tuple[tuple[int, int], ...]) -> int:
    """The cards of a trick as a bitmask."""
    cards = 0
    for _, card in trick:
        cards |= 1 << card
    return cards


def next_trump(trump: int, trick: tuple[tuple[int, int], ...], grill: bool) -> int:
    """The trump of the trick after ``trick``: under Grill the suit led in ``trick`` (R25),
    else the same."""
    return trick[0][1] // 13 if grill else trump


# -- state transitions ---------------------------------------------------------------------


def begin_play(deal: Deal) -> Deal:
    """After the pre-game events: trick 1 is led by right(D), or D under Hurry (R22)."""
    contract = deal.contract
    assert contract is not None
    declarer = contract.declarer
    rules = contract.play_rules
    leader = declarer if "declarer_leads_first" in rules else right(declarer, deal.players)
    trump = contract.combo.standard.trump
    contract = contract.replace(
        block_suit=contract.trump_suit if trump is TrumpRule.BLOCK else NO_SUIT,
        orders=tuple(trick_order(leader, deal.players, declarer, "declarer_plays_last" in rules)
                     for leader in range(deal.players)),
        iron="aces_low" in rules,
        grill=trump is TrumpRule.GRILL,
    )
    return deal.replace(phase=Phase.PLAY, to_move=leader, leader=leader, contract=contract,
                        trump_now=contract.trump_suit)


def atelier_eligible(deal: Deal) -> int:
    """The cards D may put into the atelier now: the hand outside it, less trumps under
    Open Trump (R21)."""
    contract = deal.contract
    assert contract is not None
    hand = deal.hand_masks[contract.declarer] & ~deal.atelier_mask
    if "trumps" in contract.combo.exposes and contract.trump_suit >= 0:
        hand &= ~SUIT_MASKS[contract.trump_suit]
    return hand


def _legal_mask(deal: Deal, seat: int) -> int:
    contract = deal.contract
    assert contract is not None
    led = deal.trick_cards[0][1] // 13 if deal.trick_cards else NO_SUIT
    return legal_play_mask(deal.hand_masks[seat], led, seat == contract.declarer,
                           contract.block_suit, contract.plague, deal.flags)


def legal(deal: Deal) -> LegalMoves:
    """The seat to move's legal plays."""
    assert deal.to_move is not None
    return LegalMoves(card_moves(_legal_mask(deal, deal.to_move), Play))


def apply(deal: Deal, seat: int, move: Move) -> Deal:
    if not isinstance(move, Play):
        raise deal.refuse(seat, move, "the deal is at trick play: the move now is 'play' "
                                      "(R22)")
    return play(deal, seat, move.card.index)


def play(deal: Deal, seat: int, card: int) -> Deal:
    """``seat`` plays ``card`` (an index) to the trick, checked (R23, R27, R28)."""
    contract = deal.contract
    assert contract is not None
    declarer = contract.declarer
    hand = deal.hand_masks[seat]
    trick = deal.trick_cards
    led = trick[0][1] // 13 if trick else NO_SUIT
    is_declarer = seat == declarer
    block = contract.block_suit
    flags = deal.flags
    if not legal_play_mask(hand, led, is_declarer, block, contract.plague, flags) >> card & 1:
        reason = illegal_play_reason(card, hand, led, is_declarer, block, contract.plague,
                                     flags)
        raise deal.refuse(seat, f"play {ALL_CARDS[card]}", reason)
    flags = flags_after(flags, card, is_declarer, not trick, deal.trump_now, contract.plague)
    hands = list(deal.hand_masks)
    hands[seat] = hand & ~(1 << card)
    trick = (*trick, (seat, card))
    log = (*deal.log, (seat, PLAYS[card]))
    atelier = deal.atelier_mask
    phase, to_move = Phase.PLAY, seat
    if is_declarer and atelier >> card & 1:
        atelier &= ~(1 << card)
        refill = atelier_eligible(deal) & hands[seat] & ~atelier
        if refill:  # R21: D refills at once, before anyone else plays
            phase = Phase.REFILL
    players = deal.players
    if phase is Phase.PLAY and len(trick) < players:  # the common case: the next seat plays
        to_move = contract.orders[deal.leader][len(trick)]
    after = type(deal)(deal.table, phase, to_move, log, tuple(hands), deal.auction, contract,
                       deal.leader, trick, deal.winners, deal.taken, flags, atelier,
                       deal.trump_now, None)
    if phase is Phase.REFILL or len(trick) < players:
        return after
    return _after_play(after)


def _after_play(deal: Deal) -> Deal:
    """Give the turn to the next player, or close the trick when everyone has played."""
    contract = deal.contract
    assert contract is not None
    trick = deal.trick_cards
    players = deal.players
    if len(trick) < players:
        return deal.replace(phase=Phase.PLAY, to_move=contract.orders[deal.leader][len(trick)])
    if contract.justice >= 0 and any(card == contract.justice for _, card in trick):
        return deal.replace(phase=Phase.AWARD, to_move=contract.declarer)  # R29
    winner = trick_winner(trick, deal.trump_now, contract.iron)
    return finish_trick(deal, winner)


def finish_trick(deal: Deal, winner: int) -> Deal:
    """``winner`` brings the trick home and leads the next (R22); after 13, score."""
    contract = deal.contract
    assert contract is not None
    trick = deal.trick_cards
    taken = list(deal.taken)
    taken[winner] |= trick_mask(trick)
    winners = (*deal.winners, winner)
    trump = next_trump(deal.trump_now, trick, contract.grill)
    if len(winners) < TRICKS:
        return type(deal)(deal.table, Phase.PLAY, winner, deal.log, deal.hand_masks,
                          deal.auction, contract, winner, (), winners, tuple(taken), deal.flags,
                          deal.atelier_mask, trump, None)
    after = deal.replace(winners=winners, taken=tuple(taken), trick_cards=(), trump_now=trump,
                         leader=winner)
    return after.replace(phase=Phase.OVER, to_move=None, result=_result(after))


def _result(deal: Deal) -> DealResult:
    contract = deal.contract
    assert contract is not None
    players = deal.players
    plague_counts: tuple[int, ...] = ()
    in_use = 0
    if contract.plague >= 0:
        suit_mask = SUIT_MASKS[contract.plague]
        plague_counts = tuple((t & suit_mask).bit_count() for t in deal.taken)
        in_use = (deal.table.deck & suit_mask).bit_count()
    record = TrickRecord(deal.winners, plague_counts, in_use)
    outcome = score(contract.combo, contract.declarer, players, record, contract.guesses,
                    deal.profile.fail_points)
    points = [0] * players
    points[contract.declarer] = outcome.points
    return DealResult(
        declarer=contract.declarer,
        combo=contract.combo,
        completed=outcome.completed,
        tricks=deal.tricks_won,
        points=tuple(points),
        potential=outcome.potential,
        trick_winners=deal.winners,
        guesses=contract.guesses,
        beplagued=outcome.beplagued,
        honorably_beplagued=outcome.honorably_beplagued,
    )


def legal_refills(deal: Deal) -> LegalMoves:
    return LegalMoves(card_moves(atelier_eligible(deal), Refill))


def apply_refill(deal: Deal, seat: int, move: Move) -> Deal:
    if not isinstance(move, Refill):
        raise deal.refuse(seat, move, "the declarer must first refill the atelier (R21)")
    eligible = atelier_eligible(deal)
    if not eligible >> move.card.index & 1:
        assert deal.contract is not None
        what = "non-trump card" if "trumps" in deal.contract.combo.exposes else "card"
        raise deal.refuse(seat, move, f"refill with a {what} of the hand outside the atelier: "
                                      f"{CardSet(eligible)} (R21)")
    log = (*deal.log, (seat, move))
    return _after_play(deal.replace(log=log, atelier_mask=deal.atelier_mask | move.card.mask))


def legal_awards(deal: Deal) -> LegalMoves:
    return LegalMoves(tuple(Award(s) for s in range(deal.players)))


def apply_award(deal: Deal, seat: int, move: Move) -> Deal:
    if not isinstance(move, Award):
        raise deal.refuse(seat, move, "the declarer must first award the trick with the card "
                                      "of justice (R29)")
    if not 0 <= move.seat < deal.players:
        raise deal.refuse(seat, move, f"award it to a participant, 0-{deal.players - 1} (R29)")
    return finish_trick(deal.replace(log=(*deal.log, (seat, move))), move.seat)
