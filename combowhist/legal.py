"""The legal moves at a point of a deal, as a lazy sequence.

A :class:`LegalMoves` is a concatenation of parts, each a sequence that builds a move only
when it is asked for: the auction's hundreds of thousands of combo bids, Mail's 286 ways to
pick 3 of 13 cards, or a short tuple of card plays.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from itertools import combinations
from math import comb
from random import Random
from typing import Any, Protocol, cast, overload

from combowhist.bids import ComboBid
from combowhist.cards import ALL_CARDS, Card, CardSet, mask_indices
from combowhist.combos import ComboSpace, legal_combos
from combowhist.errors import CombowhistError, NotationError, shown
from combowhist.lazy import FixedLengthSequence, LazySequence
from combowhist.moves import (
    PLAYS,
    MakeBid,
    Move,
    Play,
    Send,
    SetAtelier,
    check_move,
    parse_move,
)
from combowhist.profiles import RuleProfile

__all__ = ["LegalMoves"]


_REMEMBERED = 4096
"""A space of at most this many bids keeps the moves it has made: the auction's later bids
come from such small spaces, deal after deal."""


class BidMoves(FixedLengthSequence[MakeBid]):
    """A :class:`~combowhist.combos.ComboSpace` seen as ``bid`` moves."""

    __slots__ = ("_made", "space")

    def __init__(self, space: ComboSpace) -> None:
        self.space = space
        self._len = len(space)
        self._made: list[MakeBid | None] | None = (
            [None] * self._len if self._len <= _REMEMBERED else None)

    def _item(self, index: int) -> MakeBid:
        made = self._made
        if made is None:
            return MakeBid(self.space._item(index))
        move = made[index]
        if move is None:
            move = made[index] = MakeBid(self.space._item(index))
        return move

    def __contains__(self, move: object) -> bool:
        return isinstance(move, MakeBid) and move.combo in self.space

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of a ``bid`` move (``ValueError`` if absent), without listing."""
        if not isinstance(value, MakeBid):
            raise ValueError(f"{value} is not a bid")
        return self.space.index(value.combo, start, stop)


class Possible(Protocol):
    """R8's exact layer for one bidder's hand
    (:class:`~combowhist.rules.possibility.PossibleWith`): whether the hand could complete
    one combo, or which combos of a whole space."""

    def __call__(self, combo: ComboBid) -> bool: ...

    def positions(self, space: ComboSpace) -> list[int]: ...


class PossibleBidMoves(LazySequence[MakeBid]):
    """The moves of a :class:`BidMoves` whose combo ``possible`` accepts: R8's exact layer,
    the bids the bidder could complete with its own hand
    (:class:`~combowhist.rules.possibility.PossibleWith`), where a profile enforces it
    (:attr:`~combowhist.profiles.RuleProfile.exact_impossible_bids`).

    ``in`` asks ``possible`` about one bid (one possibility key, decided once per hand).
    ``len``, indexing and :meth:`index` need the whole list: the first of them decides every
    possibility key of the space (up to 4,935 for a whole auction's space) and keeps the
    positions of the possible bids; a draw that needs no ``len`` is
    :meth:`LegalMoves.draw`."""

    __slots__ = ("_kept", "bids", "possible")

    def __init__(self, bids: BidMoves, possible: Possible) -> None:
        self.bids = bids
        self.possible = possible
        self._kept: list[int] | None = None

    def kept(self) -> list[int]:
        """The positions in :attr:`bids` of the possible bids, in order."""
        if self._kept is None:
            self._kept = self.possible.positions(self.bids.space)
        return self._kept

    def __len__(self) -> int:
        return len(self.kept())

    def _item(self, index: int) -> MakeBid:
        return self.bids._item(self.kept()[index])

    def __contains__(self, move: object) -> bool:
        return move in self.bids and self.possible(cast(MakeBid, move).combo)

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of a possible ``bid`` move (``ValueError`` if absent)."""
        if value not in self:
            raise ValueError(f"{value} is not a bid possible with this hand (R8)")
        kept = self.kept()
        position = bisect_left(kept, self.bids.index(value))
        start, stop = _bounds(start, stop, len(kept))
        if not start <= position < stop:
            raise ValueError(f"{value} is not among the moves {start}..{stop}")
        return position


def _bounds(start: int, stop: int | None, size: int) -> tuple[int, int]:
    """``index``'s ``start`` and ``stop`` for ``size`` items, counted from the start, as
    ``list.index`` reads them."""
    start = max(start + size, 0) if start < 0 else start
    return start, size if stop is None else stop + size if stop < 0 else stop


def subset_mask(indices: Sequence[int], size: int, index: int) -> int:
    """The ``index``-th ``size``-subset of the card indices ``indices`` (lowest first), in
    colexicographic order (the order of :class:`CardSubsetMoves`), as a card bitmask."""
    mask = 0
    if len(indices) <= _SMALL:  # a hand: a look-up
        for position in _colex_subsets(size)[index]:
            mask |= 1 << indices[position]
        return mask
    # Combinatorial number system: the k-subset with rank `index`, largest element first.
    position = len(indices)
    for k in range(size, 0, -1):
        position -= 1
        while comb(position, k) > index:
            position -= 1
        index -= comb(position, k)
        mask |= 1 << indices[position]
    return mask


class CardSubsetMoves(FixedLengthSequence[Move]):
    """Every ``size``-card subset of a set of cards, each wrapped in a move (``Send``,
    ``SetAtelier``), in colexicographic order of card indices."""

    __slots__ = ("_indices", "factory", "mask", "size")

    def __init__(self, mask: int, size: int, factory: Callable[[CardSet], Move]) -> None:
        self.mask = mask
        self.size = size
        self.factory = factory
        self._indices = mask_indices(mask)
        self._len = comb(len(self._indices), size)

    def _item(self, index: int) -> Move:
        return self.factory(CardSet(subset_mask(self._indices, self.size, index)))

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of a move among these, computed from its cards (its rank in the
        combinatorial number system), without listing; ``ValueError`` if absent."""
        cards = getattr(value, "cards", None)
        if value not in self or not isinstance(cards, CardSet):
            raise ValueError(f"{value} is not one of these moves")
        positions = [self._indices.index(c) for c in mask_indices(cards.mask)]
        position = sum(comb(p, k) for k, p in enumerate(sorted(positions), start=1))
        if position < start or (stop is not None and position >= stop):
            raise ValueError(f"{value} is not between positions {start} and {stop}")
        return position

    def __contains__(self, move: object) -> bool:
        cards = getattr(move, "cards", None)
        if not isinstance(cards, CardSet) or not isinstance(move, Move):
            return False
        return (
            type(move) is type(self.factory(cards))
            and len(cards) == self.size
            and cards.mask & ~self.mask == 0
        )


_SMALL = 13
"""Subsets of sets up to this size (a hand) are looked up, not computed."""


@cache
def _colex_subsets(size: int) -> tuple[tuple[int, ...], ...]:
    """Every ``size``-subset of ``range(_SMALL)`` in colexicographic order: those of
    ``range(n)`` come first, for any ``n``, so the table serves every smaller set too."""
    return tuple(sorted(combinations(range(_SMALL), size), key=lambda c: c[::-1]))


class CardMoves(FixedLengthSequence[Move]):
    """One move per card of a set (``play``, ``commit``, ``refill``, …), highest card
    index first, each built once for all (moves are values): nothing is listed until
    asked for."""

    __slots__ = ("_moves", "mask")

    def __init__(self, mask: int, factory: Callable[[Any], Move]) -> None:
        self.mask = mask
        self._len = mask.bit_count()
        self._moves = _CARD_MOVES.get(factory) or _shared_moves(factory)

    def _item(self, index: int) -> Move:
        mask = self.mask
        for _ in range(self._len - 1 - index):  # the index-th from the top
            mask &= mask - 1
        return self._moves[(mask & -mask).bit_length() - 1]

    def __iter__(self) -> Iterator[Move]:
        moves = self._moves
        return iter([moves[card] for card in reversed(mask_indices(self.mask))])

    def of_card(self, card: int) -> Move | None:
        """The move of the card with index ``card``, or ``None`` if it is not in the set."""
        return self._moves[card] if 0 <= card < 52 and self.mask >> card & 1 else None

    def __contains__(self, move: object) -> bool:
        card = getattr(move, "card", None)
        return (isinstance(card, Card) and self.mask >> card.index & 1 == 1
                and self._moves[card.index] == move)

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of a move among these, counted from its card (``ValueError`` if
        absent)."""
        if value not in self:
            raise ValueError(f"{value} is not one of these moves")
        card: int = value.card.index  # type: ignore[attr-defined]
        position = (self.mask >> card + 1).bit_count()
        if position < start or (stop is not None and position >= stop):
            raise ValueError(f"{value} is not between positions {start} and {stop}")
        return position


class LegalMoves(LazySequence[Move]):
    """The legal moves of a state: iterate, ``len``, ``in``, index, without listing them.

    Returned by :meth:`combowhist.Deal.legal_moves`. Indexing order is stable for a given
    state, so ``moves[rng.randrange(len(moves))]`` picks a uniformly random legal move.

    Like :meth:`~combowhist.Deal.apply`, ``in`` and :meth:`index` take a move object or its
    notation: ``"pass" in moves`` is true exactly when ``deal.apply("pass")`` would
    succeed. Text that does not read as a move, and objects that are not well-formed moves,
    are simply not ``in``; :meth:`index` raises :class:`ValueError` for anything not among
    the moves, as ``list.index`` does (a :class:`~combowhist.errors.NotationError`, which is
    one, naming the input when it is not a move at all).
    """

    __slots__ = ("_lengths", "_parts")

    def __init__(self, *parts: Sequence[Any]) -> None:
        self._parts = parts
        # The possible bids' length is a sweep of the hand's bids: taken only when asked.
        self._lengths: tuple[int, ...] | None = (
            None if any(isinstance(part, PossibleBidMoves) for part in parts)
            else tuple(map(len, parts)))

    @classmethod
    def of_cards(cls, mask: int, factory: Callable[[Any], Move]) -> LegalMoves:
        """One move made by ``factory`` per card of ``mask`` (see :class:`CardMoves`)."""
        return _CardLegalMoves(CardMoves(mask, factory))

    def __len__(self) -> int:
        return sum(self._sizes())

    def _sizes(self) -> tuple[int, ...]:
        if self._lengths is None:
            self._lengths = tuple(map(len, self._parts))
        return self._lengths

    @property
    def parts(self) -> tuple[Sequence[Move], ...]:
        """The sequences the moves are the concatenation of, in order: a few moves (a
        tuple, or one move per card), the auction's ``bid`` moves
        (:class:`BidMoves`), or card picks (:class:`CardSubsetMoves`)."""
        return self._parts

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if type(index) is int and index >= 0:  # the common case: straight to its part
            return self._item(index)
        return super().__getitem__(index)

    def _item(self, index: int) -> Move:
        lengths = self._sizes()
        if lengths and index < lengths[0]:  # in the first part (often the only one)
            first: Move = self._parts[0][index]
            return first
        for part, length in zip(self._parts, lengths, strict=True):
            if index < length:
                move: Move = part[index]
                return move
            index -= length
        raise IndexError(f"index out of range for {len(self)} legal moves")

    def __contains__(self, move: object) -> bool:
        try:
            wanted = self._move(move)
        except CombowhistError:  # not a move at all, or a bid no seat may make
            return False
        return any(wanted in part for part in self._parts)

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of a legal move, given as an object or its notation: see the class
        docs for what is raised when it is not among the moves."""
        wanted = self._move(value)
        if start < 0 or (stop is not None and stop < 0):  # from the end: needs the length
            start, stop = _bounds(start, stop, len(self))
        offset = 0
        for n, part in enumerate(self._parts):  # the lengths of the parts before it only
            offset += len(self._parts[n - 1]) if n else 0
            if wanted in part:
                position = offset + part.index(wanted)
                if start <= position and (stop is None or position < stop):
                    return position
        raise ValueError(f"{wanted} is not a legal move here")

    def draw(self, rng: Random) -> Move:
        """A uniformly random legal move: ``self[rng.randrange(len(self))]``, the same draw
        from the same ``rng``; or, where the auction offers only the bids possible with
        the bidder's hand (:class:`PossibleBidMoves`), a draw over :meth:`candidates`,
        drawn again until it is legal, which needs no ``len`` (``pass`` is always among
        them, so the draws end)."""
        candidates = self.candidates()
        while True:
            move: Move = candidates[rng.randrange(len(candidates))]
            if candidates is self or move in self:
                return move

    def candidates(self) -> LegalMoves:
        """The moves to draw from without ``len``: these moves themselves; or, where the
        auction offers only the bids possible with the bidder's hand
        (:class:`PossibleBidMoves`, R8's exact layer), ``pass`` and every bid the static
        layer allows, in the same order, of which the ones ``in`` these moves are legal.
        Their ``len`` costs nothing, where these moves' first ``len`` decides every bid
        of the hand (see :class:`PossibleBidMoves`)."""
        if not any(isinstance(part, PossibleBidMoves) for part in self._parts):
            return self
        return LegalMoves(*(part.bids if isinstance(part, PossibleBidMoves) else part
                            for part in self._parts))

    def _move(self, value: object) -> Move:
        """``value`` as a move object, read with the profile and participant count of the
        bids here (only the auction offers bids)."""
        if not isinstance(value, str):
            return check_move(value)
        space = next((p.space for p in self._parts if isinstance(p, BidMoves)), None)
        space = next((p.bids.space for p in self._parts if isinstance(p, PossibleBidMoves)),
                     space)
        if space is None:
            return parse_move(value)
        return parse_move(value, space.profile, space.players)

    def to_data(self) -> list[Any]:
        """The moves as plain JSON-ready data, without listing the many: a move's notation
        for each of the few, ``{"bids": N}`` for every combo bid worth at least ``N``,
        ``{"move": "send", "cards": "…", "size": 3}`` for every pick of ``size`` of the
        cards, ``{"bids": N, "possible": true}`` for those of the bids possible with the
        bidder's hand (R8's exact layer). :meth:`from_data` reads it back."""
        data: list[Any] = []
        for part in self._parts:
            if isinstance(part, PossibleBidMoves):
                data.append({"bids": part.bids.space.minimum, "possible": True})
            elif isinstance(part, BidMoves):
                data.append({"bids": part.space.minimum})
            elif isinstance(part, CardSubsetMoves):
                data.append({"move": _SUBSET_WORDS[part.factory], "size": part.size,
                             "cards": str(CardSet(part.mask))})
            else:
                data.extend(str(move) for move in part)
        return data

    @classmethod
    def from_data(cls, data: object, profile: RuleProfile, players: int,
                  possible: Possible | None = None) -> LegalMoves:
        """The moves :meth:`to_data` describes, bids of ``profile`` for ``players``
        participants; ``possible`` tells the bids possible with the bidder's hand, where
        the data keeps only those. Raises :class:`~combowhist.errors.NotationError` for
        anything else."""
        if not isinstance(data, list):
            raise NotationError(f"legal moves: expected a list, got {shown(data)}")
        parts: list[Sequence[Any]] = []
        few: list[Move] = []
        for item in data:
            if isinstance(item, str):
                few.append(parse_move(item, profile, players))
                continue
            if few:
                parts.append(tuple(few))
                few = []
            parts.append(_many(item, profile, players, possible))
        if few:
            parts.append(tuple(few))
        return cls(*parts)

    def __iter__(self) -> Iterator[Move]:  # faster than item by item
        for part in self._parts:
            yield from part

    def __bool__(self) -> bool:
        if self._lengths is None:  # a part offered besides the possible bids: no sweep
            return any(map(len, (p for p in self._parts
                                 if not isinstance(p, PossibleBidMoves)))) or any(
                self._sizes())
        return any(self._lengths)

    def __repr__(self) -> str:
        shown = [str(m) for m in self[:8]]
        more = f", … ({len(self)} in all)" if len(self) > 8 else ""
        return f"<LegalMoves: {', '.join(shown)}{more}>"


class _CardLegalMoves(LegalMoves):
    """Legal moves that are one :class:`CardMoves` (trick play's): straight to it."""

    __slots__ = ("_size",)

    def __init__(self, part: CardMoves) -> None:
        self._parts = (part,)
        self._lengths = (part._len,)
        self._size = part._len

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if type(index) is int and 0 <= index < self._size:
            part: CardMoves = self._parts[0]  # type: ignore[assignment]
            return part._item(index)
        return super().__getitem__(index)


_SUBSET_WORDS: dict[Callable[[CardSet], Move], str] = {Send: "send", SetAtelier: "atelier"}


def _many(item: object, profile: RuleProfile, players: int,
          possible: Possible | None) -> Sequence[Any]:
    """One part of :meth:`LegalMoves.from_data`: the bids or the card picks ``item``
    describes."""
    if isinstance(item, dict) and set(item) == {"bids"} and type(item["bids"]) is int:
        return BidMoves(legal_combos(profile, players, item["bids"]))
    if (isinstance(item, dict) and set(item) == {"bids", "possible"}
            and type(item["bids"]) is int and item["possible"] is True):
        if possible is None:
            raise NotationError(f"legal moves: {shown(item)} needs the bidder's hand to "
                                f"tell which bids are possible (R8)")
        return PossibleBidMoves(BidMoves(legal_combos(profile, players, item["bids"])),
                                possible)
    if isinstance(item, dict) and set(item) == {"move", "size", "cards"}:
        factory = {word: f for f, word in _SUBSET_WORDS.items()}.get(item["move"])
        size, cards = item["size"], item["cards"]
        if factory is not None and type(size) is int and 0 < size <= 52 and isinstance(
                cards, str):
            return CardSubsetMoves(CardSet.parse(cards).mask, size, factory)
    raise NotationError(f"legal moves: {shown(item)} is not a move, {{'bids': N}} nor "
                        f"{{'move': 'send' or 'atelier', 'size': N, 'cards': '…'}}")


_CARD_MOVES: dict[Callable[[Any], Move], tuple[Move, ...]] = {Play: PLAYS}


def _shared_moves(factory: Callable[[Any], Move]) -> tuple[Move, ...]:
    """``factory(card)`` for all 52 cards; moves are values, so they are made once."""
    moves = _CARD_MOVES.get(factory)
    if moves is None:
        moves = _CARD_MOVES[factory] = tuple(factory(card) for card in ALL_CARDS)
    return moves
