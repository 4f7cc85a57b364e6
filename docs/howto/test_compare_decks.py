"""The experiment of docs/howto/experiment.rst, run small: it must work as published."""

from __future__ import annotations

import attrs
import matplotlib

matplotlib.use("Agg")

from compare_decks import EDITIONS, chart, compare


def test_r2_the_experiment_compares_both_decks_and_draws_both_charts() -> None:
    results = compare(deals=60, workers=1)
    assert tuple(results) == EDITIONS
    assert all(result.deals == 60 for result in results.values())
    # R2's two 3-player decks are the same up to the names of four cards: same seed, same
    # tallies (see "What the chart shows")
    assert attrs.evolve(results["1.4.1"], profile="1.4.2") == results["1.4.2"]
    figure = chart(results)
    shares, rates = figure.axes
    bids = {bid for result in results.values() for bid in result.contracts}
    assert len(shares.patches) == len(rates.patches) == len(bids) * len(EDITIONS)
