"""Combo Whist as a PettingZoo AEC environment (``pip install combowhist[pettingzoo]``).

:func:`env` makes one: an agent per seat (``player_0`` …), each with a
:class:`gymnasium.spaces.Discrete` action space of the
:class:`~combowhist.encoding.ActionSpace` actions and a dictionary observation
``{"observation": ..., "action_mask": ...}`` built from its own
:class:`~combowhist.PlayerView` (:meth:`~combowhist.adapters.position.Position.observation`).
A move of several actions (a bid, a Mail pick, an atelier, …) is taken in several steps by
the same agent: :attr:`~pettingzoo.AECEnv.agent_selection` stays on it. An action the mask
does not allow raises :class:`~combowhist.encoding.IllegalActionError` and changes nothing.

An episode is one deal (``episode="deal"``, the default: every agent's reward at the end is
its seat's points, :attr:`DealResult.points <combowhist.DealResult.points>`) or a whole
game (``episode="game"``: after each deal every agent is rewarded the change of its score,
free points included, until someone wins or ``max_deals`` deals have been played, when the
episode is truncated).

>>> from combowhist.adapters.pettingzoo import env
>>> table = env(players=4)
>>> table.reset(seed=1)
>>> table.agent_selection
'player_1'
>>> observation, reward, terminated, truncated, info = table.last()
>>> sorted(observation), int(observation["action_mask"].sum()) > 1
(['action_mask', 'observation'], True)
"""

from __future__ import annotations

import random
import struct
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from combowhist.adapters.position import Position, observation_size
from combowhist.deal import Deal
from combowhist.encoding import Draft
from combowhist.errors import SetupError, shown
from combowhist.game import Game, Variant
from combowhist.observation import observation_layout
from combowhist.profiles import RuleProfile, load_profile

__all__ = ["CombowhistEnv", "env", "raw_env"]

EPISODES = ("deal", "game")
RENDER_MODES = ("human", "ansi")


def env(players: int = 4, profile: RuleProfile | str | None = None, **options: Any) -> AECEnv:
    """A Combo Whist AEC environment for ``players`` (3 or 4) under ``profile`` (a name,
    path or :class:`~combowhist.profiles.RuleProfile`; the default edition if ``None``),
    wrapped as PettingZoo's own environments are (an order-enforcing wrapper). The other
    options are :class:`CombowhistEnv`'s."""
    return wrappers.OrderEnforcingWrapper(CombowhistEnv(players, profile, **options))


def raw_env(players: int = 4, profile: RuleProfile | str | None = None,
            **options: Any) -> CombowhistEnv:
    """:func:`env` without the wrapper."""
    return CombowhistEnv(players, profile, **options)


class CombowhistEnv(AECEnv):  # type: ignore[misc]
    """The environment :func:`env` wraps.

    ``episode`` is ``"deal"`` or ``"game"`` (see the module docs); ``dealer`` deals a
    ``"deal"`` episode; ``variant`` (``"classic"``, ``"limited"`` or a
    :class:`~combowhist.Variant`) and ``max_deals``
    (``None`` for no limit) shape a ``"game"`` episode; ``render_mode`` is ``None``,
    ``"ansi"`` (:meth:`render` returns the text) or ``"human"`` (it prints it). The text is
    what the agent to move sees, never another seat's hidden cards. Bad settings raise
    :class:`~combowhist.errors.SetupError`.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "combowhist_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, players: int = 4, profile: RuleProfile | str | None = None, *,
                 episode: str = "deal", dealer: int = 0, variant: Variant | str = "classic",
                 max_deals: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if type(players) is not int or players not in (3, 4):
            raise SetupError(f"players {shown(players)}: the environment seats 3 or 4 "
                             f"players (R3)")
        if episode not in EPISODES:
            raise SetupError(f"episode {shown(episode)}: an episode is 'deal' or 'game'")
        if type(dealer) is not int or not 0 <= dealer < players:
            raise SetupError(f"dealer {shown(dealer)} is not a seat 0-{players - 1}")
        if max_deals is not None and (type(max_deals) is not int or max_deals < 1):
            raise SetupError(f"max_deals {shown(max_deals)}: a whole number of at least 1, "
                             f"or None")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise SetupError(f"render_mode {shown(render_mode)}: one of None, 'human', "
                             f"'ansi'")
        self.profile = load_profile(profile)
        self.players = players
        self.episode = episode
        self.dealer = dealer
        self.variant = Variant.of(variant, self.profile)
        self.max_deals = max_deals
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        layout = observation_layout(self.profile, players)
        actions = observation_size(self.profile, players) - layout.size
        low = np.zeros(layout.size + actions, dtype=np.float32)
        high = np.ones(layout.size + actions, dtype=np.float32)
        for segment in layout.segments:
            low[segment.slice] = segment.low
            high[segment.slice] = segment.high
        observation = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(low, high, dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (actions,), dtype=np.int8)})
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {agent: gymnasium.spaces.Discrete(actions)
                              for agent in self.possible_agents}
        self._actions = actions
        self._pack = struct.Struct(f"={layout.size + actions}f").pack
        self._rng = random.Random()
        self.position: Position | None = None
        """The deal in play and the move being built (``None`` before :meth:`reset`)."""
        self.game: Game | None = None
        """The game of a ``"game"`` episode."""

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent`` (the same for every agent)."""
        return self.action_spaces[agent]

    # -- the episode --------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: a new deal (or game) shuffled from ``seed``, or from the
        environment's own random numbers when ``None`` (a seed makes the episode
        reproducible)."""
        if seed is not None:
            self._rng = random.Random(seed)
        if self.episode == "game":
            self.game = Game.new(self.players, profile=self.profile, variant=self.variant,
                                 seed=self._rng.randrange(2**63))
            assert self.game.deal is not None  # a seeded game deals at once
            self.position = Position(self.game.deal)
        else:
            self.position = Position(Deal.new(self.players, profile=self.profile,
                                              dealer=self.dealer, rng=self._rng))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move()

    def step(self, action: Any) -> None:
        """The agent to move takes ``action`` (``None`` for an agent whose episode is over,
        as PettingZoo's loop does)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        position = self.position
        assert position is not None
        self._cumulative_rewards[agent] = 0.0
        done = position.choose(action)
        self._clear_rewards()
        if isinstance(done, Draft):
            self.position = position.after(done)
        elif self.game is None:
            self.position = position.after(done)
            result = self.position.deal.result
            if result is not None:
                self._end(points=result.points, truncated=False)
        else:
            self._game_step(done)
        self._accumulate_rewards()
        if self.agents and not (self.terminations[self.agent_selection]
                                or self.truncations[self.agent_selection]):
            self.agent_selection = self._agent_to_move()
        if self.render_mode == "human":
            self.render()

    def _game_step(self, move: Any) -> None:
        game = self.game
        assert game is not None
        assert self.position is not None
        before = game.scores
        game = self.game = game.apply(move)
        points = tuple(after - was for after, was in zip(game.scores, before, strict=True))
        # The game deals the next deal at once; once it is over, the last deal stays.
        deal = game.deal if game.deal is not None else self.position.deal.apply(move)
        self.position = Position(deal, space=self.position.space)
        if game.is_over:
            self._end(points, truncated=False)
        elif self.max_deals is not None and game.deals >= self.max_deals:
            self._end(points, truncated=True)
        else:
            self.rewards = {agent: float(points[i]) for agent, i in self._seat.items()}

    def _end(self, points: tuple[int, ...], truncated: bool) -> None:
        self.rewards = {agent: float(points[i]) for agent, i in self._seat.items()}
        ends = self.truncations if truncated else self.terminations
        for agent in self.agents:
            ends[agent] = True

    def _agent_to_move(self) -> str:
        assert self.position is not None
        seat = self.position.to_move
        if seat is None:
            return self.agent_selection
        player = seat if self.game is None else self.game.player_at(seat)
        return self.possible_agents[player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent`` sees: its observation vector and, if it is to move, the mask of
        the actions it may take (all 0 otherwise)."""
        position = self.position
        assert position is not None
        seat = self._seat[agent]
        if self.game is not None:
            seat = self.game.seat_of(seat)
        mask = np.zeros(self._actions, dtype=np.int8)
        if seat == position.to_move:
            mask[list(position.legal_actions())] = 1
        # Packing the floats is about twice as fast as np.asarray on the list (measured);
        # the bytearray keeps the array writable, as the agent may expect.
        packed = bytearray(self._pack(*position.observation(seat)))
        return {"observation": np.frombuffer(packed, dtype=np.float32), "action_mask": mask}

    def render(self) -> str | None:
        """The deal as the agent to move sees it (see the class docs)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass "
                                  "render_mode='ansi' or 'human' to env()")
            return None
        assert self.position is not None
        seat = self._seat[self.agent_selection]
        if self.game is not None:
            seat = self.game.seat_of(seat)
        text = self.position.text(seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
