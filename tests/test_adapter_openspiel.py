"""The OpenSpiel adapter (issue 14, "Adapters"): OpenSpiel's own conformance test for 3 and
4 players, with and without serialization; chance deals one card each; returns as the deal's
points; information states and observations from the seat's view only; serialization through
JSON; cheap independent clones; game parameters that survive the game-string parser; one
ISMCTS decision resampling with :mod:`combowhist.sampling`.

Skipped, with the reason, where the ``openspiel`` extra is missing; with
``COMBOWHIST_REQUIRE_OPENSPIEL=1`` (CI, which installs it) a missing framework fails."""

from __future__ import annotations

import pickle
import random
import runpy
from pathlib import Path

import pytest
from checks import extra_module
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import CardSet, Deal, Phase
from combowhist.adapters.position import Position
from combowhist.encoding import IllegalActionError
from combowhist.errors import ProfileError, SetupError

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

pyspiel = extra_module("pyspiel", "openspiel", "the OpenSpiel adapter")

from combowhist.adapters.openspiel import (  # noqa: E402
    CombowhistGame,
    CombowhistState,
    edition_profile,
)


def _game(players: int = 4, edition: str = "1_4_2") -> CombowhistGame:
    game: CombowhistGame = pyspiel.load_game(
        f"python_combowhist(players={players},edition={edition})")
    return game


def _random_play(state: CombowhistState, rng: random.Random,
                 until: int | None = None) -> CombowhistState:
    """``state`` played on with uniformly random chance outcomes and actions, to the end or
    for ``until`` more steps."""
    steps = 0
    while not state.is_terminal() and (until is None or steps < until):
        if state.is_chance_node():
            cards, _ = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(cards))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return state


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("serialize", [False, True])
def test_issue14_openspiel_random_sim_test(players: int, serialize: bool) -> None:
    pyspiel.random_sim_test(_game(players), num_sims=3, serialize=serialize, verbose=False)


def test_issue14_openspiel_random_sim_test_of_edition_151() -> None:
    """1.5.1's Rank Trump take is two actions, the card taken and the card given (E2)."""
    pyspiel.random_sim_test(_game(4, "1_5_1"), num_sims=3, serialize=True, verbose=False)


def test_issue14_openspiel_chance_deals_one_card_each_clockwise_from_the_dealers_left() -> None:
    game = _game(3, "1_4_1")
    state = game.new_initial_state()
    deck = game.profile.deck(3)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    order = sorted(card.index for card in deck)
    assert [card for card, _ in outcomes] == order
    assert {p for _, p in outcomes} == {1 / 39}
    for card in order:
        state.apply_action(card)
    position = state.position
    assert position is not None
    assert position.deal.dealt_hands == tuple(
        CardSet(sum(1 << card for card in order[(seat - 1) % 3::3])) for seat in range(3))
    assert state.current_player() == 1  # the auction opens on the dealer's left (R5)
    assert state.history()[:39] == order


@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**32))
def test_issue14_openspiel_returns_are_the_deals_points(players: int, seed: int) -> None:
    state = _random_play(_game(players).new_initial_state(), random.Random(seed))
    position = state.position
    assert position is not None
    result = position.deal.result
    assert result is not None
    assert state.returns() == [float(p) for p in result.points]
    game = state.get_game()
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_issue14_openspiel_serialization_round_trips(seed: int, steps: int) -> None:
    game = _game()
    state = _random_play(game.new_initial_state(), random.Random(seed), until=steps)
    text = pyspiel.serialize_game_and_state(game, state)
    _, restored = pyspiel.deserialize_game_and_state(text)
    assert restored.history() == state.history()
    assert str(restored) == str(state)
    assert restored.position == state.position
    assert pickle.loads(pickle.dumps(state)).position == state.position
    if not state.is_terminal() and not state.is_chance_node():
        assert restored.legal_actions() == state.legal_actions()
        seat = state.current_player()
        assert (restored.information_state_string(seat)
                == state.information_state_string(seat))


def test_issue14_openspiel_a_position_pickles_as_its_json() -> None:
    position = Position(Deal.new(4, seed=11))
    position = position.apply(position.legal_actions()[1])  # a bid half-built
    assert position.draft.actions
    rebuild, arguments = position.__reduce__()
    assert arguments[0] == position.to_json()
    assert rebuild(*arguments) == position


def test_issue14_openspiel_clones_are_independent() -> None:
    state = _random_play(_game().new_initial_state(), random.Random(2), until=60)
    clone = state.clone()
    assert str(clone) == str(state)
    clone.apply_action(clone.legal_actions()[0])
    assert clone.history() != state.history()
    assert len(state.history()) == 60


@pytest.mark.parametrize(("edition", "key"), [("1_4_1", "1.4.1"), ("v1.5.1", "1.5.1"),
                                              ("sv-1_4_2", "1.4.2")])
def test_issue14_openspiel_editions_survive_the_game_string_parser(edition: str,
                                                                   key: str) -> None:
    game = _game(4, edition)
    assert game.profile.key == key
    again = pyspiel.load_game(str(game))
    assert again.profile is game.profile
    assert str(game) == f"python_combowhist(edition={key.replace('.', '_')},players=4)"


def test_issue14_openspiel_a_dotted_edition_is_taken_from_a_dictionary() -> None:
    game = pyspiel.load_game("python_combowhist", {"edition": "1.4.1", "players": 3})
    assert (game.profile.key, game.num_players()) == ("1.4.1", 3)
    assert str(game) == "python_combowhist(edition=1_4_1,players=3)"


def test_issue14_openspiel_bad_parameters_are_refused() -> None:
    with pytest.raises(ProfileError, match="edition '2_0_0'"):
        _game(4, "2_0_0")
    with pytest.raises(ProfileError, match="built-in edition"):
        edition_profile("house/rules.toml")
    with pytest.raises(SetupError, match="3 or 4 players"):
        _game(5)


def test_issue14_openspiel_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = _random_play(_game().new_initial_state(), random.Random(4), until=52)
    before = state.history()
    ace = state.get_game().space.card(51)
    with pytest.raises(IllegalActionError, match=rf"seat 1: action {ace} \(card AS\) is not "
                                                 r"legal after .* in phase auction"):
        state.apply_action(ace)
    with pytest.raises(SetupError, match="not a card left to deal"):
        _game().new_initial_state().apply_action(200)
    assert state.history() == before


def test_issue14_openspiel_state_of_a_deal_replays_it() -> None:
    game = _game()
    rng = random.Random(9)
    deal = Deal.new(4, seed=9)
    for _ in range(30):
        moves = deal.legal_moves()
        deal = deal.apply(moves[rng.randrange(len(moves))])
    state = game.state_of(deal)
    assert state.position == Position(deal)
    with pytest.raises(SetupError, match="dealt by seat 2"):
        game.state_of(Deal.new(4, seed=1, dealer=2))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_issue14_openspiel_information_is_the_positions(seed: int) -> None:
    """What a player gets is its view's (``Position``'s, whose blindness to hidden cards
    ``tests/test_adapter_position.py`` pins), at every seat and at a random point."""
    rng = random.Random(seed)
    state = _random_play(_game().new_initial_state(), rng, until=rng.randrange(52, 150))
    position = state.position
    assert position is not None
    for seat in range(4):
        assert state.information_state_string(seat) == position.information_text(seat)
        assert state.observation_string(seat) == position.text(seat)
        assert state.observation_tensor(seat) == pytest.approx(position.observation(seat))


def test_issue14_openspiel_while_dealing_a_player_knows_its_own_cards_only() -> None:
    state = _random_play(_game().new_initial_state(), random.Random(8), until=10)
    own = CardSet(sum(1 << card for card in state.history()[0::4]))
    assert state.information_state_string(1) == f"seat 1 dealt {own}"
    assert _game().new_initial_state().information_state_string(1) == "seat 1 dealt "
    assert set(state.observation_tensor(1)) == {0.0}


def test_issue14_openspiel_one_ismcts_decision_resampling_with_the_sampler() -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = _game()
    rng = random.Random(5)
    state = _random_play(game.new_initial_state(), rng, until=52)
    while not state.is_terminal() and (state.position.deal.phase is not Phase.PLAY
                                       or state.position.deal.trick_number < 4):
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    seat = state.current_player()
    key = state.information_state_string(seat)
    samples = [state.resample_from_infostate(seat, random.Random(n).random) for n in range(5)]
    for sample in samples:
        assert sample.information_state_string(seat) == key
        assert sample.legal_actions() == state.legal_actions()
    assert any(str(sample) != str(state) for sample in samples)  # hidden cards drawn anew
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(3))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=10,
                           random_state=np.random.RandomState(3))
    action = bot.step(state)
    assert action in state.legal_actions()


def test_issue14_docs_openspiel_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """The page's example (``docs/examples/openspiel_ismcts.py``): ISMCTS makes the first
    decision, random players finish the deal."""
    runpy.run_path(str(EXAMPLES / "openspiel_ismcts.py"), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("player 1 chooses ")
    assert lines[-1].startswith("returns: [")
