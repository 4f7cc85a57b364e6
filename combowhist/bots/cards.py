"""Cards as bitmasks, the way the heuristic bot weighs them."""

from __future__ import annotations

from collections.abc import Iterable

from combowhist.cards import SUIT_MASKS, card_strength, mask_indices


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
    return min(cards, key=lambda c: (card_strength(c, iron), c))


def _highest(cards: Iterable[int], iron: bool) -> int:
    return max(cards, key=lambda c: (card_strength(c, iron), c))
