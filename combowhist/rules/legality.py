"""Whether bid rows make a legal combo bid: the one authority for R7 and static R8.

R7: exactly one standard bid, special bids a set (no repeats), no two bids incompatible, a
worth of at least the profile's minimum. R8 (when the profile forbids impossible bids): some
pattern of tricks completes the combo.

The static layer of R8: a combo is possible when some pattern of tricks (which of the 13
tricks D brings home, how the rest split among the opponents) and some guesses meet its
:class:`~combowhist.primitives.TrickConditions`, the very value that scores real deals
(:func:`combowhist.rules.outcome.score`). Nothing here lists impossible combinations: they
fall out of the search.

Plague never makes a combo impossible by itself, so it is not searched: if D takes fewer
than all 13 tricks, the tricks D takes can hold no more plague cards than some other
participant's (in the worst case, 12 tricks for D, the one other trick holds no plague card
and D takes the whole suit: honorably beplagued); if D takes all 13, D takes the whole suit.

Everything works on bid rows, so :class:`~combowhist.bids.ComboBid`, the combo tables of
:mod:`combowhist.combos` and the auction all ask here.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import attrs

from combowhist.errors import InvalidBidError
from combowhist.primitives import Bid, GoalKind, TrickConditions, combo_worth
from combowhist.profiles import RuleProfile

__all__ = [
    "Witness",
    "check",
    "compatible",
    "impossibility",
    "incompatible_pair",
    "possible",
    "problem",
    "witness",
]

TRICKS = 13


def compatible(first: Bid, second: Bid) -> bool:
    """Whether two bids may be in one combo bid (R7, R9)."""
    return second.key not in first.incompatible  # the profile made it symmetric


def incompatible_pair(rows: Sequence[Bid]) -> tuple[Bid, Bid] | None:
    """The first two of ``rows`` that may not be combined (R7), or ``None``."""
    for i, first in enumerate(rows):
        for second in rows[i + 1:]:
            if not compatible(first, second):
                return first, second
    return None


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


def _lowest(bits: int, count: int) -> int:
    """The ``count`` lowest set bits of ``bits``."""
    chosen = 0
    for _ in range(count):
        low = bits & -bits
        chosen |= low
        bits ^= low
    return chosen


def _search(conditions: TrickConditions, participants: int) -> Witness | None:
    # Beyond the tricks D must not take, only how many D takes and how many of them come
    # among Limbo's first tricks matter: one pattern of each such shape is tried.
    first_mask = conditions.goal.first_mask
    allowed = ((1 << TRICKS) - 1) & ~conditions.avoid_tricks
    first_free, rest_free = allowed & first_mask, allowed & ~first_mask
    guess_options: list[tuple[int, ...]] = [()]
    if conditions.goal.kind is GoalKind.GUESSED:
        guess_options = list(combinations(range(TRICKS + 1), conditions.guesses))
    named = conditions.goal.cards.bit_count()
    for first in range(first_free.bit_count() + 1):
        for rest in range(rest_free.bit_count() + 1):
            won = _lowest(first_free, first) | _lowest(rest_free, rest)
            count = first + rest
            # A capture goal's cards fit into D's tricks, some hands given, when those
            # tricks hold enough cards (one card of each participant a trick).
            captured = count * participants >= named
            for others in _splits(TRICKS - count, participants - 1):
                for guesses in guess_options:
                    if conditions.met(won, others, guesses, captured):
                        return Witness(won, others, guesses)
    return None


_witnesses: dict[tuple[TrickConditions, int], Witness | None] = {}


def witness(conditions: TrickConditions, participants: int = 4) -> Witness | None:
    """A trick pattern meeting ``conditions`` with this many participants, or ``None`` if
    no pattern does (a combo with them is statically impossible, R8)."""
    key = (conditions, participants)
    if key not in _witnesses:
        _witnesses[key] = _search(conditions, participants)
    return _witnesses[key]


def impossibility(standard: Bid, conditions: TrickConditions, participants: int = 4
                  ) -> str | None:
    """Why a combo of ``standard`` with these conditions is statically impossible (R8), or
    ``None`` if it is possible."""
    if witness(conditions, participants) is not None:
        return None
    parts = [f"the goal of {standard.key}"]
    if conditions.greed:
        parts.append("Greed's virtual trick")
    if conditions.avoid_tricks:
        avoided = [str(n + 1) for n in range(TRICKS) if conditions.avoid_tricks >> n & 1]
        parts.append(f"never taking trick {', '.join(avoided)}")
    return (f"no pattern of tricks meets {' with '.join(parts)} for {participants} "
            f"participants")


def possible(profile: RuleProfile, standard: Bid, specials: Sequence[Bid],
             players: int = 4) -> bool:
    """Whether R8 lets these bids be combined: the profile allows impossible bids, or some
    pattern of tricks completes them."""
    return (not profile.forbid_impossible_bids
            or witness(TrickConditions.of(standard, specials), players) is not None)


def problem(profile: RuleProfile, rows: Sequence[Bid], players: int = 4) -> str | None:
    """Why ``rows`` are not a legal combo bid of ``profile`` for ``players`` participants
    (R7, static R8), naming the bids and the rule; ``None`` if they are one."""
    text = "+".join(b.key for b in rows)
    for bid in rows:
        if profile.bids.get(bid.key) != bid:
            return f"{text}: {bid.key} is not a bid of profile {profile}"
    standards = [b for b in rows if b.standard]
    if len(standards) != 1:
        return (f"{text}: a combo bid has exactly one standard bid, this has "
                f"{len(standards)} (R7)")
    keys = [b.key for b in rows]
    repeated = sorted({k for k in keys if keys.count(k) > 1})
    if repeated:
        return f"{text}: {', '.join(repeated)} named twice; special bids are a set (R7)"
    pair = incompatible_pair(rows)
    if pair is not None:
        return f"{pair[0].key} is incompatible with {pair[1].key} (R7)"
    (standard,) = standards
    specials = _specials(profile, rows)
    name = "+".join(b.key for b in (standard, *specials))
    worth = combo_worth(standard, specials)
    if worth < profile.min_worth:
        return (f"{name}: worth {worth}; a combo bid must be worth at least "
                f"{profile.min_worth} (R7)")
    if profile.forbid_impossible_bids:
        reason = impossibility(standard, TrickConditions.of(standard, specials), players)
        if reason is not None:
            return f"{name}: impossible to complete: {reason} (R8)"
    return None


def check(profile: RuleProfile, rows: Sequence[Bid], players: int = 4
          ) -> tuple[Bid, tuple[Bid, ...]]:
    """The standard bid and the special bids (in table order) of legal combo bid rows;
    :class:`~combowhist.errors.InvalidBidError` with :func:`problem`'s reason if they are
    none (R7, static R8)."""
    reason = problem(profile, rows, players)
    if reason is not None:
        raise InvalidBidError(reason)
    (standard,) = (b for b in rows if b.standard)
    return standard, _specials(profile, rows)


def _specials(profile: RuleProfile, rows: Sequence[Bid]) -> tuple[Bid, ...]:
    return tuple(sorted((b for b in rows if not b.standard),
                        key=lambda b: profile.position[b.key]))
