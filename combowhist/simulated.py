"""One record per simulated deal: what :func:`~combowhist.simulate.iter_deals`,
:func:`~combowhist.simulate.iter_game_deals` and the ``on_deal`` callback of
:func:`~combowhist.simulate.simulate_deals` and :func:`~combowhist.simulate.simulate_games`
give, and :class:`DealWriter` writes as CSV or JSON lines.

A record is plain data, in players (not deal seats): with more than 4 players the
``participants`` take part (R3) and the others have an empty hand, no tricks and no points.

>>> from combowhist.simulate import iter_deals
>>> first = next(iter_deals(1, seed=1, workers=1))
>>> first.deal, first.seed, first.dealer, len(first.hands)
(0, '1:0', 0, 4)
>>> SimulatedDeal.from_dict(first.to_dict()) == first
True
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import attrs

from combowhist.errors import SimulationError

__all__ = ["DEAL_FIELDS", "FORMATS", "DealWriter", "SimulatedDeal"]

FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}
"""The file formats :class:`DealWriter` writes, by file name suffix."""


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(value)


def _strs(value: Any) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class SimulatedDeal:
    """One deal of a simulation run, as plain data.

    Every sequence has one entry per player (player ``p`` at index ``p``); a player who sits
    out the deal (R3) has the hand ``""`` and 0 tricks and points.
    """

    kind: str
    """The run's kind: ``"deals"`` or ``"games"``."""
    run_seed: int | str
    """The run's seed."""
    game: int | None
    """Game runs: the game's index in the run (0 first); ``None`` in deal runs."""
    deal: int
    """Deal runs: the deal's index in the run (0 first); game runs: the deal's number in
    its game (1 first, redeals and cancelled deals counted)."""
    seed: str
    """The seed the deal's cards were shuffled from: ``f"{run_seed}:{deal}"`` in deal runs
    (whose bots choose from it too), ``f"{run_seed}:{game}:{deal}"`` in game runs."""
    players: int
    """The players at the table."""
    dealer: int
    """The dealer's player number."""
    participants: tuple[int, ...] = attrs.field(converter=_ints)
    """The players who took part (R3), clockwise: deal seat ``i`` is ``participants[i]``."""
    bots: tuple[str, ...] = attrs.field(converter=_strs)
    """The bot name of every player."""
    hands: tuple[str, ...] = attrs.field(converter=_strs)
    """Every player's hand as dealt, in card notation (``"AS 9S 2S …"``)."""
    contract: str | None
    """The final combo bid in notation (``"trump+lock"``); ``None`` for a redeal or a
    cancelled deal."""
    declarer: int | None
    """The declarer's player number; ``None`` for a redeal."""
    tricks: tuple[int, ...] = attrs.field(converter=_ints)
    """Tricks taken by every player."""
    points: tuple[int, ...] = attrs.field(converter=_ints)
    """The deal's bid points per player (R34): the declarer's score or failure points."""
    free_points: tuple[int, ...] = attrs.field(converter=_ints)
    """Game runs: free points per player (R36); zeros in deal runs."""
    completed: bool
    """Whether the declarer completed the contract."""
    redeal: bool
    """Everyone passed (R38)."""
    cancelled: bool
    """Cancelled by cheating (R40); bots do not cheat, so normally ``False``."""

    def to_dict(self) -> dict[str, Any]:
        """The record as a dict of plain values (tuples become lists), keys
        :data:`DEAL_FIELDS` in that order: JSON-ready."""
        return {name: list(value) if isinstance(value, tuple) else value
                for name, value in attrs.asdict(self, recurse=False).items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SimulatedDeal:
        """A record from :meth:`to_dict`'s dict (or a JSON line's); :class:`SimulationError`
        naming what is missing or wrong otherwise."""
        try:
            return cls(**{name: data[name] for name in DEAL_FIELDS})
        except (KeyError, TypeError) as error:
            raise SimulationError(f"not a simulated deal record ({error}): {data!r}") from None

    def to_csv_row(self) -> dict[str, str | int]:
        """The record as a CSV row: sequences joined by ``" | "`` (hands) or a space
        (numbers), ``None`` as an empty cell, booleans as ``0``/``1``."""
        row: dict[str, str | int] = {}
        for name, value in attrs.asdict(self, recurse=False).items():
            if isinstance(value, tuple):
                row[name] = (" | " if name == "hands" else " ").join(map(str, value))
            elif value is None:
                row[name] = ""
            else:
                row[name] = int(value) if isinstance(value, bool) else value
        return row


DEAL_FIELDS: tuple[str, ...] = tuple(field.name for field in attrs.fields(SimulatedDeal))
"""The fields of a :class:`SimulatedDeal`: the keys of :meth:`SimulatedDeal.to_dict` and
the columns of :class:`DealWriter`'s CSV."""


class DealWriter:
    """Writes :class:`SimulatedDeal` records to a file as CSV (a header of
    :data:`DEAL_FIELDS`, then a row per deal, see :meth:`SimulatedDeal.to_csv_row`) or JSON
    lines (one :meth:`SimulatedDeal.to_dict` per line).

    ``file`` is a path, whose suffix chooses the format (:data:`FORMATS`) unless ``format``
    (``"csv"`` or ``"jsonl"``) is given, or an open text file, which needs ``format``. A
    path is opened (and so checked) at once. The writer is a callable, so it can be the
    ``on_deal`` callback of a run; close it, or use it as a context manager::

        with DealWriter("deals.csv") as writer:
            result = simulate_deals(10_000, seed=1, on_deal=writer)
    """

    def __init__(self, file: str | os.PathLike[str] | IO[str], format: str | None = None
                 ) -> None:
        path = None if _is_stream(file) else Path(file)  # type: ignore[arg-type]
        if format is None:
            suffix = path.suffix.lower() if path is not None else ""
            format = FORMATS.get(suffix)
            if format is None:
                naming = ("" if path is None else
                          f"name the file *{', *'.join(FORMATS)}, or ")
                raise SimulationError(
                    f"cannot tell the format of per-deal file {_name(file)}: "
                    f"{naming}give the format (csv or jsonl)")
        if format not in FORMATS.values():
            raise SimulationError(f"per-deal format {format!r}: the formats are csv and jsonl")
        self.format = format
        """``"csv"`` or ``"jsonl"``."""
        if path is not None:
            try:
                self._handle: IO[str] = path.open("w", newline="", encoding="utf-8")
            except OSError as error:
                raise SimulationError(f"per-deal file {_name(file)} cannot be written: "
                                      f"{error.strerror or error}") from error
            self._owned = True
        else:
            self._handle = file  # type: ignore[assignment]
            self._owned = False
        self._csv: csv.DictWriter[str] | None = None
        if format == "csv":
            self._csv = csv.DictWriter(self._handle, fieldnames=DEAL_FIELDS,
                                       lineterminator="\n")
            self._csv.writeheader()
        self.written = 0
        """How many records were written."""

    def write(self, record: SimulatedDeal) -> None:
        """Write one record."""
        if self._csv is not None:
            self._csv.writerow(record.to_csv_row())
        else:
            self._handle.write(json.dumps(record.to_dict()) + "\n")
        self.written += 1

    __call__ = write

    def close(self) -> None:
        """Flush, and close the file if the writer opened it."""
        if self._owned:
            self._handle.close()
        else:
            self._handle.flush()

    def __enter__(self) -> DealWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def _name(file: object) -> str:
    return repr(str(file)) if not _is_stream(file) else repr(getattr(file, "name", "stream"))


def _is_stream(file: object) -> bool:
    return hasattr(file, "write")
