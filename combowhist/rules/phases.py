"""Every phase of a deal, described once: its legal moves, how a move applies, and what the
other seats see of a move made in it. :class:`~combowhist.Deal` and
:class:`~combowhist.views.PlayerView` read this registry and nothing else; the pre-game
phases come from the events of :mod:`combowhist.rules.setup`.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from combowhist.legal import LegalMoves
from combowhist.moves import Move
from combowhist.rules import auction, play, setup
from combowhist.state import Phase, State

__all__ = ["PHASES", "PhaseRules"]


@attrs.frozen(eq=False)
class PhaseRules:
    """The rules of one phase."""

    legal: Callable[[State], LegalMoves]
    """The legal moves of the seat to move."""
    apply: Callable[[State, int, Move], State]
    """``apply(state, seat, move)``: the state after the move, checked (an
    :class:`~combowhist.errors.IllegalMoveError` if it is not legal)."""
    shown: Callable[[State, int, int], bool] = setup.everyone
    """``shown(state, mover, viewer)``: whether ``viewer`` sees, in ``state``, a move
    ``mover`` made in this phase."""
    hidden: str = ""
    """How such a move shows to a seat that does not see it."""
    conceal: Callable[[Move], str] | None = None
    """How a given move shows to such a seat where part of it is public; ``None``: as
    :attr:`hidden`."""

    def concealed(self, move: Move) -> str:
        """``move`` as a seat that does not see it sees it."""
        return self.hidden if self.conceal is None else self.conceal(move)


PHASES: dict[Phase, PhaseRules] = {
    Phase.AUCTION: PhaseRules(auction.legal, auction.apply),
    **{phase: PhaseRules(step.legal, setup.apply, step.shown, step.hidden,
                               step.conceal)
       for phase, step in setup.STEPS.items()},
    Phase.PLAY: PhaseRules(play.legal, play.apply),
    Phase.REFILL: PhaseRules(play.legal_refills, play.apply_refill),
    Phase.AWARD: PhaseRules(play.legal_awards, play.apply_award),
}
"""The rules of every phase a move is made in (all but :attr:`Phase.OVER`)."""
