"""Per-deal records of simulations (issue 10): :class:`SimulatedDeal` from ``iter_deals``,
``iter_game_deals`` and ``on_deal``, written by :class:`DealWriter`; deal runs of more than
4 players (R3); the run's seed in the CSV rows."""

from __future__ import annotations

import collections
import concurrent.futures
import csv
import io
import json
import random
from pathlib import Path

import pytest
from test_simulate import TIMID, FailsOnHand, TimidBot

from combowhist import Deal, SimulationError
from combowhist.bots import play_deal
from combowhist.simulate import (
    DEAL_FIELDS,
    ROW_FIELDS,
    DealWriter,
    SimulatedDeal,
    iter_deals,
    iter_game_deals,
    simulate_deals,
    simulate_games,
)

FIVE = (TimidBot(),) * 5


def test_issue10_a_deal_record_is_the_deal_replayed_from_its_seed() -> None:
    for record in iter_deals(8, bots=TIMID, seed=9, workers=1):
        rng = random.Random(record.seed)
        deal = play_deal(Deal.new(4, dealer=record.deal % 4, rng=rng), TIMID, rng)
        result = deal.result
        assert result is not None
        assert record.seed == f"9:{record.deal}"
        assert record.dealer == record.deal % 4
        assert record.hands == tuple(str(hand) for hand in deal.dealt_hands)
        assert record.contract == (None if result.combo is None else str(result.combo))
        assert record.declarer == result.declarer
        assert record.tricks == result.tricks
        assert record.points == result.points
        assert (record.completed, record.redeal) == (result.completed, result.redeal)


def test_issue10_records_are_the_same_whatever_the_workers_and_chunks() -> None:
    alone = list(iter_deals(24, bots=TIMID, seed=5, workers=1))
    assert [r.deal for r in alone] == list(range(24))
    assert list(iter_deals(24, bots=TIMID, seed=5, workers=2, chunk_size=5)) == alone
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        assert list(iter_deals(24, bots=TIMID, seed=5, executor=pool, chunk_size=2)) == alone
    games = list(iter_game_deals(4, bots=TIMID, seed=5, workers=1, max_deals=30))
    assert list(iter_game_deals(4, bots=TIMID, seed=5, workers=2, chunk_size=1,
                                max_deals=30)) == games


def test_issue10_on_deal_sees_every_deal_and_the_counters_do_not_change() -> None:
    seen: list[SimulatedDeal] = []
    result = simulate_deals(40, bots=TIMID, seed=2, workers=1, chunk_size=7,
                            on_deal=seen.append)
    assert result == simulate_deals(40, bots=TIMID, seed=2, workers=1)
    assert seen == list(iter_deals(40, bots=TIMID, seed=2, workers=1))
    contracts = collections.Counter(r.contract.split("+")[0] for r in seen if r.contract)
    assert result.contracts == contracts
    assert result.redeals == sum(r.redeal for r in seen)
    assert result.completed.total() == sum(r.completed for r in seen)
    assert result.bid_points.total() == sum(r.points[r.declarer] for r in seen
                                            if r.declarer is not None)


def test_issue10_game_records_number_every_deal_and_add_up_to_the_scores() -> None:
    seen: list[SimulatedDeal] = []
    result = simulate_games(6, bots=TIMID, seed=4, workers=1, max_deals=40,
                            on_deal=seen.append)
    assert len(seen) == result.deals
    for game in range(6):
        mine = [r for r in seen if r.game == game]
        assert [r.deal for r in mine] == list(range(1, len(mine) + 1))
        assert all(r.seed == f"4:{game}:{r.deal}" for r in mine)
    # every point of a score comes from a deal's record (bots do not cheat)
    for player in range(4):
        assert sum(r.points[player] + r.free_points[player] for r in seen) == \
            result.seat_points[player]


def test_r3_five_player_deal_runs_rotate_the_participants_as_a_game() -> None:
    records = list(iter_deals(10, players=5, bots=FIVE, seed=1, workers=1))
    result = simulate_deals(10, players=5, bots=FIVE, seed=1, workers=1)
    for record in records:
        d = record.dealer
        assert d == record.deal % 5
        # the dealer and the three players to the dealer's left take part (R3)
        assert set(record.participants) == {(d + k) % 5 for k in range(4)}
        out = ({0, 1, 2, 3, 4} - set(record.participants)).pop()
        assert record.hands[out] == ""
        assert (record.tricks[out], record.points[out]) == (0, 0)
        assert sum(record.tricks) in (0, 13)
    sat_out = collections.Counter(p for r in records for p in range(5)
                                  if p not in r.participants)
    assert sat_out == dict.fromkeys(range(5), 2)
    assert result.deals == 10
    assert result.bot_seats.total() == 40


def test_issue10_iterating_stops_with_the_records_before_a_failing_deal() -> None:
    rng = random.Random("3:13")
    bots = (FailsOnHand(Deal.new(4, dealer=13 % 4, rng=rng).hands[2]),) * 4
    got: list[SimulatedDeal] = []
    records = iter_deals(30, bots=bots, seed=3, chunk_size=4, workers=2)
    with pytest.raises(SimulationError, match="deal 13 failed") as caught:
        got.extend(records)
    assert [r.deal for r in got] == list(range(13))
    assert caught.value.partial is not None
    assert caught.value.partial.items == 13


def test_issue10_iter_deals_checks_its_arguments_at_once() -> None:
    with pytest.raises(SimulationError, match="one bot per player"):
        iter_deals(5, bots=TIMID[:3])
    with pytest.raises(SimulationError, match="workers"):
        iter_game_deals(5, workers=0)


def test_issue10_a_record_round_trips_through_its_dict_and_json() -> None:
    (record,) = iter_deals(1, bots=TIMID, seed=1, workers=1)
    data = json.loads(json.dumps(record.to_dict()))
    assert tuple(data) == DEAL_FIELDS
    assert SimulatedDeal.from_dict(data) == record
    del data["hands"]
    with pytest.raises(SimulationError, match="hands"):
        SimulatedDeal.from_dict(data)


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_issue10_deal_writer_writes_csv_or_json_lines_by_suffix(
        tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"deals{suffix}"
    with DealWriter(path) as writer:
        result = simulate_deals(12, players=3, bots=TIMID[:3], seed=8, workers=1,
                                on_deal=writer)
    assert writer.written == 12 == result.deals
    records = list(iter_deals(12, players=3, bots=TIMID[:3], seed=8, workers=1))
    text = path.read_text(encoding="utf-8")
    if suffix == ".jsonl":
        assert [SimulatedDeal.from_dict(json.loads(line))
                for line in text.splitlines()] == records
    else:
        rows = list(csv.DictReader(io.StringIO(text)))
        assert tuple(rows[0]) == DEAL_FIELDS
        assert rows == [{k: str(v) for k, v in r.to_csv_row().items()} for r in records]
        assert rows[0]["hands"].split(" | ") == list(records[0].hands)


def test_issue10_deal_writer_refuses_an_unknown_format_and_a_bad_path(tmp_path: Path
                                                                       ) -> None:
    with pytest.raises(SimulationError, match=r"cannot tell the format.*deals\.txt"):
        DealWriter(tmp_path / "deals.txt")
    with pytest.raises(SimulationError, match="format 'xml'"):
        DealWriter(tmp_path / "deals.csv", "xml")
    with pytest.raises(SimulationError, match="cannot tell the format"):
        DealWriter(io.StringIO())
    with pytest.raises(SimulationError, match=r"missing.*cannot be written"):
        DealWriter(tmp_path / "missing" / "deals.csv")
    (tmp_path / "dir.jsonl").mkdir()
    with pytest.raises(SimulationError, match=r"dir\.jsonl' cannot be written"):
        DealWriter(tmp_path / "dir.jsonl")


def test_issue10_every_csv_row_records_the_run_seed() -> None:
    result = simulate_deals(5, bots=TIMID, seed="lab-7", workers=1)
    assert ROW_FIELDS[-1] == "seed"
    assert {row["seed"] for row in result.rows()} == {"lab-7"}
    out = io.StringIO()
    result.to_csv(out)
    assert {row["seed"] for row in csv.DictReader(io.StringIO(out.getvalue()))} == {"lab-7"}
