"""Compare the 3-player decks of editions 1.4.1 and 1.4.2 (R2) over 10,000 deals each.

1.4.1 removes the 6 of clubs and all 7s, 8s and 9s; 1.4.2 removes the 7 of clubs and all 8s,
9s and 10s. Which contracts do heuristic bots end up playing with each deck, and how often
do they make them?
"""

from __future__ import annotations

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from combowhist.bots import HeuristicBot
from combowhist.simulate import SimulationResult, simulate_deals

EDITIONS = ("1.4.1", "1.4.2")
DEALS = 10_000


def compare(deals: int = DEALS, workers: int | None = None) -> dict[str, SimulationResult]:
    """Play ``deals`` 3-player deals with each edition's deck, the same seed for both."""
    bots = [HeuristicBot()] * 3
    return {
        edition: simulate_deals(deals, players=3, profile=edition, bots=bots,
                                seed="decks", workers=workers)
        for edition in EDITIONS
    }


def chart(results: dict[str, SimulationResult]) -> Figure:
    """Two bar charts side by side: how often each standard bid is the contract, and how
    often it is completed, one bar per edition."""
    bids = sorted({bid for result in results.values() for bid in result.contracts})
    figure, (shares, rates) = plt.subplots(1, 2, figsize=(10, 4), layout="constrained")
    width = 0.8 / len(results)
    for number, (edition, result) in enumerate(results.items()):
        positions = [i + number * width for i in range(len(bids))]
        contracts = result.contracts.total()
        shares.bar(positions, [100 * result.contracts.get(b, 0) / contracts for b in bids],
                   width, label=edition)
        rates.bar(positions, [100 * (result.completion_rate(b) or 0) for b in bids],
                  width, label=edition)
    for axes, title in ((shares, "contracts (% of contracts)"),
                        (rates, "completed (% of that bid's contracts)")):
        axes.set_xticks([i + width * (len(results) - 1) / 2 for i in range(len(bids))],
                        bids, rotation=30, ha="right")
        axes.set_title(title)
        axes.legend(title="edition")
    return figure


if __name__ == "__main__":
    results = compare()
    for edition, result in results.items():
        print(edition, result.summary().splitlines()[3])
    chart(results)
    plt.show()
