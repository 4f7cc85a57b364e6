"""Events before the first lead, in the order of R12: trump choice or guesses (order 0),
Justice then Plague (1), Mail (2), Master's Mail (3), Atelier (no order).

Simultaneous choices (laying Rank Trump cards, picking Mail cards) are taken one seat at a
time, D first and then clockwise; nobody sees another's pick until all have picked (the
views enforce it), and only then do the cards move.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING

from combowhist.bids import ComboBid, TrumpRule
from combowhist.cards import SUIT_MASKS, CardSet, Suit, rank_strength
from combowhist.legal import CardSubsetMoves, LegalMoves, card_moves
from combowhist.moves import (
    MAIL_DIRECTIONS,
    Commit,
    Guess,
    Move,
    Prefer,
    Send,
    SetAtelier,
    SetJustice,
    SetMail,
    SetPlague,
    SetTrump,
    Take,
)
from combowhist.rules.play import atelier_eligible, begin_play
from combowhist.rules.seats import across, left, right
from combowhist.state import Contract, Phase

if TYPE_CHECKING:
    from combowhist.deal import Deal

__all__ = ["PHASES", "apply", "begin", "legal", "mail_target", "masters_mail_target"]

MAIL_CARDS = 3
"""Cards each player passes by Mail and Master's Mail (R19, R20)."""
MAX_PREFERENCE = 5
"""Master's Trump preferences run 1-5 (R15)."""

PHASES = (
    Phase.TRUMP,
    Phase.PREFERENCE,
    Phase.RANK_COMMIT,
    Phase.RANK_TAKE,
    Phase.GUESS,
    Phase.JUSTICE,
    Phase.PLAGUE,
    Phase.MAIL,
    Phase.SEND,
    Phase.MASTERS_MAIL,
    Phase.ATELIER,
)

_PREFERENCES = (Prefer(), *(Prefer(s, n) for s in Suit for n in range(1, MAX_PREFERENCE + 1)))
"""Every statement a Master's Trump preferrer may make (R15)."""

_STANDARD_EVENT = {
    TrumpRule.DECLARER: "trump",
    TrumpRule.GRILL: "trump",
    TrumpRule.BLOCK: "trump",
    TrumpRule.SUB: "trump",
    TrumpRule.RANK: "rank_trump",
    TrumpRule.LEFT_OF_DECLARER: "masters_trump",
}


def begin(deal: Deal, declarer: int, combo: ComboBid) -> Deal:
    """The auction is won: record the contract and start the pre-game events (R12)."""
    events: list[str] = []
    if combo.standard.trump in _STANDARD_EVENT:
        events.append(_STANDARD_EVENT[combo.standard.trump])
    if combo.standard.guesses:
        events.append("guess")
    events.extend(combo.events)
    contract = Contract(declarer=declarer, combo=combo, pending=tuple(events))
    return next_event(deal.replace(contract=contract))


def next_event(deal: Deal) -> Deal:
    """Start the next pending event, or the first trick when none is left."""
    contract = deal.contract
    assert contract is not None
    declarer, players = contract.declarer, deal.players
    while contract.pending:
        event, rest = contract.pending[0], contract.pending[1:]
        contract = contract.replace(pending=rest)
        if event == "masters_trump":
            chooser = left(declarer, players)
            contract = contract.replace(trump_chooser=chooser)
            preferrers = _preferrers(declarer, players)
            if preferrers:
                return deal.replace(contract=contract, phase=Phase.PREFERENCE,
                                    to_move=preferrers[0])
            return deal.replace(contract=contract, phase=Phase.TRUMP, to_move=chooser)
        if event == "trump":
            contract = contract.replace(trump_chooser=declarer)
            return deal.replace(contract=contract, phase=Phase.TRUMP, to_move=declarer)
        if event == "rank_trump":
            contract = contract.replace(laid=(-1,) * players)
            return deal.replace(contract=contract, phase=Phase.RANK_COMMIT, to_move=declarer)
        if event == "mail":
            return deal.replace(contract=contract, phase=Phase.MAIL, to_move=declarer)
        if event == "masters_mail":
            contract = contract.replace(masters_mail_sent=(0,) * players)
            return deal.replace(contract=contract, phase=Phase.MASTERS_MAIL,
                                to_move=left(declarer, players))
        if event == "atelier" and not atelier_eligible(deal.replace(contract=contract)):
            continue  # R21: nothing eligible, nothing to choose
        phase = {"guess": Phase.GUESS, "justice": Phase.JUSTICE, "plague": Phase.PLAGUE,
                 "atelier": Phase.ATELIER}[event]
        return deal.replace(contract=contract, phase=phase, to_move=declarer)
    return begin_play(deal.replace(contract=contract))


def _preferrers(declarer: int, players: int) -> list[int]:
    """The opponents after Master's Trump's chooser, clockwise, D excluded (R15)."""
    chooser = left(declarer, players)
    seats = []
    seat = left(chooser, players)
    while seat != declarer:
        seats.append(seat)
        seat = left(seat, players)
    return seats


def _longest_suits(hand: int) -> set[int]:
    counts = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    return {s for s in range(4) if counts[s] == max(counts)}


def _allowed_trumps(deal: Deal, contract: Contract) -> list[int]:
    if contract.combo.standard.trump is TrumpRule.SUB:  # R13
        banned = _longest_suits(deal.hand_masks[contract.declarer])
        return [s for s in range(4) if s not in banned]
    return list(range(4))


def _highest_laid(deal: Deal, contract: Contract) -> int:
    """Bitmask of the opponents' laid cards of the highest rank (R14; Iron, R24)."""
    iron = "aces_low" in contract.play_rules
    laid = [c for seat, c in enumerate(contract.laid) if seat != contract.declarer]

    strengths = {c: rank_strength(c % 13 + 2, iron) for c in laid}
    top = max(strengths.values())
    return sum(1 << c for c, strength in strengths.items() if strength == top)


def legal(deal: Deal) -> LegalMoves:
    contract = deal.contract
    seat = deal.to_move
    assert contract is not None
    assert seat is not None
    phase = deal.phase
    hand = deal.hand_masks[seat]
    if phase is Phase.TRUMP:
        return LegalMoves(tuple(SetTrump(Suit(s)) for s in _allowed_trumps(deal, contract)))
    if phase is Phase.PREFERENCE:
        return LegalMoves(_PREFERENCES)
    if phase is Phase.RANK_COMMIT:
        return LegalMoves(card_moves(hand, Commit))
    if phase is Phase.RANK_TAKE:
        return LegalMoves(card_moves(_highest_laid(deal, contract), Take))
    if phase is Phase.GUESS:
        count = contract.combo.standard.guesses
        return LegalMoves(tuple(Guess(g) for g in combinations(range(14), count)))
    if phase is Phase.JUSTICE:
        return LegalMoves(card_moves(deal.table.deck, SetJustice))
    if phase is Phase.PLAGUE:
        return LegalMoves(tuple(SetPlague(s) for s in Suit))
    if phase is Phase.MAIL:
        return LegalMoves(tuple(SetMail(d) for d in _mail_directions(deal.players)))
    if phase in (Phase.SEND, Phase.MASTERS_MAIL):
        return LegalMoves(CardSubsetMoves(hand, MAIL_CARDS, Send))
    # Phase.ATELIER
    eligible = atelier_eligible(deal)
    size = min(contract.combo.atelier_size, eligible.bit_count())
    return LegalMoves(CardSubsetMoves(eligible, size, SetAtelier))


def _mail_directions(players: int) -> tuple[str, ...]:
    return MAIL_DIRECTIONS if players == 4 else MAIL_DIRECTIONS[:2]  # R19


def apply(deal: Deal, seat: int, move: Move) -> Deal:
    contract = deal.contract
    assert contract is not None
    phase = deal.phase
    expected = _EXPECTED[phase]
    if type(move) is not expected:
        raise deal.refuse(seat, move, f"the deal is at {phase.value}: the move now is "
                                      f"'{expected.word}' by seat {seat} (R12)")
    log = (*deal.log, (seat, move))
    return _HANDLERS[phase](deal.replace(log=log), contract, seat, move)


def _set_trump(deal: Deal, contract: Contract, seat: int, move: Move) -> Deal:
    assert isinstance(move, SetTrump)
    if move.suit not in _allowed_trumps(deal, contract):
        longest = ", ".join(Suit(s).letter for s in sorted(_longest_suits(
            deal.hand_masks[seat])))
        raise deal.refuse(seat, move, f"Sub Trump may not be a suit the declarer holds most "
                                      f"cards in ({longest}) (R13)")
    return next_event(deal.replace(contract=contract.replace(trump_suit=int(move.suit))))


def _prefer(deal: Deal, contract: Contract, seat: int, move: Move) -> Deal:
    assert isinstance(move, Prefer)
    if move.suit is not None and (
        not isinstance(move.strength, int) or not 1 <= move.strength <= MAX_PREFERENCE
    ):
        raise deal.refuse(seat, move, "a preference's strength is 1 to 5 (R15)")
    if move.suit is None and move.strength is not None:
        raise deal.refuse(seat, move, "an abstention has no strength (R15)")
    contract = contract.replace(preferences=(*contract.preferences, (seat, move)))
    preferrers = _preferrers(contract.declarer, deal.players)
    index = preferrers.index(seat) + 1
    if index < len(preferrers):
        return deal.replace(contract=contract, to_move=preferrers[index])
    return deal.replace(contract=contract, phase=Phase.TRUMP, to_move=contract.trump_chooser)


def _next_picker(deal: Deal, contract: Contract, seat: int) -> Deal | None:
    """Simultaneous picks go clockwise from where they started until they come round to
    D: the state with the next picker to move, or ``None`` once everyone has picked."""
    following = left(seat, deal.players)
    if following == contract.declarer:
        return None
    return deal.replace(contract=contract, to_move=following)


def _commit(deal: Deal, contract: Contract, seat: int, move: Move) -> Deal:
    assert isinstance(move, Commit)
    if not deal.hand_masks[seat] >> move.card.index & 1:
        raise deal.refuse(seat, move, "it is not in their hand (R14)")
    laid = list(contract.laid)
    laid[seat] = move.card.index
    contract = contract.replace(laid=tuple(laid))
    waiting = _next_picker(deal, contract, seat)
    if waiting is not None:
        return waiting
    return deal.replace(contract=contract, phase=Phase.RANK_TAKE, to_move=contract.declarer)


def _take(deal: Deal, contract: Contract, seat: int, move: Move) -> Deal:
    assert isinstance(move, Take)
    card = move.card.index
    if not _highest_laid(deal, contract) >> card & 1:
        raise deal.refuse(seat, move, "the declarer takes an opponent's laid card of the "
                                      "highest rank (R14)")
    owner = contract.laid.index(card)
    own = contract.laid[seat]
    hands = list(deal.hand_masks)
    hands[seat] = hands[seat] & ~(1 << own) | 1 << card
    hands[owner] = hands[owner] & ~(1 << card) | 1 << own
    contract = contract.replace(taken=card, trump_suit=card // 13)
    return next_event(deal.replace(hand_masks=tuple(hands), contract=contract))


def _guess(deal: Deal, contract: Contract, seat: int, move: Move) -> Deal:
    assert isinstance(move, Guess)
    count = contract.combo.standard.guesses
    numbers = move.numbers
    if len(numbers) != count or len(set(numbers)) != count or not all(
        0 <= n <= 13 for n in numbers
    ):
        raise deal.refuse(seat, move, f"{contract.combo.standard.key} takes {count} different "
                                      f"number(s) of tricks from 0 to 13 (R16)")
    return next_event(deal.replace(contract=contract.replace(guesses=tuple(sorted(numbers)))))


def _justice(deal: Deal, contract: Contract, seat: int, move: Move) -> Deal:
    assert isinstance(move, SetJustice)
    if not deal.table.deck >> move.card.index & 1:
        raise deal.refuse(seat, move, f"{move.card} is not in the {deal.players}-player deck "
                                      f"(R17, R2)")
    return next_event(deal.replace(contract=contract.replace(justice=move.card.index)))


def _plague(deal: Deal, contract: Contract, seat: int, move: Move) -> Deal:
    assert isinstance(move, SetPlague)
    return next_event(deal.replace(contract=contract.replace(plague=int(move.suit))))


def _mail(deal: Deal, contract: Contract, seat: int, move: Move) -> Deal:
    assert isinstance(move, SetMail)
    if move.direction not in _mail_directions(deal.players):
        raise deal.refuse(seat, move, "across needs exactly 4 participants (R19)")
    contract = contract.replace(mail=move.direction, mail_sent=(0,) * deal.players)
    return deal.replace(contract=contract, phase=Phase.SEND, to_move=seat)


def _check_pick(deal: Deal, seat: int, move: Move, cards: CardSet, rule: str) -> None:
    if len(cards) != MAIL_CARDS:
        raise deal.refuse(seat, move, f"pick exactly {MAIL_CARDS} cards ({rule})")
    if cards.mask & ~deal.hand_masks[seat]:
        raise deal.refuse(seat, move, f"{cards - CardSet(deal.hand_masks[seat])} not in their "
                                      f"hand ({rule})")


def _exchange(deal: Deal, contract: Contract, seat: int, move: Move, record: str, rule: str,
              target: Callable[[int], int]) -> Deal:
    """Record ``seat``'s 3-card pick in the contract field ``record``; once everyone has
    picked, move every pick to its ``target`` seat at once, so a card received is never
    passed on (R19, R20)."""
    assert isinstance(move, Send)
    _check_pick(deal, seat, move, move.cards, rule)
    sent = list(getattr(contract, record))
    sent[seat] = move.cards.mask
    contract = contract.replace(**{record: tuple(sent)})
    waiting = _next_picker(deal, contract, seat)
    if waiting is not None:
        return waiting
    hands = [h & ~sent[s] for s, h in enumerate(deal.hand_masks)]
    for s, cards in enumerate(sent):
        if cards:  # under Master's Mail, D picks nothing
            hands[target(s)] |= cards
    return next_event(deal.replace(contract=contract, hand_masks=tuple(hands)))


def mail_target(direction: str, seat: int, players: int) -> int:
    """Whom ``seat`` passes its Mail cards to (R19)."""
    step = {"left": left, "right": right, "across": across}[direction]
    return step(seat, players)


def _send(deal: Deal, contract: Contract, seat: int, move: Move) -> Deal:
    direction, players = contract.mail or "left", deal.players
    return _exchange(deal, contract, seat, move, "mail_sent", "R19",
                     lambda s: mail_target(direction, s, players))


def masters_mail_target(seat: int, declarer: int, players: int) -> int:
    """Master's Mail passes to the right, skipping D (R20)."""
    target = right(seat, players)
    return right(target, players) if target == declarer else target


def _masters_send(deal: Deal, contract: Contract, seat: int, move: Move) -> Deal:
    declarer, players = contract.declarer, deal.players
    return _exchange(deal, contract, seat, move, "masters_mail_sent", "R20",
                     lambda s: masters_mail_target(s, declarer, players))


def _atelier(deal: Deal, contract: Contract, seat: int, move: Move) -> Deal:
    assert isinstance(move, SetAtelier)
    eligible = atelier_eligible(deal)
    size = min(contract.combo.atelier_size, eligible.bit_count())
    if len(move.cards) != size or move.cards.mask & ~eligible:
        what = "non-trump cards" if "trumps" in contract.combo.exposes else "cards"
        raise deal.refuse(seat, move, f"the atelier is {size} of the declarer's {what}: "
                                      f"{CardSet(eligible)} (R21)")
    return next_event(deal.replace(atelier_mask=move.cards.mask))


_EXPECTED: dict[Phase, type[Move]] = {
    Phase.TRUMP: SetTrump,
    Phase.PREFERENCE: Prefer,
    Phase.RANK_COMMIT: Commit,
    Phase.RANK_TAKE: Take,
    Phase.GUESS: Guess,
    Phase.JUSTICE: SetJustice,
    Phase.PLAGUE: SetPlague,
    Phase.MAIL: SetMail,
    Phase.SEND: Send,
    Phase.MASTERS_MAIL: Send,
    Phase.ATELIER: SetAtelier,
}
_HANDLERS = {
    Phase.TRUMP: _set_trump,
    Phase.PREFERENCE: _prefer,
    Phase.RANK_COMMIT: _commit,
    Phase.RANK_TAKE: _take,
    Phase.GUESS: _guess,
    Phase.JUSTICE: _justice,
    Phase.PLAGUE: _plague,
    Phase.MAIL: _mail,
    Phase.SEND: _send,
    Phase.MASTERS_MAIL: _masters_send,
    Phase.ATELIER: _atelier,
}
