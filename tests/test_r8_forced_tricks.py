"""R8's exact search, issue 13: in a trick whose taker the combo settles (D must not take
it, Lock and Ending Dog, R31; or nobody else may, as in Taintless Master's Game, or D
may not take one more), the search makes only the plays that give the trick to the
right seat. The plays made are exactly those, in the same order, that the search made
before it read the taker, less the ones the next trick refused at once."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import ComboBid, Deal, load_profile
from combowhist.compiled import compiled_modules
from combowhist.errors import AnalysisError
from combowhist.rules.play import winning_play
from combowhist.rules.possibility import Search

pytestmark = pytest.mark.skipif(
    "combowhist.rules.possibility" in compiled_modules(),
    reason="reads the search's plays through a subclass: the compiled search has none")

COMBOS = ("game+lock", "trump+ending_dog", "max_trump+greed+lock+ending_dog",
          "taintless_masters_game", "taintless_masters_game+greed+iron",
          "masters_game+lock+plague", "masters_game+greed+hurry", "grill+lock+sloth+penalty",
          "block_trump+lock", "max_trump+justice+lock")
"""Combos whose tricks are often settled: a trick to lose, a trick to take, or both; with
Sloth, Grill, Block Trump, Plague and a card of justice (which may send any trick
anywhere, so no trick of it is settled before it is played)."""


class _Checked(Search):
    """The search, each settled trick's plays compared with every play filtered."""

    compared = 0
    """Settled tricks compared in this search (the first 100: enough, and quick)."""

    def _plays(self, t: int, leader: int, hand: int, pool: int, pinned: tuple[int, ...],
               voids: tuple[int, ...], trump: int, flags: int, special: int, want: bool,
               forced: int = 0) -> Iterator[Any]:
        made = list(super()._plays(t, leader, hand, pool, pinned, voids, trump, flags,
                                   special, want, forced))
        if forced and _Checked.compared < 100:
            _Checked.compared += 1
            every = super()._plays(t, leader, hand, pool, pinned, voids, trump, flags,
                                   special, want, 0)
            right = [play for play in every
                     if (winning_play(play[0], trump, self.iron)[0] == self.declarer)
                     == (forced > 0)]
            assert made == right, (t, forced)
        return iter(made)


def _search(combo_text: str, edition: str, players: int, seed: int) -> None:
    profile = load_profile(edition)
    combo = ComboBid.parse(combo_text, profile, players)
    hand = Deal.new(players, profile=profile, seed=seed).dealt_hands[1].mask
    _Checked.compared = 0
    # Over the bound, the plays compared so far are what is checked.
    with contextlib.suppress(AnalysisError):
        _Checked(combo, players, 1, profile.deck(players).mask, hand, 200).run()


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(COMBOS), st.sampled_from(("1.4.1", "1.4.2")), st.sampled_from((3, 4)),
       st.integers(0, 10**6))
def test_r8_r31_a_settled_tricks_plays_are_every_play_giving_it_to_the_right_seat(
        combo: str, edition: str, players: int, seed: int) -> None:
    _search(combo, edition, players, seed)


@pytest.mark.parametrize(("combo", "forced"), [("game+lock", -1),
                                               ("taintless_masters_game", 1)])
def test_r8_r31_lock_and_taintless_masters_game_settle_tricks(combo: str, forced: int
                                                                ) -> None:
    # Lock's first three tricks are D's to lose; Taintless Master's Game, 12 tricks of 13,
    # leaves no trick to lose once one is lost. Both reach such tricks on a typical hand.
    seen: list[int] = []

    class Watched(Search):
        def _plays(self, *args: Any) -> Iterator[Any]:
            seen.append(args[-1])
            return super()._plays(*args)

    profile = load_profile("1.4.1")
    hand = Deal.new(4, profile=profile, seed=3).dealt_hands[1].mask
    with contextlib.suppress(AnalysisError):
        Watched(ComboBid.parse(combo, profile), 4, 1, profile.deck(4).mask, hand, 200).run()
    assert forced in seen
