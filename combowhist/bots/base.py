"""The bot protocol, the random bot, and playing deals and games with bots."""

from __future__ import annotations

import collections
import random
from collections.abc import Iterator, Sequence
from typing import Protocol

import attrs

from combowhist.deal import Deal
from combowhist.errors import GameError, IllegalMoveError
from combowhist.game import Game
from combowhist.moves import Move

__all__ = ["Bot", "RandomBot", "check_turn", "play_deal", "play_game", "play_states"]


class Bot(Protocol):
    """What :func:`play_deal`, :func:`play_game` and :mod:`combowhist.simulate` need."""

    @property
    def name(self) -> str:
        """A short name for tables and reports."""
        ...

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        """One of ``deal.legal_moves()`` for ``seat``, the seat to move. ``rng`` is the
        only source of chance a bot may use, so that a seed reproduces its play.

        ``seat`` is a seat of the deal, never a game's player number (with more than 4
        players, or after a player left, they differ: pass ``game.seat_of(player)``).
        A bot should refuse a ``seat`` that is not ``deal.to_move`` with
        :func:`check_turn`, as the built-in bots do, rather than decide from another
        seat's hand."""
        ...


def check_turn(bot: Bot, deal: Deal, seat: int) -> None:
    """Raise :class:`~combowhist.errors.IllegalMoveError` unless ``seat`` is the seat to
    move in ``deal``: a bot asked for another seat would decide from the wrong hand."""
    if type(seat) is not int or seat != deal.to_move:
        now = "nobody: the deal is over" if deal.to_move is None else f"seat {deal.to_move}"
        raise IllegalMoveError(f"bot {bot.name!r} asked to choose for seat {seat!r}, but the "
                               f"seat to move is {now} (a bot takes a deal seat, not a "
                               f"game's player: use game.seat_of(player))")


@attrs.frozen
class RandomBot:
    """Picks a uniformly random legal move. In the auction almost every legal move is a
    bid, so a random bot bids high and fails often: a floor to measure other bots by."""

    name: str = "random"

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        """A uniformly random legal move for ``seat``, the seat to move."""
        check_turn(self, deal, seat)
        return deal.legal_moves().draw(rng)


def play_deal(deal: Deal, bots: Sequence[Bot], rng: random.Random) -> Deal:
    """Play ``deal`` to its end, ``bots[s]`` choosing for seat ``s``. When every bot is a
    :class:`RandomBot`, the playout kernel (:meth:`~combowhist.Deal.playout`) plays it: the
    same draws from ``rng``, the same deal, faster."""
    if all(type(bot) is RandomBot for bot in bots):
        return deal.playout(rng)
    while deal.to_move is not None:
        deal = deal.apply(bots[deal.to_move].choose(deal, deal.to_move, rng))
    return deal


def play_states(game: Game, bots: Sequence[Bot], rng: random.Random,
                max_deals: int | None = None) -> Iterator[Game]:
    """``game`` and every state after it as ``bots`` play it (``bots[p]`` choosing for
    player ``p``), until it ends or has had ``max_deals`` deals."""
    if len(bots) != game.players:
        raise GameError(f"playing needs a bot for each of the {game.players} players, "
                        f"got {len(bots)}")
    yield game
    while game.deal is not None and (max_deals is None or game.deals < max_deals):
        deal = game.deal
        seat = deal.to_move
        assert seat is not None
        game = game.apply(bots[game.participants[seat]].choose(deal, seat, rng))
        yield game


def play_game(game: Game, bots: Sequence[Bot], rng: random.Random,
              max_deals: int | None = None) -> Game:
    """Play a seeded ``game`` until it ends (or has had ``max_deals`` deals),
    ``bots[p]`` choosing for player ``p``."""
    last: Game = collections.deque(play_states(game, bots, rng, max_deals), maxlen=1)[0]
    return last
