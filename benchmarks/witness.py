"""Benchmark: R8's exact layer, one possibility check per (hand, combo) pair.

Random hands (dealt from a seed) x random combo bids drawn from the auction's legal list
(:func:`combowhist.rules.auction.bid_moves`), editions 1.4.1 and 1.4.2, 3 and 4 players.
A check is :func:`combowhist.analysis.is_possible` with its cache emptied first (the
search alone); for the possible ones the witness deal (:func:`~combowhist.analysis.witness`:
the search's line of play from the cache, replayed through the engine) is timed too.
Prints, per edition and player count and overall: median, p90, p99 and max time per check,
and how many checks were possible, impossible, or undecided (the search's bound reached, or
a rule not covered yet: Rank Trump); then how many of the auction's combos share a
:func:`~combowhist.analysis.possibility_key` (the checks a hand needs for them all).

    python benchmarks/witness.py [--pairs N] [--seed S] [--max-nodes N]

The issue's targets: median <= 5 ms, p99 <= 200 ms (aim: median <= 1 ms). There is no
reference implementation to take a ratio against; figures vary between machines.

Figures (200 checks, seed 1, max_nodes 20,000, a shared 2-core machine, load about 2; the
two runs one after the other):

=====================  ==========  =========  =======  ==========  ============
search                 median      p90        p99      undecided   not covered
=====================  ==========  =========  =======  ==========  ============
before issue 13 step 2 4.3 ms      2.7 s      27.4 s   18          17
fast pass, Rank Trump  4.0 ms      2.9 s      22.5 s   17          14
=====================  ==========  =========  =======  ==========  ============

Far from the p99 target: the tail is heavy combos (Taintless Master's Game with Sloth and
Plague; Lock, Ending Dog and Greed on Max Trump; Mail) that the search leaves undecided
at the bound or decides after seconds. A witness after its check (built from the cached
search): median 0.5 ms, against 4.7 ms before (the search again). The auction's 133,145
combos (1.4.1, 1.4.2) have 8,562 possibility keys.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from combowhist import Deal, load_profile
from combowhist.analysis import _OUTCOMES, is_possible, possibility_key, witness
from combowhist.errors import AnalysisError
from combowhist.rules.auction import bid_moves


def _quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(pairs: int, seed: int, max_nodes: int) -> None:
    rng = random.Random(seed)
    rows: dict[tuple[str, int], list[float]] = {}
    tally: dict[str, int] = {"possible": 0, "impossible": 0, "undecided": 0,
                             "not covered": 0}
    slowest: list[tuple[float, str]] = []
    built: list[float] = []
    for _ in range(pairs):
        edition = rng.choice(("1.4.1", "1.4.2"))
        players = rng.choice((3, 4))
        profile = load_profile(edition)
        hand = Deal.new(players, profile=profile, seed=rng.randrange(10**9)).dealt_hands[1]
        moves = bid_moves(profile, players, 1)
        combo = moves[rng.randrange(len(moves))].combo
        _OUTCOMES.clear()
        start = time.perf_counter()
        try:
            possible = is_possible(hand, combo, players=players, max_nodes=max_nodes)
            outcome = "possible" if possible else "impossible"
        except AnalysisError as error:
            outcome = "undecided" if "would open" in str(error) else "not covered"
        elapsed = time.perf_counter() - start
        if outcome == "possible":
            start = time.perf_counter()
            witness(hand, combo, players=players, max_nodes=max_nodes)
            built.append(time.perf_counter() - start)
        tally[outcome] += 1
        rows.setdefault((edition, players), []).append(elapsed)
        slowest.append((elapsed, f"{edition} {players}p {combo} [{hand}] {outcome}"))
    everything = [t for times in rows.values() for t in times]
    print(f"{pairs} checks, seed {seed}, max_nodes {max_nodes}: " +
          ", ".join(f"{n} {k}" for k, n in tally.items()))
    print(f"{'':14} {'n':>5} {'median':>10} {'p90':>10} {'p99':>10} {'max':>10}")
    for (edition, players), times in sorted(rows.items()):
        _line(f"{edition} {players}p", times)
    _line("all", everything)
    if built:
        _line("witness", built)
    print("slowest:")
    for elapsed, text in sorted(slowest, reverse=True)[:5]:
        print(f"  {elapsed * 1000:9.1f} ms  {text}")
    for edition in ("1.4.1", "1.4.2"):
        for players in (3, 4):
            combos = [m.combo for m in bid_moves(load_profile(edition), players, 1)]
            keys = {possibility_key(c) for c in combos}
            print(f"{edition} {players}p: {len(combos)} combos in the auction's list, "
                  f"{len(keys)} possibility keys")


def _line(label: str, times: list[float]) -> None:
    ms = [t * 1000 for t in times]
    print(f"{label:14} {len(ms):5d} {statistics.median(ms):8.2f}ms "
          f"{_quantile(ms, 0.9):8.2f}ms {_quantile(ms, 0.99):8.2f}ms {max(ms):8.2f}ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-nodes", type=int, default=20_000)
    args = parser.parse_args()
    run(args.pairs, args.seed, args.max_nodes)


if __name__ == "__main__":
    main()
