"""Benchmark: random full deals through the engine, against the tightest honest floor.

Every decision of a deal, auction and pre-game events included, is a uniformly random legal
move. Sides, each timed in the same run, interleaved:

- **floor**: the least a Python whist playout can do. Bitmask hands dealt by slicing the
  shuffled deck; a random legal card picked by stepping through the set bits of the legal
  mask (``m &= m - 1``); follow suit; the trick winner. No checks, no states, no auction.
  Every random draw is made inline from ``getrandbits``, as the engine's kernel and deal
  make theirs (:mod:`combowhist.draws`), so the floor uses every trick the engine does.
- **per-move**: the engine's checked path, ``deal.legal_moves()`` then ``deal.apply(...)``
  with a uniformly random legal move, every move checked.
- **kernel**: ``deal.playout(rng)``, which plays the rest of a deal on plain ints and returns
  the finished state; shown where the engine has it.
- **openspiel**: OpenSpiel's bridge through ``pyspiel`` (random chance outcomes and random
  legal actions, auction and play, no double dummy), where ``open_spiel`` is installed
  (``pip install -e '.[bench]'``).

    python benchmarks/random_deals.py [--deals N] [--players 3|4] [--profile 1.4.2]
                                      [--clock wall|cpu]

The engine is measured as it is installed: pure Python, or its compiled build
(:mod:`combowhist.compiled`; the first line of the output says which). The floor is Python
either way, as issue 11 defines it.

It prints deals/s and moves/s for each side (the best of its runs) and, for each side, the
ratio of its time per deal to the floor's: the median over interleaved rounds, so that both
sides of each ratio ran under the same machine load (range in brackets). Timings vary between
machines; the ratios are what to compare. To count instructions instead of time, run one side
once under callgrind::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/random_deals.py --only per-move --deals 200
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from combowhist import Deal, load_profile
from combowhist.compiled import compiled_modules

Side = Callable[[int, int, str, int], tuple[float, int]]

clock = time.perf_counter
"""What every side is timed with: wall time, or with ``--clock cpu`` this process's CPU
time (steadier on a machine other work loads: time spent waiting for a core is left
out)."""


def floor(count: int, players: int, profile: str, seed: int) -> tuple[float, int]:
    """``count`` unchecked random whist playouts on bitmask hands; (seconds, plays).

    As tight as the engine's own fast paths: every draw made inline from ``getrandbits``
    (as :mod:`combowhist.draws` does; the draws ``randrange`` and ``shuffle`` would make),
    hands dealt by slicing the shuffled deck."""
    rng = random.Random(seed)
    getrandbits = rng.getrandbits
    suits = [((1 << 13) - 1) << (13 * s) for s in range(4)]
    bits = [1 << card for card in range(52)]
    deck = list(range(13 * players))
    plays = 0
    start = clock()
    for _ in range(count):
        for i in range(len(deck) - 1, 0, -1):  # rng.shuffle(deck)
            size = (i + 1).bit_length()
            j = getrandbits(size)
            while j > i:
                j = getrandbits(size)
            deck[i], deck[j] = deck[j], deck[i]
        hands = [sum(map(bits.__getitem__, deck[seat::players])) for seat in range(players)]
        trump = getrandbits(3)
        while trump > 3:
            trump = getrandbits(3)
        leader = 0
        for _trick in range(13):
            led_mask = 0
            best_seat = leader
            best_key = -1
            for offset in range(players):
                seat = (leader + offset) % players
                hand = hands[seat]
                legal = hand & led_mask or hand
                legal_count = legal.bit_count()  # rng.randrange(legal_count):
                size = legal_count.bit_length()
                pick = getrandbits(size)
                while pick >= legal_count:
                    pick = getrandbits(size)
                while pick:
                    legal &= legal - 1
                    pick -= 1
                bit = legal & -legal
                hands[seat] = hand ^ bit
                card = bit.bit_length() - 1
                suit = card // 13
                if not led_mask:
                    led_mask = suits[suit]
                    led = suit
                key = 13 + card % 13 if suit == trump else card % 13 if suit == led else -1
                if key > best_key:
                    best_seat, best_key = seat, key
            plays += players
            leader = best_seat
    return clock() - start, plays


def checked_loop(deal: Deal, rng: random.Random) -> Deal:
    """The engine's checked path: ``legal_moves()``, then ``apply`` of a random one."""
    while deal.to_move is not None:
        moves = deal.legal_moves()
        deal = deal.apply(moves[rng.randrange(len(moves))])
    return deal


def engine_deals(count: int, players: int, profile: str, seed: int,
                 finish: Callable[[Deal, random.Random], Deal]) -> tuple[float, int]:
    """``count`` random deals, each played to its end by ``finish``; (seconds, moves).
    Counting a deal's moves (its history) is bookkeeping, as the floor's ``plays += players``
    is: it runs outside the clock."""
    rules = load_profile(profile)
    rng = random.Random(seed)
    moves_made = 0
    seconds = 0.0
    for number in range(count):
        start = clock()
        deal = finish(Deal.new(players, dealer=number % players, profile=rules, rng=rng), rng)
        seconds += clock() - start
        moves_made += len(deal.history)
    return seconds, moves_made


def per_move(count: int, players: int, profile: str, seed: int) -> tuple[float, int]:
    """``count`` random deals through ``legal_moves()`` and the checked ``apply``."""
    return engine_deals(count, players, profile, seed, checked_loop)


def kernel(count: int, players: int, profile: str, seed: int) -> tuple[float, int]:
    """``count`` random deals played by ``deal.playout(rng)``."""
    return engine_deals(count, players, profile, seed, Deal.playout)


def openspiel(count: int, players: int, profile: str, seed: int) -> tuple[float, int]:
    """``count`` random games of OpenSpiel's bridge (4 players always)."""
    import pyspiel

    return random_playouts(pyspiel.load_game("bridge(use_double_dummy_result=false)"),
                           count, seed)


def random_playouts(game: Any, count: int, seed: int) -> tuple[float, int]:
    """``count`` random games of an OpenSpiel ``game``: uniformly random chance outcomes
    and legal actions; (seconds, steps, chance nodes included)."""
    rng = random.Random(seed)
    steps = 0
    start = clock()
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return clock() - start, steps


def available_sides() -> dict[str, Side]:
    sides: dict[str, Side] = {"floor": floor, "per-move": per_move}
    if hasattr(Deal, "playout"):
        sides["kernel"] = kernel
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        pass
    else:
        sides["openspiel"] = openspiel
    return sides


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--profile", default="1.4.2")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=11,
                        help="interleaved rounds, each running every side once")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time with the wall clock (default) or this process's CPU time")
    parser.add_argument("--only", choices=("floor", "per-move", "kernel", "openspiel"),
                        help="run one side once, untimed (to count instructions, e.g. "
                             "under valgrind --tool=callgrind)")
    args = parser.parse_args()
    global clock
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    sides = available_sides()
    if args.only is not None:
        if args.only not in sides:
            parser.error(f"{args.only} is not available here")
        sides[args.only](args.deals, args.players, args.profile, args.seed)
        return
    for side in sides.values():  # warm caches and imports
        side(20, args.players, args.profile, args.seed)
    runs: dict[str, list[tuple[float, int]]] = {name: [] for name in sides}
    for round_number in range(args.rounds):  # interleaved: every side sees the same load
        for name, side in sides.items():
            runs[name].append(side(args.deals, args.players, args.profile,
                                   args.seed + round_number))
    compiled = compiled_modules()
    build = f"compiled ({len(compiled)} modules)" if compiled else "pure Python"
    print(f"{args.deals} deals a run, {args.players} players, profile {args.profile}, "
          f"{args.rounds} interleaved rounds, {args.clock} clock; the engine: {build}")
    for name, results in runs.items():
        best, moves = min(results)
        ratios = sorted(r[0] / f[0] for r, f in zip(results, runs["floor"], strict=True))
        note = "" if name != "openspiel" else "  (bridge, 4 players, chance moves counted)"
        ratio = ("" if name == "floor" else
                 f"  {statistics.median(ratios):5.2f}x the floor "
                 f"[{ratios[0]:.2f}-{ratios[-1]:.2f}]")
        print(f"{name:>10}: {args.deals / best:8.0f} deals/s {moves / best:10.0f} moves/s "
              f"({moves / args.deals:5.1f} a deal){ratio}{note}")
    why = {"kernel": "the engine has no Deal.playout",
           "openspiel": "open_spiel is not installed: pip install -e '.[bench]'"}
    for name in why.keys() - sides.keys():
        print(f"{name:>10}: not measured ({why[name]})")


if __name__ == "__main__":
    main()
