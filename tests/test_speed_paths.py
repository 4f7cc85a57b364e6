"""Issue 11's fast paths give exactly what the plain ones give: the playout kernel's inline
draws and their fallback, a combo space's tables against its unranking, card-index
look-ups, combo bids built by a space."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import ComboBid, Deal, draws, load_profile
from combowhist.cards import CardSet, mask_indices
from combowhist.combos import ComboSpace
from combowhist.errors import NotationError

EDITIONS = ("1.4.0", "1.4.1", "1.4.2", "1.5.1")


def checked_loop(deal: Deal, rng: random.Random) -> Deal:
    while deal.to_move is not None:
        moves = deal.legal_moves()
        deal = deal.apply(moves[rng.randrange(len(moves))])
    return deal


class SkewedRandom(random.Random):
    """A generator whose ``randrange`` does not draw as :class:`random.Random`'s does: the
    kernel must ask it, not draw bits from it."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        assert stop is None
        assert step == 1
        return int(self.random() ** 2 * start)


def test_issue11_inline_draws_are_randrange_on_this_python() -> None:
    plain, inlined = random.Random(5), random.Random(5)
    getrandbits = draws.bits(inlined)
    if getrandbits is None:  # a Python whose randrange draws otherwise: the kernel falls back
        pytest.skip("random.Random.randrange does not draw by getrandbits here")
    for bound in (*range(1, 300), 4095, 4096, 4097, 133_146):
        size = bound.bit_length()
        pick = getrandbits(size)
        while pick >= bound:
            pick = getrandbits(size)
        assert pick == plain.randrange(bound)
    assert plain.getstate() == inlined.getstate()


@given(size=st.integers(0, 60), seed=st.integers(0, 2**32))
@settings(max_examples=60, deadline=None)
def test_issue11_inline_shuffle_is_random_shuffle(size: int, seed: int) -> None:
    plain, inlined = random.Random(seed), random.Random(seed)
    expected, items = list(range(size)), list(range(size))
    plain.shuffle(expected)
    draws.shuffle(inlined, items)
    assert items == expected
    assert plain.getstate() == inlined.getstate()


class DealingRandom(random.Random):
    """A generator with a shuffle of its own: the deal must ask it."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        x.reverse()


def test_issue11_shuffle_asks_a_random_subclass() -> None:
    draws.shuffle(DealingRandom(0), items := list(range(52)))
    assert items == list(range(51, -1, -1))
    assert Deal.new(4, rng=DealingRandom(0)).hands[1] == CardSet(sum(
        1 << index for index in range(51, -1, -4)))


@pytest.mark.parametrize("seed", range(3))
def test_issue11_deal_new_deals_as_random_shuffle_does(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = Deal.new(4, seed=seed)
    monkeypatch.setattr(draws, "GETRANDBITS_DRAWS", False)
    assert Deal.new(4, seed=seed) == fast


@pytest.mark.parametrize("seed", range(6))
def test_issue11_kernel_without_inline_draws_equals_the_checked_loop(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(draws, "GETRANDBITS_DRAWS", False)
    deal = Deal.new(4, seed=seed, dealer=seed % 4)
    kernel_rng, checked_rng = random.Random(seed), random.Random(seed)
    assert deal.playout(kernel_rng) == checked_loop(deal, checked_rng)
    assert kernel_rng.getstate() == checked_rng.getstate()


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_issue11_kernel_asks_a_random_subclass_for_every_draw(seed: int, players: int) -> None:
    assert draws.bits(SkewedRandom(seed)) is None
    deal = Deal.new(players, seed=seed)
    kernel_rng, checked_rng = SkewedRandom(seed), SkewedRandom(seed)
    fast, slow = deal.playout(kernel_rng), checked_loop(deal, checked_rng)
    assert fast == slow
    assert fast.to_json() == slow.to_json()
    assert kernel_rng.getstate() == checked_rng.getstate()


def _unranked(space: ComboSpace, index: int) -> tuple[str, tuple[str, ...], int]:
    """The combo at ``index`` by the space's definition: its block, its group of
    constrained bids, and the free bids unranked from the block's subset-sum table."""
    blocks = space._blocks
    number = max(n for n in range(len(blocks)) if space._starts[n] <= index)
    block = blocks[number]
    index -= space._starts[number]
    starts = block.group_starts(space.minimum)
    group = max(g for g in range(len(block.groups)) if starts[g] <= index)
    worth = block.groups[group][1]
    chosen, free_worth = block.free_table.unrank_onto(index - starts[group],
                                                      space.minimum - worth, block.free_bits)
    chosen |= block.group_bits[group]
    specials = tuple(b.key for i, b in enumerate(block.ordered) if chosen >> i & 1)
    return block.standard.key, specials, worth + free_worth


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("profile", EDITIONS)
def test_issue11_combo_space_tables_give_the_unranked_combos(profile: str,
                                                             players: int) -> None:
    rules = load_profile(profile)
    draw = random.Random(f"{profile}:{players}")
    for minimum in (1, 5, 9, 12, 15, 18):
        space = ComboSpace(rules, players, minimum)
        if not len(space):
            continue
        indices = {0, len(space) - 1, *(draw.randrange(len(space)) for _ in range(60))}
        for index in sorted(indices):
            combo = space[index]
            assert (combo.standard.key, tuple(b.key for b in combo.specials),
                    combo.worth) == _unranked(space, index)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(EDITIONS), st.integers(0, 10**6))
def test_issue11_a_spaces_combo_bid_is_the_parsed_one(profile: str, number: int) -> None:
    space = ComboSpace(load_profile(profile), 4, 1)
    combo = space[number % len(space)]
    parsed = ComboBid.parse(str(combo), profile)
    assert combo == parsed
    assert hash(combo) == hash(parsed)
    assert combo.special_keys == parsed.special_keys == {b.key for b in combo.specials}
    assert pickle.loads(pickle.dumps(combo)) == combo
    assert combo.checked_for(4)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, (1 << 52) - 1))
def test_mask_indices_are_the_set_bits_lowest_first(mask: int) -> None:
    assert mask_indices(mask) == [i for i in range(52) if mask >> i & 1]
    assert CardSet(mask).mask == mask


@pytest.mark.parametrize("mask", [-1, 1 << 52, 1 << 60])
def test_card_set_refuses_a_mask_beyond_52_cards(mask: int) -> None:
    with pytest.raises(NotationError, match="is not a 52-bit card mask"):
        CardSet(mask)
