"""Many deals or games played by bots, tallied: which bids become contracts, how often they
are completed, how games end and who wins.

:func:`simulate_deals` plays single deals and :func:`simulate_games` whole games. Both return
a :class:`SimulationResult`: counters only, never the deals themselves, so a result is small
and partial results from many processes merge cheaply (:meth:`SimulationResult.merge`).

>>> from combowhist.simulate import simulate_deals
>>> result = simulate_deals(30, seed=1, workers=1)
>>> result.deals, result.contracts.total() + result.redeals
(30, 30)
>>> result == simulate_deals(30, seed=1, workers=1, chunk_size=7)
True
>>> [row["kind"] for row in result.rows()][:4]
['deals', 'deals', 'deals', 'deals']
>>> print(result.summary().splitlines()[0])
30 deals, 4 players, profile 1.4.2, seed 1

**Reproducibility.** Item ``i`` (a deal or a game) of a run with seed ``seed`` takes all its
chance from seeds made of ``seed`` and ``i`` alone:

* deal ``i`` is shuffled by, and its bots choose with, ``random.Random(f"{seed}:{i}")``;
* game ``i`` is ``Game.new(..., seed=f"{seed}:{i}")`` (so its deals are shuffled from that
  seed), and its bots choose with ``random.Random(f"{seed}:{i}")``.

So the same arguments give the same result whatever the number of workers, the executor or
the chunk size (for bots that keep no state between decisions: see below).

**Parallel runs.** The items are split into chunks of consecutive indices; each chunk is one
call of a picklable top-level function that returns a partial :class:`SimulationResult`,
and the partial results are merged in index order. Any
:class:`concurrent.futures.Executor` runs the chunks, for example a Dask cluster's::

    from distributed import Client
    with Client("tcp://scheduler:8786") as client:
        result = simulate_games(10_000, executor=client.get_executor())

**Bots are copied per chunk.** Every chunk plays with its own copies of the bots: deep
copies (:func:`copy.deepcopy`) when it runs in this process (``workers=1``, a
:class:`~concurrent.futures.ThreadPoolExecutor`), pickled copies when it runs in another
process or on a cluster. The bots you pass are never changed, and a bot that keeps state
(one that counts, remembers or learns) starts afresh in every chunk and loses what it
learned when its chunk ends: nothing it learns reaches the other chunks or comes back to
you, and its play depends on the chunk size (but not on the number of workers or the
executor). Keep bots stateless for simulations, or give a learning bot its own loop over
:func:`~combowhist.bots.play_deal`. For process pools and clusters the bots must be
picklable (instances of a top-level class holding picklable values, e.g. an
:func:`attrs.frozen` one like :class:`~combowhist.bots.RandomBot`); a bot that is not (one
holding a lambda, an open file or a lock) is refused before the run with a
:class:`~combowhist.errors.SimulationError` naming it. The process pool uses the platform's
default start method; where that is "spawn" (Windows, macOS), a script that simulates must
guard its main code with ``if __name__ == "__main__":``.

**Failures.** When a bot raises (or returns a move the rules refuse) in item ``i``, the run
stops with a :class:`~combowhist.errors.SimulationError` naming the item, the run's seed and
the item's own seed ``f"{seed}:{i}"``, with the original exception's type and message in its
text and the exception itself as its ``__cause__``. Its ``partial`` attribute holds the
finished work: the :class:`SimulationResult` of items ``0`` to ``i - 1``, exactly what a run
of ``i`` items with the same settings returns, whatever the workers (items after ``i`` that
other workers finished are dropped, so that the partial result is reproducible;
``partial.items`` is ``i``). If a worker itself fails (a process dies, a result cannot
travel back), the error names the items of its chunk, and ``partial`` holds the items before
that chunk. Of several failures, the one of the lowest item is reported.
"""

from __future__ import annotations

import collections
import concurrent.futures
import copy
import csv
import json
import math
import os
import pickle
import random
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Generic, TypeVar

import attrs

from combowhist.bids import ComboBid
from combowhist.bots import Bot, RandomBot, play_deal, play_game
from combowhist.deal import Deal
from combowhist.errors import SimulationError
from combowhist.game import Game, Variant
from combowhist.profiles import RuleProfile, available_profiles, load_profile
from combowhist.records import DealRecord

__all__ = [
    "DEFAULT_MAX_DEALS",
    "PARALLEL_MIN_DEALS",
    "PARALLEL_MIN_GAMES",
    "ROW_FIELDS",
    "Counts",
    "Progress",
    "SimulationResult",
    "simulate_deals",
    "simulate_games",
]

DEFAULT_MAX_DEALS = 1000
"""The deals after which :func:`simulate_games` stops a game that has not ended (bots that
always pass would otherwise redeal for ever); such a game counts as ``"unfinished"``."""

PARALLEL_MIN_DEALS = 500
"""With ``workers=None``, runs of at least this many deals use a process pool."""

PARALLEL_MIN_GAMES = 50
"""With ``workers=None``, runs of at least this many games use a process pool."""

ROW_FIELDS = ("kind", "key", "count", "success", "rate", "share", "mean")
"""The columns of :meth:`SimulationResult.rows` and :meth:`SimulationResult.to_csv`."""

Progress = Callable[[int, int], object]
"""A progress callback: called with ``(done, total)`` items each time a chunk finishes."""

K = TypeVar("K", str, int)


class Counts(Mapping[K, int], Generic[K]):
    """An immutable tally of keys (strings or integers) to counts, sorted by key.

    Missing keys count 0, zero counts are dropped, and ``+`` adds two tallies:

    >>> Counts({"b": 2, "a": 1}) + Counts({"b": 1, "c": 0})
    Counts({'a': 1, 'b': 3})
    >>> Counts({"a": 1})["z"]
    0
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[K, int] | Iterable[tuple[K, int]] = ()) -> None:
        items = dict(data)
        self._data: dict[K, int] = {k: items[k] for k in sorted(items) if items[k]}

    def __getitem__(self, key: K) -> int:
        return self._data.get(key, 0)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Counts):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == {k: v for k, v in other.items() if v}
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._data.items()))

    def __add__(self, other: Counts[K]) -> Counts[K]:
        if not isinstance(other, Counts):
            return NotImplemented
        total = collections.Counter(self._data)
        total.update(other._data)
        return Counts(total)

    def __repr__(self) -> str:
        return f"Counts({self._data!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Counts, (self._data,)

    def total(self) -> int:
        """The sum of all counts."""
        return sum(self._data.values())

    def most_common(self, n: int | None = None) -> list[tuple[K, int]]:
        """The ``n`` (default: all) keys with the highest counts, ties in key order."""
        ranked = sorted(self._data.items(), key=lambda item: -item[1])
        return ranked if n is None else ranked[:n]


def _str_counts(value: Mapping[str, int]) -> Counts[str]:
    return value if isinstance(value, Counts) else Counts(value)


def _int_counts(value: Mapping[int, int]) -> Counts[int]:
    return value if isinstance(value, Counts) else Counts(value)


def _no_strs() -> Counts[str]:
    return Counts()


def _no_ints() -> Counts[int]:
    return Counts()


_STR_COUNTERS = (
    "contracts", "completed", "bid_points", "combo_contracts", "combo_completed",
    "bot_seats", "bot_points", "bot_contracts", "bot_completed", "bot_contract_points",
    "bot_wins", "endings",
)
_INT_COUNTERS = (
    "declarer_points", "game_lengths", "seat_wins", "seat_points", "final_scores",
)
_CONFIG = ("kind", "players", "profile", "variant", "max_deals", "bots")
_TOTALS = ("items", "deals", "redeals", "cancelled")


@attrs.frozen
class SimulationResult:
    """The tallies of a simulation run: what :func:`simulate_deals` and
    :func:`simulate_games` return.

    The first fields say what was run (results of different runs merge only when these
    agree); the rest are totals and :class:`Counts`. A *contract* is a deal's final combo
    bid, a deal with a declarer; every deal is a contract, a redeal (everyone passed) or a
    deal cancelled by cheating. *Declarer points* are the deal's bid points of the declarer
    (the score of a completed bid, the failure points of a failed one), without free points.
    In game runs a *seat* is a player number (player 0 deals first) and every deal of every
    game is tallied, redeals included.
    """

    kind: str
    """``"deals"`` or ``"games"``."""
    players: int
    profile: str
    """The rule profile's name."""
    variant: str | None
    """Game runs: the variant, e.g. ``"classic W13 floor 1"``; ``None`` for deal runs."""
    max_deals: int | None
    """Game runs: the deals after which a game was stopped unfinished."""
    bots: tuple[str, ...]
    """The bots' names in the order given (deal runs: bot ``s`` plays seat ``s``)."""
    seed: int | str | None
    """The run's seed; ``None`` after merging results of different seeds."""
    items: int = 0
    """The deals (deal runs) or games (game runs) simulated."""
    deals: int = 0
    """The deals played, redeals and cancelled deals included."""
    redeals: int = 0
    """Deals everyone passed (R38)."""
    cancelled: int = 0
    """Deals cancelled by cheating (R40); bots do not cheat, so normally 0."""
    contracts: Counts[str] = attrs.field(factory=_no_strs, converter=_str_counts)
    """Contracts by standard bid key (``"trump"``)."""
    completed: Counts[str] = attrs.field(factory=_no_strs, converter=_str_counts)
    """Completed contracts by standard bid key."""
    bid_points: Counts[str] = attrs.field(factory=_no_strs, converter=_str_counts)
    """The sum of declarer points by standard bid key (for the mean)."""
    combo_contracts: Counts[str] = attrs.field(factory=_no_strs, converter=_str_counts)
    """Contracts by full combo bid (``"trump+lock+penalty"``)."""
    combo_completed: Counts[str] = attrs.field(factory=_no_strs, converter=_str_counts)
    """Completed contracts by full combo bid."""
    declarer_points: Counts[int] = attrs.field(factory=_no_ints, converter=_int_counts)
    """How many contracts gave their declarer so many points: the points distribution."""
    bot_seats: Counts[str] = attrs.field(factory=_no_strs, converter=_str_counts)
    """Seats each bot name filled: one per deal (deal runs) or game (game runs) per seat."""
    bot_points: Counts[str] = attrs.field(factory=_no_strs, converter=_str_counts)
    """Deal runs: the sum of the declarer points each bot name scored; game runs: the sum of
    its final scores."""
    bot_contracts: Counts[str] = attrs.field(factory=_no_strs, converter=_str_counts)
    """Contracts by the declarer's bot name."""
    bot_completed: Counts[str] = attrs.field(factory=_no_strs, converter=_str_counts)
    """Completed contracts by the declarer's bot name."""
    bot_contract_points: Counts[str] = attrs.field(factory=_no_strs, converter=_str_counts)
    """The sum of declarer points by the declarer's bot name."""
    bot_wins: Counts[str] = attrs.field(factory=_no_strs, converter=_str_counts)
    """Game runs: games won by bot name."""
    endings: Counts[str] = attrs.field(factory=_no_strs, converter=_str_counts)
    """Game runs: games by :class:`~combowhist.Ending` value, ``"unfinished"`` for games
    stopped after ``max_deals``."""
    game_lengths: Counts[int] = attrs.field(factory=_no_ints, converter=_int_counts)
    """Game runs: games by the number of deals they had (redeals included)."""
    seat_wins: Counts[int] = attrs.field(factory=_no_ints, converter=_int_counts)
    """Game runs: games won by player number."""
    seat_points: Counts[int] = attrs.field(factory=_no_ints, converter=_int_counts)
    """Game runs: the sum of final scores by player number."""
    final_scores: Counts[int] = attrs.field(factory=_no_ints, converter=_int_counts)
    """Game runs: every player's final score, counted."""

    # -- reading ----------------------------------------------------------------------------

    @property
    def games(self) -> int:
        """The games simulated (0 in deal runs)."""
        return self.items if self.kind == "games" else 0

    def completion_rate(self, bid: str | None = None) -> float | None:
        """The share of contracts completed: of all, or of one standard bid (or, given a
        combo with ``+``, of that combo). ``None`` when there were none."""
        if bid is None:
            return _ratio(self.completed.total(), self.contracts.total())
        if "+" in bid:
            return _ratio(self.combo_completed[bid], self.combo_contracts[bid])
        return _ratio(self.completed[bid], self.contracts[bid])

    @property
    def completion_rates(self) -> dict[str, float]:
        """The completion rate of every standard bid that became a contract."""
        return {bid: self.completed[bid] / n for bid, n in self.contracts.items()}

    # -- combining --------------------------------------------------------------------------

    def merge(self, other: SimulationResult) -> SimulationResult:
        """The tallies of both results added up. Both must come from the same kind of run
        (kind, players, profile, variant, max_deals and bot names); the seed is kept when
        both share it and becomes ``None`` otherwise. Merging is associative and
        commutative."""
        if not isinstance(other, SimulationResult):
            raise TypeError(f"cannot merge a SimulationResult with {other!r}")
        for name in _CONFIG:
            if getattr(self, name) != getattr(other, name):
                raise SimulationError(f"cannot merge simulation results with different {name}: "
                                 f"{getattr(self, name)!r} and {getattr(other, name)!r}")
        changes: dict[str, Any] = {
            name: getattr(self, name) + getattr(other, name)
            for name in (*_TOTALS, *_STR_COUNTERS, *_INT_COUNTERS)
        }
        changes["seed"] = self.seed if self.seed == other.seed else None
        return attrs.evolve(self, **changes)

    def __add__(self, other: SimulationResult) -> SimulationResult:
        return self.merge(other)

    # -- tables -----------------------------------------------------------------------------

    def rows(self) -> list[dict[str, Any]]:
        """The result as one tidy table: a list of plain dicts with the keys
        :data:`ROW_FIELDS`, one row per observed category, grouped by ``kind``.

        ``key`` is always a string; a column that does not apply holds ``None``.
        ``count`` is how often the category occurred, ``success`` how many of those
        succeeded, ``rate`` is ``success / count``, ``share`` is ``count`` over the kind's
        total and ``mean`` the mean points:

        =================== ============================ ============ =========== ===============
        kind                key                          count        success     mean
        =================== ============================ ============ =========== ===============
        ``deals``           ``all``, ``contracts``,      deals        completed   declarer points
                            ``redeals``, ``cancelled``                (contracts) (contracts)
        ``bid``             standard bid key             contracts    completed   declarer points
        ``combo``           full combo bid               contracts    completed   —
        ``declarer_points`` points                       contracts    —           —
        ``bot``             bot name                     seats filled games won   points per seat
        ``declarer_bot``    bot name                     contracts    completed   declarer points
        ``seat``            player number (games)        games        games won   final score
        ``game_length``     deals in the game            games        —           —
        ``ending``          Ending value or unfinished   games        —           —
        ``final_score``     score                        player-games —           —
        =================== ============================ ============ =========== ===============

        ``share`` is over all deals for ``deals``, ``bid`` and ``combo``, over contracts for
        ``declarer_points`` and ``declarer_bot``, over all seats for ``bot`` and ``seat``,
        over games for ``game_length`` and ``ending``, over all player-games for
        ``final_score``. ``bot`` rows' ``mean`` is declarer points per deal seat in deal
        runs and the final score in game runs; their ``success`` is ``None`` in deal runs.
        Bids and combos come most frequent first, distributions by key.
        """
        out: list[dict[str, Any]] = []
        deals, contracts = self.deals, self.contracts.total()
        done, points = self.completed.total(), self.bid_points.total()
        out.append(_row("deals", "all", deals, None, deals, None))
        out.append(_row("deals", "contracts", contracts, done, deals, points))
        out.append(_row("deals", "redeals", self.redeals, None, deals, None))
        out.append(_row("deals", "cancelled", self.cancelled, None, deals, None))
        for bid, n in self.contracts.most_common():
            out.append(_row("bid", bid, n, self.completed[bid], deals, self.bid_points[bid]))
        for combo, n in self.combo_contracts.most_common():
            out.append(_row("combo", combo, n, self.combo_completed[combo], deals, None))
        out.extend(_distribution("declarer_points", self.declarer_points))
        seats = self.bot_seats.total()
        games = self.kind == "games"
        for name, n in self.bot_seats.items():
            out.append(_row("bot", name, n, self.bot_wins[name] if games else None, seats,
                            self.bot_points[name]))
        for name, n in self.bot_contracts.most_common():
            out.append(_row("declarer_bot", name, n, self.bot_completed[name], contracts,
                            self.bot_contract_points[name]))
        if games:
            for seat in range(self.players):
                out.append(_row("seat", str(seat), self.items, self.seat_wins[seat],
                                self.items * self.players, self.seat_points[seat]))
            out.extend(_distribution("game_length", self.game_lengths))
            out.extend(_distribution("ending", self.endings))
            out.extend(_distribution("final_score", self.final_scores))
        return out

    def to_csv(self, file: str | os.PathLike[str] | IO[str]) -> None:
        """Write :meth:`rows` as CSV (a header of :data:`ROW_FIELDS`, then one line per row,
        empty cells for ``None``) to a path or an open text file."""
        if isinstance(file, str | os.PathLike):
            with Path(file).open("w", newline="", encoding="utf-8") as handle:
                self._write_csv(handle)
        else:
            self._write_csv(file)

    def _write_csv(self, handle: IO[str]) -> None:
        writer = csv.DictWriter(handle, fieldnames=ROW_FIELDS, lineterminator="\n")
        writer.writeheader()
        for row in self.rows():
            writer.writerow({k: ("" if v is None else v) for k, v in row.items()})

    def to_json(self, indent: int | None = None) -> str:
        """The whole result as JSON: the run's fields and every counter (integer keys
        written as strings). :meth:`from_json` reads it back."""
        data: dict[str, Any] = {"format": "combowhist-simulation", "version": 1}
        for name in (*_CONFIG, "seed", *_TOTALS):
            data[name] = getattr(self, name)
        data["bots"] = list(self.bots)
        for name in (*_STR_COUNTERS, *_INT_COUNTERS):
            data[name] = {str(k): v for k, v in getattr(self, name).items()}
        return json.dumps(data, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> SimulationResult:
        """A result from :meth:`to_json`'s text. Raises :class:`ValueError` for other
        JSON."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != "combowhist-simulation":
            raise SimulationError("not a combowhist simulation result")
        try:
            fields: dict[str, Any] = {name: data[name] for name in
                                      (*_CONFIG, "seed", *_TOTALS, *_STR_COUNTERS)}
            fields["bots"] = tuple(data["bots"])
            for name in _INT_COUNTERS:
                fields[name] = Counts({int(k): v for k, v in data[name].items()})
            return cls(**fields)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise SimulationError(f"not a valid simulation result: {error}") from None

    def summary(self) -> str:
        """A readable multi-line report for a terminal: the totals, a table of the standard
        bids, the most frequent combos, and for game runs the lengths, endings and wins by
        bot and by seat."""
        lines = [self._heading(), f"bots: {', '.join(self.bots)}"]
        contracts = self.contracts.total()
        lines.append(f"deals {self.deals}: contracts {contracts} "
                     f"({_pct(contracts, self.deals)}), redeals {self.redeals} "
                     f"({_pct(self.redeals, self.deals)})"
                     + (f", cancelled {self.cancelled}" if self.cancelled else ""))
        if contracts:
            lines.append(f"completed {self.completed.total()} of {contracts} contracts "
                         f"({_pct(self.completed.total(), contracts)}); declarer points: "
                         f"mean {self.bid_points.total() / contracts:.2f}, "
                         f"min {min(self.declarer_points)}, max {max(self.declarer_points)}")
            lines.append("")
            lines.extend(_table(
                ("bid", "contracts", "share", "completed", "rate", "mean pts"),
                [(bid, n, _pct(n, self.deals), self.completed[bid],
                  _pct(self.completed[bid], n), f"{self.bid_points[bid] / n:.2f}")
                 for bid, n in self.contracts.most_common()]))
            top = self.combo_contracts.most_common(10)
            lines.append("")
            lines.append(f"combos: {len(self.combo_contracts)} different; most frequent:")
            lines.extend(_table(
                ("combo", "contracts", "completed", "rate"),
                [(combo, n, self.combo_completed[combo], _pct(self.combo_completed[combo], n))
                 for combo, n in top]))
        if self.kind == "games" and self.items:
            lengths = self.game_lengths
            mean = sum(k * v for k, v in lengths.items()) / self.items
            lines.append("")
            lines.append(f"deals per game: mean {mean:.2f}, min {min(lengths)}, "
                         f"max {max(lengths)}")
            lines.append("endings: " + ", ".join(f"{k} {v} ({_pct(v, self.items)})"
                                                 for k, v in self.endings.most_common()))
            scores = self.final_scores
            lines.append(f"final scores: mean {self.seat_points.total() / scores.total():.2f}"
                         f", min {min(scores)}, max {max(scores)}")
            lines.append("")
            lines.extend(_table(
                ("bot", "seats", "wins", "win rate", "mean score"),
                [(name, n, self.bot_wins[name], _pct(self.bot_wins[name], n),
                  f"{self.bot_points[name] / n:.2f}") for name, n in self.bot_seats.items()]))
            lines.append("")
            lines.extend(_table(
                ("seat", "games", "wins", "win rate", "mean score"),
                [(str(seat), self.items, self.seat_wins[seat],
                  _pct(self.seat_wins[seat], self.items),
                  f"{self.seat_points[seat] / self.items:.2f}")
                 for seat in range(self.players)]))
        return "\n".join(lines)

    def _heading(self) -> str:
        if self.kind == "games":
            return (f"{self.items} games, {self.players} players, profile {self.profile}, "
                    f"{self.variant}, seed {self.seed}")
        return f"{self.items} deals, {self.players} players, profile {self.profile}, " \
               f"seed {self.seed}"


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _row(kind: str, key: str, count: int, success: int | None, whole: int,
         points: int | None) -> dict[str, Any]:
    return {
        "kind": kind,
        "key": key,
        "count": count,
        "success": success,
        "rate": None if success is None or not count else success / count,
        "share": count / whole if whole else None,
        "mean": None if points is None or not count else points / count,
    }


def _distribution(kind: str, counts: Counts[str] | Counts[int]) -> list[dict[str, Any]]:
    whole = counts.total()
    return [_row(kind, str(key), n, None, whole, None) for key, n in counts.items()]


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    cells = [[str(c) for c in header], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    return ["  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                      for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()
            for row in cells]


# -- the work of one chunk (runs in the workers) ---------------------------------------------


@attrs.frozen
class _Task:
    """Everything a worker needs to play items of a run: picklable."""

    kind: str
    players: int
    profile: RuleProfile | str
    """A built-in profile's name (loaded once per worker) or a house rule itself."""
    variant: Variant | None
    bots: tuple[Bot, ...]
    seed: int | str
    max_deals: int | None
    result: SimulationResult
    """The empty result of the run, to fill in."""


class _Tally:
    """Mutable counters for one chunk."""

    def __init__(self) -> None:
        self.totals: collections.Counter[str] = collections.Counter()
        self.counters: dict[str, collections.Counter[Any]] = collections.defaultdict(
            collections.Counter)

    def deal(self, declarer: str | None, combo: ComboBid | None, completed: bool,
             points: int, redeal: bool, cancelled: bool) -> None:
        c = self.counters
        self.totals["deals"] += 1
        if cancelled:
            self.totals["cancelled"] += 1
        elif redeal or combo is None or declarer is None:
            self.totals["redeals"] += 1
        else:
            bid, full = combo.standard.key, str(combo)
            c["contracts"][bid] += 1
            c["combo_contracts"][full] += 1
            c["bid_points"][bid] += points
            c["declarer_points"][points] += 1
            c["bot_contracts"][declarer] += 1
            c["bot_contract_points"][declarer] += points
            if completed:
                c["completed"][bid] += 1
                c["combo_completed"][full] += 1
                c["bot_completed"][declarer] += 1

    def result(self, empty: SimulationResult, items: int) -> SimulationResult:
        changes: dict[str, Any] = {name: Counts(counter)
                                   for name, counter in self.counters.items()}
        changes.update(self.totals)
        changes["items"] = items
        return attrs.evolve(empty, **changes)


@attrs.frozen
class _Failure:
    """A chunk that stopped early: item ``item`` failed with ``error`` and ``done`` holds
    the chunk's items before it. ``exact`` is false when the executor or the worker failed
    (a worker died, a result could not travel back): then the whole chunk, items ``item``
    to ``stop - 1``, is lost and which item failed is unknown."""

    item: int
    stop: int
    done: SimulationResult
    error: BaseException
    what: str
    """The original exception's type and message."""
    trace: str
    """Its traceback as text: lost when the exception travels back from a process."""
    exact: bool = True

    def __reduce__(self) -> tuple[Any, ...]:
        return _Failure, (self.item, self.stop, self.done, _portable_error(self.error),
                          self.what, self.trace, self.exact)


def _portable_error(error: BaseException) -> BaseException:
    """``error`` if it survives pickling, else a stand-in with its text."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error} (the exception itself could "
                            f"not be pickled)")
    return error


def _run_chunk(task: _Task, start: int, stop: int) -> SimulationResult | _Failure:
    """Play items ``start`` to ``stop - 1`` of a run and return their tallies, or, if an
    item fails, a :class:`_Failure` holding the tallies of the items before it."""
    rules = load_profile(task.profile)
    bots = copy.deepcopy(task.bots)  # every chunk plays with its own copies, wherever it runs
    play = _play_one_deal if task.kind == "deals" else _play_one_game
    tally = _Tally()
    for i in range(start, stop):
        try:
            play(task, rules, bots, i, tally)  # plays the whole item, then tallies it
        except Exception as error:
            return _Failure(i, stop, tally.result(task.result, i - start), error,
                            f"{type(error).__name__}: {error}",
                            "".join(traceback.format_exception(error)))
    return tally.result(task.result, stop - start)


def _play_one_deal(task: _Task, rules: RuleProfile, bots: tuple[Bot, ...], i: int,
                   tally: _Tally) -> None:
    rng = random.Random(f"{task.seed}:{i}")
    deal = Deal.new(task.players, dealer=i % task.players, profile=rules, rng=rng)
    deal = play_deal(deal, bots, rng)
    result = deal.result
    assert result is not None
    names = [bot.name for bot in bots]
    for seat, name in enumerate(names):
        tally.counters["bot_seats"][name] += 1
        tally.counters["bot_points"][name] += result.points[seat]
    declarer = result.declarer
    tally.deal(None if declarer is None else names[declarer], result.combo, result.completed,
               0 if declarer is None else result.points[declarer], result.redeal, False)


def _seating(bots: Sequence[Bot], game: int) -> tuple[Bot, ...]:
    """The bots by player in game ``game``: bot ``b`` sits at player ``(b + game) % n``."""
    n = len(bots)
    return tuple(bots[(player - game) % n] for player in range(n))


def _play_one_game(task: _Task, rules: RuleProfile, bots: tuple[Bot, ...], i: int,
                   tally: _Tally) -> None:
    seating = _seating(bots, i)
    names = [bot.name for bot in seating]
    game = Game.new(task.players, profile=rules, seed=f"{task.seed}:{i}",
                    variant=task.variant or "classic")
    game = play_game(game, seating, random.Random(f"{task.seed}:{i}"), task.max_deals)
    for record in game.history:
        if isinstance(record, DealRecord):
            declarer = record.declarer
            tally.deal(None if declarer is None else names[declarer], record.combo,
                       record.completed, 0 if declarer is None else record.points[declarer],
                       record.redeal, record.cancelled)
    c = tally.counters
    c["game_lengths"][game.deals] += 1
    c["endings"]["unfinished" if game.ending is None else game.ending.value] += 1
    if game.winner is not None:
        c["bot_wins"][names[game.winner]] += 1
        c["seat_wins"][game.winner] += 1
    for player, (name, score) in enumerate(zip(names, game.scores, strict=True)):
        c["bot_seats"][name] += 1
        c["bot_points"][name] += score
        c["seat_points"][player] += score
        c["final_scores"][score] += 1


# -- running ---------------------------------------------------------------------------------


def simulate_deals(
    deals: int,
    *,
    players: int = 4,
    profile: RuleProfile | str | None = None,
    bots: Sequence[Bot] | None = None,
    seed: int | str = 0,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    chunk_size: int | None = None,
    progress: Progress | None = None,
) -> SimulationResult:
    """Play ``deals`` single deals with bots and tally them.

    :param deals: how many deals to play.
    :param players: 3 or 4 seats.
    :param profile: the rule profile (a name or a :class:`~combowhist.RuleProfile`;
        default the newest edition).
    :param bots: one :class:`~combowhist.bots.Bot` per seat, ``bots[s]`` playing seat ``s``
        in every deal (default: random bots). Deal ``i`` is dealt by seat
        ``i % players``, so every bot sits in every position relative to the dealer
        equally often.
    :param seed: an integer or string; deal ``i`` uses only ``random.Random(f"{seed}:{i}")``,
        so a seed gives the same result whatever ``workers``, ``executor`` and
        ``chunk_size``.
    :param executor: a :class:`concurrent.futures.Executor` to run the chunks on, e.g. a
        Dask ``Client(...).get_executor()``; used as given and not shut down.
    :param workers: without an ``executor``: ``1`` plays in this process; ``n > 1`` uses a
        :class:`~concurrent.futures.ProcessPoolExecutor` of ``n`` processes; ``None``
        uses one of ``os.cpu_count()`` processes for runs of at least
        :data:`PARALLEL_MIN_DEALS` deals and plays smaller runs in this process. With an
        ``executor`` it only sizes the default chunks.
    :param chunk_size: deals per chunk (default: about ``deals / max(100, 8 * workers)``,
        so that progress moves in small steps and the workers share the load evenly).
    :param progress: called with ``(deals done, deals)`` each time a chunk finishes.
    :raises ~combowhist.errors.SimulationError: for a bad count, player number, bot list,
        seed or worker setting, or a bot that cannot be copied (before the run); when a deal
        or a worker fails, with the finished deals in its ``partial`` (see "Failures"
        above).
    """
    rules = load_profile(profile)
    _check_count("deals", deals)
    if type(players) is not int or players not in (3, 4):
        raise SimulationError(f"a deal has 3 or 4 players, not {players!r}")
    chosen = _check_bots(bots, players)
    empty = SimulationResult("deals", players, rules.key, None, None,
                             tuple(b.name for b in chosen), _check_seed(seed))
    task = _Task("deals", players, _portable(rules), None, chosen, seed, None, empty)
    return _run(task, deals, executor, workers, chunk_size, progress, PARALLEL_MIN_DEALS)


def simulate_games(
    games: int,
    *,
    players: int = 4,
    profile: RuleProfile | str | None = None,
    variant: Variant | str = "classic",
    rounds: int | None = None,
    bots: Sequence[Bot] | None = None,
    seed: int | str = 0,
    max_deals: int | None = DEFAULT_MAX_DEALS,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    chunk_size: int | None = None,
    progress: Progress | None = None,
) -> SimulationResult:
    """Play ``games`` whole games with bots and tally them, every deal included.

    :param games: how many games to play.
    :param players: 3 or more players (more than 4 take turns sitting out, R3).
    :param profile: the rule profile (a name or a :class:`~combowhist.RuleProfile`).
    :param variant: ``"classic"``, ``"limited"`` (with ``rounds``) or a
        :class:`~combowhist.Variant`, as for :meth:`Game.new <combowhist.Game.new>`.
    :param rounds: the limited variant's rounds (default the profile's).
    :param bots: one :class:`~combowhist.bots.Bot` per player (default: random bots).
        Seats rotate from game to game so that seat advantage cancels out: in game ``i``,
        ``bots[b]`` plays player ``(b + i) % players`` (player 0 deals first). Over any
        ``players`` consecutive games every bot sits at every player number once; run a
        multiple of ``players`` games for an exactly balanced comparison.
    :param seed: an integer or string; game ``i`` is ``Game.new(..., seed=f"{seed}:{i}")``
        and its bots choose with ``random.Random(f"{seed}:{i}")``, so a seed gives the
        same result whatever ``workers``, ``executor`` and ``chunk_size``.
    :param max_deals: stop a game after this many deals (counted ``"unfinished"``);
        ``None`` for no limit, only for bots that cannot pass for ever.
    :param executor: a :class:`concurrent.futures.Executor` to run the chunks on; used as
        given and not shut down.
    :param workers: as for :func:`simulate_deals`, the process pool being used for runs of
        at least :data:`PARALLEL_MIN_GAMES` games.
    :param chunk_size: games per chunk (default: about ``games / max(100, 8 * workers)``).
    :param progress: called with ``(games done, games)`` each time a chunk finishes.
    :raises ~combowhist.errors.SimulationError: for a bad count, bot list, seed or worker
        setting, or a bot that cannot be copied (before the run); when a game or a worker
        fails, with the finished games in its ``partial`` (see "Failures" above).
    :raises ~combowhist.errors.GameError: for bad players, variant or rounds.
    """
    rules = load_profile(profile)
    _check_count("games", games)
    chosen_variant = Variant.of(variant, rules, rounds)
    Game.new(players, profile=rules, seed=0, variant=chosen_variant)  # checks players
    chosen = _check_bots(bots, players)
    if max_deals is not None and (type(max_deals) is not int or max_deals < 1):
        raise SimulationError(f"max_deals must be a whole number of at least 1 or None, "
                         f"not {max_deals!r}")
    empty = SimulationResult("games", players, rules.key, _variant_label(chosen_variant),
                             max_deals, tuple(b.name for b in chosen), _check_seed(seed))
    task = _Task("games", players, _portable(rules), chosen_variant, chosen, seed, max_deals,
                 empty)
    return _run(task, games, executor, workers, chunk_size, progress, PARALLEL_MIN_GAMES)


def _check_count(what: str, count: int) -> None:
    if type(count) is not int or count < 0:
        raise SimulationError(f"the number of {what} must be a whole number of at least 0, "
                         f"not {count!r}")


def _check_bots(bots: Sequence[Bot] | None, players: int) -> tuple[Bot, ...]:
    if bots is None:
        return (RandomBot(),) * players
    chosen = tuple(bots)
    if len(chosen) != players:
        raise SimulationError(f"give one bot per player: {players} players, {len(chosen)} bots")
    for bot in chosen:
        if not callable(getattr(bot, "choose", None)) or not isinstance(
                getattr(bot, "name", None), str):
            raise SimulationError(f"{bot!r} is not a bot: it needs a name and a choose method")
    return chosen


def _check_seed(seed: int | str) -> int | str:
    if type(seed) not in (int, str):
        raise SimulationError(f"seed {seed!r}: a seed is an integer or a string")
    return seed


def _portable(rules: RuleProfile) -> RuleProfile | str:
    """A built-in profile travels to the workers by name, a house rule as itself."""
    return rules.key if rules.key in available_profiles() else rules


def _variant_label(variant: Variant) -> str:
    if variant.kind == "classic":
        return f"classic W{variant.winning_score} floor {variant.floor}"
    return f"limited {variant.rounds} rounds"


def _chunks(total: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(start + size, total)) for start in range(0, total, size)]


def _run(task: _Task, total: int, executor: concurrent.futures.Executor | None,
         workers: int | None, chunk_size: int | None, progress: Progress | None,
         parallel_from: int) -> SimulationResult:
    if workers is not None and (type(workers) is not int or workers < 1):
        raise SimulationError(f"workers must be a whole number of at least 1 or None, "
                         f"not {workers!r}")
    if chunk_size is not None and (type(chunk_size) is not int or chunk_size < 1):
        raise SimulationError(f"chunk_size must be a whole number of at least 1 or None, "
                         f"not {chunk_size!r}")
    cpus = os.cpu_count() or 1
    if executor is None and workers is None:
        workers = cpus if cpus > 1 and total >= parallel_from else 1
    in_process = (executor is None and workers == 1) or isinstance(
        executor, concurrent.futures.ThreadPoolExecutor)
    _check_copyable(task.bots, pickled=not in_process)
    if total == 0:
        return task.result
    size = chunk_size or math.ceil(total / max(100, 8 * (workers or cpus)))
    chunks = _chunks(total, size)
    if executor is not None:
        outcomes = _gather(executor, task, chunks, total, progress)
    elif workers == 1:
        outcomes = _run_here(task, chunks, total, progress)
    else:
        assert workers is not None
        pool = concurrent.futures.ProcessPoolExecutor(max_workers=min(workers, len(chunks)))
        try:
            outcomes = _gather(pool, task, chunks, total, progress)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    return _combine(task, outcomes)


def _check_copyable(bots: tuple[Bot, ...], pickled: bool) -> None:
    """Refuse, before the run, a bot that cannot be copied for the chunks: deep-copied in
    this process, pickled for other processes."""
    for number, bot in enumerate(bots):
        try:
            if pickled:
                pickle.dumps(bot)
            else:
                copy.deepcopy(bot)
        except Exception as error:
            how = ("pickled for the worker processes (use a bot of a top-level class holding "
                   "picklable values, or workers=1)") if pickled else "copied"
            raise SimulationError(
                f"bot {number} ({bot.name!r}, {bot!r}) cannot be {how}: "
                f"{type(error).__name__}: {error}") from error


_Outcome = SimulationResult | _Failure | None


def _run_here(task: _Task, chunks: list[tuple[int, int]], total: int,
              progress: Progress | None) -> list[_Outcome]:
    """Run the chunks in this process, in order, up to the first that fails."""
    outcomes: list[_Outcome] = []
    for start, stop in chunks:
        outcome = _run_chunk(task, start, stop)
        outcomes.append(outcome)
        if isinstance(outcome, _Failure):
            break
        if progress is not None:
            progress(stop, total)
    return outcomes


def _gather(executor: concurrent.futures.Executor, task: _Task, chunks: list[tuple[int, int]],
            total: int, progress: Progress | None) -> list[_Outcome]:
    """Run the chunks on ``executor``; their outcomes in chunk order. After a failure it
    waits only for the chunks before the failed one (they may fail earlier still) and
    cancels the rest."""
    futures = {executor.submit(_run_chunk, task, start, stop): index
               for index, (start, stop) in enumerate(chunks)}
    outcomes: list[_Outcome] = [None] * len(chunks)
    first_failed = len(chunks)
    done = 0
    try:
        for future in concurrent.futures.as_completed(futures):
            index = futures[future]
            outcome = outcomes[index] = _outcome(future, task, *chunks[index])
            if isinstance(outcome, _Failure):
                first_failed = min(first_failed, index)
            elif progress is not None:
                done += outcome.items
                progress(done, total)
            if first_failed < len(chunks) and None not in outcomes[:first_failed]:
                break
    finally:
        for future in futures:
            future.cancel()
    return outcomes


def _outcome(future: concurrent.futures.Future[SimulationResult | _Failure], task: _Task,
             start: int, stop: int) -> SimulationResult | _Failure:
    try:
        return future.result()
    except Exception as error:  # the executor or the worker failed, not an item
        return _Failure(start, stop, task.result, error, f"{type(error).__name__}: {error}",
                        "", exact=False)


def _combine(task: _Task, outcomes: list[_Outcome]) -> SimulationResult:
    """The chunks' results merged in order; a :class:`SimulationError` carrying the merged
    results before the first failure, if one failed."""
    merged = task.result
    for outcome in outcomes:
        assert outcome is not None  # every chunk before a failure has finished
        if isinstance(outcome, _Failure):
            raise _failure_error(task, merged.merge(outcome.done), outcome) from outcome.error
        merged = merged.merge(outcome)
    return merged


def _failure_error(task: _Task, partial: SimulationResult, failure: _Failure
                   ) -> SimulationError:
    what = task.kind[:-1]
    if failure.exact:
        where = (f"{what} {failure.item} failed (run seed {task.seed!r}; the {what}'s own "
                 f"seed is '{task.seed}:{failure.item}')")
    else:
        where = (f"the worker playing {task.kind} {failure.item} to {failure.stop - 1} "
                 f"failed (run seed {task.seed!r})")
    kept = f"{task.kind} 0 to {partial.items - 1}" if partial.items else f"no {task.kind}"
    error = SimulationError(f"simulation stopped: {where}: {failure.what}; "
                            f"error.partial holds the finished {kept}")
    error.partial = partial
    if failure.trace and failure.error.__traceback__ is None:  # it came from a process
        failure.error.add_note(f"Traceback in the worker:\n{failure.trace}")
    return error
