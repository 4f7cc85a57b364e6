"""R8's exact layer in the auction (issue 13): a profile with ``exact_impossible_bids``
refuses a combo bid impossible with the bidder's own hand, does not offer it, and keeps
``in``, ``len``, indexing and random draws consistent with ``apply``. The built-in
editions keep the static layer only (see the docs' rules page)."""

from __future__ import annotations

import copy
import io
import pickle
import random
import re
from pathlib import Path

import pytest
from checks import extra_module
from hypothesis import HealthCheck, given, settings

from combowhist import CardSet, ComboBid, Deal, Phase, load_profile, strategies
from combowhist.adapters.position import Position
from combowhist.bots import RandomBot
from combowhist.cli import main
from combowhist.encoding import ActionSpace, Draft, IllegalActionError
from combowhist.errors import IllegalMoveError, ProfileError
from combowhist.legal import PossibleBidMoves
from combowhist.moves import MakeBid
from combowhist.profiles import RuleProfile, schema
from combowhist.rules.auction import bid_moves
from combowhist.strategies import played_deals

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


def test_r8_exact_draw_is_a_draw_of_the_candidates_kept_if_legal(exact: RuleProfile) -> None:
    moves = _deal(exact, SPADES).legal_moves()
    candidates = moves.candidates()
    assert len(candidates) == len(_deal("1.4.1", SPADES).legal_moves())  # the static list
    assert "bid zero+hurry" in candidates
    assert "bid zero+hurry" not in moves
    a, b = random.Random(3), random.Random(3)
    for _ in range(20):
        expected = candidates[b.randrange(len(candidates))]
        while expected not in moves:
            expected = candidates[b.randrange(len(candidates))]
        assert moves.draw(a) == expected
    plain = _deal("1.4.1", SPADES).legal_moves()
    assert plain.candidates() is plain
    assert moves._lengths is None  # neither needed the sweep of a len


@pytest.fixture
def no_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Listing a hand's possible bids (the sweep of a first ``len``) fails the test."""
    def listed(self: PossibleBidMoves) -> list[int]:
        raise AssertionError("every possible bid of a hand was listed")
    monkeypatch.setattr(PossibleBidMoves, "kept", listed)


@pytest.mark.usefixtures("no_listing")
def test_r8_exact_hypothesis_walks_bid_without_listing_the_hands_bids(
        exact: RuleProfile) -> None:
    # A bid is drawn among those the static layer allows and kept if possible with the
    # bidder's hand; the engine refuses any other, so every walk is legal.
    bids: list[MakeBid] = []

    @settings(max_examples=25, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(played_deals(players=4, profile=exact, max_moves=6))
    def walk(deal: Deal) -> None:
        bids.extend(move for move in deal.history if isinstance(move, MakeBid))

    walk()
    assert bids


@pytest.mark.usefixtures("no_listing")
def test_r8_exact_hypothesis_walks_draw_again_past_an_impossible_bid(exact: RuleProfile) -> None:
    # Scripted draws: bid (not pass), then zero+hurry, impossible with 13 spades (the
    # bidder must lead a spade nobody can follow), then zero, possible.
    deal = _deal(exact, SPADES)
    candidates = deal.legal_moves().candidates()
    runs = strategies._cached_runs(exact, 4, candidates, 1)

    def drawn(text: str) -> list[int]:
        position = candidates.index(text)
        return [next(n for n, (first, stop) in enumerate(runs) if first <= position < stop),
                position]

    script = iter([1, *drawn("bid zero+hurry"), *drawn("bid zero")])
    move = strategies._draw_move(lambda strategy: next(script), deal, 1, None)
    assert str(move) == "bid zero"
    assert next(script, None) is None


def _actions(space: ActionSpace, *keys: str) -> list[int]:
    """The actions of a bid's standard bid and special bids, named by key."""
    profile = space.profile
    standards = [bid.key for bid in profile.standard_bids]
    specials = [bid.key for bid in profile.special_bids]
    return [space.standard_start + standards.index(keys[0]),
            *(space.special_start + specials.index(key) for key in keys[1:])]


@pytest.mark.usefixtures("no_listing")
def test_r8_exact_action_space_offers_actions_towards_possible_bids_only(
        exact: RuleProfile) -> None:
    # 13 spades: Zero + Hurry is impossible (the bidder leads a spade nobody can follow),
    # Zero + Hurry + Mail is possible (3 spades passed away). A bid is built in table
    # order, and every possible bid of Zero + Hurry holds Mail: after Hurry, only Iron
    # (before Mail) and Mail lead on to one.
    deal = _deal(exact, SPADES)
    moves = deal.legal_moves()
    space = ActionSpace.of(exact, 4)
    zero, hurry, mail = _actions(space, "zero", "hurry", "mail")
    draft = space.step(moves, Draft(), zero)
    assert isinstance(draft, Draft)
    assert {hurry, space.submit} <= set(space.legal_actions(moves, draft))
    draft = space.step(moves, draft, hurry)
    assert isinstance(draft, Draft)
    legal = space.legal_actions(moves, draft)
    assert space.submit not in legal
    assert [space.describe(action) for action in legal] == ["special iron", "special mail"]
    with pytest.raises(IllegalActionError, match="submit"):
        space.step(moves, draft, space.submit)
    draft = space.step(moves, draft, mail)
    assert isinstance(draft, Draft)
    assert space.step(moves, draft, space.submit) == MakeBid(
        ComboBid.parse("zero+hurry+mail", exact, 4))


@pytest.mark.usefixtures("no_listing")
def test_r8_exact_adapter_walks_through_the_auction_by_legal_actions(
        exact: RuleProfile) -> None:
    # Random legal actions build bids the engine accepts (it refuses any other), for
    # random bidders' hands.
    made = 0
    for seed in range(3):
        rng = random.Random(seed)
        position = Position(Deal.new(4, profile=exact, rng=rng))
        while position.deal.phase is Phase.AUCTION:
            actions = position.legal_actions()
            bidding = [a for a in actions if a != 0] or actions  # 0 is pass
            position = position.apply(rng.choice(bidding if rng.random() < 0.5 else actions))
        made += sum(isinstance(move, MakeBid) for move in position.deal.history)
    assert made


@pytest.mark.usefixtures("no_listing")
def test_r8_exact_play_command_offers_bids_without_listing_the_hands_bids(
        tmp_path: Path) -> None:
    path = tmp_path / "exact.toml"
    path.write_text('base = "1.4.1"\nname = "1.4.1-exact"\nexact_impossible_bids = true\n',
                    encoding="utf-8")
    screen = io.StringIO()
    main(["play", "--profile", str(path), "--seed", "1"],
         stdin=io.StringIO("moves\nquit\n"), stdout=screen)  # type: ignore[arg-type]
    shown = screen.getvalue()
    assert "possible with your hand (R8), e.g.:" in shown
    assert "legal bids" not in shown


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
