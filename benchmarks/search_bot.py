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
bots' chance too, as in :func:`~combowhist.simulate_games`). Except for the ``time`` part,
every SearchBot searches a fixed number of worlds per decision (``--iterations``, by
default 12: about 50 ms a decision on an idle machine), so the figures do not depend on the
machine's load and every game and deal can be reproduced from its seed. The ``time`` part
alone uses the time budget ``--budget-ms``.

**Cache.** Each finished game and deal is appended at once to ``--cache`` (JSON lines, by
default ``benchmarks/results/search_bot.jsonl``; see ``balance_study.py``, whose 1.4.2
deals are the ``bids`` part's): a run cut short keeps what finished, a rerun plays only
what is missing, and ``--no-play`` prints the figures of what the cache holds. The issue's
figures need at least 400 games per table and 2,000 deals, hours of CPU::

    nice -n 19 python benchmarks/search_bot.py --games 400 --deals 2000 --workers 1

A quick check of the pipeline (its figures mean nothing)::

    python benchmarks/search_bot.py --games 4 --deals 8 --time-deals 1 --iterations 1 \\
        --budget-ms 5 --cache /tmp/quick.jsonl
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
from pathlib import Path
from typing import Any

from balance_study import CACHE, ITERATIONS, Cache, finished_deals, play_deals
from bot_strength import wilson  # this script's folder is on the path

from combowhist import Deal, Game, load_profile
from combowhist.bots import Bot, HeuristicBot, RandomBot, SearchBot, play_game
from combowhist.moves import Move

MAX_DEALS = 300
"""A game still going after this many deals is stopped and counted as unfinished."""
PLAYERS = 4


def game_key(table: str, profile: str, seed: str, iterations: int, number: int) -> str:
    """The cache key of game ``number`` of a table."""
    return f"game|{table}|{profile}|{seed}|it{iterations}|{number}"


def one_game(table: str, bots: Sequence[Bot], profile: str, seed: str, iterations: int,
             number: int) -> dict[str, Any]:
    """Game ``number`` of a table: ``bots[0]`` rotated to player ``number % players``.
    The record names the winner's bot, how the game ended, its deals and final scores."""
    players = len(bots)
    seated = [bots[(p - number) % players] for p in range(players)]
    game = Game.new(players=players, profile=profile, seed=f"{seed}:{number}")
    game = play_game(game, seated, random.Random(f"{seed}:{number}"), max_deals=MAX_DEALS)
    return {"key": game_key(table, profile, seed, iterations, number), "part": "game",
            "table": table, "profile": profile, "seed": seed, "iterations": iterations,
            "number": number, "seat": number % players,
            "winner": None if game.winner is None else seated[game.winner].name,
            "winner_seat": game.winner,
            "ending": game.ending.value if game.ending is not None else "unfinished",
            "deals": game.deals, "scores": list(game.scores)}


def play_table(table: str, title: str, bots: Sequence[Bot], args: argparse.Namespace,
               cache: Cache) -> None:
    """Play (what the cache lacks of) and report one table of ``args.games`` games."""
    seed = f"{args.seed}:{table}"
    keys = [game_key(table, args.profile, seed, args.iterations, g) for g in range(args.games)]
    missing = [g for g, key in enumerate(keys) if cache.get(key) is None]
    start = time.perf_counter()
    if missing and not args.no_play:
        with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
            futures = [pool.submit(one_game, table, bots, args.profile, seed,
                                   args.iterations, g) for g in missing]
            for future in concurrent.futures.as_completed(futures):
                cache.add(future.result())
    seconds = time.perf_counter() - start
    outcomes = [r for r in map(cache.get, keys) if r is not None]
    name = bots[0].name
    print(title)
    if not outcomes:
        print("  no games finished")
        return
    wins = sum(r["winner"] == name for r in outcomes)
    low, high = wilson(wins, len(outcomes))
    endings = Counter(r["ending"] for r in outcomes)
    won_by = Counter(r["ending"] for r in outcomes if r["winner"] == name)
    print(f"  {name} wins {wins}/{len(outcomes)} = {wins / len(outcomes):.3f} "
          f"(95% CI {max(0.0, low):.3f}-{min(1.0, high):.3f}; "
          f"baseline 1/{len(bots)} = {1 / len(bots):.3f})")
    print(f"  endings of all games   {_counts(endings)}")
    print(f"  endings of {name}'s wins {_counts(won_by)}")
    own = [r["scores"][r["seat"]] for r in outcomes]
    print(f"  {name}'s final score   median {statistics.median(own):g}, "
          f"max {max(own)}; deals a game median "
          f"{statistics.median(r['deals'] for r in outcomes):g}")
    if missing and not args.no_play:
        print(f"  time per game played   {seconds / len(missing):.1f} s "
              f"({args.workers} workers)")


def bids(args: argparse.Namespace, cache: Cache) -> None:
    """Declared standard and special bids over ``args.deals`` all-search deals (the
    1.4.2 deals of the balance study, ``balance_study.py``)."""
    profile = load_profile(args.profile)
    if args.no_play:
        records = finished_deals(args.profile, args.deals, seed=args.study_seed,
                                 iterations=args.iterations, cache=cache)
    else:
        records = play_deals(args.profile, args.deals, seed=args.study_seed,
                             iterations=args.iterations, workers=args.workers, cache=cache)
    standard_counts: Counter[str] = Counter()
    specials: Counter[str] = Counter()
    for record in records:
        if record["contract"] is not None:
            standard, *extra = record["contract"].split("+")
            standard_counts[standard] += 1
            specials.update(extra)
    standard = [b.key for b in profile.standard_bids]
    special = [b.key for b in profile.special_bids]
    contracts = standard_counts.total()
    completed = sum(r["completed"] for r in records if r["contract"] is not None)
    print(f"bids at all-search tables: {len(records)} deals, {len(records) - contracts} "
          f"redeals")
    print(f"  standard bids declared {sum(1 for k in standard if standard_counts[k])} of "
          f"{len(standard)}: {_counts(standard_counts)}")
    print(f"  special bids declared  {sum(1 for k in special if specials[k])} of "
          f"{len(special)}: {_counts(specials)}")
    never = [k for k in standard if not standard_counts[k]]
    never += [k for k in special if not specials[k]]
    print(f"  never declared         {', '.join(never) or 'none'}")
    if contracts:
        print(f"  contracts completed    {completed}/{contracts} = {completed / contracts:.2f}")


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
        deal = Deal.new(players=PLAYERS, profile=args.profile,
                        seed=f"{args.seed}:time:{number}")
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
    parser.add_argument("--iterations", type=int, default=ITERATIONS,
                        help="worlds per decision in the games and the census")
    parser.add_argument("--budget-ms", type=float, default=50.0,
                        help="the search bot's time per decision in the time part")
    parser.add_argument("--rollout", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument("--profile", default="1.4.2")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--study-seed", default="balance",
                        help="the seed of the census deals (the balance study's)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cache", type=Path, default=CACHE)
    parser.add_argument("--no-play", action="store_true",
                        help="report what the cache holds, play nothing")
    parser.add_argument("--tables", default="heuristic,random,bids,time",
                        help="which parts to run, comma-separated")
    args = parser.parse_args()
    cache = Cache(args.cache)
    bot = SearchBot(iterations=args.iterations, rollout=args.rollout)
    tables = set(args.tables.split(","))
    print(f"SearchBot {args.iterations} worlds a decision, rollout {args.rollout}, "
          f"profile {args.profile}, seed {args.seed}, cache {args.cache}")
    if "heuristic" in tables:
        play_table("heuristic", "vs heuristic: 1 search, 3 heuristic, 4-player classic",
                   [bot, HeuristicBot(), HeuristicBot(), HeuristicBot()], args, cache)
    if "random" in tables:
        play_table("random", "vs random: 1 search, 3 random, 4-player classic",
                   [bot, RandomBot(), RandomBot(), RandomBot()], args, cache)
    if "bids" in tables:
        bids(args, cache)
    if "time" in tables and not args.no_play:
        decision_times(SearchBot(budget_ms=args.budget_ms, rollout=args.rollout), args)


if __name__ == "__main__":
    main()
