"""The heuristic bot and R8's exact layer (issue 13): it never bids a combo that the exact
search proves impossible with its own hand, and the check reads nothing but its view.

The hand-built deals have dealer 3: seat 0 bids first, seat 1 (the bot under test) next.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combowhist import CardSet, ComboBid, Deal, MakeBid, Pass, load_profile
from combowhist.analysis import proven_impossible, witness
from combowhist.bots import HeuristicBot
from combowhist.strategies import combo_bids

CLUBS = "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"
HIGH_BID = "bid taintless_masters_game+masters_mail+penalty+plague"
"""Seat 0's opening, worth 14: seat 1 can outbid it only with many special bids."""

LOW = -2.0
"""A threshold that bids at a loss (as a player far behind might): the bot then weighs the
long shots, among them combos its hand can never complete."""
CHECKED = HeuristicBot(min_expectation=LOW)
UNCHECKED = HeuristicBot(min_expectation=LOW, r8_nodes=0)


def _deal(hand: str, *moves: str, shift: int = 0, profile: str = "1.4.2") -> Deal:
    """Seat 1 holds ``hand``; the other cards go round seats 0, 2, 3 in turn (``shift``
    moves the round along, changing only what seat 1 cannot see); then ``moves``."""
    deck = load_profile(profile).deck(4)
    held = CardSet.parse(hand)
    rest = [c for c in sorted(deck) if c not in held]
    rest = rest[shift:] + rest[:shift]
    others = [" ".join(str(c) for c in rest[i::3]) for i in range(3)]
    deal = Deal.from_hands([others[0], hand, others[1], others[2]], dealer=3,
                           profile=profile)
    for move in moves:
        deal = deal.apply(move)
    return deal


def _bid(bot: HeuristicBot, deal: Deal) -> object:
    assert deal.to_move is not None
    return bot.choose(deal, deal.to_move, random.Random(0))


def _proven_impossible(hand: CardSet, combo: ComboBid, players: int, nodes: int) -> bool:
    """The bounded search alone, within ``nodes`` tricks (the bot's own bound), proves the
    combo impossible; undecided is not a proof."""
    return proven_impossible(hand, combo, players=players, max_nodes=nodes)


def test_r8_heuristic_skips_a_top_bid_impossible_with_its_hand() -> None:
    """All 13 clubs, over a bid worth 14: the bot's best-ranked combo is Max Trump with
    Lock and Ending Dog. With clubs as trump every club of D wins its trick (no opponent
    holds one), so D cannot lose tricks 1-3 (Lock) nor 13 (Ending Dog); with any other
    trump D never wins a trick (it leads only after winning one). Impossible (R8): the bot
    goes down its list instead."""
    deal = _deal(CLUBS, HIGH_BID)
    unchecked = _bid(UNCHECKED, deal)
    assert isinstance(unchecked, MakeBid)
    assert str(unchecked.combo) == "max_trump+greed+ending_dog+masters_mail+lock+plague+open_hand"
    hand = CardSet.parse(CLUBS)
    assert witness(hand, unchecked.combo, profile="1.4.2") is None
    checked = _bid(CHECKED, deal)
    assert checked != unchecked
    assert checked in deal.legal_moves()
    if isinstance(checked, MakeBid):  # what it bids instead is not proven impossible
        assert not _proven_impossible(hand, checked.combo, 4, CHECKED.r8_nodes)


def test_r8_heuristic_bids_what_its_budget_cannot_decide() -> None:
    """Only a proof keeps the bot from a bid: with a bound too small to prove the top
    bid of the scenario above impossible, the check is undecided and the bot bids it."""
    deal = _deal(CLUBS, HIGH_BID)
    assert _bid(HeuristicBot(min_expectation=LOW, r8_nodes=1), deal) == _bid(UNCHECKED, deal)


def test_r8_heuristic_check_reads_only_the_seats_view() -> None:
    """The same scenario with the 39 other cards dealt otherwise among seats 0, 2 and 3:
    seat 1's view is the same, and so is its bid, which the check changed (the check
    reads the seat's own hand and the view's profile and participant count, never the
    deal's other hands)."""
    decided = {str(_bid(CHECKED, _deal(CLUBS, HIGH_BID, shift=shift)))
               for shift in (0, 1, 2, 5)}
    assert len(decided) == 1
    assert decided != {str(_bid(UNCHECKED, _deal(CLUBS, HIGH_BID)))}


@st.composite
def _lopsided_auctions(draw: st.DrawFn) -> Deal:
    """Seat 1 holds a whole suit (the hands whose combos R8's exact layer proves
    impossible most often), the other cards are dealt at random, and seat 0 has passed or
    bid a random legal combo worth at least 10 (which only combos of many special bids
    outbid)."""
    profile = draw(st.sampled_from(("1.4.1", "1.4.2", "1.5.1")))
    deck = sorted(load_profile(profile).deck(4))
    suit = draw(st.sampled_from(range(4)))
    held = [c for c in deck if int(c.suit) == suit]
    rest = draw(st.permutations([c for c in deck if c not in held]))
    hands = [CardSet(rest[0:13]), CardSet(held), CardSet(rest[13:26]), CardSet(rest[26:39])]
    deal = Deal.from_hands(hands, dealer=3, profile=profile)
    opening = draw(st.one_of(st.just(Pass()), combo_bids(profile, min_worth=10).map(MakeBid)))
    return deal.apply(opening)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_lopsided_auctions())
def test_r8_heuristic_never_bids_a_combo_proven_impossible(deal: Deal) -> None:
    """Whatever the hand and the bid before, the bot's bid is never one that
    :func:`~combowhist.analysis.proven_impossible` proves impossible with its hand within
    the bot's bound."""
    move = _bid(CHECKED, deal)
    assert move in deal.legal_moves()
    if isinstance(move, MakeBid):
        hand = deal.view(1).hand
        assert not _proven_impossible(hand, move.combo, 4, CHECKED.r8_nodes)
