"""The rule-balance how-to's charts (issue 15), drawn from the cached study result."""

from __future__ import annotations

from typing import Any

import pytest
from bid_balance import MIN_DECLARED, chart, load, table


@pytest.mark.parametrize("kind", ["standard", "special"])
def test_issue15_the_chart_has_a_bar_per_edition_and_bid_declared_often_enough(
    pyplot: Any, kind: str
) -> None:
    result = load()
    figure = chart(result, kind)
    rates, points = figure.axes
    shown = sum(row["declared"] >= MIN_DECLARED
                for summary in result["editions"].values() for row in summary[kind].values())
    assert len(rates.patches) == len(points.patches) == shown > 0
    pyplot.close(figure)


def test_issue15_the_tables_list_every_bid_of_the_edition() -> None:
    result = load()
    for edition, summary in result["editions"].items():
        for kind in ("standard", "special"):
            text = table(result, edition, kind)
            for key, row in summary[kind].items():
                assert key in text
                if row["declared"]:
                    assert f"{key:<24}{row['worth']:>6}{row['declared']:>9}" in text
