"""Benchmark: how strong is :class:`~combowhist.bots.HeuristicBot`?

Plays seeded games (``Game.new(..., seed=...)`` and :func:`~combowhist.bots.play_game`) at
two kinds of table, each ``--games`` games long:

``heuristic vs random``
    one HeuristicBot and ``players - 1`` RandomBots; the heuristic seat moves round the
    table from game to game (game ``g`` puts it in seat ``g % players``).
``all heuristic``
    HeuristicBots in every seat (the rotated seat is still the one reported: its win rate
    should sit on the baseline, a check on the measurement itself).
``all random``
    RandomBots in every seat: the random declarer's completion rate and points, for
    comparison (a heuristic bot hardly ever outbids random bots, so at the mixed table
    only the random bots declare).

For each table it prints the rotated seat's win rate against the ``1 / players`` baseline
with a 95% confidence interval (Wilson), the deals per game, how the games ended
(:attr:`~combowhist.Game.ending`), and the time per game; then, per bot, from the games'
:class:`~combowhist.DealRecord` history: the deals it declared, how many of them it
completed, and its mean points per declared deal::

    python benchmarks/bot_strength.py --games 2000 --players 4 --seed 1 --profile 1.4.2

``--tables bids`` plays ``--deals`` single deals between heuristic bots instead (deal
``d`` dealt from seed ``SEED + d`` by seat ``d % players``) and prints what they bid: for
each standard bid how often it was declared, how often completed and the declarer's mean
points, which special bids were declared how often, and the time per decision::

    python benchmarks/bot_strength.py --tables bids --deals 5000 --players 3
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter
from collections.abc import Sequence

import attrs

from combowhist import Deal, DealRecord, Game, load_profile
from combowhist.bots import Bot, HeuristicBot, RandomBot, play_deal, play_game

MAX_DEALS = 1000
"""A game still going after this many deals is stopped and counted as unfinished."""


@attrs.define
class Tally:
    """What a table's games added up to."""

    games: int = 0
    wins: int = 0
    """Games won by the rotated seat."""
    deals: int = 0
    endings: Counter[str] = attrs.field(factory=Counter)
    declared: Counter[str] = attrs.field(factory=Counter)
    """Deals declared, by bot name."""
    completed: Counter[str] = attrs.field(factory=Counter)
    points: Counter[str] = attrs.field(factory=Counter)
    """Declarer's points (R34) summed over declared deals, by bot name."""
    seconds: float = 0.0


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% for z = 1.96)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    middle = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    half /= 1 + z * z / trials
    return middle - half, middle + half


def play_table(bots_for: Sequence[Bot], others: Bot, games: int, players: int,
               profile: str, seed: int) -> Tally:
    """Play ``games`` games with ``bots_for[0]`` in the rotated seat and ``others``
    elsewhere; game ``g`` uses seed ``seed + g``."""
    tally = Tally()
    start = time.perf_counter()
    for number in range(games):
        seat = number % players
        bots = [others] * players
        bots[seat] = bots_for[0]
        game = Game.new(players=players, profile=profile, seed=seed + number)
        game = play_game(game, bots, random.Random(seed + number), max_deals=MAX_DEALS)
        tally.games += 1
        tally.wins += game.winner == seat
        tally.deals += game.deals
        tally.endings[game.ending.value if game.ending else "unfinished"] += 1
        for record in game.history:
            if isinstance(record, DealRecord) and record.declarer is not None:
                name = bots[record.declarer].name
                tally.declared[name] += 1
                tally.completed[name] += record.completed
                tally.points[name] += record.points[record.declarer]
    tally.seconds = time.perf_counter() - start
    return tally


def report(title: str, tally: Tally, players: int) -> None:
    """Print one table's results."""
    low, high = wilson(tally.wins, tally.games)
    endings = ", ".join(f"{name} {count / tally.games:.0%}"
                        for name, count in tally.endings.most_common())
    print(f"{title}")
    print(f"  rotated seat wins   {tally.wins}/{tally.games} = {tally.wins / tally.games:.3f}"
          f"  (95% CI {low:.3f}-{high:.3f}; baseline 1/{players} = {1 / players:.3f})")
    print(f"  deals per game      {tally.deals / tally.games:.1f}")
    print(f"  endings             {endings}")
    print(f"  time per game       {tally.seconds / tally.games * 1000:.0f} ms")
    print(f"  {'declarer':<12}{'deals':>8}{'completed':>11}{'rate':>8}{'points/deal':>13}")
    for name in sorted(tally.declared):
        declared = tally.declared[name]
        done = tally.completed[name]
        print(f"  {name:<12}{declared:>8}{done:>11}{done / declared:>8.2f}"
              f"{tally.points[name] / declared:>13.2f}")
    print()


@attrs.define
class Bids:
    """What heuristic bots declared in single deals."""

    deals: int = 0
    standard: Counter[str] = attrs.field(factory=Counter)
    """Contracts by standard bid."""
    completed: Counter[str] = attrs.field(factory=Counter)
    points: Counter[str] = attrs.field(factory=Counter)
    special: Counter[str] = attrs.field(factory=Counter)
    """Contracts holding each special bid."""
    moves: int = 0
    seconds: float = 0.0


def play_bids(bot: Bot, deals: int, players: int, profile: str, seed: int) -> Bids:
    """Play ``deals`` deals with ``bot`` in every seat and tally the contracts."""
    bids = Bids()
    start = time.perf_counter()
    for number in range(deals):
        deal = Deal.new(players=players, dealer=number % players, profile=profile,
                        seed=seed + number)
        deal = play_deal(deal, [bot] * players, random.Random(seed + number))
        bids.deals += 1
        bids.moves += len(deal.log)
        result = deal.result
        assert result is not None
        if result.declarer is None or result.combo is None:
            continue
        key = result.combo.standard.key
        bids.standard[key] += 1
        bids.completed[key] += result.completed
        bids.points[key] += result.points[result.declarer]
        bids.special.update(b.key for b in result.combo.specials)
    bids.seconds = time.perf_counter() - start
    return bids


def report_bids(bids: Bids, players: int, profile: str) -> None:
    """Print what was declared, bid by bid, in the profile's table order."""
    rules = load_profile(profile)
    contracts = bids.standard.total()
    print(f"{players} heuristic, {bids.deals} deals: {contracts} contracts, "
          f"{sum(bids.completed.values()) / contracts:.3f} completed, "
          f"{sum(bids.points.values()) / contracts:+.2f} points per contract, "
          f"{bids.seconds / bids.moves * 1000:.3f} ms per decision and move")
    print(f"  {'standard bid':<24}{'contracts':>10}{'share':>8}{'completed':>11}"
          f"{'points':>8}")
    for bid in rules.standard_bids:
        count = bids.standard[bid.key]
        rate = f"{bids.completed[bid.key] / count:>11.2f}" if count else f"{'-':>11}"
        points = f"{bids.points[bid.key] / count:>+8.2f}" if count else f"{'-':>8}"
        print(f"  {bid.key:<24}{count:>10}{count / contracts:>8.1%}{rate}{points}")
    declared = sum(1 for b in rules.standard_bids if bids.standard[b.key])
    print(f"  standard bids declared: {declared} of {len(rules.standard_bids)}")
    specials = ", ".join(f"{b.key} {bids.special[b.key] / contracts:.1%}"
                         for b in rules.special_bids)
    declared = sum(1 for b in rules.special_bids if bids.special[b.key])
    print(f"  special bids declared: {declared} of {len(rules.special_bids)}: {specials}")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per table")
    parser.add_argument("--players", type=int, default=4, help="players per game (3 or more)")
    parser.add_argument("--seed", type=int, default=1, help="game g uses seed SEED + g")
    parser.add_argument("--profile", default="1.4.2", help="rule profile (1.4.1 or 1.4.2)")
    parser.add_argument("--tables", default="mixed,heuristic,random",
                        help="which tables, comma-separated: mixed, heuristic, random, bids")
    parser.add_argument("--deals", type=int, default=2000, help="deals for the bids table")
    args = parser.parse_args()
    heuristic, rand = HeuristicBot(), RandomBot()
    tables = args.tables.split(",")
    if "bids" in tables:
        report_bids(play_bids(heuristic, args.deals, args.players, args.profile, args.seed),
                    args.players, args.profile)
        tables.remove("bids")
        if not tables:
            return
    print(f"Bot strength: {args.players} players, profile {args.profile}, classic variant, "
          f"{args.games} games per table, seeds {args.seed}-{args.seed + args.games - 1}\n")
    if "mixed" in tables:
        tally = play_table([heuristic], rand, args.games, args.players, args.profile,
                           args.seed)
        report(f"1 heuristic vs {args.players - 1} random", tally, args.players)
    if "heuristic" in tables:
        tally = play_table([heuristic], heuristic, args.games, args.players, args.profile,
                           args.seed)
        report(f"{args.players} heuristic", tally, args.players)
    if "random" in tables:
        tally = play_table([rand], rand, args.games, args.players, args.profile, args.seed)
        report(f"{args.players} random", tally, args.players)


if __name__ == "__main__":
    main()
