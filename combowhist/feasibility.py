"""The static layer of R8: combo bids no hand can complete.

A combo is statically possible when some pattern of tricks (which of the 13 tricks D brings
home, how the rest split among the opponents) and some guesses complete it under
:func:`combowhist.rules.outcome.bid_conditions_met`, the very function that scores real
deals. Nothing here lists impossible combinations: they fall out of the search.

Plague never makes a combo impossible by itself, so it is not searched: if D takes fewer
than all 13 tricks, the tricks D takes can hold no more plague cards than some other
participant's (in the worst case, 12 tricks for D, the one other trick holds no plague card
and D takes the whole suit: honorably beplagued); if D takes all 13, D takes the whole suit.
"""

from __future__ import annotations

from itertools import combinations

import attrs

from combowhist.bids import ComboBid, Goal, GoalKind
from combowhist.rules.outcome import bid_conditions_met

__all__ = ["Witness", "impossibility", "is_possible", "witness"]

TRICKS = 13


@attrs.frozen
class Witness:
    """A trick pattern that completes a combo: proof that it is statically possible."""

    won: int
    """Bitmask of the trick numbers D brings home (bit ``n - 1`` for trick ``n``)."""
    others: tuple[int, ...]
    """The opponents' trick counts."""
    guesses: tuple[int, ...]
    """D's guesses (empty for bids without guesses)."""


def _splits(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way (up to order) to split ``total`` tricks among ``parts`` opponents."""
    if parts == 1:
        return [(total,)]
    out = []
    for first in range(total, -1, -1):
        for rest in _splits(total - first, parts - 1):
            if rest[0] <= first:
                out.append((first, *rest))
    return out


def _guess_options(goal: Goal, count: int) -> list[tuple[int, ...]]:
    if goal.kind is not GoalKind.GUESSED:
        return [()]
    return list(combinations(range(TRICKS + 1), count))


def _search(combo: ComboBid, participants: int) -> Witness | None:
    goal = combo.standard.goal
    assert goal is not None
    first_mask = (1 << goal.first) - 1
    seen: set[tuple[int, int]] = set()
    guess_options = _guess_options(goal, combo.standard.guesses)
    for won in range(1 << TRICKS):
        if won & combo.avoid_tricks:
            continue
        shape = (won.bit_count(), (won & first_mask).bit_count())
        if shape in seen:  # only the count and Limbo's split matter beyond avoid_tricks
            continue
        seen.add(shape)
        for others in _splits(TRICKS - shape[0], participants - 1):
            for guesses in guess_options:
                if bid_conditions_met(combo, won, others, guesses):
                    return Witness(won, others, guesses)
    return None


def _feature_key(combo: ComboBid) -> tuple[object, ...]:
    return (combo.standard.goal, combo.standard.guesses, combo.greed, combo.avoid_tricks)


_by_features: dict[tuple[object, ...], Witness | None] = {}


def witness(combo: ComboBid, participants: int = 4) -> Witness | None:
    """A trick pattern completing ``combo`` with this many participants, or ``None`` if no
    pattern does (the combo is statically impossible, R8)."""
    key = (*_feature_key(combo), participants)
    if key not in _by_features:
        _by_features[key] = _search(combo, participants)
    return _by_features[key]


def is_possible(combo: ComboBid, participants: int = 4) -> bool:
    """Whether some hand and play could complete ``combo`` (the static layer of R8)."""
    return witness(combo, participants) is not None


def impossibility(combo: ComboBid, participants: int = 4) -> str | None:
    """Why ``combo`` is statically impossible (R8), or ``None`` if it is possible."""
    if is_possible(combo, participants):
        return None
    parts = [f"the goal of {combo.standard.key}"]
    if combo.greed:
        parts.append("Greed's virtual trick")
    if combo.avoid_tricks:
        avoided = [str(n + 1) for n in range(TRICKS) if combo.avoid_tricks >> n & 1]
        parts.append(f"never taking trick {', '.join(avoided)}")
    return (f"no pattern of tricks meets {' with '.join(parts)} for {participants} "
            f"participants")
