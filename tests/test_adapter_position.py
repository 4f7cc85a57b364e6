"""The adapters' common ground, :class:`~combowhist.adapters.position.Position` (issue 14,
"Adapters"): a deal stepped one encoding action at a time, what it shows a seat coming from
that seat's view only. No framework needed: these run everywhere."""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import combowhist
from combowhist import CardSet, Deal, IllegalMoveError
from combowhist.adapters.position import Position, observation_size
from combowhist.encoding import Draft, IllegalActionError
from combowhist.profiles import RuleProfile
from combowhist.strategies import played_deals, profiles


def _random_walk(position: Position, rng: random.Random, steps: int) -> Position:
    for _ in range(steps):
        if position.is_over:
            break
        position = position.apply(rng.choice(position.legal_actions()))
    return position


def test_issue14_importing_combowhist_imports_no_framework() -> None:
    code = ("import sys, combowhist, combowhist.adapters, combowhist.adapters.position; "
            "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'pyspiel', 'numpy') "
            "if m in sys.modules))")
    root = Path(combowhist.__file__).parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=root)
    assert out.stdout.strip() == "[]"


@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([3, 4]), profile=profiles(), seed=st.integers(0, 2**32))
def test_issue14_position_actions_are_the_encodings_of_the_views_moves(
        players: int, profile: RuleProfile, seed: int) -> None:
    """At every step of a random deal of any edition the legal actions are the encoding's
    for the legal moves the mover's view lists, and each action steps as the encoding
    steps."""
    rng = random.Random(seed)
    position = Position(Deal.new(players, profile=profile, rng=rng))
    space = position.space
    while not position.is_over:
        seat = position.to_move
        assert seat is not None
        moves = position.view(seat).legal_moves()
        assert position.legal_actions() == space.legal_actions(moves, position.draft)
        action = rng.choice(position.legal_actions())
        done = space.step(moves, position.draft, action)
        after = position.apply(action)
        if isinstance(done, Draft):
            assert (after.deal, after.draft) == (position.deal, done)
            assert after.to_move == seat  # a move of several actions: the same seat
        else:
            assert (after.deal, after.draft) == (position.deal.apply(done), Draft())
        position = after
    assert position.legal_actions() == ()


def test_issue14_position_refuses_an_illegal_action_and_changes_nothing() -> None:
    position = Position(Deal.new(4, seed=3))
    ace = position.space.card(51)
    with pytest.raises(IllegalActionError,
                       match=rf"seat 1: action {ace} \(card AS\) is not legal after "
                             r".* in phase auction \(legal: pass, "):
        position.apply(ace)
    with pytest.raises(IllegalActionError, match="action 9999 is not one of the"):
        position.apply(9999)
    for bad in (True, "pass", 1.0, None):
        with pytest.raises(IllegalActionError, match="is not an integer"):
            position.apply(bad)
    assert position == Position(Deal.new(4, seed=3))
    over = _random_walk(position, random.Random(1), 10_000)
    assert over.is_over
    with pytest.raises(IllegalActionError, match="the deal is over"):
        over.apply(0)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 250))
def test_issue14_position_is_a_value_copies_pickles_and_json(seed: int, steps: int) -> None:
    position = _random_walk(Position(Deal.new(4, seed=seed)), random.Random(seed), steps)
    assert copy.copy(position) is position
    assert copy.deepcopy(position) is position  # immutable: an OpenSpiel clone is free
    for again in (pickle.loads(pickle.dumps(position)), Position.from_json(position.to_json())):
        assert again == position
        assert hash(again) == hash(position)
        assert again.legal_actions() == position.legal_actions()


def test_issue14_position_from_json_checks_the_draft() -> None:
    position = Position(Deal.new(4, seed=3))
    text = position.to_json().replace('"draft": []', '"draft": [200]')
    with pytest.raises(IllegalActionError, match="action 200"):
        Position.from_json(text)


def test_issue14_observation_is_the_views_then_the_own_draft() -> None:
    from combowhist.observation import observation_layout, observe

    position = Position(Deal.new(4, seed=7))
    trump = position.space.standard_start + position.deal.profile.position["trump"]
    position = position.apply(trump)
    size = observation_layout(position.deal.profile, 4).size
    mover = position.observation(1)
    assert len(mover) == observation_size(position.deal.profile, 4)
    assert mover[:size] == observe(position.view(1))
    assert [i for i, flag in enumerate(mover[size:]) if flag] == [trump]
    assert set(position.observation(2)[size:]) == {0.0}  # the others see no half-made bid
    assert position.information_text(2) == Position(position.deal).information_text(2)
    assert position.information_text(1) != Position(position.deal).information_text(1)


def test_issue14_a_draft_shares_the_observations_made_of_its_deal() -> None:
    start = Position(Deal.new(4, seed=7))
    trump = start.space.standard_start + start.deal.profile.position["trump"]
    size = observation_size(start.deal.profile, 4) - start.space.size
    before = start.observation(1)  # made once, then shared by the positions of the bid
    built = start.apply(trump)
    after = built.observation(1)
    assert after[:size] == before[:size]
    assert after[size:] != before[size:]
    assert after == Position(start.deal, built.draft).observation(1)
    assert start.observation(1) == before


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(deal=played_deals(players=4), data=st.data())
def test_issue14_what_a_seat_gets_ignores_cards_hidden_from_it(deal: Deal,
                                                               data: st.DataObject) -> None:
    seat, a, b = data.draw(st.permutations(range(4)))[:3]
    swapped = _swap_hidden(deal, seat, a, b, data)
    before, after = Position(deal), Position(swapped)
    assert after.observation(seat) == before.observation(seat)
    assert after.information_text(seat) == before.information_text(seat)
    assert after.text(seat) == before.text(seat)
    if deal.to_move == seat:
        assert after.legal_actions() == before.legal_actions()
    assert after.information_text(a) != before.information_text(a)  # a's hand did change
def _swap_hidden(deal: Deal, seat: int, a: int, b: int, data: st.DataObject) -> Deal:
    """``deal`` with a card of seat ``a`` and one of seat ``b`` swapped (both still in
    their hands, of one suit, named nowhere in ``seat``'s view), replayed from the swapped
    dealt hands: what ``seat`` cannot see changes, its view does not."""
    view = deal.view(seat)
    known = view.exposed | view.atelier | view.sent | view.received
    for cards in view.shown:
        known = known | cards
    named = {c for c in (*view.laid, view.justice_card) if c is not None}
    pairs = [(x, y) for x in deal.hands[a] - known for y in deal.hands[b] - known
             if x.suit is y.suit and x not in named and y not in named]
    assume(pairs)
    x, y = data.draw(st.sampled_from(pairs))
    hands = list(deal.dealt_hands)
    swap = CardSet.parse(f"{x} {y}")
    assume(len(hands[a] & swap) == 1 and len(hands[b] & swap) == 1)
    hands[a], hands[b] = hands[a] ^ swap, hands[b] ^ swap
    other = Deal.from_hands(hands, profile=deal.profile, dealer=deal.dealer)
    try:
        for move in deal.history:
            other = other.apply(move)
    except IllegalMoveError:
        assume(False)
    assert other.hands != deal.hands
    assume(other.view(seat) == view)  # e.g. not a card given by Rank Trump's take
    return other
