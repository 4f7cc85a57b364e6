"""The rebuilt core (issue 11): the state record, the registry of phases and events, the
log, and the parts of the kernel that the equality property alone does not pin."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import Deal, Phase, load_profile
from combowhist.bids import ComboBid
from combowhist.cards import mask_indices
from combowhist.combos import legal_combos
from combowhist.errors import IllegalMoveError
from combowhist.legal import CardSubsetMoves
from combowhist.moves import MakeBid, Send, SetAtelier
from combowhist.rules.auction import bid_moves
from combowhist.rules.phases import PHASES
from combowhist.rules.play import PlayFlag, declarer_bound, legal_play_mask
from combowhist.rules.setup import EVENTS, STEPS, events_of, reaching
from combowhist.strategies import deals_at_phase, played_deals

MOVING_PHASES = [phase for phase in Phase if phase is not Phase.OVER]


# -- the registry -------------------------------------------------------------------------------


def test_issue11_every_phase_a_move_is_made_in_is_in_the_registry() -> None:
    assert set(PHASES) == set(MOVING_PHASES)


def test_issue11_every_pre_game_phase_belongs_to_an_event_and_each_step_is_described_once(
) -> None:
    steps = [step for event in EVENTS.values() for step in event.steps]
    assert set(STEPS) == {step.phase for step in steps}
    for phase, step in STEPS.items():  # a step shared by two events is one object
        assert all(other is step for other in steps if other.phase is phase)
    assert {phase for phase in MOVING_PHASES
            if phase not in (Phase.AUCTION, Phase.PLAY, Phase.REFILL, Phase.AWARD)} == set(STEPS)


def test_r12_events_of_a_combo_come_standard_first_then_by_the_order_column() -> None:
    profile = load_profile("1.4.2")
    combo = profile.bid("masters_trump")
    bid = ComboBid.parse("masters_trump+atelier+masters_mail+mail+plague+justice", profile)
    assert events_of(bid) == ("masters_trump", "justice", "plague", "mail", "masters_mail",
                              "atelier")
    assert combo.key == "masters_trump"
    guessing = ComboBid.parse("approximate+plague", profile)
    assert events_of(guessing) == ("guess", "plague")


@pytest.mark.parametrize("phase", MOVING_PHASES, ids=lambda p: p.value)
@settings(max_examples=6, deadline=None)
@given(data=st.data())
def test_issue11_a_deal_reaches_a_phase_only_with_a_contract_the_registry_says_reaches_it(
    phase: Phase, data: st.DataObject
) -> None:
    deal = data.draw(deals_at_phase(phase))
    test = reaching(phase)
    if test is None:
        return
    assert deal.combo is not None
    assert test(deal.combo)


def test_issue11_contracts_without_the_event_never_reach_its_phases() -> None:
    profile = load_profile("1.4.2")
    plain = ComboBid.parse("game", profile)
    for phase in (Phase.TRUMP, Phase.PREFERENCE, Phase.RANK_COMMIT, Phase.GUESS,
                  Phase.JUSTICE, Phase.AWARD, Phase.PLAGUE, Phase.MAIL, Phase.SEND,
                  Phase.MASTERS_MAIL, Phase.ATELIER, Phase.REFILL):
        test = reaching(phase)
        assert test is not None
        assert not test(plain), phase
    assert reaching(Phase.PLAY) is None
    assert reaching(Phase.AUCTION) is None


# -- the state ------------------------------------------------------------------------------------


def test_issue11_a_deal_is_immutable_and_made_only_by_its_constructors() -> None:
    deal = Deal.new(seed=1)
    with pytest.raises(AttributeError, match="immutable"):
        deal.phase = Phase.PLAY  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        deal._state = deal._state  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del deal._state
    with pytest.raises(TypeError, match=r"Deal\.new"):
        Deal()


def test_issue11_recording_a_move_shares_the_log_so_far() -> None:
    # O(1) history: the next state's log is one cell pointing at this state's log.
    deal = Deal.new(seed=2)
    after = deal.apply(deal.legal_moves()[1])
    assert after._state.log is not None
    assert after._state.log[0] is deal._state.log
    later = after.apply(after.legal_moves()[0])
    assert later._state.log[0] is after._state.log
    assert later.log[:1] == after.log
    assert len(later.history) == 2


@settings(max_examples=40, deadline=None)
@given(played_deals())
def test_issue11_copies_and_pickles_keep_the_log_and_the_moves(deal: Deal) -> None:
    for copied in (copy.deepcopy(deal), pickle.loads(pickle.dumps(deal)), copy.copy(deal)):
        assert copied == deal
        assert hash(copied) == hash(deal)
        assert copied.log == deal.log
        assert [str(m) for m in copied.legal_moves()[:5]] == [
            str(m) for m in deal.legal_moves()[:5]]


def test_issue11_play_flags_are_named() -> None:
    assert PlayFlag.OPPONENT_TRUMPED | PlayFlag.PLAGUE_PLAYED == 3
    deal = Deal.new(seed=1)
    assert deal.flags == PlayFlag(0)
    assert isinstance(deal.flags, PlayFlag)


def test_r7_r34_minimum_worth_is_what_the_auction_offers() -> None:
    deal = Deal.new(seed=5)
    seat = deal.to_move
    assert seat is not None
    assert deal.minimum_worth(seat) == deal.profile.min_worth
    deal = deal.apply("bid trump+lock")
    seat = deal.to_move
    assert seat is not None
    assert deal.high_bid is not None
    least = deal.high_bid.worth + 1  # equal potentials: the high bid must be beaten
    assert deal.minimum_worth(seat) == least
    bids = deal.legal_moves()
    worths = [bids[i].combo.worth for i in range(1, len(bids), 997)]  # type: ignore[attr-defined]
    assert min(worths) >= least
    with pytest.raises(IllegalMoveError, match="does not beat the high bid"):
        deal.apply("bid trump+lock")  # worth least - 1


# -- lazy moves -------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 51), min_size=0, max_size=16), st.integers(1, 4))
def test_issue11_card_picks_index_in_colex_order_and_round_trip(
    cards: set[int], size: int
) -> None:
    mask = sum(1 << c for c in cards)
    for factory in (Send, SetAtelier):
        moves = CardSubsetMoves(mask, size, factory)
        listed = [moves[i] for i in range(len(moves))]
        keys = [sorted(mask_indices(m.cards.mask), reverse=True) for m in listed]
        assert keys == sorted(keys, key=lambda k: k)  # colexicographic: by largest first
        assert len(set(map(str, listed))) == len(listed)
        for i, move in enumerate(listed):
            assert moves.index(move) == i
            assert move in moves


# -- the kernel's draws -------------------------------------------------------------------------


class _CountingRandom(random.Random):
    """A generator whose randrange is its own: the kernel must call it, not a shortcut."""

    calls = 0

    def randrange(self, *args: int, **kwargs: int) -> int:  # type: ignore[override]
        type(self).calls += 1
        return super().randrange(*args, **kwargs)


def test_issue11_the_kernel_draws_through_a_subclass_own_randrange() -> None:
    deal = Deal.new(seed=8)
    _CountingRandom.calls = 0
    finished = deal.playout(_CountingRandom(3))
    assert _CountingRandom.calls == len(finished.history)
    reference = deal
    rng = random.Random(3)
    while reference.to_move is not None:
        moves = reference.legal_moves()
        reference = reference.apply(moves[rng.randrange(len(moves))])
    assert finished == reference


# -- views --------------------------------------------------------------------------------------


SECRET_PHASES = [Phase.RANK_COMMIT, Phase.SEND, Phase.MASTERS_MAIL, Phase.ATELIER,
                 Phase.REFILL, Phase.AWARD]


@pytest.mark.parametrize("phase", SECRET_PHASES, ids=lambda p: p.value)
@settings(max_examples=5, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_r11_r30_views_kept_up_move_by_move_equal_views_built_afresh(
    phase: Phase, data: st.DataObject, seed: int
) -> None:
    # A view of the deal after a move extends the same seat's view of the deal before it
    # (once the first card is led, nothing earlier is revealed any more); a view built from
    # a copy, which has no such history, must be the same.
    deal = data.draw(deals_at_phase(phase))
    rng = random.Random(seed)
    while True:
        for seat in range(deal.players):
            kept_up = deal.view(seat)
            afresh = pickle.loads(pickle.dumps(deal)).view(seat)
            assert kept_up == afresh
            assert kept_up.log == afresh.log
        if deal.to_move is None:
            break
        moves = deal.legal_moves()
        deal = deal.apply(moves[rng.randrange(len(moves))])


# -- combo spaces ---------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["1.4.1", "1.4.2"])
@pytest.mark.parametrize("players", [3, 4])
@settings(max_examples=25, deadline=None)
@given(minimum=st.integers(0, 18), fraction=st.floats(0, 1, exclude_max=True))
def test_r7_r8_a_combo_space_item_is_the_combo_of_its_bids_and_indexes_back(
    edition: str, players: int, minimum: int, fraction: float
) -> None:
    # Items are built fast (specials picked in table order, worth summed while
    # unranking); each must equal the combo of the same bids built the plain way.
    space = legal_combos(load_profile(edition), players, minimum)
    if not len(space):
        return
    index = int(fraction * len(space))
    combo = space[index]
    plain = ComboBid.unchecked(combo.profile, combo.standard, combo.specials)
    assert combo == plain
    assert (combo.worth, combo.specials, str(combo)) == (plain.worth, plain.specials, str(plain))
    assert combo.worth >= space.minimum
    assert combo.checked_for(players)
    assert space.index(combo) == index
    assert ComboBid.parse(str(combo), edition, players) == combo  # R7, R8: a legal bid


@settings(max_examples=200, deadline=None)
@given(hand=st.integers(1, (1 << 52) - 1), led=st.integers(-1, 3), block=st.integers(-1, 3),
       plague=st.integers(-1, 3), flags=st.sampled_from(list(PlayFlag)) | st.just(0))
def test_r27_r28_a_declarer_no_longer_bound_plays_as_anyone_else(
    hand: int, led: int, block: int, plague: int, flags: int
) -> None:
    # The kernel skips D's own rules once declarer_bound says they are lifted: they must
    # then give exactly R23's cards, as for any other seat.
    if not declarer_bound(block, plague, flags):
        assert (legal_play_mask(hand, led, True, block, plague, flags)
                == legal_play_mask(hand, led, False, block, plague, flags))
    if block < 0 and plague < 0:
        assert not declarer_bound(block, plague, flags)


def test_r7_bid_moves_of_a_small_space_are_made_once_and_are_the_space_combos() -> None:
    bids = bid_moves(load_profile("1.4.2"), 4, 15)
    assert 0 < len(bids) <= 4096
    for index in (0, len(bids) // 2, len(bids) - 1):
        move = bids[index]
        assert move is bids[index]  # remembered: later auctions share it
        assert move == MakeBid(bids.space[index])
        assert bids.index(move) == index
    assert list(bids) == [MakeBid(combo) for combo in bids.space]
