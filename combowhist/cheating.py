"""Cheating adjudication (R40): whether a :class:`~combowhist.events.Cheat` event can be
adjudicated at this point of a game, and what it does.

:func:`rule` decides from the game's public facts and returns a :class:`Ruling`: the
cheater's score change and what becomes of the deal. :meth:`Game.adjudicate
<combowhist.Game.adjudicate>` carries the ruling out.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from combowhist.bids import ComboBid
from combowhist.deal import Deal
from combowhist.errors import GameError
from combowhist.events import (
    Cheat,
    CheatBeforeBid,
    CheatReversed,
    DeclarerCheated,
    IntentionalCheat,
    OpponentCheated,
)
from combowhist.profiles import RuleProfile

__all__ = ["Effect", "Facts", "Ruling", "require_rules", "reversed_deal", "rule"]


class Effect(enum.Enum):
    """What an adjudicated cheat does to the deal."""

    FAIL = "fail"
    """R40 (i): the declarer's bid fails and the deal ends."""
    EXCUSE = "excuse"
    """R40 (ii): play goes on; the declarer loses no points if the bid fails."""
    CANCEL = "cancel"
    """R40 (iii): the deal is cancelled and the same dealer deals again."""
    REVERSE = "reverse"
    """R40 (iv): play is reversed to before the cheat."""
    LEAVE = "leave"
    """R40 (v): the cheater leaves the game."""


@attrs.frozen
class Ruling:
    """An adjudication: its effect and the cheater's score change."""

    effect: Effect
    loss: int = 0
    """Points added to the cheater's score (0 or negative)."""


@attrs.frozen
class Facts:
    """What an adjudication looks at: the game's public facts when the cheat is reported."""

    profile: RuleProfile
    sheet: bool
    """Whether the game is kept from a score sheet (no deal is played in the engine)."""
    deal: Deal | None
    """The deal in progress (``None`` in score-sheet mode, or between deals)."""
    participants: tuple[int, ...]
    declarer: int | None
    """The declarer as a player, ``None`` before the auction ends."""
    combo: ComboBid | None
    cheaters: tuple[int, ...]
    """The opponents already adjudicated in this deal (R40 ii)."""
    active: tuple[int, ...]
    """The players still in the game."""


def require_rules(profile: RuleProfile, what: str) -> None:
    """A :class:`~combowhist.errors.GameError` for ``what`` (an adjudication, a recorded
    cheat) under a profile without rules on cheating (1.4.0, E1)."""
    if not profile.cheating_rules:
        raise GameError(f"cannot {what}: profile {profile} has no rules on cheating (its "
                        f"rulebook has no such section; E1)")


def rule(cheat: Cheat, facts: Facts) -> Ruling:
    """The ruling on ``cheat`` (R40), or a :class:`~combowhist.errors.GameError` naming the
    cheat, the player and the rule when it cannot be adjudicated now."""
    if isinstance(cheat, IntentionalCheat):
        if cheat.player not in facts.active:
            raise GameError(f"{cheat}: player {cheat.player!r} is not in the game")
        return Ruling(Effect.LEAVE)
    if isinstance(cheat, DeclarerCheated | OpponentCheated) and facts.sheet:
        raise GameError(f"{cheat}: in score-sheet mode, record it in the deal's Outcome "
                        f"(declarer_cheated=True or cheaters=[…])")
    cheater = cheat.cheater
    if cheater is not None and cheater not in facts.participants:
        raise GameError(f"{cheat}: player {cheater} takes no part in this deal "
                        f"(participants {list(facts.participants)})")
    if isinstance(cheat, DeclarerCheated):
        _need_declarer(cheat, facts)
        return Ruling(Effect.FAIL)
    if isinstance(cheat, OpponentCheated):
        _need_declarer(cheat, facts)
        return opponent_ruling(cheat, facts.combo, facts.declarer, facts)
    if isinstance(cheat, CheatBeforeBid):
        if facts.declarer is not None:
            raise GameError(f"{cheat}: player {facts.declarer} is already declarer (R40 iii "
                            f"applies before the auction ends)")
        return Ruling(Effect.CANCEL, facts.profile.cancelled_deal_points)
    assert isinstance(cheat, CheatReversed)
    _check_reversal(cheat, facts.deal)
    return Ruling(Effect.REVERSE, facts.profile.reversal_points)


def opponent_ruling(cheat: OpponentCheated, combo: ComboBid | None, declarer: int | None,
                    facts: Facts) -> Ruling:
    """R40 (ii) against the declarer ``declarer`` playing ``combo``: the cheater loses the
    bid's Score (Taintless: its worth) at once, and play goes on."""
    assert combo is not None
    player = cheat.player
    if player == declarer:
        raise GameError(f"{cheat}: player {player} is the declarer; the declarer's cheat is "
                        f"DeclarerCheated (R40 i)")
    if player not in facts.participants or player in facts.cheaters:
        raise GameError(f"{cheat}: player {player} is not a participant or is already "
                        f"adjudicated in this deal (R40 ii)")
    return Ruling(Effect.EXCUSE, -combo.score)


def _need_declarer(cheat: Cheat, facts: Facts) -> None:
    if facts.declarer is None or facts.combo is None:
        raise GameError(f"{cheat}: there is no declarer yet; a cheat before the auction ends "
                        f"is CheatBeforeBid (R40 iii)")


def _check_reversal(cheat: CheatReversed, deal: Deal | None) -> None:
    if deal is None:
        if cheat.moves is not None:
            raise GameError(f"{cheat}: in score-sheet mode there are no moves to keep; "
                            f"leave moves as None")
        return
    kept = cheat.moves
    made = len(deal.history)
    if type(kept) is not int or not 0 <= kept < made:
        raise GameError(f"{cheat}: moves must be how many of the deal's {made} moves stand "
                        f"(0-{made - 1})")


def reversed_deal(deal: Deal, moves: int) -> Deal:
    """``deal`` as it was after its first ``moves`` moves (R40 iv), replayed."""
    replayed = Deal.from_hands(deal.dealt_hands, profile=deal.profile, dealer=deal.dealer,
                               scores=deal.scores, potentials=deal.potentials)
    for move in deal.history[:moves]:
        replayed = replayed.apply(move)
    return replayed


def still_excused(cheaters: Sequence[int], deal: Deal | None) -> tuple[int, ...]:
    """The opponents' cheats (ii) that still excuse the declarer after a reversal: none if
    play went back to before the auction's end, when there is no such declarer any more."""
    return tuple(cheaters) if deal is None or deal.declarer is not None else ()
