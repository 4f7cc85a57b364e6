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

**Per-deal records.** Beside the counters, a run can give one :class:`SimulatedDeal` per
deal (the seed, dealer, hands, contract, declarer, tricks and points, plain data with
``to_dict``), so that an experiment computes any statistic without a loop of its own:
:func:`iter_deals` and :func:`iter_game_deals` yield them in order as the run goes, and the
``on_deal`` callback of :func:`simulate_deals` and :func:`simulate_games` receives them
while the counters are tallied; :class:`DealWriter` writes them as CSV or JSON lines. The
records are the same whatever the workers, the executor or the chunk size.

>>> from combowhist.simulate import iter_deals
>>> deals = list(iter_deals(30, seed=1, workers=1))
>>> [d.dealer for d in deals][:6], sum(d.completed for d in deals)
([0, 1, 2, 3, 0, 1], 1)
>>> [d.tricks[d.declarer] for d in deals][:10]
[6, 3, 2, 6, 3, 4, 1, 2, 3, 2]

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
import contextlib
import copy
import math
import os
import pickle
import random
import traceback
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Any, TypeVar

import attrs

from combowhist.bids import ComboBid
from combowhist.bots import Bot, RandomBot, play_deal, play_game
from combowhist.deal import Deal
from combowhist.errors import SimulationError
from combowhist.game import Game, Variant
from combowhist.profiles import RuleProfile, available_profiles, load_profile
from combowhist.records import DealRecord
from combowhist.results import ROW_FIELDS, Counts, SimulationResult
from combowhist.rules import seats
from combowhist.simulated import DEAL_FIELDS, FORMATS, DealWriter, SimulatedDeal

__all__ = [
    "DEAL_FIELDS",
    "DEFAULT_MAX_DEALS",
    "FORMATS",
    "PARALLEL_MIN_DEALS",
    "PARALLEL_MIN_GAMES",
    "ROW_FIELDS",
    "Counts",
    "DealWriter",
    "OnDeal",
    "Progress",
    "SimulatedDeal",
    "SimulationResult",
    "iter_deals",
    "iter_game_deals",
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

Progress = Callable[[int, int], object]
"""A progress callback: called with ``(done, total)`` items each time a chunk finishes."""

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
    records: bool = False
    """Whether to make a :class:`SimulatedDeal` of every deal."""


class _Tally:
    """Mutable counters (and records) for one chunk."""

    def __init__(self) -> None:
        self.totals: collections.Counter[str] = collections.Counter()
        self.counters: dict[str, collections.Counter[Any]] = collections.defaultdict(
            collections.Counter)
        self.records: list[SimulatedDeal] = []

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

    def chunk(self, empty: SimulationResult, items: int, failure: _Failure | None = None
              ) -> _Chunk:
        changes: dict[str, Any] = {name: Counts(counter)
                                   for name, counter in self.counters.items()}
        changes.update(self.totals)
        changes["items"] = items
        return _Chunk(attrs.evolve(empty, **changes), tuple(self.records), failure)


@attrs.frozen
class _Failure:
    """Item ``item`` of a chunk failed with ``error``. ``exact`` is false when the executor
    or the worker failed (a worker died, a result could not travel back): then the whole
    chunk, items ``item`` to ``stop - 1``, is lost and which item failed is unknown."""

    item: int
    stop: int
    error: BaseException
    what: str
    """The original exception's type and message."""
    trace: str
    """Its traceback as text: lost when the exception travels back from a process."""
    exact: bool = True

    def __reduce__(self) -> tuple[Any, ...]:
        return _Failure, (self.item, self.stop, _portable_error(self.error), self.what,
                          self.trace, self.exact)


@attrs.frozen
class _Chunk:
    """What a chunk gives back: the tallies and records of the items it finished, and the
    failure that stopped it, if one did."""

    done: SimulationResult
    records: tuple[SimulatedDeal, ...] = ()
    failure: _Failure | None = None


def _portable_error(error: BaseException) -> BaseException:
    """``error`` if it survives pickling, else a stand-in with its text."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error} (the exception itself could "
                            f"not be pickled)")
    return error


def _run_chunk(task: _Task, start: int, stop: int) -> _Chunk:
    """Play items ``start`` to ``stop - 1`` of a run and return their tallies (and records),
    or, if an item fails, those of the items before it and the failure."""
    rules = load_profile(task.profile)
    bots = copy.deepcopy(task.bots)  # every chunk plays with its own copies, wherever it runs
    play = _play_one_deal if task.kind == "deals" else _play_one_game
    tally = _Tally()
    for i in range(start, stop):
        try:
            play(task, rules, bots, i, tally)  # plays the whole item, then tallies it
        except Exception as error:
            return tally.chunk(task.result, i - start, _Failure(
                i, stop, error, f"{type(error).__name__}: {error}",
                "".join(traceback.format_exception(error))))
    return tally.chunk(task.result, stop - start)


T = TypeVar("T")


def _by_player(values: Sequence[T], participants: tuple[int, ...], players: int, empty: T
               ) -> tuple[T, ...]:
    """Values by deal seat as values by player, ``empty`` for players sitting out (R3)."""
    out = [empty] * players
    for seat, player in enumerate(participants):
        out[player] = values[seat]
    return tuple(out)


def _play_one_deal(task: _Task, rules: RuleProfile, bots: tuple[Bot, ...], i: int,
                   tally: _Tally) -> None:
    """Deal ``i``: dealt by player ``i % players``, who with the three players to the
    dealer's left takes part when there are more than 4 (R3)."""
    rng = random.Random(f"{task.seed}:{i}")
    dealer = i % task.players
    participants = seats.participants(tuple(range(task.players)), dealer)
    deal = Deal.new(len(participants), dealer=participants.index(dealer), profile=rules,
                    rng=rng)
    deal = play_deal(deal, tuple(bots[p] for p in participants), rng)
    result = deal.result
    assert result is not None
    names = [bot.name for bot in bots]
    points = _by_player(result.points, participants, task.players, 0)
    declarer = None if result.declarer is None else participants[result.declarer]
    if task.records:
        tally.records.append(SimulatedDeal(
            "deals", task.seed, None, i, f"{task.seed}:{i}", task.players, dealer,
            participants, names, _hands(deal, participants, task.players),
            None if result.combo is None else str(result.combo), declarer,
            _by_player(deal.tricks_won, participants, task.players, 0), points,
            (0,) * task.players, result.completed, result.redeal, False))
    for player in participants:
        tally.counters["bot_seats"][names[player]] += 1
        tally.counters["bot_points"][names[player]] += points[player]
    tally.deal(None if declarer is None else names[declarer], result.combo, result.completed,
               0 if declarer is None else points[declarer], result.redeal, False)


def _hands(deal: Deal | None, participants: tuple[int, ...], players: int
           ) -> tuple[str, ...]:
    if deal is None:
        return ("",) * players
    return _by_player([str(hand) for hand in deal.dealt_hands], participants, players, "")


def _seating(bots: Sequence[Bot], game: int) -> tuple[Bot, ...]:
    """The bots by player in game ``game``: bot ``b`` sits at player ``(b + game) % n``."""
    n = len(bots)
    return tuple(bots[(player - game) % n] for player in range(n))


def _play_one_game(task: _Task, rules: RuleProfile, bots: tuple[Bot, ...], i: int,
                   tally: _Tally) -> None:
    seating = _seating(bots, i)
    names = [bot.name for bot in seating]
    game = Game.new(task.players, profile=rules, variant=task.variant or "classic",
                    seed=f"{task.seed}:{i}")
    game = play_game(game, seating, random.Random(f"{task.seed}:{i}"), task.max_deals)
    deals = [record for record in game.history if isinstance(record, DealRecord)]
    if task.records:
        tally.records.extend(_game_deal(task, i, game, names, record) for record in deals)
    for record in deals:
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


def _game_deal(task: _Task, i: int, game: Game, names: list[str], record: DealRecord
               ) -> SimulatedDeal:
    parts, deal = record.participants, record.deal
    tricks = (0,) * len(parts) if deal is None else deal.tricks_won
    return SimulatedDeal(
        "games", task.seed, i, record.number, f"{game.seed}:{record.number}", game.players,
        record.dealer, parts, names, _hands(deal, parts, game.players),
        None if record.combo is None else str(record.combo), record.declarer,
        _by_player(tricks, parts, game.players, 0), record.points, record.free_points,
        record.completed, record.redeal, record.cancelled)


# -- running ---------------------------------------------------------------------------------


OnDeal = Callable[[SimulatedDeal], object]
"""A per-deal callback: called with every deal's :class:`SimulatedDeal`, in run order."""


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
    on_deal: OnDeal | None = None,
) -> SimulationResult:
    """Play ``deals`` single deals with bots and tally them.

    :param deals: how many deals to play.
    :param players: 3 or more players. With more than 4, each deal has 4 participants as
        in a game (R3): the dealer and the three players to the dealer's left.
    :param profile: the rule profile (a name or a :class:`~combowhist.RuleProfile`;
        default the newest edition).
    :param bots: one :class:`~combowhist.bots.Bot` per player, ``bots[p]`` playing for
        player ``p`` in every deal (default: random bots). Deal ``i`` is dealt by player
        ``i % players``, so every bot sits in every position relative to the dealer
        (and, with more than 4 players, sits out) equally often.
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
    :param on_deal: called in this process with the :class:`SimulatedDeal` of every deal,
        in deal order, as the run goes (the same records whatever the workers); an
        exception it raises stops the run and is raised as it is.
    :raises ~combowhist.errors.SimulationError: for a bad count, player number, bot list,
        seed or worker setting, or a bot that cannot be copied (before the run); when a deal
        or a worker fails, with the finished deals in its ``partial`` (see "Failures"
        above).
    """
    task = _deals_task(deals, players, profile, bots, seed, records=on_deal is not None)
    return _run(task, deals, executor, workers, chunk_size, progress, PARALLEL_MIN_DEALS,
                on_deal)


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
    on_deal: OnDeal | None = None,
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
    :param on_deal: called in this process with the :class:`SimulatedDeal` of every deal
        of every game, in game and deal order, as each game's chunk finishes.
    :raises ~combowhist.errors.SimulationError: for a bad count, bot list, seed or worker
        setting, or a bot that cannot be copied (before the run); when a game or a worker
        fails, with the finished games in its ``partial`` (see "Failures" above).
    :raises ~combowhist.errors.GameError: for bad players, variant or rounds.
    """
    task = _games_task(games, players, profile, variant, rounds, bots, seed, max_deals,
                       records=on_deal is not None)
    return _run(task, games, executor, workers, chunk_size, progress, PARALLEL_MIN_GAMES,
                on_deal)


def iter_deals(
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
) -> Iterator[SimulatedDeal]:
    """The deals :func:`simulate_deals` plays with the same arguments, one
    :class:`SimulatedDeal` each, in deal order, as the run goes.

    The arguments are checked at once. A deal or worker that fails raises the
    :class:`~combowhist.errors.SimulationError` of :func:`simulate_deals` after the records
    of the deals before it; stopping early (``break``) stops the run.

    >>> import collections
    >>> collections.Counter(d.contract is None for d in iter_deals(20, seed=1, workers=1))
    Counter({False: 20})
    """
    task = _deals_task(deals, players, profile, bots, seed, records=True)
    return _records(task, _start(task, deals, executor, workers, chunk_size, progress,
                                 PARALLEL_MIN_DEALS))


def iter_game_deals(
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
) -> Iterator[SimulatedDeal]:
    """Every deal of the games :func:`simulate_games` plays with the same arguments, one
    :class:`SimulatedDeal` each, in game and deal order (:attr:`SimulatedDeal.game` says
    which game), as in :func:`iter_deals`."""
    task = _games_task(games, players, profile, variant, rounds, bots, seed, max_deals,
                       records=True)
    return _records(task, _start(task, games, executor, workers, chunk_size, progress,
                                 PARALLEL_MIN_GAMES))


def _deals_task(deals: int, players: int, profile: RuleProfile | str | None,
                bots: Sequence[Bot] | None, seed: int | str, records: bool) -> _Task:
    rules = load_profile(profile)
    _check_count("deals", deals)
    if type(players) is not int or players < 3:
        raise SimulationError(f"a deal needs 3 or more players, not {players!r} (R3)")
    chosen = _check_bots(bots, players)
    empty = SimulationResult("deals", players, rules.key, None, None,
                             tuple(b.name for b in chosen), _check_seed(seed))
    return _Task("deals", players, _portable(rules), None, chosen, seed, None, empty, records)


def _games_task(games: int, players: int, profile: RuleProfile | str | None,
                variant: Variant | str, rounds: int | None, bots: Sequence[Bot] | None,
                seed: int | str, max_deals: int | None, records: bool) -> _Task:
    rules = load_profile(profile)
    _check_count("games", games)
    chosen_variant = Variant.of(variant, rules, rounds)
    Game.new(players, profile=rules, variant=chosen_variant, seed=0)  # checks players
    chosen = _check_bots(bots, players)
    if max_deals is not None and (type(max_deals) is not int or max_deals < 1):
        raise SimulationError(f"max_deals must be a whole number of at least 1 or None, "
                              f"not {max_deals!r}")
    empty = SimulationResult("games", players, rules.key, _variant_label(chosen_variant),
                             max_deals, tuple(b.name for b in chosen), _check_seed(seed))
    return _Task("games", players, _portable(rules), chosen_variant, chosen, seed, max_deals,
                 empty, records)


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


def _run(task: _Task, total: int, executor: concurrent.futures.Executor | None,
         workers: int | None, chunk_size: int | None, progress: Progress | None,
         parallel_from: int, on_deal: OnDeal | None) -> SimulationResult:
    merged = task.result
    with contextlib.closing(_follow(task, _start(task, total, executor, workers, chunk_size,
                                                 progress, parallel_from))) as steps:
        for records, so_far in steps:
            merged = so_far
            if on_deal is not None:
                for record in records:
                    on_deal(record)
    return merged


def _records(task: _Task, chunks: Generator[_Chunk, None, None]) -> Iterator[SimulatedDeal]:
    with contextlib.closing(_follow(task, chunks)) as steps:
        for records, _ in steps:
            yield from records


def _follow(task: _Task, chunks: Generator[_Chunk, None, None]
            ) -> Generator[tuple[tuple[SimulatedDeal, ...], SimulationResult], None, None]:
    """The chunks' records, each with the results merged so far, in order; after the
    records of a chunk that failed, the :class:`SimulationError` carrying the merged
    results before the failure."""
    merged = task.result
    with contextlib.closing(chunks):
        for chunk in chunks:
            merged = merged.merge(chunk.done)
            yield chunk.records, merged
            if chunk.failure is not None:
                raise _failure_error(task, merged, chunk.failure) from chunk.failure.error


def _start(task: _Task, total: int, executor: concurrent.futures.Executor | None,
           workers: int | None, chunk_size: int | None, progress: Progress | None,
           parallel_from: int) -> Generator[_Chunk, None, None]:
    """Check the run's settings, then the chunks' outcomes in chunk order, up to the first
    that failed, as they come."""
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
        return _run_here(task, [], total, progress)
    size = chunk_size or math.ceil(total / max(100, 8 * (workers or cpus)))
    chunks = [(start, min(start + size, total)) for start in range(0, total, size)]
    if executor is not None:
        return _gather(executor, task, chunks, total, progress)
    if workers == 1:
        return _run_here(task, chunks, total, progress)
    assert workers is not None
    return _pooled(min(workers, len(chunks)), task, chunks, total, progress)


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


def _run_here(task: _Task, chunks: list[tuple[int, int]], total: int,
              progress: Progress | None) -> Generator[_Chunk, None, None]:
    """Run the chunks in this process, in order, up to the first that fails."""
    for start, stop in chunks:
        chunk = _run_chunk(task, start, stop)
        if chunk.failure is None and progress is not None:
            progress(stop, total)
        yield chunk
        if chunk.failure is not None:
            return


def _pooled(workers: int, task: _Task, chunks: list[tuple[int, int]], total: int,
            progress: Progress | None) -> Generator[_Chunk, None, None]:
    """The chunks run by a process pool of ``workers``, shut down when done or closed."""
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers)
    try:
        yield from _gather(pool, task, chunks, total, progress)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _gather(executor: concurrent.futures.Executor, task: _Task, chunks: list[tuple[int, int]],
            total: int, progress: Progress | None) -> Generator[_Chunk, None, None]:
    """Run the chunks on ``executor``; their outcomes in chunk order as soon as the chunks
    before have come. After a failure it waits only for the chunks before the failed one
    (they may fail earlier still) and cancels the rest."""
    futures = {executor.submit(_run_chunk, task, start, stop): index
               for index, (start, stop) in enumerate(chunks)}
    ready: dict[int, _Chunk] = {}
    following = done = 0
    try:
        for future in concurrent.futures.as_completed(futures):
            index = futures[future]
            chunk = ready[index] = _outcome(future, task, *chunks[index])
            if chunk.failure is None and progress is not None:
                done += chunk.done.items
                progress(done, total)
            while following in ready:
                chunk = ready.pop(following)
                following += 1
                yield chunk
                if chunk.failure is not None:
                    return
    finally:
        for future in futures:
            future.cancel()


def _outcome(future: concurrent.futures.Future[_Chunk], task: _Task, start: int, stop: int
             ) -> _Chunk:
    try:
        return future.result()
    except Exception as error:  # the executor or the worker failed, not an item
        return _Chunk(task.result, (), _Failure(start, stop, error,
                                                f"{type(error).__name__}: {error}", "",
                                                exact=False))


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
