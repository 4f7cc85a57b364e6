"""A game's history, one record per deal and per cheating adjudication: the score sheet.

Every point of a player's score comes from exactly one record, so
``game.scores[p] == sum(record.total(p) for record in game.history)``.
"""

from __future__ import annotations

import enum

import attrs

from combowhist.bids import ComboBid
from combowhist.deal import Deal
from combowhist.events import Cheat

__all__ = ["CheatRecord", "DealRecord", "Ending", "Record"]


class Ending(enum.Enum):
    """How a game ended."""

    TAINTLESS = "taintless"
    """A completed Taintless Master's Game worth 13 or more (R35)."""
    SHAME = "shame"
    """Win of Shame: everyone else at -5 or lower (R39)."""
    CLASSIC = "classic"
    """The classic variant's win: the winning score reached with the solitary highest score
    (R39)."""
    LIMITED = "limited"
    """The limited variant's win after the last round (R39)."""
    ABANDONED = "abandoned"
    """Fewer than 3 players remain after intentional cheating (R40 v): nobody wins."""


@attrs.frozen
class DealRecord:
    """One deal as the score sheet shows it, in players (not deal seats)."""

    number: int
    """1 for the game's first deal; redeals and cancelled deals are numbered too."""
    dealer: int
    participants: tuple[int, ...]
    """The players who took part (R3), in clockwise order: deal seat ``i`` is
    ``participants[i]``."""
    declarer: int | None
    combo: ComboBid | None
    completed: bool
    potential: bool
    """Whether the declarer earned a P (R34)."""
    points: tuple[int, ...]
    """The deal's bid points per player (R34): the declarer's score or failure points,
    0 for a failure excused by an opponent's cheat (R40 ii)."""
    free_points: tuple[int, ...]
    """Free points per player (R36)."""
    banned: frozenset[int]
    """The players banned from bidding at the deal's start (R36)."""
    redeal: bool = False
    """Everyone passed (R38)."""
    cancelled: bool = False
    """Cancelled by cheating (R40 iii, v): nothing was scored."""
    declarer_cheated: bool = False
    """The bid failed because the declarer cheated (R40 i)."""
    deal: Deal | None = None
    """The deal as played (``None`` in score-sheet mode)."""

    @property
    def counted(self) -> bool:
        """Whether the deal counts toward a round: redeals and cancelled deals do not
        (R38)."""
        return not (self.redeal or self.cancelled)

    def total(self, player: int) -> int:
        """What this deal changed ``player``'s score by."""
        return self.points[player] + self.free_points[player]


@attrs.frozen
class CheatRecord:
    """A cheating adjudication (R40) and its effect on the scores."""

    cheat: Cheat
    deal: int
    """The number of the deal it happened in."""
    points: tuple[int, ...]
    """Points per player: the cheater's loss (R40 ii-iv); zeros for (i), whose effect is
    the failed bid, and (v)."""

    def total(self, player: int) -> int:
        """What this adjudication changed ``player``'s score by."""
        return self.points[player]


Record = DealRecord | CheatRecord
