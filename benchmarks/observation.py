"""Benchmark: the cost of a view and of an observation per decision, as an agent pays it.

Random deals are walked decision by decision (a uniformly random legal move each time, from
a fixed seed, so every side makes the same moves). Sides, timed in the same run, interleaved:

- **apply**: ``moves = deal.legal_moves(); deal = deal.apply(moves[i])``: the reference.
- **+view**: the same, plus ``deal.view(deal.to_move)`` before each move, as a bot does.
- **+observe**: the same, plus ``observe(view)`` of that view.

It prints µs per decision for each side, the extra µs of a view and of an observation (the
differences between sides, medians over rounds), and their ratio to a decision's
``legal_moves`` + ``apply``. Then ``observe`` alone over views collected beforehand.

    python benchmarks/observation.py [--deals N] [--players 3|4] [--profile 1.4.2] [--rounds R]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from combowhist import Deal
from combowhist.observation import observation_layout, observe
from combowhist.views import PlayerView


def walk(deals: list[Deal], seed: int, view: bool, obs: bool) -> tuple[float, int]:
    """Walk every deal to its end; (seconds, decisions)."""
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for deal in deals:
        while (seat := deal.to_move) is not None:
            if view:
                seen = deal.view(seat)
                if obs:
                    observe(seen)
            moves = deal.legal_moves()
            deal = deal.apply(moves[rng.randrange(len(moves))])
            decisions += 1
    return time.perf_counter() - start, decisions


def collect(deals: list[Deal], seed: int) -> list[PlayerView]:
    """The view of the seat to move at every decision of the deals' random walks."""
    rng = random.Random(seed)
    views = []
    for deal in deals:
        while (seat := deal.to_move) is not None:
            views.append(deal.view(seat))
            moves = deal.legal_moves()
            deal = deal.apply(moves[rng.randrange(len(moves))])
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4))
    parser.add_argument("--profile", default="1.4.2")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    deals = [Deal.new(args.players, profile=args.profile, seed=n) for n in range(args.deals)]
    layout = observation_layout(args.profile, args.players)
    print(f"profile {args.profile}, {args.players} players, {args.deals} deals, observation "
          f"of {layout.size} floats; {args.rounds} interleaved rounds")

    sides: dict[str, Callable[[int], tuple[float, int]]] = {
        "apply": lambda seed: walk(deals, seed, False, False),
        "+view": lambda seed: walk(deals, seed, True, False),
        "+observe": lambda seed: walk(deals, seed, True, True),
    }
    per_decision: dict[str, list[float]] = {name: [] for name in sides}
    for round_ in range(args.rounds):
        for name, side in sides.items():
            seconds, decisions = side(round_)
            per_decision[name].append(seconds / decisions * 1e6)
    view_extra = [v - a for v, a in zip(per_decision["+view"], per_decision["apply"],
                                        strict=True)]
    observe_extra = [o - v for o, v in zip(per_decision["+observe"], per_decision["+view"],
                                           strict=True)]
    for name, values in per_decision.items():
        print(f"  {name:9s} {statistics.median(values):8.1f} µs per decision "
              f"(best {min(values):.1f})")
    apply_median = statistics.median(per_decision["apply"])
    for name, values in (("a view", view_extra), ("an observe", observe_extra)):
        extra = statistics.median(values)
        print(f"  {name:10s} adds {extra:7.1f} µs per decision: {extra / apply_median:.2f}x a "
              f"decision's legal_moves + apply (range {min(values):.1f}-{max(values):.1f} µs)")

    views = collect(deals, 0)
    times = []
    for _ in range(args.rounds):
        start = time.perf_counter()
        for view in views:
            observe(view)
        times.append((time.perf_counter() - start) / len(views) * 1e6)
    print(f"  observe alone, over {len(views)} collected views: "
          f"{statistics.median(times):.1f} µs each (best {min(times):.1f})")


if __name__ == "__main__":
    main()
