"""The static layer of R8 for a combo bid: is there a pattern of tricks that completes it?

Thin questions on a :class:`~combowhist.bids.ComboBid`; the search, and the rest of a
combo's legality, live in :mod:`combowhist.rules.legality`.
"""

from __future__ import annotations

from combowhist.bids import ComboBid
from combowhist.rules import legality
from combowhist.rules.legality import Witness

__all__ = ["Witness", "impossibility", "is_possible", "witness"]


def witness(combo: ComboBid, participants: int = 4) -> Witness | None:
    """A trick pattern completing ``combo`` with this many participants, or ``None`` if no
    pattern does (the combo is statically impossible, R8)."""
    return legality.witness(combo.conditions, participants)


def is_possible(combo: ComboBid, participants: int = 4) -> bool:
    """Whether some hand and play could complete ``combo`` (the static layer of R8)."""
    return witness(combo, participants) is not None


def impossibility(combo: ComboBid, participants: int = 4) -> str | None:
    """Why ``combo`` is statically impossible (R8), or ``None`` if it is possible."""
    return legality.impossibility(combo.standard, combo.conditions, participants)
