"""The rule-balance study of issue 15: what each bid earns at all-SearchBot tables.

It plays single 4-player deals at tables of four :class:`~combowhist.bots.SearchBot`\\ s,
for the editions 1.4.2 and 1.5.1 (where Rank Trump is worth 4, not 3), and tallies per
standard bid and per special bid: how often it was declared (the final contract), how often
completed, and the declarer's mean points against the bid's worth. The aggregates go to
``docs/howto/bid_balance.json``, which the how-to ``docs/howto/bid-balance.rst`` draws its
charts from at build time without playing.

It lives in ``benchmarks/`` beside ``search_bot.py`` because it is a long measurement run
of the same deals: ``search_bot.py``'s census of the bids declared at all-search tables
plays 1.4.2 deals into the same cache, so the study reuses them.

**Cache.** Every finished deal is appended at once as one JSON line to the cache file
(``--cache``, by default ``benchmarks/results/search_bot.jsonl``), keyed by what decides
it (the part, the edition, the seed, the bot's iteration budget and the deal's index). A
run cut short keeps what finished, and a rerun plays only the deals missing. Deal ``i`` of
seed ``s`` is dealt by player ``i % 4`` and shuffled and played with
``random.Random(f"{s}:{i}")``, the bots searching a fixed number of worlds
(``--iterations``), so every record can be reproduced on any machine under any load.

Run (hours of CPU at the default budget; ``nice`` it, one worker leaves a core free)::

    nice -n 19 python benchmarks/balance_study.py --deals 2000 --deals-151 2000 --workers 1

Only rewrite ``docs/howto/bid_balance.json`` from the deals already in the cache::

    python benchmarks/balance_study.py --deals 2000 --deals-151 2000 --no-play
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import math
import random
import statistics
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from bot_strength import wilson  # this script's folder is on the path

from combowhist import ComboBid, Deal, load_profile
from combowhist.bids import Bid
from combowhist.bots import SearchBot, play_deal

HERE = Path(__file__).resolve().parent
CACHE = HERE / "results" / "search_bot.jsonl"
"""The per-deal and per-game cache of the issue-15 runs (this script's and
``search_bot.py``'s)."""
RESULT = HERE.parent / "docs" / "howto" / "bid_balance.json"
"""The per-bid aggregates the how-to's charts are drawn from."""
FORMAT = "combowhist-bid-balance"
EDITIONS = ("1.4.2", "1.5.1")
ITERATIONS = 12
"""Worlds per decision: about 50 ms a decision on an idle machine of the project's (the
default time budget's decisions, measured: median 48 ms)."""
SEED = "balance"
PLAYERS = 4


class Cache:
    """Finished items (games or deals) as JSON lines, appended one by one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.records: dict[str, dict[str, Any]] = {}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    try:
                        record = json.loads(line)
                    except json.JSONDecodeError:
                        continue  # a line cut short by a killed run
                    self.records[record["key"]] = record

    def add(self, record: dict[str, Any]) -> None:
        """Keep ``record`` (it has a ``key``) and append it to the file."""
        self.records[record["key"]] = record
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record, sort_keys=True) + "\n")

    def get(self, key: str) -> dict[str, Any] | None:
        """The record of ``key``, if it finished."""
        return self.records.get(key)


def deal_key(profile: str, seed: str, iterations: int, number: int) -> str:
    """The cache key of all-search deal ``number``."""
    return f"deal|{profile}|{seed}|it{iterations}|{number}"


def one_deal(profile: str, seed: str, iterations: int, number: int) -> dict[str, Any]:
    """All-search deal ``number``: its contract and what it brought the declarer."""
    rng = random.Random(f"{seed}:{number}")
    bot = SearchBot(iterations=iterations)
    deal = Deal.new(PLAYERS, dealer=number % PLAYERS, profile=profile, rng=rng)
    deal = play_deal(deal, [bot] * PLAYERS, rng)
    result = deal.result
    assert result is not None
    declared = result.combo is not None and result.declarer is not None
    return {"key": deal_key(profile, seed, iterations, number), "part": "deal",
            "profile": profile, "seed": seed, "iterations": iterations, "number": number,
            "contract": str(result.combo) if declared else None,
            "points": result.points[result.declarer] if declared else 0,  # type: ignore[index]
            "completed": bool(result.completed), "redeal": bool(result.redeal)}


def play_deals(profile: str, deals: int, *, seed: str = SEED, iterations: int = ITERATIONS,
               workers: int = 1, cache: Cache) -> list[dict[str, Any]]:
    """Deals ``0`` to ``deals - 1`` of ``profile``: those in ``cache``, the others played on
    a pool of ``workers`` processes and added to ``cache`` as each finishes."""
    missing = [n for n in range(deals)
               if cache.get(deal_key(profile, seed, iterations, n)) is None]
    if missing:
        with concurrent.futures.ProcessPoolExecutor(workers) as pool:
            futures = [pool.submit(one_deal, profile, seed, iterations, n) for n in missing]
            for future in concurrent.futures.as_completed(futures):
                cache.add(future.result())
    return [cache.records[deal_key(profile, seed, iterations, n)] for n in range(deals)]


def finished_deals(profile: str, deals: int, *, seed: str = SEED,
                   iterations: int = ITERATIONS, cache: Cache) -> list[dict[str, Any]]:
    """The deals among ``0`` to ``deals - 1`` that ``cache`` holds (none played)."""
    found = (cache.get(deal_key(profile, seed, iterations, n)) for n in range(deals))
    return [record for record in found if record is not None]


def _summary(points: list[int], completed: int, worths: list[int], bid: Bid
             ) -> dict[str, Any]:
    """One bid's aggregate over the contracts it was declared in."""
    n = len(points)
    low, high = wilson(completed, n)
    mean = statistics.fmean(points) if n else None
    error = statistics.stdev(points) / math.sqrt(n) if n > 1 else None
    return {"worth": bid.worth, "score": bid.score, "declared": n, "completed": completed,
            "completed_low": round(max(0.0, low), 4), "completed_high": round(min(1.0, high), 4),
            "mean_points": None if mean is None else round(mean, 4),
            "points_stderr": None if error is None else round(error, 4),
            "mean_contract_worth": round(statistics.fmean(worths), 4) if n else None}


def aggregate(profile: str, records: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Per standard and special bid of ``profile``, in the profile's order (the same
    places in every edition, whose keys may differ: 1.5.1's ``misery`` is 1.4.2's
    ``bid_of_shame``): declared, completed (with its 95% interval), the declarer's mean
    points (with their standard error) and the mean worth of the contracts it was part
    of, beside the bid's own worth and score (R34; ``None`` for special bids and for the
    Taintless Master's Game, which scores its combo's worth)."""
    rules = load_profile(profile)
    standard: dict[str, tuple[list[int], list[int], list[bool]]] = {
        b.key: ([], [], []) for b in rules.standard_bids}
    special: dict[str, tuple[list[int], list[int], list[bool]]] = {
        b.key: ([], [], []) for b in rules.special_bids}
    deals = redeals = 0
    for record in records:
        deals += 1
        if record["contract"] is None:
            redeals += 1
            continue
        combo = ComboBid.parse(record["contract"], rules)
        for key, table in [(combo.standard.key, standard),
                           *((k, special) for k in combo.special_keys)]:
            points, worths, completed = table[key]
            points.append(record["points"])
            worths.append(combo.worth)
            completed.append(record["completed"])
    return {
        "deals": deals, "redeals": redeals,
        "standard": {k: _summary(p, sum(c), w, rules.bids[k])
                     for k, (p, w, c) in standard.items()},
        "special": {k: _summary(p, sum(c), w, rules.bids[k])
                    for k, (p, w, c) in special.items()},
    }


def study(by_edition: Mapping[str, list[dict[str, Any]]], seed: str, iterations: int
          ) -> dict[str, Any]:
    """The result file's content: the aggregates of each edition's deals."""
    return {"format": FORMAT, "seed": seed, "iterations": iterations, "players": PLAYERS,
            "bot": f"SearchBot(iterations={iterations})",
            "editions": {e: aggregate(e, records) for e, records in by_edition.items()}}


def save(result: Mapping[str, Any], path: Path = RESULT) -> None:
    """Write :func:`study`'s result as JSON."""
    path.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


def _declared(result: Mapping[str, Any]) -> Iterator[str]:
    for table in ("standard", "special"):
        for key, row in result[table].items():
            if row["declared"]:
                yield f"{key} {row['declared']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--deals", type=int, default=2000, help="1.4.2 deals")
    parser.add_argument("--deals-151", type=int, default=500, help="1.5.1 deals")
    parser.add_argument("--iterations", type=int, default=ITERATIONS,
                        help="worlds per decision of every SearchBot")
    parser.add_argument("--seed", default=SEED)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cache", type=Path, default=CACHE)
    parser.add_argument("--output", type=Path, default=RESULT)
    parser.add_argument("--no-play", action="store_true",
                        help="only aggregate the deals already in the cache")
    args = parser.parse_args()
    cache = Cache(args.cache)
    by_edition = {}
    for edition, deals in zip(EDITIONS, (args.deals, args.deals_151), strict=True):
        if args.no_play:
            by_edition[edition] = finished_deals(edition, deals, seed=args.seed,
                                                 iterations=args.iterations, cache=cache)
        else:
            by_edition[edition] = play_deals(edition, deals, seed=args.seed,
                                             iterations=args.iterations,
                                             workers=args.workers, cache=cache)
    result = study(by_edition, args.seed, args.iterations)
    save(result, args.output)
    for edition, summary in result["editions"].items():
        print(f"{edition}: {summary['deals']} deals, {summary['redeals']} redeals; "
              f"declared: {', '.join(_declared(summary))}")
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
