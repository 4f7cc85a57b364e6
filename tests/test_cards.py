"""Suits, ranks, cards and card sets: notation, set algebra, order (R4, R24)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from combowhist import Card, CardSet, NotationError, Rank, Suit
from combowhist.cards import ALL_CARDS

cards = st.sampled_from(ALL_CARDS)
card_sets = st.frozensets(cards)
masks = st.integers(min_value=0, max_value=(1 << 52) - 1)

SWEDISH_RANKS = {Rank.ACE: "E", Rank.KING: "K", Rank.QUEEN: "D", Rank.JACK: "Kn"}


def swedish(card: Card) -> str:
    """A card in Swedish notation with its suit symbol, e.g. ``Kn♥``."""
    return SWEDISH_RANKS.get(card.rank, card.rank.symbol) + card.suit.symbol


# --- Suits and ranks -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("S", Suit.SPADES), ("s", Suit.SPADES), ("♠", Suit.SPADES),
        ("H", Suit.HEARTS), ("h", Suit.HEARTS), ("♥", Suit.HEARTS),
        ("D", Suit.DIAMONDS), ("d", Suit.DIAMONDS), ("♦", Suit.DIAMONDS),
        ("C", Suit.CLUBS), ("c", Suit.CLUBS), ("♣", Suit.CLUBS),
        ("♤", Suit.SPADES), ("♡", Suit.HEARTS), ("♢", Suit.DIAMONDS), ("♧", Suit.CLUBS),
        ("♠\ufe0f", Suit.SPADES), ("♥\ufe0f", Suit.HEARTS),
    ],
)
def test_section1_notation_suit_parse(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


def test_section1_notation_suit_letters_and_symbols_round_trip() -> None:
    for suit in Suit:
        assert Suit.parse(str(suit)) is suit
        assert Suit.parse(suit.symbol) is suit
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]


@pytest.mark.parametrize("text", ["X", "", "SS", "1", "spades"])
def test_section1_notation_suit_bad_input_raises_naming_it(text: str) -> None:
    with pytest.raises(NotationError) as error:
        Suit.parse(text)
    assert repr(text) in str(error.value)


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("2", Rank.TWO), ("9", Rank.NINE), ("10", Rank.TEN), ("T", Rank.TEN), ("t", Rank.TEN),
        ("J", Rank.JACK), ("Q", Rank.QUEEN), ("K", Rank.KING), ("A", Rank.ACE),
        ("Kn", Rank.JACK), ("KN", Rank.JACK), ("kn", Rank.JACK), ("D", Rank.QUEEN),
        ("E", Rank.ACE), ("e", Rank.ACE),
    ],
)
def test_section1_notation_rank_parse_english_and_swedish(text: str, rank: Rank) -> None:
    assert Rank.parse(text) is rank


@pytest.mark.parametrize("text", ["1", "11", "0", "B", ""])
def test_section1_notation_rank_bad_input_raises(text: str) -> None:
    with pytest.raises(NotationError):
        Rank.parse(text)


def test_r4_rank_order_ace_high() -> None:
    order = [r.symbol for r in sorted(Rank, key=lambda r: r.strength(), reverse=True)]
    # Rulebook 1: "From highest to lowest: A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2".
    assert order == ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


def test_r24_iron_ace_ranks_lowest() -> None:
    order = sorted(Rank, key=lambda r: r.strength(iron=True), reverse=True)
    assert [r.symbol for r in order] == ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4",
                                         "3", "2", "A"]
    assert Rank.ACE.strength(iron=True) < Rank.TWO.strength(iron=True)
    assert all(r.strength(iron=True) == r.strength() for r in Rank if r is not Rank.ACE)


# --- Cards -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("AS", Suit.SPADES, Rank.ACE),
        ("as", Suit.SPADES, Rank.ACE),
        ("10H", Suit.HEARTS, Rank.TEN),
        ("10h", Suit.HEARTS, Rank.TEN),
        ("TH", Suit.HEARTS, Rank.TEN),
        ("th", Suit.HEARTS, Rank.TEN),
        ("A♠", Suit.SPADES, Rank.ACE),
        ("E♠", Suit.SPADES, Rank.ACE),
        ("ES", Suit.SPADES, Rank.ACE),
        ("Kn♥", Suit.HEARTS, Rank.JACK),
        ("KnH", Suit.HEARTS, Rank.JACK),
        ("D♦", Suit.DIAMONDS, Rank.QUEEN),
        ("K♣", Suit.CLUBS, Rank.KING),
        ("2C", Suit.CLUBS, Rank.TWO),
        (" QD ", Suit.DIAMONDS, Rank.QUEEN),
        ("JS", Suit.SPADES, Rank.JACK),
    ],
)
def test_section1_notation_card_parse_all_notations(text: str, suit: Suit, rank: Rank) -> None:
    card = Card.parse(text)
    assert card.suit is suit
    assert card.rank is rank
    assert card is Card(suit, rank)


SUIT_SPELLINGS = [
    ("S", Suit.SPADES), ("♠", Suit.SPADES), ("♤", Suit.SPADES), ("♠\ufe0f", Suit.SPADES),
    ("H", Suit.HEARTS), ("♥", Suit.HEARTS), ("♡", Suit.HEARTS), ("♥\ufe0f", Suit.HEARTS),
    ("D", Suit.DIAMONDS), ("♦", Suit.DIAMONDS), ("♢", Suit.DIAMONDS),
    ("♦\ufe0f", Suit.DIAMONDS),
    ("C", Suit.CLUBS), ("♣", Suit.CLUBS), ("♧", Suit.CLUBS), ("♣\ufe0f", Suit.CLUBS),
]


@pytest.mark.parametrize(("suit_text", "suit"), SUIT_SPELLINGS)
def test_section1_notation_card_takes_every_suit_spelling_suit_parse_takes(
    suit_text: str, suit: Suit
) -> None:
    assert Suit.parse(suit_text) is suit
    for rank_text, rank in (("A", Rank.ACE), ("Kn", Rank.JACK), ("10", Rank.TEN)):
        assert Card.parse(rank_text + suit_text) is Card(suit, rank)
    assert CardSet.parse(f"D{suit_text} 2C") == CardSet([Card(suit, Rank.QUEEN),
                                                         Card.parse("2C")])


@pytest.mark.parametrize("text", ["1X", "ZZ", "", "A", "1S", "11H", "AX", "ASX", "S A"])
def test_section1_notation_card_bad_input_raises_naming_the_input(text: str) -> None:
    with pytest.raises(NotationError) as error:
        Card.parse(text)
    assert repr(text) in str(error.value)


def test_section1_notation_card_str_is_rank_then_suit_letter() -> None:
    assert str(Card(Suit.HEARTS, Rank.TEN)) == "10H"
    assert str(Card(Suit.SPADES, Rank.ACE)) == "AS"
    assert Card(Suit.SPADES, Rank.ACE).symbol() == "A♠"
    assert repr(Card(Suit.CLUBS, Rank.TWO)) == "Card.parse('2C')"


@given(cards)
def test_section1_notation_card_str_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(str(card).lower()) is card
    assert Card.parse(card.symbol()) is card
    assert Card.parse(swedish(card)) is card


def test_section1_notation_card_all_52_distinct_and_indexed() -> None:
    assert len(ALL_CARDS) == 52
    assert len({str(c) for c in ALL_CARDS}) == 52
    for index, card in enumerate(ALL_CARDS):
        assert card.index == index
        assert Card.from_index(index) is card
        assert Card(card.suit, card.rank) is card


@pytest.mark.parametrize(("suit", "rank"), [(4, 2), (0, 1), (0, 15), (-1, 5)])
def test_section1_notation_card_constructor_rejects_bad_suit_or_rank(suit: int, rank: int) -> None:
    with pytest.raises(NotationError):
        Card(suit, rank)


@pytest.mark.parametrize("index", [-1, 52, 100])
def test_section1_notation_card_from_index_rejects_out_of_range(index: int) -> None:
    with pytest.raises(NotationError, match=str(index)):
        Card.from_index(index)


@given(cards, cards)
def test_section1_card_equality_and_hash_follow_identity(a: Card, b: Card) -> None:
    assert (a == b) == (a is b) == (a.index == b.index)
    if a == b:
        assert hash(a) == hash(b)
    assert (a < b) == (a.index < b.index)


@given(cards)
def test_section1_card_pickle_and_copy_preserve_identity(card: Card) -> None:
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert copy.deepcopy([card, card])[0] is card


def test_section1_card_is_immutable() -> None:
    # There is one instance per card, shared by everyone: it must not change.
    card = Card.parse("AS")
    try:
        with pytest.raises(AttributeError):
            card.rank = Rank.TWO  # type: ignore[misc]
        with pytest.raises(AttributeError):
            card.index = 0  # type: ignore[misc]
    finally:  # undo the damage if it did change, so other tests see the real ace
        object.__setattr__(card, "rank", Rank.ACE)
        object.__setattr__(card, "index", 51)
    assert card.rank is Rank.ACE


def test_r24_card_strength_under_iron() -> None:
    ace, two, king = Card.parse("AH"), Card.parse("2H"), Card.parse("KH")
    assert ace.strength() > king.strength() > two.strength()
    assert king.strength(iron=True) > two.strength(iron=True) > ace.strength(iron=True)


# --- Card sets -------------------------------------------------------------------------


def test_section1_notation_cardset_parse_and_str() -> None:
    hand = CardSet.parse("2C AS 10H KS")
    assert str(hand) == "AS KS 10H 2C"
    assert len(hand) == 4
    assert Card.parse("KS") in hand
    assert Card.parse("QS") not in hand
    assert CardSet.parse("2c as th k♠") == hand
    assert CardSet.parse("E♠ K♠ 10♥ 2♣") == hand
    assert CardSet.parse("AS, KS, 10H, 2C") == hand
    assert CardSet.parse("") == CardSet() == CardSet([])
    assert str(CardSet()) == ""
    assert repr(hand) == "CardSet.parse('AS KS 10H 2C')"


@pytest.mark.parametrize("text", ["AS KS AS", "AS as", "AS A♠", "10H TH", "KnH JH"])
def test_section1_notation_cardset_duplicates_raise_naming_the_input(text: str) -> None:
    with pytest.raises(NotationError) as error:
        CardSet.parse(text)
    assert repr(text) in str(error.value)


@pytest.mark.parametrize("text", ["AS 1X", "ZZ", "AS KS QQ"])
def test_section1_notation_cardset_bad_card_raises_naming_it(text: str) -> None:
    bad = text.split()[-1]
    with pytest.raises(NotationError, match=bad):
        CardSet.parse(text)


def test_section1_cardset_rejects_bad_mask_and_non_cards() -> None:
    with pytest.raises(NotationError):
        CardSet(1 << 52)
    with pytest.raises(NotationError):
        CardSet(-1)
    with pytest.raises(TypeError):
        CardSet(["AS"])  # type: ignore[list-item]


@given(card_sets)
def test_section1_notation_cardset_str_round_trip(cards_: frozenset[Card]) -> None:
    hand = CardSet(cards_)
    assert CardSet.parse(str(hand)) == hand
    assert CardSet.parse(str(hand).lower()) == hand
    assert CardSet.parse(" ".join(c.symbol() for c in hand)) == hand
    assert CardSet.parse(" ".join(swedish(c) for c in hand)) == hand
    assert eval(repr(hand), {"CardSet": CardSet}) == hand


@given(card_sets, card_sets)
def test_section1_cardset_ops_match_frozensets(a: frozenset[Card], b: frozenset[Card]) -> None:
    x, y = CardSet(a), CardSet(b)
    assert set(x & y) == a & b
    assert set(x | y) == a | b
    assert set(x - y) == a - b
    assert set(x ^ y) == a ^ b
    assert (x <= y) == (a <= b)
    assert (x >= y) == (a >= b)
    assert (x == y) == (a == b)
    assert len(x) == len(a)
    assert bool(x) == bool(a)
    for card in ALL_CARDS:
        assert (card in x) == (card in a)
    assert frozenset(x) == a


@given(card_sets)
def test_section1_cardset_non_cards_are_not_members(a: frozenset[Card]) -> None:
    hand = CardSet(a)
    assert "AS" not in hand
    assert 51 not in hand
    assert hand != a  # a CardSet is not a frozenset


@given(masks)
def test_section1_cardset_mask_round_trip_and_hash(mask: int) -> None:
    hand = CardSet(mask)
    assert hand.mask == mask
    same = CardSet(list(hand))
    assert same == hand
    assert hash(same) == hash(hand)
    assert len({hand, same}) == 1


def test_section1_cardset_iteration_order_spades_to_clubs_high_to_low() -> None:
    full = list(CardSet.full())
    assert len(full) == 52
    assert [str(c) for c in full[:14]] == [
        "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AH",
    ]
    assert str(full[-1]) == "2C"
    suits = [c.suit for c in full]
    assert suits == sorted(suits, reverse=True)
    for suit in Suit:
        ranks = [c.rank for c in full if c.suit is suit]
        assert ranks == sorted(ranks, reverse=True)


@given(card_sets)
def test_section1_cardset_iteration_order_stable(a: frozenset[Card]) -> None:
    hand = CardSet(a)
    listed = list(hand)
    assert listed == list(hand)
    assert listed == sorted(a, key=lambda c: (c.suit, c.rank), reverse=True)
    assert listed == list(CardSet(reversed(listed)))


@given(card_sets)
def test_section1_cardset_per_suit_views(a: frozenset[Card]) -> None:
    hand = CardSet(a)
    union = CardSet()
    for suit in Suit:
        view = hand.suit(suit)
        assert set(view) == {c for c in a if c.suit is suit}
        assert hand.count(suit) == len(view)
        union = union | view
    assert union == hand
    assert hand.suits() == frozenset(c.suit for c in a)
    assert sum(hand.count(s) for s in Suit) == len(hand)


def test_section1_cardset_suit_view_example() -> None:
    hand = CardSet.parse("AS KS 10H 9H 2H 3C")
    assert hand.suit(Suit.HEARTS) == CardSet.parse("10H 9H 2H")
    assert hand.suit(Suit.DIAMONDS) == CardSet()
    assert hand.count(Suit.SPADES) == 2
    assert hand.suits() == {Suit.SPADES, Suit.HEARTS, Suit.CLUBS}


def test_r4_r24_highest_lowest_examples() -> None:
    hand = CardSet.parse("AS KS 2S")
    assert hand.highest() == Card.parse("AS")
    assert hand.lowest() == Card.parse("2S")
    assert hand.highest(iron=True) == Card.parse("KS")
    assert hand.lowest(iron=True) == Card.parse("AS")
    assert CardSet().highest() is None
    assert CardSet().lowest(iron=True) is None
    # Equal ranks in different suits: the higher suit is "highest", the lower "lowest".
    aces = CardSet.parse("AH AS AC")
    assert aces.highest() == Card.parse("AS")
    assert aces.lowest() == Card.parse("AC")
    assert aces.lowest(iron=True) == Card.parse("AC")


@given(st.frozensets(cards, min_size=1), st.booleans())
def test_r4_r24_highest_lowest_are_extremes(a: frozenset[Card], iron: bool) -> None:
    hand = CardSet(a)
    high, low = hand.highest(iron), hand.lowest(iron)
    assert high in hand
    assert low in hand
    assert high is not None
    assert low is not None
    assert high.strength(iron) == max(c.strength(iron) for c in a)
    assert low.strength(iron) == min(c.strength(iron) for c in a)
    ordered = hand.sorted(iron)
    assert ordered[0].strength(iron) == low.strength(iron)
    assert ordered[-1].strength(iron) == high.strength(iron)
    assert [c.strength(iron) for c in ordered] == sorted(c.strength(iron) for c in a)


@given(card_sets)
def test_section1_cardset_pickle_and_copy_preserve_equality(a: frozenset[Card]) -> None:
    hand = CardSet(a)
    for clone in (pickle.loads(pickle.dumps(hand)), copy.copy(hand), copy.deepcopy(hand)):
        assert clone == hand
        assert hash(clone) == hash(hand)
        assert all(x is y for x, y in zip(clone, hand, strict=True))


def test_section1_cardset_is_immutable() -> None:
    hand = CardSet.parse("AS")
    with pytest.raises(AttributeError):
        hand.mask = 0  # type: ignore[misc]
    assert hand.mask == Card.parse("AS").mask


def test_r4_every_suit_is_truthy_even_clubs() -> None:
    # Suit values index the suits from 0, but `if deal.trump:` must not read clubs as none.
    assert all(bool(suit) for suit in Suit)
    assert Suit.CLUBS == 0
