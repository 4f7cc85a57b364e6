"""Completion and points of a combo bid (R31-R34).

A combo's trick conditions (:attr:`ComboBid.conditions
<combowhist.bids.ComboBid.conditions>`) judge a played deal here and the static possibility
search of R8 (:mod:`combowhist.rules.legality`), so what is "possible" and what
"completes" can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from combowhist.bids import ComboBid
from combowhist.cards import SUIT_MASKS

__all__ = ["Score", "TrickRecord", "bid_points", "finished_record", "score"]


@attrs.frozen
class TrickRecord:
    """Who brought home each trick and the plague cards in them: what scoring needs."""

    winners: tuple[int, ...]
    """The seat that brought home trick 1, 2, …"""
    plague_counts: tuple[int, ...] = ()
    """Plague-suit cards brought home per seat (R33); empty without Plague."""
    plague_in_use: int = 0
    """How many plague-suit cards the deck in use has."""
    captured: bool = False
    """Whether D brought home every card of the deck in use that a ``capture`` goal names
    (E4)."""


def finished_record(winners: tuple[int, ...], taken: Sequence[int], declarer: int,
                    plague: int, deck: int, shown_cards: int) -> TrickRecord:
    """The :class:`TrickRecord` of a finished deal: who brought home each trick, and from
    the cards each seat brought home (``taken``, bitmasks), the plague-suit cards per seat
    (``plague`` ``-1`` for none, R33) and whether D holds every card of the deck in use
    that a ``capture`` goal names (``shown_cards``, E4)."""
    counts: tuple[int, ...] = ()
    in_use = 0
    if plague >= 0:
        suit_mask = SUIT_MASKS[plague]
        counts = tuple([(cards & suit_mask).bit_count() for cards in taken])
        in_use = (deck & suit_mask).bit_count()
    shown = shown_cards & deck
    return TrickRecord(winners, counts, in_use, taken[declarer] & shown == shown)


def is_beplagued(record: TrickRecord, declarer: int) -> bool:
    """Whether D brought home more plague cards than every other participant (R33)."""
    counts = record.plague_counts
    return bool(counts) and all(
        counts[declarer] > c for seat, c in enumerate(counts) if seat != declarer)


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
    completed = combo.conditions.met(won, others, guesses, record.captured)
    honorable = False
    if beplagued := is_beplagued(record, declarer):
        # R33: only taking the whole suit and the rest of the bid saves D
        honorable = completed and record.plague_counts[declarer] == record.plague_in_use
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
        points += combo.honour_points
    return points
