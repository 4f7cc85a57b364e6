"""Suits, ranks, cards and card sets.

A card is a small integer ``index = 13 * suit + (rank - 2)``; a set of cards is an int
bitmask with bit ``index`` set for each card. :class:`Card` and :class:`CardSet` are thin,
immutable wrappers over those ints, so the engine can work on ints and hand users rich
values at no extra cost.

Notation: a card is a rank then a suit, ``AS``, ``10H`` (also ``TH``), ``A♠``, with the
Swedish ranks ``E`` (ess), ``K``, ``D`` (dam), ``Kn`` (knekt) accepted too. A card set is
cards separated by spaces.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Final

from combowhist.errors import NotationError

__all__ = ["Card", "CardSet", "Rank", "Suit"]


class Suit(enum.IntEnum):
    """A suit. Values order the suits clubs < diamonds < hearts < spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __bool__(self) -> bool:
        # Clubs is 0, but a suit is never "no suit": ``if deal.trump:`` must hold for clubs.
        return True

    @property
    def letter(self) -> str:
        """The suit's letter: ``C D H S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣ ♦ ♥ ♠``."""
        return "♣♦♥♠"[self]

    @property
    def mask(self) -> int:
        """The bitmask of all 13 cards of this suit."""
        return SUIT_MASKS[self]

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter (``S``, any case) or its symbol (``♠``)."""
        suit = _SUIT_BY_TEXT.get(text.strip().replace(_EMOJI_STYLE, "").upper())
        if suit is None:
            raise NotationError(f"{text!r} is not a suit: use one of C D H S or ♣ ♦ ♥ ♠")
        return suit


class Rank(enum.IntEnum):
    """A rank, valued 2 to 14 (ace)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The English rank symbol: ``2`` … ``10``, ``J Q K A``."""
        return _RANK_SYMBOLS[self - 2]

    def strength(self, iron: bool = False) -> int:
        """This rank's place in the order of play: higher wins.

        Under Iron (R24) the ace ranks lowest, below the two.
        """
        return rank_strength(self, iron)

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank: ``2``…``10``, ``T``, ``J Q K A``, or Swedish ``Kn D E``."""
        rank = _RANK_BY_TEXT.get(text.strip().upper())
        if rank is None:
            raise NotationError(
                f"{text!r} is not a rank: use 2-10, T, J, Q, K, A (or Swedish Kn, D, E)"
            )
        return rank


_EMOJI_STYLE: Final = "\ufe0f"
"""The variation selector that asks for a symbol's emoji style (``♠️``); it changes nothing."""
_RANK_SYMBOLS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUIT_BY_TEXT: Final = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
    # Outline variants of the symbols.
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
}
_RANK_BY_TEXT: Final = {
    **{r.symbol: r for r in Rank},
    "T": Rank.TEN,
    "KN": Rank.JACK,
    "D": Rank.QUEEN,
    "E": Rank.ACE,
}
SUIT_MASKS: Final = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
"""The bitmask of each suit's 13 cards, by suit value."""
FULL_MASK: Final = (1 << 52) - 1


def rank_strength(rank: int, iron: bool = False) -> int:
    """A rank's (2-14) place in the order of play (R4); the ace is lowest under Iron (R24)."""
    return 1 if iron and rank == 14 else rank


def card_index(suit: Suit | int, rank: Rank | int) -> int:
    """The index (0…51) of the card of this suit and rank."""
    return 13 * int(suit) + int(rank) - 2


def suit_of(index: int) -> int:
    """The suit (0…3) of a card index."""
    return index // 13


def rank_of(index: int) -> int:
    """The rank (2…14) of a card index."""
    return index % 13 + 2


def card_strength(index: int, iron: bool = False) -> int:
    """The :func:`rank_strength` of a card index's rank (R4, R24)."""
    return rank_strength(rank_of(index), iron)


CARD_STRENGTHS: Final = tuple(tuple(card_strength(index, iron) for index in range(52))
                              for iron in (False, True))
""":func:`card_strength` of every card index, without Iron (``[False]``) and with it
(``[True]``): a lookup for the hottest loops."""


class Card:
    """One playing card. There are exactly 52 instances; ``Card(suit, rank)`` returns one.

    >>> Card.parse("10H")
    Card.parse('10H')
    >>> Card.parse("Kn♥") == Card(Suit.HEARTS, Rank.JACK)
    True
    """

    __slots__ = ("index", "rank", "suit")
    index: int
    suit: Suit
    rank: Rank

    def __new__(cls, suit: Suit | int, rank: Rank | int) -> Card:
        try:
            return _CARDS[card_index(Suit(suit), Rank(rank))]
        except ValueError:
            raise NotationError(f"no card has suit {suit!r} and rank {rank!r}") from None

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this index (``13 * suit + rank - 2``)."""
        if not 0 <= index < 52:
            raise NotationError(f"{index!r} is not a card index (0-51)")
        return _CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank then suit, e.g. ``AS``, ``10H``, ``TH``, ``A♠``, ``Kn♥``."""
        stripped = text.strip().replace(_EMOJI_STYLE, "")
        card = _CARD_BY_TEXT.get(stripped.upper())
        if card is None:
            if len(stripped) < 2:
                raise NotationError(f"{text!r} is not a card: write rank then suit, e.g. AS, 10H")
            try:
                card = Card(Suit.parse(stripped[-1]), Rank.parse(stripped[:-1]))
            except NotationError as error:
                raise NotationError(f"{text!r} is not a card: {error}") from None
        return card

    @property
    def mask(self) -> int:
        """This card's bit in a card-set bitmask."""
        return 1 << self.index

    def strength(self, iron: bool = False) -> int:
        """This card's rank in the order of play (see :meth:`Rank.strength`)."""
        return self.rank.strength(iron)

    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``A♠``."""
        return self.rank.symbol + self.suit.symbol

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _make_card(index: int) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "index", index)
    object.__setattr__(card, "suit", Suit(suit_of(index)))
    object.__setattr__(card, "rank", Rank(rank_of(index)))
    return card


_CARDS: Final = tuple(_make_card(i) for i in range(52))
_CARD_BY_TEXT: Final = {str(c): c for c in _CARDS}
ALL_CARDS: Final = _CARDS
"""The 52 cards in index order (♣2 … ♠A)."""


def mask_cards(mask: int) -> Iterator[Card]:
    """The cards of a bitmask, highest index first (spades ace down to clubs two)."""
    while mask:
        index = mask.bit_length() - 1
        yield _CARDS[index]
        mask ^= 1 << index


_SUIT_BITS: Final = tuple(tuple(i for i in range(13) if m >> i & 1) for m in range(1 << 13))
"""For each 13-bit pattern, the positions of its set bits (a lookup for mask_indices)."""


def suit_bits(bits: int) -> tuple[int, ...]:
    """The positions (0-12) of the set bits of a 13-bit pattern, lowest first."""
    return _SUIT_BITS[bits]


def mask_indices(mask: int) -> list[int]:
    """The card indices of a bitmask, lowest first."""
    return [*_SUIT_BITS[mask & 0x1FFF], *_DIAMONDS[mask >> 13 & 0x1FFF],
            *_HEARTS[mask >> 26 & 0x1FFF], *_SPADES[mask >> 39 & 0x1FFF]]


@lru_cache(maxsize=256)
def compositions(total: int, parts: int) -> tuple[tuple[int, ...], ...]:
    """Every way to write ``total`` as an ordered sum of ``parts`` counts ``>= 0``: how
    cards or tricks can be shared among seats."""
    if parts <= 1:
        return ((total,),) if parts == 1 else (((),) if total == 0 else ())
    return tuple((k, *rest) for k in range(total + 1)
                 for rest in compositions(total - k, parts - 1))


class _SuitIndices(dict[int, tuple[int, ...]]):
    """For each 13-bit pattern of one suit's cards, their card indices, lowest first: made
    as patterns are asked for (at most 8,192)."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.offset = 13 * suit

    def __missing__(self, bits: int) -> tuple[int, ...]:
        indices = self[bits] = tuple(self.offset + i for i in _SUIT_BITS[bits])
        return indices


_DIAMONDS, _HEARTS, _SPADES = (_SuitIndices(suit) for suit in (1, 2, 3))


def highest_index(mask: int, iron: bool = False) -> int:
    """The index of the highest-ranked card of a non-empty single-suit mask (or any mask:
    ties between suits go to the higher suit)."""
    best = -1
    best_strength = -1
    for index in mask_indices(mask):
        strength = card_strength(index, iron)
        if strength >= best_strength:
            best, best_strength = index, strength
    return best


class CardSet:
    """An immutable set of cards backed by an int bitmask.

    Iteration goes spades to clubs, high rank to low, which is also how it prints:

    >>> hand = CardSet.parse("2C AS 10H KS")
    >>> str(hand)
    'AS KS 10H 2C'
    >>> len(hand), Card.parse("KS") in hand
    (4, True)
    >>> str(hand - CardSet.parse("KS"))
    'AS 10H 2C'
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[Card] | int = 0) -> None:
        if type(cards) is int and 0 <= cards <= FULL_MASK:  # the common case, first
            _set_mask(self, cards)
            return
        if isinstance(cards, int):
            if not 0 <= cards <= FULL_MASK:
                raise NotationError(f"{cards!r} is not a 52-bit card mask")
            mask = cards
        else:
            mask = 0
            for card in cards:
                if not isinstance(card, Card):
                    raise TypeError(f"CardSet takes Card objects, not {card!r}")
                mask |= 1 << card.index
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read space-separated cards, e.g. ``"AS KS 10H 2C"``. Repeats are an error."""
        mask = 0
        for word in text.replace(",", " ").split():
            bit = Card.parse(word).mask
            if mask & bit:
                raise NotationError(f"{text!r} names {word} twice")
            mask |= bit
        return cls(mask)

    @classmethod
    def full(cls) -> CardSet:
        """All 52 cards."""
        return cls(FULL_MASK)

    def suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASKS[suit])

    def count(self, suit: Suit) -> int:
        """How many cards of one suit."""
        return (self.mask & SUIT_MASKS[suit]).bit_count()

    def suits(self) -> frozenset[Suit]:
        """The suits that have at least one card here."""
        return frozenset(s for s in Suit if self.mask & SUIT_MASKS[s])

    def highest(self, iron: bool = False) -> Card | None:
        """The card of highest rank (R4; Iron's order R24 if ``iron``), ``None`` if empty.
        Between equal ranks of different suits, the higher suit wins."""
        return None if not self.mask else _CARDS[highest_index(self.mask, iron)]

    def lowest(self, iron: bool = False) -> Card | None:
        """The card of lowest rank (R4; Iron's order R24 if ``iron``), ``None`` if empty.
        Between equal ranks of different suits, the lower suit wins."""
        if not self.mask:
            return None
        return min(
            (_CARDS[i] for i in mask_indices(self.mask)),
            key=lambda c: (c.strength(iron), c.index),
        )

    def sorted(self, iron: bool = False) -> list[Card]:
        """The cards from lowest to highest rank under the given order, suits as tiebreak."""
        return sorted(self, key=lambda c: (c.strength(iron), c.index))

    def __iter__(self) -> Iterator[Card]:
        return mask_cards(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __ge__(self, other: CardSet) -> bool:
        return other.mask & ~self.mask == 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and self.mask == other.mask

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (CardSet, (self.mask,))


_set_mask = CardSet.__dict__["mask"].__set__
