"""Benchmark: the factored action encoding (issue 14, :mod:`combowhist.encoding`).

Prints, for one profile and table size:

- **tables**: the time to build, from cold caches, everything the encoding needs: the
  combo space's block tables (shared with the engine), :class:`ActionSpace`,
  :class:`MoveIds`, and the first ``legal_actions`` of an auction (the issue asks ≤ 1 s);
- **µs per call** of ``legal_actions`` and of ``step`` at each sub-step of a bid at the
  auction's start (133,145 combo bids in 1.4.2: nothing is listed), in card picks (Mail's
  3 of 13, an atelier's 4 of 13) and in trick play;
- **random agents**: steps (moves) per second of whole random deals played through the
  encoding (a uniformly random legal action at each sub-step) and through
  ``deal.legal_moves()`` directly (a uniformly random legal move), in interleaved rounds,
  and the median ratio of their times per move (range in brackets).

    python benchmarks/encoding.py [--profile 1.4.2] [--players 4] [--deals 200] [--rounds 5]

Timings vary between machines and with load; the ratios are what to compare. The two
agents do not play the same deals: a random action at each sub-step draws moves otherwise
than a random legal move (it passes in the auction one time in 17 where a random move
almost never does, and it makes shorter bids), so the ratio compares whole random deals.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from combowhist import Deal, Phase, load_profile
from combowhist.cards import CardSet
from combowhist.combos import _blocks, legal_combos
from combowhist.encoding import ActionSpace, Draft, MoveIds
from combowhist.legal import CardSubsetMoves, LegalMoves
from combowhist.moves import Move, Send, SetAtelier


def table_build(profile_name: str, players: int) -> float:
    """Seconds to build the encoding's tables from cold caches."""
    _blocks.cache_clear()
    legal_combos.cache_clear()
    profile = load_profile(profile_name)
    moves = Deal.new(players=players, dealer=0, profile=profile, seed=0).legal_moves()
    _blocks.cache_clear()
    legal_combos.cache_clear()
    start = time.perf_counter()
    space = ActionSpace.of(profile, players)
    MoveIds.of(profile, players)
    space.legal_actions(moves)
    return time.perf_counter() - start


def per_call(space: ActionSpace, moves: LegalMoves, rng: random.Random, walks: int,
             depth_of: Callable[[Draft], str]) -> dict[str, tuple[float, float, int]]:
    """Random walks from an empty draft to a move: median µs of ``legal_actions`` and of
    ``step`` by sub-step (``depth_of(draft)`` names it; the median, so that a garbage
    collection or another process's burst does not count), and how many calls."""
    times: dict[str, list[tuple[float, float]]] = {}
    clock = time.perf_counter
    for _ in range(walks):
        draft: Draft | Move = Draft()
        while isinstance(draft, Draft):
            t0 = clock()
            legal = space.legal_actions(moves, draft)
            t1 = clock()
            after = space.step(moves, draft, rng.choice(legal))
            t2 = clock()
            times.setdefault(depth_of(draft), []).append((t1 - t0, t2 - t1))
            draft = after
    return {name: (statistics.median(a for a, _ in pairs) * 1e6,
                   statistics.median(b for _, b in pairs) * 1e6, len(pairs))
            for name, pairs in times.items()}


def bid_depth(draft: Draft) -> str:
    if not draft.actions:
        return "first action (pass or a standard bid)"
    return ("then a special bid or submit" if len(draft.actions) > 1
            else "after the standard bid")


def show(title: str, rows: dict[str, tuple[float, float, int]]) -> None:
    print(title)
    for name, (legal, step, calls) in rows.items():
        print(f"  {name:42} legal_actions {legal:7.1f} µs   step {step:7.1f} µs   "
              f"({calls} calls)")


def play_states(profile: str, players: int, count: int, rng: random.Random) -> list[Deal]:
    """Deals in trick play, from random deals."""
    found = []
    while len(found) < count:
        deal = Deal.new(players=players, dealer=0, profile=profile, seed=rng.randrange(2**32))
        while deal.phase is not Phase.OVER:
            if deal.phase is Phase.PLAY:
                found.append(deal)
            moves = deal.legal_moves()
            deal = deal.apply(moves[rng.randrange(len(moves))])
    return found[:count]


def direct(profile: str, players: int, seeds: list[int]) -> tuple[float, int]:
    """Random deals through ``legal_moves()``: (seconds, moves)."""
    steps = 0
    start = time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        deal = Deal.new(players=players, dealer=0, profile=profile, seed=seed)
        while deal.phase is not Phase.OVER:
            moves = deal.legal_moves()
            deal = deal.apply(moves[rng.randrange(len(moves))])
            steps += 1
    return time.perf_counter() - start, steps


ACTIONS = [0]
"""How many actions the random agents through the encoding took, all rounds."""


def encoded(profile: str, players: int, seeds: list[int]) -> tuple[float, int]:
    """Random deals through the encoding: (seconds, moves)."""
    space = ActionSpace.of(profile, players)
    steps = actions = 0
    start = time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        deal = Deal.new(players=players, dealer=0, profile=profile, seed=seed)
        while deal.phase is not Phase.OVER:
            moves = deal.legal_moves()
            draft: Draft | Move = Draft()
            while isinstance(draft, Draft):
                legal = space.legal_actions(moves, draft)
                draft = space.step(moves, draft, legal[rng.randrange(len(legal))])
                actions += 1
            deal = deal.apply(draft)
            steps += 1
    seconds = time.perf_counter() - start
    ACTIONS[0] += actions
    return seconds, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--profile", default="1.4.2")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    profile, players = args.profile, args.players
    rng = random.Random(1)

    builds = [table_build(profile, players) for _ in range(3)]
    print(f"profile {profile}, {players} players")
    print(f"tables from cold caches: {min(builds) * 1e3:.1f} ms (best of 3; "
          f"worst {max(builds) * 1e3:.1f} ms)")

    space = ActionSpace.of(profile, players)
    start = Deal.new(players=players, dealer=0, profile=profile, seed=2).legal_moves()
    print(f"auction start: {len(start) - 1} combo bids")
    show("auction, a bid built at the auction's start:",
         per_call(space, start, rng, 300, bid_depth))
    hand = Deal.new(players=players, dealer=0, profile=profile, seed=3).hands[0].mask
    for title, size, factory in (("Mail pick, 3 of 13 cards:", 3, Send),
                                 ("atelier, 4 of 13 cards:", 4, SetAtelier)):
        picks = LegalMoves(CardSubsetMoves(hand, size, factory))
        show(title, per_call(space, picks, rng, 300,
                             lambda draft: f"card {len(draft.actions) + 1}"))
    print(f"  (hand {CardSet(hand)})")
    rows = [per_call(space, deal.legal_moves(), rng, 1, lambda draft: "a card")["a card"]
            for deal in play_states(profile, players, 300, rng)]
    show("trick play:", {"a card": (statistics.median(r[0] for r in rows),
                                    statistics.median(r[1] for r in rows), len(rows))})

    print(f"random agents, {args.deals} deals a round, {args.rounds} rounds interleaved:")
    ratios, rates = [], {"direct": 0.0, "encoded": 0.0}
    moves_encoded = 0
    for round_ in range(args.rounds):
        seconds_d = seconds_e = 0.0
        steps_d = steps_e = 0
        for batch in range(0, args.deals, 10):  # finely interleaved: both see the same load
            seeds = [round_ * 1_000_003 + batch + i for i in range(10)]
            seconds, steps = direct(profile, players, seeds)
            seconds_d, steps_d = seconds_d + seconds, steps_d + steps
            seconds, steps = encoded(profile, players, seeds)
            seconds_e, steps_e = seconds_e + seconds, steps_e + steps
        moves_encoded += steps_e
        rates["direct"] = max(rates["direct"], steps_d / seconds_d)
        rates["encoded"] = max(rates["encoded"], steps_e / seconds_e)
        ratios.append((seconds_e / steps_e) / (seconds_d / steps_d))
    print(f"  legal_moves() directly: {rates['direct']:9.0f} steps/s (best round)")
    print(f"  through the encoding:   {rates['encoded']:9.0f} steps/s (best round), "
          f"{ACTIONS[0] / moves_encoded:.2f} actions a step")
    print(f"  time per step, encoding / direct: {statistics.median(ratios):.2f}x "
          f"[{min(ratios):.2f}-{max(ratios):.2f}]")


if __name__ == "__main__":
    main()
