"""Random draws made exactly as :class:`random.Random`'s own methods make them, with fewer
calls: for the playout kernel and the deal, where a function call per draw is a visible
share of the time.

CPython's ``randrange(n)`` for ``n > 0`` is ``getrandbits(n.bit_length())`` drawn again
until it falls below ``n``, and ``shuffle`` swaps each place from the last down with one
drawn so. Whether this Python draws that way is checked once, at import
(:data:`GETRANDBITS_DRAWS`); where it does not, or for a subclass of
:class:`random.Random` (which may draw its own way), every draw goes to the generator's own
methods. Either way a generator is left exactly as its own methods would leave it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

__all__ = ["GETRANDBITS_DRAWS", "below", "bits", "shuffle"]


def below(rng: random.Random) -> Callable[[int], int]:
    """``rng.randrange`` for a bound above 0, drawing exactly as it does; its internal
    ``_randbelow`` when ``rng`` is a plain :class:`random.Random`, which ``randrange`` calls
    with the same bound after checks a positive bound passes anyway."""
    if type(rng) is random.Random and hasattr(rng, "_randbelow"):
        randbelow: Callable[[int], int] = rng._randbelow
        return randbelow
    return rng.randrange


def bits(rng: random.Random) -> Callable[[int], int] | None:
    """``rng.getrandbits`` when ``rng`` is a plain :class:`random.Random` on a Python whose
    ``randrange`` draws by it (:data:`GETRANDBITS_DRAWS`), else ``None``: a caller then
    draws inline, without a function call per draw."""
    return rng.getrandbits if GETRANDBITS_DRAWS and type(rng) is random.Random else None


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same order, the generator left in the same state."""
    getrandbits = bits(rng)
    if getrandbits is None:
        rng.shuffle(items)
        return
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        size = bound.bit_length()
        j = getrandbits(size)
        while j >= bound:
            j = getrandbits(size)
        items[i], items[j] = items[j], items[i]


def _draws_as_getrandbits() -> bool:
    """Whether ``random.Random.randrange`` and ``shuffle`` draw as this module does, on
    this Python."""
    plain, inlined = random.Random(0), random.Random(0)
    for bound in (*range(1, 70), 4096, 133_146):
        size = bound.bit_length()
        pick = inlined.getrandbits(size)
        while pick >= bound:
            pick = inlined.getrandbits(size)
        if plain.randrange(bound) != pick:
            return False
    deck, copy = list(range(52)), list(range(52))
    plain.shuffle(deck)
    for i in range(51, 0, -1):
        size = (i + 1).bit_length()
        j = inlined.getrandbits(size)
        while j > i:
            j = inlined.getrandbits(size)
        copy[i], copy[j] = copy[j], copy[i]
    return deck == copy and plain.getstate() == inlined.getstate()


GETRANDBITS_DRAWS: bool = _draws_as_getrandbits()
"""Whether this Python's :class:`random.Random` draws ``randrange`` and ``shuffle`` by
``getrandbits`` as this module does (checked at import)."""
