"""The search bot (issue 15): legal moves in every phase, honesty, reproducibility, copies,
simulation, and a hand-built ending where only search finds the card that completes.

The budgets here are tiny (one or two sampled worlds per decision): these tests pin what
the bot does, not how well it plays (that is ``benchmarks/search_bot.py``'s job).
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_bots import _swap_hidden_cards

from combowhist import ComboBid, Deal, Phase, load_profile
from combowhist.bots import RandomBot, SearchBot, play_deal
from combowhist.bots.heuristic import _Sight
from combowhist.bots.search import (
    _HEURISTIC,
    SearchSettingsError,
    _halve,
    _Search,
    _with_one_more,
    seat_points,
)
from combowhist.cli import BOTS
from combowhist.moves import MakeBid
from combowhist.sampling import Sampler
from combowhist.simulate import simulate_games
from combowhist.strategies import deals_at_phase, reachable_phases

PROFILES = ("1.4.0", "1.4.1", "1.4.2", "1.5.1")
QUICK = SearchBot(iterations=1)

FEW = settings(max_examples=25, deadline=None,
               suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@st.composite
def _decision_points(draw: st.DrawFn) -> Deal:
    """A deal at a drawn phase (any phase the drawn edition reaches), 3 or 4 players."""
    profile = draw(st.sampled_from(PROFILES))
    phase = draw(st.sampled_from([p for p in reachable_phases(profile) if p is not Phase.OVER]))
    players = draw(st.sampled_from((3, 4)))
    return draw(deals_at_phase(phase, players=players, profile=profile))


# -- legal everywhere --------------------------------------------------------------------------


@FEW
@given(deal=_decision_points(), seed=st.integers(0, 2**32))
def test_issue15_search_bot_returns_a_legal_move_in_every_phase_and_edition(
    deal: Deal, seed: int
) -> None:
    """Every phase of every edition, 3 and 4 players: the move is one of the legal moves."""
    seat = deal.to_move
    assert seat is not None
    assert QUICK.choose(deal, seat, random.Random(seed)) in deal.legal_moves()


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("players", [3, 4])
def test_issue15_search_bot_plays_whole_deals(profile: str, players: int) -> None:
    """A whole deal at an all-search table, every move checked as it is made."""
    bot, rng = SearchBot(iterations=1, seed=3), random.Random(3)
    deal = Deal.new(players=players, profile=profile, seed=f"search:{profile}")
    while deal.to_move is not None:
        move = bot.choose(deal, deal.to_move, rng)
        assert move in deal.legal_moves()
        deal = deal.apply(move)
    assert deal.result is not None


# -- honest ------------------------------------------------------------------------------------


@FEW
@given(data=st.data(), phase=st.sampled_from((Phase.AUCTION, Phase.PLAY, Phase.PLAY,
                                                 Phase.TRUMP, Phase.SEND, Phase.JUSTICE,
                                                 Phase.GUESS, Phase.RANK_COMMIT)),
       players=st.sampled_from((3, 4)))
def test_issue15_search_choice_ignores_hidden_cards(data: st.DataObject, phase: Phase,
                                                    players: int) -> None:
    """Two deals that look the same from the seat to move but differ in other hands get
    the same choice, with the same rng: the bot searches worlds drawn from its view."""
    deal = data.draw(deals_at_phase(phase, players=players))
    seat = deal.to_move
    assert seat is not None
    twin = _swap_hidden_cards(deal, seat, data)
    assert twin.hand_masks != deal.hand_masks
    bot = SearchBot(iterations=2)
    assert bot.choose(deal, seat, random.Random(1)) == bot.choose(twin, seat, random.Random(1))


# -- reproducible and copyable -----------------------------------------------------------------


def test_issue15_the_same_seed_gives_the_same_deal_whatever_the_caller_rng() -> None:
    """With ``seed`` set, the bot's chance comes from the seed and its view: an all-search
    table plays the same deal for any rng passed in, and another seed plays another."""
    def played(bot: SearchBot, rng_seed: int) -> object:
        return play_deal(Deal.new(players=4, seed=11), [bot] * 4, random.Random(rng_seed)).log
    first = played(SearchBot(iterations=1, seed=5), 0)
    assert played(SearchBot(iterations=1, seed=5), 99) == first
    assert played(SearchBot(iterations=1, seed=6), 0) != first


def test_issue15_without_a_seed_the_caller_rng_reproduces_the_play() -> None:
    deals = [play_deal(Deal.new(players=3, seed=2), [SearchBot(iterations=1)] * 3,
                       random.Random(8)).log for _ in range(2)]
    assert deals[0] == deals[1]


def test_issue15_search_bot_pickles_and_decides_the_same_after() -> None:
    bot = SearchBot(iterations=2, seed="s", rollout="random")
    copy = pickle.loads(pickle.dumps(bot))
    assert copy == bot
    deal = Deal.new(players=4, seed=1)
    assert deal.to_move is not None
    assert copy.choose(deal, deal.to_move, random.Random(0)) == bot.choose(
        deal, deal.to_move, random.Random(0))


def test_issue15_search_bot_plays_a_short_game_in_simulate() -> None:
    """``simulate_games`` copies the bots (``workers=1``) and plays whole deals of a game."""
    bots = [SearchBot(iterations=1), RandomBot(), RandomBot()]
    result = simulate_games(1, players=3, bots=bots, seed="search", max_deals=2, workers=1)
    assert result.games == 1
    assert 1 <= result.deals <= 2
    assert result.bot_seats["search"] == 1


def test_issue15_the_cli_offers_the_search_bot() -> None:
    """``--bots search`` (and so the hint of ``play``) and ``--opponents search``."""
    assert BOTS["search"] is SearchBot


@pytest.mark.parametrize("settings_", [{"rollout": "greedy"}, {"iterations": 0},
                                       {"budget_ms": 0}, {"max_candidates": 0},
                                       {"extra_specials": -1}])
def test_issue15_bad_search_settings_are_refused_by_name(settings_: dict[str, object]) -> None:
    name = next(iter(settings_))
    with pytest.raises(SearchSettingsError, match=name):
        SearchBot(**settings_)  # type: ignore[arg-type]


# -- the auction -------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_issue15_one_more_special_gives_valid_combos_with_each_missing_special(
    profile: str
) -> None:
    """The auction's extra candidates: the combo with one more special bid, each of them a
    checked combo that keeps the standard bid and the specials it had."""
    combo = ComboBid.parse("trump+lock", load_profile(profile))
    more = _with_one_more(combo, 4)
    assert more
    for bigger in more:
        assert bigger.standard == combo.standard
        assert set(combo.special_keys) < set(bigger.special_keys)
        assert len(bigger.special_keys) == len(combo.special_keys) + 1
    assert "penalty" in {key for bigger in more for key in bigger.special_keys}


def test_issue15_auction_candidates_are_every_ranked_standard_bid_and_one_extension() -> None:
    """The auction searches the best combo of every standard bid the heuristic bot ranks
    (one each, best first, so far more than its top three) and the best one with one more
    special bid: every candidate legal."""
    for seed in range(6):
        deal = Deal.new(players=4, profile="1.4.2", seed=seed)
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        search = _Search(SearchBot(iterations=1), view, Sampler(view), random.Random(seed),
                         None)
        ranked = search.bid_candidates(view.legal_moves())
        moves = [move for _, move in ranked]
        assert all(move in deal.legal_moves() for move in moves)
        standards = [move.combo.standard.key for move in moves[:-1]]
        weighed = {move.combo.standard.key
                   for _, move in _HEURISTIC._ranked_bids(_Sight.of(view), view.legal_moves())}
        assert len(standards) == len(set(standards))
        assert set(standards) == weighed
        assert len(standards) >= 12
        values = [value for value, _ in ranked[:-1]]
        assert values == sorted(values, reverse=True)
        top, extra = moves[0].combo, moves[-1].combo
        assert extra.standard == top.standard
        assert set(top.special_keys) < set(extra.special_keys)
        assert ranked[-1][0] == 0.0  # no estimate of its own: judged by the worlds


def test_issue15_bid_candidates_caps_the_standard_bids_searched() -> None:
    deal = Deal.new(players=4, profile="1.4.2", seed=2)
    view = deal.view(deal.to_move)  # type: ignore[arg-type]
    search = _Search(SearchBot(iterations=1, bid_candidates=3), view, Sampler(view),
                     random.Random(2), None)
    standards = [m.combo.standard.key for _, m in search.bid_candidates(view.legal_moves())]
    assert len(set(standards)) == 3


@pytest.mark.parametrize(("totals", "kept"), [
    ([5.0, 1.0, 3.0, 4.0, 2.0], [0, 2, 3]),  # 5 -> the best 3, in their order
    ([1.0, 2.0, 2.0, 0.0], [1, 2]),          # 4 -> 2
    ([1.0, 1.0, 1.0], [0, 1]),               # a tie keeps the earlier ones
    ([3.0, 1.0], [0, 1]),                    # never fewer than two
])
def test_issue15_successive_halving_keeps_the_better_half_in_order(
    totals: list[float], kept: list[int]
) -> None:
    candidates = list(range(len(totals)))
    left = list(totals)
    _halve(candidates, left)
    assert candidates == kept
    assert left == [totals[i] for i in kept]


# -- search finds what chance misses -----------------------------------------------------------


def _ending_dog_at_trick_12() -> Deal:
    """Seat 1 is D of Trump + Ending Dog (spades) and leads trick 12 holding AS and 2D,
    with 10 tricks taken. Seat 3 holds the last two cards of diamonds, KD and AD, and
    the seat knows it: seats 0 and 2 failed to follow diamonds at trick 2. Leading AS
    wins trick 12, and 2D loses trick 13 to seat 3: completed. Leading 2D loses trick
    12, and AS (the last trump) takes trick 13: Ending Dog (R31) fails."""
    hands = ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
             "4S 5S 6S 7S 8S 9S 10S JS QS KS AS 3D 2D",
             "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
             "2S 3S 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"]
    deal = Deal.from_hands(hands, dealer=0, profile="1.4.2").apply("bid trump+ending_dog")
    for _ in range(3):
        deal = deal.apply("pass")
    moves = ["trump S",
             "play 2C", "play 4S", "play 2H", "play 4D",  # D ruffs trick 1
             "play 3D", "play 3H", "play 5D", "play 3C",  # seats 2, 0: no diamonds
             "play 2S", "play 4C", "play 5S", "play 4H",
             "play 6S", "play 5H", "play 3S", "play 5C"]
    for spade, low in zip(["7", "8", "9", "10", "J", "Q", "K"],
                          ["6", "7", "8", "9", "10", "J", "Q"], strict=True):
        moves += [f"play {spade}S", f"play {low}H", f"play {low}D", f"play {low}C"]
    for move in moves:
        deal = deal.apply(move)
    return deal


def test_issue15_the_scenario_has_exactly_one_completing_card() -> None:
    """The ending as built: whatever the others play, AS completes and 2D fails."""
    deal = _ending_dog_at_trick_12()
    assert deal.to_move == 1
    assert deal.trick_number == 12
    assert sorted(str(m) for m in deal.legal_moves()) == ["play 2D", "play AS"]
    for seed in range(10):
        rng = random.Random(seed)
        assert seat_points(deal.apply("play AS").playout(rng), 1) > 0
        assert seat_points(deal.apply("play 2D").playout(rng), 1) < 0


@pytest.mark.parametrize("rollout", ["heuristic", "random"])
def test_issue15_search_finds_the_only_completing_card(rollout: str) -> None:
    """Search plays AS for every seed; a random bot plays 2D about half the time."""
    deal = _ending_dog_at_trick_12()
    for seed in range(8):
        bot = SearchBot(iterations=2, seed=seed, rollout=rollout)
        assert bot.choose(deal, 1, random.Random(seed)) .__str__() == "play AS"
    random_picks = [RandomBot().choose(deal, 1, random.Random(seed)) for seed in range(40)]
    assert 10 <= [str(m) for m in random_picks].count("play 2D") <= 30


def test_issue15_a_spent_time_budget_leaves_the_least_favoured_bids_unsearched(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a time budget already spent, the auction's screening world searches the two
    bids the heuristic favours most and no more; under an iteration budget, every one."""
    deal = Deal.new(players=4, profile="1.4.2", seed=2)
    seat = deal.to_move
    assert seat is not None
    searched: list[str] = []

    def contract_points(self: _Search, world: Deal, move: MakeBid) -> float:
        searched.append(str(move.combo))
        return 0.0

    monkeypatch.setattr(_Search, "contract_points", contract_points)
    view = deal.view(seat)
    ranked = _Search(QUICK, view, Sampler(view), random.Random(1), None).bid_candidates(
        view.legal_moves())
    SearchBot(budget_ms=1e-9, seed=1).choose(deal, seat, random.Random(1))
    assert searched == [str(m.combo) for _, m in ranked[:2]]
    searched.clear()
    SearchBot(iterations=1, seed=1).choose(deal, seat, random.Random(1))
    assert len(searched) == len(ranked) > 2
