"""The PettingZoo adapter (issue 14, "Adapters"): PettingZoo's own conformance tests for 3
and 4 players, rewards as the deal's points, observations from the seat's view only.

Skipped, with the reason, where the ``pettingzoo`` extra is missing; with
``COMBOWHIST_REQUIRE_PETTINGZOO=1`` (CI, which installs it) a missing framework fails."""

from __future__ import annotations

import random
import runpy
import warnings
from pathlib import Path
from typing import Any

import pytest
from checks import extra_module
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist.encoding import IllegalActionError
from combowhist.errors import SetupError

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

pettingzoo = extra_module("pettingzoo", "pettingzoo", "the PettingZoo adapter")

import numpy as np  # noqa: E402  (after the skip: the extra brings it)
from pettingzoo.test import api_test, seed_test  # noqa: E402

from combowhist.adapters.pettingzoo import CombowhistEnv, env, raw_env  # noqa: E402


def _quiet(check: Any, *args: Any, **kwargs: Any) -> None:
    """Run a PettingZoo check without its advice for image-like observations (ours are a
    dictionary with an action mask, as PettingZoo's own card games' are)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check(*args, **kwargs)


def _random_episode(table: Any, seed: int) -> dict[str, float]:
    """Play an episode with uniformly random legal actions; each agent's total reward."""
    table.reset(seed=seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return totals


@pytest.mark.parametrize("players", [3, 4])
def test_issue14_pettingzoo_api_test(players: int) -> None:
    _quiet(api_test, env(players=players), num_cycles=200)


@pytest.mark.parametrize("players", [3, 4])
def test_issue14_pettingzoo_seed_test(players: int) -> None:
    _quiet(seed_test, lambda: env(players=players), num_cycles=100)


def test_issue14_pettingzoo_api_test_of_a_game_episode() -> None:
    _quiet(api_test, env(players=4, episode="game", max_deals=2), num_cycles=200)


@settings(max_examples=6, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**32))
def test_issue14_pettingzoo_rewards_are_the_deals_points(players: int, seed: int) -> None:
    table = raw_env(players=players)
    totals = _random_episode(table, seed)
    assert table.position is not None
    result = table.position.deal.result
    assert result is not None
    assert [totals[f"player_{seat}"] for seat in range(players)] == list(result.points)


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_issue14_pettingzoo_game_rewards_are_the_score_changes(seed: int) -> None:
    table = raw_env(players=4, episode="game", max_deals=3)
    totals = _random_episode(table, seed)
    assert table.game is not None
    assert table.game.deals == 3 or table.game.is_over
    assert [totals[f"player_{p}"] for p in range(4)] == list(table.game.scores)


def test_issue14_pettingzoo_a_bid_takes_several_steps_by_the_same_agent() -> None:
    table = raw_env(players=4)
    table.reset(seed=7)
    agent = table.agent_selection
    assert table.position is not None
    space = table.position.space
    trump = space.standard_start + table.position.deal.profile.position["trump"]
    table.step(trump)
    assert table.agent_selection == agent
    mask = table.observe(agent)["action_mask"]
    assert mask[space.submit] == 1
    assert mask[space.PASS] == 0  # a bid begun is a bid: no passing half-way
    table.step(space.submit)
    assert table.agent_selection != agent
    assert [str(m) for m in table.position.deal.history] == ["bid trump"]


def test_issue14_pettingzoo_only_the_agent_to_move_has_a_mask() -> None:
    table = raw_env(players=4)
    table.reset(seed=3)
    for agent in table.possible_agents:
        mask = table.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == table.agent_selection)


def test_issue14_pettingzoo_an_illegal_action_is_refused_and_changes_nothing() -> None:
    table = raw_env(players=4)
    table.reset(seed=3)
    before = table.position
    agent = table.agent_selection
    masked = int(np.flatnonzero(table.observe(agent)["action_mask"] == 0)[-1])
    with pytest.raises(IllegalActionError, match=f"seat 1: action {masked} "):
        table.step(masked)
    with pytest.raises(IllegalActionError, match="not an integer"):
        table.step("pass")
    assert table.position is before
    assert table.agent_selection == agent


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 5}, "3 or 4 players"),
    ({"episode": "match"}, "'deal' or 'game'"),
    ({"dealer": 4}, "dealer 4"),
    ({"max_deals": 0}, "max_deals 0"),
    ({"render_mode": "rgb_array"}, "render_mode"),
    ({"variant": "short"}, "variant .short."),
])
def test_issue14_pettingzoo_bad_settings_are_refused(options: dict[str, Any],
                                                     message: str) -> None:
    with pytest.raises(SetupError, match=message):
        CombowhistEnv(**options)


def test_issue14_pettingzoo_renders_what_the_agent_to_move_sees() -> None:
    table = raw_env(players=4, render_mode="ansi")
    table.reset(seed=5)
    assert table.position is not None
    seat = table.position.deal.to_move
    assert seat is not None
    text = table.render()
    assert text == table.position.text(seat)
    assert "your hand" in text


def test_issue14_pettingzoo_observation_is_the_positions() -> None:
    """What an agent gets is its view's (``Position``'s, whose blindness to hidden cards
    ``tests/test_adapter_position.py`` pins)."""
    table = raw_env(players=4)
    table.reset(seed=12)
    rng = random.Random(12)
    for _ in range(70):
        agent = table.agent_selection
        table.step(rng.choice(np.flatnonzero(table.observe(agent)["action_mask"]).tolist()))
    assert table.position is not None
    for seat, agent in enumerate(table.possible_agents):
        assert table.observe(agent)["observation"].tolist() == pytest.approx(
            table.position.observation(seat))


def test_issue14_docs_pettingzoo_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """The page's example (``docs/examples/pettingzoo_random.py``) plays a deal to its end
    and prints each agent's points."""
    runpy.run_path(str(EXAMPLES / "pettingzoo_random.py"), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[:4]] == [f"player_{i}" for i in range(4)]
    assert lines[-1].endswith(" steps")
