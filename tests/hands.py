"""Hand-built hands shared by the scenario tests."""

from __future__ import annotations

from collections.abc import Sequence

from combowhist import Deal

#: Seat 0 holds all the clubs, 1 the spades, 2 the hearts, 3 the diamonds: whoever leads a
#: suit takes the trick, so who takes what is known in advance.
WHOLE_SUITS = (
    "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
    "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
)

#: A 3-player split of 1.4.2's 39-card deck (no 7C, no 8s, 9s, 10s; R2).
THREE_142 = (
    "AC KC QC JC 6C 5C 4C 3C 2C AS KS QS JS",
    "7S 6S 5S 4S 3S 2S AH KH QH JH 7H 6H 5H",
    "4H 3H 2H AD KD QD JD 7D 6D 5D 4D 3D 2D",
)


def start(hands: Sequence[str], bid: str | None = None, *setup: str, dealer: int = 0,
          profile: str = "1.4.2") -> Deal:
    """A deal from ``hands``: if ``bid``, seat left(dealer) bids it and every other seat
    passes; then the ``setup`` moves."""
    deal = Deal.from_hands(list(hands), dealer=dealer, profile=profile)
    if bid is not None:
        deal = deal.apply(f"bid {bid}")
        for _ in range(len(hands) - 1):
            deal = deal.apply("pass")
    for move in setup:
        deal = deal.apply(move)
    return deal
