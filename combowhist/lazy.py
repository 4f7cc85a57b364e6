"""A base for read-only sequences that compute their items on demand."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

__all__ = ["LazySequence"]

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
