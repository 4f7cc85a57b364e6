"""What the heuristic bot knows of a deal, and cards as bitmasks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from combowhist.bids import ComboBid
from combowhist.cards import (
    SUIT_MASKS,
    Card,
    mask_indices,
    rank_strength,
)
from combowhist.deal import Deal
from combowhist.moves import MakeBid, Pass
from combowhist.profiles import RuleProfile, load_profile
from combowhist.state import Phase
from combowhist.views import PlayerView

# -- what a seat knows ---------------------------------------------------------------------


@attrs.frozen
class _Sight:
    """The part of a :class:`~combowhist.views.PlayerView` the heuristic bot reads, as
    plain ints (cards as indices, card sets as bitmasks, ``-1`` for "none").

    :meth:`of` reads it from the deal cheaply, field by field; :meth:`of_view` builds the
    same value from the seat's view, and the tests hold the two equal: the bot sees nothing
    the view hides. Exposed cards (Open Hand, Open Trump, the atelier), Mail's known cards
    and Master's Trump statements are left out: the bot does not use them.
    """

    seat: int
    players: int
    profile: RuleProfile
    phase: Phase
    hand: int
    """The seat's own cards."""
    deck: int
    """The deck in use (R2)."""
    played: int
    """Every card played to a trick so far, the current trick included."""
    high_bid: ComboBid | None
    """The high bid in the auction."""
    declarer: int
    """D's seat, ``-1`` before the auction ends."""
    combo: ComboBid | None
    trump: int
    """The trump suit now (the current trick's under Grill), ``-1`` for none."""
    trick: tuple[tuple[int, int], ...]
    """The current trick as (seat, card) pairs."""
    winners: tuple[int, ...]
    """Who brought home each finished trick."""
    guesses: tuple[int, ...]
    laid: tuple[int, ...]
    """Rank Trump's laid cards as far as the seat sees them (``-1`` for a hidden one)."""
    auction: tuple[tuple[int, str], ...]
    """The auction's moves, public (R11): ``(seat, standard bid key)`` for a bid,
    ``(seat, "pass")`` for a pass."""

    @classmethod
    def of(cls, deal: Deal, seat: int) -> _Sight:
        """What ``seat`` knows of ``deal``, read from the public fields and its own hand."""
        played = 0
        for cards in deal.taken:
            played |= cards
        for _, card in deal.trick_cards:
            played |= 1 << card
        contract = deal.contract
        laid: tuple[int, ...] = ()
        if contract is not None and contract.laid:
            revealed = deal.phase is not Phase.RANK_COMMIT
            laid = tuple(c if revealed or s == seat else -1 for s, c in enumerate(contract.laid))
        trump = deal.trump
        auction = []
        for mover, move in deal.log:
            if isinstance(move, MakeBid):
                auction.append((mover, move.combo.standard.key))
            elif isinstance(move, Pass):
                auction.append((mover, "pass"))
            else:
                break
        return cls(
            seat, deal.players, deal.profile, deal.phase, deal.hand_masks[seat],
            deal.table.deck, played,
            deal.auction.high,
            -1 if contract is None else contract.declarer,
            None if contract is None else contract.combo,
            -1 if trump is None else int(trump), deal.trick_cards, deal.winners,
            deal.guesses, laid, tuple(auction),
        )

    @classmethod
    def of_view(cls, view: PlayerView) -> _Sight:
        """The same value built from ``view`` alone (what :meth:`of` must agree with)."""
        played = 0
        high_bid = None
        profile = load_profile(view.profile_name)
        auction = []
        for mover, text in view.log:
            word, _, rest = text.partition(" ")
            if word == "play":
                played |= Card.parse(rest).mask
            elif word == "bid":
                high_bid = ComboBid.parse(rest, profile, view.players)
                auction.append((mover, high_bid.standard.key))
            elif word == "pass":
                auction.append((mover, "pass"))
        laid = tuple(-1 if c is None else c.index for c in view.laid)
        return cls(
            view.seat, view.players, profile, view.phase, view.hand.mask,
            profile.deck(view.players).mask, played, high_bid,
            -1 if view.declarer is None else view.declarer, view.combo,
            -1 if view.trump is None else int(view.trump),
            tuple((s, c.index) for s, c in view.trick), view.trick_winners, view.guesses, laid,
            tuple(auction),
        )

    @property
    def iron(self) -> bool:
        """Whether aces rank lowest (R24)."""
        return self.combo is not None and "aces_low" in self.combo.play_rules

    @property
    def unseen(self) -> int:
        """The cards the seat has not seen: in the other hands, as far as it knows."""
        return self.deck & ~self.hand & ~self.played

    @property
    def is_declarer(self) -> bool:
        return self.seat == self.declarer

    def tricks_of(self, seat: int) -> int:
        return sum(1 for w in self.winners if w == seat)


# -- cards as bitmasks -------------------------------------------------------------------------


def _strength(card: int, iron: bool) -> int:
    return rank_strength(card % 13 + 2, iron)


def _higher(card: int, mask: int, iron: bool) -> int:
    """The cards of ``mask`` in ``card``'s suit that outrank it (R4, R24)."""
    suit = SUIT_MASKS[card // 13]
    ace = 1 << (card // 13 * 13 + 12)
    if iron and card % 13 == 12:
        return mask & suit & ~ace
    above = mask & suit & ~((1 << (card + 1)) - 1)
    return above & ~ace if iron else above


def _cards(mask: int) -> list[int]:
    return mask_indices(mask)


def _suit_length(mask: int, suit: int) -> int:
    return (mask & SUIT_MASKS[suit]).bit_count()


def _lowest(cards: Iterable[int], iron: bool) -> int:
    return min(cards, key=lambda c: (_strength(c, iron), c))


def _highest(cards: Iterable[int], iron: bool) -> int:
    return max(cards, key=lambda c: (_strength(c, iron), c))


def _beats(card: int, best: int, trump: int, iron: bool) -> bool:
    """Whether ``card`` beats ``best``, the winning card so far of a trick (R23)."""
    suit, best_suit = card // 13, best // 13
    if suit == best_suit:
        return _strength(card, iron) > _strength(best, iron)
    return suit == trump


def _best(trick: Sequence[tuple[int, int]], trump: int, iron: bool) -> tuple[int, int]:
    """The (seat, card) winning the trick so far."""
    best = trick[0]
    for play in trick[1:]:
        if _beats(play[1], best[1], trump, iron):
            best = play
    return best

