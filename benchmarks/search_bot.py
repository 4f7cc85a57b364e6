"""Benchmark: the figures of issue 15 for :class:`~combowhist.bots.SearchBot`.

Four parts, each printed as it finishes:

``vs heuristic``
    ``--games`` 4-player classic games, one SearchBot and three HeuristicBots, seats
    rotated (game ``g`` puts the search bot at player ``g % 4``): the search bot's win
    rate with a 95% interval (Wilson) against the 1/4 baseline, and how the games ended.
``vs random``
    the same with three RandomBots, and how the search bot's wins came (the
    :class:`~combowhist.Ending` of each game it won: not only by Win of Shame?).
``bids``
    ``--deals`` single deals at all-SearchBot tables (:func:`~combowhist.simulate_deals`):
    how many of the standard bids and of the special bids were declared, and how often
    each.
``time``
    the time per decision of one SearchBot over ``--time-deals`` deals at an all-search
    table, played in this process (median and p99, by phase too), with nothing else of
    this benchmark running.

Games and deals run on ``--workers`` processes (game ``g`` seeded ``f"{seed}:{g}"``, its
bots' chance too, as in :func:`~combowhist.simulate_games`). The issue's figures need at
least 400 games per table and 2,000 deals, hours of CPU at the default 50 ms budget::

    python benchmarks/search_bot.py --games 400 --deals 2000 --budget-ms 50 --workers 2

A quick check of the pipeline (its figures mean nothing)::

    python benchmarks/search_bot.py --games 4 --deals 8 --time-deals 1 --budget-ms 5
"""

from __future__ import annotations

import argparse
import concurrent.futures
import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence

from bot_strength import wilson  # this script's folder is on the path

from combowhist import Deal, Game, load_profile
from combowhist.bots import Bot, HeuristicBot, RandomBot, SearchBot, play_game
from combowhist.moves import Move
from combowhist.simulate import simulate_deals

MAX_DEALS = 300
"""A game still going after this many deals is stopped and counted as unfinished."""


def one_game(bots: Sequence[Bot], profile: str, seed: str, number: int
             ) -> tuple[str | None, str]:
    """Game ``number`` of a table: ``bots[0]`` rotated to player ``number % players``.
    Returns the winner's bot name (``None`` for no winner) and how the game ended."""
    players = len(bots)
    seated = [bots[(p - number) % players] for p in range(players)]
    game = Game.new(players=players, profile=profile, seed=f"{seed}:{number}")
    game = play_game(game, seated, random.Random(f"{seed}:{number}"), max_deals=MAX_DEALS)
    winner = None if game.winner is None else seated[game.winner].name
    return winner, game.ending.value if game.ending is not None else "unfinished"


def play_table(title: str, bots: Sequence[Bot], args: argparse.Namespace) -> None:
    """Play and report one table of ``args.games`` games."""
    start = time.perf_counter()
    with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(one_game, bots, args.profile, f"{args.seed}:{title}", g)
                   for g in range(args.games)]
        outcomes = [f.result() for f in futures]
    seconds = time.perf_counter() - start
    name = bots[0].name
    wins = sum(winner == name for winner, _ in outcomes)
    low, high = wilson(wins, len(outcomes))
    endings = Counter(ending for _, ending in outcomes)
    won_by = Counter(ending for winner, ending in outcomes if winner == name)
    print(title)
    print(f"  {name} wins {wins}/{len(outcomes)} = {wins / len(outcomes):.3f} "
          f"(95% CI {low:.3f}-{high:.3f}; baseline 1/{len(bots)} = {1 / len(bots):.3f})")
    print(f"  endings of all games   {_counts(endings)}")
    print(f"  endings of {name}'s wins {_counts(won_by)}")
    print(f"  time per game          {seconds / len(outcomes):.1f} s "
          f"({args.workers} workers)")


def bids(bot: SearchBot, args: argparse.Namespace) -> None:
    """Declared standard and special bids over ``args.deals`` all-search deals."""
    profile = load_profile(args.profile)
    result = simulate_deals(args.deals, players=4, profile=profile, bots=[bot] * 4,
                            seed=f"{args.seed}:bids", workers=args.workers)
    specials: Counter[str] = Counter()
    for combo, count in result.combo_contracts.items():
        for key in combo.split("+")[1:]:
            specials[key] += count
    standard = [b.key for b in profile.standard_bids]
    special = [b.key for b in profile.special_bids]
    declared = [k for k in standard if result.contracts[k]]
    print(f"bids at all-search tables: {args.deals} deals, {result.redeals} redeals")
    print(f"  standard bids declared {len(declared)} of {len(standard)}: "
          f"{_counts(Counter({k: result.contracts[k] for k in declared}))}")
    print(f"  special bids declared  {sum(1 for k in special if specials[k])} of "
          f"{len(special)}: {_counts(specials)}")
    never = [k for k in standard if not result.contracts[k]]
    never += [k for k in special if not specials[k]]
    print(f"  never declared         {', '.join(never) or 'none'}")
    rate = result.completion_rate()
    print(f"  contracts completed    {'-' if rate is None else f'{rate:.2f}'}")


class _Timed:
    """A bot that times another's decisions, by phase."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name = bot, bot.name
        self.times: dict[str, list[float]] = {}

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        start = time.perf_counter()
        move = self.bot.choose(deal, seat, rng)
        self.times.setdefault(deal.phase.value, []).append(time.perf_counter() - start)
        return move


def decision_times(bot: SearchBot, args: argparse.Namespace) -> None:
    """Median and p99 of the decision time over ``args.time_deals`` all-search deals."""
    timed = _Timed(bot)
    rng = random.Random(args.seed)
    for number in range(args.time_deals):
        deal = Deal.new(players=4, profile=args.profile, seed=f"{args.seed}:time:{number}")
        while deal.to_move is not None:
            deal = deal.apply(timed.choose(deal, deal.to_move, rng))
    every = sorted(t for times in timed.times.values() for t in times)
    print(f"decision time over {args.time_deals} deals, {len(every)} decisions "
          f"(budget {args.budget_ms:g} ms; single legal moves included)")
    print(f"  all            median {_ms(statistics.median(every))}  p99 {_ms(_p99(every))}")
    for phase, times in sorted(timed.times.items()):
        print(f"  {phase:<14} median {_ms(statistics.median(times))}  p99 "
              f"{_ms(_p99(sorted(times)))}  ({len(times)})")


def _p99(ordered: Sequence[float]) -> float:
    return ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


def _counts(counts: Counter[str]) -> str:
    return ", ".join(f"{k} {n}" for k, n in counts.most_common()) or "none"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per table")
    parser.add_argument("--deals", type=int, default=2000, help="deals for the bids census")
    parser.add_argument("--time-deals", type=int, default=20,
                        help="deals whose decisions are timed")
    parser.add_argument("--budget-ms", type=float, default=50.0,
                        help="the search bot's time per decision")
    parser.add_argument("--rollout", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument("--profile", default="1.4.2")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tables", default="heuristic,random,bids,time",
                        help="which parts to run, comma-separated")
    args = parser.parse_args()
    bot = SearchBot(budget_ms=args.budget_ms, rollout=args.rollout)
    tables = set(args.tables.split(","))
    print(f"SearchBot budget {args.budget_ms:g} ms, rollout {args.rollout}, "
          f"profile {args.profile}, seed {args.seed}")
    if "heuristic" in tables:
        play_table("vs heuristic: 1 search, 3 heuristic, 4-player classic",
                   [bot, HeuristicBot(), HeuristicBot(), HeuristicBot()], args)
    if "random" in tables:
        play_table("vs random: 1 search, 3 random, 4-player classic",
                   [bot, RandomBot(), RandomBot(), RandomBot()], args)
    if "bids" in tables:
        bids(bot, args)
    if "time" in tables:
        decision_times(bot, args)


if __name__ == "__main__":
    main()
