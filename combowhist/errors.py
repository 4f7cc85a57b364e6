"""The exceptions combowhist raises. All are :class:`ValueError` subclasses."""

from __future__ import annotations

import reprlib
from typing import Any

__all__ = [
    "AnalysisError",
    "CombowhistError",
    "GameError",
    "GameSetupError",
    "IllegalMoveError",
    "InvalidBidError",
    "NotationError",
    "ProfileError",
    "SerializationError",
    "SetupError",
    "SimulationError",
    "described",
    "shown",
]


class CombowhistError(ValueError):
    """Base class of every error combowhist raises on bad input."""


class NotationError(CombowhistError):
    """Text that does not parse as a card, suit, bid or move."""


class ProfileError(CombowhistError):
    """A rule profile that cannot be loaded: unknown name, or a malformed file."""


class InvalidBidError(CombowhistError):
    """A combo bid that breaks R7/R8: incompatible, impossible or worthless."""


class IllegalMoveError(CombowhistError):
    """A move the rules do not allow at this point of the deal.

    The message names the seat, the move and the rule, e.g.
    ``seat 2 cannot play 7H: must follow S (R23)``.
    """

    @classmethod
    def refused(cls, seat: int, move: object, reason: str) -> IllegalMoveError:
        """The error for ``seat``'s ``move`` (an object or its notation), which the rules
        forbid for ``reason``."""
        return cls(f"seat {seat} cannot {move}: {reason}")


class AnalysisError(CombowhistError):
    """A possibility question (:mod:`combowhist.analysis`, R8's exact layer) that the search
    cannot answer exactly: a combo with a rule it does not cover yet, or a search that would
    exceed its bound. Never a guess: the message names what was not decided."""


class SetupError(CombowhistError):
    """A deal that cannot be set up as asked: a participant count other than 3 or 4, a
    dealer who is not a seat, scores or potentials that are not one integer per seat, hands
    that do not split the deck (R2, R3), or a seed that is not an integer or a string."""


class SerializationError(CombowhistError):
    """JSON that is not a valid, consistent saved deal or game."""


class GameError(CombowhistError):
    """A request a :class:`~combowhist.Game` cannot take now: the wrong mode, no deal in
    progress, a game that is over, a player who takes no part, an inconsistent score-sheet
    outcome or cheating adjudication."""


class GameSetupError(GameError, SetupError):
    """A game that cannot be set up as asked (:meth:`Game.new <combowhist.Game.new>`, a
    :class:`~combowhist.game.Variant`): a player count outside 3 to 64, a dealer who is not a
    player, an unknown mode or variant, bad rounds, a bad seed. Both a :class:`GameError`
    and a :class:`SetupError`, so either catches it."""


class SimulationError(CombowhistError):
    """Simulation settings that cannot run (a bad count, bot list, seed or worker setting,
    a bot that cannot be copied to the workers), a run in which a bot or a worker failed, or
    simulation results that cannot be merged or read."""

    partial: Any = None
    """For a run that failed part-way: the result of the items (deals or games) finished
    before the one that failed, a :class:`~combowhist.simulate.SimulationResult`; ``None``
    otherwise. (Typed ``Any`` here: the errors module imports nothing of the package.)"""


_SHOWN = reprlib.Repr()
_SHOWN.maxlevel, _SHOWN.maxstring, _SHOWN.maxother, _SHOWN.maxlist = 3, 60, 60, 8
_LONG_TEXT = 60


def shown(value: object) -> str:
    """A value as an error message shows it: its ``repr``, shortened when long or deep (a
    long string with its length). Safe for an integer too long to print and for a
    structure nested too deeply."""
    if isinstance(value, str) and len(value) > _LONG_TEXT:
        return f"{value[:_LONG_TEXT]!r}… ({len(value)} characters)"
    if type(value) is int and value.bit_length() > 128:
        return f"(int too large to show: {value.bit_length()} bits)"
    try:
        return _SHOWN.repr(value)
    except (ValueError, RecursionError):
        return f"({type(value).__name__} too large to show)"


def described(value: object) -> str:
    """A value's type and :func:`shown` form, e.g. ``int 42``, for an error message."""
    return f"{type(value).__name__} {shown(value)}"
