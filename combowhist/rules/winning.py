"""Who wins, checked after each deal in the order of R37: R35, then Win of Shame, then the
variant's win (R39)."""

from __future__ import annotations

from collections.abc import Sequence

from combowhist.bids import ComboBid
from combowhist.profiles import RuleProfile

__all__ = ["instant_win", "shame_winner", "solitary_highest"]


def instant_win(combo: ComboBid | None, completed: bool, profile: RuleProfile) -> bool:
    """R35: a completed combo bid whose standard bid wins at once (its ``instant_win``
    primitive: Taintless Master's Game), worth at least the profile's instant-win worth."""
    return (completed and combo is not None and combo.standard.instant_win
            and combo.worth >= profile.instant_win_worth)


def shame_winner(scores: Sequence[int], players: Sequence[int], at_or_below: int) -> int | None:
    """Win of Shame (R39): the one player not at ``at_or_below`` or lower when all the
    others are; ``None`` otherwise, also when all of them are."""
    above = [p for p in players if scores[p] > at_or_below]
    return above[0] if len(above) == 1 else None


def solitary_highest(scores: Sequence[int], players: Sequence[int], player: int) -> bool:
    """Whether ``player``'s score is higher than every other player's (R39; players
    sitting out this deal count too, R3)."""
    return all(scores[player] > scores[p] for p in players if p != player)
