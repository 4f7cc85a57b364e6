"""Completion and points of a combo bid (R31-R34).

The same functions judge a played deal and the static possibility search of R8, so what is
"possible" and what "completes" can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from combowhist.bids import ComboBid, Goal, GoalKind

__all__ = ["Score", "TrickRecord", "bid_conditions_met", "bid_points", "goal_met", "score"]


def goal_met(
    goal: Goal, tricks: int, first_part: int, others: Sequence[int], guesses: Sequence[int]
) -> bool:
    """Whether D's trick count meets a standard bid's goal (R31).

    ``tricks`` is D's count, ``first_part`` how many of them came among the first
    ``goal.first`` tricks (Limbo), ``others`` the other participants' counts.
    """
    kind = goal.kind
    if kind is GoalKind.MIN_TRICKS:
        return tricks >= goal.n
    if kind is GoalKind.MAX_TRICKS:
        return tricks <= goal.n
    if kind is GoalKind.LIMBO:
        return first_part < tricks - first_part
    if kind is GoalKind.NOT_MOST:
        return tricks < max(others)
    if kind is GoalKind.LEAST:
        return tricks <= min(others)
    if kind is GoalKind.SOLITARY_MOST:
        return tricks > max(others)
    return tricks in guesses  # GUESSED


def first_part_mask(goal: Goal) -> int:
    """The trick-number bitmask of Limbo's first part (bits 0..first-1), 0 for other goals."""
    return (1 << goal.first) - 1


def bid_conditions_met(
    combo: ComboBid, won: int, others: Sequence[int], guesses: Sequence[int]
) -> bool:
    """Whether every trick condition of the combo holds, Greed applied (R31, R32).

    ``won`` is the bitmask of trick numbers D brought home (bit ``n - 1`` for trick ``n``).
    Plague is judged apart (:func:`score`), on cards rather than tricks.
    """
    if won & combo.avoid_tricks:  # Lock, Ending Dog; Greed does not touch them (R32)
        return False
    goal = combo.standard.goal
    assert goal is not None
    tricks = won.bit_count()
    first = (won & first_part_mask(goal)).bit_count()
    if not combo.greed:
        return goal_met(goal, tricks, first, others, guesses)
    # R32: the virtual trick disfavors D. Added, it lands in Limbo's first part; taken
    # away, it leaves the last part; the bid must hold both ways.
    return goal_met(goal, tricks + 1, first + 1, others, guesses) and goal_met(
        goal, tricks - 1, first, others, guesses
    )


@attrs.frozen
class TrickRecord:
    """Who brought home each trick and the plague cards in them: what scoring needs."""

    winners: tuple[int, ...]
    """The seat that brought home trick 1, 2, …"""
    plague_counts: tuple[int, ...] = ()
    """Plague-suit cards brought home per seat (R33); empty without Plague."""
    plague_in_use: int = 0
    """How many plague-suit cards the deck in use has."""


@attrs.frozen
class Score:
    """A scored deal's outcome for the declarer."""

    completed: bool
    points: int
    """Points for D this deal (R34): the bid's score plus extras, or the failure points."""
    potential: bool
    """Whether D earned a potential."""
    beplagued: bool = False
    honorably_beplagued: bool = False


def score(
    combo: ComboBid,
    declarer: int,
    participants: int,
    record: TrickRecord,
    guesses: Sequence[int],
    fail_points: int,
) -> Score:
    """Judge and score a finished deal (R31-R34)."""
    won = 0
    counts = [0] * participants
    for number, seat in enumerate(record.winners):
        counts[seat] += 1
        if seat == declarer:
            won |= 1 << number
    others = [c for seat, c in enumerate(counts) if seat != declarer]
    completed = bid_conditions_met(combo, won, others, guesses)
    beplagued = honorable = False
    if record.plague_counts:
        mine = record.plague_counts[declarer]
        beplagued = all(
            mine > c for seat, c in enumerate(record.plague_counts) if seat != declarer
        )
        if beplagued:  # R33: only taking the whole suit and the rest of the bid saves D
            honorable = completed and mine == record.plague_in_use
            completed = honorable
    points = bid_points(combo, completed, fail_points, honorable)
    return Score(completed, points, completed and combo.potential, beplagued, honorable)


def bid_points(
    combo: ComboBid, completed: bool, fail_points: int, honorable: bool = False
) -> int:
    """D's points for the deal (R34): the combo's score plus Greed's extra point, plus
    honorable Plague's if ``honorable``; or ``fail_points`` and Penalty's when failed.
    Played deals and score-sheet records are both scored here."""
    if not completed:
        return fail_points + combo.fail_points
    points = combo.score + combo.extra_points
    if honorable:
        points += combo.plague_extra_points
    return points
