"""R8 for Zero without trump: a counting proof that the declarer cannot lose every trick.

The general search and the SAT solver decide Zero exactly, but proving it impossible
took the solver seconds on some random hands (6.5 s on ``QS 10S 6S 4S 2S AH JH 6H KD QD
KC QC 10C``, 3 participants, 1.4.1). Most such hands fail for a reason that can be
counted: a card D cannot get rid of. This proof counts it; where it proves nothing, the
other searches decide as before.

Take any line in which D, holding ``h[t]`` cards of each suit ``t``, takes no trick
without trump. In each trick of suit ``t`` (led in ``t``) D either plays a card of ``t``
(``f[t]`` such tricks) or, void in ``t``, discards (``e[t]`` tricks). Then:

1. Each of D's ``f[t]`` cards played in a trick of ``t`` is beaten there by a higher
   unseen card of ``t``, a different one in each trick: ``f[t]`` of D's cards of ``t``
   are matched to distinct higher unseen cards of ``t``.
2. Each trick of ``t`` holds an unseen card of ``t``, a different one in each: its lead,
   or, where D led (trick 1 with Hurry, R22), the card that beat D's. So
   ``f[t] + e[t]`` is at most the unseen cards of ``t``.
3. D's other ``h[t] - f[t]`` cards of ``t`` are discards, each in a trick of another
   suit D is void in: at most the ``e`` of the other suits in all.
4. D's first discard, if any, is made void in a suit ``t`` with nothing discarded
   before: every card D held of ``t`` was played in a trick of ``t``, so ``f[t] = h[t]``
   and ``e[t] >= 1``.
5. With Hurry, D leads trick 1 (R22): a card of the suit led, so ``f[t] >= 1`` for some
   ``t``.

Where no counts ``f`` and ``e`` meet them all, D cannot lose every trick: no deal and no
play lets Zero be completed. Iron only ranks the aces lowest (R24), so the proof holds
with it. It does not hold beside Justice (a trick D takes may be awarded away, R29) or
the mails (they change D's hand).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from combowhist.rules.every_trick import ranked

__all__ = ["out_of_reach"]

_SUITS = 4


@lru_cache(maxsize=64)
def out_of_reach(hand: int, deck: int, iron: bool, hurry: bool) -> bool:
    """Whether the declarer, holding ``hand`` (a bitmask of cards of ``deck``, the rest
    of which the other participants hold), can be proven unable to lose every trick
    without trump (see the module text): ``True`` where no counts meet the conditions;
    ``False`` proves nothing. ``iron`` ranks aces lowest (R24); with ``hurry`` D leads
    trick 1 (R22). Kept per hand: a whole list asks it once per key."""
    unseen = deck & ~hand
    held = [ranked(hand, suit, iron) for suit in range(_SUITS)]
    theirs = [ranked(unseen, suit, iron) for suit in range(_SUITS)]
    counts = [cards.bit_count() for cards in held]
    leads = [cards.bit_count() for cards in theirs]
    beaten = [_most_beaten(held[suit], theirs[suit]) for suit in range(_SUITS)]
    for followed in product(*(range(most + 1) for most in beaten)):
        if hurry and not any(followed):
            continue
        discarded = [count - follows for count, follows in zip(counts, followed, strict=True)]
        discards = sum(discarded)
        # The most tricks of each suit D may discard in (conditions 2 and 3).
        room = [min(leads[suit] - followed[suit], discards - discarded[suit])
                for suit in range(_SUITS)]
        if min(room) < 0:
            continue
        if not discards:
            return False
        if sum(room) >= discards and any(
                not discarded[suit] and room[suit] for suit in range(_SUITS)):
            return False
    return True


def _most_beaten(mine: int, theirs: int) -> int:
    """The most of D's cards of a suit (``mine``, in order of strength) that can each be
    matched to a different higher unseen card (``theirs``): the cards taken from the
    highest down, each of D's matched to any higher unseen card not matched yet."""
    matched = free = 0
    for place in range(12, -1, -1):
        if mine >> place & 1:
            if free:
                free -= 1
                matched += 1
        elif theirs >> place & 1:
            free += 1
    return matched
