"""Benchmark: the game-AI adapters against the bare engine, in the same run.

Sides, each playing the same number of random deals per round, rounds interleaved:

- **engine**: the bare engine's checked path, ``deal.legal_moves()`` then ``deal.apply`` of
  a uniformly random legal move: the reference;
- **kernel**: ``deal.playout(rng)``, the engine's playout kernel;
- **pettingzoo**: the PettingZoo environment with random agents: each step is ``last()``
  (the observation and action mask of the agent to move) and ``step`` of a random allowed
  action; counted in agent steps (a bid is several);
- **openspiel**: random playouts of ``python_combowhist``: random chance outcomes (the
  deal, one card each) and random legal actions; counted in steps, chance nodes included.

Then the cost of a copy: ``state.clone()`` of OpenSpiel states at random points, and
``copy.copy`` / ``copy.deepcopy`` of a :class:`~combowhist.Deal` (and of the adapters'
:class:`~combowhist.adapters.position.Position`).

    python benchmarks/adapters.py [--deals N] [--rounds R] [--players 3|4]

It prints, per side, steps/s (the best round) and its time per deal against the engine's
(the median over rounds, range in brackets: both ran under the same machine load). The
issue's marks: at least 10,000 agent steps/s in PettingZoo, 50,000 steps/s in OpenSpiel
random playouts, a clone in at most 50 µs. A side whose extra is missing is left out.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from random_deals import random_playouts  # this script's folder is on the path

from combowhist import Deal, load_profile
from combowhist.adapters.position import Position

Side = Callable[[int, int, str, int], tuple[float, int]]


def engine(count: int, players: int, profile: str, seed: int) -> tuple[float, int]:
    """``count`` random deals through ``legal_moves()`` and the checked ``apply``."""
    rules = load_profile(profile)
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(count):
        deal = Deal.new(players, profile=rules, rng=rng)
        while deal.to_move is not None:
            legal = deal.legal_moves()
            deal = deal.apply(legal[rng.randrange(len(legal))])
            moves += 1
    return time.perf_counter() - start, moves


def kernel(count: int, players: int, profile: str, seed: int) -> tuple[float, int]:
    """``count`` random deals played by ``deal.playout(rng)`` (moves counted outside the
    clock)."""
    rules = load_profile(profile)
    rng = random.Random(seed)
    moves = 0
    seconds = 0.0
    for _ in range(count):
        start = time.perf_counter()
        deal = Deal.new(players, profile=rules, rng=rng).playout(rng)
        seconds += time.perf_counter() - start
        moves += len(deal.history)
    return seconds, moves


def pettingzoo(count: int, players: int, profile: str, seed: int) -> tuple[float, int]:
    """``count`` episodes of one deal with random agents; (seconds, agent steps)."""
    from combowhist.adapters.pettingzoo import env

    table = env(players=players, profile=profile)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for episode in range(count):
        table.reset(seed=seed + episode)
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            mask = observation["action_mask"]
            table.step(rng.choice(mask.nonzero()[0]))
            steps += 1
    return time.perf_counter() - start, steps


def _openspiel_game(players: int, profile: str) -> Any:
    import pyspiel

    import combowhist.adapters.openspiel  # noqa: F401  (registers the game)

    return pyspiel.load_game("python_combowhist",
                             {"players": players, "edition": profile})


def openspiel(count: int, players: int, profile: str, seed: int) -> tuple[float, int]:
    """``count`` random playouts of ``python_combowhist``; (seconds, steps)."""
    return random_playouts(_openspiel_game(players, profile), count, seed)


def available_sides() -> dict[str, Side]:
    sides: dict[str, Side] = {"engine": engine, "kernel": kernel}
    try:
        import pettingzoo as _

        sides["pettingzoo"] = pettingzoo
    except ImportError:
        print("pettingzoo not installed (pip install -e '.[pettingzoo]'): left out")
    try:
        import pyspiel as _  # noqa: F401

        sides["openspiel"] = openspiel
    except ImportError:
        print("open_spiel not installed (pip install -e '.[openspiel]'): left out")
    return sides


def _per_copy(make: Callable[[], object], count: int) -> float:
    """µs per call of ``make``, the best of 5 runs of ``count`` calls."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(count):
            make()
        best = min(best, time.perf_counter() - start)
    return best / count * 1e6


def copies(players: int, profile: str, seed: int, sides: dict[str, Side]) -> None:
    """The cost of copying states at random points of random deals."""
    rng = random.Random(seed)
    rules = load_profile(profile)
    deals = []
    for _ in range(20):
        deal = Deal.new(players, profile=rules, rng=rng)
        for _ in range(rng.randrange(20, 80)):
            if deal.to_move is None:
                break
            legal = deal.legal_moves()
            deal = deal.apply(legal[rng.randrange(len(legal))])
        deals.append(deal)
    rows = [("copy.copy(deal)", lambda d: copy.copy(d)),
            ("copy.deepcopy(deal)", lambda d: copy.deepcopy(d)),
            ("copy.deepcopy(Position(deal))", lambda d: copy.deepcopy(Position(d)))]
    print("\ncopies, µs each (best of 5), over 20 deals at random points:")
    for name, do in rows:
        timings = [_per_copy(lambda d=deal, do=do: do(d), 200) for deal in deals]
        print(f"  {name:<32} median {statistics.median(timings):8.1f}  "
              f"max {max(timings):8.1f}")
    if "openspiel" in sides:
        game = _openspiel_game(players, profile)
        states = []
        for deal in deals:
            if deal.dealer == 0 and not any(deal.scores):
                states.append(game.state_of(deal))
        timings = [_per_copy(state.clone, 2000) for state in states]
        print(f"  {'state.clone() (OpenSpiel)':<32} median {statistics.median(timings):8.1f}  "
              f"max {max(timings):8.1f}   (mark: at most 50)")


MARKS = {"pettingzoo": 10_000, "openspiel": 50_000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per side per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--profile", default="1.4.2")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sides = available_sides()
    for side in sides.values():  # warm up: caches, lazy imports
        side(2, args.players, args.profile, args.seed)
    rates: dict[str, list[float]] = {name: [] for name in sides}
    ratios: dict[str, list[float]] = {name: [] for name in sides}
    for number in range(args.rounds):
        seed = args.seed + 1000 * number
        timed = {name: side(args.deals, args.players, args.profile, seed)
                 for name, side in sides.items()}
        for name, (seconds, steps) in timed.items():
            rates[name].append(steps / seconds)
            ratios[name].append(seconds / timed["engine"][0])
    print(f"{args.deals} random deals per side and round, {args.rounds} rounds, "
          f"{args.players} players, profile {args.profile}")
    print(f"  {'side':<11} {'steps/s (best)':>15}   time per deal vs engine (median [range])")
    for name in sides:
        mark = f"   (mark: {MARKS[name]:,} steps/s)" if name in MARKS else ""
        print(f"  {name:<11} {max(rates[name]):>15,.0f}   {statistics.median(ratios[name]):5.2f}x "
              f"[{min(ratios[name]):.2f}-{max(ratios[name]):.2f}]{mark}")
    copies(args.players, args.profile, args.seed, sides)


if __name__ == "__main__":
    main()
