"""Benchmark: random full deals through the engine against a minimal whist playout.

Every decision of a deal, auction and pre-game events included, is a uniformly random legal
move, and every move goes through ``Deal.apply`` with its full legality check. The
reference, timed in the same run, is the least a Python whist playout can do: four bitmask
hands, a random legal card each turn (follow suit if able), the trick winner, no checks, no
states.

    python benchmarks/random_deals.py [--deals N] [--players 3|4] [--profile 1.4.2]

Where wall-clock timings are noisy, count instructions instead, one side at a time::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/random_deals.py --only engine --deals 200

It prints deals/s and moves/s for both (the best of ``--repeat`` runs each), and the ratio
of time per deal (engine / reference): the median over interleaved pairs of runs, so that
both sides of each ratio ran under the same machine load. Timings vary between machines;
the ratio is what to compare.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from combowhist import Deal, load_profile


def engine_deals(count: int, players: int, profile: str, seed: int) -> tuple[float, int]:
    """Play ``count`` random deals through the engine; return (seconds, moves)."""
    rules = load_profile(profile)
    rng = random.Random(seed)
    moves_made = 0
    start = time.perf_counter()
    for number in range(count):
        deal = Deal.new(players=players, dealer=number % players, profile=rules, rng=rng)
        while deal.to_move is not None:
            moves = deal.legal_moves()
            deal = deal.apply(moves[rng.randrange(len(moves))])
            moves_made += 1
    return time.perf_counter() - start, moves_made


def minimal_playouts(count: int, players: int, seed: int) -> tuple[float, int]:
    """The reference: ``count`` unchecked random whist playouts on bitmask hands."""
    rng = random.Random(seed)
    suit_masks = [((1 << 13) - 1) << (13 * s) for s in range(4)]
    deck = list(range(52))[: 13 * players]
    plays = 0
    start = time.perf_counter()
    for _ in range(count):
        rng.shuffle(deck)
        hands = [0] * players
        for i, card in enumerate(deck):
            hands[i % players] |= 1 << card
        trump = rng.randrange(4)
        leader = 0
        for _trick in range(13):
            led = -1
            best_seat, best_key = leader, -1
            for offset in range(players):
                seat = (leader + offset) % players
                hand = hands[seat]
                if led >= 0 and hand & suit_masks[led]:
                    hand &= suit_masks[led]
                cards = [c for c in range(52) if hand >> c & 1]
                card = cards[rng.randrange(len(cards))]
                hands[seat] &= ~(1 << card)
                suit = card // 13
                if led < 0:
                    led = suit
                key = 100 + card % 13 if suit == trump else card % 13 if suit == led else -1
                if key > best_key:
                    best_seat, best_key = seat, key
                plays += 1
            leader = best_seat
    return time.perf_counter() - start, plays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--profile", default="1.4.2")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=15,
                        help="interleaved pairs of runs; the median ratio is reported")
    parser.add_argument("--only", choices=("engine", "reference"),
                        help="run one side once, untimed (to count instructions, e.g. "
                             "under valgrind --tool=callgrind)")
    args = parser.parse_args()
    if args.only == "engine":
        engine_deals(args.deals, args.players, args.profile, args.seed)
        return
    if args.only == "reference":
        minimal_playouts(args.deals, args.players, args.seed)
        return
    engine_deals(20, args.players, args.profile, args.seed)  # warm the caches
    engine_runs, ref_runs = [], []
    for _ in range(args.repeat):  # interleaved, so both see the same machine load
        engine_runs.append(engine_deals(args.deals, args.players, args.profile, args.seed))
        ref_runs.append(minimal_playouts(args.deals, args.players, args.seed))
    engine_time, engine_moves = min(engine_runs)
    ref_time, ref_plays = min(ref_runs)
    ratios = sorted(e[0] / r[0] for e, r in zip(engine_runs, ref_runs, strict=True))
    print(f"engine:    {args.deals / engine_time:9.0f} deals/s  {engine_moves / engine_time:9.0f} "
          f"moves/s  ({engine_moves / args.deals:.1f} moves a deal)")
    print(f"reference: {args.deals / ref_time:9.0f} deals/s  {ref_plays / ref_time:9.0f} "
          f"plays/s")
    print(f"ratio (engine time per deal / reference): {statistics.median(ratios):.2f}x median "
          f"of {len(ratios)} interleaved pairs (range {ratios[0]:.2f}-{ratios[-1]:.2f}); "
          f"best against best {engine_time / ref_time:.2f}x")


if __name__ == "__main__":
    main()
