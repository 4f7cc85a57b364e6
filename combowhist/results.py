"""The result of a simulation: counters of what happened over many deals or games, which
merge, compare and print (:class:`SimulationResult`). :mod:`combowhist.simulate` runs the
simulations that make them."""

from __future__ import annotations

import collections
import csv
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Generic, TypeVar

import attrs

from combowhist.errors import SimulationError

__all__ = ["ROW_FIELDS", "Counts", "SimulationResult"]

ROW_FIELDS = ("kind", "key", "count", "success", "rate", "share", "mean", "seed")
"""The columns of :meth:`SimulationResult.rows` and :meth:`SimulationResult.to_csv`
(``seed``: the run's seed, the same in every row, so that a CSV file says how to repeat
its run)."""

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
    """Seats each bot name filled: one per deal and participant (deal runs; with more than
    4 players the one sitting out fills none, R3) or one per game and player (game runs)."""
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

        ``key`` is always a string; a column that does not apply holds ``None``; ``seed``
        is the run's seed in every row (``None`` after merging runs of different seeds).
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
        for row in out:
            row["seed"] = self.seed
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


