"""The playout kernel (``Deal.playout``) reaches the very state the checked per-move loop
reaches from the same random generator, and leaves the generator as that loop does."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import Deal, Phase, load_profile
from combowhist.bots import HeuristicBot, RandomBot, play_deal
from combowhist.strategies import deals_at_phase, played_deals, reachable_phases

PHASES = [phase for phase in Phase if phase is not Phase.OVER]


def checked_loop(deal: Deal, rng: random.Random) -> Deal:
    """The reference: a uniformly random legal move at every decision, each applied and
    checked by ``Deal.apply``."""
    while deal.to_move is not None:
        moves = deal.legal_moves()
        deal = deal.apply(moves[rng.randrange(len(moves))])
    return deal


EDITIONS = ("1.4.0", "1.4.1", "1.4.2", "1.5.1")


def assert_same_playout(deal: Deal, seed: int) -> Deal:
    kernel_rng, checked_rng = random.Random(seed), random.Random(seed)
    fast = deal.playout(kernel_rng)
    slow = checked_loop(deal, checked_rng)
    assert fast == slow
    assert fast.to_json() == slow.to_json()
    assert fast.result is not None
    assert fast.result == slow.result
    assert kernel_rng.getstate() == checked_rng.getstate()  # the same draws, in order
    return fast


@settings(max_examples=60, deadline=None)
@given(played_deals(), st.integers(0, 2**32))
def test_playout_equals_the_checked_loop_from_any_point(deal: Deal, seed: int) -> None:
    assert_same_playout(deal, seed)


@pytest.mark.parametrize("phase", PHASES, ids=[p.value for p in PHASES])
@settings(max_examples=8, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_playout_equals_the_checked_loop_from_every_phase(
    phase: Phase, data: st.DataObject, seed: int
) -> None:
    deal = data.draw(deals_at_phase(phase))
    assert_same_playout(deal, seed)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("profile", EDITIONS)
@pytest.mark.parametrize("phase", PHASES, ids=[p.value for p in PHASES])
@settings(max_examples=2, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_issue11_playout_equals_the_checked_loop_for_every_phase_edition_and_table(
    phase: Phase, profile: str, players: int, data: st.DataObject, seed: int
) -> None:
    if phase not in reachable_phases(profile):  # 1.5.1's Mail has a fixed direction
        with pytest.raises(ValueError, match=f"no deal under profile {profile} reaches"):
            deals_at_phase(phase, players=players, profile=profile)
        return
    deal = data.draw(deals_at_phase(phase, players=players, profile=profile))
    assert (deal.players, deal.profile.key) == (players, profile)
    assert_same_playout(deal, seed)


@pytest.mark.parametrize("profile", EDITIONS)
@pytest.mark.parametrize("players", [3, 4])
def test_playout_equals_the_checked_loop_for_both_editions(profile: str, players: int) -> None:
    rules = load_profile(profile)
    for seed in range(40):
        deal = Deal.new(players=players, dealer=seed % players, profile=rules, seed=seed)
        finished = assert_same_playout(deal, seed)
        assert sum(finished.result.tricks) in (0, 13)  # a redeal, or 13 tricks


def test_playout_of_a_finished_deal_is_the_deal_and_draws_nothing() -> None:
    done = Deal.new(seed=3).playout(random.Random(3))
    rng = random.Random(9)
    state = rng.getstate()
    assert done.playout(rng) is done
    assert rng.getstate() == state


def test_play_deal_with_random_bots_is_the_kernel_and_the_bots_alike() -> None:
    deal = Deal.new(players=4, seed=11)
    by_bots = play_deal(deal, [RandomBot()] * 4, random.Random(5))
    assert by_bots == checked_loop(deal, random.Random(5))
    mixed = play_deal(deal, [RandomBot(), HeuristicBot(), RandomBot(), RandomBot()],
                      random.Random(5))
    assert mixed.is_over  # not every bot random: move by move, each bot choosing
