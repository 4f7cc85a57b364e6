"""The charts and tables of the rule-balance how-to (``bid-balance.rst``), drawn from the
cached result ``bid_balance.json`` without playing.

The result is written by ``benchmarks/balance_study.py`` (all-SearchBot tables, per-bid
aggregates; see that script for how to regenerate it). This module only reads it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

CACHE = Path(__file__).with_name("bid_balance.json")
"""The cached result of the study, which the how-to's charts are drawn from."""
FORMAT = "combowhist-bid-balance"
MIN_DECLARED = 5
"""Bids declared fewer times than this in an edition are left out of the charts (their
rates mean little); the tables list them all."""


def load(path: Path = CACHE) -> dict[str, Any]:
    """The cached result (by default the study's, which the how-to shows)."""
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if result.get("format") != FORMAT:
        raise ValueError(f"{path} is not a {FORMAT} file")
    return result


def table(result: Mapping[str, Any], edition: str, kind: str = "standard") -> str:
    """The per-bid rows of one edition as text: worth, declared, completed (rate and 95%
    interval), mean points per declaration (and its standard error), the most declared
    first; bids never declared are listed on one line at the end."""
    rows = result["editions"][edition][kind]
    declared = sorted((k for k, r in rows.items() if r["declared"]),
                      key=lambda k: (-rows[k]["declared"], k))
    lines = [f"{'bid':<24}{'worth':>6}{'declared':>9}{'completed':>10}  {'95% CI':<12}"
             f"{'points':>7}{'+-':>6}"]
    for key in declared:
        row = rows[key]
        rate = row["completed"] / row["declared"]
        error = "-" if row["points_stderr"] is None else f"{row['points_stderr']:.2f}"
        lines.append(f"{key:<24}{row['worth']:>6}{row['declared']:>9}{rate:>10.2f}  "
                     f"{row['completed_low']:.2f}-{row['completed_high']:.2f}   "
                     f"{row['mean_points']:>7.2f}{error:>6}")
    never = [k for k, r in rows.items() if not r["declared"]]
    lines.append(f"never declared: {', '.join(never) or 'none'}")
    return "\n".join(lines)


def chart(result: Mapping[str, Any], kind: str = "standard") -> Figure:
    """Two panels, a group of bars per bid declared at least :data:`MIN_DECLARED` times in
    some edition (named by the first edition's key), a bar per edition where it was: the
    share of its declarations completed (with the 95% interval) and the mean points it
    earned per declaration (with one standard error) beside its worth (a dot)."""
    import matplotlib.pyplot as plt

    editions = result["editions"]
    # The editions list their bids in the same order (some under other keys in 1.5.1).
    rows = {e: list(summary[kind].values()) for e, summary in editions.items()}
    names = list(next(iter(editions.values()))[kind])
    places = [i for i in range(len(names))
              if any(r[i]["declared"] >= MIN_DECLARED for r in rows.values())]
    figure, (rates, points) = plt.subplots(2, 1, figsize=(9, 7), layout="constrained",
                                           sharex=True)
    width = 0.8 / len(editions)
    for number, (edition, summary) in enumerate(editions.items()):
        shown = [(x, rows[edition][i]) for x, i in enumerate(places)
                 if rows[edition][i]["declared"] >= MIN_DECLARED]
        xs = [i + number * width for i, _ in shown]
        rate = [r["completed"] / r["declared"] for _, r in shown]
        rates.bar(xs, rate, width, label=f"{edition} ({summary['deals']} deals)",
                  yerr=[[p - r["completed_low"] for p, (_, r) in zip(rate, shown, strict=True)],
                        [r["completed_high"] - p for p, (_, r) in zip(rate, shown, strict=True)]],
                  capsize=2)
        points.bar(xs, [r["mean_points"] for _, r in shown], width,
                   yerr=[r["points_stderr"] or 0 for _, r in shown], capsize=2,
                   label=f"{edition} mean points")
        points.plot(xs, [r["worth"] for _, r in shown], "k.", markersize=8,
                    label="worth" if number == 0 else None)
    rates.set_ylabel("share completed")
    rates.set_ylim(0, 1)
    rates.legend(fontsize="small")
    rates.set_title(f"{kind.capitalize()} bids at all-SearchBot tables "
                    f"(declared {MIN_DECLARED}+ times)")
    points.axhline(0, color="grey", linewidth=0.5)
    points.set_ylabel("D's points per declaration")
    points.legend(fontsize="small")
    points.set_xticks([x + width * (len(editions) - 1) / 2 for x in range(len(places))],
                      [names[i].replace("_", " ") for i in places], rotation=40, ha="right")
    return figure
