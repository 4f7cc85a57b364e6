"""The legal combo bids of a profile at or above a worth, as a lazy sequence.

There are hundreds of thousands of valid combo bids, so :class:`ComboSpace` never lists
them: it counts, indexes and tests membership from a small table built once per profile and
participant count.

How: for each standard bid, its compatible special bids split in two. *Constrained* ones
take part in an incompatibility with another compatible special, or in R8's trick conditions
(Greed, ``avoid_tricks``); every subset of those is checked once. The rest are *free*: any
subset of them combines with any valid constrained subset, so only their worth matters, and
a subset-sum table counts them by worth and unranks the k-th one directly.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate

import attrs

from combowhist.bids import Bid, ComboBid
from combowhist.lazy import FixedLengthSequence
from combowhist.primitives import combo_worth, special_worth
from combowhist.profiles import RuleProfile
from combowhist.rules import legality

__all__ = ["ComboSpace", "legal_combos"]


@attrs.frozen(eq=False)
class _FreeSpecials:
    """Subsets of a list of special bids, counted by total worth (a subset-sum table)."""

    worths: tuple[int, ...]
    low: int
    """The smallest possible total worth."""
    at_least: tuple[tuple[int, ...], ...]
    """``at_least[i][need - low]``: subsets of ``worths[i:]`` with total ≥ need."""

    @classmethod
    def build(cls, worths: tuple[int, ...]) -> _FreeSpecials:
        low = sum(w for w in worths if w < 0)
        high = sum(w for w in worths if w > 0)
        width = high - low + 1
        exact = [0] * width
        exact[-low] = 1  # the empty subset, total 0
        tables: list[tuple[int, ...]] = []
        for w in reversed(worths):
            tables.append(_suffix_sums(exact))
            exact = [exact[t] + (exact[t - w] if 0 <= t - w < width else 0) for t in range(width)]
        tables.append(_suffix_sums(exact))
        return cls(worths, low, tuple(reversed(tables)))

    def count(self, need: int, start: int = 0) -> int:
        """How many subsets of ``worths[start:]`` total at least ``need``."""
        table = self.at_least[start]
        index = need - self.low
        if index <= 0:
            return table[0]
        return table[index] if index < len(table) else 0

    def unrank_onto(self, k: int, need: int, bits: tuple[int, ...]) -> tuple[int, int]:
        """The k-th subset of ``worths`` totalling at least ``need``, given as the OR of
        ``bits[i]`` over its members ``i`` (``1 << i`` for a bitmask over ``worths``), and
        its total worth."""
        chosen = total = 0
        for i, worth in enumerate(self.worths):
            without = self.count(need, i + 1)
            if k >= without:
                k -= without
                chosen |= bits[i]
                need -= worth
                total += worth
        return chosen, total

    def rank(self, mask: int, need: int) -> int:
        """The inverse of :meth:`unrank_onto` (``mask`` a bitmask over ``worths``)."""
        k = 0
        for i, w in enumerate(self.worths):
            if mask >> i & 1:
                k += self.count(need, i + 1)
                need -= w
        return k


def _suffix_sums(exact: list[int]) -> tuple[int, ...]:
    out = [0] * (len(exact) + 1)
    for t in range(len(exact) - 1, -1, -1):
        out[t] = out[t + 1] + exact[t]
    return tuple(out)


_LISTED_FREE = 10
"""Blocks with at most this many free bids (2**10 subsets) list them once per worth."""


_SPELLED = 8
_SPELLED_MASK = (1 << _SPELLED) - 1


class _Spelling(dict[int, tuple[Bid, ...]]):
    """For a few special bids, the bids each bit pattern over them stands for, in their
    order: filled in as patterns are asked for, at most ``2 ** len(bids)`` of them."""

    def __init__(self, bids: tuple[Bid, ...]) -> None:
        super().__init__()
        self.bids = bids

    def __missing__(self, bits: int) -> tuple[Bid, ...]:
        chosen = self[bits] = tuple(b for i, b in enumerate(self.bids) if bits >> i & 1)
        return chosen


@attrs.frozen(eq=False)
class _StandardBlock:
    """The valid combos of one standard bid: constrained subsets × free subsets."""

    standard: Bid
    constrained: tuple[Bid, ...]
    free: tuple[Bid, ...]
    free_table: _FreeSpecials
    groups: tuple[tuple[int, int], ...]
    """(constrained-subset mask, its worth plus the standard's) for each valid subset."""
    bits: dict[str, tuple[bool, int]] = attrs.field(init=False)
    """For each of the block's special bids by key: (constrained?, its bit)."""
    group_of: dict[int, int] = attrs.field(init=False)
    """The index in ``groups`` of each valid constrained subset's mask."""
    low: int = attrs.field(init=False)
    """Below this minimum worth, every combo of the block counts."""
    counts: tuple[int, ...] = attrs.field(init=False)
    """``counts[m - low]``: how many combos are worth at least ``m``."""
    ordered: tuple[Bid, ...] = ()
    """The block's special bids in the profile's table order."""
    group_bits: tuple[int, ...] = attrs.field(init=False)
    """For each group, its constrained bids as bits over :attr:`ordered`."""
    free_bits: tuple[int, ...] = attrs.field(init=False)
    """For each free bid, its bit over :attr:`ordered`."""
    place: dict[str, int] = attrs.field(init=False)
    """Each special bid's place in :attr:`ordered`, by key."""
    ordered_bits: tuple[tuple[bool, int], ...] = attrs.field(init=False)
    """For each bid of :attr:`ordered`: (constrained?, its bit among those)."""
    tails: tuple[tuple[int, int], ...] = attrs.field(init=False)
    """``tails[k]``: the constrained bids of ``ordered[k:]`` as a mask, and the total of
    their free bids' positive worths (what a bid built in table order can still add)."""
    _starts: dict[int, tuple[int, ...]] = attrs.field(init=False, factory=dict)
    _best: dict[tuple[int, int], int | None] = attrs.field(init=False, factory=dict)
    _subsets: dict[int, tuple[tuple[int, int], ...]] = attrs.field(init=False, factory=dict)
    spellings: tuple[_Spelling, ...] = attrs.field(init=False)
    """The special bids that bits over :attr:`ordered` stand for, 8 bits at a time (see
    :meth:`spell`)."""
    every_free: tuple[tuple[int, int], ...] = attrs.field(init=False)
    """Blocks with few free bids (see :meth:`free_subsets`): every subset of the free bids
    as (bits over :attr:`ordered`, worth), in the order :meth:`_FreeSpecials.unrank_onto`
    ranks them whatever the need: by the first free bid left out before taken, then the
    second, and so on."""

    def __attrs_post_init__(self) -> None:
        place = {b.key: 1 << i for i, b in enumerate(self.ordered)}
        object.__setattr__(self, "free_bits", tuple(place[b.key] for b in self.free))
        object.__setattr__(self, "group_bits", tuple(
            sum(place[b.key] for i, b in enumerate(self.constrained) if mask >> i & 1)
            for mask, _ in self.groups))
        table = self.free_table
        worths = [w for _, w in self.groups] or [0]
        low = min(worths) + table.low
        high = max(worths) + table.low + len(table.at_least[0])
        counts = tuple(
            sum(table.count(m - worth) for _, worth in self.groups) for m in range(low, high + 1)
        )
        object.__setattr__(self, "low", low)
        bits = {b.key: (True, i) for i, b in enumerate(self.constrained)}
        bits.update({b.key: (False, i) for i, b in enumerate(self.free)})
        object.__setattr__(self, "bits", bits)
        object.__setattr__(self, "place", {b.key: k for k, b in enumerate(self.ordered)})
        object.__setattr__(self, "ordered_bits", tuple(bits[b.key] for b in self.ordered))
        tails = [(0, 0)]
        for is_constrained, bit in reversed(self.ordered_bits):
            mask, free = tails[-1]
            tails.append((mask | 1 << bit, free) if is_constrained
                         else (mask, free + max(table.worths[bit], 0)))
        object.__setattr__(self, "tails", tuple(reversed(tails)))
        object.__setattr__(self, "group_of", {m: i for i, (m, _) in enumerate(self.groups)})
        object.__setattr__(self, "counts", counts)
        every = [(0, 0)]
        if len(self.free) <= _LISTED_FREE:
            for bit, worth in zip(reversed(self.free_bits), reversed(table.worths),
                                  strict=True):
                every += [(chosen | bit, total + worth) for chosen, total in every]
        object.__setattr__(self, "every_free", tuple(every))
        object.__setattr__(self, "spellings", tuple(
            _Spelling(self.ordered[i:i + _SPELLED]) for i in range(0, len(self.ordered),
                                                                    _SPELLED)))

    def spell(self, chosen: int) -> tuple[Bid, ...]:
        """The special bids that ``chosen``, bits over :attr:`ordered`, stands for, in
        table order: a look-up per 8 bits."""
        bids: tuple[Bid, ...] = ()
        for table in self.spellings:
            bids += table[chosen & _SPELLED_MASK]
            chosen >>= _SPELLED
        return bids

    def free_subsets(self, need: int) -> tuple[tuple[int, int], ...] | None:
        """Every subset of the free bids worth at least ``need``, in rank order, as (bits
        over :attr:`ordered`, worth): built once per ``need``, for blocks with few free
        bids (``None`` for others, which unrank instead)."""
        if len(self.free) > _LISTED_FREE:
            return None
        subsets = self._subsets.get(need)
        if subsets is None:
            subsets = self._subsets[need] = tuple(
                subset for subset in self.every_free if subset[1] >= need)
        return subsets

    def best(self, constrained_mask: int, last: int) -> int | None:
        """The highest worth (with the standard's) of a valid constrained subset that
        holds, of the constrained bids up to place ``last`` in :attr:`ordered`, exactly
        those of ``constrained_mask``; ``None`` if there is none. A table of partial
        combos, filled as asked (it does not depend on a least worth)."""
        key = (constrained_mask, last)
        if key in self._best:
            return self._best[key]
        allowed = constrained_mask | self.tails[last + 1][0]
        best = max((worth for mask, worth in self.groups
                    if mask & constrained_mask == constrained_mask and not mask & ~allowed),
                   default=None)
        self._best[key] = best
        return best

    def group_starts(self, minimum: int) -> tuple[int, ...]:
        """Where each group's combos worth at least ``minimum`` start in the block's order
        (cumulative counts; one more entry, the block's total, at the end)."""
        starts = self._starts.get(minimum)
        if starts is None:  # kept with the block, so it goes when the block does
            starts = self._starts[minimum] = tuple(accumulate(
                (self.free_table.count(minimum - worth) for _, worth in self.groups),
                initial=0))
        return starts

    def count(self, minimum: int) -> int:
        """How many combos of this block are worth at least ``minimum``."""
        index = minimum - self.low
        if index <= 0:
            return self.counts[0]
        return self.counts[index] if index < len(self.counts) else 0


@lru_cache(maxsize=64)  # keyed by the profile's content (RuleProfile's equality)
def _blocks(profile: RuleProfile, players: int) -> tuple[_StandardBlock, ...]:
    blocks = []
    specials = profile.special_bids
    for standard in profile.standard_bids:
        allowed = [b for b in specials if legality.compatible(standard, b)]
        constrained = tuple(
            b for b in allowed
            if b.greed or b.avoid_tricks or not all(legality.compatible(b, c) for c in allowed)
        )
        free = tuple(b for b in allowed if b not in constrained)
        groups = []
        for mask in range(1 << len(constrained)):
            chosen = [b for i, b in enumerate(constrained) if mask >> i & 1]
            if legality.incompatible_pair(chosen) is not None:
                continue
            if not legality.possible(profile, standard, chosen, players):
                continue
            groups.append((mask, combo_worth(standard, chosen)))
        table = _FreeSpecials.build(tuple(special_worth(b, standard) for b in free))
        ordered = tuple(sorted(allowed, key=lambda b: profile.position[b.key]))
        blocks.append(_StandardBlock(standard, constrained, free, table, tuple(groups),
                                     ordered))
    return tuple(blocks)


class ComboSpace(FixedLengthSequence[ComboBid]):
    """Every legal combo bid of a profile worth at least ``minimum``, for ``players``
    participants (R7, static R8): a lazy sequence with ``len``, indexing, ``in`` and
    iteration, in a fixed order (by standard bid in table order, then by special bids).

    >>> from combowhist import load_profile
    >>> space = ComboSpace(load_profile("1.4.2"), players=4, minimum=15)
    >>> len(space), str(space[0]), space[0].worth
    (294, 'block_trump+ending_dog+masters_mail+lock+penalty+plague+open_hand', 15)
    >>> ComboBid.parse("taintless_masters_game+open_hand+penalty+plague", "1.4.2") in space
    True
    >>> ComboBid.parse("zero+open_hand", "1.4.2") in space  # worth 7
    False
    """

    __slots__ = ("_blocks", "_run_starts", "_runs", "_starts", "minimum", "players",
                 "profile")

    def __init__(self, profile: RuleProfile, players: int = 4, minimum: int | None = None):
        self.profile = profile
        self.players = players
        self.minimum = max(profile.min_worth, minimum if minimum is not None else 0)
        self._blocks = _blocks(profile, players)
        self._starts = tuple(accumulate((b.count(self.minimum) for b in self._blocks),
                                        initial=0))
        self._len = self._starts[-1]
        self._runs: tuple[tuple[_StandardBlock, int, int, int], ...] | None = None
        self._run_starts: tuple[int, ...] = ()

    def _item(self, index: int) -> ComboBid:
        """The combo bid at ``index`` (``0 <= index < len``, unchecked)."""
        runs = self._runs
        if runs is None:
            runs = self._index_runs()
        starts = self._run_starts
        run = bisect_right(starts, index) - 1
        block, group_bits, worth, need = runs[run]
        k = index - starts[run]
        subsets = block.free_subsets(need)
        if subsets is not None:
            chosen, free_worth = subsets[k]
        else:
            chosen, free_worth = block.free_table.unrank_onto(k, need, block.free_bits)
        return ComboBid._trusted(self.profile, block.standard, block.spell(chosen | group_bits),
                                 worth + free_worth, self.players)

    def _index_runs(self) -> tuple[tuple[_StandardBlock, int, int, int], ...]:
        """The space in runs, one per standard bid and valid constrained subset, each a
        number of consecutive combos that differ only in their free special bids: (block,
        the subset's bits over the block's ordered specials, its worth, the worth the free
        bids must add). Made on first indexing, with where each run starts."""
        runs = []
        starts = []
        for block, offset in zip(self._blocks, self._starts, strict=False):
            group_starts = block.group_starts(self.minimum)
            for group, (_, worth) in enumerate(block.groups):
                if group_starts[group + 1] > group_starts[group]:
                    runs.append((block, block.group_bits[group], worth, self.minimum - worth))
                    starts.append(offset + group_starts[group])
        self._run_starts = tuple(starts)
        self._runs = tuple(runs)
        return self._runs

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of a combo bid in this space (``ValueError`` if absent)."""
        position = self._position(value)
        if position is None:
            raise ValueError(f"{value} is not a legal combo bid here")
        if position < start or (stop is not None and position >= stop):
            raise ValueError(f"{value} is not between positions {start} and {stop}")
        return position

    def __contains__(self, value: object) -> bool:
        return self._position(value) is not None

    def _position(self, value: object) -> int | None:
        if not isinstance(value, ComboBid) or value.profile != self.profile:
            return None
        if value.worth < self.minimum:
            return None
        number = self.profile.position.get(value.standard.key, -1)
        if not 0 <= number < len(self._blocks):
            return None
        block = self._blocks[number]
        # Rows compare by value: the space may have been built from an equal copy of the
        # profile (a pickle, a deep copy, the same file loaded twice). Mostly they are the
        # very same rows, which `_same` sees without comparing their fields.
        if not _same(block.standard, value.standard) or len(value.specials) != len(
                value.special_keys):
            return None  # not a valid combo of this profile (R7)
        mask = free_mask = 0
        for bid in value.specials:
            constrained, bit = block.bits.get(bid.key, (False, -1))
            if bit < 0 or not _same((block.constrained if constrained else block.free)[bit],
                                    bid):
                return None  # incompatible with the standard bid, or another profile's row
            if constrained:
                mask |= 1 << bit
            else:
                free_mask |= 1 << bit
        group = block.group_of.get(mask)
        if group is None:
            return None  # its constrained part is invalid or impossible (R7, R8)
        worth = block.groups[group][1]
        offset = self._starts[number] + block.group_starts(self.minimum)[group]
        return offset + block.free_table.rank(free_mask, self.minimum - worth)

    def leads_on(self, standard: Bid, chosen: Sequence[Bid] = ()) -> bool:
        """Whether some combo bid of this space is ``standard`` with ``chosen`` (special
        bids in strictly increasing table order) and, perhaps, more special bids that come
        after them in the table: so a bid built bid by bid, in table order, can still be
        completed. Tested on the block tables, without listing combos.

        >>> from combowhist import load_profile
        >>> profile = load_profile("1.4.2")
        >>> space = ComboSpace(profile, players=4, minimum=15)
        >>> space.leads_on(profile.bids["zero"]), space.leads_on(profile.bids["block_trump"])
        (False, True)
        """
        prefix = self._prefix(standard, chosen)
        return prefix is not None and self._reachable(*prefix)

    def next_bids(self, standard: Bid, chosen: Sequence[Bid] = ()) -> tuple[Bid, ...]:
        """The special bids that may follow ``chosen`` in a bid built bid by bid (see
        :meth:`leads_on`), in table order: each after the last chosen, with some combo of
        this space still ahead. Empty if ``chosen`` itself leads nowhere."""
        return self.after(standard, chosen)[0]

    def after(self, standard: Bid, chosen: Sequence[Bid] = ()) -> tuple[tuple[Bid, ...], bool]:
        """For a bid built bid by bid (see :meth:`leads_on`): :meth:`next_bids`, and
        whether ``standard`` with ``chosen`` is itself a combo bid of this space.
        ``((), False)`` if ``chosen`` leads nowhere.

        >>> from combowhist import load_profile
        >>> profile = load_profile("1.4.2")
        >>> space = ComboSpace(profile, players=4, minimum=18)
        >>> bids, complete = space.after(profile.bids["masters_trump"],
        ...                              [profile.bids["iron"], profile.bids["greed"]])
        >>> [b.key for b in bids], complete
        (['ending_dog'], False)
        """
        prefix = self._prefix(standard, chosen)
        if prefix is None or not self._reachable(*prefix):
            return (), False
        block, constrained_mask, worth, last = prefix
        found = []
        for k in range(last + 1, len(block.ordered)):
            is_constrained, bit = block.ordered_bits[k]
            if is_constrained:
                reachable = self._reachable(block, constrained_mask | 1 << bit, worth, k)
            else:
                reachable = self._reachable(block, constrained_mask,
                                            worth + block.free_table.worths[bit], k)
            if reachable:
                found.append(block.ordered[k])
        group = block.group_of.get(constrained_mask)
        complete = group is not None and block.groups[group][1] + worth >= self.minimum
        return tuple(found), complete

    def _prefix(self, standard: Bid, chosen: Sequence[Bid]
                ) -> tuple[_StandardBlock, int, int, int] | None:
        """A bid built so far as (its block, its constrained bids as a mask, the worth of
        its free bids, the place in :attr:`_StandardBlock.ordered` of its last special
        bid or -1), or ``None`` if it is no start of a valid combo in table order."""
        number = self.profile.position.get(standard.key, -1)
        if not 0 <= number < len(self._blocks):
            return None
        block = self._blocks[number]
        if not _same(block.standard, standard):
            return None
        constrained_mask = worth = 0
        last = -1
        for bid in chosen:
            place = block.place.get(bid.key, -1)
            if place <= last or not _same(block.ordered[place], bid):
                return None  # incompatible with the standard bid (R7), or out of order
            last = place
            is_constrained, bit = block.ordered_bits[place]
            if is_constrained:
                constrained_mask |= 1 << bit
            else:
                worth += block.free_table.worths[bit]
        return block, constrained_mask, worth, last

    def _reachable(self, block: _StandardBlock, constrained_mask: int, worth: int,
                   last: int) -> bool:
        """Whether a valid combo worth enough has exactly the constrained bids of
        ``constrained_mask`` up to place ``last`` and free bids worth ``worth`` there: the
        best valid constrained subset that agrees with it up to ``last``, plus every later
        free bid of positive worth, reaches the minimum."""
        best = block.best(constrained_mask, last)
        return best is not None and best + worth + block.tails[last + 1][1] >= self.minimum

    def __repr__(self) -> str:
        return (f"<ComboSpace {self.profile}, {self.players} players, worth >= "
                f"{self.minimum}: {self._len} combo bids>")


def _same(row: Bid, other: Bid) -> bool:
    return row is other or row == other


@lru_cache(maxsize=512)
def legal_combos(profile: RuleProfile, players: int = 4, minimum: int | None = None
                 ) -> ComboSpace:
    """The legal combo bids worth at least ``minimum`` (see :class:`ComboSpace`); spaces
    are immutable, so recent ones are shared."""
    return ComboSpace(profile, players, minimum)
