"""Benchmark: the determinization sampler (:mod:`combowhist.sampling`), by phase.

For each kind of point in a deal it builds views from seeded random deals (every seat as the
observer in turn) and times, interleaved in the same run:

- **sampler**: ``Sampler(view)`` once per view (the analysis, shown apart) and then
  ``sampler.sample(rng)``, µs per sample;
- **replay**: the floor of a design that rebuilds deals through the checked engine: the
  real dealt hands replayed move by move with ``Deal.from_hands`` and ``apply``, then the
  view compared, which is one proposal that fits, µs per replay.

It prints both, their ratio (the median of the per-round ratios, range in brackets), the
proposals per sample (1.0: every proposal fits) and how many samples needed steering (see
the module's notes: those are not exactly uniform).

    python benchmarks/sampling.py [--views N] [--samples N] [--rounds N]

Kinds: ``auction`` (mid auction), ``after mail`` (Mail, Master's Mail or both done, before
the first lead), ``mid play`` (6 tricks played), ``late`` (11 tricks played).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from combowhist import Deal, Phase
from combowhist.sampling import UNIFORM_ATTEMPTS, Sampler

MAIL_BIDS = ("max_trump+mail", "trump+masters_mail", "trump+mail+masters_mail",
             "rank_trump+mail", "rank_trump+masters_mail")


class CountingSampler(Sampler):
    """A sampler that counts its proposals and the samples it had to steer."""

    proposals = 0
    steered = 0

    def _attempt(self, rng: random.Random, steer: bool = False) -> Deal | None:
        CountingSampler.proposals += 1
        deal = super()._attempt(rng, steer)
        if deal is not None and steer:
            CountingSampler.steered += 1
        return deal


def random_moves(deal: Deal, rng: random.Random, until: Callable[[Deal], bool]) -> Deal:
    while not until(deal) and deal.to_move is not None:
        moves = deal.legal_moves()
        deal = deal.apply(moves[rng.randrange(len(moves))])
    return deal


def kind_deal(kind: str, seed: int) -> Deal | None:
    rng = random.Random(seed)
    players = 4 if seed % 3 else 3
    deal = Deal.new(players, seed=seed, profile="1.4.2")
    if kind == "auction":
        return random_moves(deal, rng, lambda d: len(d.log) >= 1 + seed % 4)
    if kind == "after mail":
        deal = deal.apply(f"bid {MAIL_BIDS[seed % len(MAIL_BIDS)]}")
        for _ in range(players - 1):
            deal = deal.apply("pass")
        return random_moves(deal, rng, lambda d: d.phase is Phase.PLAY)
    tricks = 6 if kind == "mid play" else 11
    while True:  # a deal someone bid on
        deal = random_moves(deal, rng, lambda d: d.declarer is not None or d.is_over)
        if deal.declarer is not None:
            break
        seed += 1000
        deal = Deal.new(players, seed=seed, profile="1.4.2")
    return random_moves(deal, rng, lambda d: len(d.winners) >= tricks)


def replay(deal: Deal, seat: int) -> bool:
    again = Deal.from_hands(deal.dealt_hands, profile=deal.profile, dealer=deal.dealer,
                            scores=deal.scores, potentials=deal.potentials)
    for move in deal.history:
        again = again.apply(move)
    return again.view(seat) == deal.view(seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=24)
    parser.add_argument("--samples", type=int, default=20, help="samples per view")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"{'kind':<11} {'init µs':>9} {'sample µs':>10} {'replay µs':>10} "
          f"{'ratio':>18} {'proposals':>10} {'steered':>8}")
    for kind in ("auction", "after mail", "mid play", "late"):
        views = []
        for seed in range(args.views):
            deal = kind_deal(kind, seed)
            assert deal is not None
            views.append((deal, seed % deal.players))
        ratios, best_sample, best_replay, best_init = [], float("inf"), float("inf"), 0.0
        CountingSampler.proposals = CountingSampler.steered = 0
        drawn = 0
        for round_ in range(args.rounds):
            start = time.perf_counter()
            samplers = [CountingSampler(deal.view(seat)) for deal, seat in views]
            init = (time.perf_counter() - start) / len(views)
            rng = random.Random(round_)
            start = time.perf_counter()
            for sampler in samplers:
                for _ in range(args.samples):
                    sampler.sample(rng)
            per_sample = (time.perf_counter() - start) / (len(views) * args.samples)
            drawn += len(views) * args.samples
            start = time.perf_counter()
            for deal, seat in views:
                assert replay(deal, seat)
            per_replay = (time.perf_counter() - start) / len(views)
            ratios.append(per_sample / per_replay)
            best_sample = min(best_sample, per_sample)
            best_replay = min(best_replay, per_replay)
            best_init = init if round_ == 0 else min(best_init, init)
        print(f"{kind:<11} {best_init * 1e6:>9.0f} {best_sample * 1e6:>10.0f} "
              f"{best_replay * 1e6:>10.0f} "
              f"{statistics.median(ratios):>6.2f} [{min(ratios):.2f}-{max(ratios):.2f}] "
              f"{CountingSampler.proposals / drawn:>10.2f} "
              f"{CountingSampler.steered:>4}/{drawn}")
    print(f"(steered: samples not found uniformly within {UNIFORM_ATTEMPTS} proposals)")


if __name__ == "__main__":
    main()
