"""Combo Whist as an OpenSpiel python game (``pip install combowhist[openspiel]``).

Importing this module registers the game ``python_combowhist`` with OpenSpiel:

>>> import pyspiel
>>> import combowhist.adapters.openspiel
>>> game = pyspiel.load_game("python_combowhist(players=3,edition=1_4_1)")
>>> game.num_players(), game.num_distinct_actions()
(3, 130)

Its parameters are ``players`` (3 or 4, default 4) and ``edition`` (default ``1_4_2``).
OpenSpiel's game-string parser reads ``1.4.2`` as a malformed number, so an edition is
written ``1_4_2`` (or ``v1.4.2``) in a game string; ``pyspiel.load_game("python_combowhist",
{"edition": "1.4.2"})`` takes the dotted name too. The game's own string always uses the
underscores, so it loads back.

A game starts with chance nodes, one card each (the outcome is the card's index, 0-51,
uniformly among the cards not dealt yet), dealt one at a time clockwise from the dealer's
left as a real dealer does; then the seats act with the
:class:`~combowhist.encoding.ActionSpace` actions, a move of several actions (a bid, a Mail
pick, …) taking several turns of the same player. The returns are the deal's points per
seat (:attr:`DealResult.points <combowhist.DealResult.points>`), 0 for everyone on a redeal.

A player's information-state string, observation string and observation tensor come from its
:class:`~combowhist.PlayerView` (see :class:`~combowhist.adapters.position.Position`).
States serialize through :meth:`Deal.to_json <combowhist.Deal.to_json>` (OpenSpiel pickles
a python state's attributes: a position pickles as its JSON) and clone without copying (a
position is an immutable value). :meth:`CombowhistState.resample_from_infostate` draws a
deal consistent with what a player knows (:mod:`combowhist.sampling`), for ISMCTS.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from combowhist.adapters.position import Position, action_space, observation_size
from combowhist.cards import ALL_CARDS, CardSet, mask_indices
from combowhist.deal import HAND_SIZE, Deal
from combowhist.encoding import Draft
from combowhist.errors import ProfileError, SetupError, shown
from combowhist.observation import observation_layout
from combowhist.profiles import RuleProfile, load_profile
from combowhist.sampling import Sampler

__all__ = ["GAME_TYPE", "CombowhistGame", "CombowhistObserver", "CombowhistState",
           "edition_profile"]

DEFAULT_EDITION = "1_4_2"
_START = Draft()

GAME_TYPE = pyspiel.GameType(
    short_name="python_combowhist",
    long_name="Python Combo Whist",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 4, "edition": DEFAULT_EDITION},
)
"""The game's type, as registered."""


def edition_profile(edition: str) -> RuleProfile:
    """The built-in profile an ``edition`` parameter names: ``1_4_2``, ``v1.4.2`` or
    ``1.4.2`` (and the aliases :func:`~combowhist.load_profile` knows, ``sv-1_4_2``, …).
    Anything else raises :class:`~combowhist.errors.ProfileError`."""
    if not isinstance(edition, str):
        raise ProfileError(f"edition {shown(edition)}: expected an edition name such as "
                           f"{DEFAULT_EDITION}")
    name = edition.replace("_", ".")
    if name.startswith("v"):
        name = name[1:]
    if "/" in name or name.endswith(".toml"):
        raise ProfileError(f"edition {edition!r}: the OpenSpiel game takes a built-in "
                           f"edition, not a file")
    try:
        return load_profile(name)
    except ProfileError as error:
        raise ProfileError(f"edition {edition!r}: {error}") from None


def _edition_parameter(profile: RuleProfile) -> str:
    return profile.key.replace(".", "_")


class CombowhistGame(pyspiel.Game):  # type: ignore[misc]
    """The game ``python_combowhist``: load it with ``pyspiel.load_game``. Bad parameters
    raise :class:`~combowhist.errors.SetupError` or
    :class:`~combowhist.errors.ProfileError`."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = params.get("players", 4)
        if type(players) is not int or players not in (3, 4):
            raise SetupError(f"players {shown(players)}: python_combowhist seats 3 or 4 "
                             f"players (R3)")
        self.profile = edition_profile(params.get("edition", DEFAULT_EDITION))
        self.players = players
        self.space = action_space(self.profile, players)
        low, high = _points_range(self.profile)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=len(ALL_CARDS),
            num_players=players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=None,
            max_game_length=_max_game_length(self.profile, players, self.space.size),
        )
        super().__init__(GAME_TYPE, info, {"players": players,
                                           "edition": _edition_parameter(self.profile)})
        self.start = _Dealing(self.profile, players, (0,) * players, 0)
        """The state of the deck before the first card is dealt."""

    def new_initial_state(self) -> CombowhistState:
        """A new deal, before its first card is dealt."""
        return CombowhistState(self)

    def state_of(self, deal: Deal, draft: Draft = _START) -> CombowhistState:
        """The state of ``deal`` with the move its seat to move is building, ``draft``:
        ``deal``'s dealt hands dealt card by card (each hand's cards in increasing index),
        then its moves' actions, then the draft's, each checked as it is applied. The deal
        must be one this game plays: of its edition and players, dealt by seat 0, with no
        scores or potentials (else :class:`~combowhist.errors.SetupError`)."""
        if (deal.profile != self.profile or deal.players != self.players or deal.dealer
                or any(deal.scores) or any(deal.potentials)):
            raise SetupError(f"a deal of profile {deal.profile} for {deal.players} players "
                             f"dealt by seat {deal.dealer}, scores {list(deal.scores)} and "
                             f"potentials {list(deal.potentials)} is no state of {self} "
                             f"(dealt by seat 0, everyone at 0)")
        state = self.new_initial_state()
        for card in _dealing_order(deal):
            state.apply_action(card)
        for move in deal.history:
            for action in self.space.actions_of(move):
                state.apply_action(action)
        for action in draft.actions:
            state.apply_action(action)
        return state

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> CombowhistObserver:
        """An observer: the information state (perfect recall) or the observation."""
        if params:
            raise SetupError(f"python_combowhist takes no observation parameters, got "
                             f"{params!r}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CombowhistObserver(self, perfect_recall)


class _Dealing:
    """The cards dealt so far, before the deal starts: an immutable value."""

    __slots__ = ("dealt", "hands", "left", "outcomes", "players", "profile")

    def __init__(self, profile: RuleProfile, players: int, hands: tuple[int, ...],
                 dealt: int, left: tuple[int, ...] | None = None) -> None:
        self.profile = profile
        self.players = players
        self.hands = hands
        self.dealt = dealt
        if left is None:
            dealt_cards = 0
            for hand in hands:
                dealt_cards |= hand
            left = tuple(mask_indices(profile.deck(players).mask & ~dealt_cards))
        self.left = left
        """The cards not dealt yet, in increasing index."""
        chance = 1.0 / len(left)
        self.outcomes = [(card, chance) for card in left]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Dealing:
        return self  # immutable

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Dealing, (self.profile, self.players, self.hands, self.dealt))

    def seat(self) -> int:
        """The seat the next card goes to: clockwise from the dealer's left."""
        return (1 + self.dealt) % self.players  # the dealer is seat 0

    def deal(self, card: int) -> _Dealing | Position:
        try:
            place = self.left.index(card)
        except ValueError:
            raise SetupError(f"chance outcome {card!r} is not a card left to deal "
                             f"(R2)") from None
        seat = self.seat()
        hands = (*self.hands[:seat], self.hands[seat] | 1 << card, *self.hands[seat + 1:])
        if self.dealt + 1 < self.players * HAND_SIZE:
            return _Dealing(self.profile, self.players, hands, self.dealt + 1,
                            self.left[:place] + self.left[place + 1:])
        return Position(Deal.from_hands([CardSet(hand) for hand in hands],
                                        profile=self.profile))


_CHANCE: int = pyspiel.PlayerId.CHANCE.value
_TERMINAL: int = pyspiel.PlayerId.TERMINAL.value


class CombowhistState(pyspiel.State):  # type: ignore[misc]
    """A point of ``python_combowhist``: the deck being dealt, then a
    :class:`~combowhist.adapters.position.Position` (:attr:`position`)."""

    def __init__(self, game: CombowhistGame) -> None:
        super().__init__(game)
        self._at: _Dealing | Position = game.start

    @property
    def position(self) -> Position | None:
        """The deal and the move being built; ``None`` while the cards are dealt."""
        return self._at if isinstance(self._at, Position) else None

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player."""
        at = self._at
        if isinstance(at, _Dealing):
            return _CHANCE
        seat = at.deal.to_move
        return _TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        at = self._at
        assert isinstance(at, Position)
        assert player == at.deal.to_move
        return list(at.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards left to deal, each as likely."""
        at = self._at
        assert isinstance(at, _Dealing)
        return at.outcomes

    def _apply_action(self, action: int) -> None:
        at = self._at
        self._at = at.deal(action) if isinstance(at, _Dealing) else at.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {ALL_CARDS[action]}"
        game: CombowhistGame = self.get_game()
        return game.space.describe(action)

    def is_terminal(self) -> bool:
        """Whether the deal has ended."""
        at = self._at
        return isinstance(at, Position) and at.deal.result is not None

    def returns(self) -> list[float]:
        """Each seat's points once the deal has ended (0 before)."""
        at = self._at
        if isinstance(at, Position) and at.deal.result is not None:
            return [float(p) for p in at.deal.result.points]
        return [0.0] * self.get_game().players

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> CombowhistState:
        """A state that looks the same to ``player_id`` (the same information state), the
        cards hidden from it drawn by :class:`combowhist.sampling.Sampler` from its view,
        with a random number generator seeded from ``probability_sampler``. While the
        cards are dealt, the cards not dealt to the player are shuffled."""
        rng = random.Random(int(probability_sampler() * 2**53))
        game: CombowhistGame = self.get_game()
        at = self._at
        if isinstance(at, _Dealing):
            state = game.new_initial_state()
            for card in _redealt(at, player_id, rng):
                state.apply_action(card)
            return state
        return game.state_of(Sampler(at.deal.view(player_id)).sample(rng), at.draft)

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` (by default the one to move) knows, as one line."""
        return _information(self, self.current_player() if player is None else player, True)

    def observation_string(self, player: int | None = None) -> str:
        """What ``player`` (by default the one to move) sees now, as text."""
        return _information(self, self.current_player() if player is None else player, False)

    def __str__(self) -> str:
        # The whole state, every hand included (for debugging, as OpenSpiel's games do).
        at = self._at
        if isinstance(at, _Dealing):
            return "dealing: " + " | ".join(str(CardSet(hand)) for hand in at.hands)
        deal = at.deal
        lines = ["hands: " + " | ".join(map(str, deal.hands)),
                 "history: " + ", ".join(map(str, deal.history))]
        if at.draft.actions:
            lines.append(f"building: {at.draft}")
        return "\n".join(lines)


def _information(state: CombowhistState, player: int, perfect_recall: bool) -> str:
    game = state.get_game()
    if not 0 <= player < game.players:
        raise SetupError(f"player {player!r} is not a seat 0-{game.players - 1}")
    at = state._at
    if isinstance(at, _Dealing):
        return f"seat {player} dealt {CardSet(at.hands[player])}"
    return at.information_text(player) if perfect_recall else at.text(player)


def _redealt(at: _Dealing, player: int, rng: random.Random) -> list[int]:
    """The cards dealt so far in the order dealt, the player's own kept, the others'
    shuffled."""
    seen = at.hands[player]
    others = [c for hand in at.hands for c in mask_indices(hand) if not 1 << c & seen]
    rng.shuffle(others)
    own = list(mask_indices(seen))
    order = []
    for k in range(at.dealt):
        seat = (1 + k) % at.players
        order.append(own.pop(0) if seat == player else others.pop())
    return order


def _dealing_order(deal: Deal) -> list[int]:
    """Chance outcomes that deal ``deal``'s dealt hands, one card at a time clockwise from
    the dealer's left."""
    players = deal.players
    hands = [list(mask_indices(hand.mask)) for hand in deal.dealt_hands]
    return [hands[(1 + k) % players][k // players] for k in range(players * HAND_SIZE)]


class CombowhistObserver:
    """OpenSpiel's observer of ``python_combowhist``: the tensor of the observation
    (:meth:`Position.observation <combowhist.adapters.position.Position.observation>`,
    all 0 while the cards are dealt), with a named view per segment of
    :func:`~combowhist.observation.observation_layout` and ``draft``; the string of the
    information state or of the observation."""

    def __init__(self, game: CombowhistGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if not perfect_recall:  # the game provides an observation tensor only
            self.tensor = np.zeros(observation_size(game.profile, game.players), np.float32)
            layout = observation_layout(game.profile, game.players)
            for segment in layout.segments:
                self.dict[segment.name] = self.tensor[segment.slice].reshape(segment.shape)
            self.dict["draft"] = self.tensor[layout.size:]

    def set_from(self, state: CombowhistState, player: int) -> None:
        """Fill :attr:`tensor` from ``player``'s view of ``state``."""
        if self.tensor is None:
            return
        position = state.position
        if position is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = position.observation(player)

    def string_from(self, state: CombowhistState, player: int) -> str:
        """The information state or observation of ``player`` as a string."""
        return _information(state, player, self.perfect_recall)


def _points_range(profile: RuleProfile) -> tuple[int, int]:
    """Bounds on the points a seat can score in a deal (R34), from the bid rows: at best
    the highest score or worth with every extra and honour point, at worst the failure
    points with every Penalty; 0 for the others and on a redeal."""
    bids = profile.bids.values()
    best = max([_highest_worth(profile)] + [b.score for b in profile.standard_bids
                                             if b.score is not None])
    high = best + sum(max(0, b.extra_points) + max(0, b.honour_points) for b in bids)
    low = profile.fail_points + sum(min(0, b.fail_points) for b in bids)
    return min(low, 0), max(high, 0)


def _highest_worth(profile: RuleProfile) -> int:
    # The observation scales worths by one more than the highest a combo bid can have.
    return observation_layout(profile, 4).worth_scale - 1


def _max_game_length(profile: RuleProfile, players: int, actions: int) -> int:
    """A bound on a deal's decisions (OpenSpiel counts no chance nodes in it): every seat
    bids at most once per worth a combo can have, then passes (R6, R7), each bid at most
    every special bid and a submit; each pre-game event's steps; the plays, refills and
    awards."""
    bid = 2 + len(profile.special_bids)
    auction = players * (_highest_worth(profile) + 2) * bid
    pregame = actions  # every pre-game step is a few actions: far fewer than this
    play = 2 * players * HAND_SIZE
    return auction + pregame + play


pyspiel.register_game(GAME_TYPE, CombowhistGame)
