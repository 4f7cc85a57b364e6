"""The experiment of docs/howto/experiment.rst, run small: it must work as published, and
it must show what R2 says: the two 3-player decks are not one game relabeled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from compare_decks import (
    AS_OLD,
    DEALS,
    DIFFERENCES,
    EDITIONS,
    LAYS,
    _facts,
    chart,
    compare,
    differences,
    load,
    measure,
    r14_differences,
    rank_trump_deal,
    save,
    taken,
)

from combowhist import Card, Suit
from combowhist.moves import Commit


def cards(text: str) -> set[Card]:
    return {Card.parse(card) for card in text.split()}


def test_r2_the_decks_match_suit_by_suit_in_order() -> None:
    assert {str(new): str(old) for new, old in AS_OLD.items() if new != old} == {
        "6C": "10C", "7D": "10D", "7H": "10H", "7S": "10S"}
    assert all(new.suit == old.suit for new, old in AS_OLD.items())


def test_r2_r14_ties_differ_10c_ties_10s_but_6c_and_7s_do_not() -> None:
    # 1.4.1: 10♣ ties 10♠ and beats 6♠; 1.4.2: the matching 6♣ and 7♠ do not tie, while
    # 6♣ ties 6♠. These six pairs (of 741) are all that R14 tells apart.
    assert {frozenset(map(str, pair)) for pair in r14_differences()} == {
        frozenset({"10C", f"{rank}{suit}"}) for rank in ("6", "10") for suit in "DHS"}


def test_r2_shuffle_7_rank_trump_takes_another_trump_in_each_edition() -> None:
    old, old_options = rank_trump_deal("1.4.1", 7, lay="random")
    new, new_options = rank_trump_deal("1.4.2", 7, lay="random")
    laid = {m.card for m in old.history if isinstance(m, Commit)}
    assert cards("10C 6S") <= laid
    # the same shuffle, the same places of the hands laid; but in 1.4.1 D must take 10♣,
    # in 1.4.2 D may take 6♣ or 6♠ (they tie, R14), and takes 6♠
    assert old_options == cards("10C")
    assert new_options == cards("6C 6S")
    assert (taken(old), taken(new)) == (Card.parse("10C"), Card.parse("6S"))
    assert (taken(old).suit, taken(new).suit) == (Suit.CLUBS, Suit.SPADES)
    assert _facts(old, old_options, "1.4.1") != _facts(new, new_options, "1.4.2")


def test_r2_rank_trump_deals_differ_between_editions_in_some_shuffles() -> None:
    counts = differences(200, lay="random")
    assert counts["deals"] == 200
    # were the decks relabelings of each other, no count could be above 0; R14 parts them
    # only when an opponent lays 10♣ (6♣) against a 6 or a 10 (7) of another suit
    assert 0 < counts["options"] < 20
    assert 0 < counts["trump"] <= counts["taken"]
    assert set(counts) <= {"deals", *DIFFERENCES}


def test_r2_the_bot_auctions_run_with_both_decks() -> None:
    results = compare(deals=30, workers=1)
    assert tuple(results) == EDITIONS
    assert all(result.deals == 30 for result in results.values())
    assert [result.profile for result in results.values()] == list(EDITIONS)


def test_issue10_the_script_still_writes_the_format_of_the_cached_file(tmp_path: Path
                                                                        ) -> None:
    small, cached = measure(4), load()
    assert cached["deals"] == DEALS  # the cache is the full run the page describes
    assert small.keys() == cached.keys()
    for key in ("format", "seed", "editions"):
        assert small[key] == cached[key]
    assert set(small["counts"]) == set(cached["counts"]) == set(LAYS)
    for counts in (*small["counts"].values(), *cached["counts"].values()):
        assert set(counts) == {"deals", *DIFFERENCES}
    assert all(counts["deals"] == 4 for counts in small["counts"].values())
    assert small["counts"]["random"] == {"deals": 4, **{what: differences(4, lay="random")[what]
                                                        for what in DIFFERENCES}}
    save(small, tmp_path / "small.json")
    assert load(tmp_path / "small.json") == small


def test_the_chart_has_a_bar_per_difference_and_way_of_laying(pyplot: Any) -> None:
    figure = chart(load()["counts"])
    (axes,) = figure.axes
    assert len(axes.patches) == len(DIFFERENCES) * len(LAYS)
    pyplot.close(figure)
