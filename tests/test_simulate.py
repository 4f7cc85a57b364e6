"""combowhist.simulate: reproducible parallel runs, counts that add up, tables, Dask."""

from __future__ import annotations

import concurrent.futures
import csv
import io
import json
import os
import random
import threading
import time
from typing import Any

import attrs
import pytest
from checks import extra_module
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import Deal, Pass, Phase, SimulationError
from combowhist.bots import RandomBot
from combowhist.moves import Move
from combowhist.simulate import (
    ROW_FIELDS,
    Counts,
    SimulationResult,
    _seating,
    simulate_deals,
    simulate_games,
)


@attrs.frozen
class TimidBot:
    """Passes half the time and otherwise bids one of the cheapest combos: gives redeals,
    many different contracts and completed bids, unlike the always-bidding RandomBot."""

    name: str = "timid"
    pass_rate: float = 0.5

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        moves = deal.legal_moves()
        if deal.phase is Phase.AUCTION and isinstance(moves[0], Pass):
            if len(moves) == 1 or rng.random() < self.pass_rate:
                return moves[0]
            return moves[rng.randrange(1, min(len(moves), 40))]
        return moves[rng.randrange(len(moves))]


TIMID = (TimidBot(),) * 4
MIXED = (TimidBot(), RandomBot(), TimidBot("shy", 0.7), TimidBot())


def _unseeded(result: SimulationResult) -> SimulationResult:
    return attrs.evolve(result, seed=None)


@pytest.fixture(scope="module")
def deals_result() -> SimulationResult:
    return simulate_deals(120, bots=TIMID, seed=3, workers=1)


@pytest.fixture(scope="module")
def games_result() -> SimulationResult:
    return simulate_games(16, bots=MIXED, seed=3, workers=1)


# -- reproducibility ------------------------------------------------------------------------


def test_deals_same_seed_same_result_whatever_workers_and_chunks(
        deals_result: SimulationResult) -> None:
    runs = [
        simulate_deals(120, bots=TIMID, seed=3, workers=1, chunk_size=7),
        simulate_deals(120, bots=TIMID, seed=3, workers=1, chunk_size=500),
        simulate_deals(120, bots=TIMID, seed=3, workers=2),
        simulate_deals(120, bots=TIMID, seed=3, workers=2, chunk_size=13),
    ]
    for run in runs:
        assert run == deals_result
    assert run.to_json() == deals_result.to_json()


def test_games_same_seed_same_result_whatever_workers_and_chunks(
        games_result: SimulationResult) -> None:
    assert simulate_games(16, bots=MIXED, seed=3, workers=1, chunk_size=3) == games_result
    assert simulate_games(16, bots=MIXED, seed=3, workers=2, chunk_size=5) == games_result
    assert simulate_games(16, bots=MIXED, seed=3, workers=2) == games_result


def test_different_seeds_give_different_results(deals_result: SimulationResult,
                                                games_result: SimulationResult) -> None:
    other = simulate_deals(120, bots=TIMID, seed=4, workers=1)
    assert _unseeded(other) != _unseeded(deals_result)
    assert other.combo_contracts != deals_result.combo_contracts
    other_games = simulate_games(16, bots=MIXED, seed="4", workers=1)
    assert _unseeded(other_games) != _unseeded(games_result)


def test_deal_i_is_the_deal_seeded_with_seed_and_i() -> None:
    result = simulate_deals(1, bots=TIMID, seed=9, workers=1)
    from combowhist.bots import play_deal

    rng = random.Random("9:0")
    deal = play_deal(Deal.new(4, dealer=0, rng=rng), TIMID, rng)
    assert deal.result is not None
    assert result.redeals == int(deal.result.redeal)
    if deal.result.combo is not None:
        assert dict(result.combo_contracts) == {str(deal.result.combo): 1}


# -- counts ---------------------------------------------------------------------------------


def _check_deal_counts(result: SimulationResult) -> None:
    contracts = result.contracts.total()
    assert contracts + result.redeals + result.cancelled == result.deals
    assert result.combo_contracts.total() == contracts
    assert result.declarer_points.total() == contracts
    assert result.bot_contracts.total() == contracts
    assert result.completed.total() == result.combo_completed.total()
    assert result.completed.total() == result.bot_completed.total()
    assert sum(k * v for k, v in result.declarer_points.items()) == result.bid_points.total()
    for bid, n in result.contracts.items():
        assert 0 <= result.completed[bid] <= n
        rate = result.completion_rate(bid)
        assert rate is not None
        assert 0 <= rate <= 1
    assert set(result.completed) <= set(result.contracts)
    assert all(0 <= r <= 1 for r in result.completion_rates.values())


def test_deal_counts_add_up(deals_result: SimulationResult) -> None:
    r = deals_result
    assert r.kind == "deals"
    assert r.items == r.deals == 120
    assert r.games == 0
    _check_deal_counts(r)
    assert r.redeals > 0
    assert r.completed.total() > 0
    assert len(r.contracts) > 3
    assert r.bot_seats == {"timid": 480}
    assert r.bot_points["timid"] == r.bid_points.total()
    assert r.endings == {}
    assert r.game_lengths == {}
    overall = r.completion_rate()
    assert overall is not None
    assert 0 < overall < 1


def test_game_counts_add_up(games_result: SimulationResult) -> None:
    r = games_result
    games, players = 16, 4
    assert r.kind == "games"
    assert r.items == r.games == games
    _check_deal_counts(r)
    assert r.endings.total() == games
    assert r.game_lengths.total() == games
    assert sum(k * v for k, v in r.game_lengths.items()) == r.deals
    assert r.final_scores.total() == games * players
    assert r.bot_seats == {"timid": 2 * games, "random": games, "shy": games}
    assert r.bot_wins.total() == r.seat_wins.total() == games - r.endings["unfinished"]
    assert r.bot_points.total() == r.seat_points.total()
    assert r.seat_points.total() == sum(k * v for k, v in r.final_scores.items())


def test_seats_rotate_from_game_to_game() -> None:
    bots = [TimidBot(str(b)) for b in range(4)]
    seen = {(player, bot.name) for game in range(4)
            for player, bot in enumerate(_seating(bots, game))}
    assert len(seen) == 16  # every bot at every player number once in 4 games
    assert [b.name for b in _seating(bots, 0)] == ["0", "1", "2", "3"]
    assert [b.name for b in _seating(bots, 1)] == ["3", "0", "1", "2"]


def test_unfinished_games_stop_at_max_deals() -> None:
    always_pass = (TimidBot("passer", 1.0),) * 3
    result = simulate_games(3, players=3, bots=always_pass, max_deals=5, workers=1)
    assert result.endings == {"unfinished": 3}
    assert result.game_lengths == {5: 3}
    assert result.redeals == result.deals == 15
    assert result.contracts == {}
    assert result.bot_wins == {}
    assert result.final_scores == {0: 9}
    assert "unfinished 3 (100.0%)" in result.summary()


def test_limited_variant_and_five_players() -> None:
    result = simulate_games(3, players=5, variant="limited", rounds=1, bots=(TimidBot(),) * 5,
                            seed=2, workers=1)
    assert result.variant == "limited 1 rounds"
    assert result.endings.total() == 3
    assert result.final_scores.total() == 15
    _check_deal_counts(result)


def test_three_player_deals_and_profiles() -> None:
    a = simulate_deals(10, players=3, profile="1.4.1", bots=TIMID[:3], seed=1, workers=1)
    b = simulate_deals(10, players=3, profile="1.4.2", bots=TIMID[:3], seed=1, workers=1)
    assert (a.profile, b.profile) == ("1.4.1", "1.4.2")
    assert a.bot_seats == {"timid": 30}
    _check_deal_counts(a)
    with pytest.raises(SimulationError, match="different profile"):
        a.merge(b)


def test_zero_items_and_bad_arguments() -> None:
    empty = simulate_deals(0)
    assert empty.deals == 0
    assert empty.rows()[0]["count"] == 0
    assert "0 deals" in empty.summary()
    assert simulate_games(0).endings == {}
    with pytest.raises(SimulationError, match="one bot per player"):
        simulate_deals(5, bots=TIMID[:3])
    with pytest.raises(SimulationError, match="3 or more players"):
        simulate_deals(5, players=2, bots=TIMID[:2])
    with pytest.raises(SimulationError, match="workers"):
        simulate_deals(5, workers=0)
    with pytest.raises(SimulationError, match="chunk_size"):
        simulate_deals(5, chunk_size=0)
    with pytest.raises(SimulationError, match="seed"):
        simulate_deals(5, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(SimulationError, match="number of deals"):
        simulate_deals(-1)
    with pytest.raises(SimulationError, match="max_deals"):
        simulate_games(1, max_deals=0)
    with pytest.raises(SimulationError, match="not a bot"):
        simulate_deals(1, bots=[object()] * 4)  # type: ignore[list-item]


# -- merging --------------------------------------------------------------------------------

_names = st.sampled_from(["trump", "game", "limbo", "zero", "x+y"])
_str_counts = st.dictionaries(_names, st.integers(0, 30), max_size=4)
_int_counts = st.dictionaries(st.integers(-8, 8), st.integers(0, 30), max_size=4)
_seeds: st.SearchStrategy[int | str] = st.sampled_from([1, 2, "s"])


@st.composite
def _results(draw: st.DrawFn) -> SimulationResult:
    fields: dict[str, Any] = {}
    for field in attrs.fields(SimulationResult):
        if field.converter is None:
            continue
        ints = str(field.type) == "Counts[int]"
        fields[field.name] = draw(_int_counts if ints else _str_counts)
    return SimulationResult(
        "games", 4, "1.4.2", "classic W13 floor 1", 100, ("a", "b", "c", "d"),
        draw(_seeds),
        items=draw(st.integers(0, 50)), deals=draw(st.integers(0, 99)),
        redeals=draw(st.integers(0, 9)), cancelled=draw(st.integers(0, 2)), **fields)


@settings(max_examples=60, deadline=None)
@given(_results(), _results(), _results())
def test_merge_is_associative_and_commutative(a: SimulationResult, b: SimulationResult,
                                              c: SimulationResult) -> None:
    assert a.merge(b) == b.merge(a)
    assert a.merge(b).merge(c) == a.merge(b.merge(c))
    merged = a + b
    assert merged.items == a.items + b.items
    assert merged.deals == a.deals + b.deals
    for name in ("contracts", "declarer_points", "bot_wins", "final_scores"):
        total = getattr(merged, name)
        for key in {*getattr(a, name), *getattr(b, name)}:
            assert total[key] == getattr(a, name)[key] + getattr(b, name)[key]
    assert merged.seed == (a.seed if a.seed == b.seed else None)


def test_merge_with_empty_and_with_itself(deals_result: SimulationResult) -> None:
    empty = simulate_deals(0, bots=TIMID, seed=3)
    assert deals_result.merge(empty) == deals_result == empty.merge(deals_result)
    twice = deals_result.merge(deals_result)
    assert twice.deals == 240
    assert twice.contracts.total() == 2 * deals_result.contracts.total()


def test_merge_refuses_different_runs(deals_result: SimulationResult,
                                      games_result: SimulationResult) -> None:
    with pytest.raises(SimulationError, match="kind"):
        deals_result.merge(games_result)
    other_bots = simulate_deals(2, seed=3, workers=1)
    with pytest.raises(SimulationError, match="bots"):
        deals_result.merge(other_bots)
    with pytest.raises(TypeError):
        deals_result.merge("nope")  # type: ignore[arg-type]


def test_counts() -> None:
    counts = Counts({"b": 2, "a": 1, "z": 0})
    assert list(counts) == ["a", "b"]
    assert counts["z"] == 0
    assert "z" not in counts
    assert counts == {"a": 1, "b": 2}
    assert hash(counts) == hash(Counts({"b": 2, "a": 1}))
    assert (counts + Counts({"a": 2})).most_common() == [("a", 3), ("b", 2)]
    assert counts.total() == 3
    import pickle

    assert pickle.loads(pickle.dumps(counts)) == counts


# -- tables ---------------------------------------------------------------------------------


def _check_rows(result: SimulationResult, rows: list[dict[str, Any]]) -> None:
    assert rows
    assert all(tuple(row) == ROW_FIELDS for row in rows)
    by_kind: dict[str, dict[str, dict[str, Any]]] = {}
    for row in rows:
        by_kind.setdefault(row["kind"], {})[row["key"]] = row
    deals = by_kind["deals"]
    assert deals["all"]["count"] == result.deals
    assert deals["contracts"]["count"] + deals["redeals"]["count"] + \
        deals["cancelled"]["count"] == result.deals
    assert {k: r["count"] for k, r in by_kind["bid"].items()} == dict(result.contracts)
    for bid, row in by_kind["bid"].items():
        assert row["success"] == result.completed[bid]
        assert row["rate"] == pytest.approx(result.completion_rate(bid))
        assert row["share"] == pytest.approx(result.contracts[bid] / result.deals)
        assert row["mean"] == pytest.approx(result.bid_points[bid] / result.contracts[bid])
    assert {k: r["count"] for k, r in by_kind["combo"].items()} == \
        dict(result.combo_contracts)
    assert {int(k): r["count"] for k, r in by_kind["declarer_points"].items()} == \
        dict(result.declarer_points)
    assert {k: r["count"] for k, r in by_kind["bot"].items()} == dict(result.bot_seats)
    assert {k: r["count"] for k, r in by_kind["declarer_bot"].items()} == \
        dict(result.bot_contracts)
    if result.kind == "games":
        assert {k: r["count"] for k, r in by_kind["ending"].items()} == dict(result.endings)
        assert {int(k): r["count"] for k, r in by_kind["game_length"].items()} == \
            dict(result.game_lengths)
        assert {int(k): r["count"] for k, r in by_kind["final_score"].items()} == \
            dict(result.final_scores)
        assert {int(k): r["success"] for k, r in by_kind["seat"].items()} == \
            {p: result.seat_wins[p] for p in range(result.players)}
        assert {k: r["success"] for k, r in by_kind["bot"].items()} == \
            {k: result.bot_wins[k] for k in result.bot_seats}
    else:
        assert not {"ending", "game_length", "final_score", "seat"} & set(by_kind)
    for row in rows:
        for column in ("rate", "share"):
            assert row[column] is None or 0 <= row[column] <= 1


def _parse_csv(text: str) -> list[dict[str, Any]]:
    def number(text: str) -> int | float | None:
        if text == "":
            return None
        return float(text) if any(c in text for c in ".e") else int(text)

    rows = []
    for line in csv.DictReader(io.StringIO(text)):
        rows.append({k: v if k in ("kind", "key") else number(v) for k, v in line.items()})
    return rows


@pytest.mark.parametrize("which", ["deals", "games"])
def test_rows_csv_and_json_round_trip(which: str, deals_result: SimulationResult,
                                      games_result: SimulationResult, tmp_path: Any) -> None:
    result = deals_result if which == "deals" else games_result
    rows = result.rows()
    _check_rows(result, rows)

    buffer = io.StringIO()
    result.to_csv(buffer)
    assert buffer.getvalue().splitlines()[0] == ",".join(ROW_FIELDS)
    assert _parse_csv(buffer.getvalue()) == rows
    path = tmp_path / "result.csv"
    result.to_csv(path)
    assert _parse_csv(path.read_text(encoding="utf-8")) == rows
    result.to_csv(str(path))
    assert _parse_csv(path.read_text(encoding="utf-8")) == rows

    text = result.to_json()
    data = json.loads(text)
    assert data["deals"] == result.deals
    assert data["redeals"] == result.redeals
    assert data["contracts"] == dict(result.contracts)
    assert data["bots"] == list(result.bots)
    assert {int(k): v for k, v in data["declarer_points"].items()} == \
        dict(result.declarer_points)
    back = SimulationResult.from_json(text)
    assert back == result
    assert back.rows() == rows
    assert SimulationResult.from_json(result.to_json(indent=2)) == result
    with pytest.raises(SimulationError, match="not a combowhist"):
        SimulationResult.from_json("[1, 2]")
    with pytest.raises(SimulationError, match="not a valid"):
        SimulationResult.from_json('{"format": "combowhist-simulation"}')


def test_summary(deals_result: SimulationResult, games_result: SimulationResult) -> None:
    text = deals_result.summary()
    assert text.splitlines()[0] == "120 deals, 4 players, profile 1.4.2, seed 3"
    assert f"redeals {deals_result.redeals}" in text
    for bid in deals_result.contracts:
        assert bid in text
    games = games_result.summary()
    assert "16 games" in games
    assert "endings:" in games
    assert "win rate" in games
    for name in ("timid", "random", "shy"):
        assert name in games


# -- executors and progress -----------------------------------------------------------------


class _CountingPool(concurrent.futures.ThreadPoolExecutor):
    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.submitted = 0
        self.shut_down = False

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        self.submitted += 1
        return super().submit(*args, **kwargs)

    def shutdown(self, *args: Any, **kwargs: Any) -> None:
        self.shut_down = True
        super().shutdown(*args, **kwargs)


def test_an_explicit_executor_is_used_and_not_shut_down(
        deals_result: SimulationResult) -> None:
    pool = _CountingPool(2)
    try:
        calls: list[tuple[int, int]] = []
        result = simulate_deals(120, bots=TIMID, seed=3, executor=pool, chunk_size=25,
                                progress=lambda done, total: calls.append((done, total)))
        assert result == deals_result
        assert pool.submitted == 5
        assert not pool.shut_down
        assert pool.submit(sum, [1, 2]).result() == 3  # still usable
        assert [total for _, total in calls] == [120] * 5
        assert [done for done, _ in calls] == sorted({done for done, _ in calls})
        assert calls[-1] == (120, 120)
    finally:
        pool.shutdown()


def test_progress_in_process() -> None:
    calls: list[tuple[int, int]] = []
    simulate_games(5, bots=TIMID, seed=1, workers=1, chunk_size=2,
                   progress=lambda done, total: calls.append((done, total)))
    assert calls == [(2, 5), (4, 5), (5, 5)]


def test_default_workers_choose_by_run_size(monkeypatch: pytest.MonkeyPatch) -> None:
    pools: list[int] = []

    class FakeProcessPool(concurrent.futures.ThreadPoolExecutor):
        def __init__(self, max_workers: int) -> None:
            pools.append(max_workers)
            super().__init__(max_workers)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", FakeProcessPool)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    simulate_games(3, bots=TIMID, workers=None, max_deals=5)
    assert pools == []  # small: in process
    always_pass = (TimidBot("passer", 1.0),) * 4
    result = simulate_games(50, bots=always_pass, workers=None, max_deals=1)
    assert pools == [2]
    assert result.endings == {"unfinished": 50}


# -- failures -------------------------------------------------------------------------------


@attrs.define
class FailsOnNth:
    """Plays like TimidBot and raises on its ``n``-th decision. It counts, so it has state:
    each chunk's copy counts from 0."""

    n: int
    name: str = "fails"
    decisions: int = 0

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        self.decisions += 1
        if self.decisions == self.n:
            raise RuntimeError(f"decision {self.n} broke")
        return TimidBot(self.name).choose(deal, seat, rng)


@attrs.frozen
class FailsOnHand:
    """Plays like TimidBot and raises when dealt ``hand``: fails in one deal, whatever the
    chunks."""

    hand: Any
    name: str = "fails"

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        if deal.phase is Phase.AUCTION and deal.hands[seat] == self.hand:
            raise RuntimeError("the bot broke on this hand")
        return TimidBot(self.name).choose(deal, seat, rng)


class Unpicklable(RuntimeError):
    """An exception that cannot travel back from a worker process."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.callback = lambda: None


@attrs.frozen
class RaisesUnpicklable:
    name: str = "odd"

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        raise Unpicklable("an odd failure")


@attrs.frozen
class HoldsLambda:
    name: str = "lambda"
    pick: Any = lambda moves: moves[0]

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        return self.pick(deal.legal_moves())  # type: ignore[no-any-return]


class InlineExecutor(concurrent.futures.Executor):
    """Runs each call when it is submitted; stands for an executor of other processes (a
    cluster's), so the bots must pickle. ``failing`` chunk starts fail as a dead worker."""

    def __init__(self, failing: tuple[int, ...] = ()) -> None:
        self.submitted = 0
        self.failing = failing

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.submitted += 1
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        if args[1] in self.failing:
            future.set_exception(OSError("the worker died"))
        else:
            future.set_result(fn(*args, **kwargs))
        return future


def _fails(run: Any) -> SimulationError:
    with pytest.raises(SimulationError) as caught:
        run()
    return caught.value


_MODES: dict[str, Any] = {
    "workers=1": lambda: {"workers": 1},
    "workers=2": lambda: {"workers": 2},
    "thread executor": lambda: {"executor": concurrent.futures.ThreadPoolExecutor(2)},
    "process executor": lambda: {"executor": concurrent.futures.ProcessPoolExecutor(2)},
}


@pytest.fixture(params=list(_MODES))
def mode(request: pytest.FixtureRequest) -> Any:
    options = _MODES[request.param]()
    yield options
    if "executor" in options:
        options["executor"].shutdown()


def test_issue9_a_bot_failing_on_its_nth_decision_names_the_deal_and_seed(
        mode: dict[str, Any]) -> None:
    bots = (FailsOnNth(150),) * 4
    error = _fails(lambda: simulate_deals(40, bots=bots, seed=3, chunk_size=5, **mode))
    # Each chunk's copy of the bot counts from 0, so the failing deal is the same in every
    # mode: the one of chunk 0 where the 150th decision falls.
    reference = _fails(lambda: simulate_deals(40, bots=bots, seed=3, chunk_size=5, workers=1))
    assert str(error) == str(reference)
    assert error.partial is not None
    failed = error.partial.items
    assert 0 < failed < 5
    assert f"deal {failed} failed (run seed 3; the deal's own seed is '3:{failed}')" in str(error)
    assert "RuntimeError: decision 150 broke" in str(error)
    assert f"error.partial holds the finished deals 0 to {failed - 1}" in str(error)
    assert isinstance(error.__cause__, RuntimeError)
    assert str(error.__cause__) == "decision 150 broke"
    # the partial result is exactly the deals before: a run of just those, with the same
    # bot (it does not fail in them) and with a bot that never fails
    assert error.partial == simulate_deals(failed, bots=bots, seed=3, chunk_size=5, workers=1)
    assert error.partial == simulate_deals(failed, bots=(TimidBot("fails"),) * 4, seed=3,
                                           workers=1)
    assert bots[0].decisions == 0  # the bot passed in is never changed: chunks play copies


def test_issue9_a_failing_deal_keeps_the_finished_chunks(mode: dict[str, Any]) -> None:
    rng = random.Random("3:13")
    bots = (FailsOnHand(Deal.new(4, dealer=13 % 4, rng=rng).hands[2]),) * 4
    error = _fails(lambda: simulate_deals(30, bots=bots, seed=3, chunk_size=4, **mode))
    assert "deal 13 failed (run seed 3; the deal's own seed is '3:13')" in str(error)
    assert "RuntimeError: the bot broke on this hand" in str(error)
    assert error.partial == simulate_deals(13, bots=(TimidBot("fails"),) * 4, seed=3,
                                           workers=1)


def test_issue9_a_failing_game_names_the_game_and_keeps_the_games_before() -> None:
    from combowhist import Game

    bots = (FailsOnHand(Game.new(4, seed="5:2").deal.hands[1]),) * 4  # type: ignore[union-attr]
    for options in ({"workers": 1}, {"workers": 2}):
        error = _fails(lambda: simulate_games(5, bots=bots, seed=5, chunk_size=1,
                                              max_deals=20, **options))  # noqa: B023
        assert "game 2 failed (run seed 5; the game's own seed is '5:2')" in str(error)
        assert "error.partial holds the finished games 0 to 1" in str(error)
        assert isinstance(error.__cause__, RuntimeError)
        assert error.partial == simulate_games(2, bots=(TimidBot("fails"),) * 4, seed=5,
                                               max_deals=20, workers=1)


def test_issue9_a_failing_worker_names_its_chunk_and_keeps_the_chunks_before() -> None:
    executor = InlineExecutor(failing=(8,))
    error = _fails(lambda: simulate_deals(20, bots=TIMID, seed=3, chunk_size=4,
                                          executor=executor))
    assert "the worker playing deals 8 to 11 failed (run seed 3): OSError: the worker " \
           "died; error.partial holds the finished deals 0 to 7" in str(error)
    assert isinstance(error.__cause__, OSError)
    assert error.partial == simulate_deals(8, bots=TIMID, seed=3, workers=1)


def test_issue9_an_exception_that_cannot_travel_back_is_reported_by_its_text() -> None:
    error = _fails(lambda: simulate_deals(4, bots=(RaisesUnpicklable(),) * 4, seed=3,
                                          workers=2, chunk_size=2))
    assert "deal 0 failed" in str(error)
    assert "Unpicklable: an odd failure" in str(error)
    assert "an odd failure" in str(error.__cause__)
    assert any("Traceback in the worker" in note
               for note in getattr(error.__cause__, "__notes__", []))
    assert error.partial is not None
    assert error.partial.items == 0


def test_issue9_an_unpicklable_bot_is_refused_before_a_parallel_run() -> None:
    bots = (TimidBot(), HoldsLambda(), TimidBot(), TimidBot())
    for options in ({"workers": 2}, {"executor": InlineExecutor()}):
        error = _fails(lambda: simulate_deals(8, bots=bots, **options))  # noqa: B023
        assert "bot 1 ('lambda'" in str(error)
        assert "cannot be pickled for the worker processes" in str(error)
        assert error.__cause__ is not None
        assert type(error.__cause__).__name__ in str(error)
        assert error.partial is None
    with pytest.raises(SimulationError, match=r"bot 0 \('lambda'"):
        simulate_games(4, bots=(HoldsLambda(),) * 4, workers=2)
    executor = InlineExecutor()
    _fails(lambda: simulate_deals(8, bots=bots, executor=executor))
    assert executor.submitted == 0
    # in this process the bots are only deep-copied: a lambda is no obstacle
    assert simulate_deals(8, bots=bots, workers=1).deals == 8
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert simulate_deals(8, bots=bots, executor=pool).deals == 8


def test_issue9_a_bot_that_cannot_be_copied_is_refused_before_the_run() -> None:
    @attrs.frozen
    class HoldsLock:
        name: str = "locked"
        lock: Any = attrs.field(factory=threading.Lock)

        def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
            return TimidBot().choose(deal, seat, rng)

    with pytest.raises(SimulationError, match=r"bot 0 \('locked'.* cannot be copied"):
        simulate_deals(2, bots=(HoldsLock(),) * 4, workers=1)


# -- Dask (last: it leaves threads behind, and process pools fork) ---------------------------


def _distributed() -> Any:
    return extra_module("distributed", "dask", "running on a Dask cluster")


def test_dask_local_cluster(deals_result: SimulationResult) -> None:
    distributed = _distributed()
    import dask

    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            with distributed.LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                host="127.0.0.1", scheduler_port=0, worker_dashboard_address=None,
                silence_logs=50,
            ) as cluster, distributed.Client(cluster, timeout=30) as client:
                outcome["result"] = simulate_deals(120, bots=TIMID, seed=3, chunk_size=10,
                                                   executor=client.get_executor())
                outcome["workers"] = len(client.scheduler_info()["workers"])
        except BaseException as error:  # pragma: no cover - reported below
            outcome["error"] = error

    started = time.monotonic()
    with dask.config.set({"distributed.comm.timeouts.connect": "20s",
                          "distributed.comm.timeouts.tcp": "30s"}):
        # A daemon thread with a deadline: a stuck cluster fails the test, never hangs it.
        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(timeout=90)
    assert not thread.is_alive(), "the Dask cluster run did not finish in 90 s"
    if "error" in outcome:
        raise outcome["error"]
    assert outcome["workers"] == 2
    assert outcome["result"] == deals_result
    assert time.monotonic() - started < 90
