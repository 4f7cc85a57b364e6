"""Bases for read-only sequences that compute their items on demand."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

__all__ = ["FixedLengthSequence", "LazySequence"]

T = TypeVar("T")


class LazySequence(Sequence[T]):
    """A sequence defined by ``__len__`` and ``_item(index)`` (``0 <= index < len``):
    slices, negative indices, range errors and iteration come from here."""

    __slots__ = ()

    def _item(self, index: int) -> T:
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...
    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        size = len(self)
        if isinstance(index, slice):
            return [self._item(i) for i in range(*index.indices(size))]
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(f"index {index} out of range for {size} items")
        return self._item(index)

    def __iter__(self) -> Iterator[T]:
        for i in range(len(self)):
            yield self._item(i)


class FixedLengthSequence(LazySequence[T]):
    """A :class:`LazySequence` whose length is known when it is built (``_len``): indexing
    by an int in range goes straight to ``_item``, the hot path of legal-move draws."""

    __slots__ = ("_len",)
    _len: int

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...
    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if type(index) is int and 0 <= index < self._len:  # the common case
            return self._item(index)
        return super().__getitem__(index)
