"""Completion and points of a deal (R31-R34), judged from hand-made trick records."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import ComboBid, load_profile
from combowhist.rules.outcome import Score, TrickRecord, score

FAIL = -2  # R34, the profiles' fail_points
PROFILE = load_profile("1.4.2")


def combo(text: str) -> ComboBid:
    """A combo bid without R7/R8 checks, so that impossible ones can be judged too."""
    standard, *specials = text.split("+")
    return ComboBid.unchecked(PROFILE, PROFILE.bids[standard],
                              tuple(b for b in PROFILE.special_bids if b.key in specials))


def record(
    declarer_tricks: Iterable[int],
    others: Sequence[int] = (),
    declarer: int = 0,
    participants: int = 4,
    plague: Sequence[int] = (),
    plague_in_use: int = 13,
) -> TrickRecord:
    """D brings home the numbered tricks (1-13); the other seats, in seat order, take the
    remaining tricks in order, ``others[i]`` each (the last one takes what is left)."""
    mine = set(declarer_tricks)
    seats = [s for s in range(participants) if s != declarer]
    counts = list(others) or [0] * len(seats)
    counts[-1] = 13 - len(mine) - sum(counts[:-1])
    assert len(counts) == len(seats)
    assert all(c >= 0 for c in counts)
    rest = iter(seat for seat, c in zip(seats, counts, strict=True) for _ in range(c))
    winners = tuple(declarer if n in mine else next(rest) for n in range(1, 14))
    return TrickRecord(winners=winners, plague_counts=tuple(plague), plague_in_use=plague_in_use)


def judge(text: str, rec: TrickRecord, guesses: Sequence[int] = (), declarer: int = 0,
          participants: int = 4) -> Score:
    return score(combo(text), declarer, participants, rec, guesses, FAIL)


def first(n: int) -> range:
    """Tricks 1..n."""
    return range(1, n + 1)


# --- R31: standard bids ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "others", "completed"),
    [
        (3, (4, 3, 3), True),
        (0, (5, 4, 4), True),
        (4, (5, 4, 0), True),
        (4, (4, 4, 1), False),  # sharing the most is not ok
        (4, (4, 3, 2), False),
        (5, (4, 4, 0), False),
    ],
)
def test_r31_bid_of_shame_fewer_than_someone(tricks: int, others: tuple[int, ...],
                                             completed: bool) -> None:
    result = judge("bid_of_shame+atelier", record(first(tricks), others))
    assert result.completed is completed
    assert result.points == (1 if completed else FAIL)


@pytest.mark.parametrize(
    ("tricks", "others", "completed"),
    [
        (3, (3, 3, 4), True),  # a tie for least is ok
        (0, (13, 0, 0), True),
        (2, (3, 4, 4), True),
        (3, (2, 4, 4), False),
        (1, (0, 6, 6), False),
    ],
)
def test_r31_masters_bid_of_shame_least_tie_ok(tricks: int, others: tuple[int, ...],
                                                completed: bool) -> None:
    result = judge("masters_bid_of_shame", record(first(tricks), others))
    assert result.completed is completed
    assert result.points == (2 if completed else FAIL)


@pytest.mark.parametrize(
    ("tricks", "others", "completed"),
    [
        (5, (4, 4, 0), True),
        (4, (3, 3, 3), True),
        (5, (5, 3, 0), False),  # must be solitary
        (4, (5, 2, 2), False),
        (13, (0, 0, 0), True),
    ],
)
def test_r31_masters_game_solitary_most(tricks: int, others: tuple[int, ...],
                                        completed: bool) -> None:
    result = judge("masters_game", record(first(tricks), others))
    assert result.completed is completed
    assert result.points == (3 if completed else FAIL)


def test_r31_masters_game_three_participants() -> None:
    assert judge("masters_game", record(first(5), (4, 4), participants=3),
                 participants=3).completed
    assert not judge("masters_game", record(first(5), (5, 3), participants=3),
                     participants=3).completed


@pytest.mark.parametrize(
    ("won", "completed"),
    [
        ({1, 8, 9}, True),
        ({8}, True),
        ({8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5}, True),  # 5 of the first 7, 6 of the last 6
        ({1, 2, 8, 9}, False),
        ({7, 8}, False),  # trick 7 belongs to the first 7
        ({8, 9}, True),
        (set(), False),
        ({1, 2, 3}, False),
    ],
)
def test_r31_limbo_first_seven_vs_last_six(won: set[int], completed: bool) -> None:
    assert judge("limbo", record(won)).completed is completed


@pytest.mark.parametrize(("tricks", "completed"), [(0, True), (1, False), (13, False)])
def test_r31_zero(tricks: int, completed: bool) -> None:
    result = judge("zero", record(first(tricks)))
    assert result.completed is completed
    assert result.points == (4 if completed else FAIL)


@pytest.mark.parametrize(("tricks", "guess", "completed"),
                         [(4, 4, True), (5, 4, False), (3, 4, False), (0, 0, True),
                          (13, 13, True)])
def test_r31_precise(tricks: int, guess: int, completed: bool) -> None:
    result = judge("precise", record(first(tricks)), guesses=(guess,))
    assert result.completed is completed
    assert result.points == (2 if completed else FAIL)


@pytest.mark.parametrize(("tricks", "completed"), [(2, True), (6, True), (4, False),
                                                   (0, False), (13, False)])
def test_r31_approximate(tricks: int, completed: bool) -> None:
    assert judge("approximate", record(first(tricks)), guesses=(2, 6)).completed is completed


@pytest.mark.parametrize(
    ("standard", "minimum", "points"),
    [
        ("trump", 5, 1), ("grill", 5, 2), ("block_trump", 5, 1), ("game", 5, 2),
        ("sub_trump", 5, 3), ("rank_trump", 5, 4), ("masters_trump", 5, 6),
        ("max_trump", 7, 3), ("taintless_masters_game", 12, 8),
    ],
)
def test_r31_minimum_tricks(standard: str, minimum: int, points: int) -> None:
    at = judge(standard, record(first(minimum)))
    assert at.completed
    assert at.points == points
    assert judge(standard, record(first(13))).completed
    below = judge(standard, record(first(minimum - 1)))
    assert not below.completed
    assert below.points == FAIL


def test_r31_declarer_at_another_seat() -> None:
    rec = record(first(5), (4, 4, 0), declarer=2)
    assert rec.winners.count(2) == 5
    assert judge("masters_game", rec, declarer=2).completed
    assert not judge("masters_game", rec, declarer=0).completed  # seat 0 has 4
    assert judge("bid_of_shame+atelier", rec, declarer=0).completed


# --- R31: Lock and Ending Dog --------------------------------------------------------


@pytest.mark.parametrize(
    ("won", "completed"),
    [
        (range(4, 9), True),
        (range(9, 14), True),
        ({3, 4, 5, 6, 7, 8}, False),
        ({1, 9, 10, 11, 12, 13}, False),
        ({2, 9, 10, 11, 12, 13}, False),
        (range(4, 8), False),  # Lock kept, but Trump needs 5
    ],
)
def test_r31_lock_none_of_tricks_1_to_3(won: Iterable[int], completed: bool) -> None:
    assert judge("trump+lock", record(won)).completed is completed


@pytest.mark.parametrize(
    ("won", "completed"),
    [
        (first(5), True),
        (first(12), True),
        (range(9, 14), False),
        ({1, 2, 3, 4, 13}, False),
    ],
)
def test_r31_ending_dog_not_the_last_trick(won: Iterable[int], completed: bool) -> None:
    assert judge("trump+ending_dog", record(won)).completed is completed


def test_r31_taintless_ending_dog_needs_12_without_the_last() -> None:
    assert judge("taintless_masters_game+ending_dog", record(first(12))).completed
    assert not judge("taintless_masters_game+ending_dog", record(range(2, 14))).completed


# --- R32: Greed ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tricks", "others", "guesses", "completed"),
    [
        ("trump+greed", 5, (), (), False),  # minus the virtual trick: 4
        ("trump+greed", 6, (), (), True),
        ("max_trump+greed", 7, (), (), False),
        ("max_trump+greed", 8, (), (), True),
        ("bid_of_shame+greed", 3, (4, 3, 3), (), False),  # plus the virtual trick: 4
        ("bid_of_shame+greed", 3, (5, 3, 2), (), True),
        ("masters_bid_of_shame+greed", 3, (3, 3, 4), (), False),
        ("masters_bid_of_shame+greed", 2, (3, 4, 4), (), True),
        ("masters_game+greed", 5, (4, 4, 0), (), False),
        ("masters_game+greed", 6, (4, 3, 0), (), True),
        ("approximate+greed", 5, (), (4, 6), True),
        ("approximate+greed", 4, (), (4, 6), False),
        ("approximate+greed", 6, (), (4, 6), False),
        ("precise+greed", 5, (), (5,), False),
        ("zero+greed", 0, (), (), False),
        ("taintless_masters_game+greed", 12, (), (), False),
        ("taintless_masters_game+greed", 13, (), (), True),
    ],
)
def test_r32_greed_virtual_trick_disfavors_declarer(
    text: str, tricks: int, others: tuple[int, ...], guesses: tuple[int, ...], completed: bool
) -> None:
    result = judge(text, record(first(tricks), others), guesses=guesses)
    assert result.completed is completed
    if completed:
        assert result.points == combo(text).score + 1


@pytest.mark.parametrize(
    ("won", "completed"),
    [
        ({8, 9}, True),  # 0 of the first 7, 2 of the last 6
        ({8}, False),  # a margin of 1 is not enough
        ({1, 8, 9}, False),
        ({1, 8, 9, 10}, True),
        ({1, 2, 8, 9, 10}, False),
        ({8, 9, 10, 11, 12, 13, 1, 2, 3, 4}, True),
    ],
)
def test_r32_greed_limbo_needs_a_margin_of_two(won: set[int], completed: bool) -> None:
    assert judge("limbo+greed", record(won)).completed is completed


def test_r32_greed_does_not_affect_lock() -> None:
    # Six tricks, none of 1-3: Trump+Greed needs 6, Lock holds whatever the virtual trick.
    assert judge("trump+greed+lock", record(range(4, 10))).completed
    assert not judge("trump+greed+lock", record({3, 4, 5, 6, 7, 8, 9})).completed
    assert not judge("trump+greed+lock", record(range(4, 9))).completed  # 5: Greed fails it


def test_r32_greed_does_not_affect_ending_dog() -> None:
    assert judge("trump+greed+ending_dog", record(first(6))).completed
    assert judge("trump+greed+ending_dog", record(first(12))).completed
    assert not judge("trump+greed+ending_dog", record({1, 2, 3, 4, 5, 6, 13})).completed


def test_r32_greed_scores_one_extra_point() -> None:
    assert judge("trump+greed", record(first(6))).points == 2
    assert judge("masters_trump+greed", record(first(6))).points == 7
    assert judge("trump+greed", record(first(5))).points == FAIL  # no extra on failure


@given(st.integers(0, 13), st.integers(0, 13), st.sampled_from(
    ["trump", "max_trump", "game", "taintless_masters_game", "zero", "precise",
     "masters_game", "bid_of_shame", "masters_bid_of_shame"]))
@settings(max_examples=200, deadline=None)
def test_r32_greed_is_both_neighbours(tricks: int, guess: int, standard: str) -> None:
    """With Greed, completed iff completed with t+1 and with t-1 (others unchanged)."""
    bid = PROFILE.bids[standard]
    assert bid.goal is not None
    others = (13 - tricks, 0, 0)
    guesses = (guess,) if bid.guesses else ()
    with_greed = combo(f"{standard}+greed").conditions.met((1 << tricks) - 1, others, guesses)
    up = bid.goal.met(tricks + 1, 0, others, guesses)
    down = bid.goal.met(tricks - 1, 0, others, guesses)
    assert with_greed is (up and down)


# --- R34: points ---------------------------------------------------------------------


def test_r34_penalty_costs_four_in_all_on_failure() -> None:
    failed = judge("trump+penalty", record(first(4)))
    assert not failed.completed
    assert failed.points == -4
    assert judge("trump+penalty", record(first(5))).points == 1  # no effect when completed
    assert judge("trump+penalty+greed", record(first(5))).points == -4


def test_r34_taintless_scores_the_combo_worth() -> None:
    text = "taintless_masters_game+penalty+open_hand"
    result = judge(text, record(first(12)))
    assert result.completed
    assert result.points == combo(text).worth == 13
    assert judge("taintless_masters_game", record(first(13))).points == 8
    assert judge("taintless_masters_game+greed", record(first(13))).points == 8 + 1
    assert judge("taintless_masters_game+justice+hurry", record(first(12))).points == 2


def test_r34_potential_flag_only_when_completed() -> None:
    done = judge("masters_trump+potential", record(first(5)))
    assert done.completed
    assert done.potential
    assert done.points == 6
    failed = judge("masters_trump+potential", record(first(4)))
    assert not failed.completed
    assert not failed.potential
    assert not judge("masters_trump", record(first(5))).potential


def test_r34_fail_points_come_from_the_caller() -> None:
    result = score(combo("trump+penalty"), 0, 4, record(first(0)), (), -3)
    assert result.points == -5


# --- R33: Plague ----------------------------------------------------------------------


def test_r33_beplagued_fails() -> None:
    result = judge("trump+plague", record(first(7), plague=(5, 4, 3, 1)))
    assert result.beplagued
    assert not result.honorably_beplagued
    assert not result.completed
    assert result.points == FAIL


def test_r33_tie_for_most_plague_cards_is_not_beplagued() -> None:
    result = judge("trump+plague", record(first(7), plague=(4, 4, 3, 2)))
    assert not result.beplagued
    assert result.completed
    assert result.points == 1  # no honorable extra point


def test_r33_plague_counts_cards_not_tricks() -> None:
    # D took more tricks than anyone but fewer plague cards than seat 1.
    result = judge("trump+plague", record(first(7), plague=(3, 6, 2, 2)))
    assert result.completed
    assert not result.beplagued


def test_r33_honorably_beplagued_completes_with_extra_point() -> None:
    result = judge("trump+plague", record(first(7), plague=(13, 0, 0, 0)))
    assert result.beplagued
    assert result.honorably_beplagued
    assert result.completed
    assert result.points == 1 + 1


def test_r33_honorably_beplagued_with_greed() -> None:
    result = judge("trump+plague+greed", record(first(7), plague=(13, 0, 0, 0)))
    assert result.honorably_beplagued
    assert result.points == 1 + 1 + 1


def test_r33_all_plague_cards_but_rest_failing_fails() -> None:
    result = judge("trump+plague", record(first(4), plague=(13, 0, 0, 0)))
    assert result.beplagued
    assert not result.honorably_beplagued
    assert not result.completed
    assert result.points == FAIL


def test_r33_most_but_not_all_plague_cards_fails() -> None:
    result = judge("trump+plague", record(first(12), plague=(12, 1, 0, 0)))
    assert result.beplagued
    assert not result.completed


def test_r33_three_players_whole_suit_of_a_39_card_deck() -> None:
    rec = record(first(7), (3, 3), participants=3, plague=(10, 0, 0), plague_in_use=10)
    result = judge("trump+plague", rec, participants=3)
    assert result.honorably_beplagued
    assert result.points == 2
    rec = record(first(7), (3, 3), participants=3, plague=(9, 1, 0), plague_in_use=10)
    assert not judge("trump+plague", rec, participants=3).completed


def test_r33_declarer_at_another_seat() -> None:
    rec = record(first(7), declarer=3, plague=(1, 1, 1, 5))
    assert judge("trump+plague", rec, declarer=3).beplagued
    assert not judge("trump+plague", rec, declarer=3).completed
    assert judge("trump+plague", rec, declarer=0).completed is False  # seat 0 has no trick


def test_r33_no_plague_cards_taken_is_not_beplagued() -> None:
    result = judge("trump+plague", record(first(5), plague=(0, 0, 0, 0)))
    assert not result.beplagued
    assert result.completed
