"""The rule-balance study of issue 15 (``benchmarks/balance_study.py``): its per-bid
aggregates, its resumable cache, and a tiny real run in the format the how-to's charts
read (``docs/howto/bid_balance.py``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "docs" / "howto"))

import balance_study  # noqa: E402
import bid_balance  # noqa: E402
from balance_study import Cache, aggregate, deal_key, play_deals, study  # noqa: E402

from combowhist import load_profile  # noqa: E402


def _record(contract: str | None, points: int, completed: bool) -> dict[str, object]:
    return {"contract": contract, "points": points, "completed": completed,
            "redeal": contract is None}


def test_issue15_study_aggregates_each_standard_and_special_bid_of_the_contracts() -> None:
    """Rank Trump declared twice (once completed for 3, once failed with Penalty for -4),
    Trump + Lock once, one redeal: each bid's counts, mean points and contract worths."""
    records = [_record("rank_trump", 3, True), _record("rank_trump+penalty", -4, False),
               _record("trump+lock", 3, True), _record(None, 0, False)]
    result = aggregate("1.4.2", records)
    assert (result["deals"], result["redeals"]) == (4, 1)
    rank = result["standard"]["rank_trump"]
    assert (rank["worth"], rank["declared"], rank["completed"]) == (3, 2, 1)
    assert rank["mean_points"] == -0.5
    assert rank["mean_contract_worth"] == 4.0  # 3 and 3 + 2
    assert rank["completed_low"] < 0.5 < rank["completed_high"]
    assert result["special"]["penalty"]["declared"] == 1
    assert result["special"]["penalty"]["mean_points"] == -4
    assert result["special"]["penalty"]["points_stderr"] is None  # one declaration
    assert result["special"]["lock"]["completed"] == 1
    assert result["standard"]["zero"]["declared"] == 0
    assert result["standard"]["zero"]["mean_points"] is None
    profile = load_profile("1.4.2")
    assert set(result["standard"]) == {b.key for b in profile.standard_bids}
    assert set(result["special"]) == {b.key for b in profile.special_bids}


def test_issue15_study_knows_rank_trumps_worth_per_edition() -> None:
    """1.5.1 raised Rank Trump's worth from 3 to 4 (its score stays 4): the aggregates
    carry each edition's, and list the bids in the same places in both editions."""
    rows = {e: aggregate(e, [])["standard"] for e in ("1.4.2", "1.5.1")}
    assert {e: (r["rank_trump"]["worth"], r["rank_trump"]["score"]) for e, r in rows.items()
            } == {"1.4.2": (3, 4), "1.5.1": (4, 4)}
    old, new = (list(r) for r in rows.values())
    assert old.index("bid_of_shame") == new.index("misery") == 0
    assert old.index("rank_trump") == new.index("rank_trump")


def test_issue15_study_cache_keeps_finished_deals_and_skips_a_cut_line(tmp_path: Path) -> None:
    path = tmp_path / "cache.jsonl"
    cache = Cache(path)
    cache.add({"key": "a", "n": 1})
    cache.add({"key": "b", "n": 2})
    with path.open("a", encoding="utf-8") as out:
        out.write('{"key": "c", "n"')  # a run killed mid-line
    again = Cache(path)
    assert sorted(again.records) == ["a", "b"]
    assert again.get("b") == {"key": "b", "n": 2}


def test_issue15_study_runs_small_resumes_and_writes_what_the_charts_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two deals of one world a decision: recorded in the cache; a rerun of three plays only
    the third; the result file loads in the how-to's chart module and its table lists it."""
    cache = Cache(tmp_path / "cache.jsonl")
    first = play_deals("1.4.2", 2, seed="t", iterations=1, workers=1, cache=cache)
    assert [r["number"] for r in first] == [0, 1]
    assert all(cache.get(deal_key("1.4.2", "t", 1, n)) for n in (0, 1))
    played: list[int] = []

    def one_deal(profile: str, seed: str, iterations: int, number: int) -> dict[str, object]:
        played.append(number)
        return {"key": deal_key(profile, seed, iterations, number), "contract": None,
                "points": 0, "completed": False, "redeal": True, "number": number}

    monkeypatch.setattr(balance_study, "one_deal", one_deal)
    monkeypatch.setattr(balance_study.concurrent.futures, "ProcessPoolExecutor",
                        balance_study.concurrent.futures.ThreadPoolExecutor)
    again = play_deals("1.4.2", 3, seed="t", iterations=1, workers=1, cache=Cache(cache.path))
    assert played == [2]
    assert again[:2] == first
    result = study({"1.4.2": again}, "t", 1)
    path = tmp_path / "bid_balance.json"
    balance_study.save(result, path)
    loaded = bid_balance.load(path)
    assert loaded["editions"]["1.4.2"]["deals"] == 3
    declared = sum(r["declared"] for r in loaded["editions"]["1.4.2"]["standard"].values())
    assert declared == 3 - loaded["editions"]["1.4.2"]["redeals"]
    text = bid_balance.table(loaded, "1.4.2")
    assert text.splitlines()[0].startswith("bid")
    assert text.splitlines()[-1].startswith("never declared: ")


def test_issue15_the_charts_refuse_a_file_of_another_format(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"format": "something-else"}), encoding="utf-8")
    with pytest.raises(ValueError, match="is not a combowhist-bid-balance file"):
        bid_balance.load(path)
