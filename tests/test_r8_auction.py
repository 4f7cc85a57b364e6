"""R8's exact layer in the auction (issue 13): a profile with ``exact_impossible_bids``
refuses a combo bid impossible with the bidder's own hand, does not offer it, and keeps
``in``, ``len``, indexing and random draws consistent with ``apply``. The built-in
editions keep the static layer only (see the docs' rules page)."""

from __future__ import annotations

import copy
import pickle
import random
import re
from pathlib import Path

import pytest
from checks import extra_module

from combowhist import CardSet, Deal, load_profile
from combowhist.bots import RandomBot
from combowhist.errors import IllegalMoveError, ProfileError
from combowhist.profiles import RuleProfile, schema
from combowhist.rules.auction import bid_moves

extra_module("pysat", "exact", "R8's exact layer in the auction")

SPADES = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
TWELVE_SPADES_AND_TWO_OF_CLUBS = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2C"
LOW_HAND = "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C"
TOP_CARDS = "AS KS QS 10S AH KH AD KD JD AC KC QC JC"
MIDDLE_CARDS = "9S 7S 5S 2S 9H 5H 10D 8D 9D 3D 10C 9C 4C"
SMALL_CARDS = "2S 3S 4S 5S 6S 2H 3H 4H 5H 2D 3D 2C 3C"


@pytest.fixture(scope="module")
def exact(tmp_path_factory: pytest.TempPathFactory) -> RuleProfile:
    path = tmp_path_factory.mktemp("profiles") / "exact.toml"
    path.write_text('base = "1.4.1"\nname = "1.4.1-exact"\nexact_impossible_bids = true\n',
                    encoding="utf-8")
    return load_profile(path)


def _deal(profile: RuleProfile | str, hand: str) -> Deal:
    """A deal in which seat 1, holding ``hand``, bids first (seat 0 deals)."""
    mine = CardSet.parse(hand)
    rules = load_profile(profile)
    others = [card for card in rules.deck(4) if card not in mine]
    return Deal.from_hands([CardSet(others[:13]), mine, CardSet(others[13:26]),
                            CardSet(others[26:])], profile=rules, dealer=0)


def test_r8_exact_layer_is_off_in_the_built_in_editions() -> None:
    for name in ("1.4.0", "1.4.1", "1.4.2", "1.5.1"):
        assert not load_profile(name).exact_impossible_bids
    # ... so 1.4.1's auction accepts the issue's example, which the exact layer refuses.
    assert _deal("1.4.1", SPADES).apply("bid zero+hurry").to_move == 2


def test_r8_exact_layer_needs_the_static_layer(tmp_path: Path) -> None:
    path = tmp_path / "odd.toml"
    path.write_text('base = "1.5.1"\nname = "odd"\nexact_impossible_bids = true\n',
                    encoding="utf-8")
    with pytest.raises(ProfileError, match=r"exact_impossible_bids.*forbid_impossible_bids"):
        load_profile(path)


def test_r8_exact_layer_needs_the_exact_extra(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schema, "EXACT_EXTRA", False)
    path = tmp_path / "exact.toml"
    path.write_text('base = "1.4.1"\nname = "no-solver"\nexact_impossible_bids = true\n',
                    encoding="utf-8")
    with pytest.raises(ProfileError, match=r"exact extra .*python-sat"):
        load_profile(path)


@pytest.mark.parametrize(("hand", "bid"), [(SPADES, "zero+hurry"), (LOW_HAND, "game")])
def test_r8_exact_auction_refuses_the_issue_examples(exact: RuleProfile, hand: str,
                                                     bid: str) -> None:
    deal = _deal(exact, hand)
    before = deal.to_json()
    with pytest.raises(IllegalMoveError, match=rf"seat 1 cannot bid {re.escape(bid)}: .*impossible "
                                               rf"to complete with this hand.*\(R8\)"):
        deal.apply(f"bid {bid}")
    assert deal.to_json() == before  # nothing changed
    moves = deal.legal_moves()
    assert f"bid {bid}" not in moves
    with pytest.raises(ValueError, match="not a legal move"):
        moves.index(f"bid {bid}")


@pytest.mark.parametrize(("hand", "bid"), [
    (TWELVE_SPADES_AND_TWO_OF_CLUBS, "zero+hurry"),  # lead the club, discard the spades
    (SPADES, "zero"),  # without Hurry the others lead, and D discards on their suits
    (LOW_HAND, "zero"),
    (SPADES, "max_trump"),
])
def test_r8_exact_auction_accepts_the_near_neighbours(exact: RuleProfile, hand: str,
                                                      bid: str) -> None:
    deal = _deal(exact, hand)
    assert f"bid {bid}" in deal.legal_moves()
    after = deal.apply(f"bid {bid}")
    assert str(after.history[-1]) == f"bid {bid}"
    assert after.to_move == 2


def _late(profile: RuleProfile, hand: str) -> Deal:
    """A late auction: seat 0, holding top cards, opened with a combo worth 16, which only
    37 combos beat (21 possibility keys, so listing them all is quick); seat 1, holding
    ``hand``, bids next."""
    high = next(m for m in bid_moves(profile, 4, 16) if m.combo.worth == 16)
    top, mine = CardSet.parse(TOP_CARDS), CardSet.parse(hand)
    others = [card for card in profile.deck(4) if card not in mine and card not in top]
    return Deal.from_hands([top, mine, CardSet(others[:13]), CardSet(others[13:26])],
                           profile=profile, dealer=3).apply(high)


def test_r8_exact_auction_lists_exactly_the_bids_apply_accepts(exact: RuleProfile) -> None:
    # Every bid over 16 is checked against apply (this hand's whole list takes about
    # 100 s: some keys go to the solver).
    deal = _late(exact, SMALL_CARDS)
    moves = deal.legal_moves()
    listed = list(moves)
    assert len(listed) == len(moves)
    assert str(listed[0]) == "pass"
    accepted, refused = [], []
    for move in bid_moves(exact, 4, 17):
        if move in moves:
            deal.apply(move)  # accepted
            accepted.append(move)
        else:
            with pytest.raises(IllegalMoveError, match=r"impossible .* \(R8\)"):
                deal.apply(move)
            refused.append(move)
    assert [m for m in listed if str(m) != "pass"] == accepted
    for position, listed_move in enumerate(listed):
        assert moves.index(listed_move) == position
        assert moves[position] == listed_move
    # With these small cards one of them is impossible (found by the solver).
    assert len(refused) == 1, refused


def test_r8_exact_draws_are_legal_without_listing(exact: RuleProfile) -> None:
    deal = _deal(exact, SPADES)
    moves = deal.legal_moves()
    rng = random.Random(7)
    for _ in range(30):
        move = moves.draw(rng)
        assert move in moves
        deal.apply(move)  # never refused
    assert moves._lengths is None  # drawn without the sweep a len would need
    move = RandomBot().choose(deal, 1, random.Random(1))
    deal.apply(move)


def test_r8_exact_draw_without_the_layer_is_the_index_draw() -> None:
    moves = _deal("1.4.1", SPADES).legal_moves()
    a, b = random.Random(5), random.Random(5)
    assert [moves.draw(a) for _ in range(20)] == [
        moves[b.randrange(len(moves))] for _ in range(20)]


def test_r8_exact_playout_matches_the_checked_loop(exact: RuleProfile) -> None:
    start = _late(exact, MIDDLE_CARDS)
    for seed in range(3):
        fast = start.playout(random.Random(seed))
        rng, deal = random.Random(seed), start
        while deal.to_move is not None:
            deal = deal.apply(deal.legal_moves().draw(rng))
        assert fast == deal
        assert fast.result is not None


def test_r8_exact_states_stay_values(exact: RuleProfile) -> None:
    deal = _deal(exact, SPADES)
    for copied in (copy.deepcopy(deal), pickle.loads(pickle.dumps(deal)),
                   Deal.from_json(deal.to_json())):
        assert copied == deal
        assert "bid zero+hurry" not in copied.legal_moves()
        assert "bid zero" in copied.legal_moves()
    data = deal.view(1).to_dict()["legal_moves"]
    assert data == ["pass", {"bids": 1, "possible": True}]
