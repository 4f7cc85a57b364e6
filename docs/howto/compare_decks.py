"""Compare the 3-player decks of editions 1.4.1 and 1.4.2 (R2).

1.4.1 removes the 6 of clubs and all 7s, 8s and 9s; 1.4.2 removes the 7 of clubs and all 8s,
9s and 10s. Suit by suit the two decks have the same order, so the same shuffle deals the
same hands up to names: the n-th card of one deck (in sorted order) is dealt where the n-th
card of the other is. But Rank Trump (R14) compares ranks *across* suits, and there the
decks differ. This script plays the same shuffles under both editions with Rank Trump
declared, and counts where the two deals part: D's choice of card to take, the trump suit,
D's tricks. It also tallies ordinary bot auctions with both decks.

Run it with ``python compare_decks.py``: it plays 10,000 shuffles each way (some minutes,
one process per way of laying), prints the counts and writes them to ``compare_decks.json``
beside it, the cached result the docs' chart is drawn from; ``--deals N`` plays fewer,
``--show`` also draws the chart (matplotlib).
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from combowhist import Card, Deal, Phase, load_profile
from combowhist.bots import HeuristicBot, play_deal
from combowhist.moves import Commit, Move, Take
from combowhist.simulate import SimulationResult, simulate_deals

if TYPE_CHECKING:
    from matplotlib.figure import Figure

EDITIONS = ("1.4.1", "1.4.2")
DEALS = 10_000
SEED = "decks"
LAYS = ("lowest", "random")
"""How the players lay their Rank Trump card: as the heuristic bot does (a low card: the lowest
of its longest suit), or a random card of the hand (the same place in the hand in both
editions)."""
DIFFERENCES = ("options", "taken", "trump", "tricks", "completed")
"""What is compared between the editions, deal by deal: the cards D may take (R14), the
card D takes, the trump suit, D's tricks and whether D completes Rank Trump."""

CACHE = Path(__file__).with_name("compare_decks.json")
"""The cached result of the full run, which the docs' chart is drawn from."""
FORMAT = "combowhist-compare-decks"

OLD, NEW = (tuple(sorted(load_profile(edition).deck(3))) for edition in EDITIONS)
AS_OLD = dict(zip(NEW, OLD, strict=True))
"""A 1.4.2 card's counterpart in 1.4.1: the card at the same place of the sorted deck."""


def highest(cards: tuple[Card, ...]) -> set[Card]:
    """The cards of the highest rank among ``cards``, compared across suits (R14)."""
    top = max(card.rank for card in cards)
    return {card for card in cards if card.rank == top}


def r14_differences() -> list[tuple[Card, Card]]:
    """The pairs of 1.4.1 cards two opponents can lay whose highest cards (R14) are not the
    counterparts of the highest of the matching 1.4.2 pair."""
    new_for = {old: new for new, old in AS_OLD.items()}
    return [(a, b) for i, a in enumerate(OLD) for b in OLD[i + 1:]
            if {new_for[c] for c in highest((a, b))} != highest((new_for[a], new_for[b]))]


def rank_trump_deal(edition: str, number: int, lay: str = "lowest",
                    seed: str = SEED) -> tuple[Deal, frozenset[Card]]:
    """Shuffle ``number`` dealt to 3 players with ``edition``'s deck; the first bidder
    declares Rank Trump and the others pass; the players lay their card as ``lay`` says
    and heuristic bots play the rest. The finished deal, and the cards D could take."""
    rng = random.Random(f"{seed}:{number}")
    deal = Deal.new(3, dealer=number % 3, profile=edition, rng=rng).apply("bid rank_trump")
    while deal.phase is Phase.AUCTION:
        deal = deal.apply("pass")
    bot = HeuristicBot()
    options: frozenset[Card] = frozenset()
    while deal.phase is not Phase.PLAY:
        seat = deal.to_move
        assert seat is not None
        move: Move
        if deal.phase is Phase.RANK_COMMIT and lay == "random":
            hand = sorted(deal.hands[seat])
            move = Commit(hand[rng.randrange(len(hand))])
        else:
            move = bot.choose(deal, seat, rng)
        if deal.phase is Phase.RANK_TAKE:
            options = frozenset(m.card for m in deal.legal_moves() if isinstance(m, Take))
        deal = deal.apply(move)
    return play_deal(deal, [bot] * 3, rng), options


def taken(deal: Deal) -> Card:
    """The card D took in a Rank Trump deal: its suit is trump (R14)."""
    return next(move.card for move in deal.history if isinstance(move, Take))


def _facts(deal: Deal, options: frozenset[Card], edition: str) -> tuple[object, ...]:
    """What :data:`DIFFERENCES` compares, in 1.4.1's card names."""
    name = (lambda card: card) if edition == EDITIONS[0] else AS_OLD.__getitem__
    result = deal.result
    assert result is not None
    assert result.declarer is not None
    return (frozenset(map(name, options)), name(taken(deal)), taken(deal).suit,
            result.tricks[result.declarer], result.completed)



def differences(deals: int = DEALS, lay: str = "lowest",
                seed: str = SEED) -> collections.Counter[str]:
    """Play shuffles 0 to ``deals - 1`` as Rank Trump deals under both editions and count
    the shuffles in which each of :data:`DIFFERENCES` differs (``"deals"``: all)."""
    counts: collections.Counter[str] = collections.Counter(deals=deals)
    for number in range(deals):
        old, new = (_facts(*rank_trump_deal(edition, number, lay, seed), edition)
                    for edition in EDITIONS)
        counts.update(what for what, a, b in zip(DIFFERENCES, old, new, strict=True)
                      if a != b)
    return counts


def compare(deals: int = DEALS, workers: int | None = None) -> dict[str, SimulationResult]:
    """Play ``deals`` 3-player deals with each edition's deck between heuristic bots, the
    same seed for both: the contracts they reach and how often they make them."""
    bots = [HeuristicBot()] * 3
    return {
        edition: simulate_deals(deals, players=3, profile=edition, bots=bots, seed=SEED,
                                workers=workers)
        for edition in EDITIONS
    }


def measure(deals: int = DEALS, seed: str = SEED) -> dict[str, Any]:
    """Play :func:`differences` for every way of laying (one process each) and return the
    result as the cache file holds it: the settings and, per way of laying, the counts."""
    with concurrent.futures.ProcessPoolExecutor(len(LAYS)) as pool:
        counts = pool.map(differences, [deals] * len(LAYS), LAYS, [seed] * len(LAYS))
        by_lay = {lay: {what: count[what] for what in ("deals", *DIFFERENCES)}
                  for lay, count in zip(LAYS, counts, strict=True)}
    return {"format": FORMAT, "deals": deals, "seed": seed, "editions": list(EDITIONS),
            "counts": by_lay}


def save(result: dict[str, Any], path: Path = CACHE) -> None:
    """Write :func:`measure`'s result as JSON."""
    path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


def load(path: Path = CACHE) -> dict[str, Any]:
    """The cached result (by default the full run's, which the docs' chart shows)."""
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if result.get("format") != FORMAT:
        raise ValueError(f"{path} is not a {FORMAT} file")
    return result


def chart(counts: Mapping[str, Mapping[str, int]]) -> Figure:
    """Bars: the share of shuffles in which each of :data:`DIFFERENCES` differs between the
    editions, one bar per way of laying the Rank Trump card."""
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4), layout="constrained")
    width = 0.8 / len(counts)
    for number, (lay, count) in enumerate(counts.items()):
        axes.bar([i + number * width for i in range(len(DIFFERENCES))],
                 [100 * count[what] / count["deals"] for what in DIFFERENCES], width,
                 label=f"{lay} card laid")
    labels = ("cards D may take", "card D takes", "trump suit", "D's tricks", "completion")
    axes.set_xticks([i + width * (len(counts) - 1) / 2 for i in range(len(DIFFERENCES))],
                    labels)
    axes.set_ylabel("% of shuffles that differ")
    axes.set_title("Rank Trump: the same shuffles under 1.4.1 and 1.4.2")
    axes.legend()
    return figure


if __name__ == "__main__":
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--deals", type=int, default=DEALS, help="shuffles per way")
    options.add_argument("--show", action="store_true", help="draw the chart")
    chosen = options.parse_args()
    for edition, summary in compare().items():
        print(edition, summary.summary().splitlines()[3])
    measured = measure(chosen.deals)
    for lay, count in measured["counts"].items():
        print(f"Rank Trump, {lay} card laid:", count)
    save(measured)
    print(f"wrote {CACHE}")
    if chosen.show:
        import matplotlib.pyplot as plt

        chart(measured["counts"])
        plt.show()
